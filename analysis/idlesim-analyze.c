// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze: energy, per-state statistics and replayed selection
 * rules from idlesim run directories.
 *
 *   idlesim-analyze run [--point N] [--out DIR] RUNDIR
 *   idlesim-analyze compare --out DIR RUNDIR...
 *   idlesim-analyze tune --out DIR --points POINTS.tsv RUNDIR...
 *
 * "run" reads RUNDIR/results/trace.dat and writes RUNDIR/analysis/ (or
 * --out): states.csv (per CPU and state), rules.csv (replayed rules and
 * the oracle on this run's periods), summary.json and summary.txt.
 *
 * "compare" analyses several runs of the same scenario and seed (under
 * different governors; the first is the baseline) and writes
 * comparison.csv, residency.csv and summary.txt into DIR.
 *
 * "tune" analyses the runs of a threshold sweep (scripts/tune.sh), each
 * sweep run once per point it holds, and writes tune.csv, tune.json,
 * front.csv and recommendation.txt into DIR.
 *
 * Only complete runs are read: the manifest must say "status ok" and the
 * trace must match the checksum the guest sealed it with.  Outputs are
 * written under temporary names and renamed when everything succeeded.
 * Energies are in nJ, powers in uW, times in ns; the columns are
 * documented in docs/ARCHITECTURE.md.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "latency.h"
#include "output.h"
#include "periods.h"
#include "rules.h"
#include "stats.h"

struct state_stats {
	uint64_t count;
	uint64_t total_ns;
	uint64_t min_ns;
	uint64_t max_ns;
	uint64_t too_deep;	/* residency shorter than the state's target residency */
	uint64_t too_shallow;	/* a cheaper usable state would have fitted */
	uint64_t demoted;	/* entered here, though another state was requested */
	double energy_nj;	/* the driver's per-period idle energy, summed */
	double transition_nj;	/* of which the exit transitions */
};

/* One CPU's line of the sim driver's debugfs energy file. */
struct meter {
	bool valid;
	int cluster;
	uint64_t seq;		/* last period prepared: its busy energy is counted */
	uint64_t exit_seq;	/* last period exited: its idle energy is counted */
	uint64_t idle_nj;
	uint64_t active_nj;
};

/* The kernel's cpuidle sysfs counters: usage and time (us) per CPU and state. */
struct sysfs_counts {
	bool valid[MAX_CPUS][MAX_STATES];
	uint64_t usage[MAX_CPUS][MAX_STATES];
	uint64_t time_us[MAX_CPUS][MAX_STATES];
};

struct manifest {
	char scenario[64];
	char scenario_sha256[32];
	char seed[32];
	char governor[32];
	unsigned int hz;		/* the guest kernel's CONFIG_HZ, 0: unknown */
};

/* The per-CPU timeline plot covers this much of the start of the window. */
#define TIMELINE_NS	(200 * 1000 * 1000ULL)
#define TIMELINE_MAX	20000

struct timeline_row {
	int cpu;
	int state;
	uint64_t start, end;
};

struct run {
	const char *dir;
	int point;			/* sweep point analysed, -1: the whole run */
	/*
	 * The workload's window: from the end of the "before" snapshot of the
	 * guest's counters to the start of the "after" one (trace_marker
	 * lines written by guest-rootfs/jobs/scenario.sh); 0: no markers.
	 */
	uint64_t snap_before[2], snap_after[2];	/* begin, end */
	uint64_t window_start;
	uint64_t window_end;
	struct timeline_row *tl;
	int nr_tl;
	struct manifest m;
	struct state_stats st[MAX_CPUS][MAX_STATES];
	double idle_nj[MAX_CPUS];
	double active_nj[MAX_CPUS];
	double transition_nj[MAX_CPUS];	/* part of idle_nj: the exit transitions */
	uint64_t busy_ns[MAX_CPUS];
	int nr_states;
	int nr_cpus;
	bool has_driver;
	bool has_table;
	bool has_select;
	struct period_stats ps;
	uint64_t periods;
	uint64_t demotions;
	uint64_t exit_latency_ns;	/* paid, summed over periods */
	uint64_t exit_latency_max_ns;
	/* replay, over the periods that carry a table and the governor's inputs */
	uint64_t replayed;
	double rule_nj[NR_RULES];
	uint64_t rule_agree[NR_RULES];
	double oracle_nj;
	double actual_model_nj;		/* the entered states priced like the rules */
	double actual_driver_nj;	/* the driver's own figures, same periods */
	int ran_rule;			/* the rule the run's governor applies, or -1 */
	/* cross-checks against the guest's own counters, over the window */
	bool has_meter;
	struct meter before[MAX_CPUS], after[MAX_CPUS];
	double win_idle_nj[MAX_CPUS], win_active_nj[MAX_CPUS];
	bool has_sysfs;
	struct sysfs_counts sys_before, sys_after;
	/* periods whose exit the sysfs counters must have seen (inner) and
	 * may have seen (outer), given when the snapshots were taken */
	uint64_t in_usage[MAX_CPUS][MAX_STATES], out_usage[MAX_CPUS][MAX_STATES];
	/* each CPU's last period, until the next one says when it ended */
	bool pend[MAX_CPUS];
	int pend_state[MAX_CPUS];
	uint64_t pend_enter[MAX_CPUS], pend_exit[MAX_CPUS];
	uint64_t in_time_ns[MAX_CPUS][MAX_STATES], out_time_ns[MAX_CPUS][MAX_STATES];
	int cluster[MAX_CPUS];
	int nr_clusters;
	/*
	 * The clusters' states, as idlestat gives them: a cluster is in the
	 * shallowest state of its CPUs while all of them are idle (-1: one is
	 * busy, or not seen yet).  Indexed by cluster.
	 */
	int cpu_state[MAX_CPUS];	/* -1 busy, -2 not seen yet */
	int cl_state[MAX_CPUS];
	uint64_t cl_since[MAX_CPUS];
	uint64_t cl_count[MAX_CPUS][MAX_STATES], cl_ns[MAX_CPUS][MAX_STATES];
	char xcheck[1024];		/* what the cross-checks found */
	struct nominal_table nominal;
	bool has_lat;			/* the workload's results were there */
	struct wakeups ws;		/* its wake-ups, while the trace is read */
	struct latency lat;
};

/* A latency budget that replaces the scenario's (tune --budget), 0: none. */
static uint64_t budget_override_ns;
/* What budgets are judged on: IDLESIM_LATENESS (make LATENESS=). */
static enum lateness_basis lateness_basis = LATENESS_SOC;

/* The rule each governor applies, for the replay agreement check. */
static int governor_rule(const char *gov)
{
	if (!strcmp(gov, "menu"))
		return RULE_LOWEST_POWER;
	if (!strcmp(gov, "menu_deepest"))
		return RULE_DEEPEST;
	return -1;
}

/* A sweep point's statistics cover only its window. */
static bool in_point(const struct run *r, uint64_t ts)
{
	if (r->point < 0)
		return true;
	return r->snap_before[1] && ts >= r->snap_before[1] &&
	       (!r->snap_after[0] || ts <= r->snap_after[0]);
}

/*
 * The kernel counts a period in sysfs (states_usage[].usage++ in
 * cpuidle_enter_state()) after its power:cpu_idle exit event, with
 * interrupts already enabled, and before the CPU's next idle period is
 * prepared; under icount another vCPU can run a whole snapshot in that
 * gap.  So a period must be in the snapshots' delta when that interval
 * lies between them, and may be when it overlaps them.  @next is the
 * next period's first time stamp on the CPU, UINT64_MAX if none.
 */
static void sysfs_bounds(struct run *r, int cpu, uint64_t next)
{
	int e = r->pend_state[cpu];
	uint64_t t_exit = r->pend_exit[cpu], len = t_exit - r->pend_enter[cpu];

	r->pend[cpu] = false;
	if (r->snap_before[1] && t_exit >= r->snap_before[1] &&
	    (!r->snap_after[0] || next <= r->snap_after[0])) {
		r->in_usage[cpu][e]++;
		r->in_time_ns[cpu][e] += len;
	}
	if (r->snap_before[0] && next >= r->snap_before[0] &&
	    (!r->snap_after[1] || t_exit <= r->snap_after[1])) {
		r->out_usage[cpu][e]++;
		r->out_time_ns[cpu][e] += len;
	}
}

static void on_idle(int cpu, uint64_t ts, int state, void *data)
{
	struct run *r = data;
	int c, k, min = INT_MAX, old;

	if (cpu < 0 || cpu >= MAX_CPUS || !r->before[cpu].valid)
		return;
	r->cpu_state[cpu] = state;
	k = r->cluster[cpu];
	for (c = 0; c < MAX_CPUS; c++) {
		if (!r->before[c].valid || r->cluster[c] != k)
			continue;
		if (r->cpu_state[c] < 0) {
			min = -1;
			break;
		}
		if (r->cpu_state[c] < min)
			min = r->cpu_state[c];
	}
	old = r->cl_state[k];
	if (min == old)
		return;
	if (old >= 0 && old < MAX_STATES && in_point(r, r->cl_since[k]) && in_point(r, ts))
		r->cl_ns[k][old] += ts - r->cl_since[k];
	if (min >= 0 && min < MAX_STATES && in_point(r, ts))
		r->cl_count[k][min]++;
	r->cl_state[k] = min;
	r->cl_since[k] = ts;
}

static int on_period(const struct period *p, void *data)
{
	struct run *r = data;
	struct rule_inputs in;
	struct state_stats *s;
	uint64_t wait_ns;
	int i, e = p->entered;

	if (p->cpu >= 0 && p->cpu < MAX_CPUS && r->pend[p->cpu])
		sysfs_bounds(r, p->cpu, p->t_prepare ? p->t_prepare : p->t_enter);
	if (p->aborted) {
		/* no idle time, but the busy time before it is the driver's */
		if (r->has_meter && p->seq > r->before[p->cpu].seq && p->seq <= r->after[p->cpu].seq)
			r->win_active_nj[p->cpu] += (double)p->busy_energy;
		if (in_point(r, p->t_prepare))
			r->active_nj[p->cpu] += (double)p->busy_energy;
		return 0;
	}
	if (e < 0 || e >= MAX_STATES) {
		fprintf(stderr, "%s: period on CPU %d entered state %d, out of range\n",
			r->dir, p->cpu, e);
		return -1;
	}
	if (e + 1 > r->nr_states)
		r->nr_states = e + 1;
	if (p->cpu + 1 > r->nr_cpus)
		r->nr_cpus = p->cpu + 1;
	r->pend[p->cpu] = true;
	r->pend_state[p->cpu] = e;
	r->pend_enter[p->cpu] = p->t_enter;
	r->pend_exit[p->cpu] = p->t_exit;
	if (r->has_meter && p->has_driver) {
		const struct meter *b = &r->before[p->cpu], *a = &r->after[p->cpu];

		if (p->seq > b->exit_seq && p->seq <= a->exit_seq)
			r->win_idle_nj[p->cpu] += (double)p->energy;
		if (p->has_table && p->seq > b->seq && p->seq <= a->seq)
			r->win_active_nj[p->cpu] += (double)p->busy_energy;
	}
	if (!in_point(r, p->t_exit))
		return 0;
	if (!r->window_start && !r->nr_tl)
		r->window_start = p->t_enter;	/* no marker: from the first period */
	if (r->tl && r->nr_tl < TIMELINE_MAX && p->t_enter >= r->window_start &&
	    p->t_enter < r->window_start + TIMELINE_NS) {
		struct timeline_row *row = &r->tl[r->nr_tl++];

		row->cpu = p->cpu;
		row->state = e;
		row->start = p->t_enter - r->window_start;
		row->end = p->t_exit - r->window_start;
	}
	r->busy_ns[p->cpu] += p->busy_ns;
	r->periods++;

	s = &r->st[p->cpu][e];
	if (!s->count || p->residency_ns < s->min_ns)
		s->min_ns = p->residency_ns;
	if (p->residency_ns > s->max_ns)
		s->max_ns = p->residency_ns;
	s->count++;
	s->total_ns += p->residency_ns;
	if (p->has_driver) {
		r->has_driver = true;
		wakeups_served(&r->ws, p->cpu, p->t_enter, p->t_wake, p->exit_latency_ns);
		s->energy_nj += (double)p->energy;
		r->idle_nj[p->cpu] += (double)p->energy;
		if (p->has_table && p->exit_latency_ns <= p->residency_ns) {
			/*
			 * The driver charges the state's power for the time in
			 * WFI and active power for the exit latency; what is
			 * not the former is the transition.
			 */
			double tr = (double)p->energy - (double)p->table.power[e] *
				    (double)(p->residency_ns - p->exit_latency_ns) / 1e6;

			tr = tr > 0 ? tr : 0;
			s->transition_nj += tr;
			r->transition_nj[p->cpu] += tr;
		}
		if (p->requested != p->entered) {
			s->demoted++;
			r->demotions++;
		}
	}
	if (!p->has_table)
		return 0;

	const struct state_table *t = &p->table;

	r->has_table = true;
	r->active_nj[p->cpu] += (double)p->busy_energy;
	if (t->nr > r->nr_states)
		r->nr_states = t->nr;
	if (e >= t->nr) {
		fprintf(stderr, "%s: CPU %d entered state %d of a %d-state table\n",
			r->dir, p->cpu, e, t->nr);
		return -1;
	}
	r->exit_latency_ns += t->exit_latency_ns[e];
	if ((uint64_t)t->exit_latency_ns[e] > r->exit_latency_max_ns)
		r->exit_latency_max_ns = t->exit_latency_ns[e];
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

	if (!p->has_select)
		return 0;
	r->has_select = true;
	r->replayed++;
	/* the rules are priced on the wait to the wake-up event */
	wait_ns = p->has_driver ? p->residency_ns - p->exit_latency_ns : p->residency_ns;
	in = (struct rule_inputs) {
		.predicted_ns = p->sel.predicted_ns,
		.next_timer_ns = p->sel.next_timer_ns,
		.latency_req_ns = p->sel.latency_req_ns,
		/* the tick cases need both the event's fields and the kernel's HZ */
		.has_tick = p->sel.has_tick && r->m.hz > 0,
		.delta_tick_ns = p->sel.delta_tick_ns,
		.tick_stopped = p->sel.tick_stopped,
		.tick_nsec = r->m.hz > 0 ? (1000000000ULL + r->m.hz / 2) / r->m.hz : 0,
	};
	for (i = 0; i < NR_RULES; i++) {
		int pick = rule_select(i, t, &r->nominal, &in);

		r->rule_nj[i] += state_energy(t, pick, wait_ns);
		if (pick == e)
			r->rule_agree[i]++;
		else if (i == r->ran_rule && getenv("IDLESIM_DEBUG_REPLAY"))
			fprintf(stderr, "cpu%d seq %llu: rule %d, entered %d (chosen %d) pred %llu timer %llu lat %lld stop %d cand %x usable %x\n",
				p->cpu, (unsigned long long)p->seq, pick, e, p->sel.chosen,
				(unsigned long long)p->sel.predicted_ns,
				(unsigned long long)p->sel.next_timer_ns,
				(long long)p->sel.latency_req_ns, p->sel.stop_tick,
				p->sel.candidate_mask, p->sel.usable_mask);
	}
	r->oracle_nj += state_energy(t, oracle_select(t, p->sel.latency_req_ns, wait_ns),
				     wait_ns);
	r->actual_model_nj += state_energy(t, e, wait_ns);
	r->actual_driver_nj += (double)p->energy;
	return 0;
}

/*
 * The guest job writes the clock it recorded the trace with into
 * results/trace.clock (sealed with the rest); runs from before it did
 * used the "local" clock.
 */
static bool trace_clock_is_mono(const char *rundir)
{
	char path[PATH_MAX], buf[16] = "";
	FILE *fp;

	snprintf(path, sizeof(path), "%s/results/trace.clock", rundir);
	fp = fopen(path, "r");
	if (!fp)
		return false;
	if (!fgets(buf, sizeof(buf), fp))
		buf[0] = '\0';
	fclose(fp);
	return !strcmp(buf, "mono\n");
}

/* A run directory whose manifest does not say "status ok" is not analysed. */
static int read_manifest(const char *rundir, struct manifest *m)
{
	char path[PATH_MAX], line[1024];
	int ok = 0;
	FILE *fp;

	memset(m, 0, sizeof(*m));
	snprintf(path, sizeof(path), "%s/manifest", rundir);
	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: %s (not a complete run directory)\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), fp)) {
		char *v = strchr(line, ' ');

		if (!strcmp(line, "status ok\n"))
			ok = 1;
		if (!v)
			continue;
		*v++ = '\0';
		v[strcspn(v, "\n")] = '\0';
		if (!strcmp(line, "scenario"))
			snprintf(m->scenario, sizeof(m->scenario), "%s", v);
		else if (!strcmp(line, "scenario_sha256"))
			snprintf(m->scenario_sha256, sizeof(m->scenario_sha256), "%s", v);
		else if (!strcmp(line, "seed"))
			snprintf(m->seed, sizeof(m->seed), "%s", v);
		else if (!strcmp(line, "governor"))
			snprintf(m->governor, sizeof(m->governor), "%s", v);
		else if (!strcmp(line, "kernel_hz"))
			m->hz = (unsigned int)strtoul(v, NULL, 10);
	}
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

