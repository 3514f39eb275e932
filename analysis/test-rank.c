// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the rankings, part of test-analysis: what a tuning sweep
 * recommends and what a comparison calls significant, and the domains'
 * stays it shows per governor, each on a few points or runs made up so
 * that the answer follows from the rule.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "test-check.h"
#include "test-rank.h"
#include "tune.h"
#include "tune-dts.h"

/*
 * A sweep's rule on five made-up points, at most 1 % of wake-ups late:
 * 0 the current values; 1 the cheapest with lateness figures but 2 %
 * late; 2 at exactly 1 %; 3 as cheap and as late at p99 as 2, none
 * late; 4 the cheapest of all but without a wake-up to judge.
 */
static void test_tune_rank(void)
{
	static const struct { double e, p99, ek[3]; uint64_t wakeups, misses; } pt[] = {
		{ 100, 500, { 100, 110, 90 }, 1000, 5 }, { 80, 900, { 80, 80, 80 }, 1000, 20 },
		{ 90, 700, { 92, 98, 80 }, 1000, 10 }, { 90, 700, { 90, 90, 90 }, 1000, 0 },
		{ 10, NAN, { 10, 10, 10 }, 0, 0 },
	};
	struct tune_sum s[5] = { 0 };
	struct tune_rank rk;
	int i;

	for (i = 0; i < 5; i++) {
		s[i] = (struct tune_sum){ .e = { .n = 3, .mean = pt[i].e }, .p99 = pt[i].p99,
					  .wakeups = pt[i].wakeups, .misses = pt[i].misses };
		s[i].miss_rate = pt[i].wakeups ? pt[i].misses / (double)pt[i].wakeups : NAN;
		memcpy(s[i].ek, pt[i].ek, sizeof(pt[i].ek));
	}
	tune_rank(s, 5, 0, 3, 0.01, &rk);
	CHECK(rk.cheapest == 2, "cheapest %d, want 2: least energy within the budget, the first of equals",
	      rk.cheapest);
	CHECK(rk.meets[0] && !rk.meets[1] && rk.meets[2] && rk.meets[3] && !rk.meets[4],
	      "within the budget: 0, 2 (at exactly 1 %%) and 3, not 1 (2 %%) nor 4 (no wake-ups)");
	CHECK(rk.pareto[0] && rk.pareto[1] && rk.pareto[2] && rk.pareto[3] && !rk.pareto[4],
	      "the front: every point with lateness figures, none dominates another");
	CHECK(rk.nr_front == 3 && rk.front[0] == 0 && rk.front[1] == 2 && rk.front[2] == 1,
	      "the front by p99: %d points, %d %d %d, want 0 2 1", rk.nr_front, rk.front[0],
	      rk.front[1], rk.front[2]);
	/* against the current seed by seed: -8, -12, -10; df 2: p = 1 - t / sqrt(2 + t^2) */
	CHECK(rk.vs_cur && rk.diff.n == 3 && fabs(rk.diff.mean + 10) < 1e-9 &&
	      fabs(rk.diff_p - 0.013072) < 1e-4, "against the current: n %d, mean %.3f, p %.6f",
	      rk.diff.n, rk.diff.mean, rk.diff_p);
	/* every point against the current: 1 by -20, -30, -10, p 0.07418; not the current */
	CHECK(rk.vs[1].n == 3 && fabs(rk.vs[1].mean + 20) < 1e-9 && fabs(rk.vs_p[1] - 0.07418) < 1e-4 &&
	      isnan(rk.vs_p[0]) && isnan(rk.vs[0].mean),
	      "point 1 against the current: n %d, mean %.3f, p %.4f; the current's p %.4f",
	      rk.vs[1].n, rk.vs[1].mean, rk.vs_p[1], rk.vs_p[0]);
	tune_rank(s, 5, 0, 3, 0, &rk);
	CHECK(rk.cheapest == 3, "none may be late: cheapest %d, want 3", rk.cheapest);
	/* without 3 none meets that: the closest is named, of equal misses the cheaper */
	s[2].misses = 5;
	s[2].miss_rate = 0.005;
	tune_rank(s, 3, 0, 3, 0, &rk);
	CHECK(rk.rec == -1 && rk.why == TUNE_NONE && !rk.vs_cur && rk.closest == 2,
	      "none meets: recommended %d, closest %d", rk.rec, rk.closest);
	tune_rank(s, 3, 2, 3, 0.01, &rk);
	CHECK(rk.rec == 2 && rk.why == TUNE_CURRENT_CHEAPEST && !rk.vs_cur,
	      "the current values the cheapest: recommended %d, nothing to test against", rk.rec);
}

