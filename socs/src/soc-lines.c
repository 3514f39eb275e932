// SPDX-License-Identifier: GPL-2.0
/*
 * The lines of a [cluster] section that carry figures: an operating point
 * ("opp = 850MHz 1000mV core=93mW cluster=57mW") and a state's figures
 * ("state core-off = exit=... residency=... power=... ..."), each field
 * checked against its unit and range as soc-parse.c checks keys.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idlesim/controls.h>

#include "soc-parser.h"

int soc_opp_line(struct parser *p, char *v)
{
	struct soc_cluster *c = &p->s->cluster[p->s->nr_clusters - 1];
	struct soc_opp *o;
	char *key, *val, q[40];
	int n = 0, have_core = 0, have_cluster = 0;	/* n: positional fields */

	if (c->nr_opps == SOC_MAX_OPPS)
		return ini_err(&p->in, p->in.line, "opp", "a %dth operating point; expected at most %d",
			    SOC_MAX_OPPS + 1, SOC_MAX_OPPS);
	o = &c->opp[c->nr_opps];
	o->line = p->in.line;
	while (soc_next_field(&v, &key, &val)) {
		if (n < 2 && val) {
			return ini_err(&p->in, p->in.line, "opp",
				    "%s; expected FREQUENCY VOLTAGE core=POWER cluster=POWER (e.g. 450MHz 800mV core=33mW cluster=26mW)",
				    n ? "no voltage" : "no frequency");
		} else if (n == 0) {
			if (soc_quantity(p, "opp: frequency", key, freq_units, 1,
					   100000000, &o->khz))
				return -1;
			n++;
		} else if (n == 1 && !val) {
			if (soc_quantity(p, "opp: voltage", key, volt_units, 1, 5000000, &o->uv))
				return -1;
			n++;
		} else if (val && !strcmp(key, "core") && !have_core) {
			if (soc_quantity(p, "opp: core", val, power_units, 0, 100000000,
					   &o->core_uw))
				return -1;
			have_core = 1;
		} else if (val && !strcmp(key, "cluster") && !have_cluster) {
			if (soc_quantity(p, "opp: cluster", val, power_units, 0, 100000000,
					   &o->cluster_uw))
				return -1;
			have_cluster = 1;
		} else {
			return ini_err(&p->in, p->in.line, "opp",
				    "%s unexpected; expected FREQUENCY VOLTAGE core=POWER cluster=POWER",
				    ini_quote(key, q, sizeof(q)));
		}
	}
	if (n < 2 || !o->khz)
		return ini_err(&p->in, p->in.line, "opp",
			    "%s; expected FREQUENCY VOLTAGE core=POWER cluster=POWER (e.g. 450MHz 800mV core=33mW cluster=26mW)",
			    n < 1 ? "no frequency" : "no voltage");
	if (!have_core || !have_cluster)
		return ini_err(&p->in, p->in.line, "opp", "no %s= busy power; expected core=POWER cluster=POWER",
			    have_core ? "cluster" : "core");
	if (c->nr_opps && o->khz <= c->opp[c->nr_opps - 1].khz)
		return ini_err(&p->in, p->in.line, "opp: frequency",
			    "%lld kHz after %lld kHz (line %d); expected ascending frequencies",
			    (long long)o->khz, (long long)c->opp[c->nr_opps - 1].khz,
			    c->opp[c->nr_opps - 1].line);
	c->nr_opps++;
	return 0;
}