static int on_marker(int cpu, uint64_t ts, const char *text, void *data)
{
	static const char *const names[4] = {
		"idlesim: snapshot before begin", "idlesim: snapshot before end",
		"idlesim: snapshot after begin", "idlesim: snapshot after end",
	};
	struct run *r = data;
	uint64_t *slot[4] = { &r->snap_before[0], &r->snap_before[1],
			      &r->snap_after[0], &r->snap_after[1] };
	char want[80];
	int i;

	for (i = 0; i < 4; i++) {
		if (r->point >= 0)
			snprintf(want, sizeof(want), "%s point=%d", names[i], r->point);
		else
			snprintf(want, sizeof(want), "%s", names[i]);
		if (strcmp(text, want))
			continue;
		*slot[i] = ts;
		if (i == 1)
			r->window_start = ts;
		if (i == 2)
			r->window_end = ts;
	}
	return 0;
}

/* Reads RUNDIR/results/NAME.energy written by the guest job; 0: absent. */
static int read_meter(const char *rundir, const char *name, struct meter *m, struct run *r)
{
	char path[PATH_MAX], line[1024];
	int n = 0, cpu;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/results/%s.energy", rundir, name);
	fp = fopen(path, "r");
	if (!fp)
		return errno == ENOENT ? 0 : -1;
	while (fgets(line, sizeof(line), fp)) {
		struct meter v = { .valid = true };
		unsigned long long seq, xseq, idle, active;

		if (sscanf(line, "cpu%d cluster=%d seq=%llu exit_seq=%llu idle_nj=%llu active_nj=%llu",
			   &cpu, &v.cluster, &seq, &xseq, &idle, &active) != 6)
			continue;
		if (cpu < 0 || cpu >= MAX_CPUS || v.cluster < 0 || v.cluster >= MAX_CPUS) {
			fprintf(stderr, "%s: cpu%d cluster %d out of range\n", path, cpu, v.cluster);
			fclose(fp);
			return -1;
		}
		v.seq = seq;
		v.exit_seq = xseq;
		v.idle_nj = idle;
		v.active_nj = active;
		m[cpu] = v;
		r->cluster[cpu] = v.cluster;
		if (v.cluster + 1 > r->nr_clusters)
			r->nr_clusters = v.cluster + 1;
		n++;
	}
	fclose(fp);
	if (!n) {
		fprintf(stderr, "%s: no per-CPU meter lines\n", path);
		return -1;
	}
	return 1;
}

/* The registered state figures, from "state: stateN NAME latency=US residency=US". */
static void read_nominal(const char *rundir, struct nominal_table *n)
{
	char path[PATH_MAX], line[512], name[64];
	long long lat, res;
	int idx;
	FILE *fp;

	memset(n, 0, sizeof(*n));
	snprintf(path, sizeof(path), "%s/results/guest-info.txt", rundir);
	fp = fopen(path, "r");
	if (!fp)
		return;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, "state: state%d %63s latency=%lld residency=%lld",
			   &idx, name, &lat, &res) == 4 && idx == n->nr && idx < MAX_STATES) {
			n->exit_latency_ns[idx] = lat * 1000;
			n->target_residency_ns[idx] = res * 1000;
			n->nr++;
		}
	fclose(fp);
}

