// SPDX-License-Identifier: GPL-2.0
/*
 * The parts of a comparison that say where the energy went and why two
 * governors differ (see compare.h).
 *
 * Why they differ.  A governor's energy against the baseline's,
 * E_g - E_b (means over the runs), is taken apart as
 *
 *   (a) rule         the selection rule alone: the governor's rule
 *                    replayed on the baseline's own periods, against
 *                    what the baseline entered in them, counting the
 *                    states' residency energy only (power until the
 *                    wake-up event); the same periods, the same inputs,
 *                    another choice;
 *   (c) active       A_g - A_b, the busy time's energy;
 *   (d) transitions  T_g - T_b, the exit transitions (each period's exit
 *                    latency at its transition power) over all its periods;
 *   (b) periods      the rest: E_g - E_b - (a) - (c) - (d), i.e. the
 *                    residency energy the governor's periods cost beyond
 *                    what its rule costs on the baseline's: the idle
 *                    periods themselves differ (their count and lengths,
 *                    the tick kept or stopped).
 *
 * The parts add up to the difference by construction; (b) also holds any
 * difference between the driver's charge for the baseline's periods and
 * the replay's price of them (none where the replay agrees with the
 * driver's pricing; summary.txt states it otherwise).  A
 * governor whose rule the analysis cannot replay (teo) has no (a): it is
 * counted in (b) and said so.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "output.h"

static double mean_of(const struct run *runs, const struct group *g,
		      double (*f)(const struct run *))
{
	struct sample_stats s;

	group_stats(runs, g, f, &s);
	return s.mean;
}

/* idle energy without its exit transitions: what the states' power cost */
static double f_residency(const struct run *r)
{
	return f_idle(r) - f_transition(r);
}

static double f_stuck_ms(const struct run *r)
{
	return (double)r->stuck_ns / 1e6;
}

static double f_tick_kept(const struct run *r)
{
	return r->selected ? (double)r->tick_kept / (double)r->selected : NAN;
}

static double f_period_us(const struct run *r)
{
	double t = 0;
	int cpu, s;

	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		for (s = 0; s < r->nr_states; s++)
			t += (double)r->st[cpu][s].total_ns;
	return r->periods ? t / (double)r->periods / 1e3 : 0;
}

/* the replay's residency energy of rule @rule on @r's periods; the entered states' for -1 */
static double replay_residency(const struct run *r, int rule)
{
	if (rule < 0)
		return r->actual_model_nj - r->actual_model_tr_nj;
	return r->rule_nj[rule] - r->rule_tr_nj[rule];
}

struct parts {
	double diff, rule, periods, active, transitions;
	bool has_rule;
};

static void decompose(const struct run *runs, const struct group *b, const struct group *g,
		      struct parts *p)
{
	int rule = runs[g->idx[0]].ran_rule, k;
	double ruled = 0;

	memset(p, 0, sizeof(*p));
	p->diff = mean_of(runs, g, f_total) - mean_of(runs, b, f_total);
	p->active = mean_of(runs, g, f_active) - mean_of(runs, b, f_active);
	p->transitions = mean_of(runs, g, f_transition) - mean_of(runs, b, f_transition);
	p->has_rule = rule >= 0;
	if (p->has_rule) {
		for (k = 0; k < b->n; k++)
			ruled += replay_residency(&runs[b->idx[k]], rule) -
				 replay_residency(&runs[b->idx[k]], -1);
		p->rule = ruled / b->n;
	}
	/* in whole nJ, as decomposition.csv prints them, so that they add up there too */
	p->diff = round(p->diff) + 0.0;		/* + 0.0: no "-0" */
	p->rule = round(p->rule) + 0.0;
	p->active = round(p->active) + 0.0;
	p->transitions = round(p->transitions) + 0.0;
	p->periods = p->diff - p->rule - p->active - p->transitions;
}

