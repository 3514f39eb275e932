#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Analysis throughput on a large trace (bench/scenarios/wakeup-storm.ini,
# about 2 M events) against `trace-cmd report > /dev/null` on the same
# file, and memory as the trace grows: three runs of 7 k, 100 k and 2 M
# events.  The analysis keeps per-CPU state, not events, so its heap should
# stay flat but for the workload's wake-up lateness list (8 bytes a
# wake-up, kept for exact percentiles).
#
# Peak RSS counts the trace pages libtracecmd maps from the file; the
# heap peak (valgrind massif, every process of the analysis) is the
# memory the analysis asks for.  The same trace converted to zstd, as
# trace-cmd records by default, shows what libtracecmd 3.1.6 does with
# compressed traces (see guest-rootfs/jobs/record.sh).
set -euo pipefail
s=$IDLESIM_SCRATCH
an=$IDLESIM_ANALYZE

now() { date +%s.%N; }
ratio() { echo "scale=2; $1 / $2" | bc; }
events_of() { sed -n 's/^  "events": \([0-9]*\),$/\1/p' "$1/analysis/summary.json"; }

# timed NAME CMD...: wall seconds into $s/NAME.sec, peak RSS (KiB) into $s/NAME.rss
timed() {
	local name=$1 t0 t1
	shift
	t0=$(now)
	/usr/bin/time -f %M -o "$s/$name.rss" "$@" >/dev/null 2>"$s/$name.err"
	t1=$(now)
	echo "$t1 - $t0" | bc >"$s/$name.sec"
}

# heap_peak RUNDIR: the largest heap (bytes) of any process of the analysis
heap_peak() {
	rm -rf "$s/massif" && mkdir "$s/massif"
	valgrind --tool=massif --trace-children=yes --massif-out-file="$s/massif/%p" \
		"$an" run --out "$s/massif-out" "$1" >/dev/null 2>&1
	cat "$s"/massif/* | awk -F= '/^mem_heap_B=/ { h = $2 } /^mem_heap_extra_B=/ {
		if (h + $2 > max) max = h + $2 } END { print max + 0 }'
}

# --- throughput ------------------------------------------------------------
"$IDLESIM_SRC/scripts/run-scenario.sh" "$IDLESIM_SRC/bench/scenarios/wakeup-storm.ini" menu \
	"$s/storm" --mem 1G >/dev/null
events=$(events_of "$s/storm")
trace=$s/storm/results/trace.dat
timed report trace-cmd report -i "$trace"
timed storm "$an" run --out "$s/out-storm" "$s/storm"
rep=$(cat "$s/report.sec")
ana=$(cat "$s/storm.sec")
printf 'analysis_events\t%s\tevents\twakeup-storm under menu, %s MB uncompressed\n' "$events" \
	"$(($(stat -c %s "$trace") / 1000000))"
printf 'analysis_events_per_s\t%.0f\tevents/s\tidlesim-analyze run\n' "$(echo "$events / $ana" | bc -l)"
printf 'trace_cmd_report_events_per_s\t%.0f\tevents/s\ttrace-cmd report > /dev/null\n' "$(echo "$events / $rep" | bc -l)"
printf 'analysis_speedup_vs_report\t%s\tratio\ttarget >= 5\n' "$(ratio "$rep" "$ana")"

# The same trace compressed: a copy of the run whose checksum list is mended.
cp -r "$s/storm" "$s/storm-zstd"
trace-cmd convert -i "$trace" -o "$s/storm-zstd/results/trace.dat" --compression any >/dev/null 2>&1
(cd "$s/storm-zstd/results" && sha256sum ./trace.dat >"$s/sum" &&
	grep -v ' \./trace\.dat$' SHA256SUMS >>"$s/sum"; mv "$s/sum" SHA256SUMS)
timed report-zstd trace-cmd report -i "$s/storm-zstd/results/trace.dat"
timed storm-zstd "$an" run --out "$s/out-storm-zstd" "$s/storm-zstd"
cmp -s "$s/out-storm/states.csv" "$s/out-storm-zstd/states.csv" ||
	{ echo "the compressed trace gave other results" >&2; exit 1; }
printf 'analysis_speedup_vs_report_zstd\t%s\tratio\tthe same trace zstd-compressed\n' \
	"$(ratio "$(cat "$s/report-zstd.sec")" "$(cat "$s/storm-zstd.sec")")"
printf 'analysis_peak_rss_zstd\t%s\tKiB\tlibtracecmd keeps every decompressed chunk\n' \
	"$(cat "$s/storm-zstd.rss")"

# --- memory as the trace grows ----------------------------------------------
"$IDLESIM_SRC/scripts/run-scenario.sh" audio menu "$s/short" >/dev/null
"$IDLESIM_SRC/scripts/run-scenario.sh" audio-long menu "$s/long" >/dev/null
for r in short long; do
	timed "$r" "$an" run --out "$s/out-$r" "$s/$r"
done
for r in short long storm; do
	heap_peak "$s/$r" >"$s/$r.heap"
	printf 'analysis_heap_%s\t%s\tKiB\t%s events\n' "$r" \
		"$(($(cat "$s/$r.heap") / 1024))" "$(events_of "$s/$r")"
	printf 'analysis_peak_rss_%s\t%s\tKiB\tincludes the mapped trace\n' "$r" "$(cat "$s/$r.rss")"
done
printf 'analysis_heap_growth\t%s\tratio\tstorm / short heap, for %s times the events (flat is 1)\n' \
	"$(ratio "$(cat "$s/storm.heap")" "$(cat "$s/short.heap")")" \
	"$(($(events_of "$s/storm") / $(events_of "$s/short")))"
