// SPDX-License-Identifier: GPL-2.0
/*
 * A board's trace as text: what `trace-cmd report` prints, tracefs's
 * `trace` file, or a systrace HTML with the ftrace text inside it, as
 * LISA, trappy and Android's systrace users keep their recordings.  Each
 * event is one line,
 *
 *	<idle>-0     [001] d..1.   123.456789: cpu_idle: state=1 cpu_id=1
 *
 * of which board mode reads what it reads in a trace.dat: power:cpu_idle,
 * power:cpu_frequency, power:cpu_idle_miss, power:psci_domain_idle_enter
 * and the trace markers (and in
 * idlesim's own traces simsoc_enter's entered state), the same way
 * (cmd-board.c, periods.c); every other event line is counted.
 * The timestamp is taken to the nanosecond when the text has it (`trace-cmd
 * report -t`); tracefs and systrace print microseconds, and the figures
 * then differ from the trace.dat's by that rounding.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "board-text.h"

struct text_cpu {
	bool in_idle, has_psci;
	int state;
	uint32_t psci;
	uint64_t t_enter, freq_khz;
};

/* trace.dat files begin with these bytes; anything else is read as text */
bool board_is_text(const char *path)
{
	static const char magic[] = "\x17\x08\x44tracing";
	char head[sizeof(magic) - 1];
	FILE *f = fopen(path, "rb");
	bool text;

	if (!f)
		return false;
	text = fread(head, 1, sizeof(head), f) != sizeof(head) ||
	       memcmp(head, magic, sizeof(head));
	fclose(f);
	return text;
}

/*
 * The event of a line: its timestamp (ns) and name, and where its fields
 * start; false if the line holds no event ("SECONDS.FRACTION: NAME: ").
 */
static bool event_of(const char *line, uint64_t *ts, char *name, size_t len, const char **fields)
{
	const char *p;

	for (p = strchr(line, ':'); p; p = strchr(p + 1, ':')) {
		const char *d = p, *n;
		uint64_t frac = 0, sec = 0, scale = 1;
		int digits = 0;
		size_t k;

		while (d > line && isdigit((unsigned char)d[-1]))
			d--;
		if (d == p || d == line || d[-1] != '.')
			continue;
		for (n = d; n < p && digits < 9; n++, digits++)
			frac = frac * 10 + (uint64_t)(*n - '0');
		for (; digits < 9; digits++)
			frac *= 10;
		d--;
		while (d > line && isdigit((unsigned char)d[-1])) {
			d--;
			sec += (uint64_t)(*d - '0') * scale;
			scale *= 10;
		}
		if (scale == 1 || p[1] != ' ')
			continue;
		for (n = p + 2, k = 0; (isalnum((unsigned char)*n) || *n == '_') && k + 1 < len; n++)
			name[k++] = *n;
		name[k] = '\0';
		if (!k || *n != ':')
			continue;
		*ts = sec * 1000000000ULL + frac;
		*fields = n + 1;
		return true;
	}
	return false;
}

/* where KEY='s value starts in @fields, or NULL */
static const char *value_of(const char *fields, const char *key)
{
	size_t n = strlen(key);
	const char *p;

	for (p = strstr(fields, key); p; p = strstr(p + 1, key))
		if ((p == fields || isspace((unsigned char)p[-1])) && p[n] == '=')
			return p + n + 1;
	return NULL;
}

/* FIELD=NUMBER in @fields; false if it is not there */
static bool field(const char *fields, const char *key, uint64_t *v)
{
	const char *p = value_of(fields, key);
	char *end;

	if (!p)
		return false;
	errno = 0;
	*v = strtoull(p, &end, 0);
	return !errno && end != p;
}

/*
 * FIELD=NUMBER of an event idlesim prices, or one message naming the line
 * and the field: missing, or not a number (a state's name, say, where the
 * kernel's format has its index)
 */
static bool need_field(const struct board *b, int lineno, const char *event,
		       const char *fields, const char *key, uint64_t *v)
{
	const char *p = value_of(fields, key);

	if (field(fields, key, v))
		return true;
	if (!p)
		fprintf(stderr, "%s:%d: %s: no %s= field; expected %s=NUMBER\n", b->trace, lineno,
			event, key, key);
	else
		fprintf(stderr, "%s:%d: %s: %s=%.*s: not a number; expected %s=NUMBER\n", b->trace,
			lineno, event, key, (int)strcspn(p, " \t\r\n"), p, key);
	return false;
}

/* "  <idle>-0  [003] d..1. ...": the CPU the line was recorded on; MAX_CPUS if none */
static uint64_t line_cpu(const char *line, const char *fields)
{
	const char *br = strchr(line, '[');

	if (!br || br > fields || !isdigit((unsigned char)br[1]))
		return MAX_CPUS;
	return strtoull(br + 1, NULL, 10);
}

static int add_period(struct board *b, int cpu, const struct text_cpu *c, uint64_t t_exit)
{
	return board_add_period(b, &(struct board_period){ .cpu = cpu, .state = c->state,
		.t_enter = c->t_enter, .t_exit = t_exit, .freq_khz = c->freq_khz,
		.has_psci = c->has_psci, .psci = c->psci });
}

/* what the lines said of cpu_idle: its events, and the first line of another layout */
struct idle_lines {
	int events, unread;
};

