// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze tune --out DIR --points POINTS.tsv [--budget NS]
 * [--miss-rate R] RUNDIR...: the runs of a threshold sweep
 * (scripts/tune.sh), each sweep run once per point it holds, and the
 * baselines (runs whose manifest says "role baseline"), into DIR: tune.csv, tune.json, front.csv,
 * recommendation.txt and recommendation.dtsi (the recommended figures as
 * device-tree idle-state properties, tune-dts.c).
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

#define MAX_POINTS	400
#define MAX_SCNS	8
#define MAX_REPEATS	64
#define MAX_DIMS	3

struct tune_cell {
	bool have;
	double energy_nj;
	double floor_nj;
	bool has_lat;
	struct latency lat;
	uint64_t count[MAX_STATES];
};

struct tune_point {
	int current;
	char batch[512];
	int nr_dims;
	char dim[MAX_DIMS][32];
	long long val[MAX_DIMS];
	/* [scenario][repeat]; index MAX_POINTS is the baseline */
	struct tune_cell cell[MAX_SCNS][MAX_REPEATS];
	/* aggregated */
	struct sample_stats e, fl;
	double ek[MAX_REPEATS];
	uint64_t wakeups, misses;
	double lat_mean, p99, miss_rate;
	uint64_t lat_max;
	/* mean per wake-up: modelled exit latency, emulator delay, guest path */
	double lat_model, lat_emul, lat_guest;
	double share[MAX_STATES];
	bool meets, pareto;
};

struct tune {
	int nr_points, nr_scns, nr_states;
	/* the SoC the runs played and its states' names, from their soc marker */
	char soc[32];
	char state_name[MAX_STATES][16];
	int nr_state_names;
	char base_governor[32];
	char scn[MAX_SCNS][64];
	uint64_t scn_budget[MAX_SCNS];
	int nr_seeds[MAX_SCNS];
	long long seed[MAX_SCNS][MAX_REPEATS];
	struct tune_point pt[MAX_POINTS + 1];	/* [MAX_POINTS]: the baseline */
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
	}
	return 0;
}

/* Sums a point's cells per repeat; -1 when a scenario/seed is missing. */
static int tune_aggregate(struct tune *t, int pi)
{
	struct tune_point *p = &t->pt[pi];
	double fk[MAX_REPEATS], lat_sum = 0, p99_sum = 0;
	double model_sum = 0, emul_sum = 0, guest_sum = 0;
	uint64_t split_wakeups = 0;
	uint64_t total = 0, count[MAX_STATES] = { 0 };
	int s, k, i, nk = t->nr_seeds[0], nlat = 0;

	for (k = 0; k < nk; k++) {
		p->ek[k] = fk[k] = 0;
		for (s = 0; s < t->nr_scns; s++) {
			const struct tune_cell *c = &p->cell[s][k];

			if (!c->have) {
				char what[32];

				if (pi == MAX_POINTS)
					snprintf(what, sizeof(what), "the baseline");
				else
					snprintf(what, sizeof(what), "point %d", pi);
				fprintf(stderr, "tune: %s has no run of scenario %s under seed %lld: the sweep is incomplete\n",
					what, t->scn[s], t->seed[s][k]);
				return -1;
			}
			p->ek[k] += c->energy_nj;
			fk[k] += c->floor_nj;
			for (i = 0; i < t->nr_states; i++)
				count[i] += c->count[i];
			if (c->has_lat) {
				p->wakeups += c->lat.wakeups;
				p->misses += c->lat.misses;
				lat_sum += c->lat.mean_ns * (double)c->lat.wakeups;
				p99_sum += (double)c->lat.p99_ns;
				if (c->lat.max_ns > p->lat_max)
					p->lat_max = c->lat.max_ns;
				nlat++;
			}
			if (c->has_lat && c->lat.split) {
				model_sum += c->lat.model_mean_ns * (double)c->lat.wakeups;
				emul_sum += c->lat.emulator_mean_ns * (double)c->lat.wakeups;
				guest_sum += c->lat.guest_mean_ns * (double)c->lat.wakeups;
				split_wakeups += c->lat.wakeups;
			}
		}
	}
	sample_stats(p->ek, nk, &p->e);
	sample_stats(fk, nk, &p->fl);
	p->lat_mean = p->wakeups ? lat_sum / (double)p->wakeups : NAN;
	p->p99 = nlat ? p99_sum / nlat : NAN;
	p->miss_rate = p->wakeups ? (double)p->misses / (double)p->wakeups : NAN;
	p->lat_model = split_wakeups ? model_sum / (double)split_wakeups : NAN;
	p->lat_emul = split_wakeups ? emul_sum / (double)split_wakeups : NAN;
	p->lat_guest = split_wakeups ? guest_sum / (double)split_wakeups : NAN;
	for (i = 0; i < t->nr_states; i++)
		total += count[i];
	for (i = 0; i < t->nr_states; i++)
		p->share[i] = total ? (double)count[i] / (double)total : 0;
	return 0;
}

