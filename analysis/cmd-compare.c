// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze compare --out DIR RUNDIR...: runs of one scenario
 * under several governors (the first is the baseline), each governor
 * under the same seeds, into DIR: comparison.csv, residency.csv,
 * rules.csv, decomposition.csv, phases.csv and, for runs with genpd's
 * domains, domains.csv (compare-parts.c) and summary.txt.  Every governor sees the same arrivals
 * under a seed, so differences to the baseline are tested seed by seed.
 *
 * The options are parsed, the runs loaded and grouped by governor, each
 * group's figures and tests taken by groups.c, and the outputs written
 * here: the statistics read no file and write none, so they are tested
 * on their own.
 *
 * idlesim-analyze compare --limits: "governors N" and "repeats N", which
 * scripts/compare.sh checks before anything boots.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "output.h"
#include "run.h"
#include "stats.h"

struct compare_opts {
	const char *odir;
	char **runs;
	int nr_runs;
};

/* the runs by governor and each governor's figures */
struct comparison {
	struct run *runs;
	int nr_runs;
	struct group groups[MAX_GROUPS];
	int ng, nr_states;
	struct group_figures fig[MAX_GROUPS];
	struct domain_means dom;
};

/* Runs of one comparison must be of the same scenario file. */
static int same_scenario(const struct run *a, const struct run *b)
{
	if (strcmp(a->m.scenario, b->m.scenario) ||
	    strcmp(a->m.scenario_sha256, b->m.scenario_sha256)) {
		fprintf(stderr,
			"cannot compare %s (scenario %s) with %s (scenario %s): the runs must be of the same scenario file\n",
			a->dir, a->m.scenario[0] ? a->m.scenario : "-",
			b->dir, b->m.scenario[0] ? b->m.scenario : "-");
		return -1;
	}
	return 0;
}

/* -1 to go on, else the exit status: --limits, or a bad option */
static int compare_parse(int argc, char **argv, struct compare_opts *co)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "limits", no_argument, NULL, 'L' },
		{ }
	};
	int c;

	*co = (struct compare_opts){ };
	while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		if (c == 'L') {
			printf("governors %d\nrepeats %d\n", MAX_GROUPS, MAX_REPEATS);
			return 0;
		}
		if (c != 'o')
			return 2;
		co->odir = optarg;
	}
	co->runs = argv + optind;
	co->nr_runs = argc - optind;
	if (!co->odir || co->nr_runs < 2) {
		fprintf(stderr, "usage: idlesim-analyze compare --out DIR BASELINE_RUNDIR... RUNDIR...\n"
			"       idlesim-analyze compare --limits\n");
		return 2;
	}
	return -1;
}

/* Run @i of @c into the group of its governor. */
static int compare_add(struct comparison *c, int i)
{
	const struct run *r = &c->runs[i];
	struct group *g;
	int j;

	if (i && same_scenario(&c->runs[0], r) < 0)
		return -1;
	if (r->nr_states > c->nr_states)
		c->nr_states = r->nr_states;
	j = group_of(c->groups, &c->ng, r->m.governor);
	if (j < 0) {
		fprintf(stderr, "at most %d governors in one comparison\n", MAX_GROUPS);
		return -1;
	}
	g = &c->groups[j];
	if (g->n == MAX_REPEATS) {
		fprintf(stderr, "at most %d repeats of one governor\n", MAX_REPEATS);
		return -1;
	}
	g->idx[g->n++] = i;
	return 0;
}

/* Every run, grouped by governor: at least two, each under the baseline's seeds. */
static int compare_load(const struct compare_opts *co, const struct run_opts *o,
			struct comparison *c)
{
	int i, j;

	for (i = 0; i < c->nr_runs; i++)
		if (analyse_run(co->runs[i], -1, o, &c->runs[i]) < 0 || compare_add(c, i) < 0)
			return -1;
	if (c->ng < 2) {
		fprintf(stderr, "all %d runs are of governor %s: nothing to compare\n", c->nr_runs,
			c->groups[0].governor);
		return -1;
	}
	for (j = 1; j < c->ng; j++)
		if (!same_seeds(c->runs, &c->groups[0], &c->groups[j])) {
			fprintf(stderr, "cannot compare %s with %s: they did not run the same seeds (an A/B comparison runs the same scenario and seeds under each governor)\n",
				c->groups[0].governor, c->groups[j].governor);
			return -1;
		}
	return 0;
}

