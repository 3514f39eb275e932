// SPDX-License-Identifier: GPL-2.0
/*
 * The sim driver's model equations on the host (see socmodel.h).  Kept
 * line for line with sim-driver/simsoc_model.c: the same fixed-point
 * steps, so that tests can hold the two to the same figures.
 */
#include <stdlib.h>

#include "socmodel.h"

#define POWER_MAX_UW	10000000

static int64_t clamp64(int64_t v, int64_t lo, int64_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* 2^x, x and the result in Q16; x may be negative; result capped at 2^20 */
static int64_t pow2_q16(int64_t x)
{
	int64_t n = x >> 16;		/* floor */
	int64_t f = x & 0xffff;
	int64_t r;

	r = 5114;
	r = 14823 + ((r * f) >> 16);
	r = 45599 + ((r * f) >> 16);
	r = 65536 + ((r * f) >> 16);
	if (n >= 0)
		return r << (n < 20 ? n : 20);
	return r >> (-n < 62 ? -n : 62);
}

/* leak * (2^((t - t0) / td) - 1), in uW; the kernel's div64_s64 truncates */
static int64_t leak_uw(int64_t leak, int64_t temp_c, int64_t t0_c, int64_t td_c)
{
	int64_t x = ((temp_c - t0_c) * 65536) / td_c;

	return (leak * (pow2_q16(x) - 65536)) >> 16;
}

void socmodel_table(const struct soc *s, int kind, int opp, int64_t temp_c,
		    struct socmodel_table *t)
{
	const struct soc_cluster *c = &s->cluster[kind];
	int top = c->nr_opps - 1, i;
	int64_t fixed = s->exit_fixed_pct;
	int64_t lf = (1024 * fixed) / 100 +
		     (1024 * (100 - fixed) * c->opp[top].khz) / (100 * c->opp[opp].khz);
	int64_t vf = ((c->opp[opp].uv * c->opp[opp].uv) << 16) /
		     (c->opp[top].uv * c->opp[top].uv);
	int64_t pw;

	t->nr = s->nr_states;
	for (i = 0; i < s->nr_states; i++) {
		const struct soc_figures *f = &c->fig[i];

		t->exit_ns[i] = (f->exit_us * 1000 * lf) >> 10;
		t->res_ns[i] = (f->residency_us * 1000 * lf) >> 10;
		pw = f->power_uw;
		if (s->state[i].off <= SOC_OFF_CORE)
			pw = (pw * vf) >> 16;
		pw += leak_uw(f->leak_uw, temp_c, s->reference_temp_c, f->leak_doubling_c);
		t->power_uw[i] = clamp64(pw, 0, POWER_MAX_UW);
		/* fixed: the operating point and temperature do not move it */
		t->transition_uw[i] = f->transition_uw;
	}
	pw = c->opp[opp].core_uw + c->opp[opp].cluster_uw / c->cpus;
	pw += leak_uw(c->active_leak_uw, temp_c, s->reference_temp_c, s->active_leak_doubling_c);
	t->active_uw = clamp64(pw, 0, POWER_MAX_UW);
}

int socmodel_cpu_kind(const struct soc *s, int cpu, int *cluster)
{
	int k, n = 0, cl = 0;

	for (k = 0; k < s->nr_clusters; k++) {
		const struct soc_cluster *c = &s->cluster[k];

		if (cpu < n + c->cpus * c->count) {
			*cluster = cl + (cpu - n) / c->cpus;
			return k;
		}
		n += c->cpus * c->count;
		cl += c->count;
	}
	return -1;
}

int socmodel_opp_of(const struct soc *s, int kind, int64_t khz)
{
	const struct soc_cluster *c = &s->cluster[kind];
	int i, best = 0;

	for (i = 1; i < c->nr_opps; i++)
		if (llabs(c->opp[i].khz - khz) < llabs(c->opp[best].khz - khz))
			best = i;
	return best;
}

int socmodel_opp_at_pct(const struct soc *s, int kind, int64_t pct)
{
	const struct soc_cluster *c = &s->cluster[kind];
	int i;

	for (i = 0; i < c->nr_opps - 1; i++)
		if (c->opp[i].khz * 100 >= c->opp[c->nr_opps - 1].khz * pct)
			break;
	return i;
}
