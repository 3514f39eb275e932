// SPDX-License-Identifier: GPL-2.0
/*
 * simsoc SoC description: which SoC the driver plays, read once at load
 * from the "soc" module parameter and fixed until unload.
 *
 * The host tool (socs/, "idlesim-soc params FILE") turns an SoC
 * description file into one word of ';'-separated records; that tool
 * names the file and line of anything wrong, so the checks here only have
 * to refuse, not explain: every count and figure is range-checked again,
 * because a module parameter can be written by hand.  Records:
 *
 *   v1
 *   name=NAME
 *   temp=C fixed=PCT atd=C jitter=PCT coupling=0|1
 *   state=NAME,OFF                        per state, depth order
 *   cluster=NAME,CPUS,COUNT,LEAK_UW,OPP   per kind of cluster, then its
 *   opp=KHZ,UV,CORE_UW,CLUSTER_UW         operating points and
 *   fig=EXIT_US,RES_US,POWER_UW,LEAK_UW,TD_C   its figures of each state,
 *   trans=UW                              each optionally followed by the
 *                                         power of its exit latency
 *                                         (without: the active power)
 *   block=NAME,DEPTH
 *
 * Without the parameter the driver plays socs/simsoc.soc, whose records
 * are built in below (tests/40 checks they are the tool's output).
 *
 * From the description follow the CPUs' clusters (kinds in record order,
 * count clusters of each, CPUs numbered in that order) and the control
 * table: the SoC-wide controls, then per kind its operating point and
 * active leakage, the blocks, per kind its states' figures.  With one
 * kind the per-kind controls have no prefix (opp, s2_residency_us); with
 * more they carry the kind's name (big_opp, little_s2_residency_us).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/ctype.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <idlesim/model.h>

#include "simsoc.h"
#include "simsoc_default.h"

/*
 * The default SoC, when no soc= is given: socs/simsoc.soc as
 * `idlesim-soc params` compiles it, written by the build into
 * simsoc_default.h, so that the two cannot drift apart.
 */
static const char simsoc_default_soc[] = SIMSOC_DEFAULT_SOC;

const struct simsoc_soc *simsoc_soc;

/* "a,b,c" into n integers within [lo[i], hi[i]]; the first field may be a name */
static int simsoc_fields(char *val, char *name, size_t name_len, s64 *out,
			 int n, const s64 *lo, const s64 *hi)
{
	char *f;
	int i, ret;

	if (name) {
		f = strsep(&val, ",");
		if (!*f || strlen(f) >= name_len)
			return -EINVAL;
		for (i = 0; f[i]; i++)
			if (!isalnum(f[i]) && !strchr("._-", f[i]))
				return -EINVAL;
		strscpy(name, f, name_len);
	}
	for (i = 0; i < n; i++) {
		f = strsep(&val, ",");
		if (!f)
			return -EINVAL;
		ret = kstrtos64(f, 10, &out[i]);
		if (ret)
			return ret;
		if (out[i] < lo[i] || out[i] > hi[i])
			return -ERANGE;
	}
	return val ? -EINVAL : 0;
}

/* temp, fixed, atd, jitter, coupling */
static const s64 soc_lo[] = { IDLESIM_TEMP_C_MIN, 0, IDLESIM_LEAK_TD_C_MIN, 0, 0 };
static const s64 soc_hi[] = { IDLESIM_TEMP_C_MAX, 100, IDLESIM_LEAK_TD_C_MAX,
			      IDLESIM_JITTER_PCT_MAX, 1 };
static const s64 state_lo[] = { SIMSOC_OFF_CLOCK }, state_hi[] = { SIMSOC_OFF_SOC };
static const s64 kind_lo[] = { 1, 1, 0, 0 };
static const s64 kind_hi[] = { SIMSOC_MAX_CPUS, SIMSOC_MAX_CPUS, IDLESIM_ACTIVE_LEAK_UW_MAX,
				SIMSOC_MAX_OPPS - 1 };
static const s64 opp_lo[] = { 1, 1, 0, 0 };
static const s64 opp_hi[] = { 100000000, 5000000, 100000000, 100000000 };
static const s64 fig_lo[] = IDLESIM_STATE_CONTROL_MIN;
static const s64 fig_hi[] = IDLESIM_STATE_CONTROL_MAX;
static const s64 block_lo[] = { 0 }, block_hi[] = { SIMSOC_MAX_STATES - 1 };
static const s64 trans_lo[] = { 1 }, trans_hi[] = { IDLESIM_POWER_MAX_UW };

