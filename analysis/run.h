/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One run directory, analysed: what idlesim-analyze's commands share.
 *
 * Only complete runs are read: the manifest must say "status ok" and the
 * trace must match the checksum the guest sealed it with.  The trace's
 * figures are cross-checked against the guest's own counters (the sim
 * driver's energy meter, the kernel's sysfs usage and time) over the
 * workload's window; a run that disagrees is not analysed.  Energies are
 * in nJ, powers in uW, times in ns.
 */
#ifndef IDLESIM_RUN_H
#define IDLESIM_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "domains.h"
#include "idle-stats.h"
#include "latency.h"
#include "periods.h"
#include "phases.h"
#include "rules.h"
#include "teo.h"

/* One CPU's line of the sim driver's debugfs energy file. */
struct meter {
	bool valid;
	int cluster;
	uint64_t seq;		/* last period prepared: its busy energy is counted */
	uint64_t exit_seq;	/* last period exited: its idle energy is counted */
	uint64_t idle_nj;
	uint64_t active_nj;
};

/* The kernel's cpuidle sysfs counters: usage and time (us) per CPU and state. */
struct sysfs_counts {
	bool valid[MAX_CPUS][MAX_STATES];
	uint64_t usage[MAX_CPUS][MAX_STATES];
	uint64_t time_us[MAX_CPUS][MAX_STATES];
};

struct manifest {
	char scenario[64];
	char scenario_sha256[32];
	char seed[32];
	char governor[32];
	char role[16];			/* a tuning sweep's run: baseline or sweep */
	unsigned int hz;		/* the guest kernel's CONFIG_HZ, 0: unknown */
	/* cpuidle.masked_tick asked for (enum masked_tick), -1: the kernel's default */
	int masked_tick;
	char domains[16];		/* genpd or per-cpu; empty: runs before the key */
	char soc_file[256];		/* the description a SOC= run played; "": the driver's own */
};

/*
 * The per-CPU timeline covers this much of the workload, from its start
 * (the first phase_begin marker) unless IDLESIM_WINDOW=START:LEN says.
 */
#define TIMELINE_NS	(200 * 1000 * 1000ULL)
#define TIMELINE_MAX	20000

struct timeline_row {
	int cpu;
	int state;
	uint64_t start, end;
};

struct run_opts;

struct run {
	const char *dir;
	const struct run_opts *o;
	int point;			/* sweep point analysed, -1: the whole run */
	/*
	 * The workload's window: from the end of the "before" snapshot of the
	 * guest's counters to the start of the "after" one (trace_marker
	 * lines written by guest-rootfs/jobs/scenario.sh); 0: no markers.
	 */
	uint64_t snap_before[2], snap_after[2];	/* begin, end */
	uint64_t window_start;
	struct timeline_row *tl;
	int nr_tl;
	/* its window: trace times; rows are relative to tl_origin */
	uint64_t tl_origin, tl_from, tl_to;
	bool tl_phased;			/* rows since the workload's start */
	struct phases ph;
	struct manifest m;
	/* the SoC the driver played, from its "idlesim: soc" trace marker */
	char soc[32];
	char state_name[MAX_STATES][STATE_NAME_LEN];
	int nr_state_names;
	char domain_state_name[MAX_STATES][STATE_NAME_LEN];	/* description index - nr_states */
	int nr_domain_state_names;
	int soc_domain;			/* the driver's id of the SoC's domain: its clusters */
	/* the domains' stays (simsoc_domain), by driver domain and description state */
	uint64_t dom_count[MAX_DOMAINS][MAX_STATES], dom_ns[MAX_DOMAINS][MAX_STATES];
	bool has_stays;
	struct state_stats st[MAX_CPUS][MAX_STATES];
	double idle_nj[MAX_CPUS];
	double active_nj[MAX_CPUS];
	double transition_nj[MAX_CPUS];	/* part of idle_nj: the exit transitions */
	uint64_t busy_ns[MAX_CPUS];
	int nr_states;
	int nr_cpus;
	bool has_driver;
	bool has_table;
	bool has_select;
	struct period_stats ps;
	uint64_t periods;
	uint64_t selected, tick_kept;	/* periods with the governor's inputs; of them, tick kept */
	uint64_t stuck_ns;		/* the periods' stuck time (stuck.c) */
	uint64_t demotions;
	uint64_t exit_latency_ns;	/* paid, summed over periods */
	uint64_t exit_latency_max_ns;
	/* replay, over the periods that carry a table and the governor's inputs */
	uint64_t replayed;
	double rule_nj[NR_RULES];
	double rule_tr_nj[NR_RULES];	/* of which the exit transitions */
	uint64_t rule_agree[NR_RULES];	/* teo's: over teo_compared */
	uint64_t teo_compared;		/* periods past teo's warm-up (teo.h) */
	struct teo_replay {
		struct teo_cpu c;
		bool has_last;
		uint64_t last_len_ns, last_exit_ns;
	} teo[MAX_CPUS];
	double oracle_nj;
	double actual_model_nj;		/* the entered states priced like the rules */
	double actual_model_tr_nj;	/* of which the exit transitions */
	double actual_driver_nj;	/* the driver's own figures, same periods */
	int ran_rule;			/* the rule the run's governor applies, or -1 */
	/* cross-checks against the guest's own counters, over the window */
	bool has_meter;
	struct meter before[MAX_CPUS], after[MAX_CPUS];
	double win_idle_nj[MAX_CPUS], win_active_nj[MAX_CPUS];
	bool has_sysfs;
	struct sysfs_counts sys_before, sys_after;
	/* periods whose exit the sysfs counters must have seen (inner) and
	 * may have seen (outer), given when the snapshots were taken */
	uint64_t in_usage[MAX_CPUS][MAX_STATES], out_usage[MAX_CPUS][MAX_STATES];
	/* each CPU's last period, until the next one says when it ended */
	bool pend[MAX_CPUS];
	int pend_state[MAX_CPUS];
	uint64_t pend_enter[MAX_CPUS], pend_exit[MAX_CPUS];
	uint64_t in_time_ns[MAX_CPUS][MAX_STATES], out_time_ns[MAX_CPUS][MAX_STATES];
	int cluster[MAX_CPUS];
	bool booted[MAX_CPUS];		/* the CPUs the meter lists */
	int nr_clusters;
	/*
	 * The clusters' states, as idlestat gives them: a cluster is in the
	 * shallowest state of its CPUs while all of them are idle (-1: one is
	 * busy, or not seen yet).  Indexed by cluster.
	 */
	int cpu_state[MAX_CPUS];	/* -1 busy, -2 not seen yet */
	int cl_of[MAX_CPUS];		/* each booted CPU's cluster, -1: none */
	struct cluster_states cl;
	struct domain_oracle dom;	/* the oracle's all-idle intervals (domains.c) */
	char xcheck[1024];		/* what the cross-checks found */
	struct nominal_table nominal;
	bool has_lat;			/* the workload's results were there */
	struct wakeups ws;		/* its wake-ups, while the trace is read */
	struct latency lat;
};

