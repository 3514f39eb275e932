// SPDX-License-Identifier: GPL-2.0
/*
 * Running a scenario: check that the system can run it, start the
 * hardware controls, the threads and the commands against one start time
 * t0 (after the scenario's settle time), wait for its end, and write the
 * results.  Exit status 0 ran, 1 failed to run (the message names why).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "hw.h"
#include "workload.h"

#define START_MARGIN_NS	(20 * NSEC_PER_MSEC)
#define QOS_PATH	"/dev/cpu_dma_latency"

/* a signal handler has no argument to find the run by */
static atomic_int *stop_on_signal;

static void on_signal(int sig)
{
	(void)sig;
	*stop_on_signal = 1;
}

/* SIGCHLD only has to interrupt the main thread's sleep */
static void on_child(int sig)
{
	(void)sig;
}

static int has_ending_command(const struct scenario *s)
{
	int i;

	for (i = 0; i < s->nr_commands; i++)
		if (s->commands[i].ends)
			return 1;
	return 0;
}

/*
 * Until the scenario's end, or until a command that ends it has exited:
 * the scenario is then as long as what ran.  SIGCHLD stays blocked in
 * every thread and is taken here, so that one arriving between the check
 * and the wait is not lost.
 */
static void wait_end(struct workload *wl, const struct scenario *s, struct cmd_state *cs,
		     const sigset_t *child)
{
	int64_t t = wl->t0 + s->duration_ns, left;

	if (!has_ending_command(s)) {
		sleep_until(wl, t);
		return;
	}
	while (!wl->stop && !commands_ended(s, cs)) {
		struct timespec rel;

		left = t - now_ns(CLOCK_MONOTONIC);
		if (left <= 0)
			break;
		rel.tv_sec = left / NSEC_PER_SEC;
		rel.tv_nsec = left % NSEC_PER_SEC;
		sigtimedwait(child, NULL, &rel);
	}
}

/*
 * latency_qos = yes: the budget as a CPU latency QoS request, held from
 * before the settle to the end, as an application that cannot afford a
 * deep state's exit tells the kernel (cpu_latency_qos).  The governors
 * and genpd's CPU domain governor then keep within it; without it they
 * know nothing of the budget the misses are judged by.  The request goes
 * when the file is closed.
 */
static int qos_open(const struct scenario *s)
{
	int32_t us = (int32_t)(s->latency_budget_ns / NSEC_PER_USEC);
	int fd = open(QOS_PATH, O_WRONLY | O_CLOEXEC);

	if (fd < 0) {
		log_error("%s: [scenario] latency_qos = yes: %s: %s", s->file, QOS_PATH,
			  strerror(errno));
		return -1;
	}
	if (write(fd, &us, sizeof(us)) != (ssize_t)sizeof(us)) {
		log_error("%s: [scenario] latency_qos = yes: writing %d us to %s: %s", s->file,
			  (int)us, QOS_PATH, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

int cmd_run(struct workload *wl, const struct scenario *s)
{
	struct tstate *ts;
	struct cmd_state cs[SCN_MAX_COMMANDS] = { 0 };
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int i, err, rc = 0, started = 0;
	struct sigaction sa = { .sa_handler = on_signal }, sc = { .sa_handler = on_child };
	sigset_t child;

	if (online < s->cpus) {
		log_error("%s: the scenario needs %d CPUs, this system has %ld online (run the guest with --smp %d)",
			  s->file, s->cpus, online, s->cpus);
		return 1;
	}
	if (mkdir(wl->out, 0755) && errno != EEXIST) {
		log_error("--out %s: %s", wl->out, strerror(errno));
		return 1;
	}
	if (wl->halt) {
		char msg[512];

		wl->burst_fd = hw_open_burst(wl->hw_path, msg, sizeof(msg));
		if (wl->burst_fd < 0) {
			log_error("busy bursts cannot halt: %s (is simsoc.ko loaded? --busy spin spins instead)",
				  msg);
			return 1;
		}
	}
	if (s->latency_qos) {
		wl->qos_fd = qos_open(s);
		if (wl->qos_fd < 0)
			return 1;
	}
	if (controls_start(wl, s))
		return 1;
	if (commands_check(s)) {
		hw_close();
		return 1;
	}

	ts = calloc((size_t)s->nr_threads + 1, sizeof(*ts));
	if (!ts) {
		log_error("out of memory");
		hw_close();
		return 1;
	}
	stop_on_signal = &wl->stop;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGCHLD, &sc, NULL);
	/* blocked in every thread (inherited): wait_end() takes it */
	sigemptyset(&child);
	sigaddset(&child, SIGCHLD);
	pthread_sigmask(SIG_BLOCK, &child, NULL);
	open_marker(wl);
	/* for the analysis: genpd keeps the domains within it too */
	if (s->latency_qos)
		marker(wl, "idlesim: latency_qos us=%lld",
		       (long long)(s->latency_budget_ns / NSEC_PER_USEC));

	wl->t0 = now_ns(CLOCK_MONOTONIC) + s->settle_ns + START_MARGIN_NS;
	for (i = 0; i < s->nr_threads; i++) {
		ts[i].wl = wl;
		ts[i].s = s;
		ts[i].spec = &s->threads[i];
		/* pthread_create() returns its error; errno is not set */
		err = pthread_create(&ts[i].tid, NULL, thread_main, &ts[i]);
		if (err) {
			log_error("thread %s: pthread_create: %s", s->threads[i].name, strerror(err));
			wl->stop = 1;
			rc = 1;
			break;
		}
		started++;
	}
	if (!rc && !sleep_until(wl, wl->t0)) {
		marker(wl, "idlesim: scenario_begin name=%s seed=%llu", s->name,
		       (unsigned long long)s->seed);
		log_info(wl, "running %s for %lld ms (%d threads, %d commands)", s->name,
			 (long long)(s->duration_ns / NSEC_PER_MSEC), s->nr_threads, s->nr_commands);
	}
	if (commands_start(wl, s, cs))
		rc = 1;
	wait_end(wl, s, cs, &child);
	marker(wl, "idlesim: scenario_end name=%s", s->name);
	for (i = 0; i < started; i++)
		pthread_join(ts[i].tid, NULL);
	if (commands_reap(s, cs))
		rc = 1;
	for (i = 0; i < started; i++) {
		if (ts[i].failed) {
			log_error("%s:%d: [thread %s]: %s", s->file, ts[i].spec->line,
				  ts[i].spec->name, ts[i].err);
			rc = 1;
		}
		if (ts[i].hw_errors) {
			log_error("[thread %s]: %ld of %ld hardware batches failed; first: %s",
				  ts[i].spec->name, ts[i].hw_errors, ts[i].hw_writes, ts[i].hw_err);
			rc = 1;
		}
	}
	if (write_results(wl, s, ts, started, cs, s->nr_commands))
		rc = 1;
	else
		log_info(wl, "results in %s/workload-summary.txt", wl->out);
	for (i = 0; i < s->nr_threads; i++)
		free(ts[i].w);
	free(ts);
	hw_close();
	if (wl->burst_fd >= 0)
		close(wl->burst_fd);
	if (wl->qos_fd >= 0)
		close(wl->qos_fd);
	if (wl->marker_fd >= 0)
		close(wl->marker_fd);
	return rc;
}
