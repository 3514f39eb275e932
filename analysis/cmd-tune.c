// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze tune --out DIR --points POINTS.tsv [--budget NS]
 * [--miss-rate R] RUNDIR...: the runs of a threshold sweep
 * (scripts/tune.sh), each sweep run once per point it holds, and the
 * baselines (runs whose manifest says "role baseline"), into DIR: tune.csv, tune.json, front.csv,
 * recommendation.txt and recommendation.dtsi (the recommended figures as
 * device-tree idle-state properties, tune-dts.c).
 *
 * The options are parsed, the sweep loaded and summed, then ranked by
 * tune-rank.c and written here: the rule that picks the recommendation
 * reads no file and writes none, so it is tested on its own.
 *
 * idlesim-analyze tune --limits: the sweep's limits, "NAME VALUE" a line
 * (points, scenarios, repeats, dims); scripts/tune.sh checks a sweep
 * against them before anything boots, so they are stated only here.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "run.h"
#include "stats.h"
#include "tune-dts.h"
#include "tune.h"

struct tune_opts {
	const char *odir, *points;
	struct run_opts ro;		/* the caller's, with --budget */
	double allowed;			/* --miss-rate */
	char **runs;
	int nr_runs;
};

static int tune_read_points(const char *path, struct tune *t)
{
	char line[1024];
	int lineno = 0;
	FILE *fp;

	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), fp)) {
		struct tune_point *p;
		char *batch, *tok, *save;
		int n, cur, off;

		lineno++;
		line[strcspn(line, "\n")] = 0;
		if (line[0] == '#' || !line[0])
			continue;
		if (sscanf(line, "%d\t%d\t%n", &n, &cur, &off) != 2 || n != t->nr_points ||
		    n >= MAX_POINTS || (cur != 0 && cur != 1))
			goto bad;
		p = &t->pt[n];
		p->current = cur;
		if (cur)
			t->cur = n;
		batch = line + off;
		snprintf(p->batch, sizeof(p->batch), "%s", batch);
		for (tok = strtok_r(batch, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(tok, '=');

			if (!eq || p->nr_dims == MAX_DIMS || eq - tok >= 32)
				goto bad;
			*eq = 0;
			snprintf(p->dim[p->nr_dims], 32, "%s", tok);
			if (sscanf(eq + 1, "%lld", &p->val[p->nr_dims]) != 1)
				goto bad;
			p->nr_dims++;
		}
		if (!p->nr_dims || (n && (p->nr_dims != t->pt[0].nr_dims)))
			goto bad;
		t->nr_points++;
	}
	fclose(fp);
	if (!t->nr_points) {
		fprintf(stderr, "%s: no points\n", path);
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "%s:%d: expected 'POINT<TAB>CURRENT(0|1)<TAB>control=value ...', points numbered from 0\n",
		path, lineno);
	fclose(fp);
	return -1;
}

/* The scenario and repeat index of a run, registering new ones. */
static int tune_slot(struct tune *t, const struct run *r, int *si, int *ki)
{
	long long seed;
	int s, k;

	if (sscanf(r->m.seed, "%lld", &seed) != 1) {
		fprintf(stderr, "%s: manifest has no numeric seed\n", r->dir);
		return -1;
	}
	for (s = 0; s < t->nr_scns; s++)
		if (!strcmp(t->scn[s], r->m.scenario))
			break;
	if (s == t->nr_scns) {
		if (s == MAX_SCNS) {
			fprintf(stderr, "at most %d scenarios in one sweep\n", MAX_SCNS);
			return -1;
		}
		snprintf(t->scn[s], sizeof(t->scn[s]), "%s", r->m.scenario);
		t->nr_scns++;
	}
	for (k = 0; k < t->nr_seeds[s]; k++)
		if (t->seed[s][k] == seed)
			break;
	if (k == t->nr_seeds[s]) {
		if (k == MAX_REPEATS) {
			fprintf(stderr, "at most %d seeds per scenario\n", MAX_REPEATS);
			return -1;
		}
		t->seed[s][k] = seed;
		t->nr_seeds[s]++;
	}
	*si = s;
	*ki = k;
	return 0;
}

