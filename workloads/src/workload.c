// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-workload: runs one scenario (workloads/README.md) and writes, for
 * every thread, the lateness of each wake-up and a summary.
 *
 *   idlesim-workload [--out DIR] [--hw-ctrl PATH] [--no-hw] [--quiet] FILE
 *   idlesim-workload --check FILE...
 *   idlesim-workload --describe FILE...
 *   idlesim-workload --get KEY FILE
 *
 * Timing: every wake-up is an absolute CLOCK_MONOTONIC deadline slept to
 * with clock_nanosleep(TIMER_ABSTIME), computed from the schedule and
 * never from the time the previous one actually happened, so the schedule
 * does not drift and a late wake-up is measured, not absorbed.  Busy work
 * is measured on a clock (the thread's CPU time by default), never by a
 * calibrated loop.
 *
 * This file reads the command line.  cmd-run.c runs a scenario and
 * cmd-get.c answers --get; thread.c runs a thread's phases, clock.c
 * sleeps and spins, rng.c draws arrivals and busy times, controls.c
 * writes the hardware batches (through hw.c), commands.c runs the
 * [command]s, output.c writes the messages, trace markers and results.
 * They share one struct workload (workload.h), handed to each of them;
 * the scenario parser is scenario*.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "control-ranges.h"
#include "hw.h"
#include "workload.h"

static void usage(void)
{
	fprintf(stderr,
		"usage: idlesim-workload [options] SCENARIO   run it\n"
		"       idlesim-workload --check FILE...      validate, print nothing when valid\n"
		"       idlesim-workload --describe FILE...   one line per scenario\n"
		"       idlesim-workload --get KEY FILE       one value (name, cpus, seed, duration_ns,\n"
		"                                             guest_seconds, hw, controls, commands)\n"
		"options:\n"
		"  --out DIR       results directory (default $RESULTS, else .)\n"
		"  --hw-ctrl PATH  the sim driver's batch control file (default\n"
		"                  $SIMSOC_DEBUGFS/%s, else %s/%s)\n"
		"  --no-hw         ignore the scenario's hardware controls\n"
		"  --busy halt|spin  busy bursts halt the CPU in the sim driver's \"burst\"\n"
		"                  (no instructions executed) or spin (default $IDLESIM_BUSY,\n"
		"                  else spin)\n"
		"  --controls FILE check every control the scenario sets against FILE\n"
		"                  ('idlesim-soc get control-ranges SOC': the driver's\n"
		"                  controls on that SoC and the values each takes)\n"
		"  --seed N        use seed N instead of the scenario's\n"
		"  --quiet         no progress messages\n",
		HW_CTRL_NAME, HW_DEBUGFS_DIR, HW_CTRL_NAME);
	exit(2);
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "check", no_argument, NULL, 'c' },
		{ "describe", no_argument, NULL, 'd' },
		{ "get", required_argument, NULL, 'g' },
		{ "out", required_argument, NULL, 'o' },
		{ "hw-ctrl", required_argument, NULL, 'H' },
		{ "no-hw", no_argument, NULL, 'n' },
		{ "controls", required_argument, NULL, 'C' },
		{ "busy", required_argument, NULL, 'B' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "seed", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	/* static: a signal may still arrive while the process exits */
	static struct workload wl = { .marker_fd = -1, .burst_fd = -1, .qos_fd = -1 };
	const char *busy = getenv("IDLESIM_BUSY");
	static char hw_ctrl[PATH_MAX];
	static struct control_ranges ranges;
	const char *get = NULL, *seed = NULL;
	char err[SCN_MAX_ERR];
	struct scenario *s;
	int mode = 0, c, i, rc = 0;

	wl.out = getenv("RESULTS") ? getenv("RESULTS") : ".";
	snprintf(hw_ctrl, sizeof(hw_ctrl), "%s/%s",
		 getenv("SIMSOC_DEBUGFS") ? getenv("SIMSOC_DEBUGFS") : HW_DEBUGFS_DIR,
		 HW_CTRL_NAME);
	wl.hw_path = hw_ctrl;
	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'c':
		case 'd':
			mode = c;
			break;
		case 'g':
			mode = c;
			get = optarg;
			break;
		case 'o':
			wl.out = optarg;
			break;
		case 'H':
			wl.hw_path = optarg;
			break;
		case 'n':
			wl.no_hw = 1;
			break;
		case 'B':
			busy = optarg;
			break;
		case 'C':
			if (control_ranges_load(&ranges, optarg, err, sizeof(err))) {
				fprintf(stderr, "idlesim-workload: --controls %s\n", err);
				return 2;
			}
			scenario_check_controls(&ranges);
			break;
		case 'q':
			wl.quiet = 1;
			break;
		case 's':
			seed = optarg;
			break;
		default:
			usage();
		}
	}
	if (optind >= argc || ((!mode || mode == 'g') && argc - optind != 1))
		usage();
	if (busy && *busy && strcmp(busy, "halt") && strcmp(busy, "spin")) {
		fprintf(stderr, "idlesim-workload: --busy %s: expected halt or spin\n", busy);
		return 2;
	}
	wl.halt = busy && !strcmp(busy, "halt");
	s = malloc(sizeof(*s));
	if (!s) {
		fprintf(stderr, "idlesim-workload: out of memory\n");
		return 1;
	}
	for (i = optind; i < argc; i++) {
		if (scenario_load(s, argv[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			rc = 2;
			continue;
		}
		if (seed) {
			char *end;

			errno = 0;
			s->seed = strtoull(seed, &end, 0);
			if (errno || !*seed || *end || *seed == '-') {
				fprintf(stderr, "idlesim-workload: --seed %s: expected an unsigned integer\n",
					seed);
				rc = 2;
				break;
			}
		}
		if (mode == 'd') {
			scenario_describe(s, err, sizeof(err));
			printf("%s\n", err);
		} else if (mode == 'g') {
			rc = cmd_get(s, get);
		} else if (!mode) {
			rc = cmd_run(&wl, s);
		}
	}
	free(s);
	control_ranges_free(&ranges);
	return rc;
}
