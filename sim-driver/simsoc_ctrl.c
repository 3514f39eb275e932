// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc controls, after the v4l2 control framework of 2.6.36: every model
 * input is declared once in simsoc_ctrls[] (name, type, range, step,
 * default, flags); a batch of "name=value" items is tried (validated only)
 * or set all or nothing, and the outcome of the last one, with its failing
 * item (error_idx), is kept for reading back.  A new set of values is
 * published to the idle path as one immutable RCU-protected copy: readers
 * never lock and never see half an update.  simsoc_debugfs.c is the
 * interface to user space.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/string.h>
#include "simsoc.h"

#define SIMSOC_MAX_ITEMS	64

static const char * const opp_menu[] = {
	"450MHz", "575MHz", "700MHz", "775MHz", "850MHz", NULL
};

const char * const simsoc_block_mode_names[] = { "idle", "busy", "random", NULL };

const char * const simsoc_block_names[SIMSOC_NR_BLOCKS] = {
	"dma", "gpu", "display", "audio", "modem",
};

#define INT_CTRL(_name, _min, _max, _step, _def)			\
	{ .name = _name, .type = SIMSOC_CTRL_INTEGER, .min = _min,	\
	  .max = _max, .step = _step, .def = _def }
#define BOOL_CTRL(_name, _def)						\
	{ .name = _name, .type = SIMSOC_CTRL_BOOLEAN, .min = 0,	\
	  .max = 1, .step = 1, .def = _def }
#define MENU_CTRL(_name, _menu, _max, _def)				\
	{ .name = _name, .type = SIMSOC_CTRL_MENU, .min = 0,		\
	  .max = _max, .step = 1, .def = _def, .menu = _menu }
