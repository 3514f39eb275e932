# SPDX-License-Identifier: GPL-2.0
# Helpers for the simsoc guest tests (busybox sh).  Sourced by each test
# as /job/lib.sh; the host passes it with --file.

D=${SIMSOC_DEBUGFS:?set by the guest init}
T=/sys/kernel/tracing
CPUIDLE=/sys/devices/system/cpu/cpuidle
FAILED=0
: "${RESULTS:=/results}"

fail() { echo "FAIL: $*"; echo "$*" >> "$RESULTS/failures.txt"; FAILED=1; }
die() { echo "FAIL: $*"; echo "$*" >> "$RESULTS/failures.txt"; exit 1; }
ok() { echo "ok: $*"; }
finish() {
	check_dmesg
	[ "$FAILED" -eq 0 ] && echo "PASS" || echo "FAILED"
	exit "$FAILED"
}

need_driver() {
	[ "$(cat $CPUIDLE/current_driver)" = simsoc ] ||
		die "current_driver is '$(cat $CPUIDLE/current_driver)', not simsoc"
	[ -d $D ] || die "$D missing (debugfs not mounted?)"
}

gen() { cat $D/ctrl/generation; }
# field of the result file: status, error_idx, count, control, generation
result() { tr ' ' '\n' < $D/result | sed -n "s/^$1=//p"; }

# kernel warnings of any kind fail the test.  KCSAN's reports are left to
# the host (scripts/splat-check.sh reads the same lines in the console
# log), which knows the races of upstream code to accept.
check_dmesg() {
	dmesg > "$RESULTS/dmesg-check.txt"
	if grep -E 'WARNING:|BUG:|Call trace:|suspicious RCU usage|lockdep|circular locking|sleeping function called|Oops|Unable to handle' \
		"$RESULTS/dmesg-check.txt" |
		grep -v -e 'RCU lockdep checking is enabled' -e 'BUG: KCSAN: data-race in ' \
		> "$RESULTS/dmesg-warnings.txt"; then
		fail "kernel warnings in dmesg: $(head -3 "$RESULTS/dmesg-warnings.txt" | tr '\n' ' ')"
	fi
}

# a mixed workload: sleeps from 100 us to 30 ms on every CPU, some busy time
workload() {
	n=${1:-20}
	for c in 0 1 2 3; do
		(
			i=0
			while [ $i -lt "$n" ]; do
				usleep 100; usleep 700; usleep 3000
				sleep 0.012; usleep 30000
				j=0; while [ $j -lt 200 ]; do j=$((j + 1)); done
				i=$((i + 1))
			done
		) &
	done
	wait
}

trace_start() {
	echo 0 > $T/tracing_on
	echo "${TRACE_KB:-4096}" > $T/buffer_size_kb
	echo > $T/trace
	echo 1 > $T/events/simsoc/enable
	echo 1 > $T/tracing_on
}

# trace_stop FILE: the trace text; fails when events were lost
trace_stop() {
	echo 0 > $T/tracing_on
	echo 0 > $T/events/simsoc/enable
	cat $T/trace > "$1"
	if ! awk '/entries-in-buffer\/entries-written:/ { split($3, a, "/"); if (a[1] != a[2]) exit 1 }' "$1"; then
		fail "trace lost events: $(grep entries-in-buffer "$1")"
	fi
}

# field VALUE of "name=value" in the current awk record (awk helper text)
AWK_FIELD='function fld(k,   i, n, a) { for (i = 1; i <= NF; i++) { n = index($i, "="); if (n && substr($i, 1, n - 1) == k) return substr($i, n + 1) } return "" }
function arr(k, idx,   s, a) { s = fld(k); gsub(/[{}]/, "", s); split(s, a, ","); return a[idx + 1] }'
