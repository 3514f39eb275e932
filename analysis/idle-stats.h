/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What run mode (run.c, a run's trace) and board mode (board.c, a board's
 * trace priced under a description) count alike, and write alike:
 * states.csv, each CPU's time, periods and energy per state, and
 * clusters.csv, each cluster's time in the shallowest state of its CPUs
 * while all of them are idle (as idlestat counts).  The two modes differ
 * in where a figure comes from, not in what it is.
 */
#ifndef IDLESIM_IDLE_STATS_H
#define IDLESIM_IDLE_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "trace.h"

struct state_stats {
	uint64_t count;
	uint64_t total_ns;
	uint64_t min_ns;
	uint64_t max_ns;
	uint64_t too_deep;	/* residency shorter than the state's target residency */
	uint64_t too_shallow;	/* a cheaper usable state would have fitted */
	uint64_t demoted;	/* entered here, though another state was requested */
	double energy_nj;	/* the period's idle energy, summed */
	double transition_nj;	/* of which the exit transitions */
};

/* one more period of @dur ns in the state */
void state_stats_time(struct state_stats *s, uint64_t dur);
/* states.csv: @nr_cpus CPUs of @nr_states states, named by @names */
void states_csv(FILE *fp, const struct state_stats st[][MAX_STATES], int nr_cpus,
		int nr_states, const char *const *names);

struct cluster_states {
	int state[MAX_CPUS];		/* each cluster's; -1: one of its CPUs runs */
	uint64_t since[MAX_CPUS];	/* ... since then */
	uint64_t count[MAX_CPUS][MAX_STATES], ns[MAX_CPUS][MAX_STATES];
};

/* every cluster busy, nothing counted */
void cluster_states_init(struct cluster_states *cs);
/*
 * The state of cluster @k now that one of its CPUs changed: the
 * shallowest of @cpu_state[] over the CPUs whose @cl_of[] is @k, -1 if
 * one of them runs.
 */
int cluster_state_of(const int *cpu_state, const int *cl_of, int k);
/*
 * Cluster @k in @state from @ts: if that is a change, the stay it ends
 * (*@old from *@from, *@old -1 if the cluster was busy) for the caller to
 * count within its window, and true.
 */
bool cluster_states_move(struct cluster_states *cs, int k, int state, uint64_t ts,
			 int *old, uint64_t *from);
/* clusters.csv: @nr clusters of @nr_states states */
void clusters_csv(FILE *fp, const struct cluster_states *cs, int nr, int nr_states,
		  const char *const *names);

#endif /* IDLESIM_IDLE_STATS_H */
