/* SPDX-License-Identifier: GPL-2.0 */
/*
 * An SoC description (socs/README.md): its idle states, clusters with
 * their operating points and state figures, hardware blocks and the
 * temperature model, as read from a .soc file.  Every figure keeps the
 * line it came from, so that a rule broken between two figures can name
 * both.
 */
#ifndef SOC_H
#define SOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <idlesim/limits.h>

#define SOC_MAX_STATES		IDLESIM_MAX_STATES
#define SOC_MAX_CLUSTERS	8
#define SOC_MAX_OPPS		IDLESIM_MAX_OPPS
#define SOC_MAX_BLOCKS		IDLESIM_MAX_BLOCKS
#define SOC_MAX_CPUS		IDLESIM_MAX_CPUS
#define SOC_NAME_LEN		32	/* SoC name, 31 characters */
#define SOC_STATE_NAME_LEN	IDLESIM_STATE_NAME_LEN
#define SOC_ITEM_NAME_LEN	16	/* cluster and block names */
#define SOC_TEXT_LEN		256
#define SOC_DT_PATH_LEN		128	/* a device-tree node's path */
#define SOC_MAX_ERR		512

/* What an idle state powers down; the order is depth order */
enum soc_off { SOC_OFF_CLOCK, SOC_OFF_CORE, SOC_OFF_CLUSTER, SOC_OFF_SOC };

struct soc_state {
	char name[SOC_STATE_NAME_LEN];
	enum soc_off off;
	int line;
};

/* A state's figures in one cluster, at the reference OPP and temperature */
/* transition= of a state line: a power, or one of these */
#define SOC_TRANSITION_ACTIVE		(-1)	/* the CPU's active power (the default) */
#define SOC_TRANSITION_BREAKEVEN	(-2)	/* the power that makes the residency the break-even */

struct soc_figures {
	int64_t exit_us, residency_us;
	int64_t power_uw, leak_uw;
	int64_t leak_doubling_c;
	int64_t transition;	/* as written: a power in uW or SOC_TRANSITION_* */
	int64_t transition_uw;	/* resolved: the power of the exit latency; 0: active power */
	bool residency_short;	/* breakeven asked for less than power_uw: residency < break-even */
	bool has_psci;
	uint32_t psci;		/* psci=: the parameter psci_domain_idle_enter traces */
	char dt[SOC_DT_PATH_LEN];	/* dt=: the board's node of the state, or "" */
	int line;
};

struct soc_opp {
	int64_t khz, uv;
	int64_t core_uw, cluster_uw;	/* busy: one core, the whole cluster */
	int line;
};

/* One [cluster] section: count identical clusters of cpus CPUs each */
struct soc_cluster {
	char name[SOC_ITEM_NAME_LEN];
	int cpus, count;
	int64_t active_leak_uw;
	int nr_opps, default_opp;
	int64_t default_khz;	/* default_opp as given, until the table is read */
	struct soc_opp opp[SOC_MAX_OPPS];
	struct soc_figures fig[SOC_MAX_STATES];
	int line;
};

struct soc_block {
	char name[SOC_ITEM_NAME_LEN];
	int depth;		/* index of the deepest state allowed while busy */
	int line;
};

struct soc {
	char file[SOC_TEXT_LEN];
	char name[SOC_NAME_LEN];
	char description[SOC_TEXT_LEN];
	char source[SOC_TEXT_LEN];
	int64_t reference_temp_c, exit_fixed_pct, active_leak_doubling_c;
	int64_t jitter_pct;
	bool coupling;
	char linux_cpus[SOC_TEXT_LEN];	/* CPU[-CPU]=CLUSTER,...; empty: in cluster order */
	int linux_cpus_line;
	int nr_states, nr_clusters, nr_blocks;
	struct soc_state state[SOC_MAX_STATES];
	struct soc_cluster cluster[SOC_MAX_CLUSTERS];
	struct soc_block block[SOC_MAX_BLOCKS];
};

extern const char *const soc_off_names[];

/* soc-parse.c: 0, or -1 with "FILE:LINE: field: what was expected" in err */
int soc_parse(struct soc *s, const char *file, const char *buf, size_t len,
	      char *err, size_t errlen);
int soc_load(struct soc *s, const char *path, char *err, size_t errlen);
/*
 * soc_load() of each of @argv[1..]; @fn with each that loads, the error of
 * each that does not on stderr.  0, or 2 if one did not load or there was
 * none ("usage: idlesim-soc @usage").
 */
int soc_each_file(int argc, char **argv, const char *usage,
		  void (*fn)(const struct soc *s, const char *file));

/* soc-check.c: the rules between figures; same contract as soc_parse() */
int soc_check(const struct soc *s, char *err, size_t errlen);
int soc_resolve_transitions(struct soc *s, char *err, size_t errlen);

/*
 * soc-cpus.c: "CPU[-CPU]=CLUSTER,..." into each CPU's [cluster] section
 * (@kind_of) and cluster (@cl_of), -1 for a CPU not given; 0, or -1 with
 * what is wrong in @err (no file or line: the caller's to add)
 */
int soc_cpu_map(const struct soc *s, const char *map, int *kind_of, int *cl_of,
		int max_cpus, char *err, size_t errlen);

/* soc-params.c: the driver's soc= module parameter, into buf */
int soc_params(const struct soc *s, char *buf, size_t len);
void soc_describe(const struct soc *s, char *buf, size_t len);
int soc_total_cpus(const struct soc *s);

/* the commands (one file each) */
int cmd_check(int argc, char **argv);
int cmd_params(int argc, char **argv);
int cmd_describe(int argc, char **argv);
int cmd_breakeven(int argc, char **argv);
int cmd_get(int argc, char **argv);
int cmd_import(int argc, char **argv);

#endif /* SOC_H */
