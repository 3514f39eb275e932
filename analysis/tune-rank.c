// SPDX-License-Identifier: GPL-2.0
/*
 * A sweep's points summed over their runs and ranked (tune.h).  Pure: the
 * caller reads the runs and writes the results, so the rule that picks
 * the recommendation is tested on its own (test-rank.c).
 *
 * A point meets the budget when at most the allowed share of its
 * wake-ups miss it; of those, the one with least energy is the cheapest,
 * the first of equals.  A point that misses too often is never
 * recommended, however cheap: a saving that breaks the latency budget is
 * no saving.  The front is kept beside it for the plot: energy against
 * lateness p99, whatever the budget.
 *
 * The cheapest replaces the current values only when it is significantly
 * cheaper than them, by the paired test by seed at 5 % with Bonferroni's
 * correction: it is the best of several comparisons with the current
 * point, and with seven of them one at p < 0.05 is what chance alone
 * often gives.  The comparisons counted are those with the other points
 * that meet the budget, the only ones that could have come out cheapest:
 * a point over the budget is never recommended, so counting it would
 * raise the bar for every threshold a sweep spends beyond the budget
 * without guarding any choice.  That set is picked from the same runs,
 * but by their lateness, not by the energy tested.  Otherwise the current
 * values are kept, with one seed too (no test): recommendation.dtsi is
 * merged into boards, and a change the runs cannot tell from noise is no
 * recommendation.  Current values that break the budget must change
 * anyway, so then the cheapest within it is recommended whatever its p;
 * with no current point there is nothing to keep.
 */
#include <math.h>
#include <string.h>

#include "tune.h"

/* the lateness figures of one cell, added to the point's */
struct lat_acc {
	double lat_sum, p99_sum, model_sum, emul_sum, guest_sum;
	uint64_t split_wakeups;
	int nlat;
};

static void add_lateness(struct tune_sum *p, struct lat_acc *a, const struct latency *lat)
{
	p->wakeups += lat->wakeups;
	p->misses += lat->misses;
	a->lat_sum += lat->mean_ns * (double)lat->wakeups;
	a->p99_sum += (double)lat->p99_ns;
	if (lat->max_ns > p->lat_max)
		p->lat_max = lat->max_ns;
	a->nlat++;
	if (!lat->split)
		return;
	a->model_sum += lat->model_mean_ns * (double)lat->wakeups;
	a->emul_sum += lat->emulator_mean_ns * (double)lat->wakeups;
	a->guest_sum += lat->guest_mean_ns * (double)lat->wakeups;
	a->split_wakeups += lat->wakeups;
}

/* means per wake-up, so a scenario with more wake-ups weighs more */
static void lateness_means(struct tune_sum *p, const struct lat_acc *a)
{
	double sw = (double)a->split_wakeups;

	p->lat_mean = p->wakeups ? a->lat_sum / (double)p->wakeups : NAN;
	p->p99 = a->nlat ? a->p99_sum / a->nlat : NAN;
	p->miss_rate = p->wakeups ? (double)p->misses / (double)p->wakeups : NAN;
	p->lat_model = a->split_wakeups ? a->model_sum / sw : NAN;
	p->lat_emul = a->split_wakeups ? a->emul_sum / sw : NAN;
	p->lat_guest = a->split_wakeups ? a->guest_sum / sw : NAN;
}

int tune_aggregate(struct tune *t, int pi, int *scn, int *seed)
{
	const struct tune_point *pt = &t->pt[pi];
	struct tune_sum *p = &t->sum[pi];
	uint64_t total = 0, count[MAX_STATES] = { 0 };
	int s, k, i, nk = t->nr_seeds[0];
	struct lat_acc a = { 0 };
	double fk[MAX_REPEATS];

	memset(p, 0, sizeof(*p));
	/* a repeat's energy is over all scenarios: the sweep's workload is all of them */
	for (k = 0; k < nk; k++) {
		p->ek[k] = fk[k] = 0;
		for (s = 0; s < t->nr_scns; s++) {
			const struct tune_cell *c = &pt->cell[s][k];

			if (!c->have) {
				*scn = s;
				*seed = k;
				return -1;
			}
			p->ek[k] += c->energy_nj;
			fk[k] += c->floor_nj;
			for (i = 0; i < t->nr_states; i++)
				count[i] += c->count[i];
			if (c->has_lat)
				add_lateness(p, &a, &c->lat);
		}
	}
	sample_stats(p->ek, nk, &p->e);
	sample_stats(fk, nk, &p->fl);
	lateness_means(p, &a);
	for (i = 0; i < t->nr_states; i++)
		total += count[i];
	for (i = 0; i < t->nr_states; i++)
		p->share[i] = total ? (double)count[i] / (double)total : 0;
	return 0;
}

