// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc import: a [cluster] section's state lines, each state's
 * figures as the device tree gives them, with the warnings about them.
 */
#include <stdio.h>
#include "dt-read.h"
#include "import.h"

/*
 * The PSCI parameter the CPU passes when it enters @st, as
 * power:psci_domain_idle_enter traces it: a cpu-idle-states entry's own;
 * a domain state's ORed with what the domains below it chose
 * (psci_pd_power_off() in cpuidle-psci-domain.c), their deepest, since a
 * description's states nest.  false: the DT gives none.
 */
static bool psci_param(const struct dtr_cpu *c, const struct dtr_state *st, uint32_t *param)
{
	int lvl, i, deepest;

	if (!st->has_psci)
		return false;
	*param = st->psci;
	for (lvl = 1; st->domain >= 0 && lvl < st->level; lvl++) {
		for (deepest = -1, i = 0; i < c->nstates; i++)
			if (c->state[i].domain >= 0 && c->state[i].level == lvl)
				deepest = i;
		if (deepest >= 0 && c->state[deepest].has_psci)
			*param |= c->state[deepest].psci;
	}
	return true;
}

/*
 * idle-cost-data, sched-energy-costs.txt of the Android common kernels
 * (android-4.4 to 4.14, Documentation/devicetree/bindings/scheduler/) with
 * Documentation/scheduler/sched-energy.txt: one cost per idle state, the
 * first being "active idle" (idle, no state entered), which "may be left
 * out" for a group of one CPU.  So with one more entry than the CPU's
 * cpuidle states (WFI included), entry p + 1 is state p, as ARM's Juno
 * energy_model.h lists them (active idle, WFI, cpu-sleep-0,
 * cluster-sleep-0); with as many, entry p is state p; else no match.
 */
static int idle_entry(const struct dtr_costs *k, int nstates, int p)
{
	if (k->nidle == nstates + 1)
		return p + 1;
	return k->nidle == nstates ? p : -1;
}

static uint32_t figure(const struct dtr_state *st, bool exit)
{
	return exit ? st->exit_us : st->residency_us;
}

/*
 * cpuidle's governors take the states as ordered by exit latency and by
 * residency both (menu_select()'s walk stops at the first too slow or too
 * long), so a deeper state quicker than a shallower one is passed over or
 * taken where the DT did not mean it.  A description may not have it
 * either (soc-check.c, as the sim driver's simsoc_model_check()), but the
 * import writes what the DT says, as it does an exit over its residency,
 * and names both states, against the shallower one with the highest
 * figure: which figure is wrong is for a person to decide.  The states
 * are in the CPU's cpuidle table's order: its own, then its domains'
 * from the CPU up.
 */
static void warn_order(struct imp *im, const struct sect *s,
		       const struct dtr_cpu *c, int p)
{
	static const char *const what[2] = { "min-residency", "exit latency" };
	const struct dtr_state *st = &c->state[p - 1];
	int k, q, top;

	for (k = 0; k < 2; k++) {
		uint32_t mine = figure(st, k);

		for (top = -1, q = 0; q < p - 1; q++)
			if (figure(&c->state[q], k) > mine &&
			    (top < 0 || figure(&c->state[q], k) > figure(&c->state[top], k)))
				top = q;
		if (top < 0)
			continue;
		emit(im, NULL, "# %s: %s %u us below the %u us of the shallower %s: as the DT has it, though cpuidle's governors take deeper states to be slower and check refuses it",
		     im->pos[p], what[k], mine, figure(&c->state[top], k), im->pos[top + 1]);
		fprintf(stderr, "%s.soc: warning: [cluster %s] state %s (%s): %s %u us below the %u us of the shallower state %s (%s), though cpuidle's governors take deeper states to be slower; kept as the device tree says, which check refuses\n",
			im->name, s->name, im->pos[p], dtr_path(&im->dt, st->node), what[k],
			mine, figure(&c->state[top], k), im->pos[top + 1],
			dtr_path(&im->dt, c->state[top].node));
	}
}