/* One record into @s; -EINVAL or -ERANGE names nothing: the host tool does */
static int simsoc_record(struct simsoc_soc *s, char *key, char *val, int *nr_fig)
{
	struct simsoc_kind *k = s->nr_kinds ? &s->kind[s->nr_kinds - 1] : NULL;
	s64 x[5];
	int ret, i;

	if (!strcmp(key, "name")) {
		ret = simsoc_fields(val, s->name, sizeof(s->name), x, 0, NULL, NULL);
	} else if (!strcmp(key, "temp")) {
		/* temp=C;fixed=..: the SoC-wide figures come one per record */
		ret = simsoc_fields(val, NULL, 0, x, 1, &soc_lo[0], &soc_hi[0]);
		s->temp_ref_c = x[0];
	} else if (!strcmp(key, "fixed")) {
		ret = simsoc_fields(val, NULL, 0, x, 1, &soc_lo[1], &soc_hi[1]);
		s->exit_fixed_pct = x[0];
	} else if (!strcmp(key, "atd")) {
		ret = simsoc_fields(val, NULL, 0, x, 1, &soc_lo[2], &soc_hi[2]);
		s->active_td_c = x[0];
	} else if (!strcmp(key, "jitter")) {
		ret = simsoc_fields(val, NULL, 0, x, 1, &soc_lo[3], &soc_hi[3]);
		s->def_jitter_pct = x[0];
	} else if (!strcmp(key, "coupling")) {
		ret = simsoc_fields(val, NULL, 0, x, 1, &soc_lo[4], &soc_hi[4]);
		s->def_coupling = x[0];
	} else if (!strcmp(key, "state")) {
		if (s->nr_states == SIMSOC_MAX_STATES || s->nr_kinds)
			return -EINVAL;
		ret = simsoc_fields(val, s->state_name[s->nr_states], SIMSOC_STATE_NAME_LEN,
				    x, 1, state_lo, state_hi);
		s->off[s->nr_states++] = x[0];
	} else if (!strcmp(key, "cluster")) {
		if (s->nr_kinds == SIMSOC_MAX_KINDS || !s->nr_states ||
		    (k && (*nr_fig != s->nr_states || !k->nr_opps)))
			return -EINVAL;
		k = &s->kind[s->nr_kinds++];
		ret = simsoc_fields(val, k->name, sizeof(k->name), x, 4, kind_lo, kind_hi);
		k->cpus = x[0];
		k->count = x[1];
		k->def_leak_uw = x[2];
		k->def_opp = x[3];
		*nr_fig = 0;
	} else if (!strcmp(key, "opp")) {
		if (!k || k->nr_opps == SIMSOC_MAX_OPPS || *nr_fig)
			return -EINVAL;
		ret = simsoc_fields(val, NULL, 0, x, 4, opp_lo, opp_hi);
		i = k->nr_opps;
		if (!ret && i && x[0] <= k->opp_khz[i - 1])
			return -EINVAL;
		k->opp_khz[i] = x[0];
		k->opp_uv[i] = x[1];
		k->core_uw[i] = x[2];
		k->cluster_uw[i] = x[3];
		k->nr_opps++;
	} else if (!strcmp(key, "fig")) {
		if (!k || *nr_fig == s->nr_states)
			return -EINVAL;
		ret = simsoc_fields(val, NULL, 0, k->def_fig[*nr_fig],
				    SIMSOC_CTRLS_PER_STATE, fig_lo, fig_hi);
		(*nr_fig)++;
	} else if (!strcmp(key, "trans")) {
		/* the last fig's exit power, once */
		if (!k || !*nr_fig || k->trans_uw[*nr_fig - 1])
			return -EINVAL;
		ret = simsoc_fields(val, NULL, 0, x, 1, trans_lo, trans_hi);
		k->trans_uw[*nr_fig - 1] = x[0];
	} else if (!strcmp(key, "block")) {
		if (s->nr_blocks == SIMSOC_MAX_BLOCKS)
			return -EINVAL;
		ret = simsoc_fields(val, s->block_name[s->nr_blocks], SIMSOC_ITEM_LEN,
				    x, 1, block_lo, block_hi);
		if (!ret && x[0] >= s->nr_states)
			return -ERANGE;
		s->def_block_depth[s->nr_blocks++] = x[0];
	} else {
		return -EINVAL;
	}
	return ret;
}

