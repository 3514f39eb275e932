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

#include "scenario.h"

#define MAX_FIELDS	32
#define MAX_FILE_SIZE	(256 * 1024)

enum section_kind {
	SEC_NONE,
	SEC_SCENARIO,
	SEC_MODEL,
	SEC_THREAD,
	SEC_PHASE,
	SEC_COMMAND,
};

static const char *const section_names[] = {
	[SEC_NONE] = "",
	[SEC_SCENARIO] = "scenario",
	[SEC_MODEL] = "model",
	[SEC_THREAD] = "thread",
	[SEC_PHASE] = "phase",
	[SEC_COMMAND] = "command",
};

enum field_type {
	FT_NAME,	/* [A-Za-z0-9][A-Za-z0-9_.-]* */
	FT_TEXT,	/* printable text */
	FT_DURATION,	/* 10ms, 16.7ms, 500us, 2s */
	FT_DURATION_REST, /* a duration or "rest" */
	FT_INT,
	FT_U64,		/* decimal or 0x hex */
	FT_PERCENT,	/* 25%, 12.5% -> parts per million */
	FT_ENUM,
	FT_BATCH,	/* name=value name=value */
	FT_ARGV,	/* words */
};

struct field {
	const char *key;
	enum field_type type;
	size_t off;
	int64_t min, max;
	const char *const *words;	/* FT_ENUM, NULL-terminated */
	int required;
};

static const char *const w_arrival[] = { "none", "periodic", "exponential", NULL };
static const char *const w_busy_dist[] = { "fixed", "uniform", "exponential", NULL };
static const char *const w_policy[] = { "other", "fifo", "rr", NULL };
static const char *const w_busy_clock[] = { "cpu", "wall", NULL };

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
	{ .key = NULL }
};

enum { TF_CPU, TF_POLICY, TF_PRIORITY, TF_NICE };

