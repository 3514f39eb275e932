// SPDX-License-Identifier: GPL-2.0
/*
 * A board's CPU numbering held against its trace.  Board mode takes each
 * trace CPU for a core of the [cluster] section --cpus, the description's
 * linux_cpus or, lacking both, the description's order says; a board
 * numbers its CPUs as Linux does, the boot CPU first, which need not be
 * the description's order (Juno r2 boots on an A53: its CPUs 0, 3, 4, 5
 * are the little ones).  A wrong numbering prices a big core's periods at
 * a little one's power, so what power:cpu_frequency says of the CPUs is
 * used against it:
 *
 *   - each CPU's frequencies must be operating points of its section
 *     (check_freqs());
 *   - the CPUs of one cluster share a cpufreq policy, and cpufreq writes
 *     each policy change for all of its CPUs at once: CPUs taken for one
 *     cluster must not run at different frequencies (check_policies()).
 *
 * Where the trace cannot tell (no cpu_frequency for a CPU, or only
 * frequencies every section has), the summary says so (board_print_cpus()).
 */
#include <stdlib.h>
#include <string.h>

#include "board.h"

/*
 * How long CPUs of one cluster may disagree: the events of one policy
 * change are written one CPU after the other, microseconds apart
 */
#define POLICY_SKEW_NS	1000000ULL

/* One more power:cpu_frequency, as the trace gives it; -1 when out of memory, said */
int board_add_freq(struct board *b, int cpu, uint64_t ts, uint64_t khz)
{
	struct board_freq *n = board_grow(b, b->freq, &b->cap_freq, b->nr_freq, sizeof(*n),
					  "frequency changes");

	if (!n)
		return -1;
	b->freq = n;
	b->freq[b->nr_freq++] = (struct board_freq){ .ts = ts, .khz = khz, .cpu = cpu };
	return 0;
}

/* Where the numbering came from, as the messages name it */
static const char *map_source(const struct board *b)
{
	if (!b->mapped)
		return "the order of [cluster] sections in the description";
	if (b->mapped_by && !strcmp(b->mapped_by, "linux_cpus"))
		return "the description's linux_cpus";
	return "--cpus";
}

/* @khz an operating point of [cluster] section @k, within 1 % */
static bool is_opp(const struct soc *s, int k, int64_t khz)
{
	int i = socmodel_opp_of(s, k, khz);

	return llabs(s->cluster[k].opp[i].khz - khz) * 100 <= khz;
}

/*
 * A CPU that ran at a frequency its [cluster] section has no operating
 * point for is taken for the wrong kind of core.  Every such CPU is named.
 */
static int check_freqs(const struct board *b)
{
	const struct soc *s = &b->soc;
	uint64_t bad_khz[MAX_CPUS] = { 0 };
	int cl, k, i, bad = 0;
	size_t n;

	for (n = 0; n < b->nr; n++) {
		const struct board_period *p = &b->p[n];

		if (!p->freq_khz || bad_khz[p->cpu])
			continue;
		k = board_cpu_kind(b, p->cpu, &cl);
		if (!is_opp(s, k, (int64_t)p->freq_khz)) {
			bad_khz[p->cpu] = p->freq_khz;
			bad++;
		}
	}
	if (!bad)
		return 0;
	for (n = 0; n < MAX_CPUS; n++) {
		if (!bad_khz[n])
			continue;
		k = board_cpu_kind(b, (int)n, &cl);
		fprintf(stderr, "%s: CPU %zu ran at %llu kHz, which [cluster %s] of %s has no operating point for (",
			b->trace, n, (unsigned long long)bad_khz[n], s->cluster[k].name, s->file);
		for (i = 0; i < s->cluster[k].nr_opps; i++)
			fprintf(stderr, "%s%lld", i ? ", " : "", (long long)s->cluster[k].opp[i].khz);
		fprintf(stderr, " kHz)\n");
	}
	fprintf(stderr, "%s: %d CPU%s not run as %s: a board numbers its CPUs as Linux does, the boot CPU first; --cpus 0=CLUSTER,1-2=CLUSTER,... says which is which\n",
		b->trace, bad, bad > 1 ? "s do" : " does",
		!b->mapped ? "the order of [cluster] sections in the description has them" :
		b->mapped_by && !strcmp(b->mapped_by, "linux_cpus") ?
		"the description's linux_cpus maps them" : "--cpus maps them");
	return -1;
}

