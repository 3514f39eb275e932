/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A comparison's runs grouped by governor and each group's figures and
 * tests (groups.c, pure), and the parts of it written by compare-parts.c:
 * the scenario's phases side by side, each governor's energy difference
 * to the baseline taken apart, and its time in the PM domains' states.
 */
#ifndef IDLESIM_COMPARE_H
#define IDLESIM_COMPARE_H

#include <stdbool.h>
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

/*
 * The group of @governor, a new one for a governor not seen yet; -1 when
 * MAX_GROUPS are taken by others.
 */
int group_of(struct group *groups, int *ng, const char *governor);

/* Whether @g ran the seeds the baseline @g0 ran, in any order: a paired comparison needs it */
bool same_seeds(const struct run *runs, const struct group *g0, const struct group *g);

/* @f over the runs of @g */
void group_stats(const struct run *runs, const struct group *g,
		 double (*f)(const struct run *), struct sample_stats *out);

/* The per-seed differences of @f between @g and the baseline @g0 */
void paired_stats(const struct run *runs, const struct group *g0,
		  const struct group *g, double (*f)(const struct run *),
		  struct sample_stats *out);

/* One governor's figures, means over its runs, and against the baseline's */
struct group_figures {
	/* energy, idle, active, the oracle's floor; periods, demotions, exit latency */
	struct sample_stats e, idle, act, fl, per, dem, lat;
	/* replay agreement; wake-ups, lateness mean, p99, max, misses; transitions */
	struct sample_stats agr, wk, lm, lp, lx, ms, tr;
	/* lateness per wake-up in parts: modelled exit, emulator, guest path */
	struct sample_stats sm, se, sg;
	struct sample_stats pd;		/* the energy's per-seed differences to the baseline */
	double p;			/* paired by seed; 1 for the baseline */
	double welch_p;			/* the means alone (Welch) */
	bool tested;			/* not the baseline, and both have two seeds or more */
};

/* Every group's figures, the first the baseline (comparison.csv, summary.txt) */
void compare_figures(const struct run *runs, const struct group *groups, int ng,
		     struct group_figures *fig);

/* Each governor's stays in the PM domains' states, means over its runs */
struct domain_means {
	int n;				/* the domain states; 0: no run has a stay */
	struct domain_state st[MAX_DOMAIN_STATES];
	double count[MAX_GROUPS][MAX_DOMAIN_STATES];
	double ns[MAX_GROUPS][MAX_DOMAIN_STATES];
};

/*
 * The domain states of the first run with a stay (runs of one scenario
 * on one SoC have the same), and each group's stays in them.  A run
 * without stays counts as none: genpd kept its domains on.  No state at
 * all when no run has a stay, as in a comparison without genpd.
 */
void domain_means(const struct run *runs, int nr_runs, const struct group *groups, int ng,
		  struct domain_means *m);

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

/*
 * domains.csv and a block in summary.txt: each governor's time in each
 * domain state (ms) and its stays in it, means over its runs.
 */
void compare_domains(const struct domain_means *m, const struct group *groups, int ng,
		     FILE *csv, FILE *txt);

#endif /* IDLESIM_COMPARE_H */
