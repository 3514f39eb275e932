// SPDX-License-Identifier: GPL-2.0
/*
 * Selection rules replayed on recorded idle periods; see rules.h.
 */
#include <stdint.h>

#include "rules.h"

const char *const rule_names[NR_RULES] = {
	[RULE_DEEPEST]		= "deepest",
	[RULE_LOWEST_POWER]	= "lowest_power",
	[RULE_SHALLOWEST]	= "shallowest",
};

static bool fits(const struct state_table *t, int i, int64_t latency_req_ns,
		 uint64_t predicted_ns)
{
	return t->exit_latency_ns[i] <= latency_req_ns &&
	       t->target_residency_ns[i] <= (int64_t)predicted_ns;
}

static int demote(const struct state_table *t, int i)
{
	while (i > 0 && !t->usable[i])
		i--;
	return i;
}

int rule_select(enum rule rule, const struct state_table *t,
		const struct nominal_table *nom, int64_t latency_req_ns,
		uint64_t predicted_ns)
{
	int i, best = -1;

	switch (rule) {
	case RULE_DEEPEST:
		for (i = 1; i < t->nr; i++) {
			if (nom && nom->nr == t->nr) {
				if (nom->exit_latency_ns[i] > latency_req_ns ||
				    nom->target_residency_ns[i] > (int64_t)predicted_ns)
					break;
			} else if (!fits(t, i, latency_req_ns, predicted_ns)) {
				break;
			}
		}
		return demote(t, i - 1);
	case RULE_LOWEST_POWER:
		for (i = 0; i < t->nr; i++) {
			if (!t->usable[i] || !fits(t, i, latency_req_ns, predicted_ns))
				continue;
			/* ties go to the deeper state */
			if (best < 0 || t->power[i] <= t->power[best])
				best = i;
		}
		return best < 0 ? 0 : best;
	case RULE_SHALLOWEST:
	default:
		return 0;
	}
}

/*
 * simsoc's energy model: the state's power while in it, and the exit
 * latency spent spinning at active power.  The nominal exit latency is
 * used, not the spin the driver measured, which icount stretches while
 * the other vCPUs run.
 */
double state_energy(const struct state_table *t, int i, uint64_t len_ns)
{
	double exit = (double)t->exit_latency_ns[i];
	double len = (double)len_ns;

	if (exit > len)
		exit = len;
	return ((double)t->power[i] * (len - exit) + t->active_uw * exit) / 1e6;
}

int oracle_select(const struct state_table *t, int64_t latency_req_ns,
		  uint64_t len_ns)
{
	double e, best_e = 0;
	int i, best = 0;

	for (i = 0; i < t->nr; i++) {
		if (!t->usable[i] || (i && t->exit_latency_ns[i] > latency_req_ns))
			continue;
		e = state_energy(t, i, len_ns);
		if (i == 0 || e < best_e) {
			best = i;
			best_e = e;
		}
	}
	return best;
}
