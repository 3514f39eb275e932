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
 *
 * When the sweep keeps the current values (tune-rank.c), the fragment
 * holds them, and its header says that they are the current values and
 * why they are kept: merged, it changes nothing.
 */
#include <stdio.h>
#include <string.h>

#include "tune-dts.h"
#include "tune.h"

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

/* the board's node of state @n in [cluster @kind] ("": the only one), or NULL */
static const char *dt_node(const struct soc *desc, const char *kind, int n)
{
	int c;

	if (!desc || n >= desc->nr_states)
		return NULL;
	for (c = 0; c < desc->nr_clusters; c++)
		if (kind[0] ? !strcmp(desc->cluster[c].name, kind) : desc->nr_clusters == 1)
			return desc->cluster[c].fig[n].dt[0] ? desc->cluster[c].fig[n].dt : NULL;
	return NULL;
}

/* "state 1 of [cluster a72] of juno-r2" */
static void what(FILE *fp, const struct tune_dts *d, const char *kind, int n)
{
	fprintf(fp, "state %d of %s%s%s%s", n, kind[0] ? "[cluster " : "", kind,
		kind[0] ? "] of " : "", d->soc[0] ? d->soc : "the SoC");
}

/*
 * The states the description names no node for, in a node of their own
 * name under /cpus/idle-states; a trace from before the soc marker names
 * no state; a kind's state gets the kind's name too: big.LITTLE boards
 * give each cluster its own nodes, and one node twice would merge.
 */
static int write_named(FILE *fp, const struct tune_dts *d)
{
	const char *prop;
	char kind[32];
	int i, n, written = 0, opened = 0;

	for (i = 0; i < d->nr_dims; i++) {
		n = dt_property(d->dim[i], &prop, kind, sizeof(kind));
		if (n >= 0 && dt_node(d->desc, kind, n))
			continue;
		if (!opened++)
			fprintf(fp, "/ {\n\tcpus {\n\t\tidle-states {\n");
		if (n < 0) {
			fprintf(fp, "\t\t\t/* %s=%lld: not an idle-state property */\n", d->dim[i],
				d->val[i]);
			continue;
		}
		fprintf(fp, "\t\t\t%s%s", kind, kind[0] ? "-" : "");
		if (n < d->nr_names)
			fprintf(fp, "%s {\t/* ", d->name[n]);
		else
			fprintf(fp, "state%d {\t/* ", n);
		what(fp, d, kind, n);
		fprintf(fp, " */\n\t\t\t\t%s = <%lld>;\n\t\t\t};\n", prop, d->val[i]);
		written++;
	}
	if (opened)
		fprintf(fp, "\t\t};\n\t};\n};\n");
	return written;
}

/*
 * The states whose node the description names (dt=, from the import):
 * a reference to that node, wherever it is (idle-states or a PSCI
 * domain's domain-idle-states).  Two kinds of cluster may share one node
 * (juno-r2's): a second figure for the same property of one node cannot
 * be written, and is said.
 */
static int write_referenced(FILE *fp, const struct tune_dts *d)
{
	const char *prop, *node, *done[MAX_DIMS], *done_prop[MAX_DIMS];
	char kind[32];
	int i, j, n, nr_done = 0;

	for (i = 0; i < d->nr_dims; i++) {
		n = dt_property(d->dim[i], &prop, kind, sizeof(kind));
		node = n >= 0 ? dt_node(d->desc, kind, n) : NULL;
		if (!node)
			continue;
		for (j = 0; j < nr_done; j++)
			if (!strcmp(done[j], node) && !strcmp(done_prop[j], prop))
				break;
		if (j < nr_done) {
			fprintf(fp, "/* %s=%lld, ", d->dim[i], d->val[i]);
			what(fp, d, kind, n);
			fprintf(fp, ": %s is written above for another cluster sharing %s */\n",
				prop, node);
			continue;
		}
		fprintf(fp, "&{%s} {\t/* ", node);
		what(fp, d, kind, n);
		fprintf(fp, " */\n\t%s = <%lld>;\n};\n", prop, d->val[i]);
		if (nr_done < MAX_DIMS) {
			done[nr_done] = node;
			done_prop[nr_done++] = prop;
		}
	}
	return nr_done;
}

void tune_write_dts(FILE *fp, const struct tune_dts *d)
{
	int written;

	fprintf(fp, "// SPDX-License-Identifier: GPL-2.0\n"
		"/*\n * idlesim tune of %s on %s: ", d->soc[0] ? d->soc : "the SoC", d->scenarios);
	if (d->point < 0) {
		fprintf(fp, "no recommendation (recommendation.txt says why).\n */\n");
		return;
	}
	/* a file that changes nothing must say so, or it reads as a change to make */
	if (d->kept)
		fprintf(fp, "the current values kept, point %d,\n * %s:\n * %s.\n",
			d->point, d->batch, d->kept);
	else
		fprintf(fp, "the recommended point %d,\n * %s.\n", d->point, d->batch);
	fprintf(fp, " * Include it after the board's DTS: a &{/path} node is the board's own;\n"
		" * merge a node under /cpus/idle-states into the board's node of that state.\n */\n");
	written = write_named(fp, d);
	written += write_referenced(fp, d);
	if (!written)
		fprintf(fp, "/* the sweep tuned no idle-state figure */\n");
}
