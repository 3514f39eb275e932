// SPDX-License-Identifier: GPL-2.0
/*
 * Pricing a board's idle periods under an SoC description, and writing
 * the result (see cmd-board.c for what the figures mean and what they
 * cannot know).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board.h"
#include "columns.h"
#include "output.h"
#include "price.h"

static uint64_t sat_sub(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

/*
 * The wait of a period: from the idle entry to the wake-up event.  On a
 * board the period holds the recorded state's exit; in the guest it does
 * not, and the driver's lag comes off it instead (sim-driver/MODEL.md).
 */
static uint64_t period_wait(const struct board *b, const struct board_period *p,
			    const struct socmodel_table *t, uint64_t *lag)
{
	uint64_t dur = p->t_exit - p->t_enter, l;

	if (!b->guest_durations)
		return sat_sub(dur, t->exit_ns[p->state]);
	l = *lag < dur ? *lag : dur;
	*lag += t->exit_ns[p->state] - l;
	return dur - l;
}

static double energy(const struct socmodel_table *t, int i, uint64_t wait)
{
	return price_nj((double)t->power_uw[i], (double)wait, (double)socmodel_exit_uw(t, i),
			(double)t->exit_ns[i]);
}

static int cheapest(const struct socmodel_table *t, uint64_t wait, bool by_residency)
{
	int i, best = 0;

	for (i = 1; i < t->nr; i++) {
		if (by_residency && (uint64_t)t->res_ns[i] > wait)
			continue;
		if (by_residency ? t->power_uw[i] < t->power_uw[best] :
		    energy(t, i, wait) < energy(t, best, wait))
			best = i;
	}
	return best;
}

/* The what-if knob's name, as the option and whatif.csv give it */
static const char *whatif_knob(const struct board *b)
{
	return b->whatif.power ? "power" : "residency";
}

/* The description with one state's nominal residency (us) or power (uW) at @v */
static int whatif_soc(const struct board *b, int64_t v, struct soc *s)
{
	char err[SOC_MAX_ERR];
	int k;

	*s = b->soc;
	for (k = 0; k < s->nr_clusters; k++) {
		struct soc_figures *f = &s->cluster[k].fig[b->whatif.state];

		if (b->whatif.kind >= 0 && b->whatif.kind != k)
			continue;
		if (b->whatif.power)
			f->power_uw = v;
		else
			f->residency_us = v;
	}
	if (soc_check(s, err, sizeof(err))) {
		fprintf(stderr, "idlesim-analyze board: --%s %s=%lld breaks a rule of the description: %s\n",
			whatif_knob(b), s->state[b->whatif.state].name, (long long)v, err);
		return -1;
	}
	return 0;
}

/*
 * A period in a run's per-state terms (run.c): too deep when its wait fell
 * short of the state's target residency, too shallow when a state of less
 * power had its residency covered.
 */
static void count_period(struct state_stats *s, const struct socmodel_table *t,
			 int state, uint64_t dur, uint64_t wait, double e)
{
	int i;

	state_stats_time(s, dur);
	s->energy_nj += e;
	s->transition_nj += price_exit_nj((double)socmodel_exit_uw(t, state),
					  (double)t->exit_ns[state]);
	if (wait < (uint64_t)t->res_ns[state])
		s->too_deep++;
	for (i = 0; i < t->nr; i++)
		if (i != state && t->power_uw[i] < t->power_uw[state] &&
		    (uint64_t)t->res_ns[i] <= wait) {
			s->too_shallow++;
			break;
		}
}

/**
 * board_check_whatif() - the what-if values against the description's rules
 * @b: the description and the values
 *
 * Return: 0, or -1 naming the first value that breaks a rule.
 */
int board_check_whatif(const struct board *b)
{
	static struct soc s;
	int w;

	for (w = 0; w < b->whatif.n; w++)
		if (whatif_soc(b, b->whatif.v[w], &s) < 0)
			return -1;
	return 0;
}

/* A trace marker: the snapshots bracket the window, unless --window all */
void board_marker(struct board *b, uint64_t ts, const char *text)
{
	if (b->whole)
		return;
	if (!strcmp(text, "idlesim: snapshot before end"))
		b->win_start = ts;
	else if (!strcmp(text, "idlesim: snapshot after begin"))
		b->win_end = ts;
}

