// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc controls, after the v4l2 control framework of 2.6.36: every model
 * input is declared once in the SoC's control table (simsoc_soc.c builds
 * it from the SoC description: name, type, range, step, default, flags);
 * a batch of "name=value" items is tried (validated only) or set all or
 * nothing, and the outcome of the last one, with its failing item
 * (error_idx), is kept for reading back.  A new set of values is
 * published to the idle path as one immutable RCU-protected copy: readers
 * never lock and never see half an update.  simsoc_debugfs.c is the
 * interface to user space.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpumask.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <trace/events/power.h>
#include "simsoc.h"

#define SIMSOC_MAX_ITEMS	64

const char * const simsoc_block_mode_names[] = IDLESIM_BLOCK_MODES;

/*
 * Presets in terms every SoC has; "busy" and "random" name blocks, and
 * fail to load on an SoC without them.  "lowopp" is built per SoC.
 */
static const struct {
	const char *name;
	const char *batch;
} simsoc_presets[] = {
	{ "nominal", "" },
	{ "hot", "temp_c=85" },
	{ "lowopp", NULL },
	{ "busy", "dma_mode=busy" },
	{ "random",
	  "jitter_pct=10 dma_mode=random dma_duty_pct=30 gpu_mode=random gpu_duty_pct=20" },
};

struct simsoc_params __rcu *simsoc_params;

struct simsoc_item {
	int id;
	int pos;	/* of its "name=value" in the batch */
	s64 val;
};

static DEFINE_MUTEX(simsoc_ctrl_lock);	/* serialises writers */
static struct simsoc_result simsoc_last = {	/* under simsoc_ctrl_lock */
	.ctrl = -1, .rule_lo = -1, .rule_hi = -1,
};

/* told of every set published, under simsoc_ctrl_lock (simsoc_ctrl_init()) */
static void (*simsoc_published)(const struct simsoc_params *old,
				const struct simsoc_params *np);

static int simsoc_find_ctrl(const char *name)
{
	int i;

	for (i = 0; i < simsoc_soc->nr_ctrls; i++)
		if (!strcmp(simsoc_soc->ctrls[i].name, name))
			return i;
	return -1;
}

/*
 * "P%" for an operating point: the slowest one at or above P % of the
 * fastest, so that a scenario can cap the clock as thermal management
 * does on any SoC, whatever its frequencies.
 */
static int simsoc_parse_opp_pct(const struct simsoc_ctrl *c, const char *txt, s64 *val)
{
	char num[8];
	size_t len = strlen(txt) - 1;
	u32 pct;
	int i;

	if (!len || len >= sizeof(num))
		return -EINVAL;
	memcpy(num, txt, len);
	num[len] = '\0';
	if (kstrtou32(num, 10, &pct))
		return -EINVAL;
	if (pct > 100)
		return -ERANGE;
	for (i = c->min; i < c->max; i++)
		if ((u64)c->opp_khz[i] * 100 >= (u64)c->opp_khz[c->max] * pct)
			break;
	*val = i;
	return 0;
}

/* text to value: -EINVAL for garbage or a wrong type, -ERANGE when out of range */
static int simsoc_parse_value(const struct simsoc_ctrl *c, const char *txt, s64 *val)
{
	int i, ret;

	if (c->type == SIMSOC_CTRL_MENU) {
		for (i = 0; c->menu[i]; i++) {
			if (!strcmp(txt, c->menu[i])) {
				*val = c->min + i;
				return 0;
			}
		}
	}
	if (c->opp_khz && *txt && txt[strlen(txt) - 1] == '%')
		return simsoc_parse_opp_pct(c, txt, val);
	ret = kstrtos64(txt, 10, val);
	if (ret)
		return ret;
	if (*val < c->min || *val > c->max)
		return -ERANGE;
	if (c->step > 1 && (*val - c->min) % c->step)
		return -ERANGE;
	return 0;
}

/**
 * simsoc_ctrl_value() - the value of a control in a published set
 * @p: the set, under rcu_read_lock() or the control lock
 * @id: the control's id in simsoc_soc's table
 *
 * Return: the value; for "generation", the set's publication number.
 */
s64 simsoc_ctrl_value(const struct simsoc_params *p, int id)
{
	if (id == simsoc_soc->c_generation)
		return p->gen;
	return p->v[id];
}

