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
 * This file reads the sections and the keys; the lines themselves, the
 * comments and the message are include/idlesim/ini.h's, the field tables
 * scenario-fields.c's.  scenario-value.c parses one value into its field,
 * scenario-check.c checks a section when it ends and derives the phases'
 * schedule.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario-parser.h"

#define MAX_FILE_SIZE	(256 * 1024)

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

static int begin_section(void *ctx, char *h)
{
	struct parser *p = ctx;
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
	p->in.kind = SEC_NONE;
	p->in.name[0] = 0;
	if (k > SEC_COMMAND)
		return ini_err(&p->in, p->in.line, NULL,
			    "unknown section [%.32s]; expected scenario, model, thread NAME, phase NAME or command NAME",
			    h);
	if ((k == SEC_PHASE || k == SEC_THREAD || k == SEC_COMMAND) && (!name || !*name))
		return ini_err(&p->in, p->in.line, NULL, "[%s] needs a name; expected [%s NAME]",
			    section_names[k], section_names[k]);
	if ((k == SEC_SCENARIO || k == SEC_MODEL) && name && *name)
		return ini_err(&p->in, p->in.line, NULL, "[%s] takes no name; expected [%s]",
			    section_names[k], section_names[k]);
	if (name && parse_name(p, "section name", name, p->in.name))
		return -1;
	if (!p->nr_sections++ && k != SEC_SCENARIO)
		return ini_err(&p->in, p->in.line, NULL, "[%s] before [scenario]; expected [scenario] first",
			    section_names[k]);
	if (k != SEC_PHASE && p->thread) {
		p->in.kind = SEC_THREAD;
		snprintf(p->in.name, sizeof(p->in.name), "%s", p->thread->name);
		if (end_thread(p))
			return -1;
		p->thread = NULL;
		p->in.name[0] = 0;
		if (name)
			snprintf(p->in.name, sizeof(p->in.name), "%s", name);
	}
	p->in.kind = k;
	p->sec_line = p->in.line;
	memset(p->seen, 0, sizeof(p->seen));

	switch (k) {
	case SEC_SCENARIO:
		if (p->have_scenario)
			return ini_err(&p->in, p->in.line, NULL, "a second [scenario] section; expected one per file");
		p->have_scenario = 1;
		p->fields = scenario_fields;
		p->target = p->s;
		break;
	case SEC_MODEL:
		if (p->have_model)
			return ini_err(&p->in, p->in.line, NULL, "a second [model]; expected at most one per file");
		p->have_model = 1;
		p->fields = NULL;
		p->target = NULL;
		p->s->model_line = p->in.line;
		if (!p->s->hw_line)
			p->s->hw_line = p->in.line;
		break;
	case SEC_THREAD: {
		struct thread_spec *t;

		other = name_used(p, name);
		if (other)
			return ini_err(&p->in, p->in.line, NULL, "name '%s' already used on line %d; expected a new name",
				    name, other);
		if (p->s->nr_threads == SCN_MAX_THREADS)
			return ini_err(&p->in, p->in.line, NULL, "more than %d threads", SCN_MAX_THREADS);
		t = &p->s->threads[p->s->nr_threads++];
		snprintf(t->name, sizeof(t->name), "%s", name);
		t->line = p->in.line;
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
			return ini_err(&p->in, p->in.line, NULL,
				    "outside a thread; expected it after the [thread] it belongs to");
		for (i = 0; i < t->nr_phases; i++)
			if (!strcmp(t->phases[i].name, name))
				return ini_err(&p->in, p->in.line, NULL,
					    "thread '%s' already has a phase '%s' (line %d); expected a new name",
					    t->name, name, t->phases[i].line);
		if (t->nr_phases == SCN_MAX_PHASES)
			return ini_err(&p->in, p->in.line, NULL, "thread '%s' has more than %d phases",
				    t->name, SCN_MAX_PHASES);
		ph = &t->phases[t->nr_phases++];
		snprintf(ph->name, sizeof(ph->name), "%s", name);
		ph->line = p->in.line;
		p->fields = phase_fields;
		p->target = ph;
		break;
	}
	case SEC_COMMAND: {
		struct command_spec *c;

		other = name_used(p, name);
		if (other)
			return ini_err(&p->in, p->in.line, NULL, "name '%s' already used on line %d; expected a new name",
				    name, other);
		if (p->s->nr_commands == SCN_MAX_COMMANDS)
			return ini_err(&p->in, p->in.line, NULL, "more than %d commands", SCN_MAX_COMMANDS);
		c = &p->s->commands[p->s->nr_commands++];
		snprintf(c->name, sizeof(c->name), "%s", name);
		c->line = p->in.line;
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
		return ini_err(&p->in, p->in.line, key, "[model] longer than %d characters in all",
			    SCN_MAX_BATCH);
	if (strchr(v, ' ') || strchr(v, '\t'))
		return ini_err(&p->in, p->in.line, key, "'%.40s' is not one value; expected a single number or word",
			    v);
	{
		char all[SCN_MAX_BATCH * 2 + 2];

		snprintf(all, sizeof(all), "%s%s%s", p->s->model, p->s->model[0] ? " " : "", item);
		return parse_batch(p, key, all, p->s->model);
	}
}

static int key_value(void *ctx, char *l)
{
	struct parser *p = ctx;
	const struct field *f;
	char *key = l, *v, *e;
	char q[48];
	int i;

	for (e = l; is_key_char(*e) || (*e == '.' && p->in.kind == SEC_MODEL); e++)
		;
	v = e;
	while (*v == ' ' || *v == '\t')
		v++;
	if (e == l || *v != '=') {
		if (p->in.kind == SEC_NONE)
			return ini_err(&p->in, p->in.line, NULL, "%s before any section; expected [scenario] first",
				    ini_quote(l, q, sizeof(q)));
		return ini_err(&p->in, p->in.line, NULL,
			    "%s is not a setting; expected KEY = VALUE (keys are lower case letters, digits and '_')",
			    ini_quote(l, q, sizeof(q)));
	}
	*e = 0;
	v++;
	while (*v == ' ' || *v == '\t')
		v++;
	if (p->in.kind == SEC_NONE)
		return ini_err(&p->in, p->in.line, key, "before any section; expected [scenario] first");
	if (!*v)
		return ini_err(&p->in, p->in.line, key, "has no value; expected KEY = VALUE");
	if (p->in.kind == SEC_MODEL) {
		if (!(key[0] >= 'a' && key[0] <= 'z'))
			return ini_err(&p->in, p->in.line, key, "not a control name; expected a lower case letter first");
		return model_item(p, key, v);
	}
	for (i = 0, f = p->fields; f->key; f++, i++) {
		if (strcmp(f->key, key))
			continue;
		if (p->seen[i])
			return ini_err(&p->in, p->in.line, key, "set twice (first on line %d); expected once",
				    p->seen[i]);
		p->seen[i] = p->in.line;
		if (f->type == FT_BATCH && !p->s->hw_line)
			p->s->hw_line = p->in.line;
		return set_field(p, f, v);
	}
	{
		char list[400];
		size_t n = 0;

		for (f = p->fields; f->key && n < sizeof(list); f++)
			n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
					      f == p->fields ? "" : ", ", f->key);
		return ini_err(&p->in, p->in.line, key, "unknown key; expected one of: %s", list);
	}
}

static const struct ini_ops scenario_lines = {
	.section = begin_section,
	.setting = key_value,
};

int scenario_parse(struct scenario *s, const char *file, const char *buf,
		   size_t len, char *err, size_t errlen)
{
	struct parser p = {
		.in = { .file = s->file, .err = err, .errlen = errlen,
			.kinds = section_names },
		.s = s,
	};

	memset(s, 0, sizeof(*s));
	snprintf(s->file, sizeof(s->file), "%s", file);
	if (ini_read(&p.in, buf, len, SCN_MAX_LINE, &scenario_lines, &p))
		return -1;
	if (end_section(&p))
		return -1;
	if (p.thread) {
		p.in.kind = SEC_THREAD;
		snprintf(p.in.name, sizeof(p.in.name), "%s", p.thread->name);
		if (end_thread(&p))
			return -1;
	}
	if (!s->nr_threads && !s->nr_commands) {
		p.in.kind = SEC_NONE;
		return ini_err(&p.in, p.in.line, NULL,
			       "no [thread] or [command] section; expected at least one");
	}
	return 0;
}

int scenario_load(struct scenario *s, const char *path, char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int r;

	if (ini_load(path, MAX_FILE_SIZE, &buf, &len, err, errlen))
		return -1;
	r = scenario_parse(s, path, buf, len, err, errlen);
	free(buf);
	return r;
}
