// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze: idle periods, per-state statistics and energy from an
 * idlesim run directory's trace.dat.
 *
 *   idlesim-analyze run [--out DIR] RUNDIR
 *
 * reads RUNDIR/results/trace.dat (RUNDIR/manifest must say "status ok":
 * a failed run is never analysed as if it had succeeded) and writes, into
 * RUNDIR/analysis/ unless --out says otherwise:
 *
 *   states.csv     per CPU and state: count, residency total/mean/min/max,
 *                  too-deep and too-shallow choices, energy
 *   summary.txt    the same, as the table printed on stdout
 *
 * The columns are documented in docs/ARCHITECTURE.md.  Files are written
 * under temporary names and renamed only when everything succeeded.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "output.h"
#include "periods.h"

struct state_stats {
	uint64_t count;
	uint64_t total_ns;
	uint64_t min_ns;
	uint64_t max_ns;
	uint64_t too_deep;	/* residency shorter than the state's target residency */
	uint64_t too_shallow;	/* a cheaper usable state would have fitted */
	uint64_t demoted;	/* the driver entered another state than requested */
	int64_t energy;		/* the driver's per-period figures, summed */
};

struct analysis {
	struct state_stats st[MAX_CPUS][MAX_STATES];
	uint64_t busy_ns[MAX_CPUS];
	int nr_states;
	int nr_cpus;
	bool has_driver;
};

static int on_period(const struct period *p, void *data)
{
	struct analysis *a = data;
	struct state_stats *s;
	int i, e = p->entered;

	if (e < 0 || e >= MAX_STATES) {
		fprintf(stderr, "period on CPU %d entered state %d, out of range\n", p->cpu, e);
		return -1;
	}
	if (e + 1 > a->nr_states)
		a->nr_states = e + 1;
	if (p->cpu + 1 > a->nr_cpus)
		a->nr_cpus = p->cpu + 1;
	a->busy_ns[p->cpu] += p->busy_ns;

	s = &a->st[p->cpu][e];
	if (!s->count || p->residency_ns < s->min_ns)
		s->min_ns = p->residency_ns;
	if (p->residency_ns > s->max_ns)
		s->max_ns = p->residency_ns;
	s->count++;
	s->total_ns += p->residency_ns;
	if (p->has_driver) {
		a->has_driver = true;
		s->energy += p->energy;
		if (p->requested != p->entered)
			s->demoted++;
	}
	if (p->has_table) {
		const struct state_table *t = &p->table;

		if (t->nr > a->nr_states)
			a->nr_states = t->nr;
		if ((int64_t)p->residency_ns < t->target_residency_ns[e])
			s->too_deep++;
		for (i = 0; i < t->nr; i++) {
			if (i == e || !t->usable[i] || t->power[i] >= t->power[e])
				continue;
			if (t->target_residency_ns[i] <= (int64_t)p->residency_ns) {
				s->too_shallow++;
				break;
			}
		}
	}
	return 0;
}

static int write_states(struct analysis *a, FILE *csv, FILE *txt)
{
	int cpu, i;

	fprintf(csv, "cpu,state,count,total_ns,mean_ns,min_ns,max_ns,too_deep,too_shallow,demoted,energy\n");
	fprintf(txt, "%-4s %-5s %9s %14s %12s %12s %12s %9s %11s %8s %14s\n",
		"cpu", "state", "count", "total_ns", "mean_ns", "min_ns", "max_ns",
		"too_deep", "too_shallow", "demoted", "energy");
	for (cpu = 0; cpu < a->nr_cpus; cpu++) {
		for (i = 0; i < a->nr_states; i++) {
			struct state_stats *s = &a->st[cpu][i];
			uint64_t mean = s->count ? s->total_ns / s->count : 0;

			fprintf(csv, "%d,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%lld\n",
				cpu, i, (unsigned long long)s->count,
				(unsigned long long)s->total_ns, (unsigned long long)mean,
				(unsigned long long)s->min_ns, (unsigned long long)s->max_ns,
				(unsigned long long)s->too_deep,
				(unsigned long long)s->too_shallow,
				(unsigned long long)s->demoted, (long long)s->energy);
			fprintf(txt, "%-4d %-5d %9llu %14llu %12llu %12llu %12llu %9llu %11llu %8llu %14lld\n",
				cpu, i, (unsigned long long)s->count,
				(unsigned long long)s->total_ns, (unsigned long long)mean,
				(unsigned long long)s->min_ns, (unsigned long long)s->max_ns,
				(unsigned long long)s->too_deep,
				(unsigned long long)s->too_shallow,
				(unsigned long long)s->demoted, (long long)s->energy);
		}
	}
	return 0;
}

/* A run directory whose manifest does not say "status ok" is not analysed. */
static int check_run(const char *rundir)
{
	char path[PATH_MAX], line[512];
	int ok = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/manifest", rundir);
	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: %s (not a complete run directory)\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), fp))
		if (!strcmp(line, "status ok\n"))
			ok = 1;
	fclose(fp);
	if (!ok) {
		fprintf(stderr, "%s: the run did not succeed (manifest has no 'status ok'); not analysing it\n",
			rundir);
		return -1;
	}
	return 0;
}

/*
 * The guest seals its results in SHA256SUMS; a trace.dat that was cut or
 * altered since would still read, only shorter, so check it first.
 */