static int tune_add(struct tune *t, const struct run *r, int point)
{
	struct tune_cell *c;
	int s, k, cpu, i;

	if (tune_slot(t, r, &s, &k) < 0)
		return -1;
	c = &t->pt[point < 0 ? MAX_POINTS : point].cell[s][k];
	if (c->have) {
		fprintf(stderr, "%s: point %d of %s seed %lld is in two run directories\n", r->dir,
			point, t->scn[s], t->seed[s][k]);
		return -1;
	}
	c->have = true;
	c->energy_nj = f_total(r);
	c->floor_nj = f_floor(r);
	c->has_lat = r->has_lat;
	c->lat = r->lat;
	if (r->has_lat)
		t->scn_budget[s] = r->lat.budget_ns;
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		for (i = 0; i < r->nr_states && i < MAX_STATES; i++)
			c->count[i] += r->st[cpu][i].count;
	if (r->nr_states > t->nr_states)
		t->nr_states = r->nr_states;
	if (!t->nr_state_names && r->nr_state_names) {
		memcpy(t->state_name, r->state_name, sizeof(t->state_name));
		t->nr_state_names = r->nr_state_names;
		snprintf(t->soc, sizeof(t->soc), "%s", r->soc);
		snprintf(t->soc_file, sizeof(t->soc_file), "%s", r->m.soc_file);
	}
	return 0;
}

/* the baseline and each point summed over its runs; a missing run is an incomplete sweep */
static int tune_sum_all(struct tune *t)
{
	int i, s, k;

	for (i = -1; i < t->nr_points; i++) {
		int pi = i < 0 ? MAX_POINTS : i;
		char what[32];

		if (!tune_aggregate(t, pi, &s, &k))
			continue;
		if (i < 0)
			snprintf(what, sizeof(what), "the baseline");
		else
			snprintf(what, sizeof(what), "point %d", i);
		fprintf(stderr, "tune: %s has no run of scenario %s under seed %lld: the sweep is incomplete\n",
			what, t->scn[s], t->seed[s][k]);
		return -1;
	}
	return 0;
}

/* A baseline run: all of it is one cell, and all baselines are of one governor. */
static int load_baseline(struct tune *t, const char *dir, const struct run_opts *ro, struct run *r)
{
	if (t->base_governor[0] && strcmp(t->base_governor, r->m.governor)) {
		fprintf(stderr, "%s: a baseline under %s, the others are under %s\n",
			dir, r->m.governor, t->base_governor);
		return -1;
	}
	snprintf(t->base_governor, sizeof(t->base_governor), "%s", r->m.governor);
	if (analyse_run(dir, -1, ro, r) < 0 || tune_add(t, r, -1) < 0)
		return -1;
	return 0;
}

/* A sweep run: one boot plays some of the points, each into results/pN/. */
static int load_sweep(struct tune *t, const char *dir, const struct tune_opts *to, struct run *r)
{
	char p[PATH_MAX];
	int j, n = 0;

	for (j = 0; j < t->nr_points; j++) {
		snprintf(p, sizeof(p), "%s/results/p%d", dir, j);
		if (access(p, F_OK))
			continue;
		if (analyse_run(dir, j, &to->ro, r) < 0 || tune_add(t, r, j) < 0)
			return -1;
		n++;
	}
	if (!n) {
		fprintf(stderr, "%s: a %s run without any point of %s (results/pN/)\n", dir,
			r->m.governor, to->points);
		return -1;
	}
	return 0;
}

