/* SPDX-License-Identifier: GPL-2.0 */
/*
 * idlesim-soc import: the description as lines being written, each with
 * its section, key and the placeholders it holds, so that --fill can match
 * them against a previous description (import-lines.c); and the import's
 * clusters, sections and states that cmd-import.c and import-states.c
 * write them from.
 */
#ifndef IMPORT_H
#define IMPORT_H

#include <stdbool.h>
#include <stddef.h>
#include "dt-read.h"
#include "soc.h"

#define MAX_Q		6
#define MAX_SECT	8	/* [cluster] and [state] sections, socs/README.md */

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

struct group {			/* CPUs of one cluster, all alike */
	int first, n;
	enum dtr_off off[DTR_MAX_STATES];
	const char *why[DTR_MAX_STATES];
};

struct sect {			/* one [cluster] section */
	int g, count;
	char name[32];
	struct dtr_opps opps;
	struct dtr_costs core, clus;
	int share;		/* CPUs sharing the cluster cost node */
};

struct imp {
	struct dtr dt;
	struct group g[DTR_MAX_CPUS];
	int ng;
	struct sect s[DTR_MAX_CPUS];
	int ns, npos;
	char pos[MAX_SECT][SOC_STATE_NAME_LEN];	/* [state] names, WFI first */
	char pos_cut[MAX_SECT][64];	/* the name before the cut, or "" */
	enum dtr_off pos_off[MAX_SECT];
	char name[32];
	struct out o;
};

void *import_must(void *p);
struct line *import_add_line(struct out *o, char *text);
int import_fill(struct out *o, const char *path);

/* cmd-import.c: a line of output, its '?' and a node as comments cite it */
struct line *emit(struct imp *im, const char *comment, const char *fmt, ...);
void cat(char *buf, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void need(struct imp *im, const char *field, const char *why);
const char *cite(struct imp *im, int node);

/* import-states.c */
void import_state_lines(struct imp *im, struct sect *s, struct dtr_cpu *c);

#endif /* IMPORT_H */
