// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the oracle's view of the power domains (domains.c): the
 * saving of each all-idle interval, priced on each CPU's period and only
 * for the CPUs whose period the per-CPU oracle prices.
 */
#include <math.h>
#include <stdbool.h>

#include "domains.h"
#include "test-check.h"
#include "test-table.h"

/*
 * The oracle's domains: two CPUs of cluster 0 (and a third, cluster 1,
 * not booted) with core-off at 28 mW, a cluster state at 8.5 mW (2.5 ms
 * residency, 1.6 ms exit) and a SoC state at 2 mW (10 ms, 2 ms exit),
 * exits at 100 mW.  All idle for 12 ms: the cluster saves 2 x 19.5 mW x
 * 12 ms less the longer exit, the SoC 2 x 6.5 mW x 12 ms less its longer
 * exit over the cluster's; with a 9.8 ms exit the SoC state would not pay;
 * 2 ms idle pays for neither.
 */

/* @cpu goes idle (@s >= 0) or wakes (-1) at @ts, in period @p */
static void dom_step(struct domain_oracle *d, int *state, const int *cluster, const bool *booted,
		     struct period *p, int cpu, int s, uint64_t ts)
{
	p->cpu = cpu;
	state[cpu] = s;
	domains_idle(d, cpu, ts, p, state, cluster, booted, true);
}

/* both CPUs' periods: the states above, the SoC state's figures added */
static void two_periods(struct period *p, int *state)
{
	const int usable[] = { 1, 1, 1, 0 }, power[] = { 34000, 31000, 28000, 8500 };
	int c;

	for (c = 0; c < 2; c++) {
		table(&p[c].table, usable, power);
		p[c].table.nr = 3;
		p[c].table.dom_nr = 2;
		p[c].table.target_residency_ns[4] = 10000000;
		p[c].table.exit_latency_ns[4] = 2000000;
		p[c].table.power[4] = 2000;
		p[c].table.block_depth = 4;
		p[c].has_table = true;
		p[c].seq = 1;
	}
	for (c = 0; c < MAX_CPUS; c++)
		state[c] = -1;
}

/* CPU 0 idle at 1 us, CPU 1 at 2 us for 12 ms: one all-idle interval, priced */
static void all_idle_12ms(struct domain_oracle *d, struct period *p, int *state,
			  const int *cluster, const bool *booted)
{
	dom_step(d, state, cluster, booted, &p[0], 0, 2, 1000);
	dom_step(d, state, cluster, booted, &p[1], 1, 2, 2000);
	dom_step(d, state, cluster, booted, &p[1], 1, -1, 2000 + 12000000);
	domains_counted(d, &p[0]);
	domains_counted(d, &p[1]);
	domains_finish(d);
}

