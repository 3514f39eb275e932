// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc's energy meters, one per CPU.  The idle path (simsoc_main.c)
 * adds each period's figures on its own CPU, the debugfs "energy" file
 * (simsoc_debugfs.c) reads any CPU's.  The meters and the seqcount that
 * keeps a read consistent live here, apart from the idle path's other
 * per-CPU state, so that a reader needs nothing of the idle path and the
 * write side of the seqcount is kept next to its read side.
 */
#include <linux/percpu.h>
#include <linux/seqlock.h>
#include <linux/string.h>
#include "simsoc.h"

struct simsoc_meter_cpu {
	seqcount_t seq;
	struct simsoc_meter m;
};

static DEFINE_PER_CPU(struct simsoc_meter_cpu, simsoc_meters);

/**
 * simsoc_meter_init() - every CPU's meter at zero
 *
 * Context: module init, before the cpuidle driver is registered.
 */
void simsoc_meter_init(void)
{
	int cpu;

	for_each_possible_cpu(cpu) {
		struct simsoc_meter_cpu *mc = per_cpu_ptr(&simsoc_meters, cpu);

		memset(mc, 0, sizeof(*mc));
		seqcount_init(&mc->seq);
	}
}

/**
 * simsoc_meter_add_busy() - count the busy time before a period
 * @seq: the period being prepared
 * @busy_ns: the time run since the last period ended
 * @busy_nj: its energy at the CPU's active power
 *
 * Context: ->prepare() on the meter's own CPU, IRQs off: the only writer.
 */
void simsoc_meter_add_busy(u64 seq, u64 busy_ns, u64 busy_nj)
{
	struct simsoc_meter_cpu *mc = this_cpu_ptr(&simsoc_meters);

	raw_write_seqcount_begin(&mc->seq);
	mc->m.seq = seq;
	mc->m.busy_ns += busy_ns;
	mc->m.active_nj += busy_nj;
	raw_write_seqcount_end(&mc->seq);
}

/**
 * simsoc_meter_add_idle() - count a period's idle time once it has ended
 * @seq: the period
 * @index: the state the governor asked for
 * @entered: the state entered, @index unless it was demoted
 * @idle_ns: the time charged, exit latency included
 * @idle_nj: its energy
 *
 * Context: ->enter() on the meter's own CPU, IRQs off, RCU watching: the
 * only writer.
 */
void simsoc_meter_add_idle(u64 seq, int index, int entered, u64 idle_ns, u64 idle_nj)
{
	struct simsoc_meter_cpu *mc = this_cpu_ptr(&simsoc_meters);

	raw_write_seqcount_begin(&mc->seq);
	mc->m.exit_seq = seq;
	mc->m.idle_nj += idle_nj;
	mc->m.idle_ns += idle_ns;
	mc->m.entered[entered]++;
	if (entered != index)
		mc->m.demoted++;
	raw_write_seqcount_end(&mc->seq);
}

/**
 * simsoc_meter_read() - a consistent copy of a CPU's energy meter
 * @cpu: the CPU
 * @m: filled in
 *
 * The meter is written by its own CPU only; this retries until it read a
 * copy no update overlapped.
 */
void simsoc_meter_read(int cpu, struct simsoc_meter *m)
{
	struct simsoc_meter_cpu *mc = per_cpu_ptr(&simsoc_meters, cpu);
	unsigned int start;

	do {
		start = raw_read_seqcount_begin(&mc->seq);
		*m = mc->m;
	} while (read_seqcount_retry(&mc->seq, start));
}
