/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simsoc: a simulated SoC cpuidle driver whose idle states change from one
 * idle period to the next.  Shared declarations of the model, the controls
 * and the idle path.  See MODEL.md for the equations and their sources.
 */
#ifndef _SIMSOC_H
#define _SIMSOC_H

#include <linux/types.h>
#include <linux/rcupdate.h>
#include <linux/ktime.h>
#include <linux/timekeeping.h>

#include <idlesim/controls.h>
#include <idlesim/limits.h>

#define SIMSOC_TRACE_STATES	IDLESIM_MAX_STATES	/* size of the traced arrays */
#define SIMSOC_MAX_STATES	SIMSOC_TRACE_STATES
#define SIMSOC_MAX_KINDS	8	/* [cluster] sections of the description */
#define SIMSOC_MAX_OPPS		IDLESIM_MAX_OPPS
#define SIMSOC_MAX_BLOCKS	IDLESIM_MAX_BLOCKS
#define SIMSOC_MAX_CPUS		IDLESIM_MAX_CPUS
#define SIMSOC_ITEM_LEN		16	/* kinds of cluster and blocks */
#define SIMSOC_STATE_NAME_LEN	IDLESIM_STATE_NAME_LEN	/* beyond cpuidle's: simsoc_main.c */
#define SIMSOC_CTRL_NAME_LEN	40

/* What an idle state powers down, in depth order (socs/README.md) */
enum simsoc_off {
	SIMSOC_OFF_CLOCK,
	SIMSOC_OFF_CORE,
	SIMSOC_OFF_CLUSTER,
	SIMSOC_OFF_SOC,
};

enum simsoc_block_mode {
	SIMSOC_BLOCK_IDLE,
	SIMSOC_BLOCK_BUSY,
	SIMSOC_BLOCK_RANDOM,
};

/* Controls of every SoC, first in the table; the rest depend on the SoC */
enum simsoc_ctrl_id {
	SIMSOC_C_SEED,
	SIMSOC_C_TEMP,
	SIMSOC_C_JITTER,
	SIMSOC_C_COUPLING,
	SIMSOC_C_FIRST_SOC,
};

#define SIMSOC_CTRLS_PER_KIND	2	/* opp, active_leak_uw */
#define SIMSOC_CTRLS_PER_BLOCK	4	/* mode, duty_pct, depth, busy_us */
#define SIMSOC_CTRLS_PER_STATE	IDLESIM_NR_STATE_CONTROLS

/*
 * One kind of cluster (a [cluster] section): count clusters of cpus CPUs,
 * their operating points and the nominal figures of each state.
 */
struct simsoc_kind {
	char name[SIMSOC_ITEM_LEN];
	int cpus, count;
	int nr_opps, def_opp;
	u32 opp_khz[SIMSOC_MAX_OPPS], opp_uv[SIMSOC_MAX_OPPS];
	u32 core_uw[SIMSOC_MAX_OPPS], cluster_uw[SIMSOC_MAX_OPPS];
	s64 def_leak_uw;
	s64 def_fig[SIMSOC_MAX_STATES][SIMSOC_CTRLS_PER_STATE];
	/* the power of each state's exit latency; 0: the CPU's active power */
	u32 trans_uw[SIMSOC_MAX_STATES];
	const char *opp_menu[SIMSOC_MAX_OPPS + 1];
	char opp_names[SIMSOC_MAX_OPPS][16];
};

/*
 * The SoC the driver plays, read from its soc= parameter at load
 * (simsoc_soc.c) and never changed afterwards: states, clusters, blocks,
 * the CPUs' places, and the control table derived from them.
 */