/* The points file and every run directory into @t, checked to be one sweep. */
static int tune_load(const struct tune_opts *to, struct tune *t, struct run *r)
{
	int i, s;

	t->cur = -1;
	if (tune_read_points(to->points, t) < 0)
		return -1;
	for (i = 0; i < to->nr_runs; i++) {
		const char *dir = to->runs[i];

		if (read_manifest(dir, &r->m) < 0)
			return -1;
		/* the run's role, as tune-run.sh recorded it in its manifest */
		if (!strcmp(r->m.role, "baseline")) {
			if (load_baseline(t, dir, &to->ro, r) < 0)
				return -1;
			continue;
		}
		if (strcmp(r->m.role, "sweep")) {
			fprintf(stderr, "%s: manifest has no 'role baseline' or 'role sweep': not a run of a tuning sweep (runs made before roles were recorded must be redone)\n",
				dir);
			return -1;
		}
		if (load_sweep(t, dir, to, r) < 0)
			return -1;
	}
	for (s = 1; s < t->nr_scns; s++)
		if (t->nr_seeds[s] != t->nr_seeds[0]) {
			fprintf(stderr, "tune: scenario %s has %d seeds, %s %d: every scenario needs the same repeats\n",
				t->scn[s], t->nr_seeds[s], t->scn[0], t->nr_seeds[0]);
			return -1;
		}
	return tune_sum_all(t);
}

/* -1 to go on, else the exit status: --limits, or a bad option */
static int tune_parse(int argc, char **argv, const struct run_opts *o, struct tune_opts *to)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "points", required_argument, NULL, 'p' },
		{ "budget", required_argument, NULL, 'b' },
		{ "miss-rate", required_argument, NULL, 'm' },
		{ "limits", no_argument, NULL, 'L' },
		{ }
	};
	char *end;
	int c;

	*to = (struct tune_opts){ .ro = *o, .allowed = 0.01 };
	while ((c = getopt_long(argc, argv, "o:p:b:m:", opts, NULL)) != -1) {
		switch (c) {
		case 'L':
			printf("points %d\nscenarios %d\nrepeats %d\ndims %d\n",
			       MAX_POINTS, MAX_SCNS, MAX_REPEATS, MAX_DIMS);
			return 0;
		case 'o':
			to->odir = optarg;
			break;
		case 'p':
			to->points = optarg;
			break;
		case 'b':
			errno = 0;
			to->ro.budget_ns = strtoull(optarg, &end, 10);
			if (errno || *end || !to->ro.budget_ns) {
				fprintf(stderr, "idlesim-analyze: --budget %s: expected nanoseconds > 0\n", optarg);
				return 2;
			}
			break;
		case 'm':
			errno = 0;
			to->allowed = strtod(optarg, &end);
			if (errno || *end || !(to->allowed >= 0 && to->allowed <= 1)) {
				fprintf(stderr, "idlesim-analyze: --miss-rate %s: expected a fraction 0..1\n", optarg);
				return 2;
			}
			break;
		default:
			return 2;
		}
	}
	if (!to->odir || !to->points || optind >= argc) {
		fprintf(stderr, "usage: idlesim-analyze tune --out DIR --points POINTS.tsv [--budget NS] [--miss-rate R] RUNDIR...\n"
			"       idlesim-analyze tune --limits\n");
		return 2;
	}
	to->runs = argv + optind;
	to->nr_runs = argc - optind;
	return -1;
}

/* a point's energy against the baseline's and against its own oracle's floor */
static double vs_base(const struct tune *t, const struct tune_sum *p)
{
	const struct tune_sum *base = &t->sum[MAX_POINTS];

	return base->e.mean > 0 ? p->e.mean / base->e.mean : 0;
}

static double vs_oracle(const struct tune_sum *p)
{
	return p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0;
}

