/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A board's trace priced under an SoC description (cmd-board.c): the
 * periods as the trace gives them, the conditions, and what board.c
 * derives from them.
 */
#ifndef IDLESIM_BOARD_H
#define IDLESIM_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "idle-stats.h"
#include "socmodel.h"
#include "trace.h"

#define BOARD_MAX_WHATIF	32

struct board_period {
	int cpu, state;
	uint64_t t_enter, t_exit;
	uint64_t freq_khz;		/* from power:cpu_frequency, 0: none */
	bool has_psci;			/* power:psci_domain_idle_enter in it */
	uint32_t psci;
};

/* A power:cpu_frequency: @cpu at @khz from @ts on */
struct board_freq {
	uint64_t ts, khz;
	int cpu;
};

struct board {
	const char *trace;
	struct soc soc;
	int64_t temp_c;
	int opp[SOC_MAX_CLUSTERS];	/* per [cluster] section: an index */
	bool guest_durations;		/* --durations wait */
	/*
	 * --cpus: the trace's CPUs as the board numbers them (Linux makes
	 * the boot CPU 0), each a [cluster] section and one of its clusters;
	 * without it, the description's order (socmodel_cpu_kind())
	 */
	bool mapped;
	const char *mapped_by;		/* "--cpus" or "linux_cpus" */
	int kind_of[MAX_CPUS], cl_of[MAX_CPUS];	/* kind -1: not mapped */
	bool whole;			/* --window all */
	struct {
		int state, kind;	/* kind -1: every [cluster] section */
		bool power;		/* values of its power (uW), else of its residency (us) */
		int n;
		int64_t v[BOARD_MAX_WHATIF];
		double nj[BOARD_MAX_WHATIF];
	} whatif;
	/* from the trace */
	struct board_period *p;
	size_t nr, cap;
	struct board_freq *freq;	/* every power:cpu_frequency */
	size_t nr_freq, cap_freq;
	uint64_t win_start, win_end;	/* snapshot markers, 0 if none */
	uint64_t events, missed;
	/* power:cpu_idle_miss, if the trace has the event: [0] too deep, [1] too shallow */
	bool has_idle_miss;
	/*
	 * power:psci_domain_idle_enter: the periods it was in, those it put
	 * in another state than cpu_idle's (a cluster or SoC state, which
	 * cpuidle does not see under OS-initiated PSCI), and of the periods in
	 * a cluster or SoC state those entered while another CPU of the
	 * cluster was busy by its cpu_idle events
	 */
	uint64_t psci_periods, psci_moved, psci_domain, psci_alone;
	bool psci_unpriced;		/* events, but the description gives no psci= */
	/* time a cluster's PSCI state was not the shallowest of its CPUs' */
	uint64_t psci_inferred_ns;
	int trace_cpus;			/* the trace's header; text: 1 + the highest CPU seen */
	uint64_t idle_miss[MAX_CPUS][MAX_STATES][2], idle_misses;
	/* derived */
	uint64_t freq_periods;		/* priced at a cpu_frequency operating point */
	/*
	 * CPUs whose numbering the trace could not check (board-cpus.c):
	 * no cpu_frequency for them, or only frequencies every [cluster]
	 * section has
	 */
	bool no_freq[MAX_CPUS], any_opp[MAX_CPUS];
	bool freq_apart;		/* two clusters at different frequencies at once */
	uint64_t t0, t1;		/* the window priced */
	int nr_cpus;
	uint64_t periods;
	struct state_stats st[MAX_CPUS][MAX_STATES];	/* as a run counts them */
	double idle_nj[MAX_CPUS], transition_nj[MAX_CPUS], active_nj[MAX_CPUS];
	double oracle_nj, current_nj;	/* current: the what-if rule at the SoC's thresholds */
	int nr_cl;			/* clusters numbered as socmodel_cpu_kind() does */
	struct cluster_states cl;
};

/* board.c */
void *board_grow(const struct board *b, void *v, size_t *cap, size_t nr, size_t size,
		 const char *what);
int board_add_period(struct board *b, const struct board_period *p);
void board_marker(struct board *b, uint64_t ts, const char *text);
int board_cpu_kind(const struct board *b, int cpu, int *cl);
int board_check_whatif(const struct board *b);
int board_price(struct board *b);
void board_print(const struct board *b, FILE *fp);
int board_write(const struct board *b, const char *dir);

/* board-cpus.c */
int board_add_freq(struct board *b, int cpu, uint64_t ts, uint64_t khz);
int board_check_cpus(struct board *b);
bool board_cpus_checked(const struct board *b);
void board_print_cpus(const struct board *b, FILE *fp);

#endif /* IDLESIM_BOARD_H */
