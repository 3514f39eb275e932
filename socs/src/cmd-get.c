// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc get KEY FILE: one figure of a description for the scripts.
 *   name       the SoC's name
 *   cpus       the number of CPUs (QEMU's -smp)
 *   states     the state names, depth order, one per line
 *   clusters   "NAME CPUS COUNT" per [cluster] section
 *   controls   the sim driver's controls for this SoC, one per line
 *   control-ranges  the same, each with the values a write may set
 *   prefixes   the prefix of each [cluster]'s controls ("" with one), one per line
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <idlesim/controls.h>

#include "soc.h"

/* an operating point's name as the driver gives it: MHz when whole, else kHz */
static void opp_name(const struct soc_opp *o, char *buf, size_t len)
{
	if (o->khz % 1000)
		snprintf(buf, len, "%lldkHz", (long long)o->khz);
	else
		snprintf(buf, len, "%lldMHz", (long long)(o->khz / 1000));
}

/*
 * "opp", which the driver takes on an SoC with several kinds of cluster as
 * the same value for every kind's: the names every kind has, the indexes
 * every kind has, or P%.
 */
static void print_opp_all(const struct soc *s)
{
	int i, j, k, n = 0, max = s->cluster[0].nr_opps;
	char a[32], b[32];

	for (k = 1; k < s->nr_clusters; k++)
		if (s->cluster[k].nr_opps < max)
			max = s->cluster[k].nr_opps;
	printf("opp opp %d ", max);
	for (i = 0; i < s->cluster[0].nr_opps; i++) {
		bool everywhere = true;

		opp_name(&s->cluster[0].opp[i], a, sizeof(a));
		for (k = 1; k < s->nr_clusters && everywhere; k++) {
			everywhere = false;
			for (j = 0; j < s->cluster[k].nr_opps && !everywhere; j++) {
				opp_name(&s->cluster[k].opp[j], b, sizeof(b));
				everywhere = !strcmp(a, b);
			}
		}
		if (everywhere)
			printf("%s%s", n++ ? "," : "", a);
	}
	printf("%s\n", n ? "" : "-");
}

/*
 * In the order of the driver's table (sim-driver/simsoc_soc.c), one per
 * line; with @ranges, each followed by what a write may set it to, as the
 * driver parses it:
 *   int MIN MAX STEP   a whole number
 *   menu N A,B,...     a name (- for none), or an index from 0 to N - 1
 *   opp N A,B,...      the same, or P% (the slowest at or above P % of the
 *                      fastest); on an SoC of several kinds of cluster,
 *                      "opp" sets every kind's, with the names and indexes
 *                      they all have
 *   ro                 read only
 */
static void print_controls(const struct soc *s, bool ranges)
{
	static const char *const state_ctrls[] = IDLESIM_STATE_CONTROL_NAMES;
	static const int64_t state_min[] = IDLESIM_STATE_CONTROL_MIN;
	static const int64_t state_max[] = IDLESIM_STATE_CONTROL_MAX;
	static const char *const modes[] = IDLESIM_BLOCK_MODES;
	const char *sep = s->nr_clusters > 1 ? "_" : "";
	int i, k, j;

#define RANGE(fmt, ...) do { if (ranges) printf(" " fmt, ##__VA_ARGS__); printf("\n"); } while (0)
	printf("seed");
	RANGE("int 0 %d 1", IDLESIM_SEED_MAX);
	printf("temp_c");
	RANGE("int %d %d 1", IDLESIM_TEMP_C_MIN, IDLESIM_TEMP_C_MAX);
	printf("jitter_pct");
	RANGE("int 0 %d 1", IDLESIM_JITTER_PCT_MAX);
	printf("cluster_coupling");
	RANGE("int 0 1 1");
	for (k = 0; k < s->nr_clusters; k++) {
		const struct soc_cluster *c = &s->cluster[k];
		const char *pfx = s->nr_clusters > 1 ? c->name : "";

		printf("%s%sopp", pfx, sep);
		if (ranges) {
			char name[32];

			printf(" opp %d ", c->nr_opps);
			for (i = 0; i < c->nr_opps; i++) {
				opp_name(&c->opp[i], name, sizeof(name));
				printf("%s%s", i ? "," : "", name);
			}
		}
		printf("\n%s%sactive_leak_uw", pfx, sep);
		RANGE("int 0 %d 1", IDLESIM_ACTIVE_LEAK_UW_MAX);
	}
	if (ranges && s->nr_clusters > 1)
		print_opp_all(s);
	for (i = 0; i < s->nr_blocks; i++) {
		printf("%s_mode", s->block[i].name);
		if (ranges) {
			for (j = 0; modes[j]; j++)
				;
			printf(" menu %d ", j);
			for (j = 0; modes[j]; j++)
				printf("%s%s", j ? "," : "", modes[j]);
		}
		printf("\n%s_duty_pct", s->block[i].name);
		RANGE("int 0 100 %d", IDLESIM_DUTY_PCT_STEP);
		printf("%s_depth", s->block[i].name);
		RANGE("int 0 %d 1", s->nr_states - 1);
		printf("%s_busy_us", s->block[i].name);
		RANGE("int 0 %d 1", IDLESIM_BUSY_US_MAX);
	}
	for (k = 0; k < s->nr_clusters; k++) {
		const char *pfx = s->nr_clusters > 1 ? s->cluster[k].name : "";

		for (i = 0; i < s->nr_states; i++)
			for (j = 0; j < IDLESIM_NR_STATE_CONTROLS; j++) {
				printf("%s%ss%d_%s", pfx, sep, i, state_ctrls[j]);
				RANGE("int %lld %lld 1", (long long)state_min[j],
				      (long long)state_max[j]);
			}
	}
	printf("generation");
	RANGE("ro");
	printf("nr_states");
	RANGE("ro");
#undef RANGE
}

int cmd_get(int argc, char **argv)
{
	static struct soc s;
	char err[SOC_MAX_ERR];
	const char *key;
	int i;

	if (argc != 3) {
		fprintf(stderr, "usage: idlesim-soc get name|cpus|states|clusters|controls|control-ranges|prefixes FILE\n");
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
		print_controls(&s, false);
	} else if (!strcmp(key, "control-ranges")) {
		print_controls(&s, true);
	} else if (!strcmp(key, "prefixes")) {
		for (i = 0; i < s.nr_clusters; i++)
			printf("%s\n", s.nr_clusters > 1 ? s.cluster[i].name : "");
	} else {
		fprintf(stderr, "idlesim-soc get: unknown key '%s'; expected name, cpus, states, clusters, controls, control-ranges or prefixes\n",
			key);
		return 2;
	}
	return 0;
}
