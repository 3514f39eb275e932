// SPDX-License-Identifier: GPL-2.0
/*
 * What the sim driver is given of a description: one module parameter,
 * soc=RECORD;RECORD;..., checked here and again by the driver
 * (sim-driver/simsoc_soc.c reads it).  No blanks, so that it passes
 * through insmod and the kernel's argument parser as one word.  Records:
 *
 *   v1                                   the format
 *   name=NAME
 *   temp=C fixed=PCT atd=C jitter=PCT coupling=0|1
 *   state=NAME,OFF                       one per state, depth order; OFF 0..3
 *   cluster=NAME,CPUS,COUNT,LEAK_UW,OPP  one per [cluster], then its records:
 *   opp=KHZ,UV,CORE_UW,CLUSTER_UW        one per operating point
 *   fig=EXIT_US,RES_US,POWER_UW,LEAK_UW,TD_C   one per state, each followed
 *   trans=UW                             by this when its exit latency does
 *                                        not draw the CPU's active power
 *   block=NAME,DEPTH                     one per block
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "soc.h"

struct out {
	char *buf;
	size_t len, at;
	int over;
};

__attribute__((format(printf, 2, 3)))
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(o->buf + o->at, o->len - o->at, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= o->len - o->at)
		o->over = 1;
	else
		o->at += n;
}

/**
 * soc_params() - the driver's soc= parameter of a description
 * @s: a description soc_parse() accepted
 * @buf: the value, without "soc="
 * @len: size of @buf
 *
 * Return: 0, or -1 when @buf is too small.
 */
int soc_params(const struct soc *s, char *buf, size_t len)
{
	struct out o = { .buf = buf, .len = len };
	int i, k;

	if (!len)
		return -1;
	buf[0] = 0;
	put(&o, "v1;name=%s;temp=%lld;fixed=%lld;atd=%lld;jitter=%lld;coupling=%d",
	    s->name, (long long)s->reference_temp_c, (long long)s->exit_fixed_pct,
	    (long long)s->active_leak_doubling_c, (long long)s->jitter_pct, s->coupling);
	for (i = 0; i < s->nr_states; i++)
		put(&o, ";state=%s,%d", s->state[i].name, s->state[i].off);
	for (k = 0; k < s->nr_clusters; k++) {
		const struct soc_cluster *c = &s->cluster[k];

		put(&o, ";cluster=%s,%d,%d,%lld,%d", c->name, c->cpus, c->count,
		    (long long)c->active_leak_uw, c->default_opp);
		for (i = 0; i < c->nr_opps; i++)
			put(&o, ";opp=%lld,%lld,%lld,%lld", (long long)c->opp[i].khz,
			    (long long)c->opp[i].uv, (long long)c->opp[i].core_uw,
			    (long long)c->opp[i].cluster_uw);
		for (i = 0; i < s->nr_states; i++) {
			const struct soc_figures *f = &c->fig[i];

			put(&o, ";fig=%lld,%lld,%lld,%lld,%lld", (long long)f->exit_us,
			    (long long)f->residency_us, (long long)f->power_uw,
			    (long long)f->leak_uw, (long long)f->leak_doubling_c);
			/* resolved; none: the exit latency at active power */
			if (f->transition_uw)
				put(&o, ";trans=%lld", (long long)f->transition_uw);
		}
	}
	for (i = 0; i < s->nr_blocks; i++)
		put(&o, ";block=%s,%d", s->block[i].name, s->block[i].depth);
	return o.over ? -1 : 0;
}

/* "NAME: DESCRIPTION (N CPUs: 2 x 2 a53; states A B C; blocks x y)" */
void soc_describe(const struct soc *s, char *buf, size_t len)
{
	struct out o = { .buf = buf, .len = len };
	int i;

	buf[0] = 0;
	put(&o, "%s: %s (%d CPUs:", s->name, s->description, soc_total_cpus(s));
	for (i = 0; i < s->nr_clusters; i++)
		put(&o, "%s %d x %d %s", i ? "," : "", s->cluster[i].count,
		    s->cluster[i].cpus, s->cluster[i].name);
	put(&o, "; states");
	for (i = 0; i < s->nr_states; i++)
		put(&o, " %s", s->state[i].name);
	put(&o, "; %d block%s)", s->nr_blocks, s->nr_blocks == 1 ? "" : "s");
}
