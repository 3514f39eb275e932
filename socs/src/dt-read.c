// SPDX-License-Identifier: GPL-2.0
/*
 * dt-read: the device tree side of `idlesim-soc import`.  A .dts goes
 * through cpp and dtc as the kernel build runs them (scripts/Makefile.lib),
 * so includes and macros come out as the kernel sees them; the blob is
 * then read with libfdt only, after its header and structure are checked.
 */
#define _GNU_SOURCE	/* strcasestr() */
#include <ctype.h>
#include <errno.h>
#include <libfdt.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "dt-read.h"

extern char **environ;

#define DTR_MAX_BLOB	(64 << 20)	/* far above any real DTB */

int dtr_bad(const struct dtr *dt, int node, const char *prop,
	    const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", dt->file);
	if (node >= 0)
		fprintf(stderr, "%s: ", dtr_path(dt, node));
	if (prop)
		fprintf(stderr, "%s: ", prop);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return 2;
}

/* A few paths live at once in one message or comment: rotate buffers. */
const char *dtr_path(const struct dtr *dt, int node)
{
	static char buf[8][256];
	static int i;
	char *p = buf[i++ % 8];

	if (fdt_get_path(dt->fdt, node, p, sizeof(buf[0])))
		snprintf(p, sizeof(buf[0]), "<node at %d>", node);
	return p;
}

/* Node name without its unit address. */
const char *dtr_name(const struct dtr *dt, int node)
{
	static char buf[8][64];
	static int i;
	char *p = buf[i++ % 8];
	const char *name = fdt_get_name(dt->fdt, node, NULL);

	snprintf(p, sizeof(buf[0]), "%s", name ? name : "");
	p[strcspn(p, "@")] = '\0';
	return p;
}

/* The label of a node, from the __symbols__ that dtc -@ writes. */
const char *dtr_label(const struct dtr *dt, int node)
{
	int sym = fdt_path_offset(dt->fdt, "/__symbols__");
	const char *path = dtr_path(dt, node);
	int off;

	if (sym < 0)
		return NULL;
	fdt_for_each_property_offset(off, dt->fdt, sym) {
		const char *name;
		int len;
		const char *val = fdt_getprop_by_offset(dt->fdt, off, &name, &len);

		if (val && len > 0 && !val[len - 1] && !strcmp(val, path))
			return name;
	}
	return NULL;
}

/* 1 found, 0 absent, 2 malformed (reported). */
static int prop_u32(const struct dtr *dt, int node, const char *name,
		    uint32_t *v)
{
	int len;
	const fdt32_t *p = fdt_getprop(dt->fdt, node, name, &len);

	if (!p)
		return 0;
	if (len != 4)
		return dtr_bad(dt, node, name, "%d bytes, expected one cell", len);
	*v = fdt32_to_cpu(*p);
	return 1;
}

static const char *prop_str(const struct dtr *dt, int node, const char *name)
{
	int len;
	const char *p = fdt_getprop(dt->fdt, node, name, &len);

	return p && len > 0 && !p[len - 1] ? p : NULL;
}

static bool available(const struct dtr *dt, int node)
{
	const char *s = prop_str(dt, node, "status");

	return !s || !strcmp(s, "okay") || !strcmp(s, "ok");
}

/*
 * Entry idx of a phandle list; cells names the target's argument count
 * property (NULL: no arguments).  Sets *target, -1 past the end; returns
 * 0 or 2 (reported).
 */
static int phandle_at(const struct dtr *dt, int node, const char *prop,
		      int idx, const char *cells, int *target)
{
	int len, n, i = 0;
	const fdt32_t *p = fdt_getprop(dt->fdt, node, prop, &len);

	*target = -1;
	if (!p)
		return 0;
	if (len % 4)
		return dtr_bad(dt, node, prop, "%d bytes, not whole cells", len);
	n = len / 4;
	while (i < n) {
		uint32_t ph = fdt32_to_cpu(p[i]);
		uint32_t args = 0;
		int t = fdt_node_offset_by_phandle(dt->fdt, ph);

		if (t < 0)
			return dtr_bad(dt, node, prop,
				       "phandle 0x%x is not a node", ph);
		if (cells && prop_u32(dt, t, cells, &args) != 1)
			return dtr_bad(dt, t, cells, "missing or malformed");
		if (!idx--) {
			*target = t;
			return 0;
		}
		i += 1 + args;
	}
	return 0;
}

