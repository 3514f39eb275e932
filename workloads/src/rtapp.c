// SPDX-License-Identifier: GPL-2.0
/*
 * idlesim-rtapp: an rt-app workload as an idlesim scenario.
 *
 *   idlesim-rtapp [--check] [--cap SECONDS] JSON OUTDIR CALIBRATION
 *
 * rt-app reads its JSON with json-c, and so does this: what rt-app
 * accepts is accepted here, comments included (json-c's tokener takes
 * C and C++ comments unless told to be strict, and rt-app does not tell
 * it), and what json-c refuses is refused with json-c's own words at the
 * line and column it stopped.
 *
 * Writes OUTDIR/NAME.json, the workload as rt-app will run it in the guest
 * (its calibration fixed to CALIBRATION ns per loop, its logs into the
 * results directory), OUTDIR/rtapp-cpus ("TASK CPU" for each task pinned
 * to one CPU, whose wake-ups the analysis can then split into the model's
 * part and the guest's) and OUTDIR/NAME.ini, the scenario that runs it:
 * the sidecar JSON-NAME.ini beside the JSON if there is one, else a
 * default one; either way with a [command rt-app] that starts rt-app at
 * 0 s and ends the scenario when rt-app ends.
 *
 * Length: "global"."duration" in whole seconds, as rt-app takes it; a
 * workload without one (or with -1) runs, as under rt-app, until its tasks
 * end by their loop counts, under a cap: --cap, else $IDLESIM_RTAPP_CAP,
 * else 60 s, or the sidecar's duration.  The scenario ends when rt-app
 * does, so its length is what ran.
 *
 * CPUs: rt-app refuses a "cpus" naming a CPU the machine lacks, so the
 * default scenario boots enough for every CPU a task or phase pins to (at
 * least 2, at most IDLESIM_MAX_CPUS): the count is ours, not the
 * workload's, and a workload written for a bigger machine means to run
 * on those CPUs.  A sidecar's "cpus" is its author's choice and is kept:
 * a pin beyond it is refused, naming the task and the CPU.
 *
 * --check also has the host's rt-app read it: what it complains of is an
 * error here, before any boot.  Exit 2 with FILE:LINE: what is wrong for
 * anything rt-app or the scenario would refuse.  A refusal writes
 * nothing: everything is checked first, and the files are written under
 * temporary names that become theirs only when all are written.
 */
#include <errno.h>
#include <fcntl.h>
#include <idlesim/ini.h>
#include <idlesim/limits.h>
#include <json-c/json.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CAP_DEFAULT	60
#define DURATION_MAX	600
#define CPUS_DEFAULT	2
#define SIDECAR_MAX	(1 << 20)

/*
 * What rt-app 1.0 (Debian's, the guest's) reads in a task and in a phase,
 * from its tutorial.txt: properties by name, events by the start of the
 * key (a key is unique in its object, so "run0" and "run1" are two runs).
 * Any other key it ignores without a word, so a typo ("rnu") would change
 * the workload silently: such a key is refused here.
 */
static const char *const task_keys[] = {
	"instance", "policy", "priority", "dl-runtime", "dl-period", "dl-deadline",
	"cpus", "delay", "phases", "loop", NULL
};
static const char *const phase_keys[] = { "loop", "cpus", NULL };
static const char *const events[] = {
	"runtime", "run", "sleep", "mem", "iorun", "timer", "lock", "unlock", "wait",
	"signal", "broad", "sync", "barrier", "suspend", "resume", "yield", NULL
};

static const char *path;	/* the JSON, as named in messages */
static const char *text;	/* its bytes, for the lines of messages */

/* what this run has written so far, removed again if it fails */
#define OUTPUTS	3
static char made_dir[PATH_MAX];
static char made[OUTPUTS][PATH_MAX];
static int nmade;

static void undo(void)
{
	while (nmade)
		unlink(made[--nmade]);
	if (made_dir[0])
		rmdir(made_dir);
}