/* comparison.csv: a row per governor */
static void write_comparison(const struct comparison *c, FILE *cmp)
{
	const struct sample_stats *base = &c->fig[0].e;
	int j;

	fprintf(cmp, "governor,runs,energy_nj,energy_ci95_nj,idle_nj,active_nj,ratio_to_baseline,p_value,significant,oracle_nj,ratio_to_oracle,periods,demotions,exit_latency_mean_ns,replay_agreement,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,budget_misses,transition_nj,lateness_model_mean_ns,lateness_emulator_mean_ns,lateness_guest_mean_ns,paired_diff_nj,paired_ci95_nj,paired_p\n");
	for (j = 0; j < c->ng; j++) {
		const struct group_figures *f = &c->fig[j];
		const char *sig = !j ? "baseline" : !f->tested ? "n/a" : f->p < 0.05 ? "yes" : "no";

		fprintf(cmp, "%s,%d,%.0f,%.0f,%.0f,%.0f,%.4f,%.4g,%s,%.0f,%.4f,%.1f,%.1f,%.0f",
			c->groups[j].governor, f->e.n, f->e.mean, f->e.ci95, f->idle.mean,
			f->act.mean, base->mean > 0 ? f->e.mean / base->mean : 0, f->p, sig,
			f->fl.mean, f->fl.mean > 0 ? f->e.mean / f->fl.mean : 0, f->per.mean,
			f->dem.mean, f->lat.mean);
		csv_opt(cmp, "%.6f", f->agr.mean);
		csv_opt(cmp, "%.1f", f->wk.mean);
		csv_opt(cmp, "%.0f", f->lm.mean);
		csv_opt(cmp, "%.0f", f->lp.mean);
		csv_opt(cmp, "%.0f", f->lx.mean);
		csv_opt(cmp, "%.1f", f->ms.mean);
		fprintf(cmp, ",%.0f", f->tr.mean);
		csv_opt(cmp, "%.0f", f->sm.mean);
		csv_opt(cmp, "%.0f", f->se.mean);
		csv_opt(cmp, "%.0f", f->sg.mean);
		fprintf(cmp, ",%.0f,%.0f,%.4g\n", f->pd.mean, f->pd.ci95, f->p);
	}
}

/* summary.txt's first table: a line per governor */
static void write_table(const struct comparison *c, FILE *txt)
{
	const struct sample_stats *base = &c->fig[0].e;
	const struct group *g0 = &c->groups[0];
	int j;

	fprintf(txt, "scenario %s, %d seed%s (%s%s); baseline %s\n\n", c->runs[0].m.scenario,
		g0->n, g0->n > 1 ? "s" : "", c->runs[g0->idx[0]].m.seed,
		g0->n > 1 ? ", ..." : "", g0->governor);
	fprintf(txt, "%-14s %12s %10s %9s %9s %9s %10s %9s %12s %12s %10s %8s\n", "governor",
		"energy_mJ", "+-95%", "vs_base", "p", "vs_oracle", "periods", "demoted",
		"exit_lat_us", "replay_agree", "late_p99_us", "misses");
	for (j = 0; j < c->ng; j++) {
		const struct group_figures *f = &c->fig[j];
		char pstr[16];

		if (!j)
			snprintf(pstr, sizeof(pstr), "-");
		else if (!f->tested)
			snprintf(pstr, sizeof(pstr), "n/a");
		else
			snprintf(pstr, sizeof(pstr), "%.3g", f->p);
		fprintf(txt, "%-14s %12.3f ", c->groups[j].governor, f->e.mean / 1e6);
		/* one run has no interval */
		if (f->e.n > 1)
			fprintf(txt, "%10.3f ", f->e.ci95 / 1e6);
		else
			fprintf(txt, "%10s ", "-");
		fprintf(txt, "%9.3f %9s %9.3f %10.0f %9.0f %12.1f %11.2f%% ",
			base->mean > 0 ? f->e.mean / base->mean : 0, pstr,
			f->fl.mean > 0 ? f->e.mean / f->fl.mean : 0, f->per.mean, f->dem.mean,
			f->lat.mean / 1e3, 100 * f->agr.mean);
		/* a workload without wake-ups of its own (commands only) has no lateness */
		if (isnan(f->lp.mean))
			fprintf(txt, "%11s %8s\n", "-", "-");
		else
			fprintf(txt, "%11.1f %8.1f\n", f->lp.mean / 1e3, f->ms.mean);
	}
}

/* summary.txt: what the lateness was judged on, and its parts */
static void write_lateness(const struct comparison *c, const struct run_opts *o, FILE *txt)
{
	int j;

	if (!c->runs[0].has_lat)
		return;
	fprintf(txt, "\nlateness judged on '%s' (%s); mean per wake-up:\n",
		lateness_basis_names[o->basis], lateness_basis_desc[o->basis]);
	fprintf(txt, "%-14s %14s %14s %14s %14s\n", "governor", "judged_us",
		"model_exit_us", "emulator_us", "guest_path_us");
	for (j = 0; j < c->ng; j++) {
		const struct group_figures *f = &c->fig[j];

		fprintf(txt, "%-14s %14.1f %14.1f %14.1f %14.1f\n", c->groups[j].governor,
			f->lm.mean / 1e3, f->sm.mean / 1e3, f->se.mean / 1e3, f->sg.mean / 1e3);
	}
}