static const struct field thread_fields[] = {
	{ "cpu", FT_INT, T(cpu), 0, 7, NULL, 0 },
	{ "policy", FT_ENUM, T(policy), 0, 0, w_policy, 0 },
	{ "priority", FT_INT, T(priority), 1, 99, NULL, 0 },
	{ "nice", FT_INT, T(nice), -20, 19, NULL, 0 },
	{ "start", FT_DURATION, T(start_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	{ "busy_clock", FT_ENUM, T(busy_clock), 0, 0, w_busy_clock, 0 },
	{ .key = NULL }
};

enum {	/* indices into phase_fields, for the cross-field checks */
	PF_DURATION, PF_ARRIVAL, PF_PERIOD, PF_MEAN_INTERVAL, PF_OFFSET,
	PF_BUSY, PF_DUTY, PF_BUSY_DIST, PF_BUSY_MIN, PF_BUSY_MAX, PF_BURST,
	PF_BURST_INTERVAL, PF_HW, PF_HW_BUSY, PF_HW_IDLE,
};

static const struct field phase_fields[] = {
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
	{ "run", FT_ARGV, C(args), 0, 0, NULL, 1 },
	{ "start", FT_DURATION, C(start_ns), 0, SCN_MAX_DURATION, NULL, 0 },
	{ .key = NULL }
};

struct parser {
	struct scenario *s;
	char *err;
	size_t errlen;
	int failed;
	int line;
	enum section_kind kind;
	char sec_name[SCN_MAX_NAME + 1];
	int sec_line;
	const struct field *fields;
	void *target;
	int seen[MAX_FIELDS];		/* line each field was set on, 0: unset */
	struct thread_spec *thread;
	int nr_sections;
	int have_scenario, have_model;
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

__attribute__((format(printf, 4, 5)))
static int perr(struct parser *p, int line, const char *field, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr(p, line, field, fmt, ap);
	va_end(ap);
	return -1;
}

/* A value quoted for a message: at most 40 characters of it. */
static const char *quote(const char *v, char *buf, size_t len)
{
	size_t n = strlen(v);

	if (n > 40)
		snprintf(buf, len, "'%.37s...'", v);
	else
		snprintf(buf, len, "'%s'", v);
	return buf;
}

void scn_format_duration(int64_t ns, char *buf, size_t len)
{
	static const struct { const char *unit; int64_t mul; } u[] = {
		{ "s", NSEC_PER_SEC }, { "ms", NSEC_PER_MSEC }, { "us", NSEC_PER_USEC },
		{ "ns", 1 },
	};
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		if (ns < u[i].mul && u[i].mul > 1)
			continue;
		if (ns % u[i].mul == 0) {
			snprintf(buf, len, "%lld%s", (long long)(ns / u[i].mul), u[i].unit);
		} else {
			char frac[16];
			int64_t f = ns % u[i].mul, m = u[i].mul;
			int k = 0;

			while (m > 1 && f) {
				m /= 10;
				frac[k++] = (char)('0' + f / m);
				f %= m;
			}
			frac[k] = 0;
			snprintf(buf, len, "%lld.%s%s", (long long)(ns / u[i].mul), frac,
				 u[i].unit);
		}
		return;
	}
	snprintf(buf, len, "0s");
}

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
	       c == '_' || c == '.' || c == '-';
}

static int is_key_char(char c)
{
	return (c >= 'a' && c <= 'z') || is_digit(c) || c == '_';
}

/*
 * Decimal number with at most MAXFRAC fraction digits, scaled by
 * 10^MAXFRAC; *end is left at the first character after it.
 * Returns -1 on no digits, -2 on too many fraction digits, -3 on overflow.
 */
static int parse_fixed(const char *v, int maxfrac, int64_t *out, const char **end)
{
	int64_t x = 0, limit = INT64_MAX / 10 - 9;
	int digits = 0, frac = 0, i;
	const char *c = v;

	for (i = 0; i < maxfrac; i++)
		limit /= 10;
	for (; is_digit(*c); c++, digits++) {
		if (x > limit)
			return -3;
		x = x * 10 + (*c - '0');
	}
	if (!digits)
		return -1;
	if (*c == '.') {
		c++;
		if (!is_digit(*c))
			return -1;
		for (; is_digit(*c); c++) {
			if (++frac > maxfrac)
				return -2;
			x = x * 10 + (*c - '0');
		}
	}
	for (; frac < maxfrac; frac++)
		x *= 10;
	*out = x;
	*end = c;
	return 0;
}

static int parse_duration(struct parser *p, const char *key, const char *v,
			  int64_t *out)
{
	static const struct { const char *unit; int64_t mul; int frac; } u[] = {
		{ "ns", 1, 0 }, { "us", NSEC_PER_USEC, 3 }, { "ms", NSEC_PER_MSEC, 6 },
		{ "s", NSEC_PER_SEC, 9 },
	};
	const char *end;
	char q[48];
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		const char *e = v + strlen(v) - strlen(u[i].unit);
		int64_t x;
		int r;

		if (e <= v || strcmp(e, u[i].unit) || (u[i].mul == NSEC_PER_SEC &&
		    (e[-1] == 'n' || e[-1] == 'u' || e[-1] == 'm')))
			continue;
		r = parse_fixed(v, u[i].frac, &x, &end);
		if (r == -2)
			return perr(p, p->line, key, "%s is finer than 1ns; expected a whole number of nanoseconds",
				    quote(v, q, sizeof(q)));
		if (r == -3)
			return perr(p, p->line, key, "%s is too large; expected at most 1h",
				    quote(v, q, sizeof(q)));
		if (r || end != e)
			break;
		/* x is in units of 10^-frac of the unit, i.e. ns */
		if (x > SCN_MAX_DURATION * 10)
			return perr(p, p->line, key, "%s is too large; expected at most 1h",
				    quote(v, q, sizeof(q)));
		*out = x;
		return 0;
	}
	return perr(p, p->line, key,
		    "%s is not a duration; expected a number and a unit, such as 10ms or 16.7ms (units: ns, us, ms, s)",
		    quote(v, q, sizeof(q)));
}

static int parse_int(struct parser *p, const char *key, const char *v, int64_t *out)
{
	const char *c = v;
	int64_t x = 0;
	int neg = 0;
	char q[48];

	if (*c == '-' || *c == '+')
		neg = *c++ == '-';
	if (!is_digit(*c))
		goto bad;
	for (; is_digit(*c); c++) {
		if (x > 1000000000000LL)
			return perr(p, p->line, key, "%s is too large", quote(v, q, sizeof(q)));
		x = x * 10 + (*c - '0');
	}
	if (*c)
		goto bad;
	*out = neg ? -x : x;
	return 0;
bad:
	return perr(p, p->line, key, "%s is not an integer; expected a decimal integer",
		    quote(v, q, sizeof(q)));
}

