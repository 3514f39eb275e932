# SPDX-License-Identifier: GPL-2.0
# Guest test: with a busy hardware block, no state deeper than the block
# allows is ever entered, under menu and menu_deepest (checked on the
# trace); menu_deepest, which ignores the period's availability, is
# demoted by the driver, menu is not.
. /job/lib.sh
need_driver
DEPTH=${DEPTH:-2}
echo "dma_mode=busy dma_depth=$DEPTH jitter_pct=5" > $D/batch || die "setup failed: $(cat $D/result)"
govs="menu menu_deepest"
grep -qw menu_deepest $CPUIDLE/available_governors ||
	{ grep -q 'require_menu_deepest=1' /job/expect 2>/dev/null && fail "no menu_deepest governor"; govs=menu; echo "note: no menu_deepest; checking menu only"; }
for g in $govs; do
	echo "$g" > $CPUIDLE/current_governor
	[ "$(cat $CPUIDLE/current_governor)" = "$g" ] || { fail "cannot select $g"; continue; }
	trace_start
	workload 8
	trace_stop /tmp/depth-$g.txt
	awk -v depth="$DEPTH" -v gov="$g" "$AWK_FIELD"'
	/simsoc_period:/ { periods++; for (i = depth + 1; i < 5; i++) if (arr("usable", i) != "0x0") badtab++ }
	/simsoc_enter:/ { n++; r = fld("requested") + 0; e = fld("entered") + 0
		if (r != e) dem++; if (r > depth) req_deep++; if (e > depth) deep++; hist[e]++ }
	/simsoc_exit:/ { if (fld("state") + 0 > depth) deep++ }
	END { printf "%s: %d periods, %d entries, %d demoted, %d requests deeper than %d, %d deeper entries, %d tables offering a deeper state; entered:", gov, periods, n, dem, req_deep, depth, deep, badtab
		for (i = 0; i < 5; i++) printf " %d", hist[i]; printf "\n" }' /tmp/depth-$g.txt | tee -a "$RESULTS/depth.txt"
	line=$(tail -1 "$RESULTS/depth.txt")
	set -- $line
	entries=$4 demoted=$6 deep=${13} badtab=${16}
	[ "$entries" -gt 50 ] || fail "$g: only $entries idle entries traced"
	[ "$deep" -eq 0 ] || fail "$g: $deep entries deeper than state $DEPTH with a busy DMA"
	[ "$badtab" -eq 0 ] || fail "$g: $badtab traced tables offered a state deeper than $DEPTH"
	case $g in
	menu) [ "$demoted" -eq 0 ] || {
		if grep -qw menu_deepest $CPUIDLE/available_governors; then
			fail "menu was demoted $demoted times: it must only pick usable states"
		else
			echo "note: stock menu (no per-period series) was demoted $demoted times"
		fi; } ;;
	menu_deepest) [ "$demoted" -gt 0 ] || fail "menu_deepest was never demoted" ;;
	esac
	gzip -c /tmp/depth-$g.txt > "$RESULTS/depth-$g-trace.txt.gz"
done
finish