__attribute__((format(printf, 1, 2), noreturn))
static void die(const char *fmt, ...)
{
	va_list ap;

	undo();
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static char *read_file(const char *file, size_t *len)
{
	FILE *f = fopen(file, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *b;

			cap = cap ? 2 * cap : 65536;
			b = realloc(buf, cap);
			if (!b)
				die("%s: out of memory", file);
			buf = b;
		}
		size_t got = fread(buf + n, 1, cap - n - 1, f);

		n += got;
		if (!got)
			break;
	}
	fclose(f);
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* the line of byte @off */
static int line_of(size_t off)
{
	int line = 1;
	size_t i;

	for (i = 0; i < off && text[i]; i++)
		line += text[i] == '\n';
	return line;
}

/* the line of the first "KEY" in the file, for a message */
static int key_line(const char *key)
{
	char needle[256];
	const char *at;

	snprintf(needle, sizeof(needle), "\"%s\"", key);
	at = strstr(text, needle);
	return at ? line_of((size_t)(at - text)) : 1;
}

/* the line of @key within @outer's object (a task's, a phase's): the first after it */
static int key_line_in(const char *const *outer, int n, const char *key)
{
	const char *at = text, *found;
	char needle[256];
	int i;

	for (i = 0; i <= n; i++) {
		snprintf(needle, sizeof(needle), "\"%s\"", i < n ? outer[i] : key);
		found = strstr(at, needle);
		if (!found)
			break;
		at = found + strlen(needle);
	}
	return line_of((size_t)(at - text));
}

static int listed(const char *const *list, const char *key, int prefix)
{
	for (; *list; list++)
		if (prefix ? !strncmp(key, *list, strlen(*list)) : !strcmp(key, *list))
			return 1;
	return 0;
}

static void list_words(char *out, size_t len, const char *const *list)
{
	size_t n = 0;

	out[0] = '\0';
	for (; *list && n < len; list++)
		n += (size_t)snprintf(out + n, len - n, "%s%s", n ? ", " : "", *list);
}

static void check_keys(const char *where, struct json_object *obj, const char *const *allowed)
{
	char props[256], evs[256];

	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (listed(allowed, key, 0) || listed(events, key, 1))
			continue;
		list_words(props, sizeof(props), allowed);
		list_words(evs, sizeof(evs), events);
		die("%s:%d: %s: \"%s\": not a property or event that rt-app 1.0 reads (it would ignore it); properties: %s; events: %s, each with any suffix (run0)",
		    path, key_line(key), where, key, props, evs);
	}
}

/* the CPUs a workload pins to: the highest, and where it is named */
struct pins {
	int highest;			/* -1: no "cpus" anywhere */
	char where[512];		/* task "T" or task "T", phase "P" */
	int line;
};

/*
 * A "cpus" as rt-app 1.0 takes it, the highest CPU noted.  The host's
 * rt-app never sees it (its CPUs are not the guest's), so what the guest's
 * would refuse ("Invalid cpu", "Invalid type for key cpus", an empty set
 * it cannot set) is refused here.
 */
static void note_cpus(struct pins *p, struct json_object *cpus, const char *where, int line)
{
	size_t i, n = json_object_is_type(cpus, json_type_array) ?
		json_object_array_length(cpus) : 0;

	for (i = 0; i < n; i++) {
		struct json_object *c = json_object_array_get_idx(cpus, i);
		int64_t cpu = json_object_get_int64(c);

		if (!json_object_is_type(c, json_type_int) || cpu < 0 || cpu > INT_MAX)
			break;
		if (cpu > p->highest) {
			p->highest = (int)cpu;
			snprintf(p->where, sizeof(p->where), "%s", where);
			p->line = line;
		}
	}
	if (!n || i < n)
		die("%s:%d: %s: \"cpus\": %s; expected a non-empty array of CPU numbers from 0, as [0, 2, 3]",
		    path, line, where, json_object_to_json_string(cpus));
}

/* a sidecar's [scenario] cpus, read with the scenarios' own reader */
struct sidecar {
	struct ini in;
	int in_scenario;
	long cpus;			/* 0: not read */
	int line;
};

static int sidecar_section(void *ctx, char *header)
{
	struct sidecar *sc = ctx;

	sc->in_scenario = !strcmp(header, "scenario");
	return 0;
}

