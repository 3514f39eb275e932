// SPDX-License-Identifier: GPL-2.0
/* idlesim-soc describe FILE...: one line per description. */
#include <stdio.h>

#include "soc.h"

static void describe(const struct soc *s, const char *file __attribute__((unused)))
{
	char line[1024];

	soc_describe(s, line, sizeof(line));
	printf("%s\n", line);
}

int cmd_describe(int argc, char **argv)
{
	return soc_each_file(argc, argv, "describe FILE...", describe);
}
