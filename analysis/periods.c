// SPDX-License-Identifier: GPL-2.0
/*
 * Rebuilding idle periods from a trace; see periods.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "periods.h"


/* The fields read, bound once per trace (see trace_field()). */
enum fld {
	F_PERIOD_SEQ, F_PERIOD_NR, F_PERIOD_DOM_NR, F_PERIOD_USABLE, F_PERIOD_LAT, F_PERIOD_RES,
	F_PERIOD_POWER, F_PERIOD_TRANS, F_PERIOD_BUSY_NS, F_PERIOD_BUSY_ENERGY,
	F_PERIOD_BLOCK_DEPTH, F_PERIOD_UNTIL,
	F_SEL_PREDICTED, F_SEL_NEXT_TIMER, F_SEL_LATENCY_REQ,
	F_SEL_USABLE, F_SEL_CANDIDATE, F_SEL_CHOSEN, F_SEL_STOP_TICK,
	F_SEL_DELTA_TICK, F_SEL_TICK_STOPPED, F_SEL_MEASURED,
	F_SEL_MASKED_TICK, F_SEL_MASKED_END,
	F_IDLE_STATE,
	F_ENTER_REQUESTED, F_ENTER_ENTERED,
	F_EXIT_WAKE, F_EXIT_RESIDENCY, F_EXIT_LATENCY, F_EXIT_ENERGY,
	F_EXIT_DOM_NS, F_EXIT_DOM_ENERGY,
	F_MARKER_BUF,
	F_FREQ_STATE, F_FREQ_CPU,
	F_BLOCKS_CAP,
	F_MISS_CPU, F_MISS_STATE, F_MISS_BELOW,
	F_DOM_DOMAIN, F_DOM_STATE, F_DOM_OFF,
	F_PSCI_CPU, F_PSCI_STATE,
	NR_FLDS,
};