/*
 * @v (@nr of @size bytes, room for @cap) with room for one more, @cap
 * grown; NULL when out of memory, said
 */
void *board_grow(const struct board *b, void *v, size_t *cap, size_t nr, size_t size,
		 const char *what)
{
	size_t c = *cap ? 2 * *cap : 4096;
	void *n;

	if (nr < *cap)
		return v;
	n = realloc(v, c * size);
	if (!n) {
		fprintf(stderr, "%s: out of memory at %zu %s\n", b->trace, nr, what);
		return NULL;
	}
	*cap = c;
	return n;
}

/* One more period, as the trace gives it; -1 when out of memory, said */
int board_add_period(struct board *b, const struct board_period *p)
{
	struct board_period *n = board_grow(b, b->p, &b->cap, b->nr, sizeof(*n), "idle periods");

	if (!n)
		return -1;
	b->p = n;
	b->p[b->nr++] = *p;
	return 0;
}

/* The [cluster] section of a trace CPU, and its cluster; -1 if none */
int board_cpu_kind(const struct board *b, int cpu, int *cl)
{
	if (!b->mapped)
		return socmodel_cpu_kind(&b->soc, cpu, cl);
	if (cpu < 0 || cpu >= MAX_CPUS || b->kind_of[cpu] < 0)
		return -1;
	*cl = b->cl_of[cpu];
	return b->kind_of[cpu];
}

/*
 * Under OS-initiated PSCI a cluster or SoC state is genpd's choice at the
 * last CPU, and cpu_idle shows only the CPU's own state: the parameter
 * cpuidle-psci passes to the firmware (power:psci_domain_idle_enter, 6.15)
 * says which state was entered.  Each period that has one is priced in the
 * description state whose psci= it is, in the CPU's [cluster] section.
 */
static int psci_state(struct board *b, struct board_period *p, int kind)
{
	const struct soc *s = &b->soc;
	const struct soc_cluster *c = &s->cluster[kind];
	int i, any = 0;

	for (i = 0; i < s->nr_states; i++) {
		any |= c->fig[i].has_psci;
		if (c->fig[i].has_psci && c->fig[i].psci == p->psci)
			break;
	}
	if (!any) {
		b->psci_unpriced = true;
		return 0;
	}
	if (i == s->nr_states) {
		fprintf(stderr, "%s: CPU %d asked the firmware for PSCI state 0x%08x (psci_domain_idle_enter), which no state of [cluster %s] in %s has; its psci=:",
			b->trace, p->cpu, p->psci, c->name, s->file);
		for (i = 0; i < s->nr_states; i++)
			if (c->fig[i].has_psci)
				fprintf(stderr, " %s 0x%08x", s->state[i].name, c->fig[i].psci);
		fprintf(stderr, "\n");
		return -1;
	}
	b->psci_periods++;
	b->psci_moved += i != p->state;
	b->psci_domain += s->state[i].off >= SOC_OFF_CLUSTER;
	p->state = i;
	return 0;
}

/* some period of @cpu (its periods in time order at @idx) holds @t */
static bool idle_at(const struct board *b, const size_t *idx, size_t n, uint64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (b->p[idx[mid]].t_exit < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && b->p[idx[lo]].t_enter <= t;
}

/*
 * The check of the cpu_idle events against the PSCI ones: a cluster or SoC
 * state entered while another CPU of the cluster was busy by cpu_idle
 * means the events, or the CPUs' numbering, do not describe the board.
 */
static int psci_alone(struct board *b)
{
	size_t *idx[MAX_CPUS] = { NULL }, nr[MAX_CPUS] = { 0 }, n;
	int cpu, cl, k, c2, cl2, ret = -1;

	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		idx[cpu] = malloc((b->nr + 1) * sizeof(size_t));
		if (!idx[cpu]) {
			fprintf(stderr, "%s: out of memory\n", b->trace);
			goto out;
		}
	}
	for (n = 0; n < b->nr; n++)
		idx[b->p[n].cpu][nr[b->p[n].cpu]++] = n;
	for (n = 0; n < b->nr; n++) {
		const struct board_period *p = &b->p[n];

		if (!p->has_psci || b->soc.state[p->state].off < SOC_OFF_CLUSTER)
			continue;
		k = board_cpu_kind(b, p->cpu, &cl);
		for (c2 = 0; c2 < b->nr_cpus; c2++) {
			if (c2 == p->cpu || board_cpu_kind(b, c2, &cl2) != k || cl2 != cl ||
			    (b->soc.state[p->state].off == SOC_OFF_CLUSTER && !nr[c2]))
				continue;
			if (!idle_at(b, idx[c2], nr[c2], p->t_enter)) {
				b->psci_alone++;
				break;
			}
		}
	}
	ret = 0;
out:
	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		free(idx[cpu]);
	return ret;
}

