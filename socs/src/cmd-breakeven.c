// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc breakeven [--opp FREQ|P%] [--temp C] FILE: where each idle
 * state starts to pay off under the model.
 *
 * The sim driver charges a period in state i as P_i from the idle entry
 * to the wake-up event (the wait, w), then the state's exit latency L_i
 * at its transition power T_i (the description's transition=, by default
 * the CPU's active power; sim-driver/MODEL.md), and the analysis prices
 * every other state the same way over the same wait.  State i is then no
 * dearer than a shallower state j from
 *
 *	w_ij = (T_i L_i - T_j L_j) / (P_j - P_i)	(P_j > P_i)
 *
 * and never when P_j <= P_i.  Its break-even is the largest w_ij over
 * the shallower states: the shortest wait from which it is the cheapest
 * of the states up to it.  That wait is what a governor compares with
 * the target residency, so a residency far below the break-even means a
 * governor trusting it enters the state where it costs energy.  The
 * figures are the nominal ones (no per-period jitter) at one operating
 * point and temperature, from the same integer steps as the driver
 * (socmodel.c).
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idlesim/controls.h>

#include "soc.h"
#include "socmodel.h"

static int usage(void)
{
	fprintf(stderr, "usage: idlesim-soc breakeven [--opp FREQ|P%%] [--temp C] FILE\n"
		"  --opp   each cluster's operating point: a frequency (850MHz, 1.1GHz, 700000kHz;\n"
		"          the nearest of the cluster's) or P%% (the slowest at or above P %% of\n"
		"          its fastest, as the driver's opp=P%%); default: its default_opp\n"
		"  --temp  temperature in C, %d..%d; default: the description's reference_temp\n",
		IDLESIM_TEMP_C_MIN, IDLESIM_TEMP_C_MAX);
	return 2;
}

/* the frequency in kHz of "850MHz", "1.1GHz" or "700000kHz"; -1 if none */
static int64_t parse_khz(const char *s)
{
	static const struct { const char *unit; double khz; } units[] = {
		{ "kHz", 1 }, { "MHz", 1e3 }, { "GHz", 1e6 },
	};
	char *end;
	double v;
	size_t i;

	errno = 0;
	v = strtod(s, &end);
	if (errno || end == s || !(v > 0))
		return -1;
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcmp(end, units[i].unit))
			return (int64_t)llround(v * units[i].khz);
	return -1;
}

/* the operating point of cluster section @kind that --opp names */
static int pick_opp(const struct soc *s, int kind, const char *opp, int pct)
{
	if (!opp)
		return s->cluster[kind].default_opp;
	if (pct >= 0)
		return socmodel_opp_at_pct(s, kind, pct);
	return socmodel_opp_of(s, kind, parse_khz(opp));
}

/* the wait in ns from which state @i is the cheapest of states 0..@i; -1: never */
static double breakeven_ns(const struct socmodel_table *t, int i, int *against)
{
	double w = 0, wj;
	int j;

	*against = -1;
	for (j = 0; j < i; j++) {
		if (t->power_uw[j] <= t->power_uw[i]) {
			*against = j;
			return -1;
		}
		wj = ((double)socmodel_exit_uw(t, i) * (double)t->exit_ns[i] -
		      (double)socmodel_exit_uw(t, j) * (double)t->exit_ns[j]) /
		     (double)(t->power_uw[j] - t->power_uw[i]);
		if (*against < 0 || wj > w) {
			w = wj;
			*against = j;
		}
	}
	return w < 0 ? 0 : w;
}

