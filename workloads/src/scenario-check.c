// SPDX-License-Identifier: GPL-2.0
/*
 * The checks run when a section ends: required fields, the settings that
 * only make sense together, and, once a thread's last phase has ended,
 * each phase's start and end from the thread's start (the schedule the
 * generator follows).  Values were checked one by one when they were
 * read (scenario-value.c); these are the checks across them.
 */
#include "scenario-parser.h"

static int seen(const struct parser *p, int idx)
{
	return p->seen[idx];
}

/* Cross-field checks of one [phase], at its end. */
static int end_phase(struct parser *p)
{
	struct phase *ph = p->target;
	int64_t maxbusy, span;
	char a[32], b[32];
	int i;

	if (ph->arrival == ARRIVAL_NONE) {
		static const int only_active[] = {
			PF_PERIOD, PF_MEAN_INTERVAL, PF_OFFSET, PF_BUSY, PF_DUTY, PF_BUSY_DIST,
			PF_BUSY_MIN, PF_BUSY_MAX, PF_BURST, PF_BURST_INTERVAL, PF_HW_BUSY,
			PF_HW_IDLE,
		};

		for (i = 0; i < (int)(sizeof(only_active) / sizeof(only_active[0])); i++)
			if (seen(p, only_active[i]))
				return ini_err(&p->in, seen(p, only_active[i]),
					    phase_fields[only_active[i]].key,
					    "not allowed with arrival = none; expected arrival = periodic or exponential");
		return 0;
	}
	if (ph->arrival == ARRIVAL_PERIODIC) {
		if (!seen(p, PF_PERIOD))
			return ini_err(&p->in, p->sec_line, "period",
				    "missing; required with arrival = periodic (a duration such as 10ms)");
		if (seen(p, PF_MEAN_INTERVAL))
			return ini_err(&p->in, seen(p, PF_MEAN_INTERVAL), "mean_interval",
				    "only with arrival = exponential; expected period");
		if (ph->offset_ns >= ph->period_ns)
			return ini_err(&p->in, seen(p, PF_OFFSET), "offset",
				    "not shorter than the period; expected less than the period");
	} else {
		if (!seen(p, PF_MEAN_INTERVAL))
			return ini_err(&p->in, p->sec_line, "mean_interval",
				    "missing; required with arrival = exponential (a duration such as 20ms)");
		for (i = PF_PERIOD; i <= PF_OFFSET; i++)
			if (i != PF_MEAN_INTERVAL && seen(p, i))
				return ini_err(&p->in, seen(p, i), phase_fields[i].key,
					    "only with arrival = periodic; expected mean_interval");
		if (seen(p, PF_DUTY))
			return ini_err(&p->in, seen(p, PF_DUTY), "duty",
				    "only with arrival = periodic; expected busy");
	}

	switch (ph->busy_dist) {
	case BUSY_FIXED:
		if (seen(p, PF_BUSY) && seen(p, PF_DUTY))
			return ini_err(&p->in, seen(p, PF_DUTY), "duty",
				    "given with busy; expected one of busy or duty");
		if (!seen(p, PF_BUSY) && !seen(p, PF_DUTY))
			return ini_err(&p->in, p->sec_line, "busy",
				    "missing; expected busy (a duration, 0us for bare wake-ups) or duty (a percentage of the period)");
		for (i = PF_BUSY_MIN; i <= PF_BUSY_MAX; i++)
			if (seen(p, i))
				return ini_err(&p->in, seen(p, i), phase_fields[i].key,
					    "only with busy_dist = uniform or exponential");
		if (seen(p, PF_DUTY))
			ph->busy_ns = (int64_t)((__int128)ph->period_ns * ph->duty_ppm / 1000000);
		maxbusy = ph->busy_ns;
		break;
	case BUSY_UNIFORM:
		for (i = PF_BUSY; i <= PF_DUTY; i++)
			if (seen(p, i))
				return ini_err(&p->in, seen(p, i), phase_fields[i].key,
					    "not with busy_dist = uniform; expected busy_min and busy_max");
		for (i = PF_BUSY_MIN; i <= PF_BUSY_MAX; i++)
			if (!seen(p, i))
				return ini_err(&p->in, p->sec_line, phase_fields[i].key,
					    "missing; required with busy_dist = uniform");
		if (ph->busy_min_ns > ph->busy_max_ns)
			return ini_err(&p->in, seen(p, PF_BUSY_MAX), "busy_max",
				    "less than busy_min; expected busy_min <= busy_max");
		maxbusy = ph->busy_max_ns;
		break;
	default:
		if (seen(p, PF_DUTY))
			return ini_err(&p->in, seen(p, PF_DUTY), "duty",
				    "not with busy_dist = exponential; expected busy (the mean)");
		if (!seen(p, PF_BUSY))
			return ini_err(&p->in, p->sec_line, "busy",
				    "missing; required with busy_dist = exponential (the mean)");
		if (seen(p, PF_BUSY_MIN))
			return ini_err(&p->in, seen(p, PF_BUSY_MIN), "busy_min",
				    "not with busy_dist = exponential; expected busy and busy_max");
		if (!seen(p, PF_BUSY_MAX)) {
			ph->busy_max_ns = 10 * ph->busy_ns;
		} else if (ph->busy_max_ns < ph->busy_ns) {
			return ini_err(&p->in, seen(p, PF_BUSY_MAX), "busy_max",
				    "less than the mean busy; expected busy_max >= busy");
		}
		maxbusy = ph->busy_max_ns;
		break;
	}

	if (!seen(p, PF_BURST))
		ph->burst = 1;
	if (ph->burst > 1 && !seen(p, PF_BURST_INTERVAL))
		return ini_err(&p->in, p->sec_line, "burst_interval",
			    "missing; required with burst > 1 (start to start, such as 16.7ms)");
	if (ph->burst == 1 && seen(p, PF_BURST_INTERVAL))
		return ini_err(&p->in, seen(p, PF_BURST_INTERVAL), "burst_interval",
			    "given without burst; expected burst > 1 with it");
	if (ph->burst > 1 && maxbusy > ph->burst_interval_ns) {
		scn_format_duration(maxbusy, a, sizeof(a));
		return ini_err(&p->in, seen(p, PF_BURST_INTERVAL), "burst_interval",
			    "shorter than the longest busy time (%s); expected at least that", a);
	}
	span = (int64_t)(ph->burst - 1) * ph->burst_interval_ns + maxbusy;
	if (ph->arrival == ARRIVAL_PERIODIC && span > ph->period_ns) {
		scn_format_duration(span, a, sizeof(a));
		scn_format_duration(ph->period_ns, b, sizeof(b));
		return ini_err(&p->in, seen(p, PF_PERIOD), "period",
			    "%s is shorter than one activation (%s of busy time%s); expected at least that",
			    b, a, ph->burst > 1 ? " and bursts" : "");
	}
	if (!ph->rest && ph->arrival == ARRIVAL_PERIODIC && ph->period_ns > ph->duration_ns) {
		scn_format_duration(ph->duration_ns, a, sizeof(a));
		return ini_err(&p->in, seen(p, PF_PERIOD), "period",
			    "longer than the phase (%s); expected at most the phase's duration", a);
	}
	return 0;
}

