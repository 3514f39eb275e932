// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-workload: runs one scenario (workloads/README.md) and writes, for
 * every thread, the lateness of each wake-up and a summary.
 *
 *   idlesim-workload [--out DIR] [--hw-ctrl PATH] [--no-hw] [--quiet] FILE
 *   idlesim-workload --check FILE...
 *   idlesim-workload --describe FILE...
 *   idlesim-workload --get KEY FILE
 *
 * Timing: every wake-up is an absolute CLOCK_MONOTONIC deadline slept to
 * with clock_nanosleep(TIMER_ABSTIME), computed from the schedule and
 * never from the time the previous one actually happened, so the schedule
 * does not drift and a late wake-up is measured, not absorbed.  Busy work
 * is measured on a clock (the thread's CPU time by default), never by a
 * calibrated loop.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hw.h"
#include "scenario.h"

#define MAX_RECORDS	(2 * 1000 * 1000)	/* per thread */
#define START_MARGIN_NS	(20 * NSEC_PER_MSEC)

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

static struct {
	const char *out;
	const char *hw_path;
	int no_hw, quiet, use_hw;
	int marker_fd;
	int64_t t0;
	atomic_int stop;	/* set by a signal or a failing thread */
} g = { .marker_fd = -1 };

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

__attribute__((format(printf, 1, 2)))
static void info(const char *fmt, ...)
{
	va_list ap;

	if (g.quiet)
		return;
	va_start(ap, fmt);
	pthread_mutex_lock(&log_lock);
	fputs("idlesim-workload: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	pthread_mutex_unlock(&log_lock);
	va_end(ap);
}

__attribute__((format(printf, 1, 2)))
static void error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	pthread_mutex_lock(&log_lock);
	fputs("idlesim-workload: error: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	pthread_mutex_unlock(&log_lock);
	va_end(ap);
}

static int64_t now_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (int64_t)ts.tv_sec * NSEC_PER_SEC + ts.tv_nsec;
}

/* Sleep until the absolute CLOCK_MONOTONIC time T; 1 if stopped. */
static int sleep_until(int64_t t)
{
	struct timespec ts = { .tv_sec = t / NSEC_PER_SEC, .tv_nsec = t % NSEC_PER_SEC };
	int r;

	do {
		if (g.stop)
			return 1;
		r = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	} while (r == EINTR);
	return g.stop != 0;
}

/* ftrace marker; silently nothing when tracefs is not there */
__attribute__((format(printf, 1, 2)))
static void marker(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	if (g.marker_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0 && write(g.marker_fd, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1) < 0)
		return;
}

static void open_marker(void)
{
#ifndef IDLESIM_HOST
	static const char *const paths[] = {
		"/sys/kernel/tracing/trace_marker",
		"/sys/kernel/debug/tracing/trace_marker",
	};
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]) && g.marker_fd < 0; i++)
		g.marker_fd = open(paths[i], O_WRONLY | O_CLOEXEC);
#endif
}

