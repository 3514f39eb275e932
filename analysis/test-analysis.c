// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the analysis's pure parts: the replayed selection rules,
 * the oracle and the pricing on hand-written tables, and the statistics
 * against values computed independently (numerical integration of the t
 * density, and the published t table: t(0.975, 4) = 2.7764).  The
 * rankings of a sweep and a comparison are tested in test-rank.c, part
 * of this program.
 */
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "compare.h"
#include "latency.h"
#include "rules.h"
#include "socmodel.h"
#include "stats.h"
#include "run.h"
#include "teo.h"
#include "test-rank.h"
#include "test-check.h"
#include "test-table.h"

/* the rule without the tick cases */
static int pick(enum rule rule, const struct state_table *t, const struct nominal_table *nom,
		int64_t latency_req_ns, uint64_t predicted_ns)
{
	struct rule_inputs in = {
		.predicted_ns = predicted_ns,
		.next_timer_ns = predicted_ns,
		.latency_req_ns = latency_req_ns,
	};

	return rule_select(rule, t, nom, &in);
}

/*
 * with the tick running and @delta_tick_ns till the next tick (HZ=250),
 * the tick kept for a masked state (cpuidle.masked_tick) unless masked_off
 */
static bool masked_off;

static int pick_tick(enum rule rule, const struct state_table *t, int64_t latency_req_ns,
		     uint64_t predicted_ns, uint64_t delta_tick_ns, bool stopped)
{
	struct rule_inputs in = {
		.masked_tick = masked_off ? MASKED_TICK_OFF : MASKED_TICK_ALWAYS,
		.predicted_ns = predicted_ns,
		.next_timer_ns = predicted_ns,
		.latency_req_ns = latency_req_ns,
		.has_tick = true,
		.delta_tick_ns = delta_tick_ns,
		.tick_stopped = stopped,
		.tick_nsec = 4000000,
	};

	return rule_select(rule, t, NULL, &in);
}