/*
 * When the cheapest point replaces the current values, on five made-up
 * points, at most 1 % late: 0 the current values; 1 the cheapest of all
 * but 2 % late; 2 the cheapest within the budget; 3 (at exactly 1 %) and
 * 4 dearer.  Three points besides the current one meet the budget, so 2
 * must beat p < 0.05 / 3.  Against the current seed by seed (df 2,
 * p = 1 - t / sqrt(2 + t^2)): by -10, -11, -9, t 17.32 and p 0.0033,
 * significant after the correction; by -7, -10, -13, t 5.774 and
 * p 0.0287, significant alone but not as the best of three.
 */
static void test_tune_keep(void)
{
	static const double ek[5][3] = {
		{ 100, 110, 90 }, { 50, 60, 40 }, { 90, 99, 81 }, { 95, 105, 85 }, { 98, 108, 88 },
	};
	static const uint64_t misses[5] = { 5, 20, 0, 10, 0 };
	struct tune_sum s[5] = { 0 };
	struct tune_rank rk;
	int i, k;

	for (i = 0; i < 5; i++) {
		s[i] = (struct tune_sum){ .e = { .n = 3 }, .p99 = 500, .wakeups = 1000,
					  .misses = misses[i], .miss_rate = misses[i] / 1000.0 };
		for (k = 0; k < 3; k++) {
			s[i].ek[k] = ek[i][k];
			s[i].e.mean += ek[i][k] / 3;
		}
	}
	tune_rank(s, 5, 0, 3, 0.01, &rk);
	CHECK(rk.rec == 2 && rk.cheapest == 2 && rk.why == TUNE_SIGNIFICANT && rk.nr_tested == 3 &&
	      fabs(rk.alpha - 0.05 / 3) < 1e-12 && fabs(rk.diff_p - 0.003317) < 1e-6,
	      "significant after the correction: recommended %d (why %d), %d tested, p %.6f; want 2 (%d), 3, 0.003317",
	      rk.rec, rk.why, rk.nr_tested, rk.diff_p, TUNE_SIGNIFICANT);

	/* significant alone, not as the best of three: kept, the cheapest still named */
	s[2].ek[0] = 93;
	s[2].ek[1] = 100;
	s[2].ek[2] = 77;
	tune_rank(s, 5, 0, 3, 0.01, &rk);
	CHECK(rk.rec == 0 && rk.cheapest == 2 && rk.why == TUNE_NOT_SIGNIFICANT && rk.vs_cur &&
	      fabs(rk.diff.mean + 10) < 1e-9 && fabs(rk.diff_p - 0.02872) < 1e-5,
	      "significant only uncorrected: recommended %d (why %d), cheapest %d, p %.5f; want the current 0 (%d), 2, 0.02872",
	      rk.rec, rk.why, rk.cheapest, rk.diff_p, TUNE_NOT_SIGNIFICANT);

	/* one seed: no test, so nothing shows the saving */
	tune_rank(s, 5, 0, 1, 0.01, &rk);
	CHECK(rk.rec == 0 && rk.cheapest == 2 && rk.why == TUNE_ONE_SEED && rk.vs_cur &&
	      isnan(rk.diff_p), "one seed: recommended %d (why %d), cheapest %d, p %.4f; want the current 0 (%d), 2, none",
	      rk.rec, rk.why, rk.cheapest, rk.diff_p, TUNE_ONE_SEED);

	/* the current values 2 % late: a change is needed, tested or not */
	s[0].misses = 20;
	s[0].miss_rate = 0.02;
	tune_rank(s, 5, 0, 3, 0.01, &rk);
	CHECK(rk.rec == 2 && rk.why == TUNE_CURRENT_OVER && rk.diff_p > rk.alpha,
	      "the current over the budget: recommended %d (why %d), want 2 (%d) at p %.4f",
	      rk.rec, rk.why, TUNE_CURRENT_OVER, rk.diff_p);
	tune_rank(s, 5, 0, 1, 0.01, &rk);
	CHECK(rk.rec == 2 && rk.why == TUNE_CURRENT_OVER,
	      "the current over the budget, one seed: recommended %d (why %d), want 2 (%d)",
	      rk.rec, rk.why, TUNE_CURRENT_OVER);
	tune_rank(s, 5, -1, 3, 0.01, &rk);
	CHECK(rk.rec == 2 && rk.why == TUNE_NO_CURRENT && !rk.vs_cur,
	      "no current point: recommended %d (why %d), want 2 (%d)", rk.rec, rk.why, TUNE_NO_CURRENT);
}