static const struct {
	enum ev_id ev;
	const char *name;
	bool optional;		/* older patch series versions lack it */
} fld_table[NR_FLDS] = {
	[F_PERIOD_SEQ]		= { .ev = EV_PERIOD, .name = "seq" },
	[F_PERIOD_NR]		= { .ev = EV_PERIOD, .name = "nr_states" },
	[F_PERIOD_DOM_NR]	= { .ev = EV_PERIOD, .name = "domain_states", .optional = true },
	[F_PERIOD_USABLE]	= { .ev = EV_PERIOD, .name = "usable" },
	[F_PERIOD_LAT]		= { .ev = EV_PERIOD, .name = "exit_latency_ns" },
	[F_PERIOD_RES]		= { .ev = EV_PERIOD, .name = "target_residency_ns" },
	[F_PERIOD_POWER]	= { .ev = EV_PERIOD, .name = "power" },
	[F_PERIOD_TRANS]	= { .ev = EV_PERIOD, .name = "transition_uw", .optional = true },
	[F_PERIOD_BUSY_NS]	= { .ev = EV_PERIOD, .name = "busy_ns" },
	[F_PERIOD_BUSY_ENERGY]	= { .ev = EV_PERIOD, .name = "busy_energy" },
	[F_PERIOD_BLOCK_DEPTH]	= { .ev = EV_PERIOD, .name = "block_depth", .optional = true },
	[F_PERIOD_UNTIL]	= { .ev = EV_PERIOD, .name = "until_ns", .optional = true },
	[F_SEL_PREDICTED]	= { .ev = EV_SELECT, .name = "predicted_ns" },
	[F_SEL_NEXT_TIMER]	= { .ev = EV_SELECT, .name = "next_timer_ns" },
	[F_SEL_LATENCY_REQ]	= { .ev = EV_SELECT, .name = "latency_req_ns" },
	[F_SEL_USABLE]		= { .ev = EV_SELECT, .name = "usable_mask" },
	[F_SEL_CANDIDATE]	= { .ev = EV_SELECT, .name = "candidate_mask" },
	[F_SEL_CHOSEN]		= { .ev = EV_SELECT, .name = "chosen" },
	[F_SEL_STOP_TICK]	= { .ev = EV_SELECT, .name = "stop_tick" },
	[F_SEL_DELTA_TICK]	= { .ev = EV_SELECT, .name = "delta_tick_ns", .optional = true },
	[F_SEL_TICK_STOPPED]	= { .ev = EV_SELECT, .name = "tick_stopped", .optional = true },
	[F_SEL_MEASURED]	= { .ev = EV_SELECT, .name = "measured_ns", .optional = true },
	[F_SEL_MASKED_TICK]	= { .ev = EV_SELECT, .name = "masked_tick", .optional = true },
	[F_SEL_MASKED_END]	= { .ev = EV_SELECT, .name = "masked_end_ns", .optional = true },
	[F_IDLE_STATE]		= { .ev = EV_CPU_IDLE, .name = "state" },
	[F_ENTER_REQUESTED]	= { .ev = EV_ENTER, .name = "requested" },
	[F_ENTER_ENTERED]	= { .ev = EV_ENTER, .name = "entered" },
	[F_EXIT_WAKE]		= { .ev = EV_EXIT, .name = "wake_ns" },
	[F_EXIT_RESIDENCY]	= { .ev = EV_EXIT, .name = "residency_ns" },
	[F_EXIT_LATENCY]		= { .ev = EV_EXIT, .name = "exit_latency_ns" },
	[F_EXIT_ENERGY]		= { .ev = EV_EXIT, .name = "energy" },
	[F_EXIT_DOM_NS]		= { .ev = EV_EXIT, .name = "domain_ns", .optional = true },
	[F_EXIT_DOM_ENERGY]	= { .ev = EV_EXIT, .name = "domain_energy", .optional = true },
	[F_MARKER_BUF]		= { .ev = EV_MARKER, .name = "buf" },
	[F_FREQ_STATE]		= { .ev = EV_CPU_FREQ, .name = "state" },
	[F_FREQ_CPU]		= { .ev = EV_CPU_FREQ, .name = "cpu_id" },
	[F_BLOCKS_CAP]		= { .ev = EV_BLOCKS, .name = "open_cap" },
	[F_MISS_CPU]		= { .ev = EV_IDLE_MISS, .name = "cpu_id" },
	[F_MISS_STATE]		= { .ev = EV_IDLE_MISS, .name = "state" },
	[F_MISS_BELOW]		= { .ev = EV_IDLE_MISS, .name = "below" },
	[F_DOM_DOMAIN]		= { .ev = EV_DOMAIN, .name = "domain" },
	[F_DOM_STATE]		= { .ev = EV_DOMAIN, .name = "state" },
	[F_DOM_OFF]		= { .ev = EV_DOMAIN, .name = "off_ns" },
	[F_PSCI_CPU]		= { .ev = EV_PSCI_ENTER, .name = "cpu_id" },
	[F_PSCI_STATE]		= { .ev = EV_PSCI_ENTER, .name = "state" },
};

struct cpu_track {
	struct period cur;
	bool in_idle;
	bool seen_exit;
	uint64_t last_exit;
	double active_uw;
};

struct reader {
	struct trace *t;
	period_fn fn;
	marker_fn mfn;
	idle_fn ifn;
	freq_fn ffn;
	void *data;
	struct period_stats *st;
	struct cpu_track cpu[MAX_CPUS];
	uint64_t freq_khz[MAX_CPUS];	/* the last power:cpu_frequency of each CPU */
	struct tep_format_field *f[NR_FLDS];
	/* the last rises of the blocks' open cap, a ring; nr_rises in all */
	struct block_rise rise[BLOCK_RISES];
	unsigned int nr_rises;
	/* each domain's state since its last power-off, -1 while on */
	int dom_state[MAX_DOMAINS];
	int err;
};

/*
 * Binds every field of the events the trace has; an event without one
 * of its fields is refused up front rather than at its first record.
 */
static int bind_fields(struct reader *r)
{
	int i, missing = 0;

	for (i = 0; i < NR_FLDS; i++) {
		r->f[i] = trace_field(r->t, fld_table[i].ev, fld_table[i].name,
				      fld_table[i].optional);
		if (!r->f[i] && r->t->ev[fld_table[i].ev].event && !fld_table[i].optional)
			missing++;
	}
	/* the tick figures come as a pair */
	if (!r->f[F_SEL_DELTA_TICK] != !r->f[F_SEL_TICK_STOPPED]) {
		fprintf(stderr, "%s: cpuidle_select has only one of delta_tick_ns and tick_stopped\n",
			r->t->path);
		missing++;
	}
	return missing ? -1 : 0;
}

