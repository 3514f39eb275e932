// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc controls, after the v4l2 control framework of 2.6.36: every model
 * input is declared once in simsoc_ctrls[] (name, type, range, step,
 * default, flags); the debugfs interface offers query, get and set of one
 * control, try of a batch, and an all-or-nothing batch set whose failing
 * item (error_idx) can be read back.  A new set of values is published to
 * the idle path as one immutable RCU-protected copy: readers never lock and
 * never see half an update.
 *
 * /sys/kernel/debug/simsoc/
 *   query      every control: name type min max step default value flags menu
 *   ctrl/NAME  get (read) and set (write) one control
 *   batch      write "name=value ..." : applied all-or-nothing
 *   try        write "name=value ..." : validated, never applied
 *   result     outcome of the last batch, try or single set
 *   table      the derived nominal table of the current generation
 *   energy     the energy meter (read-only)
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/cpumask.h>
#include "simsoc.h"

#define SIMSOC_MAX_ITEMS	64
#define SIMSOC_CPUS_PER_CLUSTER	2

static const char * const opp_menu[] = {
	"450MHz", "575MHz", "700MHz", "775MHz", "850MHz", NULL
};

static const char * const block_mode_menu[] = { "idle", "busy", "random", NULL };

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
	[SIMSOC_C_##_b##_MODE] = MENU_CTRL(_mode, block_mode_menu,	\
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

enum simsoc_op { SIMSOC_OP_SET, SIMSOC_OP_TRY };

struct simsoc_result {
	enum simsoc_op op;
	int status;
	int error_idx;
	int count;
	int ctrl;		/* control of the failing item, -1 if none */
	u64 gen;
};

struct simsoc_item {
	int id;
	s64 val;
};

static DEFINE_MUTEX(simsoc_ctrl_lock);	/* serialises writers */
static struct simsoc_result simsoc_last;	/* under simsoc_ctrl_lock */
static struct dentry *simsoc_dir;

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

static s64 simsoc_ctrl_value(const struct simsoc_params *p, int id)
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

/* ---- debugfs ---------------------------------------------------------- */

static ssize_t simsoc_batch_write_op(struct file *file, const char __user *ubuf,
				     size_t len, enum simsoc_op op)
{
	char *buf;
	int ret;

	if (len >= PAGE_SIZE)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, len);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	mutex_lock(&simsoc_ctrl_lock);
	ret = simsoc_apply_locked(buf, op);
	mutex_unlock(&simsoc_ctrl_lock);
	kfree(buf);
	return ret ? ret : len;
}

static ssize_t simsoc_batch_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	return simsoc_batch_write_op(file, ubuf, len, SIMSOC_OP_SET);
}

static ssize_t simsoc_try_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	return simsoc_batch_write_op(file, ubuf, len, SIMSOC_OP_TRY);
}

static const struct file_operations simsoc_batch_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = simsoc_batch_write,
	.llseek = noop_llseek,
};

static const struct file_operations simsoc_try_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.write = simsoc_try_write,
	.llseek = noop_llseek,
};

static int simsoc_result_show(struct seq_file *m, void *unused)
{
	struct simsoc_result r;

	mutex_lock(&simsoc_ctrl_lock);
	r = simsoc_last;
	mutex_unlock(&simsoc_ctrl_lock);
	seq_printf(m, "op=%s status=%d error_idx=%d count=%d control=%s generation=%llu\n",
		   r.op == SIMSOC_OP_TRY ? "try" : "set", r.status, r.error_idx,
		   r.count, r.ctrl >= 0 ? simsoc_ctrls[r.ctrl].name : "-", r.gen);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_result);

static const char * const simsoc_type_names[] = {
	[SIMSOC_CTRL_INTEGER] = "integer",
	[SIMSOC_CTRL_BOOLEAN] = "boolean",
	[SIMSOC_CTRL_MENU] = "menu",
};