/* The CPUs' places and the rules the idle path relies on */
static int simsoc_soc_finish(struct simsoc_soc *s, int nr_fig)
{
	int i, j, c, cpu = 0;

	if (!s->name[0] || !s->nr_kinds || nr_fig != s->nr_states ||
	    !s->kind[s->nr_kinds - 1].nr_opps)
		return -EINVAL;
	/* state 0 is every governor's fallback: it may not wait for others */
	if (s->off[0] > SIMSOC_OFF_CORE)
		return -EINVAL;
	for (i = 1; i < s->nr_states; i++)
		if (s->off[i] < s->off[i - 1])
			return -EINVAL;
	for (i = 0; i < s->nr_kinds; i++) {
		struct simsoc_kind *k = &s->kind[i];

		if (k->def_opp >= k->nr_opps)
			return -ERANGE;
		for (c = 0; c < k->count; c++, s->nr_clusters++)
			for (j = 0; j < k->cpus; j++, cpu++) {
				if (cpu == SIMSOC_MAX_CPUS)
					return -ERANGE;
				s->cpu_cluster[cpu] = s->nr_clusters;
				s->cpu_kind[cpu] = i;
			}
		for (j = 0; j < k->nr_opps; j++) {
			if (k->opp_khz[j] % 1000)
				snprintf(k->opp_names[j], sizeof(k->opp_names[j]), "%ukHz",
					 k->opp_khz[j]);
			else
				snprintf(k->opp_names[j], sizeof(k->opp_names[j]), "%uMHz",
					 k->opp_khz[j] / 1000);
			k->opp_menu[j] = k->opp_names[j];
		}
		k->opp_menu[j] = NULL;
	}
	s->nr_cpus = cpu;
	return 0;
}

#define SOC_INT(_c, _name, _min, _max, _step, _def)			\
	(*(_c) = (struct simsoc_ctrl){ .name = _name, .type = SIMSOC_CTRL_INTEGER, \
		.min = _min, .max = _max, .step = _step, .def = _def })

/* The control table this SoC has; names live in s->ctrl_names */
static int simsoc_soc_ctrls(struct simsoc_soc *s)
{
	static const char * const state_ctrl[] = IDLESIM_STATE_CONTROL_NAMES;
	static const s64 state_min[] = IDLESIM_STATE_CONTROL_MIN;
	static const s64 state_max[] = IDLESIM_STATE_CONTROL_MAX;
	struct simsoc_ctrl *c;
	char (*n)[SIMSOC_CTRL_NAME_LEN];
	int i, j, f, id;

	BUILD_BUG_ON(ARRAY_SIZE(state_ctrl) != SIMSOC_CTRLS_PER_STATE);
	s->c_kind0 = SIMSOC_C_FIRST_SOC;
	s->c_block0 = s->c_kind0 + s->nr_kinds * SIMSOC_CTRLS_PER_KIND;
	s->c_state0 = s->c_block0 + s->nr_blocks * SIMSOC_CTRLS_PER_BLOCK;
	s->c_generation = s->c_state0 + s->nr_kinds * s->nr_states * SIMSOC_CTRLS_PER_STATE;
	s->c_nr_states = s->c_generation + 1;
	s->nr_ctrls = s->c_nr_states + 1;
	s->ctrls = kcalloc(s->nr_ctrls, sizeof(*s->ctrls), GFP_KERNEL);
	s->ctrl_names = kcalloc(s->nr_ctrls, sizeof(*s->ctrl_names), GFP_KERNEL);
	if (!s->ctrls || !s->ctrl_names)
		return -ENOMEM;
	c = s->ctrls;
	n = s->ctrl_names;

	SOC_INT(&c[SIMSOC_C_SEED], "seed", 0, IDLESIM_SEED_MAX, 1, 1);
	SOC_INT(&c[SIMSOC_C_TEMP], "temp_c", IDLESIM_TEMP_C_MIN, IDLESIM_TEMP_C_MAX, 1,
		s->temp_ref_c);
	SOC_INT(&c[SIMSOC_C_JITTER], "jitter_pct", 0, IDLESIM_JITTER_PCT_MAX, 1,
		s->def_jitter_pct);
	c[SIMSOC_C_COUPLING] = (struct simsoc_ctrl){ .name = "cluster_coupling",
		.type = SIMSOC_CTRL_BOOLEAN, .max = 1, .step = 1, .def = s->def_coupling };
	for (i = 0; i < s->nr_kinds; i++) {
		struct simsoc_kind *k = &s->kind[i];
		const char *pfx = s->nr_kinds > 1 ? k->name : "";
		const char *sep = s->nr_kinds > 1 ? "_" : "";

		id = simsoc_c_opp(s, i);
		snprintf(n[id], sizeof(n[id]), "%s%sopp", pfx, sep);
		c[id] = (struct simsoc_ctrl){ .name = n[id], .type = SIMSOC_CTRL_MENU,
			.max = k->nr_opps - 1, .step = 1, .def = k->def_opp,
			.menu = k->opp_menu, .opp_khz = k->opp_khz };
		snprintf(n[id + 1], sizeof(n[id + 1]), "%s%sactive_leak_uw", pfx, sep);
		SOC_INT(&c[id + 1], n[id + 1], 0, IDLESIM_ACTIVE_LEAK_UW_MAX, 1,
			k->def_leak_uw);
		for (j = 0; j < s->nr_states; j++)
			for (f = 0; f < SIMSOC_CTRLS_PER_STATE; f++) {
				id = simsoc_c_state(s, i, j) + f;
				snprintf(n[id], sizeof(n[id]), "%s%ss%d_%s", pfx, sep, j,
					 state_ctrl[f]);
				SOC_INT(&c[id], n[id], state_min[f], state_max[f], 1,
					k->def_fig[j][f]);
			}
	}
	for (i = 0; i < s->nr_blocks; i++) {
		id = simsoc_c_block(s, i);
		snprintf(n[id], sizeof(n[id]), "%s_mode", s->block_name[i]);
		c[id] = (struct simsoc_ctrl){ .name = n[id], .type = SIMSOC_CTRL_MENU,
			.max = SIMSOC_BLOCK_RANDOM, .step = 1,
			.menu = simsoc_block_mode_names };
		snprintf(n[id + 1], sizeof(n[id + 1]), "%s_duty_pct", s->block_name[i]);
		SOC_INT(&c[id + 1], n[id + 1], 0, 100, IDLESIM_DUTY_PCT_STEP, 0);
		snprintf(n[id + 2], sizeof(n[id + 2]), "%s_depth", s->block_name[i]);
		SOC_INT(&c[id + 2], n[id + 2], 0, s->nr_states - 1, 1, s->def_block_depth[i]);
		snprintf(n[id + 3], sizeof(n[id + 3]), "%s_busy_us", s->block_name[i]);
		SOC_INT(&c[id + 3], n[id + 3], 0, IDLESIM_BUSY_US_MAX, 1, 0);
	}
	c[s->c_generation] = (struct simsoc_ctrl){ .name = "generation",
		.type = SIMSOC_CTRL_INTEGER, .max = S64_MAX, .step = 1,
		.flags = SIMSOC_CTRL_FLAG_READ_ONLY | SIMSOC_CTRL_FLAG_VOLATILE };
	c[s->c_nr_states] = (struct simsoc_ctrl){ .name = "nr_states",
		.type = SIMSOC_CTRL_INTEGER, .min = s->nr_states, .max = s->nr_states,
		.step = 1, .def = s->nr_states, .flags = SIMSOC_CTRL_FLAG_READ_ONLY };
	return 0;
}

