// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-soc: SoC descriptions (socs/README.md) on the host.  A command
 * table, one file per command, after tools/tracing/rtla.
 *
 * Exit status of every command: 0 done, 1 could not run (a file could
 * not be read or written, a tool is missing), 2 bad input or usage.
 */
#include <stdio.h>
#include <string.h>

#include "soc.h"

static const struct {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *help;
} commands[] = {
	{ "check", cmd_check, "check FILE...: validate descriptions" },
	{ "describe", cmd_describe, "describe FILE...: one line each" },
	{ "get", cmd_get, "get KEY FILE: name, cpus, states, controls" },
	{ "breakeven", cmd_breakeven,
	  "breakeven [--opp FREQ|P%] [--temp C] FILE: where each state starts to pay off" },
	{ "params", cmd_params, "params FILE: the sim driver's soc= module parameter" },
	{ "import", cmd_import,
	  "import [-I DIR]... [--fill OLD.soc] BOARD.dtb|BOARD.dts: a description from a device tree" },
};

static int usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: idlesim-soc COMMAND ARGS\n");
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(fp, "  %s\n", commands[i].help);
	return fp == stdout ? 0 : 2;
}

int main(int argc, char **argv)
{
	size_t i;

	if (argc < 2)
		return usage(stderr);
	if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help"))
		return usage(stdout);
	for (i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return commands[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "idlesim-soc: unknown command '%s'\n", argv[1]);
	return usage(stderr);
}