static int run(const char *file, char *const argv[])
{
	pid_t pid;
	int st, err = posix_spawnp(&pid, argv[0], NULL, NULL, argv, environ);

	if (err) {
		fprintf(stderr, "idlesim-soc import: %s: %s\n", argv[0],
			strerror(err));
		return 1;
	}
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR) {
			perror("idlesim-soc import: waitpid");
			return 1;
		}
	}
	if (WIFEXITED(st) && !WEXITSTATUS(st))
		return 0;
	if (WIFEXITED(st)) {
		fprintf(stderr, "%s: %s failed (exit %d)\n", file, argv[0],
			WEXITSTATUS(st));
		return 2;
	}
	fprintf(stderr, "%s: %s killed by signal %d\n", file, argv[0],
		WTERMSIG(st));
	return 1;
}

/*
 * The kernel's own pipeline (cmd_dtc in scripts/Makefile.lib), plus dtc -@
 * so that labels (CPU_SLEEP_0) can be cited beside paths.
 */
static int compile_dts(const char *file, char **inc, int ninc, char *dtb)
{
	static const char *const cpp0[] = { "cpp", "-nostdinc", "-undef",
		"-D__DTS__", "-x", "assembler-with-cpp" };
	static const char *const dtc0[] = { "dtc", "-I", "dts", "-O", "dtb", "-q", "-@" };
	const char *tmp = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char pp[4096], dir[4096], *cpp[16 + 2 * 64], *dtc[16 + 2 * 64];
	int i, n = 6, m = 7, fd, rc = 1;

	if (ninc > 63) {
		fprintf(stderr, "idlesim-soc import: more than 63 -I\n");
		return 2;
	}
	snprintf(dir, sizeof(dir), "%s", file);
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	else
		strcpy(dir, ".");
	memcpy(cpp, cpp0, sizeof(cpp0));
	memcpy(dtc, dtc0, sizeof(dtc0));
	for (i = -1; i < ninc; i++) {
		cpp[n++] = "-I";
		cpp[n++] = i < 0 ? dir : inc[i];
		dtc[m++] = "-i";
		dtc[m++] = i < 0 ? dir : inc[i];
	}
	snprintf(pp, sizeof(pp), "%s/idlesim-import-XXXXXX", tmp);
	snprintf(dtb, 4096, "%s/idlesim-import-XXXXXX", tmp);
	fd = mkstemp(pp);
	if (fd >= 0 && !close(fd) && (fd = mkstemp(dtb)) >= 0 && !close(fd)) {
		char *tail_c[] = { (char *)file, "-o", pp, NULL };
		char *tail_d[] = { "-o", dtb, pp, NULL };

		memcpy(cpp + n, tail_c, sizeof(tail_c));
		memcpy(dtc + m, tail_d, sizeof(tail_d));
		rc = run(file, cpp);
		if (!rc)
			rc = run(file, dtc);
	} else {
		perror("idlesim-soc import: mkstemp");
	}
	unlink(pp);
	if (rc)
		unlink(dtb);
	return rc;
}

static int read_blob(struct dtr *dt, const char *path)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	int rc;

	if (!f || fstat(fileno(f), &st)) {
		fprintf(stderr, "%s: %s\n", dt->file, strerror(errno));
		if (f)
			fclose(f);
		return 1;
	}
	dt->size = st.st_size;
	if (st.st_size >= (off_t)sizeof(struct fdt_header) && st.st_size <= DTR_MAX_BLOB)
		dt->fdt = malloc(dt->size);
	rc = dt->fdt && fread(dt->fdt, 1, dt->size, f) == dt->size;
	fclose(f);
	if (!rc)
		return dtr_bad(dt, -1, NULL, "%zu bytes: not a device tree blob", dt->size);
	rc = fdt_check_header(dt->fdt);
	if (!rc && fdt_totalsize(dt->fdt) > dt->size)
		return dtr_bad(dt, -1, NULL, "truncated: header says %u bytes, file has %zu",
			       fdt_totalsize(dt->fdt), dt->size);
	if (!rc)
		rc = fdt_check_full(dt->fdt, dt->size);
	return rc ? dtr_bad(dt, -1, NULL, "not a valid device tree blob (%s)%s",
			    fdt_strerror(rc), rc == -FDT_ERR_BADMAGIC ?
			    "; a source must be named *.dts" : "") : 0;
}