static int read_sysfs(const char *rundir, const char *name, struct sysfs_counts *c)
{
	unsigned long long usage, time, above, below;
	char path[PATH_MAX];
	int cpu, state, n = 0;
	FILE *fp;

	snprintf(path, sizeof(path), "%s/results/%s.txt", rundir, name);
	fp = fopen(path, "r");
	if (!fp)
		return errno == ENOENT ? 0 : -1;
	while (fscanf(fp, "%d %d %llu %llu %llu %llu", &cpu, &state, &usage, &time,
		      &above, &below) == 6) {
		if (cpu < 0 || cpu >= MAX_CPUS || state < 0 || state >= MAX_STATES)
			continue;
		c->valid[cpu][state] = true;
		c->usage[cpu][state] = usage;
		c->time_us[cpu][state] = time;
		n++;
	}
	fclose(fp);
	return n ? 1 : 0;
}

/*
 * The trace's figures over the window against the guest's own counters:
 * the driver's meter (exact: the same per-period figures, selected by
 * period number) and the kernel's sysfs usage/time (the snapshots race
 * with the other CPUs by a few periods, hence a tolerance).
 */
static int cross_check(struct run *r)
{
	FILE *fp = fmemopen(r->xcheck, sizeof(r->xcheck), "w");
	int cpu, i, bad = 0;

	if (!fp)
		return -1;

	if (r->has_meter) {
		for (cpu = 0; cpu < r->nr_cpus; cpu++) {
			const struct meter *b = &r->before[cpu], *a = &r->after[cpu];
			double mi, ma;

			if (!b->valid || !a->valid)
				continue;
			mi = (double)(a->idle_nj - b->idle_nj);
			ma = (double)(a->active_nj - b->active_nj);
			if (fabs(mi - r->win_idle_nj[cpu]) > 1 + 1e-6 * mi ||
			    fabs(ma - r->win_active_nj[cpu]) > 1 + 1e-6 * ma) {
				fprintf(fp, "  cross-check FAILED: cpu%d energy meter idle %.0f nJ active %.0f nJ, trace idle %.0f nJ active %.0f nJ\n",
					cpu, mi, ma, r->win_idle_nj[cpu], r->win_active_nj[cpu]);
				bad = 1;
			}
		}
		if (!bad)
			fprintf(fp, "  cross-check: the trace's energy matches the driver's meter on every CPU\n");
	}
	if (r->has_sysfs && r->snap_before[1] && r->snap_after[0]) {
		int sbad = 0;

		for (cpu = 0; cpu < r->nr_cpus; cpu++)
			for (i = 0; i < r->nr_states; i++) {
				const struct sysfs_counts *b = &r->sys_before, *a = &r->sys_after;
				uint64_t du, dt, lo_t, hi_t;

				if (!b->valid[cpu][i] || !a->valid[cpu][i])
					continue;
				du = a->usage[cpu][i] - b->usage[cpu][i];
				dt = a->time_us[cpu][i] - b->time_us[cpu][i];
				/*
				 * The kernel times a period from inside
				 * cpuidle_enter_state(), the trace from its
				 * power:cpu_idle events around it; under icount
				 * another vCPU may run in between and move the
				 * clock.  With shift=auto, icount follows the host's
				 * clock, so a loaded host (parallel sweep runs) widens
				 * the gap: seen 114 us a period over 17 WFI periods
				 * with two guests on two cores.  Allow 250 us a period
				 * and 2 %, and 1 us for sysfs's rounding.
				 */
				lo_t = r->in_time_ns[cpu][i] / 1000;
				hi_t = r->out_time_ns[cpu][i] / 1000 + 1;
				lo_t = lo_t > 250 * du + lo_t / 50 + 1 ? lo_t - 250 * du - lo_t / 50 - 1 : 0;
				hi_t += 250 * du + hi_t / 50;
				if (du < r->in_usage[cpu][i] || du > r->out_usage[cpu][i] ||
				    dt < lo_t || dt > hi_t) {
					fprintf(fp, "  cross-check FAILED: cpu%d state %d sysfs usage %llu time %llu us; trace allows usage %llu..%llu, time %llu..%llu us\n",
						cpu, i, (unsigned long long)du, (unsigned long long)dt,
						(unsigned long long)r->in_usage[cpu][i],
						(unsigned long long)r->out_usage[cpu][i],
						(unsigned long long)lo_t, (unsigned long long)hi_t);
					sbad = 1;
				}
			}
		if (!sbad)
			fprintf(fp, "  cross-check: per-state usage and time agree with the kernel's sysfs counters\n");
		bad |= sbad;
	}
	fclose(fp);
	return bad ? -1 : 0;
}

/* Reads and analyses one run directory into @r. */
static int analyse_run(const char *rundir, int point, struct run *r)
{
	char trace_path[PATH_MAX], workload_dir[PATH_MAX], before[64], after[64];
	struct timeline_row *tl = r->tl;
	struct trace t;
	int ret = -1, lat;

	memset(r, 0, sizeof(*r));
	r->tl = tl;
	r->dir = rundir;
	r->point = point;
	if (read_manifest(rundir, &r->m) < 0)
		return -1;
	r->ran_rule = governor_rule(r->m.governor);
	snprintf(trace_path, sizeof(trace_path), "%s/results/trace.dat", rundir);
	if (access(trace_path, F_OK) < 0) {
		fprintf(stderr, "%s: %s\n", trace_path, strerror(errno));
		return -1;
	}
	if (check_sum(rundir, "trace.dat") < 0)
		return -1;
	if (point >= 0) {
		snprintf(before, sizeof(before), "cpuidle-before.p%d", point);
		snprintf(after, sizeof(after), "cpuidle-after.p%d", point);
	} else {
		snprintf(before, sizeof(before), "cpuidle-before");
		snprintf(after, sizeof(after), "cpuidle-after");
	}
	if (read_meter(rundir, before, r->before, r) < 0 ||
	    read_meter(rundir, after, r->after, r) < 0)
		return -1;
	r->has_meter = r->before[0].valid && r->after[0].valid;
	read_nominal(rundir, &r->nominal);
	r->has_sysfs = read_sysfs(rundir, before, &r->sys_before) > 0 &&
		       read_sysfs(rundir, after, &r->sys_after) > 0;
	/* a sweep point's workload wrote its results under results/pN/ */
	if (point >= 0)
		snprintf(workload_dir, sizeof(workload_dir), "%s/results/p%d", rundir, point);
	else
		snprintf(workload_dir, sizeof(workload_dir), "%s/results", rundir);
	lat = wakeups_read(workload_dir, budget_override_ns, &r->ws);
	if (lat < 0)
		return -1;
	r->has_lat = lat > 0;
	/* the workload's times are CLOCK_MONOTONIC: so must the trace's be */
	if (!trace_clock_is_mono(rundir))
		r->ws.split = false;
	if (trace_open(&t, trace_path) < 0) {
		wakeups_free(&r->ws);
		return -1;
	}
	if (trace_require(&t, 1u << EV_CPU_IDLE) < 0)
		goto out;
	for (int cpu = 0; cpu < MAX_CPUS; cpu++) {
		r->cpu_state[cpu] = -2;
		r->cl_state[cpu] = -1;
	}
	if (periods_read(&t, on_period, on_marker, r->nr_clusters ? on_idle : NULL, r, &r->ps) < 0)
		goto out;
	for (int cpu = 0; cpu < MAX_CPUS; cpu++)
		if (r->pend[cpu])
			sysfs_bounds(r, cpu, UINT64_MAX);
	if (point >= 0 && !(r->snap_before[1] && r->snap_after[0])) {
		fprintf(stderr, "%s: no markers of sweep point %d ('idlesim: snapshot before end point=%d' ... 'idlesim: snapshot after begin point=%d')\n",
			trace_path, point, point, point);
		goto out;
	}
	if (!r->periods) {
		fprintf(stderr, "%s: no complete idle period in the trace%s\n", trace_path,
			point >= 0 ? " window of this point" : "");
		goto out;
	}
	if (cross_check(r) < 0) {
		fputs(r->xcheck, stderr);
		fprintf(stderr, "%s: the trace disagrees with the guest's counters; not trusting this run\n",
			rundir);
		goto out;
	}
	if (r->has_lat && latency_compute(&r->ws, lateness_basis, &r->lat) < 0)
		goto out;
	ret = 0;
out:
	wakeups_free(&r->ws);
	trace_close(&t);
	return ret;
}