/* What a command asks of the analysis of a run. */
struct run_opts {
	uint64_t budget_ns;		/* replaces the scenarios' latency budget; 0: none */
	enum lateness_basis basis;	/* what budgets are judged on */
	uint64_t tl_start_ns, tl_len_ns;	/* the timeline's window in the workload */
};

/*
 * Reads and analyses RUNDIR (sweep point @point of it, or all of it for
 * -1) into @r, keeping @r->tl (the timeline buffer, may be NULL).
 * Returns 0, or -1 with a message naming the file.
 */
int analyse_run(const char *rundir, int point, const struct run_opts *o, struct run *r);

/* RUNDIR/manifest into @m; -1 (with a message) unless it says "status ok". */
int read_manifest(const char *rundir, struct manifest *m);

/* State @i's name from the run's SoC marker, else "state<i>" (older traces) */
const char *state_name(const struct run *r, int i);
/* One state of one PM domain, as the run's soc marker names them */
struct domain_state {
	int d, s;		/* the driver's domain, the description's state: dom_ns[d][s] */
	char dname[16];		/* "cluster<d>" or "soc" */
	const char *name;	/* the state's, the run's domain_state_name */
};

#define MAX_DOMAIN_STATES	(MAX_DOMAINS * MAX_STATES)

/*
 * The domains and their states as the soc marker gives them, into @ds:
 * the domain of a cluster with a booted CPU (driver id = its cluster)
 * takes the cluster states, the SoC's (id = the description's number of
 * clusters) the SoC states.  Their number, 0 for a run without domains.
 */
int domain_states(const struct run *r, struct domain_state *ds);
/* soc-marker.c: the run's SoC and its states' names from its soc marker; -1 if bad */
int soc_marker(struct run *r, const char *text);

/* replay.c: the rules on period @p, which entered @e */
void replay_period(struct run *r, const struct period *p, int e);
/* what of a period's energy is its exit transition (the rest: its states' power) */
double period_transition_nj(const struct period *p);
/* the share of the periods where @rule chose what the governor did */
double rule_agreement(const struct run *r, int rule);

double sum(const double *v, int n);
double total_nj(const struct run *r);

/* A run's figures for comparisons and sweeps; NaN when the run has none. */
double f_total(const struct run *r);
double f_idle(const struct run *r);
double f_active(const struct run *r);
double f_transition(const struct run *r);
double f_periods(const struct run *r);
double f_demotions(const struct run *r);
double f_floor(const struct run *r);
double f_exit_lat(const struct run *r);
double f_agree(const struct run *r);
double f_lat_p99(const struct run *r);
double f_lat_mean(const struct run *r);
double f_lat_max(const struct run *r);
double f_wakeups(const struct run *r);
double f_misses(const struct run *r);
double f_lat_model(const struct run *r);
double f_lat_emul(const struct run *r);
double f_lat_guest(const struct run *r);

/* The commands, one file each: argv[0] is the command's name. */
int cmd_run(int argc, char **argv, const struct run_opts *o);
int cmd_compare(int argc, char **argv, const struct run_opts *o);
int cmd_tune(int argc, char **argv, const struct run_opts *o);
int cmd_board(int argc, char **argv, const struct run_opts *o);

#endif /* IDLESIM_RUN_H */
