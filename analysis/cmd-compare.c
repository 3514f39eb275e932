// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze compare --out DIR RUNDIR...: runs of one scenario
 * under several governors (the first is the baseline), each governor
 * under the same seeds, into DIR: comparison.csv, residency.csv,
 * rules.csv, decomposition.csv and phases.csv (compare-parts.c) and
 * summary.txt.  Every governor sees the same arrivals
 * under a seed, so differences to the baseline are tested seed by seed.
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

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every governor must have run the same seeds, so the comparison is paired. */
static int same_seeds(const struct run *runs, const struct group *g0, const struct group *g)
{
	const char *a[MAX_REPEATS], *b[MAX_REPEATS];
	int i;

	if (g->n != g0->n)
		goto bad;
	for (i = 0; i < g->n; i++) {
		a[i] = runs[g0->idx[i]].m.seed;
		b[i] = runs[g->idx[i]].m.seed;
	}
	qsort(a, g->n, sizeof(*a), cmp_str);
	qsort(b, g->n, sizeof(*b), cmp_str);
	for (i = 0; i < g->n; i++)
		if (strcmp(a[i], b[i]))
			goto bad;
	return 0;
bad:
	fprintf(stderr, "cannot compare %s with %s: they did not run the same seeds (an A/B comparison runs the same scenario and seeds under each governor)\n",
		g0->governor, g->governor);
	return -1;
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

int cmd_compare(int argc, char **argv, const struct run_opts *o)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "limits", no_argument, NULL, 'L' },
		{ }
	};
	struct outputs out = { };
	struct group groups[MAX_GROUPS] = { };
	struct sample_stats base;
	const char *odir = NULL;
	int c, i, j, n, ng = 0, ret = 1, nr_states = 0;
	FILE *cmp, *res, *txt, *rul, *dec, *pha;
	struct run *runs;

	while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		if (c == 'L') {
			printf("governors %d\nrepeats %d\n", MAX_GROUPS, MAX_REPEATS);
			return 0;
		}
		if (c != 'o')
			return 2;
		odir = optarg;
	}
	n = argc - optind;
	if (!odir || n < 2) {
		fprintf(stderr, "usage: idlesim-analyze compare --out DIR BASELINE_RUNDIR... RUNDIR...\n"
			"       idlesim-analyze compare --limits\n");
		return 2;
	}
	runs = calloc(n, sizeof(*runs));
	if (!runs)
		return 1;
	for (i = 0; i < n; i++) {
		if (analyse_run(argv[optind + i], -1, o, &runs[i]) < 0)
			goto free;
		if (i && same_scenario(&runs[0], &runs[i]) < 0)
			goto free;
		if (runs[i].nr_states > nr_states)
			nr_states = runs[i].nr_states;
		for (j = 0; j < ng; j++)
			if (!strcmp(groups[j].governor, runs[i].m.governor))
				break;
		if (j == ng) {
			if (ng == MAX_GROUPS) {
				fprintf(stderr, "at most %d governors in one comparison\n", MAX_GROUPS);
				goto free;
			}
			groups[ng++].governor = runs[i].m.governor;
		}
		if (groups[j].n == MAX_REPEATS) {
			fprintf(stderr, "at most %d repeats of one governor\n", MAX_REPEATS);
			goto free;
		}
		groups[j].idx[groups[j].n++] = i;
	}
	if (ng < 2) {
		fprintf(stderr, "all %d runs are of governor %s: nothing to compare\n", n, groups[0].governor);
		goto free;
	}
	for (j = 1; j < ng; j++)
		if (same_seeds(runs, &groups[0], &groups[j]) < 0)
			goto free;
	if (make_dir(odir) < 0)
		goto free;
	cmp = out_open(&out, odir, "comparison.csv");
	res = cmp ? out_open(&out, odir, "residency.csv") : NULL;
	txt = res ? out_open(&out, odir, "summary.txt") : NULL;
	rul = txt ? out_open(&out, odir, "rules.csv") : NULL;
	dec = rul ? out_open(&out, odir, "decomposition.csv") : NULL;
	pha = dec ? out_open(&out, odir, "phases.csv") : NULL;
	if (!pha) {
		out_abort(&out);
		goto free;
	}
	group_stats(runs, &groups[0], f_total, &base);
	fprintf(cmp, "governor,runs,energy_nj,energy_ci95_nj,idle_nj,active_nj,ratio_to_baseline,p_value,significant,oracle_nj,ratio_to_oracle,periods,demotions,exit_latency_mean_ns,replay_agreement,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,budget_misses,transition_nj,lateness_model_mean_ns,lateness_emulator_mean_ns,lateness_guest_mean_ns,paired_diff_nj,paired_ci95_nj,paired_p\n");
	fprintf(txt, "scenario %s, %d seed%s (%s%s); baseline %s\n\n", runs[0].m.scenario,
		groups[0].n, groups[0].n > 1 ? "s" : "", runs[groups[0].idx[0]].m.seed,
		groups[0].n > 1 ? ", ..." : "", groups[0].governor);
	fprintf(txt, "%-14s %12s %10s %9s %9s %9s %10s %9s %12s %12s %10s %8s\n", "governor",
		"energy_mJ", "+-95%", "vs_base", "p", "vs_oracle", "periods", "demoted",
		"exit_lat_us", "replay_agree", "late_p99_us", "misses");
	for (j = 0; j < ng; j++) {
		struct sample_stats e, idle, act, fl, per, dem, lat, agr, wk, lm, lp, lx, ms, tr;
		struct sample_stats sm, se, sg, pd;
		const struct group *g = &groups[j];
		char pstr[16];
		const char *sig;
		double p;

		group_stats(runs, g, f_total, &e);
		group_stats(runs, g, f_idle, &idle);
		group_stats(runs, g, f_active, &act);
		group_stats(runs, g, f_floor, &fl);
		group_stats(runs, g, f_periods, &per);
		group_stats(runs, g, f_demotions, &dem);
		group_stats(runs, g, f_exit_lat, &lat);
		group_stats(runs, g, f_agree, &agr);
		group_stats(runs, g, f_wakeups, &wk);
		group_stats(runs, g, f_lat_mean, &lm);
		group_stats(runs, g, f_lat_p99, &lp);
		group_stats(runs, g, f_lat_max, &lx);
		group_stats(runs, g, f_misses, &ms);
		group_stats(runs, g, f_transition, &tr);
		/* paired by seed: each seed's arrivals are the same under both */
		paired_stats(runs, &groups[0], g, f_total, &pd);
		p = j ? paired_p(&pd) : 1;
		sig = !j ? "baseline" : (e.n < 2 || base.n < 2) ? "n/a" : p < 0.05 ? "yes" : "no";
		if (!j)
			snprintf(pstr, sizeof(pstr), "-");
		else if (e.n < 2 || base.n < 2)
			snprintf(pstr, sizeof(pstr), "n/a");
		else
			snprintf(pstr, sizeof(pstr), "%.3g", p);
		fprintf(cmp, "%s,%d,%.0f,%.0f,%.0f,%.0f,%.4f,%.4g,%s,%.0f,%.4f,%.1f,%.1f,%.0f",
			g->governor, e.n, e.mean, e.ci95, idle.mean, act.mean,
			base.mean > 0 ? e.mean / base.mean : 0, j ? p : 1, sig, fl.mean,
			fl.mean > 0 ? e.mean / fl.mean : 0, per.mean, dem.mean, lat.mean);
		csv_opt(cmp, "%.6f", agr.mean);
		csv_opt(cmp, "%.1f", wk.mean);
		csv_opt(cmp, "%.0f", lm.mean);
		csv_opt(cmp, "%.0f", lp.mean);
		csv_opt(cmp, "%.0f", lx.mean);
		csv_opt(cmp, "%.1f", ms.mean);
		fprintf(cmp, ",%.0f", tr.mean);
		group_stats(runs, g, f_lat_model, &sm);
		group_stats(runs, g, f_lat_emul, &se);
		group_stats(runs, g, f_lat_guest, &sg);
		csv_opt(cmp, "%.0f", sm.mean);
		csv_opt(cmp, "%.0f", se.mean);
		csv_opt(cmp, "%.0f", sg.mean);
		fprintf(cmp, ",%.0f,%.0f,%.4g\n", pd.mean, pd.ci95, p);
		fprintf(txt, "%-14s %12.3f ", g->governor, e.mean / 1e6);
		/* one run has no interval */
		if (e.n > 1)
			fprintf(txt, "%10.3f ", e.ci95 / 1e6);
		else
			fprintf(txt, "%10s ", "-");
		fprintf(txt, "%9.3f %9s %9.3f %10.0f %9.0f %12.1f %11.2f%% ",
			base.mean > 0 ? e.mean / base.mean : 0, pstr,
			fl.mean > 0 ? e.mean / fl.mean : 0, per.mean, dem.mean, lat.mean / 1e3,
			100 * agr.mean);
		/* a workload without wake-ups of its own (commands only) has no lateness */
		if (isnan(lp.mean))
			fprintf(txt, "%11s %8s\n", "-", "-");
		else
			fprintf(txt, "%11.1f %8.1f\n", lp.mean / 1e3, ms.mean);
	}
	if (runs[0].has_lat) {
		fprintf(txt, "\nlateness judged on '%s' (%s); mean per wake-up:\n",
			lateness_basis_names[o->basis], lateness_basis_desc[o->basis]);
		fprintf(txt, "%-14s %14s %14s %14s %14s\n", "governor", "judged_us",
			"model_exit_us", "emulator_us", "guest_path_us");
		for (j = 0; j < ng; j++) {
			struct sample_stats lm, sm, se, sg;

			group_stats(runs, &groups[j], f_lat_mean, &lm);
			group_stats(runs, &groups[j], f_lat_model, &sm);
			group_stats(runs, &groups[j], f_lat_emul, &se);
			group_stats(runs, &groups[j], f_lat_guest, &sg);
			fprintf(txt, "%-14s %14.1f %14.1f %14.1f %14.1f\n", groups[j].governor,
				lm.mean / 1e3, sm.mean / 1e3, se.mean / 1e3, sg.mean / 1e3);
		}
	}
	if (groups[0].n < 2)
		fprintf(txt, "\n(one run per governor: no interval, no significance; use REPEATS=n)\n");
	else
		for (j = 1; j < ng; j++) {
			struct sample_stats e, d;
			double p;

			group_stats(runs, &groups[j], f_total, &e);
			paired_stats(runs, &groups[0], &groups[j], f_total, &d);
			p = paired_p(&d);
			fprintf(txt, "\n%s against %s, paired by seed: %+.2f%% energy +- %.2f%% (95%%), p = %.3g: %s (unpaired, Welch: p = %.3g)",
				groups[j].governor, groups[0].governor, 100 * d.mean / base.mean,
				100 * d.ci95 / base.mean, p,
				p < 0.05 ? "significant at 5%" : "not significant at 5%",
				welch_p(&base, &e));
		}
	fprintf(txt, "\n");
	compare_decompose(runs, groups, ng, dec, txt);
	compare_phases(runs, groups, ng, pha, txt);
	compare_residency(runs, groups, ng, nr_states, res);
	write_rules(rul, runs, groups, ng);
	fflush(txt);
	if (out_commit(&out) < 0)
		goto free;
	{
		char p[PATH_MAX + 16];
		FILE *fp;

		snprintf(p, sizeof(p), "%s/summary.txt", odir);
		fp = fopen(p, "r");
		while (fp && (c = fgetc(fp)) != EOF)
			putchar(c);
		if (fp)
			fclose(fp);
	}
	ret = 0;
free:
	free(runs);
	return ret;
}