int dtr_load(struct dtr *dt, const char *file, char **incdirs, int nincdirs)
{
	size_t len = strlen(file);
	char dtb[4096];
	int rc;

	memset(dt, 0, sizeof(*dt));
	dt->file = file;
	if (len > 4 && !strcmp(file + len - 4, ".dts")) {
		rc = compile_dts(file, incdirs, nincdirs, dtb);
		if (rc)
			return rc;
		rc = read_blob(dt, dtb);
		unlink(dtb);
		return rc;
	}
	return read_blob(dt, file);
}

void dtr_free(struct dtr *dt)
{
	free(dt->fdt);
	dt->fdt = NULL;
}

static int cmp_cpu(const void *a, const void *b)
{
	const struct dtr_cpu *x = a, *y = b;

	return x->reg < y->reg ? -1 : x->reg > y->reg;
}

static bool has_compat(const struct dtr *dt, int node, const char *c)
{
	return !fdt_node_check_compatible(dt->fdt, node, c);
}

/* A numbered cpu-map node: "cluster0", "core12". */
static bool named(const struct dtr *dt, int node, const char *prefix)
{
	const char *n = dtr_name(dt, node);
	size_t l = strlen(prefix);

	return !strncmp(n, prefix, l) && isdigit((unsigned char)n[l]);
}

static int map_cpu(struct dtr *dt, int holder, int cluster)
{
	int t, i, rc = phandle_at(dt, holder, "cpu", 0, NULL, &t);

	for (i = 0; !rc && t >= 0 && i < dt->ncpus && dt->cpu[i].node != t; i++)
		;
	if (rc || t < 0 || i == dt->ncpus)	/* a disabled CPU: left out */
		return rc;
	if (dt->cpu[i].dt_cluster >= 0)
		return dtr_bad(dt, holder, "cpu", "%s is in two clusters",
			       dtr_path(dt, t));
	dt->cpu[i].dt_cluster = cluster;
	return 0;
}

/*
 * The clusters are the innermost ones: a socket or cluster level above
 * them (cpus.yaml's nested cpu-map) is one more level of sharing that the
 * description has no section for.
 */
static int walk_map(struct dtr *dt, int node)
{
	int sub, thr, rc, me = -1;

	fdt_for_each_subnode(sub, dt->fdt, node) {
		if (named(dt, sub, "socket") || named(dt, sub, "cluster")) {
			rc = walk_map(dt, sub);
			if (rc)
				return rc;
			continue;
		}
		if (!named(dt, sub, "core"))
			continue;
		if (me < 0) {
			me = dt->nclusters++;
			dt->cluster_node[me] = node;
		}
		rc = fdt_getprop(dt->fdt, sub, "cpu", NULL) ? map_cpu(dt, sub, me) : 0;
		fdt_for_each_subnode(thr, dt->fdt, sub)
			if (!rc && named(dt, thr, "thread"))
				rc = map_cpu(dt, thr, me);
		if (rc)
			return rc;
	}
	return 0;
}

static int read_topology(struct dtr *dt, int cpus)
{
	int map = fdt_subnode_offset(dt->fdt, cpus, "cpu-map");
	int i, rc;

	if (map < 0) {
		dtr_domain_clusters(dt, false);
		return 0;
	}
	rc = walk_map(dt, map);
	if (rc)
		return rc;
	for (i = 0; i < dt->ncpus; i++)
		if (dt->cpu[i].dt_cluster < 0)
			return dtr_bad(dt, dt->cpu[i].node, NULL,
				       "not in %s", dtr_path(dt, map));
	dtr_domain_clusters(dt, true);
	return 0;
}

/* The PSCI power domains from the CPU up (psci.yaml, hierarchical layout). */
static int read_domains(struct dtr *dt, struct dtr_cpu *c)
{
	int idx = fdt_stringlist_search(dt->fdt, c->node, "power-domain-names",
					"psci");
	int d, i, rc;

	rc = phandle_at(dt, c->node, "power-domains", idx < 0 ? 0 : idx,
			"#power-domain-cells", &d);
	while (!rc && d >= 0) {
		for (i = 0; i < c->ndomains; i++)
			if (c->domain[i] == d)
				return dtr_bad(dt, d, "power-domains", "a loop");
		if (c->ndomains == DTR_MAX_DOMAINS)
			return dtr_bad(dt, d, "power-domains", "more than %d levels",
				       DTR_MAX_DOMAINS);
		c->domain[c->ndomains++] = d;
		rc = phandle_at(dt, d, "power-domains", 0, "#power-domain-cells",
				&d);
	}
	return rc;
}

