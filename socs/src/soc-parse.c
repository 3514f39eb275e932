// SPDX-License-Identifier: GPL-2.0
/*
 * The SoC description parser.  Strict in the way of the scenario parser:
 * sections and keys are looked up in tables, a key may be given once, a
 * value carries its unit, and the first thing wrong stops the parse with
 * "FILE:LINE: field: what was expected".  Figures that depend on one
 * another (a residency against its exit latency, the states' order) are
 * soc-check.c's, once the whole file is read.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idlesim/controls.h>

#include "soc.h"
#include "soc-parser.h"

#define SOC_MAX_LINE	1024	/* an imported state line cites its sources */
#define SOC_MAX_FILE	(1 << 20)

const char *const soc_off_names[] = { "clock", "core", "cluster", "soc", NULL };


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
	const char *const *keys = section_keys(p->in.kind, &required);
	struct soc_cluster *c;
	int i;

	for (i = 0; keys && keys[i]; i++)
		if ((required & (1u << i)) && !p->seen[i])
			return ini_err(&p->in, p->sec_line, keys[i], "missing; the section needs it");
	if (p->in.kind != SEC_CLUSTER)
		return 0;
	c = &p->s->cluster[p->s->nr_clusters - 1];
	if (!c->nr_opps)
		return ini_err(&p->in, p->sec_line, "opp", "missing; expected at least one operating point");
	for (i = 0; i < p->s->nr_states; i++)
		if (!c->fig[i].line)
			return ini_err(&p->in, p->sec_line, "state",
				    "no line for state %s; expected 'state %s = exit=... residency=... power=... leak=... leak_doubling=...'",
				    p->s->state[i].name, p->s->state[i].name);
	if (p->seen[3]) {
		/* default_opp was kept as a frequency until the table was complete */
		for (i = 0; i < c->nr_opps; i++)
			if (c->opp[i].khz == c->default_khz)
				break;
		if (i == c->nr_opps)
			return ini_err(&p->in, p->seen[3], "default_opp",
				    "%lld kHz is not one of the cluster's operating points",
				    (long long)c->default_khz);
		c->default_opp = i;
	} else {
		c->default_opp = c->nr_opps - 1;
	}
	return 0;
}

static int begin_section(void *ctx, char *h)
{
	struct parser *p = ctx;
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
		if (!strcmp(h, soc_section_names[k]))
			break;
	p->in.kind = SEC_NONE;
	p->in.name[0] = 0;
	if (k > SEC_BLOCK)
		return ini_err(&p->in, p->in.line, NULL,
			    "unknown section [%.32s]; expected soc, state NAME, cluster NAME or block NAME",
			    h);
	if (k == SEC_SOC && name && *name)
		return ini_err(&p->in, p->in.line, NULL, "[soc] takes no name; expected [soc]");
	if (k != SEC_SOC && (!name || !*name))
		return ini_err(&p->in, p->in.line, NULL, "[%s] needs a name; expected [%s NAME]",
			    soc_section_names[k], soc_section_names[k]);
	if (k != SEC_SOC && soc_name(p, "section name", name, p->in.name,
				       k == SEC_STATE ? SOC_STATE_NAME_LEN : SOC_ITEM_NAME_LEN))
		return -1;
	if (!p->have_soc && k != SEC_SOC)
		return ini_err(&p->in, p->in.line, NULL, "[%s] before [soc]; expected [soc] first",
			    soc_section_names[k]);
	if (k == SEC_SOC && p->have_soc)
		return ini_err(&p->in, p->in.line, NULL, "a second [soc] section; expected one");
	p->in.kind = k;
	p->sec_line = p->in.line;
	memset(p->seen, 0, sizeof(p->seen));

	switch (k) {
	case SEC_SOC:
		p->have_soc = 1;
		break;
	case SEC_STATE:
		if (s->nr_clusters)
			return ini_err(&p->in, p->in.line, NULL,
				    "[state] after a [cluster]; expected every [state] before the clusters that give its figures");
		if (soc_find_state(s, p->in.name) >= 0)
			return ini_err(&p->in, p->in.line, NULL, "state %s defined twice; expected unique names",
				    ini_quote(p->in.name, q, sizeof(q)));
		if (s->nr_states == SOC_MAX_STATES)
			return ini_err(&p->in, p->in.line, NULL, "a %dth state; expected 1 to %d states",
				    SOC_MAX_STATES + 1, SOC_MAX_STATES);
		/* soc_name() has kept it within the name */
		memcpy(s->state[s->nr_states].name, p->in.name,
		       sizeof(s->state[s->nr_states].name));
		s->state[s->nr_states++].line = p->in.line;
		break;
	case SEC_CLUSTER:
		if (!s->nr_states)
			return ini_err(&p->in, p->in.line, NULL,
				    "[cluster] before any [state]; expected the states first (1 to %d)",
				    SOC_MAX_STATES);
		for (k = 0; k < s->nr_clusters; k++)
			if (!strcmp(s->cluster[k].name, p->in.name))
				return ini_err(&p->in, p->in.line, NULL,
					    "cluster %s defined twice (line %d); expected unique names",
					    ini_quote(p->in.name, q, sizeof(q)), s->cluster[k].line);
		if (s->nr_clusters == SOC_MAX_CLUSTERS)
			return ini_err(&p->in, p->in.line, NULL, "a %dth [cluster]; expected at most %d",
				    SOC_MAX_CLUSTERS + 1, SOC_MAX_CLUSTERS);
		/* soc_name() has kept it within the name */
		memcpy(s->cluster[s->nr_clusters].name, p->in.name,
		       sizeof(s->cluster[s->nr_clusters].name));
		s->cluster[s->nr_clusters].line = p->in.line;
		s->cluster[s->nr_clusters++].count = 1;
		p->in.kind = SEC_CLUSTER;
		break;
	case SEC_BLOCK:
		for (k = 0; k < s->nr_blocks; k++)
			if (!strcmp(s->block[k].name, p->in.name))
				return ini_err(&p->in, p->in.line, NULL,
					    "block %s defined twice (line %d); expected unique names",
					    ini_quote(p->in.name, q, sizeof(q)), s->block[k].line);
		if (s->nr_blocks == SOC_MAX_BLOCKS)
			return ini_err(&p->in, p->in.line, NULL, "a %dth [block]; expected at most %d",
				    SOC_MAX_BLOCKS + 1, SOC_MAX_BLOCKS);
		/* soc_name() has kept it within the name */
		memcpy(s->block[s->nr_blocks].name, p->in.name,
		       sizeof(s->block[s->nr_blocks].name));
		s->block[s->nr_blocks++].line = p->in.line;
		break;
	}
	return 0;
}