static void test_domain_oracle(void)
{
	static struct domain_oracle d;
	int state[MAX_CPUS], cluster[MAX_CPUS] = { 0, 0, 1 };
	bool booted[MAX_CPUS] = { true, true, false };
	struct period p[2] = { { 0 } }, q;
	double want, saved, both, one;
	int c;

	CHECK(domains_marker(&d, "idlesim: soc name=x states=a,b,c off=clock,core,core cluster=0,0 domain_off=cluster,soc") == 0 &&
	      d.nr_off == 5 && d.off[3] == OFF_CLUSTER && d.off[4] == OFF_SOC,
	      "soc marker: %d states' off", d.nr_off);
	CHECK(domains_marker(&d, "idlesim: soc name=x states=a off=clock domain_off=rack") < 0,
	      "an unknown off word is refused");
	domains_marker(&d, "idlesim: soc name=x states=a,b,c off=clock,core,core domain_off=cluster,soc");
	two_periods(p, state);
	all_idle_12ms(&d, p, state, cluster, booted);
	want = (2 * 19500.0 * 12e6 - 100000.0 * (1600000 - 1500000)) / 1e6 +
	       (2 * 6500.0 * 12e6 - 100000.0 * (2000000 - 1600000)) / 1e6;
	both = want;
	CHECK(fabs(d.saving_nj - want) < 1e-3, "12 ms all idle: the domains save %.1f nJ, expected %.1f",
	      d.saving_nj, want);
	CHECK(d.intervals[0] == 1 && d.intervals[DOMAIN_SOC] == 1, "one interval each: %llu, %llu",
	      (unsigned long long)d.intervals[0], (unsigned long long)d.intervals[DOMAIN_SOC]);
	p[1].seq = 2;
	dom_step(&d, state, cluster, booted, &p[1], 1, 2, 20000000);
	dom_step(&d, state, cluster, booted, &p[1], 1, -1, 22000000);
	domains_counted(&d, &p[0]);
	domains_counted(&d, &p[1]);
	domains_finish(&d);
	CHECK(d.saving_nj == 0, "2 ms all idle pays for no domain state: %.1f nJ", d.saving_nj);
	p[1].seq = 3;
	p[1].table.exit_latency_ns[4] = 9800000;
	dom_step(&d, state, cluster, booted, &p[1], 1, 2, 30000000);
	dom_step(&d, state, cluster, booted, &p[1], 1, -1, 42000000);
	domains_counted(&d, &p[0]);
	domains_counted(&d, &p[1]);
	domains_finish(&d);
	p[1].table.exit_latency_ns[4] = 2000000;
	want = (2 * 19500.0 * 12e6 - 100000.0 * (1600000 - 1500000)) / 1e6;
	CHECK(fabs(d.saving_nj - want) < 1e-3, "a SoC state whose exit costs more than it saves: %.1f nJ, expected %.1f",
	      d.saving_nj, want);
	/* a block busy in the period of the CPU that went idle last: core-off at most */
	p[1].seq = 4;
	p[1].table.block_depth = 2;
	dom_step(&d, state, cluster, booted, &p[1], 1, 2, 50000000);
	p[1].table.block_depth = 4;
	dom_step(&d, state, cluster, booted, &p[1], 1, -1, 62000000);
	domains_counted(&d, &p[0]);
	domains_counted(&d, &p[1]);
	domains_finish(&d);
	CHECK(d.saving_nj == 0, "a busy block keeps the domains on: %.1f nJ", d.saving_nj);
	/*
	 * busy in the period of CPU 0, idle since before the transfer ended:
	 * the last CPU's period decides, as the driver's ->power_off()
	 */
	p[0].table.block_depth = 2;
	dom_step(&d, state, cluster, booted, &p[0], 0, -1, 65000000);
	p[0].seq = 2;
	dom_step(&d, state, cluster, booted, &p[0], 0, 2, 66000000);
	p[1].seq = 5;
	dom_step(&d, state, cluster, booted, &p[1], 1, 2, 70000000);
	dom_step(&d, state, cluster, booted, &p[1], 1, -1, 82000000);
	domains_counted(&d, &p[0]);
	domains_counted(&d, &p[1]);
	domains_finish(&d);
	CHECK(fabs(d.saving_nj - both) < 1e-3,
	      "a block busy only for a CPU idle since before keeps the domains on: %.1f nJ, expected %.1f",
	      d.saving_nj, both);
	/*
	 * CPU 0 still idle when the trace ends: the run's energy has none of
	 * its period, so only CPU 1's share of the saving is the oracle's
	 */
	p[1].seq = 6;
	dom_step(&d, state, cluster, booted, &p[1], 1, 2, 90000000);
	dom_step(&d, state, cluster, booted, &p[1], 1, -1, 102000000);
	domains_counted(&d, &p[1]);
	domains_finish(&d);
	one = (19500.0 * 12e6 - 100000.0 * (1600000 - 1500000)) / 1e6 +
	      (6500.0 * 12e6 - 100000.0 * (2000000 - 1600000)) / 1e6;
	CHECK(fabs(d.saving_nj - one) < 1e-3,
	      "a CPU whose period the oracle does not price claims no share: %.1f nJ, expected %.1f",
	      d.saving_nj, one);
	/*
	 * a CPU whose first period is still open when the interval ends has
	 * its figures all the same, from that period's table
	 */
	memset(&d, 0, sizeof(d));
	domains_marker(&d, "idlesim: soc name=x states=a,b,c off=clock,core,core domain_off=cluster,soc");
	for (c = 0; c < MAX_CPUS; c++)
		state[c] = -1;
	q = p[0];
	q.seq = 7;
	dom_step(&d, state, cluster, booted, &q, 0, 2, 1000);
	p[1].seq = 8;
	dom_step(&d, state, cluster, booted, &p[1], 1, 2, 2000);
	dom_step(&d, state, cluster, booted, &p[1], 1, -1, 2000 + 12000000);
	dom_step(&d, state, cluster, booted, &q, 0, -1, 2000 + 13000000);
	domains_counted(&d, &p[1]);
	domains_counted(&d, &q);
	saved = d.intervals[0];
	domains_finish(&d);
	CHECK(saved == 1 && fabs(d.saving_nj - both) < 1e-3,
	      "the domains of CPUs in their first period: %.1f nJ over %.0f interval, expected %.1f",
	      d.saving_nj, saved, both);
}

/*
 * The same 12 ms under the workload's 1.8 ms CPU latency QoS request (as
 * dma-bursts makes): the SoC state's 2 ms exit is out, as it is for
 * genpd's governor; the cluster state's 1.6 ms is in, though the CPUs'
 * own limits (menu's, narrowed by its heuristic) are 0.1 ms
 */
static void test_domain_latency(void)
{
	static struct domain_oracle d;
	int state[MAX_CPUS], cluster[MAX_CPUS] = { 0, 0, 1 };
	bool booted[MAX_CPUS] = { true, true, false };
	struct period p[2] = { { 0 } };
	double want;
	int c;

	domains_marker(&d, "idlesim: soc name=x states=a,b,c off=clock,core,core domain_off=cluster,soc");
	two_periods(p, state);
	/* the CPUs' own limits, narrowed by menu's heuristic, are not genpd's */
	for (c = 0; c < 2; c++) {
		p[c].has_select = true;
		p[c].sel.latency_req_ns = 100000;
	}
	CHECK(domains_qos_marker(&d, "idlesim: latency_qos us=1800") == 0 && d.qos_ns == 1800000,
	      "the QoS marker: %lld ns", (long long)d.qos_ns);
	CHECK(domains_qos_marker(&d, "idlesim: latency_qos us=x") < 0, "a bad QoS marker is refused");
	d.qos_ns = 1800000;
	all_idle_12ms(&d, p, state, cluster, booted);
	want = (2 * 19500.0 * 12e6 - 100000.0 * (1600000 - 1500000)) / 1e6;
	CHECK(fabs(d.saving_nj - want) < 1e-3,
	      "a 1.8 ms latency limit: the domains save %.1f nJ, expected the cluster's %.1f",
	      d.saving_nj, want);
}

int failures, checks;

int main(void)
{
	test_domain_oracle();
	test_domain_latency();
	printf("%d passed, %d failed\n", checks - failures, failures);
	return failures ? 1 : 0;
}