static double sum(const double *v, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

static double total_nj(const struct run *r)
{
	return sum(r->idle_nj, r->nr_cpus) + sum(r->active_nj, r->nr_cpus);
}

static void write_states_csv(const struct run *r, FILE *fp)
{
	int cpu, i;

	fprintf(fp, "cpu,state,count,total_ns,mean_ns,min_ns,max_ns,too_deep,too_shallow,demoted,energy_nj,transition_nj\n");
	for (cpu = 0; cpu < r->nr_cpus; cpu++) {
		for (i = 0; i < r->nr_states; i++) {
			const struct state_stats *s = &r->st[cpu][i];

			fprintf(fp, "%d,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.0f,%.0f\n",
				cpu, i, (unsigned long long)s->count,
				(unsigned long long)s->total_ns,
				(unsigned long long)(s->count ? s->total_ns / s->count : 0),
				(unsigned long long)s->min_ns, (unsigned long long)s->max_ns,
				(unsigned long long)s->too_deep,
				(unsigned long long)s->too_shallow,
				(unsigned long long)s->demoted, s->energy_nj, s->transition_nj);
		}
	}
}

static void write_clusters_csv(const struct run *r, FILE *fp)
{
	int k, i;

	fprintf(fp, "cluster,state,count,total_ns,mean_ns\n");
	for (k = 0; k < r->nr_clusters; k++)
		for (i = 0; i < r->nr_states; i++)
			fprintf(fp, "%d,%d,%llu,%llu,%llu\n", k, i,
				(unsigned long long)r->cl_count[k][i],
				(unsigned long long)r->cl_ns[k][i],
				(unsigned long long)(r->cl_count[k][i] ?
						     r->cl_ns[k][i] / r->cl_count[k][i] : 0));
}

static void write_timeline_csv(const struct run *r, FILE *fp)
{
	int i;

	fprintf(fp, "cpu,start_ms,end_ms,state\n");
	for (i = 0; i < r->nr_tl; i++)
		fprintf(fp, "%d,%.6f,%.6f,%d\n", r->tl[i].cpu, r->tl[i].start / 1e6,
			r->tl[i].end / 1e6, r->tl[i].state);
}

static void write_rules_csv(const struct run *r, FILE *fp)
{
	int i;

	fprintf(fp, "rule,periods,energy_nj,ratio_to_oracle,agreement\n");
	for (i = 0; i < NR_RULES; i++)
		fprintf(fp, "%s,%llu,%.0f,%.4f,%.4f\n", rule_names[i],
			(unsigned long long)r->replayed, r->rule_nj[i],
			r->oracle_nj > 0 ? r->rule_nj[i] / r->oracle_nj : 0,
			r->replayed ? (double)r->rule_agree[i] / (double)r->replayed : 0);
	fprintf(fp, "oracle,%llu,%.0f,1.0000,\n", (unsigned long long)r->replayed, r->oracle_nj);
	fprintf(fp, "actual,%llu,%.0f,%.4f,\n", (unsigned long long)r->replayed,
		r->actual_model_nj, r->oracle_nj > 0 ? r->actual_model_nj / r->oracle_nj : 0);
}

static const char *const basis_desc[NR_LATENESS_BASES] = {
	[LATENESS_SOC] = "modelled exit latency + guest path",
	[LATENESS_TOTAL] = "modelled exit latency + emulator delay + guest path",
	[LATENESS_GUEST] = "as the guest measured it, no modelled exit latency",
};

static void write_lateness(const struct latency *l, FILE *fp)
{
	fprintf(fp, "  workload lateness (%s: %s): %llu wake-ups, mean %.1f us, p50 %.1f us, p99 %.1f us, max %.1f us; %llu over the %.1f us budget\n",
		lateness_basis_names[l->basis], basis_desc[l->basis],
		(unsigned long long)l->wakeups, l->mean_ns / 1e3, l->p50_ns / 1e3,
		l->p99_ns / 1e3, l->max_ns / 1e3, (unsigned long long)l->misses,
		l->budget_ns / 1e3);
	if (!l->split) {
		fprintf(fp, "    lateness not split: the run's wake-ups name no CPU or its trace is not on CLOCK_MONOTONIC (recorded before idlesim did so)\n");
		return;
	}
	fprintf(fp, "    split, mean per wake-up: modelled exit latency %.1f us + emulator wake-up delay %.1f us (max %.1f us) + guest path %.1f us; %llu of %llu served from an idle state",
		l->model_mean_ns / 1e3, l->emulator_mean_ns / 1e3, l->emulator_max_ns / 1e3,
		l->guest_mean_ns / 1e3, (unsigned long long)l->served,
		(unsigned long long)l->wakeups);
	if (l->mismatched)
		fprintf(fp, "; %llu ran before their CPU left idle (not attributed)",
			(unsigned long long)l->mismatched);
	fputc('\n', fp);
}

static void write_summary(const struct run *r, FILE *fp)
{
	double idle = sum(r->idle_nj, r->nr_cpus), active = sum(r->active_nj, r->nr_cpus);
	int cpu, i;

	fprintf(fp, "run %s: scenario %s, seed %s, governor %s\n", r->dir,
		r->m.scenario[0] ? r->m.scenario : "-", r->m.seed[0] ? r->m.seed : "-",
		r->m.governor[0] ? r->m.governor : "-");
	fprintf(fp, "  %llu idle periods on %d CPUs, %llu demotions, %llu events (%llu dropped by the ring buffer)\n",
		(unsigned long long)r->periods, r->nr_cpus, (unsigned long long)r->demotions,
		(unsigned long long)r->ps.events, (unsigned long long)r->ps.missed_events);
	if (r->has_driver)
		fprintf(fp, "  energy: %.3f mJ (idle %.3f mJ, of which exit transitions %.3f mJ; active %.3f mJ)\n",
			(idle + active) / 1e6, idle / 1e6, sum(r->transition_nj, r->nr_cpus) / 1e6,
			active / 1e6);
	if (r->has_driver && r->nr_clusters)
		for (i = 0; i < r->nr_clusters; i++) {
			double ci = 0, ca = 0;

			for (cpu = 0; cpu < r->nr_cpus; cpu++)
				if (r->cluster[cpu] == i) {
					ci += r->idle_nj[cpu];
					ca += r->active_nj[cpu];
				}
			fprintf(fp, "    cluster%d: %.3f mJ (idle %.3f, active %.3f)\n",
				i, (ci + ca) / 1e6, ci / 1e6, ca / 1e6);
		}
	for (i = 0; i < r->nr_clusters; i++) {
		double all = 0;
		int s;

		for (s = 0; s < r->nr_states; s++)
			all += (double)r->cl_ns[i][s];
		fprintf(fp, "    cluster%d all CPUs idle %.3f ms, in its CPUs' shallowest state:", i,
			all / 1e6);
		for (s = 0; s < r->nr_states; s++)
			fprintf(fp, " s%d %.3f", s, r->cl_ns[i][s] / 1e6);
		fprintf(fp, " ms\n");
	}
	fputs(r->xcheck, fp);
	if (r->has_table)
		fprintf(fp, "  exit latency paid: mean %.1f us, max %.1f us\n",
			(double)r->exit_latency_ns / (double)r->periods / 1e3,
			(double)r->exit_latency_max_ns / 1e3);
	if (r->has_lat)
		write_lateness(&r->lat, fp);
	fprintf(fp, "  %-4s %-5s %9s %12s %12s %9s %11s %8s %12s\n", "cpu", "state", "count",
		"total_ms", "mean_us", "too_deep", "too_shallow", "demoted", "energy_uJ");
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		for (i = 0; i < r->nr_states; i++) {
			const struct state_stats *s = &r->st[cpu][i];

			fprintf(fp, "  %-4d %-5d %9llu %12.3f %12.1f %9llu %11llu %8llu %12.1f\n",
				cpu, i, (unsigned long long)s->count, s->total_ns / 1e6,
				s->count ? s->total_ns / 1e3 / s->count : 0,
				(unsigned long long)s->too_deep,
				(unsigned long long)s->too_shallow,
				(unsigned long long)s->demoted, s->energy_nj / 1e3);
		}
	if (!r->replayed)
		return;
	fprintf(fp, "  replayed on %llu periods (energy of the idle periods alone):\n",
		(unsigned long long)r->replayed);
	for (i = 0; i < NR_RULES; i++)
		fprintf(fp, "    %-13s %10.3f mJ  %6.3fx oracle  agrees with the run on %6.2f%%%s\n",
			rule_names[i], r->rule_nj[i] / 1e6,
			r->oracle_nj > 0 ? r->rule_nj[i] / r->oracle_nj : 0,
			100.0 * (double)r->rule_agree[i] / (double)r->replayed,
			i == r->ran_rule ? "  (the rule that ran)" : "");
	fprintf(fp, "    %-13s %10.3f mJ\n", "oracle", r->oracle_nj / 1e6);
	fprintf(fp, "    %-13s %10.3f mJ  (the driver charged %.3f mJ)\n", "as run",
		r->actual_model_nj / 1e6, r->actual_driver_nj / 1e6);
}

static void write_json(const struct run *r, FILE *fp)
{
	int i;

	fprintf(fp, "{\n  \"scenario\": \"%s\",\n  \"seed\": \"%s\",\n  \"governor\": \"%s\",\n  \"point\": %d,\n",
		r->m.scenario, r->m.seed, r->m.governor, r->point);
	fprintf(fp, "  \"cpus\": %d,\n  \"states\": %d,\n  \"periods\": %llu,\n  \"demotions\": %llu,\n",
		r->nr_cpus, r->nr_states, (unsigned long long)r->periods,
		(unsigned long long)r->demotions);
	fprintf(fp, "  \"energy_nj\": { \"total\": %.0f, \"idle\": %.0f, \"active\": %.0f, \"transition\": %.0f },\n",
		total_nj(r), sum(r->idle_nj, r->nr_cpus), sum(r->active_nj, r->nr_cpus),
		sum(r->transition_nj, r->nr_cpus));
	fprintf(fp, "  \"exit_latency_ns\": { \"total\": %llu, \"max\": %llu },\n",
		(unsigned long long)r->exit_latency_ns, (unsigned long long)r->exit_latency_max_ns);
	if (r->has_lat) {
		fprintf(fp, "  \"lateness_ns\": { \"wakeups\": %llu, \"mean\": %.0f, \"p50\": %llu, \"p99\": %llu, \"max\": %llu, \"budget\": %llu, \"misses\": %llu, \"basis\": \"%s\" },\n",
			(unsigned long long)r->lat.wakeups, r->lat.mean_ns,
			(unsigned long long)r->lat.p50_ns, (unsigned long long)r->lat.p99_ns,
			(unsigned long long)r->lat.max_ns, (unsigned long long)r->lat.budget_ns,
			(unsigned long long)r->lat.misses, lateness_basis_names[r->lat.basis]);
		if (r->lat.split)
			fprintf(fp, "  \"lateness_split_ns\": { \"model_mean\": %.0f, \"emulator_mean\": %.0f, \"emulator_max\": %llu, \"guest_mean\": %.0f, \"served\": %llu, \"mismatched\": %llu },\n",
				r->lat.model_mean_ns, r->lat.emulator_mean_ns,
				(unsigned long long)r->lat.emulator_max_ns, r->lat.guest_mean_ns,
				(unsigned long long)r->lat.served,
				(unsigned long long)r->lat.mismatched);
	}
	fprintf(fp, "  \"replay\": { \"periods\": %llu, \"oracle_nj\": %.0f, \"rules\": {",
		(unsigned long long)r->replayed, r->oracle_nj);
	for (i = 0; i < NR_RULES; i++)
		fprintf(fp, "%s \"%s\": { \"energy_nj\": %.0f, \"agreement\": %.6f }",
			i ? "," : "", rule_names[i], r->rule_nj[i],
			r->replayed ? (double)r->rule_agree[i] / (double)r->replayed : 0);
	fprintf(fp, " } },\n  \"events\": %llu,\n  \"missed_events\": %llu\n}\n",
		(unsigned long long)r->ps.events, (unsigned long long)r->ps.missed_events);
}

static int make_dir(const char *dir)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return -1;
	}
	return 0;
}

