// SPDX-License-Identifier: GPL-2.0
/*
 * Selection rules replayed on recorded idle periods; see rules.h.
 */
#include <stdint.h>
#include <limits.h>

#include "rules.h"
#include "price.h"

const char *const rule_names[NR_RULES] = {
	[RULE_DEEPEST]		= "deepest",
	[RULE_LOWEST_POWER]	= "lowest_power",
	[RULE_TEO_DEEPEST]	= "teo_deepest",
	[RULE_TEO_LOWEST_POWER]	= "teo_lowest_power",
	[RULE_SHALLOWEST]	= "shallowest",
};

static int demote(const struct state_table *t, int i)
{
	while (i > 0 && !t->usable[i])
		i--;
	return i;
}

static int pick_deepest(const struct state_table *t, const struct nominal_table *nom,
			const struct rule_inputs *in)
{
	const int64_t *lat = t->exit_latency_ns, *res = t->target_residency_ns;
	uint64_t pred = in->predicted_ns, tick = in->tick_nsec;
	int i, idx = -1;

	if (nom && nom->nr == t->nr) {
		lat = nom->exit_latency_ns;
		res = nom->target_residency_ns;
	}
	for (i = 0; i < t->nr; i++) {
		if (idx == -1)
			idx = i;
		if ((uint64_t)res[i] > pred) {
			if (!in->has_tick || pred < tick)
				break;
			if (!in->tick_stopped) {
				pred = res[idx];
				break;
			}
			if ((uint64_t)res[idx] < tick && (uint64_t)res[i] <= in->delta_tick_ns)
				idx = i;
			return demote(t, idx);
		}
		if (lat[i] > in->latency_req_ns)
			break;
		idx = i;
	}
	if (idx == -1)
		idx = 0;
	if (in->has_tick && pred < tick && !in->tick_stopped &&
	    idx > 0 && (uint64_t)res[idx] > in->delta_tick_ns) {
		for (i = idx - 1; i >= 0; i--) {
			idx = i;
			if ((uint64_t)res[i] <= in->delta_tick_ns)
				break;
		}
	}
	return demote(t, idx);
}

/*
 * A state cheaper than @idx that only the period's mask kept out, and that
 * would have fitted (cpuidle_masked_fit()).  The trace does not say which
 * states sysfs disabled; the simulated SoC's scenarios disable none.  With
 * "until", the kernel keeps the tick only for the earliest end of such a
 * state's exclusion that leaves it time to pay, if that comes before the
 * tick; ends it does not know never keep the tick.
 */
bool masked_tick_keeps(const struct state_table *t, int idx, int policy, int64_t duration_ns,
		       int64_t latency_req_ns, uint64_t delta_tick_ns, bool tick_stopped,
		       uint64_t now)
{
	int64_t end = INT64_MAX;
	int i;

	if (policy == MASKED_TICK_OFF || tick_stopped)
		return false;
	for (i = 0; i < t->nr; i++) {
		int64_t res = t->target_residency_ns[i], e;

		if (t->usable[i] || t->power[i] >= t->power[idx] || res > duration_ns ||
		    t->exit_latency_ns[i] > latency_req_ns)
			continue;
		if (policy == MASKED_TICK_ALWAYS)
			return true;
		if (t->until_ns[i] <= 0)
			continue;
		e = (uint64_t)t->until_ns[i] > now ? (int64_t)((uint64_t)t->until_ns[i] - now) : 0;
		if (e + res <= duration_ns && e < end)
			end = e;
	}
	return end != INT64_MAX && (uint64_t)end <= delta_tick_ns;
}

static int masked_fit(const struct state_table *t, int idx, const struct rule_inputs *in)
{
	return masked_tick_keeps(t, idx, in->masked_tick, (int64_t)in->predicted_ns,
				 in->latency_req_ns, in->delta_tick_ns, in->tick_stopped, in->now);
}