/* tune.csv: a row per point */
static void write_csv(const struct tune *t, const struct tune_rank *rk, FILE *csv)
{
	int i, j;

	fprintf(csv, "point,label,x,current,runs,energy_nj,energy_ci95_nj,ratio_to_baseline,ratio_to_oracle,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,misses,miss_rate,meets_budget,pareto,recommended");
	for (i = 0; i < t->nr_states; i++)
		fprintf(csv, ",share_s%d", i);
	for (i = 0; i < t->pt[0].nr_dims; i++)
		fprintf(csv, ",%s", t->pt[0].dim[i]);
	fprintf(csv, ",lateness_model_mean_ns,lateness_emulator_mean_ns,lateness_guest_mean_ns,paired_diff_nj,paired_ci95_nj,paired_p\n");
	for (i = 0; i < t->nr_points; i++) {
		const struct tune_point *pt = &t->pt[i];
		const struct tune_sum *p = &t->sum[i];

		fprintf(csv, "%d,%s,%lld,%d,%d,%.0f,%.0f,%.4f,%.4f,%" PRIu64, i, pt->batch, pt->val[0],
			pt->current, p->e.n * t->nr_scns, p->e.mean, p->e.ci95, vs_base(t, p),
			vs_oracle(p), p->wakeups);
		csv_opt(csv, "%.0f", p->lat_mean);
		csv_opt(csv, "%.0f", p->p99);
		fprintf(csv, ",%" PRIu64 ",%" PRIu64, p->lat_max, p->misses);
		csv_opt(csv, "%.6f", p->miss_rate);
		fprintf(csv, ",%d,%d,%d", rk->meets[i], rk->pareto[i], i == rk->rec);
		for (j = 0; j < t->nr_states; j++)
			fprintf(csv, ",%.4f", p->share[j]);
		for (j = 0; j < pt->nr_dims; j++)
			fprintf(csv, ",%lld", pt->val[j]);
		csv_opt(csv, "%.0f", p->lat_model);
		csv_opt(csv, "%.0f", p->lat_emul);
		csv_opt(csv, "%.0f", p->lat_guest);
		csv_opt(csv, "%.0f", rk->vs[i].mean);
		csv_opt(csv, "%.0f", rk->vs[i].ci95);
		csv_opt(csv, "%.4g", rk->vs_p[i]);
		fprintf(csv, "\n");
	}
}

/* JSON has no NaN: a figure no run had is 0 there */
static double or0(double v)
{
	return isnan(v) ? 0 : v;
}

static const char *jbool(bool b)
{
	return b ? "true" : "false";
}

/* why the recommendation is the point it is, as tune.json names it */
static const char *const why_name[] = {
	[TUNE_NONE] = "none",
	[TUNE_CURRENT_CHEAPEST] = "current_cheapest",
	[TUNE_SIGNIFICANT] = "significant",
	[TUNE_NOT_SIGNIFICANT] = "not_significant",
	[TUNE_ONE_SEED] = "one_seed",
	[TUNE_CURRENT_OVER] = "current_over_budget",
	[TUNE_NO_CURRENT] = "no_current",
};

/* a point, or null for none */
static const char *jpoint(int i, char *buf, size_t len)
{
	if (i < 0)
		return "null";
	snprintf(buf, len, "%d", i);
	return buf;
}

/*
 * tune.json's recommendation: the point and why, so that a script acting
 * on a sweep need not read recommendation.txt's prose
 */
static void write_json_verdict(const struct tune_rank *rk, FILE *json)
{
	char rec[16], cheapest[16], p[32] = "null";

	if (!isnan(rk->diff_p))
		snprintf(p, sizeof(p), "%.6g", rk->diff_p);
	fprintf(json, "  \"recommendation\": { \"point\": %s, \"why\": \"%s\", \"cheapest\": %s, \"paired_p\": %s, \"p_below\": %.6g, \"points_tested\": %d },\n",
		jpoint(rk->rec, rec, sizeof(rec)), why_name[rk->why],
		jpoint(rk->cheapest, cheapest, sizeof(cheapest)), p, rk->alpha, rk->nr_tested);
}

