// SPDX-License-Identifier: GPL-2.0
/*
 * A scenario's [command]s (cyclictest, stress-ng ...): each looked up in
 * PATH before anything starts, started at its time in its own process
 * group with its output in cmd-NAME.log, and at the end reaped, or
 * stopped with SIGTERM when still running.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "workload.h"

static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[512];

	if (strchr(prog, '/'))
		return access(prog, X_OK) == 0;
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t n = strcspn(path, ":");

		snprintf(buf, sizeof(buf), "%.*s/%s", (int)n, path, prog);
		if (access(buf, X_OK) == 0)
			return 1;
		path += n + (path[n] == ':');
	}
	return 0;
}

static pid_t spawn(const struct workload *wl, const struct command_spec *c)
{
	char path[512], name[64];
	pid_t pid;
	int fd;

	snprintf(name, sizeof(name), "cmd-%s.log", c->name);
	snprintf(path, sizeof(path), "%s/%s", wl->out, name);
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0) {
		log_error("%s: %s", path, strerror(errno));
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		sigset_t none;

		/* the generator waits for its commands with SIGCHLD blocked */
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		dup2(fd, 1);
		dup2(fd, 2);
		setpgid(0, 0);
		/*
		 * As for the generator's own threads: the default 50 us of
		 * timer slack would be measured as wake-up lateness by a
		 * command that times its sleeps (rt-app's wu_lat); it is
		 * inherited across exec.
		 */
		prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
		execvp(c->argv[0], c->argv);
		dprintf(2, "idlesim-workload: exec %s: %s\n", c->argv[0], strerror(errno));
		_exit(127);
	}
	close(fd);
	if (pid < 0)
		log_error("fork: %s", strerror(errno));
	return pid;
}

/* 1 (with a message) when a command's program is not there */
int commands_check(const struct scenario *s)
{
	int i;

	for (i = 0; i < s->nr_commands; i++) {
		const struct command_spec *c = &s->commands[i];

		if (!in_path(c->argv[0])) {
			log_error("%s:%d: [command %s]: '%s' not found in PATH (cyclictest: package rt-tests, stress-ng: package stress-ng)",
				  s->file, c->line, c->name, c->argv[0]);
			return 1;
		}
	}
	return 0;
}

/* Starts the commands in order of their start times; 1 if one failed to. */
int commands_start(const struct workload *wl, const struct scenario *s,
		   struct cmd_state *cs)
{
	int i, rc = 0;

	for (;;) {
		int first = -1;

		for (i = 0; i < s->nr_commands; i++)
			if (!cs[i].spec && (first < 0 ||
			    s->commands[i].start_ns < s->commands[first].start_ns))
				first = i;
		if (first < 0 || wl->stop)
			break;
		cs[first].spec = &s->commands[first];
		if (sleep_until(wl, wl->t0 + s->commands[first].start_ns))
			break;
		cs[first].pid = spawn(wl, cs[first].spec);
		if (cs[first].pid < 0)
			rc = 1;
	}
	return rc;
}

/*
 * Whether a command that ends the scenario (ends = yes) has exited: a
 * workload bounded by its own loop counts, such as an rt-app JSON
 * without a duration.  It stays to be reaped by commands_reap().
 */
int commands_ended(const struct scenario *s, const struct cmd_state *cs)
{
	int i;

	for (i = 0; i < s->nr_commands; i++) {
		siginfo_t info = { 0 };

		if (!s->commands[i].ends || cs[i].pid <= 0)
			continue;
		if (!waitid(P_PID, (id_t)cs[i].pid, &info, WEXITED | WNOHANG | WNOWAIT) &&
		    info.si_pid == cs[i].pid)
			return 1;
	}
	return 0;
}

/* Reaps (or stops) every command; 1 if one failed by itself. */
int commands_reap(const struct scenario *s, struct cmd_state *cs)
{
	int i, rc = 0;

	for (i = 0; i < s->nr_commands; i++) {
		if (cs[i].pid <= 0)
			continue;
		if (waitpid(cs[i].pid, &cs[i].status, WNOHANG) == 0) {
			cs[i].killed = 1;
			kill(-cs[i].pid, SIGTERM);
			while (waitpid(cs[i].pid, &cs[i].status, 0) < 0 && errno == EINTR)
				;
		}
		if (!cs[i].killed && !(WIFEXITED(cs[i].status) && !WEXITSTATUS(cs[i].status))) {
			log_error("%s:%d: [command %s] failed (exit status %d%s); see cmd-%s.log",
				  s->file, s->commands[i].line, s->commands[i].name,
				  WIFEXITED(cs[i].status) ? WEXITSTATUS(cs[i].status) : -1,
				  WIFSIGNALED(cs[i].status) ? ", killed by a signal" : "",
				  s->commands[i].name);
			rc = 1;
		}
	}
	return rc;
}
