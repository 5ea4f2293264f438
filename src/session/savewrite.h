/*
 * Writing save files durably, for the session layer only (the public
 * face is session.h): a growing text buffer, a whole file replaced
 * atomically, and one journal line added to a file with a torn line cut
 * first.  Knows files and bytes, not sessions or games.
 */
#ifndef ANCIENTS_SESSION_SAVEWRITE_H
#define ANCIENTS_SESSION_SAVEWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growing text buffer; { NULL, 0, 0 } is empty, free p when done. */
struct savebuf {
	char *p;    /* owned; NUL-terminated */
	size_t len; /* bytes used, not counting the NUL */
	size_t cap;
};

void savebuf_add(struct savebuf *b, const char *data, size_t n);
void savebuf_printf(struct savebuf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/*
 * Adds the journal line "TEXT<TAB>DIGEST<TAB>CHECK" to b; with meta (not
 * NULL, format 3) "TEXT<TAB>DIGEST<TAB>META<TAB>CHECK".
 */
void savebuf_journal_line(struct savebuf *b, const char *text, uint64_t digest,
			  const char *meta);

/* A save file that journal lines are added to. */
struct journal_file {
	char *path; /* owned; written after each command, or NULL */
	/* The file at path: */
	int fd;		 /* open for adding lines, or -1 */
	bool synced;	 /* holds the journal in format 2 up to good_len; if
			    not, the next write writes it whole */
	bool torn;	 /* bytes after good_len are a torn line to cut */
	size_t good_len; /* bytes of whole, checked lines */
};

/*
 * Replaces path with data so that a crash leaves the old file or the new
 * one.  Returns 0; -1 with err when path is untouched; -2 with err when
 * path was replaced but the directory could not be synced (the new file
 * may not survive a crash).
 */
int savewrite_durable(const char *path, const char *data, size_t len, char *err,
		      size_t errlen);

/*
 * Adds one journal line (text, len bytes, newline included) to f's file
 * at the end of its good lines, cutting a torn line first.  Returns 0, or
 * -1 with err and the file's good lines as they were.
 */
int savewrite_append(struct journal_file *f, const char *text, size_t len,
		     char *err, size_t errlen);

#endif
