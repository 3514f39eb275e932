// SPDX-License-Identifier: GPL-2.0
/*
 * The rules between an SoC description's figures, the ones the sim
 * driver's model check enforces on its controls (simsoc_model_check())
 * and the ones its idle path relies on: a state's exit latency within its
 * target residency, neither decreasing with depth, what a state powers
 * down never shrinking with depth, state 0 needing no other CPU, and at
 * most as many CPUs as the driver traces.
 */
#include <stdarg.h>
#include <stdio.h>

#include "soc.h"
#include "socmodel.h"

__attribute__((format(printf, 5, 6)))
static int cerr(const struct soc *s, char *err, size_t errlen, int line,
		const char *fmt, ...)
{
	va_list ap;
	int n;

	n = snprintf(err, errlen, "%s:%d: ", s->file, line);
	va_start(ap, fmt);
	if (n >= 0 && (size_t)n < errlen)
		vsnprintf(err + n, errlen - n, fmt, ap);
	va_end(ap);
	return -1;
}

int soc_total_cpus(const struct soc *s)
{
	int i, n = 0;

	for (i = 0; i < s->nr_clusters; i++)
		n += s->cluster[i].cpus * s->cluster[i].count;
	return n;
}

/**
 * soc_check() - the rules between the figures of a parsed description
 * @s: the description
 * @err: "FILE:LINE: [section] field: what was expected" on failure
 * @errlen: size of @err
 *
 * Return: 0, or -1 naming the first rule broken.
 */
int soc_check(const struct soc *s, char *err, size_t errlen)
{
	int i, k;

	if (s->state[0].off > SOC_OFF_CORE)
		return cerr(s, err, errlen, s->state[0].line,
			    "[state %s] off: %s; expected clock or core for state 0, every governor's fallback, which may not wait for other CPUs",
			    s->state[0].name, soc_off_names[s->state[0].off]);
	for (i = 1; i < s->nr_states; i++)
		if (s->state[i].off < s->state[i - 1].off)
			return cerr(s, err, errlen, s->state[i].line,
				    "[state %s] off: %s after %s (state %s); expected what a state powers down not to shrink with depth",
				    s->state[i].name, soc_off_names[s->state[i].off],
				    soc_off_names[s->state[i - 1].off], s->state[i - 1].name);
	if (soc_total_cpus(s) > SOC_MAX_CPUS)
		return cerr(s, err, errlen, s->cluster[s->nr_clusters - 1].line,
			    "[cluster %s] cpus: %d CPUs in all; expected at most %d",
			    s->cluster[s->nr_clusters - 1].name, soc_total_cpus(s), SOC_MAX_CPUS);
	if (s->linux_cpus[0]) {
		int kind_of[SOC_MAX_CPUS], cl_of[SOC_MAX_CPUS];
		char why[SOC_MAX_ERR / 2];

		if (soc_cpu_map(s, s->linux_cpus, kind_of, cl_of, soc_total_cpus(s),
				why, sizeof(why)))
			return cerr(s, err, errlen, s->linux_cpus_line, "[soc] linux_cpus: %s", why);
		for (i = 0; i < soc_total_cpus(s); i++)
			if (kind_of[i] < 0)
				return cerr(s, err, errlen, s->linux_cpus_line,
					    "[soc] linux_cpus: CPU %d not given; expected each of the %d CPUs once",
					    i, soc_total_cpus(s));
	}
	for (k = 0; k < s->nr_clusters; k++) {
		const struct soc_cluster *c = &s->cluster[k];

		for (i = 0; i < s->nr_states; i++) {
			const struct soc_figures *f = &c->fig[i], *prev = &c->fig[i - !!i];
			const char *name = s->state[i].name;

			for (int j = 0; f->has_psci && j < i; j++)
				if (c->fig[j].has_psci && c->fig[j].psci == f->psci)
					return cerr(s, err, errlen, f->line,
						    "[cluster %s] state %s: psci: 0x%08x, as state %s's; expected each state its own parameter",
						    c->name, name, f->psci, s->state[j].name);
			if (f->exit_us > f->residency_us)
				return cerr(s, err, errlen, f->line,
					    "[cluster %s] state %s: exit: %lld us above its residency %lld us; expected an exit latency within the target residency",
					    c->name, name, (long long)f->exit_us,
					    (long long)f->residency_us);
			if (i && f->exit_us < prev->exit_us)
				return cerr(s, err, errlen, f->line,
					    "[cluster %s] state %s: exit: %lld us below %s's %lld us; expected exit latencies not to decrease with depth",
					    c->name, name, (long long)f->exit_us,
					    s->state[i - 1].name, (long long)prev->exit_us);
			if (i && f->residency_us < prev->residency_us)
				return cerr(s, err, errlen, f->line,
					    "[cluster %s] state %s: residency: %lld us below %s's %lld us; expected target residencies not to decrease with depth",
					    c->name, name, (long long)f->residency_us,
					    s->state[i - 1].name, (long long)prev->residency_us);
		}
	}
	return 0;
}

