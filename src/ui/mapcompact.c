/*
 * The compact map's drawing (see mapcompact.h and compact.h): rulers,
 * then each visible hex's three characters, then the targets' brackets
 * and the selection's marks in the columns between hexes.  The cursor's
 * hex is in reverse video; a unit with a general is underlined and
 * bold (all three characters: one attribute string in and out, not
 * four).
 */
#include "config.h"

#include "ui/mapcompact.h"

#include <stdio.h>

#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "ui/compact.h"
#include "ui/mapview.h"
#include "ui/palette.h"
#include "ui/play.h"
#include "ui/theme.h"

static void
draw_rulers(WINDOW *w, const struct geom_view *v, struct palette *pal)
{
	attr_t a = palette_attr(pal, ROLE_RULER);
	int nr = compact_rows_visible(v), j, col, x;

	for (col = v->col0; col <= v->map_w; col++) {
		if (!compact_column_label_x(v, col, &x))
			break;
		mapview_put_label(w, 0, x, a, col);
	}
	for (j = 0; j < nr; j++)
		mapview_put_label(w, COMPACT_RULER_H + j, 0, a, v->row0 + j);
}

static void
draw_hex(WINDOW *w, const struct geom_view *v, const struct play *p,
	 struct palette *pal, struct hex h, bool mark_cursor)
{
	const struct theme *th = pal->theme;
	struct theme_hex info = { 0 };
	struct theme_cell cell;
	int x, y, i, bg;
	attr_t cursor, general;

	if (!compact_hex_to_screen(v, h, &x, &y))
		return;
	info.face = -1;
	mapview_hex_info(p, h, &info);
	compact_cell(th, &info, &cell);
	bg = theme_terrain_bg(th, info.terrain);
	cursor =
	    mark_cursor && hex_equal(h, p->sel.cursor) ? A_REVERSE : A_NORMAL;
	/* Bold too: without colour the second side's units are underlined
	 * already, and the first side's bold. */
	general = info.unit && info.general ? A_UNDERLINE | A_BOLD : A_NORMAL;
	for (i = 0; i < COMPACT_CELL_W; i++)
		mapview_put(w, y, x + i,
			    (palette_attr_on(pal, cell.role[i], bg) ^ cursor) |
				general,
			    cell.glyph[i]);
}

void
mapcompact_draw(WINDOW *w, struct geom_view *v, const struct play *p,
		struct palette *pal, bool mark_cursor)
{
	int nc, nr, i, j;
	struct hex h;

	compact_scroll_to(v, p->sel.cursor);
	werase(w);
	draw_rulers(w, v, pal);
	nc = compact_cols_visible(v);
	nr = compact_rows_visible(v);
	for (j = 0; j < nr; j++)
		for (i = 0; i < nc; i++) {
			h.col = v->col0 + i;
			h.row = v->row0 + j;
			draw_hex(w, v, p, pal, h, mark_cursor);
		}
	mapview_draw_marks(w, v, p, pal, compact_hex_to_screen, COMPACT_CELL_W);
	mapview_blanks_follow(w);
	wattrset(w, A_NORMAL);
}
