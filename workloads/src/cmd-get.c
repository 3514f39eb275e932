// SPDX-License-Identifier: GPL-2.0
/*
 * --get KEY FILE: one fact about a scenario for the shell scripts around
 * the guest (the CPUs to boot, how long to wait, which controls a sweep
 * must not fight over), printed on stdout.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "workload.h"

int cmd_get(const struct scenario *s, const char *key)
{
	if (!strcmp(key, "name"))
		printf("%s\n", s->name);
	else if (!strcmp(key, "description"))
		printf("%s\n", s->description);
	else if (!strcmp(key, "cpus"))
		printf("%d\n", s->cpus);
	else if (!strcmp(key, "seed"))
		printf("%llu\n", (unsigned long long)s->seed);
	else if (!strcmp(key, "duration_ns"))
		printf("%lld\n", (long long)s->duration_ns);
	else if (!strcmp(key, "guest_seconds"))	/* settle + duration, rounded up */
		printf("%lld\n", (long long)((s->settle_ns + s->duration_ns + NSEC_PER_SEC - 1) /
					     NSEC_PER_SEC));
	else if (!strcmp(key, "hw"))
		printf("%s\n", s->hw_line ? "yes" : "no");
	else if (!strcmp(key, "commands")) {
		int i, j;

		for (i = 0; i < s->nr_commands; i++) {
			for (j = 0; j < s->commands[i].argc; j++)
				printf("%s%s", j ? " " : "", s->commands[i].argv[j]);
			printf("\n");
		}
	} else if (!strcmp(key, "controls")) {
		/* every control a batch of the scenario sets, one per line, once */
		const char *batches[1 + SCN_MAX_THREADS * SCN_MAX_PHASES * 3];
		char seen[SCN_MAX_BATCH * 4] = " ";
		int i, j, n = 0;

		batches[n++] = s->model;
		for (i = 0; i < s->nr_threads; i++)
			for (j = 0; j < s->threads[i].nr_phases; j++) {
				batches[n++] = s->threads[i].phases[j].hw;
				batches[n++] = s->threads[i].phases[j].hw_busy;
				batches[n++] = s->threads[i].phases[j].hw_idle;
			}
		for (i = 0; i < n; i++) {
			const char *b = batches[i];

			while (*b) {
				char name[64], pat[68];
				size_t len = strcspn(b, "=");

				if (len >= sizeof(name) - 1)
					break;
				memcpy(name, b, len);
				name[len] = 0;
				snprintf(pat, sizeof(pat), " %s ", name);
				if (!strstr(seen, pat) && strlen(seen) + len + 2 < sizeof(seen)) {
					printf("%s\n", name);
					strcat(seen, name);
					strcat(seen, " ");
				}
				b += strcspn(b, " ");
				b += strspn(b, " ");
			}
		}
	} else {
		fprintf(stderr, "idlesim-workload: --get %s: unknown; expected name, description, cpus, seed, duration_ns, guest_seconds, hw, controls or commands\n",
			key);
		return 2;
	}
	return 0;
}
