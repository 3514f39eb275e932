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

#include "periods.h"

#define DOMAIN_SOC	(MAX_CPUS)	/* the SoC's slot, after the clusters' */

enum state_off { OFF_CLOCK, OFF_CORE, OFF_CLUSTER, OFF_SOC };

/* An interval in which every CPU of a domain was idle, as priced then */
struct domain_interval {
	int slot;			/* the cluster, or DOMAIN_SOC */
	uint64_t len;
	int nr, n;			/* the CPUs' own states; with the domains' */
	double power[MAX_STATES];	/* sum over the domain's CPUs */
	double exit_nj[MAX_STATES];	/* one CPU's exit from each state */
	bool covers[MAX_STATES];	/* every CPU's residency within len */
};

struct domain_oracle {
	/* what each state of the trace's tables powers down (soc marker) */
	int nr_off;
	enum state_off off[MAX_STATES];
	/* each CPU's latest table, cpuidle's states and the domains' */
	bool has_table[MAX_CPUS];
	struct state_table t[MAX_CPUS];
	/* all CPUs of a domain idle since (0: not now) */
	uint64_t idle_since[MAX_CPUS + 1];
	/* the deepest state the blocks allowed the CPU that went idle last */
	int block_depth[MAX_CPUS + 1];
	uint64_t intervals[MAX_CPUS + 1];
	/* priced when the soc marker, at the trace's end, says which is which */
	struct domain_interval *iv;
	size_t nr_iv, max_iv;
	double saving_nj;		/* over every all-idle interval: domains_finish() */
};

/* " off=A,B,... domain_off=C,..." of the soc marker; -1 on a bad word */
int domains_marker(struct domain_oracle *d, const char *text);
void domains_table(struct domain_oracle *d, const struct period *p);
/*
 * @cpu changed state at @ts; @state holds each CPU's (>= 0: idle),
 * @cluster its cluster, @booted whether it runs at all; @block_depth the
 * deepest state the busy blocks of @cpu's period allow; @counted whether
 * @ts is in the counted window.
 */
void domains_idle(struct domain_oracle *d, int cpu, uint64_t ts, const int *state,
		  const int *cluster, const bool *booted, int block_depth, bool counted);
/* the saving over the intervals recorded, once the marker is read; frees them */
void domains_finish(struct domain_oracle *d);

#endif /* IDLESIM_DOMAINS_H */
