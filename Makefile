# SPDX-License-Identifier: GPL-2.0
#
# idlesim: the one entry point.  `make help` lists what it can do.
#
# Everything it builds goes to one build directory, $(O) (default build/),
# so a fresh clone rebuilds from scratch and `make distclean` is rm -rf.
# Stages hand each other files: kernel Image + initramfs -> run directory
# (console.log, results/, manifest) -> analysis outputs in the run directory.

SRC := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
O ?= build
override O := $(abspath $(O))
V ?= 0
export V
# V=1 and the quiet lines, as in every folder's Makefile
include $(SRC)/scripts/Makefile.include
JOBS ?= $(shell nproc)
ARCH := arm64
CROSS_COMPILE ?= aarch64-linux-gnu-
export CROSS_COMPILE

# The kernels go through ccache only when asked (CCACHE=1).  It pays back
# when the same sources are built again: a changed series, which rebuilds
# the tree from scratch, another clone, a CI machine's next run.  A first
# build pays for it and gets nothing: on 2 cores the kernel built in 129 s
# without it, 150 s into an empty cache and 25 s from a warm one (the old
# config, back to back: 153 s and 177 s).
CCACHE ?= 0
ifeq ($(filter 0 1,$(CCACHE)),)
$(error CCACHE=$(CCACHE): 0 (the default) or 1)
endif
# ccache keys on paths; make them relative to the build directory so that
# another clone hits the same cache.
export CCACHE_BASEDIR := $(O)
# Depend mode: a miss takes the compiler's own dependency file (Kbuild
# passes -MMD) instead of running the preprocessor a second time (247 s
# into an empty cache in the default mode, at an older config).
export CCACHE_DEPEND := 1

# Debug kernels.  DEBUG=1 adds configs/debug.config (lockdep, RCU and
# atomic-sleep checking, debug objects, lockup detectors), DEBUG=kcsan
# configs/kcsan.config (the data-race detector), DEBUG=kasan
# configs/kasan.config (KASAN, UBSAN).  A debug kernel is a flavour: its
# objects, module, initramfs, runs and test outputs get the suffix -debug,
# -kcsan or -kasan ($(O)/kernel-debug, $(O)/sim-driver-debug,
# $(O)/initramfs-debug.cpio.gz, $(O)/runs-debug, ...) so that it never
# clobbers the normal build, while the patched source tree $(O)/linux is
# shared.  Every make target works on the flavour DEBUG selects.
DEBUG ?=
DEBUG_SUFFIXES := -debug -kcsan -kasan
ifeq ($(filter-out 0,$(DEBUG)),)
  FLAVOUR :=
else ifeq ($(DEBUG),1)
  FLAVOUR := -debug
  DEBUG_FRAGMENT := debug.config
else ifneq ($(filter kcsan kasan,$(DEBUG)),)
  FLAVOUR := -$(DEBUG)
  DEBUG_FRAGMENT := $(DEBUG).config
else
  $(error DEBUG=$(DEBUG): expected 1 (lockdep: debug.config), kcsan (kcsan.config) or kasan (kasan.config))
endif