static int on_line(struct board *b, struct text_cpu *cpus, uint64_t *freq, const char *line,
		   int lineno, struct idle_lines *il)
{
	uint64_t ts, state, cpu;
	const char *fields, *lost;
	char name[64];
	bool ev;

	lost = strstr(line, "[LOST ");
	if (lost && strstr(lost, " EVENTS]")) {
		b->missed += strtoull(lost + 6, NULL, 10);
		return 0;
	}
	ev = event_of(line, &ts, name, sizeof(name), &fields);
	il->events += ev && !strcmp(name, "cpu_idle");
	if (!il->unread && strstr(line, "cpu_idle") &&
	    (!ev || (strcmp(name, "cpu_idle") && strcmp(name, "cpu_idle_miss"))))
		il->unread = lineno;
	if (!ev)
		return 0;
	b->events++;
	cpu = line_cpu(line, fields);
	if (cpu < MAX_CPUS && (int)cpu + 1 > b->trace_cpus)
		b->trace_cpus = (int)cpu + 1;
	if (!strcmp(name, "print") || !strcmp(name, "tracing_mark_write")) {
		const char *m = strstr(fields, "idlesim: ");
		char text[256];
		size_t n;

		if (!m)
			return 0;
		/* the marker's text, its line end and trailing blanks taken off */
		n = strlen(m);
		while (n && isspace((unsigned char)m[n - 1]))
			n--;
		snprintf(text, sizeof(text), "%.*s", (int)n, m);
		board_marker(b, ts, text);
		return 0;
	}
	/* idlesim's own traces: the state the driver entered, as periods.c takes it */
	if (!strcmp(name, "simsoc_enter")) {
		if (field(fields, "cpu", &cpu) && field(fields, "entered", &state) &&
		    cpu < MAX_CPUS && cpus[cpu].in_idle)
			cpus[cpu].state = (int)state;
		return 0;
	}
	/* cpuidle-psci's call into the firmware: "cpu_id=1 state=0x4100c244 is_s2idle=no" */
	if (!strcmp(name, "psci_domain_idle_enter")) {
		if (!need_field(b, lineno, name, fields, "cpu_id", &cpu) ||
		    !need_field(b, lineno, name, fields, "state", &state))
			return -1;
		if (cpu < MAX_CPUS && cpus[cpu].in_idle) {
			cpus[cpu].has_psci = true;
			cpus[cpu].psci = (uint32_t)state;
		}
		return 0;
	}
	if (strcmp(name, "cpu_idle") && strcmp(name, "cpu_frequency") && strcmp(name, "cpu_idle_miss"))
		return 0;
	if (!need_field(b, lineno, name, fields, "state", &state) ||
	    !need_field(b, lineno, name, fields, "cpu_id", &cpu))
		return -1;
	if (!strcmp(name, "cpu_idle_miss") && !value_of(fields, "type")) {
		fprintf(stderr, "%s:%d: %s: no type= field; expected type=above|below\n", b->trace,
			lineno, name);
		return -1;
	}
	if (cpu >= MAX_CPUS) {
		fprintf(stderr, "%s:%d: CPU %llu: more CPUs than the analysis takes (%d)\n",
			b->trace, lineno, (unsigned long long)cpu, MAX_CPUS);
		return -1;
	}
	if (!strcmp(name, "cpu_frequency")) {
		freq[cpu] = state;
		if (board_add_freq(b, (int)cpu, ts, state) < 0)
			return -1;
	} else if (!strcmp(name, "cpu_idle_miss")) {
		b->has_idle_miss = true;
		if (state < MAX_STATES) {
			b->idle_miss[cpu][state][strstr(fields, "type=below") ? 1 : 0]++;
			b->idle_misses++;
		}
	} else if ((uint32_t)state != (uint32_t)PWR_EVENT_EXIT) {
		cpus[cpu] = (struct text_cpu){ .in_idle = true, .state = (int)state,
					       .t_enter = ts, .freq_khz = freq[cpu] };
	} else if (cpus[cpu].in_idle) {
		cpus[cpu].in_idle = false;
		if (ts >= cpus[cpu].t_enter && add_period(b, (int)cpu, &cpus[cpu], ts) < 0)
			return -1;
	}
	return 0;
}

int board_read_text(struct board *b)
{
	struct text_cpu cpus[MAX_CPUS] = { 0 };
	uint64_t freq[MAX_CPUS] = { 0 };
	char *line = NULL;
	size_t cap = 0;
	struct idle_lines il = { 0 };
	int lineno = 0, ret = 0;
	FILE *f = fopen(b->trace, "r");

	if (!f) {
		fprintf(stderr, "%s: %s\n", b->trace, strerror(errno));
		return -1;
	}
	while (getline(&line, &cap, f) > 0) {
		lineno++;
		if (on_line(b, cpus, freq, line, lineno, &il) < 0) {
			ret = -1;
			break;
		}
	}
	free(line);
	fclose(f);
	if (!ret && !il.events && il.unread) {
		fprintf(stderr, "%s:%d: cpu_idle in a layout idlesim does not read; expected \"SECONDS.FRACTION: cpu_idle: state=N cpu_id=N\" as trace-cmd report and tracefs write it\n",
			b->trace, il.unread);
		ret = -1;
	} else if (!ret && !il.events) {
		fprintf(stderr, "%s: neither a trace.dat nor a text trace with power:cpu_idle (trace-cmd report, tracefs trace, systrace HTML); record -e power:cpu_idle\n",
			b->trace);
		ret = -1;
	}
	return ret;
}