static int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "point", required_argument, NULL, 'p' },
		{ }
	};
	struct outputs out = { };
	char outdir[PATH_MAX], *end;
	const char *odir = NULL;
	long point = -1;
	FILE *f[6];
	struct run *r;
	int c, ret = 1;

	while ((c = getopt_long(argc, argv, "o:p:", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			odir = optarg;
			break;
		case 'p':
			errno = 0;
			point = strtol(optarg, &end, 10);
			if (errno || *end || point < 0 || point > 100000) {
				fprintf(stderr, "idlesim-analyze: --point %s: expected a point number 0..100000\n",
					optarg);
				return 2;
			}
			break;
		default:
			return 2;
		}
	}
	if (optind != argc - 1) {
		fprintf(stderr, "usage: idlesim-analyze run [--point N] [--out DIR] RUNDIR\n");
		return 2;
	}
	r = calloc(1, sizeof(*r));
	if (!r)
		return 1;
	r->tl = calloc(TIMELINE_MAX, sizeof(*r->tl));
	if (!r->tl)
		goto free;
	if (analyse_run(argv[optind], (int)point, r) < 0)
		goto free;
	snprintf(outdir, sizeof(outdir), "%s", odir ? odir : "");
	if (!odir)
		snprintf(outdir, sizeof(outdir), "%s/analysis", argv[optind]);
	if (make_dir(outdir) < 0)
		goto free;
	f[0] = out_open(&out, outdir, "states.csv");
	f[1] = f[0] ? out_open(&out, outdir, "rules.csv") : NULL;
	f[2] = f[1] ? out_open(&out, outdir, "summary.json") : NULL;
	f[3] = f[2] ? out_open(&out, outdir, "summary.txt") : NULL;
	f[4] = f[3] ? out_open(&out, outdir, "timeline.csv") : NULL;
	f[5] = f[4] ? out_open(&out, outdir, "clusters.csv") : NULL;
	if (!f[5]) {
		out_abort(&out);
		goto free;
	}
	write_states_csv(r, f[0]);
	write_rules_csv(r, f[1]);
	write_json(r, f[2]);
	write_summary(r, f[3]);
	write_timeline_csv(r, f[4]);
	write_clusters_csv(r, f[5]);
	if (out_commit(&out) < 0)
		goto free;
	write_summary(r, stdout);
	ret = 0;
free:
	free(r->tl);
	free(r);
	return ret;
}

/* Runs of one comparison must be of the same scenario file. */
static int same_scenario(const struct run *a, const struct run *b)
{
	if (strcmp(a->m.scenario, b->m.scenario) ||
	    strcmp(a->m.scenario_sha256, b->m.scenario_sha256)) {
		fprintf(stderr,
			"cannot compare %s (scenario %s) with %s (scenario %s): the runs must be of the same scenario file\n",
			a->dir, a->m.scenario[0] ? a->m.scenario : "-",
			b->dir, b->m.scenario[0] ? b->m.scenario : "-");
		return -1;
	}
	return 0;
}

#define MAX_GROUPS	8

/* The runs of one governor: repeats under different seeds. */
struct group {
	const char *governor;
	int idx[64];
	int n;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Every governor must have run the same seeds, so the comparison is paired. */
static int same_seeds(const struct run *runs, const struct group *g0, const struct group *g)
{
	const char *a[64], *b[64];
	int i;

	if (g->n != g0->n)
		goto bad;
	for (i = 0; i < g->n; i++) {
		a[i] = runs[g0->idx[i]].m.seed;
		b[i] = runs[g->idx[i]].m.seed;
	}
	qsort(a, g->n, sizeof(*a), cmp_str);
	qsort(b, g->n, sizeof(*b), cmp_str);
	for (i = 0; i < g->n; i++)
		if (strcmp(a[i], b[i]))
			goto bad;
	return 0;
bad:
	fprintf(stderr, "cannot compare %s with %s: they did not run the same seeds (an A/B comparison runs the same scenario and seeds under each governor)\n",
		g0->governor, g->governor);
	return -1;
}

/*
 * The per-seed differences of @f between group @g and the baseline @g0
 * (same_seeds() has checked that they ran the same seeds).
 */
static void paired_stats(const struct run *runs, const struct group *g0,
			 const struct group *g, double (*f)(const struct run *),
			 struct sample_stats *out)
{
	double d[64];
	int i, k;

