/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Output files that are either complete or absent: each is written to a
 * temporary name in the same directory and renamed into place only when
 * the analysis has succeeded, so a failed run never leaves a partial CSV
 * that looks complete.
 */
#ifndef IDLESIM_OUTPUT_H
#define IDLESIM_OUTPUT_H

#include <stdio.h>

#define MAX_OUTPUTS	32

struct outfile {
	FILE *fp;
	char *path;
	char *tmp;
};

struct outputs {
	struct outfile f[MAX_OUTPUTS];
	int n;
};

/* Opens DIR/NAME.tmp.PID for writing; NULL (with a message) on error. */
FILE *out_open(struct outputs *o, const char *dir, const char *name);
/*
 * Makes DIR and opens DIR/@names[i] into @fp[i], all @n of them; on an
 * error none is left open.  Returns 0, or -1 with a message.
 */
int out_open_all(struct outputs *o, const char *dir, const char *const *names, int n, FILE **fp);
/* Closes and renames every file; -1 if any write failed (all removed). */
int out_commit(struct outputs *o);
/* Closes and removes every temporary file. */
void out_abort(struct outputs *o);

/* mkdir DIR unless it exists; -1 with a message on error. */
int make_dir(const char *dir);
/* ",VALUE" in @fmt, or "," alone when @v is NaN (a figure no run had). */
void csv_opt(FILE *fp, const char *fmt, double v);
/*
 * A text column of names, @min wide or as wide as @name if longer: a
 * description's state names run to 31 characters, and the columns after
 * them stay in line.
 */
int name_width(int min, const char *name);

#endif /* IDLESIM_OUTPUT_H */
