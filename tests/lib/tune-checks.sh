# SPDX-License-Identifier: GPL-2.0
# Checks of a tuning sweep's results, shared by tests/65 (the committed
# fixture, on the host) and tests/70 (sweeps booted for the test).

# consistent_results CSV TXT: the recommendation and the front follow from the rows
consistent_results() {
	awk -F, -v txt="$2" '
	# tune.csv columns by their header name
	NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{
		n++; pt[n] = $c["point"]; e[n] = $c["energy_nj"]; p99[n] = $c["lateness_p99_ns"]
		meets[n] = $c["meets_budget"]; par[n] = $c["pareto"]; rec[n] = $c["recommended"]
		w = $c["wakeups"]; m = $c["misses"]; r = $c["miss_rate"]
		if (w > 0 && (m / w - r > 1e-6 || r - m / w > 1e-6)) bad = bad " miss_rate of point " pt[n]
		# the default MISSES=1%
		if (w > 0 && meets[n] != (r <= 0.01)) bad = bad " meets_budget of point " pt[n]
		if (rec[n]) nrec++
	}
	END {
		best = 0
		for (i = 1; i <= n; i++) if (meets[i] && (!best || e[i] < e[best])) best = i
		if (best && !rec[best]) bad = bad " point " pt[best] " meets the budget with least energy but is not recommended"
		if (nrec > 1) bad = bad " more than one recommended point"
		if (!best && nrec) bad = bad " a recommendation although no point meets the budget"
		for (i = 1; i <= n; i++) {
			dom = 0
			for (j = 1; j <= n; j++)
				if (j != i && e[j] <= e[i] && p99[j] <= p99[i] && (e[j] < e[i] || p99[j] < p99[i])) dom = 1
			if (dom == par[i]) bad = bad " pareto flag of point " pt[i]
		}
		if (bad) { print "inconsistent:" bad; exit 1 }
		print best ? "recommended " pt[best] : "none"
	}' "$1"
}

# check_recommendation DIR: DIR/tune.csv is consistent and
# DIR/recommendation.txt says what its rows give; prints the verdict
# ("none" or "recommended N").  Fails from a subshell: call it as
# verdict=$(check_recommendation DIR) || exit 1
check_recommendation() {
	local verdict rtxt
	verdict=$(consistent_results "$1/tune.csv") || fail "$1/tune.csv: $verdict"
	rtxt=$(cat "$1/recommendation.txt")
	case $verdict in
	none) expect_grep "recommendation: none: no point keeps its misses within 1.00% of wake-ups; the closest is point [0-9]" "$rtxt" "no point meets" ;;
	*) expect_grep "recommendation: point ${verdict#recommended }:" "$rtxt" "the recommendation" ;;
	esac
	echo "$verdict"
}
