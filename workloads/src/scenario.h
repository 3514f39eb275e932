/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idlesim scenario files: the data model and the strict parser.
 *
 * The format is described in workloads/README.md.  The parser is pure: it
 * reads a buffer, fills a struct scenario and, on the first error, writes
 * one message "FILE:LINE: [SECTION] FIELD: what is wrong; expected what".
 * Nothing here touches the system, so the same code runs in the guest, on
 * the host (--check) and under the fuzzer.
 */
#ifndef IDLESIM_SCENARIO_H
#define IDLESIM_SCENARIO_H

#include <stddef.h>
#include <stdint.h>

#define SCN_MAX_LINE		255	/* characters per line, newline excluded */
#define SCN_MAX_NAME		31
#define SCN_MAX_TEXT		159	/* description */
#define SCN_MAX_BATCH		255	/* one hardware control batch */
#define SCN_MAX_ARGV		32
#define SCN_MAX_THREADS		16
#define SCN_MAX_PHASES		16	/* per thread */
#define SCN_MAX_COMMANDS	8
#define SCN_MAX_BURST		1000
#define SCN_MAX_ERR		512

#define NSEC_PER_USEC		1000LL
#define NSEC_PER_MSEC		1000000LL
#define NSEC_PER_SEC		1000000000LL
#define SCN_MAX_DURATION	(3600 * NSEC_PER_SEC)

enum arrival {
	ARRIVAL_NONE,		/* no activations: the phase only sets hardware */
	ARRIVAL_PERIODIC,	/* every period, on an absolute timer */
	ARRIVAL_EXPONENTIAL,	/* Poisson arrivals of a given mean interval */
};

enum busy_dist {
	BUSY_FIXED,
	BUSY_UNIFORM,		/* uniform in [busy_min, busy_max] */
	BUSY_EXPONENTIAL,	/* mean busy, cut at busy_max */
};

enum sched_policy_kind {
	POLICY_OTHER,
	POLICY_FIFO,
	POLICY_RR,
};

enum busy_clock {
	BUSY_CLOCK_CPU,		/* the thread's own CPU time */
	BUSY_CLOCK_WALL,	/* CLOCK_MONOTONIC */
};

struct phase {
	char name[SCN_MAX_NAME + 1];
	int line;			/* of the [phase] header */
	int64_t duration_ns;		/* 0 with rest set: until the end */
	int rest;
	enum arrival arrival;
	int64_t period_ns;
	int64_t mean_interval_ns;
	int64_t offset_ns;		/* first periodic activation */
	int64_t busy_ns;		/* fixed, or the mean */
	int64_t duty_ppm;		/* busy = duty x period, when given */
	int64_t busy_min_ns;
	int64_t busy_max_ns;
	enum busy_dist busy_dist;
	int burst;			/* activations per arrival */
	int64_t burst_interval_ns;	/* start to start, inside a burst */
	char hw[SCN_MAX_BATCH + 1];	/* at the phase's start */
	char hw_busy[SCN_MAX_BATCH + 1];	/* at every activation's start */
	char hw_idle[SCN_MAX_BATCH + 1];	/* at every activation's end */
	/* derived by the parser */
	int64_t start_ns;		/* from the thread's start */
	int64_t end_ns;
};

struct thread_spec {
	char name[SCN_MAX_NAME + 1];
	int line;
	int cpu;			/* -1: any */
	enum sched_policy_kind policy;
	int priority;
	int nice;
	int64_t start_ns;
	enum busy_clock busy_clock;
	int nr_phases;
	struct phase phases[SCN_MAX_PHASES];
};

struct command_spec {
	char name[SCN_MAX_NAME + 1];
	int line;
	int64_t start_ns;
	int ends;			/* the scenario ends when it exits */
	int argc;
	char *argv[SCN_MAX_ARGV + 1];	/* point into args */
	char args[SCN_MAX_LINE + 1];
};

struct scenario {
	char file[256];			/* as named in messages */
	char name[SCN_MAX_NAME + 1];
	char description[SCN_MAX_TEXT + 1];
	int64_t duration_ns;
	int cpus;
	uint64_t seed;
	int64_t latency_budget_ns;
	int64_t settle_ns;
	int latency_qos;		/* hold latency_budget as a CPU latency QoS request */
	char model[SCN_MAX_BATCH + 1];	/* [model] as one batch */
	int model_line;
	int hw_line;			/* first line needing the controls, 0: none */
	int nr_threads;
	struct thread_spec threads[SCN_MAX_THREADS];
	int nr_commands;
	struct command_spec commands[SCN_MAX_COMMANDS];
};

/*
 * Parse LEN bytes of BUF (need not be NUL-terminated) as scenario FILE.
 * Returns 0, or -1 with the message in ERR (always NUL-terminated).
 */
int scenario_parse(struct scenario *s, const char *file, const char *buf,
		   size_t len, char *err, size_t errlen);

/* Read and parse PATH; the same messages, plus I/O errors. */
int scenario_load(struct scenario *s, const char *path, char *err,
		  size_t errlen);

/* "audio: Audio playback ... (10 s, 2 CPUs, seed 42)" */
void scenario_describe(const struct scenario *s, char *buf, size_t len);

/* Format a duration in the format's own notation ("16.7ms"). */
void scn_format_duration(int64_t ns, char *buf, size_t len);

#endif
