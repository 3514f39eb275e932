// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc: cluster and SoC states chosen by the last CPU, with genpd.
 *
 * On a platform in PSCI OS-initiated mode a CPU never needs to know whether
 * its siblings are idle: each CPU votes for its own state, and when the
 * last CPU of a power domain goes idle, genpd's CPU domain governor
 * (pm_domain_cpu_gov) picks the domain's idle state from every CPU's next
 * timer (cpuidle_device.next_hrtimer) and the latency constraints
 * (drivers/cpuidle/cpuidle-psci-domain.c and cpuidle-psci.c).  With the
 * domains= parameter set, simsoc plays its SoC that way:
 *
 *  - the cpuidle states are the description's clock and core states;
 *  - each cluster with a booted CPU is a genpd whose idle states are the
 *    description's cluster states, and the SoC, if it has SoC states, is
 *    a genpd above the clusters (or above the CPUs, without cluster
 *    states);
 *  - each CPU's own struct device is in its domain, runtime PM, IRQ safe,
 *    and votes (pm_runtime_put_sync_suspend()) when it enters its deepest
 *    state, as psci_enter_domain_idle_state() does; after WFI it takes the
 *    domain back (pm_runtime_get_sync());
 *  - the domain's ->power_off() runs on the last CPU: it refuses when a
 *    block that is busy in that CPU's period allows no state that deep
 *    (a device of the domain that is not idle), and otherwise notes the
 *    state and when it was entered; ->power_on() runs on the first CPU to
 *    wake and adds the time the domain was off to its count.
 *
 * A domain interval starts when the last CPU's vote powers it off, after
 * every CPU of the domain has taken its entry time, and ends at the wake
 * time of the CPU that powers it on.  So a CPU that reads its domains'
 * counts before it votes and after it has taken its domain back gets the
 * time of its period spent under each domain state, which simsoc_main.c
 * charges at that state's power; only when another CPU woke later but
 * took the domain back first does the interval run past this CPU's wake,
 * by the few instructions between its wake and its own pm_runtime call,
 * and simsoc_main.c trims it to the CPU's WFI.  The CPU that powers a
 * domain on pays the domain state's exit latency.
 *
 * genpd's governor judges by its domain states' figures (genpd_power_state).
 * Each CPU sets them from its own period before it votes, under the
 * genpd's lock, so the governor, which runs in the last CPU's vote, judges
 * by that CPU's period, jitter included, as ->power_off() judges by its
 * blocks.  Before any CPU has voted they are the published controls', for
 * the SoC domain the slowest of its kinds of cluster.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/device.h>
#include <linux/percpu.h>
#include <linux/pm_domain.h>
#include <linux/pm_runtime.h>
#include <linux/slab.h>

#include "simsoc.h"
#include "simsoc_trace.h"

struct simsoc_pd {
	struct generic_pm_domain genpd;
	struct genpd_power_state states[SIMSOC_MAX_STATES];
	int id;			/* trace id: the cluster, or nr_clusters for the SoC */
	int first;		/* description index of states[0] */
	int kind;		/* kind of cluster, -1 for the SoC */
	bool added;
	/* under the genpd's lock */
	int cur;		/* description index while off, -1 while on */
	u64 off_since;
	/* read locklessly by the domain's CPUs (see the top of the file) */
	u64 off_ns[SIMSOC_MAX_STATES];
	/* of off_ns, the part the SoC domain above was off too */
	u64 parent_off_ns[SIMSOC_MAX_STATES];
};

struct simsoc_pd_cpu {
	struct simsoc_pd *pd;	/* the domain the CPU's device is in */
	bool attached;
	u64 t_wake;		/* of the period being idled */
	u32 busy_blocks;
	int woke;		/* deepest state this CPU powered a domain on from */
	/* in the idle path, between its vote and WFI, or WFI and its return */
	bool voting, waking;
};

static struct simsoc_pd *simsoc_pds[SIMSOC_MAX_CPUS + 1];
static struct simsoc_pd *simsoc_soc_pd;
static DEFINE_PER_CPU(struct simsoc_pd_cpu, simsoc_pd_cpus);
static int simsoc_nr_pds;
static int simsoc_first_domain_state;

/* The description's states a domain of @level has: [*first, *end) */
static void simsoc_level_states(const struct simsoc_soc *s, int level,
				int *first, int *end)
{
	int i;

	for (*first = 0; *first < s->nr_states && s->off[*first] < level; (*first)++)
		;
	for (i = *first; i < s->nr_states && s->off[i] == level; i++)
		;
	*end = i;
}

static bool simsoc_block_allows(const struct simsoc_derived *d,
				const struct simsoc_soc *s, u32 busy, int idx)
{
	int b;

	for (b = 0; b < s->nr_blocks; b++)
		if ((busy & BIT(b)) && d->blk_depth[b] < idx)
			return false;
	return true;
}

