// SPDX-License-Identifier: GPL-2.0
/*
 * One run directory, analysed; see run.h.  Its idle periods (periods.c)
 * are priced, counted per state and cluster, replayed against the rules
 * (rules.c) and matched with the workload's wake-ups (latency.c); its
 * counter snapshots bound what the trace must show.
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/evp.h>

#include "run.h"

/* The rule each governor applies, for the replay agreement check. */
static int governor_rule(const char *gov)
{
	if (!strcmp(gov, "menu"))
		return RULE_LOWEST_POWER;
	if (!strcmp(gov, "menu_deepest"))
		return RULE_DEEPEST;
	if (!strcmp(gov, "teo"))
		return RULE_TEO_LOWEST_POWER;
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

static void on_idle(int cpu, uint64_t ts, int state, const struct period *open, void *data)
{
	struct run *r = data;
	int k, min, old;
	uint64_t from;

	if (cpu < 0 || cpu >= MAX_CPUS || !r->before[cpu].valid)
		return;
	r->cpu_state[cpu] = state;
	domains_idle(&r->dom, cpu, ts, open, r->cpu_state, r->cluster, r->booted,
		     in_point(r, ts));
	k = r->cluster[cpu];
	min = cluster_state_of(r->cpu_state, r->cl_of, k);
	if (!cluster_states_move(&r->cl, k, min, ts, &old, &from))
		return;
	/* a stay counts where it both begins and ends in the point */
	if (old >= 0 && old < MAX_STATES && in_point(r, from) && in_point(r, ts))
		r->cl.ns[k][old] += ts - from;
	if (min >= 0 && min < MAX_STATES && in_point(r, ts))
		r->cl.count[k][min]++;
}

/*
 * The timeline: the periods that overlap its window, clipped to it, in
 * trace time until the run is read (timeline_finish()).  Its origin is
 * the workload's start (the first phase marker); rows taken before that
 * marker, from the start of the counted window, are dropped when it
 * comes, and kept in a run without phases.
 */
static uint64_t timeline_origin(const struct run *r)
{
	return r->ph.start ? r->ph.start : r->window_start;
}

static void timeline_add(struct run *r, const struct period *p, int e)
{
	struct timeline_row *row;
	uint64_t from, to;

	if (r->ph.start && !r->tl_phased) {
		r->nr_tl = 0;
		r->tl_phased = true;
	}
	from = timeline_origin(r) + r->o->tl_start_ns;
	to = from + r->o->tl_len_ns;
	if (!r->tl || r->nr_tl == TIMELINE_MAX || p->t_exit <= from || p->t_enter >= to)
		return;
	row = &r->tl[r->nr_tl++];
	row->cpu = p->cpu;
	row->state = e;
	row->start = p->t_enter > from ? p->t_enter : from;
	row->end = p->t_exit < to ? p->t_exit : to;
}

static void timeline_finish(struct run *r)
{
	int i;

	r->tl_origin = timeline_origin(r);
	r->tl_from = r->tl_origin + r->o->tl_start_ns;
	r->tl_to = r->tl_from + r->o->tl_len_ns;
	for (i = 0; i < r->nr_tl; i++) {
		r->tl[i].start -= r->tl_origin;
		r->tl[i].end -= r->tl_origin;
	}
}

static int on_period(const struct period *p, void *data)
{
	struct run *r = data;
	struct state_stats *s;
	int i, e = p->entered;

	if (p->cpu >= 0 && p->cpu < MAX_CPUS && r->pend[p->cpu])
		sysfs_bounds(r, p->cpu, p->t_prepare ? p->t_prepare : p->t_enter);
	if (p->aborted) {
		/* no idle time, but the busy time before it is the driver's */
		if (r->has_meter && p->seq > r->before[p->cpu].seq && p->seq <= r->after[p->cpu].seq)
			r->win_active_nj[p->cpu] += (double)p->busy_energy;
		if (in_point(r, p->t_prepare)) {
			r->active_nj[p->cpu] += (double)p->busy_energy;
			phases_busy(&r->ph, p->t_prepare, (double)p->busy_energy);
		}
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
	if (!r->window_start)
		r->window_start = p->t_enter;	/* no marker: from the first period */
	timeline_add(r, p, e);
	r->busy_ns[p->cpu] += p->busy_ns;
	r->periods++;

	s = &r->st[p->cpu][e];
	state_stats_time(s, p->residency_ns);
	if (p->has_select) {
		r->selected++;
		r->tick_kept += !p->sel.stop_tick;
	}
	r->stuck_ns += p->stuck_ns;
	if (p->has_driver) {
		r->has_driver = true;
		wakeups_served(&r->ws, p->cpu, p->t_enter, p->t_wake, p->exit_latency_ns);
		s->energy_nj += (double)p->energy;
		r->idle_nj[p->cpu] += (double)p->energy;
		if (p->has_table && p->exit_latency_ns <= p->residency_ns) {
			double tr = period_transition_nj(p);

			s->transition_nj += tr;
			r->transition_nj[p->cpu] += tr;
			phases_period(&r->ph, p->t_exit, e, p->residency_ns, (double)p->energy, tr);
		} else {
			phases_period(&r->ph, p->t_exit, e, p->residency_ns, (double)p->energy, 0);
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
	phases_busy(&r->ph, p->t_prepare, (double)p->busy_energy);
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

	if (p->has_select) {
		replay_period(r, p, e);
		domains_counted(&r->dom, p);
	}
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

/* A manifest's masked_tick: a policy's name (0 and 1 from earlier runs) */
static int masked_tick_value(const char *v)
{
	if (!strcmp(v, "off") || !strcmp(v, "0"))
		return MASKED_TICK_OFF;
	if (!strcmp(v, "always") || !strcmp(v, "1"))
		return MASKED_TICK_ALWAYS;
	if (!strcmp(v, "until"))
		return MASKED_TICK_UNTIL;
	return -1;	/* "default" */
}

/* A run directory whose manifest does not say "status ok" is not analysed. */
int read_manifest(const char *rundir, struct manifest *m)
{
	char path[PATH_MAX], line[1024];
	int ok = 0;
	FILE *fp;

	memset(m, 0, sizeof(*m));
	m->masked_tick = -1;	/* the kernel's default, and runs before the key */
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
		else if (!strcmp(line, "role"))
			snprintf(m->role, sizeof(m->role), "%s", v);
		else if (!strcmp(line, "kernel_hz"))
			m->hz = (unsigned int)strtoul(v, NULL, 10);
		else if (!strcmp(line, "masked_tick"))
			m->masked_tick = masked_tick_value(v);
		else if (!strcmp(line, "domains"))
			snprintf(m->domains, sizeof(m->domains), "%s", v);
		else if (!strcmp(line, "soc_file"))	/* "PATH sha256 HASH" */
			snprintf(m->soc_file, sizeof(m->soc_file), "%.*s", (int)strcspn(v, " "), v);
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

	if (!strncmp(text, "idlesim: soc ", 13)) {
		if (domains_marker(&r->dom, text) < 0) {
			fprintf(stderr, "%s: trace marker '%.80s': off= and domain_off= take clock, core, cluster or soc\n",
				r->dir, text);
			return -1;
		}
		return soc_marker(r, text);
	}
	if (!strncmp(text, "idlesim: latency_qos ", 21)) {
		if (domains_qos_marker(&r->dom, text) < 0) {
			fprintf(stderr, "%s: trace marker '%.80s': expected latency_qos us=N\n", r->dir, text);
			return -1;
		}
		return 0;
	}
	/* a sweep's points repeat the scenario's phases: the whole run has them */
	if (r->point < 0) {
		int taken = phases_marker(&r->ph, ts, text, r->dir);

		if (taken)
			return taken < 0 ? -1 : 0;
	}
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
	}
	return 0;
}

/*
 * The domains' stays within the run (or its sweep point): how often and
 * how long genpd kept each domain in each of its states.
 */
static void count_stays(struct run *r)
{
	size_t i;

	for (i = 0; i < r->ps.nr_stays; i++) {
		const struct domain_stay *s = &r->ps.stays[i];

		if (s->on_ns < s->off_ns || !in_point(r, s->on_ns - s->off_ns) ||
		    !in_point(r, s->on_ns))
			continue;
		r->dom_count[s->domain][s->state]++;
		r->dom_ns[s->domain][s->state] += s->off_ns;
		r->has_stays = true;
	}
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

int analyse_run(const char *rundir, int point, const struct run_opts *o, struct run *r)
{
	char trace_path[PATH_MAX], workload_dir[PATH_MAX], before[64], after[64];
	struct timeline_row *tl = r->tl;
	struct trace t;
	int ret = -1, lat;

	memset(r, 0, sizeof(*r));
	r->tl = tl;
	r->o = o;
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
	for (int cpu = 0; cpu < MAX_CPUS; cpu++)
		r->booted[cpu] = r->before[cpu].valid;
	read_nominal(rundir, &r->nominal);
	r->has_sysfs = read_sysfs(rundir, before, &r->sys_before) > 0 &&
		       read_sysfs(rundir, after, &r->sys_after) > 0;
	/* a sweep point's workload wrote its results under results/pN/ */
	if (point >= 0)
		snprintf(workload_dir, sizeof(workload_dir), "%s/results/p%d", rundir, point);
	else
		snprintf(workload_dir, sizeof(workload_dir), "%s/results", rundir);
	lat = wakeups_read(workload_dir, o->budget_ns, &r->ws);
	if (lat < 0)
		return -1;
	/* a workload of commands only (an rt-app JSON, cyclictest) has no wake-ups of its own */
	r->has_lat = lat > 0 && r->ws.n > 0;
	/* the workload's times are CLOCK_MONOTONIC: so must the trace's be */
	if (!trace_clock_is_mono(rundir))
		r->ws.split = false;
	if (trace_open(&t, trace_path) < 0) {
		wakeups_free(&r->ws);
		return -1;
	}
	if (trace_require(&t, 1u << EV_CPU_IDLE) < 0)
		goto out;
	cluster_states_init(&r->cl);
	for (int cpu = 0; cpu < MAX_CPUS; cpu++) {
		r->cpu_state[cpu] = -2;
		r->cl_of[cpu] = r->before[cpu].valid ? r->cluster[cpu] : -1;
		teo_replay_init(&r->teo[cpu].c);
	}
	if (periods_read(&t, on_period, on_marker, r->nr_clusters ? on_idle : NULL, NULL, r, &r->ps) < 0)
		goto out;
	count_stays(r);
	for (int cpu = 0; cpu < MAX_CPUS; cpu++)
		if (r->pend[cpu])
			sysfs_bounds(r, cpu, UINT64_MAX);
	/* the all-idle intervals of the domains, in their cheapest domain state */
	domains_finish(&r->dom);
	r->oracle_nj -= r->dom.saving_nj;
	timeline_finish(r);
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
	if (r->nr_state_names && r->has_table && r->nr_state_names != r->nr_states) {
		fprintf(stderr, "%s: the SoC marker names %d states, its idle periods have %d\n",
			trace_path, r->nr_state_names, r->nr_states);
		goto out;
	}
	if (cross_check(r) < 0) {
		fputs(r->xcheck, stderr);
		fprintf(stderr, "%s: the trace disagrees with the guest's counters; not trusting this run\n",
			rundir);
		goto out;
	}
	if (r->has_lat && (latency_compute(&r->ws, o->basis, &r->lat) < 0 ||
			   phases_lateness(&r->ph, &r->ws, o->basis) < 0))
		goto out;
	ret = 0;
out:
	period_stats_free(&r->ps);
	wakeups_free(&r->ws);
	trace_close(&t);
	return ret;
}
