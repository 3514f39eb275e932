// SPDX-License-Identifier: GPL-2.0
/*
 * The generator's random numbers: xoshiro256**, seeded by splitmix64 from
 * the scenario's seed and the thread's name, so that a run can be
 * repeated and adding a thread does not change the others' sequences.
 */
#include <math.h>
#include <stdint.h>

#include "rng.h"

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(uint64_t *s)
{
	uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return r;
}

/* Each thread's stream depends on the seed and its name only. */
void rng_seed(uint64_t *s, uint64_t seed, const char *name)
{
	uint64_t h = 0xcbf29ce484222325ULL, x;
	int i;

	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 0x100000001b3ULL;
	x = seed ^ h;
	for (i = 0; i < 4; i++)
		s[i] = splitmix64(&x);
}

double rng_unit(uint64_t *s)	/* [0, 1) */
{
	return (double)(rng_next(s) >> 11) * 0x1.0p-53;
}

int64_t rng_exp(uint64_t *s, int64_t mean)
{
	return (int64_t)llround(-(double)mean * log1p(-rng_unit(s)));
}