static void test_rules(void)
{
	static const int all[] = { 1, 1, 1, 1 }, no2[] = { 1, 1, 0, 1 }, only0[] = { 1, 0, 0, 0 };
	static const int mono[] = { 30000, 20000, 10000, 5000 };
	/* hot: power-down leaks more than retention */
	static const int hot[] = { 50000, 40000, 64000, 98000 };
	const int64_t nolimit = INT64_MAX / 2;
	struct state_table t;
	int r;

	table(&t, all, mono);
	CHECK(pick(RULE_DEEPEST, &t, NULL, nolimit, 3000000) == 3, "deepest, long prediction");
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, nolimit, 3000000) == 3, "lowest power = deepest on a monotonic table");
	CHECK(pick(RULE_DEEPEST, &t, NULL, nolimit, 1000000) == 1, "residency stops the walk");
	CHECK(pick(RULE_DEEPEST, &t, NULL, 200000, 3000000) == 1, "latency limit stops the walk");
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, 200000, 3000000) == 1, "latency-blocked deep states");

	table(&t, all, hot);
	r = pick(RULE_LOWEST_POWER, &t, NULL, nolimit, 3000000);
	CHECK(r == 1, "hot table: the cheapest is retention, got %d", r);
	CHECK(pick(RULE_DEEPEST, &t, NULL, nolimit, 3000000) == 3, "hot table: deepest stays deepest");

	table(&t, no2, mono);
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, nolimit, 2200000) == 1, "an unusable middle state is skipped");
	CHECK(pick(RULE_DEEPEST, &t, NULL, nolimit, 2200000) == 1, "deepest demotes past an unusable state");
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, nolimit, 3000000) == 3, "an unusable middle state does not stop the search");

	table(&t, only0, mono);
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, nolimit, 3000000) == 0, "all but the safe state ignored");
	CHECK(pick(RULE_DEEPEST, &t, NULL, nolimit, 3000000) == 0, "deepest demotes to the safe state");

	/* the registered figures, not the period's, drive the deepest rule */
	{
		struct nominal_table nom = { .nr = 4 };
		int i;

		table(&t, all, mono);
		for (i = 0; i < 4; i++) {
			nom.exit_latency_ns[i] = t.exit_latency_ns[i];
			nom.target_residency_ns[i] = t.target_residency_ns[i];
		}
		t.target_residency_ns[3] = 10000000;	/* this period: cluster-off needs 10 ms */
		CHECK(pick(RULE_DEEPEST, &t, &nom, nolimit, 3000000) == 3, "deepest ignores the period's figures");
		CHECK(pick(RULE_DEEPEST, &t, NULL, nolimit, 3000000) == 2, "without registered figures, the period's");
	}

	/*
	 * Tick cases.  A 3 ms prediction (under the 4 ms tick) with the tick
	 * running and 1 ms till it: both rules walk down to what fits 1 ms
	 * (retention, 500 us), not power-down (2 ms).
	 */
	table(&t, all, mono);
	CHECK(pick_tick(RULE_DEEPEST, &t, nolimit, 3000000, 1000000, false) == 1, "deepest: fits the tick");
	CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 3000000, 1000000, false) == 1, "lowest power: fits the tick");
	CHECK(pick_tick(RULE_DEEPEST, &t, nolimit, 3000000, 1000000, true) == 3, "tick stopped: no walk down");
	/* 300 us till the tick: nothing but WFI fits */
	CHECK(pick_tick(RULE_DEEPEST, &t, nolimit, 3000000, 300000, false) == 0, "deepest: only WFI fits");
	CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 3000000, 300000, false) == 0, "lowest power: only WFI fits");
	/* on the hot table, lowest power within the tick is still retention */
	table(&t, all, hot);
	CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 3000000, 2200000, false) == 1, "hot, tick: retention");
	CHECK(pick_tick(RULE_DEEPEST, &t, nolimit, 3000000, 2200000, false) == 2, "hot, tick: deepest that fits");

	/*
	 * Nothing eligible (a 0.5 us prediction) and WFI too slow to leave
	 * this period: the kernel takes the state within the latency limit
	 * with the shortest residency (retention), not the first usable one.
	 */
	table(&t, all, hot);
	t.exit_latency_ns[0] = 300000;
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, 200000, 500) == 1, "fallback within the latency limit");
	CHECK(pick(RULE_LOWEST_POWER, &t, NULL, 100000, 500) == 0, "fallback: nothing within the limit, first usable");

	/*
	 * The tick kept for a masked state: cluster-off would have fitted a
	 * 3 ms prediction but is unusable this period; with the tick running
	 * and 1 ms till it, the kernel keeps the tick and takes what fits the
	 * tick (retention), where it would otherwise stay in power-down.
	 */
	{
		static const int no3[] = { 1, 1, 1, 0 };

		table(&t, no3, mono);
		t.target_residency_ns[3] = 2500000;
		CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 5000000, 1000000, false) == 1,
		      "masked cluster-off keeps the tick: retention fits it");
		CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 5000000, 1000000, true) == 2,
		      "tick already stopped: power-down");
		masked_off = true;
		CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 5000000, 1000000, false) == 2,
		      "cpuidle.masked_tick=0: the tick decided as 6.1 does, power-down");
		masked_off = false;
		t.usable[3] = 1;
		CHECK(pick_tick(RULE_LOWEST_POWER, &t, nolimit, 5000000, 1000000, false) == 3,
		      "cluster-off usable: no reason to keep the tick");
	}

	/* pricing: 1 ms to the wake-up in retention = 20000 uW x 1 ms + 100000 uW x 150 us */
	table(&t, all, mono);
	CHECK(fabs(state_energy(&t, 1, 1000000) - (20000.0 * 1000000 + 100000.0 * 150000) / 1e6) < 1e-6,
	      "state_energy retention 1 ms = %.3f nJ", state_energy(&t, 1, 1000000));
	/* a state with its own transition power pays its exit at that: 5000 uW x 150 us */
	t.transition_uw[1] = 5000;
	CHECK(fabs(state_energy(&t, 1, 1000000) - (20000.0 * 1000000 + 5000.0 * 150000) / 1e6) < 1e-6,
	      "state_energy retention 1 ms, exit at 5 mW = %.3f nJ", state_energy(&t, 1, 1000000));
	t.transition_uw[1] = 0;
	/* a wait shorter than the exit latency still pays the whole exit */
	CHECK(fabs(state_energy(&t, 2, 100000) - (t.power[2] * 100000.0 + 100000.0 * t.exit_latency_ns[2]) / 1e6) < 1e-6,
	      "short wait, whole exit");
	/* oracle, by hand: 1 ms: WFI 30000 x 1 ms + its exit = about 30000 nJ;
	 * retention 20000 + 15000 = 35000 nJ; so WFI */
	CHECK(oracle_select(&t, nolimit, 1000000) == 0, "oracle picks WFI for 1 ms");
	/* 20 ms: cluster-off 5000 x 20 ms + 100000 x 1.6 ms = 100000 + 160000 = 260000;
	 * power-down 10000 x 20 + 150000 = 350000; retention 20000 x 20 + 15000 = 415000 */
	CHECK(oracle_select(&t, nolimit, 20000000) == 3, "oracle picks cluster-off for 20 ms");
	CHECK(oracle_select(&t, 200000, 20000000) == 1, "oracle within the latency limit");
}