/*
 * The baseline's seeds 1, 2, 3 at 100, 200, 300 nJ; the other governor's
 * 3, 1, 2 at 290, 90, 190, 10 nJ less under every seed.  Paired by seed
 * that is certain (p 0); the means alone, 200 against 190 with a spread
 * of 100, tell nothing (Welch: t 0.1225, df 4; integrating the t density,
 * p 0.9084).
 */
static void test_compare_figures(void)
{
	static const char *const seed[6] = { "1", "2", "3", "3", "1", "2" };
	static const double e[6] = { 100, 200, 300, 290, 90, 190 };
	struct group g[MAX_GROUPS] = {
		{ .governor = "menu", .idx = { 0, 1, 2 }, .n = 3 },
		{ .governor = "teo", .idx = { 3, 4, 5 }, .n = 3 },
	};
	struct group_figures f[2];
	static struct run runs[6];
	int i, ng = 2;

	for (i = 0; i < 6; i++) {
		snprintf(runs[i].m.seed, sizeof(runs[i].m.seed), "%s", seed[i]);
		runs[i].nr_cpus = 1;
		runs[i].idle_nj[0] = e[i];
	}
	CHECK(same_seeds(runs, &g[0], &g[1]), "the same seeds in another order");
	compare_figures(runs, g, 2, f);
	CHECK(!f[0].tested && f[0].p == 1, "the baseline is not tested against itself");
	CHECK(f[1].tested && f[1].pd.n == 3 && f[1].pd.mean == -10 && f[1].p < 1e-9,
	      "paired by seed: n %d, mean %.3f, p %.3g", f[1].pd.n, f[1].pd.mean, f[1].p);
	CHECK(fabs(f[1].welch_p - 0.9084) < 1e-3, "Welch p %.4f, want 0.9084", f[1].welch_p);
	g[0].n = g[1].n = 1;
	compare_figures(runs, g, 2, f);
	CHECK(!f[1].tested, "one seed each: no test");
	CHECK(!same_seeds(runs, &g[0], &g[1]), "seed 1 is not seed 3");
	CHECK(group_of(g, &ng, "teo") == 1 && group_of(g, &ng, "ladder") == 2 && ng == 3,
	      "a governor seen before has its group, a new one the next");
	ng = MAX_GROUPS;
	for (i = 3; i < MAX_GROUPS; i++)
		g[i].governor = "haltpoll";
	CHECK(group_of(g, &ng, "rt") == -1 && ng == MAX_GROUPS, "no room for another governor");
}

/*
 * Domains as a soc marker gives them: cluster 0 with CPUs 0 and 1 booted,
 * cluster 1 with CPU 2 not booted, the SoC's domain 2; cpuidle's three
 * states, then the description's cluster-off (3) and soc-sleep (4).
 * menu's first run never powered a domain off, its second kept cluster 0
 * off 4 times for 30 ms and the SoC once for 10 ms; teo's runs 2 and 6
 * times, 20 and 40 ms, the SoC never, and a stay of the unbooted cluster
 * that no domain state lists.
 */
