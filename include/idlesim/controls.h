/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sim driver's controls and the ranges of their values, in one place
 * for every program that must agree on them: the driver, which refuses a
 * write out of range (sim-driver/simsoc_soc.c); the SoC tool, which reads
 * the same figures from a description and lists the controls with their
 * ranges (socs/); and the scenario check, which refuses a scenario that
 * sets a value the driver would refuse, before anything is built or
 * booted (workloads/).  Plain macros, so that kernel and host code can
 * include it alike.
 */
#ifndef IDLESIM_CONTROLS_H
#define IDLESIM_CONTROLS_H

/* SoC-wide controls */
#define IDLESIM_SEED_MAX		2147483647
#define IDLESIM_TEMP_C_MIN		20	/* temp_c, and a description's reference_temp */
#define IDLESIM_TEMP_C_MAX		110
#define IDLESIM_JITTER_PCT_MAX		50

/* per cluster kind: opp (a menu of its frequencies, or P% of the fastest) */
#define IDLESIM_ACTIVE_LEAK_UW_MAX	1000000

/* per block: mode (a menu), duty_pct, depth (a state index), busy_us */
#define IDLESIM_BLOCK_MODES		{ "idle", "busy", "random", NULL }
#define IDLESIM_DUTY_PCT_STEP		5
#define IDLESIM_BUSY_US_MAX		10000000	/* a block's longest timed busy spell */

/*
 * Per cluster kind and state, sK_<name>.  A description's figures have the
 * same ranges.
 */
#define IDLESIM_EXIT_US_MIN		1
#define IDLESIM_EXIT_US_MAX		20000
#define IDLESIM_RESIDENCY_US_MIN	1
#define IDLESIM_RESIDENCY_US_MAX	100000
#define IDLESIM_POWER_UW_MAX		1000000	/* a state's power and its leakage */
#define IDLESIM_LEAK_TD_C_MIN		5	/* leakage doubling, in degrees C */
#define IDLESIM_LEAK_TD_C_MAX		100

/* the same, as the driver's table orders them */
#define IDLESIM_NR_STATE_CONTROLS	5
#define IDLESIM_STATE_CONTROL_NAMES	\
	{ "exit_us", "residency_us", "power_uw", "leak_uw", "leak_td_c" }
#define IDLESIM_STATE_CONTROL_MIN	\
	{ IDLESIM_EXIT_US_MIN, IDLESIM_RESIDENCY_US_MIN, 0, 0, IDLESIM_LEAK_TD_C_MIN }
#define IDLESIM_STATE_CONTROL_MAX	\
	{ IDLESIM_EXIT_US_MAX, IDLESIM_RESIDENCY_US_MAX, IDLESIM_POWER_UW_MAX, \
	  IDLESIM_POWER_UW_MAX, IDLESIM_LEAK_TD_C_MAX }

#endif /* IDLESIM_CONTROLS_H */
