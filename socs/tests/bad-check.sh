#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bad-check.sh TOOL DIR: every DIR/*.soc is refused by "TOOL check" with
# exit status 2 and one message, "FILE:LINE: ...", whose part after the
# file name is the file's first line after "# expect: ".
set -u
tool=${1:?usage: bad-check.sh TOOL DIR}
dir=${2:?usage: bad-check.sh TOOL DIR}
fail=0 n=0
for f in "$dir"/*.soc; do
	n=$((n + 1))
	want=$(head -1 "$f" | sed -n 's/^# expect: //p')
	[ -n "$want" ] || { echo "$f: no '# expect: ' first line" >&2; fail=1; continue; }
	got=$("$tool" check "$f" 2>&1 >/dev/null)
	rc=$?
	if [ $rc -ne 2 ]; then
		echo "$f: check exited $rc, expected 2" >&2
		fail=1
	elif [ "$(printf '%s\n' "$got" | wc -l)" -ne 1 ] || [ "${got%%:*}" != "$f" ]; then
		echo "$f: expected one message naming the file, got: $got" >&2
		fail=1
	elif [ "${got#"$f":}" != "$want" ]; then
		printf '%s: message differs\n  want: %s\n  got:  %s\n' "$f" "$want" "${got#"$f":}" >&2
		fail=1
	fi
done
[ $n -gt 0 ] || { echo "no *.soc in $dir" >&2; exit 1; }
exit $fail