	for (i = 0; i < g->n; i++) {
		d[i] = NAN;
		for (k = 0; k < g0->n; k++)
			if (!strcmp(runs[g->idx[i]].m.seed, runs[g0->idx[k]].m.seed))
				d[i] = f(&runs[g->idx[i]]) - f(&runs[g0->idx[k]]);
	}
	sample_stats(d, g->n, out);
}

static void group_stats(const struct run *runs, const struct group *g,
			double (*f)(const struct run *), struct sample_stats *out)
{
	double v[64];
	int i;

	for (i = 0; i < g->n; i++)
		v[i] = f(&runs[g->idx[i]]);
	sample_stats(v, g->n, out);
}

static double f_total(const struct run *r) { return total_nj(r); }
static double f_idle(const struct run *r) { return sum(r->idle_nj, r->nr_cpus); }
static double f_active(const struct run *r) { return sum(r->active_nj, r->nr_cpus); }
static double f_transition(const struct run *r) { return sum(r->transition_nj, r->nr_cpus); }
static double f_periods(const struct run *r) { return (double)r->periods; }
static double f_demotions(const struct run *r) { return (double)r->demotions; }

/* the oracle floor covers idle periods only: add the run's active energy */
static double f_floor(const struct run *r)
{
	return r->oracle_nj + sum(r->active_nj, r->nr_cpus);
}

static double f_exit_lat(const struct run *r)
{
	return r->periods ? (double)r->exit_latency_ns / (double)r->periods : 0;
}

static double f_agree(const struct run *r)
{
	return r->ran_rule >= 0 && r->replayed ?
		(double)r->rule_agree[r->ran_rule] / (double)r->replayed : NAN;
}

static double f_lat_p99(const struct run *r) { return r->has_lat ? (double)r->lat.p99_ns : NAN; }
static double f_lat_mean(const struct run *r) { return r->has_lat ? r->lat.mean_ns : NAN; }
static double f_lat_max(const struct run *r) { return r->has_lat ? (double)r->lat.max_ns : NAN; }
static double f_wakeups(const struct run *r) { return r->has_lat ? (double)r->lat.wakeups : NAN; }
static double f_misses(const struct run *r) { return r->has_lat ? (double)r->lat.misses : NAN; }
static double f_lat_model(const struct run *r) { return r->has_lat && r->lat.split ? r->lat.model_mean_ns : NAN; }
static double f_lat_emul(const struct run *r) { return r->has_lat && r->lat.split ? r->lat.emulator_mean_ns : NAN; }
static double f_lat_guest(const struct run *r) { return r->has_lat && r->lat.split ? r->lat.guest_mean_ns : NAN; }

/* a figure no run had is an empty CSV field, which gnuplot and spreadsheets skip */
static void csv_opt(FILE *fp, const char *fmt, double v)
{
	fputc(',', fp);
	if (!isnan(v))
		fprintf(fp, fmt, v);
}

static int cmd_compare(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ }
	};
	struct outputs out = { };
	struct group groups[MAX_GROUPS] = { };
	struct sample_stats base;
	const char *odir = NULL;
	int c, i, j, s, n, ng = 0, ret = 1, nr_states = 0;
	FILE *cmp, *res, *txt;
	struct run *runs;

	while ((c = getopt_long(argc, argv, "o:", opts, NULL)) != -1) {
		if (c != 'o')
			return 2;
		odir = optarg;
	}
	n = argc - optind;
	if (!odir || n < 2) {
		fprintf(stderr, "usage: idlesim-analyze compare --out DIR BASELINE_RUNDIR... RUNDIR...\n");
		return 2;
	}
	runs = calloc(n, sizeof(*runs));
	if (!runs)
		return 1;
	for (i = 0; i < n; i++) {
		if (analyse_run(argv[optind + i], -1, &runs[i]) < 0)
			goto free;
		if (i && same_scenario(&runs[0], &runs[i]) < 0)
			goto free;
		if (runs[i].nr_states > nr_states)
			nr_states = runs[i].nr_states;
		for (j = 0; j < ng; j++)
			if (!strcmp(groups[j].governor, runs[i].m.governor))
				break;
		if (j == ng) {
			if (ng == MAX_GROUPS) {
				fprintf(stderr, "at most %d governors in one comparison\n", MAX_GROUPS);
				goto free;
			}
			groups[ng++].governor = runs[i].m.governor;
		}
		if (groups[j].n == 64) {
			fprintf(stderr, "at most 64 repeats of one governor\n");
			goto free;
		}
		groups[j].idx[groups[j].n++] = i;
	}
	if (ng < 2) {
		fprintf(stderr, "all %d runs are of governor %s: nothing to compare\n", n, groups[0].governor);
		goto free;
	}
	for (j = 1; j < ng; j++)
		if (same_seeds(runs, &groups[0], &groups[j]) < 0)
			goto free;
	if (make_dir(odir) < 0)
		goto free;
	cmp = out_open(&out, odir, "comparison.csv");
	res = cmp ? out_open(&out, odir, "residency.csv") : NULL;
	txt = res ? out_open(&out, odir, "summary.txt") : NULL;
	if (!txt) {
		out_abort(&out);
		goto free;
	}
	group_stats(runs, &groups[0], f_total, &base);
	fprintf(cmp, "governor,runs,energy_nj,energy_ci95_nj,idle_nj,active_nj,ratio_to_baseline,p_value,significant,oracle_nj,ratio_to_oracle,periods,demotions,exit_latency_mean_ns,replay_agreement,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,budget_misses,transition_nj,lateness_model_mean_ns,lateness_emulator_mean_ns,lateness_guest_mean_ns,paired_diff_nj,paired_ci95_nj,paired_p\n");
	fprintf(txt, "scenario %s, %d seed%s (%s%s); baseline %s\n\n", runs[0].m.scenario,
		groups[0].n, groups[0].n > 1 ? "s" : "", runs[groups[0].idx[0]].m.seed,
		groups[0].n > 1 ? ", ..." : "", groups[0].governor);
	fprintf(txt, "%-14s %12s %10s %9s %9s %9s %10s %9s %12s %12s %10s %8s\n", "governor",
		"energy_mJ", "+-95%", "vs_base", "p", "vs_oracle", "periods", "demoted",
		"exit_lat_us", "replay_agree", "late_p99_us", "misses");
	for (j = 0; j < ng; j++) {
		struct sample_stats e, idle, act, fl, per, dem, lat, agr, wk, lm, lp, lx, ms, tr;
		struct sample_stats sm, se, sg, pd;
		const struct group *g = &groups[j];
		char pstr[16];
		const char *sig;
		double p;

		group_stats(runs, g, f_total, &e);
		group_stats(runs, g, f_idle, &idle);
		group_stats(runs, g, f_active, &act);
		group_stats(runs, g, f_floor, &fl);
		group_stats(runs, g, f_periods, &per);
		group_stats(runs, g, f_demotions, &dem);
		group_stats(runs, g, f_exit_lat, &lat);
		group_stats(runs, g, f_agree, &agr);
		group_stats(runs, g, f_wakeups, &wk);
		group_stats(runs, g, f_lat_mean, &lm);
		group_stats(runs, g, f_lat_p99, &lp);
		group_stats(runs, g, f_lat_max, &lx);
		group_stats(runs, g, f_misses, &ms);
		group_stats(runs, g, f_transition, &tr);
		/* paired by seed: each seed's arrivals are the same under both */
		paired_stats(runs, &groups[0], g, f_total, &pd);
		p = j ? paired_p(&pd) : 1;
		sig = !j ? "baseline" : (e.n < 2 || base.n < 2) ? "n/a" : p < 0.05 ? "yes" : "no";
		if (!j)
			snprintf(pstr, sizeof(pstr), "-");
		else if (e.n < 2 || base.n < 2)
			snprintf(pstr, sizeof(pstr), "n/a");
		else
			snprintf(pstr, sizeof(pstr), "%.3g", p);
		fprintf(cmp, "%s,%d,%.0f,%.0f,%.0f,%.0f,%.4f,%.4g,%s,%.0f,%.4f,%.1f,%.1f,%.0f",
			g->governor, e.n, e.mean, e.ci95, idle.mean, act.mean,
			base.mean > 0 ? e.mean / base.mean : 0, j ? p : 1, sig, fl.mean,
			fl.mean > 0 ? e.mean / fl.mean : 0, per.mean, dem.mean, lat.mean);
		csv_opt(cmp, "%.6f", agr.mean);
		csv_opt(cmp, "%.1f", wk.mean);
		csv_opt(cmp, "%.0f", lm.mean);
		csv_opt(cmp, "%.0f", lp.mean);
		csv_opt(cmp, "%.0f", lx.mean);
		csv_opt(cmp, "%.1f", ms.mean);
		fprintf(cmp, ",%.0f", tr.mean);
		group_stats(runs, g, f_lat_model, &sm);
		group_stats(runs, g, f_lat_emul, &se);
		group_stats(runs, g, f_lat_guest, &sg);
		csv_opt(cmp, "%.0f", sm.mean);
		csv_opt(cmp, "%.0f", se.mean);
		csv_opt(cmp, "%.0f", sg.mean);
		fprintf(cmp, ",%.0f,%.0f,%.4g\n", pd.mean, pd.ci95, p);
		fprintf(txt, "%-14s %12.3f %10.3f %9.3f %9s %9.3f %10.0f %9.0f %12.1f %11.2f%% %11.1f %8.1f\n",
			g->governor, e.mean / 1e6, e.ci95 / 1e6,
			base.mean > 0 ? e.mean / base.mean : 0, pstr,
			fl.mean > 0 ? e.mean / fl.mean : 0, per.mean, dem.mean, lat.mean / 1e3,
			100 * agr.mean, lp.mean / 1e3, ms.mean);
	}
	if (runs[0].has_lat) {
		fprintf(txt, "\nlateness judged on '%s' (%s); mean per wake-up:\n",
			lateness_basis_names[lateness_basis], basis_desc[lateness_basis]);
		fprintf(txt, "%-14s %14s %14s %14s %14s\n", "governor", "judged_us",
			"model_exit_us", "emulator_us", "guest_path_us");
		for (j = 0; j < ng; j++) {
			struct sample_stats lm, sm, se, sg;

			group_stats(runs, &groups[j], f_lat_mean, &lm);
			group_stats(runs, &groups[j], f_lat_model, &sm);
			group_stats(runs, &groups[j], f_lat_emul, &se);
			group_stats(runs, &groups[j], f_lat_guest, &sg);
			fprintf(txt, "%-14s %14.1f %14.1f %14.1f %14.1f\n", groups[j].governor,
				lm.mean / 1e3, sm.mean / 1e3, se.mean / 1e3, sg.mean / 1e3);
		}
	}
	if (groups[0].n < 2)
		fprintf(txt, "\n(one run per governor: no interval, no significance; use REPEATS=n)\n");
	else
		for (j = 1; j < ng; j++) {
			struct sample_stats e, d;
			double p;

			group_stats(runs, &groups[j], f_total, &e);
			paired_stats(runs, &groups[0], &groups[j], f_total, &d);
			p = paired_p(&d);
			fprintf(txt, "\n%s against %s, paired by seed: %+.2f%% energy +- %.2f%% (95%%), p = %.3g: %s (unpaired, Welch: p = %.3g)",
				groups[j].governor, groups[0].governor, 100 * d.mean / base.mean,
				100 * d.ci95 / base.mean, p,
				p < 0.05 ? "significant at 5%" : "not significant at 5%",
				welch_p(&base, &e));
		}
	fprintf(txt, "\n");
	/* residency.csv: one row per governor, one column per state (ms, all CPUs, mean over runs) */
	fprintf(res, "governor");
	for (s = 0; s < nr_states; s++)
		fprintf(res, ",state%d", s);
	fprintf(res, "\n");
	for (j = 0; j < ng; j++) {
		fprintf(res, "%s", groups[j].governor);
		for (s = 0; s < nr_states; s++) {
			double t = 0;
			int k, cpu;

			for (k = 0; k < groups[j].n; k++)
				for (cpu = 0; cpu < runs[groups[j].idx[k]].nr_cpus; cpu++)
					t += runs[groups[j].idx[k]].st[cpu][s].total_ns;
			fprintf(res, ",%.3f", t / groups[j].n / 1e6);
		}
		fprintf(res, "\n");
	}
	fflush(txt);
	if (out_commit(&out) < 0)
		goto free;
	{
		char p[PATH_MAX + 16];
		FILE *fp;

		snprintf(p, sizeof(p), "%s/summary.txt", odir);
		fp = fopen(p, "r");
		while (fp && (c = fgetc(fp)) != EOF)
			putchar(c);
		if (fp)
			fclose(fp);
	}
	ret = 0;
free:
	free(runs);
	return ret;
}

/*
 * tune: the points of a threshold sweep (scripts/tune.sh), each over its
 * scenarios and seeds, against the menu_deepest baseline at the current
 * values; the energy/latency Pareto front and the recommended point.
 *
 * A point's energy is, per repeat k, the sum over the scenarios of the
 * energy of its run under seed k; means, intervals and the t-test are
 * over k.  Lateness is pooled: wake-ups and misses are summed, p99 is the
 * mean of the runs' p99.  A point meets the budget when at most
 * --miss-rate of its wake-ups were later than their scenario's latency
 * budget (or --budget).  The recommendation is the point of least mean
 * energy among those that meet it.
 */
#define MAX_POINTS	400
#define MAX_SCNS	8
#define MAX_REPEATS	64
#define MAX_DIMS	3

struct tune_cell {
	bool have;
	double energy_nj;
	double floor_nj;
	bool has_lat;
	struct latency lat;
	uint64_t count[MAX_STATES];
};

struct tune_point {
	int current;
	char batch[512];
	int nr_dims;
	char dim[MAX_DIMS][32];
	long long val[MAX_DIMS];
	/* [scenario][repeat]; index MAX_POINTS is the baseline */
	struct tune_cell cell[MAX_SCNS][MAX_REPEATS];
	/* aggregated */
	struct sample_stats e, fl;
	double ek[MAX_REPEATS];
	uint64_t wakeups, misses;
	double lat_mean, p99, miss_rate;
	uint64_t lat_max;
	/* mean per wake-up: modelled exit latency, emulator delay, guest path */
	double lat_model, lat_emul, lat_guest;
	double share[MAX_STATES];
	bool meets, pareto;
};

struct tune {
	int nr_points, nr_scns, nr_states;
	char scn[MAX_SCNS][64];
	uint64_t scn_budget[MAX_SCNS];
	int nr_seeds[MAX_SCNS];
	long long seed[MAX_SCNS][MAX_REPEATS];
	struct tune_point pt[MAX_POINTS + 1];	/* [MAX_POINTS]: the baseline */
};

static int tune_read_points(const char *path, struct tune *t)
{
	char line[1024];
	int lineno = 0;
	FILE *fp;

	fp = fopen(path, "r");
	if (!fp) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), fp)) {
		struct tune_point *p;
		char *batch, *tok, *save;
		int n, cur, off;

		lineno++;
		line[strcspn(line, "\n")] = 0;
		if (line[0] == '#' || !line[0])
			continue;
		if (sscanf(line, "%d\t%d\t%n", &n, &cur, &off) != 2 || n != t->nr_points ||
		    n >= MAX_POINTS || (cur != 0 && cur != 1))
			goto bad;
		p = &t->pt[n];
		p->current = cur;
		batch = line + off;
		snprintf(p->batch, sizeof(p->batch), "%s", batch);
		for (tok = strtok_r(batch, " ", &save); tok; tok = strtok_r(NULL, " ", &save)) {
			char *eq = strchr(tok, '=');

			if (!eq || p->nr_dims == MAX_DIMS || eq - tok >= 32)
				goto bad;
			*eq = 0;
			snprintf(p->dim[p->nr_dims], 32, "%s", tok);
			if (sscanf(eq + 1, "%lld", &p->val[p->nr_dims]) != 1)
				goto bad;
			p->nr_dims++;
		}
		if (!p->nr_dims || (n && (p->nr_dims != t->pt[0].nr_dims)))
			goto bad;
		t->nr_points++;
	}
	fclose(fp);
	if (!t->nr_points) {
		fprintf(stderr, "%s: no points\n", path);
		return -1;
	}
	return 0;
