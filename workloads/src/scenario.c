// SPDX-License-Identifier: GPL-2.0
/*
 * Strict parser for idlesim scenario files (format: workloads/README.md).
 *
 * Line based: "[kind name]" section headers, "key = value" lines, "#"
 * comments.  Every key is looked up in the section's field table; a key
 * that is not there, a value of the wrong type or out of range, a required
 * key that is missing or a combination that cannot run is an error naming
 * the file, the line and the field and saying what was expected.  The
 * parser stops at the first error.
 *
 * This file reads the lines and the sections and holds the field tables;
 * scenario-value.c parses one value into its field, scenario-check.c
 * checks a section when it ends and derives the phases' schedule.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "scenario-parser.h"

#define MAX_FILE_SIZE	(256 * 1024)

static const char *const section_names[] = {
	[SEC_NONE] = "",
	[SEC_SCENARIO] = "scenario",
	[SEC_MODEL] = "model",
	[SEC_THREAD] = "thread",
	[SEC_PHASE] = "phase",
	[SEC_COMMAND] = "command",
};

static const char *const w_arrival[] = { "none", "periodic", "exponential", NULL };
static const char *const w_busy_dist[] = { "fixed", "uniform", "exponential", NULL };
const char *const w_policy[] = { "other", "fifo", "rr", NULL };
static const char *const w_busy_clock[] = { "cpu", "wall", NULL };
static const char *const w_no_yes[] = { "no", "yes", NULL };

#define S(m)	offsetof(struct scenario, m)
#define T(m)	offsetof(struct thread_spec, m)
#define P(m)	offsetof(struct phase, m)
#define C(m)	offsetof(struct command_spec, m)

static const struct field scenario_fields[] = {
	{ "name", FT_NAME, S(name), 0, 0, NULL, 1 },
	{ "description", FT_TEXT, S(description), 0, 0, NULL, 1 },
	{ "duration", FT_DURATION, S(duration_ns), NSEC_PER_MSEC, SCN_MAX_DURATION, NULL, 1 },
	{ "cpus", FT_INT, S(cpus), 1, 8, NULL, 1 },
	{ "seed", FT_U64, S(seed), 0, 0, NULL, 1 },
	{ "latency_budget", FT_DURATION, S(latency_budget_ns), NSEC_PER_USEC,
	  10 * NSEC_PER_SEC, NULL, 1 },
	{ "settle", FT_DURATION, S(settle_ns), 0, 60 * NSEC_PER_SEC, NULL, 0 },
	{ "latency_qos", FT_ENUM, S(latency_qos), 0, 0, w_no_yes, 0 },
	{ .key = NULL }
};

static const struct field thread_fields[] = {
	[TF_CPU] = { "cpu", FT_INT, T(cpu), 0, 7, NULL, 0 },
	[TF_POLICY] = { "policy", FT_ENUM, T(policy), 0, 0, w_policy, 0 },
	[TF_PRIORITY] = { "priority", FT_INT, T(priority), 1, 99, NULL, 0 },
	[TF_NICE] = { "nice", FT_INT, T(nice), -20, 19, NULL, 0 },
	[TF_START] = { "start", FT_DURATION, T(start_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	[TF_BUSY_CLOCK] = { "busy_clock", FT_ENUM, T(busy_clock), 0, 0, w_busy_clock, 0 },
	{ .key = NULL }
};

const struct field phase_fields[] = {
	[PF_DURATION] = { "duration", FT_DURATION_REST, P(duration_ns), NSEC_PER_MSEC,
			  SCN_MAX_DURATION, NULL, 1 },
	[PF_ARRIVAL] = { "arrival", FT_ENUM, P(arrival), 0, 0, w_arrival, 1 },
	[PF_PERIOD] = { "period", FT_DURATION, P(period_ns), 10 * NSEC_PER_USEC,
			SCN_MAX_DURATION, NULL, 0 },
	[PF_MEAN_INTERVAL] = { "mean_interval", FT_DURATION, P(mean_interval_ns),
			       10 * NSEC_PER_USEC, SCN_MAX_DURATION, NULL, 0 },
	[PF_OFFSET] = { "offset", FT_DURATION, P(offset_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	[PF_BUSY] = { "busy", FT_DURATION, P(busy_ns), 0, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_DUTY] = { "duty", FT_PERCENT, P(duty_ppm), 0, 1000000, NULL, 0 },
	[PF_BUSY_DIST] = { "busy_dist", FT_ENUM, P(busy_dist), 0, 0, w_busy_dist, 0 },
	[PF_BUSY_MIN] = { "busy_min", FT_DURATION, P(busy_min_ns), 0, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_BUSY_MAX] = { "busy_max", FT_DURATION, P(busy_max_ns), 0, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_BURST] = { "burst", FT_INT, P(burst), 1, SCN_MAX_BURST, NULL, 0 },
	[PF_BURST_INTERVAL] = { "burst_interval", FT_DURATION, P(burst_interval_ns),
				10 * NSEC_PER_USEC, 10 * NSEC_PER_SEC, NULL, 0 },
	[PF_HW] = { "hw", FT_BATCH, P(hw), 0, 0, NULL, 0 },
	[PF_HW_BUSY] = { "hw_busy", FT_BATCH, P(hw_busy), 0, 0, NULL, 0 },
	[PF_HW_IDLE] = { "hw_idle", FT_BATCH, P(hw_idle), 0, 0, NULL, 0 },
	{ .key = NULL }
};

static const struct field command_fields[] = {
	[CF_RUN] = { "run", FT_ARGV, C(args), 0, 0, NULL, 1 },
	[CF_START] = { "start", FT_DURATION, C(start_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	[CF_ENDS] = { "ends", FT_ENUM, C(ends), 0, 0, w_no_yes, 0 },
	{ .key = NULL }
};

static void verr(struct parser *p, int line, const char *field, const char *fmt,
		 va_list ap)
{
	size_t n = 0;
	int r;

	if (p->failed)
		return;
	p->failed = 1;
	r = snprintf(p->err, p->errlen, "%s:%d: ", p->s->file, line);
	if (r > 0)
		n = (size_t)r < p->errlen ? (size_t)r : p->errlen;
	if (p->kind != SEC_NONE && n < p->errlen) {
		r = snprintf(p->err + n, p->errlen - n, "[%s%s%s]%s",
			     section_names[p->kind], p->sec_name[0] ? " " : "",
			     p->sec_name, field ? " " : ": ");
		if (r > 0)
			n += (size_t)r < p->errlen - n ? (size_t)r : p->errlen - n;
	}
	if (field && n < p->errlen) {
		r = snprintf(p->err + n, p->errlen - n, "%s: ", field);
		if (r > 0)
			n += (size_t)r < p->errlen - n ? (size_t)r : p->errlen - n;
	}
	if (n < p->errlen)
		vsnprintf(p->err + n, p->errlen - n, fmt, ap);
}

int perr(struct parser *p, int line, const char *field, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr(p, line, field, fmt, ap);
	va_end(ap);
	return -1;
}

static int name_used(struct parser *p, const char *name)
{
	int i;

	for (i = 0; i < p->s->nr_threads; i++)
		if (!strcmp(p->s->threads[i].name, name))
			return p->s->threads[i].line;
	for (i = 0; i < p->s->nr_commands; i++)
		if (!strcmp(p->s->commands[i].name, name))
			return p->s->commands[i].line;
	return 0;
}

static int begin_section(struct parser *p, char *h)
{
	char *name = strchr(h, ' ');
	enum section_kind k;
	int i, other;

	if (end_section(p))
		return -1;
	if (name) {
		*name++ = 0;
		while (*name == ' ' || *name == '\t')
			name++;
	}
	for (k = SEC_SCENARIO; k <= SEC_COMMAND; k++)
		if (!strcmp(h, section_names[k]))
			break;
	p->kind = SEC_NONE;
	p->sec_name[0] = 0;
	if (k > SEC_COMMAND)
		return perr(p, p->line, NULL,
			    "unknown section [%.32s]; expected scenario, model, thread NAME, phase NAME or command NAME",
			    h);
	if ((k == SEC_PHASE || k == SEC_THREAD || k == SEC_COMMAND) && (!name || !*name))
		return perr(p, p->line, NULL, "[%s] needs a name; expected [%s NAME]",
			    section_names[k], section_names[k]);
	if ((k == SEC_SCENARIO || k == SEC_MODEL) && name && *name)
		return perr(p, p->line, NULL, "[%s] takes no name; expected [%s]",
			    section_names[k], section_names[k]);
	if (name && parse_name(p, "section name", name, p->sec_name))
		return -1;
	if (!p->nr_sections++ && k != SEC_SCENARIO)
		return perr(p, p->line, NULL, "[%s] before [scenario]; expected [scenario] first",
			    section_names[k]);
	if (k != SEC_PHASE && p->thread) {
		p->kind = SEC_THREAD;
		snprintf(p->sec_name, sizeof(p->sec_name), "%s", p->thread->name);
		if (end_thread(p))
			return -1;
		p->thread = NULL;
		p->sec_name[0] = 0;
		if (name)
			snprintf(p->sec_name, sizeof(p->sec_name), "%s", name);
	}
	p->kind = k;
	p->sec_line = p->line;
	memset(p->seen, 0, sizeof(p->seen));

	switch (k) {
	case SEC_SCENARIO:
		if (p->have_scenario)
			return perr(p, p->line, NULL, "a second [scenario] section; expected one per file");
		p->have_scenario = 1;
		p->fields = scenario_fields;
		p->target = p->s;
		break;
	case SEC_MODEL:
		if (p->have_model)
			return perr(p, p->line, NULL, "a second [model]; expected at most one per file");
		p->have_model = 1;
		p->fields = NULL;
		p->target = NULL;
		p->s->model_line = p->line;
		if (!p->s->hw_line)
			p->s->hw_line = p->line;
		break;
	case SEC_THREAD: {
		struct thread_spec *t;

		other = name_used(p, name);
		if (other)
			return perr(p, p->line, NULL, "name '%s' already used on line %d; expected a new name",
				    name, other);
		if (p->s->nr_threads == SCN_MAX_THREADS)
			return perr(p, p->line, NULL, "more than %d threads", SCN_MAX_THREADS);
		t = &p->s->threads[p->s->nr_threads++];
		snprintf(t->name, sizeof(t->name), "%s", name);
		t->line = p->line;
		t->cpu = -1;
		p->thread = t;
		p->fields = thread_fields;
		p->target = t;
		break;
	}
	case SEC_PHASE: {
		struct thread_spec *t = p->thread;
		struct phase *ph;

		if (!t)
			return perr(p, p->line, NULL,
				    "outside a thread; expected it after the [thread] it belongs to");
		for (i = 0; i < t->nr_phases; i++)
			if (!strcmp(t->phases[i].name, name))
				return perr(p, p->line, NULL,
					    "thread '%s' already has a phase '%s' (line %d); expected a new name",
					    t->name, name, t->phases[i].line);
		if (t->nr_phases == SCN_MAX_PHASES)
			return perr(p, p->line, NULL, "thread '%s' has more than %d phases",
				    t->name, SCN_MAX_PHASES);
		ph = &t->phases[t->nr_phases++];
		snprintf(ph->name, sizeof(ph->name), "%s", name);
		ph->line = p->line;
		p->fields = phase_fields;
		p->target = ph;
		break;
	}
	case SEC_COMMAND: {
		struct command_spec *c;

		other = name_used(p, name);
		if (other)
			return perr(p, p->line, NULL, "name '%s' already used on line %d; expected a new name",
				    name, other);
		if (p->s->nr_commands == SCN_MAX_COMMANDS)
			return perr(p, p->line, NULL, "more than %d commands", SCN_MAX_COMMANDS);
		c = &p->s->commands[p->s->nr_commands++];
		snprintf(c->name, sizeof(c->name), "%s", name);
		c->line = p->line;
		p->fields = command_fields;
		p->target = c;
		break;
	}
	default:
		break;
	}
	return 0;
}

static int model_item(struct parser *p, const char *key, const char *v)
{
	char item[SCN_MAX_LINE + 2];

	/* one item through the batch syntax, then appended */
	snprintf(item, sizeof(item), "%s=%s", key, v);
	if (strlen(p->s->model) + strlen(item) + 1 > SCN_MAX_BATCH)
		return perr(p, p->line, key, "[model] longer than %d characters in all",
			    SCN_MAX_BATCH);
	if (strchr(v, ' ') || strchr(v, '\t'))
		return perr(p, p->line, key, "'%.40s' is not one value; expected a single number or word",
			    v);
	{
		char all[SCN_MAX_BATCH * 2 + 2];

		snprintf(all, sizeof(all), "%s%s%s", p->s->model, p->s->model[0] ? " " : "", item);
		return parse_batch(p, key, all, p->s->model);
	}
}

