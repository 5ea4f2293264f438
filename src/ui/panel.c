/*
 * The screen's parts other than the map (see panel.h).  Text comes from
 * describe.c and play.c; long lines are wrapped with wrap_text().
 */
#include "config.h"

#include "ui/panel.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/cardfit.h"
#include "ui/describe.h"
#include "ui/layout.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"
#include "ui/palette.h"
#include "ui/play.h"

#define WRAP_MAX 64	   /* screen lines of one wrapped line */
#define PANEL_CARD_ROWS 12 /* a card's lines, where the layout says none */
#define PANEL_HOVER_MIN LAYOUT_HOVER_H /* the hex and its unit */
#define PANEL_HOVER_FULL 3 /* ... and what the terrain does */
#define PANEL_HOVER_MAX 8  /* ... wrapped, and a victory hex's line */

/* Writes at most width columns of s (UTF-8) at y, x; WRAP_NBSP is a
 * space. */
static void
put_cut(WINDOW *w, int y, int x, int width, attr_t a, const char *s, size_t len)
{
	size_t i = 0, from = 0;
	int cols = 0;

	wattrset(w, a);
	wmove(w, y, x);
	while (i < len && s[i] != '\0') {
		size_t n = 1;

		while (i + n < len && ((unsigned char)s[i + n] & 0xc0) == 0x80)
			n++;
		if (cols == width)
			break;
		if (s[i] == WRAP_NBSP_CHAR) {
			waddnstr(w, s + from, (int)(i - from));
			waddch(w, ' ');
			from = i + n;
		}
		i += n;
		cols++;
	}
	waddnstr(w, s + from, (int)(i - from));
}

/*
 * Writes s at y, x in at most width columns; a text cut short ends in the
 * theme's ellipsis ("..." in ASCII), so that the player knows there is
 * more.  Every line of text the screen may cut goes through here: the
 * message line, the hint, titles and a page's frame (a playtester read
 * "n steps through the recap on the ma" with nothing to say it was cut).
 */
static void
put_fit(WINDOW *w, const struct palette *pal, int y, int x, int width,
	attr_t a, const char *s)
{
	char buf[1100];

	if (width <= 0)
		return;
	text_fit(s, width, theme_ellipsis(pal->theme), buf, sizeof buf);
	put_cut(w, y, x, width, a, buf, strlen(buf));
}

/* Fills a line with spaces in an attribute. */
static void
fill_line(WINDOW *w, int y, attr_t a)
{
	int x, width = getmaxx(w);

	wattrset(w, a);
	for (x = 0; x < width; x++)
		mvwaddch(w, y, x, ' ');
}

static enum theme_role
side_status_role(int side)
{
	return side == 0 ? ROLE_STATUS_SIDE0 : ROLE_STATUS_SIDE1;
}

void
panel_status_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	char block[96], rest[256];
	const char *words[2];
	int side, width = getmaxx(w), used;

	werase(w);
	fill_line(w, 0, palette_attr(pal, ROLE_STATUS));
	/* A shared game: who plays and how many watch, at the right, as
	 * much of it as the game's figures leave room for. */
	if (p->seat.status[0] != '\0') {
		char seats[sizeof p->seat.status];
		int n;

		describe_status_seats(p->g, width, p->seat.status, seats,
				      sizeof seats);
		n = (int)strlen(seats);
		if (n > 0) {
			put_cut(w, 0, width - n, n,
				palette_attr(pal, ROLE_STATUS), seats,
				(size_t)n);
			width -= n + 1;
		}
	}
	/* The solo word takes its room first, the status words getting
	 * fewer for it, its short form where the long one does not fit; where
	 * even that would be cut, it goes: the side's name already says who
	 * plays, and no breakpoint is lost. */
	side = describe_status_solo(p->g, width, words,
				    play_status_words(p, words), block,
				    sizeof block, rest, sizeof rest);
	put_cut(w, 0, 0, width, palette_attr(pal, side_status_role(side)),
		block, strlen(block));
	used = text_width(block, strlen(block));
	if (used + 1 < width)
		put_cut(w, 0, used + 1, width - used - 1,
			palette_attr(pal, ROLE_STATUS), rest, strlen(rest));
	wattrset(w, A_NORMAL);
}