/*
 * A cpu-idle-states entry has no domain to say what it powers down.  The
 * rule: "cluster" in its idle-state-name or node name makes it a cluster
 * state, "system" an SoC state; else the power level of an
 * arm,psci-suspend-param in the original PSCI 0.2 format (bits 25:24, with
 * bits 31:26 zero; psci.yaml), 1 cluster, 2 and up SoC; else a CPU state.
 * local-timer-stop says nothing: Juno's and rk3399's CPU states have it too.
 */
static enum dtr_off flat_kind(const struct dtr *dt, int node, const char **why)
{
	const char *names[2] = { prop_str(dt, node, "idle-state-name"),
				 dtr_name(dt, node) };
	uint32_t p = 0;
	int i;

	for (i = 0; i < 2; i++) {
		*why = i ? "a word of its node name" : "a word of its idle-state-name";
		if (names[i] && strcasestr(names[i], "cluster"))
			return DTR_CLUSTER;
		if (names[i] && strcasestr(names[i], "system"))
			return DTR_SOC;
	}
	if (prop_u32(dt, node, "arm,psci-suspend-param", &p) == 1 &&
	    !(p & 0xfc000000)) {
		*why = "the power level of its arm,psci-suspend-param";
		p = (p >> 24) & 3;
		return p == 0 ? DTR_CORE : p == 1 ? DTR_CLUSTER : DTR_SOC;
	}
	*why = "a cpu-idle-states entry";
	return DTR_CORE;
}

/* dom: the power domain at chain index d listing the state, or -1. */
static int add_state(struct dtr *dt, struct dtr_cpu *c, int node, int dom,
		     int d)
{
	struct dtr_state *s;
	const char *prop = dom < 0 ? "cpu-idle-states" : "domain-idle-states";
	int rc;

	if (!available(dt, node))
		return 0;
	/* A CPU's own domain lists arm,idle-state nodes (sdm845.dtsi). */
	if (!has_compat(dt, node, "arm,idle-state") &&
	    (dom < 0 || !has_compat(dt, node, "domain-idle-state")))
		return dtr_bad(dt, dom < 0 ? c->node : dom, prop,
			       "%s is not an arm,idle-state%s node", dtr_path(dt, node),
			       dom < 0 ? "" : " or domain-idle-state");
	if (c->nstates == DTR_MAX_STATES)
		return dtr_bad(dt, c->node, prop, "more than %d idle states",
			       DTR_MAX_STATES);
	s = &c->state[c->nstates++];
	s->node = node;
	s->domain = dom;
	/* As drivers/cpuidle/dt_idle_states.c init_state_node() reads them. */
	rc = prop_u32(dt, node, "wakeup-latency-us", &s->exit_us);
	if (rc == 0) {
		if (prop_u32(dt, node, "entry-latency-us", &s->entry_dt) != 1)
			return dtr_bad(dt, node, "entry-latency-us", "missing");
		if (prop_u32(dt, node, "exit-latency-us", &s->exit_dt) != 1)
			return dtr_bad(dt, node, "exit-latency-us", "missing");
		s->exit_us = s->entry_dt + s->exit_dt;
	} else if (rc != 1) {
		return rc;
	}
	if (prop_u32(dt, node, "min-residency-us", &s->residency_us) != 1)
		return dtr_bad(dt, node, "min-residency-us", "missing");
	s->has_psci = prop_u32(dt, node, "arm,psci-suspend-param", &s->psci) == 1;
	s->level = d;
	if (dom < 0) {
		s->off = flat_kind(dt, node, &s->why);
		return 0;
	}
	/* Below the CPU's cluster domain the core's, above it the SoC's. */
	s->span = dtr_domain_span(dt, dom);
	if (d < c->cluster_level) {
		s->off = DTR_CORE;
		s->why = "its power domain holds one CPU";
	} else if (d > c->cluster_level) {
		s->off = DTR_SOC;
		s->why = "a power domain above the cluster's";
	} else {
		s->off = DTR_CLUSTER;
		s->why = s->span & (s->span - 1) ?
			 "the first power domain up that holds several CPUs" :
			 "the parent of its CPU's own power domain: a cluster of one CPU";
	}
	return 0;
}

