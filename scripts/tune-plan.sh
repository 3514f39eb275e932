# SPDX-License-Identifier: GPL-2.0
# Sourced by scripts/tune.sh: the sweep, planned and checked before any
# scenario boots.  Reads tune.sh's options ($scenarios, $state, $values,
# $grid, $knob, $repeats, $budget, $misses, $jobs, $chunk, $export, $out);
# sets files[], dims[], batches[], all_runs[], $budget_ns, $miss_rate,
# $npoints, $ntodo, and writes OUT/sweep.conf, points.tsv, env, inputs/
# and jobs.txt (the pending runs, one scripts/tune-run.sh line each).

# --- the sweep's definition, checked without booting ------------------------

scenarios=${scenarios//,/ }
[ -n "${scenarios// /}" ] || die "say which scenario(s): SCENARIO=name (or a list)"
if [ -n "$grid" ]; then
	[ -z "$state$values" ] || die "give either STATE= and VALUES= or GRID=, not both"
else
	[ -n "$state" ] || die "say which state to tune: STATE=name (e.g. core-off, s2) and VALUES=a,b,c or lo:hi:step"
	[ -n "$values" ] || die "STATE=$state: say which values: VALUES=a,b,c or lo:hi:step (microseconds)"
	grid="$state=$values"
fi
case $knob in
residency | exit) ;;
*) die "KNOB=$knob: expected residency (target residency) or exit (exit latency)" ;;
esac
# the merge's limits, from the merge itself (idlesim-analyze tune --limits)
read_limits tune points scenarios repeats dims
[[ $repeats =~ ^[1-9][0-9]*$ ]] && [ "$repeats" -le "${limit[repeats]}" ] ||
	die "REPEATS=$repeats: expected a count from 1 to ${limit[repeats]}"
nscn=$(wc -w <<<"$scenarios")
[ "$nscn" -le "${limit[scenarios]}" ] ||
	die "SCENARIO: $nscn scenarios, at most ${limit[scenarios]} in one sweep"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "JOBS=$jobs: expected a count >= 1"
[ -z "$chunk" ] || [[ $chunk =~ ^[1-9][0-9]*$ ]] || die "CHUNK=$chunk: expected a count >= 1 (points per boot)"
case $export in
'' | parallel | slurm) ;;
*) die "EXPORT=$export: expected parallel or slurm" ;;
esac
budget_ns=
if [ -n "$budget" ]; then
	[[ $budget =~ ^([0-9]+)(ns|us|ms|s)$ ]] || die "BUDGET=$budget: expected a duration such as 500us, 1ms or 2ms"
	case ${BASH_REMATCH[2]} in
	ns) budget_ns=${BASH_REMATCH[1]} ;;
	us) budget_ns=$((BASH_REMATCH[1] * 1000)) ;;
	ms) budget_ns=$((BASH_REMATCH[1] * 1000000)) ;;
	s) budget_ns=$((BASH_REMATCH[1] * 1000000000)) ;;
	esac
	[ "$budget_ns" -gt 0 ] || die "BUDGET=$budget: must be more than zero"
fi
[[ $misses =~ ^([0-9]+(\.[0-9]+)?)%?$ ]] || die "MISSES=$misses: expected the share of wake-ups allowed to miss the budget, in per cent (e.g. 1%)"
miss_rate=$(awk -v p="${BASH_REMATCH[1]}" 'BEGIN { printf "%.6f", p / 100 }')
awk -v r="$miss_rate" 'BEGIN { exit !(r <= 1) }' || die "MISSES=$misses: more than 100 %"

