/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sim driver's controls, seen from the workload: one atomic batch
 * "name=value name=value" written to one file, HW_CTRL_NAME in the
 * driver's debugfs directory.  The guest's init names that directory in
 * SIMSOC_DEBUGFS for every job and tool; HW_DEBUGFS_DIR, the driver's own
 * default, is what is used without it.  --hw-ctrl PATH names another file.
 */
#ifndef IDLESIM_HW_H
#define IDLESIM_HW_H

#include <stddef.h>

#include <idlesim/debugfs.h>

#define HW_DEBUGFS_DIR IDLESIM_DEBUGFS_DIR
#define HW_CTRL_NAME IDLESIM_DEBUGFS_BATCH
/* read after a failed batch, in the same directory: "op=set status=-22 error_idx=1 ..." */
#define HW_RESULT_NAME IDLESIM_DEBUGFS_RESULT
/* where a busy burst halts the CPU (sim-driver/simsoc_burst.c) */
#define HW_BURST_NAME IDLESIM_DEBUGFS_BURST

/* the sim driver's "seed" control takes 0 to 2^31 - 1 */
#define HW_SEED_MASK 0x7fffffffULL

/* Open the batch file PATH; -1 with a message when it is not there. */
int hw_open(const char *path, char *err, size_t errlen);

/*
 * Apply one batch, all or nothing (the sim driver's guarantee).  Returns 0,
 * or -errno with the driver's answer (and, when it says, the failing item)
 * in ERR.  Safe to call from several threads at once.
 */
int hw_apply(const char *batch, char *err, size_t errlen);

void hw_close(void);

/*
 * Open HW_BURST_NAME beside the batch file PATH; the descriptor, or -1
 * with a message when the driver offers none.
 */
int hw_open_burst(const char *path, char *err, size_t errlen);

#endif
