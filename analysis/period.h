/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An idle period as the analysis knows it: the table of states in force
 * for it, the governor's inputs and choice, and what the driver charged
 * (periods.c rebuilds them from a trace; stuck.c, replay.c and domains.c
 * price them).
 */
#ifndef IDLESIM_PERIOD_H
#define IDLESIM_PERIOD_H

#include "trace.h"

struct state_table {
	int nr;
	/*
	 * With the sim driver's domains (cluster and SoC states chosen by the
	 * last CPU): the domain states' figures, as this CPU's share, follow
	 * cpuidle's nr states in the arrays, [nr, nr + dom_nr); never usable.
	 */
	int dom_nr;
	/*
	 * The deepest state, cpuidle's or a domain's, the blocks busy in this
	 * period allow (the driver's block_depth; without it, the last state)
	 */
	int block_depth;
	bool usable[MAX_STATES];
	/*
	 * When each state's exclusion ends (simsoc_period's until_ns): 0 not
	 * excluded, > 0 the end (trace clock), -1 with the next rise of the
	 * blocks' open cap (simsoc_blocks), -2 not traced; all 0 in traces
	 * older than the field.
	 */
	int64_t until_ns[MAX_STATES];
	int64_t exit_latency_ns[MAX_STATES];
	int64_t target_residency_ns[MAX_STATES];
	int64_t power[MAX_STATES];		/* uW */
	/*
	 * What a transition costs: simsoc charges each state's exit latency
	 * at its transition power, transition_uw, or where that is 0 (the
	 * default, and every trace older than the field) at the CPU's active
	 * power: the busy energy over the busy time the driver reports (the
	 * last one known on this CPU).
	 */
	int64_t transition_uw[MAX_STATES];
	double active_uw;
};

/* The power state @i's exit latency is charged at */
static inline double exit_power_uw(const struct state_table *t, int i)
{
	return t->transition_uw[i] ? (double)t->transition_uw[i] : t->active_uw;
}

struct select_info {
	uint64_t predicted_ns;
	uint64_t next_timer_ns;
	int64_t latency_req_ns;
	uint32_t usable_mask;
	uint32_t candidate_mask;
	int chosen;
	bool stop_tick;
	uint64_t ts;			/* when the governor chose (trace clock) */
	/* the tick-related inputs (absent from traces of earlier kernels) */
	bool has_tick;
	uint64_t delta_tick_ns;
	bool tick_stopped;
	/*
	 * teo: the last period's idle duration its metrics took in this call
	 * (INT64_MAX: counted as on time), -1: none; absent (!has_measured)
	 * from traces of earlier kernels
	 */
	bool has_measured;
	int64_t measured_ns;
	/*
	 * cpuidle.masked_tick when the governor chose (0 off, 1 always, 2
	 * until; -1 not traced) and the end of the exclusion it acted on
	 * (INT64_MAX: not known; -1: none)
	 */
	int masked_tick;
	int64_t masked_end_ns;
};

struct period {
	int cpu;
	uint64_t seq;			/* the driver's period number, if any */
	uint64_t t_prepare;		/* trace time stamps, ns: the driver's table */
	uint64_t t_enter;		/* idle entry and exit */
	uint64_t t_exit;
	uint64_t busy_ns;		/* since the previous period on this CPU */
	uint64_t freq_khz;		/* power:cpu_frequency in force at the entry, 0: none */
	int requested;			/* index the core asked the driver for */
	int entered;			/* index the driver entered */
	bool has_psci;			/* power:psci_domain_idle_enter within it */
	uint32_t psci;			/* its PSCI parameter */
	uint64_t t_wake;		/* the driver's clock (the trace's): the CPU left WFI */
	/*
	 * On the modelled SoC: the time in WFI less what absorbed earlier
	 * exits (the modelled CPU runs behind the guest by them), plus the
	 * exit latency charged.
	 */
	uint64_t residency_ns;
	uint64_t exit_latency_ns;	/* the modelled exit latency the driver charged */
	int64_t energy;			/* nJ: the driver's idle energy for this period */
	/*
	 * Of the time in WFI, what was spent under a powered-off domain, and
	 * its energy (nJ, part of @energy); 0 without domains.
	 */
	uint64_t domain_ns;
	int64_t domain_energy;
	uint64_t drv_busy_ns;		/* the driver's busy time before this period */
	/*
	 * Time spent in a state dearer than one whose exclusion had ended by
	 * then and that the rest of the period would still have paid for
	 * (stuck.c); 0 without the driver's until_ns.
	 */
	uint64_t stuck_ns;
	int64_t busy_energy;		/* nJ: the driver's active energy for it */
	bool has_table, has_select, has_driver;
	/*
	 * The driver prepared the period but the CPU never went idle
	 * (need_resched): only its table and busy time are real.
	 */
	bool aborted;
	struct state_table table;
	struct select_info sel;
};

#endif /* IDLESIM_PERIOD_H */