/* no other point is at least as good on both and better on one */
static bool on_front(const struct tune_sum *sum, int nr, int i)
{
	const struct tune_sum *p = &sum[i];
	int j;

	if (isnan(p->p99))
		return false;
	for (j = 0; j < nr; j++) {
		const struct tune_sum *q = &sum[j];

		if (j == i || isnan(q->p99))
			continue;
		if (q->e.mean <= p->e.mean && q->p99 <= p->p99 &&
		    (q->e.mean < p->e.mean || q->p99 < p->p99))
			return false;
	}
	return true;
}

/* the front in order of lateness, for the plot's line; of equal points the first */
static void order_front(const struct tune_sum *sum, int nr, struct tune_rank *rk)
{
	double last = -1;
	int i;

	rk->nr_front = 0;
	for (;;) {
		int next = -1;

		for (i = 0; i < nr; i++)
			if (rk->pareto[i] && sum[i].p99 > last &&
			    (next < 0 || sum[i].p99 < sum[next].p99))
				next = i;
		if (next < 0)
			break;
		rk->front[rk->nr_front++] = next;
		last = sum[next].p99;
	}
}

/* fewer misses first, then less energy: what to say when no point meets the budget */
static bool closer(const struct tune_sum *p, const struct tune_sum *q)
{
	return p->miss_rate < q->miss_rate ||
	       (p->miss_rate == q->miss_rate && p->e.mean < q->e.mean);
}

/* every point saw each seed's arrivals, so they are compared seed by seed */
static void against_current(const struct tune_sum *sum, int nr, int cur, int nr_seeds,
			    struct tune_rank *rk)
{
	double d[MAX_REPEATS];
	int i, k;

	for (i = 0; i < nr; i++) {
		rk->vs[i].mean = rk->vs[i].ci95 = rk->vs_p[i] = NAN;
		if (cur < 0 || i == cur)
			continue;
		for (k = 0; k < nr_seeds; k++)
			d[k] = sum[i].ek[k] - sum[cur].ek[k];
		sample_stats(d, nr_seeds, &rk->vs[i]);
		if (rk->vs[i].n >= 2)
			rk->vs_p[i] = paired_p(&rk->vs[i]);
	}
	rk->diff_p = NAN;
	rk->vs_cur = rk->cheapest >= 0 && cur >= 0 && cur != rk->cheapest;
	if (!rk->vs_cur)
		return;
	rk->diff = rk->vs[rk->cheapest];
	rk->diff_p = rk->vs_p[rk->cheapest];
}

/* the cheapest, or the current values kept; why either way */
static void choose(int nr, int cur, struct tune_rank *rk)
{
	int i;

	for (i = 0; i < nr; i++)
		if (i != cur && rk->meets[i])
			rk->nr_tested++;
	rk->alpha = 0.05 / (rk->nr_tested ? rk->nr_tested : 1);
	rk->rec = rk->cheapest;
	if (rk->cheapest < 0)
		rk->why = TUNE_NONE;
	else if (cur < 0)
		rk->why = TUNE_NO_CURRENT;
	else if (!rk->meets[cur])
		rk->why = TUNE_CURRENT_OVER;
	else if (rk->cheapest == cur)
		rk->why = TUNE_CURRENT_CHEAPEST;
	else if (isnan(rk->diff_p))
		rk->why = TUNE_ONE_SEED;
	else if (rk->diff_p < rk->alpha && rk->diff.mean < 0)
		rk->why = TUNE_SIGNIFICANT;
	else
		rk->why = TUNE_NOT_SIGNIFICANT;
	if (rk->why == TUNE_ONE_SEED || rk->why == TUNE_NOT_SIGNIFICANT)
		rk->rec = cur;
}

void tune_rank(const struct tune_sum *sum, int nr, int cur, int nr_seeds, double allowed,
	       struct tune_rank *rk)
{
	int i;

	memset(rk, 0, sizeof(*rk));
	rk->cheapest = rk->closest = -1;
	for (i = 0; i < nr; i++) {
		const struct tune_sum *p = &sum[i];

		/* without wake-ups there is no lateness to judge: it meets nothing */
		rk->meets[i] = p->wakeups && p->miss_rate <= allowed;
		if (rk->meets[i] && (rk->cheapest < 0 || p->e.mean < sum[rk->cheapest].e.mean))
			rk->cheapest = i;
		if (p->wakeups && (rk->closest < 0 || closer(p, &sum[rk->closest])))
			rk->closest = i;
		rk->pareto[i] = on_front(sum, nr, i);
	}
	order_front(sum, nr, rk);
	against_current(sum, nr, cur, nr_seeds, rk);
	choose(nr, cur, rk);
}