/* tune.json: the sweep, the baseline and every point */
static void write_json(const struct tune *t, const struct tune_rank *rk, double allowed,
		       FILE *json)
{
	const struct tune_sum *base = &t->sum[MAX_POINTS];
	int i, j, s;

	fprintf(json, "{\n  \"scenarios\": [");
	for (s = 0; s < t->nr_scns; s++)
		fprintf(json, "%s{ \"name\": \"%s\", \"latency_budget_ns\": %" PRIu64 " }", s ? ", " : "",
			t->scn[s], t->scn_budget[s]);
	fprintf(json, "],\n  \"repeats\": %d,\n  \"allowed_miss_rate\": %.6f,\n", t->nr_seeds[0], allowed);
	fprintf(json, "  \"baseline\": { \"governor\": \"%s\", \"energy_nj\": %.0f, \"energy_ci95_nj\": %.0f },\n",
		t->base_governor, base->e.mean, base->e.ci95);
	write_json_verdict(rk, json);
	fprintf(json, "  \"points\": [\n");
	for (i = 0; i < t->nr_points; i++) {
		const struct tune_point *pt = &t->pt[i];
		const struct tune_sum *p = &t->sum[i];

		fprintf(json, "    { \"point\": %d, \"batch\": \"%s\", \"current\": %s, \"energy_nj\": %.0f, \"energy_ci95_nj\": %.0f, \"ratio_to_baseline\": %.4f, \"ratio_to_oracle\": %.4f, \"wakeups\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"miss_rate\": %.6f, \"lateness_p99_ns\": %.0f, \"lateness_max_ns\": %" PRIu64 ", \"lateness_model_mean_ns\": %.0f, \"lateness_emulator_mean_ns\": %.0f, \"lateness_guest_mean_ns\": %.0f, \"meets_budget\": %s, \"pareto\": %s, \"recommended\": %s, \"state_share\": [",
			i, pt->batch, jbool(pt->current), p->e.mean, p->e.ci95, vs_base(t, p),
			vs_oracle(p), p->wakeups, p->misses, or0(p->miss_rate), or0(p->p99),
			p->lat_max, or0(p->lat_model), or0(p->lat_emul), or0(p->lat_guest),
			jbool(rk->meets[i]), jbool(rk->pareto[i]), jbool(i == rk->rec));
		for (j = 0; j < t->nr_states; j++)
			fprintf(json, "%s%.4f", j ? ", " : "", p->share[j]);
		fprintf(json, "] }%s\n", i + 1 < t->nr_points ? "," : "");
	}
}

/* front.csv: the front in order of lateness, for the plot's line */
static void write_front(const struct tune *t, const struct tune_rank *rk, FILE *front)
{
	int i;

	fprintf(front, "lateness_p99_ns,energy_nj,point\n");
	for (i = 0; i < rk->nr_front; i++) {
		const struct tune_sum *p = &t->sum[rk->front[i]];

		fprintf(front, "%.0f,%.0f,%d\n", p->p99, p->e.mean, rk->front[i]);
	}
}

/* recommendation.txt's table: the sweep, a row per point, the baseline */
static void write_table(const struct tune *t, const struct tune_rank *rk, double allowed,
			FILE *txt)
{
	const struct tune_sum *base = &t->sum[MAX_POINTS];
	char label[64];
	int i, s;

	fprintf(txt, "sweep of %s over %d point%s; ", t->pt[0].nr_dims > 1 ? "a grid" : t->pt[0].dim[0],
		t->nr_points, t->nr_points > 1 ? "s" : "");
	for (s = 0; s < t->nr_scns; s++)
		fprintf(txt, "%s%s (budget %.3g ms)", s ? ", " : "scenario ", t->scn[s],
			t->scn_budget[s] / 1e6);
	fprintf(txt, ", %d seed%s; a point meets the budget when at most %.2f%% of its wake-ups miss it\n\n",
		t->nr_seeds[0], t->nr_seeds[0] > 1 ? "s" : "", 100 * allowed);
	fprintf(txt, "%5s %-40s %11s %9s %9s %9s %11s %9s %s\n", "point", "controls", "energy_mJ", "+-95%",
		"vs_base", "vs_oracle", "late_p99_us", "miss_%", "");
	for (i = 0; i < t->nr_points; i++) {
		const struct tune_sum *p = &t->sum[i];

		fprintf(txt, "%5d %-40s %11.3f %9.3f %9.3f %9.3f %11.1f %9.3f %s%s%s%s\n", i,
			t->pt[i].batch, p->e.mean / 1e6, p->e.ci95 / 1e6, vs_base(t, p), vs_oracle(p),
			p->p99 / 1e3, 100 * p->miss_rate, t->pt[i].current ? " current" : "",
			rk->meets[i] ? "" : " over-budget", rk->pareto[i] ? " front" : "",
			i == rk->rec ? " RECOMMENDED" : "");
	}
	snprintf(label, sizeof(label), "baseline: %s, current values", t->base_governor);
	fprintf(txt, "%5s %-40s %11.3f %9.3f %9.3f\n\n", "-", label,
		base->e.mean / 1e6, base->e.ci95 / 1e6, 1.0);
}