/* Two CPUs of one cluster at different frequencies, since @since */
struct split {
	bool open;
	uint64_t since, khz[2];
	int cpu[2];
};

static int freq_cmp(const void *a, const void *b)
{
	const struct board_freq *x = a, *y = b;

	return x->ts < y->ts ? -1 : x->ts > y->ts;
}

/*
 * Opens or closes each cluster's split by the CPUs' frequencies now (0:
 * not known yet); true if two clusters are at different frequencies
 */
static bool find_splits(const struct board *b, const uint64_t *khz, uint64_t ts,
			struct split *sp)
{
	int first[MAX_CPUS], cpu, cl, c2, ref = -1;
	bool apart = false;

	for (cl = 0; cl < MAX_CPUS; cl++)
		first[cl] = -1;
	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		if (khz[cpu] && board_cpu_kind(b, cpu, &cl) >= 0 && first[cl] < 0)
			first[cl] = cpu;
	for (cl = 0; cl < MAX_CPUS; cl++) {
		bool split = false;

		for (cpu = first[cl] + 1; first[cl] >= 0 && cpu < MAX_CPUS && !split; cpu++) {
			if (!khz[cpu] || board_cpu_kind(b, cpu, &c2) < 0 || c2 != cl ||
			    khz[cpu] == khz[first[cl]])
				continue;
			split = true;
			if (!sp[cl].open)
				sp[cl] = (struct split){ .open = true, .since = ts,
					.khz = { khz[first[cl]], khz[cpu] },
					.cpu = { first[cl], cpu } };
		}
		if (!split)
			sp[cl].open = false;
		if (first[cl] < 0)
			continue;
		if (ref < 0)
			ref = first[cl];
		else if (khz[first[cl]] != khz[ref])
			apart = true;
	}
	return apart;
}

/* A split still open at @ts, longer than one policy change takes: named */
static int split_too_long(const struct board *b, const struct split *sp, uint64_t ts)
{
	const struct split *x;
	int cl, k, c;

	for (cl = 0; cl < MAX_CPUS; cl++) {
		x = &sp[cl];
		if (!x->open || ts - x->since <= POLICY_SKEW_NS)
			continue;
		k = board_cpu_kind(b, x->cpu[0], &c);
		fprintf(stderr, "%s: CPUs %d and %d ran at %llu and %llu kHz at once from %llu.%06llu s for over %llu ms, but %s puts both in cluster %d ([cluster %s] of %s): the CPUs of a cluster share a cpufreq policy and change frequency together; a board numbers its CPUs as Linux does, the boot CPU first; --cpus 0=CLUSTER,1-2=CLUSTER,... says which is which\n",
			b->trace, x->cpu[0], x->cpu[1], (unsigned long long)x->khz[0],
			(unsigned long long)x->khz[1], (unsigned long long)(x->since / 1000000000),
			(unsigned long long)(x->since % 1000000000 / 1000),
			POLICY_SKEW_NS / 1000000, map_source(b), cl, b->soc.cluster[k].name,
			b->soc.file);
		return -1;
	}
	return 0;
}

/*
 * Each CPU's frequency through the whole trace, from its cpu_frequency
 * events: two CPUs taken for one cluster that run at different
 * frequencies for longer than a policy change takes to be written are
 * in different policies, so in different clusters.  A CPU is left out
 * until its first event.  (A CPU taken offline keeps its last frequency
 * here; a trace across CPU hotplug may be refused for it.)
 */
static int check_policies(struct board *b)
{
	uint64_t khz[MAX_CPUS] = { 0 }, end = 0, since = 0;
	bool apart = false, now;
	struct split sp[MAX_CPUS];
	size_t n = 0;

	memset(sp, 0, sizeof(sp));
	if (b->nr_freq)
		qsort(b->freq, b->nr_freq, sizeof(*b->freq), freq_cmp);
	while (n < b->nr_freq) {
		uint64_t ts = b->freq[n].ts;

		if (split_too_long(b, sp, ts) < 0)
			return -1;
		/* clusters apart as long as a split would be refused: different policies */
		b->freq_apart |= apart && ts - since > POLICY_SKEW_NS;
		for (; n < b->nr_freq && b->freq[n].ts == ts; n++)
			if (b->freq[n].cpu >= 0 && b->freq[n].cpu < MAX_CPUS)
				khz[b->freq[n].cpu] = b->freq[n].khz;
		now = find_splits(b, khz, ts, sp);
		if (now && !apart)
			since = ts;
		apart = now;
	}
	/* the last state held to the trace's end */
	if (b->nr_freq)
		end = b->freq[b->nr_freq - 1].ts;
	for (n = 0; n < b->nr; n++)
		if (b->p[n].t_exit > end)
			end = b->p[n].t_exit;
	b->freq_apart |= apart && end - since > POLICY_SKEW_NS;
	return split_too_long(b, sp, end);
}