# expand VALUES: "a,b,c" or "lo:hi:step" -> one value per line
expand() { # SPEC WHAT
	local spec=$1 what=$2 lo hi step v
	[ -n "$spec" ] || die "$what: empty list of values"
	if [[ $spec == *:* ]]; then
		[[ $spec =~ ^([0-9]+):([0-9]+):([0-9]+)$ ]] || die "$what: '$spec': expected lo:hi:step, three whole numbers of microseconds"
		lo=${BASH_REMATCH[1]} hi=${BASH_REMATCH[2]} step=${BASH_REMATCH[3]}
		[ "$step" -gt 0 ] || die "$what: '$spec': the step must be more than zero"
		[ "$lo" -le "$hi" ] || die "$what: '$spec': reversed range (lo $lo > hi $hi)"
		[ $(((hi - lo) / step + 1)) -le 200 ] || die "$what: '$spec': more than 200 values"
		for ((v = lo; v <= hi; v += step)); do echo "$v"; done
	else
		local IFS=,
		for v in $spec; do
			[ -n "$v" ] || continue
			[[ $v =~ ^[0-9]+$ ]] || die "$what: '$v' is not a whole number of microseconds"
			echo "$v"
		done | sort -n -u
	fi
}

# files[]: the scenarios as given; inis[]: the scenario each stands for (an
# rt-app JSON's made by idlesim-rtapp (workloads/src/rtapp.c), for checking here)
files=() inis=()
rtapp_tmp=$(mktemp -d)
trap 'rm -rf "$rtapp_tmp"' EXIT
for s in $scenarios; do
	f=$(scenario_file "$s")
	[ -f "$f" ] || die "unknown scenario '$s' (no $f); 'make scenarios' lists them"
	ini=$(scenario_ini "$f" "$rtapp_tmp/${#files[@]}") || exit 2
	msg=$("$check" --check "$ini" 2>&1) || die "$msg"
	files+=("$(realpath "$f")") inis+=("$ini")
done
[ -n "$out" ] || die "no --out directory"
mkdir -p "$out" || die "cannot create $out"
out=$(realpath "$out")

# --- the driver's states and controls (one probe boot, cached) --------------

img=${IDLESIM_KERNEL:?} initrd=${IDLESIM_INITRD:?}
# the SoC played (make SOC=, run-guest.sh reads IDLESIM_SOC): its
# parameter is part of what the probe found
socparam=
if [ -n "${IDLESIM_SOC:-}" ]; then
	soc_check "$IDLESIM_SOC"
	socparam=$("$IDLESIM_SOC_TOOL" params "$(soc_file "$IDLESIM_SOC")") || exit 2
fi
probe=${IDLESIM_O:?}/tune/probe-$({ cat "$img" "$initrd"; echo "$socparam"; } | sha256sum | cut -c1-16)
mkdir -p "$(dirname "$probe")"
if ! grep -qx 'status ok' "$probe/manifest" 2>/dev/null || [ ! -s "$probe/results/query.txt" ] ||
	[ ! -s "$probe/results/soc.txt" ]; then
	echo "  [tune]   probing the sim driver's states and controls"
	"$src/scripts/run-guest.sh" --job "$src/guest-rootfs/jobs/probe.sh" --rundir "$probe" \
		--force --smp 2 --timeout 300 >"$probe.log" 2>&1 ||
		{ tail -20 "$probe.log" >&2; die "the probe boot failed (log: $probe.log)"; }
