// SPDX-License-Identifier: GPL-2.0
/*
 * teo replayed on recorded idle periods; see teo.h.  The functions mirror
 * drivers/cpuidle/governors/teo.c after the series, line for line where
 * they can: teo_update(), teo_select() with teo_find_shallower_state(),
 * teo_meet_latency(), teo_finish() and the core's cpuidle_masked_fit().  The kernel's
 * cpuidle_state_usable() is the event's usable mask, its
 * cpuidle_period_usable() the driver's table; simsoc has no polling state.
 */
#include <string.h>

#include "rules.h"
#include "teo.h"

#define PULSE		1024
#define DECAY_SHIFT	3

void teo_replay_init(struct teo_cpu *c)
{
	int i;

	memset(c, 0, sizeof(*c));
	for (i = 0; i < TEO_NR_RECENT; i++)
		c->recent_idx[i] = -1;
}

uint64_t teo_measured(uint64_t len_ns, uint64_t exit_ns, uint64_t sleep_ns)
{
	if (len_ns >= sleep_ns)
		return UINT64_MAX;
	return len_ns >= exit_ns ? len_ns - exit_ns / 2 : len_ns / 2;
}

void teo_replay_update(struct teo_cpu *c, uint64_t measured_ns)
{
	int i, idx_timer = 0, idx_duration = 0;

	c->total = 0;
	for (i = 0; i < c->nr; i++) {
		struct teo_bin *bin = &c->bins[i];
		int64_t target_residency_ns = bin->residency_ns;

		bin->hits -= bin->hits >> DECAY_SHIFT;
		bin->intercepts -= bin->intercepts >> DECAY_SHIFT;
		c->total += bin->hits + bin->intercepts;
		if (target_residency_ns <= c->sleep_length_ns) {
			idx_timer = i;
			if ((uint64_t)target_residency_ns <= measured_ns)
				idx_duration = i;
		}
	}
	i = c->next_recent_idx++;
	if (c->next_recent_idx >= TEO_NR_RECENT)
		c->next_recent_idx = 0;
	if (c->recent_idx[i] >= 0)
		c->bins[c->recent_idx[i]].recent--;
	if (idx_timer == idx_duration) {
		c->bins[idx_timer].hits += PULSE;
		c->recent_idx[i] = -1;
	} else {
		c->bins[idx_duration].intercepts += PULSE;
		c->bins[idx_duration].recent++;
		c->recent_idx[i] = idx_duration;
	}
	c->total += PULSE;
	c->updates++;
}

static bool usable(const struct teo_inputs *in, int i)
{
	return in->usable_mask & (1u << i);
}

static bool time_ok(const struct teo_inputs *in, int64_t interval_ns)
{
	return !in->tick_stopped || interval_ns >= (int64_t)in->tick_nsec;
}

static int64_t middle_of_bin(const struct teo_cpu *c, int idx)
{
	return (c->bins[idx].residency_ns + c->bins[idx + 1].residency_ns) / 2;
}

static int find_shallower_state(const struct state_table *t, const struct teo_inputs *in,
				int state_idx, int64_t duration_ns)
{
	int i;

	for (i = state_idx - 1; i >= 0; i--) {
		if (!usable(in, i) || t->exit_latency_ns[i] > in->latency_req_ns)
			continue;
		state_idx = i;
		if (t->target_residency_ns[i] <= duration_ns)
			break;
	}
	return state_idx;
}

static int meet_latency(const struct state_table *t, const struct teo_inputs *in, int idx)
{
	int i;

	if (t->exit_latency_ns[idx] <= in->latency_req_ns)
		return idx;
	for (i = idx - 1; i >= 0; i--)
		if (usable(in, i) && t->exit_latency_ns[i] <= in->latency_req_ns)
			return i;
	for (i = idx + 1; i < t->nr; i++)
		if (usable(in, i) && t->exit_latency_ns[i] <= in->latency_req_ns)
			return i;
	return idx;
}

/* cpuidle_masked_tick(), as menu's replay has it (rules.c) */
static bool masked_fit(const struct state_table *t, const struct teo_inputs *in, int idx,
		       int64_t duration_ns)
{
	return masked_tick_keeps(t, idx, in->masked_tick, duration_ns, in->latency_req_ns,
				 in->delta_tick_ns, in->tick_stopped, in->now);
}

/*
 * cpuidle_period_ordered(): every state's exit latency and target
 * residency no lower, and its power lower, than the state before it.
 * On such a table teo's choice is already the cheapest eligible state, and
 * the power-aware variant keeps it, as a kernel implementation would.
 */
static bool ordered(const struct state_table *t)
{
	int i;

	for (i = 1; i < t->nr; i++)
		if (t->exit_latency_ns[i] < t->exit_latency_ns[i - 1] ||
		    t->target_residency_ns[i] < t->target_residency_ns[i - 1] ||
		    t->power[i] >= t->power[i - 1])
			return false;
	return true;
}