static void test_stats(void)
{
	static const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 4, 6, 8, 10 };
	struct sample_stats sa, sb, s1;
	double p;

	sample_stats(a, 5, &sa);
	sample_stats(b, 5, &sb);
	CHECK(fabs(sa.mean - 3) < 1e-12, "mean %.6f", sa.mean);
	CHECK(fabs(sa.sd - sqrt(2.5)) < 1e-12, "sd %.6f", sa.sd);
	/* t(0.975, 4) = 2.7764451 (tables); ci = t x sd / sqrt(5) */
	CHECK(fabs(sa.ci95 - 1.9632432) < 1e-4, "ci95 %.7f, want 1.9632432", sa.ci95);
	p = welch_p(&sa, &sb);
	/* independently: numerical integration of the t density, df 5.882 */
	CHECK(fabs(p - 0.1075312) < 1e-4, "welch p %.7f, want 0.1075312", p);
	CHECK(welch_p(&sa, &sa) > 0.999, "same samples: p = 1");
	/* paired differences 1..5: t = 3 / (sd / sqrt 5) = 4.2426, df 4;
	 * independently by numerical integration: p = 0.0132356 */
	CHECK(fabs(paired_p(&sa) - 0.0132356) < 1e-4, "paired p %.7f, want 0.0132356", paired_p(&sa));
	sample_stats(a, 1, &s1);
	CHECK(s1.ci95 == 0 && welch_p(&s1, &sb) == 1 && paired_p(&s1) == 1,
	      "one sample: no interval, no test");
}

static void test_stats_nan(void)
{
	const double v[] = { NAN, 4, NAN, 6 }, none[] = { NAN, NAN };
	struct sample_stats s;

	sample_stats(v, 4, &s);
	CHECK(s.n == 2 && s.mean == 5, "NaN left out: n %d mean %.3f", s.n, s.mean);
	sample_stats(none, 2, &s);
	CHECK(s.n == 0 && isnan(s.mean), "all NaN: n %d, mean NaN", s.n);
}

static double run_oracle(const struct run *r)
{
	return r->oracle_nj;
}

/*
 * A comparison pairs each run with the baseline's of the same seed,
 * whatever order the runs came in: the baseline's seeds 1, 2, 3 at 10,
 * 20, 30; the other governor's 3, 1, 2 at 33, 11, 22: differences 1, 2, 3
 */
static void test_paired(void)
{
	static struct run runs[6];
	static const char *const seed[6] = { "1", "2", "3", "3", "1", "2" };
	static const double e[6] = { 10, 20, 30, 33, 11, 22 };
	struct group g0 = { .governor = "menu_deepest", .idx = { 0, 1, 2 }, .n = 3 };
	struct group g1 = { .governor = "menu", .idx = { 3, 4, 5 }, .n = 3 };
	struct sample_stats s;
	int i;

	for (i = 0; i < 6; i++) {
		snprintf(runs[i].m.seed, sizeof(runs[i].m.seed), "%s", seed[i]);
		runs[i].oracle_nj = e[i];
	}
	paired_stats(runs, &g0, &g1, run_oracle, &s);
	CHECK(s.n == 3 && fabs(s.mean - 2) < 1e-9 && fabs(s.sd - 1) < 1e-9,
	      "paired by seed: n %d, mean %.3f, sd %.3f (want 3, 2, 1)", s.n, s.mean, s.sd);
	group_stats(runs, &g1, run_oracle, &s);
	CHECK(s.n == 3 && fabs(s.mean - 22) < 1e-9, "group mean %.3f, want 22", s.mean);
	/* a seed the baseline did not run is left out, not paired with another */
	snprintf(runs[5].m.seed, sizeof(runs[5].m.seed), "9");
	paired_stats(runs, &g0, &g1, run_oracle, &s);
	CHECK(s.n == 2 && fabs(s.mean - 2) < 1e-9, "unpaired seed: n %d, mean %.3f", s.n, s.mean);
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char p[PATH_MAX];
	FILE *fp;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	fp = fopen(p, "w");
	if (fp) {
		fputs(text, fp);
		fclose(fp);
	}
}

/*
 * Two threads, 3 + 2 wake-ups; pooled lateness 0 (clamped from -5),
 * 100, 300, 2000, 50000 ns.  With a 1 us budget, 2 misses; nearest
 * rank: p50 = 3rd = 300, p99 = 5th = 50000.
 */
