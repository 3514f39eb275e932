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
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "latency.h"

#define MAX_THREADS	16

/* nearest rank: the smallest value with at least pct % at or below it */
static uint64_t nearest_rank(uint64_t n, double pct)
{
	uint64_t rank = (uint64_t)((pct / 100.0) * (double)n + 0.999999999);

	if (rank < 1)
		rank = 1;
	return rank > n ? n : rank;
}

static void swap_u64(uint64_t *a, uint64_t *b)
{
	uint64_t x = *a;

	*a = *b;
	*b = x;
}

/*
 * Hoare's selection: reorders @v so that v[k] is the value a sort would
 * put there, nothing larger before it and nothing smaller after it.  A
 * sort of every wake-up was a tenth of a long run's analysis, for two
 * order statistics.
 */
static void select_kth(uint64_t *v, int64_t n, int64_t k)
{
	int64_t lo = 0, hi = n - 1;

	while (lo < hi) {
		int64_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		uint64_t pivot;

		/* median of three, against sorted and reversed inputs */
		if (v[mid] < v[lo])
			swap_u64(&v[mid], &v[lo]);
		if (v[hi] < v[lo])
			swap_u64(&v[hi], &v[lo]);
		if (v[hi] < v[mid])
			swap_u64(&v[hi], &v[mid]);
		pivot = v[mid];
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j)
				swap_u64(&v[i++], &v[j--]);
		}
		/* now v[lo..j] <= pivot <= v[i..hi], and j < i */
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

uint64_t percentile_select(uint64_t *v, uint64_t n, double pct)
{
	uint64_t k;

	if (!n)
		return 0;
	k = nearest_rank(n, pct) - 1;
	select_kth(v, (int64_t)n, (int64_t)k);
	return v[k];
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

/* A number column; strto*() skip the blanks before it. */
static bool next_number(char **p, bool is_signed, int64_t *val)
{
	char *end;

	errno = 0;
	if (is_signed)
		*val = strtoll(*p, &end, 10);
	else
		*val = (int64_t)strtoull(*p, &end, 10);
	if (end == *p || errno || (*end && *end != '\t' && *end != ' ' && *end != '\n'))
		return false;
	*p = end;
	return true;
}

static bool next_word(char **p)
{
	char *q = *p;

	while (*q == '\t' || *q == ' ')
		q++;
	if (!*q || *q == '\n')
		return false;
	while (*q && *q != '\t' && *q != ' ' && *q != '\n')
		q++;
	*p = q;
	return true;
}

/*
 * One wake-up line, "seq phase burst intended_ns actual_ns lateness_ns
 * ...": parsed by hand, as sscanf() was the analysis' largest cost on
 * long runs.
 */
static bool parse_wakeup(char *line, int64_t *late)
{
	int64_t v;
	char *p = line;

	return next_number(&p, false, &v) && next_word(&p) &&
	       next_number(&p, false, &v) && next_number(&p, false, &v) &&
	       next_number(&p, false, &v) && next_number(&p, true, late);
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
		int64_t late;

		lineno++;
		if (line[0] == '#')
			continue;
		if (!parse_wakeup(line, &late)) {
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
		for (i = 0; i < n; i++) {
			total += (double)v[i];
			if (v[i] > out->budget_ns)
				out->misses++;
			if (v[i] > out->max_ns)
				out->max_ns = v[i];
		}
		out->mean_ns = total / (double)n;
		out->p50_ns = percentile_select(v, n, 50);
		out->p99_ns = percentile_select(v, n, 99);
	}
	free(v);
	return 1;
}
