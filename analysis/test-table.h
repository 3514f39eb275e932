/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The four-state table the analysis unit tests build on (test-analysis.c,
 * test-domains.c).
 */
#ifndef IDLESIM_TEST_TABLE_H
#define IDLESIM_TEST_TABLE_H

#include <string.h>

#include "period.h"

/* WFI, retention, power-down, cluster-off: latency, residency (us), power (uW) */
static inline void table(struct state_table *t, const int *usable, const int *power)
{
	static const int lat[] = { 1, 150, 1500, 1600 }, res[] = { 1, 500, 2000, 2500 };
	int i;

	memset(t, 0, sizeof(*t));
	t->nr = 4;
	t->active_uw = 100000;
	for (i = 0; i < 4; i++) {
		t->usable[i] = usable[i];
		t->exit_latency_ns[i] = lat[i] * 1000LL;
		t->target_residency_ns[i] = res[i] * 1000LL;
		t->power[i] = power[i];
	}
}

#endif /* IDLESIM_TEST_TABLE_H */
