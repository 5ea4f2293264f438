/*
 * Writing save files durably (savewrite.h): the growing text buffer a
 * save is formatted in, the whole file written atomically, and one
 * journal line added with one write() and one fdatasync(), a torn line
 * cut first.  Faults are injected here for the tests (save_fail_at()).
 */
#include "config.h"

#include "session/savewrite.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/xmalloc.h"
#include "session/savefile.h"
#include "session/session.h"

/* The next durable write fails here (tests only). */
static enum save_step fault_step = SAVE_STEP_NONE;

void
save_fail_at(enum save_step step)
{
	fault_step = step;
}

static bool
fault(enum save_step step)
{
	if (fault_step != step)
		return false;
	fault_step = SAVE_STEP_NONE;
	errno = EIO;
	return true;
}

/* --- A growing text buffer --- */

static void
savebuf_reserve(struct savebuf *b, size_t more)
{
	if (b->len + more + 1 <= b->cap)
		return;
	while (b->len + more + 1 > b->cap)
		b->cap = b->cap ? b->cap * 2 : 4096;
	b->p = xreallocarray(b->p, b->cap, 1);
}

void
savebuf_add(struct savebuf *b, const char *data, size_t n)
{
	savebuf_reserve(b, n);
	memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = '\0';
}

void
savebuf_printf(struct savebuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert(n >= 0);
	savebuf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

void
savebuf_journal_line(struct savebuf *b, const char *text, uint64_t digest,
		     const char *meta)
{
	size_t start = b->len;

	savebuf_printf(b, "%s\t%016" PRIx64, text, digest);
	if (meta != NULL)
		savebuf_printf(b, "\t%s", meta);
	savebuf_printf(b, "\t%016" PRIx64 "\n",
		       savefile_checksum(b->p + start, b->len - start));
}

/* --- Writing a file --- */

/*
 * A temporary file in the same directory, written, fsync()ed and renamed
 * over path, then the directory fsync()ed.
 */
int
savewrite_durable(const char *path, const char *data, size_t len, char *err,
		  size_t errlen)
{
	const char *slash = strrchr(path, '/'), *base;
	char *dir, *tmp;
	size_t off = 0;
	ssize_t w;
	int fd, dfd, r = -1;

	/* "x" is in ".", "/x" in "/", "a/b/x" in "a/b". */
	dir = slash == NULL
		  ? xstrdup(".")
		  : xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
	base = slash == NULL ? path : slash + 1;
	tmp = xmalloc(strlen(dir) + strlen(base) + 16);
	sprintf(tmp, "%s/.%s.XXXXXX", dir, base);
	if (fault(SAVE_STEP_CREATE) || (fd = mkstemp(tmp)) == -1) {
		snprintf(err, errlen, "cannot create a file in %s: %s", dir,
			 strerror(errno));
		goto out;
	}
	while (off < len) {
		w = fault(SAVE_STEP_WRITE) ? -1
					   : write(fd, data + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			snprintf(err, errlen, "cannot write %s: %s", tmp,
				 strerror(errno));
			close(fd);
			goto fail;
		}
		off += (size_t)w;
	}
	if (fault(SAVE_STEP_FSYNC) || fsync(fd) != 0) {
		snprintf(err, errlen, "cannot sync %s: %s", tmp,
			 strerror(errno));
		close(fd);
		goto fail;
	}
	if (close(fd) != 0 || fault(SAVE_STEP_CLOSE)) {
		snprintf(err, errlen, "cannot close %s: %s", tmp,
			 strerror(errno));
		goto fail;
	}
	if (fault(SAVE_STEP_RENAME) || rename(tmp, path) != 0) {
		snprintf(err, errlen, "cannot replace %s: %s", path,
			 strerror(errno));
		goto fail;
	}
	r = -2;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd == -1 || fault(SAVE_STEP_DIRSYNC) || fsync(dfd) != 0) {
		snprintf(err, errlen, "cannot sync directory %s: %s", dir,
			 strerror(errno));
		if (dfd != -1)
			close(dfd);
		goto out;
	}
	close(dfd);
	r = 0;
	goto out;
fail:
	unlink(tmp);
out:
	free(tmp);
	free(dir);
	return r;
}

/* The refusal of a save's path that is no regular file (a FIFO...). */
static int
not_a_file(const struct journal_file *f, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 "%s is not a regular file: a save is only written to a file "
		 "of its own",
		 f->path);
	return -1;
}

/* One write() and one fdatasync(). */
int
savewrite_append(struct journal_file *f, const char *text, size_t len,
		 char *err, size_t errlen)
{
	struct stat st, now;
	ssize_t w;

	if (f->fd < 0) {
		f->fd = fault(SAVE_STEP_CREATE)
			    ? -1
			    : open(f->path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW |
						O_NONBLOCK);
		/* A symlink planted at the save's path is never written
		 * through: it could point at any file of the player's.
		 * O_NONBLOCK: a FIFO there must not hang the game. */
		if (f->fd < 0 && errno == ELOOP) {
			snprintf(
			    err, errlen,
			    "%s is a symbolic link: a save is only written "
			    "to a file of its own",
			    f->path);
			return -1;
		}
		if (f->fd < 0 && errno == ENXIO) /* a FIFO, no reader */
			return not_a_file(f, err, errlen);
		if (f->fd < 0) {
			snprintf(err, errlen, "cannot open %s: %s", f->path,
				 strerror(errno));
			return -1;
		}
	}
	if (fstat(f->fd, &st) != 0) {
		snprintf(err, errlen, "cannot read %s: %s", f->path,
			 strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode))
		return not_a_file(f, err, errlen);
	/* A file renamed over the save, or the save removed, leaves the
	 * descriptor on a file no longer there: a line added to it would
	 * be reported saved, and lost. */
	if (lstat(f->path, &now) != 0 || now.st_dev != st.st_dev ||
	    now.st_ino != st.st_ino) {
		snprintf(err, errlen,
			 "%s was replaced or removed since it was read "
			 "(another game saved over it?)",
			 f->path);
		return -1;
	}
	if ((size_t)st.st_size != f->good_len && !f->torn) {
		snprintf(err, errlen,
			 "%s changed on disk since it was read (another game "
			 "added to it?)",
			 f->path);
		return -1;
	}
	if (f->torn && ftruncate(f->fd, (off_t)f->good_len) != 0) {
		snprintf(err, errlen, "cannot cut the torn line off %s: %s",
			 f->path, strerror(errno));
		return -1;
	}
	f->torn = false;
	do
		w = fault(SAVE_STEP_WRITE)
			? -1
			: pwrite(f->fd, text, len, (off_t)f->good_len);
	while (w < 0 && errno == EINTR);
	if (w < 0 || (size_t)w != len) {
		snprintf(err, errlen, "cannot write %s: %s", f->path,
			 w < 0 ? strerror(errno) : "short write");
		goto undo;
	}
	if (fault(SAVE_STEP_FSYNC) || fdatasync(f->fd) != 0) {
		snprintf(err, errlen, "cannot sync %s: %s", f->path,
			 strerror(errno));
		goto undo;
	}
	f->good_len += len;
	return 0;
undo:
	/* Whatever got there is not a line of the game. */
	if (ftruncate(f->fd, (off_t)f->good_len) != 0)
		f->torn = true;
	return -1;
}
