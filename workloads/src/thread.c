// SPDX-License-Identifier: GPL-2.0
/*
 * One scenario thread: its scheduling set-up, then its phases in order,
 * each a series of activations (a wake-up on an absolute deadline, busy
 * work, the phase's hardware batches) recorded one by one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "rng.h"
#include "workload.h"

#define MAX_RECORDS	(2 * 1000 * 1000)	/* per thread */

static int64_t draw_busy(struct tstate *ts, const struct phase *ph)
{
	int64_t b;

	switch (ph->busy_dist) {
	case BUSY_UNIFORM:
		return ph->busy_min_ns + (int64_t)llround(rng_unit(ts->rng) *
				(double)(ph->busy_max_ns - ph->busy_min_ns));
	case BUSY_EXPONENTIAL:
		b = rng_exp(ts->rng, ph->busy_ns);
		return b > ph->busy_max_ns ? ph->busy_max_ns : b;
	default:
		return ph->busy_ns;
	}
}

static int record(struct tstate *ts, const struct wake *w)
{
	if (ts->n == ts->cap) {
		size_t cap = ts->cap ? ts->cap * 2 : 1024;
		struct wake *n;

		if (cap > MAX_RECORDS)
			cap = MAX_RECORDS;
		if (ts->n == cap) {
			snprintf(ts->err, sizeof(ts->err), "more than %d wake-ups", MAX_RECORDS);
			return -1;
		}
		n = realloc(ts->w, cap * sizeof(*n));
		if (!n) {
			snprintf(ts->err, sizeof(ts->err), "out of memory for wake-up records");
			return -1;
		}
		ts->w = n;
		ts->cap = cap;
	}
	ts->w[ts->n++] = *w;
	return 0;
}

static int thread_setup(struct tstate *ts)
{
	const struct thread_spec *t = ts->spec;

	/*
	 * Timer slack (50 us by default for SCHED_OTHER) would be measured as
	 * lateness; the point is to measure what the idle states cost.
	 */
	prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
	if (t->cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(t->cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set)) {
			snprintf(ts->err, sizeof(ts->err), "cpu = %d: sched_setaffinity: %s",
				 t->cpu, strerror(errno));
			return -1;
		}
	}
	if (t->policy != POLICY_OTHER) {
		struct sched_param sp = { .sched_priority = t->priority };
		int pol = t->policy == POLICY_FIFO ? SCHED_FIFO : SCHED_RR;

		if (sched_setscheduler(0, pol, &sp)) {
			snprintf(ts->err, sizeof(ts->err), "policy %s priority %d: %s",
				 pol == SCHED_FIFO ? "fifo" : "rr", t->priority, strerror(errno));
			return -1;
		}
	} else if (t->nice &&
		   setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), t->nice)) {
		snprintf(ts->err, sizeof(ts->err), "nice %d: %s", t->nice, strerror(errno));
		return -1;
	}
	return 0;
}

void *thread_main(void *arg)
{
	struct tstate *ts = arg;
	struct workload *wl = ts->wl;
	const struct thread_spec *t = ts->spec;
	int i, b;

	if (thread_setup(ts)) {
		ts->failed = 1;
		wl->stop = 1;
		return NULL;
	}
	rng_seed(ts->rng, ts->s->seed, t->name);
	ts->cpu_start = now_ns(CLOCK_THREAD_CPUTIME_ID);

	for (i = 0; i < t->nr_phases && !wl->stop; i++) {
		const struct phase *ph = &t->phases[i];
		int64_t pstart = wl->t0 + ph->start_ns, pend = wl->t0 + ph->end_ns, next, woke;
		int woke_cpu;

		if (sleep_until(wl, pstart))
			break;
		woke = now_ns(CLOCK_MONOTONIC);
		woke_cpu = sched_getcpu();
		marker(wl, "idlesim: phase_begin thread=%s phase=%s index=%d", t->name, ph->name, i);
		controls_apply(ts, ph->hw);
		next = ph->arrival == ARRIVAL_NONE ? pend :
		       pstart + (ph->arrival == ARRIVAL_PERIODIC ? ph->offset_ns :
				 rng_exp(ts->rng, ph->mean_interval_ns));
		while (next < pend && !wl->stop) {
			for (b = 0; b < ph->burst; b++) {
				struct wake w = { .phase = i, .burst_idx = b };
				int64_t when = next + b * ph->burst_interval_ns;

				if (when >= pend)
					break;
				w.busy_req = draw_busy(ts, ph);
				if (when == pstart) {
					/* the phase's own wake-up was this one */
					w.actual = woke - wl->t0;
					w.cpu = woke_cpu;
				} else {
					if (now_ns(CLOCK_MONOTONIC) >= when) {
						ts->overruns++;
						w.overrun = 1;
					} else if (sleep_until(wl, when))
						break;
					w.actual = now_ns(CLOCK_MONOTONIC) - wl->t0;
					/* the analysis finds the idle period that served it */
					w.cpu = sched_getcpu();
				}
				w.intended = when - wl->t0;
				controls_apply(ts, ph->hw_busy);
				w.busy_cpu = busy_for(wl, w.busy_req, t->busy_clock);
				controls_apply(ts, ph->hw_idle);
				if (record(ts, &w)) {
					ts->failed = 1;
					wl->stop = 1;
					break;
				}
			}
			/*
			 * Periodic: start to start.  Exponential: the pause after the
			 * last activation of the burst (its start), as a user's next
			 * touch comes after the frames of the last one.
			 */
			if (ph->arrival == ARRIVAL_PERIODIC)
				next += ph->period_ns;
			else
				next += (ph->burst - 1) * ph->burst_interval_ns +
					rng_exp(ts->rng, ph->mean_interval_ns);
		}
		/* the boundary in the trace is the phase's end, not its last activation's */
		if (sleep_until(wl, pend))
			break;
		marker(wl, "idlesim: phase_end thread=%s phase=%s index=%d", t->name, ph->name, i);
	}
	ts->cpu_end = now_ns(CLOCK_THREAD_CPUTIME_ID);
	return NULL;
}
