// SPDX-License-Identifier: GPL-2.0
/*
 * simsocctl: command-line access to the simsoc driver's controls.
 *
 *   simsocctl list                    every control: type, range, step, default, value
 *   simsocctl get NAME...             current values
 *   simsocctl set NAME=VALUE...       one atomic batch (all or nothing)
 *   simsocctl try NAME=VALUE...       validate a batch without applying it
 *   simsocctl energy | table | result the meter, the derived table, the last outcome
 *   simsocctl burst US                busy for US microseconds, the CPU halted
 *                                     (the driver's "burst": no host time)
 *
 * On a rejected batch it prints the failing item (the driver's error_idx)
 * and exits 1; usage errors exit 2.  SIMSOC_DEBUGFS (the guest's init sets
 * it) names the driver's debugfs directory.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <idlesim/debugfs.h>

/* the driver's own default, for use outside the guest's init */
static const char *dir = IDLESIM_DEBUGFS_DIR;

static int cat(const char *name)
{
	char path[512], buf[4096];
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		fprintf(stderr, "simsocctl: %s: %s (is simsoc.ko loaded, debugfs mounted?)\n",
			path, strerror(errno));
		return 1;
	}
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, n, stdout);
	close(fd);
	return n < 0;
}

static int write_file(const char *name, const char *text)
{
	char path[512];
	ssize_t n;
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "simsocctl: %s: %s\n", path, strerror(errno));
		return -errno;
	}
	n = write(fd, text, strlen(text));
	if (n < 0)
		err = -errno;
	close(fd);
	return err;
}

static int list(void)
{
	char path[512], line[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/" IDLESIM_DEBUGFS_QUERY, dir);
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "simsocctl: %s: %s\n", path, strerror(errno));
		return 1;
	}
	printf("%-22s %-8s %8s %11s %5s %8s %11s  %s\n", "name", "type", "min",
	       "max", "step", "default", "value", "flags/menu");
	while (fgets(line, sizeof(line), f)) {
		char name[64], type[16], flags[64], menu[512];
		long long min, max, step, def, val;

		if (line[0] == '#')
			continue;
		if (sscanf(line, "%63s %15s %lld %lld %lld %lld %lld %63s %511s",
			   name, type, &min, &max, &step, &def, &val, flags, menu) != 9)
			continue;
		printf("%-22s %-8s %8lld %11lld %5lld %8lld %11lld  %s%s%s\n", name,
		       type, min, max, step, def, val,
		       strcmp(flags, "-") ? flags : "",
		       strcmp(flags, "-") && strcmp(menu, "-") ? " " : "",
		       strcmp(menu, "-") ? menu : "");
	}
	fclose(f);
	return 0;
}

static int batch(const char *file, int argc, char **argv)
{
	size_t len = 1;
	char *text;
	int i, err;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	text = calloc(1, len);
	if (!text)
		return 1;
	for (i = 0; i < argc; i++) {
		if (!strchr(argv[i], '=')) {
			fprintf(stderr, "simsocctl: '%s': expected NAME=VALUE\n", argv[i]);
			free(text);
			return 2;
		}
		strcat(text, argv[i]);
		strcat(text, i + 1 < argc ? " " : "");
	}
	err = write_file(file, text);
	free(text);
	if (err) {
		char path[512], res[512] = "";
		int idx = -1;
		FILE *f;

		snprintf(path, sizeof(path), "%s/" IDLESIM_DEBUGFS_RESULT, dir);
		f = fopen(path, "r");
		if (f) {
			if (fgets(res, sizeof(res), f)) {
				char *p = strstr(res, "error_idx=");

				if (p)
					idx = atoi(p + 10);
			}
			fclose(f);
		}
		fprintf(stderr, "simsocctl: %s rejected: %s", file, strerror(-err));
		if (idx >= 0 && idx < argc)
			fprintf(stderr, " at item %d '%s'", idx, argv[idx]);
		fprintf(stderr, "\n%s", res);
		return 1;
	}
	return 0;
}

/*
 * Busy for @us microseconds of CLOCK_MONOTONIC: the end goes to "burst",
 * again after each time another task took the CPU (-EAGAIN).
 */
static int busy_halted(const char *us)
{
	char path[512], text[32], *endp;
	struct timespec ts;
	long long n, end;
	int fd, len;

	n = strtoll(us, &endp, 10);
	if (!*us || *endp || n < 0) {
		fprintf(stderr, "simsocctl: burst %s: expected microseconds, 0 or more\n", us);
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &ts);
	end = ts.tv_sec * 1000000000LL + ts.tv_nsec + n * 1000;
	len = snprintf(text, sizeof(text), "%lld", end);
	snprintf(path, sizeof(path), "%s/" IDLESIM_DEBUGFS_BURST, dir);
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		fprintf(stderr, "simsocctl: %s: %s\n", path, strerror(errno));
		return 1;
	}
	while (write(fd, text, len) < 0) {
		if (errno != EAGAIN) {
			fprintf(stderr, "simsocctl: %s: %s\n", path, strerror(errno));
			close(fd);
			return 1;
		}
	}
	close(fd);
	return 0;
}

static int print_usage(void)
{
	fprintf(stderr, "usage: simsocctl list | get NAME... | set NAME=VALUE... |\n"
		"       try NAME=VALUE... | energy | table | result | burst US\n");
	return 2;
}

int main(int argc, char **argv)
{
	char name[256];
	int i, rc = 0;

	if (getenv("SIMSOC_DEBUGFS"))
		dir = getenv("SIMSOC_DEBUGFS");
	if (argc < 2)
		return print_usage();
	if (!strcmp(argv[1], "list"))
		return list();
	if (!strcmp(argv[1], "energy") || !strcmp(argv[1], "table") ||
	    !strcmp(argv[1], "result"))
		return cat(argv[1]);
	if (!strcmp(argv[1], "get")) {
		if (argc < 3)
			return print_usage();
		for (i = 2; i < argc; i++) {
			if (argc > 3)
				printf("%s=", argv[i]);
			fflush(stdout);
			snprintf(name, sizeof(name), "ctrl/%s", argv[i]);
			rc |= cat(name);
		}
		return rc;
	}
	if (!strcmp(argv[1], "burst") && argc == 3)
		return busy_halted(argv[2]);
	if (!strcmp(argv[1], "set") && argc > 2)
		return batch(IDLESIM_DEBUGFS_BATCH, argc - 2, argv + 2);
	if (!strcmp(argv[1], "try") && argc > 2)
		return batch(IDLESIM_DEBUGFS_TRY, argc - 2, argv + 2);
	return print_usage();
}
