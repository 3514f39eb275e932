# SPDX-License-Identifier: GPL-2.0
# Sourced by the guest jobs scenario.sh and sweep.sh (the host puts it into
# /job beside them).
#
# snapshot WHEN [POINT]: the kernel's per-CPU, per-state cpuidle counters
# (cpu state usage time_us above below) into $RESULTS/cpuidle-WHEN[.pPOINT].txt
# and the sim driver's energy meter into ....energy, bracketed by the
# trace_marker lines "idlesim: snapshot WHEN begin|end[ point=POINT]" that
# the analysis's window is taken from.
# wake_idle_cpus: once recording is under way, before the first snapshot.
# A CPU idle since before the trace began would end that period inside the
# window with no start in the trace: the analysis could not count it, and
# its cross-checks against the counters fail (seen with every CPU of an SoC
# booted and its cluster states in genpd domains, idle for seconds).  A
# change of the CPU latency constraint wakes every idle CPU
# (cpu_latency_qos_apply() calls wake_up_all_idle_cpus()): writing a
# 4096 us limit and closing the file changes it twice.
wake_idle_cpus() {
	if [ -w /dev/cpu_dma_latency ]; then
		echo 1000 > /dev/cpu_dma_latency
	fi
}

snapshot() {
	_sfx=''
	_mark=''
	if [ -n "${2:-}" ]; then
		_sfx=.p$2
		_mark=" point=$2"
	fi
	echo "idlesim: snapshot $1 begin$_mark" > /sys/kernel/tracing/trace_marker
	# shell builtins only: a fork per file would stretch the bracket
	for s in /sys/devices/system/cpu/cpu[0-9]*/cpuidle/state[0-9]*; do
		[ -d "$s" ] || continue
		read usage < $s/usage
		read time < $s/time
		read above < $s/above
		read below < $s/below
		cpu=${s%/cpuidle/*}
		echo "${cpu##*/cpu} ${s##*/state} $usage $time $above $below"
	done > "$RESULTS/cpuidle-$1$_sfx.txt"
	if [ -r "$SIMSOC_DEBUGFS/energy" ]; then
		while read -r line; do echo "$line"; done < "$SIMSOC_DEBUGFS/energy" \
			> "$RESULTS/cpuidle-$1$_sfx.energy"
	fi
	echo "idlesim: snapshot $1 end$_mark" > /sys/kernel/tracing/trace_marker
	# The SoC played, so that the trace names its states and clusters:
	# after the workload, where it cannot move the workload's timing.
	if [ "$1" = after ] && [ -r "$SIMSOC_DEBUGFS/soc" ]; then
		read -r _soc < "$SIMSOC_DEBUGFS/soc"
		echo "idlesim: soc $_soc" > /sys/kernel/tracing/trace_marker
	fi
}