/* a point's energy against the current point's, in per cent */
static double vs_cur_pct(const struct tune *t, int i)
{
	return 100 * (t->sum[i].e.mean / t->sum[t->cur].e.mean - 1);
}

/* the test the cheapest had to pass, Bonferroni's correction included */
static void write_test(const struct tune_rank *rk, FILE *txt)
{
	fprintf(txt, "at 5%% over the %d other point%s within the budget (Bonferroni: p < %.2g)\n",
		rk->nr_tested, rk->nr_tested == 1 ? "" : "s", rk->alpha);
}

/* the current values kept: and what the cheapest point would have saved */
static void write_kept(const struct tune *t, const struct tune_rank *rk, FILE *txt)
{
	const struct tune_sum *q = &t->sum[t->cur];
	int c = rk->cheapest;

	fprintf(txt, "recommendation: keep the current values (point %d: %s, %.3f mJ, %.3f%% misses): ",
		t->cur, t->pt[t->cur].batch, q->e.mean / 1e6, 100 * q->miss_rate);
	if (rk->why == TUNE_CURRENT_CHEAPEST) {
		fprintf(txt, "no point within the budget is cheaper\n");
		return;
	}
	fprintf(txt, "the cheapest within the budget, point %d (%s), is %+.2f%% energy against them",
		c, t->pt[c].batch, vs_cur_pct(t, c));
	if (rk->why == TUNE_ONE_SEED) {
		fprintf(txt, ", but one seed gives no p: rerun with REPEATS>=2 to test it\n");
		return;
	}
	fprintf(txt, ", p = %.3g: not significant ", rk->diff_p);
	write_test(rk, txt);
}

/* recommendation.txt's verdict: the recommended point, and why that one */
static void write_verdict(const struct tune *t, const struct tune_rank *rk, double allowed,
			  FILE *txt)
{
	const struct tune_sum *p = rk->rec >= 0 ? &t->sum[rk->rec] : NULL;

	if (!p && rk->closest >= 0) {
		const struct tune_sum *c = &t->sum[rk->closest];

		fprintf(txt, "recommendation: none: no point keeps its misses within %.2f%% of wake-ups; the closest is point %d (%s) with %.3f%% (%" PRIu64 " of %" PRIu64 ")\n",
			100 * allowed, rk->closest, t->pt[rk->closest].batch, 100 * c->miss_rate,
			c->misses, c->wakeups);
		return;
	}
	if (!p) {
		fprintf(txt, "recommendation: none: no point has lateness figures (no workload results)\n");
		return;
	}
	if (rk->rec == t->cur) {
		write_kept(t, rk, txt);
		return;
	}
	fprintf(txt, "recommendation: point %d: %s: %.3f mJ, %.3f%% misses", rk->rec,
		t->pt[rk->rec].batch, p->e.mean / 1e6, 100 * p->miss_rate);
	if (rk->why == TUNE_NO_CURRENT) {
		fprintf(txt, "; no point holds the current values to test it against\n");
		return;
	}
	if (rk->why == TUNE_SIGNIFICANT) {
		fprintf(txt, "; against the current %s: %+.2f%% energy, p = %.3g: significant ",
			t->pt[t->cur].batch, vs_cur_pct(t, rk->rec), rk->diff_p);
		write_test(rk, txt);
		return;
	}
	/* what is left: current values over the budget, which have to change */
	fprintf(txt, "; the current values (%s) miss the budget (%.3f%% of wake-ups) and must change, whatever the p; against them: %+.2f%% energy",
		t->pt[t->cur].batch, 100 * t->sum[t->cur].miss_rate, vs_cur_pct(t, rk->rec));
	if (isnan(rk->diff_p))
		fprintf(txt, ", one seed\n");
	else
		fprintf(txt, ", p = %.3g\n", rk->diff_p);
}

