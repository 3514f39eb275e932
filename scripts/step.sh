#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Run one build step Kbuild-style: a single progress line, the command's
# output in a log file, and on failure the end of that log.  With V=1 the
# command and all its output go to the terminal instead.
#
# usage: scripts/step.sh TAG MESSAGE LOGFILE COMMAND [ARG...]
set -uo pipefail

tag=$1 msg=$2 log=$3
shift 3
printf '  %-8s %s\n' "[$tag]" "$msg"
if [ "${V:-0}" = 1 ]; then
	echo "+ $*"
	exec "$@"
fi
mkdir -p "$(dirname "$log")"
"$@" >"$log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	echo "  [$tag] failed (exit $rc); last lines of $log:" >&2
	tail -n 25 "$log" | sed 's/^/    /' >&2
fi
exit $rc