/*
 * What the card's place says with no unit selected.  The replay viewer
 * takes no Enter or i (a playtester pressed them and got only the
 * viewer's keys): there the card is the unit that acted, or Tab's.
 */
static const char *
no_card_hint(const struct play *p)
{
	return p->viewer ? "n steps on: the unit that acts, its card here; "
			   "Tab: any unit's"
			 : "Tab, Enter or i on a unit: its card here";
}

/*
 * Draws text lines wrapped into rows [y, y + rows), from wrapped line
 * first on; a line's leading blanks indent all its wrapped lines.
 * Returns the number of wrapped lines of the whole text.
 */
static int
draw_text(WINDOW *w, struct palette *pal, const struct text *t, int first,
	  int y, int x, int rows, int width)
{
	struct wrap_span sp[WRAP_MAX];
	int i, k, n, c, ind, line = 0;

	for (i = 0; i < t->n; i++) {
		const char *s = t->v[i].text;
		enum theme_role role = t->v[i].role;
		attr_t a = palette_attr(pal, role);
		bool bar = role == ROLE_SIDE0 || role == ROLE_SIDE1 ||
			   role == ROLE_STATUS_SIDE0 ||
			   role == ROLE_STATUS_SIDE1;

		for (ind = 0; s[ind] == ' ' && ind < width / 2; ind++)
			;
		n = wrap_text(s + ind, width - ind, sp, WRAP_MAX);
		if (n > WRAP_MAX)
			n = WRAP_MAX;
		for (k = 0; k < n; k++, line++) {
			if (line < first || line - first >= rows)
				continue;
			/* Lines in a side's colour fill the width, as a bar. */
			if (bar) {
				wattrset(w, a);
				for (c = 0; c < width; c++)
					mvwaddch(w, y + line - first, x + c,
						 ' ');
			}
			put_cut(w, y + line - first, x + ind, width - ind, a,
				s + ind + sp[k].start, sp[k].len);
		}
	}
	return line;
}

/* A text cut short at the bottom ends its last row in an ellipsis, at
 * the right edge x_end, so that the player knows there is more. */
static void
mark_cut(WINDOW *w, struct palette *pal, int y, int x_end)
{
	const char *more = theme_ellipsis(pal->theme);
	int n = text_width(more, strlen(more));

	put_cut(w, y, x_end - n, n, palette_attr(pal, ROLE_DIM), more,
		strlen(more));
}

/*
 * The panel: on top, short, the hex under the cursor (its number,
 * terrain and elevation on one line) and the unit on it (one line;
 * none for the selected unit, whose card is under it);
 * below, from a row that depends only on the panel's height, the whole
 * card of the selected unit.  A cursor step changes a line or two, not
 * the card, and the cards of two units line up, so that Tab rewrites
 * only what differs (issue 13: every byte counts over SSH).  Tab,
 * Enter, a click or i shows a unit's card.  Where the panel is short,
 * what the hex's terrain does is cut to the rows left (the rules page
 * has it whole), never the card.
 */
