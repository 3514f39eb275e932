// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze: energy, per-state statistics and replayed selection
 * rules from idlesim run directories.
 *
 *   idlesim-analyze run [--point N] [--out DIR] RUNDIR
 *   idlesim-analyze compare --out DIR RUNDIR...
 *   idlesim-analyze tune --out DIR --points POINTS.tsv RUNDIR...
 *
 * "run" reads RUNDIR/results/trace.dat and writes RUNDIR/analysis/ (or
 * --out): states.csv (per CPU and state), clusters.csv, timeline.csv,
 * rules.csv (replayed rules and the oracle on this run's periods),
 * summary.json and summary.txt.
 *
 * "compare" analyses runs of one scenario file under several governors
 * (the first is the baseline), each governor under the same seeds, and
 * writes comparison.csv, residency.csv, rules.csv and summary.txt into DIR.
 *
 * "tune" analyses the runs of a threshold sweep (scripts/tune.sh), each
 * sweep run once per point it holds, and writes tune.csv, tune.json,
 * front.csv and recommendation.txt into DIR.
 *
 * Only complete runs are read: the manifest must say "status ok" and the
 * trace must match the checksum the guest sealed it with.  Outputs are
 * written under temporary names and renamed when everything succeeded.
 * Energies are in nJ, powers in uW, times in ns; the columns are
 * documented in docs/ARCHITECTURE.md.  The environment:
 *   IDLESIM_LATENESS        soc, total or guest: what latency budgets are
 *                           judged on
 *   IDLESIM_WINDOW          START:LEN, ms: the timeline's window, from the
 *                           workload's start (default 0:200)
 *   IDLESIM_ANALYZE_NOFORK  analyse in this process, not a child (for a
 *                           debugger; a crash in libtracecmd is then ours)
 *   IDLESIM_DEBUG_REPLAY    print each period where the replayed rule of the
 *                           governor that ran disagrees with what it chose
 *
 * One file per command (cmd-run.c, cmd-compare.c, cmd-tune.c, cmd-board.c), behind
 * the table below; run.c analyses one run directory for all of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run.h"

static void usage(FILE *fp)
{
	fprintf(fp,
		"usage: idlesim-analyze COMMAND ...\n"
		"  run [--point N] [--out DIR] RUNDIR        one run (or sweep point N of it): states,\n"
		"                                            energy, replayed rules\n"
		"  compare --out DIR BASELINE RUNDIR...      runs of one scenario under several\n"
		"                                            governors and the same seeds, compared\n"
		"  compare --limits, tune --limits           the most governors, repeats, scenarios,\n"
		"                                            points a comparison or sweep takes\n"
		"  tune --out DIR --points POINTS.tsv [--budget NS] [--miss-rate R] RUNDIR...\n"
		"                                            a threshold sweep: per point energy and\n"
		"                                            lateness, the Pareto front, a recommendation\n"
		"  board --soc FILE.soc [--temp C] [--opp CLUSTER=FREQ|P%%]... [--residency [CLUSTER:]STATE=US,...]\n"
		"        [--durations resume|wait] [--out DIR] TRACE.dat\n"
		"                                            a board's trace (power:cpu_idle) priced under an SoC\n"
		"                                            description: energy, oracle, what-if thresholds\n");
}

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv, const struct run_opts *o);
} commands[] = {
	{ "run", cmd_run },
	{ "compare", cmd_compare },
	{ "tune", cmd_tune },
	{ "board", cmd_board },
};

static int dispatch(int argc, char **argv)
{
	const char *basis = getenv("IDLESIM_LATENESS"), *window = getenv("IDLESIM_WINDOW");
	struct run_opts o = { .basis = LATENESS_SOC, .tl_len_ns = TIMELINE_NS };
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (basis && *basis) {
		int b = lateness_basis_parse(basis);

		if (b < 0) {
			fprintf(stderr, "idlesim-analyze: IDLESIM_LATENESS=%s: expected soc, total or guest\n",
				basis);
			return 2;
		}
		o.basis = b;
	}
	if (window && *window) {
		unsigned long long start, len;
		int n = 0;

		if (sscanf(window, "%llu:%llu%n", &start, &len, &n) != 2 || window[n] ||
		    !len || len > 60000 || start > 3600000) {
			fprintf(stderr, "idlesim-analyze: IDLESIM_WINDOW=%s: expected START:LEN in ms from the workload's start, LEN 1 to 60000\n",
				window);
			return 2;
		}
		o.tl_start_ns = start * 1000000ULL;
		o.tl_len_ns = len * 1000000ULL;
	}
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1, &o);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	fprintf(stderr, "idlesim-analyze: unknown command '%s'\n", argv[1]);
	usage(stderr);
	return 2;
}

/*
 * libtracecmd 1.3.1 trusts some sizes in the file and can crash on a
 * damaged trace.dat (found by fuzz-trace: tracecmd_close() on a
 * half-opened handle).  The analysis therefore runs in a child process;
 * a crash there becomes a clear error.  Outputs are only created after
 * the trace was read, so a crash leaves none behind.
 */
int main(int argc, char **argv)
{
	int status;
	pid_t pid;

	if (getenv("IDLESIM_ANALYZE_NOFORK"))
		return dispatch(argc, argv);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		return 1;
	}
	if (pid == 0)
		exit(dispatch(argc, argv));
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		return 1;
	}
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	fprintf(stderr,
		"idlesim-analyze: reading the trace crashed the trace library (signal %d): the trace.dat is corrupt; no output was written\n",
		WTERMSIG(status));
	return 1;
}
