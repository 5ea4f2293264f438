/*
 * Whole-file reads for the loaders.
 */
#include "config.h"

#include "core/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/xmalloc.h"

int
readfile(const char *path, size_t max, const char *toolarge, char **out,
	 size_t *lenp, struct anc_errs *errs)
{
	size_t len = 0, cap = 0, got;
	char *buf = NULL;
	FILE *f;
	int fd, r = 0;

	/*
	 * A FIFO nobody writes to would block open() for ever: opened
	 * without blocking it reads as empty.  A pipe with a writer (a
	 * shell's <(...)) reads as before, blocking again once open.
	 */
	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)) < 0) {
		anc_errs_add(errs, 0, "cannot open: %s", strerror(errno));
		return -1;
	}
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) != 0 ||
	    (f = fdopen(fd, "rb")) == NULL) {
		anc_errs_add(errs, 0, "cannot open: %s", strerror(errno));
		close(fd);
		return -1;
	}
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = xreallocarray(buf, cap, 1);
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0 || len > max)
			break;
	}
	if (ferror(f)) {
		anc_errs_add(errs, 0, "cannot read: %s", strerror(errno));
		r = -1;
	} else if (len > max) {
		anc_errs_add(errs, 0, "file too large%s (more than %lu MB)",
			     toolarge, (unsigned long)(max / (1024 * 1024)));
		r = -1;
	}
	fclose(f);
	if (r != 0) {
		free(buf);
		return -1;
	}
	*out = buf;
	*lenp = len;
	return 0;
}