struct simsoc_soc {
	char name[32];
	int temp_ref_c, exit_fixed_pct, active_td_c;
	int def_jitter_pct, def_coupling;
	int nr_states;
	/* the description's names, whole: cpuidle's are derived from them */
	char state_name[SIMSOC_MAX_STATES][SIMSOC_STATE_NAME_LEN];
	u8 off[SIMSOC_MAX_STATES];
	int nr_kinds;
	struct simsoc_kind kind[SIMSOC_MAX_KINDS];
	int nr_blocks;
	char block_name[SIMSOC_MAX_BLOCKS][SIMSOC_ITEM_LEN];
	int def_block_depth[SIMSOC_MAX_BLOCKS];
	/* CPU n (n < nr_cpus) is in cluster cpu_cluster[n], of cpu_kind[n] */
	int nr_cpus, nr_clusters;
	u8 cpu_cluster[SIMSOC_MAX_CPUS], cpu_kind[SIMSOC_MAX_CPUS];
	/* the control table: ids of the first control of each group */
	int c_kind0, c_block0, c_state0, c_generation, c_nr_states, nr_ctrls;
	struct simsoc_ctrl *ctrls;
	char (*ctrl_names)[SIMSOC_CTRL_NAME_LEN];
};

extern const struct simsoc_soc *simsoc_soc;

/**
 * simsoc_c_opp() - the id of a kind of cluster's operating point control
 * @s: the SoC
 * @kind: the kind of cluster, 0 for the first [cluster] section
 *
 * Its active leakage control follows it.
 *
 * Return: the control's index in @s->ctrls.
 */
static inline int simsoc_c_opp(const struct simsoc_soc *s, int kind)
{
	return s->c_kind0 + kind * SIMSOC_CTRLS_PER_KIND;
}

/**
 * simsoc_c_block() - the id of a block's first control (mode)
 * @s: the SoC
 * @block: the block
 *
 * Its duty, depth and busy time controls follow it.
 *
 * Return: the control's index in @s->ctrls.
 */
static inline int simsoc_c_block(const struct simsoc_soc *s, int block)
{
	return s->c_block0 + block * SIMSOC_CTRLS_PER_BLOCK;
}

/**
 * simsoc_c_state() - the id of a state's first control in a kind of cluster
 * @s: the SoC
 * @kind: the kind of cluster
 * @state: the state's index
 *
 * Exit latency; residency, power, leakage and its doubling temperature
 * follow it, in that order (the model relies on it).
 *
 * Return: the control's index in @s->ctrls.
 */
static inline int simsoc_c_state(const struct simsoc_soc *s, int kind, int state)
{
	return s->c_state0 + (kind * s->nr_states + state) * SIMSOC_CTRLS_PER_STATE;
}

/* One kind's figures derived from the controls (process context) */
struct simsoc_kind_derived {
	s64 exit_ns[SIMSOC_MAX_STATES];
	s64 res_ns[SIMSOC_MAX_STATES];
	u32 power_uw[SIMSOC_MAX_STATES];
	u32 active_uw;
};

/* Figures derived from the controls when they are published */
struct simsoc_derived {
	struct simsoc_kind_derived k[SIMSOC_MAX_KINDS];
	u32 jitter_pct;
	bool coupling;
	u8 blk_mode[SIMSOC_MAX_BLOCKS];
	u8 blk_duty[SIMSOC_MAX_BLOCKS];
	u8 blk_depth[SIMSOC_MAX_BLOCKS];
	/*
	 * A busy block's end, simsoc_now() ns: busy_us after the write that
	 * made it busy; 0 while it is busy until written idle.  Set when the
	 * set is published (simsoc_ctrl.c), not derived.
	 */
	u64 blk_end_ns[SIMSOC_MAX_BLOCKS];
};

/* One immutable generation of the model's inputs, published with RCU */
struct simsoc_params {
	struct rcu_head rcu;
	u64 gen;		/* publication number, 1 for the first table */
	u64 seed_gen;		/* bumped whenever "seed" is written */
	struct simsoc_derived d;
	s64 v[];		/* a value per control of simsoc_soc */
};

/* Energy meter of one CPU: written by that CPU only (simsoc_meter.c) */
struct simsoc_meter {
	u64 seq;		/* last period prepared (its busy time is counted) */
	u64 exit_seq;		/* last period whose idle energy is counted */
	u64 idle_nj;
	u64 active_nj;
	u64 idle_ns;
	u64 busy_ns;
	u64 entered[SIMSOC_MAX_STATES];
	u64 demoted;
};

