/*
 * Line editor (see lineedit.h).  The buffer always holds a NUL at len;
 * cur never passes len.
 */
#include "config.h"

#include "ui/lineedit.h"

#include <string.h>

void
lineedit_init(struct lineedit *le)
{
	memset(le, 0, sizeof *le);
}

const char *
lineedit_text(const struct lineedit *le)
{
	return le->buf;
}

bool
lineedit_insert(struct lineedit *le, int ch)
{
	if (ch < 0x20 || ch > 0x7e || le->len + 1 >= LINEEDIT_MAX)
		return false;
	memmove(le->buf + le->cur + 1, le->buf + le->cur,
		le->len - le->cur + 1);
	le->buf[le->cur++] = (char)ch;
	le->len++;
	return true;
}

void
lineedit_insert_str(struct lineedit *le, const char *s)
{
	for (; *s != '\0'; s++)
		if (!lineedit_insert(le, (unsigned char)*s))
			break;
}

void
lineedit_delete_back(struct lineedit *le, size_t n)
{
	if (n > le->cur)
		n = le->cur;
	memmove(le->buf + le->cur - n, le->buf + le->cur,
		le->len - le->cur + 1);
	le->cur -= n;
	le->len -= n;
}

static void
delete_forward(struct lineedit *le, size_t n)
{
	if (n > le->len - le->cur)
		n = le->len - le->cur;
	memmove(le->buf + le->cur, le->buf + le->cur + n,
		le->len - le->cur - n + 1);
	le->len -= n;
}

void
lineedit_set(struct lineedit *le, const char *text)
{
	size_t n = strlen(text);

	if (n >= LINEEDIT_MAX)
		n = LINEEDIT_MAX - 1;
	memcpy(le->buf, text, n);
	le->buf[n] = '\0';
	le->len = le->cur = n;
}

void
lineedit_clear(struct lineedit *le)
{
	lineedit_set(le, "");
	le->hpos = le->nhist;
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t';
}

static size_t
word_left(const struct lineedit *le)
{
	size_t i = le->cur;

	while (i > 0 && is_space(le->buf[i - 1]))
		i--;
	while (i > 0 && !is_space(le->buf[i - 1]))
		i--;
	return i;
}

static size_t
word_right(const struct lineedit *le)
{
	size_t i = le->cur;

	while (i < le->len && is_space(le->buf[i]))
		i++;
	while (i < le->len && !is_space(le->buf[i]))
		i++;
	return i;
}

static bool
history_move(struct lineedit *le, int delta)
{
	int to = le->hpos + delta;

	if (to < 0 || to > le->nhist)
		return false;
	if (le->hpos == le->nhist)
		memcpy(le->saved, le->buf, sizeof le->saved);
	le->hpos = to;
	lineedit_set(le, to == le->nhist ? le->saved : le->hist[to]);
	return true;
}

bool
lineedit_op(struct lineedit *le, enum lineedit_op op)
{
	size_t old_cur = le->cur, old_len = le->len;

	switch (op) {
	case LE_LEFT:
		if (le->cur > 0)
			le->cur--;
		break;
	case LE_RIGHT:
		if (le->cur < le->len)
			le->cur++;
		break;
	case LE_HOME:
		le->cur = 0;
		break;
	case LE_END:
		le->cur = le->len;
		break;
	case LE_BACKSPACE:
		lineedit_delete_back(le, 1);
		break;
	case LE_DELETE:
		delete_forward(le, 1);
		break;
	case LE_KILL_END:
		delete_forward(le, le->len - le->cur);
		break;
	case LE_KILL_LINE:
		lineedit_set(le, "");
		break;
	case LE_KILL_WORD:
		lineedit_delete_back(le, le->cur - word_left(le));
		break;
	case LE_WORD_LEFT:
		le->cur = word_left(le);
		break;
	case LE_WORD_RIGHT:
		le->cur = word_right(le);
		break;
	case LE_HIST_PREV:
		return history_move(le, -1);
	case LE_HIST_NEXT:
		return history_move(le, 1);
	}
	return le->cur != old_cur || le->len != old_len;
}

void
lineedit_history_add(struct lineedit *le, const char *line)
{
	const char *p;

	for (p = line; is_space(*p); p++)
		;
	if (*p == '\0')
		return;
	if (le->nhist > 0 && strcmp(le->hist[le->nhist - 1], line) == 0) {
		le->hpos = le->nhist;
		return;
	}
	if (le->nhist == LINEEDIT_HISTORY) {
		memmove(le->hist[0], le->hist[1],
			sizeof le->hist[0] * (LINEEDIT_HISTORY - 1));
		le->nhist--;
	}
	strncpy(le->hist[le->nhist], line, LINEEDIT_MAX - 1);
	le->hist[le->nhist][LINEEDIT_MAX - 1] = '\0';
	le->nhist++;
	le->hpos = le->nhist;
}

size_t
lineedit_view(const struct lineedit *le, int width)
{
	size_t w;

	if (width <= 1)
		return le->cur;
	w = (size_t)width;
	return le->cur + 1 > w ? le->cur + 1 - w : 0;
}
