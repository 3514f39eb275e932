// SPDX-License-Identifier: GPL-2.0
/*
 * Busy time that costs the host nothing.
 *
 * Under QEMU's -icount, guest time is counted in instructions: a thread
 * that spins for 1 ms of guest time executes 1 ms worth of instructions on
 * the host, and while it does, the other vCPUs, which take turns with it
 * on one host thread, get fewer turns.  A workload's busy burst is not
 * what the model studies: it only has to keep its CPU out of idle for the
 * burst's length, at active power, and give way to a higher-priority task
 * as a spinning thread does.
 *
 * So a write of an absolute CLOCK_MONOTONIC time, in ns, to "burst" halts
 * the writing CPU in WFI, in the writer's own context, until then.  For
 * the scheduler, cpuidle and the energy meter the CPU is busy (a task
 * runs; the idle loop does not), while QEMU skips the halted time as it
 * skips an idle one.  A one-shot hrtimer at the end wakes it; so does any
 * other interrupt, after which the write returns -EAGAIN as soon as
 * need_resched() is set: a wake-up of a higher-priority task then takes
 * the CPU at once, where it would take it from a spinning thread (at the
 * thread's next return to user space on a kernel without preemption), and
 * the writer writes the same end again when it runs.  A signal ends the
 * burst with -EINTR; an end already past returns at once.
 *
 * This file owns the "burst" debugfs file; simsoc_debugfs.c creates it
 * with the others and removes it with the directory, which waits for a
 * burst in progress to return.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/hrtimer.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/uaccess.h>
#include <asm/barrier.h>
#include <idlesim/debugfs.h>

#include "simsoc.h"

/* Longer than any scenario: an end further away is a caller's mistake. */
#define SIMSOC_BURST_MAX_NS	(3600ULL * NSEC_PER_SEC)

static enum hrtimer_restart simsoc_burst_end(struct hrtimer *timer)
{
	return HRTIMER_NORESTART;	/* waking the CPU from WFI is the point */
}

/* Halt until @end or until the CPU is wanted; 0, -EAGAIN or -EINTR. */
static int simsoc_burst_until(u64 end)
{
	struct hrtimer timer;
	int ret = 0;

	/* the timer must fire on the CPU that waits for it */
	migrate_disable();
	hrtimer_init_on_stack(&timer, CLOCK_MONOTONIC, HRTIMER_MODE_ABS_PINNED_HARD);
	timer.function = simsoc_burst_end;
	hrtimer_start(&timer, ns_to_ktime(end), HRTIMER_MODE_ABS_PINNED_HARD);
	for (;;) {
		if (ktime_get_ns() >= end)
			break;
		if (need_resched()) {
			ret = -EAGAIN;
			break;
		}
		if (signal_pending(current)) {
			ret = -EINTR;
			break;
		}
		/*
		 * With interrupts masked, WFI still ends on a pending one: an
		 * interrupt arriving after the checks above is not missed, and
		 * is handled when they are unmasked.
		 */
		local_irq_disable();
		if (!need_resched() && hrtimer_active(&timer))
			wfi();
		local_irq_enable();
	}
	hrtimer_cancel(&timer);
	destroy_hrtimer_on_stack(&timer);
	migrate_enable();
	return ret;
}

static ssize_t simsoc_burst_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	u64 end;
	int ret;

	ret = kstrtou64_from_user(ubuf, len, 10, &end);
	if (ret)
		return ret;
	if (end > ktime_get_ns() + SIMSOC_BURST_MAX_NS)
		return -ERANGE;
	ret = simsoc_burst_until(end);
	return ret ? ret : len;
}

/*
 * A stream: no file position, so that threads sharing one open file do
 * not serialise on its position lock, which would hold a burst behind
 * another CPU's until that one ends.
 */
static const struct file_operations simsoc_burst_fops = {
	.owner = THIS_MODULE,
	.open = stream_open,
	.write = simsoc_burst_write,
	.llseek = no_llseek,
};

/**
 * simsoc_burst_init() - create the "burst" file
 * @dir: the driver's debugfs directory
 */
void simsoc_burst_init(struct dentry *dir)
{
	debugfs_create_file(IDLESIM_DEBUGFS_BURST, 0200, dir, NULL, &simsoc_burst_fops);
}