/* why recommendation.dtsi holds the current values, if it does */
static const char *kept_why(const struct tune_rank *rk)
{
	switch (rk->why) {
	case TUNE_CURRENT_CHEAPEST:
		return "no point within the budget is cheaper";
	case TUNE_NOT_SIGNIFICANT:
		return "the cheapest point within the budget is not significantly cheaper";
	case TUNE_ONE_SEED:
		return "one seed cannot test the cheapest point: rerun with REPEATS>=2";
	default:
		return NULL;
	}
}

/* recommendation.dtsi: the recommended point as idle-state properties */
static void write_dts(const struct tune *t, const struct tune_rank *rk, FILE *fp)
{
	char scns[MAX_SCNS * 64] = "";
	int rec = rk->rec;
	const struct tune_point *p = rec >= 0 ? &t->pt[rec] : NULL;
	int s;

	for (s = 0; s < t->nr_scns; s++)
		snprintf(scns + strlen(scns), sizeof(scns) - strlen(scns), "%s%s", s ? ", " : "",
			 t->scn[s]);
	static struct soc soc;
	char err[SOC_MAX_ERR];
	bool have_soc = t->soc_file[0] && !soc_load(&soc, t->soc_file, err, sizeof(err));

	/* a description moved or changed since the runs: the states' names serve */
	if (t->soc_file[0] && !have_soc)
		fprintf(stderr, "recommendation.dtsi: the runs' description: %s; its nodes are named after the states\n",
			err);

	tune_write_dts(fp, &(struct tune_dts){
		.soc = t->soc, .scenarios = scns, .batch = p ? p->batch : "",
		.point = rec, .kept = kept_why(rk), .nr_dims = p ? p->nr_dims : 0, .dim = p ? p->dim : NULL,
		.val = p ? p->val : NULL, .nr_names = t->nr_state_names, .name = t->state_name,
		.desc = have_soc ? &soc : NULL });
}

/* Every output, all of them or none. */
static int tune_write(const struct tune_opts *to, const struct tune *t,
		      const struct tune_rank *rk)
{
	enum { CSV, JSON, TXT, FRONT, DTS, NR_FILES };
	static const char *const names[NR_FILES] = {
		"tune.csv", "tune.json", "recommendation.txt", "front.csv", "recommendation.dtsi",
	};
	struct outputs out = { };
	FILE *fp[NR_FILES];

	if (out_open_all(&out, to->odir, names, NR_FILES, fp) < 0)
		return -1;
	write_csv(t, rk, fp[CSV]);
	write_json(t, rk, to->allowed, fp[JSON]);
	write_front(t, rk, fp[FRONT]);
	write_table(t, rk, to->allowed, fp[TXT]);
	write_verdict(t, rk, to->allowed, fp[TXT]);
	write_dts(t, rk, fp[DTS]);
	return out_commit(&out);
}

int cmd_tune(int argc, char **argv, const struct run_opts *o)
{
	struct tune_opts to;
	struct tune_rank rk;
	struct run *r;
	struct tune *t;
	int ret;

	ret = tune_parse(argc, argv, o, &to);
	if (ret >= 0)
		return ret;
	ret = 1;
	t = calloc(1, sizeof(*t));
	r = calloc(1, sizeof(*r));
	if (!t || !r || tune_load(&to, t, r) < 0)
		goto free;
	tune_rank(t->sum, t->nr_points, t->cur, t->nr_seeds[0], to.allowed, &rk);
	if (tune_write(&to, t, &rk) < 0)
		goto free;
	ret = 0;
free:
	free(r);
	free(t);
	return ret;
}