static int sidecar_setting(void *ctx, char *line)
{
	struct sidecar *sc = ctx;
	char *v = line + 4, *end;

	if (!sc->in_scenario || strncmp(line, "cpus", 4))
		return 0;
	while (*v == ' ' || *v == '\t')
		v++;
	if (*v++ != '=')
		return 0;
	sc->cpus = strtol(v, &end, 10);
	while (*end == ' ' || *end == '\t')
		end++;
	/* idlesim-workload --check names what is wrong with it */
	if (*end || sc->cpus < 1)
		sc->cpus = 0;
	sc->line = sc->in.line;
	return 0;
}

static long sidecar_cpus(const char *file, const char *ini, size_t len, int *line)
{
	static const char *const kinds[] = { "", "scenario", NULL };
	static const struct ini_ops ops = { sidecar_section, sidecar_setting };
	struct sidecar sc = { .in = { .file = file, .kinds = kinds } };

	ini_read(&sc.in, ini, len, SIDECAR_MAX, &ops, &sc);
	*line = sc.line;
	return sc.cpus;
}

static struct json_object *parse(size_t len)
{
	struct json_tokener *tok = json_tokener_new();
	struct json_object *w;
	enum json_tokener_error err;

	if (!tok)
		die("%s: out of memory", path);
	w = json_tokener_parse_ex(tok, text, (int)len);
	err = json_tokener_get_error(tok);
	if (!w || err != json_tokener_success) {
		size_t off = json_tokener_get_parse_end(tok);
		int line = line_of(off), col = 1;
		size_t i;

		for (i = off; i > 0 && text[i - 1] != '\n'; i--)
			col++;
		die("%s:%d:%d: not JSON as rt-app reads it (json-c): %s", path, line, col,
		    err == json_tokener_continue ? "unexpected end of file" :
		    json_tokener_error_desc(err));
	}
	json_tokener_free(tok);
	return w;
}

/* rt-app's complaints ("<error>", "<crit>" lines), from the host's rt-app */
static void rtapp_says(struct json_object *w)
{
	char dir[] = "/tmp/idlesim-rtapp.XXXXXX", file[PATH_MAX], out[PATH_MAX];
	struct json_object *c = NULL, *g, *tasks;
	char *said, *line, *save = NULL;
	int status, waited = 0, bad = 0;
	size_t len;
	pid_t pid;

	if (system("command -v rt-app >/dev/null 2>&1"))
		return;
	if (!mkdtemp(dir))
		die("%s: mkdtemp: %s", path, strerror(errno));
	/*
	 * a harmless copy: one second, SCHED_OTHER, no CPU affinity (the
	 * guest's CPUs are not the host's), no ftrace markers, a fixed
	 * calibration, the logs in the temporary directory; stopped after
	 * that second
	 */
	json_object_deep_copy(w, &c, NULL);
	if (!json_object_object_get_ex(c, "global", &g)) {
		g = json_object_new_object();
		json_object_object_add(c, "global", g);
	}
	json_object_object_add(g, "duration", json_object_new_int(1));
	json_object_object_add(g, "calibration", json_object_new_int(1000));
	json_object_object_add(g, "default_policy", json_object_new_string("SCHED_OTHER"));
	json_object_object_add(g, "logdir", json_object_new_string(dir));
	json_object_object_add(g, "ftrace", json_object_new_boolean(0));
	json_object_object_get_ex(c, "tasks", &tasks);
	json_object_object_foreach(tasks, name, t) {
		struct json_object *phases;

		(void)name;
		json_object_object_del(t, "policy");
		json_object_object_del(t, "priority");
		json_object_object_del(t, "cpus");
		if (json_object_object_get_ex(t, "phases", &phases) &&
		    json_object_is_type(phases, json_type_object)) {
			json_object_object_foreach(phases, pname, ph) {
				(void)pname;
				if (json_object_is_type(ph, json_type_object))
					json_object_object_del(ph, "cpus");
			}
		}
	}
	snprintf(file, sizeof(file), "%s/check.json", dir);
	snprintf(out, sizeof(out), "%s/rt-app.out", dir);
	if (json_object_to_file(file, c))
		die("%s: %s", file, json_util_get_last_err());
	json_object_put(c);

	pid = fork();
	if (pid == 0) {
		int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);

		if (fd < 0 || chdir(dir))
			_exit(127);
		dup2(fd, 1);
		dup2(fd, 2);
		execlp("rt-app", "rt-app", file, (char *)NULL);
		_exit(127);
	}
	if (pid < 0)
		die("%s: fork: %s", path, strerror(errno));
	while (waitpid(pid, &status, WNOHANG) == 0) {
		struct timespec ms100 = { 0, 100 * 1000 * 1000 };

		if (waited++ == 100)
			kill(pid, SIGKILL);
		nanosleep(&ms100, NULL);
	}
	said = read_file(out, &len);
	for (line = said ? strtok_r(said, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		if (!strstr(line, "<error>") && !strstr(line, "<crit>"))
			continue;
		if (!bad++)
			fprintf(stderr, "%s: rt-app refuses part of it:\n", path);
		fprintf(stderr, "  %s\n", line);
	}
	free(said);
	snprintf(file, sizeof(file), "rm -rf '%s'", dir);
	if (system(file))
		fprintf(stderr, "%s: could not remove %s\n", path, dir);
	if (bad)
		exit(2);
}

