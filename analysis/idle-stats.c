// SPDX-License-Identifier: GPL-2.0
/*
 * The per-state and per-cluster counts that run and board modes share,
 * and their CSV files (idle-stats.h; the columns are columns.h's).
 */
#include <limits.h>

#include "columns.h"
#include "idle-stats.h"

void state_stats_time(struct state_stats *s, uint64_t dur)
{
	if (!s->count || dur < s->min_ns)
		s->min_ns = dur;
	if (dur > s->max_ns)
		s->max_ns = dur;
	s->count++;
	s->total_ns += dur;
}

void states_csv(FILE *fp, const struct state_stats st[][MAX_STATES], int nr_cpus,
		int nr_states, const char *const *names)
{
	int cpu, i;

	fputs(STATES_CSV_COLUMNS "\n", fp);
	for (cpu = 0; cpu < nr_cpus; cpu++)
		for (i = 0; i < nr_states; i++) {
			const struct state_stats *s = &st[cpu][i];

			fprintf(fp, "%d,%d,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%llu,%.0f,%.0f,%s\n",
				cpu, i, (unsigned long long)s->count,
				(unsigned long long)s->total_ns,
				(unsigned long long)(s->count ? s->total_ns / s->count : 0),
				(unsigned long long)s->min_ns, (unsigned long long)s->max_ns,
				(unsigned long long)s->too_deep,
				(unsigned long long)s->too_shallow,
				(unsigned long long)s->demoted, s->energy_nj, s->transition_nj,
				names[i]);
		}
}

void cluster_states_init(struct cluster_states *cs)
{
	int k;

	for (k = 0; k < MAX_CPUS; k++)
		cs->state[k] = -1;
}

int cluster_state_of(const int *cpu_state, const int *cl_of, int k)
{
	int c, min = INT_MAX;

	for (c = 0; c < MAX_CPUS; c++) {
		if (cl_of[c] != k)
			continue;
		if (cpu_state[c] < 0)
			return -1;
		if (cpu_state[c] < min)
			min = cpu_state[c];
	}
	return min;
}

bool cluster_states_move(struct cluster_states *cs, int k, int state, uint64_t ts,
			 int *old, uint64_t *from)
{
	if (cs->state[k] == state)
		return false;
	*old = cs->state[k];
	*from = cs->since[k];
	cs->state[k] = state;
	cs->since[k] = ts;
	return true;
}

void clusters_csv(FILE *fp, const struct cluster_states *cs, int nr, int nr_states,
		  const char *const *names)
{
	int k, i;

	fputs(CLUSTERS_CSV_COLUMNS "\n", fp);
	for (k = 0; k < nr; k++)
		for (i = 0; i < nr_states; i++)
			fprintf(fp, "%d,%d,%llu,%llu,%llu,%s\n", k, i,
				(unsigned long long)cs->count[k][i],
				(unsigned long long)cs->ns[k][i],
				(unsigned long long)(cs->count[k][i] ?
						     cs->ns[k][i] / cs->count[k][i] : 0),
				names[i]);
}
