/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The workload's own latency figures: the lateness of every wake-up
 * (actual minus intended time) that idlesim-workload recorded in the
 * run's results, against a latency budget, split into the modelled exit
 * latency, the emulator's delay and the guest's own path.  The trace
 * says what the governor chose; this says what the workload felt.
 */
#ifndef IDLESIM_LATENCY_H
#define IDLESIM_LATENCY_H

#include <stdbool.h>
#include <stdint.h>

#define LAT_MAX_CPUS	8

/*
 * What a budget is judged on.  soc: the modelled exit latency plus the
 * guest's own path from leaving WFI to the thread running, i.e. what the
 * modelled SoC would show; total: that plus the emulator's delay in
 * waking the vCPU; guest: what the guest measured, without the modelled
 * exit latency.
 */
enum lateness_basis {
	LATENESS_SOC,
	LATENESS_TOTAL,
	LATENESS_GUEST,
	NR_LATENESS_BASES,
};

extern const char *const lateness_basis_names[NR_LATENESS_BASES];
extern const char *const lateness_basis_desc[NR_LATENESS_BASES];
/* The basis named @s, or -1. */
int lateness_basis_parse(const char *s);

/* 32 bytes: a long run has hundreds of thousands */
struct wakeup {
	uint64_t intended;	/* CLOCK_MONOTONIC, ns */
	uint64_t measured_ns;	/* actual - intended, as the guest saw it (>= 0) */
	uint64_t delay_ns;	/* intended -> its CPU left WFI: the emulator's */
	uint32_t exit_ns;	/* modelled exit latency of the state that served it */
	int8_t cpu;		/* the CPU it woke on, -1: unknown */
	uint8_t served;		/* its intended time fell in an idle period */
};

struct wakeups {
	struct wakeup *w;
	uint64_t n;
	uint64_t budget_ns;
	int64_t t0;		/* CLOCK_MONOTONIC of the schedule's time 0 */
	int threads;
	/* the split is possible: every wake-up names its CPU, t0 is known */
	bool split;
	uint64_t mismatched;	/* ran before its CPU left idle */
	/* per CPU, its wake-ups w[order[begin..end)] in time order; the next one */
	uint32_t *order;
	uint64_t begin[LAT_MAX_CPUS], end[LAT_MAX_CPUS], cur[LAT_MAX_CPUS];
};

struct latency {
	uint64_t budget_ns;	/* a wake-up later than this is a miss */
	enum lateness_basis basis;	/* what mean..max and misses are of */
	uint64_t wakeups;
	uint64_t misses;
	double mean_ns;
	uint64_t p50_ns;
	uint64_t p99_ns;
	uint64_t max_ns;
	int threads;
	/* the parts, over every wake-up (0 for one not served from idle) */
	bool split;
	uint64_t served;	/* wake-ups served from an idle period */
	uint64_t mismatched;
	double model_mean_ns;	/* the modelled exit latency */
	double emulator_mean_ns;	/* QEMU's delay in waking the vCPU */
	double guest_mean_ns;	/* the guest's path to the thread running */
	uint64_t emulator_max_ns;
};

/*
 * Reads DIR/workload-summary.txt and every thread's DIR/wakeups-T.tsv.
 * @budget_ns overrides the scenario's latency budget when non-zero.
 * Returns 1 when read, 0 when DIR holds no workload results, -1 (with a
 * message naming the file and line) when they are malformed.
 */
int wakeups_read(const char *dir, uint64_t budget_ns, struct wakeups *ws);

/*
 * One idle period of @cpu, from @t_enter to @t_wake (the CPU leaving
 * WFI, trace time = CLOCK_MONOTONIC), in a state of @exit_latency_ns:
 * attributes the wake-ups it served.  Call for each CPU's periods in
 * time order.
 */
void wakeups_served(struct wakeups *ws, int cpu, uint64_t t_enter, uint64_t t_wake,
		    uint64_t exit_latency_ns);

/* The lateness of @w that a budget is judged on, on @basis. */
uint64_t wakeup_lateness(const struct wakeup *w, enum lateness_basis basis);

/* Pools the wake-ups' lateness on @basis.  Returns -1 out of memory. */
int latency_compute(const struct wakeups *ws, enum lateness_basis basis, struct latency *out);

void wakeups_free(struct wakeups *ws);

/* wakeups_read() and latency_compute() on the soc basis, no periods. */
int latency_read(const char *dir, uint64_t budget_ns, struct latency *out);

/*
 * The nearest-rank percentile @pct (0..100) of @n values, found by
 * selection (linear time): @v is reordered.
 */
uint64_t percentile_select(uint64_t *v, uint64_t n, double pct);

#endif /* IDLESIM_LATENCY_H */