/* Splits "k1=v1 k2=v2 ..." fields of an opp or state line */

static int set_key(struct parser *p, int k, const char *key, char *v)
{
	struct soc *s = p->s;
	/* the section being read, when it is a [cluster] */
	struct soc_cluster *c = s->nr_clusters ? &s->cluster[s->nr_clusters - 1] : NULL;
	int64_t x;
	int w;

	switch (p->in.kind) {
	case SEC_SOC:
		switch (k) {
		case 0:
			return soc_name(p, key, v, s->name, sizeof(s->name));
		case 1:
		case 2:
			snprintf(k == 1 ? s->description : s->source, SOC_TEXT_LEN, "%s", v);
			return 0;
		case 3:
			return soc_quantity(p, key, v, temp_units, IDLESIM_TEMP_C_MIN,
					      IDLESIM_TEMP_C_MAX, &s->reference_temp_c);
		case 4:
			return soc_quantity(p, key, v, pct_units, 0, 100, &s->exit_fixed_pct);
		case 5:
			return soc_quantity(p, key, v, temp_units, 5, 100,
					      &s->active_leak_doubling_c);
		case 6:
			return soc_quantity(p, key, v, pct_units, 0, IDLESIM_JITTER_PCT_MAX,
					      &s->jitter_pct);
		case 7: {
			static const char *const yesno[] = { "no", "yes", NULL };

			if (soc_word(p, key, v, yesno, &w))
				return -1;
			s->coupling = w;
			return 0;
		}
		default:
			/* checked against the clusters once they are read */
			snprintf(s->linux_cpus, sizeof(s->linux_cpus), "%s", v);
			s->linux_cpus_line = p->in.line;
			return 0;
		}
	case SEC_STATE:
		if (soc_word(p, key, v, soc_off_names, &w))
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

				return ini_err(&p->in, p->in.line, key, "%s; expected a number of CPUs, 1 to %d",
					    ini_quote(v, q, sizeof(q)), SOC_MAX_CPUS);
			}
			if (k == 0)
				c->cpus = x;
			else
				c->count = x;
			return 0;
		case 2:
			return soc_quantity(p, key, v, power_units, 0, IDLESIM_ACTIVE_LEAK_UW_MAX,
					      &c->active_leak_uw);
		default:
			return soc_quantity(p, key, v, freq_units, 1, 100000000, &c->default_khz);
		}
	case SEC_BLOCK:
		w = soc_find_state(s, v);
		if (w < 0) {
			char q[40];

			return ini_err(&p->in, p->in.line, key, "%s is not a [state] of this file; expected a state name",
				    ini_quote(v, q, sizeof(q)));
		}
		s->block[s->nr_blocks - 1].depth = w;
		return 0;
	default:
		return -1;
	}
}

