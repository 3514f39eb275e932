#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Guest job: what the sim driver offers, for scripts/tune.sh to check a
# sweep against before it costs any scenario boot.  The states' names
# are in guest-info.txt (written by init); the controls, with their
# types, ranges, steps and current values, in query.txt.
simsoc=/sys/kernel/debug/simsoc
cat $simsoc/query > "$RESULTS/query.txt" || exit 1
simsocctl table > "$RESULTS/simsoc-table.txt" || exit 1
