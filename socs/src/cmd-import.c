// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc import: a first SoC description from a board's device tree.
 * Every figure the DT holds is written with the node it comes from; every
 * one it does not hold is a '?' that `check` refuses until a person fills
 * it in, so that nothing is silently invented.  --fill takes those from a
 * previous description, so that a shipped file is exactly import output
 * plus its filled lines and blocks, and can be regenerated and diffed.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dt-read.h"
#include "import.h"
#include "soc.h"


#define MAX_OPP_LINES	8

static const char usage[] =
"usage: idlesim-soc import [-I DIR]... [--fill OLD.soc] BOARD.dtb|BOARD.dts\n"
"\n"
"Writes an SoC description of the board to standard output.  A .dts is run\n"
"through cpp (-I: include directories, beside the file's own) and dtc.\n"
"Figures the device tree does not hold are '?', and each is listed on\n"
"standard error as NAME.soc: line N (N counts the lines written).\n"
"\n"
"--fill OLD.soc: a written line holding a '?' is replaced by OLD's line\n"
"with the same key in the same section (the same [header], the same text\n"
"before '='; the Nth 'opp' line by OLD's Nth), verbatim with its comment,\n"
"when OLD's line has the same text for every value the device tree gave\n"
"(else the '?' stays, reported); 'opp = ? ? ...', a table the device tree\n"
"lacks, by all of OLD's 'opp' lines of the section.  Lines without '?'\n"
"always come from the device tree.  OLD's [block] sections are appended,\n"
"each after a blank line.  Nothing else of OLD is kept.\n";

static const char *const off_name[] = { "clock", "core", "cluster", "soc" };

/* One line: fmt, then "  # " and the comment when there is one. */
struct line *emit(struct imp *im, const char *comment, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (comment && *comment && n < (int)sizeof(buf))
		snprintf(buf + n, sizeof(buf) - n, "  # %s", comment);
	return import_add_line(&im->o, strdup(buf));
}

void cat(char *buf, size_t len, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	va_start(ap, fmt);
	if (n < len)
		vsnprintf(buf + n, len - n, fmt, ap);
	va_end(ap);
}

void need(struct imp *im, const char *field, const char *why)
{
	struct line *l = &im->o.l[im->o.n - 1];

	if (l->nq < MAX_Q)
		snprintf(l->q[l->nq++], sizeof(l->q[0]), "%s: %s", field, why);
}

const char *cite(struct imp *im, int node)
{
	static char buf[4][320];
	static int i;
	char *p = buf[i++ % 4];
	const char *label = dtr_label(&im->dt, node);

	snprintf(p, sizeof(buf[0]), "%s%s%s%s", dtr_path(&im->dt, node),
		 label ? " (" : "", label ? label : "", label ? ")" : "");
	return p;
}

static bool same_cpu(const struct dtr *dt, const struct dtr_cpu *a,
		     const struct dtr_cpu *b)
{
	int i;

	if (strcmp(a->compat, b->compat) || a->opp_table != b->opp_table ||
	    a->has_dpc != b->has_dpc || a->dpc != b->dpc ||
	    !dtr_same_costs(dt, a->cost_core, b->cost_core) ||
	    !dtr_same_costs(dt, a->cost_cluster, b->cost_cluster) ||
	    a->nstates != b->nstates)
		return false;
	for (i = 0; i < a->nstates; i++)
		if (a->state[i].node != b->state[i].node)
			return false;
	return true;
}

/*
 * Some device trees give dynamic-power-coefficient to one CPU of each
 * cluster only (hi3660, r8a77951): the energy model then has it for that
 * CPU's frequency domain, which is the whole cluster.  A CPU without one
 * takes that of an alike CPU of its cluster (same compatible and
 * OPP table), so that the cluster is not split in two kinds, and its
 * cluster states made SoC states, by a property the others share.
 */
static void share_dpc(struct dtr *dt)
{
	int i, j;

	for (i = 0; i < dt->ncpus; i++) {
		struct dtr_cpu *c = &dt->cpu[i];

		for (j = 0; j < dt->ncpus && !c->has_dpc; j++) {
			const struct dtr_cpu *o = &dt->cpu[j];

			if (o->has_dpc && o->dpc_node == o->node &&
			    o->dt_cluster == c->dt_cluster && !strcmp(o->compat, c->compat) &&
			    o->opp_table == c->opp_table) {
				c->has_dpc = true;
				c->dpc = o->dpc;
				c->dpc_node = o->node;
			}
		}
	}
}