void compare_decompose(const struct run *runs, const struct group *groups, int ng,
		       FILE *csv, FILE *txt)
{
	const struct group *b = &groups[0];
	double eb = mean_of(runs, b, f_total), resid = 0;
	struct parts parts[MAX_GROUPS];
	int j, k;

	/* once for the CSV and the sentences */
	for (j = 0; j < ng; j++)
		decompose(runs, b, &groups[j], &parts[j]);

	fprintf(csv, "governor,runs,energy_nj,residency_nj,transition_nj,active_nj,oracle_nj,diff_nj,diff_pct,diff_ci95_pct,part_rule_nj,part_periods_nj,part_active_nj,part_transition_nj,periods,tick_kept,mean_period_us,stuck_ms\n");
	for (j = 0; j < ng; j++) {
		const struct group *g = &groups[j];
		const struct parts *p = &parts[j];
		struct sample_stats d;

		paired_stats(runs, b, g, f_total, &d);
		fprintf(csv, "%s,%d,%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%.4f,", g->governor, g->n,
			mean_of(runs, g, f_total), mean_of(runs, g, f_residency),
			mean_of(runs, g, f_transition), mean_of(runs, g, f_active),
			mean_of(runs, g, f_floor), p->diff, eb > 0 ? 100 * p->diff / eb : 0);
		/* one run: no interval, and the plot says so */
		if (j && g->n > 1)
			fprintf(csv, "%.4f", eb > 0 ? 100 * d.ci95 / eb : 0);
		fprintf(csv, ",");
		if (p->has_rule)
			fprintf(csv, "%.0f", p->rule);
		fprintf(csv, ",%.0f,%.0f,%.0f,%.1f", p->periods, p->active, p->transitions,
			mean_of(runs, g, f_periods));
		csv_opt(csv, "%.4f", mean_of(runs, g, f_tick_kept));
		fprintf(csv, ",%.1f,%.3f\n", mean_of(runs, g, f_period_us),
			mean_of(runs, g, f_stuck_ms));
	}
	for (k = 0; k < b->n; k++)
		resid += (f_residency(&runs[b->idx[k]]) - replay_residency(&runs[b->idx[k]], -1)) / b->n;

	fprintf(txt, "\nwhy the energy differs from %s's (mJ; the parts add up to the difference):\n",
		b->governor);
	fprintf(txt, "%-14s %10s %10s %10s %10s %12s   %s\n", "governor", "total", "rule",
		"periods", "active", "transitions", "largest part");
	for (j = 1; j < ng; j++) {
		const struct group *g = &groups[j];
		const char *name[4] = { "the selection rule on identical periods",
					"the idle periods themselves", "the busy time's energy",
					"the exit transitions" };
		const struct parts *p = &parts[j];
		double v[4];
		int big = 0, i;

		v[0] = p->rule;
		v[1] = p->periods;
		v[2] = p->active;
		v[3] = p->transitions;
		for (i = 1; i < 4; i++)
			if (fabs(v[i]) > fabs(v[big]))
				big = i;
		fprintf(txt, "%-14s %+10.3f ", g->governor, p->diff / 1e6);
		if (p->has_rule)
			fprintf(txt, "%+10.3f ", p->rule / 1e6);
		else
			fprintf(txt, "%10s ", "n/a");
		fprintf(txt, "%+10.3f %+10.3f %+12.3f   %s\n", p->periods / 1e6, p->active / 1e6,
			p->transitions / 1e6, name[big]);
		fprintf(txt, "  %s: %+.3f mJ (%+.2f%%) against %s; the largest part is %s, %+.3f mJ",
			g->governor, p->diff / 1e6, eb > 0 ? 100 * p->diff / eb : 0, b->governor,
			name[big], v[big] / 1e6);
		/* more wake-ups cost busy time and exits too: the periods say why */
		fprintf(txt, ".\n  Its idle periods: %.0f (%s: %.0f), %.0f us long on average (%.0f), the tick kept running in %.1f%% of them (%.1f%%), stuck %.3f ms (%.3f).\n",
			mean_of(runs, g, f_periods), b->governor, mean_of(runs, b, f_periods),
			mean_of(runs, g, f_period_us), mean_of(runs, b, f_period_us),
			100 * mean_of(runs, g, f_tick_kept), 100 * mean_of(runs, b, f_tick_kept),
			mean_of(runs, g, f_stuck_ms), mean_of(runs, b, f_stuck_ms));
		if (!p->has_rule)
			fprintf(txt, "  (%s's rule is not replayed: its part is counted in 'periods')\n",
				g->governor);
	}
	if (fabs(resid) >= 500)
		fprintf(txt, "  'periods' also holds %+.3f mJ by which the driver's charge for %s's periods\n"
			"  differs from the replay's price of them.\n", resid / 1e6, b->governor);
}