static long seconds(const char *what, const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || *end || end == s || v < 1 || v > DURATION_MAX)
		die("idlesim-rtapp: %s '%s': expected whole seconds, 1 to %d", what, s,
		    DURATION_MAX);
	return v;
}

static int valid_name(const char *name)
{
	size_t i, n = strlen(name);

	if (!n || n > 31)
		return 0;
	for (i = 0; i < n; i++)
		if (!(name[i] == '-' || name[i] == '_' ||
		      (name[i] >= '0' && name[i] <= '9') ||
		      ((name[i] | 0x20) >= 'a' && (name[i] | 0x20) <= 'z')))
			return 0;
	return 1;
}

/*
 * OUTDIR/NAME, written as OUTDIR/.NAME.tmp until commit(): a failure on
 * the way leaves neither a part of the output nor a mix with an earlier
 * run's
 */
static char final[OUTPUTS][PATH_MAX];

static void put(const char *outdir, const char *name, const char *buf, size_t len)
{
	char *file = made[nmade];
	int short_write;
	FILE *f;

	snprintf(final[nmade], PATH_MAX, "%s/%s", outdir, name);
	snprintf(file, PATH_MAX, "%s/.%s.tmp", outdir, name);
	f = fopen(file, "w");
	if (!f)
		die("%s: %s", file, strerror(errno));
	nmade++;
	short_write = fwrite(buf, 1, len, f) != len;
	if (fclose(f) || short_write)
		die("%s: %s", file, strerror(errno));
}

static void commit(void)
{
	int i;

	for (i = 0; i < nmade; i++)
		if (rename(made[i], final[i]))
			die("%s: %s", final[i], strerror(errno));
	nmade = 0;
	made_dir[0] = '\0';
}

/* NAME.ini: the sidecar, or a default scenario; then the command */
static char *scenario_ini(const char *name, const char *sidecar, int ntasks, long dur,
			  int bounded, int cpus, const struct pins *p, size_t *len)
{
	char *ini = NULL;
	FILE *f = open_memstream(&ini, len);

	if (!f)
		die("%s: out of memory", path);
	if (sidecar) {
		fputs(sidecar, f);
		if (*sidecar && sidecar[strlen(sidecar) - 1] != '\n')
			fputc('\n', f);
	} else {
		fprintf(f, "# rt-app workload %s: the scenario the runner made for it\n"
			"[scenario]\n"
			"name = %s\n"
			"description = rt-app workload %s.json (%d tasks%s)\n"
			"duration = %lds\n",
			name, name, name, ntasks, bounded ? ", until they end" : "", dur);
		if (cpus > CPUS_DEFAULT)
			fprintf(f, "# %s pins to CPU %d, which rt-app refuses unless it exists\n",
				p->where, p->highest);
		fprintf(f, "cpus = %d\n"
			"seed = 1\n"
			"latency_budget = 1ms\n"
			"settle = 500ms\n", cpus);
	}
	fprintf(f, "\n# added by idlesim-rtapp: rt-app's end is the scenario's\n"
		"[command rt-app]\n"
		"start = 0s\n"
		"run = rt-app /job/%s.json\n"
		"ends = yes\n", name);
	if (fclose(f))
		die("%s: out of memory", path);
	return ini;
}