/*
 * Groups: runs of alike CPUs of one cluster (dt-read.h).  A cluster of unlike
 * CPUs (sdm845's one DynamIQ cluster of four silver and four gold cores)
 * becomes several [cluster] sections, and a state of its cluster domain,
 * which needs all of them idle, is an SoC state for the description.
 */
static int make_groups(struct imp *im)
{
	struct dtr *dt = &im->dt;
	int i, j, k;

	if (dt->ncpus > SOC_MAX_CPUS)
		return dtr_bad(dt, -1, NULL, "%d CPUs; a description holds at most %d",
			       dt->ncpus, SOC_MAX_CPUS);
	share_dpc(dt);
	for (i = 0; i < dt->ncpus; i++) {
		if (i && dt->cpu[i].dt_cluster == dt->cpu[i - 1].dt_cluster &&
		    same_cpu(dt, &dt->cpu[im->g[im->ng - 1].first], &dt->cpu[i])) {
			im->g[im->ng - 1].n++;
			continue;
		}
		for (j = 0; j < i - 1; j++)
			if (dt->cpu[j].dt_cluster == dt->cpu[i].dt_cluster &&
			    dt->cpu[i - 1].dt_cluster != dt->cpu[i].dt_cluster)
				return dtr_bad(dt, dt->cpu[i].node, NULL,
					       "its %s's CPUs are not consecutive in reg order, as a description numbers them",
					       dt->by_domains ? "PSCI cluster domain" : "cpu-map cluster");
		im->g[im->ng++] = (struct group){ .first = i, .n = 1 };
	}
	for (k = 0; k < im->ng; k++) {
		struct group *g = &im->g[k];
		struct dtr_cpu *c = &dt->cpu[g->first];
		uint64_t mine = ((1ULL << g->n) - 1) << g->first;

		for (i = 0; i < c->nstates; i++) {
			g->off[i] = c->state[i].off;
			g->why[i] = c->state[i].why;
			if (g->off[i] == DTR_CLUSTER && (c->state[i].span & ~mine)) {
				g->off[i] = DTR_SOC;
				g->why[i] = "its cluster holds CPUs of other [cluster] sections";
			}
		}
	}
	return 0;
}

static bool same_group(const struct imp *im, int a, int b)
{
	const struct group *x = &im->g[a], *y = &im->g[b];

	return x->n == y->n && !memcmp(x->off, y->off, sizeof(x->off)) &&
	       same_cpu(&im->dt, &im->dt.cpu[x->first], &im->dt.cpu[y->first]);
}

/*
 * Names: the core of the compatible ("arm,cortex-a53" -> "a53").  When two
 * sections would share one (sdm845: "qcom,kryo385" twice), by capacity-
 * dmips-mhz, lowest first: "little", "big" ("mid" between for three); with
 * capacities alike, or more sections, the name and the section's number.
 */
static uint32_t dmips(const struct imp *im, int k)
{
	return im->dt.cpu[im->g[im->s[k].g].first].dmips;
}

static void name_sects(struct imp *im)
{
	static const char *const bl[3][3] = {
		{ "cpu" }, { "little", "big" }, { "little", "mid", "big" } };
	int i, j, rank;
	bool dup = false, distinct = im->ns <= 3;

	for (i = 0; i < im->ns; i++) {
		const char *c = im->dt.cpu[im->g[im->s[i].g].first].compat;
		const char *p = strchr(c, ',') ? strchr(c, ',') + 1 : c;
		char *n = im->s[i].name;

		if (!strncmp(p, "cortex-", 7))
			p += 7;
		snprintf(n, 13, "%s", *p ? p : "cpu");
		for (j = 0; n[j]; j++)
			if (!strchr("._-", n[j]) && !isalnum((unsigned char)n[j]))
				n[j] = '-';
		for (j = 0; j < i; j++) {
			dup |= !strcmp(n, im->s[j].name);
			distinct &= dmips(im, i) != dmips(im, j);
		}
	}
	for (i = 0; dup && i < im->ns; i++) {
		for (j = 0, rank = 0; j < im->ns; j++)
			rank += dmips(im, j) < dmips(im, i);
		if (distinct)
			snprintf(im->s[i].name, 16, "%s", bl[im->ns - 1][rank]);
		else
			sprintf(im->s[i].name + strlen(im->s[i].name), "-%d", i);
	}
}

