// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze run [--point N] [--out DIR] RUNDIR: one run (or sweep
 * point N of it) into RUNDIR/analysis/ (or DIR): states.csv (per CPU and
 * state), clusters.csv, domains.csv, timeline.csv, phases.csv, rules.csv
 * (replayed rules and the oracle on this run's periods), summary.json and
 * summary.txt.  The
 * columns are documented in docs/ARCHITECTURE.md.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "columns.h"
#include "output.h"
#include "run.h"

/* states.csv and clusters.csv, as board mode writes them too */
static void write_state_csvs(const struct run *r, FILE *states, FILE *clusters)
{
	const char *names[MAX_STATES];
	int i;

	for (i = 0; i < MAX_STATES; i++)
		names[i] = state_name(r, i);
	states_csv(states, r->st, r->nr_cpus, r->nr_states, names);
	clusters_csv(clusters, &r->cl, r->nr_clusters, r->nr_states, names);
}

/* domains.csv: a row per domain state, entered or not */
static void write_domains_csv(const struct run *r, FILE *fp)
{
	struct domain_state ds[MAX_DOMAIN_STATES];
	int i, n = domain_states(r, ds);

	fputs(DOMAINS_CSV_COLUMNS "\n", fp);
	for (i = 0; i < n; i++) {
		uint64_t c = r->dom_count[ds[i].d][ds[i].s], ns = r->dom_ns[ds[i].d][ds[i].s];

		fprintf(fp, "%d,%s,%d,%llu,%llu,%llu,%s\n", ds[i].d, ds[i].dname, ds[i].s,
			(unsigned long long)c, (unsigned long long)ns,
			(unsigned long long)(c ? ns / c : 0), ds[i].name);
	}
}

static void write_timeline_csv(const struct run *r, FILE *fp)
{
	int i;

	fputs(TIMELINE_CSV_COLUMNS "\n", fp);
	for (i = 0; i < r->nr_tl; i++)
		fprintf(fp, "%d,%.6f,%.6f,%d,%s\n", r->tl[i].cpu, r->tl[i].start / 1e6,
			r->tl[i].end / 1e6, r->tl[i].state, state_name(r, r->tl[i].state));
}

/* ms from the workload's start, the timeline's origin */
static double rel_ms(const struct run *r, uint64_t ts)
{
	return ((double)ts - (double)r->tl_origin) / 1e6;
}

/* phases.csv: a row per phase of each thread, a time column per state */
static void write_phases_csv(const struct run *r, FILE *fp)
{
	int i, s;

	fprintf(fp, "thread,phase,index,begin_ms,end_ms,periods,energy_nj,idle_nj,active_nj,transition_nj,wakeups,lateness_mean_ns,lateness_p99_ns,misses");
	for (s = 0; s < r->nr_states; s++)
		fprintf(fp, ",%s_ms", state_name(r, s));
	fprintf(fp, "\n");
	for (i = 0; i < r->ph.n; i++) {
		const struct phase_row *p = &r->ph.row[i];

		fprintf(fp, "%s,%s,%d,%.3f,", p->thread, p->phase, p->index, rel_ms(r, p->begin));
		if (p->end)
			fprintf(fp, "%.3f", rel_ms(r, p->end));
		fprintf(fp, ",%llu,%.0f,%.0f,%.0f,%.0f,%llu,%.0f,%llu,%llu", (unsigned long long)p->periods,
			p->idle_nj + p->active_nj, p->idle_nj, p->active_nj, p->transition_nj,
			(unsigned long long)p->wakeups, p->late_mean_ns,
			(unsigned long long)p->late_p99_ns, (unsigned long long)p->misses);
		for (s = 0; s < r->nr_states; s++)
			fprintf(fp, ",%.3f", p->state_ns[s] / 1e6);
		fprintf(fp, "\n");
	}
}

static void write_rules_csv(const struct run *r, FILE *fp)
{
	int i;

	fputs(RULES_CSV_COLUMNS "\n", fp);
	for (i = 0; i < NR_RULES; i++) {
		fprintf(fp, "%s,%llu,%.0f,%.4f", rule_names[i],
			(unsigned long long)r->replayed, r->rule_nj[i],
			r->oracle_nj > 0 ? r->rule_nj[i] / r->oracle_nj : 0);
		csv_opt(fp, "%.4f", rule_agreement(r, i));
		fprintf(fp, ",%.0f\n", r->rule_tr_nj[i]);
	}
	fprintf(fp, "oracle,%llu,%.0f,1.0000,,\n", (unsigned long long)r->replayed, r->oracle_nj);
	fprintf(fp, "actual,%llu,%.0f,%.4f,,%.0f\n", (unsigned long long)r->replayed,
		r->actual_model_nj, r->oracle_nj > 0 ? r->actual_model_nj / r->oracle_nj : 0,
		r->actual_model_tr_nj);
}

static void write_lateness(const struct latency *l, FILE *fp)
{
	fprintf(fp, "  workload lateness (%s: %s): %llu wake-ups, mean %.1f us, p50 %.1f us, p99 %.1f us, max %.1f us; %llu over the %.1f us budget\n",
		lateness_basis_names[l->basis], lateness_basis_desc[l->basis],
		(unsigned long long)l->wakeups, l->mean_ns / 1e3, l->p50_ns / 1e3,
		l->p99_ns / 1e3, l->max_ns / 1e3, (unsigned long long)l->misses,
		l->budget_ns / 1e3);
	if (!l->split) {
		fprintf(fp, "    lateness not split: the run's wake-ups name no CPU or its trace is not on CLOCK_MONOTONIC (recorded before idlesim did so)\n");
		return;
	}
	fprintf(fp, "    split, mean per wake-up: modelled exit latency %.1f us + emulator wake-up delay %.1f us (max %.1f us) + guest path %.1f us; %llu of %llu served from an idle state",
		l->model_mean_ns / 1e3, l->emulator_mean_ns / 1e3, l->emulator_max_ns / 1e3,
		l->guest_mean_ns / 1e3, (unsigned long long)l->served,
		(unsigned long long)l->wakeups);
	if (l->mismatched)
		fprintf(fp, "; %llu ran before their CPU left idle (not attributed)",
			(unsigned long long)l->mismatched);
	fputc('\n', fp);
}

static void write_summary(const struct run *r, FILE *fp)
{
	double idle = sum(r->idle_nj, r->nr_cpus), active = sum(r->active_nj, r->nr_cpus);
	int cpu, i, w;

	fprintf(fp, "run %s: scenario %s, seed %s, governor %s\n", r->dir,
		r->m.scenario[0] ? r->m.scenario : "-", r->m.seed[0] ? r->m.seed : "-",
		r->m.governor[0] ? r->m.governor : "-");
	if (r->soc[0]) {
		fprintf(fp, "  SoC %s, states:", r->soc);
		for (i = 0; i < r->nr_state_names; i++)
			fprintf(fp, " %d %s", i, r->state_name[i]);
		fprintf(fp, "\n");
	}
	fprintf(fp, "  %llu idle periods on %d CPUs, %llu demotions, %llu events (%llu dropped by the ring buffer)\n",
		(unsigned long long)r->periods, r->nr_cpus, (unsigned long long)r->demotions,
		(unsigned long long)r->ps.events, (unsigned long long)r->ps.missed_events);
	/* what the trace held outside complete idle periods */
	if (r->ps.unmatched || r->ps.aborted)
		fprintf(fp, "  %llu driver events fit no idle period, %llu periods were prepared but never entered\n",
			(unsigned long long)r->ps.unmatched, (unsigned long long)r->ps.aborted);
	if (r->has_driver)
		fprintf(fp, "  energy: %.3f mJ (idle %.3f mJ, of which exit transitions %.3f mJ; active %.3f mJ)\n",
			(idle + active) / 1e6, idle / 1e6, sum(r->transition_nj, r->nr_cpus) / 1e6,
			active / 1e6);
	if (r->has_driver && r->nr_clusters)
		for (i = 0; i < r->nr_clusters; i++) {
			double ci = 0, ca = 0;

			for (cpu = 0; cpu < r->nr_cpus; cpu++)
				if (r->cluster[cpu] == i) {
					ci += r->idle_nj[cpu];
					ca += r->active_nj[cpu];
				}
			fprintf(fp, "    cluster%d: %.3f mJ (idle %.3f, active %.3f)\n",
				i, (ci + ca) / 1e6, ci / 1e6, ca / 1e6);
		}
	for (i = 0; i < r->nr_clusters; i++) {
		double all = 0;
		int s;

		for (s = 0; s < r->nr_states; s++)
			all += (double)r->cl.ns[i][s];
		fprintf(fp, "    cluster%d all CPUs idle %.3f ms, in its CPUs' shallowest state:", i,
			all / 1e6);
		for (s = 0; s < r->nr_states; s++)
			fprintf(fp, " %s %.3f", state_name(r, s), r->cl.ns[i][s] / 1e6);
		fprintf(fp, " ms\n");
	}
	if (r->nr_domain_state_names) {
		struct domain_state ds[MAX_DOMAIN_STATES];
		int n = domain_states(r, ds);

		fprintf(fp, "  domains, in the states genpd chose at the last CPU%s:\n",
			r->has_stays ? "" : " (none entered)");
		for (w = 14, i = 0; i < n; i++)
			w = name_width(w, ds[i].name);
		for (i = 0; i < n; i++)
			fprintf(fp, "    %-8s %-*s %8llu times %12.3f ms\n", ds[i].dname, w,
				ds[i].name, (unsigned long long)r->dom_count[ds[i].d][ds[i].s],
				r->dom_ns[ds[i].d][ds[i].s] / 1e6);
	}
	fputs(r->xcheck, fp);
	if (r->has_table)
		fprintf(fp, "  exit latency paid: mean %.1f us, max %.1f us\n",
			(double)r->exit_latency_ns / (double)r->periods / 1e3,
			(double)r->exit_latency_max_ns / 1e3);
	if (r->has_lat)
		write_lateness(&r->lat, fp);
	if (r->selected)
		fprintf(fp, "  the governor kept the tick running in %llu of the %llu periods it chose for (%.1f%%)\n",
			(unsigned long long)r->tick_kept, (unsigned long long)r->selected,
			100.0 * (double)r->tick_kept / (double)r->selected);
	fprintf(fp, "  stuck time: %.3f ms in a state dearer than one whose exclusion had ended and that would still have paid\n",
		(double)r->stuck_ns / 1e6);
	for (w = 12, i = 0; i < r->nr_states; i++)
		w = name_width(w, state_name(r, i));
	fprintf(fp, "  %-4s %-*s %9s %12s %12s %9s %11s %8s %12s\n", "cpu", w, "state", "count",
		"total_ms", "mean_us", "too_deep", "too_shallow", "demoted", "energy_uJ");
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		for (i = 0; i < r->nr_states; i++) {
			const struct state_stats *s = &r->st[cpu][i];

			fprintf(fp, "  %-4d %-*s %9llu %12.3f %12.1f %9llu %11llu %8llu %12.1f\n",
				cpu, w, state_name(r, i), (unsigned long long)s->count, s->total_ns / 1e6,
				s->count ? s->total_ns / 1e3 / s->count : 0,
				(unsigned long long)s->too_deep,
				(unsigned long long)s->too_shallow,
				(unsigned long long)s->demoted, s->energy_nj / 1e3);
		}
	if (!r->replayed)
		return;
	fprintf(fp, "  replayed on %llu periods (energy of the idle periods alone):\n",
		(unsigned long long)r->replayed);
	for (i = 0; i < NR_RULES; i++) {
		fprintf(fp, "    %-16s %10.3f mJ  %6.3fx oracle", rule_names[i], r->rule_nj[i] / 1e6,
			r->oracle_nj > 0 ? r->rule_nj[i] / r->oracle_nj : 0);
		if (!isnan(rule_agreement(r, i)))
			fprintf(fp, "  agrees with the run on %6.2f%%", 100 * rule_agreement(r, i));
		fprintf(fp, "%s\n", i == r->ran_rule ? "  (the rule that ran)" : "");
	}
	fprintf(fp, "    (teo's agreement over the %llu periods after its first %d on each CPU:\n"
		"    its metrics start empty at the trace's start)\n",
		(unsigned long long)r->teo_compared, TEO_WARMUP);
	fprintf(fp, "    %-16s %10.3f mJ\n", "oracle", r->oracle_nj / 1e6);
	if (r->dom.nr_off > r->nr_states) {
		uint64_t n = r->dom.intervals[DOMAIN_SOC];

		for (i = 0; i < MAX_CPUS; i++)
			n += r->dom.intervals[i];
		fprintf(fp, "    (with domains: the CPUs' own states, less %.3f mJ the domains'\n"
			"    cheapest states save over %llu intervals in which all their CPUs were idle)\n",
			r->dom.saving_nj / 1e6, (unsigned long long)n);
	}
	fprintf(fp, "    %-16s %10.3f mJ  (the driver charged %.3f mJ)\n", "as run",
		r->actual_model_nj / 1e6, r->actual_driver_nj / 1e6);
}

static void write_json(const struct run *r, FILE *fp)
{
	int i;

	fprintf(fp, "{\n  \"scenario\": \"%s\",\n  \"seed\": \"%s\",\n  \"governor\": \"%s\",\n  \"point\": %d,\n",
		r->m.scenario, r->m.seed, r->m.governor, r->point);
	fprintf(fp, "  \"cpus\": %d,\n  \"states\": %d,\n  \"periods\": %llu,\n  \"demotions\": %llu,\n",
		r->nr_cpus, r->nr_states, (unsigned long long)r->periods,
		(unsigned long long)r->demotions);
	if (r->soc[0]) {
		fprintf(fp, "  \"soc\": \"%s\",\n  \"state_names\": [", r->soc);
		for (i = 0; i < r->nr_state_names; i++)
			fprintf(fp, "%s\"%s\"", i ? ", " : "", r->state_name[i]);
		fprintf(fp, "],\n");
	}
	fprintf(fp, "  \"energy_nj\": { \"total\": %.0f, \"idle\": %.0f, \"active\": %.0f, \"transition\": %.0f },\n",
		total_nj(r), sum(r->idle_nj, r->nr_cpus), sum(r->active_nj, r->nr_cpus),
		sum(r->transition_nj, r->nr_cpus));
	fprintf(fp, "  \"tick\": { \"selected\": %llu, \"kept\": %llu },\n",
		(unsigned long long)r->selected, (unsigned long long)r->tick_kept);
	fprintf(fp, "  \"stuck_ns\": %llu,\n", (unsigned long long)r->stuck_ns);
	fprintf(fp, "  \"timeline\": { \"origin\": \"%s\", \"from_ms\": %.3f, \"to_ms\": %.3f },\n",
		r->ph.start ? "workload start" : "window start", rel_ms(r, r->tl_from),
		rel_ms(r, r->tl_to));
	fprintf(fp, "  \"exit_latency_ns\": { \"total\": %llu, \"max\": %llu },\n",
		(unsigned long long)r->exit_latency_ns, (unsigned long long)r->exit_latency_max_ns);
	if (r->has_lat) {
		fprintf(fp, "  \"lateness_ns\": { \"wakeups\": %llu, \"mean\": %.0f, \"p50\": %llu, \"p99\": %llu, \"max\": %llu, \"budget\": %llu, \"misses\": %llu, \"basis\": \"%s\" },\n",
			(unsigned long long)r->lat.wakeups, r->lat.mean_ns,
			(unsigned long long)r->lat.p50_ns, (unsigned long long)r->lat.p99_ns,
			(unsigned long long)r->lat.max_ns, (unsigned long long)r->lat.budget_ns,
			(unsigned long long)r->lat.misses, lateness_basis_names[r->lat.basis]);
		if (r->lat.split)
			fprintf(fp, "  \"lateness_split_ns\": { \"model_mean\": %.0f, \"emulator_mean\": %.0f, \"emulator_max\": %llu, \"guest_mean\": %.0f, \"served\": %llu, \"mismatched\": %llu },\n",
				r->lat.model_mean_ns, r->lat.emulator_mean_ns,
				(unsigned long long)r->lat.emulator_max_ns, r->lat.guest_mean_ns,
				(unsigned long long)r->lat.served,
				(unsigned long long)r->lat.mismatched);
	}
	fprintf(fp, "  \"replay\": { \"periods\": %llu, \"oracle_nj\": %.0f, \"rules\": {",
		(unsigned long long)r->replayed, r->oracle_nj);
	for (i = 0; i < NR_RULES; i++)
		fprintf(fp, "%s \"%s\": { \"energy_nj\": %.0f, \"agreement\": %.6f }",
			i ? "," : "", rule_names[i], r->rule_nj[i],
			isnan(rule_agreement(r, i)) ? 0 : rule_agreement(r, i));
	fprintf(fp, " } },\n  \"events\": %llu,\n  \"missed_events\": %llu,\n  \"unmatched_events\": %llu,\n  \"aborted_periods\": %llu\n}\n",
		(unsigned long long)r->ps.events, (unsigned long long)r->ps.missed_events,
		(unsigned long long)r->ps.unmatched, (unsigned long long)r->ps.aborted);
}

int cmd_run(int argc, char **argv, const struct run_opts *o)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "point", required_argument, NULL, 'p' },
		{ }
	};
	struct outputs out = { };
	char outdir[PATH_MAX], *end;
	const char *odir = NULL;
	long point = -1;
	FILE *f[8];
	struct run *r;
	int c, ret = 1;

	while ((c = getopt_long(argc, argv, "o:p:", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			odir = optarg;
			break;
		case 'p':
			errno = 0;
			point = strtol(optarg, &end, 10);
			if (errno || *end || point < 0 || point > 100000) {
				fprintf(stderr, "idlesim-analyze: --point %s: expected a point number 0..100000\n",
					optarg);
				return 2;
			}
			break;
		default:
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: idlesim-analyze run [--point N] [--out DIR] RUNDIR\n");
		return 2;
	}
	r = calloc(1, sizeof(*r));
	if (!r)
		return 1;
	r->tl = calloc(TIMELINE_MAX, sizeof(*r->tl));
	if (!r->tl)
		goto free;
	if (analyse_run(argv[optind], (int)point, o, r) < 0)
		goto free;
	snprintf(outdir, sizeof(outdir), "%s", odir ? odir : "");
	if (!odir)
		snprintf(outdir, sizeof(outdir), "%s/analysis", argv[optind]);
	if (make_dir(outdir) < 0)
		goto free;
	f[0] = out_open(&out, outdir, "states.csv");
	f[1] = f[0] ? out_open(&out, outdir, "rules.csv") : NULL;
	f[2] = f[1] ? out_open(&out, outdir, "summary.json") : NULL;
	f[3] = f[2] ? out_open(&out, outdir, "summary.txt") : NULL;
	f[4] = f[3] ? out_open(&out, outdir, "timeline.csv") : NULL;
	f[5] = f[4] ? out_open(&out, outdir, "clusters.csv") : NULL;
	f[6] = f[5] ? out_open(&out, outdir, "phases.csv") : NULL;
	f[7] = f[6] ? out_open(&out, outdir, "domains.csv") : NULL;
	if (!f[7]) {
		out_abort(&out);
		goto free;
	}
	write_state_csvs(r, f[0], f[5]);
	write_rules_csv(r, f[1]);
	write_json(r, f[2]);
	write_summary(r, f[3]);
	write_timeline_csv(r, f[4]);
	write_phases_csv(r, f[6]);
	write_domains_csv(r, f[7]);
	if (out_commit(&out) < 0)
		goto free;
	write_summary(r, stdout);
	ret = 0;
free:
	free(r->tl);
	free(r);
	return ret;
}
