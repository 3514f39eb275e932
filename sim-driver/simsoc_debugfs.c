// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc's interface to user space, in debugfs: the controls of
 * simsoc_ctrl.c, the derived table and the energy meter.  This file owns
 * the directory: simsoc_debugfs_init() makes it, simsoc_debugfs_exit()
 * removes it, before the controls it reads go away.
 *
 * /sys/kernel/debug/simsoc/
 *   query      every control: name type min max step default value flags menu
 *   ctrl/NAME  get (read) and set (write) one control
 *   batch      write "name=value ..." : applied all-or-nothing
 *   try        write "name=value ..." : validated, never applied
 *   result     outcome of the last batch, try or single set
 *   table      the derived nominal table of the current generation
 *   energy     the energy meter (read-only)
 *   burst      write an end (CLOCK_MONOTONIC ns): busy until then, halted
 *              (simsoc_burst.c)
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/cpumask.h>
#include <idlesim/debugfs.h>

#include "simsoc.h"

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
	ret = simsoc_ctrl_apply(buf, op);
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

	simsoc_ctrl_result(&r);
	seq_printf(m, "op=%s status=%d error_idx=%d count=%d control=%s generation=%llu",
		   r.op == SIMSOC_OP_TRY ? "try" : "set", r.status, r.error_idx,
		   r.count, r.ctrl >= 0 ? simsoc_soc->ctrls[r.ctrl].name : "-", r.gen);
	/* the model's rule the batch broke, "lo<=hi", and their values */
	if (r.rule_lo >= 0)
		seq_printf(m, " rule=%s<=%s values=%lld,%lld",
			   simsoc_soc->ctrls[r.rule_lo].name, simsoc_soc->ctrls[r.rule_hi].name,
			   r.rule_lo_val, r.rule_hi_val);
	seq_putc(m, '\n');
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
	const struct simsoc_soc *s = simsoc_soc;
	const struct simsoc_params *p;
	s64 *cur;
	int i, j;

	cur = kmalloc_array(s->nr_ctrls, sizeof(*cur), GFP_KERNEL);
	if (!cur)
		return -ENOMEM;
	rcu_read_lock();
	p = rcu_dereference(simsoc_params);
	for (i = 0; i < s->nr_ctrls; i++)
		cur[i] = simsoc_ctrl_value(p, i);
	rcu_read_unlock();

	seq_puts(m, "# name type min max step default value flags menu\n");
	for (i = 0; i < s->nr_ctrls; i++) {
		const struct simsoc_ctrl *c = &s->ctrls[i];

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
	kfree(cur);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_query);

