#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tier: check (no guest: make check runs it)
# Unit tests of the analysis's pure parts (replayed rules, oracle, pricing,
# statistics), built with ASan and UBSan.
. tests/lib/common.sh
make -s -C analysis O="$IDLESIM_O/analysis" check