void
panel_info_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	struct text place, hover, card;
	int width = getmaxx(w) - CARDFIT_PANEL_MARGIN, height = getmaxy(w);
	int u, i, n, card_y;
	int card_rows = p->view.card_rows > 0 ? p->view.card_rows
					      : PANEL_CARD_ROWS;

	werase(w);
	text_init(&place);
	text_init(&hover);
	text_init(&card);
	describe_place(p->g, p->sel.cursor, &place);
	/* Three rows for the hex, its unit and what the terrain does;
	 * more on a tall panel; the rest for the card, as many as the
	 * layout gave it (the battle's longest card), down to two for the
	 * hex and its unit on a short panel. */
	card_y = height - card_rows;
	if (card_y > PANEL_HOVER_MAX)
		card_y = PANEL_HOVER_MAX;
	if (card_y < PANEL_HOVER_MIN)
		card_y = PANEL_HOVER_MIN;
	u = play_unit_at_cursor(p);
	if (u == p->sel.unit)
		u = -1; /* the selected one: its card is below */
	/* The unit's line has its row, blank without one: a step on or
	 * off a unit writes or clears it and moves nothing else.  With only
	 * two rows, what the terrain does takes it where no unit does. */
	for (i = 0; i < place.n; i++) {
		if (i > 0 && card_y <= PANEL_HOVER_MIN && u >= 0)
			break;
		text_add(&hover, place.v[i].role, "%s", place.v[i].text);
		if (i > 0 || card_y <= PANEL_HOVER_MIN)
			continue;
		if (u >= 0)
			describe_unit_brief(p->g, u, &hover);
		else
			text_add(&hover, ROLE_TEXT, "%s", "");
	}
	if (card_y <= PANEL_HOVER_MIN && u >= 0)
		describe_unit_brief(p->g, u, &hover);
	if (p->sel.unit >= 0)
		describe_unit(p->g, p->sel.unit,
			      p->marks.deeds != NULL
				  ? &p->marks.deeds[p->sel.unit]
				  : NULL,
			      &card);
	else
		text_add(&card, ROLE_DIM, "%s", no_card_hint(p));
	n = card_y < height - 2 ? card_y - 1 : card_y; /* a blank after */
	if (n < PANEL_HOVER_FULL)
		n = card_y;
	/* What the terrain does may not fit a short panel (80 x 24): its
	 * last row says so, as the card's does, rather than stop at "only
	 * units with the" (a playtester read it as the whole rule). */
	if (draw_text(w, pal, &hover, 0, 0, 1, n, width) > n)
		mark_cut(w, pal, n - 1, 1 + width);
	if (draw_text(w, pal, &card, 0, card_y, 1, height - card_y, width) >
	    height - card_y)
		mark_cut(w, pal, height - 1, 1 + width);
	text_done(&card);
	text_done(&hover);
	text_done(&place);
	wattrset(w, A_NORMAL);
}

static enum theme_role
log_role(enum logbuf_kind kind)
{
	switch (kind) {
	case LOG_COMMAND:
		return ROLE_LOG_COMMAND;
	case LOG_ERROR:
		return ROLE_ERROR;
	case LOG_NOTICE:
		return ROLE_TITLE;
	default:
		return ROLE_TEXT;
	}
}

void
panel_log_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	const struct theme *th = pal->theme;
	struct wrap_span sp[WRAP_MAX];
	int width = getmaxx(w), height = getmaxy(w);
	int i, k, n, y, x, side;
	enum logbuf_kind kind;
	const char *line;
	char title[64];
	attr_t a;

	werase(w);
	/* A rule with the title on top. */
	wattrset(w, palette_attr(pal, ROLE_BORDER));
	for (x = 0; x < width; x++)
		mvwaddstr(w, 0, x, theme_line(th, GEOM_LEFT | GEOM_RIGHT));
	if (p->log.back > 0)
		snprintf(title, sizeof title,
			 " Log (%d lines back; PgDn "
			 "newer) ",
			 p->log.back);
	else
		snprintf(title, sizeof title, " Log ");
	put_fit(w, pal, 0, 2, width - 2, palette_attr(pal, ROLE_TITLE), title);

	/* From the newest line shown, upwards.  A refusal just made is
	 * on the message line right under the log: where it is whole
	 * there, the log does not show it a second time above it (it
	 * keeps it, for scrolling back and once the message is gone). */
	y = height - 1;
	i = logbuf_count(p->log.buf) - 1 - p->log.back;
	if (p->log.back == 0 && p->msg.kind == MSG_ERROR && i >= 0) {
		line = logbuf_line(p->log.buf, i, &kind, &side);
		if (kind == LOG_ERROR && strcmp(line, p->msg.text) == 0 &&
		    text_width(p->msg.text, strlen(p->msg.text)) <= width)
			i--;
	}
	for (; i >= 0 && y >= 1; i--) {
		line = logbuf_line(p->log.buf, i, &kind, &side);
		a = palette_attr(pal, log_role(kind));
		if (kind == LOG_COMMAND && side >= 0)
			a = palette_attr(pal,
					 side == 0 ? ROLE_SIDE0 : ROLE_SIDE1);
		n = wrap_text(line, width - 1, sp, WRAP_MAX);
		if (n > WRAP_MAX)
			n = WRAP_MAX;
		for (k = n - 1; k >= 0 && y >= 1; k--, y--)
			put_cut(w, y, k == 0 ? 0 : 1, width - 1, a,
				line + sp[k].start, sp[k].len);
	}
	wattrset(w, A_NORMAL);
}

void
panel_msg_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	char hint[256];
	int width = getmaxx(w);
	attr_t a;

	werase(w);
	/* Too long: cut, and said to be (an error is whole in the log). */
	if (p->msg.kind != MSG_NONE && p->msg.text[0] != '\0') {
		a = palette_attr(pal, p->msg.kind == MSG_ERROR ? ROLE_ERROR
							       : ROLE_NOTICE);
		put_fit(w, pal, 0, 0, width, a, p->msg.text);
	} else {
		play_hint(p, width, hint, sizeof hint);
		put_fit(w, pal, 0, 0, width, palette_attr(pal, ROLE_DIM), hint);
	}
	wattrset(w, A_NORMAL);
}

int
panel_prompt_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	const struct lineedit *le = p->edit;
	const char *idle;
	char label[64];
	int width = getmaxx(w), lw, field;
	size_t start;
	int side = p->g->player;

	werase(w);
	play_prompt_label(p, label, sizeof label - 1);
	strcat(label, ">");
	put_cut(w, 0, 0, width,
		palette_attr(pal, side == 0 ? ROLE_SIDE0 : ROLE_SIDE1), label,
		strlen(label));
	lw = text_width(label, strlen(label)) + 1;
	field = width - lw - 1;
	if (p->mode != PLAY_PROMPT && le->len == 0) {
		idle = play_prompt_idle(p);
		put_fit(w, pal, 0, lw, field, palette_attr(pal, ROLE_DIM), idle);
		wattrset(w, A_NORMAL);
		return lw;
	}
	start = lineedit_view(le, field);
	put_cut(
	    w, 0, lw, field,
	    palette_attr(pal, p->mode == PLAY_PROMPT ? ROLE_TEXT : ROLE_DIM),
	    le->buf + start, le->len - start);
	wattrset(w, A_NORMAL);
	return lw + (int)(le->cur - start);
}

int
panel_page_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	const struct theme *th = pal->theme;
	struct text t;
	int width = getmaxx(w), height = getmaxy(w), x, y, rows, lines;
	attr_t b = palette_attr(pal, ROLE_BORDER);
	const char *title = play_page_title(p);

	werase(w);
	wattrset(w, b);
	for (x = 1; x < width - 1; x++) {
		mvwaddstr(w, 0, x, theme_line(th, GEOM_LEFT | GEOM_RIGHT));
		mvwaddstr(w, height - 1, x,
			  theme_line(th, GEOM_LEFT | GEOM_RIGHT));
	}
	for (y = 1; y < height - 1; y++) {
		mvwaddstr(w, y, 0, theme_line(th, GEOM_UP | GEOM_DOWN));
		mvwaddstr(w, y, width - 1, theme_line(th, GEOM_UP | GEOM_DOWN));
	}
	mvwaddstr(w, 0, 0, theme_line(th, GEOM_DOWN | GEOM_RIGHT));
	mvwaddstr(w, 0, width - 1, theme_line(th, GEOM_DOWN | GEOM_LEFT));
	mvwaddstr(w, height - 1, 0, theme_line(th, GEOM_UP | GEOM_RIGHT));
	mvwaddstr(w, height - 1, width - 1,
		  theme_line(th, GEOM_UP | GEOM_LEFT));
	put_fit(w, pal, 0, 2, width - 4, palette_attr(pal, ROLE_TITLE), title);

	text_init(&t);
	play_page_text(p, th, &t);
	rows = height - 2;
	lines = draw_text(w, pal, &t, p->page.top, 1, 2, height - 2, width - 4);
	if (lines > rows || p->page.news) {
		char more[80];

		if (lines > rows)
			snprintf(more, sizeof more, " %d-%d of %d: %s ",
				 p->page.top + 1,
				 p->page.top + rows < lines ? p->page.top + rows
							    : lines,
				 lines, p->page.news ? "PgUp/PgDn" : "up/down");
		else
			more[0] = '\0';
		if (p->page.news)
			snprintf(more + strlen(more),
				 sizeof more - strlen(more), " %s ",
				 p->mode == PLAY_PROMPT ? "type on; Esc to the map"
				 : p->page.news_all
				     ? "q or Esc closes; keys act on the map"
				     : "Esc closes; keys act on the map");
		put_fit(w, pal, height - 1, 2, width - 4,
			palette_attr(pal, ROLE_TITLE), more);
	}
	text_done(&t);
	wattrset(w, A_NORMAL);
	return lines;
}

