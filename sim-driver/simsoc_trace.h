/* SPDX-License-Identifier: GPL-2.0 */
/*
 * simsoc trace events: the table in force for each idle period, the state
 * requested and entered, and the exit with the period's residency, the
 * exit latency charged and the energy.  The tables travel inside the
 * trace, so an analysis never needs the guest's sysfs.  Only emitted
 * while RCU is watching.
 *
 * simsoc_period takes arrays of SIMSOC_TRACE_STATES entries: cpuidle's
 * nr_states, then, with domains (simsoc_domain.c), the domain_states
 * cluster and SoC states' figures as this CPU's share (never usable by
 * it alone); the rest are zero.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM simsoc

#if !defined(_SIMSOC_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SIMSOC_TRACE_H

#include <linux/tracepoint.h>
#include "simsoc.h"

TRACE_EVENT(simsoc_period,
	    TP_PROTO(unsigned int cpu, u64 seq, u64 gen, unsigned int nr_states,
		     unsigned int domain_states,
		     const u8 *usable, const s64 *exit_ns, const s64 *res_ns,
		     const u32 *power, const u32 *transition, const s64 *until_ns,
		     unsigned int max_depth,
		     unsigned int block_depth, u32 busy_blocks, u64 busy_ns, u64 busy_energy),
	    TP_ARGS(cpu, seq, gen, nr_states, domain_states, usable, exit_ns, res_ns,
		    power, transition, until_ns, max_depth, block_depth, busy_blocks, busy_ns,
		    busy_energy),
	    TP_STRUCT__entry(__field(u32, cpu)
			     __field(u32, nr_states)
			     __field(u32, domain_states)
			     __field(u64, seq)
			     __field(u64, gen)
			     __array(u8, usable, SIMSOC_TRACE_STATES)
			     __array(s64, exit_latency_ns, SIMSOC_TRACE_STATES)
			     __array(s64, target_residency_ns, SIMSOC_TRACE_STATES)
			     __array(u32, power, SIMSOC_TRACE_STATES)
			     __array(u32, transition_uw, SIMSOC_TRACE_STATES)
			     __array(s64, until_ns, SIMSOC_TRACE_STATES)
			     __field(u32, max_depth)
			     __field(u32, block_depth)
			     __field(u32, busy_blocks)
			     __field(u64, busy_ns)
			     __field(u64, busy_energy)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->nr_states = nr_states;
			   __entry->domain_states = domain_states;
			   __entry->seq = seq;
			   __entry->gen = gen;
			   memcpy(__entry->usable, usable, sizeof(__entry->usable));
			   memcpy(__entry->exit_latency_ns, exit_ns,
				  sizeof(__entry->exit_latency_ns));
			   memcpy(__entry->target_residency_ns, res_ns,
				  sizeof(__entry->target_residency_ns));
			   memcpy(__entry->power, power, sizeof(__entry->power));
			   memcpy(__entry->transition_uw, transition,
				  sizeof(__entry->transition_uw));
			   memcpy(__entry->until_ns, until_ns, sizeof(__entry->until_ns));
			   __entry->max_depth = max_depth;
			   __entry->block_depth = block_depth;
			   __entry->busy_blocks = busy_blocks;
			   __entry->busy_ns = busy_ns;
			   __entry->busy_energy = busy_energy;),
	    TP_printk("cpu=%u seq=%llu gen=%llu nr_states=%u domain_states=%u usable=%s exit_latency_ns=%s target_residency_ns=%s power=%s transition_uw=%s until_ns=%s max_depth=%u block_depth=%u busy_blocks=0x%x busy_ns=%llu busy_energy=%llu",
		      __entry->cpu, __entry->seq, __entry->gen, __entry->nr_states,
		      __entry->domain_states,
		      __print_array(__entry->usable, SIMSOC_TRACE_STATES, 1),
		      __print_array(__entry->exit_latency_ns, SIMSOC_TRACE_STATES, 8),
		      __print_array(__entry->target_residency_ns, SIMSOC_TRACE_STATES, 8),
		      __print_array(__entry->power, SIMSOC_TRACE_STATES, 4),
		      __print_array(__entry->transition_uw, SIMSOC_TRACE_STATES, 4),
		      __print_array(__entry->until_ns, SIMSOC_TRACE_STATES, 8),
		      __entry->max_depth, __entry->block_depth, __entry->busy_blocks,
		      __entry->busy_ns, __entry->busy_energy)
);

/*
 * The blocks' cap on the depth whose end is known only when a control write
 * ends it (busy without a busy time, random) changed: the states past it
 * that it kept out may be entered from now on if it rose, and @kicked CPUs,
 * whose period it alone limited, were asked to choose again.
 */
