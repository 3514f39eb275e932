// SPDX-License-Identifier: GPL-2.0
/*
 * Unit tests of the scenario parser: every kind of malformed file gives the
 * expected message, naming the file, the line and the field; valid files
 * give the expected values.  Prints "N passed, N failed" and exits 1 on
 * any failure.  -v prints every message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "control-ranges.h"
#include "scenario.h"

#define HEAD	"[scenario]\n"			/* 1 */		\
		"name = t\n"			/* 2 */		\
		"description = a test\n"	/* 3 */		\
		"duration = 10s\n"		/* 4 */		\
		"cpus = 2\n"			/* 5 */		\
		"seed = 1\n"			/* 6 */		\
		"latency_budget = 1ms\n"	/* 7 */
#define THREAD	"[thread a]\n"			/* 8 */		\
		"[phase p]\n"			/* 9 */		\
		"duration = 5s\n"		/* 10 */	\
		"arrival = periodic\n"		/* 11 */	\
		"period = 10ms\n"		/* 12 */	\
		"busy = 1ms\n"			/* 13 */

struct bad_case {
	const char *what;
	const char *text;
	size_t len;		/* 0: strlen */
	const char *msg;	/* exact, after "t.ini:" */
};

static const struct bad_case bad[] = {
	/* unknown keys and sections */
	{ "unknown key in [scenario]", HEAD "colour = red\n" THREAD, 0,
	  "8: [scenario] colour: unknown key; expected one of: name, description, duration, cpus, seed, latency_budget, settle, latency_qos" },
	{ "latency_qos neither yes nor no", HEAD "latency_qos = maybe\n" THREAD, 0,
	  "8: [scenario] latency_qos: 'maybe' is not allowed; expected one of: no, yes" },
	{ "unknown key in [phase]", HEAD THREAD "jitter = 1ms\n", 0,
	  "14: [phase p] jitter: unknown key; expected one of: duration, arrival, period, mean_interval, offset, busy, duty, busy_dist, busy_min, busy_max, burst, burst_interval, hw, hw_busy, hw_idle" },
	{ "unknown key in [thread]", HEAD "[thread a]\nprio = 3\n[phase p]\n", 0,
	  "9: [thread a] prio: unknown key; expected one of: cpu, policy, priority, nice, start, busy_clock" },
	{ "unknown section", HEAD "[threads a]\n", 0,
	  "8: unknown section [threads]; expected scenario, model, thread NAME, phase NAME or command NAME" },
	{ "key before any section", "name = t\n", 0,
	  "1: name: before any section; expected [scenario] first" },
	{ "section before [scenario]", "[thread a]\n", 0,
	  "1: [thread] before [scenario]; expected [scenario] first" },
	/* wrong type */
	{ "cpus not an integer", "[scenario]\ncpus = two\n", 0,
	  "2: [scenario] cpus: 'two' is not an integer; expected a decimal integer" },
	{ "duration without unit", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = periodic\nperiod = 10\n", 0,
	  "12: [phase p] period: '10' is not a duration; expected a number and a unit, such as 10ms or 16.7ms (units: ns, us, ms, s)" },
	{ "duration with a bad unit", "[scenario]\nduration = 10 ms\n", 0,
	  "2: [scenario] duration: '10 ms' is not a duration; expected a number and a unit, such as 10ms or 16.7ms (units: ns, us, ms, s)" },
	{ "duration finer than 1ns", "[scenario]\nduration = 1.5ns\n", 0,
	  "2: [scenario] duration: '1.5ns' is finer than 1ns; expected a whole number of nanoseconds" },
	{ "seed not a number", "[scenario]\nseed = 0xfg\n", 0,
	  "2: [scenario] seed: '0xfg' is not an unsigned integer; expected decimal or 0x hexadecimal" },
	{ "seed overflow", "[scenario]\nseed = 18446744073709551616\n", 0,
	  "2: [scenario] seed: '18446744073709551616' does not fit in 64 bits" },
	{ "enum", HEAD "[thread a]\n[phase p]\narrival = sometimes\n", 0,
	  "10: [phase p] arrival: 'sometimes' is not allowed; expected one of: none, periodic, exponential" },
	{ "percentage without %", HEAD "[thread a]\n[phase p]\nduty = 0.25\n", 0,
	  "10: [phase p] duty: '0.25' is not a percentage; expected a number and '%', such as 25%" },
	{ "name with a blank", "[scenario]\nname = my test\n", 0,
	  "2: [scenario] name: 'my test' is not a name; expected 1 to 31 letters, digits, '_', '.' or '-', not starting with '-' or '.'" },
	{ "hw item without =", HEAD "[thread a]\n[phase p]\nhw = dma=1 gpu\n", 0,
	  "10: [phase p] hw: 'gpu' is not a control setting; expected name=value items such as 'dma=1 opp=2'" },
	{ "hw control twice", HEAD "[thread a]\n[phase p]\nhw = dma=1 dma=0\n", 0,
	  "10: [phase p] hw: control 'dma' is set twice; expected each control at most once per batch" },
	{ "model value with blanks", HEAD "[model]\nstate3.residency = 1 2\n", 0,
	  "9: [model] state3.residency: '1 2' is not one value; expected a single number or word" },
	{ "key without value", HEAD "[thread a]\ncpu =\n", 0,
	  "9: [thread a] cpu: has no value; expected KEY = VALUE" },
	{ "not a setting", HEAD "just words\n", 0,
	  "8: [scenario]: 'just words' is not a setting; expected KEY = VALUE (keys are lower case letters, digits and '_')" },
	/* out of range */
	{ "cpus out of range", "[scenario]\ncpus = 9\n", 0,
	  "2: [scenario] cpus: 9 is out of range; expected 1 to 8" },
	{ "duration out of range", "[scenario]\nduration = 7200s\n", 0,
	  "2: [scenario] duration: '7200s' is out of range; expected 1ms to 3600s" },
	{ "latency budget out of range", "[scenario]\nlatency_budget = 100ns\n", 0,
	  "2: [scenario] latency_budget: '100ns' is out of range; expected 1us to 10s" },
	{ "duty over 100%", HEAD "[thread a]\n[phase p]\nduty = 150%\n", 0,
	  "10: [phase p] duty: '150%' is out of range; expected more than 0% and at most 100%" },
	{ "thread cpu beyond cpus", HEAD "[thread a]\ncpu = 3\n[phase p]\n", 0,
	  "9: [thread a] cpu: 3 is not a CPU of this scenario (cpus = 2); expected 0 to 1" },
	{ "priority out of range", HEAD "[thread a]\npolicy = fifo\npriority = 100\n", 0,
	  "10: [thread a] priority: 100 is out of range; expected 1 to 99" },
	{ "busy longer than the period", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = periodic\nperiod = 10ms\nbusy = 11ms\n", 0,
	  "12: [phase p] period: 10ms is shorter than one activation (11ms of busy time); expected at least that" },
	{ "phases beyond the scenario", HEAD THREAD "[phase q]\nduration = 6s\narrival = none\n", 0,
	  "8: [thread a]: start and phases end at 11s, beyond the scenario's duration (10s); expected at most that" },
	/* missing fields */
	{ "missing seed", "[scenario]\nname = t\ndescription = d\nduration = 1s\ncpus = 1\nlatency_budget = 1ms\n[thread a]\n", 0,
	  "1: [scenario] seed: missing; this field is required" },
	{ "missing period", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = periodic\nbusy = 1ms\n", 0,
	  "9: [phase p] period: missing; required with arrival = periodic (a duration such as 10ms)" },
	{ "missing busy", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = periodic\nperiod = 10ms\n", 0,
	  "9: [phase p] busy: missing; expected busy (a duration, 0us for bare wake-ups) or duty (a percentage of the period)" },
	{ "missing arrival", HEAD "[thread a]\n[phase p]\nduration = 5s\n", 0,
	  "9: [phase p] arrival: missing; this field is required" },
	{ "missing priority", HEAD "[thread a]\npolicy = fifo\n[phase p]\n", 0,
	  "8: [thread a] priority: missing; required with policy = fifo (1 to 99)" },
	{ "missing burst_interval", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = exponential\nmean_interval = 100ms\nbusy = 1ms\nburst = 4\n", 0,
	  "9: [phase p] burst_interval: missing; required with burst > 1 (start to start, such as 16.7ms)" },
	{ "missing busy_max for uniform", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = exponential\nmean_interval = 100ms\nbusy_dist = uniform\nbusy_min = 1ms\n", 0,
	  "9: [phase p] busy_max: missing; required with busy_dist = uniform" },
	{ "missing run", HEAD "[command c]\nstart = 1s\n", 0,
	  "8: [command c] run: missing; this field is required" },
	/* inconsistent combinations */
	{ "duplicate key", HEAD "seed = 2\n", 0,
	  "8: [scenario] seed: set twice (first on line 6); expected once" },
	{ "busy and duty", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = periodic\nperiod = 10ms\nbusy = 1ms\nduty = 10%\n", 0,
	  "14: [phase p] duty: given with busy; expected one of busy or duty" },
	{ "period with exponential", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = exponential\nmean_interval = 10ms\nperiod = 10ms\nbusy = 1ms\n", 0,
	  "13: [phase p] period: only with arrival = periodic; expected mean_interval" },
	{ "busy with arrival none", HEAD "[thread a]\n[phase p]\nduration = 5s\narrival = none\nbusy = 1ms\n", 0,
	  "12: [phase p] busy: not allowed with arrival = none; expected arrival = periodic or exponential" },
	{ "priority with policy other", HEAD "[thread a]\npriority = 10\n[phase p]\n", 0,
	  "9: [thread a] priority: only with policy = fifo or rr; expected no priority with policy = other" },
	{ "rest not last", HEAD "[thread a]\n[phase p]\nduration = rest\narrival = none\n[phase q]\nduration = 1s\narrival = none\n", 0,
	  "9: [thread a]: phase 'p' has duration = rest but is not the last phase; expected rest only on the last" },
	{ "duplicate thread", HEAD THREAD "[thread a]\n", 0,
	  "14: [thread a]: name 'a' already used on line 8; expected a new name" },
	{ "duplicate phase", HEAD THREAD "[phase p]\n", 0,
	  "14: [phase p]: thread 'a' already has a phase 'p' (line 9); expected a new name" },
	{ "phase outside a thread", HEAD "[phase p]\n", 0,
	  "8: [phase p]: outside a thread; expected it after the [thread] it belongs to" },
	{ "second [scenario]", HEAD THREAD "[scenario]\n", 0,
	  "14: [scenario]: a second [scenario] section; expected one per file" },
	{ "thread without name", HEAD "[thread]\n", 0,
	  "8: [thread] needs a name; expected [thread NAME]" },
	{ "no threads", HEAD, 0,
	  "7: no [thread] or [command] section; expected at least one" },
	/* truncated and damaged files */
	{ "truncated in a line", HEAD THREAD "[phase q]\ndura", 0,
	  "15: the last line has no newline: the file looks truncated; expected it to end with a newline" },
	{ "truncated header", HEAD "[thre\n", 0,
	  "8: section header without ']'; expected [KIND] or [KIND NAME]" },
	{ "truncated after a thread header", HEAD "[thread a]\n", 0,
	  "8: [thread a]: no [phase] section; expected at least one after the [thread]" },
	{ "truncated in [scenario]", "[scenario]\nname = t\n", 0,
	  "1: [scenario] description: missing; this field is required" },
	{ "empty file", "", 0,
	  "1: no [scenario] section; expected a file starting with [scenario]" },
	{ "only comments", "# nothing\n\n", 0,
	  "2: no [scenario] section; expected a file starting with [scenario]" },
	{ "NUL byte", "[scenario]\nna\0me = t\n", 22,
	  "2: NUL byte at column 3; expected text" },
	{ "DOS line ends", "[scenario]\r\n", 0,
	  "1: control character 0x0d at column 11; expected text (and Unix line ends)" },
	{ "line too long", "[scenario]\ndescription = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n", 0,
	  "2: line is 259 characters long; expected at most 255" },
};

