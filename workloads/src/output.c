// SPDX-License-Identifier: GPL-2.0
/*
 * Everything the generator writes: progress and error messages on
 * stderr, markers in the trace, and the results files (the summary and
 * one wake-up table per thread) once the run is over.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workload.h"

static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

void log_info(const struct workload *wl, const char *fmt, ...)
{
	va_list ap;

	if (wl->quiet)
		return;
	va_start(ap, fmt);
	pthread_mutex_lock(&log_lock);
	fputs("idlesim-workload: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	pthread_mutex_unlock(&log_lock);
	va_end(ap);
}

void log_error(const char *fmt, ...)
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

/* ftrace marker; silently nothing when tracefs is not there */
void marker(const struct workload *wl, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	if (wl->marker_fd < 0)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n > 0 && write(wl->marker_fd, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1) < 0)
		return;
}

void open_marker(struct workload *wl)
{
#ifndef IDLESIM_HOST
	static const char *const paths[] = {
		"/sys/kernel/tracing/trace_marker",
		"/sys/kernel/debug/tracing/trace_marker",
	};
	size_t i;

	for (i = 0; i < sizeof(paths) / sizeof(paths[0]) && wl->marker_fd < 0; i++)
		wl->marker_fd = open(paths[i], O_WRONLY | O_CLOEXEC);
#else
	(void)wl;	/* a host run leaves the host's trace alone */
#endif
}

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

static FILE *out_file(const struct workload *wl, const char *name, char *path, size_t len)
{
	FILE *f;

	snprintf(path, len, "%s/%s", wl->out, name);
	f = fopen(path, "w");
	if (!f)
		log_error("%s: %s", path, strerror(errno));
	return f;
}

int write_results(const struct workload *wl, const struct scenario *s,
		  struct tstate *ts, int nt, struct cmd_state *cs, int nc)
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
		log_error("out of memory");
		return -1;
	}
	f = out_file(wl, "workload-summary.txt", path, sizeof(path));
	if (!f) {
		free(lat);
		return -1;
	}
	fprintf(f, "# idlesim-workload summary: lateness = actual - intended wake-up, CLOCK_MONOTONIC\n");
	fprintf(f, "scenario=%s file=%s seed=%llu duration_ns=%lld cpus=%d online_cpus=%ld latency_budget_ns=%lld hw=%s t0_ns=%lld\n",
		s->name, s->file, (unsigned long long)s->seed, (long long)s->duration_ns, s->cpus,
		sysconf(_SC_NPROCESSORS_ONLN), (long long)s->latency_budget_ns,
		wl->use_hw ? wl->hw_path : "off", (long long)wl->t0);
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
		log_error("%s: %s", path, strerror(errno));
		rc = -1;
	}
	free(lat);

	for (i = 0; i < nt; i++) {
		snprintf(name, sizeof(name), "wakeups-%s.tsv", ts[i].spec->name);
		f = out_file(wl, name, path, sizeof(path));
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
			log_error("%s: %s", path, strerror(errno));
			rc = -1;
		}
	}
	return rc;
}