static void reset(struct cpu_track *c, int cpu)
{
	memset(&c->cur, 0, sizeof(c->cur));
	c->cur.cpu = cpu;
	c->cur.requested = -1;
	c->cur.entered = -1;
	c->cur.sel.chosen = -1;
}

static int read_table(struct reader *r, struct tep_record *rec, struct period *p,
		      double *active_uw)
{
	struct trace *t = r->t;
	int64_t v[MAX_STATES];
	uint64_t nr;
	int n, i;

	if (field_u64(t, r->f[F_PERIOD_SEQ], rec, &p->seq) < 0 ||
	    field_u64(t, r->f[F_PERIOD_NR], rec, &nr) < 0)
		return -1;
	if (nr == 0 || nr > MAX_STATES) {
		fprintf(stderr, "%s: simsoc_period with %llu states (expected 1 to %d)\n",
			t->path, (unsigned long long)nr, MAX_STATES);
		return -1;
	}
	p->table.nr = (int)nr;
	p->table.dom_nr = 0;
	if (r->f[F_PERIOD_DOM_NR]) {
		uint64_t dn;

		if (field_u64(t, r->f[F_PERIOD_DOM_NR], rec, &dn) < 0)
			return -1;
		if (dn > MAX_STATES - nr) {
			fprintf(stderr, "%s: simsoc_period with %llu states and %llu domain states (expected at most %d in all)\n",
				t->path, (unsigned long long)nr, (unsigned long long)dn, MAX_STATES);
			return -1;
		}
		p->table.dom_nr = (int)dn;
		nr += dn;	/* the arrays hold both */
	}
	n = field_array(t, r->f[F_PERIOD_USABLE], rec, v, MAX_STATES);
	if (n < (int)nr)
		return -1;
	for (i = 0; i < (int)nr; i++)
		p->table.usable[i] = v[i] != 0;
	if (field_array(t, r->f[F_PERIOD_LAT], rec, p->table.exit_latency_ns,
			MAX_STATES) < (int)nr ||
	    field_array(t, r->f[F_PERIOD_RES], rec, p->table.target_residency_ns,
			MAX_STATES) < (int)nr ||
	    field_array(t, r->f[F_PERIOD_POWER], rec, p->table.power, MAX_STATES) < (int)nr)
		return -1;
	memset(p->table.until_ns, 0, sizeof(p->table.until_ns));
	if (r->f[F_PERIOD_UNTIL] &&
	    field_array(t, r->f[F_PERIOD_UNTIL], rec, p->table.until_ns, MAX_STATES) < (int)nr)
		return -1;
	memset(p->table.transition_uw, 0, sizeof(p->table.transition_uw));
	if (r->f[F_PERIOD_TRANS] &&
	    field_array(t, r->f[F_PERIOD_TRANS], rec, p->table.transition_uw, MAX_STATES) < (int)nr)
		return -1;
	p->table.block_depth = (int)nr - 1;
	if (r->f[F_PERIOD_BLOCK_DEPTH]) {
		uint64_t bd;

		if (field_u64(t, r->f[F_PERIOD_BLOCK_DEPTH], rec, &bd) < 0)
			return -1;
		if (bd < nr)
			p->table.block_depth = (int)bd;
	}
	if (field_u64(t, r->f[F_PERIOD_BUSY_NS], rec, &p->drv_busy_ns) < 0 ||
	    field_s64(t, r->f[F_PERIOD_BUSY_ENERGY], rec, &p->busy_energy) < 0)
		return -1;
	/* below 10 us the integer nJ figure is too coarse to divide */
	if (p->drv_busy_ns >= 10000)
		*active_uw = (double)p->busy_energy * 1e6 / (double)p->drv_busy_ns;
	p->table.active_uw = *active_uw;
	p->has_table = true;
	return 0;
}

