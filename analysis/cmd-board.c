// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-analyze board: a trace recorded on a board (or any kernel) with
 * power:cpu_idle, priced under an SoC description.
 *
 * A stock kernel's trace says which state each CPU entered and for how
 * long; it does not say what the states cost, nor what the governor knew.
 * The SoC description (socs/README.md) supplies the first: every period is
 * priced by the sim driver's equations (socmodel.c) at the conditions
 * given (temperature, each cluster's operating point), in the state the
 * trace names, and the time between a CPU's periods at its active power.
 * Against that, the same periods are priced
 *
 *   - by the oracle: each period in its cheapest state, knowing its
 *     length (the floor no governor can beat);
 *   - under what-if target residencies: each period in the cheapest state
 *     whose target residency its length covers.  That is a governor that
 *     predicts every period exactly; a real one predicts worse, so these
 *     figures rank thresholds, they do not promise what a kernel with them
 *     would reach;
 *   - under what-if powers of one state (--power): the same rule with that
 *     state's nominal power changed, as a vendor's new silicon or a
 *     measured figure would change it.
 *
 * Durations: on a board the cpu_idle exit is written after the CPU has
 * resumed, so a period's time holds its exit latency (--durations resume,
 * the default: the state's power until the wake-up, then the exit at
 * active power).  In idlesim's guest the exit latency is charged, not
 * spent (sim-driver/MODEL.md), and the driver takes the lag it leaves out
 * of the next periods; --durations wait prices a guest's trace that way,
 * so that it can be held against the driver's meter.
 *
 * The trace: a trace.dat, or the same as text (board-text.c: trace-cmd
 * report, tracefs's trace file, a systrace HTML).
 *
 * The window: between the markers "idlesim: snapshot before end" and
 * "idlesim: snapshot after begin" when the trace has them (a guest run),
 * else, or with --window all, from the first to the last idle event.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idlesim/controls.h>

#include "board.h"
#include "board-text.h"
#include "output.h"
#include "periods.h"
#include "run.h"

static const char usage_text[] =
	"usage: idlesim-analyze board --soc FILE.soc [--temp C] [--opp CLUSTER=FREQ|P%]...\n"
	"                             [--residency [CLUSTER:]STATE=US[,US...] | --power [CLUSTER:]STATE=UW[,UW...]]\n"
	"                             [--durations resume|wait] [--cpus CPU[-CPU]=CLUSTER,...]\n"
	"                             [--window markers|all] [--out DIR] TRACE.dat\n";

static int board_usage(void)
{
	fputs(usage_text, stderr);
	return 2;
}

/* A period as the trace gives it; everything else is derived */
static int on_period(const struct period *p, void *data)
{
	struct board *b = data;

	/* prepared by a driver but never entered: not an idle period */
	if (p->aborted || !p->t_exit || p->t_exit < p->t_enter)
		return 0;
	if (p->cpu < 0 || p->cpu >= MAX_CPUS) {
		fprintf(stderr, "%s: CPU %d: more CPUs than the analysis takes (%d)\n",
			b->trace, p->cpu, MAX_CPUS);
		return -1;
	}
	return board_add_period(b, &(struct board_period){
		.cpu = p->cpu, .state = p->entered >= 0 ? p->entered : p->requested,
		.t_enter = p->t_enter, .t_exit = p->t_exit, .freq_khz = p->freq_khz,
		.has_psci = p->has_psci, .psci = p->psci });
	return 0;
}

static int on_marker(int cpu, uint64_t ts, const char *text, void *data)
{
	board_marker(data, ts, text);
	return 0;
}

static int on_freq(int cpu, uint64_t ts, uint64_t khz, void *data)
{
	return board_add_freq(data, cpu, ts, khz);
}

/*
 * --cpus 0=a53,1-2=a72,3-5=a53, or the description's linux_cpus: the
 * trace's CPUs as the board numbers them (socs/src/soc-cpus.c)
 */
static int parse_cpus(struct board *b, const char *arg, const char *from)
{
	char why[SOC_MAX_ERR];

	if (soc_cpu_map(&b->soc, arg, b->kind_of, b->cl_of, MAX_CPUS, why, sizeof(why))) {
		fprintf(stderr, "idlesim-analyze board: %s %s (%s): %s\n", from, arg, b->soc.file, why);
		return -1;
	}
	b->mapped = true;
	b->mapped_by = from;
	return 0;
}

/* --opp CLUSTER=FREQ|P%: an operating point of one [cluster] section */
static int parse_opp(struct board *b, const char *arg)
{
	const struct soc *s = &b->soc;
	const char *eq = strchr(arg, '=');
	char *end;
	long long v;
	int k, i;

	for (k = 0; eq && k < s->nr_clusters; k++)
		if ((size_t)(eq - arg) == strlen(s->cluster[k].name) &&
		    !strncmp(arg, s->cluster[k].name, eq - arg))
			break;
	if (!eq || k == s->nr_clusters) {
		fprintf(stderr, "idlesim-analyze board: --opp %s: expected CLUSTER=FREQ or CLUSTER=P%%, CLUSTER one of the [cluster] sections of %s\n",
			arg, s->file);
		return -1;
	}
	errno = 0;
	v = strtoll(eq + 1, &end, 10);
	if (errno || end == eq + 1 || v < 0) {
		fprintf(stderr, "idlesim-analyze board: --opp %s: expected a frequency (850MHz, 1766400kHz) or a share (80%%)\n",
			arg);
		return -1;
	}
	if (!strcmp(end, "%") && v <= 100) {
		b->opp[k] = socmodel_opp_at_pct(s, k, v);
		return 0;
	}
	if (!strcmp(end, "MHz"))
		v *= 1000;
	else if (!strcmp(end, "GHz"))
		v *= 1000000;
	else if (strcmp(end, "kHz"))
		v = -1;
	for (i = 0; v >= 0 && i < s->cluster[k].nr_opps; i++)
		if (s->cluster[k].opp[i].khz == v) {
			b->opp[k] = i;
			return 0;
		}
	fprintf(stderr, "idlesim-analyze board: --opp %s: not an operating point of cluster %s in %s\n",
		arg, s->cluster[k].name, s->file);
	return -1;
}

/*
 * --residency [CLUSTER:]STATE=US[,US...] or --power [CLUSTER:]STATE=UW[,UW...]:
 * a what-if sweep of one figure of one state
 */
static int parse_whatif(struct board *b, const char *arg, bool power)
{
	const struct soc *s = &b->soc;
	const char *eq = strchr(arg, '='), *colon = strchr(arg, ':'), *name = arg, *v;
	const char *opt = power ? "--power" : "--residency", *unit = power ? "UW" : "US";
	long long max = power ? 100000000 : 100000;
	char *end;
	int k = -1, i, n = 0;

	if (b->whatif.state >= 0) {
		fprintf(stderr, "idlesim-analyze board: one --residency or --power at a time\n");
		return -1;
	}
	if (colon && eq && colon < eq) {
		for (k = 0; k < s->nr_clusters; k++)
			if ((size_t)(colon - arg) == strlen(s->cluster[k].name) &&
			    !strncmp(arg, s->cluster[k].name, colon - arg))
				break;
		if (k == s->nr_clusters) {
			fprintf(stderr, "idlesim-analyze board: %s %s: no [cluster %.*s] in %s\n",
				opt, arg, (int)(colon - arg), arg, s->file);
			return -1;
		}
		name = colon + 1;
	}
	for (i = 0; eq && i < s->nr_states; i++)
		if ((size_t)(eq - name) == strlen(s->state[i].name) &&
		    !strncmp(name, s->state[i].name, eq - name))
			break;
	if (!eq || i == s->nr_states) {
		fprintf(stderr, "idlesim-analyze board: %s %s: expected [CLUSTER:]STATE=%s[,%s...], STATE a [state] of %s\n",
			opt, arg, unit, unit, s->file);
		return -1;
	}
	b->whatif.state = i;
	b->whatif.kind = k;
	b->whatif.power = power;
	for (v = eq + 1; *v; v = *end ? end + 1 : end) {
		long long x;

		errno = 0;
		x = strtoll(v, &end, 10);
		if (errno || end == v || x < !power || x > max || (*end && *end != ',') ||
		    n == BOARD_MAX_WHATIF) {
			fprintf(stderr, "idlesim-analyze board: %s %s: expected up to %d values of %d to %lld %s, comma-separated\n",
				opt, arg, BOARD_MAX_WHATIF, !power, max, power ? "uW" : "us");
			return -1;
		}
		b->whatif.v[n++] = x;
	}
	b->whatif.n = n;
	return n ? 0 : -1;
}

/*
 * A map the user gave for this trace names only CPUs it has (the
 * description's linux_cpus is the whole SoC's: a trace may lack some)
 */
static int check_map(const struct board *b)
{
	int cpu;

	/* a text without its CPU column does not say */
	if (!b->mapped || strcmp(b->mapped_by, "--cpus") || !b->trace_cpus)
		return 0;
	for (cpu = b->trace_cpus; cpu < MAX_CPUS; cpu++)
		if (b->kind_of[cpu] >= 0) {
			fprintf(stderr, "idlesim-analyze board: --cpus: CPU %d, but %s has CPUs 0 to %d\n",
				cpu, b->trace, b->trace_cpus - 1);
			return -1;
		}
	return 0;
}

static int read_trace(struct board *b)
{
	struct period_stats st = { 0 };
	struct trace t;
	int ret = -1;

	if (board_is_text(b->trace))
		return board_read_text(b);
	if (trace_open(&t, b->trace) < 0)
		return -1;
	if (trace_require(&t, 1u << EV_CPU_IDLE) < 0)
		goto out;
	if (periods_read(&t, on_period, on_marker, NULL, on_freq, b, &st) < 0)
		goto out;
	b->trace_cpus = t.nr_cpus;
	b->events = st.events;
	b->missed = st.missed_events;
	b->has_idle_miss = t.ev[EV_IDLE_MISS].event != NULL;
	memcpy(b->idle_miss, st.idle_miss, sizeof(b->idle_miss));
	b->idle_misses = st.idle_misses;
	ret = 0;
out:
	period_stats_free(&st);
	trace_close(&t);
	return ret;
}

int cmd_board(int argc, char **argv, const struct run_opts *o)
{
	static const struct option opts[] = {
		{ "soc", required_argument, NULL, 's' },
		{ "temp", required_argument, NULL, 't' },
		{ "opp", required_argument, NULL, 'p' },
		{ "residency", required_argument, NULL, 'r' },
		{ "power", required_argument, NULL, 'P' },
		{ "durations", required_argument, NULL, 'd' },
		{ "out", required_argument, NULL, 'o' },
		{ "window", required_argument, NULL, 'w' },
		{ "cpus", required_argument, NULL, 'c' },
		{ }
	};
	static struct board b;
	const char *socfile = NULL, *outdir = NULL;
	char *opps[SOC_MAX_CLUSTERS], *resid = NULL, *power = NULL, *cpus = NULL;
	char err[SOC_MAX_ERR], *end;
	int c, i, nopp = 0, ret = 1;
	long temp = LONG_MIN;

	memset(&b, 0, sizeof(b));
	b.whatif.state = -1;
	while ((c = getopt_long(argc, argv, "s:t:p:r:P:d:o:w:c:", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			socfile = optarg;
			break;
		case 't':
			errno = 0;
			temp = strtol(optarg, &end, 10);
			if (errno || end == optarg || (*end && strcmp(end, "C")) || temp < IDLESIM_TEMP_C_MIN || temp > IDLESIM_TEMP_C_MAX) {
				fprintf(stderr, "idlesim-analyze board: --temp %s: expected %d to %d (C)\n", optarg,
					IDLESIM_TEMP_C_MIN, IDLESIM_TEMP_C_MAX);
				return 2;
			}
			break;
		case 'p':
			if (nopp == SOC_MAX_CLUSTERS)
				return board_usage();
			opps[nopp++] = optarg;
			break;
		case 'r':
			resid = optarg;
			break;
		case 'P':
			power = optarg;
			break;
		case 'd':
			if (strcmp(optarg, "resume") && strcmp(optarg, "wait")) {
				fprintf(stderr, "idlesim-analyze board: --durations %s: expected resume (a board's trace) or wait (idlesim's guest)\n",
					optarg);
				return 2;
			}
			b.guest_durations = !strcmp(optarg, "wait");
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'c':
			cpus = optarg;
			break;
		case 'w':
			if (strcmp(optarg, "markers") && strcmp(optarg, "all")) {
				fprintf(stderr, "idlesim-analyze board: --window %s: expected markers (between the snapshots, when the trace has them) or all\n",
					optarg);
				return 2;
			}
			b.whole = !strcmp(optarg, "all");
			break;
		default:
			return board_usage();
		}
	}
	if (!socfile || optind != argc - 1)
		return board_usage();
	b.trace = argv[optind];
	/* everything given is checked before the trace is read */
	if (soc_load(&b.soc, socfile, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	b.temp_c = temp == LONG_MIN ? b.soc.reference_temp_c : temp;
	for (i = 0; i < b.soc.nr_clusters; i++)
		b.opp[i] = b.soc.cluster[i].default_opp;
	for (i = 0; i < nopp; i++)
		if (parse_opp(&b, opps[i]))
			return 2;
	/* the user's numbering first, then the one the description says */
	if (cpus && parse_cpus(&b, cpus, "--cpus"))
		return 2;
	if (!cpus && b.soc.linux_cpus[0] && parse_cpus(&b, b.soc.linux_cpus, "linux_cpus"))
		return 2;
	if (resid && parse_whatif(&b, resid, false))
		return 2;
	if (power && parse_whatif(&b, power, true))
		return 2;
	if (board_check_whatif(&b))
		return 2;
	if (read_trace(&b) < 0 || check_map(&b) < 0)
		goto out;
	if (board_price(&b) < 0)
		goto out;
	board_print(&b, stdout);
	if (outdir && board_write(&b, outdir) < 0)
		goto out;
	ret = 0;
out:
	free(b.p);
	free(b.freq);
	return ret;
}