/*
 * A state's name is the same in every section (one driver table): the node
 * name of the first section's state without a leading little- or big- and
 * its number suffixes ("cpu-sleep-0-0" -> "cpu-sleep"), and "-<depth>"
 * after it when another depth has that name; SOC_STATE_NAME_LEN - 1 of
 * [A-Za-z0-9._-] at most.
 */
static void name_pos(struct imp *im, int p, int node)
{
	const size_t max = sizeof(im->pos[0]) - 1;
	char n[64], *s = n, *dash;
	int i;

	snprintf(n, sizeof(n), "%s", dtr_name(&im->dt, node));
	if (!strncasecmp(s, "little-", 7) || !strncasecmp(s, "big-", 4))
		s = strchr(s, '-') + 1;
	while ((dash = strrchr(s, '-')) && dash > s && dash[1] &&
	       strspn(dash + 1, "0123456789") == strlen(dash + 1))
		*dash = '\0';
	for (i = 0; s[i]; i++)
		if (!strchr("._-", s[i]) && !isalnum((unsigned char)s[i]))
			s[i] = '-';
	/*
	 * Only beyond what a description holds: the devicetree spec allows
	 * node names of 31 characters, so a name cut is a DT's own excess.
	 */
	if (strlen(s) > max)
		snprintf(im->pos_cut[p], sizeof(im->pos_cut[0]), "%s", s);
	s[max] = '\0';
	for (i = 0; i < p && strcmp(im->pos[i], s); i++)
		;
	/* "-<depth>" in the last two places (fewer than 10 states) */
	if (i < p)
		sprintf(s + (strlen(s) > max - 2 ? max - 2 : strlen(s)), "-%d", p);
	snprintf(im->pos[p], sizeof(im->pos[0]), "%s", s);
}

static int build(struct imp *im)
{
	struct dtr *dt = &im->dt;
	int i, k, rc = make_groups(im);

	if (rc)
		return rc;
	for (k = 0; k < im->ng; k++) {
		struct sect *s = &im->s[im->ns];
		struct dtr_cpu *c = &dt->cpu[im->g[k].first];

		if (im->ns && same_group(im, im->s[im->ns - 1].g, k)) {
			im->s[im->ns - 1].count++;
			continue;
		}
		*s = (struct sect){ .g = k, .count = 1 };
		rc = dtr_read_opps(dt, c->opp_table, &s->opps);
		if (!rc)
			rc = dtr_read_costs(dt, c->cost_core, &s->core);
		if (!rc)
			rc = dtr_read_costs(dt, c->cost_cluster, &s->clus);
		if (rc)
			return rc;
		for (i = 0; i < dt->ncpus; i++)
			s->share += c->cost_cluster >= 0 &&
				    dt->cpu[i].cost_cluster == c->cost_cluster;
		im->ns++;
		if (im->npos < c->nstates + 1)
			im->npos = c->nstates + 1;
	}
	if (im->ns > MAX_SECT || im->npos > MAX_SECT)
		return dtr_bad(dt, -1, NULL, "%d kinds of cluster, %d idle states with WFI; a description holds 8 of each",
			       im->ns, im->npos);
	name_sects(im);
	snprintf(im->pos[0], sizeof(im->pos[0]), "WFI");
	for (i = 1; i < im->npos; i++) {
		for (k = 0; k < im->ns; k++) {
			struct group *g = &im->g[im->s[k].g];
			struct dtr_cpu *c = &dt->cpu[g->first];

			if (i > c->nstates)
				continue;
			if (!im->pos_off[i])
				name_pos(im, i, c->state[i - 1].node);
			if (im->pos_off[i] < g->off[i - 1])
				im->pos_off[i] = g->off[i - 1];
		}
	}
	return 0;
}

static void fmt_hz(char *b, size_t n, uint64_t hz)
{
	if (hz % 1000000)
		snprintf(b, n, "%llukHz", (unsigned long long)(hz / 1000));
	else
		snprintf(b, n, "%lluMHz", (unsigned long long)(hz / 1000000));
}