fi
query=$probe/results/query.txt
# the states by the description's names, whole as the driver's soc line
# has them: sysfs shows a name longer than cpuidle's 15 characters as one
# derived from it (sim-driver/MODEL.md)
mapfile -t state_names < <(sed -n 's/.* states=\([^ ]*\).*/\1/p' "$probe/results/soc.txt" | tr ',' '\n')
[ ${#state_names[@]} -gt 0 ] || die "the probe found no idle states ($probe/results/soc.txt)"
declare -A qval=()
while read -r name _ _ _ _ _ value _; do qval[$name]=$value; done <"$query"
# the kinds of cluster: none (one kind, unprefixed controls) or their
# prefixes, from the per-kind "opp" controls
mapfile -t kinds < <(sed -n 's/^\([A-Za-z0-9.-]*\)_opp .*/\1/p' "$query")

# state_index NAME: an index from a name, sN or N
state_index() {
	local s=$1 i
	[[ $s =~ ^s?([0-9]+)$ ]] && [ "${BASH_REMATCH[1]}" -lt ${#state_names[@]} ] &&
		{ echo "${BASH_REMATCH[1]}"; return; }
	for i in "${!state_names[@]}"; do
		[ "${state_names[$i],,}" = "${s,,}" ] && { echo "$i"; return; }
	done
	local list=
	for i in "${!state_names[@]}"; do list+=" ${state_names[$i]} (s$i)"; done
	die "unknown state '$s'; the driver has:$list"
}

# state_controls STATE: the controls a STATE of the sweep moves.  With
# several kinds of cluster a bare state moves that state's control of every
# kind, to the same value; KIND:STATE moves one kind's.
state_controls() {
	local s=$1 kind= k si
	if [[ $s == *:* ]]; then
		kind=${s%%:*} s=${s#*:}
		[ ${#kinds[@]} -gt 0 ] || die "STATE=$kind:$s: this SoC has one kind of cluster; say STATE=$s"
		printf '%s\n' "${kinds[@]}" | grep -qx -- "$kind" ||
			die "STATE=$kind:$s: no cluster '$kind'; the SoC has: ${kinds[*]}"
	fi
	si=$(state_index "$s") || exit 2
	if [ ${#kinds[@]} -eq 0 ]; then
		echo "s${si}_${knob}_us"
	elif [ -n "$kind" ]; then
		echo "${kind}_s${si}_${knob}_us"
	else
		for k in "${kinds[@]}"; do printf '%s_s%d_%s_us,' "$k" "$si" "$knob"; done | sed 's/,$/\n/'
	fi
}

# the grid's dimensions: control names (a dimension moves one control, or
# several to the same value) and their value lists
dims=() dimvals=() linked=0
for item in $grid; do
	[[ $item == *=* ]] || die "GRID item '$item': expected STATE=VALUES"
	ctls=$(state_controls "${item%%=*}") || exit 2
	what="${item%%=*} (${ctls//,/ })"
	for d in "${dims[@]}"; do
		for c in ${ctls//,/ }; do
			[[ $c =~ s([0-9]+)_[a-z]+_us$ ]]
			[[ ,$d, != *,$c,* ]] ||
				die "GRID: state ${state_names[${BASH_REMATCH[1]}]} given twice$([ ${#kinds[@]} -eq 0 ] || echo " ($c)")"
		done
	done
	vals=$(expand "${item#*=}" "$what") || exit 2
	[ -n "$vals" ] || die "$what: empty list of values"
	for ctl in ${ctls//,/ }; do
		read -r _ _ min max step _ cur _ < <(grep "^$ctl " "$query") ||
			die "the driver has no control $ctl"
		for v in $vals; do
			if [ "$v" -lt "$min" ] || [ "$v" -gt "$max" ]; then
				die "$ctl=$v: outside the control's range $min..$max"
			fi
			[ $(((v - min) % step)) -eq 0 ] || die "$ctl=$v: not on the control's step of $step from $min"
		done
	done
	# the current value is always a point: what the recommendation is
	# measured against (controls moved together: when they are equal)
	[[ $ctls == *,* ]] && linked=1
	[[ $ctls == *,* ]] || vals=$(printf '%s\n' $vals "$cur" | sort -n -u)
	dims+=("$ctls") dimvals+=("$(echo $vals)")
done
[ ${#dims[@]} -le "${limit[dims]}" ] || die "GRID: at most ${limit[dims]} states at once"

for i in "${!files[@]}"; do
	for d in ${dims[@]//,/ }; do
		! "$check" --get controls "${inis[$i]}" | grep -qx "$d" ||
			die "$(basename "${files[$i]}"): the scenario sets $d itself, which the sweep would not control; sweep another state or use a scenario that leaves it alone"
	done
done

# the cartesian product of the dimensions, one batch per line
product() { # INDEX PREFIX
	local i=$1 prefix=$2 v
	if [ "$i" -eq ${#dims[@]} ]; then
		echo "${prefix# }"
		return
	fi
	for v in ${dimvals[$i]}; do
		product $((i + 1)) "$prefix $(for c in ${dims[$i]//,/ }; do printf ' %s=%s' "$c" "$v"; done)"
	done
}
mapfile -t batches < <(product 0 "" | sed 's/  */ /g; s/^ //')
[ ${#batches[@]} -le "${limit[points]}" ] || die "${#batches[@]} points: at most ${limit[points]} in one sweep"
current=
for d in ${dims[@]//,/ }; do current+=" $d=${qval[$d]}"; done
current=${current# }
# controls moved together may differ now (a big.LITTLE SoC's clusters):
# then the current setting is a point of its own
if [ $linked -eq 1 ] && ! printf '%s\n' "${batches[@]}" | grep -qxF -- "$current"; then
	batches+=("$current")
	[ ${#batches[@]} -le "${limit[points]}" ] || die "${#batches[@]} points: at most ${limit[points]} in one sweep"
fi

# The driver's cross-checks (sim-driver/MODEL.md), asked of the driver: the
# probe job tries every point on its try file (validated, never applied) in
# one boot, cached by the points, so that a bad point is named before any
# scenario boots.  The sweep job tries them again before running them.
tries=$probe-try-$(printf '%s\n' "${batches[@]}" | sha256sum | cut -c1-16)
if ! grep -qx 'status ok' "$tries/manifest" 2>/dev/null || [ ! -s "$tries/results/try.txt" ]; then
	echo "  [tune]   trying the ${#batches[@]} points on the sim driver"
	mkdir -p "$tries.in"
	for i in "${!batches[@]}"; do printf '%d\t%s\n' "$i" "${batches[$i]}"; done >"$tries.in/points.tsv"
	"$src/scripts/run-guest.sh" --job "$src/guest-rootfs/jobs/probe.sh" --file "$tries.in/points.tsv" \
		--rundir "$tries" --force --smp 2 --timeout 300 >"$tries.log" 2>&1 ||
		{ tail -20 "$tries.log" >&2; die "the boot trying the points failed (log: $tries.log)"; }
fi
[ "$(grep -c . "$tries/results/try.txt")" -eq ${#batches[@]} ] ||
	die "the driver answered for $(grep -c . "$tries/results/try.txt") of ${#batches[@]} points ($tries/results/try.txt)"
while read -r n verdict result; do
	[ "$verdict" = ok ] && continue
	# the driver's result: "op=try status=-22 ... rule=LO<=HI values=A,B"
	rule=$(tr ' ' '\n' <<<"$result" | sed -n 's/^rule=//p')
	vals=$(tr ' ' '\n' <<<"$result" | sed -n 's/^values=//p')
	[ -n "$rule" ] || die "point '${batches[$n]}': rejected by the driver: $result"
	die "point '${batches[$n]}': rejected by the driver: ${rule%%<=*} ${vals%%,*} > ${rule#*<=} ${vals#*,}; its model requires ${rule%%<=*} <= ${rule#*<=} (exit latency <= target residency, both non-decreasing with depth; sim-driver/MODEL.md)"
done <"$tries/results/try.txt"

# --- the sweep directory: its definition, points and runs -------------------

{
	echo "# idlesim tuning sweep: what the runs in runs/ were made with"
	echo "kernel $(sha256sum "$img" | cut -c1-16)"
	echo "initramfs $(sha256sum "$initrd" | cut -c1-16)"
	echo "governor $governor"
	echo "repeats $repeats"
	[ -z "$socparam" ] || echo "soc $(sha256sum <<<"$socparam" | cut -c1-16)"
	[ -z "${IDLESIM_CPUS:-}" ] || echo "cpus $IDLESIM_CPUS"
	[ -z "${IDLESIM_DOMAINS:-}" ] || echo "domains $IDLESIM_DOMAINS"
	[ -z "${IDLESIM_MASKED_TICK:-}" ] || echo "masked_tick $IDLESIM_MASKED_TICK"
	for f in "${files[@]}"; do echo "scenario $(basename "$(basename "$f" .ini)" .json) $(sha256sum "$f" | cut -c1-16)"; done
	for b in "${batches[@]}"; do echo "point $b"; done
} >"$out/sweep.conf.new"
if [ -f "$out/sweep.conf" ] && ! cmp -s "$out/sweep.conf" "$out/sweep.conf.new"; then
	diff "$out/sweep.conf" "$out/sweep.conf.new" | sed 's/^/  /' >&2
	rm -f "$out/sweep.conf.new"
	die "$out holds a different sweep (above: < what it holds, > what was asked); its runs are kept: choose another OUT= or remove it"
fi
mv "$out/sweep.conf.new" "$out/sweep.conf"
{
	printf '# point\tcurrent\tbatch\n'
	for i in "${!batches[@]}"; do
		printf '%d\t%d\t%s\n' "$i" "$([ "${batches[$i]}" = "$current" ] && echo 1 || echo 0)" "${batches[$i]}"
	done
} >"$out/points.tsv"
npoints=${#batches[@]}

# the environment every run gets, so that a job line runs anywhere: the
# one make gives its own runs (RUN_ENV; IDLESIM_RUN_VARS names them)
{
	for v in ${IDLESIM_RUN_VARS:?IDLESIM_RUN_VARS not set (run through make)}; do
		printf 'export %s=%q\n' "$v" "${!v:-}"
	done
	printf 'export IDLESIM_TUNE_OUT=%q IDLESIM_TUNE_GOVERNOR=%q\n' "$out" "$governor"
} >"$out/env"

# points per boot: by default spread over the parallel jobs
if [ -z "$chunk" ]; then
	seeds_total=$((${#files[@]} * repeats))
	boots=$(((jobs + seeds_total - 1) / seeds_total))
	chunk=$(((npoints + boots - 1) / boots))
fi
nchunks=$(((npoints + chunk - 1) / chunk))

all_runs=()
: >"$out/jobs.txt.new"
for i in "${!files[@]}"; do
	f=${files[$i]}
	name=$(basename "$(basename "$f" .ini)" .json)
	base_seed=$("$check" --get seed "${inis[$i]}")
	for ((k = 0; k < repeats; k++)); do
		seed=$((base_seed + k))
		dir=$out/runs/$name/baseline-seed$seed
		all_runs+=("$dir")
		[ -f "$dir/.tune-done" ] || printf '%q %q baseline %q %d %q\n' "$src/scripts/tune-run.sh" \
			"$out/env" "$f" "$seed" "$dir" >>"$out/jobs.txt.new"
		for ((c = 0; c < nchunks; c++)); do
			tag=$governor-seed$seed-c$c
			dir=$out/runs/$name/$tag
			inp=$out/inputs/$name/$tag
			all_runs+=("$dir")
			mkdir -p "$inp"
			for ((i = c * chunk; i < npoints && i < (c + 1) * chunk; i++)); do
				printf '%d\t%s\n' "$i" "${batches[$i]}"
			done >"$inp/points.tsv"
			[ -f "$dir/.tune-done" ] || printf '%q %q sweep %q %d %q %q\n' "$src/scripts/tune-run.sh" \
				"$out/env" "$f" "$seed" "$dir" "$inp" >>"$out/jobs.txt.new"
		done
	done
done
mv "$out/jobs.txt.new" "$out/jobs.txt"
ntodo=$(grep -c . "$out/jobs.txt")
nall=${#all_runs[@]}
echo "  [tune]   ${#dims[@]} control(s) ${dims[*]}: $npoints points (current: $current), ${#files[@]} scenario(s) x $repeats seed(s); $nall runs, $((nall - ntodo)) already done, $ntodo to run"
