/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workload's own latency figures: the lateness of every wake-up
 * (actual minus intended time) that idlesim-workload recorded in the
 * run's results, against a latency budget.  The trace says what the
 * governor chose; this says what the workload felt.
 */
#ifndef IDLESIM_LATENCY_H
#define IDLESIM_LATENCY_H

#include <stdint.h>

struct latency {
	uint64_t budget_ns;	/* a wake-up later than this is a miss */
	uint64_t wakeups;
	uint64_t misses;
	double mean_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t max_ns;
	int threads;
};

/*
 * Reads DIR/workload-summary.txt and every thread's DIR/wakeups-T.tsv.
 * @budget_ns overrides the scenario's latency budget when non-zero.
 * Returns 1 when read, 0 when DIR holds no workload results, -1 (with a
 * message naming the file and line) when they are malformed.
 */
int latency_read(const char *dir, uint64_t budget_ns, struct latency *out);

/*
 * The nearest-rank percentile @pct (0..100) of @n values, found by
 * selection (linear time): @v is reordered.
 */
uint64_t percentile_select(uint64_t *v, uint64_t n, double pct);

#endif /* IDLESIM_LATENCY_H */