static int key_value(struct parser *p, char *l)
{
	const struct field *f;
	char *key = l, *v, *e;
	char q[48];
	int i;

	for (e = l; is_key_char(*e) || (*e == '.' && p->kind == SEC_MODEL); e++)
		;
	v = e;
	while (*v == ' ' || *v == '\t')
		v++;
	if (e == l || *v != '=') {
		if (p->kind == SEC_NONE)
			return perr(p, p->line, NULL, "%s before any section; expected [scenario] first",
				    quote(l, q, sizeof(q)));
		return perr(p, p->line, NULL,
			    "%s is not a setting; expected KEY = VALUE (keys are lower case letters, digits and '_')",
			    quote(l, q, sizeof(q)));
	}
	*e = 0;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	if (p->kind == SEC_NONE)
		return perr(p, p->line, key, "before any section; expected [scenario] first");
	if (!*v)
		return perr(p, p->line, key, "has no value; expected KEY = VALUE");
	if (p->kind == SEC_MODEL) {
		if (!(key[0] >= 'a' && key[0] <= 'z'))
			return perr(p, p->line, key, "not a control name; expected a lower case letter first");
		return model_item(p, key, v);
	}
	for (i = 0, f = p->fields; f->key; f++, i++) {
		if (strcmp(f->key, key))
			continue;
		if (p->seen[i])
			return perr(p, p->line, key, "set twice (first on line %d); expected once",
				    p->seen[i]);
		p->seen[i] = p->line;
		if (f->type == FT_BATCH && !p->s->hw_line)
			p->s->hw_line = p->line;
		return set_field(p, f, v);
	}
	{
		char list[400];
		size_t n = 0;

		for (f = p->fields; f->key && n < sizeof(list); f++)
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
					      f == p->fields ? "" : ", ", f->key);
		return perr(p, p->line, key, "unknown key; expected one of: %s", list);
	}
}