static void test_latency(void)
{
	char dir[] = "/tmp/idlesim-test-latency.XXXXXX", p[PATH_MAX];
	struct latency l;
	int ret;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	write_file(dir, "workload-summary.txt",
		   "# idlesim-workload summary\n"
		   "scenario=t file=t.ini seed=1 duration_ns=1 cpus=2 online_cpus=2 latency_budget_ns=1000 hw=off\n"
		   "thread=a phase=* count=3\nthread=a phase=run count=3\n"
		   "thread=b phase=* count=2\n");
	write_file(dir, "wakeups-a.tsv", "# seq\n0\trun\t0\t10\t5\t-5\t0\t0\t0\n"
		   "1\trun\t0\t10\t110\t100\t0\t0\t0\n2\trun\t0\t10\t50010\t50000\t0\t0\t0\n");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\t300\t0\t0\t0\n"
		   "1\trun\t0\t10\t2010\t2000\t0\t0\t0\n");
	ret = latency_read(dir, 0, &l);
	CHECK(ret == 1 && l.threads == 2 && l.wakeups == 5, "read %d: %d threads, %llu wake-ups",
	      ret, l.threads, (unsigned long long)l.wakeups);
	CHECK(l.budget_ns == 1000 && l.misses == 2, "budget %llu misses %llu",
	      (unsigned long long)l.budget_ns, (unsigned long long)l.misses);
	CHECK(l.p50_ns == 300 && l.p99_ns == 50000 && l.max_ns == 50000,
	      "p50 %llu p99 %llu max %llu", (unsigned long long)l.p50_ns,
	      (unsigned long long)l.p99_ns, (unsigned long long)l.max_ns);
	CHECK(fabs(l.mean_ns - 52400 / 5.0) < 1e-9, "mean %.1f", l.mean_ns);
	ret = latency_read(dir, 100000, &l);
	CHECK(ret == 1 && l.misses == 0, "budget override: %llu misses",
	      (unsigned long long)l.misses);
	/* a thread the summary names but whose wake-ups are missing */
	snprintf(p, sizeof(p), "%s/wakeups-b.tsv", dir);
	unlink(p);
	CHECK(latency_read(dir, 0, &l) == -1, "missing wakeups file is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\tx\n");
	CHECK(latency_read(dir, 0, &l) == -1, "malformed wakeups line is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\t300x\t0\n");
	CHECK(latency_read(dir, 0, &l) == -1, "a number with trailing junk is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\n");
	CHECK(latency_read(dir, 0, &l) == -1, "a line without its lateness is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\t300\t0\t0\t0\tx\n");
	CHECK(latency_read(dir, 0, &l) == -1, "a cpu that is no number is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\t300\t0\t0\t0\t9\n");
	CHECK(latency_read(dir, 0, &l) == -1, "a cpu out of range is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\t300\t0\t0\n");
	CHECK(latency_read(dir, 0, &l) == -1, "a line with part of busy_req busy_cpu overrun is an error");
	write_file(dir, "wakeups-b.tsv", "0\trun\t0\t10\t310\t300\t0\t0\t0\t1\t7\n");
	CHECK(latency_read(dir, 0, &l) == -1, "a line with a column past cpu is an error");
	unlink(p);
	snprintf(p, sizeof(p), "%s/wakeups-a.tsv", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/workload-summary.txt", dir);
	unlink(p);
	CHECK(latency_read(dir, 0, &l) == 0, "no workload results: 0");
	rmdir(dir);
}

/*
 * The split.  t0 = 1000000 ns.  Thread a on CPU 0: wake-ups intended at
 * +10000 (actual +12000), +50000 (actual +50500), +90000 (actual +90100).
 * CPU 0 idle from 1005000 to 1011000 (state exit 700 ns): serves the
 * first (emulator 1000, guest 1000, model 700); idle 1040000..1051000
 * (exit 2000): serves the second (emulator 1000 ... but the thread ran
 * at 1050500 < 1051000: the clocks disagree, not attributed); the third
 * falls in no period (the CPU was running: queued).
 */
/* a test's workload directory: its two files, then itself */
static void rm_split_dir(const char *dir)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/wakeups-a.tsv", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/workload-summary.txt", dir);
	unlink(path);
	rmdir(dir);
}

/*
 * rt-app's deadlines, rebuilt from its microsecond log, may stand up to a
 * microsecond after the wake-up they caused: one 500 ns after its CPU left
 * idle was still served by that period, one 1.5 us after was not
 */
static void test_latency_slack(void)
{
	char dir[] = "/tmp/idlesim-test-slack.XXXXXX";
	struct latency l;
	struct wakeups ws;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	write_file(dir, "workload-summary.txt",
		   "scenario=t file=t.ini seed=1 duration_ns=1 cpus=1 online_cpus=1 latency_budget_ns=2500 hw=off t0_ns=1000000\n"
		   "thread=a phase=* count=2\n");
	write_file(dir, "wakeups-a.tsv", "# seq\tphase\tburst\tintended_ns\tactual_ns\tlateness_ns\tbusy_req_ns\tbusy_cpu_ns\toverrun\tcpu\n"
		   "0\trun\t0\t10500\t17500\t7000\t0\t0\t0\t0\n"
		   "1\trun\t0\t51500\t58500\t7000\t0\t0\t0\t0\n");
	CHECK(wakeups_read(dir, 0, &ws) == 1 && ws.split, "slack: split read");
	wakeups_served(&ws, 0, 1005000, 1010000, 700);
	wakeups_served(&ws, 0, 1040000, 1050000, 700);
	CHECK(latency_compute(&ws, LATENESS_SOC, &l) == 0 && l.served == 1,
	      "a deadline 500 ns after the wake-up served, one 1.5 us after not: %llu served",
	      (unsigned long long)l.served);
	wakeups_free(&ws);
	rm_split_dir(dir);
}

