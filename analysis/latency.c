// SPDX-License-Identifier: GPL-2.0
/*
 * The workload's lateness figures, pooled over its threads, and split
 * into what the modelled SoC explains and what the emulator adds.
 *
 * idlesim-workload writes a summary (its header line carries the
 * scenario's latency budget and the CLOCK_MONOTONIC time its schedule
 * counts from, then one "thread=T phase=* ..." line per thread) and one
 * wakeups-T.tsv per thread, each wake-up with the CPU it woke on.  The
 * per-thread percentiles of the summary cannot be pooled, so the
 * wake-ups themselves are read and the percentiles computed over all.
 *
 * The split.  The sim driver charges a state's exit latency instead of
 * waiting it out, so the guest wakes that much early and the latency is
 * added here: a wake-up whose intended time fell inside an idle period
 * of the CPU it woke on was served from that period's state, and on the
 * modelled SoC it comes the state's exit latency later than the guest
 * saw.  What the guest saw has two parts: from the intended time to the
 * CPU leaving WFI, which on hardware is nothing (the timer fires on
 * time) and here is QEMU's (under -icount a halted vCPU whose deadline
 * has passed waits for its turn on the one TCG thread, and QEMU 7.2 can
 * skip it for a whole slice); and from there to the thread running,
 * which is the guest kernel's own work at the simulated CPU's speed.
 * Both clocks are CLOCK_MONOTONIC: the trace is recorded with
 * "trace-cmd record -C mono".
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
static int read_summary(const char *path, uint64_t *budget, int64_t *t0, bool *has_t0,
			char names[][32], int *nr)
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
			/* absent from the results of older generators */
			v = field(line, "t0_ns");
			*has_t0 = v && sscanf(v, "%" SCNd64, t0) == 1;
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

static bool at_end(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return !*p || *p == '\n';
}

/*
 * One wake-up line, "seq phase burst intended_ns actual_ns lateness_ns
 * busy_req_ns busy_cpu_ns overrun cpu": parsed by hand, as sscanf() was
 * the analysis' largest cost on long runs.  Older generators' files end
 * after the lateness or after overrun; @cpu is then -1.
 */
static bool parse_wakeup(char *line, int64_t *intended, int64_t *actual, int64_t *late,
			 int *cpu)
{
	int64_t v;
	char *p = line;
	int i;

	*cpu = -1;
	if (!(next_number(&p, false, &v) && next_word(&p) &&
	      next_number(&p, false, &v) && next_number(&p, true, intended) &&
	      next_number(&p, true, actual) && next_number(&p, true, late)))
		return false;
	/* busy_req_ns busy_cpu_ns overrun, then cpu (older files end sooner) */
	for (i = 0; i < 4; i++) {
		if ((i == 0 || i == 3) && at_end(p))
			return true;
		if (!next_number(&p, true, &v))
			return false;
	}
	if (v < 0 || v >= LAT_MAX_CPUS)
		return false;
	*cpu = (int)v;
	return at_end(p);
}

/* Appends one thread's wake-ups to @ws. */
static int read_wakeups(const char *path, struct wakeups *ws, uint64_t *cap)
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
		int64_t intended, actual, late;
		struct wakeup *w;
		int cpu;

		lineno++;
		if (line[0] == '#')
			continue;
		if (!parse_wakeup(line, &intended, &actual, &late, &cpu)) {
			fprintf(stderr, "%s:%d: expected 'seq phase burst intended_ns actual_ns lateness_ns [busy_req_ns busy_cpu_ns overrun cpu]' (cpu 0..%d)\n",
				path, lineno, LAT_MAX_CPUS - 1);
			fclose(fp);
			return -1;
		}
		if (ws->n == *cap) {
			struct wakeup *nw;

			*cap = *cap ? *cap * 2 : 4096;
			nw = realloc(ws->w, *cap * sizeof(*ws->w));
			if (!nw) {
				fclose(fp);
				return -1;
			}
			ws->w = nw;
		}
		w = &ws->w[ws->n++];
		memset(w, 0, sizeof(*w));
		w->intended = ws->t0 + intended;
		/* TIMER_ABSTIME never wakes early; clamp rather than wrap */
		w->measured_ns = late > 0 ? (uint64_t)late : 0;
		w->cpu = (int8_t)cpu;
		if (cpu < 0)
			ws->split = false;
	}
	fclose(fp);
	return 0;
}

