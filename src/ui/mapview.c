/*
 * Map drawing (see mapview.h).  Order: rulers, separator lines, then each
 * visible hex's content and side borders; brackets for targets and marks
 * for the selected unit go over the borders last, so they win where two
 * highlighted hexes share a border.
 */
#include "config.h"

#include "ui/mapview.h"

#include <stdio.h>

#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "ui/palette.h"
#include "ui/play.h"
#include "ui/theme.h"

void
mapview_put(WINDOW *w, int y, int x, attr_t a, const char *s)
{
	wattrset(w, a);
	mvwaddstr(w, y, x, s);
}

void
mapview_put_label(WINDOW *w, int y, int x, attr_t a, int n)
{
	char label[16];

	snprintf(label, sizeof label, "%02d", n);
	mapview_put(w, y, x, a, label);
}

static void
draw_rulers(WINDOW *w, const struct geom_view *v, struct palette *pal)
{
	attr_t a = palette_attr(pal, ROLE_RULER);
	int nr = geom_rows_visible(v), j, col, x, bottom;

	for (col = v->col0; col <= v->map_w; col++) {
		if (!geom_column_label_x(v, col, false, &x))
			break;
		mapview_put_label(w, 0, x, a, col);
	}
	/* Even rows' labels under the map, where there is room. */
	if (nr > 1 && v->row0 + nr - 1 <= v->map_h) {
		bottom = geom_separator_y(nr) + 1;
		if (bottom < v->height) {
			for (col = v->col0; col <= v->map_w; col++) {
				if (!geom_column_label_x(v, col, true, &x))
					break;
				mapview_put_label(w, bottom, x, a, col);
			}
		}
	}
	for (j = 0; j < nr && v->row0 + j <= v->map_h; j++)
		mapview_put_label(w, GEOM_RULER_H + 1 + j * GEOM_ROW_H, 0, a,
				  v->row0 + j);
}

static void
draw_separators(WINDOW *w, const struct geom_view *v, struct palette *pal)
{
	const struct theme *th = pal->theme;
	attr_t a = palette_attr(pal, ROLE_BORDER);
	int nr = geom_rows_visible(v), j, x;
	unsigned conn;

	for (j = 0; j <= nr; j++) {
		int y = geom_separator_y(j);

		if (y >= v->height)
			break;
		for (x = 0; x < v->width; x++)
			if ((conn = geom_separator_at(v, j, x)) != 0)
				mapview_put(w, y, x, a, theme_line(th, conn));
	}
}

/* What theme_cell() needs to know of one hex. */
static void
hex_info(const struct play *p, struct hex h, struct theme_hex *out)
{
	const struct game *g = p->g;
	const struct map *m = &p->sc->map;
	const struct map_cell *c = map_cell(m, h);
	int idx = map_index(m, h), u = game_unit_at(g, h);

	out->terrain = (enum terrain)c->terrain;
	out->elevation = c->elevation;
	out->road = c->road;
	out->fortified = c->fortified;
	out->unit = u >= 0;
	out->mark = (enum theme_mark)p->marks.mark[idx];
	out->face = p->marks.face[idx];
	out->victory = scenario_victory_hex(p->sc, h);
	if (u >= 0) {
		out->side = g->units[u].side;
		out->glyph = p->glyphs[p->sc->units[u].type];
		out->facing = g->units[u].facing;
		out->sp = unit_sp(&g->units[u]);
		out->general = g->units[u].general >= 0;
	}
}

static void
draw_hex(WINDOW *w, const struct geom_view *v, const struct play *p,
	 struct palette *pal, struct hex h, bool mark_cursor)
{
	const struct theme *th = pal->theme;
	struct theme_hex info = { 0 };
	struct theme_cell cell;
	int x, y, i, bg;
	attr_t extra;

	if (!geom_hex_to_screen(v, h, &x, &y))
		return;
	hex_info(p, h, &info);
	theme_cell(th, &info, &cell);
	bg = theme_terrain_bg(th, info.terrain);
	extra =
	    mark_cursor && hex_equal(h, p->sel.cursor) ? A_REVERSE : A_NORMAL;
	for (i = 0; i < GEOM_CELL_W; i++)
		mapview_put(w, y, x + i,
			    palette_attr_on(pal, cell.role[i], bg) ^ extra,
			    cell.glyph[i]);
	mapview_put(w, y, x - 1, palette_attr(pal, ROLE_BORDER),
		    theme_line(th, GEOM_UP | GEOM_DOWN));
	mapview_put(w, y, x + GEOM_CELL_W, palette_attr(pal, ROLE_BORDER),
		    theme_line(th, GEOM_UP | GEOM_DOWN));
}

/* Whether a target's hex is drawn at y, x: its bracket and the one of a
 * target beside it fall in the same column. */
static bool
target_at(const struct geom_view *v, const struct play *p,
	  mapview_to_screen_fn *to_screen, int y, int x)
{
	const struct game *g = p->g;
	int u, tx, ty;

	for (u = 0; u < g->nunits; u++)
		if (g->units[u].on_map && p->marks.target[u] &&
		    to_screen(v, g->units[u].hex, &tx, &ty) && ty == y &&
		    tx == x)
			return true;
	return false;
}