void compare_residency(const struct run *runs, const struct group *groups, int ng,
		       int nr_states, FILE *fp)
{
	int j, s, k, cpu;

	fprintf(fp, "governor");
	for (s = 0; s < nr_states; s++)
		fprintf(fp, ",%s", state_name(&runs[0], s));
	fprintf(fp, "\n");
	for (j = 0; j < ng; j++) {
		fprintf(fp, "%s", groups[j].governor);
		for (s = 0; s < nr_states; s++) {
			double t = 0;

			for (k = 0; k < groups[j].n; k++)
				for (cpu = 0; cpu < runs[groups[j].idx[k]].nr_cpus; cpu++)
					t += runs[groups[j].idx[k]].st[cpu][s].total_ns;
			fprintf(fp, ",%.3f", t / groups[j].n / 1e6);
		}
		fprintf(fp, "\n");
	}
}

void compare_domains(const struct domain_means *m, const struct group *groups, int ng,
		     FILE *csv, FILE *txt)
{
	bool entered = false;
	int i, j, w = 14;

	for (j = 0; j < ng; j++)
		for (i = 0; i < m->n; i++)
			entered |= m->count[j][i] > 0;
	for (i = 0; i < m->n; i++)
		w = name_width(w, m->st[i].name);
	fprintf(csv, "governor");
	for (i = 0; i < m->n; i++)
		fprintf(csv, ",%s:%s", m->st[i].dname, m->st[i].name);
	for (i = 0; i < m->n; i++)
		fprintf(csv, ",%s:%s_count", m->st[i].dname, m->st[i].name);
	fprintf(csv, "\n");
	fprintf(txt, "\ndomains, in the states genpd chose at the last CPU (mean over the runs)%s:\n",
		entered ? "" : ", none entered");
	for (j = 0; j < ng; j++) {
		fprintf(csv, "%s", groups[j].governor);
		for (i = 0; i < m->n; i++)
			fprintf(csv, ",%.3f", m->ns[j][i] / 1e6);
		for (i = 0; i < m->n; i++)
			fprintf(csv, ",%.1f", m->count[j][i]);
		fprintf(csv, "\n");
		fprintf(txt, "  %s:\n", groups[j].governor);
		for (i = 0; i < m->n; i++)
			fprintf(txt, "    %-8s %-*s %10.1f times %12.3f ms\n", m->st[i].dname, w,
				m->st[i].name, m->count[j][i], m->ns[j][i] / 1e6);
	}
}

/* The row of run @r for phase @index of @thread, or NULL */
static const struct phase_row *find_phase(const struct run *r, const char *thread, int index)
{
	int i;

	for (i = 0; i < r->ph.n; i++)
		if (!strcmp(r->ph.row[i].thread, thread) && r->ph.row[i].index == index)
			return &r->ph.row[i];
	return NULL;
}

/* a thread is shown when it has more than one phase: else its row is the whole run */
static bool phased(const struct run *r, const char *thread)
{
	int i, n = 0;

	for (i = 0; i < r->ph.n; i++)
		n += !strcmp(r->ph.row[i].thread, thread);
	return n > 1;
}

/* the first row of row @i's thread */
static int first_of(const struct run *r, int i)
{
	int k;

	for (k = 0; k < i; k++)
		if (!strcmp(r->ph.row[k].thread, r->ph.row[i].thread))
			return k;
	return i;
}

struct phase_mean {
	double energy, idle, active, transition, wakeups, late_mean, late_p99, misses;
	double state_ns[MAX_STATES];
	int n;
};

static void phase_mean(const struct run *runs, const struct group *g, const char *thread,
		       int index, struct phase_mean *m)
{
	int k, s;

	memset(m, 0, sizeof(*m));
	for (k = 0; k < g->n; k++) {
		const struct phase_row *p = find_phase(&runs[g->idx[k]], thread, index);

		if (!p)
			continue;
		m->n++;
		m->idle += p->idle_nj;
		m->active += p->active_nj;
		m->transition += p->transition_nj;
		m->wakeups += (double)p->wakeups;
		m->late_mean += p->late_mean_ns;
		m->late_p99 += (double)p->late_p99_ns;
		m->misses += (double)p->misses;
		for (s = 0; s < MAX_STATES; s++)
			m->state_ns[s] += (double)p->state_ns[s];
	}
	if (!m->n)
		return;
	m->idle /= m->n;
	m->active /= m->n;
	m->transition /= m->n;
	m->energy = m->idle + m->active;
	m->wakeups /= m->n;
	m->late_mean /= m->n;
	m->late_p99 /= m->n;
	m->misses /= m->n;
	for (s = 0; s < MAX_STATES; s++)
		m->state_ns[s] /= m->n;
}

