// SPDX-License-Identifier: GPL-2.0
/*
 * The SoC description parser.  Strict in the way of the scenario parser:
 * sections and keys are looked up in tables, a key may be given once, a
 * value carries its unit, and the first thing wrong stops the parse with
 * "FILE:LINE: field: what was expected".  Figures that depend on one
 * another (a residency against its exit latency, the states' order) are
 * soc-check.c's, once the whole file is read.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idlesim/controls.h>

#include "soc.h"

#define SOC_MAX_LINE	512
#define SOC_MAX_FILE	(1 << 20)

const char *const soc_off_names[] = { "clock", "core", "cluster", "soc", NULL };

enum section { SEC_NONE, SEC_SOC, SEC_STATE, SEC_CLUSTER, SEC_BLOCK };

static const char *const section_names[] = {
	[SEC_NONE] = "", [SEC_SOC] = "soc", [SEC_STATE] = "state",
	[SEC_CLUSTER] = "cluster", [SEC_BLOCK] = "block",
};

struct parser {
	struct soc *s;
	char *err;
	size_t errlen;
	int line, failed;
	enum section sec;
	char sec_name[SOC_ITEM_NAME_LEN];
	int sec_line;
	int seen[16];		/* line a key of the section was set on */
	int have_soc;
};

/* A unit and how many of the stored unit it is */
struct unit {
	const char *name;
	int64_t mul;
};

static const struct unit time_units[] = { { "us", 1 }, { "ms", 1000 }, { NULL, 0 } };
static const struct unit power_units[] = {
	{ "uW", 1 }, { "mW", 1000 }, { "W", 1000000 }, { NULL, 0 } };
static const struct unit volt_units[] = { { "uV", 1 }, { "mV", 1000 }, { NULL, 0 } };
static const struct unit freq_units[] = {
	{ "kHz", 1 }, { "MHz", 1000 }, { "GHz", 1000000 }, { NULL, 0 } };
static const struct unit temp_units[] = { { "C", 1 }, { NULL, 0 } };
static const struct unit pct_units[] = { { "%", 1 }, { NULL, 0 } };