static int simsoc_pd_power_off(struct generic_pm_domain *genpd)
{
	struct simsoc_pd *pd = container_of(genpd, struct simsoc_pd, genpd);
	struct simsoc_pd_cpu *pc = this_cpu_ptr(&simsoc_pd_cpus);
	const struct simsoc_params *p;
	int idx = pd->first + genpd->state_idx;
	bool ok;

	/* only the last CPU's vote powers a domain down (not genpd's work) */
	if (!pc->voting)
		return -EBUSY;
	rcu_read_lock();
	p = rcu_dereference(simsoc_params);
	ok = simsoc_block_allows(&p->d, simsoc_soc, pc->busy_blocks, idx);
	rcu_read_unlock();
	if (!ok)
		return -EBUSY;

	/* now: after every CPU of the domain took its entry time and voted */
	pd->cur = idx;
	pd->off_since = ktime_get_mono_fast_ns();
	trace_simsoc_domain(smp_processor_id(), pd->id, idx, pd->off_since, 0);
	return 0;
}

static int simsoc_pd_power_on(struct generic_pm_domain *genpd)
{
	struct simsoc_pd *pd = container_of(genpd, struct simsoc_pd, genpd);
	struct simsoc_pd_cpu *pc = this_cpu_ptr(&simsoc_pd_cpus);
	u64 ns;
	int i;

	if (pd->cur < 0)
		return 0;
	/* a domain goes off only in the idle path: it comes on there too */
	ns = (pc->waking ? pc->t_wake : ktime_get_mono_fast_ns()) - pd->off_since;
	WRITE_ONCE(pd->off_ns[pd->cur], pd->off_ns[pd->cur] + ns);
	/* the parent comes on first: its children are all still off */
	if (pd == simsoc_soc_pd) {
		for (i = 0; i < ARRAY_SIZE(simsoc_pds); i++) {
			struct simsoc_pd *c = simsoc_pds[i];

			if (c && c != pd && c->cur >= 0)
				WRITE_ONCE(c->parent_off_ns[c->cur],
					   c->parent_off_ns[c->cur] + ns);
		}
	}
	pc->woke = max(pc->woke, pd->cur);
	trace_simsoc_domain(smp_processor_id(), pd->id, -1, pc->t_wake, ns);
	pd->cur = -1;
	return 0;
}

/* The governor's figures for a domain, from the published controls */
static void simsoc_pd_figures(struct simsoc_pd *pd, const struct simsoc_params *p)
{
	const struct simsoc_soc *s = simsoc_soc;
	unsigned long flags;
	int i, k;

	spin_lock_irqsave(&pd->genpd.slock, flags);
	for (i = 0; i < pd->genpd.state_count; i++) {
		s64 exit = 0, res = 0;

		for (k = 0; k < s->nr_kinds; k++) {
			if (pd->kind >= 0 && k != pd->kind)
				continue;
			exit = max(exit, p->d.k[k].exit_ns[pd->first + i]);
			res = max(res, p->d.k[k].res_ns[pd->first + i]);
		}
		pd->states[i].power_off_latency_ns = 0;
		pd->states[i].power_on_latency_ns = exit;
		pd->states[i].residency_ns = res;
	}
	spin_unlock_irqrestore(&pd->genpd.slock, flags);
}

/**
 * simsoc_domains_update() - give the domains' governor the new figures
 * @p: the parameters just published
 */
void simsoc_domains_update(const struct simsoc_params *p)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(simsoc_pds); i++)
		if (simsoc_pds[i])
			simsoc_pd_figures(simsoc_pds[i], p);
}

/*
 * genpd's device is only initialised, never added, and 6.1's
 * genpd_free_data() still reads the genpd after putting it: the domain is
 * freed by simsoc_pd_free() once pm_genpd_remove() has returned, not here.
 */
static void simsoc_pd_release(struct device *dev)
{
}

