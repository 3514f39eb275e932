/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The columns of the CSV files a run's and a board's analysis write, each
 * declared once: a run (cmd-run.c) and a board trace (board.c) write
 * states.csv and clusters.csv alike, so that the two can be set side by
 * side.  docs/ARCHITECTURE.md lists them, and tests/67 holds the list to
 * what is written.
 */
#ifndef IDLESIM_COLUMNS_H
#define IDLESIM_COLUMNS_H

#define STATES_CSV_COLUMNS \
	"cpu,state,count,total_ns,mean_ns,min_ns,max_ns,too_deep,too_shallow,demoted,energy_nj,transition_nj,name"
#define CLUSTERS_CSV_COLUMNS	"cluster,state,count,total_ns,mean_ns,name"
#define DOMAINS_CSV_COLUMNS	"domain,domain_name,state,count,total_ns,mean_ns,name"
#define TIMELINE_CSV_COLUMNS	"cpu,start_ms,end_ms,state,name"
#define RULES_CSV_COLUMNS	"rule,periods,energy_nj,ratio_to_oracle,agreement,transition_nj"
#define WHATIF_CSV_COLUMNS	"point,cluster,state,knob,value,energy_nj,ratio_to_oracle"

#endif /* IDLESIM_COLUMNS_H */
