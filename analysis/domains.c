// SPDX-License-Identifier: GPL-2.0
/*
 * The oracle's view of the power domains; see domains.h.
 *
 * With the sim driver's domains, a cluster or SoC state is never a CPU's
 * choice: the domain goes off when its last CPU votes, in the state
 * genpd's governor picks.  The per-period oracle (replay.c) therefore
 * prices each period in the cheapest of the CPU's own states only, and
 * this file adds what the domains could have saved: for every interval in
 * which every booted CPU of a cluster (of the SoC) was idle, as the
 * power:cpu_idle events show it, the cluster (SoC) state that saves most,
 * if any pays off:
 *
 *   saving_j = sum over the domain's CPUs of (P_base - P_j) * L
 *              - (exit_j * T_j - exit_base * T_base)     (one CPU leaves it)
 *
 * with L the interval, P each CPU's figure (its share of the state's
 * power) in the idle period it spent the interval in, exit and T those of
 * the CPU that ended the interval (the exit latency and its transition
 * power), j a state whose residency L covers on every CPU, whose exit
 * latency is within the workload's CPU latency QoS request, if it made
 * one (genpd's governor keeps to it; not to the CPUs' own limits, which
 * menu narrows by its interactivity heuristic), and that no
 * block busy in the period of the CPU that went idle last keeps out (the
 * driver's ->power_off() runs on that CPU and judges by its period: a CPU
 * idle since before a transfer ended must not keep the domain on), and
 * base the CPUs' deepest own state for a cluster, or for the SoC the
 * cluster state that draws least among those L covers (the clusters'
 * saving over the same time is counted by their own intervals, which
 * contain the SoC's).  It is an oracle, not a replay: it knows each
 * interval's length in advance, and takes the trace's idle times for the
 * model's.
 *
 * The sum runs over the CPUs whose period the per-CPU oracle prices, and
 * only those: a CPU still idle when the trace ends, or idle since before
 * it began, is in no period the run's energy counts, so no share of a
 * domain's saving is its to claim; the other CPUs' shares are, though
 * the interval is just as long.  The intervals are therefore kept until
 * the trace's end, when the soc marker has also said which states are
 * the clusters' and which the SoC's.
 */
#include <stdlib.h>
#include <string.h>

#include "domains.h"
#include "price.h"

static const char *const off_names[] = { "clock", "core", "cluster", "soc" };

/* the words of KEY=A,B,... in @text into @d->off from @at; the count, or -1 */
static int off_words(struct domain_oracle *d, const char *text, const char *key, int at)
{
	const char *s = strstr(text, key);
	int n = at, k, len;

	if (!s)
		return at;
	for (s += strlen(key); *s && *s != ' '; s += len + (s[len] == ',')) {
		len = (int)strcspn(s, ", ");
		for (k = 0; k < 4; k++)
			if ((int)strlen(off_names[k]) == len && !strncmp(s, off_names[k], len))
				break;
		if (k == 4 || n == MAX_STATES)
			return -1;
		d->off[n++] = (enum state_off)k;
	}
	return n;
}

int domains_qos_marker(struct domain_oracle *d, const char *text)
{
	long long us;
	int end = 0;

	if (sscanf(text, "idlesim: latency_qos us=%lld%n", &us, &end) != 1 || text[end] || us < 0)
		return -1;
	d->qos_ns = us * 1000;
	return 0;
}

int domains_marker(struct domain_oracle *d, const char *text)
{
	int n = off_words(d, text, " off=", 0);

	if (n >= 0)
		n = off_words(d, text, " domain_off=", n);
	if (n < 0)
		return -1;
	d->nr_off = n;
	return 0;
}

void domains_counted(struct domain_oracle *d, const struct period *p)
{
	int c = p->cpu;

	if (c < 0 || c >= MAX_CPUS)
		return;
	if (d->nr_counted[c] == d->max_counted[c]) {
		size_t m = d->max_counted[c] ? 2 * d->max_counted[c] : 1024;
		uint64_t *n = realloc(d->counted[c], m * sizeof(*n));

		if (!n)
			return;		/* the oracle then saves less: never wrong the other way */
		d->counted[c] = n;
		d->max_counted[c] = m;
	}
	d->counted[c][d->nr_counted[c]++] = p->seq;
}

static bool in_domain(int slot, int c, const int *cluster, const bool *booted)
{
	return booted[c] && (slot == DOMAIN_SOC || cluster[c] == slot);
}

