/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The model's equations in fixed point (sim-driver/MODEL.md), once for
 * the sim driver, which derives each period's figures from them, and for
 * the host's SoC tool and board mode, which must get the very figures the
 * driver gets: a state's exit latency and target residency scale with 1/f
 * but for a fixed part; its power with V^2 while its cluster stays
 * powered, plus a leakage that doubles every so many degrees; a busy CPU
 * draws its core's power and its share of the cluster's.  Powers in uW,
 * times in us (in) and ns (out), temperatures in degrees C.  Plain C on
 * long long, so that kernel and host code include it alike.
 */
#ifndef IDLESIM_MODEL_H
#define IDLESIM_MODEL_H

#ifdef __KERNEL__
#include <linux/math64.h>
#define IDLESIM_DIV(a, b)	div64_s64(a, b)
#else
#define IDLESIM_DIV(a, b)	((a) / (b))
#endif

#define IDLESIM_POWER_MAX_UW	10000000

/* 2^x, x and the result in Q16; x may be negative; the result is capped at 2^20 */
static inline long long idlesim_pow2_q16(long long x)
{
	long long n = x >> 16;		/* floor */
	long long f = x & 0xffff;
	long long r;

	/* 2^f ~ 1 + 0.695799 f + 0.226173 f^2 + 0.078028 f^3 on [0, 1) */
	r = 5114;
	r = 14823 + ((r * f) >> 16);
	r = 45599 + ((r * f) >> 16);
	r = 65536 + ((r * f) >> 16);
	if (n >= 0)
		return r << (n < 20 ? n : 20);
	return r >> (-n < 62 ? -n : 62);
}

/* leak * (2^((t - t0) / td) - 1): the leakage above that at @t0_c */
static inline long long idlesim_leak_uw(long long leak_uw, long long temp_c, long long t0_c,
					long long td_c)
{
	long long x = IDLESIM_DIV((temp_c - t0_c) * 65536, td_c);

	return (leak_uw * (idlesim_pow2_q16(x) - 65536)) >> 16;
}

/* the factor of exit latencies and residencies at @khz, Q10 */
static inline long long idlesim_time_factor_q10(long long fixed_pct, long long top_khz,
						long long khz)
{
	return IDLESIM_DIV(1024 * fixed_pct, 100) +
	       IDLESIM_DIV(1024 * (100 - fixed_pct) * top_khz, 100 * khz);
}

/* a time of @us at the factor @f_q10, in ns */
static inline long long idlesim_time_ns(long long us, long long f_q10)
{
	return (us * 1000 * f_q10) >> 10;
}

/* (V / Vtop)^2, Q16 */
static inline long long idlesim_volt_factor_q16(long long uv, long long top_uv)
{
	return IDLESIM_DIV(uv * uv * 65536, top_uv * top_uv);
}

static inline long long idlesim_clamp_uw(long long uw)
{
	return uw < 0 ? 0 : uw > IDLESIM_POWER_MAX_UW ? IDLESIM_POWER_MAX_UW : uw;
}

/*
 * A state's power: its figure, by @vf_q16 where the cluster stays powered
 * (@scales), and its leakage @leak_uw (idlesim_leak_uw())
 */
static inline long long idlesim_state_uw(long long power_uw, int scales, long long vf_q16,
					 long long leak_uw)
{
	long long pw = scales ? (power_uw * vf_q16) >> 16 : power_uw;

	return idlesim_clamp_uw(pw + leak_uw);
}

/* a busy CPU: its core, its share of the cluster's @cpus, and its leakage */
static inline long long idlesim_active_uw(long long core_uw, long long cluster_uw, int cpus,
					  long long leak_uw)
{
	return idlesim_clamp_uw(core_uw + IDLESIM_DIV(cluster_uw, (long long)cpus) + leak_uw);
}

#endif /* IDLESIM_MODEL_H */