static int pick_lowest_power(const struct state_table *t, const struct rule_inputs *in)
{
	const int64_t *lat = t->exit_latency_ns, *res = t->target_residency_ns;
	uint64_t pred = in->predicted_ns, tick = in->tick_nsec;
	int i, idx = -1, first = -1, next = -1, fallback = -1;
	int64_t power = INT64_MAX, next_res = 0;

	for (i = 0; i < t->nr; i++) {
		if (!t->usable[i])
			continue;
		if (first < 0)
			first = i;
		if (lat[i] > in->latency_req_ns)
			continue;
		/* nothing eligible: the shortest residency within the limit */
		if (fallback < 0 || res[i] < res[fallback])
			fallback = i;
		if ((uint64_t)res[i] > pred)
			continue;
		/* ties go to the deeper state */
		if (t->power[i] <= power) {
			power = t->power[i];
			idx = i;
		}
	}
	if (first < 0)
		return 0;
	if (idx < 0) {
		idx = fallback >= 0 ? fallback : first;
		next = idx;
		next_res = res[idx];
	} else {
		for (i = 0; i < t->nr; i++) {
			if (!t->usable[i] || t->power[i] >= power)
				continue;
			if (next < 0 || res[i] < next_res) {
				next = i;
				next_res = res[i];
			}
		}
	}
	if (!in->has_tick)
		return idx;
	if (next >= 0 && (uint64_t)next_res > pred && pred >= tick) {
		if (!in->tick_stopped) {
			pred = res[idx];
		} else {
			if ((uint64_t)res[idx] < tick && (uint64_t)next_res <= in->delta_tick_ns &&
			    lat[next] <= in->latency_req_ns)
				idx = next;
			return idx;
		}
	}
	if ((pred < tick || masked_fit(t, idx, in)) && !in->tick_stopped &&
	    (uint64_t)res[idx] > in->delta_tick_ns) {
		int fit = -1, low = -1;
		int64_t fit_power = INT64_MAX, low_res = 0;

		for (i = 0; i < t->nr; i++) {
			if (!t->usable[i] || lat[i] > in->latency_req_ns)
				continue;
			if (low < 0 || res[i] < low_res) {
				low = i;
				low_res = res[i];
			}
			if ((uint64_t)res[i] > in->delta_tick_ns)
				continue;
			if (t->power[i] <= fit_power) {
				fit_power = t->power[i];
				fit = i;
			}
		}
		if (fit >= 0)
			idx = fit;
		else if (low >= 0 && low_res <= res[idx])
			idx = low;
	}
	return idx;
}

int rule_select(enum rule rule, const struct state_table *t,
		const struct nominal_table *nom, const struct rule_inputs *in)
{
	switch (rule) {
	case RULE_DEEPEST:
		return pick_deepest(t, nom, in);
	case RULE_LOWEST_POWER:
		return pick_lowest_power(t, in);
	case RULE_TEO_DEEPEST:
	case RULE_TEO_LOWEST_POWER:
		return -1;
	case RULE_SHALLOWEST:
	default:
		return 0;
	}
}

/*
 * simsoc's energy model: the state's power from the idle entry to the
 * wake-up event, then the state's exit latency at its transition power
 * (by default the CPU's active power).  The driver charges the entered
 * state exactly so; the other states are priced as if they had been
 * entered for the same time to the wake-up.
 */
double state_energy(const struct state_table *t, int i, uint64_t wait_ns)
{
	return price_nj((double)t->power[i], (double)wait_ns, exit_power_uw(t, i),
			(double)t->exit_latency_ns[i]);
}

int oracle_select(const struct state_table *t, int64_t latency_req_ns,
		  uint64_t wait_ns)
{
	double e, best_e = 0;
	int i, best = 0;

	for (i = 0; i < t->nr; i++) {
		if (!t->usable[i] || (i && t->exit_latency_ns[i] > latency_req_ns))
			continue;
		e = state_energy(t, i, wait_ns);
		if (i == 0 || e < best_e) {
			best = i;
			best_e = e;
		}
	}
	return best;
}
