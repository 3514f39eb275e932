// SPDX-License-Identifier: GPL-2.0
/* idlesim-soc check FILE...: every file valid (0), or the first error of each (2). */
#include <stdio.h>

#include "soc.h"

int cmd_check(int argc, char **argv)
{
	static struct soc s;
	char err[SOC_MAX_ERR];
	int i, ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: idlesim-soc check FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (soc_load(&s, argv[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			ret = 2;
		}
	}
	return ret;
}
