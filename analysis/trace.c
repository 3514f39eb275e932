// SPDX-License-Identifier: GPL-2.0
/*
 * Reading idlesim traces through libtracecmd/libtraceevent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "trace.h"

static const struct ev_desc ev_table[NR_EVS] = {
	[EV_CPU_IDLE]	= { .system = "power", .name = "cpu_idle" },
	[EV_SELECT]	= { .system = "cpuidle", .name = "cpuidle_select" },
	[EV_PERIOD]	= { .system = "simsoc", .name = "simsoc_period" },
	[EV_ENTER]	= { .system = "simsoc", .name = "simsoc_enter" },
	[EV_EXIT]	= { .system = "simsoc", .name = "simsoc_exit" },
	[EV_MARKER]	= { .system = "ftrace", .name = "print" },
	[EV_CPU_FREQ]	= { .system = "power", .name = "cpu_frequency" },
	[EV_BLOCKS]	= { .system = "simsoc", .name = "simsoc_blocks" },
	[EV_IDLE_MISS]	= { .system = "power", .name = "cpu_idle_miss" },
	[EV_DOMAIN]	= { .system = "simsoc", .name = "simsoc_domain" },
	[EV_PSCI_ENTER]	= { .system = "power", .name = "psci_domain_idle_enter" },
};

int trace_open(struct trace *t, const char *path)
{
	struct stat st;
	int i;

	memset(t, 0, sizeof(*t));
	t->path = path;
	if (stat(path, &st) < 0) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode) || st.st_size == 0) {
		fprintf(stderr, "%s: empty or not a regular file\n", path);
		return -1;
	}
	/* libtracecmd's own diagnostics are noise next to ours */
	tracecmd_set_loglevel(TEP_LOG_NONE);
	t->handle = tracecmd_open(path, TRACECMD_FL_LOAD_NO_PLUGINS);
	if (!t->handle) {
		fprintf(stderr,
			"%s: not a readable trace.dat (truncated or corrupt?); record it with trace-cmd record -o FILE\n",
			path);
		return -1;
	}
	t->tep = tracecmd_get_tep(t->handle);
	t->nr_cpus = tep_get_cpus(t->tep);
	if (t->nr_cpus <= 0 || t->nr_cpus > MAX_CPUS) {
		fprintf(stderr, "%s: trace has %d CPUs, this tool handles 1 to %d\n",
			path, t->nr_cpus, MAX_CPUS);
		trace_close(t);
		return -1;
	}
	for (i = 0; i < NR_EVS; i++) {
		t->ev[i] = ev_table[i];
		t->ev[i].event = tep_find_event_by_name(t->tep, ev_table[i].system,
							 ev_table[i].name);
	}
	return 0;
}

void trace_close(struct trace *t)
{
	if (t->handle)
		tracecmd_close(t->handle);
	t->handle = NULL;
}

int trace_require(struct trace *t, unsigned int need)
{
	int i, missing = 0;

	for (i = 0; i < NR_EVS; i++) {
		if (!(need & (1u << i)) || t->ev[i].event)
			continue;
		if (!missing)
			fprintf(stderr, "%s: the trace lacks events this analysis needs:\n",
				t->path);
		fprintf(stderr, "  %s:%s\n", t->ev[i].system, t->ev[i].name);
		missing++;
	}
	if (missing) {
		fprintf(stderr,
			"record them in the guest with: trace-cmd record -e power:cpu_idle -e cpuidle:cpuidle_select -e simsoc ...\n"
			"(the simsoc events exist only while simsoc.ko is loaded; cpuidle_select only on the patched kernel)\n");
		return -1;
	}
	return 0;
}

int trace_event_id(struct trace *t, struct tep_record *rec)
{
	int type = tep_data_type(t->tep, rec);
	int i;

	for (i = 0; i < NR_EVS; i++)
		if (t->ev[i].event && t->ev[i].event->id == type)
			return i;
	return -1;
}

struct tep_format_field *trace_field(struct trace *t, enum ev_id id,
				     const char *name, bool optional)
{
	struct tep_format_field *f;

	if (!t->ev[id].event)
		return NULL;
	f = tep_find_field(t->ev[id].event, name);
	if (!f && !optional)
		fprintf(stderr, "%s: event %s:%s has no field '%s' (driver and analysis out of step?)\n",
			t->path, t->ev[id].system, t->ev[id].name, name);
	return f;
}

