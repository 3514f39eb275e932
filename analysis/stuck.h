/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stuck time (stuck.c): from the rises of the blocks' open cap that the
 * trace reader keeps.
 */
#ifndef IDLESIM_STUCK_H
#define IDLESIM_STUCK_H

#include "period.h"

/*
 * The rises of the blocks' open cap (simsoc_blocks) the reader keeps, for
 * the exclusions that end with one: enough for the longest idle period.
 */
#define BLOCK_RISES	256

struct block_rise {
	uint64_t ts;
	int cap;
};

/*
 * @p's stuck time, given the last @n rises of the blocks' open
 * cap up to @p's wake-up, oldest first.
 */
uint64_t period_stuck_ns(const struct period *p, const struct block_rise *rise, int n);

#endif /* IDLESIM_STUCK_H */