/* The power-aware choice: the cheapest usable state within the limits, or -1 */
static int lowest_power(const struct state_table *t, const struct teo_inputs *in,
			int64_t duration_ns)
{
	int64_t power = INT64_MAX;
	int i, idx = -1;

	for (i = 0; i < t->nr; i++) {
		if (!usable(in, i) || t->exit_latency_ns[i] > in->latency_req_ns ||
		    t->target_residency_ns[i] > duration_ns)
			continue;
		if (t->power[i] <= power) {
			power = t->power[i];
			idx = i;
		}
	}
	return idx;
}

int teo_replay_select(struct teo_cpu *c, const struct state_table *t,
		      const struct teo_inputs *in, bool power_aware, bool *stop_tick)
{
	unsigned int idx_intercept_sum = 0, intercept_sum = 0;
	unsigned int idx_recent_sum = 0, recent_sum = 0;
	unsigned int idx_hit_sum = 0, hit_sum = 0;
	int constraint_idx = 0, idx0 = 0, idx = -1, i;
	int64_t duration_ns, delta_tick = (int64_t)in->delta_tick_ns;
	bool alt_intercepts, alt_recent;

	*stop_tick = true;
	power_aware = power_aware && !ordered(t);
	/* teo_snapshot_bins(): the period's target residencies */
	c->nr = t->nr;
	for (i = 0; i < t->nr; i++)
		c->bins[i].residency_ns = t->target_residency_ns[i];
	duration_ns = in->sleep_length_ns > INT64_MAX ? INT64_MAX : (int64_t)in->sleep_length_ns;
	c->sleep_length_ns = duration_ns;

	if (t->nr < 2) {
		idx = 0;
		goto end;
	}
	if (usable(in, 0)) {
		idx = 0;
		if (t->usable[1] && t->target_residency_ns[1] > duration_ns)
			goto end;
	}
	for (i = 1; i < t->nr; i++) {
		const struct teo_bin *prev_bin = &c->bins[i - 1];

		intercept_sum += prev_bin->intercepts;
		hit_sum += prev_bin->hits;
		recent_sum += prev_bin->recent;
		if (!usable(in, i))
			continue;
		if (idx < 0) {
			idx = i;
			idx0 = i;
		}
		if (t->target_residency_ns[i] > duration_ns)
			break;
		idx = i;
		if (t->exit_latency_ns[i] <= in->latency_req_ns)
			constraint_idx = i;
		idx_intercept_sum = intercept_sum;
		idx_hit_sum = hit_sum;
		idx_recent_sum = recent_sum;
	}
	if (idx < 0) {
		idx = 0;
		goto end;
	} else if (idx == idx0) {
		goto end;
	}
	alt_intercepts = 2 * idx_intercept_sum > c->total - idx_hit_sum;
	alt_recent = idx_recent_sum > TEO_NR_RECENT / 2;
	if (alt_recent || alt_intercepts) {
		int64_t first_suitable_span_ns = duration_ns;
		int first_suitable_idx = idx;

		intercept_sum = 0;
		recent_sum = 0;
		for (i = idx - 1; i >= 0; i--) {
			const struct teo_bin *bin = &c->bins[i];
			int64_t span_ns;

			intercept_sum += bin->intercepts;
			recent_sum += bin->recent;
			span_ns = middle_of_bin(c, i);
			if ((!alt_recent || 2 * recent_sum > idx_recent_sum) &&
			    (!alt_intercepts || 2 * intercept_sum > idx_intercept_sum)) {
				if (time_ok(in, span_ns) && usable(in, i)) {
					idx = i;
					duration_ns = span_ns;
				} else {
					idx = first_suitable_idx;
					duration_ns = first_suitable_span_ns;
				}
				break;
			}
			if (!usable(in, i))
				continue;
			if (!time_ok(in, span_ns)) {
				if (first_suitable_idx != idx)
					continue;
				break;
			}
			first_suitable_span_ns = span_ns;
			first_suitable_idx = i;
		}
	}
	if (idx > constraint_idx)
		idx = constraint_idx;
end:
	if (power_aware) {
		int p = lowest_power(t, in, duration_ns);

		if (p >= 0)
			idx = p;
	}
	/* teo_finish(): the latency limit before the tick decision */
	idx = meet_latency(t, in, idx);
	if ((duration_ns < (int64_t)in->tick_nsec || masked_fit(t, in, idx, duration_ns)) &&
	    !in->tick_stopped) {
		*stop_tick = false;
		if (t->target_residency_ns[idx] > delta_tick) {
			int p = power_aware ? lowest_power(t, in, delta_tick) : -1;

			if (p >= 0)
				idx = p;
			else if (idx > idx0)
				idx = find_shallower_state(t, in, idx, delta_tick);
		}
	}
	return idx;
}
