// SPDX-License-Identifier: GPL-2.0
/*
 * The scenario's hardware side, over hw.c: whether the run drives the sim
 * driver's controls at all, the first batch (the seed and [model]) before
 * anything starts, and the threads' batches, whose failures are counted
 * rather than stopping the thread mid-activation.
 */
#include <stdio.h>
#include <string.h>

#include "hw.h"
#include "workload.h"

int controls_start(struct workload *wl, const struct scenario *s)
{
	char err[SCN_MAX_ERR], initial[SCN_MAX_BATCH + 32];

	wl->use_hw = s->hw_line && !wl->no_hw;
	if (wl->use_hw) {
		if (hw_open(wl->hw_path, err, sizeof(err))) {
			log_error("%s:%d: this scenario sets hardware controls, but the sim driver's batch file is not there (%s); load simsoc.ko, give --hw-ctrl PATH, or run with --no-hw",
				  s->file, s->hw_line, err);
			return 1;
		}
		/*
		 * The model's own randomness follows the scenario's seed, so that
		 * a run can be repeated; [model] may still set it.
		 */
		snprintf(initial, sizeof(initial), "seed=%llu%s%s",
			 (unsigned long long)(s->seed & HW_SEED_MASK), s->model[0] ? " " : "",
			 s->model);
		if (hw_apply(!strncmp(s->model, "seed=", 5) || strstr(s->model, " seed=") ?
			     s->model : initial, err, sizeof(err))) {
			log_error("%s:%d: the sim driver rejected the scenario's %s: %s", s->file,
				  s->model_line ? s->model_line : s->hw_line,
				  s->model_line ? "[model]" : "seed", err);
			hw_close();
			return 1;
		}
	} else if (s->hw_line) {
		log_info(wl, "--no-hw: hardware controls of %s ignored", s->file);
	}
	return 0;
}

void controls_apply(struct tstate *ts, const char *batch)
{
	char err[256];

	if (!ts->wl->use_hw || !batch[0])
		return;
	ts->hw_writes++;
	if (hw_apply(batch, err, sizeof(err))) {
		if (!ts->hw_errors++)
			snprintf(ts->hw_err, sizeof(ts->hw_err), "%s", err);
	}
}