void import_state_lines(struct imp *im, struct sect *s, struct dtr_cpu *c)
{
	int p, ns = c->nstates + 1;

	emit(im, NULL, "# exit=: entry + exit latency, as drivers/cpuidle/dt_idle_states.c adds them");
	/*
	 * The binding defines min-residency-us as the state's break-even,
	 * which prices its transitions: the deeper states take the exit
	 * power that makes it so (soc-check.c), not the busy power.
	 */
	emit(im, NULL, "# transition=breakeven: the exit power that makes min-residency the break-even against the shallower state (idle-states.yaml)");
	for (p = 0; p < im->npos; p++) {
		struct dtr_state *st = p ? &c->state[p - 1] : NULL;
		int a = idle_entry(&s->core, ns, p), b = idle_entry(&s->clus, ns, p);
		bool cost = s->core.node >= 0 && a >= 0 && (s->clus.node < 0 || b >= 0);
		char e[32] = "?", r[32] = "?", pw[32] = "?", cm[480] = "", psci[24], dt[144];
		uint32_t param;

		if (!p) {
			snprintf(e, sizeof(e), "1us");
			snprintf(r, sizeof(r), "1us");
			cat(cm, sizeof(cm), "arm WFI, as cpuidle-psci and cpuidle-arm set it");
		} else if (p <= c->nstates) {
			snprintf(e, sizeof(e), "%uus", st->exit_us);
			snprintf(r, sizeof(r), "%uus", st->residency_us);
			cat(cm, sizeof(cm), "%s: ", cite(im, st->node));
			if (st->entry_dt || st->exit_dt)
				cat(cm, sizeof(cm), "entry %u + exit %u", st->entry_dt,
				    st->exit_dt);
			else
				cat(cm, sizeof(cm), "wakeup-latency %u", st->exit_us);
			cat(cm, sizeof(cm), ", min-residency %u", st->residency_us);
			/*
			 * A state whose exit outlasts its break-even never
			 * pays within its residency; mainline warns of it
			 * since 76934e495cdc (6.19).  Kept as the DT says.
			 */
			if (st->exit_us > st->residency_us) {
				emit(im, NULL, "# %s: exit latency %u us exceeds its min-residency %u us: as the DT has it, though such a state cannot pay for its own exit within its residency",
				     im->pos[p], st->exit_us, st->residency_us);
				fprintf(stderr, "%s.soc: warning: [cluster %s] state %s (%s): exit latency %u us exceeds min-residency %u us, as mainline warns since 6.19 (76934e495cdc); kept as the device tree says\n",
					im->name, s->name, im->pos[p], dtr_path(&im->dt, st->node),
					st->exit_us, st->residency_us);
			}
			warn_order(im, s, c, p);
		} else {
			cat(cm, sizeof(cm), "no state this deep for this cluster");
		}
		if (cost) {
			uint64_t uw = (uint64_t)s->core.idle[a] * 1000;

			if (s->clus.node >= 0)
				uw += (uint64_t)s->clus.idle[b] * 1000 / s->share;
			snprintf(pw, sizeof(pw), "%lluuW", (unsigned long long)uw);
			cat(cm, sizeof(cm), "; power: idle-cost-data[%d] of %s", a,
			    dtr_path(&im->dt, s->core.node));
			if (s->clus.node >= 0)
				cat(cm, sizeof(cm), " + [%d] of %s / %d, read as mW", b,
				    dtr_path(&im->dt, s->clus.node), s->share);
		}
		psci[0] = '\0';
		if (p && p <= c->nstates && psci_param(c, st, &param))
			snprintf(psci, sizeof(psci), " psci=0x%08x", param);
		/* the node a tuned figure goes back to (make tune's fragment) */
		dt[0] = '\0';
		if (p && p <= c->nstates)
			snprintf(dt, sizeof(dt), " dt=%s", dtr_path(&im->dt, st->node));
		emit(im, cm, "state %s = exit=%s residency=%s power=%s leak=? leak_doubling=?%s%s%s",
		     im->pos[p], e, r, pw, p ? " transition=breakeven" : "", psci, dt);
		if (p > c->nstates) {
			need(im, "exit", "no idle state this deep in this cluster's device tree");
			need(im, "residency", "no idle state this deep in this cluster's device tree");
		}
		if (!cost)
			need(im, "power", s->core.node < 0 ?
			     "not in the device tree (no sched-energy-costs node)" :
			     "idle-cost-data entries do not match the idle states");
		need(im, "leak", "not in the device tree (no leakage figures)");
		need(im, "leak_doubling", "not in the device tree (no leakage figures)");
	}
}
