/* SPDX-License-Identifier: GPL-2.0 */
/*
 * dt-read: what `idlesim-soc import` takes from a flattened device tree:
 * the CPUs, their idle states, operating points, dynamic power
 * coefficient and EAS energy costs, and the clusters: cpu-map's, else
 * the PSCI power-domain hierarchy's.  Only libfdt reads the blob; a .dts
 * is compiled by cpp and dtc first.
 */
#ifndef IDLESIM_DT_READ_H
#define IDLESIM_DT_READ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define DTR_MAX_CPUS	64	/* read; a description holds 8 */
#define DTR_MAX_STATES	8	/* DT idle states of one CPU */
#define DTR_MAX_DOMAINS	8	/* power domains from a CPU up */
#define DTR_MAX_OPPS	64
#define DTR_MAX_COSTS	32

/* What an idle state powers down, in the order of socs/README.md. */
enum dtr_off { DTR_CLOCK, DTR_CORE, DTR_CLUSTER, DTR_SOC };

struct dtr_state {
	int node;		/* the idle-state node */
	int domain;		/* power domain listing it, -1: cpu-idle-states */
	enum dtr_off off;	/* before cmd-import looks at the clusters */
	uint64_t span;		/* CPUs (indices) that must all be idle */
	const char *why;	/* what decided off, for a comment */
	uint32_t exit_us;	/* wakeup-latency-us, or entry + exit */
	uint32_t entry_dt, exit_dt;	/* 0 when wakeup-latency-us decided */
	uint32_t residency_us;
	bool has_psci;
	uint32_t psci;		/* arm,psci-suspend-param */
	int level;		/* the CPU's domain chain index of @domain */
};

struct dtr_opp {
	uint64_t hz;
	uint32_t uv;
	uint64_t uw;
	bool has_uv, has_uw;
	int node;		/* -1 for a legacy operating-points entry */
};

struct dtr_opps {
	int node;
	int n;
	struct dtr_opp opp[DTR_MAX_OPPS];
};

struct dtr_costs {
	int node;
	int nbusy, nidle;
	uint32_t cap[DTR_MAX_COSTS], busy[DTR_MAX_COSTS];
	uint32_t idle[DTR_MAX_COSTS];
};

struct dtr_cpu {
	int node;
	uint64_t reg;
	const char *compat;	/* first compatible string, or "" */
	uint32_t dmips;		/* capacity-dmips-mhz, 0 when absent */
	int dt_cluster;		/* index of its cpu-map cluster */
	int nstates;
	struct dtr_state state[DTR_MAX_STATES];
	int ndomains;
	int domain[DTR_MAX_DOMAINS];	/* its power domains, own first */
	int cluster_level;	/* domain[] index of its cluster's, ndomains:
				 * none (dt-domains.c) */
	int opp_table;		/* operating-points-v2 target, or the CPU
				 * node itself for legacy operating-points;
				 * -1: none */
	bool has_dpc;
	uint32_t dpc;		/* dynamic-power-coefficient */
	int dpc_node;		/* the CPU node it was read from */
	int cost_core, cost_cluster;	/* sched-energy-costs targets, -1 */
};

struct dtr {
	const char *file;	/* as given, for messages */
	const char *model;	/* of the root node, or NULL */
	char *fdt;
	size_t size;
	int ncpus;
	struct dtr_cpu cpu[DTR_MAX_CPUS];	/* in reg order */
	int nclusters;
	int cluster_node[DTR_MAX_CPUS];	/* cpu-map clusters, or the PSCI
					 * cluster domains when by_domains;
					 * -1: neither, one cluster */
	bool by_domains;
};

/* Returns 0, 1 when a tool could not run, 2 when the input is bad. */
int dtr_load(struct dtr *dt, const char *file, char **incdirs, int nincdirs);
int dtr_read(struct dtr *dt);
void dtr_free(struct dtr *dt);

uint64_t dtr_domain_span(const struct dtr *dt, int dom);
void dtr_domain_clusters(struct dtr *dt, bool have_map);

int dtr_read_opps(struct dtr *dt, int table, struct dtr_opps *o);
int dtr_read_costs(struct dtr *dt, int node, struct dtr_costs *c);
bool dtr_same_costs(const struct dtr *dt, int a, int b);

const char *dtr_path(const struct dtr *dt, int node);
const char *dtr_label(const struct dtr *dt, int node);
const char *dtr_name(const struct dtr *dt, int node);
int dtr_bad(const struct dtr *dt, int node, const char *prop,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

#endif
