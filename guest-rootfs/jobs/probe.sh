#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest job: what the sim driver offers, for scripts/tune.sh to check a
# sweep against before it costs any scenario boot.  The SoC played, its
# states' whole names included, in soc.txt (sysfs, in guest-info.txt,
# has cpuidle's names, derived from a longer one); the controls, with
# their types, ranges, steps and current values, in query.txt.  Given
# /job/points.tsv ("N<TAB>name=value ..." a line), it tries each point on
# the driver (its try file: the model's cross-checks, nothing applied)
# and writes try.txt: "N ok", or "N rejected " and the driver's result.
simsoc=${SIMSOC_DEBUGFS:?set by init}
cat $simsoc/query > "$RESULTS/query.txt" || exit 1
cat $simsoc/soc > "$RESULTS/soc.txt" || exit 1
simsocctl table > "$RESULTS/simsoc-table.txt" || exit 1
[ -f /job/points.tsv ] || exit 0
while IFS='	' read -r n batch; do
	[ -n "$n" ] || continue
	# shellcheck disable=SC2086
	if simsocctl try $batch >/dev/null 2>&1; then
		echo "$n ok"
	else
		echo "$n rejected $(simsocctl result)"
	fi
done < /job/points.tsv > "$RESULTS/try.txt"
