/* SPDX-License-Identifier: GPL-2.0 */
/* The rankings' unit tests (test-rank.c), run by test-analysis.c's main() */
#ifndef IDLESIM_TEST_RANK_H
#define IDLESIM_TEST_RANK_H

void test_rank(void);

#endif /* IDLESIM_TEST_RANK_H */
