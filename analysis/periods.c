// SPDX-License-Identifier: GPL-2.0
/*
 * Rebuilding idle periods from a trace; see periods.h.
 */
#include <stdio.h>
#include <string.h>

#include "periods.h"

#define PWR_EVENT_EXIT	((uint64_t)(uint32_t)-1)

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
	void *data;
	struct period_stats *st;
	struct cpu_track cpu[MAX_CPUS];
	int err;
};

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

	if (field_u64(t, EV_PERIOD, rec, "seq", &p->seq) < 0 ||
	    field_u64(t, EV_PERIOD, rec, "nr_states", &nr) < 0)
		return -1;
	if (nr == 0 || nr > MAX_STATES) {
		fprintf(stderr, "%s: simsoc_period with %llu states (expected 1 to %d)\n",
			t->path, (unsigned long long)nr, MAX_STATES);
		return -1;
	}
	p->table.nr = (int)nr;
	n = field_array(t, EV_PERIOD, rec, "usable", v, MAX_STATES);
	if (n < (int)nr)
		return -1;
	for (i = 0; i < (int)nr; i++)
		p->table.usable[i] = v[i] != 0;
	if (field_array(t, EV_PERIOD, rec, "exit_latency_ns",
			p->table.exit_latency_ns, MAX_STATES) < (int)nr ||
	    field_array(t, EV_PERIOD, rec, "target_residency_ns",
			p->table.target_residency_ns, MAX_STATES) < (int)nr ||
	    field_array(t, EV_PERIOD, rec, "power", p->table.power, MAX_STATES) < (int)nr)
		return -1;
	if (field_u64(t, EV_PERIOD, rec, "busy_ns", &p->drv_busy_ns) < 0 ||
	    field_s64(t, EV_PERIOD, rec, "busy_energy", &p->busy_energy) < 0)
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

	if (field_str(t, EV_SELECT, rec, "governor", s->governor, sizeof(s->governor)) < 0 ||
	    field_u64(t, EV_SELECT, rec, "predicted_ns", &s->predicted_ns) < 0 ||
	    field_u64(t, EV_SELECT, rec, "next_timer_ns", &s->next_timer_ns) < 0 ||
	    field_s64(t, EV_SELECT, rec, "latency_req_ns", &s->latency_req_ns) < 0 ||
	    field_u64(t, EV_SELECT, rec, "usable_mask", &u) < 0 ||
	    field_u64(t, EV_SELECT, rec, "candidate_mask", &c) < 0 ||
	    field_s64(t, EV_SELECT, rec, "chosen", &chosen) < 0 ||
	    field_u64(t, EV_SELECT, rec, "stop_tick", &stop) < 0)
		return -1;
	if (tep_find_field(t->ev[EV_SELECT].event, "delta_tick_ns")) {
		uint64_t stopped;

		if (field_u64(t, EV_SELECT, rec, "delta_tick_ns", &s->delta_tick_ns) < 0 ||
		    field_u64(t, EV_SELECT, rec, "tick_stopped", &stopped) < 0)
			return -1;
		s->tick_stopped = stopped != 0;
		s->has_tick = true;
	}
	s->usable_mask = (uint32_t)u;
	s->candidate_mask = (uint32_t)c;
	s->chosen = (int)chosen;
	s->stop_tick = stop != 0;
	p->has_select = true;
	return 0;
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
	if (!r->st->first_ts)
		r->st->first_ts = rec->ts;
	r->st->last_ts = rec->ts;
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
		if (field_u64(t, EV_CPU_IDLE, rec, "state", &v) < 0)
			goto bad;
		if ((uint32_t)v != (uint32_t)PWR_EVENT_EXIT) {
			c->in_idle = true;
			c->cur.t_enter = rec->ts;
			c->cur.requested = (int)v;
			if (c->cur.entered < 0)
				c->cur.entered = (int)v;
			if (r->ifn)
				r->ifn(cpu, rec->ts, (int)v, r->data);
			break;
		}
		if (r->ifn)
			r->ifn(cpu, rec->ts, -1, r->data);
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
		if (field_s64(t, EV_ENTER, rec, "requested", &s) < 0)
			goto bad;
		c->cur.requested = (int)s;
		if (field_s64(t, EV_ENTER, rec, "entered", &s) < 0)
			goto bad;
		c->cur.entered = (int)s;
		if (r->ifn && c->in_idle && s != c->cur.requested)
			r->ifn(cpu, rec->ts, (int)s, r->data);
		break;
	case EV_EXIT:
		if (field_u64(t, EV_EXIT, rec, "residency_ns", &c->cur.residency_ns) < 0 ||
		    field_u64(t, EV_EXIT, rec, "spin_ns", &c->cur.spin_ns) < 0 ||
		    field_s64(t, EV_EXIT, rec, "energy", &c->cur.energy) < 0)
			goto bad;
		c->cur.has_driver = true;
		break;
	case EV_MARKER:
		if (r->mfn) {
			char buf[256];
			size_t n;

			if (field_str(t, EV_MARKER, rec, "buf", buf, sizeof(buf)) < 0)
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

int periods_read(struct trace *t, period_fn fn, marker_fn mfn, idle_fn ifn, void *data,
		 struct period_stats *st)
{
	struct reader r = { .t = t, .fn = fn, .mfn = mfn, .ifn = ifn, .data = data, .st = st };
	int i;

	memset(st, 0, sizeof(*st));
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
