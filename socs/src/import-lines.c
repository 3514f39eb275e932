// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc import: the lines of the description being written, and
 * --fill, which replaces the ones holding a '?' by a previous
 * description's lines of the same key where that line agrees with every
 * figure the device tree gave.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "import.h"

/* Out of memory: no description can be written. */
void *import_must(void *p)
{
	if (!p) {
		perror("idlesim-soc import");
		exit(1);
	}
	return p;
}

/* The key and section of a line, as --fill matches them. */
static void classify(const char *text, char *sect, char *key)
{
	const char *p = text + strspn(text, " \t");
	int n;

	key[0] = '\0';
	if (*p == '[') {
		snprintf(sect, 64, "%.*s]", (int)strcspn(p, "]"), p);
	} else if (*p && *p != '#' && strchr(p, '=')) {
		n = snprintf(key, 64, "%.*s", (int)strcspn(p, "="), p);
		while (n && (key[n - 1] == ' ' || key[n - 1] == '\t'))
			key[--n] = '\0';
	}
}

struct line *import_add_line(struct out *o, char *text)
{
	struct line *l;
	int i;

	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 128;
		o->l = import_must(realloc(o->l, o->cap * sizeof(*o->l)));
	}
	l = memset(&o->l[o->n++], 0, sizeof(*l));
	l->text = import_must(text);
	classify(text, o->sect, l->key);
	snprintf(l->sect, sizeof(l->sect), "%s", o->sect);
	for (i = 0; l->key[0] && i < o->n - 1; i++)
		l->occ += !strcmp(o->l[i].sect, l->sect) && !strcmp(o->l[i].key, l->key);
	return l;
}

static const char *first(const struct line *l)
{
	return l->text + strspn(l->text, " \t");
}

/* The value of a setting, up to its comment, split at blanks. */
static int tokens(const char *line, char *buf, size_t len, char **tok, int max)
{
	const char *v = strchr(line, '=');
	char *save, *t;
	int n = 0;

	snprintf(buf, len, "%s", v ? v + 1 : "");
	for (t = buf; *t; t++)
		if (*t == '#' && (t[-1] == ' ' || t[-1] == '\t'))
			*t = '\0';
	for (t = strtok_r(buf, " \t", &save); t && n < max; t = strtok_r(NULL, " \t", &save))
		tok[n++] = t;
	return n;
}

/* OLD's line gives every figure that the device tree gives, the same. */
static bool agrees(const char *dt, const char *old)
{
	char a[1024], b[1024], *ta[16], *tb[16];
	int i, n = tokens(dt, a, sizeof(a), ta, 16);

	if (n != tokens(old, b, sizeof(b), tb, 16))
		return false;
	for (i = 0; i < n; i++)
		if (!strchr(ta[i], '?') && strcmp(ta[i], tb[i]))
			return false;
	return true;
}

/* --fill: see the usage text of cmd-import.c */
int import_fill(struct out *o, const char *path)
{
	struct out old = { 0 }, neu = { 0 };
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t len = 0;
	int i, j, b;

	if (!f) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return 1;
	}
	while (getline(&buf, &len, f) >= 0) {
		buf[strcspn(buf, "\n")] = '\0';
		import_add_line(&old, strdup(buf));
	}
	free(buf);
	fclose(f);
	for (i = 0; i < o->n; i++) {
		struct line *l = &o->l[i];
		int hits = 0;

		for (j = 0; l->nq && j < old.n; j++) {
			struct line *m = &old.l[j];

			if (strcmp(m->sect, l->sect) || strcmp(m->key, l->key) ||
			    (!l->table && m->occ != l->occ))
				continue;
			if (!l->table && !agrees(l->text, m->text)) {
				snprintf(l->q[0], sizeof(l->q[0]),
					 "%s: the line of %s has other device tree figures", l->key,
					 path);
				l->nq = 1;
				break;
			}
			import_add_line(&neu, strdup(m->text));
			hits++;
		}
		if (!hits) {
			struct line *k = import_add_line(&neu, l->text);

			memcpy(k->q, l->q, sizeof(k->q));
			k->nq = l->nq;
		} else {
			free(l->text);
		}
	}
	/* OLD's [block] sections, without the blank lines that end them */
	for (i = 0; i < old.n; i = j) {
		for (j = i + 1; j < old.n && *first(&old.l[j]) != '['; j++)
			;
		if (*first(&old.l[i]) != '[' || strncmp(old.l[i].sect, "[block ", 7))
			continue;
		for (b = j; !*first(&old.l[b - 1]); b--)
			;
		import_add_line(&neu, strdup(""));
		while (i < b)
			import_add_line(&neu, strdup(old.l[i++].text));
	}
	for (i = 0; i < old.n; i++)
		free(old.l[i].text);
	free(old.l);
	free(o->l);
	*o = neu;
	return 0;
}

