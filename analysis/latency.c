// SPDX-License-Identifier: GPL-2.0
/*
 * The workload's lateness figures, pooled over its threads.
 *
 * idlesim-workload writes a summary (its header line carries the
 * scenario's latency budget, then one "thread=T phase=* ..." line per
 * thread) and one wakeups-T.tsv per thread.  The per-thread percentiles
 * of the summary cannot be pooled, so the wake-ups themselves are read
 * and the percentiles computed over all of them.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "latency.h"

#define MAX_THREADS	16

uint64_t percentile_sorted(const uint64_t *v, uint64_t n, double pct)
{
	uint64_t rank;

	if (!n)
		return 0;
	/* nearest rank: the smallest value with at least pct % at or below it */
	rank = (uint64_t)((pct / 100.0) * (double)n + 0.999999999);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return v[rank - 1];
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static const char *field(const char *line, const char *key)
{
	size_t n = strlen(key);
	const char *p = line;

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ') && p[n] == '=')
			return p + n + 1;
		p += n;
	}
	return NULL;
}

/* The summary: the budget, and the names of the threads. */
static int read_summary(const char *path, uint64_t *budget, char names[][32], int *nr)
{
	char line[1024];
	int lineno = 0;
	FILE *fp;

	fp = fopen(path, "r");
	if (!fp)
		return errno == ENOENT ? 0 : (fprintf(stderr, "%s: %s\n", path, strerror(errno)), -1);
	*nr = 0;
	*budget = 0;
	while (fgets(line, sizeof(line), fp)) {
		const char *v;

		lineno++;
		if (line[0] == '#')
			continue;
		if (!strncmp(line, "scenario=", 9)) {
			v = field(line, "latency_budget_ns");
			if (!v || sscanf(v, "%" SCNu64, budget) != 1)
				goto bad;
			continue;
		}
		if (!strncmp(line, "thread=", 7) && strstr(line, " phase=* ")) {
			if (*nr == MAX_THREADS)
				goto bad;
			if (sscanf(line + 7, "%31[A-Za-z0-9_.-]", names[*nr]) != 1)
				goto bad;
			(*nr)++;
		}
	}
	fclose(fp);
	if (!*budget) {
		fprintf(stderr, "%s: no 'latency_budget_ns=' in the header line (not a workload summary?)\n",
			path);
		return -1;
	}
	return 1;
bad:
	fprintf(stderr, "%s:%d: malformed workload summary line\n", path, lineno);
	fclose(fp);
	return -1;
}

/* Appends the lateness column of one thread's wake-ups to @v. */
static int read_wakeups(const char *path, uint64_t **v, uint64_t *n, uint64_t *cap)
{
	char line[512];
	int lineno = 0;
	FILE *fp;

	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: %s (the workload summary names this thread)\n", path,
			strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), fp)) {
		uint64_t seq, intended, actual;
		int64_t late;
		char phase[64];
		unsigned int burst;

		lineno++;
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%" SCNu64 " %63s %u %" SCNu64 " %" SCNu64 " %" SCNd64,
			   &seq, phase, &burst, &intended, &actual, &late) != 6) {
			fprintf(stderr, "%s:%d: expected 'seq phase burst intended_ns actual_ns lateness_ns ...'\n",
				path, lineno);
			fclose(fp);
			return -1;
		}
		if (*n == *cap) {
			uint64_t *nv;

			*cap = *cap ? *cap * 2 : 4096;
			nv = realloc(*v, *cap * sizeof(**v));
			if (!nv) {
				fclose(fp);
				return -1;
			}
			*v = nv;
		}
		/* TIMER_ABSTIME never wakes early; clamp rather than wrap */
		(*v)[(*n)++] = late > 0 ? (uint64_t)late : 0;
	}
	fclose(fp);
	return 0;
}

int latency_read(const char *dir, uint64_t budget_ns, struct latency *out)
{
	char path[PATH_MAX], names[MAX_THREADS][32];
	uint64_t *v = NULL, n = 0, cap = 0, i;
	double total = 0;
	int ret, nr, t;

	memset(out, 0, sizeof(*out));
	snprintf(path, sizeof(path), "%s/workload-summary.txt", dir);
	ret = read_summary(path, &out->budget_ns, names, &nr);
	if (ret <= 0)
		return ret;
	if (budget_ns)
		out->budget_ns = budget_ns;
	for (t = 0; t < nr; t++) {
		snprintf(path, sizeof(path), "%s/wakeups-%s.tsv", dir, names[t]);
		if (read_wakeups(path, &v, &n, &cap) < 0) {
			free(v);
			return -1;
		}
	}
	out->threads = nr;
	out->wakeups = n;
	if (n) {
		qsort(v, n, sizeof(*v), cmp_u64);
		for (i = 0; i < n; i++) {
			total += (double)v[i];
			if (v[i] > out->budget_ns)
				out->misses++;
		}
		out->mean_ns = total / (double)n;
		out->p50_ns = percentile_sorted(v, n, 50);
		out->p99_ns = percentile_sorted(v, n, 99);
		out->max_ns = v[n - 1];
	}
	free(v);
	return 1;
}