static int check_sum(const char *rundir, const char *name)
{
	char path[PATH_MAX], line[PATH_MAX + 80], want[65] = "", got[65];
	unsigned char buf[65536], md[EVP_MAX_MD_SIZE];
	unsigned int mdlen, i;
	EVP_MD_CTX *ctx;
	size_t n, len;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/results/SHA256SUMS", rundir);
	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: %s (results not sealed by the guest; not a run made by run-guest.sh?)\n",
			path, strerror(errno));
		return -1;
	}
	len = strlen(name);
	while (fgets(line, sizeof(line), fp)) {
		char *f = strchr(line, ' ');

		if (!f || f - line != 64)
			continue;
		while (*f == ' ' || *f == '*')
			f++;
		if (!strncmp(f, "./", 2))
			f += 2;
		if (!strncmp(f, name, len) && f[len] == '\n') {
			memcpy(want, line, 64);
			want[64] = '\0';
		}
	}
	fclose(fp);
	if (!want[0]) {
		fprintf(stderr, "%s: no checksum for %s\n", path, name);
		return -1;
	}
	snprintf(path, sizeof(path), "%s/results/%s", rundir, name);
	fp = fopen(path, "rb");
	if (!fp) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	ctx = EVP_MD_CTX_new();
	if (!ctx || !EVP_DigestInit_ex(ctx, EVP_sha256(), NULL)) {
		fclose(fp);
		EVP_MD_CTX_free(ctx);
		return -1;
	}
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		EVP_DigestUpdate(ctx, buf, n);
	fclose(fp);
	EVP_DigestFinal_ex(ctx, md, &mdlen);
	EVP_MD_CTX_free(ctx);
	for (i = 0; i < mdlen && i < 32; i++)
		sprintf(got + 2 * i, "%02x", md[i]);
	if (strcmp(got, want)) {
		fprintf(stderr, "%s: does not match its checksum in results/SHA256SUMS (truncated or altered since the guest wrote it)\n",
			path);
		return -1;
	}
	return 0;
}

static int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ }
	};
	char trace_path[PATH_MAX], outdir[PATH_MAX];
	struct outputs out = { };
	struct period_stats st;
	struct analysis *a;
	const char *rundir, *odir = NULL;
	struct trace t;
	FILE *csv, *txt;
	int c, ret = 1;

	while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		if (c != 'o')
			return 2;
		odir = optarg;
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: idlesim-analyze run [--out DIR] RUNDIR\n");
		return 2;
	}
	rundir = argv[optind];
	if (check_run(rundir) < 0)
		return 1;
	snprintf(trace_path, sizeof(trace_path), "%s/results/trace.dat", rundir);
	if (access(trace_path, F_OK) < 0) {
		fprintf(stderr, "%s: %s\n", trace_path, strerror(errno));
		return 1;
	}
	if (check_sum(rundir, "trace.dat") < 0)
		return 1;
	snprintf(trace_path, sizeof(trace_path), "%s/results/trace.dat", rundir);
	if (odir)
		snprintf(outdir, sizeof(outdir), "%s", odir);
	else
		snprintf(outdir, sizeof(outdir), "%s/analysis", rundir);
	if (mkdir(outdir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "%s: %s\n", outdir, strerror(errno));
		return 1;
	}

	if (trace_open(&t, trace_path) < 0)
		return 1;
	if (trace_require(&t, 1u << EV_CPU_IDLE) < 0)
		goto close;
	a = calloc(1, sizeof(*a));
	if (!a)
		goto close;
	if (periods_read(&t, on_period, NULL, a, &st) < 0)
		goto free;
	if (!st.periods) {
		fprintf(stderr, "%s: no complete idle period in the trace\n", trace_path);
		goto free;
	}
	csv = out_open(&out, outdir, "states.csv");
	txt = csv ? out_open(&out, outdir, "summary.txt") : NULL;
	if (!txt)
		goto abort;
	write_states(a, csv, txt);
	fprintf(txt, "\n%llu events, %llu idle periods, %llu unmatched, %llu missed by the ring buffer\n",
		(unsigned long long)st.events, (unsigned long long)st.periods,
		(unsigned long long)st.unmatched, (unsigned long long)st.missed_events);
	fflush(txt);
	if (out_commit(&out) < 0)
		goto free;
	{
		char p[PATH_MAX + 16];
		FILE *fp;

		snprintf(p, sizeof(p), "%s/summary.txt", outdir);
		fp = fopen(p, "r");
		if (fp) {
			while ((c = fgetc(fp)) != EOF)
				putchar(c);
			fclose(fp);
		}
	}
	ret = 0;
	goto free;
abort:
	out_abort(&out);
free:
	free(a);
close:
	trace_close(&t);
	return ret;
}

static void usage(FILE *fp)
{
	fprintf(fp,
		"usage: idlesim-analyze COMMAND ...\n"
		"  run [--out DIR] RUNDIR   idle periods, per-state statistics, energy\n");
}

static int dispatch(int argc, char **argv)
{
	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (!strcmp(argv[1], "run"))
		return cmd_run(argc - 1, argv + 1);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "idlesim-analyze: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}

/*
 * libtracecmd 1.3.1 trusts some sizes in the file and can crash on a
 * damaged trace.dat (found by fuzz-trace: tracecmd_close() on a
 * half-opened handle).  The analysis therefore runs in a child process;
 * a crash there becomes a clear error.  Outputs are only created after
 * the trace was read, so a crash leaves none behind.
 */
int main(int argc, char **argv)
{
	int status;
	pid_t pid;

	if (getenv("IDLESIM_ANALYZE_NOFORK"))
		return dispatch(argc, argv);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0)
		exit(dispatch(argc, argv));
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return 1;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	fprintf(stderr,
		"idlesim-analyze: reading the trace crashed the trace library (signal %d): the trace.dat is corrupt; no output was written\n",
		WTERMSIG(status));
	return 1;
}