static struct simsoc_pd *simsoc_pd_new(int id, int level, int kind,
				       const struct simsoc_params *p)
{
	const struct simsoc_soc *s = simsoc_soc;
	struct simsoc_pd *pd;
	int first, end, ret;

	simsoc_level_states(s, level, &first, &end);
	if (first == end)
		return NULL;
	pd = kzalloc(sizeof(*pd), GFP_KERNEL);
	if (!pd)
		return ERR_PTR(-ENOMEM);
	pd->id = id;
	pd->first = first;
	pd->kind = kind;
	pd->cur = -1;
	pd->genpd.name = kasprintf(GFP_KERNEL, "simsoc-%s%d",
				   level == SIMSOC_OFF_SOC ? "soc" : "cluster", id);
	if (!pd->genpd.name) {
		kfree(pd);
		return ERR_PTR(-ENOMEM);
	}
	pd->genpd.states = pd->states;
	pd->genpd.state_count = end - first;
	pd->genpd.power_off = simsoc_pd_power_off;
	pd->genpd.power_on = simsoc_pd_power_on;
	pd->genpd.flags = GENPD_FLAG_IRQ_SAFE | GENPD_FLAG_CPU_DOMAIN;
	ret = pm_genpd_init(&pd->genpd, &pm_domain_cpu_gov, false);
	if (ret) {
		kfree(pd->genpd.name);
		kfree(pd);
		return ERR_PTR(ret);
	}
	pd->genpd.dev.release = simsoc_pd_release;
	pd->added = true;
	simsoc_nr_pds++;
	simsoc_pd_figures(pd, p);
	return pd;
}

static void simsoc_pd_free(struct simsoc_pd *pd)
{
	if (pd->added && pm_genpd_remove(&pd->genpd)) {
		/* still known to genpd: leak it rather than free it */
		pr_warn("%s could not be removed\n", pd->genpd.name);
		return;
	}
	kfree(pd->genpd.name);
	kfree(pd);
}

/**
 * simsoc_domains_exit() - take the CPUs out of their domains, remove them
 *
 * Called with the cpuidle driver unregistered: every online CPU has taken
 * its domain back after its last WFI.
 */
void simsoc_domains_exit(void)
{
	int cpu, i;

	for_each_possible_cpu(cpu) {
		struct simsoc_pd_cpu *pc = per_cpu_ptr(&simsoc_pd_cpus, cpu);
		struct device *dev = get_cpu_device(cpu);

		if (!pc->attached)
			continue;
		pm_runtime_disable(dev);
		pm_runtime_set_suspended(dev);
		pm_runtime_put_noidle(dev);
		if (pm_genpd_remove_device(dev))
			pr_warn("cpu%d could not leave its domain\n", cpu);
		pc->attached = false;
		pc->pd = NULL;
	}
	/* the clusters first: they are the SoC's subdomains */
	for (i = 0; i < ARRAY_SIZE(simsoc_pds); i++) {
		struct simsoc_pd *pd = simsoc_pds[i];

		if (!pd || pd == simsoc_soc_pd)
			continue;
		if (simsoc_soc_pd)
			pm_genpd_remove_subdomain(&simsoc_soc_pd->genpd, &pd->genpd);
		simsoc_pd_free(pd);
		simsoc_pds[i] = NULL;
	}
	if (simsoc_soc_pd) {
		simsoc_pd_free(simsoc_soc_pd);
		simsoc_pds[ARRAY_SIZE(simsoc_pds) - 1] = NULL;
		simsoc_soc_pd = NULL;
	}
	simsoc_nr_pds = 0;
}

/**
 * simsoc_domains_init() - the SoC's cluster and SoC domains, CPUs attached
 * @p: the parameters in force
 *
 * Return: the number of cpuidle states (the clock and core states), or a
 * negative error code.
 */
int simsoc_domains_init(const struct simsoc_params *p)
{
	const struct simsoc_soc *s = simsoc_soc;
	int cpu, first, end, ret;

	simsoc_level_states(s, SIMSOC_OFF_CLUSTER, &first, &end);

	simsoc_soc_pd = simsoc_pd_new(s->nr_clusters, SIMSOC_OFF_SOC, -1, p);
	if (IS_ERR(simsoc_soc_pd)) {
		ret = PTR_ERR(simsoc_soc_pd);
		simsoc_soc_pd = NULL;
		return ret;
	}
	simsoc_pds[ARRAY_SIZE(simsoc_pds) - 1] = simsoc_soc_pd;

	for_each_possible_cpu(cpu) {
		struct simsoc_pd_cpu *pc = per_cpu_ptr(&simsoc_pd_cpus, cpu);
		int c = s->cpu_cluster[cpu];
		struct simsoc_pd *pd = simsoc_pds[c];
		struct device *dev = get_cpu_device(cpu);

		if (!pd && first < end) {
			pd = simsoc_pd_new(c, SIMSOC_OFF_CLUSTER, s->cpu_kind[cpu], p);
			if (IS_ERR(pd)) {
				ret = PTR_ERR(pd);
				goto fail;
			}
			simsoc_pds[c] = pd;
			if (simsoc_soc_pd) {
				ret = pm_genpd_add_subdomain(&simsoc_soc_pd->genpd,
							     &pd->genpd);
				if (ret)
					goto fail;
			}
		}
		if (!pd)
			pd = simsoc_soc_pd;
		if (!pd || !dev)
			continue;

		ret = pm_genpd_add_device(&pd->genpd, dev);
		if (ret)
			goto fail;
		pc->pd = pd;
		pc->attached = true;
		pc->woke = -1;
		pm_runtime_irq_safe(dev);
		pm_runtime_enable(dev);
		if (cpu_online(cpu))
			pm_runtime_get_sync(dev);
	}
	/* the cpuidle states: those below the first cluster or SoC state */
	simsoc_first_domain_state = first;
	return first;

fail:
	pr_err("cannot set up the PM domains: %d\n", ret);
	simsoc_domains_exit();
	return ret;
}

