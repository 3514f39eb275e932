// SPDX-License-Identifier: GPL-2.0
/*
 * Writing batches to the sim driver's control file.  One write() per batch,
 * so that the driver sees the batch whole and applies it atomically; the
 * file stays open for the run, since audio-like scenarios write two
 * batches per activation.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <libgen.h>

#include "hw.h"

static int hw_fd = -1;
static char hw_path[256];

int hw_open(const char *path, char *err, size_t errlen)
{
	snprintf(hw_path, sizeof(hw_path), "%s", path);
	/* O_APPEND: a regular file given with --hw-ctrl collects the batches */
	hw_fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (hw_fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

int hw_apply(const char *batch, char *err, size_t errlen)
{
	char buf[512];
	size_t n;
	ssize_t w;

	if (hw_fd < 0) {
		snprintf(err, errlen, "hardware controls not open");
		return -EBADF;
	}
	n = (size_t)snprintf(buf, sizeof(buf), "%s\n", batch);
	if (n >= sizeof(buf)) {
		snprintf(err, errlen, "batch too long");
		return -E2BIG;
	}
	do
		w = write(hw_fd, buf, n);
	while (w < 0 && errno == EINTR);
	if (w < 0) {
		int e = errno;
		char res[256] = "", dir[256];
		ssize_t r;
		int fd;

		/* the driver says which item failed in "result", beside "batch" */
		snprintf(dir, sizeof(dir), "%s", hw_path);
		snprintf(buf, sizeof(buf), "%s/%s", dirname(dir), HW_RESULT_NAME);
		fd = open(buf, O_RDONLY | O_CLOEXEC);
		if (fd >= 0) {
			r = read(fd, res, sizeof(res) - 1);
			res[r > 0 ? r : 0] = 0;
			res[strcspn(res, "\n")] = 0;
			close(fd);
		}
		snprintf(err, errlen, "%s: writing '%s': %s%s%s%s", hw_path, batch, strerror(e),
			 res[0] ? " (" : "", res, res[0] ? ")" : "");
		return -e;
	}
	if ((size_t)w != n) {
		snprintf(err, errlen, "%s: short write of '%s'", hw_path, batch);
		return -EIO;
	}
	return 0;
}

void hw_close(void)
{
	if (hw_fd >= 0)
		close(hw_fd);
	hw_fd = -1;
}

int hw_open_burst(const char *path, char *err, size_t errlen)
{
	char dir[256], buf[300];
	int fd;

	snprintf(dir, sizeof(dir), "%s", path);
	snprintf(buf, sizeof(buf), "%s/%s", dirname(dir), HW_BURST_NAME);
	fd = open(buf, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		snprintf(err, errlen, "%s: %s", buf, strerror(errno));
	return fd;
}