KTREE := $(O)/linux
KOBJ := $(O)/kernel$(FLAVOUR)
IMAGE := $(KOBJ)/arch/arm64/boot/Image
KTREE_STAMP := $(KTREE)/.idlesim-tree
KCONFIG_STAMP := $(KOBJ)/.idlesim-config
KBUILD_STAMP := $(KOBJ)/.idlesim-built
INITRD := $(O)/initramfs$(FLAVOUR).cpio.gz
# The SoC the sim driver plays (socs/): a name there or a path to a .soc
# file; empty, the driver's own (socs/simsoc.soc).  Another SoC's runs,
# reports and sweeps have directories of their own.
SOC ?=
SOC_NAME := $(filter-out simsoc,$(notdir $(basename $(SOC))))
# The CPUs a scenario run boots: empty, the scenario's own "cpus" (the
# SoC's first CPUs); soc, every CPU of the SoC; or a number.
CPUS ?=
# How cluster and SoC states are decided: empty, per CPU (a CPU masks them
# while a sibling runs); genpd, by the last CPU of each domain, with genpd
# and its CPU domain governor (sim-driver/simsoc_domain.c).
DOMAINS ?=
# What menu and teo do about the tick for a state the driver's mask alone
# kept out (cpuidle.masked_tick): empty, the kernel's default (until); off,
# decide as 6.1 did; always, keep it (v2 of the series).
MASKED_TICK ?=
# How the workload's busy bursts keep their CPU busy: empty or halt,
# halted in the sim driver's "burst", executing nothing, so that a burst
# costs no host time (sim-driver/simsoc_burst.c); spin, executing a loop
# of its length in instructions.
BUSY ?=
SOC_SUFFIX := $(if $(SOC_NAME),-$(SOC_NAME))$(if $(CPUS),-cpus-$(CPUS))$(if $(DOMAINS),-domains-$(DOMAINS))$(if $(MASKED_TICK),-masked_tick-$(MASKED_TICK))$(if $(BUSY),-busy-$(BUSY))
SOC_TOOL := $(O)/socs/idlesim-soc
SOC_SRCS := $(wildcard $(SRC)/socs/Makefile $(SRC)/scripts/Makefile.include $(SRC)/socs/src/*.[ch] $(SRC)/include/idlesim/*.h $(SRC)/lib/*.c)
RUNS := $(O)/runs$(FLAVOUR)$(SOC_SUFFIX)
LOGS := $(O)/logs
STEP := $(SRC)/scripts/step.sh

# Fragments merged onto tinyconfig: base, plus the KUnit suites when
# present, plus the debug flavour's.
FRAGMENTS := $(SRC)/kernel-patches/configs/base.config \
	$(wildcard $(SRC)/kernel-patches/configs/kunit.config) \
	$(if $(DEBUG_FRAGMENT),$(SRC)/kernel-patches/configs/$(DEBUG_FRAGMENT))
KCONFIG_LOOSE ?= 0

SERIES_FILES := $(SRC)/kernel-patches/series \
	$(addprefix $(SRC)/kernel-patches/,$(shell sed -e 's/\#.*//' $(SRC)/kernel-patches/series 2>/dev/null))

# The sub-makes run on JOBS cores unless this make has jobs of its own
# (make -jN, or the side-by-side builds of run-builds) to share with them;
# their recipes start with + to be handed the job slots.
JOBS_FLAG = $(if $(findstring -j,$(MAKEFLAGS)),,-j$(JOBS))
# the host tools' own makes: quiet about what is up to date, unless V=1
SUBMAKE = $(MAKE) $(if $(filter 1,$(V)),,-s) $(JOBS_FLAG)
# Reproducible kernel builds: no host name or date in the image.
KMAKE = $(MAKE) -C $(KTREE) O=$(KOBJ) ARCH=$(ARCH) CROSS_COMPILE=$(CROSS_COMPILE) \
	$(if $(filter 1,$(CCACHE)),CC="ccache $(CROSS_COMPILE)gcc") \
	KBUILD_BUILD_TIMESTAMP=1970-01-01 KBUILD_BUILD_USER=idlesim \
	KBUILD_BUILD_HOST=idlesim KBUILD_BUILD_VERSION=1 $(JOBS_FLAG) $(if $(filter 1,$(V)),V=1)

# The simulated SoC driver, built out of tree from a copy in $(O).
# Each flavour has its copy: a module is built against the kernel it is
# loaded into.
SIMDRV_SRCS := $(wildcard $(SRC)/sim-driver/*.[ch] $(SRC)/sim-driver/Kbuild $(SRC)/sim-driver/default-soc.sh \
	$(SRC)/include/idlesim/*.h)
SIMDRV_DIR := $(O)/sim-driver$(FLAVOUR)
SIMDRV_KO := $(if $(wildcard $(SRC)/sim-driver/Kbuild),$(SIMDRV_DIR)/simsoc.ko)

# Our own guest programs: one static arm64 binary per C file.
GUEST_CC := $(CROSS_COMPILE)gcc
GUEST_CFLAGS := -static -O2 -Wall -Wextra -Werror -std=gnu11 $(PATH_MAP) -I$(SRC)/include
GUEST_PROG_SRCS := $(wildcard $(SRC)/sim-driver/tools/*.c)
GUEST_PROGS := $(patsubst %.c,$(O)/guest-bin/%,$(notdir $(GUEST_PROG_SRCS)))

# The workload generator (workloads/): static for the guest, native for
# checking scenario files on the host before any boot.
WORKLOAD_BIN := $(if $(wildcard $(SRC)/workloads/Makefile),$(O)/workloads/idlesim-workload)
WORKLOAD_HOST := $(if $(WORKLOAD_BIN),$(O)/workloads/host/idlesim-workload)
# built with it (workloads' host target): an rt-app JSON as a scenario
RTAPP_TOOL := $(if $(WORKLOAD_BIN),$(O)/workloads/host/idlesim-rtapp)
# an rt-app workload without a duration runs until its tasks end, at most
# this many seconds (empty: idlesim-rtapp's default, 60)
RTAPP_CAP ?=
WORKLOAD_SRCS := $(wildcard $(SRC)/workloads/Makefile $(SRC)/scripts/Makefile.include $(SRC)/workloads/src/*.[ch] $(SRC)/include/idlesim/*.h $(SRC)/lib/*.c)
GUEST_PROGS += $(WORKLOAD_BIN)

# Everything in the initramfs but the module is staged while the kernel
# builds; only the module and the archive wait for it.
ROOTFS_STAGE := $(O)/rootfs$(FLAVOUR)
ROOTFS_STAGED := $(O)/.rootfs$(FLAVOUR)-staged
ROOTFS_INPUTS := $(SRC)/scripts/mkrootfs.sh $(SRC)/guest-rootfs/init \
	$(SRC)/guest-rootfs/packages $(DEPS_STAMP) \
	$(shell find $(SRC)/guest-rootfs/overlay -type f 2>/dev/null) \
	$(GUEST_PROGS)

# Run parameters
SMP ?= 4
TIMEOUT ?= 600
MEM ?= 512M
# Guest time is a count of instructions: 2^shift ns each (shift=0: a
# 1000 MIPS CPU, as fast as icount goes, so that a kernel path takes
# about the time its instructions take on a 1 GHz in-order core), idle
# time skipped (sleep=off).  A fixed shift makes runs reproducible;
# REPRODUCIBLE=0 allows shift=auto, sleep=on or ICOUNT=off.
ICOUNT ?= shift=0,sleep=off
REPRODUCIBLE ?= 1
# A debug kernel's runs print every kernel message on the console, where
# scripts/splat-check.sh reads them: most of a report is KERN_WARNING or
# below, which the runner's "quiet" keeps off it.
DEBUG_APPEND ?= loglevel=8
# What latency budgets are judged on: soc (modelled exit latency + the
# guest's own path), total (+ the emulator's wake-up delay), guest (as
# the guest measured it).  See docs/ARCHITECTURE.md.
LATENESS ?= soc
# the timeline's window, START:LEN in ms from the workload's start
WINDOW ?= 0:200
GOVERNOR ?= menu
GOVERNORS ?= menu_deepest menu
SCENARIO ?=
JOB ?=
COMPARE_SCENARIO ?= $(if $(SCENARIO),$(SCENARIO),audio)
# seeds per governor: 3 for compare, so that its first table has an
# interval (at the default ICOUNT and BUSY they cost seconds), else 1
REPEATS ?= $(if $(filter compare,$(MAKECMDGOALS)),3,1)
# make tune
empty :=
space := $(empty) $(empty)
comma := ,
STATE ?=
VALUES ?=
GRID ?=
KNOB ?= residency
BUDGET ?=
MISSES ?= 1%
CHUNK ?=
EXPORT ?=
TUNE_NAME = $(subst $(space),+,$(notdir $(basename $(SCENARIO))))-$(if $(GRID),grid,$(STATE))
OUT ?= $(O)/tune$(FLAVOUR)$(SOC_SUFFIX)/$(TUNE_NAME)

.DEFAULT_GOAL := help
.PHONY: help deps deps-test kernel module rootfs guest-bin analysis run-builds run compare report tune scenarios socs board test bench \
	check test-debug \
	check-run-params check-soc check-scenarios \
	clean distclean kernel-tree kernelversion check-series FORCE

help:
	@echo 'idlesim: power-simulation harness for Linux cpuidle'
	@echo
	@echo 'Set-up and build:'
	@echo '  deps        - install host packages (apt-get), download the guest arm64 packages'
	@echo '  deps-test   - also what only the tests need (clang, valgrind, Slurm, a headless browser)'
	@echo '  kernel      - patched 6.1 arm64 Image from kernel-patches/ (series + configs/)'
	@echo '  check-series - apply the series patch by patch; each must build and pass checkpatch'
	@echo '  module      - the simulated SoC cpuidle driver (sim-driver/)'
	@echo '  rootfs      - the guest initramfs ($(notdir $(INITRD)))'
	@echo '  analysis    - host analysis tools (plain, ASan+UBSan, libFuzzer)'
	@echo
	@echo 'Running:'
	@echo '  scenarios   - list the workload scenarios'
	@echo '  socs        - list the SoC descriptions (socs/); SOC=name|file.soc on run, compare,'
	@echo '                report and tune plays that SoC (default: socs/simsoc.soc)'
	@echo '  board       - a board trace priced under SOC: TRACE=board.dat [WITH=rundir of a simulated'
	@echo '                run]: $$(O)/board/NAME/index.html'
	@echo '  run         - run SCENARIO=name under GOVERNOR (or a raw guest JOB=script)'
	@echo '  compare     - SCENARIO (default audio) under each of GOVERNORS, compared, with plots;'
	@echo '                REPEATS=n runs n seeds each (default 3): means, 95% intervals, significance'
	@echo '  report      - every scenario compared (REPORT_SCENARIOS, GOVERNORS, REPEATS) on one'
	@echo '                HTML page with plots: $$(O)/report/index.html; current comparisons are reused;'
	@echo '                BOARD="t.dat[=scenario] ..." adds board traces (BOARD_OPTS for idlesim-analyze board)'
	@echo '  tune        - sweep a state threshold: SCENARIO="a b" STATE=core-off VALUES=500,1000'
	@echo '                (or lo:hi:step, us) or GRID="s2=a,b s3=lo:hi:step"; KNOB=residency|exit,'
	@echo '                REPEATS, BUDGET=1ms, MISSES=1%, JOBS, CHUNK (points per boot),'
	@echo '                EXPORT=parallel|slurm, OUT=dir (default $$(O)/tune/SCENARIO-STATE)'
	@echo
	@echo 'Checking:'
	@echo '  check       - the tests that boot no guest (marked "tier: check"): parsers, analysis, style'
	@echo '  test        - the whole test suite (tests/NN-*.sh; T=pattern runs some)'
	@echo '  bench       - benchmarks (T=pattern runs some); figures go to $$(O)/bench/'
	@echo '  test-debug  - KUnit, the sim-driver guest jobs and every scenario on the debug kernels'
	@echo '                (DEBUG=1, kcsan, kasan; DEBUG= picks one), failing on any kernel splat;'
	@echo '                DEBUG_SET=quick: what tests/32 runs; outputs in $$(O)/runs-FLAVOUR/test-debug/'
	@echo
	@echo 'Cleaning:'
	@echo '  clean       - remove everything built or run under O= (kernel tree, images, tools, runs, reports), keep the downloads'
	@echo '  distclean   - remove the whole build directory $$(O)'
	@echo
	@echo 'Variables:'
	@echo '  O=dir              build directory (default build/, now $(O))'
	@echo '  V=1                show full commands and their output'
	@echo '  JOBS=n             parallel build jobs, runs and tests (default nproc = $(JOBS))'
	@echo '  CCACHE=1           build the kernels through ccache: dearer the first time, far'
	@echo '                     cheaper when the same sources are built again (a changed series)'
	@echo '  KCONFIG_LOOSE=1    report config options that did not land, and build anyway'
	@echo '  DEBUG=1|kcsan|kasan  build and run a debug kernel: configs/debug.config (lockdep, RCU,'
	@echo '                     atomic sleep), kcsan.config or kasan.config (+UBSAN), in its own'
	@echo '                     $$(O)/kernel-debug, sim-driver-debug, initramfs-debug.cpio.gz, runs-debug, ...'
	@echo '  SMP=n MEM=size TIMEOUT=s GOVERNOR=name GOVERNORS="a b"   run parameters'
	@echo '  CPUS=soc|n         CPUs a scenario run boots (default: the scenario'"'"'s cpus, the SoC'"'"'s'
	@echo '                     first); soc: all of the SoC'"'"'s, its other clusters idling beside the'
	@echo '                     workload; runs, reports and sweeps go to directories ending -cpus-CPUS'
	@echo '  DOMAINS=genpd      cluster and SoC states chosen by the last CPU of each domain (genpd),'
	@echo '                     not masked per CPU while a sibling runs; runs etc. go to -domains-genpd'
	@echo '  MASKED_TICK=off|always|until  the tick for a state the driver'"'"'s mask alone kept out:'
	@echo '                     decided as 6.1 did, always kept, or by when the exclusion ends'
	@echo '                     (the default); runs etc. go to -masked_tick-POLICY'
	@echo '  BUSY=halt|spin     the workload'"'"'s busy bursts halt the CPU (the default: no instructions,'
	@echo '                     no host time) or spin; runs etc. go to -busy-MODE'
	@echo '  RTAPP_CAP=S        an rt-app JSON without a duration runs until its tasks end, at most'
	@echo '                     S seconds (default 60)'
	@echo '  ICOUNT=opts|off    QEMU -icount (default $(ICOUNT): 2^shift ns per guest instruction)'
	@echo '  REPRODUCIBLE=0     allow ICOUNT settings whose runs depend on the host (shift=auto, sleep=on, off)'
	@echo '  LATENESS=soc|total|guest  what latency budgets are judged on (default soc: modelled'
	@echo '                     exit latency + guest path; total adds the emulator delay)'
	@echo '  WINDOW=START:LEN   the timeline plots'"'"' window, ms from the workload'"'"'s start (default 0:200)'

# Every build step depends on the stamp, so that on a fresh machine `make
# compare` installs what it needs; `make deps` re-checks unconditionally.
# What only the tests need (a fuzzer's compiler, valgrind, Slurm, a
# browser) comes with `make test` (and `make deps-test`).
DEPS_STAMP := $(O)/.idlesim-deps
TEST_DEPS_STAMP := $(O)/.idlesim-deps-test

deps:
	$(Q)$(SRC)/scripts/deps.sh $(O)
	$(Q)touch $(DEPS_STAMP)

deps-test:
	$(Q)$(SRC)/scripts/deps.sh --test $(O)
	$(Q)touch $(DEPS_STAMP) $(TEST_DEPS_STAMP)

$(DEPS_STAMP): $(SRC)/scripts/deps.sh $(SRC)/guest-rootfs/packages
	$(Q)$(SRC)/scripts/deps.sh $(O)
	$(Q)touch $@

$(TEST_DEPS_STAMP): $(SRC)/scripts/deps.sh $(SRC)/guest-rootfs/packages | $(DEPS_STAMP)
	$(Q)$(SRC)/scripts/deps.sh --test $(O)
	$(Q)touch $@

# --- kernel -----------------------------------------------------------------

# Always asked, cheap when nothing changed: the stamp is only rewritten when
# the tree is rebuilt, and that is what the config and build steps key on.
kernel-tree $(KTREE_STAMP): $(DEPS_STAMP) FORCE
	$(Q)$(SRC)/scripts/kernel-tree.sh $(O) $(SRC)/kernel-patches

$(KCONFIG_STAMP): $(KTREE_STAMP) $(FRAGMENTS) $(SRC)/scripts/kconfig.sh
	@echo '  [kconfig] $(notdir $(FRAGMENTS)) onto tinyconfig$(if $(FLAVOUR), in $(notdir $(KOBJ)))'
	$(Q)$(SRC)/scripts/kconfig.sh $(if $(filter 1,$(KCONFIG_LOOSE)),--loose) \
		$(KTREE) $(KOBJ) $(FRAGMENTS)
	$(Q)touch $@

$(KBUILD_STAMP): $(KCONFIG_STAMP) $(KTREE_STAMP)
	+$(Q)$(STEP) kernel "building Image$(if $(FLAVOUR), in $(notdir $(KOBJ)))$(if $(filter 1,$(CCACHE)), (ccache))" \
		$(LOGS)/kernel$(FLAVOUR).log $(KMAKE) Image modules
	$(Q)touch $@

kernel: $(KBUILD_STAMP)

# Every patch builds on its own (slow: one incremental build per patch).
check-series: $(KTREE_STAMP)
	$(Q)$(SRC)/scripts/check-series.sh $(O) $(SRC)/kernel-patches $(FRAGMENTS)

kernelversion: $(KTREE_STAMP)
	@cat $(KTREE)/.idlesim-version

# --- module and guest programs ----------------------------------------------

module: $(SIMDRV_KO)

ifneq ($(SIMDRV_KO),)
$(SIMDRV_KO): $(KBUILD_STAMP) $(SIMDRV_SRCS) $(SOC_TOOL) $(SRC)/socs/simsoc.soc
	$(Q)mkdir -p $(SIMDRV_DIR)
	$(Q)rsync -a --exclude tools --exclude tests $(SRC)/sim-driver/ $(SIMDRV_DIR)/
	$(Q)rsync -a $(SRC)/include/ $(SIMDRV_DIR)/include/
	$(Q)$(SRC)/sim-driver/default-soc.sh $(SOC_TOOL) $(SRC)/socs/simsoc.soc \
		$(SIMDRV_DIR)/simsoc_default.h
	+$(Q)$(STEP) module "building simsoc.ko$(if $(FLAVOUR), in $(notdir $(SIMDRV_DIR)))" $(LOGS)/module$(FLAVOUR).log \
		$(KMAKE) M=$(SIMDRV_DIR) modules
	@# Kbuild leaves an up-to-date module alone: the stamp is the .ko itself
	$(Q)touch $@
endif

guest-bin: $(GUEST_PROGS)

ifneq ($(WORKLOAD_BIN),)
$(WORKLOAD_BIN): $(WORKLOAD_SRCS) $(DEPS_STAMP)
	+$(Q)$(SUBMAKE) -C $(SRC)/workloads O=$(O)/workloads guest

$(WORKLOAD_HOST) $(RTAPP_TOOL) &: $(WORKLOAD_SRCS) $(DEPS_STAMP)
	+$(Q)$(SUBMAKE) -C $(SRC)/workloads O=$(O)/workloads host
endif

# The SoC descriptions' host tool (socs/): checks, the driver's parameter,
# imports from device trees.
$(SOC_TOOL): $(SOC_SRCS) $(DEPS_STAMP)
	+$(Q)$(SUBMAKE) -C $(SRC)/socs O=$(O)/socs tool

socs: $(SOC_TOOL)
	$(Q)$(SOC_TOOL) describe $(SRC)/socs/*.soc

$(O)/guest-bin/%: $(SRC)/sim-driver/tools/%.c $(wildcard $(SRC)/include/idlesim/*.h) \
		$(SRC)/scripts/Makefile.include
	@echo '  [cc]     $(notdir $@) (static arm64)'
	$(Q)mkdir -p $(dir $@)
	$(Q)$(GUEST_CC) $(GUEST_CFLAGS) -o $@ $<

# --- guest initramfs ---------------------------------------------------------

rootfs: $(INITRD)

$(ROOTFS_STAGED): $(ROOTFS_INPUTS)
	$(Q)$(STEP) rootfs "staging $(notdir $(ROOTFS_STAGE))" $(LOGS)/rootfs$(FLAVOUR)-stage.log \
		$(SRC)/scripts/mkrootfs.sh stage --work $(ROOTFS_STAGE) --debs $(O)/debs \
		--init $(SRC)/guest-rootfs/init --overlay $(SRC)/guest-rootfs/overlay \
		$(addprefix --bin ,$(GUEST_PROGS))
	$(Q)touch $@

$(INITRD): $(ROOTFS_STAGED) $(SIMDRV_KO)
	$(Q)$(STEP) rootfs "assembling $(notdir $@)" $(LOGS)/rootfs$(FLAVOUR).log \
		$(SRC)/scripts/mkrootfs.sh pack --work $(ROOTFS_STAGE) --out $@ \
		$(addprefix --module ,$(SIMDRV_KO))

# --- host analysis -------------------------------------------------------------

ANALYZE := $(O)/analysis/idlesim-analyze
# with the SoC parser and model it shares with socs/
ANALYSIS_SRCS := $(wildcard $(SRC)/analysis/*.[ch] $(SRC)/analysis/Makefile $(SRC)/scripts/Makefile.include $(SRC)/socs/src/soc*.[ch] $(SRC)/include/idlesim/*.h $(SRC)/lib/*.c)

analysis: $(ANALYZE)

$(ANALYZE): $(ANALYSIS_SRCS) $(DEPS_STAMP)
	+$(Q)$(SUBMAKE) -C $(SRC)/analysis O=$(O)/analysis all

# the tests' builds of it: with ASan and UBSan, and the trace reader's
# fuzzer (clang), off the path of a run
ANALYZE_CHECKS := $(O)/analysis/san/idlesim-analyze $(O)/analysis/fuzz/fuzz-trace

$(ANALYZE_CHECKS) &: $(ANALYSIS_SRCS) $(TEST_DEPS_STAMP)
	+$(Q)$(SUBMAKE) -C $(SRC)/analysis O=$(O)/analysis sanitize fuzz

# --- running ------------------------------------------------------------------

RUN_ENV_VARS = IDLESIM_KERNEL=$(IMAGE) IDLESIM_INITRD=$(INITRD) IDLESIM_KTREE=$(KTREE) \
	IDLESIM_KOBJ=$(KOBJ) IDLESIM_O=$(O) IDLESIM_RUN=$(SRC)/scripts/run-guest.sh \
	IDLESIM_SMP=$(SMP) IDLESIM_MEM=$(MEM) IDLESIM_TIMEOUT=$(TIMEOUT) IDLESIM_ICOUNT=$(ICOUNT) \
	IDLESIM_REPRODUCIBLE=$(REPRODUCIBLE) IDLESIM_LATENESS=$(LATENESS) IDLESIM_WINDOW=$(WINDOW) \
	IDLESIM_ANALYZE=$(ANALYZE) IDLESIM_WORKLOAD_HOST=$(WORKLOAD_HOST) IDLESIM_SRC=$(SRC) \
	IDLESIM_REPEATS=$(REPEATS) IDLESIM_RUNS=$(RUNS) IDLESIM_SIMSOC_KO=$(SIMDRV_KO) \
	IDLESIM_APPEND='$(if $(FLAVOUR),$(DEBUG_APPEND))' \
	IDLESIM_SOC=$(SOC) IDLESIM_CPUS=$(CPUS) IDLESIM_SOC_TOOL=$(SOC_TOOL) IDLESIM_VERBOSE=$(V) \
	IDLESIM_DOMAINS=$(DOMAINS) IDLESIM_MASKED_TICK=$(MASKED_TICK) IDLESIM_BUSY=$(BUSY) \
	IDLESIM_RTAPP=$(RTAPP_TOOL) IDLESIM_RTAPP_CAP=$(RTAPP_CAP) IDLESIM_JOBS=$(JOBS)
# With their names, for the scripts that pass the same environment on to
# jobs they export (make tune EXPORT=): the list above is the only one.
RUN_ENV = $(RUN_ENV_VARS) IDLESIM_RUN_VARS="$(filter IDLESIM_%,$(subst =, ,$(RUN_ENV_VARS)))"

# First, so that a bad ICOUNT costs no build.
# The SoC and the scenarios the goal runs are checked as soon as their
# host tools are built: before the kernel, module and initramfs.
RUN_DEPS := check-run-params $(SOC_TOOL) $(if $(SOC),check-soc) $(WORKLOAD_HOST) $(RTAPP_TOOL) \
	check-scenarios run-builds

# What a run needs, built once its parameters, SoC and scenarios have
# passed their checks, JOBS jobs in all: the kernel (extracted,
# configured, built, then the module and the initramfs) beside the host
# analysis and the guest programs, which build while the kernel source is
# extracted and configured on one CPU.  make test adds the analysis's
# sanitized build and fuzzer.
RUN_BUILDS = $(KBUILD_STAMP) $(INITRD) $(ANALYZE) $(if $(filter test,$(MAKECMDGOALS)),$(ANALYZE_CHECKS))

run-builds: check-run-params $(if $(SOC),check-soc) check-scenarios \
		$(if $(filter test,$(MAKECMDGOALS)),$(TEST_DEPS_STAMP))
	+$(Q)$(MAKE) $(JOBS_FLAG) $(RUN_BUILDS)

check-soc: $(SOC_TOOL)
	$(Q)IDLESIM_SOC_TOOL=$(SOC_TOOL) IDLESIM_SRC=$(SRC) $(SRC)/scripts/check-soc.sh '$(SOC)'

# the scenarios of the goals given: run and tune SCENARIO, compare
# COMPARE_SCENARIO, report REPORT_SCENARIOS
CHECK_SCENARIOS = $(if $(filter run tune,$(MAKECMDGOALS)),$(SCENARIO)) \
	$(if $(filter compare,$(MAKECMDGOALS)),$(COMPARE_SCENARIO)) \
	$(if $(filter report,$(MAKECMDGOALS)),$(REPORT_SCENARIOS))

check-scenarios: $(SOC_TOOL) $(WORKLOAD_HOST) $(RTAPP_TOOL)
	$(Q)$(if $(strip $(CHECK_SCENARIOS)),,: )IDLESIM_SOC_TOOL=$(SOC_TOOL) IDLESIM_SOC='$(SOC)' IDLESIM_CPUS='$(CPUS)' IDLESIM_WORKLOAD_HOST=$(WORKLOAD_HOST) \
		IDLESIM_RTAPP=$(RTAPP_TOOL) IDLESIM_RTAPP_CAP=$(RTAPP_CAP) \
		IDLESIM_SRC=$(SRC) $(SRC)/scripts/check-scenarios.sh $(CHECK_SCENARIOS)

check-run-params:
	$(Q)$(SRC)/scripts/check-icount.sh '$(ICOUNT)' '$(REPRODUCIBLE)'
	$(Q)case '$(DOMAINS)' in ''|genpd) ;; *) echo "DOMAINS=$(DOMAINS): expected genpd, or nothing for per-CPU masks" >&2; exit 2 ;; esac
	$(Q)case '$(MASKED_TICK)' in ''|off|always|until) ;; *) echo "MASKED_TICK=$(MASKED_TICK): expected off, always or until" >&2; exit 2 ;; esac
	$(Q)case '$(BUSY)' in ''|halt|spin) ;; *) echo "BUSY=$(BUSY): expected halt or spin" >&2; exit 2 ;; esac
	$(Q)case '$(LATENESS)' in soc|total|guest) ;; \
	*) echo "LATENESS=$(LATENESS): expected soc, total or guest" >&2; exit 2 ;; esac
	$(Q)echo '$(WINDOW)' | grep -qxE '[0-9]+:[1-9][0-9]*' || \
	{ echo "WINDOW=$(WINDOW): expected START:LEN, ms from the workload's start (e.g. 3900:200)" >&2; exit 2; }

# A scenario (the usual case) or a raw guest job script (JOB=).
run: $(RUN_DEPS)
ifneq ($(SCENARIO),)
	$(Q)$(RUN_ENV) $(SRC)/scripts/run-scenario.sh $(SCENARIO) $(GOVERNOR) \
		$(RUNS)/$(notdir $(basename $(SCENARIO)))/$(GOVERNOR)
	@echo '  [run]    $(RUNS)/$(notdir $(basename $(SCENARIO)))/$(GOVERNOR)'
else ifneq ($(JOB),)
	$(Q)test -f "$(JOB)" || { echo 'run: JOB=$(JOB): no such file' >&2; exit 2; }
	$(Q)$(RUN_ENV) $(SRC)/scripts/run-guest.sh --job $(JOB) --force \
		--rundir $(RUNS)/jobs/$(notdir $(basename $(JOB)))-$(GOVERNOR) --governor $(GOVERNOR)
else
	@echo 'run: say what to run: make run SCENARIO=name [GOVERNOR=g], or JOB=guest-script.sh' >&2
	@exit 2
endif

# The main job: one scenario and seed under each of GOVERNORS, compared.
compare: $(RUN_DEPS)
	$(Q)$(RUN_ENV) $(SRC)/scripts/compare.sh $(COMPARE_SCENARIO) \
		$(RUNS)/$(notdir $(basename $(COMPARE_SCENARIO))) $(GOVERNORS)

# Every scenario's comparison on one page.  audio-long is the benchmark's.
REPORT_SCENARIOS ?= $(filter-out audio-long,$(notdir $(basename $(wildcard $(SRC)/workloads/scenarios/*.ini))))
BOARD ?=
BOARD_OPTS ?=

report: $(RUN_DEPS)
	$(Q)$(RUN_ENV) IDLESIM_GOVERNORS="$(GOVERNORS)" IDLESIM_BOARD="$(BOARD)" \
		IDLESIM_BOARD_OPTS="$(BOARD_OPTS)" $(SRC)/scripts/report.sh $(O)/report$(FLAVOUR)$(SOC_SUFFIX) $(REPORT_SCENARIOS)

# Threshold tuning: scripts/tune.sh checks the sweep, runs it under GNU
# parallel (or exports it) and merges the results into $(OUT)/results/.
tune: $(RUN_DEPS)
	$(Q)$(RUN_ENV) $(SRC)/scripts/tune.sh --out $(OUT) --scenario "$(SCENARIO)" \
		$(if $(STATE),--state "$(STATE)") $(if $(VALUES),--values "$(VALUES)") \
		$(if $(GRID),--grid "$(GRID)") --knob "$(KNOB)" --repeats "$(REPEATS)" \
		$(if $(BUDGET),--budget "$(BUDGET)") --misses "$(MISSES)" --jobs "$(JOBS)" \
		$(if $(CHUNK),--chunk "$(CHUNK)") $(if $(EXPORT),--export "$(EXPORT)")

# A board's trace (power:cpu_idle) under an SoC description, on one page
# beside a simulated run of the same workload (WITH=run directory).
TRACE ?=
WITH ?=
board: $(ANALYZE) $(SOC_TOOL)
	$(Q)test -n "$(TRACE)" || { echo 'board: say which trace: make board TRACE=board.dat SOC=name [WITH=rundir]' >&2; exit 2; }
	$(Q)$(RUN_ENV) $(SRC)/scripts/board.sh $(TRACE) $(or $(SOC),simsoc) \
		$(O)/board/$(notdir $(basename $(TRACE))) $(WITH)

scenarios: $(WORKLOAD_HOST)
	$(Q)for f in $(SRC)/workloads/scenarios/*.ini; do \
		$(WORKLOAD_HOST) --describe $$f || exit 1; \
	done

# --- checking -----------------------------------------------------------------

test: $(TEST_DEPS_STAMP) $(RUN_DEPS) $(ANALYZE_CHECKS)
	$(Q)$(RUN_ENV) IDLESIM_TEST_JOBS=$(JOBS) $(SRC)/scripts/run-tests.sh $(SRC)/tests $(O)/tests$(FLAVOUR) $(T)

# the tests that boot no guest: no kernel build, no image (the checkpatch
# ones read the extracted source tree)
check: $(TEST_DEPS_STAMP) $(KTREE_STAMP) $(SOC_TOOL) $(WORKLOAD_HOST) $(RTAPP_TOOL) \
		$(ANALYZE) $(ANALYZE_CHECKS)
	$(Q)$(RUN_ENV) IDLESIM_TIER=check IDLESIM_TEST_JOBS=$(JOBS) $(SRC)/scripts/run-tests.sh $(SRC)/tests $(O)/tests$(FLAVOUR) $(T)

bench: $(RUN_DEPS)
	$(Q)$(RUN_ENV) $(SRC)/scripts/bench.sh $(O)/bench$(FLAVOUR) $(T)

# --- debug kernels ------------------------------------------------------------

# The series' KUnit suites, the sim driver's guest jobs (tests/40) and every
# standard scenario on a debug kernel, failing on any splat in a console
# log (scripts/test-debug.sh, scripts/splat-check.sh).  Without DEBUG= every
# flavour, one after the other; DEBUG=1, kcsan or kasan runs one.
# DEBUG_SET=quick is what tests/32 runs in every make test: the cpuidle_core
# suite and two of the jobs, shortened; no scenario.  DEBUG_OUT moves the
# outputs (one subdirectory per flavour when there are several).
DEBUG_FLAVOURS := 1 kcsan kasan
DEBUG_SET ?= full
DEBUG_OUT ?= $(RUNS)/test-debug
DEBUG_TIMEOUT ?= 3600

ifeq ($(FLAVOUR),)
test-debug:
	$(Q)st=0; for d in $(DEBUG_FLAVOURS); do \
		$(MAKE) DEBUG=$$d test-debug \
			$(if $(filter command line,$(origin DEBUG_OUT)),DEBUG_OUT=$(DEBUG_OUT)/$$d) || st=1; \
	done; exit $$st
else
test-debug: $(RUN_DEPS)
	@echo '  [debug]  $(if $(filter quick,$(DEBUG_SET)),KUnit and sim-driver jobs,KUnit$(comma) sim-driver jobs and scenarios) on $(notdir $(KOBJ)) -> $(DEBUG_OUT)'
	$(Q)case '$(DEBUG_SET)' in quick|full) ;; \
	*) echo "DEBUG_SET=$(DEBUG_SET): expected quick or full" >&2; exit 2 ;; esac
	$(Q)$(RUN_ENV) IDLESIM_GOVERNORS='$(GOVERNORS)' DEBUG_TIMEOUT=$(DEBUG_TIMEOUT) $(SRC)/scripts/test-debug.sh \
		$(if $(filter quick,$(DEBUG_SET)),--quick) $(DEBUG_OUT)
endif

# --- cleaning -----------------------------------------------------------------

# every flavour's (DEBUG=), whichever is selected
# Everything built or run under $(O) (kernels, tools, images, runs,
# reports, sweeps, benchmarks) but the guest's downloaded packages and the
# stamps that say the host has its own: the next build starts from the
# sources without a download.  distclean removes $(O) whole.
clean:
	$(Q)[ ! -d $(O) ] || find $(O) -mindepth 1 -maxdepth 1 ! -name debs \
		! -name '.idlesim-deps*' -exec rm -rf {} +

distclean:
	$(Q)rm -rf $(O)

FORCE:
