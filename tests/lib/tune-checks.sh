# SPDX-License-Identifier: GPL-2.0
# Checks of a tuning sweep's results, shared by tests/65 (the committed
# fixture, on the host) and tests/70 (sweeps booted for the test).

# consistent_results CSV: the recommendation and the front follow from
# the rows; prints the verdict: "none", "recommended N" (a change) or
# "current N" (the current values kept)
consistent_results() {
	awk -F, '
	# tune.csv columns by their header name
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		n++; pt[n] = $c["point"]; e[n] = $c["energy_nj"]; p99[n] = $c["lateness_p99_ns"]
		meets[n] = $c["meets_budget"]; par[n] = $c["pareto"]; rec[n] = $c["recommended"]
		p[n] = $c["paired_p"]
		if ($c["current"]) cur = n
		w = $c["wakeups"]; m = $c["misses"]; r = $c["miss_rate"]
		if (w > 0 && (m / w - r > 1e-6 || r - m / w > 1e-6)) bad = bad " miss_rate of point " pt[n]
		# the default MISSES=1%
		if (w > 0 && meets[n] != (r <= 0.01)) bad = bad " meets_budget of point " pt[n]
		if (rec[n]) nrec++
	}
	END {
		best = 0
		for (i = 1; i <= n; i++) if (meets[i] && (!best || e[i] < e[best])) best = i
		# the cheapest replaces current values within the budget only when
		# significantly cheaper, Bonferroni over the other points within it
		want = best
		if (best && cur && best != cur && meets[cur]) {
			tested = 0
			for (i = 1; i <= n; i++) if (i != cur && meets[i]) tested++
			if (p[best] == "" || p[best] >= 0.05 / tested || e[best] >= e[cur]) want = cur
		}
		if (want && !rec[want]) bad = bad " point " pt[want] " should be recommended"
		if (nrec > 1) bad = bad " more than one recommended point"
		if (!best && nrec) bad = bad " a recommendation although no point meets the budget"
		for (i = 1; i <= n; i++) {
			dom = 0
			for (j = 1; j <= n; j++)
				if (j != i && e[j] <= e[i] && p99[j] <= p99[i] && (e[j] < e[i] || p99[j] < p99[i])) dom = 1
			if (dom == par[i]) bad = bad " pareto flag of point " pt[i]
		}
		if (bad) { print "inconsistent:" bad; exit 1 }
		print !want ? "none" : want == cur ? "current " pt[want] : "recommended " pt[want]
	}' "$1"
}

# check_recommendation DIR: DIR/tune.csv is consistent and
# DIR/recommendation.txt says what its rows give; prints the verdict
# ("none", "recommended N" or "current N").  Fails from a subshell: call it as
# verdict=$(check_recommendation DIR) || exit 1
check_recommendation() {
	local verdict rtxt
	verdict=$(consistent_results "$1/tune.csv") || fail "$1/tune.csv: $verdict"
	rtxt=$(cat "$1/recommendation.txt")
	case $verdict in
	none) expect_grep "recommendation: none: no point keeps its misses within 1.00% of wake-ups; the closest is point [0-9]" "$rtxt" "no point meets" ;;
	current*) expect_grep "recommendation: keep the current values \(point ${verdict#current }:" "$rtxt" "the current values kept" ;;
	*) expect_grep "recommendation: point ${verdict#recommended }:" "$rtxt" "the recommendation" ;;
	esac
	# tune.json says the same, with why
	local rjson
	rjson=$(grep '^  "recommendation": ' "$1/tune.json") || fail "$1/tune.json has no recommendation"
	case $verdict in
	none) expect_grep '"point": null, "why": "none"' "$rjson" "tune.json: no recommendation" ;;
	current*) expect_grep "\"point\": ${verdict#current }, \"why\": \"(not_significant|one_seed|current_cheapest)\"" "$rjson" "tune.json: the current values kept" ;;
	*) expect_grep "\"point\": ${verdict#recommended }, \"why\": \"(significant|current_over_budget|no_current)\"" "$rjson" "tune.json: a change" ;;
	esac
	echo "$verdict"
}
