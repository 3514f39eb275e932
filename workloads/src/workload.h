/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the generator's files share: one run's context, handed to each
 * part explicitly, and the per-thread and per-command state that the
 * runners fill in and the output writers read.
 */
#ifndef IDLESIM_WORKLOAD_H
#define IDLESIM_WORKLOAD_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "scenario.h"

/* one run, from the command line to the results */
struct workload {
	const char *out;
	const char *hw_path;
	int no_hw, quiet, use_hw;
	int halt;		/* busy bursts halt in the sim driver's "burst" */
	int burst_fd;		/* that file, open while the scenario runs */
	int qos_fd;		/* the latency QoS request (latency_qos), or -1 */
	int marker_fd;
	int64_t t0;
	atomic_int stop;	/* set by a signal or a failing thread */
};

struct wake {
	int64_t intended;	/* from t0 */
	int64_t actual;
	int64_t busy_req;
	int64_t busy_cpu;	/* thread CPU time spent in the activation */
	int32_t phase;
	int16_t burst_idx;
	int16_t overrun;	/* the intended time had passed before it could sleep */
	int16_t cpu;		/* the CPU it woke on, -1: unknown */
};

struct tstate {
	struct workload *wl;
	const struct scenario *s;
	const struct thread_spec *spec;
	pthread_t tid;
	struct wake *w;
	size_t n, cap;
	uint64_t rng[4];
	int64_t cpu_start, cpu_end;	/* thread CPU time */
	int64_t overruns;
	long hw_writes, hw_errors;
	char hw_err[256];
	int failed;
	char err[256];
};

struct cmd_state {
	const struct command_spec *spec;
	pid_t pid;
	int status, killed;
};

/* cmd-run.c, cmd-get.c: the commands other than --check and --describe */
int cmd_run(struct workload *wl, const struct scenario *s);
int cmd_get(const struct scenario *s, const char *key);

/* clock.c */
int64_t now_ns(clockid_t clk);
int sleep_until(const struct workload *wl, int64_t t);
int64_t busy_for(const struct workload *wl, int64_t ns, enum busy_clock bc);

/* thread.c: pthread_create()'s start routine, ARG a struct tstate */
void *thread_main(void *arg);

/* controls.c */
int controls_start(struct workload *wl, const struct scenario *s);
void controls_apply(struct tstate *ts, const char *batch);

/* commands.c */
int commands_check(const struct scenario *s);
int commands_start(const struct workload *wl, const struct scenario *s,
		   struct cmd_state *cs);
int commands_reap(const struct scenario *s, struct cmd_state *cs);
int commands_ended(const struct scenario *s, const struct cmd_state *cs);

/* output.c */
__attribute__((format(printf, 2, 3)))
void log_info(const struct workload *wl, const char *fmt, ...);
__attribute__((format(printf, 1, 2)))
void log_error(const char *fmt, ...);
void open_marker(struct workload *wl);
__attribute__((format(printf, 2, 3)))
void marker(const struct workload *wl, const char *fmt, ...);
int write_results(const struct workload *wl, const struct scenario *s,
		  struct tstate *ts, int nt, struct cmd_state *cs, int nc);

#endif
