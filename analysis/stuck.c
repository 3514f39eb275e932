// SPDX-License-Identifier: GPL-2.0
/*
 * Stuck time: how long an idle period stayed in a state dearer than one
 * the driver had kept out of it, once that exclusion had ended.
 *
 * A governor chooses from the table of the period's start.  When a state
 * it could not have then becomes usable (a transfer of known length ends,
 * a block is written idle), the CPU stays where it is until something
 * wakes it: the tick if it was kept, the one-shot wake-up at the
 * exclusion's end (cpuidle.masked_tick=until), the driver's kick, or its
 * next timer.  Of that time, what counts is what the state would have
 * paid for: from the end of the exclusion to the wake-up less what the
 * state needs to pay, for a state cheaper than the one entered and within
 * the period's latency limit.  What it needs is its target residency, or
 * longer where the model's own prices say so: the time over which its
 * lower power makes up for a dearer exit (each exit at its transition
 * power, as the driver charges it).  The union over such states is the
 * period's stuck time.  A state excluded for a reason the driver does not
 * trace the end of (a random draw, a sibling running) never counts.
 */
#include "stuck.h"

/*
 * How long an idle time must last for state @i to pay instead of @e: its
 * target residency, or the break-even of the two states' prices if longer.
 */
static uint64_t pays_after(const struct state_table *t, int i, int e)
{
	double exit_i = (double)t->exit_latency_ns[i] * exit_power_uw(t, i);
	double exit_e = (double)t->exit_latency_ns[e] * exit_power_uw(t, e);
	double even = (exit_i - exit_e) / (double)(t->power[e] - t->power[i]);
	uint64_t res = t->target_residency_ns[i] > 0 ? (uint64_t)t->target_residency_ns[i] : 0;

	return even > (double)res ? (uint64_t)even : res;
}

/* When state @i's exclusion ended, or 0 if it did not within the period */
static uint64_t lifted(const struct period *p, int i, const struct block_rise *rise, int n)
{
	int64_t until = p->table.until_ns[i];
	int k;

	if (until > 0)
		return (uint64_t)until < p->t_wake ? (uint64_t)until : 0;
	if (until != -1)
		return 0;
	for (k = 0; k < n; k++)
		if (rise[k].ts > p->t_prepare && rise[k].ts < p->t_wake && rise[k].cap >= i)
			return rise[k].ts;
	return 0;
}

uint64_t period_stuck_ns(const struct period *p, const struct block_rise *rise, int n)
{
	const struct state_table *t = &p->table;
	uint64_t from[MAX_STATES], to[MAX_STATES], stuck = 0, reach = 0;
	int e = p->entered, m = 0, i, j;

	if (!p->has_table || !p->has_driver || p->aborted || e < 0 || e >= t->nr ||
	    p->t_wake <= p->t_enter)
		return 0;
	for (i = 0; i < t->nr; i++) {
		uint64_t a, need;

		if (t->usable[i] || t->power[i] >= t->power[e] ||
		    (p->has_select && t->exit_latency_ns[i] > p->sel.latency_req_ns))
			continue;
		a = lifted(p, i, rise, n);
		if (!a)
			continue;
		if (a < p->t_enter)
			a = p->t_enter;
		need = pays_after(t, i, e);
		if (need >= p->t_wake - a)
			continue;
		/* insertion by start: at most MAX_STATES intervals */
		for (j = m; j > 0 && from[j - 1] > a; j--) {
			from[j] = from[j - 1];
			to[j] = to[j - 1];
		}
		from[j] = a;
		to[j] = p->t_wake - need;
		m++;
	}
	for (i = 0; i < m; i++) {
		uint64_t a = from[i] > reach ? from[i] : reach;

		if (to[i] > a)
			stuck += to[i] - a;
		if (to[i] > reach)
			reach = to[i];
	}
	return stuck;
}
