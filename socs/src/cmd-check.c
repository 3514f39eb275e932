// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc check FILE...: every file valid (0), or the first error of
 * each (2).  A valid file may still draw a warning: a state whose
 * transition=breakeven would have its exit draw less than the state itself
 * is drawn at its own power, and its residency is then short of its
 * break-even.
 */
#include <stdio.h>

#include "soc.h"

static void warn_short(const struct soc *s, const char *file)
{
	int i, k;

	for (k = 0; k < s->nr_clusters; k++)
		for (i = 0; i < s->nr_states; i++) {
			const struct soc_figures *f = &s->cluster[k].fig[i];

			if (f->residency_short)
				fprintf(stderr, "%s:%d: warning: [cluster %s] state %s: transition: breakeven would draw less than the state's own %lld uW; drawn at that, its residency %lld us is below its break-even (idlesim-soc breakeven %s)\n",
					file, f->line, s->cluster[k].name, s->state[i].name,
					(long long)f->power_uw, (long long)f->residency_us, file);
		}
}

int cmd_check(int argc, char **argv)
{
	return soc_each_file(argc, argv, "check FILE...", warn_short);
}