__attribute__((format(printf, 4, 5)))
static int perr(struct parser *p, int line, const char *field, const char *fmt, ...)
{
	size_t n = 0;
	va_list ap;
	int r;

	if (p->failed)
		return -1;
	p->failed = 1;
	r = snprintf(p->err, p->errlen, "%s:%d: ", p->s->file, line);
	if (r > 0)
		n = (size_t)r < p->errlen ? (size_t)r : p->errlen;
	if (p->sec != SEC_NONE && n < p->errlen) {
		r = snprintf(p->err + n, p->errlen - n, "[%s%s%s]%s", section_names[p->sec],
			     p->sec_name[0] ? " " : "", p->sec_name, field ? " " : ": ");
		if (r > 0)
			n += (size_t)r < p->errlen - n ? (size_t)r : p->errlen - n;
	}
	if (field && n < p->errlen) {
		r = snprintf(p->err + n, p->errlen - n, "%s: ", field);
		if (r > 0)
			n += (size_t)r < p->errlen - n ? (size_t)r : p->errlen - n;
	}
	va_start(ap, fmt);
	if (n < p->errlen)
		vsnprintf(p->err + n, p->errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Text for a message: at most 24 characters of it, quoted */
static const char *quote(const char *v, char *buf, size_t len)
{
	snprintf(buf, len, "'%.24s%s'", v, strlen(v) > 24 ? "..." : "");
	return buf;
}

static int is_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

static int parse_name(struct parser *p, const char *field, const char *v,
		      char *out, size_t size)
{
	char q[40];
	size_t i;

	for (i = 0; v[i]; i++)
		if (!is_name_char(v[i]))
			return perr(p, p->line, field,
				    "%s has '%c'; expected letters, digits, '.', '_' and '-' only",
				    quote(v, q, sizeof(q)), v[i]);
	if (!i || i >= size)
		return perr(p, p->line, field, "%s; expected 1 to %zu characters",
			    quote(v, q, sizeof(q)), size - 1);
	memcpy(out, v, i + 1);
	return 0;
}

/*
 * "NUMBER UNIT" (no blank between them) into the stored unit, within
 * [min, max] of that unit.  '?' is the placeholder of an import.
 */
static int parse_quantity(struct parser *p, const char *field, const char *v,
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
		return perr(p, p->line, field,
			    "not filled in ('?', which idlesim-soc import writes where the device tree holds no figure); expected a value in %s",
			    list);
	if (*c < '0' || *c > '9')
		return perr(p, p->line, field, "%s; expected a decimal integer and its unit (%s)",
			    quote(v, q, sizeof(q)), list);
	for (; *c >= '0' && *c <= '9'; c++) {
		if (x > (INT64_MAX - 9) / 10)
			return perr(p, p->line, field, "%s is too large", quote(v, q, sizeof(q)));
		x = x * 10 + (*c - '0');
	}
	for (u = units; u->name; u++)
		if (!strcmp(c, u->name))
			break;
	if (!u->name)
		return perr(p, p->line, field, "%s; expected the unit %s right after the number",
			    quote(v, q, sizeof(q)), list);
	if (x > INT64_MAX / u->mul || x * u->mul < min || x * u->mul > max)
		return perr(p, p->line, field, "%s is out of range; expected %lld%s to %lld%s",
			    quote(v, q, sizeof(q)), (long long)min, units[0].name,
			    (long long)max, units[0].name);
	*out = x * u->mul;
	return 0;
}

static int parse_word(struct parser *p, const char *field, const char *v,
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
	return perr(p, p->line, field, "%s; expected one of: %s", quote(v, q, sizeof(q)), list);
}

static int find_state(const struct soc *s, const char *name)
{
	int i;

	for (i = 0; i < s->nr_states; i++)
		if (!strcmp(s->state[i].name, name))
			return i;
	return -1;
}

/* Keys of each section, in the order of p->seen[] */
static const char *const soc_keys[] = {
	"name", "description", "source", "reference_temp", "exit_fixed",
	"active_leak_doubling", "jitter", "coupling", "linux_cpus", NULL };
static const char *const state_keys[] = { "off", NULL };
static const char *const cluster_keys[] = {
	"cpus", "count", "active_leak", "default_opp", NULL };
static const char *const block_keys[] = { "depth", NULL };
/* required keys of each section (a bit per key of the tables above) */
#define SOC_REQUIRED	0xfb	/* all but source */
#define STATE_REQUIRED	0x1
#define CLUSTER_REQUIRED 0x5	/* cpus, active_leak */
#define BLOCK_REQUIRED	0x1

static const char *const *section_keys(enum section sec, unsigned int *required)
{
	switch (sec) {
	case SEC_SOC:
		*required = SOC_REQUIRED;
		return soc_keys;
	case SEC_STATE:
		*required = STATE_REQUIRED;
		return state_keys;
	case SEC_CLUSTER:
		*required = CLUSTER_REQUIRED;
		return cluster_keys;
	case SEC_BLOCK:
		*required = BLOCK_REQUIRED;
		return block_keys;
	default:
		*required = 0;
		return NULL;
	}
}

static int end_section(struct parser *p)
{
	unsigned int required;
	const char *const *keys = section_keys(p->sec, &required);
	struct soc_cluster *c;
	int i;

	for (i = 0; keys && keys[i]; i++)
		if ((required & (1u << i)) && !p->seen[i])
			return perr(p, p->sec_line, keys[i], "missing; the section needs it");
	if (p->sec != SEC_CLUSTER)
		return 0;
	c = &p->s->cluster[p->s->nr_clusters - 1];
	if (!c->nr_opps)
		return perr(p, p->sec_line, "opp", "missing; expected at least one operating point");
	for (i = 0; i < p->s->nr_states; i++)
		if (!c->fig[i].line)
			return perr(p, p->sec_line, "state",
				    "no line for state %s; expected 'state %s = exit=... residency=... power=... leak=... leak_doubling=...'",
				    p->s->state[i].name, p->s->state[i].name);
	if (p->seen[3]) {
		/* default_opp was kept as a frequency until the table was complete */
		for (i = 0; i < c->nr_opps; i++)
			if (c->opp[i].khz == c->default_khz)
				break;
		if (i == c->nr_opps)
			return perr(p, p->seen[3], "default_opp",
				    "%lld kHz is not one of the cluster's operating points",
				    (long long)c->default_khz);
		c->default_opp = i;
	} else {
		c->default_opp = c->nr_opps - 1;
	}
	return 0;
}

static int begin_section(struct parser *p, char *h)
{
	struct soc *s = p->s;
	char *name = strchr(h, ' ');
	char q[40];
	int k;

	if (end_section(p))
		return -1;
	if (name) {
		*name++ = 0;
		while (*name == ' ')
			name++;
	}
	for (k = SEC_SOC; k <= SEC_BLOCK; k++)
		if (!strcmp(h, section_names[k]))
			break;
	p->sec = SEC_NONE;
	p->sec_name[0] = 0;
	if (k > SEC_BLOCK)
		return perr(p, p->line, NULL,
			    "unknown section [%.32s]; expected soc, state NAME, cluster NAME or block NAME",
			    h);
	if (k == SEC_SOC && name && *name)
		return perr(p, p->line, NULL, "[soc] takes no name; expected [soc]");
	if (k != SEC_SOC && (!name || !*name))
		return perr(p, p->line, NULL, "[%s] needs a name; expected [%s NAME]",
			    section_names[k], section_names[k]);
	if (k != SEC_SOC && parse_name(p, "section name", name, p->sec_name,
				       k == SEC_STATE ? SOC_STATE_NAME_LEN : SOC_ITEM_NAME_LEN))
		return -1;
	if (!p->have_soc && k != SEC_SOC)
		return perr(p, p->line, NULL, "[%s] before [soc]; expected [soc] first",
			    section_names[k]);
	if (k == SEC_SOC && p->have_soc)
		return perr(p, p->line, NULL, "a second [soc] section; expected one");
	p->sec = k;
	p->sec_line = p->line;
	memset(p->seen, 0, sizeof(p->seen));

	switch (k) {
	case SEC_SOC:
		p->have_soc = 1;
		break;
	case SEC_STATE:
		if (s->nr_clusters)
			return perr(p, p->line, NULL,
				    "[state] after a [cluster]; expected every [state] before the clusters that give its figures");
		if (find_state(s, p->sec_name) >= 0)
			return perr(p, p->line, NULL, "state %s defined twice; expected unique names",
				    quote(p->sec_name, q, sizeof(q)));
		if (s->nr_states == SOC_MAX_STATES)
			return perr(p, p->line, NULL, "a %dth state; expected 1 to %d states",
				    SOC_MAX_STATES + 1, SOC_MAX_STATES);
		memcpy(s->state[s->nr_states].name, p->sec_name, sizeof(p->sec_name));
		s->state[s->nr_states++].line = p->line;
		break;
	case SEC_CLUSTER:
		if (!s->nr_states)
			return perr(p, p->line, NULL,
				    "[cluster] before any [state]; expected the states first (1 to %d)",
				    SOC_MAX_STATES);
		for (k = 0; k < s->nr_clusters; k++)
			if (!strcmp(s->cluster[k].name, p->sec_name))
				return perr(p, p->line, NULL,
					    "cluster %s defined twice (line %d); expected unique names",
					    quote(p->sec_name, q, sizeof(q)), s->cluster[k].line);
		if (s->nr_clusters == SOC_MAX_CLUSTERS)
			return perr(p, p->line, NULL, "a %dth [cluster]; expected at most %d",
				    SOC_MAX_CLUSTERS + 1, SOC_MAX_CLUSTERS);
		memcpy(s->cluster[s->nr_clusters].name, p->sec_name, sizeof(p->sec_name));
		s->cluster[s->nr_clusters].line = p->line;
		s->cluster[s->nr_clusters++].count = 1;
		p->sec = SEC_CLUSTER;
		break;
	case SEC_BLOCK:
		for (k = 0; k < s->nr_blocks; k++)
			if (!strcmp(s->block[k].name, p->sec_name))
				return perr(p, p->line, NULL,
					    "block %s defined twice (line %d); expected unique names",
					    quote(p->sec_name, q, sizeof(q)), s->block[k].line);
		if (s->nr_blocks == SOC_MAX_BLOCKS)
			return perr(p, p->line, NULL, "a %dth [block]; expected at most %d",
				    SOC_MAX_BLOCKS + 1, SOC_MAX_BLOCKS);
		memcpy(s->block[s->nr_blocks].name, p->sec_name, sizeof(p->sec_name));
		s->block[s->nr_blocks++].line = p->line;
		break;
	}
	return 0;
}

/* Splits "k1=v1 k2=v2 ..." fields of an opp or state line */
static int next_field(char **at, char **key, char **val)
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

static int opp_line(struct parser *p, char *v)
{
	struct soc_cluster *c = &p->s->cluster[p->s->nr_clusters - 1];
	struct soc_opp *o;
	char *key, *val, q[40];
	int n = 0, have_core = 0, have_cluster = 0;	/* n: positional fields */

	if (c->nr_opps == SOC_MAX_OPPS)
		return perr(p, p->line, "opp", "a %dth operating point; expected at most %d",
			    SOC_MAX_OPPS + 1, SOC_MAX_OPPS);
	o = &c->opp[c->nr_opps];
	o->line = p->line;
	while (next_field(&v, &key, &val)) {
		if (n < 2 && val) {
			return perr(p, p->line, "opp",
				    "%s; expected FREQUENCY VOLTAGE core=POWER cluster=POWER (e.g. 450MHz 800mV core=33mW cluster=26mW)",
				    n ? "no voltage" : "no frequency");
		} else if (n == 0) {
			if (parse_quantity(p, "opp: frequency", key, freq_units, 1,
					   100000000, &o->khz))
				return -1;
			n++;
		} else if (n == 1 && !val) {
			if (parse_quantity(p, "opp: voltage", key, volt_units, 1, 5000000, &o->uv))
				return -1;
			n++;
		} else if (val && !strcmp(key, "core") && !have_core) {
			if (parse_quantity(p, "opp: core", val, power_units, 0, 100000000,
					   &o->core_uw))
				return -1;
			have_core = 1;
		} else if (val && !strcmp(key, "cluster") && !have_cluster) {
			if (parse_quantity(p, "opp: cluster", val, power_units, 0, 100000000,
					   &o->cluster_uw))
				return -1;
			have_cluster = 1;
		} else {
			return perr(p, p->line, "opp",
				    "%s unexpected; expected FREQUENCY VOLTAGE core=POWER cluster=POWER",
				    quote(key, q, sizeof(q)));
		}
	}
	if (n < 2 || !o->khz)
		return perr(p, p->line, "opp",
			    "%s; expected FREQUENCY VOLTAGE core=POWER cluster=POWER (e.g. 450MHz 800mV core=33mW cluster=26mW)",
			    n < 1 ? "no frequency" : "no voltage");
	if (!have_core || !have_cluster)
		return perr(p, p->line, "opp", "no %s= busy power; expected core=POWER cluster=POWER",
			    have_core ? "cluster" : "core");
	if (c->nr_opps && o->khz <= c->opp[c->nr_opps - 1].khz)
		return perr(p, p->line, "opp: frequency",
			    "%lld kHz after %lld kHz (line %d); expected ascending frequencies",
			    (long long)o->khz, (long long)c->opp[c->nr_opps - 1].khz,
			    c->opp[c->nr_opps - 1].line);
	c->nr_opps++;
	return 0;
}

static int state_line(struct parser *p, const char *name, char *v)
{
	static const char *const keys[] = {
		"exit", "residency", "power", "leak", "leak_doubling", "transition", "psci", NULL };
	struct soc_cluster *c = &p->s->cluster[p->s->nr_clusters - 1];
	struct soc_figures *f;
	int64_t *slot[7];
	int seen[7] = { 0 };
	char *key, *val, q[40], field[48];
	int i, st = find_state(p->s, name);

	if (st < 0)
		return perr(p, p->line, "state", "%s is not a [state] of this file; expected one of its state names",
			    quote(name, q, sizeof(q)));
	f = &c->fig[st];
	if (f->line)
		return perr(p, p->line, "state", "%s set twice (first on line %d); expected once",
			    name, f->line);
	if (st > 0 && !c->fig[st - 1].line)
		return perr(p, p->line, "state",
			    "%s before %s; expected the state lines in [state] order",
			    name, p->s->state[st - 1].name);
	slot[0] = &f->exit_us;
	slot[1] = &f->residency_us;
	slot[2] = &f->power_uw;
	slot[3] = &f->leak_uw;
	slot[4] = &f->leak_doubling_c;
	slot[5] = &f->transition;
	slot[6] = NULL;
	f->transition = SOC_TRANSITION_ACTIVE;
	while (next_field(&v, &key, &val)) {
		for (i = 0; keys[i]; i++)
			if (!strcmp(key, keys[i]))
				break;
		if (!keys[i] || !val)
			return perr(p, p->line, "state",
				    "%s unexpected; expected exit=TIME residency=TIME power=POWER leak=POWER leak_doubling=TEMP [transition=POWER|active|breakeven] [psci=0xPARAM]",
				    quote(key, q, sizeof(q)));
		snprintf(field, sizeof(field), "state %s: %s", name, keys[i]);
		if (seen[i])
			return perr(p, p->line, field, "given twice; expected once");
		seen[i] = 1;
		switch (i) {
		case 0:
			if (parse_quantity(p, field, val, time_units, IDLESIM_EXIT_US_MIN,
					   IDLESIM_EXIT_US_MAX, slot[i]))
				return -1;
			break;
		case 1:
			if (parse_quantity(p, field, val, time_units, IDLESIM_RESIDENCY_US_MIN,
					   IDLESIM_RESIDENCY_US_MAX, slot[i]))
				return -1;
			break;
		case 2:
		case 3:
			if (parse_quantity(p, field, val, power_units, 0, IDLESIM_POWER_UW_MAX,
					   slot[i]))
				return -1;
			break;
		case 5:
			/* what the exit latency draws: a power, or a rule for it */
			if (!strcmp(val, "active"))
				*slot[i] = SOC_TRANSITION_ACTIVE;
			else if (!strcmp(val, "breakeven"))
				*slot[i] = SOC_TRANSITION_BREAKEVEN;
			else if ((*val < '0' || *val > '9') && strcmp(val, "?"))
				return perr(p, p->line, field,
					    "%s; expected a power with its unit (uW, mW or W), active or breakeven",
					    quote(val, q, sizeof(q)));
			else if (parse_quantity(p, field, val, power_units, 1, 10000000, slot[i]))
				return -1;
			break;
		case 6: {
			/* what power:psci_domain_idle_enter shows for it on the board */
			char *end;
			unsigned long long x = strtoull(val, &end, 16);

			if (strncmp(val, "0x", 2) || end == val + 2 || *end || end - val > 10)
				return perr(p, p->line, field,
					    "%s; expected the PSCI parameter in hex, 0x0 to 0xffffffff",
					    quote(val, q, sizeof(q)));
			f->psci = (uint32_t)x;
			f->has_psci = true;
			break;
		}
		default:
			if (parse_quantity(p, field, val, temp_units, IDLESIM_LEAK_TD_C_MIN,
					   IDLESIM_LEAK_TD_C_MAX, slot[i]))
				return -1;
		}
	}
	/* transition= is optional: the exit latency at active power */
	for (i = 0; i < 5; i++)
		if (!seen[i]) {
			snprintf(field, sizeof(field), "state %s: %s", name, keys[i]);
			return perr(p, p->line, field, "missing; expected %s=VALUE", keys[i]);
		}
	f->line = p->line;
	return 0;
}

static int set_key(struct parser *p, int k, const char *key, char *v)
{
	struct soc *s = p->s;
	/* the section being read, when it is a [cluster] */
	struct soc_cluster *c = s->nr_clusters ? &s->cluster[s->nr_clusters - 1] : NULL;
	int64_t x;
	int w;

	switch (p->sec) {
	case SEC_SOC:
		switch (k) {
		case 0:
			return parse_name(p, key, v, s->name, sizeof(s->name));
		case 1:
		case 2:
			snprintf(k == 1 ? s->description : s->source, SOC_TEXT_LEN, "%s", v);
			return 0;
		case 3:
			return parse_quantity(p, key, v, temp_units, IDLESIM_TEMP_C_MIN,
					      IDLESIM_TEMP_C_MAX, &s->reference_temp_c);
		case 4:
			return parse_quantity(p, key, v, pct_units, 0, 100, &s->exit_fixed_pct);
		case 5:
			return parse_quantity(p, key, v, temp_units, 5, 100,
					      &s->active_leak_doubling_c);
		case 6:
			return parse_quantity(p, key, v, pct_units, 0, IDLESIM_JITTER_PCT_MAX,
					      &s->jitter_pct);
		case 7: {
			static const char *const yesno[] = { "no", "yes", NULL };

			if (parse_word(p, key, v, yesno, &w))
				return -1;
			s->coupling = w;
			return 0;
		}
		default:
			/* checked against the clusters once they are read */
			snprintf(s->linux_cpus, sizeof(s->linux_cpus), "%s", v);
			s->linux_cpus_line = p->line;
			return 0;
		}
	case SEC_STATE:
		if (parse_word(p, key, v, soc_off_names, &w))
			return -1;
		s->state[s->nr_states - 1].off = w;
		return 0;
	case SEC_CLUSTER:
		switch (k) {
		case 0:
		case 1:
			x = v[0] >= '1' && v[0] <= '9' && !v[1] ? v[0] - '0' : 0;
			if (x < 1 || x > SOC_MAX_CPUS) {
				char q[40];

				return perr(p, p->line, key, "%s; expected a number of CPUs, 1 to %d",
					    quote(v, q, sizeof(q)), SOC_MAX_CPUS);
			}
			if (k == 0)
				c->cpus = x;
			else
				c->count = x;
			return 0;
		case 2:
			return parse_quantity(p, key, v, power_units, 0, IDLESIM_ACTIVE_LEAK_UW_MAX,
					      &c->active_leak_uw);
		default:
			return parse_quantity(p, key, v, freq_units, 1, 100000000, &c->default_khz);
		}
	case SEC_BLOCK:
		w = find_state(s, v);
		if (w < 0) {
			char q[40];

			return perr(p, p->line, key, "%s is not a [state] of this file; expected a state name",
				    quote(v, q, sizeof(q)));
		}
		s->block[s->nr_blocks - 1].depth = w;
		return 0;
	default:
		return -1;
	}
}

static int key_value(struct parser *p, char *l)
{
	unsigned int required;
	const char *const *keys = section_keys(p->sec, &required);
	char *key = l, *e, *v, q[40], list[160];
	char *state_name = NULL;
	size_t n = 0;
	int i;

	for (e = l; (*e >= 'a' && *e <= 'z') || *e == '_'; e++)
		;
	v = e;
	if (p->sec == SEC_CLUSTER && e - l == 5 && !strncmp(l, "state", 5) && *v == ' ') {
		/* "state NAME = ..." */
		while (*v == ' ')
			v++;
		state_name = v;
		while (is_name_char(*v))
			v++;
		e = v;
	}
	while (*v == ' ' || *v == '\t')
		v++;
	if (e == l || *v != '=') {
		if (p->sec == SEC_NONE)
			return perr(p, p->line, NULL, "%s before any section; expected [soc] first",
				    quote(l, q, sizeof(q)));
		return perr(p, p->line, NULL, "%s is not a setting; expected KEY = VALUE",
			    quote(l, q, sizeof(q)));
	}
	*e = 0;
	if (state_name)
		key[5] = 0;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	if (p->sec == SEC_NONE)
		return perr(p, p->line, key, "before any section; expected [soc] first");
	if (!*v)
		return perr(p, p->line, key, "has no value; expected KEY = VALUE");
	if (p->sec == SEC_CLUSTER && state_name)
		return state_line(p, state_name, v);
	if (p->sec == SEC_CLUSTER && !strcmp(key, "opp"))
		return opp_line(p, v);
	for (i = 0; keys[i]; i++) {
		if (strcmp(keys[i], key))
			continue;
		if (p->seen[i])
			return perr(p, p->line, key, "set twice (first on line %d); expected once",
				    p->seen[i]);
		p->seen[i] = p->line;
		return set_key(p, i, key, v);
	}
	for (i = 0; keys[i] && n < sizeof(list); i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? ", " : "", keys[i]);
	if (p->sec == SEC_CLUSTER && n < sizeof(list))
		snprintf(list + n, sizeof(list) - n, ", opp, state NAME");
	return perr(p, p->line, key, "unknown key; expected one of: %s", list);
}

static int do_line(struct parser *p, char *l, size_t len)
{
	char *c, *end;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)l[i];

		if ((ch < 0x20 && ch != '\t') || ch == 0x7f) {
			p->sec = SEC_NONE;
			return perr(p, p->line, NULL,
				    "control character 0x%02x at column %zu; expected text (and Unix line ends)",
				    ch, i + 1);
		}
	}
	l[len] = 0;
	for (c = l; *c; c++)
		if (*c == '#' && (c == l || c[-1] == ' ' || c[-1] == '\t')) {
			*c = 0;
			break;
		}
	for (c = l; *c; c++)
		if (*c == '\t')
			*c = ' ';
	while (*l == ' ')
		l++;
	end = l + strlen(l);
	while (end > l && end[-1] == ' ')
		*--end = 0;
	if (!*l)
		return 0;
	if (*l != '[')
		return key_value(p, l);
	if (end[-1] != ']') {
		p->sec = SEC_NONE;
		return perr(p, p->line, NULL, "section header without ']'; expected [KIND] or [KIND NAME]");
	}
	*--end = 0;
	l++;
	while (*l == ' ')
		l++;
	while (end > l && end[-1] == ' ')
		*--end = 0;
	return begin_section(p, l);
}