static int cmp_cpu_intended(const void *a, const void *b, void *arg)
{
	const struct wakeup *w = arg;
	const struct wakeup *x = &w[*(const uint32_t *)a], *y = &w[*(const uint32_t *)b];

	if (x->cpu != y->cpu)
		return x->cpu < y->cpu ? -1 : 1;
	return x->intended < y->intended ? -1 : x->intended > y->intended;
}

int wakeups_read(const char *dir, uint64_t budget_ns, struct wakeups *ws)
{
	char path[PATH_MAX], names[MAX_THREADS][32];
	uint64_t cap = 0, i;
	bool has_t0 = false;
	int ret, nr, t, cpu;

	memset(ws, 0, sizeof(*ws));
	snprintf(path, sizeof(path), "%s/workload-summary.txt", dir);
	ret = read_summary(path, &ws->budget_ns, &ws->t0, &has_t0, names, &nr);
	if (ret <= 0)
		return ret;
	if (budget_ns)
		ws->budget_ns = budget_ns;
	ws->split = has_t0;
	for (t = 0; t < nr; t++) {
		snprintf(path, sizeof(path), "%s/wakeups-%s.tsv", dir, names[t]);
		if (read_wakeups(path, ws, &cap) < 0) {
			wakeups_free(ws);
			return -1;
		}
	}
	ws->threads = nr;
	if (ws->n && ws->n < cap) {
		struct wakeup *fit = realloc(ws->w, ws->n * sizeof(*ws->w));

		if (fit)
			ws->w = fit;
	}
	if (!ws->split)
		return 1;
	/*
	 * Each CPU's wake-ups in time order, for one pass over its periods:
	 * an order of indices, as sorting the records themselves would take
	 * a second copy of them (glibc's qsort() merges).
	 */
	ws->order = malloc((ws->n ? ws->n : 1) * sizeof(*ws->order));
	if (!ws->order) {
		fprintf(stderr, "%s: out of memory for %" PRIu64 " wake-ups\n", dir, ws->n);
		wakeups_free(ws);
		return -1;
	}
	for (i = 0; i < ws->n; i++)
		ws->order[i] = (uint32_t)i;
	qsort_r(ws->order, ws->n, sizeof(*ws->order), cmp_cpu_intended, ws->w);
	for (cpu = 0; cpu < LAT_MAX_CPUS; cpu++)
		ws->begin[cpu] = ws->end[cpu] = 0;
	for (i = ws->n; i-- > 0;) {
		cpu = ws->w[ws->order[i]].cpu;
		if (!ws->end[cpu])
			ws->end[cpu] = i + 1;
		ws->begin[cpu] = i;
	}
	memcpy(ws->cur, ws->begin, sizeof(ws->cur));
	return 1;
}

/*
 * rt-app logs microseconds: a deadline rebuilt from its log may stand up
 * to a microsecond after the wake-up it caused (guest-rootfs/jobs/record.sh)
 */
#define WAKEUP_SLACK_NS		1000