static void test_compare_domains(void)
{
	static const uint64_t cnt[4][2] = { { 0, 0 }, { 4, 1 }, { 2, 0 }, { 6, 0 } };
	static const uint64_t ms[4][2] = { { 0, 0 }, { 30, 10 }, { 20, 0 }, { 40, 0 } };
	const struct group g[2] = {
		{ .governor = "menu", .idx = { 0, 1 }, .n = 2 },
		{ .governor = "teo", .idx = { 2, 3 }, .n = 2 },
	};
	static struct domain_means m;
	static struct run runs[4];
	int i;

	for (i = 0; i < 4; i++) {
		struct run *r = &runs[i];

		r->nr_states = 3;
		r->nr_domain_state_names = 2;
		snprintf(r->domain_state_name[0], sizeof(r->domain_state_name[0]), "cluster-off");
		snprintf(r->domain_state_name[1], sizeof(r->domain_state_name[1]), "soc-sleep");
		r->soc_domain = 2;
		r->booted[0] = r->booted[1] = true;
		r->cluster[2] = 1;
		r->dom.nr_off = 5;
		r->dom.off[3] = OFF_CLUSTER;
		r->dom.off[4] = OFF_SOC;
		r->dom_count[0][3] = cnt[i][0];
		r->dom_ns[0][3] = ms[i][0] * 1000000;
		r->dom_count[2][4] = cnt[i][1];
		r->dom_ns[2][4] = ms[i][1] * 1000000;
		r->has_stays = cnt[i][0] || cnt[i][1];
	}
	runs[3].dom_count[1][3] = 1;
	runs[3].dom_ns[1][3] = 5000000;
	domain_means(runs, 4, g, 2, &m);
	CHECK(m.n == 2 && m.st[0].d == 0 && m.st[0].s == 3 && !strcmp(m.st[0].dname, "cluster0") &&
	      !strcmp(m.st[0].name, "cluster-off") && m.st[1].d == 2 && m.st[1].s == 4 &&
	      !strcmp(m.st[1].dname, "soc") && !strcmp(m.st[1].name, "soc-sleep"),
	      "the domain states: %d, want cluster0's cluster-off and the SoC's soc-sleep", m.n);
	/* a run without stays is a mean's zero, not left out */
	CHECK(m.count[0][0] == 2 && m.ns[0][0] == 15e6 && m.count[0][1] == 0.5 && m.ns[0][1] == 5e6,
	      "menu: %.1f times %.0f ns, %.1f times %.0f ns; want 2 times 15 ms, 0.5 times 5 ms",
	      m.count[0][0], m.ns[0][0], m.count[0][1], m.ns[0][1]);
	CHECK(m.count[1][0] == 4 && m.ns[1][0] == 30e6 && m.count[1][1] == 0 && m.ns[1][1] == 0,
	      "teo: %.1f times %.0f ns, %.1f times %.0f ns; want 4 times 30 ms, none",
	      m.count[1][0], m.ns[1][0], m.count[1][1], m.ns[1][1]);
	/* genpd on and never off is said, as zeros; no genpd, no domains.csv */
	for (i = 0; i < 4; i++) {
		runs[i].has_stays = false;
		memset(runs[i].dom_count, 0, sizeof(runs[i].dom_count));
		memset(runs[i].dom_ns, 0, sizeof(runs[i].dom_ns));
	}
	domain_means(runs, 4, g, 2, &m);
	CHECK(m.n == 2 && m.count[0][0] == 0 && m.ns[1][1] == 0,
	      "genpd, no stay: %d domain states, %.1f times, %.0f ns; want 2, zeros",
	      m.n, m.count[0][0], m.ns[1][1]);
	for (i = 0; i < 4; i++)
		runs[i].nr_domain_state_names = 0;
	domain_means(runs, 4, g, 2, &m);
	CHECK(m.n == 0, "no domain states: %d, want none (no domains.csv)", m.n);
}

/* the fragments of @nr sweeps, one after another, as text (NULL: none) */
static char *dts_text(const struct tune_dts *d, int nr)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *fp = open_memstream(&buf, &size);
	int i;

	if (!fp) {
		CHECK(0, "open_memstream failed");
		return NULL;
	}
	for (i = 0; i < nr; i++)
		tune_write_dts(fp, &d[i]);
	fclose(fp);
	return buf;
}

/*
 * The recommendation as a device-tree fragment: a state's residency and
 * exit controls, with and without the kind of cluster in their names (SoCs
 * with several kinds), become that state's properties; any other control
 * is only named.
 */
static void test_tune_dts(void)
{
	static const char dim[4][32] = { "s1_residency_us", "a72_s1_exit_us",
					 "a53_s2_residency_us", "temp_c" };
	static const char name[3][STATE_NAME_LEN] = { "WFI", "cpu-sleep", "cluster-sleep" };
	const long long val[4] = { 800, 450, 3000, 60 };
	char *buf = dts_text(&(struct tune_dts){ .soc = "juno-r2", .scenarios = "audio",
		.batch = "b", .point = 2, .nr_dims = 4, .dim = dim, .val = val,
		.nr_names = 3, .name = name }, 1);

	if (!buf)
		return;
	CHECK(strstr(buf, "\t\t\tcpu-sleep {\t/* state 1 of juno-r2 */\n\t\t\t\tmin-residency-us = <800>;"),
	      "s1_residency_us: want cpu-sleep's min-residency-us = <800>:\n%s", buf);
	CHECK(strstr(buf, "\t\t\ta72-cpu-sleep {\t/* state 1 of [cluster a72] of juno-r2 */\n\t\t\t\twakeup-latency-us = <450>;"),
	      "a72_s1_exit_us: want a72-cpu-sleep's wakeup-latency-us = <450>:\n%s", buf);
	CHECK(strstr(buf, "\t\t\ta53-cluster-sleep {\t/* state 2 of [cluster a53] of juno-r2 */\n\t\t\t\tmin-residency-us = <3000>;"),
	      "a53_s2_residency_us: want a53-cluster-sleep's min-residency-us = <3000>:\n%s", buf);
	CHECK(strstr(buf, "/* temp_c=60: not an idle-state property */"),
	      "temp_c: want it named as no idle-state property:\n%s", buf);
	CHECK(strstr(buf, "the recommended point 2,\n * b.\n"), "want the recommended point:\n%s", buf);
	free(buf);

	/* the current values kept: the fragment says so, and why */
	buf = dts_text(&(struct tune_dts){ .soc = "juno-r2", .scenarios = "audio",
		.batch = "s1_residency_us=800", .point = 0, .kept = "not significant", .nr_dims = 1,
		.dim = dim, .val = val, .nr_names = 3, .name = name }, 1);
	if (!buf)
		return;
	CHECK(strstr(buf, "the current values kept, point 0,\n * s1_residency_us=800:\n * not significant.\n") &&
	      strstr(buf, "\t\t\t\tmin-residency-us = <800>;") && !strstr(buf, "recommended point"),
	      "kept: want the current values said kept, and why, and written:\n%s", buf);
	free(buf);
}

