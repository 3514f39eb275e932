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
#include <linux/seqlock.h>

#define SIMSOC_NR_STATES	5	/* WFI, core-ret, core-off, cluster-off, soc-sleep */
#define SIMSOC_TRACE_STATES	8	/* size of the traced arrays */
#define SIMSOC_NR_BLOCKS	5	/* dma, gpu, display, audio, modem */
#define SIMSOC_NR_OPPS		5
#define SIMSOC_CPUS_PER_CLUSTER	2	/* CPUs 0-1 cluster 0, 2-3 cluster 1, ... */

enum simsoc_state {
	SIMSOC_WFI,
	SIMSOC_CORE_RET,
	SIMSOC_CORE_OFF,
	SIMSOC_CLUSTER_OFF,
	SIMSOC_SOC_SLEEP,
};

enum simsoc_block_mode {
	SIMSOC_BLOCK_IDLE,
	SIMSOC_BLOCK_BUSY,
	SIMSOC_BLOCK_RANDOM,
};

/*
 * Control ids: the index of a control in simsoc_ctrls[] and in params->v[].
 * Each block has mode, duty, depth; each state exit, residency, power,
 * leak, leak doubling temperature, in that order (the model relies on it).
 */
enum simsoc_ctrl_id {
	SIMSOC_C_SEED,
	SIMSOC_C_OPP,
	SIMSOC_C_TEMP,
	SIMSOC_C_JITTER,
	SIMSOC_C_COUPLING,
	SIMSOC_C_ACTIVE_LEAK,
	SIMSOC_C_DMA_MODE,
	SIMSOC_C_DMA_DUTY,
	SIMSOC_C_DMA_DEPTH,
	SIMSOC_C_GPU_MODE,
	SIMSOC_C_GPU_DUTY,
	SIMSOC_C_GPU_DEPTH,
	SIMSOC_C_DISPLAY_MODE,
	SIMSOC_C_DISPLAY_DUTY,
	SIMSOC_C_DISPLAY_DEPTH,
	SIMSOC_C_AUDIO_MODE,
	SIMSOC_C_AUDIO_DUTY,
	SIMSOC_C_AUDIO_DEPTH,
	SIMSOC_C_MODEM_MODE,
	SIMSOC_C_MODEM_DUTY,
	SIMSOC_C_MODEM_DEPTH,
	SIMSOC_C_S0_EXIT,
	SIMSOC_C_S0_RES,
	SIMSOC_C_S0_POWER,
	SIMSOC_C_S0_LEAK,
	SIMSOC_C_S0_LEAK_TD,
	SIMSOC_C_S1_EXIT,
	SIMSOC_C_S1_RES,
	SIMSOC_C_S1_POWER,
	SIMSOC_C_S1_LEAK,
	SIMSOC_C_S1_LEAK_TD,
	SIMSOC_C_S2_EXIT,
	SIMSOC_C_S2_RES,
	SIMSOC_C_S2_POWER,
	SIMSOC_C_S2_LEAK,
	SIMSOC_C_S2_LEAK_TD,
	SIMSOC_C_S3_EXIT,
	SIMSOC_C_S3_RES,
	SIMSOC_C_S3_POWER,
	SIMSOC_C_S3_LEAK,
	SIMSOC_C_S3_LEAK_TD,
	SIMSOC_C_S4_EXIT,
	SIMSOC_C_S4_RES,
	SIMSOC_C_S4_POWER,
	SIMSOC_C_S4_LEAK,
	SIMSOC_C_S4_LEAK_TD,
	SIMSOC_C_GENERATION,		/* read-only, volatile */
	SIMSOC_C_NR_STATES,		/* read-only */
	SIMSOC_NR_CTRLS
};

#define SIMSOC_C_BLOCK0		SIMSOC_C_DMA_MODE
#define SIMSOC_C_STATE0		SIMSOC_C_S0_EXIT
#define SIMSOC_CTRLS_PER_BLOCK	3
#define SIMSOC_CTRLS_PER_STATE	5

/* Figures derived from the controls when they are published (process context) */
struct simsoc_derived {
	s64 exit_ns[SIMSOC_NR_STATES];
	s64 res_ns[SIMSOC_NR_STATES];
	u32 power_uw[SIMSOC_NR_STATES];
	u32 active_uw;
	u32 jitter_pct;
	bool coupling;
	u8 blk_mode[SIMSOC_NR_BLOCKS];
	u8 blk_duty[SIMSOC_NR_BLOCKS];
	u8 blk_depth[SIMSOC_NR_BLOCKS];
};

/* One immutable generation of the model's inputs, published with RCU */
struct simsoc_params {
	struct rcu_head rcu;
	u64 gen;		/* publication number, 1 for the first table */
	u64 seed_gen;		/* bumped whenever "seed" is written */
	s64 v[SIMSOC_NR_CTRLS];
	struct simsoc_derived d;
};

/* Energy meter of one CPU: written by that CPU only, read under mseq */
struct simsoc_meter {
	u64 seq;		/* last period prepared (its busy time is counted) */
	u64 exit_seq;		/* last period whose idle energy is counted */
	u64 idle_nj;
	u64 active_nj;
	u64 idle_ns;
	u64 busy_ns;
	u64 entered[SIMSOC_NR_STATES];
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

extern const struct simsoc_ctrl simsoc_ctrls[SIMSOC_NR_CTRLS];
extern const char * const simsoc_state_names[SIMSOC_NR_STATES];
extern const char * const simsoc_block_names[SIMSOC_NR_BLOCKS];
extern const char * const simsoc_block_mode_names[];
extern struct simsoc_params __rcu *simsoc_params;

/* simsoc_model.c: the equations, on control values only */
void simsoc_model_derive(struct simsoc_params *p);
int simsoc_model_check(const s64 *v, int *bad_a, int *bad_b);

/* simsoc_ctrl.c: the control table and its publication */
int simsoc_ctrl_init(const char *preset, const char *controls);
void simsoc_ctrl_exit(void);
int simsoc_ctrl_apply(char *buf, enum simsoc_op op);
int simsoc_ctrl_set_one(int id, const char *val);
void simsoc_ctrl_result(struct simsoc_result *r);
s64 simsoc_ctrl_value(const struct simsoc_params *p, int id);

/* simsoc_debugfs.c */
int simsoc_debugfs_init(void);
void simsoc_debugfs_exit(void);

/* simsoc_main.c */
void simsoc_meter_read(int cpu, struct simsoc_meter *m);

#endif /* _SIMSOC_H */
