#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# breakeven-check.sh TOOL SOCDIR: "idlesim-soc breakeven --opp 100%" on
# every shipped description against an independent reading of the file.
# At the reference operating point (the fastest) and the reference
# temperature the model leaves the file's figures as they are (no 1/f or
# V^2 scaling, no extra leakage), so awk can price them directly:
#   active = core + cluster / cpus (in whole uW) of the fastest opp line
#   T_i, the exit power: transition=POWER, active (the default), or for
#     breakeven the least of (T_j L_j + (P_j - P_i) R_i) / L_i over j < i
#     with P_j > P_i, in whole uW, but never below P_i
#   state i pays off against j < i from (T_i L_i - T_j L_j) / (P_j - P_i)
# and its break-even is the largest of those (never if some P_j <= P_i).
# Then the hand-worked figures of simsoc.soc, the options' errors, and
# the operating point --opp picks.
set -u
tool=${1:?usage: breakeven-check.sh TOOL SOCDIR}
dir=${2:?usage: breakeven-check.sh TOOL SOCDIR}
fail=0

# cluster state breakeven_us against, from the .soc file
expected() {
	awk '
	function num(s) { sub(/[a-zA-Z%]+$/, "", s); return s + 0 }
	function flush(  i, j, w, best, arg) {
		if (cl == "")
			return
		for (i = 1; i < n; i++) {
			best = -1; arg = ""
			for (j = 0; j < i; j++) {
				if (pw[j] <= pw[i]) { best = "never"; arg = st[j]; break }
				w = (tr[i] * ex[i] - tr[j] * ex[j]) / (pw[j] - pw[i])
				if (arg == "" || w > best) { best = w; arg = st[j] }
			}
			printf "%s %s %s %s\n", cl, st[i], best == "never" ? best : sprintf("%.0f", best), arg
		}
		cl = ""
	}
	/^\[cluster / { flush(); cl = $2; sub(/\]$/, "", cl); n = 0; act = 0; next }
	/^\[/ { flush(); next }
	cl != "" && $1 == "cpus" { cpus = $3 }
	cl != "" && $1 == "opp" {
		# the last line is the fastest
		for (k = 4; k <= NF && $k != "#"; k++) {
			if ($k ~ /^core=/) { v = $k; sub(/^core=/, "", v); core = v }
			if ($k ~ /^cluster=/) { v = $k; sub(/^cluster=/, "", v); clu = v }
		}
		act = power(core) + int(power(clu) / cpus)	# the driver divides in whole uW
	}
	cl != "" && $1 == "state" {
		st[n] = $2
		tr[n] = "active"
		for (k = 4; k <= NF && $k != "#"; k++) {
			if ($k ~ /^exit=/) { v = $k; sub(/^exit=/, "", v); ex[n] = time(v) }
			if ($k ~ /^residency=/) { v = $k; sub(/^residency=/, "", v); re[n] = time(v) }
			if ($k ~ /^power=/) { v = $k; sub(/^power=/, "", v); pw[n] = power(v) }
			if ($k ~ /^transition=/) { v = $k; sub(/^transition=/, "", v); tr[n] = v }
		}
		if (tr[n] == "active")
			tr[n] = act
		else if (tr[n] == "breakeven") {
			tr[n] = -1
			for (j = 0; j < n; j++) {
				if (pw[j] <= pw[n])
					continue
				t = int((tr[j] * ex[j] + (pw[j] - pw[n]) * re[n]) / ex[n])
				if (tr[n] < 0 || t < tr[n])
					tr[n] = t
			}
			# no exit draws less than the state it leaves
			if (tr[n] < pw[n])
				tr[n] = pw[n]
		}
		else
			tr[n] = power(tr[n])
		n++
	}
	function power(s) { if (s ~ /uW$/) return num(s); if (s ~ /mW$/) return num(s) * 1000; return num(s) * 1e6 }
	function time(s) { if (s ~ /ms$/) return num(s) * 1000; return num(s) }
	END { flush() }
	' "$1"
}

n=0
for f in "$dir"/*.soc; do
	want=$(expected "$f")
	got=$("$tool" breakeven --opp 100% "$f" | awk '!/^#/ && $1 != "cluster" && $9 != "-" { print $1, $4, $9, $11 }') ||
		{ echo "$f: breakeven failed" >&2; fail=1; continue; }
	if [ -z "$want" ] || [ "$want" != "$got" ]; then
		echo "$f: break-even differs from the file's own figures" >&2
		diff <(echo "$want") <(echo "$got") | sed 's/^/  /' >&2
		fail=1
	fi
	# what transition=breakeven is for: the residency is the break-even,
	# unless that would have the exit draw less than the state itself,
	# which the tool then says
	out=$("$tool" breakeven --opp 100% "$f")
	while read -r c st; do
		r=$(awk -v c="$c" -v s="$st" '$1 == c && $4 == s { print $10 }' <<<"$out")
		if grep -qxF "# [cluster $c] $st: transition=breakeven would draw less than the state itself; drawn at its power" <<<"$out"; then
			awk -v r="$r" 'BEGIN { exit !(r + 0 < 1) }' ||
				{ echo "$f: [cluster $c] $st: drawn at its power, but residency / break-even is '$r'" >&2; fail=1; }
		else
			[ "$r" = 1.00 ] || { echo "$f: [cluster $c] $st: transition=breakeven, but residency / break-even is '$r'" >&2; fail=1; }
		fi
	done < <(awk '/^\[cluster / { c = $2; sub(/\]$/, "", c) } /^state .* transition=breakeven/ { print c, $2 }' "$f")
	n=$((n + 1))
done
[ $n -gt 0 ] || { echo "no *.soc in $dir" >&2; exit 1; }

# simsoc.soc by hand, at 850 MHz: active 93 + 57 / 2 = 121.5 mW; every
# state past WFI takes transition=breakeven (powers in mW, times in us)
#   core-ret: (121.5 x 1 + 3 x 504) / 167 = 9.8 is below its 31: T = 31;
#     against WFI (31 x 167 - 121.5) / 3                    =  1685 us
#   core-off: (31 x 167 + 3 x 2000) / 1500 = 7.5 below 28: T = 28;
#     against core-ret (28 x 1500 - 31 x 167) / 3           = 12274 us
#   cluster-off: T = (31 x 167 + 22.5 x 2500) / 1600 = 38.391, the least
#     (WFI's 39.9, core-off's 56.7): its residency           =  2500 us
#   soc-sleep: T = (38.391 x 1600 + 6.5 x 9987) / 9825 = 12.859: 9987 us
got=$("$tool" breakeven "$dir/simsoc.soc" | awk '!/^#/ && $1 != "cluster" && $9 != "-" { printf "%s:%s:%s:%s ", $4, $8, $9, $11 }')
want="core-ret:31.000:1685:WFI core-off:28.000:12274:core-ret cluster-off:38.391:2500:core-ret soc-sleep:12.859:9987:cluster-off "
[ "$got" = "$want" ] || { printf 'simsoc.soc by hand\n  want: %s\n  got:  %s\n' "$want" "$got" >&2; fail=1; }

# --opp: a frequency picks the nearest, P% the slowest at or above it
got=$("$tool" breakeven --opp 700MHz "$dir/simsoc.soc" | awk '$1 == "a53" { print $2; exit }')
[ "$got" = 700 ] || { echo "--opp 700MHz gave $got MHz" >&2; fail=1; }
got=$("$tool" breakeven --opp 80% "$dir/simsoc.soc" | awk '$1 == "a53" { print $2; exit }')
[ "$got" = 700 ] || { echo "--opp 80% gave $got MHz, expected 700 (575 is below 80 % of 850)" >&2; fail=1; }

# bad options: exit 2, one message naming the option
for bad in "--opp 700" "--opp 120%" "--temp 200" "--temp x"; do
	# shellcheck disable=SC2086
	msg=$("$tool" breakeven $bad "$dir/simsoc.soc" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -ne 2 ] || [[ "$msg" != *"${bad%% *} ${bad#* }:"* ]]; then
		echo "breakeven $bad: exit $rc, '$msg'" >&2
		fail=1
	fi
done
exit $fail
