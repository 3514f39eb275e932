/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A threshold sweep as cmd-tune.c reads it, and the pure parts that turn
 * its runs into a recommendation (tune-rank.c): each point's figures
 * summed over its runs, then the points ranked.  They print nothing, so
 * test-analysis.c checks the rule on points made up for it.
 */
#ifndef IDLESIM_TUNE_H
#define IDLESIM_TUNE_H

#include <stdbool.h>
#include <stdint.h>

#include "latency.h"
#include "stats.h"
#include "trace.h"

/* scripts/tune.sh checks a sweep against these (tune --limits) */
#define MAX_POINTS	400
#define MAX_SCNS	8
#define MAX_REPEATS	64
#define MAX_DIMS	3

/* one run of one point: a scenario under a seed */
struct tune_cell {
	bool have;
	double energy_nj;
	double floor_nj;
	bool has_lat;
	struct latency lat;
	uint64_t count[MAX_STATES];
};

/* a point as the points file gives it, and its runs */
struct tune_point {
	int current;
	char batch[512];
	int nr_dims;
	char dim[MAX_DIMS][32];
	long long val[MAX_DIMS];
	struct tune_cell cell[MAX_SCNS][MAX_REPEATS];	/* [scenario][repeat] */
};

/* a point's figures over all its runs: all that ranking and writing read */
struct tune_sum {
	struct sample_stats e, fl;
	/* energy per repeat, over the scenarios: points are paired by seed */
	double ek[MAX_REPEATS];
	uint64_t wakeups, misses;
	double lat_mean, p99, miss_rate;
	uint64_t lat_max;
	/* mean per wake-up: modelled exit latency, emulator delay, guest path */
	double lat_model, lat_emul, lat_guest;
	double share[MAX_STATES];
};

struct tune {
	int nr_points, nr_scns, nr_states;
	int cur;	/* the point with the current values; -1: none */
	/* the SoC the runs played and its states' names, from their soc marker */
	char soc[32];
	char state_name[MAX_STATES][STATE_NAME_LEN];
	int nr_state_names;
	char soc_file[256];	/* the runs' description, from their manifest; "": none */
	char base_governor[32];
	char scn[MAX_SCNS][64];
	uint64_t scn_budget[MAX_SCNS];
	int nr_seeds[MAX_SCNS];
	long long seed[MAX_SCNS][MAX_REPEATS];
	/* index MAX_POINTS is the baseline */
	struct tune_point pt[MAX_POINTS + 1];
	struct tune_sum sum[MAX_POINTS + 1];
};

/* why the recommendation is the point it is */
enum tune_why {
	TUNE_NONE,		/* no point meets the budget (closest says which comes nearest) */
	TUNE_CURRENT_CHEAPEST,	/* no point within the budget is cheaper than the current */
	TUNE_SIGNIFICANT,	/* the cheapest is significantly cheaper, after the correction */
	TUNE_NOT_SIGNIFICANT,	/* it is not: the current values are kept */
	TUNE_ONE_SEED,		/* one seed, no test: the current values are kept */
	TUNE_CURRENT_OVER,	/* the current values break the budget: the cheapest within it */
	TUNE_NO_CURRENT,	/* no point holds the current values: the cheapest */
};

/* what the sweep recommends, and why */
struct tune_rank {
	bool meets[MAX_POINTS];		/* misses within the allowed rate */
	bool pareto[MAX_POINTS];	/* on the energy / lateness p99 front */
	int front[MAX_POINTS];		/* the front by lateness p99, rising */
	int nr_front;
	int cheapest;	/* least energy of those that meet the budget; -1: none */
	int rec;	/* the cheapest, or the current point kept (why); -1: none */
	enum tune_why why;
	int closest;	/* fewest misses, for when none meets it; -1: no lateness at all */
	/*
	 * Each point against the current one, seed by seed: the differences
	 * and their paired p (NaN for the current point, with no current
	 * point, or with one seed)
	 */
	struct sample_stats vs[MAX_POINTS];
	double vs_p[MAX_POINTS];
	/* cheapest against the current point (cheapest >= 0, cur >= 0, cur != cheapest) */
	bool vs_cur;
	struct sample_stats diff;
	double diff_p;		/* NaN with one seed */
	/* the points compared with the current one, and the p the cheapest must beat */
	int nr_tested;
	double alpha;
};

/*
 * Sums the runs of point @pi (MAX_POINTS: the baseline) into t->sum[pi].
 * -1 when a scenario/seed has no run, with it in @scn and @seed.
 */
int tune_aggregate(struct tune *t, int pi, int *scn, int *seed);

/*
 * Ranks @nr points (figures @sum, @nr_seeds repeats each, @cur the
 * current one or -1) for at most @allowed of their wake-ups missing the
 * latency budget, and picks the recommendation (tune-rank.c says how).
 */
void tune_rank(const struct tune_sum *sum, int nr, int cur, int nr_seeds, double allowed,
	       struct tune_rank *rk);

#endif /* IDLESIM_TUNE_H */
