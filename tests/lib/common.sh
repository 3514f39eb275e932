# SPDX-License-Identifier: GPL-2.0
# Helpers shared by the tests: sourced, not run.

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "$*"; exit 77; }
note() { echo "# $*"; }

# expect_exit WANT CMD...: run CMD, fail unless it exits WANT; output in $out
expect_exit() {
	local want=$1 rc
	shift
	out=$("$@" 2>&1)
	rc=$?
	if [ "$rc" -ne "$want" ]; then
		echo "$out" | tail -20 >&2
		fail "'$*' exited $rc, expected $want"
	fi
}

# expect_grep PATTERN TEXT WHAT: fail unless TEXT matches PATTERN
expect_grep() {
	grep -qE -- "$1" <<<"$2" || { echo "$2" | tail -20 >&2; fail "$3: no match for /$1/"; }
}

# csv_shape FILE...: fail unless each row of each CSV has as many fields as its header
csv_shape() {
	local f
	for f in "$@"; do
		awk -F, 'NR == 1 { n = NF } NF != n { printf "%s:%d: %d fields, the header has %d\n", FILENAME, NR, NF, n; bad = 1 }
			END { exit bad }' "$f" || fail "$f: rows and header disagree"
	done
}

# run_guest JOB RUNDIR [run-guest options]: boot a job; returns the runner's status
run_guest() {
	local job=$1 dir=$2
	shift 2
	"$IDLESIM_RUN" --job "$job" --rundir "$dir" --force "$@"
}

: "${IDLESIM_SCRATCH:?run the tests through make test}"

# fixture_analysis ANALYZE: the committed fixture's run analysed into
# $IDLESIM_SCRATCH/run, and compared with a copy of itself labelled as
# governor "other" (the same periods under two names) into .../cmp
fixture_analysis() {
	local fx=tests/fixtures/menu_deepest-1s s=$IDLESIM_SCRATCH
	[ -x "$1" ] || fail "$1 not built"
	cp -a "$fx" "$s/base"
	cp -a "$fx" "$s/other"
	sed -i 's/^governor .*/governor other/' "$s/other/manifest"
	expect_exit 0 "$1" run --out "$s/run" "$fx"
	expect_exit 0 "$1" compare --out "$s/cmp" "$s/base" "$s/other"
}