static void fmt_unit(char *b, size_t n, uint64_t v, const char *big,
		     const char *small)
{
	if (v % 1000)
		snprintf(b, n, "%llu%s", (unsigned long long)v, small);
	else
		snprintf(b, n, "%llu%s", (unsigned long long)(v / 1000), big);
}

/*
 * Linux makes the CPU the firmware booted on its CPU 0, then numbers the
 * others in /cpus order (smp_init_cpus()); which one boots is not in the
 * device tree, so the line is left to fill in, with /cpus's order shown.
 */
static void write_linux_cpus(struct imp *im)
{
	char order[200];
	int k, n = 0;

	order[0] = '\0';
	for (k = 0; k < im->ns; k++) {
		const struct sect *s = &im->s[k];
		const struct group *g = &im->g[s->g];
		int last = g->first + g->n * s->count - 1;

		if (last == g->first)
			n += snprintf(order + n, sizeof(order) - n, "%s%d=%s", k ? "," : "",
				      g->first, s->name);
		else
			n += snprintf(order + n, sizeof(order) - n, "%s%d-%d=%s", k ? "," : "",
				      g->first, last, s->name);
		if (n >= (int)sizeof(order))
			break;
	}
	emit(im, NULL, "# Linux's CPU 0 is the one the firmware boots on, the others follow in");
	emit(im, NULL, "# /cpus order; a trace from the board numbers them so.  Booting on the");
	emit(im, NULL, "# first of /cpus: linux_cpus = %s", order);
	emit(im, NULL, "linux_cpus = ?");
	need(im, "linux_cpus", "which CPU boots, Linux's CPU 0, is the firmware's choice, not in the device tree");
}

static void write_soc(struct imp *im)
{
	static const char *const dflt[5][2] = {
		{ "reference_temp", "45C" }, { "exit_fixed", "50%" },
		{ "active_leak_doubling", "20C" }, { "jitter", "5%" },
		{ "coupling", "yes" } };
	const char *model = im->dt.model;
	int i;

	emit(im, NULL, "# %s: written by idlesim-soc import from %s.", im->name,
	     im->dt.file);
	emit(im, NULL, "# Each '?' is a figure the device tree does not hold: fill it in.");
	emit(im, NULL, "");
	emit(im, NULL, "[soc]");
	emit(im, NULL, "name = %s", im->name);
	emit(im, model ? "/: model" : NULL, "description = %s", model ? model : "?");
	if (!model)
		need(im, "description", "no model property in /");
	emit(im, NULL, "source = %s", im->dt.file);
	for (i = 0; i < 5; i++)
		emit(im, "idlesim default, not from the DT", "%s = %s", dflt[i][0],
		     dflt[i][1]);
	write_linux_cpus(im);
}

static void write_states(struct imp *im)
{
	int p, k;

	emit(im, NULL, "");
	emit(im, NULL, "# State 0 is WFI, which no device tree lists: cpuidle-psci and cpuidle-arm");
	emit(im, NULL, "# put it first in every CPU's table.");
	emit(im, NULL, "[state WFI]");
	emit(im, "arm WFI: clock-gated only", "off = clock");
	for (p = 1; p < im->npos; p++) {
		const char *why = NULL;
		char buf[400];

		emit(im, NULL, "");
		for (k = 0; k < im->ns; k++) {
			struct group *g = &im->g[im->s[k].g];
			struct dtr_state *s = &im->dt.cpu[g->first].state[p - 1];

			if (p > im->dt.cpu[g->first].nstates)
				continue;
			emit(im, NULL, "# %s: %s%s%s", im->s[k].name, cite(im, s->node),
			     s->domain >= 0 ? " of " : "",
			     s->domain >= 0 ? dtr_path(&im->dt, s->domain) : "");
			if (!why && g->off[p - 1] == im->pos_off[p])
				why = g->why[p - 1];
		}
		if (im->pos_cut[p][0])
			emit(im, NULL, "# %s: cut to %zu characters, the most a description's state name has",
			     im->pos_cut[p], sizeof(im->pos[0]) - 1);
		emit(im, NULL, "[state %s]", im->pos[p]);
		snprintf(buf, sizeof(buf), "%s: %s", off_name[im->pos_off[p]], why);
		emit(im, buf, "off = %s", off_name[im->pos_off[p]]);
	}
}

