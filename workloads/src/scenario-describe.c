// SPDX-License-Identifier: GPL-2.0
/*
 * Scenarios as people read them: durations in the format's own notation
 * and the one-line description of --describe and make scenarios.
 */
#include <stdint.h>
#include <stdio.h>

#include "scenario.h"

void scn_format_duration(int64_t ns, char *buf, size_t len)
{
	static const struct { const char *unit; int64_t mul; } u[] = {
		{ "s", NSEC_PER_SEC }, { "ms", NSEC_PER_MSEC }, { "us", NSEC_PER_USEC },
		{ "ns", 1 },
	};
	size_t i;

	for (i = 0; i < sizeof(u) / sizeof(u[0]); i++) {
		if (ns < u[i].mul && u[i].mul > 1)
			continue;
		if (ns % u[i].mul == 0) {
			snprintf(buf, len, "%lld%s", (long long)(ns / u[i].mul), u[i].unit);
		} else {
			char frac[16];
			int64_t f = ns % u[i].mul, m = u[i].mul;
			int k = 0;

			while (m > 1 && f) {
				m /= 10;
				frac[k++] = (char)('0' + f / m);
				f %= m;
			}
			frac[k] = 0;
			snprintf(buf, len, "%lld.%s%s", (long long)(ns / u[i].mul), frac,
				 u[i].unit);
		}
		return;
	}
	snprintf(buf, len, "0s");
}

void scenario_describe(const struct scenario *s, char *buf, size_t len)
{
	char d[32];

	scn_format_duration(s->duration_ns, d, sizeof(d));
	snprintf(buf, len, "%s: %s (%s, %d CPU%s, seed %llu)", s->name, s->description, d,
		 s->cpus, s->cpus == 1 ? "" : "s", (unsigned long long)s->seed);
}