void
panel_too_small_draw(WINDOW *w, const struct play *p, struct palette *pal,
		     int cols, int lines)
{
	static const char ai_waits[] =
	    "The computer waits until the game can be seen.";
	char buf[160];
	int width = getmaxx(w), y = 0;

	werase(w);
	snprintf(buf, sizeof buf,
		 "ancients needs a terminal of at least "
		 "%d x %d; this one is %d x %d.",
		 LAYOUT_MIN_COLS, LAYOUT_MIN_LINES, cols, lines);
	{
		struct wrap_span sp[8];
		int n = wrap_text(buf, width, sp, 8), k;

		for (k = 0; k < n && k < 8 && y < lines; k++, y++)
			put_cut(w, y, 0, width, palette_attr(pal, ROLE_TITLE),
				buf + sp[k].start, sp[k].len);
	}
	if (y + 1 < lines)
		put_fit(w, pal, ++y, 0, width, palette_attr(pal, ROLE_TEXT),
			"Enlarge the window, or press q to quit.");
	/* Only while it is the computer's to act: on the person's turn it
	 * is not waiting for anything (a playtester was told it was). */
	if (p->ai.side >= 0 && !p->g->over &&
	    game_side_to_act(p->g) == p->ai.side && y + 1 < lines)
		put_fit(w, pal, ++y, 0, width, palette_attr(pal, ROLE_TEXT),
			ai_waits);
	if (p->mode == PLAY_CONFIRM_QUIT && y + 1 < lines)
		put_fit(w, pal, ++y, 0, width, palette_attr(pal, ROLE_NOTICE),
			p->msg.text);
	wattrset(w, A_NORMAL);
}

/* Appends s to a joined line, after sep unless it is the first part. */
static void
join_part(char *buf, size_t len, const char *sep, const char *s)
{
	size_t used = strlen(buf);

	if (s[0] == '\0')
		return;
	snprintf(buf + used, len - used, "%s%s", used > 0 ? sep : "", s);
}

/*
 * The strip: as the panel, short.  Its first line names the hex under
 * the cursor and the unit on it (not the selected one); the lines under
 * it hold the selected
 * unit's card, its lines joined.  A cursor step rewrites the first line
 * only.
 */
void
panel_strip_draw(WINDOW *w, const struct play *p, struct palette *pal)
{
	struct text t, out;
	char where[512], unit[2048];
	int width = getmaxx(w) - CARDFIT_PANEL_MARGIN, height = getmaxy(w), i,
	    u;

	werase(w);
	text_init(&t);
	text_init(&out);
	describe_place(p->g, p->sel.cursor, &t);
	where[0] = unit[0] = '\0';
	/* The hex's line and a victory hex's; what the terrain does is
	 * on the rules page. */
	for (i = 0; i < t.n; i++)
		if (t.v[i].role != ROLE_DIM)
			join_part(where, sizeof where, ", ", t.v[i].text);
	if ((u = play_unit_at_cursor(p)) >= 0 && u != p->sel.unit) {
		text_clear(&t);
		describe_unit_brief(p->g, u, &t);
		join_part(where, sizeof where, "  ", t.v[0].text);
	}
	text_clear(&t);
	if (p->sel.unit >= 0) {
		describe_unit(p->g, p->sel.unit,
			      p->marks.deeds != NULL
				  ? &p->marks.deeds[p->sel.unit]
				  : NULL,
			      &t);
		cardfit_join(&t, unit, sizeof unit);
	} else
		join_part(unit, sizeof unit, "", no_card_hint(p));
	text_add(&out, ROLE_TITLE, "%s", where);
	/* A victory hex with a unit on it is longer than the line: the
	 * unit's part is cut, and the ellipsis says so. */
	if (draw_text(w, pal, &out, 0, 0, 0, 1, width) > 1)
		mark_cut(w, pal, 0, width);
	text_clear(&out);
	text_add(&out, ROLE_TEXT, "%s", unit);
	if (draw_text(w, pal, &out, 0, 1, 0, height - 1, width) > height - 1)
		mark_cut(w, pal, height - 1, width);
	text_done(&out);
	text_done(&t);
	wattrset(w, A_NORMAL);
}