static int read_select(struct reader *r, struct tep_record *rec, struct period *p)
{
	struct trace *t = r->t;
	struct select_info *s = &p->sel;
	uint64_t u, c, stop;
	int64_t chosen;

	if (field_u64(t, r->f[F_SEL_PREDICTED], rec, &s->predicted_ns) < 0 ||
	    field_u64(t, r->f[F_SEL_NEXT_TIMER], rec, &s->next_timer_ns) < 0 ||
	    field_s64(t, r->f[F_SEL_LATENCY_REQ], rec, &s->latency_req_ns) < 0 ||
	    field_u64(t, r->f[F_SEL_USABLE], rec, &u) < 0 ||
	    field_u64(t, r->f[F_SEL_CANDIDATE], rec, &c) < 0 ||
	    field_s64(t, r->f[F_SEL_CHOSEN], rec, &chosen) < 0 ||
	    field_u64(t, r->f[F_SEL_STOP_TICK], rec, &stop) < 0)
		return -1;
	if (r->f[F_SEL_DELTA_TICK]) {
		uint64_t stopped;

		if (field_u64(t, r->f[F_SEL_DELTA_TICK], rec, &s->delta_tick_ns) < 0 ||
		    field_u64(t, r->f[F_SEL_TICK_STOPPED], rec, &stopped) < 0)
			return -1;
		s->tick_stopped = stopped != 0;
		s->has_tick = true;
	}
	s->measured_ns = -1;
	s->has_measured = false;
	if (r->f[F_SEL_MEASURED]) {
		if (field_s64(t, r->f[F_SEL_MEASURED], rec, &s->measured_ns) < 0)
			return -1;
		s->has_measured = true;
	}
	s->masked_tick = -1;
	s->masked_end_ns = -1;
	if (r->f[F_SEL_MASKED_TICK] && r->f[F_SEL_MASKED_END]) {
		uint64_t mt;

		if (field_u64(t, r->f[F_SEL_MASKED_TICK], rec, &mt) < 0 ||
		    field_s64(t, r->f[F_SEL_MASKED_END], rec, &s->masked_end_ns) < 0)
			return -1;
		s->masked_tick = (int)mt;
	}
	s->ts = rec->ts;
	s->usable_mask = (uint32_t)u;
	s->candidate_mask = (uint32_t)c;
	s->chosen = (int)chosen;
	s->stop_tick = stop != 0;
	p->has_select = true;
	return 0;
}

static int add_stay(struct period_stats *st, const struct domain_stay *ds)
{
	if (st->nr_stays == st->max_stays) {
		size_t m = st->max_stays ? 2 * st->max_stays : 256;
		struct domain_stay *n = realloc(st->stays, m * sizeof(*n));

		if (!n) {
			fprintf(stderr, "out of memory for the domains' stays\n");
			return -1;
		}
		st->stays = n;
		st->max_stays = m;
	}
	st->stays[st->nr_stays++] = *ds;
	return 0;
}

void period_stats_free(struct period_stats *st)
{
	free(st->stays);
	st->stays = NULL;
	st->nr_stays = st->max_stays = 0;
}

/*
 * period_stuck_ns() on the rises kept, oldest first.  Only an exclusion
 * that ends with a rise (until_ns -1) reads them: the copy out of the ring
 * is made for such periods alone, not at every idle exit.
 */
static uint64_t stuck(const struct reader *r, const struct period *p)
{
	struct block_rise rise[BLOCK_RISES];
	unsigned int n = r->nr_rises < BLOCK_RISES ? r->nr_rises : BLOCK_RISES, i;
	bool by_rise = false;

	for (i = 0; i < (unsigned int)p->table.nr; i++)
		by_rise |= p->table.until_ns[i] == -1;
	if (!by_rise)
		return period_stuck_ns(p, NULL, 0);
	for (i = 0; i < n; i++)
		rise[i] = r->rise[(r->nr_rises - n + i) % BLOCK_RISES];
	return period_stuck_ns(p, rise, (int)n);
}

