/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sim driver's debugfs files, by the names the driver creates them
 * with (sim-driver/simsoc_debugfs.c, simsoc_burst.c) and its users open
 * them by: the workload generator (workloads/src/hw.c, clock.c) and
 * simsocctl.  docs/ARCHITECTURE.md describes what each holds.  The guest's
 * shell jobs take the directory from SIMSOC_DEBUGFS (guest-rootfs/init).
 */
#ifndef IDLESIM_DEBUGFS_H
#define IDLESIM_DEBUGFS_H

#define IDLESIM_DEBUGFS_NAME	"simsoc"	/* the directory, under debugfs */
#define IDLESIM_DEBUGFS_DIR	"/sys/kernel/debug/" IDLESIM_DEBUGFS_NAME

#define IDLESIM_DEBUGFS_QUERY	"query"		/* every control, its range and value */
#define IDLESIM_DEBUGFS_BATCH	"batch"		/* name=value ...: one new generation */
#define IDLESIM_DEBUGFS_TRY	"try"		/* the same, checked and not applied */
#define IDLESIM_DEBUGFS_RESULT	"result"	/* the last batch's or try's outcome */
#define IDLESIM_DEBUGFS_TABLE	"table"		/* the current generation's figures */
#define IDLESIM_DEBUGFS_ENERGY	"energy"	/* the energy meters */
#define IDLESIM_DEBUGFS_SOC	"soc"		/* the SoC played */
#define IDLESIM_DEBUGFS_CTRL	"ctrl"		/* a file per control */
#define IDLESIM_DEBUGFS_BURST	"burst"		/* a busy burst's end: the CPU halts until then */

#endif /* IDLESIM_DEBUGFS_H */
