// SPDX-License-Identifier: GPL-2.0
/*
 * One value of a scenario file into its field: the value parsers, each
 * strict about its type and saying what it expected, and set_field(),
 * which picks one by the field table's type and checks the range.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "control-ranges.h"
#include "scenario-parser.h"

static int is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static int is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) ||
	       c == '_' || c == '.' || c == '-';
}

int is_key_char(char c)
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
			return ini_err(&p->in, p->in.line, key, "%s is finer than 1ns; expected a whole number of nanoseconds",
				    ini_quote(v, q, sizeof(q)));
		if (r == -3)
			return ini_err(&p->in, p->in.line, key, "%s is too large; expected at most 1h",
				    ini_quote(v, q, sizeof(q)));
		if (r || end != e)
			break;
		/* x is in units of 10^-frac of the unit, i.e. ns */
		if (x > SCN_MAX_DURATION * 10)
			return ini_err(&p->in, p->in.line, key, "%s is too large; expected at most 1h",
				    ini_quote(v, q, sizeof(q)));
		*out = x;
		return 0;
	}
	return ini_err(&p->in, p->in.line, key,
		    "%s is not a duration; expected a number and a unit, such as 10ms or 16.7ms (units: ns, us, ms, s)",
		    ini_quote(v, q, sizeof(q)));
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
			return ini_err(&p->in, p->in.line, key, "%s is too large", ini_quote(v, q, sizeof(q)));
		x = x * 10 + (*c - '0');
	}
	if (*c)
		goto bad;
	*out = neg ? -x : x;
	return 0;
bad:
	return ini_err(&p->in, p->in.line, key, "%s is not an integer; expected a decimal integer",
		    ini_quote(v, q, sizeof(q)));
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
	return ini_err(&p->in, p->in.line, key,
		    "%s is not an unsigned integer; expected decimal or 0x hexadecimal",
		    ini_quote(v, q, sizeof(q)));
big:
	return ini_err(&p->in, p->in.line, key, "%s does not fit in 64 bits", ini_quote(v, q, sizeof(q)));
}

static int parse_percent(struct parser *p, const char *key, const char *v, int64_t *out)
{
	const char *end;
	int64_t x;
	char q[48];
	int r;

	r = parse_fixed(v, 4, &x, &end);
	if (r == -2)
		return ini_err(&p->in, p->in.line, key, "%s has more than 4 decimals", ini_quote(v, q, sizeof(q)));
	if (r || strcmp(end, "%"))
		return ini_err(&p->in, p->in.line, key, "%s is not a percentage; expected a number and '%%', such as 25%%",
			    ini_quote(v, q, sizeof(q)));
	*out = x;	/* 10^-4 percent = parts per million */
	return 0;
}

int parse_name(struct parser *p, const char *key, const char *v, char *out)
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
	return ini_err(&p->in, p->in.line, key,
		    "%s is not a name; expected 1 to %d letters, digits, '_', '.' or '-', not starting with '-' or '.'",
		    ini_quote(v, q, sizeof(q)), SCN_MAX_NAME);
}

static int parse_text(struct parser *p, const char *key, const char *v, char *out)
{
	size_t n = strlen(v);

	if (n > SCN_MAX_TEXT)
		return ini_err(&p->in, p->in.line, key, "%zu characters long; expected at most %d", n,
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
	return ini_err(&p->in, p->in.line, key, "%s is not allowed; expected one of: %s",
		    ini_quote(v, q, sizeof(q)), list);
}

/*
 * "name=value name=value": a batch for the sim driver's controls, normalised
 * to single spaces.  Names are [a-z][a-z0-9_.]*, values [A-Za-z0-9_.+-]+;
 * no name twice.  The names themselves are the sim driver's to check.
 */
int parse_batch(struct parser *p, const char *key, const char *v, char *out)
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
		/* '%': an operating point as a share of the fastest, "opp=80%" */
		while (is_name_char(*c) || *c == '+' || (*c == '%' && c > val))
			c++;
		if (c == val || (*c && *c != ' ' && *c != '\t'))
			goto bad;
		tl = (size_t)(c - tok);
		if (scenario_controls) {
			char nm[CR_NAME_LEN + 1], vl[SCN_MAX_BATCH + 1], msg[SCN_MAX_ERR / 2];

			snprintf(nm, sizeof(nm), "%.*s", (int)nl, name);
			snprintf(vl, sizeof(vl), "%.*s", (int)(c - val), val);
			if (control_ranges_check(scenario_controls, nm, vl, msg, sizeof(msg)))
				return ini_err(&p->in, p->in.line, key, "%s", msg);
		}
		/* no control twice in one batch */
		{
			const char *o = out;

			while (*o) {
				const char *eq = strchr(o, '=');

				if ((size_t)(eq - o) == nl && !memcmp(o, name, nl)) {
					char nm[SCN_MAX_NAME + 8];

					snprintf(nm, sizeof(nm), "%.*s", (int)(nl > 32 ? 32 : nl), name);
					return ini_err(&p->in, p->in.line, key,
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
			return ini_err(&p->in, p->in.line, key, "batch longer than %d characters",
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
		return ini_err(&p->in, p->in.line, key,
			    "%s is not a control setting; expected name=value items such as 'dma=1 opp=2'",
			    ini_quote(*tokbuf ? tokbuf : v, q, sizeof(q)));
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
			return ini_err(&p->in, p->in.line, key, "more than %d words", SCN_MAX_ARGV);
		cmd->argv[cmd->argc++] = c;
		while (*c && *c != ' ' && *c != '\t')
			c++;
	}
	cmd->argv[cmd->argc] = NULL;
	return 0;
}

int set_field(struct parser *p, const struct field *f, const char *v)
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
			return ini_err(&p->in, p->in.line, f->key, "%lld is out of range; expected %lld to %lld",
				    (long long)x, (long long)f->min, (long long)f->max);
		*(int *)t = (int)x;
		return 0;
	case FT_PERCENT:
		if (parse_percent(p, f->key, v, &x))
			return -1;
		if (x <= f->min || x > f->max)
			return ini_err(&p->in, p->in.line, f->key, "%s is out of range; expected more than 0%% and at most 100%%",
				    ini_quote(v, q, sizeof(q)));
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
			return ini_err(&p->in, p->in.line, f->key, "%s is out of range; expected %s to %s%s",
				    ini_quote(v, q, sizeof(q)), a, b,
				    f->type == FT_DURATION_REST ? ", or rest" : "");
		}
		*(int64_t *)t = x;
		return 0;
	}
	return -1;
}