/* Errors in the text itself name no section: they are not about one. */
__attribute__((format(printf, 3, 4)))
static int lexerr(struct parser *p, int line, const char *fmt, ...)
{
	va_list ap;

	p->kind = SEC_NONE;
	va_start(ap, fmt);
	verr(p, line, NULL, fmt, ap);
	va_end(ap);
	return -1;
}

static int do_line(struct parser *p, char *l, size_t len)
{
	char *c, *end;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)l[i];

		if (ch == 0)
			return lexerr(p, p->line, "NUL byte at column %zu; expected text", i + 1);
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return lexerr(p, p->line,
				    "control character 0x%02x at column %zu; expected text (and Unix line ends)",
				    ch, i + 1);
	}
	l[len] = 0;
	/* comments: '#' first on the line or after a blank */
	for (c = l; *c; c++)
		if (*c == '#' && (c == l || c[-1] == ' ' || c[-1] == '\t')) {
			*c = 0;
			break;
		}
	while (*l == ' ' || *l == '\t')
		l++;
	end = l + strlen(l);
	while (end > l && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = 0;
	if (!*l)
		return 0;
	if (*l == '[') {
		if (end[-1] != ']')
			return lexerr(p, p->line,
				      "section header without ']'; expected [KIND] or [KIND NAME]");
		*--end = 0;
		l++;
		while (*l == ' ' || *l == '\t')
			l++;
		while (end > l && (end[-1] == ' ' || end[-1] == '\t'))
			*--end = 0;
		for (c = l; *c; c++)
			if (*c == '\t')
				*c = ' ';
		return begin_section(p, l);
	}
	return key_value(p, l);
}