/*
 * A new operating point is announced as cpufreq announces one, with
 * power:cpu_frequency on each CPU of the kind, so that a trace of the
 * simulated SoC holds what a board's does (idlesim-analyze board reads it).
 */
static void simsoc_announce_opps(const struct simsoc_params *old,
				 const struct simsoc_params *np)
{
	const struct simsoc_soc *s = simsoc_soc;
	int k, cpu, id;

	for (k = 0; k < s->nr_kinds; k++) {
		id = simsoc_c_opp(s, k);
		if (np->v[id] == old->v[id])
			continue;
		for_each_online_cpu(cpu)
			if (cpu < s->nr_cpus && s->cpu_kind[cpu] == k)
				trace_cpu_frequency(s->kind[k].opp_khz[np->v[id]], cpu);
	}
}

/*
 * A block made busy with a busy time is busy that long after the write, as
 * a transfer of a known length is: the idle path tells the governors when
 * it ends, and takes the block as idle from then on.  A batch that writes
 * neither the block's mode nor its busy time leaves the end where it was.
 */
static void simsoc_block_ends(const struct simsoc_item *items, int n,
			      const struct simsoc_params *old, struct simsoc_params *np)
{
	const struct simsoc_soc *s = simsoc_soc;
	u64 now = simsoc_now();
	int b, i;

	for (b = 0; b < s->nr_blocks; b++) {
		int id = simsoc_c_block(s, b);
		bool written = !old;

		for (i = 0; i < n; i++)
			written |= items[i].id == id || items[i].id == id + 3;
		if (np->d.blk_mode[b] != SIMSOC_BLOCK_BUSY || !np->v[id + 3])
			np->d.blk_end_ns[b] = 0;
		else if (written)
			np->d.blk_end_ns[b] = now + np->v[id + 3] * NSEC_PER_USEC;
		else
			np->d.blk_end_ns[b] = old->d.blk_end_ns[b];
	}
}

/*
 * Validate, and for SIMSOC_OP_SET apply, a batch of items.  Called with
 * simsoc_ctrl_lock held.  On error nothing changes and res->error_idx
 * names the failing item (res->count when none is to blame).
 */
static int simsoc_commit(const struct simsoc_item *items, int n, int count,
			 enum simsoc_op op, struct simsoc_result *res)
{
	const struct simsoc_soc *s = simsoc_soc;
	struct simsoc_params *old, *np;
	bool seed = false;
	int i, a, b, ret;

	old = rcu_dereference_protected(simsoc_params,
					lockdep_is_held(&simsoc_ctrl_lock));
	/* the new set is built where it will be published, and dropped if bad */
	np = kmalloc(struct_size(np, v, s->nr_ctrls), GFP_KERNEL);
	if (!np)
		return -ENOMEM;
	memcpy(np->v, old->v, s->nr_ctrls * sizeof(*np->v));
	for (i = 0; i < n; i++) {
		np->v[items[i].id] = items[i].val;
		if (items[i].id == SIMSOC_C_SEED)
			seed = true;
	}
	ret = simsoc_model_check(s, np->v, &a, &b);
	if (ret) {
		const s64 *v = np->v;

		res->rule_lo = a;
		res->rule_hi = b;
		res->rule_lo_val = v[a];
		res->rule_hi_val = v[b];
		/* blame the last item that touched a control of the rule */
		res->error_idx = count;
		for (i = 0; i < n; i++) {
			if (items[i].id == a || items[i].id == b) {
				res->error_idx = items[i].pos;
				res->ctrl = items[i].id;
			}
		}
		kfree(np);
		return ret;
	}
	res->gen = old->gen;
	if (op == SIMSOC_OP_TRY) {
		kfree(np);
		return 0;
	}
	np->gen = old->gen + 1;
	np->seed_gen = old->seed_gen + seed;
	simsoc_model_derive(s, np);
	simsoc_block_ends(items, n, old, np);
	rcu_assign_pointer(simsoc_params, np);
	simsoc_domains_update(np);
	simsoc_announce_opps(old, np);
	simsoc_published(old, np);
	kfree_rcu(old, rcu);
	res->gen = np->gen;
	return 0;
}

/*
 * "opp=V" on an SoC with several kinds of cluster: V for every kind's
 * operating point (V is best a percentage: their frequencies differ).
 */