enum { BY_NONE, BY_UW, BY_DPC, BY_COST };

/* core=: opp-microwatt, else dynamic-power-coefficient, else EAS costs. */
static int core_source(const struct sect *s, const struct dtr_cpu *c)
{
	int i, uw = 1, uv = 1;

	for (i = 0; i < s->opps.n; i++) {
		uw &= s->opps.opp[i].has_uw;
		uv &= s->opps.opp[i].has_uv;
	}
	if (uw && s->opps.n)
		return BY_UW;
	if (c->has_dpc && uv && s->opps.n)
		return BY_DPC;
	return s->core.node >= 0 && s->core.nbusy == s->opps.n ? BY_COST : BY_NONE;
}

static void write_opps(struct imp *im, struct sect *s, struct dtr_cpu *c)
{
	int n = s->opps.n, keep = n > MAX_OPP_LINES ? MAX_OPP_LINES : n;
	int by = core_source(s, c), j;
	bool clus = s->clus.node >= 0 && s->clus.nbusy == n;
	const char *nocore = s->core.node >= 0 ? "busy-cost-data and the OPP table differ in length" :
			     c->has_dpc ? "dynamic-power-coefficient needs the OPPs' voltages" :
			     "no opp-microwatt, dynamic-power-coefficient or sched-energy-costs";
	const char *noclus = s->clus.node >= 0 ? "busy-cost-data and the OPP table differ in length" :
			     "not in the device tree (no sched-energy-costs cluster node)";

	if (!n) {
		emit(im, NULL, "opp = ? ? core=? cluster=?")->table = true;
		need(im, "frequency", "no operating-points-v2 in the cpu node (OPPs from firmware?)");
		need(im, "voltage", "no operating-points-v2 in the cpu node");
		need(im, "core", nocore);
		need(im, "cluster", noclus);
		return;
	}
	if (n > keep)
		emit(im, NULL, "# %s has %d operating points and a description holds %d: the lowest, the highest and evenly spaced ones between (by index)",
		     dtr_path(&im->dt, s->opps.node), n, keep);
	if (by == BY_DPC)
		emit(im, NULL, "# core=: dynamic-power-coefficient = <%u> of %s%s: uW = C * mV^2 * MHz / 10^6 in integers, as drivers/opp/of.c _get_power() computes it",
		     c->dpc, dtr_path(&im->dt, c->dpc_node),
		     c->dpc_node != c->node ? ", the one CPU of the cluster that has it" : "");
	else if (by != BY_NONE)
		emit(im, NULL, "# core=: %s", by == BY_UW ? "opp-microwatt" :
		     "busy-cost-data of the core cost node by position, cost read as mW");
	if (clus)
		emit(im, NULL, "# cluster=: busy-cost-data of %s by position, cost read as mW",
		     dtr_path(&im->dt, s->clus.node));
	for (j = 0; j < keep; j++) {
		int i = keep == n ? j : (j * (n - 1) + (keep - 1) / 2) / (keep - 1);
		struct dtr_opp *o = &s->opps.opp[i];
		char f[32], v[32] = "?", pc[32] = "?", pl[32] = "?", cm[300];
		uint64_t mv = o->uv / 1000, core = o->uw;

		fmt_hz(f, sizeof(f), o->hz);
		if (o->has_uv)
			fmt_unit(v, sizeof(v), o->uv, "mV", "uV");
		if (by == BY_DPC)
			core = (uint64_t)c->dpc * mv * mv * (o->hz / 1000000) / 1000000;
		else if (by == BY_COST)
			core = (uint64_t)s->core.busy[i] * 1000;
		if (by != BY_NONE)
			fmt_unit(pc, sizeof(pc), core, "mW", "uW");
		if (clus)
			fmt_unit(pl, sizeof(pl), (uint64_t)s->clus.busy[i] * 1000, "mW", "uW");
		snprintf(cm, sizeof(cm), "%s%s", cite(im, o->node),
			 o->hz % 1000 ? ", rounded down to kHz" : "");
		emit(im, cm, "opp = %s %s core=%s cluster=%s", f, v, pc, pl);
		if (!o->has_uv)
			need(im, "voltage", "no opp-microvolt in the OPP node");
		if (by == BY_NONE)
			need(im, "core", nocore);
		if (!clus)
			need(im, "cluster", noclus);
	}
}

