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
 * with L the interval, P, exit and T each CPU's latest figures (its share
 * of the state's power, the exit latency and its transition power), j a
 * state whose residency L covers on every CPU and that no block busy in
 * the period of the CPU that went idle last keeps out (the driver's
 * ->power_off() runs on that CPU and judges by its period: a CPU idle since
 * before a transfer ended must not keep the domain on), and base the CPUs' deepest
 * own state for a cluster, or for the SoC the cluster state that draws
 * least among those L covers (the clusters' saving over the same time is
 * counted by their own intervals, which contain the SoC's).  It is an
 * oracle, not a replay: it knows each interval's length in advance, and
 * takes the trace's idle times for the model's.  The intervals are priced
 * as they end, on the CPUs' tables then, and summed once the soc marker
 * (written at the trace's end) has said which states are the clusters'
 * and which the SoC's.
 */
#include <stdlib.h>
#include <string.h>

#include "domains.h"

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

void domains_table(struct domain_oracle *d, const struct period *p)
{
	if (p->cpu < 0 || p->cpu >= MAX_CPUS || !p->has_table)
		return;
	d->t[p->cpu] = p->table;
	d->has_table[p->cpu] = true;
}

static bool in_domain(int slot, int c, const int *cluster, const bool *booted)
{
	return booted[c] && (slot == DOMAIN_SOC || cluster[c] == slot);
}

/* sum over the domain's CPUs of state @j's power, -1 if a CPU has no table */
static double domain_power(const struct domain_oracle *d, int slot, int j,
			   const int *cluster, const bool *booted)
{
	double sum = 0;
	int c;

	for (c = 0; c < MAX_CPUS; c++) {
		if (!in_domain(slot, c, cluster, booted))
			continue;
		if (!d->has_table[c])
			return -1;
		sum += (double)d->t[c].power[j];
	}
	return sum;
}

/* The interval, priced on the CPUs' latest tables, kept for domains_finish() */
static void record(struct domain_oracle *d, int slot, uint64_t len, const int *cluster,
		   const bool *booted)
{
	const struct state_table *t0 = NULL;
	struct domain_interval *iv;
	int c, j;

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
	iv->slot = slot;
	iv->len = len;
	iv->nr = t0->nr;
	iv->n = t0->nr + t0->dom_nr;
	for (j = 0; j < iv->n; j++) {
		double p = domain_power(d, slot, j, cluster, booted);

		iv->power[j] = p;
		iv->exit_nj[j] = exit_power_uw(t0, j) * (double)t0->exit_latency_ns[j] / 1e6;
		iv->covers[j] = p >= 0;
		/* the residency on every CPU, and no busy block against it */
		if (j > d->block_depth[slot])
			iv->covers[j] = false;
		for (c = 0; c < MAX_CPUS; c++)
			if (in_domain(slot, c, cluster, booted) &&
			    (uint64_t)d->t[c].target_residency_ns[j] > len)
				iv->covers[j] = false;
	}
}

static double best_saving(const struct domain_oracle *d, const struct domain_interval *iv)
{
	enum state_off level = iv->slot == DOMAIN_SOC ? OFF_SOC : OFF_CLUSTER;
	int j, base = iv->nr - 1;
	double best = 0, s;

	if (iv->n > d->nr_off || iv->power[base] < 0)
		return 0;
	/* for the SoC, from the cheapest cluster state that fits */
	for (j = iv->nr; level == OFF_SOC && j < iv->n; j++)
		if (d->off[j] == OFF_CLUSTER && iv->covers[j] && iv->power[j] < iv->power[base])
			base = j;
	for (j = iv->nr; j < iv->n; j++) {
		if (d->off[j] != level || !iv->covers[j])
			continue;
		s = (iv->power[base] - iv->power[j]) * (double)iv->len / 1e6 -
		    (iv->exit_nj[j] - iv->exit_nj[base]);
		if (s > best)
			best = s;
	}
	return best;
}

void domains_finish(struct domain_oracle *d)
{
	size_t i;

	d->saving_nj = 0;
	for (i = 0; i < d->nr_iv; i++)
		d->saving_nj += best_saving(d, &d->iv[i]);
	free(d->iv);
	d->iv = NULL;
	d->nr_iv = d->max_iv = 0;
}

static void domain_edge(struct domain_oracle *d, int slot, uint64_t ts, const int *state,
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
			record(d, slot, ts - d->idle_since[slot], cluster, booted);
			d->intervals[slot]++;
		}
		d->idle_since[slot] = 0;
	}
}

void domains_idle(struct domain_oracle *d, int cpu, uint64_t ts, const int *state,
		  const int *cluster, const bool *booted, int block_depth, bool counted)
{
	domain_edge(d, cluster[cpu], ts, state, cluster, booted, block_depth, counted);
	domain_edge(d, DOMAIN_SOC, ts, state, cluster, booted, block_depth, counted);
}