static int key_value(void *ctx, char *l)
{
	struct parser *p = ctx;
	unsigned int required;
	const char *const *keys = section_keys(p->in.kind, &required);
	char *key = l, *e, *v, q[40], list[160];
	char *state_name = NULL;
	size_t n = 0;
	int i;

	/* tabs are blanks everywhere in a description, inside values too */
	for (e = l; *e; e++)
		if (*e == '\t')
			*e = ' ';
	for (e = l; (*e >= 'a' && *e <= 'z') || *e == '_'; e++)
		;
	v = e;
	if (p->in.kind == SEC_CLUSTER && e - l == 5 && !strncmp(l, "state", 5) && *v == ' ') {
		/* "state NAME = ..." */
		while (*v == ' ')
			v++;
		state_name = v;
		while (soc_is_name_char(*v))
			v++;
		e = v;
	}
	while (*v == ' ' || *v == '\t')
		v++;
	if (e == l || *v != '=') {
		if (p->in.kind == SEC_NONE)
			return ini_err(&p->in, p->in.line, NULL, "%s before any section; expected [soc] first",
				    ini_quote(l, q, sizeof(q)));
		return ini_err(&p->in, p->in.line, NULL, "%s is not a setting; expected KEY = VALUE",
			    ini_quote(l, q, sizeof(q)));
	}
	*e = 0;
	if (state_name)
		key[5] = 0;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	if (p->in.kind == SEC_NONE)
		return ini_err(&p->in, p->in.line, key, "before any section; expected [soc] first");
	if (!*v)
		return ini_err(&p->in, p->in.line, key, "has no value; expected KEY = VALUE");
	if (p->in.kind == SEC_CLUSTER && state_name)
		return soc_state_line(p, state_name, v);
	if (p->in.kind == SEC_CLUSTER && !strcmp(key, "opp"))
		return soc_opp_line(p, v);
	for (i = 0; keys[i]; i++) {
		if (strcmp(keys[i], key))
			continue;
		if (p->seen[i])
			return ini_err(&p->in, p->in.line, key, "set twice (first on line %d); expected once",
				    p->seen[i]);
		p->seen[i] = p->in.line;
		return set_key(p, i, key, v);
	}
	for (i = 0; keys[i] && n < sizeof(list); i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s", i ? ", " : "", keys[i]);
	if (p->in.kind == SEC_CLUSTER && n < sizeof(list))
		snprintf(list + n, sizeof(list) - n, ", opp, state NAME");
	return ini_err(&p->in, p->in.line, key, "unknown key; expected one of: %s", list);
}

static const struct ini_ops soc_lines = {
	.section = begin_section,
	.setting = key_value,
};

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
	struct parser p = {
		.in = { .file = s->file, .err = err, .errlen = errlen,
			.kinds = soc_section_names },
		.s = s,
	};

	memset(s, 0, sizeof(*s));
	snprintf(s->file, sizeof(s->file), "%s", file);
	if (ini_read(&p.in, buf, len, SOC_MAX_LINE, &soc_lines, &p))
		return -1;
	if (end_section(&p))
		return -1;
	p.in.kind = SEC_NONE;
	if (!s->nr_states)
		return ini_err(&p.in, p.in.line, NULL, "no [state] section; expected 1 to %d", SOC_MAX_STATES);
	if (!s->nr_clusters)
		return ini_err(&p.in, p.in.line, NULL, "no [cluster] section; expected at least one");
	if (soc_check(s, err, errlen))
		return -1;
	return soc_resolve_transitions(s, err, errlen);
}

int soc_load(struct soc *s, const char *path, char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int r;

	if (ini_load(path, SOC_MAX_FILE, &buf, &len, err, errlen))
		return -1;
	r = soc_parse(s, path, buf, len, err, errlen);
	free(buf);
	return r;
}

int soc_each_file(int argc, char **argv, const char *usage,
		  void (*fn)(const struct soc *s, const char *file))
{
	static struct soc s;
	char err[SOC_MAX_ERR];
	int i, ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: idlesim-soc %s\n", usage);
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (soc_load(&s, argv[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			ret = 2;
			continue;
		}
		fn(&s, argv[i]);
	}
	return ret;
}
