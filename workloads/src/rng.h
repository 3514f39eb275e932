/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The generator's seeded PRNG (rng.c): a stream of 4 words per thread,
 * the same for the same seed and thread name on every run and machine.
 */
#ifndef IDLESIM_RNG_H
#define IDLESIM_RNG_H

#include <stdint.h>

void rng_seed(uint64_t *s, uint64_t seed, const char *name);
double rng_unit(uint64_t *s);			/* [0, 1) */
int64_t rng_exp(uint64_t *s, int64_t mean);	/* exponential, of mean MEAN */

#endif
