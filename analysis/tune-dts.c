// SPDX-License-Identifier: GPL-2.0
/*
 * make tune's recommendation as a device-tree fragment: each tuned state's
 * idle-state node with the recommended figure, ready to merge into a
 * board's DTS (Documentation/devicetree/bindings/cpu/idle-states.yaml).
 *
 * The sweep's controls are the model's: sN_residency_us is state N's
 * target residency, min-residency-us in the binding; sN_exit_us its exit
 * latency, which the model takes as the binding's entry plus exit (as
 * drivers/cpuidle/dt_idle_states.c adds them), so it is written as
 * wakeup-latency-us, the property that stands for the two together.  The
 * nodes are named after the description's states (after the kind of
 * cluster and its state, on SoCs whose controls name the kind); a board
 * names its own, and the comment says which state each is.
 */
#include <stdio.h>
#include <string.h>

#include "tune-dts.h"

/*
 * "s3_residency_us" -> 3, "min-residency-us"; with several kinds of
 * cluster the controls carry the kind's name ("a72_s1_exit_us"), returned
 * in @kind (empty without one).  -1 for any other control.
 */
static int dt_property(const char *dim, const char **prop, char *kind, size_t size)
{
	const char *s = dim;
	int n, end = 0;

	*kind = 0;
	for (;;) {
		if (sscanf(s, "s%d_residency_us%n", &n, &end) == 1 && !s[end]) {
			*prop = "min-residency-us";
			break;
		}
		end = 0;
		if (sscanf(s, "s%d_exit_us%n", &n, &end) == 1 && !s[end]) {
			*prop = "wakeup-latency-us";
			break;
		}
		s = strchr(s, '_');
		if (!s++)
			return -1;
	}
	if (s > dim)
		snprintf(kind, size, "%.*s", (int)(s - dim - 1), dim);
	return n;
}

void tune_write_dts(FILE *fp, const struct tune_dts *d)
{
	const char *prop;
	char kind[32];
	int i, n, written = 0;

	fprintf(fp, "// SPDX-License-Identifier: GPL-2.0\n"
		"/*\n * idlesim tune of %s on %s: ", d->soc[0] ? d->soc : "the SoC", d->scenarios);
	if (d->point < 0) {
		fprintf(fp, "no recommendation (recommendation.txt says why).\n */\n");
		return;
	}
	fprintf(fp, "the recommended point %d,\n * %s.\n"
		" * Merge each node into the board's idle-state node of that state.\n */\n"
		"/ {\n\tcpus {\n\t\tidle-states {\n", d->point, d->batch);
	for (i = 0; i < d->nr_dims; i++) {
		n = dt_property(d->dim[i], &prop, kind, sizeof(kind));
		if (n < 0) {
			fprintf(fp, "\t\t\t/* %s=%lld: not an idle-state property */\n", d->dim[i],
				d->val[i]);
			continue;
		}
		/*
		 * a trace from before the soc marker names no state; a kind's
		 * state gets the kind's name too: big.LITTLE boards give each
		 * cluster its own nodes, and one node twice would merge
		 */
		fprintf(fp, "\t\t\t%s%s", kind, kind[0] ? "-" : "");
		if (n < d->nr_names)
			fprintf(fp, "%s {", d->name[n]);
		else
			fprintf(fp, "state%d {", n);
		fprintf(fp, "\t/* state %d of %s%s%s%s */\n\t\t\t\t%s = <%lld>;\n\t\t\t};\n", n,
			kind[0] ? "[cluster " : "", kind, kind[0] ? "] of " : "",
			d->soc[0] ? d->soc : "the SoC", prop, d->val[i]);
		written++;
	}
	fprintf(fp, "\t\t};\n\t};\n};\n");
	if (!written)
		fprintf(fp, "/* the sweep tuned no idle-state figure */\n");
}