static int short_record(struct trace *t, struct tep_format_field *f)
{
	fprintf(stderr, "%s: a %s record is shorter than its format (corrupt trace?)\n",
		t->path, f->event->name);
	return -1;
}

static int read_number(struct trace *t, struct tep_format_field *f,
		       struct tep_record *rec, unsigned long long *v)
{
	if (f->offset < 0 || f->size < 0 || f->offset + f->size > rec->size)
		return short_record(t, f);
	if (tep_read_number_field(f, rec->data, v) < 0) {
		fprintf(stderr, "%s: %s:%s field '%s' has %d bytes, not a number\n",
			t->path, f->event->system, f->event->name, f->name, f->size);
		return -1;
	}
	return 0;
}

int field_u64(struct trace *t, struct tep_format_field *f,
	      struct tep_record *rec, uint64_t *val)
{
	unsigned long long v;

	if (read_number(t, f, rec, &v) < 0)
		return -1;
	*val = v;
	return 0;
}

int field_s64(struct trace *t, struct tep_format_field *f,
	      struct tep_record *rec, int64_t *val)
{
	unsigned long long v;

	if (read_number(t, f, rec, &v) < 0)
		return -1;
	/* sign-extend from the field's own width */
	if ((f->flags & TEP_FIELD_IS_SIGNED) && f->size < 8) {
		int shift = 64 - 8 * f->size;

		*val = (int64_t)(v << shift) >> shift;
	} else {
		*val = (int64_t)v;
	}
	return 0;
}

static int64_t read_elem(const unsigned char *p, int size, bool is_signed)
{
	int64_t v;

	switch (size) {
	case 1:
		v = is_signed ? (int64_t)*(const int8_t *)p : (int64_t)*p;
		break;
	case 2:
		v = is_signed ? (int64_t)*(const int16_t *)p : (int64_t)*(const uint16_t *)p;
		break;
	case 4:
		v = is_signed ? (int64_t)*(const int32_t *)p : (int64_t)*(const uint32_t *)p;
		break;
	default:
		memcpy(&v, p, sizeof(v));
		break;
	}
	return v;
}

int field_array(struct trace *t, struct tep_format_field *f,
		struct tep_record *rec, int64_t *val, int max)
{
	const unsigned char *p;
	int n, i, esize;

	if (!(f->flags & TEP_FIELD_IS_ARRAY) || !f->arraylen) {
		fprintf(stderr, "%s: %s:%s field '%s' is not a fixed-size array\n",
			t->path, f->event->system, f->event->name, f->name);
		return -1;
	}
	esize = f->elementsize ? (int)f->elementsize : f->size / (int)f->arraylen;
	if (esize != 1 && esize != 2 && esize != 4 && esize != 8)
		return -1;
	if (f->offset + f->size > rec->size)
		return short_record(t, f);
	n = (int)f->arraylen < max ? (int)f->arraylen : max;
	p = (const unsigned char *)rec->data + f->offset;
	for (i = 0; i < n; i++)
		val[i] = read_elem(p + i * esize, esize, f->flags & TEP_FIELD_IS_SIGNED);
	return n;
}

int field_str(struct trace *t, struct tep_format_field *f,
	      struct tep_record *rec, char *buf, size_t len)
{
	unsigned int off, size;

	if (!len)
		return -1;
	off = f->offset;
	size = f->size;
	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		unsigned long long v;

		if (read_number(t, f, rec, &v) < 0)
			return -1;
		off = v & 0xffff;
		size = v >> 16;
		if (f->flags & TEP_FIELD_IS_RELATIVE)
			off += f->offset + f->size;
	}
	/* a flexible array (ftrace:print's "char buf[]") runs to the record's end */
	if (!size && !(f->flags & TEP_FIELD_IS_DYNAMIC) && off <= (unsigned int)rec->size)
		size = rec->size - off;
	if (off + size > (unsigned int)rec->size)
		return short_record(t, f);
	if (size >= len)
		size = len - 1;
	size = strnlen((const char *)rec->data + off, size);
	memcpy(buf, (const char *)rec->data + off, size);
	buf[size] = '\0';
	return 0;
}