/*
 * The CPUs with idle periods whose numbering the trace leaves unchecked:
 * those without a cpu_frequency event, and, where the description has
 * more than one [cluster] section, those that ran only at frequencies
 * every section has.  Nothing to check when the SoC is one cluster.
 */
static void find_unchecked(struct board *b)
{
	const struct soc *s = &b->soc;
	bool seen[MAX_CPUS] = { false }, told[MAX_CPUS] = { false };
	int cpu, k, total = 0;
	size_t n;

	for (k = 0; k < s->nr_clusters; k++)
		total += s->cluster[k].count;
	if (total < 2)
		return;
	for (n = 0; n < b->nr_freq; n++) {
		const struct board_freq *f = &b->freq[n];

		if (f->cpu < 0 || f->cpu >= MAX_CPUS)
			continue;
		seen[f->cpu] = true;
		for (k = 0; k < s->nr_clusters && !told[f->cpu]; k++)
			told[f->cpu] = !is_opp(s, k, (int64_t)f->khz);
	}
	for (n = 0; n < b->nr; n++) {
		cpu = b->p[n].cpu;
		b->no_freq[cpu] = !seen[cpu];
		b->any_opp[cpu] = seen[cpu] && !told[cpu] && s->nr_clusters > 1;
	}
}

/**
 * board_check_cpus() - the CPUs' numbering against the trace's frequencies
 * @b: the read trace, its periods checked (every CPU mapped)
 *
 * Return: 0, with what could not be checked noted for the summary, or -1
 * with a message naming the trace, the CPUs and where the numbering came from.
 */
int board_check_cpus(struct board *b)
{
	if (check_freqs(b) < 0 || check_policies(b) < 0)
		return -1;
	find_unchecked(b);
	return 0;
}

static int count_set(const bool *set)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		n += set[cpu];
	return n;
}

/* "CPUs 0, 3-5: " of the CPUs in @set */
static void print_set(FILE *fp, const bool *set)
{
	int cpu, from, n = 0;

	fprintf(fp, "%s ", count_set(set) > 1 ? "CPUs" : "CPU");
	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		if (!set[cpu])
			continue;
		for (from = cpu; cpu + 1 < MAX_CPUS && set[cpu + 1]; cpu++)
			;
		fprintf(fp, "%s%d", n++ ? ", " : "", from);
		if (cpu > from)
			fprintf(fp, "%s%d", cpu > from + 1 ? "-" : ", ", cpu);
	}
	fprintf(fp, ": ");
}

/* board_check_cpus() found nothing it could not check */
bool board_cpus_checked(const struct board *b)
{
	return !count_set(b->no_freq) && !count_set(b->any_opp);
}

/* The note of what board_check_cpus() could not check; nothing if all was */
void board_print_cpus(const struct board *b, FILE *fp)
{
	int none = count_set(b->no_freq), shared = count_set(b->any_opp);

	if (board_cpus_checked(b))
		return;
	fprintf(fp, "  CPU numbering not checked against the trace (");
	if (none) {
		print_set(fp, b->no_freq);
		fprintf(fp, "no power:cpu_frequency%s", b->nr_freq ? "" : " in the trace");
	}
	if (shared) {
		fprintf(fp, "%s", none ? "; " : "");
		print_set(fp, b->any_opp);
		fprintf(fp, "only frequencies every [cluster] section has%s",
			b->freq_apart ? ", so only which CPUs share a cluster was checked" : "");
	}
	fprintf(fp, "): %s is taken as it stands; check it, or give the board's with --cpus CPU[-CPU]=CLUSTER,...\n",
		map_source(b));
}
