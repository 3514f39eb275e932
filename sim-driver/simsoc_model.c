// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc model: nominal figures and the equations that turn the controls
 * (operating point, temperature, per-state figures) into the table the idle
 * path uses.  Runs in process context when a new set of controls is
 * published; the idle path only reads the result.  MODEL.md documents the
 * equations and where the figures come from; include/idlesim/model.h
 * holds them, for the host's tools too.
 */
#include <linux/kernel.h>
#include <linux/math64.h>
#include <idlesim/model.h>

#include "simsoc.h"

/* One kind of cluster's figures at the set's operating point and temperature */
static void simsoc_derive_kind(const struct simsoc_soc *s, int kind, const s64 *v,
			       struct simsoc_kind_derived *d)
{
	const struct simsoc_kind *k = &s->kind[kind];
	int opp = v[simsoc_c_opp(s, kind)], top = k->nr_opps - 1;
	s64 temp = v[SIMSOC_C_TEMP];
	s64 lf = idlesim_time_factor_q10(s->exit_fixed_pct, k->opp_khz[top], k->opp_khz[opp]);
	s64 vf = idlesim_volt_factor_q16(k->opp_uv[opp], k->opp_uv[top]);
	int i;

	for (i = 0; i < s->nr_states; i++) {
		const s64 *f = &v[simsoc_c_state(s, kind, i)];

		d->exit_ns[i] = idlesim_time_ns(f[0], lf);
		d->res_ns[i] = idlesim_time_ns(f[1], lf);
		/* while the cluster stays powered, its share follows V^2 */
		d->power_uw[i] = idlesim_state_uw(f[2], s->off[i] <= SIMSOC_OFF_CORE, vf,
						  idlesim_leak_uw(f[3], temp, s->temp_ref_c, f[4]));
	}
	d->active_uw = idlesim_active_uw(k->core_uw[opp], k->cluster_uw[opp], k->cpus,
					 idlesim_leak_uw(v[simsoc_c_opp(s, kind) + 1], temp,
							 s->temp_ref_c, s->active_td_c));
}

/**
 * simsoc_model_derive() - the figures of a set of control values
 * @s: the SoC
 * @p: the set; @p->d is computed from @p->v
 *
 * Exit latency, target residency and power of each state of each kind of
 * cluster at the set's operating point and temperature, and the blocks'
 * modes, as sim-driver/MODEL.md states them.  Pure: reads @p->v, writes
 * @p->d.
 */
void simsoc_model_derive(const struct simsoc_soc *s, struct simsoc_params *p)
{
	struct simsoc_derived *d = &p->d;
	const s64 *v = p->v;
	int i;

	for (i = 0; i < s->nr_kinds; i++)
		simsoc_derive_kind(s, i, v, &d->k[i]);
	d->jitter_pct = v[SIMSOC_C_JITTER];
	d->coupling = v[SIMSOC_C_COUPLING];
	for (i = 0; i < s->nr_blocks; i++) {
		const s64 *b = &v[simsoc_c_block(s, i)];

		d->blk_mode[i] = b[0];
		d->blk_duty[i] = b[1];
		d->blk_depth[i] = b[2];
	}
}

/**
 * simsoc_model_check() - the model's rules on a complete set of values
 * @s: the SoC
 * @v: a value per control of @s
 * @bad_a: set to the control that must not exceed @bad_b's, on failure
 * @bad_b: see @bad_a
 *
 * In every kind of cluster, a state's exit latency may not exceed its
 * target residency, and neither may decrease with depth.
 *
 * Return: 0, or -EINVAL with the rule broken (@bad_a <= @bad_b).
 */
int simsoc_model_check(const struct simsoc_soc *s, const s64 *v, int *bad_a, int *bad_b)
{
	int k, i, e, r;

	for (k = 0; k < s->nr_kinds; k++) {
		for (i = 0; i < s->nr_states; i++) {
			e = simsoc_c_state(s, k, i);
			r = e + 1;
			/* a state's exit latency may not exceed its target residency */
			if (v[e] > v[r]) {
				*bad_a = e;
				*bad_b = r;
				return -EINVAL;
			}
			if (!i)
				continue;
			/* deeper states may not be faster or pay off sooner */
			if (v[e] < v[e - SIMSOC_CTRLS_PER_STATE]) {
				*bad_a = e - SIMSOC_CTRLS_PER_STATE;
				*bad_b = e;
				return -EINVAL;
			}
			if (v[r] < v[r - SIMSOC_CTRLS_PER_STATE]) {
				*bad_a = r - SIMSOC_CTRLS_PER_STATE;
				*bad_b = r;
				return -EINVAL;
			}
		}
	}
	return 0;
}
