// SPDX-License-Identifier: GPL-2.0
/* idlesim-soc params FILE: "soc=..." for the sim driver (soc-params.c). */
#include <stdio.h>

#include "soc.h"

int cmd_params(int argc, char **argv)
{
	static struct soc s;
	static char buf[8192];
	char err[SOC_MAX_ERR];

	if (argc != 2) {
		fprintf(stderr, "usage: idlesim-soc params FILE\n");
		return 2;
	}
	if (soc_load(&s, argv[1], err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	if (soc_params(&s, buf, sizeof(buf))) {
		fprintf(stderr, "%s: the description does not fit the driver's parameter (%zu bytes)\n",
			argv[1], sizeof(buf));
		return 2;
	}
	printf("soc=%s\n", buf);
	return 0;
}
