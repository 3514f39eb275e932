// SPDX-License-Identifier: GPL-2.0
/*
 * The sim driver's controls and their values on one SoC; see
 * control-ranges.h.  A value is judged as the driver's
 * simsoc_parse_value() judges it: a menu item by its name or its index,
 * an operating point also as P% (0 to 100), anything else as a decimal
 * number in range and on the step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-ranges.h"

const struct control_ranges *scenario_controls;

void scenario_check_controls(const struct control_ranges *cr)
{
	scenario_controls = cr;
}

static int parse_line(struct control_range *c, char *line)
{
	char kind[8];
	int n = 0;

	c->items[0] = 0;
	if (sscanf(line, "%39s %7s %n", c->name, kind, &n) != 2)
		return -1;
	if (!strcmp(kind, "int")) {
		c->kind = CR_INT;
		return sscanf(line + n, "%lld %lld %lld", &c->min, &c->max, &c->step) == 3 &&
		       c->min <= c->max && c->step > 0 ? 0 : -1;
	}
	if (!strcmp(kind, "ro")) {
		c->kind = CR_RO;
		return 0;
	}
	if (strcmp(kind, "menu") && strcmp(kind, "opp"))
		return -1;
	c->kind = kind[0] == 'm' ? CR_MENU : CR_OPP;
	/* as the driver: an index from 0 also names an item */
	if (sscanf(line + n, "%lld %399s", &c->max, c->items) != 2 || c->max < 1)
		return -1;
	if (!strcmp(c->items, "-"))
		c->items[0] = 0;
	c->min = 0;
	c->max--;
	c->step = 1;
	return 0;
}

int control_ranges_load(struct control_ranges *cr, const char *path, char *err,
			size_t errlen)
{
	char line[512];
	FILE *f = fopen(path, "r");
	int lineno = 0, cap = 0;

	memset(cr, 0, sizeof(*cr));
	snprintf(cr->file, sizeof(cr->file), "%s", path);
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		lineno++;
		if (cr->n == cap) {
			struct control_range *r;

			cap = cap ? 2 * cap : 128;
			r = realloc(cr->r, cap * sizeof(*r));
			if (!r) {
				snprintf(err, errlen, "%s: out of memory", path);
				goto fail;
			}
			cr->r = r;
		}
		if (parse_line(&cr->r[cr->n], line)) {
			snprintf(err, errlen,
				 "%s:%d: expected 'NAME int MIN MAX STEP', 'NAME menu|opp N A,B,...' or 'NAME ro' (idlesim-soc get control-ranges)",
				 path, lineno);
			goto fail;
		}
		cr->n++;
	}
	fclose(f);
	return 0;
fail:
	fclose(f);
	control_ranges_free(cr);
	return -1;
}

void control_ranges_free(struct control_ranges *cr)
{
	free(cr->r);
	cr->r = NULL;
	cr->n = 0;
}

/* a decimal number, as the kernel's kstrtos64(): an optional sign, digits */
static int whole(const char *v, long long *x)
{
	char *end;

	if (!*v)
		return -1;
	errno = 0;
	*x = strtoll(v, &end, 10);
	return errno || *end || v[strspn(v, " \t")] != v[0] ? -1 : 0;
}

static int is_item(const char *items, const char *v)
{
	size_t len = strlen(v);
	const char *s = items;

	while (*s) {
		size_t n = strcspn(s, ",");

		if (n == len && !strncmp(s, v, n))
			return 1;
		s += n + (s[n] == ',');
	}
	return 0;
}

int control_ranges_check(const struct control_ranges *cr, const char *name,
			 const char *value, char *msg, size_t len)
{
	const struct control_range *c = NULL;
	long long x;
	int i;

	for (i = 0; i < cr->n && !c; i++)
		if (!strcmp(cr->r[i].name, name))
			c = &cr->r[i];
	if (!c) {
		snprintf(msg, len, "control '%.40s' is not one of this SoC's; expected one of 'idlesim-soc get controls'",
			 name);
		return -1;
	}
	switch (c->kind) {
	case CR_RO:
		snprintf(msg, len, "control '%s' is read only; expected a control a scenario may set",
			 name);
		return -1;
	case CR_MENU:
	case CR_OPP:
		if (is_item(c->items, value))
			return 0;
		if (c->kind == CR_OPP && value[0] && value[strlen(value) - 1] == '%') {
			char num[8];
			size_t n = strlen(value) - 1;

			if (n && n < sizeof(num)) {
				memcpy(num, value, n);
				num[n] = 0;
				if (num[0] != '-' && !whole(num, &x) && x <= 100)
					return 0;
			}
			snprintf(msg, len, "%s=%.20s; expected P%% with P a whole number from 0 to 100",
				 name, value);
			return -1;
		}
		if (!whole(value, &x) && x >= c->min && x <= c->max)
			return 0;
		snprintf(msg, len, "%s=%.20s; expected %s%.200s%s an index from 0 to %lld%s",
			 name, value, c->items[0] ? "one of " : "", c->items, c->items[0] ? "," : "",
			 c->max, c->kind == CR_OPP ? ", or P%" : "");
		return -1;
	case CR_INT:
		if (!whole(value, &x) && x >= c->min && x <= c->max &&
		    (x - c->min) % c->step == 0)
			return 0;
		if (c->step > 1)
			snprintf(msg, len, "%s=%.20s; expected a whole number from %lld to %lld in steps of %lld",
				 name, value, c->min, c->max, c->step);
		else
			snprintf(msg, len, "%s=%.20s; expected a whole number from %lld to %lld",
				 name, value, c->min, c->max);
		return -1;
	}
	return 0;
}
