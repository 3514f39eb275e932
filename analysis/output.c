// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "output.h"

FILE *out_open(struct outputs *o, const char *dir, const char *name)
{
	struct outfile *f;

	if (o->n == MAX_OUTPUTS) {
		fprintf(stderr, "too many output files\n");
		return NULL;
	}
	f = &o->f[o->n];
	if (asprintf(&f->path, "%s/%s", dir, name) < 0)
		return NULL;
	if (asprintf(&f->tmp, "%s/.%s.tmp.%d", dir, name, (int)getpid()) < 0) {
		free(f->path);
		return NULL;
	}
	f->fp = fopen(f->tmp, "w");
	if (!f->fp) {
		fprintf(stderr, "%s: %s\n", f->tmp, strerror(errno));
		free(f->path);
		free(f->tmp);
		return NULL;
	}
	o->n++;
	return f->fp;
}

int out_open_all(struct outputs *o, const char *dir, const char *const *names, int n, FILE **fp)
{
	int i;

	if (make_dir(dir) < 0)
		return -1;
	for (i = 0; i < n; i++) {
		fp[i] = out_open(o, dir, names[i]);
		if (!fp[i]) {
			out_abort(o);
			return -1;
		}
	}
	return 0;
}

static void release(struct outfile *f, int keep)
{
	if (!keep)
		unlink(f->tmp);
	free(f->path);
	free(f->tmp);
	f->path = f->tmp = NULL;
	f->fp = NULL;
}

int out_commit(struct outputs *o)
{
	int i, bad = 0;

	for (i = 0; i < o->n; i++) {
		struct outfile *f = &o->f[i];

		if (ferror(f->fp) | fclose(f->fp)) {
			fprintf(stderr, "%s: write failed\n", f->tmp);
			bad = 1;
		}
		f->fp = NULL;
	}
	for (i = 0; i < o->n; i++) {
		struct outfile *f = &o->f[i];

		if (!bad && rename(f->tmp, f->path) < 0) {
			fprintf(stderr, "%s: %s\n", f->path, strerror(errno));
			bad = 1;
		}
		release(f, 0);
	}
	o->n = 0;
	return bad ? -1 : 0;
}

void out_abort(struct outputs *o)
{
	int i;

	for (i = 0; i < o->n; i++) {
		if (o->f[i].fp)
			fclose(o->f[i].fp);
		release(&o->f[i], 0);
	}
	o->n = 0;
}

int make_dir(const char *dir)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST) {
		fprintf(stderr, "%s: %s\n", dir, strerror(errno));
		return -1;
	}
	return 0;
}

/* a figure no run had is an empty CSV field, which gnuplot and spreadsheets skip */
void csv_opt(FILE *fp, const char *fmt, double v)
{
	fputc(',', fp);
	if (!isnan(v))
		fprintf(fp, fmt, v);
}

int name_width(int min, const char *name)
{
	int len = (int)strlen(name);

	return len > min ? len : min;
}
