#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Selection cost per idle entry: the stock rule (menu_pick_deepest) against
# the lowest-power rule (menu_pick_lowest_power), timed by the
# cpuidle_menu_bench KUnit suite in the guest under -icount shift=0, where
# one guest nanosecond is one instruction: the figures are instruction
# counts. Targets: at most 1.1x on ordered figures (the walk), 1.5x on
# unordered ones (the search, cheapest state first); the figures are
# reported, not asserted.
# Beside it, teo's state choice on unordered figures (cpuidle_teo_bench):
# its index walk against teo_lowest_power(), the search the power-aware
# teo adds there (on ordered figures it adds one mask test).
set -euo pipefail
s=$IDLESIM_SCRATCH
printf 'true\n' >"$s/nothing.sh"
"$IDLESIM_RUN" --job "$s/nothing.sh" --rundir "$s/run" --force --smp 1 --icount shift=0,sleep=off \
	--append "kunit.enable=1 kunit.filter_glob=cpuidle_*_bench" >/dev/null
grep 'menu_bench_select: ' "$s/run/results/dmesg.txt" | grep -v cpuidle_period_sort_by_power |
sed 's/.*menu_bench_select: //' |
while IFS=: read -r table rest; do
	stock=$(sed -n 's/.*menu_pick_deepest \([0-9]*\) ns\/1000 calls.*/\1/p' <<<"$rest")
	new=$(sed -n 's/.*menu_pick_lowest_power \([0-9]*\) ns\/1000 calls.*/\1/p' <<<"$rest")
	[ -n "$stock" ] && [ -n "$new" ] || { echo "cannot parse: $table:$rest" >&2; exit 1; }
	key=$(tr -c 'a-z0-9\n' '_' <<<"$table" | sed 's/__*/_/g; s/_$//')
	printf 'select_cost_stock_%s\t%s\tinsns/call\t%s\n' "$key" "$(echo "scale=1; $stock / 1000" | bc)" "$table"
	printf 'select_cost_lowest_power_%s\t%s\tinsns/call\t%s\n' "$key" "$(echo "scale=1; $new / 1000" | bc)" "$table"
	# Ordered figures (every driver without per-period figures has them)
	# take the 6.1 walk; unordered ones need every state looked at.  With
	# a state unusable, menu does more than the stock rule can: it looks
	# for a masked state that would have fitted, to keep the tick.
	case $table in
	*unordered*) note="lowest-power / stock (search, target <= 1.5)" ;;
	*unusable*) note="lowest-power / stock (walk + masked-state check, no target)" ;;
	*) note="lowest-power / stock (walk, target <= 1.1)" ;;
	esac
	printf 'select_cost_ratio_%s\t%.2f\tratio\t%s\n' "$key" "$(echo "scale=4; $new / $stock" | bc)" "$note"
done
# The search takes the states cheapest first, in an order made again only
# when a power figure changes (an operating point, a temperature): what that
# adds to the selection after it.
sort=$(sed -n 's/.*menu_bench_select: .*cpuidle_period_sort_by_power \([0-9]*\) ns\/1000 calls.*/\1/p' "$s/run/results/dmesg.txt")
[ -n "$sort" ] || { echo "no cpuidle_period_sort_by_power line in the guest's dmesg" >&2; exit 1; }
printf 'select_cost_sort_by_power\t%s\tinsns/call\t%s\n' "$(echo "scale=1; $sort / 1000" | bc)" \
	"random tables, unordered power: the order made again, once per change of a power figure"
grep 'teo_bench_select: ' "$s/run/results/dmesg.txt" | sed 's/.*teo_bench_select: //' |
while IFS=: read -r table rest; do
	walk=$(sed -n 's/.*teo walk \([0-9]*\) ns\/1000 calls.*/\1/p' <<<"$rest")
	new=$(sed -n 's/.*teo_lowest_power \([0-9]*\) ns\/1000 calls.*/\1/p' <<<"$rest")
	[ -n "$walk" ] && [ -n "$new" ] || { echo "cannot parse: $table:$rest" >&2; exit 1; }
	printf 'select_cost_teo_walk\t%s\tinsns/call\t%s\n' "$(echo "scale=1; $walk / 1000" | bc)" "$table"
	printf 'select_cost_teo_lowest_power\t%s\tinsns/call\t%s\n' "$(echo "scale=1; $new / 1000" | bc)" "$table"
	printf 'select_cost_ratio_teo\t%.2f\tratio\t%s\n' "$(echo "scale=4; $new / $walk" | bc)" \
		"teo lowest-power search / index walk on unordered figures (no target)"
done
grep -q 'teo_bench_select: ' "$s/run/results/dmesg.txt" || { echo "no teo_bench_select line in the guest's dmesg" >&2; exit 1; }