static void write_clusters(struct imp *im)
{
	struct dtr *dt = &im->dt;
	int k, i;

	for (k = 0; k < im->ns; k++) {
		struct sect *s = &im->s[k];
		struct group *g = &im->g[s->g];
		struct dtr_cpu *c = &dt->cpu[g->first];
		int last = g->first + g->n * s->count - 1, whole = 0;
		char cm[400];

		emit(im, NULL, "");
		emit(im, NULL, "# CPUs %d-%d: %s to %s, \"%s\"", g->first, last,
		     dtr_path(dt, c->node), dtr_path(dt, dt->cpu[last].node), c->compat);
		emit(im, NULL, "[cluster %s]", s->name);
		for (i = 0; i < dt->ncpus; i++)
			whole += dt->cpu[i].dt_cluster == c->dt_cluster;
		snprintf(cm, sizeof(cm), "%s%s%s", dt->cluster_node[c->dt_cluster] < 0 ?
			 "no /cpus/cpu-map: one cluster" :
			 dtr_path(dt, dt->cluster_node[c->dt_cluster]),
			 dt->by_domains ? ", the PSCI cluster domain (no /cpus/cpu-map)" : "",
			 whole != g->n ? ", with CPUs of other kinds" : "");
		emit(im, cm, "cpus = %d", g->n);
		if (s->count > 1)
			emit(im, dt->by_domains ? "alike PSCI cluster domains in a row" :
			     "alike cpu-map clusters in a row", "count = %d", s->count);
		emit(im, NULL, "active_leak = ?");
		need(im, "active_leak", "not in the device tree (no leakage figures)");
		write_opps(im, s, c);
		import_state_lines(im, s, c);
	}
	emit(im, NULL, "");
	emit(im, NULL, "# [block] sections are not in a device tree: they are the user's to add");
	emit(im, NULL, "# below, and --fill copies them from the previous file.");
}

static void stem(char *out, size_t len, const char *file)
{
	const char *b = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
	size_t i;

	snprintf(out, len, "%s", b);
	if (strrchr(out, '.') && strrchr(out, '.') != out)
		*strrchr(out, '.') = '\0';
	for (i = 0; out[i]; i++)
		if (!strchr("._-", out[i]) && !isalnum((unsigned char)out[i]))
			out[i] = '-';
}

int cmd_import(int argc, char **argv)
{
	char **inc = calloc(argc, sizeof(*inc));
	const char *file = NULL, *old = NULL;
	struct imp *im;
	int i, j, ninc = 0, rc;

	if (!inc) {
		perror("idlesim-soc import");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			fputs(usage, stdout);
			free(inc);
			return 0;
		} else if (!strcmp(argv[i], "-I") && i + 1 < argc) {
			inc[ninc++] = argv[++i];
		} else if (!strcmp(argv[i], "--fill") && i + 1 < argc) {
			old = argv[++i];
		} else if (argv[i][0] == '-' || file) {
			break;
		} else {
			file = argv[i];
		}
	}
	im = file && i == argc ? calloc(1, sizeof(*im)) : NULL;
	if (!im) {
		if (file && i == argc)
			perror("idlesim-soc import");
		else
			fputs(usage, stderr);
		free(inc);
		return file && i == argc ? 1 : 2;
	}
	stem(im->name, sizeof(im->name), file);
	rc = dtr_load(&im->dt, file, inc, ninc);
	if (!rc)
		rc = dtr_read(&im->dt);
	if (!rc)
		rc = build(im);
	if (!rc) {
		write_soc(im);
		write_states(im);
		write_clusters(im);
		if (old)
			rc = import_fill(&im->o, old);
	}
	for (i = 0; !rc && i < im->o.n; i++)
		puts(im->o.l[i].text);
	if (!rc && fflush(stdout)) {
		perror("idlesim-soc import: stdout");
		rc = 1;
	}
	for (i = 0; !rc && i < im->o.n; i++)
		for (j = 0; j < im->o.l[i].nq; j++)
			fprintf(stderr, "%s.soc: line %d: %s; fill it in\n", im->name, i + 1,
				im->o.l[i].q[j]);
	for (i = 0; i < im->o.n; i++)
		free(im->o.l[i].text);
	free(im->o.l);
	dtr_free(&im->dt);
	free(im);
	free(inc);
	return rc;
}
