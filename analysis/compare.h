/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A comparison's runs grouped by governor (cmd-compare.c), and the parts
 * of it written by compare-parts.c: the scenario's phases side by side,
 * and each governor's energy difference to the baseline taken apart.
 */
#ifndef IDLESIM_COMPARE_H
#define IDLESIM_COMPARE_H

#include <stdio.h>

#include "run.h"
#include "stats.h"

#define MAX_GROUPS	8
#define MAX_REPEATS	64

/* The runs of one governor: repeats under different seeds. */
struct group {
	const char *governor;
	int idx[MAX_REPEATS];
	int n;
};

/* @f over the runs of @g */
void group_stats(const struct run *runs, const struct group *g,
		 double (*f)(const struct run *), struct sample_stats *out);

/* The per-seed differences of @f between @g and the baseline @g0 */
void paired_stats(const struct run *runs, const struct group *g0,
		  const struct group *g, double (*f)(const struct run *),
		  struct sample_stats *out);

/*
 * phases.csv and a table in summary.txt: each phase of the scenario under
 * each governor (means over its runs).
 */
void compare_phases(const struct run *runs, const struct group *groups, int ng,
		    FILE *csv, FILE *txt);

/*
 * decomposition.csv and its sentences in summary.txt: each governor's
 * energy difference to the baseline in parts that add up to it.
 */
void compare_decompose(const struct run *runs, const struct group *groups, int ng,
		       FILE *csv, FILE *txt);

/* residency.csv: one row per governor, one column per state (ms, all CPUs, mean over runs) */
void compare_residency(const struct run *runs, const struct group *groups, int ng,
		       int nr_states, FILE *fp);

#endif /* IDLESIM_COMPARE_H */
