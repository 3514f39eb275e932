// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the SoC description parser: any input must either
 * parse, or fail with a message of the form "FILE:LINE: ...", without a
 * crash, a leak or undefined behaviour (built with ASan and UBSan).  What
 * parses must keep the promises the driver relies on, and fit its
 * parameter.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "soc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct soc s;
	static char params[65536];
	char err[SOC_MAX_ERR], d[1024];
	int i, k;

	if (soc_parse(&s, "fuzz.soc", (const char *)data, size, err, sizeof(err))) {
		if (strncmp(err, "fuzz.soc:", 9) || err[9] < '1' || err[9] > '9')
			abort();	/* every message names the file and a line */
		return 0;
	}
	if (!s.nr_states || s.nr_states > SOC_MAX_STATES || !s.nr_clusters ||
	    soc_total_cpus(&s) > SOC_MAX_CPUS || s.state[0].off > SOC_OFF_CORE)
		abort();
	for (k = 0; k < s.nr_clusters; k++) {
		const struct soc_cluster *c = &s.cluster[k];

		if (!c->nr_opps || c->default_opp < 0 || c->default_opp >= c->nr_opps)
			abort();
		for (i = 0; i < s.nr_states; i++)
			if (c->fig[i].exit_us > c->fig[i].residency_us ||
			    (i && c->fig[i].residency_us < c->fig[i - 1].residency_us))
				abort();
	}
	for (i = 0; i < s.nr_blocks; i++)
		if (s.block[i].depth < 0 || s.block[i].depth >= s.nr_states)
			abort();
	if (soc_params(&s, params, sizeof(params)) || strchr(params, ' '))
		abort();
	soc_describe(&s, d, sizeof(d));
	return 0;
}
