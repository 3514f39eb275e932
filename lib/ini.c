// SPDX-License-Identifier: GPL-2.0
/*
 * The line reader and the message of idlesim's INI-style files
 * (include/idlesim/ini.h).  Built into the SoC tool and the analysis on
 * the host and into the workload generator for the guest, so it is plain
 * C with no library but libc.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <idlesim/ini.h>

/* append to the message; @n is how much of it is written */
static size_t add(struct ini *in, size_t n, const char *fmt, ...)
{
	va_list ap;
	int r;

	if (n >= in->errlen)
		return n;
	va_start(ap, fmt);
	r = vsnprintf(in->err + n, in->errlen - n, fmt, ap);
	va_end(ap);
	if (r < 0)
		return n;
	return (size_t)r < in->errlen - n ? n + (size_t)r : in->errlen;
}

static int verr(struct ini *in, int line, const char *field, const char *fmt, va_list ap)
{
	size_t n;

	if (in->failed)
		return -1;
	in->failed = 1;
	if (!in->errlen)
		return -1;
	n = add(in, 0, "%s:%d: ", in->file, line);
	if (in->kind)
		n = add(in, n, "[%s%s%s]%s", in->kinds[in->kind], in->name[0] ? " " : "",
			in->name, field ? " " : ": ");
	if (field)
		n = add(in, n, "%s: ", field);
	if (n < in->errlen)
		vsnprintf(in->err + n, in->errlen - n, fmt, ap);
	return -1;
}

int ini_err(struct ini *in, int line, const char *field, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	verr(in, line, field, fmt, ap);
	va_end(ap);
	return -1;
}

int ini_text_err(struct ini *in, const char *fmt, ...)
{
	va_list ap;

	in->kind = 0;
	va_start(ap, fmt);
	verr(in, in->line, NULL, fmt, ap);
	va_end(ap);
	return -1;
}

const char *ini_quote(const char *v, char *buf, size_t len)
{
	if (strlen(v) > 40)
		snprintf(buf, len, "'%.37s...'", v);
	else
		snprintf(buf, len, "'%s'", v);
	return buf;
}

static char *trim(char *l)
{
	char *end;

	while (*l == ' ' || *l == '\t')
		l++;
	end = l + strlen(l);
	while (end > l && (end[-1] == ' ' || end[-1] == '\t'))
		*--end = 0;
	return l;
}

static int one_line(struct ini *in, char *l, size_t len, const struct ini_ops *ops,
		    void *ctx)
{
	char *c, *end;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)l[i];

		if (!ch)
			return ini_text_err(in, "NUL byte at column %zu; expected text", i + 1);
		if ((ch < 0x20 && ch != '\t') || ch == 0x7f)
			return ini_text_err(in,
					    "control character 0x%02x at column %zu; expected text (and Unix line ends)",
					    ch, i + 1);
	}
	l[len] = 0;
	/* a comment: '#' first on the line or after a blank */
	for (c = l; *c; c++)
		if (*c == '#' && (c == l || c[-1] == ' ' || c[-1] == '\t')) {
			*c = 0;
			break;
		}
	l = trim(l);
	if (!*l)
		return 0;
	if (*l != '[')
		return ops->setting(ctx, l);
	end = l + strlen(l);
	if (end[-1] != ']')
		return ini_text_err(in, "section header without ']'; expected [KIND] or [KIND NAME]");
	end[-1] = 0;
	l = trim(l + 1);
	for (c = l; *c; c++)
		if (*c == '\t')
			*c = ' ';
	in->sections++;
	return ops->section(ctx, l);
}

int ini_read(struct ini *in, const char *buf, size_t len, size_t max_line,
	     const struct ini_ops *ops, void *ctx)
{
	char *line = malloc(max_line + 2);
	size_t at = 0;

	if (in->errlen)
		in->err[0] = 0;
	if (!line)
		return ini_text_err(in, "out of memory");
	while (at < len && !in->failed) {
		const char *nl = memchr(buf + at, '\n', len - at);
		size_t n = nl ? (size_t)(nl - (buf + at)) : len - at;

		in->line++;
		if (!nl) {
			ini_text_err(in,
				     "the last line has no newline: the file looks truncated; expected it to end with a newline");
			break;
		}
		if (n > max_line) {
			ini_text_err(in, "line is %zu characters long; expected at most %zu",
				     n, max_line);
			break;
		}
		memcpy(line, buf + at, n);
		one_line(in, line, n, ops, ctx);
		at += n + 1;
	}
	free(line);
	if (!in->failed && !in->sections) {
		in->line = in->line ? in->line : 1;
		ini_text_err(in, "no [%s] section; expected a file starting with [%s]",
			     in->kinds[1], in->kinds[1]);
	}
	return in->failed ? -1 : 0;
}

int ini_load(const char *path, size_t max, char **buf, size_t *len, char *err,
	     size_t errlen)
{
	struct stat st;
	size_t got = 0;
	ssize_t n;
	int fd;

	*buf = NULL;
	fd = open(path, O_RDONLY);
	if (fd < 0) {
		snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", path);
		goto out;
	}
	if ((size_t)st.st_size > max) {
		snprintf(err, errlen, "%s: %lld bytes; expected at most %zu",
			 path, (long long)st.st_size, max);
		goto out;
	}
	*buf = malloc((size_t)st.st_size + 1);
	if (!*buf) {
		snprintf(err, errlen, "%s: out of memory", path);
		goto out;
	}
	while (got < (size_t)st.st_size) {
		n = read(fd, *buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (got != (size_t)st.st_size) {
		snprintf(err, errlen, "%s: short read", path);
		free(*buf);
		*buf = NULL;
		goto out;
	}
	(*buf)[got] = 0;
	*len = got;
out:
	close(fd);
	return *buf ? 0 : -1;
}