static int failures, passes, verbose;

static void check(int ok, const char *what, const char *detail)
{
	if (ok) {
		passes++;
		if (verbose)
			printf("ok   %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
		return;
	}
	failures++;
	printf("FAIL %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
}

static void test_bad(struct scenario *s)
{
	char err[SCN_MAX_ERR], want[SCN_MAX_ERR + 8], detail[2 * SCN_MAX_ERR + 64];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const struct bad_case *c = &bad[i];
		size_t len = c->len ? c->len : strlen(c->text);
		int r;

		if (!c->msg)
			continue;
		r = scenario_parse(s, "t.ini", c->text, len, err, sizeof(err));
		snprintf(want, sizeof(want), "t.ini:%s", c->msg);
		snprintf(detail, sizeof(detail), "\n     got:  %s\n     want: %s", r ? err : "(accepted)",
			 want);
		check(r == -1 && !strcmp(err, want), c->what, verbose || r != -1 || strcmp(err, want) ?
		      detail : NULL);
	}
}

static void test_good(struct scenario *s)
{
	static const char text[] =
		"# a full scenario\n"
		"[scenario]\n"
		"name = full\n"
		"description = Every kind of field   # trailing comment\n"
		"duration = 20s\n"
		"cpus = 4\n"
		"seed = 0xdeadbeef\n"
		"latency_budget = 500us\n"
		"settle = 0.5s\n"
		"\n"
		"[model]\n"
		"temp_start = 45\n"
		"state3.residency_us = 3000\n"
		"\n"
		"[thread audio]\n"
		"cpu = 1\n"
		"policy = fifo\n"
		"priority = 50\n"
		"[phase play]\n"
		"duration = 10s\n"
		"arrival = periodic\n"
		"period = 16.667ms\n"
		"duty = 12.5%\n"
		"hw = audio=1\n"
		"hw_busy = dma=1   gpu=1\n"
		"hw_idle = dma=0 gpu=0\n"
		"[phase rest]\n"
		"duration = rest\n"
		"arrival = exponential\n"
		"mean_interval = 100ms\n"
		"busy = 1ms\n"
		"busy_dist = exponential\n"
		"burst = 3\n"
		"burst_interval = 20ms\n"
		"\n"
		"[thread net]\n"
		"start = 1s\n"
		"nice = -5\n"
		"busy_clock = wall\n"
		"[phase rx]\n"
		"duration = 19s\n"
		"arrival = exponential\n"
		"mean_interval = 2ms\n"
		"busy_dist = uniform\n"
		"busy_min = 100us\n"
		"busy_max = 1.5ms\n"
		"\n"
		"[command load]\n"
		"start = 2s\n"
		"run = stress-ng --cpu 1 --cpu-load 30 --timeout 5s\n";
	char err[SCN_MAX_ERR], d[32], desc[256];
	int r;

	r = scenario_parse(s, "full.ini", text, sizeof(text) - 1, err, sizeof(err));
	check(r == 0, "full scenario accepted", r ? err : NULL);
	if (r)
		return;
	check(s->duration_ns == 20 * NSEC_PER_SEC, "duration 20s", NULL);
	check(s->seed == 0xdeadbeefULL, "hex seed", NULL);
	check(s->settle_ns == 500 * NSEC_PER_MSEC, "settle 0.5s", NULL);
	check(!strcmp(s->description, "Every kind of field"), "comment stripped", s->description);
	check(!strcmp(s->model, "temp_start=45 state3.residency_us=3000"), "model batch", s->model);
	check(s->model_line == 11 && s->hw_line == 11, "hw line", NULL);
	check(s->nr_threads == 2 && s->nr_commands == 1, "counts", NULL);
	check(s->threads[0].cpu == 1 && s->threads[0].policy == POLICY_FIFO &&
	      s->threads[0].priority == 50, "thread fields", NULL);
	check(s->threads[1].cpu == -1 && s->threads[1].nice == -5 &&
	      s->threads[1].busy_clock == BUSY_CLOCK_WALL, "thread defaults", NULL);
	check(s->threads[0].phases[0].period_ns == 16667000, "16.667ms", NULL);
	check(s->threads[0].phases[0].busy_ns == 2083375, "duty 12.5% of 16.667ms", NULL);
	check(!strcmp(s->threads[0].phases[0].hw_busy, "dma=1 gpu=1"), "batch normalised",
	      s->threads[0].phases[0].hw_busy);
	check(s->threads[0].phases[1].rest && s->threads[0].phases[1].duration_ns == 10 * NSEC_PER_SEC &&
	      s->threads[0].phases[1].start_ns == 10 * NSEC_PER_SEC &&
	      s->threads[0].phases[1].end_ns == 20 * NSEC_PER_SEC, "rest", NULL);
	check(s->threads[0].phases[1].busy_max_ns == 10 * NSEC_PER_MSEC, "default busy_max", NULL);
	check(s->threads[0].phases[1].burst == 3, "burst", NULL);
	check(s->threads[1].phases[0].start_ns == NSEC_PER_SEC &&
	      s->threads[1].phases[0].end_ns == 20 * NSEC_PER_SEC, "thread start", NULL);
	check(s->threads[1].phases[0].busy_max_ns == 1500 * NSEC_PER_USEC, "1.5ms", NULL);
	check(s->commands[0].argc == 7 && !strcmp(s->commands[0].argv[0], "stress-ng") &&
	      !strcmp(s->commands[0].argv[6], "5s") && !s->commands[0].argv[7], "argv", NULL);
	scenario_describe(s, desc, sizeof(desc));
	check(!strcmp(desc, "full: Every kind of field (20s, 4 CPUs, seed 3735928559)"), "describe",
	      desc);

	scn_format_duration(16667000, d, sizeof(d));
	check(!strcmp(d, "16.667ms"), "format 16.667ms", d);
	scn_format_duration(1500, d, sizeof(d));
	check(!strcmp(d, "1.5us"), "format 1.5us", d);
	scn_format_duration(0, d, sizeof(d));
	check(!strcmp(d, "0ns"), "format 0", d);

	/* a scenario of commands only, with no thread, is fine */
	r = scenario_parse(s, "c.ini", HEAD "[command c]\nrun = cyclictest -q -D 5\n",
			   strlen(HEAD "[command c]\nrun = cyclictest -q -D 5\n"), err, sizeof(err));
	check(r == 0 && s->nr_threads == 0 && s->commands[0].argc == 4, "commands only",
	      r ? err : NULL);
	/* '#' inside a word is not a comment */
	r = scenario_parse(s, "h.ini", HEAD THREAD "hw = a#b=1\n", strlen(HEAD THREAD "hw = a#b=1\n"),
			   err, sizeof(err));
	check(r == -1 && strstr(err, "'a#b=1' is not a control setting"), "'#' inside a word", err);
}

/*
 * Control values judged as the driver judges them, from a ranges file as
 * 'idlesim-soc get control-ranges' writes it.
 */
static void test_controls(void)
{
	static const char ranges[] =
		"temp_c int 20 110 1\n"
		"dma_duty_pct int 0 100 5\n"
		"dma_mode menu 3 idle,busy,random\n"
		"opp opp 5 450MHz,575MHz,700MHz,775MHz,850MHz\n"
		"generation ro\n";
	static const struct { const char *name, *value; int ok; } cases[] = {
		{ "temp_c", "20", 1 }, { "temp_c", "110", 1 }, { "temp_c", "111", 0 },
		{ "temp_c", "19", 0 }, { "temp_c", "4x", 0 }, { "temp_c", "+45", 1 },
		{ "dma_duty_pct", "35", 1 }, { "dma_duty_pct", "33", 0 },
		{ "dma_mode", "busy", 1 }, { "dma_mode", "2", 1 }, { "dma_mode", "3", 0 },
		{ "dma_mode", "on", 0 },
		{ "opp", "700MHz", 1 }, { "opp", "80%", 1 }, { "opp", "0%", 1 },
		{ "opp", "101%", 0 }, { "opp", "-5%", 0 }, { "opp", "%", 0 }, { "opp", "4", 1 },
		{ "opp", "5", 0 }, { "generation", "1", 0 }, { "gpu_mode", "busy", 0 },
	};
#define CONTROLS_SCENARIO(temp)						\
	"[scenario]\nname = t\ndescription = d\nduration = 1s\ncpus = 1\nseed = 1\nlatency_budget = 5ms\n" \
	"[model]\ntemp_c = " temp "\n"					\
	"[thread a]\n[phase p]\nduration = rest\narrival = periodic\n"	\
	"period = 20ms\nduty = 10%\nhw = opp=80% dma_mode=busy dma_duty_pct=30\n"
	static const char good_controls[] = CONTROLS_SCENARIO("45");
	static const char bad_controls[] = CONTROLS_SCENARIO("120");
	char path[] = "/tmp/idlesim-ranges-XXXXXX", msg[256], err[256], what[96];
	struct control_ranges cr;
	struct scenario *s;
	size_t i;
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, ranges, sizeof(ranges) - 1) != (ssize_t)sizeof(ranges) - 1) {
		check(0, "controls: a ranges file", NULL);
		return;
	}
	close(fd);
	check(!control_ranges_load(&cr, path, err, sizeof(err)), "controls: the ranges load", err);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int ok = !control_ranges_check(&cr, cases[i].name, cases[i].value, msg, sizeof(msg));

		snprintf(what, sizeof(what), "controls: %s=%s %s", cases[i].name, cases[i].value,
			 cases[i].ok ? "taken" : "refused");
		check(ok == cases[i].ok, what, ok ? NULL : msg);
	}
	/* and in a scenario: the batch's line and field */
	s = malloc(sizeof(*s));
	scenario_check_controls(&cr);
	check(s && scenario_parse(s, "t.ini", good_controls, strlen(good_controls), err,
				  sizeof(err)) == 0, "controls: values in range are taken", err);
	check(s && scenario_parse(s, "t.ini", bad_controls, strlen(bad_controls), err,
				  sizeof(err)) == -1 &&
	      !strcmp(err, "t.ini:9: [model] temp_c: temp_c=120; expected a whole number from 20 to 110"),
	      "controls: a [model] value out of range, by line", err);
	scenario_check_controls(NULL);
	free(s);
	control_ranges_free(&cr);
	unlink(path);
}

int main(int argc, char **argv)
{
	struct scenario *s = malloc(sizeof(*s));

	verbose = argc > 1 && !strcmp(argv[1], "-v");
	if (!s)
		return 1;
	test_bad(s);
	test_good(s);
	test_controls();
	free(s);
	printf("parser: %d passed, %d failed\n", passes, failures);
	return failures ? 1 : 0;
}
