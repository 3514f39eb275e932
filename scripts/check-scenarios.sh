#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-scenarios.sh SCENARIO...: exit 2 with the first bad file's
# FILE:LINE: message unless every scenario (a name, an .ini or an rt-app
# .json) is valid on the SoC ($IDLESIM_SOC).  Run by make before the
# kernel, module and initramfs are built, so that a bad scenario costs no
# build and no boot; it needs only the host parser and the SoC tool.
set -u
src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=scenario
. "$src/scripts/lib.sh"
for s in "$@"; do
	scenario_check "$s"
done
