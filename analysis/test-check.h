/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The unit tests' one assertion (test-analysis.c, test-board.c): it counts,
 * and prints each check that fails with its place; main() reports the
 * totals and fails if any did.
 */
#ifndef IDLESIM_TEST_CHECK_H
#define IDLESIM_TEST_CHECK_H

#include <stdio.h>

/* the program's counts, defined beside its main(): a test program may be more than one file */
extern int failures, checks;

#define CHECK(cond, ...) do {						\
	checks++;							\
	if (!(cond)) {							\
		failures++;						\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);		\
		printf(__VA_ARGS__);					\
		printf("\n");						\
	}								\
} while (0)

#endif /* IDLESIM_TEST_CHECK_H */