/* Every period's CPU and state must be the SoC's: the trace is named otherwise */
static int check_periods(struct board *b)
{
	const struct soc *s = &b->soc;
	int cl, i, k;
	size_t n;

	for (n = 0; n < b->nr; n++) {
		struct board_period *p = &b->p[n];

		k = board_cpu_kind(b, p->cpu, &cl);
		if (k < 0) {
			if (b->mapped)
				fprintf(stderr, "%s: CPU %d has idle periods, but %s does not map it\n",
					b->trace, p->cpu, b->mapped_by ? b->mapped_by : "--cpus");
			else
				fprintf(stderr, "%s: CPU %d has idle periods, but SoC %s (%s) has %d CPUs\n",
					b->trace, p->cpu, s->name, s->file, soc_total_cpus(s));
			return -1;
		}
		if (p->state < 0 || p->state >= s->nr_states) {
			fprintf(stderr, "%s: CPU %d entered idle state %d, but SoC %s (%s) has %d:",
				b->trace, p->cpu, p->state, s->name, s->file, s->nr_states);
			for (i = 0; i < s->nr_states; i++)
				fprintf(stderr, " %d %s", i, s->state[i].name);
			fprintf(stderr, "\n");
			return -1;
		}
		if (p->has_psci && psci_state(b, p, k) < 0)
			return -1;
		if (p->cpu + 1 > b->nr_cpus)
			b->nr_cpus = p->cpu + 1;
	}
	return b->psci_domain ? psci_alone(b) : 0;
}

struct cl_event {
	uint64_t ts;
	int cpu, state;		/* state -1: the CPU's exit */
};

static int cl_event_cmp(const void *a, const void *b)
{
	const struct cl_event *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	return x->state < y->state ? -1 : x->state > y->state;
}

/*
 * Under OS-initiated PSCI a CPU's request names a cluster or SoC state only
 * when it is the last of its cluster (psci_state() has put that state in
 * its period): while the cluster is idle that state is the cluster's,
 * whatever the shallower states of the CPUs that went idle before.
 */
static int psci_cluster_state(const struct board *b, const int *state, const int *cl_of,
			      int k, int inferred)
{
	int cpu, dom = -1;

	if (inferred < 0 || !b->psci_domain)
		return inferred;
	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		if (cl_of[cpu] == k && state[cpu] >= 0 &&
		    b->soc.state[state[cpu]].off >= SOC_OFF_CLUSTER && state[cpu] > dom)
			dom = state[cpu];
	return dom >= 0 ? dom : inferred;
}

/* @from..@to clipped to the window priced */
static uint64_t in_window(const struct board *b, uint64_t from, uint64_t to)
{
	from = from > b->t0 ? from : b->t0;
	to = to < b->t1 ? to : b->t1;
	return to > from ? to - from : 0;
}

/*
 * The clusters' states, as a run's clusters.csv gives them (run.c) and
 * idlestat does: while every CPU of a cluster that the trace shows is
 * idle, the cluster is in the shallowest of their states, or in the
 * cluster or SoC state a PSCI request named (psci_cluster_state()); the
 * time the two differ is the inference's error, b->psci_inferred_ns.  A
 * CPU is busy until its first idle entry.  Time is counted inside the
 * window, an entry into a cluster state when it happens there.
 */
