// SPDX-License-Identifier: GPL-2.0
/*
 * Means, confidence intervals and Welch's t-test; see stats.h.
 *
 * The Student t distribution is evaluated through the regularised
 * incomplete beta function, by the continued fraction of Numerical
 * Recipes (Lentz's method), which needs nothing beyond libm.
 */
#include <math.h>

#include "stats.h"

/* One half-step of Lentz's method: updates @c and @d, returns the factor. */
static double lentz(double *c, double *d, double aa)
{
	const double tiny = 1e-300;

	*d = 1 + aa * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + aa / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-14;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;
	int m;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (m = 1; m <= 300; m++) {
		double del;

		h *= lentz(&c, &d, m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)));
		del = lentz(&c, &d, -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)));
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

/* I_x(a, b) */
static double betai(double a, double b, double x)
{
	double bt;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

/* P(|T| > t) for Student's t with @df degrees of freedom */
static double t_two_sided(double t, double df)
{
	return betai(df / 2, 0.5, df / (df + t * t));
}

/* the t quantile with P(|T| > q) = 0.05, by bisection */
static double t_crit95(double df)
{
	double lo = 0, hi = 1000;
	int i;

	for (i = 0; i < 200; i++) {
		double mid = (lo + hi) / 2;

		if (t_two_sided(mid, df) > 0.05)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

void sample_stats(const double *v, int n, struct sample_stats *out)
{
	double sum = 0, ss = 0;
	int i, k = 0;

	/* NaN marks a figure a run does not have: it is left out, not zero */
	for (i = 0; i < n; i++)
		if (!isnan(v[i])) {
			sum += v[i];
			k++;
		}
	out->n = k;
	out->mean = k ? sum / k : NAN;
	out->sd = out->ci95 = 0;
	if (k < 2)
		return;
	for (i = 0; i < n; i++)
		if (!isnan(v[i]))
			ss += (v[i] - out->mean) * (v[i] - out->mean);
	out->sd = sqrt(ss / (k - 1));
	out->ci95 = t_crit95(k - 1) * out->sd / sqrt(k);
}

double welch_p(const struct sample_stats *a, const struct sample_stats *b)
{
	double va, vb, se2, t, df;

	if (a->n < 2 || b->n < 2)
		return 1;
	va = a->sd * a->sd / a->n;
	vb = b->sd * b->sd / b->n;
	se2 = va + vb;
	if (se2 <= 0)
		return a->mean == b->mean ? 1 : 0;
	t = (a->mean - b->mean) / sqrt(se2);
	df = se2 * se2 / (va * va / (a->n - 1) + vb * vb / (b->n - 1));
	return t_two_sided(fabs(t), df);
}

double paired_p(const struct sample_stats *d)
{
	if (d->n < 2)
		return 1;
	if (d->sd <= 0)
		return d->mean == 0 ? 1 : 0;
	return t_two_sided(fabs(d->mean) / (d->sd / sqrt(d->n)), d->n - 1);
}
