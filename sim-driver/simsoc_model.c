// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc model: nominal figures and the equations that turn the controls
 * (operating point, temperature, per-state figures) into the table the idle
 * path uses.  Runs in process context when a new set of controls is
 * published; the idle path only reads the result.  MODEL.md documents the
 * equations and where the figures come from.
 */
#include <linux/kernel.h>
#include <linux/math64.h>
#include "simsoc.h"

/*
 * Operating points of a Cortex-A53 cluster of ARM Juno r0/r2 (frequencies
 * and busy powers from ARM's EAS energy model for Juno), voltages assumed.
 */
static const u32 opp_mhz[SIMSOC_NR_OPPS] = { 450, 575, 700, 775, 850 };
static const u32 opp_mv[SIMSOC_NR_OPPS] = { 800, 850, 900, 950, 1000 };
static const u32 opp_core_busy_mw[SIMSOC_NR_OPPS] = { 33, 46, 61, 76, 93 };
static const u32 opp_cluster_busy_mw[SIMSOC_NR_OPPS] = { 26, 30, 39, 47, 57 };

#define SIMSOC_T0_C		45	/* temperature of the nominal figures */
#define SIMSOC_ACTIVE_TD_C	20	/* active leakage doubles every 20 C */
#define SIMSOC_POWER_MAX_UW	10000000

/* 2^x, x and the result in Q16; x may be negative; result capped at 2^20 */
static s64 simsoc_pow2_q16(s64 x)
{
	s64 n = x >> 16;		/* floor */
	s64 f = x & 0xffff;
	s64 r;

	/* 2^f ~ 1 + 0.695799 f + 0.226173 f^2 + 0.078028 f^3 on [0, 1) */
	r = 5114;
	r = 14823 + ((r * f) >> 16);
	r = 45599 + ((r * f) >> 16);
	r = 65536 + ((r * f) >> 16);
	if (n >= 0)
		return r << min_t(s64, n, 20);
	return r >> min_t(s64, -n, 62);
}

/* leak * (2^((t - T0) / td) - 1), in uW */
static s64 simsoc_leak_uw(s64 leak_uw, s64 temp_c, s64 td_c)
{
	s64 x = div64_s64((temp_c - SIMSOC_T0_C) << 16, td_c);

	return (leak_uw * (simsoc_pow2_q16(x) - 65536)) >> 16;
}

/**
 * simsoc_model_derive() - the figures of a set of control values
 * @p: the set; @p->d is computed from @p->v
 *
 * Exit latency, target residency and power of each state at the set's
 * operating point and temperature, and the blocks' modes, as
 * sim-driver/MODEL.md states them.  Pure: reads @p->v, writes @p->d.
 */
void simsoc_model_derive(struct simsoc_params *p)
{
	struct simsoc_derived *d = &p->d;
	const s64 *v = p->v;
	int opp = v[SIMSOC_C_OPP];
	s64 temp = v[SIMSOC_C_TEMP];
	/* exit latency factor in Q10: half fixed, half scales with 1/f */
	s64 lf = 512 + div64_s64(512LL * opp_mhz[SIMSOC_NR_OPPS - 1], opp_mhz[opp]);
	/* (V / Vnom)^2 in Q16 */
	s64 vf = div64_s64((s64)opp_mv[opp] * opp_mv[opp] << 16,
			   (s64)opp_mv[SIMSOC_NR_OPPS - 1] * opp_mv[SIMSOC_NR_OPPS - 1]);
	s64 pw;
	int i;

	for (i = 0; i < SIMSOC_NR_STATES; i++) {
		const s64 *s = &v[SIMSOC_C_STATE0 + i * SIMSOC_CTRLS_PER_STATE];

		d->exit_ns[i] = (s[0] * 1000 * lf) >> 10;
		d->res_ns[i] = (s[1] * 1000 * lf) >> 10;
		pw = s[2];
		/* the cluster stays powered in states 0-2: that share follows V^2 */
		if (i <= SIMSOC_CORE_OFF)
			pw = (pw * vf) >> 16;
		pw += simsoc_leak_uw(s[3], temp, s[4]);
		d->power_uw[i] = clamp_t(s64, pw, 0, SIMSOC_POWER_MAX_UW);
	}
	pw = (opp_core_busy_mw[opp] * 1000 + opp_cluster_busy_mw[opp] * 500);
	pw += simsoc_leak_uw(v[SIMSOC_C_ACTIVE_LEAK], temp, SIMSOC_ACTIVE_TD_C);
	d->active_uw = clamp_t(s64, pw, 0, SIMSOC_POWER_MAX_UW);
	d->jitter_pct = v[SIMSOC_C_JITTER];
	d->coupling = v[SIMSOC_C_COUPLING];
	for (i = 0; i < SIMSOC_NR_BLOCKS; i++) {
		const s64 *b = &v[SIMSOC_C_BLOCK0 + i * SIMSOC_CTRLS_PER_BLOCK];

		d->blk_mode[i] = b[0];
		d->blk_duty[i] = b[1];
		d->blk_depth[i] = b[2];
	}
}

/**
 * simsoc_model_check() - the model's rules on a complete set of values
 * @v: a value per control (&enum simsoc_ctrl_id)
 * @bad_a: set to the control that must not exceed @bad_b's, on failure
 * @bad_b: see @bad_a
 *
 * A state's exit latency may not exceed its target residency, and
 * neither may decrease with depth.
 *
 * Return: 0, or -EINVAL with the rule broken (@bad_a <= @bad_b).
 */
int simsoc_model_check(const s64 *v, int *bad_a, int *bad_b)
{
	int i, e, r;

	for (i = 0; i < SIMSOC_NR_STATES; i++) {
		e = SIMSOC_C_STATE0 + i * SIMSOC_CTRLS_PER_STATE;
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
	return 0;
}