/* recommendation.dtsi: the recommended point as idle-state properties */
static void write_dts(const struct tune *t, int rec, FILE *fp)
{
	char scns[MAX_SCNS * 64] = "";
	const struct tune_point *p = rec >= 0 ? &t->pt[rec] : NULL;
	int s;

	for (s = 0; s < t->nr_scns; s++)
		snprintf(scns + strlen(scns), sizeof(scns) - strlen(scns), "%s%s", s ? ", " : "",
			 t->scn[s]);
	tune_write_dts(fp, &(struct tune_dts){
		.soc = t->soc, .scenarios = scns, .batch = p ? p->batch : "",
		.point = rec, .nr_dims = p ? p->nr_dims : 0, .dim = p ? p->dim : NULL,
		.val = p ? p->val : NULL, .nr_names = t->nr_state_names, .name = t->state_name });
}

int cmd_tune(int argc, char **argv, const struct run_opts *o)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "points", required_argument, NULL, 'p' },
		{ "budget", required_argument, NULL, 'b' },
		{ "miss-rate", required_argument, NULL, 'm' },
		{ "limits", no_argument, NULL, 'L' },
		{ }
	};
	const char *odir = NULL, *points = NULL;
	struct run_opts ro = *o;
	struct outputs out = { };
	double allowed = 0.01;
	int c, i, j, s, ret = 1, rec = -1, cur = -1, closest = -1;
	struct tune_point *base;
	struct run *r = NULL;
	struct tune *t;
	FILE *csv, *json, *txt, *front, *dts;
	char label[64];
	char *end;

	while ((c = getopt_long(argc, argv, "o:p:b:m:", opts, NULL)) != -1) {
		switch (c) {
		case 'L':
			printf("points %d\nscenarios %d\nrepeats %d\ndims %d\n",
			       MAX_POINTS, MAX_SCNS, MAX_REPEATS, MAX_DIMS);
			return 0;
		case 'o':
			odir = optarg;
			break;
		case 'p':
			points = optarg;
			break;
		case 'b':
			errno = 0;
			ro.budget_ns = strtoull(optarg, &end, 10);
			if (errno || *end || !ro.budget_ns) {
				fprintf(stderr, "idlesim-analyze: --budget %s: expected nanoseconds > 0\n", optarg);
				return 2;
			}
			break;
		case 'm':
			errno = 0;
			allowed = strtod(optarg, &end);
			if (errno || *end || !(allowed >= 0 && allowed <= 1)) {
				fprintf(stderr, "idlesim-analyze: --miss-rate %s: expected a fraction 0..1\n", optarg);
				return 2;
			}
			break;
		default:
			return 2;
		}
	}
	if (!odir || !points || optind >= argc) {
		fprintf(stderr, "usage: idlesim-analyze tune --out DIR --points POINTS.tsv [--budget NS] [--miss-rate R] RUNDIR...\n"
			"       idlesim-analyze tune --limits\n");
		return 2;
	}
	t = calloc(1, sizeof(*t));
	r = calloc(1, sizeof(*r));
	if (!t || !r)
		goto free;
	if (tune_read_points(points, t) < 0)
		goto free;
	for (i = optind; i < argc; i++) {
		char p[PATH_MAX];
		int n = 0;

		if (read_manifest(argv[i], &r->m) < 0)
			goto free;
		/* the run's role, as tune-run.sh recorded it in its manifest */
		if (!strcmp(r->m.role, "baseline")) {
			if (t->base_governor[0] && strcmp(t->base_governor, r->m.governor)) {
				fprintf(stderr, "%s: a baseline under %s, the others are under %s\n",
					argv[i], r->m.governor, t->base_governor);
				goto free;
			}
			snprintf(t->base_governor, sizeof(t->base_governor), "%s", r->m.governor);
			if (analyse_run(argv[i], -1, &ro, r) < 0 || tune_add(t, r, -1) < 0)
				goto free;
			continue;
		}
		if (strcmp(r->m.role, "sweep")) {
			fprintf(stderr, "%s: manifest has no 'role baseline' or 'role sweep': not a run of a tuning sweep (runs made before roles were recorded must be redone)\n",
				argv[i]);
			goto free;
		}
		for (j = 0; j < t->nr_points; j++) {
			snprintf(p, sizeof(p), "%s/results/p%d", argv[i], j);
			if (access(p, F_OK))
				continue;
			if (analyse_run(argv[i], j, &ro, r) < 0 || tune_add(t, r, j) < 0)
				goto free;
			n++;
		}
		if (!n) {
			fprintf(stderr, "%s: a %s run without any point of %s (results/pN/)\n", argv[i],
				r->m.governor, points);
			goto free;
		}
	}
	for (s = 1; s < t->nr_scns; s++)
		if (t->nr_seeds[s] != t->nr_seeds[0]) {
			fprintf(stderr, "tune: scenario %s has %d seeds, %s %d: every scenario needs the same repeats\n",
				t->scn[s], t->nr_seeds[s], t->scn[0], t->nr_seeds[0]);
			goto free;
		}
	base = &t->pt[MAX_POINTS];
	if (tune_aggregate(t, MAX_POINTS) < 0)
		goto free;
	for (i = 0; i < t->nr_points; i++) {
		struct tune_point *p = &t->pt[i];

		if (tune_aggregate(t, i) < 0)
			goto free;
		if (p->current)
			cur = i;
		p->meets = p->wakeups && p->miss_rate <= allowed;
		if (p->meets && (rec < 0 || p->e.mean < t->pt[rec].e.mean))
			rec = i;
		if (p->wakeups && (closest < 0 || p->miss_rate < t->pt[closest].miss_rate ||
				   (p->miss_rate == t->pt[closest].miss_rate &&
				    p->e.mean < t->pt[closest].e.mean)))
			closest = i;
	}
	/* the front: no other point is at least as good on both and better on one */
	for (i = 0; i < t->nr_points; i++) {
		struct tune_point *p = &t->pt[i];

		p->pareto = !isnan(p->p99);
		for (j = 0; j < t->nr_points && p->pareto; j++) {
			const struct tune_point *q = &t->pt[j];

			if (j == i || isnan(q->p99))
				continue;
			if (q->e.mean <= p->e.mean && q->p99 <= p->p99 &&
			    (q->e.mean < p->e.mean || q->p99 < p->p99))
				p->pareto = false;
		}
	}
	if (make_dir(odir) < 0)
		goto free;
	csv = out_open(&out, odir, "tune.csv");
	json = csv ? out_open(&out, odir, "tune.json") : NULL;
	txt = json ? out_open(&out, odir, "recommendation.txt") : NULL;
	front = txt ? out_open(&out, odir, "front.csv") : NULL;
	dts = front ? out_open(&out, odir, "recommendation.dtsi") : NULL;
	if (!dts) {
		out_abort(&out);
		goto free;
	}
	fprintf(csv, "point,label,x,current,runs,energy_nj,energy_ci95_nj,ratio_to_baseline,ratio_to_oracle,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,misses,miss_rate,meets_budget,pareto,recommended");
	for (i = 0; i < t->nr_states; i++)
		fprintf(csv, ",share_s%d", i);
	for (i = 0; i < t->pt[0].nr_dims; i++)
		fprintf(csv, ",%s", t->pt[0].dim[i]);
	fprintf(csv, ",lateness_model_mean_ns,lateness_emulator_mean_ns,lateness_guest_mean_ns,paired_diff_nj,paired_ci95_nj,paired_p\n");
	fprintf(json, "{\n  \"scenarios\": [");
	for (s = 0; s < t->nr_scns; s++)
		fprintf(json, "%s{ \"name\": \"%s\", \"latency_budget_ns\": %" PRIu64 " }", s ? ", " : "",
			t->scn[s], t->scn_budget[s]);
	fprintf(json, "],\n  \"repeats\": %d,\n  \"allowed_miss_rate\": %.6f,\n", t->nr_seeds[0], allowed);
	fprintf(json, "  \"baseline\": { \"governor\": \"%s\", \"energy_nj\": %.0f, \"energy_ci95_nj\": %.0f },\n",
		t->base_governor, base->e.mean, base->e.ci95);
	fprintf(json, "  \"points\": [\n");
	fprintf(front, "lateness_p99_ns,energy_nj,point\n");
	for (i = 0; i < t->nr_points; i++) {
		const struct tune_point *p = &t->pt[i];

		fprintf(csv, "%d,%s,%lld,%d,%d,%.0f,%.0f,%.4f,%.4f,%" PRIu64, i, p->batch, p->val[0],
			p->current, p->e.n * t->nr_scns, p->e.mean, p->e.ci95,
			base->e.mean > 0 ? p->e.mean / base->e.mean : 0,
			p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0, p->wakeups);
		csv_opt(csv, "%.0f", p->lat_mean);
		csv_opt(csv, "%.0f", p->p99);
		fprintf(csv, ",%" PRIu64 ",%" PRIu64, p->lat_max, p->misses);
		csv_opt(csv, "%.6f", p->miss_rate);
		fprintf(csv, ",%d,%d,%d", p->meets, p->pareto, i == rec);
		for (j = 0; j < t->nr_states; j++)
			fprintf(csv, ",%.4f", p->share[j]);
		for (j = 0; j < p->nr_dims; j++)
			fprintf(csv, ",%lld", p->val[j]);
		csv_opt(csv, "%.0f", p->lat_model);
		csv_opt(csv, "%.0f", p->lat_emul);
		csv_opt(csv, "%.0f", p->lat_guest);
		fprintf(csv, "\n");
		fprintf(json, "    { \"point\": %d, \"batch\": \"%s\", \"current\": %s, \"energy_nj\": %.0f, \"energy_ci95_nj\": %.0f, \"ratio_to_baseline\": %.4f, \"ratio_to_oracle\": %.4f, \"wakeups\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"miss_rate\": %.6f, \"lateness_p99_ns\": %.0f, \"lateness_max_ns\": %" PRIu64 ", \"lateness_model_mean_ns\": %.0f, \"lateness_emulator_mean_ns\": %.0f, \"lateness_guest_mean_ns\": %.0f, \"meets_budget\": %s, \"pareto\": %s, \"recommended\": %s, \"state_share\": [",
			i, p->batch, p->current ? "true" : "false", p->e.mean, p->e.ci95,
			base->e.mean > 0 ? p->e.mean / base->e.mean : 0,
			p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0, p->wakeups, p->misses,
			isnan(p->miss_rate) ? 0 : p->miss_rate, isnan(p->p99) ? 0 : p->p99,
			p->lat_max, isnan(p->lat_model) ? 0 : p->lat_model,
			isnan(p->lat_emul) ? 0 : p->lat_emul, isnan(p->lat_guest) ? 0 : p->lat_guest,
			p->meets ? "true" : "false", p->pareto ? "true" : "false",
			i == rec ? "true" : "false");
		for (j = 0; j < t->nr_states; j++)
			fprintf(json, "%s%.4f", j ? ", " : "", p->share[j]);
		fprintf(json, "] }%s\n", i + 1 < t->nr_points ? "," : "");
	}
	/* the front in order of lateness, for the plot's line */
	for (double last = -1;;) {
		int next = -1;

		for (i = 0; i < t->nr_points; i++)
			if (t->pt[i].pareto && t->pt[i].p99 > last &&
			    (next < 0 || t->pt[i].p99 < t->pt[next].p99))
				next = i;
		if (next < 0)
			break;
		fprintf(front, "%.0f,%.0f,%d\n", t->pt[next].p99, t->pt[next].e.mean, next);
		last = t->pt[next].p99;
	}
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
		const struct tune_point *p = &t->pt[i];

		fprintf(txt, "%5d %-40s %11.3f %9.3f %9.3f %9.3f %11.1f %9.3f %s%s%s%s\n", i, p->batch,
			p->e.mean / 1e6, p->e.ci95 / 1e6,
			base->e.mean > 0 ? p->e.mean / base->e.mean : 0,
			p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0, p->p99 / 1e3,
			100 * p->miss_rate, p->current ? " current" : "", p->meets ? "" : " over-budget",
			p->pareto ? " front" : "", i == rec ? " RECOMMENDED" : "");
	}
	snprintf(label, sizeof(label), "baseline: %s, current values", t->base_governor);
	fprintf(txt, "%5s %-40s %11.3f %9.3f %9.3f\n\n", "-", label,
		base->e.mean / 1e6, base->e.ci95 / 1e6, 1.0);
	if (rec < 0) {
		if (closest >= 0)
			fprintf(txt, "recommendation: none: no point keeps its misses within %.2f%% of wake-ups; the closest is point %d (%s) with %.3f%% (%" PRIu64 " of %" PRIu64 ")\n",
				100 * allowed, closest, t->pt[closest].batch,
				100 * t->pt[closest].miss_rate, t->pt[closest].misses,
				t->pt[closest].wakeups);
		else
			fprintf(txt, "recommendation: none: no point has lateness figures (no workload results)\n");
	} else {
		const struct tune_point *p = &t->pt[rec];

		fprintf(txt, "recommendation: point %d: %s: %.3f mJ, %.3f%% misses", rec, p->batch,
			p->e.mean / 1e6, 100 * p->miss_rate);
		if (cur >= 0 && cur != rec) {
			const struct tune_point *q = &t->pt[cur];
			struct sample_stats dk;
			double d[MAX_REPEATS], pv;
			int k;

			/* paired by seed: both points saw each seed's arrivals */
			for (k = 0; k < t->nr_seeds[0]; k++)
				d[k] = p->ek[k] - q->ek[k];
			sample_stats(d, t->nr_seeds[0], &dk);
			pv = paired_p(&dk);

			fprintf(txt, "; against the current %s: %+.2f%% energy", q->batch,
				100 * (p->e.mean / q->e.mean - 1));
			if (p->e.n < 2 || q->e.n < 2)
				fprintf(txt, " (one seed: no significance; use REPEATS=n)\n");
			else
				fprintf(txt, ", p = %.3g: %s\n", pv,
					pv < 0.05 ? "significant at 5%" : "not significant at 5%");
		} else if (cur == rec) {
			fprintf(txt, "; the current value is already the best that meets the budget\n");
		} else {
			fprintf(txt, "\n");
		}
	}
	fflush(txt);
	write_dts(t, rec, dts);
	if (out_commit(&out) < 0)
		goto free;
	ret = 0;
free:
	free(r);
	free(t);
	return ret;
}
