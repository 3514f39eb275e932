// SPDX-License-Identifier: GPL-2.0
/*
 * A run's figures as the commands read them (run.h): totals, the names of
 * its states and domain states, and the values compared and swept, NaN
 * where the run has none.
 */
#include <math.h>
#include <stdio.h>

#include "run.h"

const char *state_name(const struct run *r, int i)
{
	static const char *const unnamed[MAX_STATES] = {
		"state0", "state1", "state2", "state3", "state4", "state5", "state6", "state7",
	};

	if (i >= 0 && i < r->nr_state_names)
		return r->state_name[i];
	return i >= 0 && i < MAX_STATES ? unnamed[i] : "?";
}

int domain_states(const struct run *r, struct domain_state *ds)
{
	int c, d, k, s, n = 0;
	bool used;

	for (d = 0; d <= r->soc_domain && d < MAX_DOMAINS; d++) {
		for (used = d == r->soc_domain, c = 0; c < MAX_CPUS; c++)
			used |= r->booted[c] && r->cluster[c] == d;
		if (!used)
			continue;
		for (k = 0; k < r->nr_domain_state_names; k++) {
			s = r->nr_states + k;
			if (s >= MAX_STATES || s >= r->dom.nr_off ||
			    r->dom.off[s] != (d < r->soc_domain ? OFF_CLUSTER : OFF_SOC))
				continue;
			ds[n] = (struct domain_state){ .d = d, .s = s,
						       .name = r->domain_state_name[k] };
			if (d < r->soc_domain)
				snprintf(ds[n].dname, sizeof(ds[n].dname), "cluster%d", d);
			else
				snprintf(ds[n].dname, sizeof(ds[n].dname), "soc");
			n++;
		}
	}
	return n;
}

double sum(const double *v, int n)
{
	double s = 0;
	int i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s;
}

double total_nj(const struct run *r)
{
	return sum(r->idle_nj, r->nr_cpus) + sum(r->active_nj, r->nr_cpus);
}

double f_total(const struct run *r) { return total_nj(r); }
double f_idle(const struct run *r) { return sum(r->idle_nj, r->nr_cpus); }
double f_active(const struct run *r) { return sum(r->active_nj, r->nr_cpus); }
double f_transition(const struct run *r) { return sum(r->transition_nj, r->nr_cpus); }
double f_periods(const struct run *r) { return (double)r->periods; }
double f_demotions(const struct run *r) { return (double)r->demotions; }

/* the oracle floor covers idle periods only: add the run's active energy */
double f_floor(const struct run *r)
{
	return r->oracle_nj + sum(r->active_nj, r->nr_cpus);
}

double f_exit_lat(const struct run *r)
{
	return r->periods ? (double)r->exit_latency_ns / (double)r->periods : 0;
}

double f_agree(const struct run *r)
{
	return r->ran_rule >= 0 ? rule_agreement(r, r->ran_rule) : NAN;
}

double f_lat_p99(const struct run *r) { return r->has_lat ? (double)r->lat.p99_ns : NAN; }
double f_lat_mean(const struct run *r) { return r->has_lat ? r->lat.mean_ns : NAN; }
double f_lat_max(const struct run *r) { return r->has_lat ? (double)r->lat.max_ns : NAN; }
double f_wakeups(const struct run *r) { return r->has_lat ? (double)r->lat.wakeups : NAN; }
double f_misses(const struct run *r) { return r->has_lat ? (double)r->lat.misses : NAN; }
double f_lat_model(const struct run *r) { return r->has_lat && r->lat.split ? r->lat.model_mean_ns : NAN; }
double f_lat_emul(const struct run *r) { return r->has_lat && r->lat.split ? r->lat.emulator_mean_ns : NAN; }
double f_lat_guest(const struct run *r) { return r->has_lat && r->lat.split ? r->lat.guest_mean_ns : NAN; }