static int read_states(struct dtr *dt, int ci)
{
	struct dtr_cpu *c = &dt->cpu[ci];
	int i, d, n, node, own = -1, rc = 0;

	/* of_get_cpu_state_node(): the CPU's own domain first, then the list. */
	if (c->ndomains)
		rc = phandle_at(dt, c->domain[0], "domain-idle-states", 0, NULL,
				&own);
	for (i = 0; !rc && own < 0; i++) {
		rc = phandle_at(dt, c->node, "cpu-idle-states", i, NULL, &node);
		if (rc || node < 0)
			break;
		rc = add_state(dt, c, node, -1, -1);
	}
	for (d = 0; !rc && d < c->ndomains; d++) {
		for (i = 0; !rc; i++) {
			rc = phandle_at(dt, c->domain[d], "domain-idle-states", i,
					NULL, &node);
			if (rc || node < 0)
				break;
			rc = add_state(dt, c, node, c->domain[d], d);
		}
	}
	if (rc)
		return rc;
	/* A cpu-idle-states entry needs its cluster, or everyone. */
	for (i = 0; i < c->nstates; i++) {
		struct dtr_state *s = &c->state[i];

		if (s->domain >= 0)
			continue;
		s->span = 1ULL << ci;
		for (n = 0; s->off != DTR_CORE && n < dt->ncpus; n++)
			if (s->off == DTR_SOC || dt->cpu[n].dt_cluster == c->dt_cluster)
				s->span |= 1ULL << n;
	}
	return 0;
}

static int read_cpu(struct dtr *dt, struct dtr_cpu *c, int acells)
{
	int len, rc;
	const fdt32_t *reg = fdt_getprop(dt->fdt, c->node, "reg", &len);

	if (!reg || len < acells * 4 || acells < 1 || acells > 2)
		return dtr_bad(dt, c->node, "reg", "missing or not %d cells", acells);
	c->reg = fdt32_to_cpu(reg[0]);
	if (acells == 2)
		c->reg = c->reg << 32 | fdt32_to_cpu(reg[1]);
	c->compat = prop_str(dt, c->node, "compatible");
	if (!c->compat)
		c->compat = "";
	c->dt_cluster = -1;
	if (prop_u32(dt, c->node, "capacity-dmips-mhz", &c->dmips) == 2)
		return 2;
	rc = prop_u32(dt, c->node, "dynamic-power-coefficient", &c->dpc);
	if (rc == 2)
		return rc;
	c->has_dpc = rc == 1;
	c->dpc_node = c->node;
	rc = phandle_at(dt, c->node, "operating-points-v2", 0, NULL, &c->opp_table);
	if (!rc)
		rc = phandle_at(dt, c->node, "sched-energy-costs", 0, NULL,
				&c->cost_core);
	if (!rc)
		rc = phandle_at(dt, c->node, "sched-energy-costs", 1, NULL,
				&c->cost_cluster);
	return rc ? rc : read_domains(dt, c);
}

int dtr_read(struct dtr *dt)
{
	int cpus = fdt_path_offset(dt->fdt, "/cpus");
	int node, i, rc;
	uint32_t acells = 2;

	dt->model = prop_str(dt, 0, "model");
	if (cpus < 0)
		return dtr_bad(dt, -1, NULL, "no /cpus node");
	if (prop_u32(dt, cpus, "#address-cells", &acells) == 2)
		return 2;
	fdt_for_each_subnode(node, dt->fdt, cpus) {
		const char *type = prop_str(dt, node, "device_type");

		if (!type || strcmp(type, "cpu") || !available(dt, node))
			continue;
		if (dt->ncpus == DTR_MAX_CPUS)
			return dtr_bad(dt, cpus, NULL, "more than %d CPUs",
				       DTR_MAX_CPUS);
		dt->cpu[dt->ncpus].node = node;
		rc = read_cpu(dt, &dt->cpu[dt->ncpus++], acells);
		if (rc)
			return rc;
	}
	if (!dt->ncpus)
		return dtr_bad(dt, cpus, NULL, "no enabled cpu node");
	qsort(dt->cpu, dt->ncpus, sizeof(dt->cpu[0]), cmp_cpu);
	for (i = 1; i < dt->ncpus; i++)
		if (dt->cpu[i].reg == dt->cpu[i - 1].reg)
			return dtr_bad(dt, dt->cpu[i].node, "reg", "same as %s",
				       dtr_path(dt, dt->cpu[i - 1].node));
	rc = read_topology(dt, cpus);
	for (i = 0; !rc && i < dt->ncpus; i++)
		rc = read_states(dt, i);
	return rc;
}

static int cmp_opp(const void *a, const void *b)
{
	const struct dtr_opp *x = a, *y = b;

	return x->hz < y->hz ? -1 : x->hz > y->hz;
}