/**
 * simsoc_nr_cpu_states() - how many of the SoC's states cpuidle has
 *
 * Return: with domains, the clock and core states; else every state.
 */
int simsoc_nr_cpu_states(void)
{
	return simsoc_nr_pds ? simsoc_first_domain_state : simsoc_soc->nr_states;
}

/**
 * simsoc_domains_active() - whether the CPUs are in domains
 *
 * Return: true when cluster and SoC states are chosen by the last CPU.
 */
bool simsoc_domains_active(void)
{
	return simsoc_nr_pds > 0;
}

/* A CPU's domain and the SoC domain above it, if any */
static void simsoc_pd_pair(struct simsoc_pd_cpu *pc, struct simsoc_pd **cl,
			   struct simsoc_pd **soc)
{
	*cl = pc->pd != simsoc_soc_pd ? pc->pd : NULL;
	*soc = simsoc_soc_pd;
}

static void simsoc_pd_read(struct simsoc_pd_cpu *pc, struct simsoc_domain_time *t)
{
	struct simsoc_pd *cl, *soc;
	int i;

	simsoc_pd_pair(pc, &cl, &soc);
	memset(t, 0, sizeof(*t));
	for (i = 0; i < SIMSOC_MAX_STATES; i++) {
		if (cl) {
			t->ns[i] += READ_ONCE(cl->off_ns[i]) -
				    READ_ONCE(cl->parent_off_ns[i]);
		}
		if (soc)
			t->ns[i] += READ_ONCE(soc->off_ns[i]);
	}
}

/* The governor's figures for a domain, from the voting CPU's period */
static void simsoc_pd_period(struct simsoc_pd *pd, const s64 *exit_ns,
			     const s64 *res_ns)
{
	int i;

	if (!pd)
		return;
	/* IRQs are off in the idle path: genpd's own IRQ-safe lock */
	spin_lock(&pd->genpd.slock);
	for (i = 0; i < pd->genpd.state_count; i++) {
		pd->states[i].power_on_latency_ns = exit_ns[pd->first + i];
		pd->states[i].residency_ns = res_ns[pd->first + i];
	}
	spin_unlock(&pd->genpd.slock);
}

/**
 * simsoc_domain_enter() - vote for the CPU's domains, before WFI
 * @busy_blocks: the blocks busy in this CPU's period
 * @exit_ns: this period's exit latency of each state, by description index
 * @res_ns: this period's target residency of each state
 * @before: filled in with the domains' counts before the vote
 */
void simsoc_domain_enter(u32 busy_blocks, const s64 *exit_ns, const s64 *res_ns,
			 struct simsoc_domain_time *before)
{
	struct simsoc_pd_cpu *pc = this_cpu_ptr(&simsoc_pd_cpus);
	struct simsoc_pd *cl, *soc;

	simsoc_pd_pair(pc, &cl, &soc);
	simsoc_pd_period(cl, exit_ns, res_ns);
	simsoc_pd_period(soc, exit_ns, res_ns);
	simsoc_pd_read(pc, before);
	pc->busy_blocks = busy_blocks;
	pc->woke = -1;
	pc->voting = true;
	pm_runtime_put_sync_suspend(get_cpu_device(smp_processor_id()));
	pc->voting = false;
}

/**
 * simsoc_domain_exit() - take the CPU's domains back, after WFI
 * @t_wake: when the CPU left WFI, given to a domain that comes on
 * @spent: in: the counts before the vote; out: the time of this period
 *	spent under each domain state, by description index
 *
 * Return: the deepest domain state this CPU powered on from, or -1.
 */
int simsoc_domain_exit(u64 t_wake, struct simsoc_domain_time *spent)
{
	struct simsoc_pd_cpu *pc = this_cpu_ptr(&simsoc_pd_cpus);
	struct simsoc_domain_time after;
	int i;

	pc->t_wake = t_wake;
	pc->waking = true;
	pm_runtime_get_sync(get_cpu_device(smp_processor_id()));
	pc->waking = false;
	simsoc_pd_read(pc, &after);
	for (i = 0; i < SIMSOC_MAX_STATES; i++)
		spent->ns[i] = after.ns[i] - spent->ns[i];
	return pc->woke;
}
