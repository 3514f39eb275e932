// SPDX-License-Identifier: GPL-2.0
/*
 * The rules replayed on a run's periods (rules.h, teo.h): for each period
 * that carries a table and the governor's inputs, the state each rule
 * would have chosen, priced as the driver charges, against what the
 * governor chose and the oracle.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "run.h"
#include "price.h"

/*
 * teo's choices for period @p, plain and power-aware, into @pick; its
 * metrics first take in the last period of the CPU: what the kernel's
 * took (the event's measured_ns) on a teo run, else what the trace shows
 * of it.  Returns whether the CPU's replay is past its warm-up.
 */
/*
 * The policy the kernel ran: the manifest's when the run asked for one
 * (or a re-analysis edits it), else the one each selection traced, else
 * "always", the default of the kernels that traced none.
 */
static int masked_tick_policy(const struct run *r, const struct period *p)
{
	if (r->m.masked_tick >= 0)
		return r->m.masked_tick;
	return p->sel.masked_tick >= 0 ? p->sel.masked_tick : MASKED_TICK_ALWAYS;
}

static bool teo_choose(struct run *r, const struct period *p, const struct state_table *t,
		       uint64_t tick_nsec, int pick[2])
{
	struct teo_replay *tr = &r->teo[p->cpu];
	struct teo_inputs in = {
		.sleep_length_ns = p->sel.next_timer_ns,
		.delta_tick_ns = p->sel.delta_tick_ns,
		.latency_req_ns = p->sel.latency_req_ns,
		.tick_stopped = p->sel.tick_stopped,
		.usable_mask = p->sel.usable_mask,
		.tick_nsec = tick_nsec,
		.masked_tick = masked_tick_policy(r, p),
		.now = p->sel.ts,
	};
	bool stop;

	if (r->ran_rule == RULE_TEO_LOWEST_POWER && p->sel.has_measured) {
		if (p->sel.measured_ns >= 0)
			teo_replay_update(&tr->c, p->sel.measured_ns == INT64_MAX ?
					  UINT64_MAX : (uint64_t)p->sel.measured_ns);
	} else if (tr->has_last) {
		teo_replay_update(&tr->c, teo_measured(tr->last_len_ns, tr->last_exit_ns,
						       tr->c.sleep_length_ns));
	}
	pick[0] = teo_replay_select(&tr->c, t, &in, false, &stop);
	pick[1] = teo_replay_select(&tr->c, t, &in, true, &stop);
	tr->has_last = true;
	tr->last_len_ns = p->t_exit - p->t_enter;
	tr->last_exit_ns = t->exit_latency_ns[p->entered >= 0 && p->entered < t->nr ?
					      p->entered : 0];
	return tr->c.updates > TEO_WARMUP;
}

/*
 * The driver charges the state's power for the time in WFI (under a
 * powered-off domain, the domain state's, domain_energy) and the
 * transition power for the exit latency: what is neither is the
 * transition.
 */
double period_transition_nj(const struct period *p)
{
	const struct state_table *t = &p->table;
	uint64_t idle = p->residency_ns - p->exit_latency_ns;
	double tr;

	idle -= p->domain_ns < idle ? p->domain_ns : idle;
	tr = (double)p->energy - (double)p->domain_energy -
	     (double)t->power[p->entered] * (double)idle / 1e6;
	return tr > 0 ? tr : 0;
}

/*
 * State @pick priced on period @p for a replay, and its transition part
 * in *@tr.  With domains, the time the period spent under a powered-off
 * domain is kept only for the state that votes for the domains (cpuidle's
 * deepest) on a period that entered it: that is the period as the driver
 * charged it.  Any other state would have held the domain on, so it is
 * charged its own power throughout; and a vote the period did not cast
 * gets no domain time, which the replay cannot know (nor how the other
 * CPUs' domain time would have changed).
 */
static double replay_energy(const struct period *p, int pick, uint64_t wait_ns, double *tr)
{
	const struct state_table *t = &p->table;

	if (!t->dom_nr || !p->has_driver || pick != t->nr - 1 || p->entered != pick) {
		*tr = price_exit_nj(exit_power_uw(t, pick), (double)t->exit_latency_ns[pick]);
		return state_energy(t, pick, wait_ns);
	}
	*tr = period_transition_nj(p);
	return (double)p->energy;
}

double rule_agreement(const struct run *r, int rule)
{
	uint64_t n = rule == RULE_TEO_DEEPEST || rule == RULE_TEO_LOWEST_POWER ? r->teo_compared : r->replayed;

	return n ? (double)r->rule_agree[rule] / (double)n : NAN;
}

void replay_period(struct run *r, const struct period *p, int e)
{
	const struct state_table *t = &p->table;
	struct rule_inputs in;
	uint64_t wait_ns;
	int teo_pick[2], i;
	double tr;
	bool warm;

	r->has_select = true;
	r->replayed++;
	/* the rules are priced on the wait to the wake-up event */
	wait_ns = p->has_driver ? p->residency_ns - p->exit_latency_ns : p->residency_ns;
	in = (struct rule_inputs) {
		.predicted_ns = p->sel.predicted_ns,
		.next_timer_ns = p->sel.next_timer_ns,
		.latency_req_ns = p->sel.latency_req_ns,
		/* the tick cases need both the event's fields and the kernel's HZ */
		.has_tick = p->sel.has_tick && r->m.hz > 0,
		.delta_tick_ns = p->sel.delta_tick_ns,
		.tick_stopped = p->sel.tick_stopped,
		.tick_nsec = r->m.hz > 0 ? (1000000000ULL + r->m.hz / 2) / r->m.hz : 0,
		.masked_tick = masked_tick_policy(r, p),
		.now = p->sel.ts,
	};
	warm = teo_choose(r, p, t, in.tick_nsec, teo_pick);
	for (i = 0; i < NR_RULES; i++) {
		int pick = i == RULE_TEO_DEEPEST ? teo_pick[0] : i == RULE_TEO_LOWEST_POWER ? teo_pick[1] :
			   rule_select(i, t, &r->nominal, &in);
		bool teo = i == RULE_TEO_DEEPEST || i == RULE_TEO_LOWEST_POWER;

		r->rule_nj[i] += replay_energy(p, pick, wait_ns, &tr);
		r->rule_tr_nj[i] += tr;
		if (teo && !warm)
			continue;
		if (pick == e)
			r->rule_agree[i]++;
		else if (i == r->ran_rule && getenv("IDLESIM_DEBUG_REPLAY"))
			fprintf(stderr, "cpu%d seq %llu: rule %d, entered %d (chosen %d) pred %llu timer %llu lat %lld stop %d cand %x usable %x\n",
				p->cpu, (unsigned long long)p->seq, pick, e, p->sel.chosen,
				(unsigned long long)p->sel.predicted_ns,
				(unsigned long long)p->sel.next_timer_ns,
				(long long)p->sel.latency_req_ns, p->sel.stop_tick,
				p->sel.candidate_mask, p->sel.usable_mask);
	}
	/* with domains, the CPU's own states; domains.c adds the domains' */
	r->oracle_nj += state_energy(t, oracle_select(t, p->sel.latency_req_ns, wait_ns), wait_ns);
	r->actual_model_nj += replay_energy(p, e, wait_ns, &tr);
	r->actual_model_tr_nj += tr;
	r->actual_driver_nj += (double)p->energy;
	r->teo_compared += warm;
}