static int simsoc_every_opp(struct simsoc_item *items, int *n, int pos, const char *val,
			    struct simsoc_result *res)
{
	const struct simsoc_soc *s = simsoc_soc;
	int k, id, ret;

	for (k = 0; k < s->nr_kinds; k++) {
		id = simsoc_c_opp(s, k);
		res->ctrl = id;
		ret = simsoc_parse_value(&s->ctrls[id], val, &items[*n].val);
		if (ret)
			return ret;
		items[*n].id = id;
		items[(*n)++].pos = pos;
	}
	return 0;
}

/* Parse "name=value ..." (buf is modified) and commit it. */
static int simsoc_batch(char *buf, enum simsoc_op op, struct simsoc_result *res)
{
	struct simsoc_item *items;
	char *tok, *eq;
	int n = 0, pos = 0, id, ret = 0;

	res->op = op;
	res->rule_lo = -1;
	res->rule_hi = -1;
	res->ctrl = -1;
	/* "opp=" may stand for one item per kind of cluster */
	items = kmalloc_array(SIMSOC_MAX_ITEMS * SIMSOC_MAX_KINDS, sizeof(*items),
			      GFP_KERNEL);
	if (!items)
		return -ENOMEM;

	while ((tok = strsep(&buf, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		res->ctrl = -1;
		if (pos == SIMSOC_MAX_ITEMS) {
			ret = -E2BIG;
			break;
		}
		eq = strchr(tok, '=');
		if (!eq) {
			ret = -EINVAL;
			break;
		}
		*eq = '\0';
		id = simsoc_find_ctrl(tok);
		if (id < 0 && !strcmp(tok, "opp") && simsoc_soc->nr_kinds > 1) {
			ret = simsoc_every_opp(items, &n, pos, eq + 1, res);
			if (ret)
				break;
			pos++;
			continue;
		}
		if (id < 0) {
			ret = -EINVAL;
			break;
		}
		res->ctrl = id;
		if (simsoc_soc->ctrls[id].flags & SIMSOC_CTRL_FLAG_READ_ONLY) {
			ret = -EACCES;
			break;
		}
		ret = simsoc_parse_value(&simsoc_soc->ctrls[id], eq + 1, &items[n].val);
		if (ret)
			break;
		items[n].id = id;
		items[n++].pos = pos++;
	}
	if (ret) {
		/* error_idx: the failing item; count: the items seen so far */
		res->error_idx = pos;
		while (tok && (tok = strsep(&buf, " \t\n")) != NULL)
			if (*tok)
				pos++;
		res->count = pos + 1;
	} else {
		res->count = pos;
		res->error_idx = pos;
		res->ctrl = -1;
		ret = simsoc_commit(items, n, pos, op, res);
	}
	kfree(items);
	res->status = ret;
	return ret;
}

static int simsoc_apply_locked(char *buf, enum simsoc_op op)
{
	struct simsoc_result res = { };
	int ret;

	ret = simsoc_batch(buf, op, &res);
	simsoc_last = res;
	return ret;
}

/**
 * simsoc_ctrl_apply() - try or set a batch of controls
 * @buf: "name=value ..." items, modified while parsed
 * @op: %SIMSOC_OP_TRY validates only, %SIMSOC_OP_SET also publishes the
 *	new set of values, all items or none
 *
 * The outcome, with the failing item and any broken rule of the model, is
 * kept for simsoc_ctrl_result().  Takes the control lock: process context.
 *
 * Return: 0, or -EINVAL, -ERANGE, -EACCES, -E2BIG or -ENOMEM.
 */
int simsoc_ctrl_apply(char *buf, enum simsoc_op op)
{
	int ret;

	mutex_lock(&simsoc_ctrl_lock);
	ret = simsoc_apply_locked(buf, op);
	mutex_unlock(&simsoc_ctrl_lock);
	return ret;
}

/**
 * simsoc_ctrl_set_one() - set one control from its text value
 * @id: the control's id in simsoc_soc's table
 * @val: the value as text; blanks inside make it two items: -EINVAL
 *
 * Return: 0 or -errno, as simsoc_ctrl_apply().
 */
int simsoc_ctrl_set_one(int id, const char *val)
{
	char *buf;
	int ret;

	buf = kasprintf(GFP_KERNEL, "%s=%s", simsoc_soc->ctrls[id].name, val);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&simsoc_ctrl_lock);
	if (strpbrk(buf, " \t\n")) {
		/* a value with blanks inside would be two items */
		simsoc_last = (struct simsoc_result){ .op = SIMSOC_OP_SET,
			.status = -EINVAL, .count = 1, .ctrl = id,
			.rule_lo = -1, .rule_hi = -1 };
		ret = -EINVAL;
	} else {
		ret = simsoc_apply_locked(buf, SIMSOC_OP_SET);
	}
	mutex_unlock(&simsoc_ctrl_lock);
	kfree(buf);
	return ret;
}

/**
 * simsoc_ctrl_result() - the outcome of the last batch, try or single set
 * @r: filled in
 */
void simsoc_ctrl_result(struct simsoc_result *r)
{
	mutex_lock(&simsoc_ctrl_lock);
	*r = simsoc_last;
	mutex_unlock(&simsoc_ctrl_lock);
}

/* "opp=0" for every kind of cluster: the "lowopp" preset of this SoC */
static char *simsoc_lowopp_batch(void)
{
	const struct simsoc_soc *s = simsoc_soc;
	char *buf, *old;
	int k;

	buf = kstrdup("", GFP_KERNEL);
	for (k = 0; buf && k < s->nr_kinds; k++) {
		old = buf;
		buf = kasprintf(GFP_KERNEL, "%s %s=0", old, s->ctrls[simsoc_c_opp(s, k)].name);
		kfree(old);
	}
	return buf;
}

/**
 * simsoc_ctrl_init() - publish the first set of values
 * @preset: a preset's name (nominal, hot, lowopp, busy, random)
 * @controls: a batch applied after the preset, may be empty
 * @published: called with the control lock held each time a new set is
 *	in force, with the set it replaces, the preset's set included; it
 *	must not call back into the controls
 *
 * The controls are simsoc_soc's, which must be set.  What a new set means
 * beyond the published values, such as which idle CPUs to wake, is for
 * the caller to say in @published: the controls know nothing of the idle
 * path.
 *
 * Return: 0, or -errno with nothing left published.
 */
int simsoc_ctrl_init(const char *preset, const char *controls,
		     void (*published)(const struct simsoc_params *old,
				       const struct simsoc_params *np))
{
	const struct simsoc_soc *s = simsoc_soc;
	struct simsoc_params *p;
	char *buf, *batch;
	int i, ret;

	simsoc_published = published;
	p = kzalloc(struct_size(p, v, s->nr_ctrls), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	for (i = 0; i < s->nr_ctrls; i++)
		p->v[i] = s->ctrls[i].def;
	p->gen = 1;
	p->seed_gen = 1;
	simsoc_model_derive(s, p);
	simsoc_block_ends(NULL, 0, NULL, p);
	rcu_assign_pointer(simsoc_params, p);

	for (i = 0; i < ARRAY_SIZE(simsoc_presets); i++)
		if (!strcmp(preset, simsoc_presets[i].name))
			break;
	if (i == ARRAY_SIZE(simsoc_presets)) {
		pr_err("unknown preset '%s' (nominal, hot, lowopp, busy, random)\n", preset);
		ret = -EINVAL;
		goto fail;
	}

	batch = simsoc_presets[i].batch ? kstrdup(simsoc_presets[i].batch, GFP_KERNEL) :
		simsoc_lowopp_batch();
	mutex_lock(&simsoc_ctrl_lock);
	buf = batch ? kasprintf(GFP_KERNEL, "%s %s", batch, controls) : NULL;
	ret = buf ? simsoc_apply_locked(buf, SIMSOC_OP_SET) : -ENOMEM;
	kfree(buf);
	kfree(batch);
	if (ret)
		pr_err("preset %s + controls \"%s\": error %d at item %d\n",
		       preset, controls, ret, simsoc_last.error_idx);
	mutex_unlock(&simsoc_ctrl_lock);
	if (!ret)
		return 0;
fail:
	simsoc_ctrl_exit();
	return ret;
}

/**
 * simsoc_ctrl_exit() - withdraw the published values and free them
 *
 * The idle path must no longer read them: call it after the cpuidle
 * driver is unregistered and the debugfs files are gone.
 */
void simsoc_ctrl_exit(void)
{
	struct simsoc_params *p;

	p = rcu_replace_pointer(simsoc_params, NULL, true);
	synchronize_rcu();
	kfree(p);
}