static int simsoc_query_show(struct seq_file *m, void *unused)
{
	const struct simsoc_params *p;
	s64 cur[SIMSOC_NR_CTRLS];
	int i, j;

	rcu_read_lock();
	p = rcu_dereference(simsoc_params);
	for (i = 0; i < SIMSOC_NR_CTRLS; i++)
		cur[i] = simsoc_ctrl_value(p, i);
	rcu_read_unlock();

	seq_puts(m, "# name type min max step default value flags menu\n");
	for (i = 0; i < SIMSOC_NR_CTRLS; i++) {
		const struct simsoc_ctrl *c = &simsoc_ctrls[i];

		seq_printf(m, "%s %s %lld %lld %lld %lld %lld ", c->name,
			   simsoc_type_names[c->type], c->min, c->max, c->step,
			   c->def, cur[i]);
		if (!c->flags)
			seq_puts(m, "-");
		if (c->flags & SIMSOC_CTRL_FLAG_READ_ONLY)
			seq_puts(m, "read-only");
		if (c->flags & SIMSOC_CTRL_FLAG_VOLATILE)
			seq_puts(m, ",volatile");
		if (c->menu) {
			for (j = 0; c->menu[j]; j++)
				seq_printf(m, "%c%s", j ? ',' : ' ', c->menu[j]);
		} else {
			seq_puts(m, " -");
		}
		seq_putc(m, '\n');
	}
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_query);

static int simsoc_table_show(struct seq_file *m, void *unused)
{
	const struct simsoc_params *p;
	struct simsoc_derived d;
	u64 gen;
	int i;

	rcu_read_lock();
	p = rcu_dereference(simsoc_params);
	d = p->d;
	gen = p->gen;
	rcu_read_unlock();

	seq_printf(m, "generation=%llu active_uw=%u jitter_pct=%u cluster_coupling=%d\n",
		   gen, d.active_uw, d.jitter_pct, d.coupling);
	seq_puts(m, "# index name exit_latency_ns target_residency_ns power_uw\n");
	for (i = 0; i < SIMSOC_NR_STATES; i++)
		seq_printf(m, "%d %s %lld %lld %u\n", i, simsoc_state_names[i],
			   d.exit_ns[i], d.res_ns[i], d.power_uw[i]);
	seq_puts(m, "# block mode duty_pct depth\n");
	for (i = 0; i < SIMSOC_NR_BLOCKS; i++)
		seq_printf(m, "%s %s %u %u\n", simsoc_block_names[i],
			   block_mode_menu[d.blk_mode[i]], d.blk_duty[i],
			   d.blk_depth[i]);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_table);

static int simsoc_energy_show(struct seq_file *m, void *unused)
{
	u64 cl_idle[NR_CPUS / SIMSOC_CPUS_PER_CLUSTER + 1] = { };
	u64 cl_active[NR_CPUS / SIMSOC_CPUS_PER_CLUSTER + 1] = { };
	u64 idle = 0, active = 0;
	struct simsoc_meter e;
	int cpu, i, cl, ncl = 0;

	seq_puts(m, "# energy in nJ, times in ns; a CPU's figures include its share of its cluster\n");
	for_each_possible_cpu(cpu) {
		simsoc_meter_read(cpu, &e);
		cl = cpu / SIMSOC_CPUS_PER_CLUSTER;
		ncl = max(ncl, cl + 1);
		cl_idle[cl] += e.idle_nj;
		cl_active[cl] += e.active_nj;
		idle += e.idle_nj;
		active += e.active_nj;
		seq_printf(m, "cpu%d cluster=%d seq=%llu exit_seq=%llu idle_nj=%llu active_nj=%llu total_nj=%llu idle_ns=%llu busy_ns=%llu demoted=%llu entered=",
			   cpu, cl, e.seq, e.exit_seq, e.idle_nj, e.active_nj,
			   e.idle_nj + e.active_nj, e.idle_ns, e.busy_ns, e.demoted);
		for (i = 0; i < SIMSOC_NR_STATES; i++)
			seq_printf(m, "%s%llu", i ? "," : "", e.entered[i]);
		seq_putc(m, '\n');
	}
	for (cl = 0; cl < ncl; cl++)
		seq_printf(m, "cluster%d idle_nj=%llu active_nj=%llu total_nj=%llu\n",
			   cl, cl_idle[cl], cl_active[cl], cl_idle[cl] + cl_active[cl]);
	seq_printf(m, "soc idle_nj=%llu active_nj=%llu total_nj=%llu\n",
		   idle, active, idle + active);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_energy);

