/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The line reader of idlesim's INI-style files: SoC descriptions
 * (socs/src/soc-parse.c) and scenarios (workloads/src/scenario-parse.c).
 *
 * Both are "[KIND]" or "[KIND NAME]" section headers, "KEY = VALUE" lines
 * and '#' comments, read strictly: the first thing wrong stops the read
 * with one message, "FILE:LINE: [KIND NAME] FIELD: what is wrong; expected
 * what", which names as much as is known.  This reader owns the text
 * (control characters, line length, the final newline, comments, blanks)
 * and the message; each parser keeps only its sections and keys.  Host
 * and guest programs' code: the kernel module does not include it.
 */
#ifndef IDLESIM_INI_H
#define IDLESIM_INI_H

#include <stddef.h>

/* a section's name, its NUL included */
#define INI_NAME_LEN	32

/* One file being read: where, and which section the message names */
struct ini {
	const char *file;
	char *err;
	size_t errlen;
	int line;
	int failed;
	int sections;			/* section headers read */
	int kind;			/* an index into kinds[]; 0: no section */
	const char *const *kinds;	/* the section kinds' names */
	char name[INI_NAME_LEN];	/* the section's name, "" if it has none */
};

/* What a parser does with a line; @ctx is the one ini_read() was given */
struct ini_ops {
	/* "[HEADER]": the text between the brackets, trimmed, tabs made blanks */
	int (*section)(void *ctx, char *header);
	/* any other line with text: its comment cut off, trimmed */
	int (*setting)(void *ctx, char *line);
};

/* "FILE:LINE: [KIND NAME] FIELD: ..." into in->err, the first only; -1 */
__attribute__((format(printf, 4, 5)))
int ini_err(struct ini *in, int line, const char *field, const char *fmt, ...);
/* the same about the text itself, on the current line: it names no section */
__attribute__((format(printf, 2, 3)))
int ini_text_err(struct ini *in, const char *fmt, ...);
/* @v quoted for a message, at most 40 characters of it */
const char *ini_quote(const char *v, char *buf, size_t len);
/*
 * Every line of @buf (@len bytes, need not end in NUL) through @ops, then
 * a file with no section at all refused: it must start with [kinds[1]].
 * 0 or -1, the message in in->err.
 */
int ini_read(struct ini *in, const char *buf, size_t len, size_t max_line,
	     const struct ini_ops *ops, void *ctx);
/* a regular file of at most @max bytes into *@buf (malloc'd, NUL-ended) */
int ini_load(const char *path, size_t max, char **buf, size_t *len, char *err,
	     size_t errlen);

#endif /* IDLESIM_INI_H */