/**
 * soc_resolve_transitions() - the power each state's exit latency draws
 * @s: the description, checked by soc_check()
 * @err: "FILE:LINE: [section] field: what was expected" on failure
 * @errlen: size of @err
 *
 * The model prices a wait w in state i as P_i w + T_i L_i, T_i being the
 * power of its exit latency L_i: the CPU's active power unless the state
 * line says otherwise.  transition=breakeven asks for the T_i that makes
 * the state's target residency R_i its break-even against the shallower
 * states j at the reference point (the fastest operating point, the
 * reference temperature, where the file's figures hold as written):
 *
 *	P_i R_i + T_i L_i = P_j R_i + T_j L_j
 *	T_i = min over j < i with P_j > P_i of (T_j L_j + (P_j - P_i) R_i) / L_i
 *
 * (the smallest, so that no shallower state is cheaper past R_i)
 * which is how the device-tree binding defines min-residency-us (idle
 * states are "worthwhile energy wise" from it).  The result is fixed: it
 * does not follow the operating point, the temperature or a residency
 * control, which move the threshold, not the hardware's cost.
 *
 * An exit cannot draw less than the state it leaves: what stays powered
 * in the state stays powered while the rest comes back.  Where the
 * break-even asks for less (a residency barely above the exit latency, a
 * state saving little over the shallower one), T_i is P_i and the state
 * is marked residency_short: its residency is then below its break-even,
 * as a written power below P_i is refused, since otherwise every wake-up
 * from the state would save energy.
 *
 * Return: 0, or -1 naming the state whose transition cannot be had.
 */
int soc_resolve_transitions(struct soc *s, char *err, size_t errlen)
{
	int i, k;

	for (k = 0; k < s->nr_clusters; k++) {
		struct soc_cluster *c = &s->cluster[k];
		struct socmodel_table ref;
		int64_t active, t, tr[SOC_MAX_STATES];
		int j;

		/* the model's active power at the reference point */
		socmodel_table(s, k, c->nr_opps - 1, s->reference_temp_c, &ref);
		active = ref.active_uw;

		for (i = 0; i < s->nr_states; i++) {
			struct soc_figures *f = &c->fig[i];
			const struct soc_figures *p = &c->fig[i - !!i];
			const char *name = s->state[i].name;

			switch (f->transition) {
			case SOC_TRANSITION_ACTIVE:
				f->transition_uw = 0;
				t = active;
				break;
			case SOC_TRANSITION_BREAKEVEN:
				if (!i)
					return cerr(s, err, errlen, f->line,
						    "[cluster %s] state %s: transition: breakeven, but no shallower state to break even against; expected a power or active",
						    c->name, name);
				if (p->power_uw <= f->power_uw)
					return cerr(s, err, errlen, f->line,
						    "[cluster %s] state %s: transition: breakeven, but its power %lld uW is not below %s's %lld uW, so it never pays off; expected a power or active",
						    c->name, name, (long long)f->power_uw,
						    s->state[i - 1].name, (long long)p->power_uw);
				t = INT64_MAX;
				for (j = 0; j < i; j++) {
					const struct soc_figures *g = &c->fig[j];
					int64_t tj;

					if (g->power_uw <= f->power_uw)
						continue;
					tj = (tr[j] * g->exit_us +
					      (g->power_uw - f->power_uw) * f->residency_us) / f->exit_us;
					if (tj < t)
						t = tj;
				}
				if (t < f->power_uw) {
					t = f->power_uw;
					f->residency_short = true;
				}
				if (t > 10000000)
					return cerr(s, err, errlen, f->line,
						    "[cluster %s] state %s: transition: breakeven gives %lld uW; expected at most 10 W (a residency far above the exit latency and the power saved)",
						    c->name, name, (long long)t);
				f->transition_uw = t;
				break;
			default:
				if (f->transition < f->power_uw)
					return cerr(s, err, errlen, f->line,
						    "[cluster %s] state %s: transition: %lld uW is below the state's own power %lld uW, so every wake-up would save energy; expected at least %lld uW, active or breakeven",
						    c->name, name, (long long)f->transition,
						    (long long)f->power_uw, (long long)f->power_uw);
				t = f->transition_uw = f->transition;
			}
			tr[i] = t;
		}
	}
	return 0;
}
