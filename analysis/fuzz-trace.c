// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: damaged trace files must give an error, never a crash,
 * a leak or undefined behaviour, in the same reading path as the tool.
 * Seed it with a real trace.dat (tests/fixtures/); the fuzzer mutates it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "periods.h"

static int count(const struct period *p, void *data)
{
	(*(uint64_t *)data) += p->residency_ns;
	return 0;
}

/* libFuzzer's entry, which it declares nowhere */
int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	static char path[64];
	struct period_stats st;
	struct trace t;
	uint64_t sum = 0;
	int fd;

	fd = memfd_create("trace", 0);
	if (fd < 0)
		return 0;
	if (write(fd, buf, len) != (ssize_t)len)
		goto out;
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	if (trace_open(&t, path) == 0) {
		periods_read(&t, count, NULL, NULL, NULL, &sum, &st);
		period_stats_free(&st);
		trace_close(&t);
	}
out:
	close(fd);
	return 0;
}