/* summary.txt: each governor against the baseline, seed by seed */
static void write_tests(const struct comparison *c, FILE *txt)
{
	const struct sample_stats *base = &c->fig[0].e;
	int j;

	if (c->groups[0].n < 2) {
		fprintf(txt, "\n(one run per governor: no interval, no significance; use REPEATS=n)\n");
		return;
	}
	for (j = 1; j < c->ng; j++) {
		const struct group_figures *f = &c->fig[j];

		fprintf(txt, "\n%s against %s, paired by seed: %+.2f%% energy +- %.2f%% (95%%), p = %.3g: %s (unpaired, Welch: p = %.3g)",
			c->groups[j].governor, c->groups[0].governor, 100 * f->pd.mean / base->mean,
			100 * f->pd.ci95 / base->mean, f->p,
			f->p < 0.05 ? "significant at 5%" : "not significant at 5%", f->welch_p);
	}
}

/*
 * rules.csv: the replayed rules' idle energy (nJ, mean over the runs) on
 * the periods of each governor's runs, then the oracle's and what was
 * entered, priced alike; a row per rule, a column per governor.
 */
static double rule_energy(const struct run *r, int rule)
{
	if (rule < NR_RULES)
		return r->rule_nj[rule];
	return rule == NR_RULES ? r->oracle_nj : r->actual_model_nj;
}

static void write_rules(FILE *fp, const struct run *runs,
			const struct group *groups, int ng)
{
	int i, j, k;

	fprintf(fp, "rule");
	for (j = 0; j < ng; j++)
		fprintf(fp, ",%s", groups[j].governor);
	fprintf(fp, "\n");
	for (i = 0; i < NR_RULES + 2; i++) {
		fprintf(fp, "%s", i < NR_RULES ? rule_names[i] :
			i == NR_RULES ? "oracle" : "actual");
		for (j = 0; j < ng; j++) {
			double sum = 0;

			for (k = 0; k < groups[j].n; k++)
				sum += rule_energy(&runs[groups[j].idx[k]], i);
			fprintf(fp, ",%.0f", sum / groups[j].n);
		}
		fprintf(fp, "\n");
	}
}

/* Every output, all of them or none. */
static int compare_write(const struct compare_opts *co, const struct run_opts *o,
			 const struct comparison *c)
{
	enum { CMP, RES, TXT, RUL, DEC, PHA, NR_FILES };
	static const char *const names[NR_FILES] = {
		"comparison.csv", "residency.csv", "summary.txt", "rules.csv",
		"decomposition.csv", "phases.csv",
	};
	struct outputs out = { };
	FILE *fp[NR_FILES], *dom = NULL;

	if (out_open_all(&out, co->odir, names, NR_FILES, fp) < 0)
		return -1;
	/* only runs with genpd's domains have stays: the others' outputs are as before */
	if (c->dom.n) {
		dom = out_open(&out, co->odir, "domains.csv");
		if (!dom) {
			out_abort(&out);
			return -1;
		}
	}
	write_comparison(c, fp[CMP]);
	write_table(c, fp[TXT]);
	write_lateness(c, o, fp[TXT]);
	write_tests(c, fp[TXT]);
	fprintf(fp[TXT], "\n");
	compare_decompose(c->runs, c->groups, c->ng, fp[DEC], fp[TXT]);
	compare_phases(c->runs, c->groups, c->ng, fp[PHA], fp[TXT]);
	if (dom)
		compare_domains(&c->dom, c->groups, c->ng, dom, fp[TXT]);
	compare_residency(c->runs, c->groups, c->ng, c->nr_states, fp[RES]);
	write_rules(fp[RUL], c->runs, c->groups, c->ng);
	return out_commit(&out);
}

/* the summary on stdout too, as written */
static void print_summary(const char *odir)
{
	char p[PATH_MAX + 16];
	FILE *fp;
	int ch;

	snprintf(p, sizeof(p), "%s/summary.txt", odir);
	fp = fopen(p, "r");
	if (!fp)
		return;
	while ((ch = fgetc(fp)) != EOF)
		putchar(ch);
	fclose(fp);
}

int cmd_compare(int argc, char **argv, const struct run_opts *o)
{
	struct compare_opts co;
	struct comparison *c;
	int ret;

	ret = compare_parse(argc, argv, &co);
	if (ret >= 0)
		return ret;
	c = calloc(1, sizeof(*c));
	if (!c)
		return 1;
	ret = 1;
	c->nr_runs = co.nr_runs;
	c->runs = calloc(c->nr_runs, sizeof(*c->runs));
	if (!c->runs || compare_load(&co, o, c) < 0)
		goto free;
	compare_figures(c->runs, c->groups, c->ng, c->fig);
	domain_means(c->runs, c->nr_runs, c->groups, c->ng, &c->dom);
	if (compare_write(&co, o, c) < 0)
		goto free;
	print_summary(co.odir);
	ret = 0;
free:
	free(c->runs);
	free(c);
	return ret;
}
