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

#include "periods.h"

enum rule {
	RULE_DEEPEST,		/* stock 6.1 menu: deepest in index order, then demoted */
	RULE_LOWEST_POWER,	/* patched menu: lowest power among eligible states */
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

/*
 * The state @rule picks for a table and constraints.  RULE_DEEPEST walks
 * the states in index order with the registered figures @nom and stops at
 * the first whose residency or latency does not fit (ignoring this
 * period's availability and figures, as a pre-patch governor does); the
 * driver then demotes to the deepest state usable this period at or below
 * that index, as simsoc does.
 */
int rule_select(enum rule rule, const struct state_table *t,
		const struct nominal_table *nom, int64_t latency_req_ns,
		uint64_t predicted_ns);

/*
 * Energy in nJ of an idle period of @len_ns spent in state @i of @t,
 * its exit latency included.
 */
double state_energy(const struct state_table *t, int i, uint64_t len_ns);

/* The cheapest state usable this period for a period of @len_ns whose exit
 * latency fits @latency_req_ns. */
int oracle_select(const struct state_table *t, int64_t latency_req_ns,
		  uint64_t len_ns);

#endif /* IDLESIM_RULES_H */
