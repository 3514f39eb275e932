/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The sim driver's controls on one SoC and the values each accepts, as
 * 'idlesim-soc get control-ranges' lists them (from include/idlesim/
 * controls.h and the description), so that the host's check refuses a
 * scenario whose batch the driver would refuse, with the file and line,
 * before anything is built or booted.
 */
#ifndef IDLESIM_CONTROL_RANGES_H
#define IDLESIM_CONTROL_RANGES_H

#include <stddef.h>

#define CR_NAME_LEN	40	/* the driver's SIMSOC_CTRL_NAME_LEN */
#define CR_ITEMS_LEN	400	/* a menu's items, comma-separated */

enum control_kind {
	CR_INT,		/* a whole number in [min, max], min + k * step */
	CR_MENU,	/* an item's name, or its index */
	CR_OPP,		/* a menu of frequencies, or P% of the fastest */
	CR_RO,		/* read only */
};

struct control_range {
	char name[CR_NAME_LEN];
	enum control_kind kind;
	long long min, max, step;
	char items[CR_ITEMS_LEN];
};

struct control_ranges {
	char file[256];
	int n;
	struct control_range *r;
};

/* Read PATH; 0, or -1 with "PATH:LINE: ..." in ERR. */
int control_ranges_load(struct control_ranges *cr, const char *path, char *err,
			size_t errlen);
void control_ranges_free(struct control_ranges *cr);

/*
 * 0 if NAME=VALUE is a write the driver takes; else -1 with what is wrong
 * and what was expected in MSG.
 */
int control_ranges_check(const struct control_ranges *cr, const char *name,
			 const char *value, char *msg, size_t len);

/* The ranges scenario_load() checks batches against; NULL: none. */
void scenario_check_controls(const struct control_ranges *cr);
extern const struct control_ranges *scenario_controls;

#endif