static int board_clusters(struct board *b)
{
	int state[MAX_CPUS], cl_of[MAX_CPUS];
	bool differs[MAX_CPUS] = { false };
	uint64_t differs_since[MAX_CPUS] = { 0 };
	struct cl_event *ev;
	size_t n, m = 0;
	int cpu, k;

	ev = malloc(2 * b->nr * sizeof(*ev));
	if (!ev) {
		fprintf(stderr, "%s: out of memory for %zu idle periods\n", b->trace, b->nr);
		return -1;
	}
	for (cpu = 0; cpu < MAX_CPUS; cpu++) {
		state[cpu] = -1;
		cl_of[cpu] = -1;
	}
	for (n = 0; n < b->nr; n++) {
		const struct board_period *p = &b->p[n];

		board_cpu_kind(b, p->cpu, &cl_of[p->cpu]);
		if (cl_of[p->cpu] + 1 > b->nr_cl)
			b->nr_cl = cl_of[p->cpu] + 1;
		ev[m++] = (struct cl_event){ p->t_enter, p->cpu, p->state };
		ev[m++] = (struct cl_event){ p->t_exit, p->cpu, -1 };
	}
	qsort(ev, m, sizeof(*ev), cl_event_cmp);
	cluster_states_init(&b->cl);
	for (n = 0; n < m; n++) {
		int min, old, inferred;
		uint64_t since;

		state[ev[n].cpu] = ev[n].state;
		k = cl_of[ev[n].cpu];
		inferred = cluster_state_of(state, cl_of, k);
		min = psci_cluster_state(b, state, cl_of, k, inferred);
		if (differs[k] != (min != inferred)) {
			if (differs[k])
				b->psci_inferred_ns += in_window(b, differs_since[k], ev[n].ts);
			differs[k] = min != inferred;
			differs_since[k] = ev[n].ts;
		}
		if (!cluster_states_move(&b->cl, k, min, ev[n].ts, &old, &since))
			continue;
		if (old >= 0)
			b->cl.ns[k][old] += in_window(b, since, ev[n].ts);
		if (min >= 0 && ev[n].ts > b->t0 && ev[n].ts <= b->t1)
			b->cl.count[k][min]++;
	}
	free(ev);
	return 0;
}

/**
 * board_price() - price the trace's periods in the window
 * @b: read trace and conditions; the derived figures are filled in
 *
 * Return: 0, or -1 with a message naming the trace or the option.
 */
int board_price(struct board *b)
{
	static struct soc ws[BOARD_MAX_WHATIF];
	static struct socmodel_table tab[SOC_MAX_CLUSTERS][SOC_MAX_OPPS];
	static bool have[SOC_MAX_CLUSTERS][SOC_MAX_OPPS];
	uint64_t last_exit[MAX_CPUS] = { 0 }, lag[MAX_CPUS] = { 0 };
	struct socmodel_table wt;
	int k, cl, w, opp;
	size_t n;

	if (!b->nr) {
		fprintf(stderr, "%s: no complete idle period (power:cpu_idle entry and exit)\n", b->trace);
		return -1;
	}
	if (check_periods(b) < 0 || board_check_cpus(b) < 0)
		return -1;
	memset(have, 0, sizeof(have));
	for (w = 0; w < b->whatif.n; w++)
		if (whatif_soc(b, b->whatif.v[w], &ws[w]) < 0)
			return -1;
	/* the periods come in the order of their exits */
	b->t0 = b->win_start;
	if (!b->t0) {
		b->t0 = b->p[0].t_enter;
		for (n = 1; n < b->nr; n++)
			if (b->p[n].t_enter < b->t0)
				b->t0 = b->p[n].t_enter;
		b->t0 = b->t0 ? b->t0 - 1 : 0;
	}
	b->t1 = b->win_end ? b->win_end : b->p[b->nr - 1].t_exit;
	if (b->t1 <= b->t0) {
		fprintf(stderr, "%s: the window's end marker comes before its start\n", b->trace);
		return -1;
	}
	for (n = 0; n < b->nr; n++) {
		const struct board_period *p = &b->p[n];
		const struct socmodel_table *t;
		uint64_t wait, dur = p->t_exit - p->t_enter;
		double e;

		k = board_cpu_kind(b, p->cpu, &cl);
		/* the operating point: the trace's, where it has cpu_frequency */
		opp = p->freq_khz ? socmodel_opp_of(&b->soc, k, p->freq_khz) : b->opp[k];
		if (p->freq_khz)
			b->freq_periods++;
		if (!have[k][opp]) {
			socmodel_table(&b->soc, k, opp, b->temp_c, &tab[k][opp]);
			have[k][opp] = true;
		}
		t = &tab[k][opp];
		wait = period_wait(b, p, t, &lag[p->cpu]);
		/* a period counts where the driver's meter counts it: at its exit */
		if (p->t_exit <= b->t0 || p->t_exit > b->t1) {
			last_exit[p->cpu] = p->t_exit;
			continue;
		}
		e = energy(t, p->state, wait);
		b->periods++;
		count_period(&b->st[p->cpu][p->state], t, p->state, dur, wait, e);
		b->idle_nj[p->cpu] += e;
		b->transition_nj[p->cpu] += price_exit_nj((double)socmodel_exit_uw(t, p->state),
							  (double)t->exit_ns[p->state]);
		if (last_exit[p->cpu]) {
			uint64_t busy = sat_sub(p->t_enter, last_exit[p->cpu] > b->t0 ?
						last_exit[p->cpu] : b->t0);

			b->active_nj[p->cpu] += (double)t->active_uw * (double)busy / 1e6;
		}
		last_exit[p->cpu] = p->t_exit;
		b->oracle_nj += energy(t, cheapest(t, wait, false), wait);
		b->current_nj += energy(t, cheapest(t, wait, true), wait);
		for (w = 0; w < b->whatif.n; w++) {
			socmodel_table(&ws[w], k, opp, b->temp_c, &wt);
			b->whatif.nj[w] += energy(&wt, cheapest(&wt, wait, true), wait);
		}
	}
	if (!b->periods) {
		fprintf(stderr, "%s: no idle period ends inside the window (%llu..%llu ns)\n", b->trace,
			(unsigned long long)b->t0, (unsigned long long)b->t1);
		return -1;
	}
	return board_clusters(b);
}