static int parse_u64(struct parser *p, const char *key, const char *v, uint64_t *out)
{
	uint64_t x = 0;
	const char *c = v;
	char q[48];

	if (c[0] == '0' && (c[1] == 'x' || c[1] == 'X')) {
		int n = 0;

		for (c += 2; *c; c++, n++) {
			int d;

			if (is_digit(*c))
				d = *c - '0';
			else if (*c >= 'a' && *c <= 'f')
				d = *c - 'a' + 10;
			else if (*c >= 'A' && *c <= 'F')
				d = *c - 'A' + 10;
			else
				goto bad;
			if (n == 16)
				goto big;
			x = x << 4 | (uint64_t)d;
		}
		if (!n)
			goto bad;
	} else {
		if (!is_digit(*c))
			goto bad;
		for (; *c; c++) {
			if (!is_digit(*c))
				goto bad;
			if (x > (UINT64_MAX - (uint64_t)(*c - '0')) / 10)
				goto big;
			x = x * 10 + (uint64_t)(*c - '0');
		}
	}
	*out = x;
	return 0;
bad:
	return perr(p, p->line, key,
		    "%s is not an unsigned integer; expected decimal or 0x hexadecimal",
		    quote(v, q, sizeof(q)));
big:
	return perr(p, p->line, key, "%s does not fit in 64 bits", quote(v, q, sizeof(q)));
}

static int parse_percent(struct parser *p, const char *key, const char *v, int64_t *out)
{
	const char *end;
	int64_t x;
	char q[48];
	int r;

	r = parse_fixed(v, 4, &x, &end);
	if (r == -2)
		return perr(p, p->line, key, "%s has more than 4 decimals", quote(v, q, sizeof(q)));
	if (r || strcmp(end, "%"))
		return perr(p, p->line, key, "%s is not a percentage; expected a number and '%%', such as 25%%",
			    quote(v, q, sizeof(q)));
	*out = x;	/* 10^-4 percent = parts per million */
	return 0;
}

static int parse_name(struct parser *p, const char *key, const char *v, char *out)
{
	size_t n = strlen(v), i;
	char q[48];

	if (!n || n > SCN_MAX_NAME || v[0] == '-' || v[0] == '.')
		goto bad;
	for (i = 0; i < n; i++)
		if (!is_name_char(v[i]))
			goto bad;
	memcpy(out, v, n + 1);
	return 0;
bad:
	return perr(p, p->line, key,
		    "%s is not a name; expected 1 to %d letters, digits, '_', '.' or '-', not starting with '-' or '.'",
		    quote(v, q, sizeof(q)), SCN_MAX_NAME);
}

static int parse_text(struct parser *p, const char *key, const char *v, char *out)
{
	size_t n = strlen(v);

	if (n > SCN_MAX_TEXT)
		return perr(p, p->line, key, "%zu characters long; expected at most %d", n,
			    SCN_MAX_TEXT);
	memcpy(out, v, n + 1);
	return 0;
}

static int parse_enum(struct parser *p, const char *key, const char *v,
		      const char *const *words, int *out)
{
	char list[128] = "", q[48];
	size_t n = 0;
	int i;

	for (i = 0; words[i]; i++) {
		if (!strcmp(v, words[i])) {
			*out = i;
			return 0;
		}
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? ", " : "", words[i]);
		if (n >= sizeof(list))
			n = sizeof(list) - 1;
	}
	return perr(p, p->line, key, "%s is not allowed; expected one of: %s",
		    quote(v, q, sizeof(q)), list);
}

/*
 * "name=value name=value": a batch for the sim driver's controls, normalised
 * to single spaces.  Names are [a-z][a-z0-9_.]*, values [A-Za-z0-9_.+-]+;
 * no name twice.  The names themselves are the sim driver's to check.
 */