static int on_event(struct tracecmd_input *handle, struct tep_record *rec,
		    int cpu, void *data)
{
	struct reader *r = data;
	struct trace *t = r->t;
	struct cpu_track *c;
	int id = trace_event_id(t, rec);
	uint64_t v;
	int64_t s;

	r->st->events++;
	if (rec->missed_events > 0)
		r->st->missed_events += rec->missed_events;
	if (id < 0)
		return 0;
	if (cpu < 0 || cpu >= MAX_CPUS) {
		fprintf(stderr, "%s: event on CPU %d\n", t->path, cpu);
		r->err = -1;
		return 1;
	}
	c = &r->cpu[cpu];

	switch (id) {
	case EV_PERIOD:
		/*
		 * A table always opens a period.  One still open was either
		 * aborted before the CPU went idle, which still has busy time
		 * to account, or lost its exit (counted as unmatched).
		 */
		if (c->in_idle) {
			r->st->unmatched++;
		} else if (c->cur.has_table) {
			c->cur.aborted = true;
			r->st->aborted++;
			if (r->fn(&c->cur, r->data) < 0) {
				r->err = -1;
				return 1;
			}
		}
		reset(c, cpu);
		c->in_idle = false;
		c->cur.t_prepare = rec->ts;
		if (read_table(r, rec, &c->cur, &c->active_uw) < 0)
			goto bad;
		break;
	case EV_SELECT:
		if (read_select(r, rec, &c->cur) < 0)
			goto bad;
		break;
	case EV_CPU_IDLE:
		if (field_u64(t, r->f[F_IDLE_STATE], rec, &v) < 0)
			goto bad;
		if ((uint32_t)v != (uint32_t)PWR_EVENT_EXIT) {
			c->in_idle = true;
			c->cur.t_enter = rec->ts;
			c->cur.freq_khz = r->freq_khz[cpu];
			c->cur.requested = (int)v;
			if (c->cur.entered < 0)
				c->cur.entered = (int)v;
			if (r->ifn)
				r->ifn(cpu, rec->ts, (int)v, &c->cur, r->data);
			break;
		}
		if (r->ifn)
			r->ifn(cpu, rec->ts, -1, &c->cur, r->data);
		if (!c->in_idle) {
			/* the exit of an idle entry from before the trace started */
			reset(c, cpu);
			c->seen_exit = true;
			c->last_exit = rec->ts;
			break;
		}
		c->cur.t_exit = rec->ts;
		if (!c->cur.has_driver)
			c->cur.residency_ns = rec->ts - c->cur.t_enter;
		c->cur.busy_ns = c->seen_exit ? c->cur.t_enter - c->last_exit : 0;
		c->cur.stuck_ns = stuck(r, &c->cur);
		r->st->periods++;
		if (r->fn(&c->cur, r->data) < 0) {
			r->err = -1;
			return 1;
		}
		c->seen_exit = true;
		c->last_exit = rec->ts;
		c->in_idle = false;
		reset(c, cpu);
		break;
	case EV_ENTER:
		if (field_s64(t, r->f[F_ENTER_REQUESTED], rec, &s) < 0)
			goto bad;
		c->cur.requested = (int)s;
		if (field_s64(t, r->f[F_ENTER_ENTERED], rec, &s) < 0)
			goto bad;
		c->cur.entered = (int)s;
		if (r->ifn && c->in_idle && s != c->cur.requested)
			r->ifn(cpu, rec->ts, (int)s, &c->cur, r->data);
		break;
	case EV_EXIT:
		if (field_u64(t, r->f[F_EXIT_WAKE], rec, &c->cur.t_wake) < 0 ||
		    field_u64(t, r->f[F_EXIT_RESIDENCY], rec, &c->cur.residency_ns) < 0 ||
		    field_u64(t, r->f[F_EXIT_LATENCY], rec, &c->cur.exit_latency_ns) < 0 ||
		    field_s64(t, r->f[F_EXIT_ENERGY], rec, &c->cur.energy) < 0)
			goto bad;
		c->cur.domain_ns = 0;
		c->cur.domain_energy = 0;
		if (r->f[F_EXIT_DOM_NS] && r->f[F_EXIT_DOM_ENERGY] &&
		    (field_u64(t, r->f[F_EXIT_DOM_NS], rec, &c->cur.domain_ns) < 0 ||
		     field_s64(t, r->f[F_EXIT_DOM_ENERGY], rec, &c->cur.domain_energy) < 0))
			goto bad;
		c->cur.has_driver = true;
		break;
	case EV_BLOCKS:
		if (field_s64(t, r->f[F_BLOCKS_CAP], rec, &s) < 0)
			goto bad;
		r->rise[r->nr_rises % BLOCK_RISES] = (struct block_rise){ rec->ts, (int)s };
		r->nr_rises++;
		break;
	case EV_CPU_FREQ:
		/* written by the CPU that changed the policy, for each of its CPUs */
		if (field_u64(t, r->f[F_FREQ_STATE], rec, &v) < 0 ||
		    field_s64(t, r->f[F_FREQ_CPU], rec, &s) < 0)
			goto bad;
		if (s < 0 || s >= MAX_CPUS)
			break;
		r->freq_khz[s] = v;
		if (r->ffn && r->ffn((int)s, rec->ts, v, r->data) < 0) {
			r->err = -1;
			return 1;
		}
		break;
	case EV_IDLE_MISS:
		/*
		 * The kernel's own verdict on the period just ended: its
		 * state was too deep for it (the residency not met) or,
		 * "below", a deeper one would have fitted
		 */
		if (field_s64(t, r->f[F_MISS_CPU], rec, &s) < 0 ||
		    field_u64(t, r->f[F_MISS_STATE], rec, &v) < 0)
			goto bad;
		if (s >= 0 && s < MAX_CPUS && v < MAX_STATES) {
			uint64_t below;

			if (field_u64(t, r->f[F_MISS_BELOW], rec, &below) < 0)
				goto bad;
			r->st->idle_miss[s][v][below ? 1 : 0]++;
			r->st->idle_misses++;
		}
		break;
	case EV_PSCI_ENTER:
		/* cpuidle-psci, as it calls the firmware: the state really asked for */
		if (field_s64(t, r->f[F_PSCI_CPU], rec, &s) < 0 ||
		    field_u64(t, r->f[F_PSCI_STATE], rec, &v) < 0)
			goto bad;
		if (s >= 0 && s < MAX_CPUS && r->cpu[s].in_idle) {
			r->cpu[s].cur.has_psci = true;
			r->cpu[s].cur.psci = (uint32_t)v;
		}
		break;
	case EV_DOMAIN: {
		int64_t s2;

		if (field_s64(t, r->f[F_DOM_DOMAIN], rec, &s) < 0 ||
		    field_s64(t, r->f[F_DOM_STATE], rec, &s2) < 0)
			goto bad;
		if (s < 0 || s >= MAX_DOMAINS || s2 < -1 || s2 >= MAX_STATES) {
			fprintf(stderr, "%s: simsoc_domain with domain %lld, state %lld (expected 0 to %d, -1 to %d)\n",
				t->path, (long long)s, (long long)s2, MAX_DOMAINS - 1,
				MAX_STATES - 1);
			goto bad;
		}
		if (s2 >= 0) {
			r->dom_state[s] = (int)s2;
			break;
		}
		/* on again: the stay ends at the wake of the CPU that took it back */
		if (r->dom_state[s] >= 0) {
			struct domain_stay ds = { .domain = (int)s, .state = r->dom_state[s],
						  .on_ns = rec->ts };

			if (field_u64(t, r->f[F_DOM_OFF], rec, &ds.off_ns) < 0)
				goto bad;
			if (add_stay(r->st, &ds) < 0)
				goto bad;
		}
		r->dom_state[s] = -1;
		break;
	}
	case EV_MARKER:
		if (r->mfn) {
			char buf[256];
			size_t n;

			if (field_str(t, r->f[F_MARKER_BUF], rec, buf, sizeof(buf)) < 0)
				goto bad;
			n = strlen(buf);
			while (n && buf[n - 1] == '\n')
				buf[--n] = '\0';
			if (r->mfn(cpu, rec->ts, buf, r->data) < 0) {
				r->err = -1;
				return 1;
			}
		}
		break;
	}
	return 0;
bad:
	r->err = -1;
	return 1;
}

int periods_read(struct trace *t, period_fn fn, marker_fn mfn, idle_fn ifn, freq_fn ffn,
		 void *data, struct period_stats *st)
{
	struct reader r = { .t = t, .fn = fn, .mfn = mfn, .ifn = ifn, .ffn = ffn, .data = data,
			    .st = st };
	int i;

	memset(st, 0, sizeof(*st));
	if (bind_fields(&r) < 0)
		return -1;
	for (i = 0; i < MAX_DOMAINS; i++)
		r.dom_state[i] = -1;
	for (i = 0; i < MAX_CPUS; i++)
		reset(&r.cpu[i], i);
	if (tracecmd_iterate_events(t->handle, NULL, 0, on_event, &r) < 0 && !r.err) {
		fprintf(stderr, "%s: error while reading events (truncated trace?)\n", t->path);
		return -1;
	}
	if (r.err)
		return r.err;
	/*
	 * Periods still open when recording stopped: their busy time was
	 * spent (and metered) all the same.
	 */
	for (i = 0; i < MAX_CPUS; i++) {
		if (!r.cpu[i].cur.has_table)
			continue;
		r.cpu[i].cur.aborted = true;
		if (fn(&r.cpu[i].cur, data) < 0)
			return -1;
	}
	return 0;
}