static void print_cluster(const struct soc *s, int kind, int opp, int temp_c, int *below)
{
	const struct soc_cluster *c = &s->cluster[kind];
	struct socmodel_table t;
	char be[32], ratio[32];
	int i, j;
	double w;

	socmodel_table(s, kind, opp, temp_c, &t);
	for (i = 0; i < t.nr; i++) {
		strcpy(be, "-");
		strcpy(ratio, "-");
		j = -1;
		if (i > 0) {
			w = breakeven_ns(&t, i, &j);
			if (w < 0) {
				strcpy(be, "never");
				(*below)++;
			} else {
				snprintf(be, sizeof(be), "%.0f", w / 1000);
				snprintf(ratio, sizeof(ratio), "%.2f",
					 w > 0 ? (double)t.res_ns[i] / w : 0);
				if ((double)t.res_ns[i] < w * 0.9)
					(*below)++;
			}
		}
		printf("%-10s %9.0f %10.3f  %-14s %9.3f %12.3f %9.3f %13.3f %12s %7s  %s\n",
		       c->name, c->opp[opp].khz / 1e3, t.active_uw / 1e3,
		       s->state[i].name, t.exit_ns[i] / 1e3, t.res_ns[i] / 1e3,
		       t.power_uw[i] / 1e3, socmodel_exit_uw(&t, i) / 1e3, be, ratio,
		       j >= 0 ? s->state[j].name : "-");
	}
}

int cmd_breakeven(int argc, char **argv)
{
	static struct soc s;
	char err[SOC_MAX_ERR], *end;
	const char *opp = NULL, *file = NULL;
	int i, k, temp_c = -1, pct = -1, below = 0;
	long v;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--opp") && i + 1 < argc) {
			opp = argv[++i];
			if (opp[0] && opp[strlen(opp) - 1] == '%') {
				v = strtol(opp, &end, 10);
				if (end == opp || strcmp(end, "%") || v < 0 || v > 100) {
					fprintf(stderr, "idlesim-soc breakeven: --opp %s: expected 0%%..100%%\n", opp);
					return 2;
				}
				pct = (int)v;
			} else if (parse_khz(opp) < 0) {
				fprintf(stderr, "idlesim-soc breakeven: --opp %s: expected a frequency with its unit (kHz, MHz, GHz) or P%%\n",
					opp);
				return 2;
			}
		} else if (!strcmp(argv[i], "--temp") && i + 1 < argc) {
			v = strtol(argv[++i], &end, 10);
			if (*end || end == argv[i] || v < IDLESIM_TEMP_C_MIN || v > IDLESIM_TEMP_C_MAX) {
				fprintf(stderr, "idlesim-soc breakeven: --temp %s: expected %d..%d (C)\n", argv[i],
					IDLESIM_TEMP_C_MIN, IDLESIM_TEMP_C_MAX);
				return 2;
			}
			temp_c = (int)v;
		} else if (argv[i][0] == '-' || file) {
			return usage();
		} else {
			file = argv[i];
		}
	}
	if (!file)
		return usage();
	if (soc_load(&s, file, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (temp_c < 0)
		temp_c = s.reference_temp_c;

	printf("# SoC %s at %d C; nominal figures (no jitter).  A period costs power_mw from the\n"
	       "# idle entry to the wake-up, then the exit latency at transition_mw (the state's\n"
	       "# transition=, by default the active power; sim-driver/MODEL.md).\n"
	       "# breakeven_us: the wait from which the state is the cheapest of the states up to it\n"
	       "# (against: the shallower state that sets it); ratio: residency / breakeven.\n",
	       s.name, temp_c);
	printf("%-10s %9s %10s  %-14s %9s %12s %9s %13s %12s %7s  %s\n", "cluster", "opp_mhz",
	       "active_mw", "state", "exit_us", "residency_us", "power_mw", "transition_mw",
	       "breakeven_us", "ratio", "against");
	for (k = 0; k < s.nr_clusters; k++)
		print_cluster(&s, k, pick_opp(&s, k, opp, pct), temp_c, &below);
	for (k = 0; k < s.nr_clusters; k++)
		for (i = 0; i < s.nr_states; i++)
			if (s.cluster[k].fig[i].residency_short)
				printf("# [cluster %s] %s: transition=breakeven would draw less than the state itself; drawn at its power\n",
				       s.cluster[k].name, s.state[i].name);
	if (below)
		printf("# %d state%s with a residency below 0.9 of its break-even (or never cheaper):\n"
		       "# a governor that trusts the residency enters it where it costs more.\n",
		       below, below == 1 ? "" : "s");
	return 0;
}