bad:
	fprintf(stderr, "%s:%d: expected 'POINT<TAB>CURRENT(0|1)<TAB>control=value ...', points numbered from 0\n",
		path, lineno);
	fclose(fp);
	return -1;
}

/* The scenario and repeat index of a run, registering new ones. */
static int tune_slot(struct tune *t, const struct run *r, int *si, int *ki)
{
	long long seed;
	int s, k;

	if (sscanf(r->m.seed, "%lld", &seed) != 1) {
		fprintf(stderr, "%s: manifest has no numeric seed\n", r->dir);
		return -1;
	}
	for (s = 0; s < t->nr_scns; s++)
		if (!strcmp(t->scn[s], r->m.scenario))
			break;
	if (s == t->nr_scns) {
		if (s == MAX_SCNS) {
			fprintf(stderr, "at most %d scenarios in one sweep\n", MAX_SCNS);
			return -1;
		}
		snprintf(t->scn[s], sizeof(t->scn[s]), "%s", r->m.scenario);
		t->nr_scns++;
	}
	for (k = 0; k < t->nr_seeds[s]; k++)
		if (t->seed[s][k] == seed)
			break;
	if (k == t->nr_seeds[s]) {
		if (k == MAX_REPEATS) {
			fprintf(stderr, "at most %d seeds per scenario\n", MAX_REPEATS);
			return -1;
		}
		t->seed[s][k] = seed;
		t->nr_seeds[s]++;
	}
	*si = s;
	*ki = k;
	return 0;
}

static int tune_add(struct tune *t, const struct run *r, int point)
{
	struct tune_cell *c;
	int s, k, cpu, i;

	if (tune_slot(t, r, &s, &k) < 0)
		return -1;
	c = &t->pt[point < 0 ? MAX_POINTS : point].cell[s][k];
	if (c->have) {
		fprintf(stderr, "%s: point %d of %s seed %lld is in two run directories\n", r->dir,
			point, t->scn[s], t->seed[s][k]);
		return -1;
	}
	c->have = true;
	c->energy_nj = f_total(r);
	c->floor_nj = f_floor(r);
	c->has_lat = r->has_lat;
	c->lat = r->lat;
	if (r->has_lat)
		t->scn_budget[s] = r->lat.budget_ns;
	for (cpu = 0; cpu < r->nr_cpus; cpu++)
		for (i = 0; i < r->nr_states && i < MAX_STATES; i++)
			c->count[i] += r->st[cpu][i].count;
	if (r->nr_states > t->nr_states)
		t->nr_states = r->nr_states;
	return 0;
}

/* Sums a point's cells per repeat; -1 when a scenario/seed is missing. */
static int tune_aggregate(struct tune *t, int pi)
{
	struct tune_point *p = &t->pt[pi];
	double fk[MAX_REPEATS], lat_sum = 0, p99_sum = 0;
	double model_sum = 0, emul_sum = 0, guest_sum = 0;
	uint64_t split_wakeups = 0;
	uint64_t total = 0, count[MAX_STATES] = { 0 };
	int s, k, i, nk = t->nr_seeds[0], nlat = 0;

	for (k = 0; k < nk; k++) {
		p->ek[k] = fk[k] = 0;
		for (s = 0; s < t->nr_scns; s++) {
			const struct tune_cell *c = &p->cell[s][k];

			if (!c->have) {
				char what[32];

				if (pi == MAX_POINTS)
					snprintf(what, sizeof(what), "the baseline");
				else
					snprintf(what, sizeof(what), "point %d", pi);
				fprintf(stderr, "tune: %s has no run of scenario %s under seed %lld: the sweep is incomplete\n",
					what, t->scn[s], t->seed[s][k]);
				return -1;
			}
			p->ek[k] += c->energy_nj;
			fk[k] += c->floor_nj;
			for (i = 0; i < t->nr_states; i++)
				count[i] += c->count[i];
			if (c->has_lat) {
				p->wakeups += c->lat.wakeups;
				p->misses += c->lat.misses;
				lat_sum += c->lat.mean_ns * (double)c->lat.wakeups;
				p99_sum += (double)c->lat.p99_ns;
				if (c->lat.max_ns > p->lat_max)
					p->lat_max = c->lat.max_ns;
				nlat++;
			}
			if (c->has_lat && c->lat.split) {
				model_sum += c->lat.model_mean_ns * (double)c->lat.wakeups;
				emul_sum += c->lat.emulator_mean_ns * (double)c->lat.wakeups;
				guest_sum += c->lat.guest_mean_ns * (double)c->lat.wakeups;
				split_wakeups += c->lat.wakeups;
			}
		}
	}
	sample_stats(p->ek, nk, &p->e);
	sample_stats(fk, nk, &p->fl);
	p->lat_mean = p->wakeups ? lat_sum / (double)p->wakeups : NAN;
	p->p99 = nlat ? p99_sum / nlat : NAN;
	p->miss_rate = p->wakeups ? (double)p->misses / (double)p->wakeups : NAN;
	p->lat_model = split_wakeups ? model_sum / (double)split_wakeups : NAN;
	p->lat_emul = split_wakeups ? emul_sum / (double)split_wakeups : NAN;
	p->lat_guest = split_wakeups ? guest_sum / (double)split_wakeups : NAN;
	for (i = 0; i < t->nr_states; i++)
		total += count[i];
	for (i = 0; i < t->nr_states; i++)
		p->share[i] = total ? (double)count[i] / (double)total : 0;
	return 0;
}

