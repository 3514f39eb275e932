/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The oracle's view of the power domains of a run made with the sim
 * driver's domains (DOMAINS=genpd): each interval in which every booted
 * CPU of a cluster, or of the SoC, was idle, in the domain state that
 * saves most over the CPUs' deepest own state.  See domains.c.
 */
#ifndef IDLESIM_DOMAINS_H
#define IDLESIM_DOMAINS_H

#include <stdbool.h>
#include <stdint.h>

#include "period.h"

#define DOMAIN_SOC	(MAX_CPUS)	/* the SoC's slot, after the clusters' */

enum state_off { OFF_CLOCK, OFF_CORE, OFF_CLUSTER, OFF_SOC };

/*
 * An interval in which every CPU of a domain was idle, with each CPU's
 * figures of the idle period it spent the interval in
 */
struct domain_interval {
	int slot;			/* the cluster, or DOMAIN_SOC */
	uint64_t len;
	int block_depth;		/* of the CPU that went idle last */
	int nr, n;			/* the CPUs' own states; with the domains' */
	uint32_t cpus;			/* the domain's CPUs whose period had a table */
	uint64_t seq[MAX_CPUS];		/* that period, the driver's number */
	double power[MAX_CPUS][MAX_STATES];
	uint32_t fits[MAX_CPUS];	/* bit j: state j's residency within len */
	double exit_nj[MAX_STATES];	/* the exit of the CPU that ended it */
};

struct domain_oracle {
	/* what each state of the trace's tables powers down (soc marker) */
	int nr_off;
	enum state_off off[MAX_STATES];
	int64_t qos_ns;			/* the workload's CPU latency QoS request; 0: none */
	/* each CPU's table of the idle period it is in, or was in last */
	bool has_table[MAX_CPUS];
	struct state_table t[MAX_CPUS];
	uint64_t seq[MAX_CPUS];

	/* all CPUs of a domain idle since (0: not now) */
	uint64_t idle_since[MAX_CPUS + 1];
	/* the deepest state the blocks allowed the CPU that went idle last */
	int block_depth[MAX_CPUS + 1];
	uint64_t intervals[MAX_CPUS + 1];
	/* priced when the soc marker, at the trace's end, says which is which */
	struct domain_interval *iv;
	size_t nr_iv, max_iv;
	/* the periods the oracle prices, by CPU: their driver's numbers */
	uint64_t *counted[MAX_CPUS];
	size_t nr_counted[MAX_CPUS], max_counted[MAX_CPUS];
	double saving_nj;		/* over every all-idle interval: domains_finish() */
};

/* " off=A,B,... domain_off=C,..." of the soc marker; -1 on a bad word */
int domains_marker(struct domain_oracle *d, const char *text);
/* "idlesim: latency_qos us=N": the workload's CPU latency QoS request; -1 if bad */
int domains_qos_marker(struct domain_oracle *d, const char *text);
/*
 * @p is a period the per-CPU oracle prices: its CPU's share of the
 * intervals within it counts.  A period it does not price (one still
 * open at the trace's end, or from before its start) does not: the run's
 * energy has none of it either.
 */
void domains_counted(struct domain_oracle *d, const struct period *p);
/*
 * @cpu changed state at @ts in its idle period @open (NULL: none known);
 * @state holds each CPU's (>= 0: idle), @cluster its cluster, @booted
 * whether it runs at all; @counted whether @ts is in the counted window.
 */
void domains_idle(struct domain_oracle *d, int cpu, uint64_t ts, const struct period *open,
		  const int *state, const int *cluster, const bool *booted, bool counted);
/* the saving over the intervals recorded, once the marker is read; frees them */
void domains_finish(struct domain_oracle *d);

#endif /* IDLESIM_DOMAINS_H */