/* Checks of a [thread] and its phases, once its last [phase] has ended. */
int end_thread(struct parser *p)
{
	struct thread_spec *t = p->thread;
	int64_t at = t->start_ns, end = p->s->duration_ns;
	char a[32], b[32];
	int i;

	if (!t->nr_phases)
		return ini_err(&p->in, t->line, NULL, "no [phase] section; expected at least one after the [thread]");
	for (i = 0; i < t->nr_phases; i++) {
		struct phase *ph = &t->phases[i];

		ph->start_ns = at;
		if (ph->rest) {
			if (i != t->nr_phases - 1)
				return ini_err(&p->in, ph->line, NULL,
					    "phase '%s' has duration = rest but is not the last phase; expected rest only on the last",
					    ph->name);
			if (at >= end)
				return ini_err(&p->in, ph->line, NULL,
					    "phase '%s' (duration = rest) starts at the scenario's end; expected earlier phases to leave time",
					    ph->name);
			ph->duration_ns = end - at;
			if (ph->arrival == ARRIVAL_PERIODIC && ph->period_ns > ph->duration_ns) {
				scn_format_duration(ph->duration_ns, a, sizeof(a));
				return ini_err(&p->in, ph->line, NULL,
					    "phase '%s' has a period longer than what is left (%s)",
					    ph->name, a);
			}
		}
		at += ph->duration_ns;
		ph->end_ns = at;
	}
	if (at > end) {
		scn_format_duration(at, a, sizeof(a));
		scn_format_duration(end, b, sizeof(b));
		return ini_err(&p->in, t->line, NULL,
			    "start and phases end at %s, beyond the scenario's duration (%s); expected at most that",
			    a, b);
	}
	return 0;
}

/* The [thread] section's own fields, at its end (before its phases). */
static int end_thread_fields(struct parser *p)
{
	struct thread_spec *t = p->target;

	if (t->cpu >= p->s->cpus)
		return ini_err(&p->in, p->seen[TF_CPU], "cpu",
			    "%d is not a CPU of this scenario (cpus = %d); expected 0 to %d",
			    t->cpu, p->s->cpus, p->s->cpus - 1);
	if (t->policy != POLICY_OTHER && !p->seen[TF_PRIORITY])
		return ini_err(&p->in, p->sec_line, "priority", "missing; required with policy = %s (1 to 99)",
			    w_policy[t->policy]);
	if (t->policy == POLICY_OTHER && p->seen[TF_PRIORITY])
		return ini_err(&p->in, p->seen[TF_PRIORITY], "priority",
			    "only with policy = fifo or rr; expected no priority with policy = other");
	if (t->policy != POLICY_OTHER && p->seen[TF_NICE])
		return ini_err(&p->in, p->seen[TF_NICE], "nice", "only with policy = other; expected no nice with policy = %s",
			    w_policy[t->policy]);
	return 0;
}

/* The section that just ended: required fields and cross checks. */
int end_section(struct parser *p)
{
	const struct field *f;
	int i;

	if (p->in.kind == SEC_NONE)
		return 0;
	for (i = 0, f = p->fields; f && f->key; f++, i++)
		if (f->required && !p->seen[i])
			return ini_err(&p->in, p->sec_line, f->key, "missing; this field is required");
	switch (p->in.kind) {
	case SEC_THREAD:
		return end_thread_fields(p);
	case SEC_PHASE:
		return end_phase(p);
	case SEC_COMMAND: {
		struct command_spec *c = p->target;

		if (c->start_ns >= p->s->duration_ns)
			return ini_err(&p->in, p->seen[CF_START], "start",
				    "at or after the scenario's end; expected less than its duration");
		return 0;
	}
	default:
		return 0;
	}
}
