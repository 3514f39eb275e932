/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Rebuilding idle periods from a trace.
 *
 * Per CPU, one idle period is what lies between the core's power:cpu_idle
 * entry and exit events.  On the way in, the sim driver's simsoc_period
 * event gives the table in force for that period (per state: usable,
 * exit latency, target residency, power), the governor's cpuidle_select
 * event its inputs and choice, and simsoc_enter the state requested and
 * the state actually entered (they differ when the driver demoted); on
 * the way out simsoc_exit gives the residency, the exit latency and the
 * energy the driver charged.  Each complete period is handed to a consumer callback and then
 * forgotten, so memory is bounded by the number of CPUs, not of events.
 */
#ifndef IDLESIM_PERIODS_H
#define IDLESIM_PERIODS_H

#include "period.h"
#include "stuck.h"

typedef int (*period_fn)(const struct period *p, void *data);
/* Called for each trace_marker line (workload phase boundaries). */
typedef int (*marker_fn)(int cpu, uint64_t ts, const char *text, void *data);
/*
 * Called when a CPU changes state: @state is the idle state it is in from
 * @ts on (the requested one at the idle entry, then the one the driver
 * entered, if another), or -1 when it leaves idle; @open is the CPU's
 * period so far (its table when has_table is set).
 */
typedef void (*idle_fn)(int cpu, uint64_t ts, int state, const struct period *open, void *data);
/* Called for each power:cpu_frequency: @cpu runs at @khz from @ts on */
typedef int (*freq_fn)(int cpu, uint64_t ts, uint64_t khz, void *data);

/*
 * A power domain's stay in one of its states (DOMAINS=genpd): off at the
 * last CPU's vote, on again at the wake of the CPU that took it back.
 */
#define MAX_DOMAINS	(MAX_CPUS + 1)	/* a domain per cluster, and the SoC's */

struct domain_stay {
	int domain;		/* the driver's: the cluster, or the number of clusters for the SoC */
	int state;		/* the description's index */
	uint64_t on_ns;		/* when it came on: the trace's timestamp of the event */
	uint64_t off_ns;	/* how long it was off */
};

struct period_stats {
	uint64_t events;
	uint64_t periods;
	uint64_t unmatched;		/* driver events that fit no period */
	uint64_t aborted;		/* periods prepared but never entered */
	uint64_t missed_events;		/* events the ring buffer dropped */
	/*
	 * power:cpu_idle_miss, where the trace has it: per CPU and state,
	 * [0] the state was too deep for the time idle, [1] too shallow
	 */
	uint64_t idle_miss[MAX_CPUS][MAX_STATES][2];
	uint64_t idle_misses;
	/* the domains' stays, as simsoc_domain traced them (period_stats_free) */
	struct domain_stay *stays;
	size_t nr_stays, max_stays;
};

void period_stats_free(struct period_stats *st);

/*
 * Reads the whole trace in time order, calling @fn for each complete
 * period (and @mfn, if set, for markers, @ifn for the CPUs' transitions,
 * @ffn for their frequencies).
 * Returns 0, or -1 when the trace cannot be read or a callback failed.
 */
int periods_read(struct trace *t, period_fn fn, marker_fn mfn, idle_fn ifn, freq_fn ffn,
		 void *data, struct period_stats *st);

#endif /* IDLESIM_PERIODS_H */