static void test_latency_split(void)
{
	char dir[] = "/tmp/idlesim-test-split.XXXXXX";
	struct latency l;
	struct wakeups ws;
	int ret;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	write_file(dir, "workload-summary.txt",
		   "scenario=t file=t.ini seed=1 duration_ns=1 cpus=2 online_cpus=2 latency_budget_ns=2500 hw=off t0_ns=1000000\n"
		   "thread=a phase=* count=3\n");
	write_file(dir, "wakeups-a.tsv", "# seq\tphase\tburst\tintended_ns\tactual_ns\tlateness_ns\tbusy_req_ns\tbusy_cpu_ns\toverrun\tcpu\n"
		   "0\trun\t0\t10000\t12000\t2000\t0\t0\t0\t0\n"
		   "1\trun\t0\t50000\t50500\t500\t0\t0\t0\t0\n"
		   "2\trun\t0\t90000\t90100\t100\t0\t0\t0\t0\n");
	ret = wakeups_read(dir, 0, &ws);
	CHECK(ret == 1 && ws.split && ws.n == 3, "split read %d, split %d, %llu wake-ups", ret,
	      ws.split, (unsigned long long)ws.n);
	wakeups_served(&ws, 0, 1005000, 1011000, 700);
	wakeups_served(&ws, 0, 1040000, 1051000, 2000);
	wakeups_served(&ws, 0, 1095000, 1200000, 5000);
	CHECK(latency_compute(&ws, LATENESS_SOC, &l) == 0, "compute");
	CHECK(l.served == 1 && l.mismatched == 1, "served %llu mismatched %llu",
	      (unsigned long long)l.served, (unsigned long long)l.mismatched);
	/* soc: 700 + 1000 | 0 + 500 | 0 + 100; total adds the 1000 of emulator */
	CHECK(fabs(l.model_mean_ns - 700 / 3.0) < 1e-9 && fabs(l.emulator_mean_ns - 1000 / 3.0) < 1e-9 &&
	      fabs(l.guest_mean_ns - 1600 / 3.0) < 1e-9, "parts %.1f %.1f %.1f", l.model_mean_ns,
	      l.emulator_mean_ns, l.guest_mean_ns);
	CHECK(l.max_ns == 1700 && l.misses == 0 && fabs(l.mean_ns - 2300 / 3.0) < 1e-9,
	      "soc: max %llu misses %llu mean %.1f", (unsigned long long)l.max_ns,
	      (unsigned long long)l.misses, l.mean_ns);
	CHECK(latency_compute(&ws, LATENESS_TOTAL, &l) == 0 && l.max_ns == 2700 && l.misses == 1,
	      "total: max %llu misses %llu", (unsigned long long)l.max_ns, (unsigned long long)l.misses);
	CHECK(latency_compute(&ws, LATENESS_GUEST, &l) == 0 && l.max_ns == 2000 && l.misses == 0,
	      "guest: max %llu", (unsigned long long)l.max_ns);
	wakeups_free(&ws);
	CHECK(lateness_basis_parse("soc") == LATENESS_SOC && lateness_basis_parse("x") < 0, "basis names");
	/* without t0 (older results) there is no split */
	write_file(dir, "workload-summary.txt",
		   "scenario=t file=t.ini seed=1 duration_ns=1 cpus=2 online_cpus=2 latency_budget_ns=2500 hw=off\n"
		   "thread=a phase=* count=3\n");
	CHECK(wakeups_read(dir, 0, &ws) == 1 && !ws.split, "no t0: no split");
	wakeups_free(&ws);
	rm_split_dir(dir);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Selection against a sort, on random arrays with many ties, sorted and
 * reversed ones, of 1 to 300 values, at the percentiles used and a few
 * more.
 */
static void test_percentile(void)
{
	static const double pcts[] = { 0, 1, 25, 50, 90, 99, 99.9, 100 };
	uint64_t v[300], sorted[300], work[300];
	unsigned int seed = 12345;
	int n, kind, i, p, bad = 0, runs = 0;

	for (n = 1; n <= 300; n++) {
		for (kind = 0; kind < 4; kind++) {
			for (i = 0; i < n; i++) {
				seed = seed * 1103515245 + 12345;
				v[i] = kind == 0 ? (seed >> 16) % 7 :	/* ties */
				       kind == 1 ? seed >> 8 :
				       kind == 2 ? (uint64_t)i : (uint64_t)(n - i);
			}
			memcpy(sorted, v, n * sizeof(*v));
			qsort(sorted, n, sizeof(*v), cmp_u64);
			for (p = 0; p < (int)(sizeof(pcts) / sizeof(pcts[0])); p++) {
				uint64_t rank = (uint64_t)ceil(pcts[p] / 100.0 * n - 1e-9);

				if (rank < 1)
					rank = 1;
				memcpy(work, v, n * sizeof(*v));
				runs++;
				if (percentile_select(work, n, pcts[p]) != sorted[rank - 1] &&
				    bad++ < 5)
					printf("percentile %.1f of %d values (kind %d): %llu, sorted says %llu\n",
					       pcts[p], n, kind,
					       (unsigned long long)percentile_select(work, n, pcts[p]),
					       (unsigned long long)sorted[rank - 1]);
			}
		}
	}
	CHECK(!bad, "%d of %d percentile selections differ from the sort", bad, runs);
}

/*
 * The host's port of the sim driver's model against figures the driver
 * derived in the guest for the default SoC: its nominal table, as every
 * period of the committed fixture carries it, and its 85 C powers as read
 * from the driver's "table" file (sim-driver/MODEL.md).
 */
static void test_socmodel(void)
{
	static const int64_t res45[] = { 1000, 504000, 2000000, 2500000, 9987000 };
	static const int64_t pw45[] = { 34000, 31000, 28000, 8500, 2000 };
	static const int64_t pw85[] = { 52000, 40000, 64317, 98500, 126000 };
	static struct soc s;
	struct socmodel_table t;
	char err[SOC_MAX_ERR];
	int i, cl;

	if (soc_load(&s, "../socs/simsoc.soc", err, sizeof(err))) {
		CHECK(0, "socs/simsoc.soc: %s", err);
		return;
	}
	socmodel_table(&s, 0, s.cluster[0].default_opp, 45, &t);
	CHECK(t.nr == 5, "five states");
	for (i = 0; i < 5; i++) {
		CHECK(t.res_ns[i] == res45[i], "45 C: residency of state %d: %lld", i, (long long)t.res_ns[i]);
		CHECK(t.power_uw[i] == pw45[i], "45 C: power of state %d: %lld", i, (long long)t.power_uw[i]);
	}
	CHECK(t.active_uw == 93000 + 57000 / 2, "active power at 850 MHz: %lld", (long long)t.active_uw);
	socmodel_table(&s, 0, s.cluster[0].default_opp, 85, &t);
	for (i = 0; i < 5; i++)
		CHECK(t.power_uw[i] == pw85[i], "85 C: power of state %d: %lld", i, (long long)t.power_uw[i]);
	/* 450 MHz: exit latency and residency x (1/2 + 1/2 x 850/450), in Q10 */
	socmodel_table(&s, 0, 0, 45, &t);
	CHECK(t.res_ns[1] == (504 * 1000 * (512 + 512 * 850 / 450)) >> 10,
	      "450 MHz: core-ret residency %lld", (long long)t.res_ns[1]);
	CHECK(socmodel_cpu_kind(&s, 3, &cl) == 0 && cl == 1, "CPU 3 is in the second cluster");
	CHECK(socmodel_cpu_kind(&s, 4, &cl) < 0, "CPU 4 is not in a 4-CPU SoC");
	CHECK(socmodel_opp_of(&s, 0, 780000) == 3, "780 MHz is nearest 775 MHz");
	/*
	 * simsoc's states past WFI take transition=breakeven: core-ret and
	 * core-off would need less than they draw (9781 and 7452 uW), so exit
	 * at their own 31 and 28 mW; cluster-off breaks even against
	 * core-ret at (31000 x 167 + 22500 x 2500) / 1600 = 38391 uW,
	 * soc-sleep against it at (38391 x 1600 + 6500 x 9987) / 9825 =
	 * 12859 uW, at any operating point
	 */
	CHECK(socmodel_exit_uw(&t, 0) == t.active_uw, "simsoc: WFI exits at the active power");
	{
		static const int64_t exit_uw[5] = { 0, 31000, 28000, 38391, 12859 };

		for (i = 1; i < 5; i++)
			CHECK(socmodel_exit_uw(&t, i) == exit_uw[i], "simsoc: state %d exits at %lld uW",
			      i, (long long)socmodel_exit_uw(&t, i));
	}

	/*
	 * juno-r2's a72 cpu-sleep, transition=breakeven: the exit power that
	 * would make its 2000 us residency the break-even against WFI (1 us
	 * at 648 mW, 47.5 mW against its 32.5 mW), (648000 x 1 + 15000 x
	 * 2000) / 1500 = 20432 uW, is below its own 32.5 mW, so it exits at
	 * that, at any operating point
	 */
	if (soc_load(&s, "../socs/juno-r2.soc", err, sizeof(err))) {
		CHECK(0, "socs/juno-r2.soc: %s", err);
		return;
	}
	socmodel_table(&s, 0, 0, 85, &t);
	CHECK(t.transition_uw[0] == 0 && socmodel_exit_uw(&t, 0) == t.active_uw,
	      "juno-r2: WFI exits at the active power");
	CHECK(socmodel_exit_uw(&t, 1) == 32500, "juno-r2: cpu-sleep exits at %lld uW",
	      (long long)socmodel_exit_uw(&t, 1));
}

/*
 * The teo port: its metrics move its choice as teo's do (on time, the
 * deepest state within the sleep length; intercepted again and again, a
 * shallower one), and its power-aware variant keeps teo's choice on
 * ordered figures and takes the cheaper deeper state when they are not.
 */
static void test_teo(void)
{
	static const int all[] = { 1, 1, 1, 1 }, ordered_pw[] = { 400, 300, 200, 100 };
	struct teo_inputs in = {
		.sleep_length_ns = 10000000, .delta_tick_ns = 10000000,
		.latency_req_ns = INT64_MAX, .usable_mask = 0xf, .tick_nsec = 4000000,
		.masked_tick = MASKED_TICK_ALWAYS,
	};
	struct state_table t;
	struct teo_cpu c;
	bool stop;
	int i, k, same = 0, n = 0, a, b;

	table(&t, all, ordered_pw);
	teo_replay_init(&c);
	CHECK(teo_replay_select(&c, &t, &in, false, &stop) == 3, "teo, no history: the deepest within the sleep length");
	for (i = 0; i < 20; i++) {
		teo_replay_update(&c, 300000);	/* woken after 0.3 ms: intercepted, WFI's bin */
		a = teo_replay_select(&c, &t, &in, false, &stop);
	}
	CHECK(a == 0, "teo, intercepted again and again: WFI, got %d", a);
	for (i = 0; i < 40; i++) {
		teo_replay_update(&c, UINT64_MAX);	/* on time */
		a = teo_replay_select(&c, &t, &in, false, &stop);
	}
	CHECK(a == 3, "teo, on time again: the deepest, got %d", a);
	CHECK(teo_measured(10000000, 1000, 10000000) == UINT64_MAX, "a period reaching the sleep length is on time");
	CHECK(teo_measured(3000000, 1000000, 10000000) == 2500000, "half the exit latency comes off");

	/* ordered figures: the power-aware variant is teo, whatever the history and inputs */
	srand(7);
	for (k = 0; k < 20000; k++) {
		if (k % 50 == 0)
			teo_replay_init(&c);
		teo_replay_update(&c, rand() % 4 ? (uint64_t)(rand() % 6000) * 1000 : UINT64_MAX);
		in.sleep_length_ns = (uint64_t)(rand() % 8000 + 1) * 1000;
		in.delta_tick_ns = rand() % 2 ? in.sleep_length_ns : (uint64_t)(rand() % 4000 + 1) * 1000;
		in.tick_stopped = rand() % 2;
		in.latency_req_ns = rand() % 3 ? INT64_MAX : (int64_t)(rand() % 2000) * 1000;
		in.usable_mask = (rand() % 16) | 1;
		a = teo_replay_select(&c, &t, &in, false, &stop);
		b = teo_replay_select(&c, &t, &in, true, &stop);
		same += a == b;
		n++;
	}
	CHECK(same == n, "power-aware teo on ordered figures: %d of %d choices teo's", same, n);

	/* a hot SoC: core-off costs more than cluster-off, which the sleep length covers */
	{
		static const int hot[] = { 400, 300, 350, 100 };

		table(&t, all, hot);
		t.target_residency_ns[2] = 3000000;	/* and core-off's residency above cluster-off's */
		teo_replay_init(&c);
		in = (struct teo_inputs){ .sleep_length_ns = 2800000, .delta_tick_ns = 2800000,
			.latency_req_ns = INT64_MAX, .usable_mask = 0xf, .tick_nsec = 4000000,
			.tick_stopped = true };
		a = teo_replay_select(&c, &t, &in, false, &stop);
		b = teo_replay_select(&c, &t, &in, true, &stop);
		CHECK(a == 1 && b == 3, "unordered: teo stops at core-off's residency (%d), power-aware takes cluster-off (%d)", a, b);
	}
}

/*
 * A period of a run with domains: core-off (the deepest CPU state, the one
 * that votes) entered for 10 ms of which 6 ms under a powered-off cluster
 * at 8.5 mW, the domain state's 1.6 ms exit paid at the active power.  As
 * the driver charged it when a rule keeps the vote; its own power
 * throughout for a state that would have held the domain on.
 */
static void test_domain_pricing(void)
{
	static struct run r;
	const int usable[] = { 1, 1, 1, 0 }, power[] = { 34000, 31000, 28000, 8500 };
	struct period p = { 0 };
	const uint64_t wait = 10000000, dom = 6000000, exit = 1600000;
	double driver, shallow;

	table(&p.table, usable, power);
	p.table.nr = 3;		/* cpuidle's states; cluster-off is the domain's */
	p.table.dom_nr = 1;
	p.has_table = p.has_select = p.has_driver = true;
	p.entered = p.requested = 2;
	p.sel.latency_req_ns = INT64_MAX;
	p.sel.predicted_ns = p.sel.next_timer_ns = wait;
	p.residency_ns = wait + exit;
	p.exit_latency_ns = exit;
	p.domain_ns = dom;
	p.domain_energy = (int64_t)(8500.0 * dom / 1e6);
	driver = (28000.0 * (wait - dom) + 8500.0 * dom + 100000.0 * exit) / 1e6;
	p.energy = (int64_t)driver;

	CHECK(fabs(period_transition_nj(&p) - 100000.0 * exit / 1e6) < 2,
	      "domain period: transition %.1f nJ, expected the exit's %.1f",
	      period_transition_nj(&p), 100000.0 * exit / 1e6);
	replay_period(&r, &p, 2);
	CHECK(fabs(r.actual_model_nj - (double)p.energy) < 1e-6,
	      "domain period priced as run: %.1f nJ, the driver charged %lld",
	      r.actual_model_nj, (long long)p.energy);
	CHECK(fabs(r.rule_nj[RULE_DEEPEST] - (double)p.energy) < 1e-6,
	      "the deepest rule keeps the vote and the domain time: %.1f nJ", r.rule_nj[RULE_DEEPEST]);
	shallow = state_energy(&p.table, 0, wait);
	CHECK(fabs(r.rule_nj[RULE_SHALLOWEST] - shallow) < 1e-6,
	      "WFI holds the domain on: %.1f nJ, expected %.1f", r.rule_nj[RULE_SHALLOWEST], shallow);
	CHECK(fabs(r.oracle_nj - state_energy(&p.table, oracle_select(&p.table, INT64_MAX, wait), wait)) < 1e-6,
	      "the period's oracle takes the CPU's own states only: %.1f nJ", r.oracle_nj);
}

/*
 * The "until" policy and the stuck time, on the audio shape: core-off
 * (state 2) masked by a block whose transfer ends 3 ms after the
 * selection, a 10 ms prediction, 2 ms till the tick.
 */
static void test_masked_until(void)
{
	static const int no2[] = { 1, 1, 0, 1 }, pw[] = { 30000, 20000, 5000, 4000 };
	const uint64_t now = 1000000000ULL, ms = 1000000;
	struct block_rise rise = { now + 4 * ms, 2 };
	struct period p;
	struct state_table *t = &p.table;

	memset(&p, 0, sizeof(p));
	table(t, no2, pw);
	t->until_ns[2] = (int64_t)(now + 3 * ms);
	CHECK(masked_tick_keeps(t, 1, MASKED_TICK_ALWAYS, 10 * ms, INT64_MAX, 2 * ms, false, now),
	      "always: kept for a masked fit");
	CHECK(!masked_tick_keeps(t, 1, MASKED_TICK_UNTIL, 10 * ms, INT64_MAX, 2 * ms, false, now),
	      "until: the end after the tick, so not kept (a wake-up is armed)");
	CHECK(masked_tick_keeps(t, 1, MASKED_TICK_UNTIL, 10 * ms, INT64_MAX, 4 * ms, false, now),
	      "until: the end before the tick keeps it");
	CHECK(!masked_tick_keeps(t, 1, MASKED_TICK_UNTIL, 4 * ms, INT64_MAX, 4 * ms, false, now),
	      "until: 3 ms + 2 ms residency past a 4 ms estimate: not kept");
	CHECK(!masked_tick_keeps(t, 1, MASKED_TICK_UNTIL, 10 * ms, INT64_MAX, 4 * ms, true, now),
	      "until: nothing to keep with the tick stopped");
	t->until_ns[2] = -1;
	CHECK(!masked_tick_keeps(t, 1, MASKED_TICK_UNTIL, 10 * ms, INT64_MAX, 4 * ms, false, now),
	      "until: an unknown end never keeps the tick");

	/* entered retention at now, woke 20 ms later; core-off needs 2 ms */
	p.has_table = p.has_driver = true;
	p.entered = 1;
	p.t_prepare = now - 1000;
	p.t_enter = now;
	p.t_wake = now + 20 * ms;
	t->until_ns[2] = (int64_t)(now + 3 * ms);
	/*
	 * Core-off pays over retention only after (1500 - 150 us) x 100 mW of
	 * dearer exit / 15 mW less power = 9 ms, more than its 2 ms residency.
	 */
	CHECK(period_stuck_ns(&p, NULL, 0) == 8 * ms,
	      "stuck from the end (3 ms) till 9 ms before the wake-up (11 ms): %llu",
	      (unsigned long long)period_stuck_ns(&p, NULL, 0));
	t->until_ns[2] = -1;
	CHECK(period_stuck_ns(&p, NULL, 0) == 0, "an end with the cap's rise, and no rise");
	CHECK(period_stuck_ns(&p, &rise, 1) == 7 * ms, "stuck from the rise at 4 ms: %llu",
	      (unsigned long long)period_stuck_ns(&p, &rise, 1));
	rise.cap = 1;
	CHECK(period_stuck_ns(&p, &rise, 1) == 0, "a rise that still keeps core-off out");
	t->until_ns[2] = -2;
	CHECK(period_stuck_ns(&p, NULL, 0) == 0, "an end the driver cannot trace never counts");
	t->until_ns[2] = (int64_t)(now + 3 * ms);
	p.entered = 3;
	CHECK(period_stuck_ns(&p, NULL, 0) == 0, "in a state cheaper than the one set free");
}

int failures, checks;

int main(void)
{
	test_domain_pricing();
	test_teo();
	test_socmodel();
	test_rules();
	test_masked_until();
	test_stats();
	test_stats_nan();
	test_paired();
	test_rank();
	test_latency();
	test_latency_split();
	test_latency_slack();
	test_percentile();
	printf("%d passed, %d failed\n", checks - failures, failures);
	return failures ? 1 : 0;
}
