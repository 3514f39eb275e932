/* SPDX-License-Identifier: GPL-2.0 */
/*
 * teo replayed on recorded idle periods: a host port of the timer events
 * oriented governor (drivers/cpuidle/governors/teo.c as the series leaves
 * it), per CPU, its hits and intercepts metrics updated from each period
 * as teo_update() does, and its choice made on the period's figures.
 *
 * Unlike the rules of rules.h, teo has a memory: its metrics.  On a teo
 * run the trace gives, in each cpuidle_select event, the idle duration the
 * kernel's metrics took from the last period (measured_ns), so the replay
 * learns exactly what the kernel learned.  On another governor's run it
 * takes the same from the trace's own account of the last period (its
 * length between the cpu_idle events less half its exit latency, or "on
 * time" when it reached the time of its next timer event): what teo would
 * have learned there, to within the trace's overhead.
 *
 * What came before the trace is not known: the replay starts from an
 * empty history, as teo_enable_device() leaves it, and each update decays
 * the metrics by 1/8, so after TEO_WARMUP periods of a CPU its choices no
 * longer depend on that start; agreement is counted after them.
 *
 * Two rules come of it (rules.h): teo_deepest, teo's index walk as it was
 * before the series made it power-aware (kernel-patches/0024), and
 * teo_lowest_power, the series' teo.  The power-aware one takes teo's
 * estimate of the idle duration (the
 * sleep length, or the span of the bin its intercepts point at) and
 * chooses, among the usable states within the latency limit whose target
 * residency that estimate covers, the one with the lowest power (the
 * deeper on a tie), as menu's rule does; with the tick kept, the same
 * among those whose target residency fits the time till the tick.  On a
 * period whose figures are ordered (cpuidle_period_ordered()) it keeps
 * the walk's choice, which is then the cheapest eligible state already;
 * simsoc gives power figures (power_specified), as the kernel requires.
 */
#ifndef IDLESIM_TEO_H
#define IDLESIM_TEO_H

#include <stdbool.h>
#include <stdint.h>

#include "period.h"

#define TEO_NR_RECENT	9
#define TEO_WARMUP	64

struct teo_bin {
	unsigned int intercepts, hits, recent;
	int64_t residency_ns;
};

struct teo_cpu {
	struct teo_bin bins[MAX_STATES];
	unsigned int total;
	int next_recent_idx;
	int recent_idx[TEO_NR_RECENT];
	int nr;				/* states in the bins */
	int64_t sleep_length_ns;	/* at the last selection */
	uint64_t updates;
};

/* What teo knew at a selection: the cpuidle_select event's fields */
struct teo_inputs {
	uint64_t sleep_length_ns;
	uint64_t delta_tick_ns;
	int64_t latency_req_ns;
	bool tick_stopped;
	uint32_t usable_mask;		/* enabled and usable this period */
	uint64_t tick_nsec;
	int masked_tick;		/* cpuidle.masked_tick: enum masked_tick */
	uint64_t now;			/* the selection's time (trace clock) */
};

void teo_replay_init(struct teo_cpu *c);

/*
 * The last period's idle duration (UINT64_MAX: on time) into the metrics,
 * with the target residencies of the selection that chose it.
 */
void teo_replay_update(struct teo_cpu *c, uint64_t measured_ns);

/*
 * teo's choice for a period of table @t: the bins take the period's target
 * residencies (the driver has ->prepare()), then teo_select() decides;
 * @power_aware the variant above.  *@stop_tick as the kernel's.
 */
int teo_replay_select(struct teo_cpu *c, const struct state_table *t,
		      const struct teo_inputs *in, bool power_aware, bool *stop_tick);

/*
 * What teo_update() would take from a period of @len_ns (idle entry to
 * exit) in a state of exit latency @exit_ns, whose selection saw a sleep
 * length of @sleep_ns: on a run of another governor.
 */
uint64_t teo_measured(uint64_t len_ns, uint64_t exit_ns, uint64_t sleep_ns);

#endif /* IDLESIM_TEO_H */
