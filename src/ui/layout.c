/*
 * Screen layout (see layout.h).  The map takes what it needs and no more
 * than leaves the panel and the log their minimum; spare room goes to the
 * panel (across) and the log (down).
 */
#include "config.h"

#include "ui/layout.h"

#include <string.h>

static struct rect
rect(int y, int x, int h, int w)
{
	struct rect r = { y, x, h, w };

	return r;
}

static int
min_int(int a, int b)
{
	return a < b ? a : b;
}

static int
max_int(int a, int b)
{
	return a > b ? a : b;
}

void
layout_compute(struct layout *l, int cols, int lines, int map_w, int map_h)
{
	int body_y = 1, body_h = lines - 3, panel_w, log_h, map_cols;
	int map_lines;

	memset(l, 0, sizeof *l);
	if (cols < LAYOUT_MIN_COLS || lines < LAYOUT_MIN_LINES)
		return;
	l->fits = true;
	l->wide = cols >= LAYOUT_WIDE_COLS;
	panel_w = l->wide ? LAYOUT_PANEL_WIDE_W : LAYOUT_PANEL_MIN_W;
	log_h =
	    lines >= LAYOUT_TALL_LINES ? LAYOUT_LOG_TALL_H : LAYOUT_LOG_MIN_H;
	l->status = rect(0, 0, 1, cols);
	l->msg = rect(lines - 2, 0, 1, cols);
	l->prompt = rect(lines - 1, 0, 1, cols);

	map_cols = min_int(map_w, cols - panel_w);
	map_lines = min_int(max_int(map_h, LAYOUT_PANEL_MIN_H), body_h - log_h);
	l->map = rect(body_y, 0, map_lines, map_cols);
	l->panel = rect(body_y, map_cols, map_lines, cols - map_cols);
	l->log = rect(body_y + map_lines, 0, body_h - map_lines, cols);
	l->page = rect(body_y, 0, body_h, cols);
	l->log_rows = l->log.h - 1;
	l->page_rows = l->page.h - 2;
}

void
layout_compute_compact(struct layout *l, int cols, int lines, int map_w,
		       int map_h)
{
	int body_y = 1, body_h = lines - 3, log_h, map_lines, strip_h;

	layout_compute(l, cols, lines, map_w, map_h);
	if (!l->fits || cols - map_w >= LAYOUT_PANEL_MIN_W)
		return;
	log_h =
	    lines >= LAYOUT_TALL_LINES ? LAYOUT_LOG_TALL_H : LAYOUT_LOG_MIN_H;
	map_lines = min_int(map_h, body_h - log_h - LAYOUT_STRIP_H);
	strip_h = LAYOUT_STRIP_H;
	l->panel_below = true;
	l->map = rect(body_y, 0, map_lines, cols);
	l->panel = rect(body_y + map_lines, 0, strip_h, cols);
	l->log = rect(body_y + map_lines + strip_h, 0,
		      body_h - map_lines - strip_h, cols);
	l->log_rows = l->log.h - 1;
}

void
layout_fit_card(struct layout *l, int card_rows)
{
	int want, more;

	if (!l->fits)
		return;
	want = (l->panel_below ? 1 : LAYOUT_HOVER_H) + card_rows;
	more = min_int(want - l->panel.h, l->log.h - LAYOUT_LOG_LEAST_H);
	if (more <= 0)
		return;
	if (!l->panel_below)
		l->map.h += more;
	l->panel.h += more;
	l->log.y += more;
	l->log.h -= more;
	l->log_rows = l->log.h - 1;
}

void
layout_news_low(const struct layout *l, struct rect *out)
{
	int top = l->map.y + l->map.h;

	if (l->msg.y - top < LAYOUT_NEWS_LOW_H)
		top = max_int(l->msg.y - LAYOUT_NEWS_LOW_H, l->map.y);
	*out = rect(top, 0, l->msg.y - top, l->status.w);
}