/*
 * With the runs' description, a state whose node it names (dt=, from the
 * import) is written as a reference to that node: sdm845-mtp gives each
 * cluster its own CPU states and puts its cluster state in a PSCI
 * domain's domain-idle-states; juno-r2's two clusters share their nodes,
 * so a second figure for one property of one node is said, not written.
 */
static void test_tune_dts_nodes(void)
{
	static const char dim[3][32] = { "big_s1_residency_us", "little_s2_residency_us",
					 "little_s1_exit_us" };
	static const char jdim[2][32] = { "a72_s1_residency_us", "a53_s1_residency_us" };
	static const char name[3][STATE_NAME_LEN] = { "WFI", "cpu-sleep", "cluster-sleep" };
	const long long val[3] = { 700, 3000, 350 };
	static struct soc sdm, juno;
	char err[SOC_MAX_ERR], *buf;

	if (soc_load(&sdm, "../socs/sdm845-mtp.soc", err, sizeof(err)) ||
	    soc_load(&juno, "../socs/juno-r2.soc", err, sizeof(err))) {
		CHECK(0, "the shipped descriptions do not load: %s", err);
		return;
	}
	buf = dts_text((struct tune_dts[]){
		{ .soc = "sdm845-mtp", .scenarios = "audio", .batch = "b", .point = 1,
		  .nr_dims = 3, .dim = dim, .val = val, .nr_names = 3, .name = name, .desc = &sdm },
		{ .soc = "juno-r2", .scenarios = "audio", .batch = "b", .point = 1,
		  .nr_dims = 2, .dim = jdim, .val = val, .nr_names = 3, .name = name, .desc = &juno },
	}, 2);
	if (!buf)
		return;
	CHECK(strstr(buf, "&{/cpus/idle-states/cpu-sleep-1-0} {\t/* state 1 of [cluster big] of sdm845-mtp */\n\tmin-residency-us = <700>;\n};"),
	      "big_s1_residency_us: want a reference to the big cluster's own node:\n%s", buf);
	CHECK(strstr(buf, "&{/cpus/domain-idle-states/cluster-sleep-0} {\t/* state 2 of [cluster little] of sdm845-mtp */\n\tmin-residency-us = <3000>;"),
	      "little_s2_residency_us: want the PSCI domain's state:\n%s", buf);
	CHECK(strstr(buf, "&{/cpus/idle-states/cpu-sleep-0-0} {\t/* state 1 of [cluster little] of sdm845-mtp */\n\twakeup-latency-us = <350>;"),
	      "little_s1_exit_us: want the little cluster's own node:\n%s", buf);
	CHECK(!strstr(buf, "/ {"), "every state has its node: want no node by name:\n%s", buf);
	CHECK(strstr(buf, "&{/cpus/idle-states/cpu-sleep-0} {\t/* state 1 of [cluster a72] of juno-r2 */\n\tmin-residency-us = <700>;") &&
	      strstr(buf, "/* a53_s1_residency_us=3000, state 1 of [cluster a53] of juno-r2: min-residency-us is written above for another cluster sharing /cpus/idle-states/cpu-sleep-0 */"),
	      "juno-r2: want the first cluster's figure written and the second's said:\n%s", buf);
	free(buf);
}

void test_rank(void)
{
	test_tune_rank();
	test_tune_keep();
	test_tune_dts();
	test_tune_dts_nodes();
	test_compare_figures();
	test_compare_domains();
}
