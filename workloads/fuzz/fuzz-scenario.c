// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the scenario parser: any input must either parse,
 * or fail with a message of the form "FILE:LINE: ...", without a crash, a
 * leak or undefined behaviour (built with ASan and UBSan).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct scenario s;
	char err[SCN_MAX_ERR], d[320];
	int r;

	r = scenario_parse(&s, "fuzz.ini", (const char *)data, size, err, sizeof(err));
	if (r) {
		if (strncmp(err, "fuzz.ini:", 9) || err[9] < '1' || err[9] > '9')
			abort();	/* every message names the file and a line */
	} else {
		int i;

		scenario_describe(&s, d, sizeof(d));
		if (!s.nr_threads && !s.nr_commands)
			abort();
		for (i = 0; i < s.nr_threads; i++) {
			const struct thread_spec *t = &s.threads[i];
			const struct phase *last = &t->phases[t->nr_phases - 1];

			/* the parser's promises to the generator */
			if (!t->nr_phases || last->end_ns > s.duration_ns ||
			    t->phases[0].start_ns != t->start_ns)
				abort();
			if (t->cpu >= s.cpus)
				abort();
		}
	}
	return 0;
}