void compare_phases(const struct run *runs, const struct group *groups, int ng,
		    FILE *csv, FILE *txt)
{
	const struct run *r0 = &runs[groups[0].idx[0]];
	int order[MAX_PHASES], i, j, o, s, shown = 0;

	fprintf(csv, "thread,phase,index,begin_ms,end_ms,governor,runs,energy_nj,ratio_to_baseline,idle_nj,active_nj,transition_nj,wakeups,lateness_mean_ns,lateness_p99_ns,misses");
	for (s = 0; s < r0->nr_states; s++)
		fprintf(csv, ",%s_share", state_name(r0, s));
	fprintf(csv, "\n");
	/* thread by thread, in the order they first appear, each in its phases' order */
	for (o = 0; o < r0->ph.n; o++)
		order[o] = o;
	for (o = 1; o < r0->ph.n; o++)
		for (i = o; i > 0 && first_of(r0, order[i]) < first_of(r0, order[i - 1]); i--) {
			int t = order[i];

			order[i] = order[i - 1];
			order[i - 1] = t;
		}
	for (o = 0; o < r0->ph.n; o++) {
		const struct phase_row *p0 = &r0->ph.row[order[o]];
		struct phase_mean base;
		double begin = ((double)p0->begin - (double)r0->tl_origin) / 1e6;
		double end = p0->end ? ((double)p0->end - (double)r0->tl_origin) / 1e6 : NAN;

		phase_mean(runs, &groups[0], p0->thread, p0->index, &base);
		if (phased(r0, p0->thread) && !shown++) {
			fprintf(txt, "\nper phase (mean over the runs; energy of everything in the phase's interval, all CPUs):\n");
			fprintf(txt, "%-10s %-12s %17s %-14s %11s %9s %11s %8s\n", "thread", "phase",
				"interval_s", "governor", "energy_mJ", "vs_base", "late_p99_us",
				"misses");
		}
		for (j = 0; j < ng; j++) {
			struct phase_mean m;
			double idle_ns = 0;

			phase_mean(runs, &groups[j], p0->thread, p0->index, &m);
			if (!m.n)
				continue;
			fprintf(csv, "%s,%s,%d,%.3f", p0->thread, p0->phase, p0->index, begin);
			csv_opt(csv, "%.3f", end);
			fprintf(csv, ",%s,%d,%.0f,%.4f,%.0f,%.0f,%.0f,%.1f,%.0f,%.0f,%.1f",
				groups[j].governor, m.n, m.energy,
				base.energy > 0 ? m.energy / base.energy : 0, m.idle, m.active,
				m.transition, m.wakeups, m.late_mean, m.late_p99, m.misses);
			for (s = 0; s < r0->nr_states; s++)
				idle_ns += m.state_ns[s];
			for (s = 0; s < r0->nr_states; s++)
				fprintf(csv, ",%.4f", idle_ns > 0 ? m.state_ns[s] / idle_ns : 0);
			fprintf(csv, "\n");
			if (!phased(r0, p0->thread))
				continue;
			fprintf(txt, "%-10s %-12s %8.3f-%-8.3f %-14s %11.3f %9.3f ", j ? "" : p0->thread,
				j ? "" : p0->phase, begin / 1e3, end / 1e3, groups[j].governor,
				m.energy / 1e6, base.energy > 0 ? m.energy / base.energy : 0);
			if (m.wakeups > 0)
				fprintf(txt, "%11.1f %8.1f\n", m.late_p99 / 1e3, m.misses);
			else
				fprintf(txt, "%11s %8s\n", "-", "-");
		}
	}
	if (!shown)
		fprintf(txt, "\n(no thread of this scenario has more than one phase: its phases are the whole run)\n");
}
