/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How much of everything idlesim's programs hold: the sim driver, the SoC
 * tool, the workload generator's scenarios, the analysis, and the host
 * scripts (scripts/lib.sh reads IDLESIM_MAX_CPUS from here).  A trace,
 * description or scenario beyond these is refused where it is read.
 */
#ifndef IDLESIM_LIMITS_H
#define IDLESIM_LIMITS_H

#define IDLESIM_MAX_CPUS	8	/* a guest's CPUs, a description's, a trace's */
#define IDLESIM_MAX_STATES	8	/* idle states; the driver's traced arrays hold 8 */
#define IDLESIM_MAX_OPPS	32	/* one cluster's operating points (sdm845's big one) */
#define IDLESIM_MAX_BLOCKS	8	/* the SoC's blocks (DMA, GPU, display, ...) */

/*
 * An idle state's name, its NUL included: 31 characters, enough for a
 * device tree's node names (cluster-retention-deep).  Longer than the
 * kernel's CPUIDLE_NAME_LEN (16): the sim driver registers a short name
 * derived from it (sim-driver/MODEL.md) and keeps the full one for its
 * debugfs and the trace.
 */
#define IDLESIM_STATE_NAME_LEN	32

#endif /* IDLESIM_LIMITS_H */
