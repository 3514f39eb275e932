// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario's phases in a run (see phases.h): their intervals from the
 * generator's trace markers, and what happened inside each.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "phases.h"

static bool in_row(const struct phase_row *r, uint64_t ts)
{
	return ts >= r->begin && (!r->end || ts < r->end);
}

/* "thread=T phase=P index=N" after a marker's keyword */
static int parse_phase(const char *args, char *thread, char *phase, int *index)
{
	int n = 0;

	if (sscanf(args, " thread=%31s phase=%31s index=%d%n", thread, phase, index, &n) != 3 ||
	    args[n] || *index < 0)
		return -1;
	return 0;
}

int phases_marker(struct phases *ph, uint64_t ts, const char *text, const char *where)
{
	char thread[32], phase[32];
	int index, i;

	if (!strncmp(text, "idlesim: scenario_begin ", 24)) {
		if (!ph->start || ts < ph->start)
			ph->start = ts;
		return 1;
	}
	if (!strncmp(text, "idlesim: phase_begin ", 21)) {
		if (parse_phase(text + 20, thread, phase, &index) < 0)
			goto bad;
		if (!ph->start || ts < ph->start)
			ph->start = ts;
		if (ph->n == MAX_PHASES) {
			ph->dropped++;
			return 1;
		}
		struct phase_row *r = &ph->row[ph->n++];

		memset(r, 0, sizeof(*r));
		strcpy(r->thread, thread);
		strcpy(r->phase, phase);
		r->index = index;
		r->begin = ts;
		return 1;
	}
	if (!strncmp(text, "idlesim: phase_end ", 19)) {
		if (parse_phase(text + 18, thread, phase, &index) < 0)
			goto bad;
		for (i = ph->n - 1; i >= 0; i--)
			if (!strcmp(ph->row[i].thread, thread) && ph->row[i].index == index &&
			    !ph->row[i].end) {
				ph->row[i].end = ts;
				break;
			}
		return 1;
	}
	return 0;
bad:
	fprintf(stderr, "%s: trace marker '%.100s': expected thread=NAME phase=NAME index=N\n",
		where, text);
	return -1;
}

void phases_period(struct phases *ph, uint64_t t_exit, int state, uint64_t residency_ns,
		   double idle_nj, double transition_nj)
{
	int i;

	for (i = 0; i < ph->n; i++) {
		struct phase_row *r = &ph->row[i];

		if (!in_row(r, t_exit))
			continue;
		r->periods++;
		r->idle_nj += idle_nj;
		r->transition_nj += transition_nj;
		if (state >= 0 && state < MAX_STATES)
			r->state_ns[state] += residency_ns;
	}
}

void phases_busy(struct phases *ph, uint64_t ts, double active_nj)
{
	int i;

	for (i = 0; i < ph->n; i++)
		if (in_row(&ph->row[i], ts))
			ph->row[i].active_nj += active_nj;
}

int phases_lateness(struct phases *ph, const struct wakeups *ws, enum lateness_basis basis)
{
	uint64_t *v, j;
	int i;

	if (!ph->n || !ws->n)
		return 0;
	v = malloc(ws->n * sizeof(*v));
	if (!v)
		return -1;
	for (i = 0; i < ph->n; i++) {
		struct phase_row *r = &ph->row[i];
		double sum = 0;
		uint64_t n = 0;

		for (j = 0; j < ws->n; j++) {
			if (!in_row(r, ws->w[j].intended))
				continue;
			v[n] = wakeup_lateness(&ws->w[j], basis);
			sum += (double)v[n];
			if (v[n] > ws->budget_ns)
				r->misses++;
			n++;
		}
		r->wakeups = n;
		r->late_mean_ns = n ? sum / (double)n : 0;
		r->late_p99_ns = n ? percentile_select(v, n, 99) : 0;
	}
	free(v);
	return 0;
}
