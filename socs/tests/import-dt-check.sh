#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# import-dt-check.sh TOOL OUTDIR: imports of small device trees written
# here, for what no shipped board shows: clusters that only the PSCI
# power-domain hierarchy defines, that hierarchy against a cpu-map that
# disagrees, and states whose figures are out of order.  Needs cpp and
# dtc, as the importer does; no kernel tree.
set -u
tool=${1:?usage: import-dt-check.sh TOOL OUTDIR} out=${2:?}
mkdir -p "$out"
fail=0
bad() { echo "$*" >&2; fail=1; }

# import NAME: $out/NAME.dts to $out/NAME.soc and $out/NAME.log, exit 0
import() {
	"$tool" import "$out/$1.dts" >"$out/$1.soc" 2>"$out/$1.log" ||
		{ bad "import of $1.dts failed:"; cat "$out/$1.log" >&2; }
}

# The '?' of an import filled as a person would, so that check can judge
# the rest: the booting CPU as the file suggests, powers halving with depth.
fill() {
	local lc
	lc=$(sed -n 's/^# first of \/cpus: linux_cpus = //p' "$1")
	sed -e "s/^linux_cpus = ?/linux_cpus = $lc/" \
	    -e 's/^active_leak = ?/active_leak = 10mW/' \
	    -e 's/^opp = ? ? core=? cluster=?/opp = 1000MHz 900mV core=80mW cluster=20mW/' \
	    -e 's/ leak=? leak_doubling=?/ leak=1000uW leak_doubling=20C/' "$1" |
	awk '/^state WFI = /{ p = 32000 }
	     /^state .*power=\?/{ sub(/power=\?/, "power=" p "uW"); p = int(p / 2) }
	     { print }'
}

# the [cluster] headers of FILE with their cpus and count lines, one line
sections() {
	sed -n '/^\[cluster /p; /^cpus = /p; /^count = /p' "$1" | sed 's/  #.*//' | tr '\n' ' '
}

# the off = of [state NAME] in FILE
off() { sed -n "/^\[state $2\]/,/^\[/s/^off = \([a-z]*\).*/\1/p" "$1"; }

