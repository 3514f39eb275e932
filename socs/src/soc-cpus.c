// SPDX-License-Identifier: GPL-2.0
/*
 * Which [cluster] section each CPU is, as Linux numbers the CPUs.
 *
 * A description lists its clusters in device-tree order, and the sim
 * driver numbers its CPUs that way.  Linux numbers a board's CPUs from
 * the one it booted on: Juno r2 boots on a Cortex-A53, so its CPU 0 is
 * little and CPUs 1-2 are the A72 pair the device tree lists first.  A
 * trace recorded on the board uses that numbering; the description's
 * linux_cpus key (or board --cpus) says it, in one syntax:
 *
 *	CPU[-CPU]=CLUSTER,...	such as 0=a53,1-2=a72,3-5=a53
 *
 * The n-th CPU given to a [cluster] section goes to its n / cpus-th
 * cluster; every CPU once, no section given more CPUs than it has.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soc.h"

/* one CPU[-CPU]=CLUSTER item at @p into the maps; -1 with @err */
static int map_item(const struct soc *s, const char *p, size_t len, int *used,
		    const int *base, int *kind_of, int *cl_of, int max_cpus,
		    char *err, size_t errlen)
{
	const char *eq = memchr(p, '=', len);
	const char *name;
	size_t nlen;
	long lo, hi;
	char *end;
	int k, cpu;

	if (!eq)
		goto bad;
	lo = strtol(p, &end, 10);
	hi = *end == '-' ? strtol(end + 1, &end, 10) : lo;
	if (end != eq || p == eq || lo < 0 || hi < lo || hi >= max_cpus)
		goto bad;
	name = eq + 1;
	nlen = len - (size_t)(name - p);
	for (k = 0; k < s->nr_clusters; k++)
		if (strlen(s->cluster[k].name) == nlen && !strncmp(name, s->cluster[k].name, nlen))
			break;
	if (k == s->nr_clusters) {
		int n = snprintf(err, errlen, "'%.*s': no such [cluster] section; it has:",
				 (int)nlen, name);

		for (k = 0; k < s->nr_clusters && n >= 0 && (size_t)n < errlen; k++)
			n += snprintf(err + n, errlen - n, " %s", s->cluster[k].name);
		return -1;
	}
	for (cpu = (int)lo; cpu <= hi; cpu++) {
		const struct soc_cluster *c = &s->cluster[k];

		if (kind_of[cpu] >= 0) {
			snprintf(err, errlen, "CPU %d given twice", cpu);
			return -1;
		}
		if (used[k] == c->cpus * c->count) {
			snprintf(err, errlen, "more CPUs for [cluster %s] than its %d",
				 c->name, c->cpus * c->count);
			return -1;
		}
		kind_of[cpu] = k;
		cl_of[cpu] = base[k] + used[k]++ / c->cpus;
	}
	return 0;
bad:
	snprintf(err, errlen, "'%.*s'; expected CPU[-CPU]=CLUSTER (such as 0=a53,1-2=a72,3-5=a53), CPUs 0 to %d",
		 (int)len, p, max_cpus - 1);
	return -1;
}

int soc_cpu_map(const struct soc *s, const char *map, int *kind_of, int *cl_of,
		int max_cpus, char *err, size_t errlen)
{
	int used[SOC_MAX_CLUSTERS] = { 0 }, base[SOC_MAX_CLUSTERS], cpu, k, n = 0;
	const char *p = map;

	for (k = 0; k < s->nr_clusters; k++) {
		base[k] = n;
		n += s->cluster[k].count;
	}
	for (cpu = 0; cpu < max_cpus; cpu++)
		kind_of[cpu] = cl_of[cpu] = -1;
	if (!*p) {
		snprintf(err, errlen, "empty; expected CPU[-CPU]=CLUSTER,...");
		return -1;
	}
	while (*p) {
		size_t len = strcspn(p, ",");

		if (map_item(s, p, len, used, base, kind_of, cl_of, max_cpus, err, errlen))
			return -1;
		p += len + (p[len] == ',');
	}
	return 0;
}
