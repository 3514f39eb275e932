// SPDX-License-Identifier: GPL-2.0
/*
 * dt-domains: clusters from the PSCI power-domain hierarchy (psci.yaml's
 * hierarchical layout), as cpuidle-psci-domain builds its genpd tree from
 * the power-domains of the CPUs and of the domains: a CPU's own domain,
 * its parent the cluster's, the parent's parent the SoC's.  Without a
 * /cpus/cpu-map the hierarchy groups the CPUs; with one it is held against
 * it, and cpu-map wins.  The chains come from dt-read.c's read_domains().
 */
#include <libfdt.h>
#include <stdio.h>
#include "dt-read.h"

uint64_t dtr_domain_span(const struct dtr *dt, int dom)
{
	uint64_t span = 0;
	int i, j;

	for (i = 0; i < dt->ncpus; i++)
		for (j = 0; j < dt->cpu[i].ndomains; j++)
			if (dt->cpu[i].domain[j] == dom)
				span |= 1ULL << i;
	return span;
}

static bool several(uint64_t span)
{
	return span & (span - 1);
}

/*
 * The first domain up that holds several CPUs.  A CPU's domains nest, so
 * the spans only grow up the chain: those below it are the core's.
 */
static int first_shared(const struct dtr *dt, const struct dtr_cpu *c)
{
	int d;

	for (d = 0; d < c->ndomains; d++)
		if (several(dtr_domain_span(dt, c->domain[d])))
			break;
	return d;
}

/*
 * The cluster's domain by the hierarchy: the CPU's own when CPUs share it
 * (sm8250's CPUs point at CLUSTER_PD directly), else its parent, even one
 * of a single CPU: a cluster of one has its own cluster states.
 */
static int hier_level(const struct dtr *dt, const struct dtr_cpu *c)
{
	int d = first_shared(dt, c);

	return d < 1 ? d : 1;
}

/*
 * cpuidle-psci-domain makes genpds of the psci node's children only (its
 * probe matches arm,psci-1.0): another provider a CPU's power-domains
 * name, such as R-Car's SYSC with a cell per CPU, says nothing of its
 * clusters.
 */
static bool psci_domain(const struct dtr *dt, int dom)
{
	int up = fdt_parent_offset(dt->fdt, dom);

	return up >= 0 && !fdt_node_check_compatible(dt->fdt, up, "arm,psci-1.0");
}

static int cluster_domain(const struct dtr *dt, const struct dtr_cpu *c)
{
	int d;

	if (c->cluster_level >= c->ndomains)
		return -1;
	for (d = 0; d <= c->cluster_level; d++)
		if (!psci_domain(dt, c->domain[d]))
			return -1;
	return c->domain[c->cluster_level];
}

/* Every CPU has a cluster domain: else the hierarchy says nothing. */
static bool have_hierarchy(const struct dtr *dt)
{
	int i;

	for (i = 0; i < dt->ncpus; i++)
		if (cluster_domain(dt, &dt->cpu[i]) < 0)
			return false;
	return true;
}

static void by_domains(struct dtr *dt)
{
	int i, k;

	for (i = 0; i < dt->ncpus; i++) {
		int dom = cluster_domain(dt, &dt->cpu[i]);

		for (k = 0; k < dt->nclusters && dt->cluster_node[k] != dom; k++)
			;
		if (k == dt->nclusters)
			dt->cluster_node[dt->nclusters++] = dom;
		dt->cpu[i].dt_cluster = k;
	}
	dt->by_domains = true;
}

/*
 * cpu-map against the hierarchy: the first pair of CPUs that one puts in
 * one cluster and the other in two is warned of.
 */
static bool disagree(const struct dtr *dt)
{
	int i, j;

	for (i = 0; i < dt->ncpus; i++) {
		const struct dtr_cpu *a = &dt->cpu[i];

		for (j = i + 1; j < dt->ncpus; j++) {
			const struct dtr_cpu *b = &dt->cpu[j];
			bool map = a->dt_cluster == b->dt_cluster;

			if (map == (cluster_domain(dt, a) == cluster_domain(dt, b)))
				continue;
			if (map)
				fprintf(stderr, "%s: warning: %s holds %s and %s, which the PSCI domains put in two clusters (%s, %s); cpu-map's clusters kept\n",
					dt->file, dtr_path(dt, dt->cluster_node[a->dt_cluster]),
					dtr_path(dt, a->node), dtr_path(dt, b->node),
					dtr_path(dt, cluster_domain(dt, a)),
					dtr_path(dt, cluster_domain(dt, b)));
			else
				fprintf(stderr, "%s: warning: PSCI cluster domain %s holds %s and %s, which cpu-map puts in two clusters (%s, %s); cpu-map's clusters kept\n",
					dt->file, dtr_path(dt, cluster_domain(dt, a)),
					dtr_path(dt, a->node), dtr_path(dt, b->node),
					dtr_path(dt, dt->cluster_node[a->dt_cluster]),
					dtr_path(dt, dt->cluster_node[b->dt_cluster]));
			return true;
		}
	}
	return false;
}

/*
 * Where the hierarchy does not decide the clusters (a CPU without a
 * cluster domain, or cpu-map disagreeing), the states' kinds follow the
 * spans, as the clusters then need: a domain of one CPU is the core's,
 * whatever its level.
 */
void dtr_domain_clusters(struct dtr *dt, bool have_map)
{
	int i;

	for (i = 0; i < dt->ncpus; i++)
		dt->cpu[i].cluster_level = hier_level(dt, &dt->cpu[i]);
	if (have_hierarchy(dt) && !(have_map && disagree(dt))) {
		if (!have_map)
			by_domains(dt);
		return;
	}
	for (i = 0; i < dt->ncpus; i++)
		dt->cpu[i].cluster_level = first_shared(dt, &dt->cpu[i]);
	if (have_map)
		return;
	dt->nclusters = 1;
	dt->cluster_node[0] = -1;
	for (i = 0; i < dt->ncpus; i++)
		dt->cpu[i].dt_cluster = 0;
}
