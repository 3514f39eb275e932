/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scenario's phases in a run.  The workload generator marks each
 * thread's phase boundaries in the trace ("idlesim: phase_begin
 * thread=T phase=P index=N", "idlesim: phase_end ..."); between them the
 * run's energy, lateness and time in each state are counted, so that a
 * comparison can say in which phase two governors differ.
 *
 * A thread's phases cut the scenario into consecutive intervals; the
 * rows of two threads overlap in time, and each counts everything that
 * happened on every CPU in its interval: a period where it ended, busy
 * energy where the driver reported it (the period's prepare()), a
 * wake-up at its intended time.
 */
#ifndef IDLESIM_PHASES_H
#define IDLESIM_PHASES_H

#include <stdbool.h>
#include <stdint.h>

#include "latency.h"
#include "period.h"

#define MAX_PHASES	32

struct phase_row {
	char thread[32], phase[32];
	int index;
	uint64_t begin, end;		/* trace time, ns; end 0: never ended */
	double idle_nj, active_nj, transition_nj;
	uint64_t periods;
	uint64_t state_ns[MAX_STATES];	/* the periods' residency, per state */
	uint64_t wakeups, misses, late_p99_ns;
	double late_mean_ns;
};

struct phases {
	uint64_t start;			/* the first phase_begin or scenario_begin */
	int n;
	int dropped;			/* phases beyond MAX_PHASES */
	struct phase_row row[MAX_PHASES];
};

/*
 * A trace marker: 1 when it was a phase or scenario marker (taken), 0
 * when it is another's, -1 with a message naming @where when malformed.
 */
int phases_marker(struct phases *ph, uint64_t ts, const char *text, const char *where);

/* A period that ended at @t_exit in @state, and the driver's energy for it. */
void phases_period(struct phases *ph, uint64_t t_exit, int state, uint64_t residency_ns,
		   double idle_nj, double transition_nj);

/* Busy energy the driver reported at @ts. */
void phases_busy(struct phases *ph, uint64_t ts, double active_nj);

/* Each phase's wake-ups, judged on @basis against the budget. Returns -1 out of memory. */
int phases_lateness(struct phases *ph, const struct wakeups *ws, enum lateness_basis basis);

#endif /* IDLESIM_PHASES_H */
