// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc: a simulated SoC cpuidle driver.
 *
 * Plays the SoC its "soc" parameter describes (simsoc_soc.c): idle states
 * whose availability, exit latency, target residency and power change from
 * one idle period to the next, per CPU as its cluster's figures, computed
 * in ->prepare() from the model's controls (simsoc_ctrl.c) and the
 * equations of simsoc_model.c.  ->enter() demotes a request the
 * period does not allow, really idles (WFI), charges the period's exit
 * latency and integrates an energy meter.  Every period is traced
 * (simsoc_trace.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/kernel.h>
#include <linux/cpuidle.h>
#include <linux/cpumask.h>
#include <linux/percpu.h>
#include <linux/timekeeping.h>
#include <linux/smp.h>
#include <linux/math64.h>
#include <linux/slab.h>
#include <linux/context_tracking.h>
#include <asm/barrier.h>

#include "simsoc.h"

#define CREATE_TRACE_POINTS
#include "simsoc_trace.h"

/* Per-CPU state of the idle path: written only by its own CPU */
struct simsoc_cpu {
	/* the table in force for the current period */
	u64 seq;
	u64 gen;
	/* SIMSOC_TRACE_STATES long for the trace; the tail stays zero */
	u8 usable[SIMSOC_TRACE_STATES];
	s64 exit_ns[SIMSOC_TRACE_STATES];
	s64 res_ns[SIMSOC_TRACE_STATES];
	u32 power_uw[SIMSOC_TRACE_STATES];
	/* the power of each state's exit latency; 0: active_uw */
	u32 trans_uw[SIMSOC_TRACE_STATES];
	/* when each state's exclusion ends, as traced (simsoc_trace.h) */
	s64 until_ns[SIMSOC_TRACE_STATES];
	u32 active_uw;
	int max_usable;
	u32 busy_blocks;
	/* seeded PRNG (xorshift64*) */
	u64 prng;
	u64 seed_gen;
	/* end of the last accounted interval, simsoc_now() ns; 0 at first */
	u64 last_mark_ns;
	/* how far the modelled CPU runs behind the guest: exits not yet absorbed */
	u64 lag_ns;
	/* state being idled in, -1 when running; read by the siblings */
	int in_idle;
};

static DEFINE_PER_CPU(struct simsoc_cpu, simsoc_pcpu);

static char *preset = "nominal";
module_param(preset, charp, 0444);
MODULE_PARM_DESC(preset, "model preset: nominal, hot, lowopp, busy, random");
static char *controls = "";
module_param(controls, charp, 0444);
MODULE_PARM_DESC(controls, "control batch applied after the preset: \"name=value ...\"");
static char *soc = "";
module_param(soc, charp, 0444);
MODULE_PARM_DESC(soc, "the SoC to play, from \"idlesim-soc params FILE\" (default: socs/simsoc.soc)");
static bool domains;
module_param(domains, bool, 0444);
MODULE_PARM_DESC(domains, "cluster and SoC states chosen by the last CPU, with genpd (simsoc_domain.c)");

static u64 simsoc_prng(struct simsoc_cpu *pc)
{
	u64 x = pc->prng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	pc->prng = x;
	return x * 0x2545F4914F6CDD1DULL;
}

static void simsoc_reseed(struct simsoc_cpu *pc, u64 seed, unsigned int cpu)
{
	/* splitmix64 of (seed, cpu): never zero for xorshift */
	u64 z = seed * 0x9E3779B97F4A7C15ULL + (cpu + 1) * 0xBF58476D1CE4E5B9ULL;

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
	z ^= z >> 31;
	pc->prng = z ? z : 1;
}

/* true when every other online CPU of the SoC, or of the cluster, is idling */
static bool simsoc_others_idle(unsigned int cpu, bool cluster_only)
{
	const u8 *cluster = simsoc_soc->cpu_cluster;
	unsigned int other;

	for_each_online_cpu(other) {
		if (other == cpu)
			continue;
		if (cluster_only && cluster[other] != cluster[cpu])
			continue;
		if (READ_ONCE(per_cpu_ptr(&simsoc_pcpu, other)->in_idle) < 0)
			return false;
	}
	return true;
}

/* Why a state may not be entered in a period (simsoc_prepare()) */
#define SIMSOC_X_TIMED		BIT(0)	/* a block busy for a known time */
#define SIMSOC_X_BUSY		BIT(1)	/* a block busy until written idle */
#define SIMSOC_X_UNTRACED	BIT(2)	/* a random draw, or a sibling running */

/*
 * The blocks' cap on the depth whose end the driver learns only when a
 * control write ends it: the busy blocks without a busy time, and the
 * random ones (their draws may keep a state out in any period).
 */
static int simsoc_open_cap(const struct simsoc_derived *d)
{
	int b, cap = simsoc_soc->nr_states - 1;

	for (b = 0; b < simsoc_soc->nr_blocks; b++)
		if ((d->blk_mode[b] == SIMSOC_BLOCK_BUSY && !d->blk_end_ns[b]) ||
		    (d->blk_mode[b] == SIMSOC_BLOCK_RANDOM && d->blk_duty[b]))
			cap = min_t(int, cap, d->blk_depth[b]);
	return cap;
}

/* the CPUs to kick, under the control lock (simsoc_blocks_published()) */
static struct cpumask simsoc_kick_mask;

/*
 * The CPUs whose current period keeps out, for no reason but the open cap,
 * a state the cap now allows: the only ones a kick can help.  Another CPU's
 * period is read without synchronisation: one that changes meanwhile has
 * been chosen for again anyway.
 */
static void simsoc_freed_cpus(int was, int cap, struct cpumask *mask)
{
	int cpu, i;

	cpumask_clear(mask);
	for_each_online_cpu(cpu) {
		struct simsoc_cpu *pc = per_cpu_ptr(&simsoc_pcpu, cpu);

		for (i = was + 1; i <= cap && i < SIMSOC_TRACE_STATES; i++)
			if (READ_ONCE(pc->until_ns[i]) == -1)
				__cpumask_set_cpu(cpu, mask);
	}
}

/**
 * simsoc_blocks_published() - a new set of controls is in force
 * @old: the set it replaces
 * @np: the new set
 *
 * Given to simsoc_ctrl_init(), which calls it under the control lock for
 * every set it publishes, the preset's included: what a set means for the
 * CPUs is the idle path's business, not the controls'.  When the cap of
 * the blocks of unknown end rises, the states it kept out may be entered
 * again: the CPUs whose period it limited are asked to choose again
 * (cpuidle_period_kick(), which wakes those idling in a choice it
 * limited), and the trace records when, for the stuck time the analysis
 * measures.
 */
static void simsoc_blocks_published(const struct simsoc_params *old,
				    const struct simsoc_params *np)
{
	int was = simsoc_open_cap(&old->d), cap = simsoc_open_cap(&np->d);
	u32 busy = 0;
	int b;

	for (b = 0; b < simsoc_soc->nr_blocks; b++)
		if (np->d.blk_mode[b] != SIMSOC_BLOCK_IDLE)
			busy |= BIT(b);
	if (cap == was)
		return;
	cpumask_clear(&simsoc_kick_mask);
	if (cap > was) {
		simsoc_freed_cpus(was, cap, &simsoc_kick_mask);
		cpuidle_period_kick(&simsoc_kick_mask);
	}
	trace_simsoc_blocks(busy, cap, cpumask_weight(&simsoc_kick_mask));
}

/*
 * When a state's exclusion ends, as traced: 0 when it is not excluded (or
 * is a domain's), the end when every cause of it has a known one, -1 when
 * it ends with a control write (simsoc_blocks records it), -2 when the
 * driver cannot trace its end.
 */
static s64 simsoc_until(bool usable, u8 why, u64 until)
{
	if (usable)
		return 0;
	if (why & SIMSOC_X_UNTRACED)
		return -2;
	if (why & SIMSOC_X_BUSY)
		return -1;
	return until;
}

/*
 * ->prepare(): called by the idle loop with IRQs off and RCU watching,
 * before every state decision.  No locks, no allocation.
 */
static void simsoc_prepare(struct cpuidle_driver *drv, struct cpuidle_device *dev)
{
	struct simsoc_cpu *pc = this_cpu_ptr(&simsoc_pcpu);
	const struct simsoc_soc *s = simsoc_soc;
	const struct simsoc_params *p;
	const struct simsoc_derived *d;
	const struct simsoc_kind_derived *kd;
	unsigned int cpu = dev->cpu;
	u64 now = simsoc_now();
	u64 busy_ns = 0, busy_nj = 0;
	u64 until[SIMSOC_MAX_STATES] = {};
	u8 why[SIMSOC_MAX_STATES] = {};
	u32 busy_blocks = 0;
	int max_depth = drv->state_count - 1;
	int block_depth = s->nr_states - 1;	/* the busy blocks' cap, any state */
	int i;

	rcu_read_lock();
	p = rcu_dereference(simsoc_params);
	d = &p->d;
	kd = &d->k[s->cpu_kind[cpu]];
	if (pc->seed_gen != p->seed_gen) {
		simsoc_reseed(pc, p->v[SIMSOC_C_SEED], cpu);
		pc->seed_gen = p->seed_gen;
	}

	/* busy hardware blocks limit the depth, and say until when */
	for (i = 0; i < s->nr_blocks; i++) {
		bool busy = d->blk_mode[i] == SIMSOC_BLOCK_BUSY;
		u64 end = d->blk_end_ns[i];
		u8 x = end ? SIMSOC_X_TIMED : SIMSOC_X_BUSY;
		int j;

		if (busy && end && now >= end)
			busy = false;	/* its transfer is over */
		if (d->blk_mode[i] == SIMSOC_BLOCK_RANDOM) {
			busy = (simsoc_prng(pc) >> 32) % 100 < d->blk_duty[i];
			x = SIMSOC_X_UNTRACED;
		}
		if (!busy)
			continue;
		busy_blocks |= BIT(i);
		block_depth = min_t(int, block_depth, d->blk_depth[i]);
		for (j = d->blk_depth[i] + 1; j < s->nr_states; j++) {
			why[j] |= x;
			until[j] = max(until[j], end);
		}
	}
	max_depth = min(max_depth, block_depth);
	/*
	 * Cluster and SoC states need the siblings, resp. all CPUs, idle.
	 * What a state powers down does not shrink with depth and state 0
	 * needs no other CPU (simsoc_soc.c), so this stays a prefix.
	 */
	if (d->coupling && !simsoc_domains_active()) {
		if (s->off[max_depth] == SIMSOC_OFF_SOC && !simsoc_others_idle(cpu, false))
			while (s->off[max_depth] == SIMSOC_OFF_SOC)
				why[max_depth--] |= SIMSOC_X_UNTRACED;
		if (s->off[max_depth] == SIMSOC_OFF_CLUSTER && !simsoc_others_idle(cpu, true))
			while (s->off[max_depth] == SIMSOC_OFF_CLUSTER)
				why[max_depth--] |= SIMSOC_X_UNTRACED;
	}

	/*
	 * With domains, the states past cpuidle's are the domains': their
	 * figures follow cpuidle's in the arrays (and the trace), never
	 * usable by a CPU alone, charged by enter() for the time a domain
	 * was off.
	 */
	for (i = 0; i < s->nr_states; i++) {
		s64 lat = kd->exit_ns[i];

		if (d->jitter_pct) {
			s64 span = 2 * d->jitter_pct + 1;
			s64 u = (s64)((simsoc_prng(pc) >> 32) % span) - d->jitter_pct;

			lat = min(div_s64(lat * (100 + u), 100), kd->res_ns[i]);
		}
		pc->usable[i] = i <= max_depth;
		pc->exit_ns[i] = lat;
		pc->res_ns[i] = kd->res_ns[i];
		pc->power_uw[i] = kd->power_uw[i];
		pc->trans_uw[i] = s->kind[s->cpu_kind[cpu]].trans_uw[i];
		/* read by the CPU that publishes a new set (simsoc_freed_cpus()) */
		WRITE_ONCE(pc->until_ns[i], simsoc_until(pc->usable[i] ||
							 i >= drv->state_count,
							 why[i], until[i]));
		if (i < drv->state_count)
			cpuidle_period_set(dev, i, pc->usable[i], lat, kd->res_ns[i],
					   kd->power_uw[i]);
		/* an end known only when every cause of the exclusion has one */
		if (pc->until_ns[i] > 0 && i < drv->state_count)
			cpuidle_period_set_until(dev, i, ns_to_ktime(until[i]));
	}
	pc->max_usable = max_depth;
	pc->busy_blocks = busy_blocks;
	pc->active_uw = kd->active_uw;
	pc->gen = p->gen;
	rcu_read_unlock();

	/* the time since the last period ended was spent running */
	if (pc->last_mark_ns && now > pc->last_mark_ns) {
		busy_ns = now - pc->last_mark_ns;
		busy_nj = div_u64((u64)pc->active_uw * busy_ns, 1000000);
	}
	pc->last_mark_ns = now;
	pc->seq++;

	simsoc_meter_add_busy(pc->seq, busy_ns, busy_nj);

	trace_simsoc_period(cpu, pc->seq, pc->gen, drv->state_count,
			    s->nr_states - drv->state_count, pc->usable,
			    pc->exit_ns, pc->res_ns, pc->power_uw, pc->trans_uw,
			    pc->until_ns, max_depth,
			    block_depth, busy_blocks, busy_ns, busy_nj);
}

/* Take @ns out of a period's domain time, from the deepest states first */
static void simsoc_domain_trim(struct simsoc_domain_time *dt, u64 ns)
{
	int i;

	for (i = simsoc_soc->nr_states - 1; i >= 0 && ns; i--) {
		u64 take = min(ns, dt->ns[i]);

		dt->ns[i] -= take;
		ns -= take;
	}
}

/*
 * ->enter(): IRQs off.  RCU stops watching only between ct_idle_enter()
 * and ct_idle_exit() (CPUIDLE_FLAG_RCU_IDLE), so the trace points sit
 * outside that window.
 *
 * The exit latency is charged, not waited for.  The CPU resumes as soon
 * as WFI returns, and the period is charged the modelled exit latency of
 * the entered state at its transition power (the SoC description's, or
 * the CPU's active power), to the nanosecond.  A busy-wait
 * cannot stand for it in the guest: under QEMU's -icount every vCPU runs
 * in turn on one thread, the delay loop's YIELD/WFE hands the thread to
 * the next vCPU, and the spinner resumes only at the next virtual timer
 * deadline of another CPU, milliseconds late.  The analysis adds the same
 * latency to the lateness of the wake-up this period served.
 *
 * So the modelled CPU runs behind the guest by the exit latencies charged:
 * the work after a wake-up starts that much later on the SoC, and its next
 * idle period, up to an absolute timer, is that much shorter.  The lag is
 * taken out of the next periods' time in WFI before they are charged at
 * the state's power, so that the model's timeline and the guest's cover
 * the same time and no idle time is charged twice.
 */
static int simsoc_enter(struct cpuidle_device *dev, struct cpuidle_driver *drv,
			int index)
{
	struct simsoc_cpu *pc = this_cpu_ptr(&simsoc_pcpu);
	struct simsoc_domain_time dt;
	int entered = index, woke = -1, i;
	u64 t0, t1, wfi_ns, lag_ns, idle_ns, exit_ns, exit_uw, nj;
	u64 cpu_ns, dom_ns = 0, dom_uwns = 0;
	bool votes;

	/* menu_deepest ignores the period's availability: demote */
	if (!pc->usable[index])
		entered = pc->max_usable;
	trace_simsoc_enter(dev->cpu, pc->seq, index, entered);
	/* the deepest CPU state votes for the domains, as PSCI OSI's does */
	votes = simsoc_domains_active() && entered == drv->state_count - 1;

	WRITE_ONCE(pc->in_idle, entered);
	t0 = simsoc_now();
	if (votes)
		simsoc_domain_enter(pc->busy_blocks, pc->exit_ns, pc->res_ns, &dt);
	ct_idle_enter();
	dsb(sy);
	wfi();
	/* first thing: when the wake-up event took the CPU out of WFI */
	t1 = simsoc_now();
	ct_idle_exit();
	if (votes)
		woke = simsoc_domain_exit(t1, &dt);
	WRITE_ONCE(pc->in_idle, -1);

	wfi_ns = t1 - t0;
	lag_ns = min(pc->lag_ns, wfi_ns);
	idle_ns = wfi_ns - lag_ns;	/* charged at the state's power */
	exit_ns = pc->exit_ns[entered];
	exit_uw = pc->trans_uw[entered] ? pc->trans_uw[entered] : pc->active_uw;
	if (!votes) {
		nj = div_u64((u64)pc->power_uw[entered] * idle_ns + exit_uw * exit_ns,
			     1000000);
	} else {
		/*
		 * The domain time, trimmed to the WFI (simsoc_domain.c); the
		 * lag is taken out of the time in the CPU's own state first,
		 * then out of the deepest domain states'.
		 */
		for (i = 0; i < simsoc_soc->nr_states; i++)
			dom_ns += dt.ns[i];
		simsoc_domain_trim(&dt, dom_ns - min(dom_ns, wfi_ns));
		cpu_ns = wfi_ns - min(dom_ns, wfi_ns);
		simsoc_domain_trim(&dt, lag_ns - min(lag_ns, cpu_ns));
		cpu_ns -= min(lag_ns, cpu_ns);
		dom_ns = 0;
		for (i = 0; i < simsoc_soc->nr_states; i++) {
			dom_ns += dt.ns[i];
			dom_uwns += (u64)pc->power_uw[i] * dt.ns[i];
		}
		/* the CPU that powered a domain on leaves its state */
		if (woke >= 0) {
			exit_ns = pc->exit_ns[woke];
			exit_uw = pc->trans_uw[woke] ? pc->trans_uw[woke] : pc->active_uw;
		}
		nj = div_u64((u64)pc->power_uw[entered] * cpu_ns + dom_uwns +
			     exit_uw * exit_ns, 1000000);
	}
	pc->lag_ns += exit_ns - lag_ns;
	trace_simsoc_exit(dev->cpu, pc->seq, entered, t1, lag_ns,
			  idle_ns + exit_ns, exit_ns, nj, dom_ns,
			  div_u64(dom_uwns, 1000000));

	simsoc_meter_add_idle(pc->seq, index, entered, idle_ns + exit_ns, nj);
	pc->last_mark_ns = t1;
	return entered;
}

/* .owner stays unset: a registered driver must not pin the module */
static struct cpuidle_driver simsoc_driver = {
	.name = "simsoc",
	.power_specified = 1,
	.prepare = simsoc_prepare,
};

/*
 * A description's state name may be longer than cpuidle holds
 * (CPUIDLE_NAME_LEN): the state registers its first characters, '~' and
 * its index ("cluster-reten~3").  No description's name has a '~', and
 * the index differs from state to state, so the sysfs names stay unique
 * without a search.  desc keeps the whole name, after the SoC's when both
 * fit, as always.
 */
static void __init simsoc_state_names(struct cpuidle_state *s, int i)
{
	const char *full = simsoc_soc->state_name[i];

	BUILD_BUG_ON(SIMSOC_MAX_STATES > 10);
	if (strlen(full) < CPUIDLE_NAME_LEN)
		strscpy(s->name, full, CPUIDLE_NAME_LEN);
	else
		snprintf(s->name, CPUIDLE_NAME_LEN, "%.*s~%d", CPUIDLE_NAME_LEN - 3, full, i);
	if (snprintf(s->desc, CPUIDLE_DESC_LEN, "%s %s", simsoc_soc->name, full) >=
	    CPUIDLE_DESC_LEN)
		strscpy(s->desc, full, CPUIDLE_DESC_LEN);
}

static int __init simsoc_init(void)
{
	const struct simsoc_params *p;
	struct cpuidle_driver *other;
	int cpu, i, ret;

	other = cpuidle_get_driver();
	if (other) {
		pr_err("another cpuidle driver (%s) is registered\n", other->name);
		return -EBUSY;
	}

	ret = simsoc_soc_init(soc);
	if (ret)
		return ret;
	if (num_possible_cpus() > simsoc_soc->nr_cpus) {
		pr_err("%u CPUs, but SoC %s has %d\n", num_possible_cpus(),
		       simsoc_soc->name, simsoc_soc->nr_cpus);
		simsoc_soc_exit();
		return -EINVAL;
	}
	ret = simsoc_ctrl_init(preset, controls, simsoc_blocks_published);
	if (ret) {
		simsoc_soc_exit();
		return ret;
	}

	for_each_possible_cpu(cpu) {
		struct simsoc_cpu *pc = per_cpu_ptr(&simsoc_pcpu, cpu);

		memset(pc, 0, sizeof(*pc));
		pc->in_idle = -1;
	}
	simsoc_meter_init();

	/*
	 * The static figures (sysfs, ladder's thresholds): the initial table
	 * of the first kind of cluster.  drv->states is one table for all
	 * CPUs; the other kinds' figures reach the governors per period.
	 */
	p = rcu_dereference_protected(simsoc_params, true);
	for (i = 0; i < simsoc_soc->nr_states; i++) {
		struct cpuidle_state *s = &simsoc_driver.states[i];

		simsoc_state_names(s, i);
		s->exit_latency = max_t(s64, 1, div_s64(p->d.k[0].exit_ns[i], 1000));
		s->target_residency = max_t(s64, 1, div_s64(p->d.k[0].res_ns[i], 1000));
		s->power_usage = p->d.k[0].power_uw[i];
		s->flags = CPUIDLE_FLAG_RCU_IDLE;
		s->enter = simsoc_enter;
	}
	simsoc_driver.state_count = simsoc_soc->nr_states;
	if (domains) {
		ret = simsoc_domains_init(p);
		if (ret < 0) {
			simsoc_ctrl_exit();
			simsoc_soc_exit();
			return ret;
		}
		simsoc_driver.state_count = ret;
	}

	ret = cpuidle_register(&simsoc_driver, NULL);
	if (ret) {
		if (ret == -EBUSY)
			pr_err("cannot register: another cpuidle driver is registered\n");
		else
			pr_err("cpuidle_register failed: %d\n", ret);
		simsoc_domains_exit();
		simsoc_ctrl_exit();
		simsoc_soc_exit();
		return ret;
	}

	ret = simsoc_debugfs_init();
	if (ret)
		pr_warn("no debugfs interface (%d); controls unavailable\n", ret);

	pr_info("SoC %s: registered %d states on %u CPUs, preset %s%s\n",
		simsoc_soc->name, simsoc_driver.state_count, num_possible_cpus(),
		preset, simsoc_domains_active() ? ", cluster and SoC states in PM domains" : "");
	return 0;
}

static void __exit simsoc_exit(void)
{
	simsoc_debugfs_exit();
	cpuidle_unregister(&simsoc_driver);
	/*
	 * A CPU in ->enter() is RCU-idle, so the unregister's grace period
	 * does not wait for it; the IPI is only taken once ->enter() has
	 * returned, so afterwards no CPU runs this module's text.
	 */
	kick_all_cpus_sync();
	simsoc_domains_exit();
	simsoc_ctrl_exit();
	simsoc_soc_exit();
	pr_info("unregistered\n");
}

module_init(simsoc_init);
module_exit(simsoc_exit);

MODULE_DESCRIPTION("idlesim simulated SoC cpuidle driver with per-period idle states");
MODULE_AUTHOR("idlesim");
MODULE_LICENSE("GPL");