static int parse_batch(struct parser *p, const char *key, const char *v, char *out)
{
	const char *c = v;
	size_t n = 0;
	char q[48];

	out[0] = 0;
	while (*c) {
		const char *name = c, *val, *tok;
		size_t nl, tl;

		while (*c == ' ' || *c == '\t')
			c++;
		if (!*c)
			break;
		tok = name = c;
		if (!(*c >= 'a' && *c <= 'z'))
			goto bad;
		while (is_key_char(*c) || *c == '.')
			c++;
		nl = (size_t)(c - name);
		if (*c != '=')
			goto bad;
		val = ++c;
		while (is_name_char(*c) || *c == '+')
			c++;
		if (c == val || (*c && *c != ' ' && *c != '\t'))
			goto bad;
		tl = (size_t)(c - tok);
		/* no control twice in one batch */
		{
			const char *o = out;

			while (*o) {
				const char *eq = strchr(o, '=');

				if ((size_t)(eq - o) == nl && !memcmp(o, name, nl)) {
					char nm[SCN_MAX_NAME + 8];

					snprintf(nm, sizeof(nm), "%.*s", (int)(nl > 32 ? 32 : nl), name);
					return perr(p, p->line, key,
						    "control '%s' is set twice; expected each control at most once per batch",
						    nm);
				}
				o = strchr(o, ' ');
				if (!o)
					break;
				o++;
			}
		}
		if (n + tl + 1 > SCN_MAX_BATCH)
			return perr(p, p->line, key, "batch longer than %d characters",
				    SCN_MAX_BATCH);
		if (n)
			out[n++] = ' ';
		memcpy(out + n, tok, tl);
		n += tl;
		out[n] = 0;
	}
	if (!n)
		goto bad;
	return 0;
bad:
	{
		char tokbuf[48];
		const char *e = c;

		while (*e && *e != ' ' && *e != '\t')
			e++;
		while (c > v && c[-1] != ' ' && c[-1] != '\t')
			c--;
		snprintf(tokbuf, sizeof(tokbuf), "%.*s", (int)(e - c > 40 ? 40 : e - c), c);
		return perr(p, p->line, key,
			    "%s is not a control setting; expected name=value items such as 'dma=1 opp=2'",
			    quote(*tokbuf ? tokbuf : v, q, sizeof(q)));
	}
}

static int parse_argv(struct parser *p, const char *key, const char *v,
		      struct command_spec *cmd)
{
	char *c;

	snprintf(cmd->args, sizeof(cmd->args), "%s", v);
	cmd->argc = 0;
	for (c = cmd->args; *c;) {
		while (*c == ' ' || *c == '\t')
			*c++ = 0;
		if (!*c)
			break;
		if (cmd->argc == SCN_MAX_ARGV)
			return perr(p, p->line, key, "more than %d words", SCN_MAX_ARGV);
		cmd->argv[cmd->argc++] = c;
		while (*c && *c != ' ' && *c != '\t')
			c++;
	}
	cmd->argv[cmd->argc] = NULL;
	return 0;
}