/*
 * Left out, as the OPP core and cpufreq leave them out: disabled entries
 * (_opp_add_static_v2() skips unavailable nodes) and turbo-mode ones,
 * which cpufreq offers only when boost is switched on.  opp-supported-hw
 * depends on fuses the DT does not hold: every entry is taken.
 */
static int read_opp_node(struct dtr *dt, int node, struct dtr_opp *o)
{
	int len, i;
	const fdt32_t *p = fdt_getprop(dt->fdt, node, "opp-hz", &len);

	if (!available(dt, node) || fdt_getprop(dt->fdt, node, "turbo-mode", NULL))
		return 1;
	if (!p || len < 8 || len % 8)
		return dtr_bad(dt, node, "opp-hz", "missing or not 64-bit");
	o->node = node;
	o->hz = (uint64_t)fdt32_to_cpu(p[0]) << 32 | fdt32_to_cpu(p[1]);
	/* The first cell is the target of the first supply (opp-v2-base.yaml). */
	p = fdt_getprop(dt->fdt, node, "opp-microvolt", &len);
	o->has_uv = p && len >= 4;
	if (o->has_uv)
		o->uv = fdt32_to_cpu(p[0]);
	/* dev_pm_opp_get_power() sums the supplies' opp-microwatt. */
	p = fdt_getprop(dt->fdt, node, "opp-microwatt", &len);
	o->has_uw = p && len >= 4;
	for (i = 0, o->uw = 0; o->has_uw && i < len / 4; i++)
		o->uw += fdt32_to_cpu(p[i]);
	return 0;
}

int dtr_read_opps(struct dtr *dt, int table, struct dtr_opps *o)
{
	int node, i, rc, n = 0;

	o->node = table;
	o->n = 0;
	if (table < 0)
		return 0;
	fdt_for_each_subnode(node, dt->fdt, table) {
		if (!fdt_getprop(dt->fdt, node, "opp-hz", NULL) &&
		    strncmp(dtr_name(dt, node), "opp", 3))
			continue;
		if (n == DTR_MAX_OPPS)
			return dtr_bad(dt, table, NULL, "more than %d OPPs", DTR_MAX_OPPS);
		rc = read_opp_node(dt, node, &o->opp[n]);
		if (rc == 2)
			return rc;
		n += !rc;
	}
	qsort(o->opp, n, sizeof(o->opp[0]), cmp_opp);
	for (i = 0; i < n; i++)	/* one entry per frequency, the first */
		if (!o->n || o->opp[o->n - 1].hz != o->opp[i].hz)
			o->opp[o->n++] = o->opp[i];
	return 0;
}

/* Two cost nodes say the same (one per cluster, as the binding has them). */
bool dtr_same_costs(const struct dtr *dt, int a, int b)
{
	static const char *const prop[2] = { "busy-cost-data", "idle-cost-data" };
	int i, la, lb;

	for (i = 0; a != b && i < 2; i++) {
		const void *pa = a < 0 ? NULL : fdt_getprop(dt->fdt, a, prop[i], &la);
		const void *pb = b < 0 ? NULL : fdt_getprop(dt->fdt, b, prop[i], &lb);

		if (!pa != !pb || (pa && (la != lb || memcmp(pa, pb, la))))
			return false;
	}
	return a == b || (a >= 0 && b >= 0);
}

int dtr_read_costs(struct dtr *dt, int node, struct dtr_costs *c)
{
	int len, i;
	const fdt32_t *p;

	memset(c, 0, sizeof(*c));
	c->node = node;
	if (node < 0)
		return 0;
	p = fdt_getprop(dt->fdt, node, "busy-cost-data", &len);
	if (!p || len % 8 || len / 8 > DTR_MAX_COSTS)
		return dtr_bad(dt, node, "busy-cost-data",
			       "not 1 to %d <capacity cost> pairs", DTR_MAX_COSTS);
	c->nbusy = len / 8;
	for (i = 0; i < c->nbusy; i++) {
		c->cap[i] = fdt32_to_cpu(p[2 * i]);
		c->busy[i] = fdt32_to_cpu(p[2 * i + 1]);
	}
	p = fdt_getprop(dt->fdt, node, "idle-cost-data", &len);
	if (p && (len % 4 || len / 4 > DTR_MAX_COSTS))
		return dtr_bad(dt, node, "idle-cost-data", "not 0 to %d cells",
			       DTR_MAX_COSTS);
	c->nidle = p ? len / 4 : 0;
	for (i = 0; i < c->nidle; i++)
		c->idle[i] = fdt32_to_cpu(p[i]);
	return 0;
}