static int cmd_tune(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "out", required_argument, NULL, 'o' },
		{ "points", required_argument, NULL, 'p' },
		{ "budget", required_argument, NULL, 'b' },
		{ "miss-rate", required_argument, NULL, 'm' },
		{ }
	};
	const char *odir = NULL, *points = NULL;
	struct outputs out = { };
	double allowed = 0.01;
	int c, i, j, s, ret = 1, rec = -1, cur = -1, closest = -1;
	struct tune_point *base;
	struct run *r = NULL;
	struct tune *t;
	FILE *csv, *json, *txt, *front;
	char *end;

	while ((c = getopt_long(argc, argv, "o:p:b:m:", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			odir = optarg;
			break;
		case 'p':
			points = optarg;
			break;
		case 'b':
			errno = 0;
			budget_override_ns = strtoull(optarg, &end, 10);
			if (errno || *end || !budget_override_ns) {
				fprintf(stderr, "idlesim-analyze: --budget %s: expected nanoseconds > 0\n", optarg);
				return 2;
			}
			break;
		case 'm':
			errno = 0;
			allowed = strtod(optarg, &end);
			if (errno || *end || !(allowed >= 0 && allowed <= 1)) {
				fprintf(stderr, "idlesim-analyze: --miss-rate %s: expected a fraction 0..1\n", optarg);
				return 2;
			}
			break;
		default:
			return 2;
		}
	}
	if (!odir || !points || optind >= argc) {
		fprintf(stderr, "usage: idlesim-analyze tune --out DIR --points POINTS.tsv [--budget NS] [--miss-rate R] RUNDIR...\n");
		return 2;
	}
	t = calloc(1, sizeof(*t));
	r = calloc(1, sizeof(*r));
	if (!t || !r)
		goto free;
	if (tune_read_points(points, t) < 0)
		goto free;
	for (i = optind; i < argc; i++) {
		char p[PATH_MAX];
		int n = 0;

		if (read_manifest(argv[i], &r->m) < 0)
			goto free;
		if (!strcmp(r->m.governor, "menu_deepest")) {
			if (analyse_run(argv[i], -1, r) < 0 || tune_add(t, r, -1) < 0)
				goto free;
			continue;
		}
		for (j = 0; j < t->nr_points; j++) {
			snprintf(p, sizeof(p), "%s/results/p%d", argv[i], j);
			if (access(p, F_OK))
				continue;
			if (analyse_run(argv[i], j, r) < 0 || tune_add(t, r, j) < 0)
				goto free;
			n++;
		}
		if (!n) {
			fprintf(stderr, "%s: a %s run without any point of %s (results/pN/)\n", argv[i],
				r->m.governor, points);
			goto free;
		}
	}
	for (s = 1; s < t->nr_scns; s++)
		if (t->nr_seeds[s] != t->nr_seeds[0]) {
			fprintf(stderr, "tune: scenario %s has %d seeds, %s %d: every scenario needs the same repeats\n",
				t->scn[s], t->nr_seeds[s], t->scn[0], t->nr_seeds[0]);
			goto free;
		}
	base = &t->pt[MAX_POINTS];
	if (tune_aggregate(t, MAX_POINTS) < 0)
		goto free;
	for (i = 0; i < t->nr_points; i++) {
		struct tune_point *p = &t->pt[i];

		if (tune_aggregate(t, i) < 0)
			goto free;
		if (p->current)
			cur = i;
		p->meets = p->wakeups && p->miss_rate <= allowed;
		if (p->meets && (rec < 0 || p->e.mean < t->pt[rec].e.mean))
			rec = i;
		if (p->wakeups && (closest < 0 || p->miss_rate < t->pt[closest].miss_rate ||
				   (p->miss_rate == t->pt[closest].miss_rate &&
				    p->e.mean < t->pt[closest].e.mean)))
			closest = i;
	}
	/* the front: no other point is at least as good on both and better on one */
	for (i = 0; i < t->nr_points; i++) {
		struct tune_point *p = &t->pt[i];

		p->pareto = !isnan(p->p99);
		for (j = 0; j < t->nr_points && p->pareto; j++) {
			const struct tune_point *q = &t->pt[j];

			if (j == i || isnan(q->p99))
				continue;
			if (q->e.mean <= p->e.mean && q->p99 <= p->p99 &&
			    (q->e.mean < p->e.mean || q->p99 < p->p99))
				p->pareto = false;
		}
	}
	if (make_dir(odir) < 0)
		goto free;
	csv = out_open(&out, odir, "tune.csv");
	json = csv ? out_open(&out, odir, "tune.json") : NULL;
	txt = json ? out_open(&out, odir, "recommendation.txt") : NULL;
	front = txt ? out_open(&out, odir, "front.csv") : NULL;
	if (!front) {
		out_abort(&out);
		goto free;
	}
	fprintf(csv, "point,label,x,current,runs,energy_nj,energy_ci95_nj,ratio_to_baseline,ratio_to_oracle,wakeups,lateness_mean_ns,lateness_p99_ns,lateness_max_ns,misses,miss_rate,meets_budget,pareto,recommended");
	for (i = 0; i < t->nr_states; i++)
		fprintf(csv, ",share_s%d", i);
	for (i = 0; i < t->pt[0].nr_dims; i++)
		fprintf(csv, ",%s", t->pt[0].dim[i]);
	fprintf(csv, ",lateness_model_mean_ns,lateness_emulator_mean_ns,lateness_guest_mean_ns,paired_diff_nj,paired_ci95_nj,paired_p\n");
	fprintf(json, "{\n  \"scenarios\": [");
	for (s = 0; s < t->nr_scns; s++)
		fprintf(json, "%s{ \"name\": \"%s\", \"latency_budget_ns\": %" PRIu64 " }", s ? ", " : "",
			t->scn[s], t->scn_budget[s]);
	fprintf(json, "],\n  \"repeats\": %d,\n  \"allowed_miss_rate\": %.6f,\n", t->nr_seeds[0], allowed);
	fprintf(json, "  \"baseline\": { \"governor\": \"menu_deepest\", \"energy_nj\": %.0f, \"energy_ci95_nj\": %.0f },\n",
		base->e.mean, base->e.ci95);
	fprintf(json, "  \"points\": [\n");
	fprintf(front, "lateness_p99_ns,energy_nj,point\n");
	for (i = 0; i < t->nr_points; i++) {
		const struct tune_point *p = &t->pt[i];

		fprintf(csv, "%d,%s,%lld,%d,%d,%.0f,%.0f,%.4f,%.4f,%" PRIu64, i, p->batch, p->val[0],
			p->current, p->e.n * t->nr_scns, p->e.mean, p->e.ci95,
			base->e.mean > 0 ? p->e.mean / base->e.mean : 0,
			p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0, p->wakeups);
		csv_opt(csv, "%.0f", p->lat_mean);
		csv_opt(csv, "%.0f", p->p99);
		fprintf(csv, ",%" PRIu64 ",%" PRIu64, p->lat_max, p->misses);
		csv_opt(csv, "%.6f", p->miss_rate);
		fprintf(csv, ",%d,%d,%d", p->meets, p->pareto, i == rec);
		for (j = 0; j < t->nr_states; j++)
			fprintf(csv, ",%.4f", p->share[j]);
		for (j = 0; j < p->nr_dims; j++)
			fprintf(csv, ",%lld", p->val[j]);
		csv_opt(csv, "%.0f", p->lat_model);
		csv_opt(csv, "%.0f", p->lat_emul);
		csv_opt(csv, "%.0f", p->lat_guest);
		fprintf(csv, "\n");
		fprintf(json, "    { \"point\": %d, \"batch\": \"%s\", \"current\": %s, \"energy_nj\": %.0f, \"energy_ci95_nj\": %.0f, \"ratio_to_baseline\": %.4f, \"ratio_to_oracle\": %.4f, \"wakeups\": %" PRIu64 ", \"misses\": %" PRIu64 ", \"miss_rate\": %.6f, \"lateness_p99_ns\": %.0f, \"lateness_max_ns\": %" PRIu64 ", \"lateness_model_mean_ns\": %.0f, \"lateness_emulator_mean_ns\": %.0f, \"lateness_guest_mean_ns\": %.0f, \"meets_budget\": %s, \"pareto\": %s, \"recommended\": %s, \"state_share\": [",
			i, p->batch, p->current ? "true" : "false", p->e.mean, p->e.ci95,
			base->e.mean > 0 ? p->e.mean / base->e.mean : 0,
			p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0, p->wakeups, p->misses,
			isnan(p->miss_rate) ? 0 : p->miss_rate, isnan(p->p99) ? 0 : p->p99,
			p->lat_max, isnan(p->lat_model) ? 0 : p->lat_model,
			isnan(p->lat_emul) ? 0 : p->lat_emul, isnan(p->lat_guest) ? 0 : p->lat_guest,
			p->meets ? "true" : "false", p->pareto ? "true" : "false",
			i == rec ? "true" : "false");
		for (j = 0; j < t->nr_states; j++)
			fprintf(json, "%s%.4f", j ? ", " : "", p->share[j]);
		fprintf(json, "] }%s\n", i + 1 < t->nr_points ? "," : "");
	}
	/* the front in order of lateness, for the plot's line */
	for (double last = -1;;) {
		int next = -1;

		for (i = 0; i < t->nr_points; i++)
			if (t->pt[i].pareto && t->pt[i].p99 > last &&
			    (next < 0 || t->pt[i].p99 < t->pt[next].p99))
				next = i;
		if (next < 0)
			break;
		fprintf(front, "%.0f,%.0f,%d\n", t->pt[next].p99, t->pt[next].e.mean, next);
		last = t->pt[next].p99;
	}
	fprintf(txt, "sweep of %s over %d point%s; ", t->pt[0].nr_dims > 1 ? "a grid" : t->pt[0].dim[0],
		t->nr_points, t->nr_points > 1 ? "s" : "");
	for (s = 0; s < t->nr_scns; s++)
		fprintf(txt, "%s%s (budget %.3g ms)", s ? ", " : "scenario ", t->scn[s],
			t->scn_budget[s] / 1e6);
	fprintf(txt, ", %d seed%s; a point meets the budget when at most %.2f%% of its wake-ups miss it\n\n",
		t->nr_seeds[0], t->nr_seeds[0] > 1 ? "s" : "", 100 * allowed);
	fprintf(txt, "%5s %-40s %11s %9s %9s %9s %11s %9s %s\n", "point", "controls", "energy_mJ", "+-95%",
		"vs_base", "vs_oracle", "late_p99_us", "miss_%", "");
	for (i = 0; i < t->nr_points; i++) {
		const struct tune_point *p = &t->pt[i];

		fprintf(txt, "%5d %-40s %11.3f %9.3f %9.3f %9.3f %11.1f %9.3f %s%s%s%s\n", i, p->batch,
			p->e.mean / 1e6, p->e.ci95 / 1e6,
			base->e.mean > 0 ? p->e.mean / base->e.mean : 0,
			p->fl.mean > 0 ? p->e.mean / p->fl.mean : 0, p->p99 / 1e3,
			100 * p->miss_rate, p->current ? " current" : "", p->meets ? "" : " over-budget",
			p->pareto ? " front" : "", i == rec ? " RECOMMENDED" : "");
	}
	fprintf(txt, "%5s %-40s %11.3f %9.3f %9.3f\n\n", "-", "baseline: menu_deepest, current values",
		base->e.mean / 1e6, base->e.ci95 / 1e6, 1.0);
	if (rec < 0) {
		if (closest >= 0)
			fprintf(txt, "recommendation: none: no point keeps its misses within %.2f%% of wake-ups; the closest is point %d (%s) with %.3f%% (%" PRIu64 " of %" PRIu64 ")\n",
				100 * allowed, closest, t->pt[closest].batch,
				100 * t->pt[closest].miss_rate, t->pt[closest].misses,
				t->pt[closest].wakeups);
		else
			fprintf(txt, "recommendation: none: no point has lateness figures (no workload results)\n");
	} else {
		const struct tune_point *p = &t->pt[rec];

		fprintf(txt, "recommendation: point %d: %s: %.3f mJ, %.3f%% misses", rec, p->batch,
			p->e.mean / 1e6, 100 * p->miss_rate);
		if (cur >= 0 && cur != rec) {
			const struct tune_point *q = &t->pt[cur];
			struct sample_stats dk;
			double d[MAX_REPEATS], pv;
			int k;

			/* paired by seed: both points saw each seed's arrivals */
			for (k = 0; k < t->nr_seeds[0]; k++)
				d[k] = p->ek[k] - q->ek[k];
			sample_stats(d, t->nr_seeds[0], &dk);
			pv = paired_p(&dk);

			fprintf(txt, "; against the current %s: %+.2f%% energy", q->batch,
				100 * (p->e.mean / q->e.mean - 1));
			if (p->e.n < 2 || q->e.n < 2)
				fprintf(txt, " (one seed: no significance; use REPEATS=n)\n");
			else
				fprintf(txt, ", p = %.3g: %s\n", pv,
					pv < 0.05 ? "significant at 5%" : "not significant at 5%");
		} else if (cur == rec) {
			fprintf(txt, "; the current value is already the best that meets the budget\n");
		} else {
			fprintf(txt, "\n");
		}
	}
	fflush(txt);
	if (out_commit(&out) < 0)
		goto free;
	ret = 0;
free:
	free(r);
	free(t);
	return ret;
}

static void usage(FILE *fp)
{
	fprintf(fp,
		"usage: idlesim-analyze COMMAND ...\n"
		"  run [--point N] [--out DIR] RUNDIR        one run (or sweep point N of it): states,\n"
		"                                            energy, replayed rules\n"
		"  compare --out DIR BASELINE RUNDIR...      runs of one scenario and seed, compared\n"
		"  tune --out DIR --points POINTS.tsv [--budget NS] [--miss-rate R] RUNDIR...\n"
		"                                            a threshold sweep: per point energy and\n"
		"                                            lateness, the Pareto front, a recommendation\n");
}

static int dispatch(int argc, char **argv)
{
	const char *basis = getenv("IDLESIM_LATENESS");

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (basis && *basis) {
		int b = lateness_basis_parse(basis);

		if (b < 0) {
			fprintf(stderr, "idlesim-analyze: IDLESIM_LATENESS=%s: expected soc, total or guest\n",
				basis);
			return 2;
		}
		lateness_basis = b;
	}
	if (!strcmp(argv[1], "run"))
		return cmd_run(argc - 1, argv + 1);
	if (!strcmp(argv[1], "compare"))
		return cmd_compare(argc - 1, argv + 1);
	if (!strcmp(argv[1], "tune"))
		return cmd_tune(argc - 1, argv + 1);
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