int scenario_parse(struct scenario *s, const char *file, const char *buf,
		   size_t len, char *err, size_t errlen)
{
	struct parser p = { .s = s, .err = err, .errlen = errlen };
	char line[SCN_MAX_LINE + 2];
	size_t at = 0;

	memset(s, 0, sizeof(*s));
	snprintf(s->file, sizeof(s->file), "%s", file);
	if (errlen)
		err[0] = 0;

	while (at < len && !p.failed) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (buf + at)) : len - at;
		size_t copy = n > SCN_MAX_LINE + 1 ? SCN_MAX_LINE + 1 : n;

		p.line++;
		if (!nl) {
			lexerr(&p, p.line,
			       "the last line has no newline: the file looks truncated; expected it to end with a newline");
			break;
		}
		memcpy(line, buf + at, copy);
		line[copy] = 0;
		if (n > SCN_MAX_LINE) {
			lexerr(&p, p.line, "line is %zu characters long; expected at most %d",
			       n, SCN_MAX_LINE);
			break;
		}
		do_line(&p, line, copy);
		at += n + 1;
	}
	if (p.failed)
		return -1;
	if (!p.have_scenario) {
		p.kind = SEC_NONE;
		return perr(&p, p.line ? p.line : 1, NULL,
			    "no [scenario] section; expected a file starting with [scenario]");
	}
	if (end_section(&p))
		return -1;
	if (p.thread) {
		p.kind = SEC_THREAD;
		snprintf(p.sec_name, sizeof(p.sec_name), "%s", p.thread->name);
		if (end_thread(&p))
			return -1;
	}
	if (!s->nr_threads && !s->nr_commands) {
		p.kind = SEC_NONE;
		return perr(&p, p.line, NULL,
			    "no [thread] or [command] section; expected at least one");
	}
	return 0;
}

int scenario_load(struct scenario *s, const char *path, char *err, size_t errlen)
{
	struct stat st;
	char *buf;
	ssize_t n;
	size_t got = 0;
	int fd, r;

	fd = open(path, O_RDONLY);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		close(fd);
		return -1;
	}
	if (st.st_size > MAX_FILE_SIZE) {
		snprintf(err, errlen, "%s: %lld bytes; expected a scenario of at most %d",
			 path, (long long)st.st_size, MAX_FILE_SIZE);
		close(fd);
		return -1;
	}
	buf = malloc((size_t)st.st_size + 1);
	if (!buf) {
		snprintf(err, errlen, "%s: out of memory", path);
		close(fd);
		return -1;
	}
	while (got < (size_t)st.st_size) {
		n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	if (got != (size_t)st.st_size) {
		snprintf(err, errlen, "%s: short read", path);
		free(buf);
		return -1;
	}
	r = scenario_parse(s, path, buf, got, err, errlen);
	free(buf);
	return r;
}
