// SPDX-License-Identifier: GPL-2.0
/*
 * A comparison's runs grouped by governor, and its figures over each
 * group: the mean of a figure over a group's seeds, the per-seed
 * differences to the baseline's and their test, its time in the PM
 * domains' states (compare.h).  Pure: no
 * output, so cmd-compare.c says what went wrong and test-analysis.c
 * checks the statistics on made-up runs.
 */
#include <math.h>
#include <stdlib.h>
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

int group_of(struct group *groups, int *ng, const char *governor)
{
	int j;

	for (j = 0; j < *ng; j++)
		if (!strcmp(groups[j].governor, governor))
			return j;
	if (*ng == MAX_GROUPS)
		return -1;
	groups[*ng].governor = governor;
	return (*ng)++;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

bool same_seeds(const struct run *runs, const struct group *g0, const struct group *g)
{
	const char *a[MAX_REPEATS], *b[MAX_REPEATS];
	int i;

	if (g->n != g0->n)
		return false;
	for (i = 0; i < g->n; i++) {
		a[i] = runs[g0->idx[i]].m.seed;
		b[i] = runs[g->idx[i]].m.seed;
	}
	qsort(a, g->n, sizeof(*a), cmp_str);
	qsort(b, g->n, sizeof(*b), cmp_str);
	for (i = 0; i < g->n; i++)
		if (strcmp(a[i], b[i]))
			return false;
	return true;
}

static void figures(const struct run *runs, const struct group *g, struct group_figures *f)
{
	group_stats(runs, g, f_total, &f->e);
	group_stats(runs, g, f_idle, &f->idle);
	group_stats(runs, g, f_active, &f->act);
	group_stats(runs, g, f_floor, &f->fl);
	group_stats(runs, g, f_periods, &f->per);
	group_stats(runs, g, f_demotions, &f->dem);
	group_stats(runs, g, f_exit_lat, &f->lat);
	group_stats(runs, g, f_agree, &f->agr);
	group_stats(runs, g, f_wakeups, &f->wk);
	group_stats(runs, g, f_lat_mean, &f->lm);
	group_stats(runs, g, f_lat_p99, &f->lp);
	group_stats(runs, g, f_lat_max, &f->lx);
	group_stats(runs, g, f_misses, &f->ms);
	group_stats(runs, g, f_transition, &f->tr);
	group_stats(runs, g, f_lat_model, &f->sm);
	group_stats(runs, g, f_lat_emul, &f->se);
	group_stats(runs, g, f_lat_guest, &f->sg);
}

void compare_figures(const struct run *runs, const struct group *groups, int ng,
		     struct group_figures *fig)
{
	const struct sample_stats *base = &fig[0].e;
	int j;

	for (j = 0; j < ng; j++) {
		struct group_figures *f = &fig[j];

		figures(runs, &groups[j], f);
		/* paired by seed: each seed's arrivals are the same under both */
		paired_stats(runs, &groups[0], &groups[j], f_total, &f->pd);
		f->p = j ? paired_p(&f->pd) : 1;
		f->welch_p = welch_p(base, &f->e);
		/* one run has no spread, and the baseline is not tested against itself */
		f->tested = j && f->e.n >= 2 && base->n >= 2;
	}
}

void domain_means(const struct run *runs, int nr_runs, const struct group *groups, int ng,
		  struct domain_means *m)
{
	int i, j, k;

	memset(m, 0, sizeof(*m));
	/* genpd runs whose domains were never powered off show zeros */
	for (i = 0; i < nr_runs && !runs[i].nr_domain_state_names; i++)
		;
	if (i == nr_runs)
		return;
	m->n = domain_states(&runs[i], m->st);
	for (j = 0; j < ng; j++)
		for (i = 0; i < m->n; i++) {
			for (k = 0; k < groups[j].n; k++) {
				const struct run *r = &runs[groups[j].idx[k]];

				m->count[j][i] += (double)r->dom_count[m->st[i].d][m->st[i].s];
				m->ns[j][i] += (double)r->dom_ns[m->st[i].d][m->st[i].s];
			}
			m->count[j][i] /= groups[j].n;
			m->ns[j][i] /= groups[j].n;
		}
}
