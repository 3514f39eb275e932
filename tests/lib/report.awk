# SPDX-License-Identifier: GPL-2.0
# Field helpers for awk programs reading `trace-cmd report -t` lines
# (tests/lib/expect-from-report.sh, tests/23-exit-fidelity.sh): load with
# "awk -f tests/lib/report.awk -f PROGRAM".

# "12.345678901:" -> nanoseconds, without going through a double
function ns(t,   p) {
	sub(/:$/, "", t)
	split(t, p, ".")
	return p[1] * 1000000000 + p[2]
}

# the value of field KEY ("KEY=value") of the current line, "" if none
function val(key,   i) {
	for (i = 1; i <= NF; i++)
		if (index($i, key "=") == 1)
			return substr($i, length(key) + 2)
	return ""
}

# the array field KEY: the 8 words from "KEY=" on (power=34000 31000 ...)
function arr(key, out,   i, j) {
	for (i = 1; i <= NF; i++)
		if (index($i, key "=") == 1) {
			out[0] = substr($i, length(key) + 2)
			for (j = 1; j < 8; j++)
				out[j] = $(i + j)
			return
		}
}