/* The interval, with each CPU's figures, kept for domains_finish() */
static void record(struct domain_oracle *d, int slot, int leaving, uint64_t len,
		   const int *cluster, const bool *booted)
{
	const struct state_table *t0 = NULL;
	struct domain_interval *iv;
	int c, j;

	if (leaving >= 0 && leaving < MAX_CPUS && d->has_table[leaving])
		t0 = &d->t[leaving];
	for (c = 0; c < MAX_CPUS && !t0; c++)
		if (in_domain(slot, c, cluster, booted) && d->has_table[c])
			t0 = &d->t[c];
	if (!t0 || !t0->dom_nr)
		return;
	if (d->nr_iv == d->max_iv) {
		size_t m = d->max_iv ? 2 * d->max_iv : 1024;
		struct domain_interval *n = realloc(d->iv, m * sizeof(*n));

		if (!n)
			return;		/* the oracle then saves less: never wrong the other way */
		d->iv = n;
		d->max_iv = m;
	}
	iv = &d->iv[d->nr_iv++];
	memset(iv, 0, sizeof(*iv));
	iv->slot = slot;
	iv->len = len;
	iv->block_depth = d->block_depth[slot];
	iv->nr = t0->nr;
	iv->n = t0->nr + t0->dom_nr;
	for (j = 0; j < iv->n; j++)
		iv->exit_nj[j] = price_exit_nj(exit_power_uw(t0, j),
					       (double)t0->exit_latency_ns[j]);
	for (c = 0; c < MAX_CPUS; c++) {
		const struct state_table *t = &d->t[c];

		if (!in_domain(slot, c, cluster, booted) || !d->has_table[c] ||
		    t->nr + t->dom_nr != iv->n)
			continue;
		iv->cpus |= 1u << c;
		iv->seq[c] = d->seq[c];
		for (j = 0; j < iv->n; j++) {
			iv->power[c][j] = (double)t->power[j];
			/* genpd keeps within the CPU latency QoS request */
			if ((uint64_t)t->target_residency_ns[j] <= len &&
			    (!d->qos_ns || t->exit_latency_ns[j] <= d->qos_ns))
				iv->fits[c] |= 1u << j;
		}
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* whether the per-CPU oracle priced @cpu's period @seq */
static bool priced(const struct domain_oracle *d, int cpu, uint64_t seq)
{
	return d->nr_counted[cpu] &&
	       bsearch(&seq, d->counted[cpu], d->nr_counted[cpu], sizeof(seq), cmp_u64);
}

static double best_saving(const struct domain_oracle *d, const struct domain_interval *iv)
{
	enum state_off level = iv->slot == DOMAIN_SOC ? OFF_SOC : OFF_CLUSTER;
	int c, j, base = iv->nr - 1;
	double power[MAX_STATES] = { 0 }, best = 0, s;
	uint32_t fits = ~0u, cpus = 0;

	if (iv->n > d->nr_off)
		return 0;
	for (c = 0; c < MAX_CPUS; c++) {
		if (!(iv->cpus & (1u << c)) || !priced(d, c, iv->seq[c]))
			continue;
		cpus |= 1u << c;
		fits &= iv->fits[c];
		for (j = 0; j < iv->n; j++)
			power[j] += iv->power[c][j];
	}
	if (!cpus)
		return 0;
	/* for the SoC, from the cheapest cluster state that fits */
	for (j = iv->nr; level == OFF_SOC && j < iv->n; j++)
		if (d->off[j] == OFF_CLUSTER && j <= iv->block_depth && (fits & (1u << j)) &&
		    power[j] < power[base])
			base = j;
	for (j = iv->nr; j < iv->n; j++) {
		if (d->off[j] != level || j > iv->block_depth || !(fits & (1u << j)))
			continue;
		s = (power[base] - power[j]) * (double)iv->len / 1e6 -
		    (iv->exit_nj[j] - iv->exit_nj[base]);
		if (s > best)
			best = s;
	}
	return best;
}

void domains_finish(struct domain_oracle *d)
{
	size_t i;
	int c;

	for (c = 0; c < MAX_CPUS; c++)
		if (d->nr_counted[c])
			qsort(d->counted[c], d->nr_counted[c], sizeof(uint64_t), cmp_u64);
	d->saving_nj = 0;
	for (i = 0; i < d->nr_iv; i++)
		d->saving_nj += best_saving(d, &d->iv[i]);
	free(d->iv);
	d->iv = NULL;
	d->nr_iv = d->max_iv = 0;
	for (c = 0; c < MAX_CPUS; c++) {
		free(d->counted[c]);
		d->counted[c] = NULL;
		d->nr_counted[c] = d->max_counted[c] = 0;
	}
}

static void domain_edge(struct domain_oracle *d, int slot, int cpu, uint64_t ts, const int *state,
			const int *cluster, const bool *booted, int block_depth, bool counted)
{
	bool all = true, any = false;
	int c;

	for (c = 0; c < MAX_CPUS; c++) {
		if (!in_domain(slot, c, cluster, booted))
			continue;
		any = true;
		all &= state[c] >= 0;
	}
	if (any && all && !d->idle_since[slot]) {
		d->idle_since[slot] = ts;
		d->block_depth[slot] = block_depth;
	} else if (!all && d->idle_since[slot]) {
		if (counted) {
			record(d, slot, cpu, ts - d->idle_since[slot], cluster, booted);
			d->intervals[slot]++;
		}
		d->idle_since[slot] = 0;
	}
}

void domains_idle(struct domain_oracle *d, int cpu, uint64_t ts, const struct period *open,
		  const int *state, const int *cluster, const bool *booted, bool counted)
{
	int block_depth = MAX_STATES;

	if (cpu < 0 || cpu >= MAX_CPUS)
		return;
	/* a CPU's figures for the interval are those of the period it idles in */
	if (open && open->has_table) {
		d->t[cpu] = open->table;
		d->seq[cpu] = open->seq;
		d->has_table[cpu] = true;
		block_depth = open->table.block_depth;
	}
	domain_edge(d, cluster[cpu], cpu, ts, state, cluster, booted, block_depth, counted);
	domain_edge(d, DOMAIN_SOC, cpu, ts, state, cluster, booted, block_depth, counted);
}
