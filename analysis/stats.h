/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Statistics over repeated runs: a figure is a mean over seeds with a
 * 95 % confidence interval.  A run is a function of its seed, and every
 * governor sees the same arrivals under a seed, so two governors are
 * compared on the per-seed differences (a paired t-test); Welch's test
 * of the two means is kept beside it.
 */
#ifndef IDLESIM_STATS_H
#define IDLESIM_STATS_H

struct sample_stats {
	int n;
	double mean;
	double sd;	/* sample standard deviation (n - 1) */
	double ci95;	/* half-width of the 95 % confidence interval of the mean */
};

/* NaN values are left out of @out; with none left, n is 0 and mean NaN. */
void sample_stats(const double *v, int n, struct sample_stats *out);

/*
 * Two-sided p-value of Welch's t-test that @a and @b have the same mean;
 * 1 when either has fewer than two samples.
 */
double welch_p(const struct sample_stats *a, const struct sample_stats *b);

/*
 * Two-sided p-value of the one-sample t-test that the mean of the paired
 * differences @d is 0; 1 with fewer than two.
 */
double paired_p(const struct sample_stats *d);

#endif /* IDLESIM_STATS_H */