static void simsoc_soc_free(struct simsoc_soc *s)
{
	if (!s)
		return;
	kfree(s->ctrls);
	kfree(s->ctrl_names);
	kfree(s);
}

/**
 * simsoc_soc_init() - read the SoC description the driver plays
 * @param: the soc= records, or NULL or "" for the built-in default
 *
 * Return: 0 with simsoc_soc set, or -EINVAL, -ERANGE or -ENOMEM.
 */
int simsoc_soc_init(const char *param)
{
	struct simsoc_soc *s;
	char *buf, *at, *rec, *val;
	int nr_fig = 0, nr = 0, ret = 0;

	if (!param || !*param)
		param = simsoc_default_soc;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	buf = kstrdup(param, GFP_KERNEL);
	if (!s || !buf) {
		ret = -ENOMEM;
		goto out;
	}
	at = buf;
	while (!ret && (rec = strsep(&at, ";")) != NULL) {
		if (!nr++) {
			ret = strcmp(rec, "v1") ? -EINVAL : 0;
			if (ret)
				pr_err("soc=: expected the format v1 first, got '%.16s'\n", rec);
			continue;
		}
		val = strchr(rec, '=');
		if (!val) {
			ret = -EINVAL;
		} else {
			*val++ = '\0';
			ret = simsoc_record(s, rec, val, &nr_fig);
		}
		if (ret)
			pr_err("soc=: record %d (%s) rejected: %d\n", nr, rec, ret);
	}
	if (!ret) {
		ret = simsoc_soc_finish(s, nr_fig);
		if (ret)
			pr_err("soc=: incomplete or inconsistent description: %d\n", ret);
	}
	if (!ret)
		ret = simsoc_soc_ctrls(s);
out:
	kfree(buf);
	if (ret) {
		simsoc_soc_free(s);
		return ret;
	}
	simsoc_soc = s;
	return 0;
}

/**
 * simsoc_soc_exit() - free the description; nothing may use it any more
 */
void simsoc_soc_exit(void)
{
	simsoc_soc_free((struct simsoc_soc *)simsoc_soc);
	simsoc_soc = NULL;
}