/**
 * soc_parse() - read an SoC description
 * @s: filled in
 * @file: the name errors give
 * @buf: the text, @len bytes, need not be NUL-terminated
 * @err: "FILE:LINE: field: what was expected" on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 on the first thing wrong (soc_check() is run too).
 */
int soc_parse(struct soc *s, const char *file, const char *buf, size_t len,
	      char *err, size_t errlen)
{
	struct parser p = { .s = s, .err = err, .errlen = errlen };
	char line[SOC_MAX_LINE + 2];
	size_t at = 0;

	memset(s, 0, sizeof(*s));
	snprintf(s->file, sizeof(s->file), "%s", file);
	if (errlen)
		err[0] = 0;
	while (at < len && !p.failed) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (buf + at)) : len - at;

		p.line++;
		if (!nl) {
			p.sec = SEC_NONE;
			perr(&p, p.line, NULL,
			     "the last line has no newline: the file looks truncated; expected it to end with a newline");
			break;
		}
		if (n > SOC_MAX_LINE) {
			p.sec = SEC_NONE;
			perr(&p, p.line, NULL, "line is %zu characters long; expected at most %d",
			     n, SOC_MAX_LINE);
			break;
		}
		memcpy(line, buf + at, n);
		do_line(&p, line, n);
		at += n + 1;
	}
	if (p.failed)
		return -1;
	if (!p.have_soc) {
		p.sec = SEC_NONE;
		return perr(&p, p.line ? p.line : 1, NULL,
			    "no [soc] section; expected a file starting with [soc]");
	}
	if (end_section(&p))
		return -1;
	p.sec = SEC_NONE;
	if (!s->nr_states)
		return perr(&p, p.line, NULL, "no [state] section; expected 1 to %d", SOC_MAX_STATES);
	if (!s->nr_clusters)
		return perr(&p, p.line, NULL, "no [cluster] section; expected at least one");
	if (soc_check(s, err, errlen))
		return -1;
	return soc_resolve_transitions(s, err, errlen);
}

int soc_load(struct soc *s, const char *path, char *err, size_t errlen)
{
	FILE *fp = fopen(path, "r");
	char *buf;
	size_t n;
	int r;

	if (!fp) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	buf = malloc(SOC_MAX_FILE + 1);
	if (!buf) {
		fclose(fp);
		snprintf(err, errlen, "%s: out of memory", path);
		return -1;
	}
	n = fread(buf, 1, SOC_MAX_FILE + 1, fp);
	if (ferror(fp) || n > SOC_MAX_FILE) {
		snprintf(err, errlen, "%s: %s", path,
			 ferror(fp) ? "read error" : "larger than 1 MiB; expected an SoC description");
		fclose(fp);
		free(buf);
		return -1;
	}
	fclose(fp);
	r = soc_parse(s, path, buf, n, err, errlen);
	free(buf);
	return r;
}
