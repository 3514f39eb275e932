// SPDX-License-Identifier: GPL-2.0
/*
 * A comparison's figures over the runs of each governor: the mean of a
 * figure over a group's seeds, and the per-seed differences to the
 * baseline's (compare.h).  Pure: no output, unit-tested in
 * test-analysis.c.
 */
#include <math.h>
#include <string.h>

#include "compare.h"

/*
 * The per-seed differences of @f between group @g and the baseline @g0,
 * each run paired with the baseline's of the same seed, in whatever order
 * they came (cmd-compare.c has checked that both ran the same seeds; a
 * seed the baseline lacks would be NaN, left out).
 */
void paired_stats(const struct run *runs, const struct group *g0,
		  const struct group *g, double (*f)(const struct run *),
		  struct sample_stats *out)
{
	double d[MAX_REPEATS];
	int i, k;

	for (i = 0; i < g->n; i++) {
		d[i] = NAN;
		for (k = 0; k < g0->n; k++)
			if (!strcmp(runs[g->idx[i]].m.seed, runs[g0->idx[k]].m.seed))
				d[i] = f(&runs[g->idx[i]]) - f(&runs[g0->idx[k]]);
	}
	sample_stats(d, g->n, out);
}

void group_stats(const struct run *runs, const struct group *g,
		 double (*f)(const struct run *), struct sample_stats *out)
{
	double v[MAX_REPEATS];
	int i;

	for (i = 0; i < g->n; i++)
		v[i] = f(&runs[g->idx[i]]);
	sample_stats(v, g->n, out);
}
