/* SPDX-License-Identifier: GPL-2.0 */
/* make tune's recommendation as a device-tree fragment (tune-dts.c) */
#ifndef IDLESIM_TUNE_DTS_H
#define IDLESIM_TUNE_DTS_H

#include <stdio.h>

#include "soc.h"
#include "trace.h"

struct tune_dts {
	const char *soc, *scenarios, *batch;
	int point;			/* -1: no recommendation */
	const char *kept;		/* why the current values are kept; NULL: a change */
	int nr_dims;
	const char (*dim)[32];
	const long long *val;
	int nr_names;
	const char (*name)[STATE_NAME_LEN];		/* the description's states, by index */
	const struct soc *desc;		/* the runs' description, for its dt= nodes; or NULL */
};

/* recommendation.dtsi: the recommended point's state figures */
void tune_write_dts(FILE *fp, const struct tune_dts *d);

#endif /* IDLESIM_TUNE_DTS_H */