/* ctrl/NAME: the control's id is the file's private data */
static ssize_t simsoc_ctrl_read(struct file *file, char __user *ubuf,
				size_t len, loff_t *ppos)
{
	int id = (long)file->private_data;
	char buf[32];
	s64 val;
	int n;

	rcu_read_lock();
	val = simsoc_ctrl_value(rcu_dereference(simsoc_params), id);
	rcu_read_unlock();
	n = scnprintf(buf, sizeof(buf), "%lld\n", val);
	return simple_read_from_buffer(ubuf, len, ppos, buf, n);
}

static ssize_t simsoc_ctrl_write(struct file *file, const char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	int id = (long)file->private_data;
	const char *name = simsoc_ctrls[id].name;
	char *val, *buf;
	int ret;

	if (len >= 128)
		return -E2BIG;
	val = memdup_user_nul(ubuf, len);
	if (IS_ERR(val))
		return PTR_ERR(val);
	/* one item "NAME=VALUE": a value with blanks inside is two items */
	buf = kasprintf(GFP_KERNEL, "%s=%s", name, strim(val));
	kfree(val);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&simsoc_ctrl_lock);
	if (strpbrk(buf, " \t\n")) {
		simsoc_last = (struct simsoc_result){ .op = SIMSOC_OP_SET,
			.status = -EINVAL, .count = 1, .ctrl = id };
		ret = -EINVAL;
	} else {
		ret = simsoc_apply_locked(buf, SIMSOC_OP_SET);
	}
	mutex_unlock(&simsoc_ctrl_lock);
	kfree(buf);
	return ret ? ret : len;
}

static const struct file_operations simsoc_ctrl_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = simsoc_ctrl_read,
	.write = simsoc_ctrl_write,
	.llseek = default_llseek,
};

int simsoc_debugfs_init(void)
{
	struct dentry *ctrl;
	int i;

	simsoc_dir = debugfs_create_dir("simsoc", NULL);
	if (IS_ERR(simsoc_dir))
		return PTR_ERR(simsoc_dir);
	debugfs_create_file("query", 0400, simsoc_dir, NULL, &simsoc_query_fops);
	debugfs_create_file("batch", 0200, simsoc_dir, NULL, &simsoc_batch_fops);
	debugfs_create_file("try", 0200, simsoc_dir, NULL, &simsoc_try_fops);
	debugfs_create_file("result", 0400, simsoc_dir, NULL, &simsoc_result_fops);
	debugfs_create_file("table", 0400, simsoc_dir, NULL, &simsoc_table_fops);
	debugfs_create_file("energy", 0400, simsoc_dir, NULL, &simsoc_energy_fops);
	ctrl = debugfs_create_dir("ctrl", simsoc_dir);
	for (i = 0; i < SIMSOC_NR_CTRLS; i++) {
		bool ro = simsoc_ctrls[i].flags & SIMSOC_CTRL_FLAG_READ_ONLY;

		debugfs_create_file(simsoc_ctrls[i].name, ro ? 0400 : 0600, ctrl,
				    (void *)(long)i, &simsoc_ctrl_fops);
	}
	return 0;
}

int simsoc_ctrl_init(const char *preset, const char *controls)
{
	struct simsoc_params *p;
	char *buf;
	int i, ret;

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	simsoc_model_defaults(p);
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

void simsoc_ctrl_exit(void)
{
	struct simsoc_params *p;

	debugfs_remove_recursive(simsoc_dir);
	simsoc_dir = NULL;
	p = rcu_replace_pointer(simsoc_params, NULL, true);
	synchronize_rcu();
	kfree(p);
}