enum simsoc_ctrl_type {
	SIMSOC_CTRL_INTEGER,
	SIMSOC_CTRL_BOOLEAN,
	SIMSOC_CTRL_MENU,
};

#define SIMSOC_CTRL_FLAG_READ_ONLY	0x1
#define SIMSOC_CTRL_FLAG_VOLATILE	0x2

struct simsoc_ctrl {
	const char *name;
	enum simsoc_ctrl_type type;
	s64 min, max, step, def;
	u32 flags;
	const char * const *menu;	/* MENU: names of min..max */
	const u32 *opp_khz;	/* an operating point menu: the frequencies */
};

enum simsoc_op { SIMSOC_OP_SET, SIMSOC_OP_TRY };

/* The outcome of a batch, a try or a single set */
struct simsoc_result {
	enum simsoc_op op;
	int status;
	int error_idx;
	int count;
	int ctrl;		/* control of the failing item, -1 if none */
	/* a rule of simsoc_model_check() broken: lo <= hi does not hold */
	int rule_lo, rule_hi;	/* control ids, -1 if none */
	s64 rule_lo_val, rule_hi_val;	/* their values in the batch */
	u64 gen;
};

extern const char * const simsoc_block_mode_names[];
extern struct simsoc_params __rcu *simsoc_params;

/* simsoc_soc.c: the SoC description and the control table it implies */
int simsoc_soc_init(const char *param);
void simsoc_soc_exit(void);

/* simsoc_model.c: the equations, on control values only */
void simsoc_model_derive(const struct simsoc_soc *s, struct simsoc_params *p);
int simsoc_model_check(const struct simsoc_soc *s, const s64 *v, int *bad_a, int *bad_b);

/**
 * simsoc_now() - the driver's clock
 *
 * Context: any, RCU watching or not.
 *
 * CLOCK_MONOTONIC, the clock the trace is recorded on and the workload
 * measures its wake-ups with, so that a time the driver traces can be set
 * against either, and the one the governors compare an exclusion's end
 * with (cpuidle_period_set_until()).  The idle path and the controls
 * both date events with it, so it lives with neither.
 *
 * Return: the time in ns.
 */
static inline u64 simsoc_now(void)
{
	return ktime_get_mono_fast_ns();
}

/* simsoc_ctrl.c: the control table and its publication */
int simsoc_ctrl_init(const char *preset, const char *controls,
		     void (*published)(const struct simsoc_params *old,
				       const struct simsoc_params *np));
void simsoc_ctrl_exit(void);
int simsoc_ctrl_apply(char *buf, enum simsoc_op op);
int simsoc_ctrl_set_one(int id, const char *val);
void simsoc_ctrl_result(struct simsoc_result *r);
s64 simsoc_ctrl_value(const struct simsoc_params *p, int id);

/* simsoc_debugfs.c */
int simsoc_debugfs_init(void);
void simsoc_debugfs_exit(void);

/* simsoc_burst.c */
struct dentry;
void simsoc_burst_init(struct dentry *dir);

/* simsoc_meter.c: the energy meters, added to by the idle path */
void simsoc_meter_init(void);
void simsoc_meter_add_busy(u64 seq, u64 busy_ns, u64 busy_nj);
void simsoc_meter_add_idle(u64 seq, int index, int entered, u64 idle_ns, u64 idle_nj);
void simsoc_meter_read(int cpu, struct simsoc_meter *m);

/* simsoc_domain.c: cluster and SoC states chosen by the last CPU (genpd) */
struct simsoc_domain_time {
	u64 ns[SIMSOC_MAX_STATES];	/* by the description's state index */
};

int simsoc_domains_init(const struct simsoc_params *p);
void simsoc_domains_exit(void);
void simsoc_domains_update(const struct simsoc_params *p);
bool simsoc_domains_active(void);
int simsoc_nr_cpu_states(void);
void simsoc_domain_enter(u32 busy_blocks, const s64 *exit_ns, const s64 *res_ns,
			 struct simsoc_domain_time *before);
int simsoc_domain_exit(u64 t_wake, struct simsoc_domain_time *spent);

#endif /* _SIMSOC_H */
