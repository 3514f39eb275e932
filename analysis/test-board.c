// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of board mode's CPU numbering (board.c): a trace's CPUs are
 * the board's, numbered as Linux numbers them (the boot CPU first), and
 * the description's order of [cluster] sections need not be that; the
 * frequencies a trace's CPUs ran at must be operating points of the
 * clusters they are taken for, else the numbering is refused, naming the
 * CPUs.  Run from analysis/ (the SoC files are read from ../socs).
 */
#include <string.h>

#include "board.h"
#include "test-check.h"

static struct board b;
static struct board_period per[4];

/* juno-r2.soc: [cluster a72] of 2 CPUs, then [cluster a53] of 4 */
static int load(void)
{
	char err[SOC_MAX_ERR];

	memset(&b, 0, sizeof(b));
	if (soc_load(&b.soc, "../socs/juno-r2.soc", err, sizeof(err))) {
		CHECK(0, "socs/juno-r2.soc: %s", err);
		return -1;
	}
	b.trace = "juno.dat";
	b.temp_c = b.soc.reference_temp_c;
	b.whole = true;
	b.whatif.state = -1;
	b.p = per;
	b.nr = b.cap = 4;
	return 0;
}

/* A trace as Juno r2 writes it: CPU 0 an A53 at 575 MHz, CPU 1 an A72 at 1.1 GHz (operating points of one kind only) */
static void juno_trace(void)
{
	per[0] = (struct board_period){ .cpu = 0, .state = 1, .t_enter = 1000000,
					.t_exit = 5000000, .freq_khz = 575000 };
	per[1] = (struct board_period){ .cpu = 1, .state = 1, .t_enter = 1000000,
					.t_exit = 6000000, .freq_khz = 1100000 };
	per[2] = (struct board_period){ .cpu = 0, .state = 1, .t_enter = 6000000,
					.t_exit = 9000000, .freq_khz = 575000 };
	per[3] = (struct board_period){ .cpu = 1, .state = 1, .t_enter = 7000000,
					.t_exit = 9500000, .freq_khz = 1100000 };
}

/* CPU 0 to [cluster] section @k0 (its cluster @c0), CPU 1 to @k1 (@c1) */
static void map(int k0, int c0, int k1, int c1)
{
	int cpu;

	for (cpu = 0; cpu < MAX_CPUS; cpu++)
		b.kind_of[cpu] = -1;
	b.mapped = true;
	b.kind_of[0] = k0;
	b.cl_of[0] = c0;
	b.kind_of[1] = k1;
	b.cl_of[1] = c1;
}

int failures, checks;

int main(void)
{
	int cl;

	/* the description's order takes CPU 0 for an A72: refused */
	if (load())
		return 1;
	juno_trace();
	CHECK(board_price(&b) < 0, "CPU 0 at 575 MHz taken for an A72 was priced");
	/* mapped as the board numbers them */
	if (load())
		return 1;
	juno_trace();
	map(1, 1, 0, 0);	/* CPU 0 in a53's first cluster, the description's cluster 1 */
	CHECK(board_cpu_kind(&b, 0, &cl) == 1 && cl == 1, "CPU 0 mapped to a53");
	CHECK(board_cpu_kind(&b, 2, &cl) < 0, "CPU 2, not mapped, has no cluster");
	CHECK(board_price(&b) == 0, "the board's numbering was refused");
	CHECK(b.freq_periods == 4, "%llu periods priced at their trace frequency",
	      (unsigned long long)b.freq_periods);
	/* mapped the wrong way round: refused too */
	if (load())
		return 1;
	juno_trace();
	map(0, 0, 1, 1);
	CHECK(board_price(&b) < 0, "CPU 0 mapped to a72 at 575 MHz was priced");
	/* juno-r2.soc's linux_cpus, as board takes it without --cpus */
	if (load())
		return 1;
	juno_trace();
	{
		char err[SOC_MAX_ERR];

		CHECK(soc_cpu_map(&b.soc, b.soc.linux_cpus, b.kind_of, b.cl_of, MAX_CPUS,
				  err, sizeof(err)) == 0, "juno-r2's linux_cpus: %s", err);
		b.mapped = true;
		CHECK(board_cpu_kind(&b, 0, &cl) == 1 && cl == 1, "linux_cpus: CPU 0 is not a53");
		CHECK(board_cpu_kind(&b, 2, &cl) == 0 && cl == 0, "linux_cpus: CPU 2 is not a72");
		CHECK(board_cpu_kind(&b, 5, &cl) == 1 && cl == 1, "linux_cpus: CPU 5 is not a53");
		CHECK(board_price(&b) == 0, "priced by juno-r2's linux_cpus, the trace was refused");
		CHECK(soc_cpu_map(&b.soc, "0=a57", b.kind_of, b.cl_of, MAX_CPUS, err, sizeof(err)) < 0 &&
		      strstr(err, "'a57': no such [cluster] section; it has: a72 a53"),
		      "an unknown cluster: %s", err);
		CHECK(soc_cpu_map(&b.soc, "0-2=a72", b.kind_of, b.cl_of, MAX_CPUS, err, sizeof(err)) < 0 &&
		      strstr(err, "more CPUs for [cluster a72] than its 2"), "too many: %s", err);
		CHECK(soc_cpu_map(&b.soc, "0=a53,", b.kind_of, b.cl_of, MAX_CPUS, err, sizeof(err)) == 0,
		      "a trailing comma: %s", err);
		CHECK(soc_cpu_map(&b.soc, "0=a53,,1=a72", b.kind_of, b.cl_of, MAX_CPUS, err,
				  sizeof(err)) < 0 && strstr(err, "expected CPU[-CPU]=CLUSTER"),
		      "an empty item: %s", err);
	}
	printf("%d passed, %d failed\n", checks - failures, failures);
	return failures ? 1 : 0;
}