# Two clusters, little and big, and a system domain above them, in the
# hierarchical PSCI layout (psci.yaml) and no cpu-map: cpuidle-psci-domain
# makes a genpd per node, each CPU's the child of its cluster's.
cat >"$out/pd.dts" <<'EOF'
/dts-v1/;
/ {
	model = "two clusters by PSCI domains";
	#address-cells = <2>;
	#size-cells = <2>;
	psci {
		compatible = "arm,psci-1.0";
		method = "smc";
		PD0: power-domain-cpu0 { #power-domain-cells = <0>; power-domains = <&PDC0>; domain-idle-states = <&CPU_OFF>; };
		PD1: power-domain-cpu1 { #power-domain-cells = <0>; power-domains = <&PDC0>; domain-idle-states = <&CPU_OFF>; };
		PD2: power-domain-cpu2 { #power-domain-cells = <0>; power-domains = <&PDC1>; domain-idle-states = <&CPU_OFF>; };
		PD3: power-domain-cpu3 { #power-domain-cells = <0>; power-domains = <&PDC1>; domain-idle-states = <&CPU_OFF>; };
		PDC0: power-domain-cluster0 { #power-domain-cells = <0>; power-domains = <&PDS>; domain-idle-states = <&CL_OFF>; };
		PDC1: power-domain-cluster1 { #power-domain-cells = <0>; power-domains = <&PDS>; domain-idle-states = <&CL_OFF>; };
		PDS: power-domain-system { #power-domain-cells = <0>; domain-idle-states = <&SYS_SLEEP>; };
	};
	cpus {
		#address-cells = <1>;
		#size-cells = <0>;
		/*CPU-MAP*/
		idle-states {
			entry-method = "psci";
			CPU_OFF: cpu-off { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x40000003>; entry-latency-us = <30>; exit-latency-us = <30>; min-residency-us = <200>; };
		};
		domain-idle-states {
			CL_OFF: cluster-off { compatible = "domain-idle-state"; arm,psci-suspend-param = <0x41000043>; entry-latency-us = <300>; exit-latency-us = <500>; min-residency-us = <2000>; };
			SYS_SLEEP: system-sleep { compatible = "domain-idle-state"; arm,psci-suspend-param = <0x42000443>; entry-latency-us = <1000>; exit-latency-us = <2000>; min-residency-us = <9000>; };
		};
		c0: cpu@0 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x0>; power-domains = <&PD0>; power-domain-names = "psci"; };
		c1: cpu@1 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x1>; power-domains = <&PD1>; power-domain-names = "psci"; };
		c2: cpu@100 { device_type = "cpu"; compatible = "arm,cortex-a72"; reg = <0x100>; power-domains = <&PD2>; power-domain-names = "psci"; };
		c3: cpu@101 { device_type = "cpu"; compatible = "arm,cortex-a72"; reg = <0x101>; power-domains = <&PD3>; power-domain-names = "psci"; };
	};
};
EOF
import pd
sects=$(sections "$out/pd.soc")
[ "$sects" = "[cluster a53] cpus = 2 [cluster a72] cpus = 2 " ] ||
	bad "pd.dts: sections '$sects', expected a53 and a72 of 2 CPUs each (one per PSCI cluster domain)"
grep -q '^cpus = 2  # /psci/power-domain-cluster1, the PSCI cluster domain' "$out/pd.soc" ||
	bad "pd.dts: the a72 cluster does not cite its PSCI cluster domain"
[ "$(off "$out/pd.soc" cpu-off) $(off "$out/pd.soc" cluster-off) $(off "$out/pd.soc" system-sleep)" = "core cluster soc" ] ||
	bad "pd.dts: cpu-off, cluster-off, system-sleep are not off = core, cluster, soc"
# each state line names the node its figures came from, for make tune
[ "$(sed -n 's/^state \(cluster-off\|system-sleep\|cpu-off\) = .* dt=\([^ ]*\).*/\1 \2/p' "$out/pd.soc" | sort -u | tr '\n' ' ')" = \
	"cluster-off /cpus/domain-idle-states/cluster-off cpu-off /cpus/idle-states/cpu-off system-sleep /cpus/domain-idle-states/system-sleep " ] ||
	bad "pd.dts: the state lines do not name their nodes (dt=): $(grep '^state ' "$out/pd.soc")"
fill "$out/pd.soc" >"$out/pd-filled.soc"
"$tool" check "$out/pd-filled.soc" || bad "pd.dts: the filled import does not pass check"

# Four alike CPUs: still two clusters, not one of four.
sed 's/cortex-a72/cortex-a53/' "$out/pd.dts" >"$out/pd-alike.dts"
import pd-alike
sects=$(sections "$out/pd-alike.soc")
[ "$sects" = "[cluster a53] cpus = 2 count = 2 " ] ||
	bad "pd-alike.dts: sections '$sects', expected one a53 of 2 CPUs, count = 2"

# The same with a cpu-map of one cluster over all four: cpu-map wins, said.
sed 's|/\*CPU-MAP\*/|cpu-map { cluster0 { core0 { cpu = <\&c0>; }; core1 { cpu = <\&c1>; }; core2 { cpu = <\&c2>; }; core3 { cpu = <\&c3>; }; }; };|' \
	"$out/pd.dts" >"$out/pdmap.dts"
import pdmap
grep -q "^$out/pdmap.dts: warning: /cpus/cpu-map/cluster0 holds /cpus/cpu@0 and /cpus/cpu@100, which the PSCI domains put in two clusters (/psci/power-domain-cluster0, /psci/power-domain-cluster1); cpu-map's clusters kept$" "$out/pdmap.log" ||
	bad "pdmap.dts: no warning of cpu-map and the PSCI domains disagreeing"
grep -q '^cpus = 2  # /cpus/cpu-map/cluster0, with CPUs of other kinds' "$out/pdmap.soc" ||
	bad "pdmap.dts: cpu-map's cluster not kept"

# power-domains of another provider than PSCI (R-Car's SYSC, one node and
# a cell per CPU): not a hierarchy cpuidle-psci-domain builds, so nothing
# to hold against cpu-map.
cat >"$out/sysc.dts" <<'EOF'
/dts-v1/;
/ {
	model = "CPUs in a SYSC power domain";
	#address-cells = <2>;
	#size-cells = <2>;
	psci { compatible = "arm,psci-1.0"; method = "smc"; };
	sysc: system-controller { #power-domain-cells = <1>; };
	cpus {
		#address-cells = <1>;
		#size-cells = <0>;
		cpu-map {
			cluster0 { core0 { cpu = <&c0>; }; core1 { cpu = <&c1>; }; };
			cluster1 { core0 { cpu = <&c2>; }; core1 { cpu = <&c3>; }; };
		};
		c0: cpu@0 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x0>; power-domains = <&sysc 0>; };
		c1: cpu@1 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x1>; power-domains = <&sysc 1>; };
		c2: cpu@100 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x100>; power-domains = <&sysc 2>; };
		c3: cpu@101 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x101>; power-domains = <&sysc 3>; };
	};
};
EOF
import sysc
! grep 'warning:' "$out/sysc.log" >&2 || bad "sysc.dts: a SYSC power domain taken for a PSCI cluster domain"
[ $fail -eq 0 ] && echo "          PSCI domains: one [cluster] per cluster domain; against cpu-map, warned of and cpu-map kept"

# A deeper state with a shorter residency and exit than a shallower one:
# warned of, naming both nodes, and kept; the import still succeeds.  A
# description may not have such figures (check, as the sim driver, refuses
# them): filled in, it passes check once the two figures warned of are
# put in order, and only then.
cat >"$out/order.dts" <<'EOF'
/dts-v1/;
/ {
	model = "states out of order";
	#address-cells = <2>;
	#size-cells = <2>;
	psci { compatible = "arm,psci-1.0"; method = "smc"; };
	cpus {
		#address-cells = <1>;
		#size-cells = <0>;
		cpu-map { cluster0 { core0 { cpu = <&c0>; }; core1 { cpu = <&c1>; }; }; };
		idle-states {
			entry-method = "psci";
			CPU_RET: cpu-ret { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x00000001>; wakeup-latency-us = <100>; min-residency-us = <300>; };
			CPU_OFF: cpu-off { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x00010000>; entry-latency-us = <30>; exit-latency-us = <30>; min-residency-us = <200>; };
			CL_OFF: cluster-off { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x01010000>; entry-latency-us = <300>; exit-latency-us = <500>; min-residency-us = <2000>; };
		};
		c0: cpu@0 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x0>; enable-method = "psci"; cpu-idle-states = <&CPU_RET &CPU_OFF &CL_OFF>; };
		c1: cpu@1 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x1>; enable-method = "psci"; cpu-idle-states = <&CPU_RET &CPU_OFF &CL_OFF>; };
	};
};
EOF
before=$fail
import order
for w in 'min-residency 200 us below the 300 us' 'exit latency 60 us below the 100 us'; do
	grep -qF "order.soc: warning: [cluster a53] state cpu-off (/cpus/idle-states/cpu-off): $w of the shallower state cpu-ret (/cpus/idle-states/cpu-ret), though cpuidle's governors take deeper states to be slower; kept as the device tree says, which check refuses" "$out/order.log" ||
		bad "order.dts: no warning '$w' naming cpu-off and cpu-ret"
