// SPDX-License-Identifier: GPL-2.0
/*
 * The SoC description's values: numbers with their units, names and words,
 * each refused with the "FILE:LINE: [SECTION] field: what was expected"
 * message of include/idlesim/ini.h when it is wrong.  soc-parse.c reads
 * sections and keys with them, soc-lines.c the figures of a cluster's
 * lines.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "soc-parser.h"

const char *const soc_section_names[] = {
	[SEC_NONE] = "", [SEC_SOC] = "soc", [SEC_STATE] = "state",
	[SEC_CLUSTER] = "cluster", [SEC_BLOCK] = "block",
};

const struct unit time_units[] = { { "us", 1 }, { "ms", 1000 }, { NULL, 0 } };
const struct unit power_units[] = {
	{ "uW", 1 }, { "mW", 1000 }, { "W", 1000000 }, { NULL, 0 } };
const struct unit volt_units[] = { { "uV", 1 }, { "mV", 1000 }, { NULL, 0 } };
const struct unit freq_units[] = {
	{ "kHz", 1 }, { "MHz", 1000 }, { "GHz", 1000000 }, { NULL, 0 } };
const struct unit temp_units[] = { { "C", 1 }, { NULL, 0 } };
const struct unit pct_units[] = { { "%", 1 }, { NULL, 0 } };

int soc_is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

int soc_name(struct parser *p, const char *field, const char *v,
		      char *out, size_t size)
{
	char q[40];
	size_t i;

	for (i = 0; v[i]; i++)
		if (!soc_is_name_char(v[i]))
			return ini_err(&p->in, p->in.line, field,
				    "%s has '%c'; expected letters, digits, '.', '_' and '-' only",
				    ini_quote(v, q, sizeof(q)), v[i]);
	if (!i || i >= size)
		return ini_err(&p->in, p->in.line, field, "%s; expected 1 to %zu characters",
			    ini_quote(v, q, sizeof(q)), size - 1);
	memcpy(out, v, i + 1);
	return 0;
}

/*
 * "NUMBER UNIT" (no blank between them) into the stored unit, within
 * [min, max] of that unit.  '?' is the placeholder of an import.
 */
int soc_quantity(struct parser *p, const char *field, const char *v,
			  const struct unit *units, int64_t min, int64_t max,
			  int64_t *out)
{
	const struct unit *u;
	char q[40], list[48];
	size_t n = 0;
	int64_t x = 0;
	const char *c = v;

	for (u = units; u->name && n < sizeof(list); u++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
				      u == units ? "" : " or ", u->name);
	if (!strcmp(v, "?"))
		return ini_err(&p->in, p->in.line, field,
			    "not filled in ('?', which idlesim-soc import writes where the device tree holds no figure); expected a value in %s",
			    list);
	if (*c < '0' || *c > '9')
		return ini_err(&p->in, p->in.line, field, "%s; expected a decimal integer and its unit (%s)",
			    ini_quote(v, q, sizeof(q)), list);
	for (; *c >= '0' && *c <= '9'; c++) {
		if (x > (INT64_MAX - 9) / 10)
			return ini_err(&p->in, p->in.line, field, "%s is too large", ini_quote(v, q, sizeof(q)));
		x = x * 10 + (*c - '0');
	}
	for (u = units; u->name; u++)
		if (!strcmp(c, u->name))
			break;
	if (!u->name)
		return ini_err(&p->in, p->in.line, field, "%s; expected the unit %s right after the number",
			    ini_quote(v, q, sizeof(q)), list);
	if (x > INT64_MAX / u->mul || x * u->mul < min || x * u->mul > max)
		return ini_err(&p->in, p->in.line, field, "%s is out of range; expected %lld%s to %lld%s",
			    ini_quote(v, q, sizeof(q)), (long long)min, units[0].name,
			    (long long)max, units[0].name);
	*out = x * u->mul;
	return 0;
}

int soc_word(struct parser *p, const char *field, const char *v,
		      const char *const *words, int *out)
{
	char q[40], list[80];
	size_t n = 0;
	int i;

	for (i = 0; words[i]; i++)
		if (!strcmp(v, words[i])) {
			*out = i;
			return 0;
		}
	for (i = 0; words[i] && n < sizeof(list); i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
				      i ? ", " : "", words[i]);
	return ini_err(&p->in, p->in.line, field, "%s; expected one of: %s", ini_quote(v, q, sizeof(q)), list);
}

int soc_find_state(const struct soc *s, const char *name)
{
	int i;

	for (i = 0; i < s->nr_states; i++)
		if (!strcmp(s->state[i].name, name))
			return i;
	return -1;
}

int soc_next_field(char **at, char **key, char **val)
{
	char *c = *at, *e;

	while (*c == ' ' || *c == '\t')
		c++;
	if (!*c)
		return 0;
	e = c;
	while (*e && *e != ' ' && *e != '\t')
		e++;
	if (*e)
		*e++ = 0;
	*at = e;
	*key = c;
	*val = strchr(c, '=');
	if (*val)
		*(*val)++ = 0;
	return 1;
}
