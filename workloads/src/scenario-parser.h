/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The scenario parser's own declarations, shared by its files and by
 * nothing else: scenario-parse.c reads sections and keys (its lines through
 * include/idlesim/ini.h), scenario-fields.c holds the sections' key tables,
 * scenario-value.c turns one value into a field,
 * scenario-check.c checks a section when it ends and derives the phases'
 * schedule, scenario-describe.c formats durations and the one-line
 * description.  The generator sees only scenario.h.
 */
#ifndef IDLESIM_SCENARIO_PARSER_H
#define IDLESIM_SCENARIO_PARSER_H

#include <stddef.h>
#include <stdint.h>

#include <idlesim/ini.h>

#include "scenario.h"

#define MAX_FIELDS	32

enum section_kind {
	SEC_NONE,
	SEC_SCENARIO,
	SEC_MODEL,
	SEC_THREAD,
	SEC_PHASE,
	SEC_COMMAND,
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

/*
 * The field tables are scenario-fields.c's; the checks at a section's end
 * find what was set by these indices and name the fields in their messages.
 */
enum {	/* indices into thread_fields */
	TF_CPU, TF_POLICY, TF_PRIORITY, TF_NICE, TF_START, TF_BUSY_CLOCK,
};

enum {	/* indices into phase_fields, for the cross-field checks */
	PF_DURATION, PF_ARRIVAL, PF_PERIOD, PF_MEAN_INTERVAL, PF_OFFSET,
	PF_BUSY, PF_DUTY, PF_BUSY_DIST, PF_BUSY_MIN, PF_BUSY_MAX, PF_BURST,
	PF_BURST_INTERVAL, PF_HW, PF_HW_BUSY, PF_HW_IDLE,
};

enum { CF_RUN, CF_START, CF_ENDS };	/* indices into command_fields */

extern const char *const section_names[];
extern const struct field scenario_fields[], thread_fields[], phase_fields[],
	command_fields[];
extern const char *const w_policy[];

/* one file being read: where, and what the current section has set */
struct parser {
	struct ini in;			/* the line, the section, the message */
	struct scenario *s;
	int sec_line;
	const struct field *fields;
	void *target;
	int seen[MAX_FIELDS];		/* line each field was set on, 0: unset */
	struct thread_spec *thread;
	int nr_sections;
	int have_scenario, have_model;
};

/* scenario-value.c */
int is_key_char(char c);
int parse_name(struct parser *p, const char *key, const char *v, char *out);
int parse_batch(struct parser *p, const char *key, const char *v, char *out);
int set_field(struct parser *p, const struct field *f, const char *v);

/* scenario-check.c */
int end_section(struct parser *p);
int end_thread(struct parser *p);

#endif
