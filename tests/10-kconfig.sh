#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The config step refuses fragments whose options do not land (exit 2,
# naming each), goes on in loose mode, passes a clean fragment, and gives
# the same .config for the same fragments whatever the directory held.
. tests/lib/common.sh
[ -d "$IDLESIM_KTREE" ] || skip "no kernel tree at $IDLESIM_KTREE"
base=kernel-patches/configs/base.config
obj=$IDLESIM_SCRATCH/obj

cat >"$IDLESIM_SCRATCH/bad.config" <<'EOT'
# an option that does not exist
CONFIG_IDLESIM_NO_SUCH_OPTION=y
# exists, but depends on an x86 KVM guest
CONFIG_CPU_IDLE_GOV_HALTPOLL=y
EOT

expect_exit 0 scripts/kconfig.sh "$IDLESIM_KTREE" "$obj" "$base"
[ -f "$obj/.config" ] || fail "clean fragment: no .config written"
grep -qx 'CONFIG_CPU_IDLE=y' "$obj/.config" || fail "clean fragment: CONFIG_CPU_IDLE missing from .config"
good=$(sha256sum <"$obj/.config")

expect_exit 2 scripts/kconfig.sh "$IDLESIM_KTREE" "$obj" "$base" "$IDLESIM_SCRATCH/bad.config"
expect_grep '^The following options did not get the requested value:' "$out" "strict mode"
expect_grep 'CONFIG_IDLESIM_NO_SUCH_OPTION: requested=y got=<unset>' "$out" "strict mode, missing option"
expect_grep 'CONFIG_CPU_IDLE_GOV_HALTPOLL: requested=y got=<unset>' "$out" "strict mode, blocked option"
[ "$(sha256sum <"$obj/.config")" = "$good" ] || fail "a refused config replaced the last good .config"

expect_exit 0 scripts/kconfig.sh --loose "$IDLESIM_KTREE" "$obj" "$base" "$IDLESIM_SCRATCH/bad.config"
expect_grep 'CONFIG_IDLESIM_NO_SUCH_OPTION: requested=y got=<unset>' "$out" "loose mode lists the option"
expect_grep 'CONFIG_CPU_IDLE_GOV_HALTPOLL: requested=y got=<unset>' "$out" "loose mode lists the option"

# "is not set" is a request too: asking for off what base turns on fails
printf '# CONFIG_CPU_IDLE_GOV_TEO is not set\nCONFIG_SMP=y\n' >"$IDLESIM_SCRATCH/off.config"
expect_exit 0 scripts/kconfig.sh "$IDLESIM_KTREE" "$obj" "$base" "$IDLESIM_SCRATCH/off.config"
grep -q '^# CONFIG_CPU_IDLE_GOV_TEO is not set' "$obj/.config" || fail "TEO not switched off"

# The previous .config of the directory leaves nothing behind: an option
# no fragment names is at its tinyconfig value again (6.1's tinyconfig
# merges onto OBJ_DIR/.config; kconfig.sh builds the base without it).
echo 'CONFIG_IKCONFIG=y' >>"$obj/.config"
expect_exit 0 scripts/kconfig.sh "$IDLESIM_KTREE" "$obj" "$base"
! grep -q '^CONFIG_IKCONFIG=y' "$obj/.config" || fail "an option of the previous .config survived into the new one"
[ "$(sha256sum <"$obj/.config")" = "$good" ] || fail "the same fragment gave another .config after a different one"

# The fragments the build really uses must pass strictly: base and KUnit,
# and with them each debug kernel's own (make DEBUG=1|kcsan|kasan; KCSAN
# and KASAN exclude each other, so never all at once), each set in its
# own directory, as make builds them.
base_set=(kernel-patches/configs/base.config)
[ -f kernel-patches/configs/kunit.config ] && base_set+=(kernel-patches/configs/kunit.config)
expect_exit 0 scripts/kconfig.sh "$IDLESIM_KTREE" "$obj" "${base_set[@]}"
for f in debug kcsan kasan; do
	[ -f "kernel-patches/configs/$f.config" ] || continue
	expect_exit 0 scripts/kconfig.sh "$IDLESIM_KTREE" "$obj-$f" "${base_set[@]}" "kernel-patches/configs/$f.config"
done
echo ok
