// SPDX-License-Identifier: GPL-2.0
/* idlesim-soc describe FILE...: one line per description. */
#include <stdio.h>

#include "soc.h"

int cmd_describe(int argc, char **argv)
{
	static struct soc s;
	char err[SOC_MAX_ERR], line[1024];
	int i, ret = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: idlesim-soc describe FILE...\n");
		return 2;
	}
	for (i = 1; i < argc; i++) {
		if (soc_load(&s, argv[i], err, sizeof(err))) {
			fprintf(stderr, "%s\n", err);
			ret = 2;
			continue;
		}
		soc_describe(&s, line, sizeof(line));
		printf("%s\n", line);
	}
	return ret;
}