/* --- seeded PRNG: xoshiro256**, seeded by splitmix64 --------------------- */

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(uint64_t *s)
{
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

/* Each thread's stream depends on the seed and its name only. */
static void rng_seed(uint64_t *s, uint64_t seed, const char *name)
{
	uint64_t h = 0xcbf29ce484222325ULL, x;
	int i;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 0x100000001b3ULL;
	x = seed ^ h;
	for (i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
}

static double rng_unit(uint64_t *s)	/* [0, 1) */
{
	return (double)(rng_next(s) >> 11) * 0x1.0p-53;
}

static int64_t rng_exp(uint64_t *s, int64_t mean)
{
	return (int64_t)llround(-(double)mean * log1p(-rng_unit(s)));
}

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

/* --- the threads ------------------------------------------------------------ */

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
static int64_t busy_for(int64_t ns, enum busy_clock bc)
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
		if (left <= 0 || g.stop)
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

static void thread_hw(struct tstate *ts, const char *batch)
{
	char err[256];

	if (!g.use_hw || !batch[0])
		return;
	ts->hw_writes++;
	if (hw_apply(batch, err, sizeof(err))) {
		if (!ts->hw_errors++)
			snprintf(ts->hw_err, sizeof(ts->hw_err), "%s", err);
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

static void *thread_main(void *arg)
{
	struct tstate *ts = arg;
	const struct thread_spec *t = ts->spec;
	int i, b;

	if (thread_setup(ts)) {
		ts->failed = 1;
		g.stop = 1;
		return NULL;
	}
	rng_seed(ts->rng, ts->s->seed, t->name);
	ts->cpu_start = now_ns(CLOCK_THREAD_CPUTIME_ID);

	for (i = 0; i < t->nr_phases && !g.stop; i++) {
		const struct phase *ph = &t->phases[i];
		int64_t pstart = g.t0 + ph->start_ns, pend = g.t0 + ph->end_ns, next, woke;
		int woke_cpu;

		if (sleep_until(pstart))
			break;
		woke = now_ns(CLOCK_MONOTONIC);
		woke_cpu = sched_getcpu();
		marker("idlesim: phase_begin thread=%s phase=%s index=%d", t->name, ph->name, i);
		thread_hw(ts, ph->hw);
		next = ph->arrival == ARRIVAL_NONE ? pend :
		       pstart + (ph->arrival == ARRIVAL_PERIODIC ? ph->offset_ns :
				 rng_exp(ts->rng, ph->mean_interval_ns));
		while (next < pend && !g.stop) {
			for (b = 0; b < ph->burst; b++) {
				struct wake w = { .phase = i, .burst_idx = b };
				int64_t when = next + b * ph->burst_interval_ns;

				if (when >= pend)
					break;
				w.busy_req = draw_busy(ts, ph);
				if (when == pstart) {
					/* the phase's own wake-up was this one */
					w.actual = woke - g.t0;
					w.cpu = woke_cpu;
				} else {
					if (now_ns(CLOCK_MONOTONIC) >= when) {
						ts->overruns++;
						w.overrun = 1;
					} else if (sleep_until(when))
						break;
					w.actual = now_ns(CLOCK_MONOTONIC) - g.t0;
					/* the analysis finds the idle period that served it */
					w.cpu = sched_getcpu();
				}
				w.intended = when - g.t0;
				thread_hw(ts, ph->hw_busy);
				w.busy_cpu = busy_for(w.busy_req, t->busy_clock);
				thread_hw(ts, ph->hw_idle);
				if (record(ts, &w)) {
					ts->failed = 1;
					g.stop = 1;
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
		if (sleep_until(pend))
			break;
		marker("idlesim: phase_end thread=%s phase=%s index=%d", t->name, ph->name, i);
	}
	ts->cpu_end = now_ns(CLOCK_THREAD_CPUTIME_ID);
	return NULL;
}

/* --- statistics and results ------------------------------------------------ */

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* nearest-rank percentile of a sorted array */
static int64_t pct(const int64_t *v, size_t n, int p)
{
	size_t k;

	if (!n)
		return 0;
	k = (n * (size_t)p + 99) / 100;
	return v[k ? k - 1 : 0];
}

/* One summary line for the wake-ups of TS in phase PHASE (-1: all). */
static void summary_line(FILE *f, const struct tstate *ts, int phase, int64_t *lat)
{
	const struct scenario *s = ts->s;
	const struct thread_spec *t = ts->spec;
	int64_t sum = 0, misses = 0, busy_req = 0, busy_cpu = 0, span;
	size_t i, n = 0;

	for (i = 0; i < ts->n; i++) {
		const struct wake *w = &ts->w[i];

		if (phase >= 0 && w->phase != phase)
			continue;
		lat[n++] = w->actual - w->intended;
		sum += w->actual - w->intended;
		busy_req += w->busy_req;
		busy_cpu += w->busy_cpu;
		if (w->actual - w->intended > s->latency_budget_ns)
			misses++;
	}
	qsort(lat, n, sizeof(*lat), cmp_i64);
	if (phase >= 0)
		span = t->phases[phase].end_ns - t->phases[phase].start_ns;
	else
		span = t->phases[t->nr_phases - 1].end_ns - t->phases[0].start_ns;
	fprintf(f, "thread=%s phase=%s count=%zu mean_ns=%lld p50_ns=%lld p99_ns=%lld max_ns=%lld min_ns=%lld misses=%lld budget_ns=%lld busy_req_ns=%lld busy_cpu_ns=%lld span_ns=%lld busy_fraction=%.4f",
		t->name, phase >= 0 ? t->phases[phase].name : "*", n,
		(long long)(n ? sum / (int64_t)n : 0), (long long)pct(lat, n, 50),
		(long long)pct(lat, n, 99), (long long)(n ? lat[n - 1] : 0),
		(long long)(n ? lat[0] : 0), (long long)misses,
		(long long)s->latency_budget_ns, (long long)busy_req, (long long)busy_cpu,
		(long long)span, span ? (double)busy_cpu / (double)span : 0.0);
	if (phase < 0)
		fprintf(f, " overruns=%lld cpu_ns=%lld hw_writes=%ld hw_errors=%ld",
			(long long)ts->overruns, (long long)(ts->cpu_end - ts->cpu_start),
			ts->hw_writes, ts->hw_errors);
	fputc('\n', f);
}

static FILE *out_file(const char *name, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", g.out, name);
	f = fopen(path, "w");
	if (!f)
		error("%s: %s", path, strerror(errno));
	return f;
}

struct cmd_state {
	const struct command_spec *spec;
	pid_t pid;
	int status, done, killed;
};

static int write_results(const struct scenario *s, struct tstate *ts, int nt,
			 struct cmd_state *cs, int nc)
{
	char path[512], name[64];
	size_t maxn = 1;
	int64_t *lat;
	FILE *f;
	int i, j, rc = 0;

	for (i = 0; i < nt; i++)
		if (ts[i].n > maxn)
			maxn = ts[i].n;
	lat = malloc(maxn * sizeof(*lat));
	if (!lat) {
		error("out of memory");
		return -1;
	}
	f = out_file("workload-summary.txt", path, sizeof(path));
	if (!f) {
		free(lat);
		return -1;
	}
	fprintf(f, "# idlesim-workload summary: lateness = actual - intended wake-up, CLOCK_MONOTONIC\n");
	fprintf(f, "scenario=%s file=%s seed=%llu duration_ns=%lld cpus=%d online_cpus=%ld latency_budget_ns=%lld hw=%s t0_ns=%lld\n",
		s->name, s->file, (unsigned long long)s->seed, (long long)s->duration_ns, s->cpus,
		sysconf(_SC_NPROCESSORS_ONLN), (long long)s->latency_budget_ns,
		g.use_hw ? g.hw_path : "off", (long long)g.t0);
	for (i = 0; i < nt; i++) {
		summary_line(f, &ts[i], -1, lat);
		for (j = 0; j < ts[i].spec->nr_phases; j++)
			summary_line(f, &ts[i], j, lat);
	}
	for (i = 0; i < nc; i++)
		fprintf(f, "command=%s pid=%d status=%d signal=%d stopped_at_end=%d\n",
			cs[i].spec->name, (int)cs[i].pid,
			WIFEXITED(cs[i].status) ? WEXITSTATUS(cs[i].status) : -1,
			WIFSIGNALED(cs[i].status) ? WTERMSIG(cs[i].status) : 0, cs[i].killed);
	if (fclose(f)) {
		error("%s: %s", path, strerror(errno));
		rc = -1;
	}
	free(lat);

	for (i = 0; i < nt; i++) {
		snprintf(name, sizeof(name), "wakeups-%s.tsv", ts[i].spec->name);
		f = out_file(name, path, sizeof(path));
		if (!f)
			return -1;
		fprintf(f, "# seq\tphase\tburst\tintended_ns\tactual_ns\tlateness_ns\tbusy_req_ns\tbusy_cpu_ns\toverrun\tcpu\n");
		for (j = 0; j < (int)ts[i].n; j++) {
			const struct wake *w = &ts[i].w[j];

			fprintf(f, "%d\t%s\t%d\t%lld\t%lld\t%lld\t%lld\t%lld\t%d\t%d\n", j,
				ts[i].spec->phases[w->phase].name, w->burst_idx,
				(long long)w->intended, (long long)w->actual,
				(long long)(w->actual - w->intended), (long long)w->busy_req,
				(long long)w->busy_cpu, w->overrun, w->cpu);
		}
		if (fclose(f)) {
			error("%s: %s", path, strerror(errno));
			rc = -1;
		}
	}
	return rc;
}

/* --- commands (cyclictest, stress-ng ...) --------------------------------- */

static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[512];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, path, prog);
		if (access(buf, X_OK) == 0)
			return 1;
		path += n + (path[n] == ':');
	}
	return 0;
}

static pid_t spawn(const struct command_spec *c)
{
	char path[512], name[64];
	pid_t pid;
	int fd;

	snprintf(name, sizeof(name), "cmd-%s.log", c->name);
	snprintf(path, sizeof(path), "%s/%s", g.out, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		error("%s: %s", path, strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		dup2(fd, 1);
		dup2(fd, 2);
		setpgid(0, 0);
		execvp(c->argv[0], c->argv);
		dprintf(2, "idlesim-workload: exec %s: %s\n", c->argv[0], strerror(errno));
		_exit(127);
	}
	close(fd);
	if (pid < 0)
		error("fork: %s", strerror(errno));
	return pid;
}

/* --- main ----------------------------------------------------------------- */

static void on_signal(int sig)
{
	(void)sig;
	g.stop = 1;
}

static int run(const struct scenario *s)
{
	struct tstate *ts;
	struct cmd_state cs[SCN_MAX_COMMANDS] = { 0 };
	char err[SCN_MAX_ERR], initial[SCN_MAX_BATCH + 32];
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	int i, rc = 0, started = 0;
	struct sigaction sa = { .sa_handler = on_signal };

	if (online < s->cpus) {
		error("%s: the scenario needs %d CPUs, this system has %ld online (run the guest with --smp %d)",
		      s->file, s->cpus, online, s->cpus);
		return 1;
	}
	if (mkdir(g.out, 0755) && errno != EEXIST) {
		error("--out %s: %s", g.out, strerror(errno));
		return 1;
	}
	g.use_hw = s->hw_line && !g.no_hw;
	if (g.use_hw) {
		if (hw_open(g.hw_path, err, sizeof(err))) {
			error("%s:%d: this scenario sets hardware controls, but the sim driver's batch file is not there (%s); load simsoc.ko, give --hw-ctrl PATH, or run with --no-hw",
			      s->file, s->hw_line, err);
			return 1;
		}
		/*
		 * The model's own randomness follows the scenario's seed, so that
		 * a run can be repeated; [model] may still set it.
		 */
		snprintf(initial, sizeof(initial), "seed=%llu%s%s",
			 (unsigned long long)(s->seed & HW_SEED_MASK), s->model[0] ? " " : "",
			 s->model);
		if (hw_apply(!strncmp(s->model, "seed=", 5) || strstr(s->model, " seed=") ?
			     s->model : initial, err, sizeof(err))) {
			error("%s:%d: the sim driver rejected the scenario's %s: %s", s->file,
			      s->model_line ? s->model_line : s->hw_line,
			      s->model_line ? "[model]" : "seed", err);
			hw_close();
			return 1;
		}
	} else if (s->hw_line) {
		info("--no-hw: hardware controls of %s ignored", s->file);
	}
	for (i = 0; i < s->nr_commands; i++) {
		const struct command_spec *c = &s->commands[i];

		if (!in_path(c->argv[0])) {
			error("%s:%d: [command %s]: '%s' not found in PATH (cyclictest: package rt-tests, stress-ng: package stress-ng)",
			      s->file, c->line, c->name, c->argv[0]);
			hw_close();
			return 1;
		}
	}

	ts = calloc((size_t)s->nr_threads + 1, sizeof(*ts));
	if (!ts) {
		error("out of memory");
		hw_close();
		return 1;
	}
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	open_marker();

	g.t0 = now_ns(CLOCK_MONOTONIC) + s->settle_ns + START_MARGIN_NS;
	for (i = 0; i < s->nr_threads; i++) {
		ts[i].s = s;
		ts[i].spec = &s->threads[i];
		if (pthread_create(&ts[i].tid, NULL, thread_main, &ts[i])) {
			error("pthread_create: %s", strerror(errno));
			g.stop = 1;
			rc = 1;
			break;
		}
		started++;
	}
	if (!rc && !sleep_until(g.t0)) {
		marker("idlesim: scenario_begin name=%s seed=%llu", s->name,
		       (unsigned long long)s->seed);
		info("running %s for %lld ms (%d threads, %d commands)", s->name,
		     (long long)(s->duration_ns / NSEC_PER_MSEC), s->nr_threads, s->nr_commands);
	}
	/* commands in order of their start times */
	for (;;) {
		int first = -1;

		for (i = 0; i < s->nr_commands; i++)
			if (!cs[i].spec && (first < 0 ||
			    s->commands[i].start_ns < s->commands[first].start_ns))
				first = i;
		if (first < 0 || g.stop)
			break;
		cs[first].spec = &s->commands[first];
		if (sleep_until(g.t0 + s->commands[first].start_ns))
			break;
		cs[first].pid = spawn(cs[first].spec);
		if (cs[first].pid < 0)
			rc = 1;
	}
	sleep_until(g.t0 + s->duration_ns);
	marker("idlesim: scenario_end name=%s", s->name);
	for (i = 0; i < started; i++)
		pthread_join(ts[i].tid, NULL);
	for (i = 0; i < s->nr_commands; i++) {
		if (cs[i].pid <= 0)
			continue;
		if (waitpid(cs[i].pid, &cs[i].status, WNOHANG) == 0) {
			cs[i].killed = 1;
			kill(-cs[i].pid, SIGTERM);
			while (waitpid(cs[i].pid, &cs[i].status, 0) < 0 && errno == EINTR)
				;
		}
		if (!cs[i].killed && !(WIFEXITED(cs[i].status) && !WEXITSTATUS(cs[i].status))) {
			error("%s:%d: [command %s] failed (exit status %d%s); see cmd-%s.log",
			      s->file, s->commands[i].line, s->commands[i].name,
			      WIFEXITED(cs[i].status) ? WEXITSTATUS(cs[i].status) : -1,
			      WIFSIGNALED(cs[i].status) ? ", killed by a signal" : "",
			      s->commands[i].name);
			rc = 1;
		}
	}
	for (i = 0; i < started; i++) {
		if (ts[i].failed) {
			error("%s:%d: [thread %s]: %s", s->file, ts[i].spec->line,
			      ts[i].spec->name, ts[i].err);
			rc = 1;
		}
		if (ts[i].hw_errors) {
			error("[thread %s]: %ld of %ld hardware batches failed; first: %s",
			      ts[i].spec->name, ts[i].hw_errors, ts[i].hw_writes, ts[i].hw_err);
			rc = 1;
		}
	}
	if (write_results(s, ts, started, cs, s->nr_commands))
		rc = 1;
	else
		info("results in %s/workload-summary.txt", g.out);
	for (i = 0; i < s->nr_threads; i++)
		free(ts[i].w);
	free(ts);
	hw_close();
	if (g.marker_fd >= 0)
		close(g.marker_fd);
	return rc;
}

static int get_key(const struct scenario *s, const char *key)
{
	if (!strcmp(key, "name"))
		printf("%s\n", s->name);
	else if (!strcmp(key, "description"))
		printf("%s\n", s->description);
	else if (!strcmp(key, "cpus"))
		printf("%d\n", s->cpus);
	else if (!strcmp(key, "seed"))
		printf("%llu\n", (unsigned long long)s->seed);
	else if (!strcmp(key, "duration_ns"))
		printf("%lld\n", (long long)s->duration_ns);
	else if (!strcmp(key, "guest_seconds"))	/* settle + duration, rounded up */
		printf("%lld\n", (long long)((s->settle_ns + s->duration_ns + NSEC_PER_SEC - 1) /
					     NSEC_PER_SEC));
	else if (!strcmp(key, "hw"))
		printf("%s\n", s->hw_line ? "yes" : "no");
	else if (!strcmp(key, "commands")) {
		int i, j;

		for (i = 0; i < s->nr_commands; i++) {
			for (j = 0; j < s->commands[i].argc; j++)
				printf("%s%s", j ? " " : "", s->commands[i].argv[j]);
			printf("\n");
		}
	} else if (!strcmp(key, "controls")) {
		/* every control a batch of the scenario sets, one per line, once */
		const char *batches[1 + SCN_MAX_THREADS * SCN_MAX_PHASES * 3];
		char seen[SCN_MAX_BATCH * 4] = " ";
		int i, j, n = 0;

		batches[n++] = s->model;
		for (i = 0; i < s->nr_threads; i++)
			for (j = 0; j < s->threads[i].nr_phases; j++) {
				batches[n++] = s->threads[i].phases[j].hw;
				batches[n++] = s->threads[i].phases[j].hw_busy;
				batches[n++] = s->threads[i].phases[j].hw_idle;
			}
		for (i = 0; i < n; i++) {
			const char *b = batches[i];

			while (*b) {
				char name[64], pat[68];
				size_t len = strcspn(b, "=");

				if (len >= sizeof(name) - 1)
					break;
				memcpy(name, b, len);
				name[len] = 0;
				snprintf(pat, sizeof(pat), " %s ", name);
				if (!strstr(seen, pat) && strlen(seen) + len + 2 < sizeof(seen)) {
					printf("%s\n", name);
					strcat(seen, name);
					strcat(seen, " ");
				}
				b += strcspn(b, " ");
				b += strspn(b, " ");
			}
		}
	} else {
		fprintf(stderr, "idlesim-workload: --get %s: unknown; expected name, description, cpus, seed, duration_ns, guest_seconds, hw, controls or commands\n",
			key);
		return 2;
	}
	return 0;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: idlesim-workload [options] SCENARIO   run it\n"
		"       idlesim-workload --check FILE...      validate, print nothing when valid\n"
		"       idlesim-workload --describe FILE...   one line per scenario\n"
		"       idlesim-workload --get KEY FILE       one value (name, cpus, seed, duration_ns,\n"
		"                                             guest_seconds, hw, controls, commands)\n"
		"options:\n"
		"  --out DIR       results directory (default $RESULTS, else .)\n"
		"  --hw-ctrl PATH  the sim driver's batch control file (default %s)\n"
		"  --no-hw         ignore the scenario's hardware controls\n"
		"  --seed N        use seed N instead of the scenario's\n"
		"  --quiet         no progress messages\n", HW_CTRL_PATH);
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "describe", no_argument, NULL, 'd' },
		{ "get", required_argument, NULL, 'g' },
		{ "out", required_argument, NULL, 'o' },
		{ "hw-ctrl", required_argument, NULL, 'H' },
		{ "no-hw", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *get = NULL, *seed = NULL;
	char err[SCN_MAX_ERR];
	struct scenario *s;
	int mode = 0, c, i, rc = 0;

	g.out = getenv("RESULTS") ? getenv("RESULTS") : ".";
	g.hw_path = getenv("IDLESIM_HW_CTRL") ? getenv("IDLESIM_HW_CTRL") : HW_CTRL_PATH;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
		case 'd':
			mode = c;
			break;
		case 'g':
			mode = c;
			get = optarg;
			break;
		case 'o':
			g.out = optarg;
			break;
		case 'H':
			g.hw_path = optarg;
			break;
		case 'n':
			g.no_hw = 1;
			break;
		case 'q':
			g.quiet = 1;
			break;
		case 's':
			seed = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc || ((!mode || mode == 'g') && argc - optind != 1))
		usage();
	s = malloc(sizeof(*s));
	if (!s) {
		fprintf(stderr, "idlesim-workload: out of memory\n");
		return 1;
	}
	for (i = optind; i < argc; i++) {
		if (scenario_load(s, argv[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			rc = 2;
			continue;
		}
		if (seed) {
			char *end;

			errno = 0;
			s->seed = strtoull(seed, &end, 0);
			if (errno || !*seed || *end || *seed == '-') {
				fprintf(stderr, "idlesim-workload: --seed %s: expected an unsigned integer\n",
					seed);
				rc = 2;
				break;
			}
		}
		if (mode == 'd') {
			scenario_describe(s, err, sizeof(err));
			printf("%s\n", err);
		} else if (mode == 'g') {
			rc = get_key(s, get);
		} else if (!mode) {
			rc = run(s);
		}
	}
	free(s);
	return rc;
}