static int set_field(struct parser *p, const struct field *f, const char *v)
{
	char *t = (char *)p->target + f->off;
	int64_t x = 0;
	char q[48], a[32], b[32];
	int e = 0;

	switch (f->type) {
	case FT_NAME:
		return parse_name(p, f->key, v, t);
	case FT_TEXT:
		return parse_text(p, f->key, v, t);
	case FT_U64:
		return parse_u64(p, f->key, v, (uint64_t *)t);
	case FT_ENUM:
		if (parse_enum(p, f->key, v, f->words, &e))
			return -1;
		*(int *)t = e;
		return 0;
	case FT_BATCH:
		return parse_batch(p, f->key, v, t);
	case FT_ARGV:
		return parse_argv(p, f->key, v, p->target);
	case FT_INT:
		if (parse_int(p, f->key, v, &x))
			return -1;
		if (x < f->min || x > f->max)
			return perr(p, p->line, f->key, "%lld is out of range; expected %lld to %lld",
				    (long long)x, (long long)f->min, (long long)f->max);
		*(int *)t = (int)x;
		return 0;
	case FT_PERCENT:
		if (parse_percent(p, f->key, v, &x))
			return -1;
		if (x <= f->min || x > f->max)
			return perr(p, p->line, f->key, "%s is out of range; expected more than 0%% and at most 100%%",
				    quote(v, q, sizeof(q)));
		*(int64_t *)t = x;
		return 0;
	case FT_DURATION_REST:
		if (!strcmp(v, "rest")) {
			((struct phase *)p->target)->rest = 1;
			return 0;
		}
		/* fall through */
	case FT_DURATION:
		if (parse_duration(p, f->key, v, &x))
			return -1;
		if (x < f->min || x > f->max) {
			scn_format_duration(f->min, a, sizeof(a));
			scn_format_duration(f->max, b, sizeof(b));
			return perr(p, p->line, f->key, "%s is out of range; expected %s to %s%s",
				    quote(v, q, sizeof(q)), a, b,
				    f->type == FT_DURATION_REST ? ", or rest" : "");
		}
		*(int64_t *)t = x;
		return 0;
	}
	return -1;
}

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
				return perr(p, seen(p, only_active[i]),
					    phase_fields[only_active[i]].key,
					    "not allowed with arrival = none; expected arrival = periodic or exponential");
		return 0;
	}
	if (ph->arrival == ARRIVAL_PERIODIC) {
		if (!seen(p, PF_PERIOD))
			return perr(p, p->sec_line, "period",
				    "missing; required with arrival = periodic (a duration such as 10ms)");
		if (seen(p, PF_MEAN_INTERVAL))
			return perr(p, seen(p, PF_MEAN_INTERVAL), "mean_interval",
				    "only with arrival = exponential; expected period");
		if (ph->offset_ns >= ph->period_ns)
			return perr(p, seen(p, PF_OFFSET), "offset",
				    "not shorter than the period; expected less than the period");
	} else {
		if (!seen(p, PF_MEAN_INTERVAL))
			return perr(p, p->sec_line, "mean_interval",
				    "missing; required with arrival = exponential (a duration such as 20ms)");
		for (i = PF_PERIOD; i <= PF_OFFSET; i++)
			if (i != PF_MEAN_INTERVAL && seen(p, i))
				return perr(p, seen(p, i), phase_fields[i].key,
					    "only with arrival = periodic; expected mean_interval");
		if (seen(p, PF_DUTY))
			return perr(p, seen(p, PF_DUTY), "duty",
				    "only with arrival = periodic; expected busy");
	}

	switch (ph->busy_dist) {
	case BUSY_FIXED:
		if (seen(p, PF_BUSY) && seen(p, PF_DUTY))
			return perr(p, seen(p, PF_DUTY), "duty",
				    "given with busy; expected one of busy or duty");
		if (!seen(p, PF_BUSY) && !seen(p, PF_DUTY))
			return perr(p, p->sec_line, "busy",
				    "missing; expected busy (a duration, 0us for bare wake-ups) or duty (a percentage of the period)");
		for (i = PF_BUSY_MIN; i <= PF_BUSY_MAX; i++)
			if (seen(p, i))
				return perr(p, seen(p, i), phase_fields[i].key,
					    "only with busy_dist = uniform or exponential");
		if (seen(p, PF_DUTY))
			ph->busy_ns = (int64_t)((__int128)ph->period_ns * ph->duty_ppm / 1000000);
		maxbusy = ph->busy_ns;
		break;
	case BUSY_UNIFORM:
		for (i = PF_BUSY; i <= PF_DUTY; i++)
			if (seen(p, i))
				return perr(p, seen(p, i), phase_fields[i].key,
					    "not with busy_dist = uniform; expected busy_min and busy_max");
		for (i = PF_BUSY_MIN; i <= PF_BUSY_MAX; i++)
			if (!seen(p, i))
				return perr(p, p->sec_line, phase_fields[i].key,
					    "missing; required with busy_dist = uniform");
		if (ph->busy_min_ns > ph->busy_max_ns)
			return perr(p, seen(p, PF_BUSY_MAX), "busy_max",
				    "less than busy_min; expected busy_min <= busy_max");
		maxbusy = ph->busy_max_ns;
		break;
	default:
		if (seen(p, PF_DUTY))
			return perr(p, seen(p, PF_DUTY), "duty",
				    "not with busy_dist = exponential; expected busy (the mean)");
		if (!seen(p, PF_BUSY))
			return perr(p, p->sec_line, "busy",
				    "missing; required with busy_dist = exponential (the mean)");
		if (seen(p, PF_BUSY_MIN))
			return perr(p, seen(p, PF_BUSY_MIN), "busy_min",
				    "not with busy_dist = exponential; expected busy and busy_max");
		if (!seen(p, PF_BUSY_MAX)) {
			ph->busy_max_ns = 10 * ph->busy_ns;
		} else if (ph->busy_max_ns < ph->busy_ns) {
			return perr(p, seen(p, PF_BUSY_MAX), "busy_max",
				    "less than the mean busy; expected busy_max >= busy");
		}
		maxbusy = ph->busy_max_ns;
		break;
	}

	if (!seen(p, PF_BURST))
		ph->burst = 1;
	if (ph->burst > 1 && !seen(p, PF_BURST_INTERVAL))
		return perr(p, p->sec_line, "burst_interval",
			    "missing; required with burst > 1 (start to start, such as 16.7ms)");
	if (ph->burst == 1 && seen(p, PF_BURST_INTERVAL))
		return perr(p, seen(p, PF_BURST_INTERVAL), "burst_interval",
			    "given without burst; expected burst > 1 with it");
	if (ph->burst > 1 && maxbusy > ph->burst_interval_ns) {
		scn_format_duration(maxbusy, a, sizeof(a));
		return perr(p, seen(p, PF_BURST_INTERVAL), "burst_interval",
			    "shorter than the longest busy time (%s); expected at least that", a);
	}
	span = (int64_t)(ph->burst - 1) * ph->burst_interval_ns + maxbusy;
	if (ph->arrival == ARRIVAL_PERIODIC && span > ph->period_ns) {
		scn_format_duration(span, a, sizeof(a));
		scn_format_duration(ph->period_ns, b, sizeof(b));
		return perr(p, seen(p, PF_PERIOD), "period",
			    "%s is shorter than one activation (%s of busy time%s); expected at least that",
			    b, a, ph->burst > 1 ? " and bursts" : "");
	}
	if (!ph->rest && ph->arrival == ARRIVAL_PERIODIC && ph->period_ns > ph->duration_ns) {
		scn_format_duration(ph->duration_ns, a, sizeof(a));
		return perr(p, seen(p, PF_PERIOD), "period",
			    "longer than the phase (%s); expected at most the phase's duration", a);
	}
	return 0;
}

