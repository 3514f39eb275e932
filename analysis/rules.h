/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Selection rules replayed on recorded idle periods, and the oracle.
 *
 * Each rule sees what a governor saw when the period began: the table in
 * force (per state: usable this period, exit latency, target residency,
 * power), the latency limit and the predicted idle duration.  Replaying a
 * rule on the periods of one run compares rules on identical periods,
 * free of the run-to-run noise of an A/B pair.
 *
 * The oracle knows what no governor knows, the period's actual length,
 * and picks the state that would have cost least for it: the floor no
 * governor can beat.
 */
#ifndef IDLESIM_RULES_H
#define IDLESIM_RULES_H

#include "period.h"

enum rule {
	RULE_DEEPEST,		/* stock 6.1 menu: deepest in index order, then demoted */
	RULE_LOWEST_POWER,	/* patched menu: lowest power among eligible states */
	RULE_TEO_DEEPEST,	/* teo's index walk, before the series made it power-aware (teo.h) */
	RULE_TEO_LOWEST_POWER,	/* the series' teo: on unordered figures the lowest power (teo.h) */
	RULE_SHALLOWEST,	/* always the safe state 0: a ceiling */
	NR_RULES,
};

extern const char *const rule_names[NR_RULES];

/*
 * The figures the driver registered (drv->states[]), which a pre-patch
 * governor reads instead of the period's: from the guest's sysfs at boot
 * (results/guest-info.txt).  nr == 0: unknown, use the period's.
 */
struct nominal_table {
	int nr;
	int64_t exit_latency_ns[MAX_STATES];
	int64_t target_residency_ns[MAX_STATES];
};

/* cpuidle.masked_tick: what menu and teo do about the tick for a masked state */
enum masked_tick {
	MASKED_TICK_OFF,	/* nothing: the tick decided as 6.1 does */
	MASKED_TICK_ALWAYS,	/* keep it whenever a masked state would fit */
	MASKED_TICK_UNTIL,	/* keep it when the exclusion ends before it */
};

/*
 * cpuidle_masked_tick_at() on a period's table (its until_ns), at @now:
 * whether the tick is kept for a state the mask alone kept out, cheaper
 * than @idx, within @latency_req_ns and fitting @duration_ns.
 */
bool masked_tick_keeps(const struct state_table *t, int idx, int policy, int64_t duration_ns,
		       int64_t latency_req_ns, uint64_t delta_tick_ns, bool tick_stopped,
		       uint64_t now);

/* What a governor knew when the period began (from cpuidle:cpuidle_select). */
struct rule_inputs {
	uint64_t predicted_ns;
	uint64_t next_timer_ns;
	int64_t latency_req_ns;
	/* the tick-related inputs; without them the tick cases are skipped */
	bool has_tick;
	uint64_t delta_tick_ns;
	bool tick_stopped;
	uint64_t tick_nsec;		/* the kernel's TICK_NSEC (1e9 / HZ) */
	int masked_tick;		/* cpuidle.masked_tick: enum masked_tick */
	uint64_t now;			/* the selection's time (trace clock) */
};

/*
 * The state @rule picks.  RULE_DEEPEST is menu_pick_deepest() of the
 * series (stock 6.1 menu): the registered figures @nom, walked in index
 * order, stopping at the first state that does not fit, with its tick
 * cases; the driver then demotes to the deepest state usable this period
 * at or below that index, as simsoc does.  RULE_LOWEST_POWER is
 * menu_pick_lowest_power(), on the period's figures: with nothing eligible,
 * the usable state within the latency limit with the shortest residency;
 * with the tick running, a state that fits the time till the tick whenever
 * the prediction is under a tick or the period's mask alone kept out a
 * cheaper state that would have fitted.  Both are ports of
 * the kernel's code (drivers/cpuidle/governors/menu.c after the series),
 * without its polling-state case: simsoc has no polling state.  The teo
 * rules have a memory and are replayed by teo.c: -1 here.
 */
int rule_select(enum rule rule, const struct state_table *t,
		const struct nominal_table *nom, const struct rule_inputs *in);

/*
 * Energy in nJ of an idle period in state @i of @t whose wake-up event
 * comes @wait_ns after the idle entry: the state's power until then, then
 * its exit latency at its transition power (exit_power_uw()).
 */
double state_energy(const struct state_table *t, int i, uint64_t wait_ns);

/* The cheapest state usable this period for a wait of @wait_ns whose exit
 * latency fits @latency_req_ns. */
int oracle_select(const struct state_table *t, int64_t latency_req_ns,
		  uint64_t wait_ns);

#endif /* IDLESIM_RULES_H */
