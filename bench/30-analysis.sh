#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Analysis throughput on a large trace against `trace-cmd report >
# /dev/null` on the same file, and peak memory as the trace grows (it
# should stay flat: the analysis keeps per-CPU state, not events).
set -euo pipefail
s=$IDLESIM_SCRATCH
an=$IDLESIM_ANALYZE
# The benchmark scenario: audio-long (120 s of guest time).
"$IDLESIM_SRC/scripts/run-scenario.sh" audio-long menu "$s/long" >/dev/null
run=$s/long
events=$(sed -n 's/^  "events": \([0-9]*\),$/\1/p' "$run/analysis/summary.json")
t0=$(date +%s.%N)
trace-cmd report -i "$run/results/trace.dat" >/dev/null 2>&1
t1=$(date +%s.%N)
/usr/bin/time -f %M -o "$s/mem-long" "$an" run --out "$s/out-long" "$run" >/dev/null
t2=$(date +%s.%N)
rep=$(echo "$t1 - $t0" | bc)
ana=$(echo "$t2 - $t1" | bc)
printf 'analysis_events\t%s\tevents\taudio-long under menu\n' "$events"
printf 'analysis_events_per_s\t%.0f\tevents/s\tidlesim-analyze run\n' "$(echo "$events / $ana" | bc -l)"
printf 'trace_cmd_report_events_per_s\t%.0f\tevents/s\ttrace-cmd report > /dev/null\n' "$(echo "$events / $rep" | bc -l)"
printf 'analysis_speedup_vs_report\t%.2f\tratio\ttarget >= 5\n' "$(echo "$rep / $ana" | bc -l)"
# memory: the short audio run against the long one (12x the events)
"$IDLESIM_SRC/scripts/run-scenario.sh" audio menu "$s/short" >/dev/null
/usr/bin/time -f %M -o "$s/mem-short" "$an" run --out "$s/out-short" "$s/short" >/dev/null
printf 'analysis_peak_rss_short\t%s\tKiB\taudio (10 s)\n' "$(cat "$s/mem-short")"
printf 'analysis_peak_rss_long\t%s\tKiB\taudio-long (120 s)\n' "$(cat "$s/mem-long")"
printf 'analysis_rss_growth\t%.2f\tratio\tlong / short (flat is 1)\n' "$(echo "$(cat "$s/mem-long") / $(cat "$s/mem-short")" | bc -l)"
