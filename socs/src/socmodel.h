/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sim driver's model on the host: an SoC description's figures at an
 * operating point and a temperature, by the equations of
 * sim-driver/simsoc_model.c (sim-driver/MODEL.md), in the same integer
 * arithmetic, so that a table computed here is the table the driver
 * derives.  Used where there is no driver to ask: a board's trace.
 */
#ifndef IDLESIM_SOCMODEL_H
#define IDLESIM_SOCMODEL_H

#include <stdint.h>

#include "soc.h"

struct socmodel_table {
	int nr;
	int64_t exit_ns[SOC_MAX_STATES];
	int64_t res_ns[SOC_MAX_STATES];
	int64_t power_uw[SOC_MAX_STATES];
	int64_t transition_uw[SOC_MAX_STATES];	/* 0: at active_uw */
	int64_t active_uw;
};

/* The power state @i's exit latency is charged at */
static inline int64_t socmodel_exit_uw(const struct socmodel_table *t, int i)
{
	return t->transition_uw[i] ? t->transition_uw[i] : t->active_uw;
}

/*
 * The figures of cluster section @kind of @s at its operating point @opp
 * (an index into its table) and @temp_c, with the nominal state figures
 * of the description (no jitter).
 */
void socmodel_table(const struct soc *s, int kind, int opp, int64_t temp_c,
		    struct socmodel_table *t);

/* The [cluster] section CPU @cpu belongs to, and its cluster's number; -1 if none. */
int socmodel_cpu_kind(const struct soc *s, int cpu, int *cluster);

/* The operating point of @kind nearest @khz (a cpu_frequency event). */
int socmodel_opp_of(const struct soc *s, int kind, int64_t khz);

/* The operating point of @kind the driver's opp=P% names: the slowest at
 * or above @pct % of the fastest. */
int socmodel_opp_at_pct(const struct soc *s, int kind, int64_t pct);

#endif /* IDLESIM_SOCMODEL_H */