done
[ "$(grep -c 'warning:' "$out/order.log")" = 2 ] ||
	bad "order.dts: expected 2 warnings, got: $(grep 'warning:' "$out/order.log")"
grep -q '^state cpu-off = exit=60us residency=200us ' "$out/order.soc" ||
	bad "order.dts: cpu-off not written as the DT has it"
fill "$out/order.soc" >"$out/order-filled.soc"
"$tool" check "$out/order-filled.soc" 2>"$out/order-check.log" &&
	bad "order.dts: check took a cpu-off faster than cpu-ret"
grep -q 'state cpu-off: exit: 60 us below cpu-ret' "$out/order-check.log" ||
	bad "order.dts: check's word is not of cpu-off's exit: $(cat "$out/order-check.log")"
sed 's/^state cpu-off = exit=60us residency=200us /state cpu-off = exit=100us residency=300us /' \
	"$out/order-filled.soc" >"$out/order-fixed.soc"
"$tool" check "$out/order-fixed.soc" || bad "order.dts: the import, its order put right, does not pass check"
[ $fail -eq $before ] && echo "          states out of order: warned of, naming both nodes, and kept"

# Names as device trees give them, up to the 31 characters a node name
# may have (the devicetree spec): kept whole.  Longer ones are cut to
# those 31, said in a comment, and two cut alike made unique by depth.
cat >"$out/long.dts" <<'EOF'
/dts-v1/;
/ {
	model = "long state names";
	#address-cells = <2>;
	#size-cells = <2>;
	psci { compatible = "arm,psci-1.0"; method = "smc"; };
	cpus {
		#address-cells = <1>;
		#size-cells = <0>;
		cpu-map { cluster0 { core0 { cpu = <&c0>; }; core1 { cpu = <&c1>; }; }; };
		idle-states {
			entry-method = "psci";
			CPU_RET: cpu-retention-state-long { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x00000001>; entry-latency-us = <20>; exit-latency-us = <20>; min-residency-us = <100>; };
			CL_RET: cluster-retention-deep { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x01000001>; entry-latency-us = <100>; exit-latency-us = <100>; min-residency-us = <500>; };
			CL_OFF_A: cluster-power-down-state-of-the-soc-a { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x01010000>; entry-latency-us = <300>; exit-latency-us = <500>; min-residency-us = <2000>; };
			CL_OFF_B: cluster-power-down-state-of-the-soc-b { compatible = "arm,idle-state"; arm,psci-suspend-param = <0x01010004>; entry-latency-us = <400>; exit-latency-us = <600>; min-residency-us = <3000>; };
		};
		c0: cpu@0 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x0>; enable-method = "psci"; cpu-idle-states = <&CPU_RET &CL_RET &CL_OFF_A &CL_OFF_B>; };
		c1: cpu@1 { device_type = "cpu"; compatible = "arm,cortex-a53"; reg = <0x1>; enable-method = "psci"; cpu-idle-states = <&CPU_RET &CL_RET &CL_OFF_A &CL_OFF_B>; };
	};
};
EOF
before=$fail
import long
heads=$(sed -n 's/^\[state \(.*\)\]$/\1/p' "$out/long.soc" | tr '\n' ' ')
[ "$heads" = "WFI cpu-retention-state-long cluster-retention-deep cluster-power-down-state-of-the cluster-power-down-state-of-t-4 " ] ||
	bad "long.dts: states '$heads', expected the DT's names whole up to 31 characters, cut and unique beyond"
for n in a b; do
	grep -qx "# cluster-power-down-state-of-the-soc-$n: cut to 31 characters, the most a description's state name has" "$out/long.soc" ||
		bad "long.dts: cluster-power-down-state-of-the-soc-$n cut without a word"
done
[ "$(grep -c ': cut to' "$out/long.soc")" = 2 ] || bad "long.dts: a name of 31 characters or fewer said to be cut"
fill "$out/long.soc" >"$out/long-filled.soc"
"$tool" check "$out/long-filled.soc" || bad "long.dts: the filled import does not pass check"
[ $fail -eq $before ] && echo "          long state names: kept up to 31 characters, cut and unique beyond"
exit $fail
