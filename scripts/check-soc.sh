#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check-soc.sh SOC: exit 2 with the description's FILE:LINE: message unless
# SOC (a name in socs/ or a .soc file) is valid.  Run by make before
# anything is built, so that a bad SOC= costs no build.
set -u
src=${IDLESIM_SRC:-$(cd "$(dirname "$0")/.." && pwd)}
prog=SOC
. "$src/scripts/lib.sh"
soc_check "${1:?usage: check-soc.sh SOC}"
