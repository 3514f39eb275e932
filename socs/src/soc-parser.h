/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The SoC description parser's own interface: soc-lex.c's values and
 * messages, which soc-parse.c (files, sections, keys) and soc-lines.c (a
 * cluster's opp and state lines) read with.
 */
#ifndef IDLESIM_SOC_PARSER_H
#define IDLESIM_SOC_PARSER_H

#include <stddef.h>
#include <stdint.h>

#include <idlesim/ini.h>

#include "soc.h"

enum section { SEC_NONE, SEC_SOC, SEC_STATE, SEC_CLUSTER, SEC_BLOCK };

struct parser {
	struct ini in;		/* the line, the section, the message */
	struct soc *s;
	int sec_line;
	int seen[16];		/* line a key of the section was set on */
	int have_soc;
};

/* A unit and how many of the stored unit it is */
struct unit {
	const char *name;
	int64_t mul;
};

extern const char *const soc_section_names[];
extern const struct unit time_units[], power_units[], volt_units[], freq_units[],
	temp_units[], pct_units[];

/* a value with one of @units, in the stored unit, within [@min, @max] */
int soc_quantity(struct parser *p, const char *field, const char *v,
		 const struct unit *units, int64_t min, int64_t max, int64_t *out);
/* the next KEY[=VALUE] of a line at *@at; 0 at its end */
int soc_next_field(char **at, char **key, char **val);
/* the index of [state] @name, -1 if none */
int soc_find_state(const struct soc *s, const char *name);
/* a letter, digit, '.', '_' or '-' */
int soc_is_name_char(char c);
/* a name of such characters, 1 to @len - 1 of them, into @out */
int soc_name(struct parser *p, const char *field, const char *v, char *out, size_t len);
/* one of @words, its index into *@out */
int soc_word(struct parser *p, const char *field, const char *v, const char *const *words,
	     int *out);

/* soc-lines.c: a [cluster]'s "opp = ..." and "state NAME = ..." lines */
int soc_opp_line(struct parser *p, char *v);
int soc_state_line(struct parser *p, const char *name, char *v);

#endif /* IDLESIM_SOC_PARSER_H */
