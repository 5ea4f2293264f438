/*
 * Log ring and word wrapping (see logbuf.h).
 */
#include "config.h"

#include "ui/logbuf.h"

#include <stdbool.h>
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

int
wrap_text(const char *text, int width, struct wrap_span *out, int max)
{
	size_t pos = 0, total = strlen(text);
	int lines = 0;

	if (width < 1)
		width = 1;
	do {
		size_t i = pos, brk = 0, end, next;
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
