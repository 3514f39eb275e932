// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario file's sections and their keys: for each key its type, where
 * its value goes, its range, its words and whether it is required
 * (workloads/README.md documents them).  Data only: scenario-parse.c looks
 * keys up here, scenario-check.c names them in its messages.
 */
#include <stddef.h>

#include <idlesim/limits.h>

#include "scenario-parser.h"

const char *const section_names[] = {
	[SEC_NONE] = "",
	[SEC_SCENARIO] = "scenario",
	[SEC_MODEL] = "model",
	[SEC_THREAD] = "thread",
	[SEC_PHASE] = "phase",
	[SEC_COMMAND] = "command",
};

static const char *const w_arrival[] = { "none", "periodic", "exponential", NULL };
static const char *const w_busy_dist[] = { "fixed", "uniform", "exponential", NULL };
const char *const w_policy[] = { "other", "fifo", "rr", NULL };
static const char *const w_busy_clock[] = { "cpu", "wall", NULL };
static const char *const w_no_yes[] = { "no", "yes", NULL };

#define S(m)	offsetof(struct scenario, m)
#define T(m)	offsetof(struct thread_spec, m)
#define P(m)	offsetof(struct phase, m)
#define C(m)	offsetof(struct command_spec, m)

const struct field scenario_fields[] = {
	{ "name", FT_NAME, S(name), 0, 0, NULL, 1 },
	{ "description", FT_TEXT, S(description), 0, 0, NULL, 1 },
	{ "duration", FT_DURATION, S(duration_ns), NSEC_PER_MSEC, SCN_MAX_DURATION, NULL, 1 },
	{ "cpus", FT_INT, S(cpus), 1, IDLESIM_MAX_CPUS, NULL, 1 },
	{ "seed", FT_U64, S(seed), 0, 0, NULL, 1 },
	{ "latency_budget", FT_DURATION, S(latency_budget_ns), NSEC_PER_USEC,
	  10 * NSEC_PER_SEC, NULL, 1 },
	{ "settle", FT_DURATION, S(settle_ns), 0, 60 * NSEC_PER_SEC, NULL, 0 },
	{ "latency_qos", FT_ENUM, S(latency_qos), 0, 0, w_no_yes, 0 },
	{ .key = NULL }
};

const struct field thread_fields[] = {
	[TF_CPU] = { "cpu", FT_INT, T(cpu), 0, IDLESIM_MAX_CPUS - 1, NULL, 0 },
	[TF_POLICY] = { "policy", FT_ENUM, T(policy), 0, 0, w_policy, 0 },
	[TF_PRIORITY] = { "priority", FT_INT, T(priority), 1, 99, NULL, 0 },
	[TF_NICE] = { "nice", FT_INT, T(nice), -20, 19, NULL, 0 },
	[TF_START] = { "start", FT_DURATION, T(start_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	[TF_BUSY_CLOCK] = { "busy_clock", FT_ENUM, T(busy_clock), 0, 0, w_busy_clock, 0 },
	{ .key = NULL }
};

const struct field phase_fields[] = {
	[PF_DURATION] = { "duration", FT_DURATION_REST, P(duration_ns), NSEC_PER_MSEC,
			  SCN_MAX_DURATION, NULL, 1 },
	[PF_ARRIVAL] = { "arrival", FT_ENUM, P(arrival), 0, 0, w_arrival, 1 },
	[PF_PERIOD] = { "period", FT_DURATION, P(period_ns), 10 * NSEC_PER_USEC,
			SCN_MAX_DURATION, NULL, 0 },
	[PF_MEAN_INTERVAL] = { "mean_interval", FT_DURATION, P(mean_interval_ns),
			       10 * NSEC_PER_USEC, SCN_MAX_DURATION, NULL, 0 },
	[PF_OFFSET] = { "offset", FT_DURATION, P(offset_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	[PF_BUSY] = { "busy", FT_DURATION, P(busy_ns), 0, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_DUTY] = { "duty", FT_PERCENT, P(duty_ppm), 0, 1000000, NULL, 0 },
	[PF_BUSY_DIST] = { "busy_dist", FT_ENUM, P(busy_dist), 0, 0, w_busy_dist, 0 },
	[PF_BUSY_MIN] = { "busy_min", FT_DURATION, P(busy_min_ns), 0, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_BUSY_MAX] = { "busy_max", FT_DURATION, P(busy_max_ns), 0, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_BURST] = { "burst", FT_INT, P(burst), 1, SCN_MAX_BURST, NULL, 0 },
	[PF_BURST_INTERVAL] = { "burst_interval", FT_DURATION, P(burst_interval_ns),
				10 * NSEC_PER_USEC, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_HW] = { "hw", FT_BATCH, P(hw), 0, 0, NULL, 0 },
	[PF_HW_BUSY] = { "hw_busy", FT_BATCH, P(hw_busy), 0, 0, NULL, 0 },
	[PF_HW_IDLE] = { "hw_idle", FT_BATCH, P(hw_idle), 0, 0, NULL, 0 },
	{ .key = NULL }
};

const struct field command_fields[] = {
	[CF_RUN] = { "run", FT_ARGV, C(args), 0, 0, NULL, 1 },
	[CF_START] = { "start", FT_DURATION, C(start_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	[CF_ENDS] = { "ends", FT_ENUM, C(ends), 0, 0, w_no_yes, 0 },
	{ .key = NULL }
};
