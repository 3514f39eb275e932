/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idlesim-soc import: the description as lines being written, each with
 * its section, key and the placeholders it holds, so that --fill can match
 * them against a previous description (import-lines.c).
 */
#ifndef IMPORT_H
#define IMPORT_H

#include <stdbool.h>

#define MAX_Q		6

struct line {
	char *text;
	char sect[64];
	char key[64];
	int occ;		/* earlier lines with this key in the section */
	bool table;		/* 'opp = ?': stands for a missing table */
	int nq;
	char q[MAX_Q][200];	/* "field: why" of each '?' */
};

struct out {
	struct line *l;
	int n, cap;
	char sect[64];
};

void *import_must(void *p);
struct line *import_add_line(struct out *o, char *text);
int import_fill(struct out *o, const char *path);

#endif /* IMPORT_H */