void wakeups_served(struct wakeups *ws, int cpu, uint64_t t_enter, uint64_t t_wake,
		    uint64_t exit_latency_ns)
{
	uint64_t *cur;

	if (!ws->split || cpu < 0 || cpu >= LAT_MAX_CPUS)
		return;
	cur = &ws->cur[cpu];
	/* intended while the CPU was running: queued, not woken */
	while (*cur < ws->end[cpu] && ws->w[ws->order[*cur]].intended < t_enter)
		(*cur)++;
	for (; *cur < ws->end[cpu] && ws->w[ws->order[*cur]].intended < t_wake + WAKEUP_SLACK_NS;
	     (*cur)++) {
		struct wakeup *w = &ws->w[ws->order[*cur]];

		/* when it ran: intended + measured (actual, or intended if early) */
		if (w->intended + w->measured_ns < t_wake) {
			/* ran before its CPU left idle: the clocks disagree */
			ws->mismatched++;
			continue;
		}
		w->served = 1;
		/* exit latencies are far below 4 s; a wild one must not wrap */
		w->exit_ns = exit_latency_ns > UINT32_MAX ? UINT32_MAX : (uint32_t)exit_latency_ns;
		w->delay_ns = t_wake > w->intended ? t_wake - w->intended : 0;
		if (w->delay_ns > w->measured_ns)
			w->delay_ns = w->measured_ns;
	}
}

const char *const lateness_basis_names[NR_LATENESS_BASES] = {
	[LATENESS_SOC] = "soc",
	[LATENESS_TOTAL] = "total",
	[LATENESS_GUEST] = "guest",
};

const char *const lateness_basis_desc[NR_LATENESS_BASES] = {
	[LATENESS_SOC] = "modelled exit latency + guest path",
	[LATENESS_TOTAL] = "modelled exit latency + emulator delay + guest path",
	[LATENESS_GUEST] = "as the guest measured it, no modelled exit latency",
};

int lateness_basis_parse(const char *s)
{
	int i;

	for (i = 0; i < NR_LATENESS_BASES; i++)
		if (!strcmp(s, lateness_basis_names[i]))
			return i;
	return -1;
}

uint64_t wakeup_lateness(const struct wakeup *w, enum lateness_basis basis)
{
	switch (basis) {
	case LATENESS_TOTAL:
		return w->exit_ns + w->measured_ns;
	case LATENESS_GUEST:
		return w->measured_ns;
	case LATENESS_SOC:
	default:
		return w->exit_ns + w->measured_ns - w->delay_ns;
	}
}

int latency_compute(const struct wakeups *ws, enum lateness_basis basis, struct latency *out)
{
	double total = 0, model = 0, emul = 0, guest = 0;
	uint64_t *v, i, n = ws->n;

	memset(out, 0, sizeof(*out));
	out->budget_ns = ws->budget_ns;
	out->threads = ws->threads;
	out->wakeups = n;
	out->basis = basis;
	out->split = ws->split;
	out->mismatched = ws->mismatched;
	if (!n)
		return 0;
	v = malloc(n * sizeof(*v));
	if (!v)
		return -1;
	for (i = 0; i < n; i++) {
		const struct wakeup *w = &ws->w[i];

		v[i] = wakeup_lateness(w, basis);
		total += (double)v[i];
		model += (double)w->exit_ns;
		emul += (double)w->delay_ns;
		guest += (double)(w->measured_ns - w->delay_ns);
		out->served += w->served;
		if (v[i] > out->budget_ns)
			out->misses++;
		if (v[i] > out->max_ns)
			out->max_ns = v[i];
		if (w->delay_ns > out->emulator_max_ns)
			out->emulator_max_ns = w->delay_ns;
	}
	out->mean_ns = total / (double)n;
	out->model_mean_ns = model / (double)n;
	out->emulator_mean_ns = emul / (double)n;
	out->guest_mean_ns = guest / (double)n;
	out->p50_ns = percentile_select(v, n, 50);
	out->p99_ns = percentile_select(v, n, 99);
	free(v);
	return 0;
}

void wakeups_free(struct wakeups *ws)
{
	free(ws->w);
	free(ws->order);
	ws->w = NULL;
	ws->order = NULL;
	ws->n = 0;
}

int latency_read(const char *dir, uint64_t budget_ns, struct latency *out)
{
	struct wakeups ws;
	int ret;

	memset(out, 0, sizeof(*out));
	ret = wakeups_read(dir, budget_ns, &ws);
	if (ret <= 0)
		return ret;
	ret = latency_compute(&ws, LATENESS_SOC, out);
	wakeups_free(&ws);
	return ret < 0 ? -1 : 1;
}
