/*
 * Log ring and word wrapping (see logbuf.h).
 */
#include "config.h"

#include "ui/logbuf.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

void
logbuf_init(struct logbuf *lb)
{
	memset(lb, 0, sizeof *lb);
}

void
logbuf_clear(struct logbuf *lb)
{
	int i;

	for (i = 0; i < LOGBUF_LINES; i++) {
		free(lb->text[i]);
		lb->text[i] = NULL;
	}
	lb->head = 0;
	lb->n = 0;
}

void
logbuf_done(struct logbuf *lb)
{
	logbuf_clear(lb);
}

void
logbuf_add(struct logbuf *lb, enum logbuf_kind kind, int side, const char *text)
{
	int slot;

	if (lb->n == LOGBUF_LINES) {
		slot = lb->head;
		lb->head = (lb->head + 1) % LOGBUF_LINES;
	} else
		slot = (lb->head + lb->n++) % LOGBUF_LINES;
	free(lb->text[slot]);
	lb->text[slot] = xstrdup(text);
	lb->kind[slot] = (unsigned char)kind;
	lb->side[slot] = (signed char)side;
}

void
logbuf_drop_newest(struct logbuf *lb)
{
	int slot;

	if (lb->n == 0)
		return;
	slot = (lb->head + lb->n - 1) % LOGBUF_LINES;
	free(lb->text[slot]);
	lb->text[slot] = NULL;
	lb->n--;
}

int
logbuf_count(const struct logbuf *lb)
{
	return lb->n;
}

const char *
logbuf_line(const struct logbuf *lb, int i, enum logbuf_kind *kind, int *side)
{
	int slot = (lb->head + i) % LOGBUF_LINES;

	if (kind != NULL)
		*kind = (enum logbuf_kind)lb->kind[slot];
	if (side != NULL)
		*side = lb->side[slot];
	return lb->text[slot];
}

static bool
is_cont(char c)
{
	return ((unsigned char)c & 0xc0) == 0x80;
}

int
text_width(const char *s, size_t len)
{
	int w = 0;
	size_t i;

	for (i = 0; i < len && s[i] != '\0'; i++)
		if (!is_cont(s[i]))
			w++;
	return w;
}

/* Bytes of the first n columns of s (all of it if shorter). */
static size_t
cols_bytes(const char *s, int n)
{
	size_t i = 0;

	while (s[i] != '\0' && n-- > 0) {
		i++;
		while (is_cont(s[i]))
			i++;
	}
	return i;
}

void
text_fit(const char *s, int width, const char *more, char *buf, size_t len)
{
	int more_cols = text_width(more, strlen(more));
	size_t keep;

	if (len == 0)
		return;
	if (width < 0)
		width = 0;
	if (text_width(s, strlen(s)) <= width) {
		snprintf(buf, len, "%s", s);
		return;
	}
	if (width <= more_cols) {
		snprintf(buf, len, "%.*s", (int)cols_bytes(s, width), s);
		return;
	}
	keep = cols_bytes(s, width - more_cols);
	/* "turn..." not "turn ...". */
	while (keep > 0 && (s[keep - 1] == ' ' || s[keep - 1] == WRAP_NBSP_CHAR))
		keep--;
	snprintf(buf, len, "%.*s%s", (int)keep, s, more);
}

int
wrap_text(const char *text, int width, struct wrap_span *out, int max)
{
	size_t pos = 0, total = strlen(text);
	int lines = 0;

	if (width < 1)
		width = 1;
	do {
		size_t i = pos, brk = 0, slash = 0, end, next;
		int cols = 0;
		bool have_brk = false;

		while (i < total && text[i] != '\n') {
			if (!is_cont(text[i])) {
				if (cols == width)
					break;
				cols++;
			}
			if (text[i] == ' ' && i > pos) {
				brk = i;
				have_brk = true;
			}
			if (text[i] == '/' && i > pos)
				slash = i + 1;
			i++;
		}
		if (i >= total || text[i] == '\n') {
			end = i;
			next = i < total ? i + 1 : i;
		} else if (text[i] == ' ') {
			/* The line ends exactly before a space: the next one
			 * starts after the whole run of them, so a break at
			 * "SP 9  hits" does not indent " hits". */
			end = i;
			next = i + 1;
			while (next < total && text[next] == ' ')
				next++;
		} else if (have_brk) {
			end = brk;
			next = brk + 1;
		} else if (slash > 0) {
			/* A path longer than the line: after a '/', not in
			 * the middle of a name (the menu's save path). */
			end = next = slash;
		} else {
			end = i;
			next = i;
		}
		if (lines < max) {
			out[lines].start = pos;
			out[lines].len = end - pos;
		}
		lines++;
		pos = next;
	} while (pos < total);
	return lines;
}
