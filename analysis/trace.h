/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading idlesim traces through libtracecmd/libtraceevent.
 *
 * A trace is opened once; the events the analysis understands are bound
 * by name to their formats, and their fields are read through the
 * formats, never by offset assumptions, so that a field that moves or
 * grows in a later driver version is still found (or its absence is
 * reported by name).
 */
#ifndef IDLESIM_TRACE_H
#define IDLESIM_TRACE_H

#include <stdbool.h>
#include <stdint.h>
#include <trace-cmd.h>

#include <idlesim/limits.h>

#define MAX_CPUS	IDLESIM_MAX_CPUS
#define MAX_STATES	IDLESIM_MAX_STATES
#define STATE_NAME_LEN	IDLESIM_STATE_NAME_LEN	/* a state's name, whole, its NUL included */
/* power:cpu_idle's state for an idle exit */
#define PWR_EVENT_EXIT	((uint64_t)(uint32_t)-1)

enum ev_id {
	EV_CPU_IDLE,		/* power:cpu_idle */
	EV_SELECT,		/* cpuidle:cpuidle_select */
	EV_PERIOD,		/* simsoc:simsoc_period */
	EV_ENTER,		/* simsoc:simsoc_enter */
	EV_EXIT,		/* simsoc:simsoc_exit */
	EV_MARKER,		/* ftrace:print (trace_marker) */
	EV_CPU_FREQ,		/* power:cpu_frequency (board traces) */
	EV_BLOCKS,		/* simsoc:simsoc_blocks */
	EV_IDLE_MISS,		/* power:cpu_idle_miss (6.0): a state too deep or too shallow */
	EV_DOMAIN,		/* simsoc:simsoc_domain: a domain off at the last CPU, or on */
	EV_PSCI_ENTER,		/* power:psci_domain_idle_enter (6.15): the PSCI state asked for */
	NR_EVS,
};

struct ev_desc {
	const char *system;
	const char *name;
	struct tep_event *event;
};

struct trace {
	const char *path;
	struct tracecmd_input *handle;
	struct tep_handle *tep;
	struct ev_desc ev[NR_EVS];
	int nr_cpus;
};

/* Opens @path; on failure prints why (naming the file) and returns -1. */
int trace_open(struct trace *t, const char *path);
void trace_close(struct trace *t);

/*
 * Checks that every event in @need (a mask of 1 << EV_*) is in the
 * trace; prints the missing ones and how to record them, returns -1.
 */
int trace_require(struct trace *t, unsigned int need);

/*
 * Fields are looked up by name once, when the analysis binds them, and
 * read through the returned format for every event: a name lookup per
 * event would cost a strcmp() over the event's format each time.
 *
 * trace_field() returns @name's format in event @id, or NULL if the
 * event is not in the trace or lacks the field; a missing field is
 * printed, naming both, unless @optional.
 */
struct tep_format_field *trace_field(struct trace *t, enum ev_id id,
				     const char *name, bool optional);

/* Field access; each returns -1 (and prints) if @rec is too short. */
int field_u64(struct trace *t, struct tep_format_field *f,
	      struct tep_record *rec, uint64_t *val);
int field_s64(struct trace *t, struct tep_format_field *f,
	      struct tep_record *rec, int64_t *val);
/* Fixed-size array of integers: reads up to @max elements into @val. */
int field_array(struct trace *t, struct tep_format_field *f,
		struct tep_record *rec, int64_t *val, int max);
/* A string field (__string() or a char array); NUL-terminated copy. */
int field_str(struct trace *t, struct tep_format_field *f,
	      struct tep_record *rec, char *buf, size_t len);

/* Which bound event @rec is, or -1 for events the analysis ignores. */
int trace_event_id(struct trace *t, struct tep_record *rec);

#endif /* IDLESIM_TRACE_H */
