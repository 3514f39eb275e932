#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Look for kernel splats in console logs (or dmesg): warnings, BUGs,
# oopses, panics, lockdep, RCU, KCSAN, KASAN and UBSAN reports, atomic
# sleeps, stalls, hung tasks, stack dumps.  A debug kernel reports what
# it finds this way and then carries on, so a run whose job passed can
# still have hit one: only the log tells.
#
#   splat-check.sh [-A LINES] [-B LINES] [-k KNOWN] LOG...
#
# Prints nothing and exits 0 when every LOG is clean.  Otherwise prints,
# for each LOG, every offending line (LOG:LINE: text), then each report
# with LINES of context (default 3 before, 40 after: a lockdep report and
# its stacks), offending lines marked '>', and exits 1.  Exit 2: usage,
# a LOG that cannot be read, or a bad KNOWN file.
#
# KNOWN lists KCSAN data races of upstream code to accept, one "A / B"
# pair a line as KCSAN titles them (kernel-patches/configs/
# kcsan-known-races): such a report, from its title to KCSAN's closing
# rule, is not a splat; each one accepted is counted on stderr
# ("splat-check: LOG: N known KCSAN reports accepted: A / B, ...").
set -euo pipefail

after=40 before=3 known=
usage() {
	echo "usage: splat-check.sh [-A LINES] [-B LINES] [-k KNOWN] LOG..." >&2
	exit 2
}
while getopts A:B:k: opt; do
	case $opt in
	A) after=$OPTARG ;;
	B) before=$OPTARG ;;
	k) known=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || usage
[[ $after =~ ^[0-9]+$ ]] && [[ $before =~ ^[0-9]+$ ]] || usage

# The known pairs, one per line, checked before any LOG is read.
pairs=
if [ -n "$known" ]; then
	[ -r "$known" ] || { echo "splat-check: $known: cannot read" >&2; exit 2; }
	pairs=$(LC_ALL=C awk -v f="$known" '
	{ sub(/#.*/, ""); gsub(/^[ \t]+|[ \t]+$/, "") }
	$0 == "" { next }
	$0 !~ /^[A-Za-z_][A-Za-z0-9_.]* \/ [A-Za-z_][A-Za-z0-9_.]*$/ {
		printf "splat-check: %s:%d: pair: expected \"FUNCTION / FUNCTION\" as KCSAN titles a data race, got \"%s\"\n", f, NR, $0 > "/dev/stderr"
		bad = 1
		next
	}
	{ print }
	END { exit bad }' "$known") || exit 2
fi

# What a report starts with or contains, as the 6.1 kernel prints it.
# Most reports have a "WARNING:" or "BUG:" header (lockdep's, KCSAN's
# "BUG: KCSAN: data-race", KASAN's "BUG: KASAN: ...", "BUG: sleeping
# function called from invalid context", "BUG: scheduling while atomic",
# "BUG: soft lockup"); the rest are named so that a changed header, or a
# report that has none (RCU stalls, hung tasks, UBSAN, a bare stack dump),
# is still caught.
patterns=(
	'WARNING:'
	'BUG:'
	'kernel BUG at'
	'Oops'
	'Internal error:'
	'Unable to handle kernel'
	'Kernel panic'
	'Call trace:'
	# lockdep
	'possible circular locking'
	'inconsistent lock state'
	'possible recursive locking'
	'possible irq lock inversion'
	'suspicious RCU usage'
	'bad unlock balance'
	'held lock freed'
	'lockdep'
	'DEBUG_LOCKS_WARN_ON'
	'turning off the locking correctness validator'
	# RCU stalls (rcu_sched on this PREEMPT_NONE kernel, rcu_preempt else)
	'self-detected stall'
	'detected stalls? on CPUs'
	'rcu: INFO:'
	'kthread starved for'
	# sanitizers and the other debug options
	'KCSAN:'
	'KASAN'
	'UBSAN'
	'ODEBUG:'
	'sleeping function called from invalid context'
	'scheduling while atomic'
	'hung_task'
	'blocked for more than [0-9]+ seconds'
	'soft lockup'
	'page allocation failure'
	'invoked oom-killer'
	'Out of memory'
)
# Lines a clean debug boot prints that match the above (the lockdep
# banner, "Lock dependency validator", "... MAX_LOCKDEP_SUBCLASSES", and
# KCSAN's and KASAN's, "kcsan: ...", "kasan: KernelAddressSanitizer
# initialized", match none).
benign=(
	'RCU lockdep checking is enabled'
)
join() {
	local IFS='|'
	echo "$*"
}
pat=$(join "${patterns[@]}")
ok=$(join "${benign[@]}")

bad=0
for log in "$@"; do
	[ -r "$log" ] || { echo "splat-check: $log: cannot read" >&2; exit 2; }
	# console logs have CRs; dmesg may have "[    1.234] " time stamps
	if ! tr -d '\r' <"$log" | LC_ALL=C awk -v pat="$pat" -v ok="$ok" -v f="$log" \
		-v A="$after" -v B="$before" -v pairs="$pairs" '
	BEGIN {
		np = split(pairs, p, "\n")
		for (i = 1; i <= np; i++)
			knownpair[p[i]] = 1
	}
	{ line[NR] = $0 }
	# a known race: skipped from its title to the rule that closes it
	inknown && /^(\[ *[0-9.]+\] )?=================/ { inknown = 0; next }
	inknown { next }
	/^(\[ *[0-9.]+\] )?BUG: KCSAN: data-race in / {
		t = $0
		sub(/.*BUG: KCSAN: data-race in /, "", t)
		sub(/[ \t]+$/, "", t)
		if (t in knownpair) {
			inknown = 1
			accepted++
			acc[t]++
			next
		}
	}
	$0 ~ pat && $0 !~ ok { hit[NR] = 1; hits[++n] = NR }
	END {
		if (accepted) {
			sep = ""
			names = ""
			for (t in acc) { names = names sep t; sep = ", " }
			printf "splat-check: %s: %d known KCSAN report%s accepted: %s\n", f, accepted, (accepted > 1 ? "s" : ""), names > "/dev/stderr"
		}
		if (!n)
			exit 0
		printf "splat-check: %s: %d offending line%s:\n", f, n, (n > 1 ? "s" : "")
		for (i = 1; i <= n; i++)
			printf "  %s:%d: %s\n", f, hits[i], line[hits[i]]
		# the reports, overlapping context merged
		last = 0
		for (i = 1; i <= n; i++) {
			lo = hits[i] - B; if (lo <= last) lo = last + 1; if (lo < 1) lo = 1
			hi = hits[i] + A; if (hi > NR) hi = NR
			if (lo > hi)
				continue
			if (lo != last + 1 || last == 0)
				printf "--- %s, from line %d:\n", f, lo
			for (k = lo; k <= hi; k++)
				printf "%s %6d  %s\n", (k in hit) ? ">" : " ", k, line[k]
			last = hi
		}
		exit 1
	}'; then
		bad=1
	fi
done
exit $bad