/* Checks of a [thread] and its phases, once its last [phase] has ended. */
static int end_thread(struct parser *p)
{
	struct thread_spec *t = p->thread;
	int64_t at = t->start_ns, end = p->s->duration_ns;
	char a[32], b[32];
	int i;

	if (!t->nr_phases)
		return perr(p, t->line, NULL, "no [phase] section; expected at least one after the [thread]");
	for (i = 0; i < t->nr_phases; i++) {
		struct phase *ph = &t->phases[i];

		ph->start_ns = at;
		if (ph->rest) {
			if (i != t->nr_phases - 1)
				return perr(p, ph->line, NULL,
					    "phase '%s' has duration = rest but is not the last phase; expected rest only on the last",
					    ph->name);
			if (at >= end)
				return perr(p, ph->line, NULL,
					    "phase '%s' (duration = rest) starts at the scenario's end; expected earlier phases to leave time",
					    ph->name);
			ph->duration_ns = end - at;
			if (ph->arrival == ARRIVAL_PERIODIC && ph->period_ns > ph->duration_ns) {
				scn_format_duration(ph->duration_ns, a, sizeof(a));
				return perr(p, ph->line, NULL,
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
		return perr(p, t->line, NULL,
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
		return perr(p, p->seen[TF_CPU], "cpu",
			    "%d is not a CPU of this scenario (cpus = %d); expected 0 to %d",
			    t->cpu, p->s->cpus, p->s->cpus - 1);
	if (t->policy != POLICY_OTHER && !p->seen[TF_PRIORITY])
		return perr(p, p->sec_line, "priority", "missing; required with policy = %s (1 to 99)",
			    w_policy[t->policy]);
	if (t->policy == POLICY_OTHER && p->seen[TF_PRIORITY])
		return perr(p, p->seen[TF_PRIORITY], "priority",
			    "only with policy = fifo or rr; expected no priority with policy = other");
	if (t->policy != POLICY_OTHER && p->seen[TF_NICE])
		return perr(p, p->seen[TF_NICE], "nice", "only with policy = other; expected no nice with policy = %s",
			    w_policy[t->policy]);
	return 0;
}

/* The section that just ended: required fields and cross checks. */
static int end_section(struct parser *p)
{
	const struct field *f;
	int i;

	if (p->kind == SEC_NONE)
		return 0;
	for (i = 0, f = p->fields; f && f->key; f++, i++)
		if (f->required && !p->seen[i])
			return perr(p, p->sec_line, f->key, "missing; this field is required");
	switch (p->kind) {
	case SEC_THREAD:
		return end_thread_fields(p);
	case SEC_PHASE:
		return end_phase(p);
	case SEC_COMMAND: {
		struct command_spec *c = p->target;

		if (c->start_ns >= p->s->duration_ns)
			return perr(p, p->seen[1], "start",
				    "at or after the scenario's end; expected less than its duration");
		return 0;
	}
	default:
		return 0;
	}
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

void scenario_describe(const struct scenario *s, char *buf, size_t len)
{
	char d[32];

	scn_format_duration(s->duration_ns, d, sizeof(d));
	snprintf(buf, len, "%s: %s (%s, %d CPU%s, seed %llu)", s->name, s->description, d,
		 s->cpus, s->cpus == 1 ? "" : "s", (unsigned long long)s->seed);
}
