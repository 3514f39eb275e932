// SPDX-License-Identifier: GPL-2.0
/*
 * The SoC marker of a run's trace, "idlesim: soc name=NAME states=A,B,...
 * [domain_states=C,...] off=... [domain_off=...] cluster=0,0,1,1
 * kind=...", which the guest job writes from the driver's debugfs "soc"
 * after the workload: the names the analysis gives states and domains.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run.h"

/*
 * The driver numbers the SoC's domain after every cluster it describes:
 * one more than the largest of " cluster=0,0,1,1".
 */
static int soc_domain(const char *cl)
{
	int n = 1, v;

	if (!cl)
		return n;
	for (cl += 9; *cl && *cl != ' '; cl += *cl == ',') {
		v = atoi(cl);
		if (v >= 0 && v < MAX_CPUS && v + 1 > n)
			n = v + 1;
		cl += strcspn(cl, ", ");
	}
	return n;
}

/* "A,B,..." up to a space: the names into @name; their number, -1 if bad */
static int name_list(const char *st, char name[][STATE_NAME_LEN])
{
	int len, i = 0;

	for (; *st && *st != ' '; st += len + (st[len] == ',')) {
		len = (int)strcspn(st, ", ");
		if (i == MAX_STATES || len == 0 || len >= STATE_NAME_LEN)
			return -1;
		memcpy(name[i], st, len);
		name[i++][len] = 0;
	}
	return i;
}

/*
 * "idlesim: soc name=NAME states=A,B,... [domain_states=C,...] ..."
 * (sim-driver's debugfs "soc", written by the guest job): the run's SoC,
 * its cpuidle states' names and, with domains, its domain states'.
 */
int soc_marker(struct run *r, const char *text)
{
	const char *n = strstr(text, " name="), *st = strstr(text, " states=");
	const char *ds = strstr(text, " domain_states="), *cl = strstr(text, " cluster=");

	if (!n || !st || sscanf(n, " name=%31[A-Za-z0-9._-]", r->soc) != 1)
		goto bad;
	r->nr_state_names = name_list(st + 8, r->state_name);
	if (r->nr_state_names <= 0)
		goto bad;
	if (ds) {
		r->nr_domain_state_names = name_list(ds + 15, r->domain_state_name);
		if (r->nr_domain_state_names <= 0)
			goto bad;
	}
	r->soc_domain = soc_domain(cl);
	return 0;
bad:
	fprintf(stderr, "%s: trace marker '%.80s': expected name=NAME states=A,B,... [domain_states=C,...] (1 to %d states each)\n",
		r->dir, text, MAX_STATES);
	return -1;
}
