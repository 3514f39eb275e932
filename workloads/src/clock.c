// SPDX-License-Identifier: GPL-2.0
/*
 * Time for the generator: clock reads, absolute sleeps that a stop cuts
 * short, and busy work measured on a clock rather than by a calibrated
 * loop (see workload.c for why).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hw.h"
#include "workload.h"

int64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (int64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* Sleep until the absolute CLOCK_MONOTONIC time T; 1 if stopped. */
int sleep_until(const struct workload *wl, int64_t t)
{
	struct timespec ts = { .tv_sec = t / NSEC_PER_SEC, .tv_nsec = t % NSEC_PER_SEC };
	int r;

	do {
		if (wl->stop)
			return 1;
		r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	} while (r == EINTR);
	return wl->stop != 0;
}

/*
 * A hint that this CPU is spinning.  A no-op for the modelled SoC; under
 * QEMU's -icount the vCPUs take turns on one host thread, and a vCPU
 * busy in a loop keeps the thread until the next timer deadline, while
 * QEMU 7.2 can skip the next vCPU's turn at that deadline: a busy vCPU
 * then starves the other for many slices, and a thread there sees its
 * CPU time run on without executing (a 1 ms activation charged as 3 ms
 * of busy time).  YIELD hands the thread on.
 */
static inline void spin_hint(void)
{
#if defined(__aarch64__)
	__asm__ volatile("yield" ::: "memory");
#endif
}

/*
 * Busy for @ns without executing it: the sim driver halts the CPU in the
 * calling thread's context until the end written to its "burst" file
 * (sim-driver/simsoc_burst.c), and gives the CPU up when another task is
 * to run (EAGAIN), as a spinning thread gives it up at its next
 * preemption.  The end is written again from the time left on @bc's
 * clock: on the thread's CPU time, what another task ran in between does
 * not count, as it does not for a spin.
 */
static int64_t busy_halted(const struct workload *wl, int64_t ns, enum busy_clock bc)
{
	clockid_t clk = bc == BUSY_CLOCK_WALL ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
	int64_t start = now_ns(clk), c0 = now_ns(CLOCK_THREAD_CPUTIME_ID), left;
	char buf[32];
	int len;

	while ((left = ns - (now_ns(clk) - start)) > 0 && !wl->stop) {
		len = snprintf(buf, sizeof(buf), "%lld",
			       (long long)(now_ns(CLOCK_MONOTONIC) + left));
		if (write(wl->burst_fd, buf, (size_t)len) < 0 && errno != EAGAIN &&
		    errno != EINTR) {
			log_error("busy burst: %s: %s", HW_BURST_NAME, strerror(errno));
			break;
		}
	}
	return now_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
}

/*
 * Spins until the clock has advanced by @ns.  A clock read is a system
 * call for the thread's CPU time, and system calls cost an emulator far
 * more than arithmetic, so the clock is read after chunks of work sized
 * to about a quarter of the time left, never fewer than 64 steps: few
 * reads, and the spin still stops within one short chunk of its end.
 * (Reading it every 64 steps also made QEMU 7.2's round-robin icount
 * scheduler starve a busy vCPU for whole slices at shift=3: an 800 us
 * activation then took anything from 18 us to 5.4 ms of CPU time.)
 * Every 1024 steps (some 4000 instructions) it yields, see spin_hint().
 */
static int64_t busy_spin(const struct workload *wl, int64_t ns, enum busy_clock bc)
{
	clockid_t clk = bc == BUSY_CLOCK_WALL ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID;
	int64_t start = now_ns(clk), c0 = now_ns(CLOCK_THREAD_CPUTIME_ID);
	int64_t last = start, now, spent, left;
	volatile uint64_t x = 1;
	uint64_t i, chunk = 64;

	if (ns <= 0)
		return 0;
	for (;;) {
		for (i = 0; i < chunk; i++) {
			x = x * 6364136223846793005ULL + 1442695040888963407ULL;
			if ((i & 1023) == 1023)
				spin_hint();
		}
		now = now_ns(clk);
		left = ns - (now - start);
		if (left <= 0 || wl->stop)
			break;
		spent = now - last;
		last = now;
		if (spent > 0) {
			chunk = chunk * (uint64_t)(left / 4) / (uint64_t)spent;
			chunk = chunk < 64 ? 64 : chunk > (1u << 24) ? (1u << 24) : chunk;
		}
	}
	return now_ns(CLOCK_THREAD_CPUTIME_ID) - c0;
}

/* Busy for @ns on @bc's clock; the thread CPU time it took. */
int64_t busy_for(const struct workload *wl, int64_t ns, enum busy_clock bc)
{
	if (ns <= 0)
		return 0;
	return wl->burst_fd >= 0 ? busy_halted(wl, ns, bc) : busy_spin(wl, ns, bc);
}