#define BLOCK_CTRLS(_b, _mode, _duty, _depth, _def_depth)		\
	[SIMSOC_C_##_b##_MODE] = MENU_CTRL(_mode, simsoc_block_mode_names,	\
					   SIMSOC_BLOCK_RANDOM, 0),	\
	[SIMSOC_C_##_b##_DUTY] = INT_CTRL(_duty, 0, 100, 5, 0),		\
	[SIMSOC_C_##_b##_DEPTH] = INT_CTRL(_depth, 0,			\
					   SIMSOC_NR_STATES - 1, 1, _def_depth)
#define STATE_CTRLS(_n, _exit, _res, _power, _leak, _td)		\
	[SIMSOC_C_S##_n##_EXIT] = INT_CTRL("s" #_n "_exit_us", 1, 20000, 1, _exit), \
	[SIMSOC_C_S##_n##_RES] = INT_CTRL("s" #_n "_residency_us", 1, 100000, 1, _res), \
	[SIMSOC_C_S##_n##_POWER] = INT_CTRL("s" #_n "_power_uw", 0, 1000000, 1, _power), \
	[SIMSOC_C_S##_n##_LEAK] = INT_CTRL("s" #_n "_leak_uw", 0, 1000000, 1, _leak), \
	[SIMSOC_C_S##_n##_LEAK_TD] = INT_CTRL("s" #_n "_leak_td_c", 5, 100, 1, _td)

/* The model's inputs.  MODEL.md gives the source of every default. */
const struct simsoc_ctrl simsoc_ctrls[SIMSOC_NR_CTRLS] = {
	[SIMSOC_C_SEED] = INT_CTRL("seed", 0, 2147483647, 1, 1),
	[SIMSOC_C_OPP] = MENU_CTRL("opp", opp_menu, SIMSOC_NR_OPPS - 1, SIMSOC_NR_OPPS - 1),
	[SIMSOC_C_TEMP] = INT_CTRL("temp_c", 20, 110, 1, 45),
	[SIMSOC_C_JITTER] = INT_CTRL("jitter_pct", 0, 50, 1, 5),
	[SIMSOC_C_COUPLING] = BOOL_CTRL("cluster_coupling", 1),
	[SIMSOC_C_ACTIVE_LEAK] = INT_CTRL("active_leak_uw", 0, 1000000, 1, 10000),
	BLOCK_CTRLS(DMA, "dma_mode", "dma_duty_pct", "dma_depth",
		    SIMSOC_CORE_OFF),
	BLOCK_CTRLS(GPU, "gpu_mode", "gpu_duty_pct", "gpu_depth",
		    SIMSOC_CLUSTER_OFF),
	BLOCK_CTRLS(DISPLAY, "display_mode", "display_duty_pct", "display_depth",
		    SIMSOC_CLUSTER_OFF),
	BLOCK_CTRLS(AUDIO, "audio_mode", "audio_duty_pct", "audio_depth",
		    SIMSOC_CORE_RET),
	BLOCK_CTRLS(MODEM, "modem_mode", "modem_duty_pct", "modem_depth",
		    SIMSOC_CLUSTER_OFF),
	/*         state  exit  res    power  leak  td */
	STATE_CTRLS(0,    1,    1,     34000, 6000, 20),	/* WFI */
	STATE_CTRLS(1,    167,  504,   31000, 3000, 20),	/* core retention */
	STATE_CTRLS(2,    1500, 2000,  28000, 4000, 12),	/* core power-down */
	STATE_CTRLS(3,    1600, 2500,  8500,  6000, 10),	/* cluster power-down */
	STATE_CTRLS(4,    9825, 9987,  2000,  4000, 8),		/* SoC sleep */
	[SIMSOC_C_GENERATION] = {
		.name = "generation", .type = SIMSOC_CTRL_INTEGER,
		.min = 0, .max = S64_MAX, .step = 1, .def = 0,
		.flags = SIMSOC_CTRL_FLAG_READ_ONLY | SIMSOC_CTRL_FLAG_VOLATILE,
	},
	[SIMSOC_C_NR_STATES] = {
		.name = "nr_states", .type = SIMSOC_CTRL_INTEGER,
		.min = SIMSOC_NR_STATES, .max = SIMSOC_NR_STATES, .step = 1,
		.def = SIMSOC_NR_STATES, .flags = SIMSOC_CTRL_FLAG_READ_ONLY,
	},
};

static const struct {
	const char *name;
	const char *batch;
} simsoc_presets[] = {
	{ "nominal", "" },
	{ "hot", "temp_c=85" },
	{ "lowopp", "opp=450MHz" },
	{ "busy", "dma_mode=busy" },
	{ "random",
	  "jitter_pct=10 dma_mode=random dma_duty_pct=30 gpu_mode=random gpu_duty_pct=20" },
};

struct simsoc_params __rcu *simsoc_params;

struct simsoc_item {
	int id;
	s64 val;
};

static DEFINE_MUTEX(simsoc_ctrl_lock);	/* serialises writers */
static struct simsoc_result simsoc_last = {	/* under simsoc_ctrl_lock */
	.ctrl = -1, .rule_lo = -1, .rule_hi = -1,
};

static int simsoc_find_ctrl(const char *name)
{
	int i;

	for (i = 0; i < SIMSOC_NR_CTRLS; i++)
		if (!strcmp(simsoc_ctrls[i].name, name))
			return i;
	return -1;
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
 * @id: the control's id (&enum simsoc_ctrl_id)
 *
 * Return: the value; for "generation", the set's publication number.
 */
s64 simsoc_ctrl_value(const struct simsoc_params *p, int id)
{
	if (id == SIMSOC_C_GENERATION)
		return p->gen;
	return p->v[id];
}

/*
 * Validate, and for SIMSOC_OP_SET apply, a batch of items.  Called with
 * simsoc_ctrl_lock held.  On error nothing changes and res->error_idx
 * names the failing item (res->count when none is to blame).
 */
static int simsoc_commit(const struct simsoc_item *items, int n,
			 enum simsoc_op op, struct simsoc_result *res)
{
	struct simsoc_params *old, *np;
	s64 v[SIMSOC_NR_CTRLS];
	bool seed = false;
	int i, a, b, ret;

	old = rcu_dereference_protected(simsoc_params,
					lockdep_is_held(&simsoc_ctrl_lock));
	memcpy(v, old->v, sizeof(v));
	for (i = 0; i < n; i++) {
		v[items[i].id] = items[i].val;
		if (items[i].id == SIMSOC_C_SEED)
			seed = true;
	}
	ret = simsoc_model_check(v, &a, &b);
	if (ret) {
		res->rule_lo = a;
		res->rule_hi = b;
		res->rule_lo_val = v[a];
		res->rule_hi_val = v[b];
		/* blame the last item that touched a control of the rule */
		res->error_idx = n;
		for (i = 0; i < n; i++) {
			if (items[i].id == a || items[i].id == b) {
				res->error_idx = i;
				res->ctrl = items[i].id;
			}
		}
		return ret;
	}
	res->gen = old->gen;
	if (op == SIMSOC_OP_TRY)
		return 0;

	np = kmalloc(sizeof(*np), GFP_KERNEL);
	if (!np)
		return -ENOMEM;
	memcpy(np->v, v, sizeof(v));
	np->gen = old->gen + 1;
	np->seed_gen = old->seed_gen + seed;
	simsoc_model_derive(np);
	rcu_assign_pointer(simsoc_params, np);
	kfree_rcu(old, rcu);
	res->gen = np->gen;
	return 0;
}

/* Parse "name=value ..." (buf is modified) and commit it. */
static int simsoc_batch(char *buf, enum simsoc_op op, struct simsoc_result *res)
{
	struct simsoc_item *items;
	char *tok, *eq;
	int n = 0, id, ret = 0;

	res->op = op;
	res->rule_lo = -1;
	res->rule_hi = -1;
	res->ctrl = -1;
	items = kmalloc_array(SIMSOC_MAX_ITEMS, sizeof(*items), GFP_KERNEL);
	if (!items)
		return -ENOMEM;

	while ((tok = strsep(&buf, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		res->ctrl = -1;
		if (n == SIMSOC_MAX_ITEMS) {
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
		if (id < 0) {
			ret = -EINVAL;
			break;
		}
		res->ctrl = id;
		if (simsoc_ctrls[id].flags & SIMSOC_CTRL_FLAG_READ_ONLY) {
			ret = -EACCES;
			break;
		}
		ret = simsoc_parse_value(&simsoc_ctrls[id], eq + 1, &items[n].val);
		if (ret)
			break;
		items[n].id = id;
		n++;
	}
	if (ret) {
		/* error_idx: the failing item; count: the items seen so far */
		res->error_idx = n;
		while (tok && (tok = strsep(&buf, " \t\n")) != NULL)
			if (*tok)
				n++;
		res->count = n + 1;
	} else {
		res->count = n;
		res->error_idx = n;
		res->ctrl = -1;
		ret = simsoc_commit(items, n, op, res);
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
 * @id: the control's id (&enum simsoc_ctrl_id)
 * @val: the value as text; blanks inside make it two items: -EINVAL
 *
 * Return: 0 or -errno, as simsoc_ctrl_apply().
 */
int simsoc_ctrl_set_one(int id, const char *val)
{
	char *buf;
	int ret;

	buf = kasprintf(GFP_KERNEL, "%s=%s", simsoc_ctrls[id].name, val);
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

/**
 * simsoc_ctrl_init() - publish the first set of values
 * @preset: a preset's name (nominal, hot, lowopp, busy, random)
 * @controls: a batch applied after the preset, may be empty
 *
 * Return: 0, or -errno with nothing left published.
 */
int simsoc_ctrl_init(const char *preset, const char *controls)
{
	struct simsoc_params *p;
	char *buf;
	int i, ret;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	for (i = 0; i < SIMSOC_NR_CTRLS; i++)
		p->v[i] = simsoc_ctrls[i].def;
	p->gen = 1;
	p->seed_gen = 1;
	simsoc_model_derive(p);
	rcu_assign_pointer(simsoc_params, p);

	for (i = 0; i < ARRAY_SIZE(simsoc_presets); i++)
		if (!strcmp(preset, simsoc_presets[i].name))
			break;
	if (i == ARRAY_SIZE(simsoc_presets)) {
		pr_err("unknown preset '%s' (nominal, hot, lowopp, busy, random)\n", preset);
		ret = -EINVAL;
		goto fail;
	}

	mutex_lock(&simsoc_ctrl_lock);
	buf = kasprintf(GFP_KERNEL, "%s %s", simsoc_presets[i].batch, controls);
	ret = buf ? simsoc_apply_locked(buf, SIMSOC_OP_SET) : -ENOMEM;
	kfree(buf);
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