static int simsoc_table_show(struct seq_file *m, void *unused)
{
	const struct simsoc_soc *s = simsoc_soc;
	const struct simsoc_params *p;
	struct simsoc_derived *d;
	u64 gen;
	int i, k;

	d = kmalloc(sizeof(*d), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	rcu_read_lock();
	p = rcu_dereference(simsoc_params);
	*d = p->d;
	gen = p->gen;
	rcu_read_unlock();

	seq_printf(m, "generation=%llu active_uw=%u jitter_pct=%u cluster_coupling=%d\n",
		   gen, d->k[0].active_uw, d->jitter_pct, d->coupling);
	for (k = 0; k < s->nr_kinds; k++) {
		/* one kind: the table as it always was; more: a heading each */
		if (s->nr_kinds > 1)
			seq_printf(m, "# cluster %s active_uw=%u\n", s->kind[k].name,
				   d->k[k].active_uw);
		seq_puts(m, "# index name exit_latency_ns target_residency_ns power_uw\n");
		for (i = 0; i < s->nr_states; i++)
			seq_printf(m, "%d %s %lld %lld %u\n", i, s->state_name[i],
				   d->k[k].exit_ns[i], d->k[k].res_ns[i],
				   d->k[k].power_uw[i]);
	}
	seq_puts(m, "# block mode duty_pct depth\n");
	for (i = 0; i < s->nr_blocks; i++)
		seq_printf(m, "%s %s %u %u\n", s->block_name[i],
			   simsoc_block_mode_names[d->blk_mode[i]], d->blk_duty[i],
			   d->blk_depth[i]);
	kfree(d);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_table);

/*
 * soc: the SoC played, on one line, so that a job can copy it into the
 * trace (trace_marker) and the analysis of the trace needs no other file.
 */
static int simsoc_soc_show(struct seq_file *m, void *unused)
{
	static const char * const off_names[] = { "clock", "core", "cluster", "soc" };
	const struct simsoc_soc *s = simsoc_soc;
	int n = simsoc_nr_cpu_states();
	int i;

	/* with domains, cpuidle's states; the domains' follow them */
	seq_printf(m, "name=%s states=", s->name);
	for (i = 0; i < n; i++)
		seq_printf(m, "%s%s", i ? "," : "", s->state_name[i]);
	seq_puts(m, " off=");
	for (i = 0; i < n; i++)
		seq_printf(m, "%s%s", i ? "," : "", off_names[s->off[i]]);
	if (n < s->nr_states) {
		seq_puts(m, " domain_states=");
		for (i = n; i < s->nr_states; i++)
			seq_printf(m, "%s%s", i > n ? "," : "", s->state_name[i]);
		seq_puts(m, " domain_off=");
		for (i = n; i < s->nr_states; i++)
			seq_printf(m, "%s%s", i > n ? "," : "", off_names[s->off[i]]);
	}
	seq_puts(m, " cluster=");
	for (i = 0; i < s->nr_cpus; i++)
		seq_printf(m, "%s%u", i ? "," : "", s->cpu_cluster[i]);
	seq_puts(m, " kind=");
	for (i = 0; i < s->nr_cpus; i++)
		seq_printf(m, "%s%s", i ? "," : "", s->kind[s->cpu_kind[i]].name);
	seq_putc(m, '\n');
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(simsoc_soc);

static int simsoc_energy_show(struct seq_file *m, void *unused)
{
	u64 cl_idle[SIMSOC_MAX_CPUS] = { };
	u64 cl_active[SIMSOC_MAX_CPUS] = { };
	u64 idle = 0, active = 0;
	struct simsoc_meter e;
	int cpu, i, cl, ncl = 0;

	seq_puts(m, "# energy in nJ, times in ns; a CPU's figures include its share of its cluster\n");
	for_each_possible_cpu(cpu) {
		simsoc_meter_read(cpu, &e);
		cl = simsoc_soc->cpu_cluster[cpu];
		ncl = max(ncl, cl + 1);
		cl_idle[cl] += e.idle_nj;
		cl_active[cl] += e.active_nj;
		idle += e.idle_nj;
		active += e.active_nj;
		seq_printf(m, "cpu%d cluster=%d seq=%llu exit_seq=%llu idle_nj=%llu active_nj=%llu total_nj=%llu idle_ns=%llu busy_ns=%llu demoted=%llu entered=",
			   cpu, cl, e.seq, e.exit_seq, e.idle_nj, e.active_nj,
			   e.idle_nj + e.active_nj, e.idle_ns, e.busy_ns, e.demoted);
		for (i = 0; i < simsoc_soc->nr_states; i++)
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
	char *val;
	int ret;

	if (len >= 128)
		return -E2BIG;
	val = memdup_user_nul(ubuf, len);
	if (IS_ERR(val))
		return PTR_ERR(val);
	ret = simsoc_ctrl_set_one(id, strim(val));
	kfree(val);
	return ret ? ret : len;
}

static const struct file_operations simsoc_ctrl_fops = {
	.owner = THIS_MODULE,
	.open = simple_open,
	.read = simsoc_ctrl_read,
	.write = simsoc_ctrl_write,
	.llseek = default_llseek,
};

static struct dentry *simsoc_dir;

/**
 * simsoc_debugfs_init() - create /sys/kernel/debug/simsoc and its files
 *
 * Return: 0, or -errno when debugfs offers no directory.
 */
int simsoc_debugfs_init(void)
{
	struct dentry *ctrl;
	int i;

	simsoc_dir = debugfs_create_dir(IDLESIM_DEBUGFS_NAME, NULL);
	if (IS_ERR(simsoc_dir))
		return PTR_ERR(simsoc_dir);
	debugfs_create_file(IDLESIM_DEBUGFS_QUERY, 0400, simsoc_dir, NULL, &simsoc_query_fops);
	debugfs_create_file(IDLESIM_DEBUGFS_BATCH, 0200, simsoc_dir, NULL, &simsoc_batch_fops);
	debugfs_create_file(IDLESIM_DEBUGFS_TRY, 0200, simsoc_dir, NULL, &simsoc_try_fops);
	debugfs_create_file(IDLESIM_DEBUGFS_RESULT, 0400, simsoc_dir, NULL, &simsoc_result_fops);
	debugfs_create_file(IDLESIM_DEBUGFS_TABLE, 0400, simsoc_dir, NULL, &simsoc_table_fops);
	debugfs_create_file(IDLESIM_DEBUGFS_ENERGY, 0400, simsoc_dir, NULL, &simsoc_energy_fops);
	debugfs_create_file(IDLESIM_DEBUGFS_SOC, 0400, simsoc_dir, NULL, &simsoc_soc_fops);
	simsoc_burst_init(simsoc_dir);
	ctrl = debugfs_create_dir(IDLESIM_DEBUGFS_CTRL, simsoc_dir);
	for (i = 0; i < simsoc_soc->nr_ctrls; i++) {
		const struct simsoc_ctrl *c = &simsoc_soc->ctrls[i];
		bool ro = c->flags & SIMSOC_CTRL_FLAG_READ_ONLY;

		debugfs_create_file(c->name, ro ? 0400 : 0600, ctrl,
				    (void *)(long)i, &simsoc_ctrl_fops);
	}
	return 0;
}

/**
 * simsoc_debugfs_exit() - remove the directory, waiting for its readers
 * and writers, so that none runs into the controls after they are gone
 */
void simsoc_debugfs_exit(void)
{
	debugfs_remove_recursive(simsoc_dir);
	simsoc_dir = NULL;
}
