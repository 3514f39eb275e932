/* SPDX-License-Identifier: GPL-2.0 */
/* A board's trace as text (board-text.c): trace-cmd report, tracefs, systrace */
#ifndef IDLESIM_BOARD_TEXT_H
#define IDLESIM_BOARD_TEXT_H

#include <stdbool.h>

#include "board.h"

/* whether @path is not a trace.dat, and so to be read as text */
bool board_is_text(const char *path);
/* the periods, markers and counts of a text trace into @b; 0, or -1 saying why */
int board_read_text(struct board *b);

#endif /* IDLESIM_BOARD_TEXT_H */