TRACE_EVENT(simsoc_blocks,
	    TP_PROTO(u32 busy_blocks, unsigned int open_cap, unsigned int kicked),
	    TP_ARGS(busy_blocks, open_cap, kicked),
	    TP_STRUCT__entry(__field(u32, busy_blocks)
			     __field(u32, open_cap)
			     __field(u8, kicked)),
	    TP_fast_assign(__entry->busy_blocks = busy_blocks;
			   __entry->open_cap = open_cap;
			   __entry->kicked = kicked;),
	    TP_printk("busy_blocks=0x%x open_cap=%u kicked=%u",
		      __entry->busy_blocks, __entry->open_cap, __entry->kicked)
);

TRACE_EVENT(simsoc_enter,
	    TP_PROTO(unsigned int cpu, u64 seq, int requested, int entered),
	    TP_ARGS(cpu, seq, requested, entered),
	    TP_STRUCT__entry(__field(u32, cpu)
			     __field(u64, seq)
			     __field(int, requested)
			     __field(int, entered)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->seq = seq;
			   __entry->requested = requested;
			   __entry->entered = entered;),
	    TP_printk("cpu=%u seq=%llu requested=%d entered=%d",
		      __entry->cpu, __entry->seq, __entry->requested,
		      __entry->entered)
);

/*
 * Emitted after the CPU left WFI at wake_ns (CLOCK_MONOTONIC, the trace's
 * clock).  residency_ns is the period on the modelled SoC: the time in
 * WFI less lag_ns (the part that absorbed earlier exits, the modelled CPU
 * being still behind the guest), plus exit_latency_ns, the modelled exit
 * latency charged at active power (the guest does not wait it out).
 */
TRACE_EVENT(simsoc_exit,
	    TP_PROTO(unsigned int cpu, u64 seq, int state, u64 wake_ns, u64 lag_ns,
		     u64 residency_ns, u64 exit_latency_ns, u64 energy,
		     u64 domain_ns, u64 domain_energy),
	    TP_ARGS(cpu, seq, state, wake_ns, lag_ns, residency_ns, exit_latency_ns,
		    energy, domain_ns, domain_energy),
	    TP_STRUCT__entry(__field(u32, cpu)
			     __field(u64, seq)
			     __field(int, state)
			     __field(u64, wake_ns)
			     __field(u64, lag_ns)
			     __field(u64, residency_ns)
			     __field(u64, exit_latency_ns)
			     __field(u64, energy)
			     __field(u64, domain_ns)
			     __field(u64, domain_energy)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->seq = seq;
			   __entry->state = state;
			   __entry->wake_ns = wake_ns;
			   __entry->lag_ns = lag_ns;
			   __entry->residency_ns = residency_ns;
			   __entry->exit_latency_ns = exit_latency_ns;
			   __entry->energy = energy;
			   __entry->domain_ns = domain_ns;
			   __entry->domain_energy = domain_energy;),
	    TP_printk("cpu=%u seq=%llu state=%d wake_ns=%llu lag_ns=%llu residency_ns=%llu exit_latency_ns=%llu energy=%llu domain_ns=%llu domain_energy=%llu",
		      __entry->cpu, __entry->seq, __entry->state, __entry->wake_ns,
		      __entry->lag_ns,
		      __entry->residency_ns, __entry->exit_latency_ns,
		      __entry->energy, __entry->domain_ns, __entry->domain_energy)
);

/*
 * A cluster or SoC power domain (simsoc_domain.c) went off in @state (the
 * description's index) at @time_ns, at the last CPU's vote; or, with
 * @state -1, came on at @time_ns, the wake time of the CPU that took it
 * back, after @off_ns.  @cpu is the CPU that powered it down or up.
 */
TRACE_EVENT(simsoc_domain,
	    TP_PROTO(unsigned int cpu, int domain, int state, u64 time_ns, u64 off_ns),
	    TP_ARGS(cpu, domain, state, time_ns, off_ns),
	    TP_STRUCT__entry(__field(u32, cpu)
			     __field(int, domain)
			     __field(int, state)
			     __field(u64, time_ns)
			     __field(u64, off_ns)),
	    TP_fast_assign(__entry->cpu = cpu;
			   __entry->domain = domain;
			   __entry->state = state;
			   __entry->time_ns = time_ns;
			   __entry->off_ns = off_ns;),
	    TP_printk("cpu=%u domain=%d state=%d time_ns=%llu off_ns=%llu",
		      __entry->cpu, __entry->domain, __entry->state,
		      __entry->time_ns, __entry->off_ns)
);

#endif /* _SIMSOC_TRACE_H */

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE simsoc_trace
#include <trace/define_trace.h>