static double sum(const double *v, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

/*
 * The kernel's own verdict on its choices (power:cpu_idle_miss, 6.0): a
 * period whose state was too deep for the time the CPU stayed idle, or
 * too shallow when a deeper one's residency was met.  Over the whole
 * trace: the event says which CPU and state, not which period.
 */
static void print_idle_miss(const struct board *b, FILE *fp)
{
	const struct soc *s = &b->soc;
	uint64_t deep = 0, shallow = 0;
	int cpu, i;

	if (!b->has_idle_miss) {
		fprintf(fp, "  no power:cpu_idle_miss in the trace (kernels since 6.0 write it when it is recorded)\n");
		return;
	}
	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		for (i = 0; i < MAX_STATES; i++) {
			deep += b->idle_miss[cpu][i][0];
			shallow += b->idle_miss[cpu][i][1];
		}
	fprintf(fp, "  power:cpu_idle_miss, the kernel's verdict, over the whole trace: %llu too deep, %llu too shallow",
		(unsigned long long)deep, (unsigned long long)shallow);
	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		for (i = 0; i < MAX_STATES; i++)
			if (b->idle_miss[cpu][i][0] || b->idle_miss[cpu][i][1])
				fprintf(fp, "; CPU %d %s %llu/%llu", cpu,
					i < s->nr_states ? s->state[i].name : "?",
					(unsigned long long)b->idle_miss[cpu][i][0],
					(unsigned long long)b->idle_miss[cpu][i][1]);
	fprintf(fp, "\n");
}

/* What the PSCI events said of the states entered (psci_state()) */
static void print_psci(const struct board *b, FILE *fp)
{
	if (b->psci_unpriced)
		fprintf(fp, "  power:psci_domain_idle_enter in the trace, but %s gives no state a psci=: the states are cpu_idle's, cluster and SoC states unseen\n",
			b->soc.file);
	if (!b->psci_periods)
		return;
	fprintf(fp, "  power:psci_domain_idle_enter in %llu periods: %llu priced in another state than cpu_idle's, %llu in a cluster or SoC state",
		(unsigned long long)b->psci_periods, (unsigned long long)b->psci_moved,
		(unsigned long long)b->psci_domain);
	if (b->psci_alone)
		fprintf(fp, "; WARNING: %llu of those entered while another CPU of the cluster was busy by its cpu_idle events (events lost, or CPUs numbered otherwise)",
			(unsigned long long)b->psci_alone);
	fprintf(fp, "\n");
	if (b->psci_domain)
		fprintf(fp, "  the clusters' states are the PSCI requests'; from cpu_idle alone (the shallowest CPU's state) %.3f ms of them would have been put in another state\n",
			b->psci_inferred_ns / 1e6);
}

void board_print(const struct board *b, FILE *fp)
{
	const struct soc *s = &b->soc;
	double idle = sum(b->idle_nj, b->nr_cpus), active = sum(b->active_nj, b->nr_cpus);
	double tr = sum(b->transition_nj, b->nr_cpus);
	int cpu, i, k, w;

	fprintf(fp, "board trace %s: SoC %s (%s)\n", b->trace, s->name, s->file);
	fprintf(fp, "  %llu idle periods on %d CPUs in %.3f ms (%s), %llu events (%llu dropped by the ring buffer)\n",
		(unsigned long long)b->periods, b->nr_cpus, (double)(b->t1 - b->t0) / 1e6,
		b->win_start && b->win_end ? "between the snapshot markers" : "first to last idle event",
		(unsigned long long)b->events, (unsigned long long)b->missed);
	fprintf(fp, "  conditions: %lld C;", (long long)b->temp_c);
	if (b->freq_periods)
		fprintf(fp, " operating points from power:cpu_frequency (%llu periods), else",
			(unsigned long long)b->freq_periods);
	for (k = 0; k < s->nr_clusters; k++)
		fprintf(fp, " %s at %lld kHz;", s->cluster[k].name,
			(long long)s->cluster[k].opp[b->opp[k]].khz);
	fprintf(fp, " durations: %s\n", b->guest_durations ?
		"the time in WFI, the exit latency charged apart (idlesim's guest)" :
		"entry to resume, the exit latency inside (a board)");
	board_print_cpus(b, fp);
	fprintf(fp, "  energy: %.3f mJ (idle %.3f mJ, of which exit transitions %.3f mJ; active %.3f mJ)\n",
		(idle + active) / 1e6, idle / 1e6, tr / 1e6, active / 1e6);
	fprintf(fp, "  the idle periods in their cheapest states (oracle): %.3f mJ; as recorded %.3f mJ = %.3fx oracle\n",
		b->oracle_nj / 1e6, idle / 1e6, b->oracle_nj > 0 ? idle / b->oracle_nj : 0);
	for (w = 15, i = 0; i < s->nr_states; i++)
		w = name_width(w, s->state[i].name);
	fprintf(fp, "  %-4s %-*s %9s %12s %12s\n", "cpu", w, "state", "count", "total_ms", "energy_mJ");
	for (cpu = 0; cpu < b->nr_cpus; cpu++)
		for (i = 0; i < s->nr_states; i++)
			fprintf(fp, "  %-4d %-*s %9llu %12.3f %12.3f\n", cpu, w, s->state[i].name,
				(unsigned long long)b->st[cpu][i].count,
				(double)b->st[cpu][i].total_ns / 1e6, b->st[cpu][i].energy_nj / 1e6);
	print_idle_miss(b, fp);
	print_psci(b, fp);
	fprintf(fp, "  %-11s %-*s %9s %12s   (while all its CPUs are idle a cluster is in %s)\n",
		"cluster", w, "state", "count", "total_ms",
		b->psci_domain ? "the cluster or SoC state a PSCI request named, else the shallowest of theirs" :
		"the shallowest of their states");
	for (k = 0; k < b->nr_cl; k++)
		for (i = 0; i < s->nr_states; i++)
			if (b->cl.count[k][i] || b->cl.ns[k][i])
				fprintf(fp, "  %-11d %-*s %9llu %12.3f\n", k, w, s->state[i].name,
					(unsigned long long)b->cl.count[k][i], (double)b->cl.ns[k][i] / 1e6);
	fprintf(fp, "  what-if (each period in the cheapest state whose target residency it covers, its length\n"
		"  known, every state available):\n");
	fprintf(fp, "    the description's thresholds   %10.3f mJ  %6.3fx oracle\n",
		b->current_nj / 1e6, b->oracle_nj > 0 ? b->current_nj / b->oracle_nj : 0);
	for (i = 0; i < b->whatif.n; i++)
		fprintf(fp, "    %s%s%s %s %6lld %s %10.3f mJ  %6.3fx oracle  %+.2f%% against the description's\n",
			b->whatif.kind >= 0 ? s->cluster[b->whatif.kind].name : "",
			b->whatif.kind >= 0 ? ":" : "", s->state[b->whatif.state].name,
			whatif_knob(b), (long long)b->whatif.v[i], b->whatif.power ? "uW" : "us",
			b->whatif.nj[i] / 1e6,
			b->oracle_nj > 0 ? b->whatif.nj[i] / b->oracle_nj : 0,
			b->current_nj > 0 ? 100 * (b->whatif.nj[i] / b->current_nj - 1) : 0);
	fprintf(fp, "  estimates: every energy is the description's model at these fixed conditions, not a\n"
		"  measurement; a stock kernel's trace does not hold what the governor predicted, so the\n"
		"  what-if figures assume each period's length known (a floor for those thresholds), and\n"
		"  busy time is the time between a CPU's idle periods, at its active power\n");
}

int board_write(const struct board *b, const char *dir)
{
	const struct soc *s = &b->soc;
	struct outputs out = { 0 };
	FILE *sum_fp, *csv, *wcsv, *json, *ccsv;
	const char *names[MAX_STATES];
	int i;

	if (make_dir(dir) < 0)
		return -1;
	sum_fp = out_open(&out, dir, "summary.txt");
	csv = sum_fp ? out_open(&out, dir, "states.csv") : NULL;
	wcsv = csv ? out_open(&out, dir, "whatif.csv") : NULL;
	json = wcsv ? out_open(&out, dir, "summary.json") : NULL;
	ccsv = json ? out_open(&out, dir, "clusters.csv") : NULL;
	if (!ccsv) {
		out_abort(&out);
		return -1;
	}
	board_print(b, sum_fp);
	/* a run's files (docs/ARCHITECTURE.md): the two can be set side by side */
	for (i = 0; i < s->nr_states; i++)
		names[i] = s->state[i].name;
	states_csv(csv, b->st, b->nr_cpus, s->nr_states, names);
	clusters_csv(ccsv, &b->cl, b->nr_cl, s->nr_states, names);
	fputs(WHATIF_CSV_COLUMNS "\n", wcsv);
	fprintf(wcsv, "current,,,,,%.0f,%.4f\n", b->current_nj,
		b->oracle_nj > 0 ? b->current_nj / b->oracle_nj : 0);
	for (i = 0; i < b->whatif.n; i++)
		fprintf(wcsv, "%d,%s,%s,%s,%lld,%.0f,%.4f\n", i,
			b->whatif.kind >= 0 ? s->cluster[b->whatif.kind].name : "",
			s->state[b->whatif.state].name,
			b->whatif.power ? "power_uw" : "residency_us",
			(long long)b->whatif.v[i], b->whatif.nj[i],
			b->oracle_nj > 0 ? b->whatif.nj[i] / b->oracle_nj : 0);
	/* a run's summary.json keys where they mean the same; the rest are the board's */
	fprintf(json, "{\n  \"scenario\": \"board\",\n  \"governor\": \"as recorded\",\n  \"cpus\": %d,\n  \"states\": %d,\n  \"periods\": %llu,\n",
		b->nr_cpus, s->nr_states, (unsigned long long)b->periods);
	fprintf(json, "  \"soc\": \"%s\",\n  \"state_names\": [", s->name);
	for (i = 0; i < s->nr_states; i++)
		fprintf(json, "%s\"%s\"", i ? ", " : "", s->state[i].name);
	fprintf(json, "],\n  \"energy_nj\": { \"total\": %.0f, \"idle\": %.0f, \"active\": %.0f, \"transition\": %.0f },\n",
		sum(b->idle_nj, b->nr_cpus) + sum(b->active_nj, b->nr_cpus),
		sum(b->idle_nj, b->nr_cpus), sum(b->active_nj, b->nr_cpus),
		sum(b->transition_nj, b->nr_cpus));
	fprintf(json, "  \"replay\": { \"periods\": %llu, \"oracle_nj\": %.0f },\n",
		(unsigned long long)b->periods, b->oracle_nj);
	fprintf(json, "  \"board\": { \"trace\": \"%s\", \"window_ns\": [%llu, %llu], \"temp_c\": %lld, \"durations\": \"%s\", \"whatif_current_nj\": %.0f, \"cpu_numbering_checked\": %s, \"estimate\": true }\n}\n",
		b->trace, (unsigned long long)b->t0, (unsigned long long)b->t1, (long long)b->temp_c,
		b->guest_durations ? "wait" : "resume", b->current_nj,
		board_cpus_checked(b) ? "true" : "false");
	return out_commit(&out);
}
