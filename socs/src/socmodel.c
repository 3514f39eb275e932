// SPDX-License-Identifier: GPL-2.0
/*
 * The sim driver's model on the host (see socmodel.h): the equations are
 * include/idlesim/model.h's, which the driver derives its figures with
 * too, so that both get the very same figures.
 */
#include <stdlib.h>

#include <idlesim/model.h>

#include "socmodel.h"

void socmodel_table(const struct soc *s, int kind, int opp, int64_t temp_c,
		    struct socmodel_table *t)
{
	const struct soc_cluster *c = &s->cluster[kind];
	int top = c->nr_opps - 1, i;
	int64_t lf = idlesim_time_factor_q10(s->exit_fixed_pct, c->opp[top].khz, c->opp[opp].khz);
	int64_t vf = idlesim_volt_factor_q16(c->opp[opp].uv, c->opp[top].uv);

	t->nr = s->nr_states;
	for (i = 0; i < s->nr_states; i++) {
		const struct soc_figures *f = &c->fig[i];

		t->exit_ns[i] = idlesim_time_ns(f->exit_us, lf);
		t->res_ns[i] = idlesim_time_ns(f->residency_us, lf);
		t->power_uw[i] = idlesim_state_uw(f->power_uw, s->state[i].off <= SOC_OFF_CORE, vf,
						  idlesim_leak_uw(f->leak_uw, temp_c,
								  s->reference_temp_c,
								  f->leak_doubling_c));
		/* fixed: the operating point and temperature do not move it */
		t->transition_uw[i] = f->transition_uw;
	}
	t->active_uw = idlesim_active_uw(c->opp[opp].core_uw, c->opp[opp].cluster_uw, c->cpus,
					 idlesim_leak_uw(c->active_leak_uw, temp_c,
							 s->reference_temp_c,
							 s->active_leak_doubling_c));
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