int main(int argc, char **argv)
{
	struct json_object *w, *tasks, *g, *d, *cal;
	const char *outdir, *calib, *env = getenv("IDLESIM_RTAPP_CAP");
	char where[512], sidecar[PATH_MAX], name[PATH_MAX], *dot, *side = NULL, *ini, *pinned;
	long dur, cap = env && *env ? seconds("IDLESIM_RTAPP_CAP", env) : CAP_DEFAULT;
	int check = 0, ntasks = 0, bounded, cpus, side_line = 0;
	struct pins pins = { .highest = -1 };
	long long ns_per_loop;
	long side_cpus = 0;
	size_t len, plen, pathlen;
	const char *out;
	FILE *pinf;

	for (; argc > 1 && argv[1][0] == '-'; argc--, argv++) {
		if (!strcmp(argv[1], "--check")) {
			check = 1;
		} else if (!strcmp(argv[1], "--cap") && argc > 2) {
			cap = seconds("--cap", argv[2]);
			argc--, argv++;
		} else {
			break;
		}
	}
	if (argc != 4)
		die("usage: idlesim-rtapp [--check] [--cap SECONDS] JSON OUTDIR CALIBRATION_NS_PER_LOOP");
	path = argv[1];
	outdir = argv[2];
	calib = argv[3];
	ns_per_loop = strtoll(calib, &dot, 10);
	if (*dot || dot == calib || ns_per_loop <= 0 || ns_per_loop > INT_MAX)
		die("idlesim-rtapp: calibration '%s': expected ns per loop, > 0", calib);
	text = read_file(path, &len);
	if (!text)
		die("%s: %s", path, strerror(errno));
	if (strlen(text) != len)
		die("%s: not text (a NUL byte at offset %zu)", path, strlen(text));
	w = parse(len);

	if (!json_object_is_type(w, json_type_object) ||
	    !json_object_object_get_ex(w, "tasks", &tasks) ||
	    !json_object_is_type(tasks, json_type_object) || !json_object_object_length(tasks))
		die("%s: not an rt-app workload: expected an object with a non-empty \"tasks\" object",
		    path);
	if (!json_object_object_get_ex(w, "global", &g)) {
		g = json_object_new_object();
		json_object_object_add(w, "global", g);
	}
	if (!json_object_is_type(g, json_type_object))
		die("%s:%d: \"global\": expected an object", path, key_line("global"));

	/* rt-app's default duration, -1: until every task has ended */
	dur = -1;
	if (json_object_object_get_ex(g, "duration", &d)) {
		if (!json_object_is_type(d, json_type_int))
			die("%s:%d: \"global\".\"duration\": %s; expected whole seconds, 1 to %d, or -1 (until the tasks end)",
			    path, key_line("duration"), json_object_to_json_string(d), DURATION_MAX);
		dur = json_object_get_int64(d);
		if (dur != -1 && (dur < 1 || dur > DURATION_MAX))
			die("%s:%d: \"global\".\"duration\": %ld; expected whole seconds, 1 to %d, or -1 (until the tasks end)",
			    path, key_line("duration"), dur, DURATION_MAX);
	}
	bounded = dur == -1;

	snprintf(name, sizeof(name), "%s", strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	dot = strrchr(name, '.');
	if (dot)
		*dot = '\0';
	if (!valid_name(name))
		die("%s: the file's name '%s': expected 1 to 31 letters, digits, '-' and '_'",
		    path, name);
	pinf = open_memstream(&pinned, &plen);
	if (!pinf)
		die("%s: out of memory", path);
	json_object_object_foreach(tasks, tname, t) {
		const char *outer[2] = { tname, NULL };
		struct json_object *phases, *cpus_obj = NULL;

		ntasks++;
		if (!json_object_is_type(t, json_type_object))
			die("%s:%d: task \"%s\": expected an object", path, key_line(tname), tname);
		snprintf(where, sizeof(where), "task \"%s\"", tname);
		check_keys(where, t, task_keys);
		if (json_object_object_get_ex(t, "cpus", &cpus_obj))
			note_cpus(&pins, cpus_obj, where, key_line_in(outer, 1, "cpus"));
		if (json_object_object_get_ex(t, "phases", &phases)) {
			if (!json_object_is_type(phases, json_type_object))
				die("%s:%d: task \"%s\": \"phases\": expected an object", path,
				    key_line("phases"), tname);
			json_object_object_foreach(phases, pname, ph) {
				struct json_object *pc;

				if (!json_object_is_type(ph, json_type_object))
					die("%s:%d: task \"%s\", phase \"%s\": expected an object",
					    path, key_line(pname), tname, pname);
				snprintf(where, sizeof(where), "task \"%s\", phase \"%s\"", tname,
					 pname);
				check_keys(where, ph, phase_keys);
				outer[1] = pname;
				if (json_object_object_get_ex(ph, "cpus", &pc))
					note_cpus(&pins, pc, where, key_line_in(outer, 2, "cpus"));
			}
		}
		/* a task on one CPU: its wake-ups can be matched to that CPU's periods */
		if (cpus_obj && json_object_array_length(cpus_obj) == 1)
			fprintf(pinf, "%s %d\n", tname,
				json_object_get_int(json_object_array_get_idx(cpus_obj, 0)));
	}
	if (fclose(pinf))
		die("%s: out of memory", path);

	pathlen = strlen(path);
	snprintf(sidecar, sizeof(sidecar), "%.*s.ini",
		 (int)(pathlen > 5 && !strcmp(path + pathlen - 5, ".json") ? pathlen - 5 : pathlen),
		 path);
	if (!access(sidecar, F_OK)) {
		side = read_file(sidecar, &len);
		if (!side)
			die("%s: %s", sidecar, strerror(errno));
		if (strstr(side, "[command rt-app]"))
			die("%s: has a [command rt-app] of its own; the runner adds it", sidecar);
		side_cpus = sidecar_cpus(sidecar, side, len, &side_line);
	}
	cpus = pins.highest + 1 > CPUS_DEFAULT ? pins.highest + 1 : CPUS_DEFAULT;
	if (pins.highest >= IDLESIM_MAX_CPUS)
		die("%s:%d: %s: \"cpus\": CPU %d; a guest boots at most %d CPUs (0 to %d)",
		    path, pins.line, pins.where, pins.highest, IDLESIM_MAX_CPUS,
		    IDLESIM_MAX_CPUS - 1);
	if (side_cpus && pins.highest >= side_cpus)
		die("%s:%d: %s: \"cpus\": CPU %d, which the scenario does not boot (%s:%d: cpus = %ld, CPUs 0 to %ld), and rt-app refuses (\"Invalid cpu %d in cpuset\"); expected CPUs below %ld, or more cpus in %s",
		    path, pins.line, pins.where, pins.highest, sidecar, side_line, side_cpus,
		    side_cpus - 1, pins.highest, side_cpus, sidecar);
	if (check)
		rtapp_says(w);

	if (json_object_object_get_ex(g, "calibration", &cal) && !check &&
	    !(json_object_is_type(cal, json_type_int) && json_object_get_int64(cal) == ns_per_loop))
		fprintf(stderr, "%s: \"calibration\": %s replaced by the guest's measured %lld ns per loop\n",
			path, json_object_to_json_string(cal), ns_per_loop);
	json_object_object_add(g, "calibration", json_object_new_int64(ns_per_loop));
	json_object_object_add(g, "logdir", json_object_new_string("/results/rt-app"));
	json_object_object_add(g, "log_basename", json_object_new_string("rt-app"));
	ini = scenario_ini(name, side, ntasks, bounded ? cap : dur + 1, bounded, cpus, &pins,
			   &len);

	/* everything is checked: only now is anything written */
	if (!mkdir(outdir, 0755))
		snprintf(made_dir, sizeof(made_dir), "%s", outdir);
	else if (errno != EEXIST)
		die("%s: %s", outdir, strerror(errno));
	put(outdir, "rtapp-cpus", pinned, plen);
	out = json_object_to_json_string_ext(w, JSON_C_TO_STRING_PRETTY |
					     JSON_C_TO_STRING_NOSLASHESCAPE);
	snprintf(sidecar, sizeof(sidecar), "%s.json", name);
	put(outdir, sidecar, out, strlen(out));
	snprintf(sidecar, sizeof(sidecar), "%s.ini", name);
	put(outdir, sidecar, ini, len);
	commit();
	json_object_put(w);
	free(pinned);
	free(ini);
	free(side);
	return 0;
}