/* Brackets round targets and marks round the selected unit. */
void
mapview_draw_marks(WINDOW *w, const struct geom_view *v, const struct play *p,
		   struct palette *pal, mapview_to_screen_fn *to_screen,
		   int cell_w)
{
	const struct theme *th = pal->theme;
	const struct game *g = p->g;
	int u, x, y;

	for (u = 0; u < g->nunits; u++) {
		if (!g->units[u].on_map || !p->marks.target[u] ||
		    !to_screen(v, g->units[u].hex, &x, &y))
			continue;
		mapview_put(
		    w, y, x - 1, palette_attr(pal, ROLE_TARGET),
		    theme_target_bracket(
			th,
			target_at(v, p, to_screen, y, x - 1 - cell_w) ? 2 : 0));
		mapview_put(
		    w, y, x + cell_w, palette_attr(pal, ROLE_TARGET),
		    theme_target_bracket(
			th,
			target_at(v, p, to_screen, y, x + cell_w + 1) ? 2 : 1));
	}
	u = p->sel.unit;
	if (u >= 0 && g->units[u].on_map &&
	    to_screen(v, g->units[u].hex, &x, &y)) {
		mapview_put(w, y, x - 1, palette_attr(pal, ROLE_SELECTED),
			    theme_selected_mark(th, 0));
		mapview_put(w, y, x + cell_w, palette_attr(pal, ROLE_SELECTED),
			    theme_selected_mark(th, 1));
	}
}

/* The background of a colour pair; pairs up to PAIR_CACHE remembered in
 * bgs (-2: not asked yet). */
#define PAIR_CACHE 64

static int
pair_bg(short pair, short *bgs)
{
	short fg, bg;

	if (pair >= 0 && pair < PAIR_CACHE && bgs[pair] != -2)
		return bgs[pair];
	if (pair_content(pair, &fg, &bg) == ERR)
		bg = -3; /* follows no other pair */
	if (pair >= 0 && pair < PAIR_CACHE)
		bgs[pair] = bg;
	return bg;
}

/* Whether the cell at y, x is a blank (a space, not in reverse video or
 * underlined); its attributes and pair in *a and *pair. */
static bool
blank_at(WINDOW *w, int y, int x, attr_t *a, short *pair)
{
	wchar_t wc[CCHARW_MAX + 1];
	cchar_t c;

	*a = A_NORMAL;
	*pair = 0;
	if (mvwin_wch(w, y, x, &c) == ERR ||
	    getcchar(&c, wc, a, pair, NULL) == ERR)
		return false;
	return wc[0] == L' ' && wc[1] == L'\0' &&
	       (*a & (A_REVERSE | A_UNDERLINE | A_STANDOUT)) == 0;
}

/* The pair of the first character after x in line y that is not a
 * blank, or -1. */
static short
next_pair(WINDOW *w, int y, int x, int wd)
{
	attr_t a;
	short pair;

	for (x++; x < wd; x++)
		if (!blank_at(w, y, x, &a, &pair))
			return pair;
	return -1;
}

void
mapview_blanks_follow(WINDOW *w)
{
	int y, x, h, wd, i;
	short pair, src_pair, gap_pair, bgs[PAIR_CACHE];
	bool bold;
	attr_t a;
	cchar_t c;

	for (i = 0; i < PAIR_CACHE; i++)
		bgs[i] = -2;
	getmaxyx(w, h, wd);
	wattrset(w, A_NORMAL); /* what is added takes the window's too */
	for (y = 0; y < h; y++) {
		bold = false;
		src_pair = gap_pair = 0;
		for (x = 0; x < wd; x++) {
			if (!blank_at(w, y, x, &a, &pair)) {
				bold = (a & A_BOLD) != 0;
				src_pair = pair;
				gap_pair = -1; /* not looked at yet */
				continue;
			}
			/* The colour of a space is its background's alone:
			 * blanks between two characters of the same pair on
			 * the same background take it, so that the colour
			 * is not switched off and on again. */
			if (gap_pair == -1)
				gap_pair = next_pair(w, y, x, wd) == src_pair &&
						   pair_bg(pair, bgs) ==
						       pair_bg(src_pair, bgs)
					       ? src_pair
					       : pair;
			if (gap_pair == src_pair)
				pair = src_pair;
			if (((a & A_BOLD) != 0) == bold &&
			    pair == PAIR_NUMBER(a & A_COLOR))
				continue;
			a &= ~(attr_t)A_COLOR;
			a = bold ? a | A_BOLD : a & ~(attr_t)A_BOLD;
			/* blank_at() read it: a space. */
			if (setcchar(&c, L" ", a, pair, NULL) != ERR)
				mvwadd_wch(w, y, x, &c);
		}
	}
}

void
mapview_draw(WINDOW *w, struct geom_view *v, const struct play *p,
	     struct palette *pal, bool mark_cursor)
{
	int nc, nr, i, j;
	struct hex h;

	geom_scroll_to(v, p->sel.cursor);
	werase(w);
	draw_rulers(w, v, pal);
	draw_separators(w, v, pal);
	nc = geom_cols_visible(v);
	nr = geom_rows_visible(v);
	for (j = 0; j < nr; j++) {
		for (i = 0; i < nc; i++) {
			h.col = v->col0 + i;
			h.row = v->row0 + j;
			if (h.col <= v->map_w && h.row <= v->map_h)
				draw_hex(w, v, p, pal, h, mark_cursor);
		}
	}
	mapview_draw_marks(w, v, p, pal, geom_hex_to_screen, GEOM_CELL_W);
	mapview_blanks_follow(w);
	wattrset(w, A_NORMAL);
}

void
mapview_hex_info(const struct play *p, struct hex h, struct theme_hex *out)
{
	hex_info(p, h, out);
}
