// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc get KEY FILE: one figure of a description for the scripts.
 *   name       the SoC's name
 *   cpus       the number of CPUs (QEMU's -smp)
 *   states     the state names, depth order, one per line
 *   clusters   "NAME CPUS COUNT" per [cluster] section
 *   controls   the sim driver's controls for this SoC, one per line
 *   prefixes   the prefix of each [cluster]'s controls ("" with one), one per line
 */
#include <stdio.h>
#include <string.h>

#include "soc.h"

/* In the order of the driver's table (sim-driver/simsoc_soc.c) */
static void print_controls(const struct soc *s)
{
	static const char *const state_ctrls[] = {
		"exit_us", "residency_us", "power_uw", "leak_uw", "leak_td_c", NULL };
	static const char *const block_ctrls[] = { "mode", "duty_pct", "depth", "busy_us", NULL };
	const char *sep = s->nr_clusters > 1 ? "_" : "";
	int i, k, j;

	printf("seed\ntemp_c\njitter_pct\ncluster_coupling\n");
	for (k = 0; k < s->nr_clusters; k++) {
		const char *pfx = s->nr_clusters > 1 ? s->cluster[k].name : "";

		printf("%s%sopp\n%s%sactive_leak_uw\n", pfx, sep, pfx, sep);
	}
	for (i = 0; i < s->nr_blocks; i++)
		for (j = 0; block_ctrls[j]; j++)
			printf("%s_%s\n", s->block[i].name, block_ctrls[j]);
	for (k = 0; k < s->nr_clusters; k++) {
		const char *pfx = s->nr_clusters > 1 ? s->cluster[k].name : "";

		for (i = 0; i < s->nr_states; i++)
			for (j = 0; state_ctrls[j]; j++)
				printf("%s%ss%d_%s\n", pfx, sep, i, state_ctrls[j]);
	}
	printf("generation\nnr_states\n");
}

int cmd_get(int argc, char **argv)
{
	static struct soc s;
	char err[SOC_MAX_ERR];
	const char *key;
	int i;

	if (argc != 3) {
		fprintf(stderr, "usage: idlesim-soc get name|cpus|states|clusters|controls|prefixes FILE\n");
		return 2;
	}
	key = argv[1];
	if (soc_load(&s, argv[2], err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (!strcmp(key, "name")) {
		printf("%s\n", s.name);
	} else if (!strcmp(key, "cpus")) {
		printf("%d\n", soc_total_cpus(&s));
	} else if (!strcmp(key, "states")) {
		for (i = 0; i < s.nr_states; i++)
			printf("%s\n", s.state[i].name);
	} else if (!strcmp(key, "clusters")) {
		for (i = 0; i < s.nr_clusters; i++)
			printf("%s %d %d\n", s.cluster[i].name, s.cluster[i].cpus,
			       s.cluster[i].count);
	} else if (!strcmp(key, "controls")) {
		print_controls(&s);
	} else if (!strcmp(key, "prefixes")) {
		for (i = 0; i < s.nr_clusters; i++)
			printf("%s\n", s.nr_clusters > 1 ? s.cluster[i].name : "");
	} else {
		fprintf(stderr, "idlesim-soc get: unknown key '%s'; expected name, cpus, states, clusters, controls or prefixes\n",
			key);
		return 2;
	}
	return 0;
}
