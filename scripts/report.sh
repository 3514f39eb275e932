#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# One page of every scenario's comparison (make report):
#
#   report.sh OUTDIR SCENARIO...
#
# For each scenario, the comparison under $GOVERNORS (IDLESIM_GOVERNORS)
# with IDLESIM_REPEATS seeds is reused when it is current (every run it
# compared was made with this kernel, initramfs and scenario file, and
# the repeat count matches) and made with scripts/compare.sh otherwise.
# OUTDIR/index.html then shows an overview table and plot (energy of each
# governor against the baseline, per scenario, with 95 % intervals) and,
# per scenario, its summary and plots; the images are copied next to it,
# so the directory is self-contained.  The page is written last, by
# rename: a failed report leaves the previous one.
#
# IDLESIM_BOARD: board traces to show too, each TRACE.dat or
# TRACE.dat=SCENARIO: priced under the SoC of the report
# (scripts/board.sh, with IDLESIM_BOARD_OPTS for idlesim-analyze board),
# beside SCENARIO's baseline run when given, in a section of their own.
set -uo pipefail

src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=report
. "$src/scripts/lib.sh"
out=${1:?usage: report.sh OUTDIR SCENARIO...}
shift
[ $# -gt 0 ] || { echo "report: no scenarios" >&2; exit 2; }
check=${IDLESIM_WORKLOAD_HOST:?IDLESIM_WORKLOAD_HOST not set (run through make)}
runs=${IDLESIM_RUNS:-${IDLESIM_O:?}/runs}
repeats=${IDLESIM_REPEATS:-1}
read -r -a govs <<<"${IDLESIM_GOVERNORS:-menu_deepest menu}"
img_sha=$(sha256sum "${IDLESIM_KERNEL:?}" | cut -c1-16)
rd_sha=$(sha256sum "${IDLESIM_INITRD:?}" | cut -c1-16)

# current DIR SCENARIO_FILE: the comparison in DIR was made from this build
current() {
	local cmp=$1 file=$2 r n=0 sha key=scenario_sha256
	sha=$(sha256sum "$file" | cut -c1-16)
	# an rt-app workload's runs record its JSON's checksum
	[[ $file == *.json ]] && key=rtapp_json_sha256
	[ -s "$cmp/runs.txt" ] && [ -s "$cmp/comparison.csv" ] && [ -s "$cmp/decomposition.csv" ] || return 1
	while read -r r; do
		grep -q "^kernel_image .* sha256 $img_sha\$" "$r/manifest" 2>/dev/null &&
			grep -q "^initrd .* sha256 $rd_sha\$" "$r/manifest" &&
			grep -qx "$key $sha" "$r/manifest" &&
			grep -qx 'status ok' "$r/manifest" || return 1
		n=$((n + 1))
	done <"$cmp/runs.txt"
	[ "$n" -eq $((repeats * ${#govs[@]})) ] &&
		[ "$(cut -d, -f1 "$cmp/comparison.csv" | tail -n +2 | paste -sd' ')" = "${govs[*]}" ]
}

# a standard scenario by name, or an rt-app workload by path
for scn in "$@"; do
	[[ $scn == *.json && -f $scn ]] ||
		[[ $scn != */* && $scn != *.ini && -f $(scenario_file "$scn") ]] ||
		die "unknown scenario '$scn'; 'make scenarios' lists them (or give an rt-app .json)"
done
# board traces: readable files, and a scenario of this report to pair with
read -r -a boards <<<"${IDLESIM_BOARD:-}"
read -r -a board_opts <<<"${IDLESIM_BOARD_OPTS:-}"
for b in ${boards[@]+"${boards[@]}"}; do
	bt=${b%%=*} bs=
	[[ $b == *=* ]] && bs=${b#*=}
	[ -f "$bt" ] && [ -r "$bt" ] || die "BOARD: $bt: no such trace"
	if [ -n "$bs" ]; then
		found=
		for scn in "$@"; do [ "$(basename "$scn" .json)" = "$bs" ] && found=1; done
		[ -n "$found" ] || die "BOARD: $b: $bs is not a scenario of this report ($*)"
	fi
done
tmp=$out.tmp
rm -rf "$tmp"
mkdir -p "$tmp"
printf 'scenario,governor,ratio,ratio_lo,ratio_hi,p_value,significant,ratio_to_oracle,lateness_p99_ns,budget_misses\n' >"$tmp/overview.csv"
# the runs to make, for the progress lines: those of the comparisons not current
declare -A gcompare	# guest seconds of a scenario's comparison, if it is to be made
nruns=0 gtotal=0
for arg in "$@"; do
	current "$runs/$(basename "$arg" .json)/compare" "$(scenario_file "$arg")" && continue
	g=$(scenario_guest_seconds "$arg") || die "cannot read the guest time of $arg"
	gcompare[$arg]=$(awk -v g="$g" -v n=$((repeats * ${#govs[@]})) 'BEGIN { print g * n }')
	nruns=$((nruns + repeats * ${#govs[@]}))
	gtotal=$(awk -v a="$gtotal" -v b="${gcompare[$arg]}" 'BEGIN { print a + b }')
done
progress_start "$nruns" "$gtotal"
names=() files=()
for arg in "$@"; do
	file=$(scenario_file "$arg")
	scn=$(basename "$arg" .json)
	cmp=$runs/$scn/compare
	if current "$cmp" "$file"; then
		echo "  [report] $scn: the comparison is current, reused"
	else
		# its runs' progress lines, counted for the whole report; the rest to its log
		IDLESIM_REPEATS=$repeats "$src/scripts/compare.sh" "$arg" "$runs/$scn" "${govs[@]}" 2>&1 |
			tee "$tmp/$scn.log" | grep --line-buffered '^  \[[0-9]*/[0-9]*\] '
		[ "${PIPESTATUS[0]}" -eq 0 ] || {
			tail -20 "$tmp/$scn.log" >&2
			echo "report: the comparison of $scn failed (log: $tmp/$scn.log)" >&2
			exit 1
		}
		progress_skip $((repeats * ${#govs[@]})) "${gcompare[$arg]}"
		echo "  [report] $scn: compared"
	fi
	names+=("$scn")
	files+=("$file")
	for p in "$cmp"/*.png "$cmp"/*.svg; do cp "$p" "$tmp/$scn-$(basename "$p")"; done
	cp "$cmp/summary.txt" "$tmp/$scn-summary.txt"
	for f in comparison decomposition phases; do cp "$cmp/$f.csv" "$tmp/$scn-$f.csv"; done
	# runs with genpd's domains only
	[ ! -f "$cmp/domains.csv" ] || cp "$cmp/domains.csv" "$tmp/$scn-domains.csv"
	# the comparison's columns by their header's name; the baseline is row 1
	awk -F, -v s="$scn" -v f="$cmp/comparison.csv" '
	NR == 1 {
		for (i = 1; i <= NF; i++)
			c[$i] = i
		n = split("governor energy_nj energy_ci95_nj p_value significant ratio_to_oracle lateness_p99_ns budget_misses", need, " ")
		for (i = 1; i <= n; i++)
			if (!(need[i] in c)) {
				printf "report: %s: no column %s\n", f, need[i] > "/dev/stderr"
				exit 1
			}
		next
	}
	NR == 2 { base = $c["energy_nj"] }
	{
		e = $c["energy_nj"]; ci = $c["energy_ci95_nj"]
		printf "%s,%s,%.4f,%.4f,%.4f,%s,%s,%s,%s,%s\n", s, $c["governor"], e / base, (e - ci) / base,
			(e + ci) / base, $c["p_value"], $c["significant"], $c["ratio_to_oracle"],
			$c["lateness_p99_ns"], $c["budget_misses"] }' "$cmp/comparison.csv" >>"$tmp/overview.csv" || exit 1
done
# each board trace on its page (a subdirectory), beside the scenario's baseline
bnames=()
for b in ${boards[@]+"${boards[@]}"}; do
	bt=${b%%=*} bs= with=
	[[ $b == *=* ]] && bs=${b#*=}
	[ -z "$bs" ] || with=$(head -1 "$runs/$bs/compare/runs.txt")
	bn=board-$(basename "$bt" .dat)${bs:+-$bs}
	"$src/scripts/board.sh" "$bt" "${IDLESIM_SOC:-simsoc}" "$tmp/$bn" $with -- \
		${board_opts[@]+"${board_opts[@]}"} >"$tmp/$bn.log" 2>&1 || {
		cat "$tmp/$bn.log" >&2
		echo "report: the board trace $bt failed" >&2
		exit 1
	}
	rm -f "$tmp/$bn.log"
	echo "  [report] board trace $bt${bs:+ beside $bs}"
	bnames+=("$bn|$bt|$bs|$with")
done
gnuplot -e "dir='$tmp'; ngov=${#govs[@]}; repeats=$repeats" "$src/analysis/plots/report.gp" 2>"$tmp/gnuplot.log" ||
	{ cat "$tmp/gnuplot.log" >&2; echo "report: gnuplot failed" >&2; exit 1; }
rm -f "$tmp/gnuplot.log"

esc() { sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g'; }
# the SoC the runs played, as their manifests and its description say
socname=$(awk '$1 == "soc" {print $2}' "$(head -1 "$runs/${names[0]}/compare/runs.txt")/manifest")
socf=$(soc_file "${IDLESIM_SOC:-simsoc}")
socdesc=$("${IDLESIM_SOC_TOOL:?}" describe "$socf" | esc)
# how many of its CPUs the runs booted (make CPUS=)
smp=$(awk '$1 == "smp" {print $2}' "$(head -1 "$runs/${names[0]}/compare/runs.txt")/manifest")
socpus=$("$IDLESIM_SOC_TOOL" get cpus "$socf")
if [ "$smp" = "$socpus" ]; then
	played="The runs boot all $socpus of its CPUs: the guest scheduler cannot tell its clusters apart, so unpinned threads may run on another cluster under each governor (a large busy part in the differences below; pin them with cpu = to compare the rules alone)."
else
	played="The runs boot $smp of its $socpus CPUs, the first ones (the scenarios' own count; CPUS=soc boots them all)."
fi
# where each state pays off under the model, beside the residency the
# governors trust: the first thing to read when a deeper state costs more
"$IDLESIM_SOC_TOOL" breakeven "$socf" >"$tmp/breakeven.txt" ||
	{ echo "report: idlesim-soc breakeven failed" >&2; exit 1; }
{
	cat <<EOT
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>idlesim report: $socname</title>
<style>
body { font-family: sans-serif; max-width: 1100px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 3px 8px; text-align: right; }
td:first-child, th:first-child, td:nth-child(2) { text-align: left; }
pre { background: #f6f6f6; padding: 8px; overflow-x: auto; font-size: 85%; }
img { max-width: 100%; } .sig { font-weight: bold; } .why { font-weight: bold; }
</style></head><body>
<h1>idlesim: governors compared on every scenario, SoC $socname</h1>
<p>SoC <b>$socname</b>: $socdesc. $played</p>
<p>Its states at each cluster's default operating point, and the wait from which each pays off under the model
(exit latency charged at its transition power); a residency far below its break-even is one a governor trusts where it costs energy
(<a href="breakeven.txt">breakeven.txt</a>):</p>
<pre>$(esc <"$tmp/breakeven.txt")</pre>
<p>$(date -u +%Y-%m-%dT%H:%M:%SZ); kernel $(awk '$1 == "kernel_release" {print $2}' "$(head -1 "$runs/${names[0]}/compare/runs.txt")/manifest") (image $img_sha, initramfs $rd_sha);
governors ${govs[*]} (the first is the baseline); $repeats seed$([ "$repeats" -gt 1 ] && echo s) per governor and scenario.
Energy is the simulated SoC driver's, idle and active; the oracle is the cheapest state for each period's actual length.</p>
<h2>Overview</h2>
<img src="overview.png" alt="energy against the baseline, per scenario">
<table><tr><th>scenario</th><th>governor</th><th>energy / baseline</th><th>95 % interval</th><th>p</th><th>significant</th><th>energy / oracle</th><th>lateness p99 (µs)</th><th>budget misses</th></tr>
EOT
	tail -n +2 "$tmp/overview.csv" | while IFS=, read -r s g r lo hi p sig orc p99 ms; do
		printf '<tr><td><a href="#%s">%s</a></td><td>%s</td><td>%s</td><td>%s..%s</td><td>%s</td><td%s>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n' \
			"$s" "$s" "$g" "$r" "$lo" "$hi" "$p" "$([ "$sig" = yes ] && echo ' class="sig"')" "$sig" "$orc" \
			"$(awk -v v="$p99" 'BEGIN { if (v != "") printf "%.1f", v / 1000 }')" "$ms"
	done
	echo "</table>"
	for i in "${!names[@]}"; do
		s=${names[$i]}
		echo "<h2 id=\"$s\">$s</h2>"
		echo "<p>$("$check" --describe "$(scenario_ini "${files[$i]}" "$tmp.ini")" | esc)</p>"
		# why the governors differ, in the comparison's own sentences
		sed -n 's/^  \([^ ].*: [+-][0-9.]* mJ (.*the largest part is .*\)$/\1/p' "$tmp/$s-summary.txt" |
			esc | sed 's|^|<p class="why">|; s|$|</p>|'
		for p in energy residency; do echo "<img src=\"$s-$p.png\" alt=\"$s $p\">"; done
		svgs="<a href=\"$s-energy.svg\">energy</a>, <a href=\"$s-residency.svg\">residency</a>"
		data=
		# beside the CPUs' states, the domains' that genpd chose
		if [ -f "$tmp/$s-domains.png" ]; then
			echo "<img src=\"$s-domains.png\" alt=\"$s time in each domain state\">"
			svgs+=", <a href=\"$s-domains.svg\">domains</a>"
			data=", <a href=\"$s-domains.csv\">domains.csv</a>"
		fi
		echo "<img src=\"$s-rules.png\" alt=\"$s rules\">"
		svgs+=", <a href=\"$s-rules.svg\">rules</a>"
		if [ -f "$tmp/$s-phases.png" ]; then
			echo "<img src=\"$s-phases.png\" alt=\"$s energy per phase\">"
			svgs+=", <a href=\"$s-phases.svg\">phases</a>"
		fi
		for g in "${govs[@]}"; do
			[ -f "$tmp/$s-timeline-$g.png" ] || continue
			echo "<img src=\"$s-timeline-$g.png\" alt=\"$s timeline under $g\">"
			svgs+=", <a href=\"$s-timeline-$g.svg\">timeline under $g</a>"
		done
		echo "<pre>$(esc <"$tmp/$s-summary.txt")</pre>"
		echo "<p>Data: <a href=\"$s-comparison.csv\">comparison.csv</a>, <a href=\"$s-decomposition.csv\">decomposition.csv</a>, <a href=\"$s-phases.csv\">phases.csv</a>$data; SVG: $svgs.</p>"
	done
	[ ${#bnames[@]} -eq 0 ] || echo "<h2 id=\"board\">Board traces</h2>
<p>Traces recorded elsewhere, priced under this SoC's description at fixed conditions (estimates, not measurements: each summary says what it cannot know), beside the baseline's run of the scenario named.</p>"
	for e in ${bnames[@]+"${bnames[@]}"}; do
		IFS='|' read -r bn bt bs with <<<"$e"
		echo "<h3 id=\"$bn\">$(esc <<<"$(basename "$bt")")${bs:+ beside $bs (${govs[0]})}</h3>"
		echo "<img src=\"$bn/residency.png\" alt=\"$bn time in each state\">"
		echo "<img src=\"$bn/energy.png\" alt=\"$bn energy\">"
		echo "<pre>$(esc <"$tmp/$bn/board/summary.txt")</pre>"
		echo "<p>Its page: <a href=\"$bn/index.html\">$bn</a>.</p>"
	done
	echo "</body></html>"
} >"$tmp/index.html.new"
mv "$tmp/index.html.new" "$tmp/index.html"
rm -rf "$tmp.ini"
swap_in "$tmp" "$out" || { echo "report: cannot put $out in place" >&2; exit 1; }
echo "  [report] $out/index.html"