/* what a device-tree node path is made of (node names, unit addresses) */
static const char dt_chars[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789,._+-@/";

int soc_state_line(struct parser *p, const char *name, char *v)
{
	static const char *const keys[] = {
		"exit", "residency", "power", "leak", "leak_doubling", "transition", "psci", "dt",
		NULL };
	struct soc_cluster *c = &p->s->cluster[p->s->nr_clusters - 1];
	struct soc_figures *f;
	int64_t *slot[8];
	int seen[8] = { 0 };
	char *key, *val, q[40], field[48];
	int i, st = soc_find_state(p->s, name);

	if (st < 0)
		return ini_err(&p->in, p->in.line, "state", "%s is not a [state] of this file; expected one of its state names",
			    ini_quote(name, q, sizeof(q)));
	f = &c->fig[st];
	if (f->line)
		return ini_err(&p->in, p->in.line, "state", "%s set twice (first on line %d); expected once",
			    name, f->line);
	if (st > 0 && !c->fig[st - 1].line)
		return ini_err(&p->in, p->in.line, "state",
			    "%s before %s; expected the state lines in [state] order",
			    name, p->s->state[st - 1].name);
	slot[0] = &f->exit_us;
	slot[1] = &f->residency_us;
	slot[2] = &f->power_uw;
	slot[3] = &f->leak_uw;
	slot[4] = &f->leak_doubling_c;
	slot[5] = &f->transition;
	slot[6] = NULL;
	slot[7] = NULL;
	f->transition = SOC_TRANSITION_ACTIVE;
	while (soc_next_field(&v, &key, &val)) {
		for (i = 0; keys[i]; i++)
			if (!strcmp(key, keys[i]))
				break;
		if (!keys[i] || !val)
			return ini_err(&p->in, p->in.line, "state",
				    "%s unexpected; expected exit=TIME residency=TIME power=POWER leak=POWER leak_doubling=TEMP [transition=POWER|active|breakeven] [psci=0xPARAM] [dt=/NODE/PATH]",
				    ini_quote(key, q, sizeof(q)));
		snprintf(field, sizeof(field), "state %s: %s", name, keys[i]);
		if (seen[i])
			return ini_err(&p->in, p->in.line, field, "given twice; expected once");
		seen[i] = 1;
		switch (i) {
		case 0:
			if (soc_quantity(p, field, val, time_units, IDLESIM_EXIT_US_MIN,
					   IDLESIM_EXIT_US_MAX, slot[i]))
				return -1;
			break;
		case 1:
			if (soc_quantity(p, field, val, time_units, IDLESIM_RESIDENCY_US_MIN,
					   IDLESIM_RESIDENCY_US_MAX, slot[i]))
				return -1;
			break;
		case 2:
		case 3:
			if (soc_quantity(p, field, val, power_units, 0, IDLESIM_POWER_UW_MAX,
					   slot[i]))
				return -1;
			break;
		case 5:
			/* what the exit latency draws: a power, or a rule for it */
			if (!strcmp(val, "active"))
				*slot[i] = SOC_TRANSITION_ACTIVE;
			else if (!strcmp(val, "breakeven"))
				*slot[i] = SOC_TRANSITION_BREAKEVEN;
			else if ((*val < '0' || *val > '9') && strcmp(val, "?"))
				return ini_err(&p->in, p->in.line, field,
					    "%s; expected a power with its unit (uW, mW or W), active or breakeven",
					    ini_quote(val, q, sizeof(q)));
			else if (soc_quantity(p, field, val, power_units, 1, 10000000, slot[i]))
				return -1;
			break;
		case 6: {
			/* what power:psci_domain_idle_enter shows for it on the board */
			char *end;
			unsigned long long x = strtoull(val, &end, 16);

			if (strncmp(val, "0x", 2) || end == val + 2 || *end || end - val > 10)
				return ini_err(&p->in, p->in.line, field,
					    "%s; expected the PSCI parameter in hex, 0x0 to 0xffffffff",
					    ini_quote(val, q, sizeof(q)));
			f->psci = (uint32_t)x;
			f->has_psci = true;
			break;
		}
		case 7:
			/* the board's node, for make tune's device-tree fragment */
			if (*val != '/' || strlen(val) >= sizeof(f->dt) ||
			    strspn(val, dt_chars) != strlen(val))
				return ini_err(&p->in, p->in.line, field,
					    "%s; expected the state's device-tree node path, /cpus/idle-states/NODE, up to %zu characters",
					    ini_quote(val, q, sizeof(q)), sizeof(f->dt) - 1);
			snprintf(f->dt, sizeof(f->dt), "%s", val);
			break;
		default:
			if (soc_quantity(p, field, val, temp_units, IDLESIM_LEAK_TD_C_MIN,
					   IDLESIM_LEAK_TD_C_MAX, slot[i]))
				return -1;
		}
	}
	/* transition= is optional: the exit latency at active power */
	for (i = 0; i < 5; i++)
		if (!seen[i]) {
			snprintf(field, sizeof(field), "state %s: %s", name, keys[i]);
			return ini_err(&p->in, p->in.line, field, "missing; expected %s=VALUE", keys[i]);
		}
	f->line = p->in.line;
	return 0;
}
