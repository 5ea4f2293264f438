/*
 * The compact map's projection (see compact.h).
 */
#include "config.h"

#include "ui/compact.h"

#include <string.h>

/* ASCII facings, one column each: N NE SE S SW NW. */
static const char *const ascii_facings[FACING_COUNT] = { "^", "/", ">",
							 "v", "<", "\\" };

int
compact_map_width(int map_w, int map_h)
{
	/* The ruler, the hexes, the even rows' shift, the last mark column. */
	return COMPACT_RULER_W + map_w * COMPACT_HEX_W +
	       (map_h > 1 ? COMPACT_SHIFT : 0) + 1;
}

int
compact_map_height(int map_h)
{
	return COMPACT_RULER_H + map_h;
}

int
compact_cols_visible(const struct geom_view *v)
{
	int n =
	    (v->width - COMPACT_RULER_W - COMPACT_SHIFT - 1) / COMPACT_HEX_W;

	return geom_clamp(n, 0, v->map_w);
}

int
compact_rows_visible(const struct geom_view *v)
{
	return geom_clamp(v->height - COMPACT_RULER_H, 0, v->map_h);
}

bool
compact_hex_to_screen(const struct geom_view *v, struct hex h, int *x, int *y)
{
	int i = h.col - v->col0, j = h.row - v->row0;

	*x = COMPACT_RULER_W + 1 + i * COMPACT_HEX_W +
	     geom_row_shift(h.row, COMPACT_SHIFT);
	*y = COMPACT_RULER_H + j;
	return h.col >= 1 && h.col <= v->map_w && h.row >= 1 &&
	       h.row <= v->map_h && i >= 0 && i < compact_cols_visible(v) &&
	       j >= 0 && j < compact_rows_visible(v);
}

bool
compact_screen_to_hex(const struct geom_view *v, int x, int y, struct hex *out)
{
	struct hex h;
	int rel, tx, ty;

	h.row = v->row0 + y - COMPACT_RULER_H;
	rel = x - COMPACT_RULER_W - geom_row_shift(h.row, COMPACT_SHIFT);
	if (y < COMPACT_RULER_H || rel < 0)
		return false;
	h.col = v->col0 + rel / COMPACT_HEX_W;
	if (!compact_hex_to_screen(v, h, &tx, &ty))
		return false;
	*out = h;
	return true;
}

bool
compact_scroll_to(struct geom_view *v, struct hex h)
{
	return geom_scroll_view(v, h, compact_cols_visible(v),
				compact_rows_visible(v));
}

bool
compact_column_label_x(const struct geom_view *v, int col, int *x)
{
	int i = col - v->col0;

	if (i < 0 || i >= compact_cols_visible(v) || col > v->map_w)
		return false;
	/* Over the middle and last of the three content columns of an odd
	 * row's hex: the even row's hex starts under the label's end. */
	*x = COMPACT_RULER_W + 1 + i * COMPACT_HEX_W + 1;
	return true;
}

char
compact_ascii_facing(enum facing f)
{
	return f >= 0 && f < FACING_COUNT ? ascii_facings[f][0] : '?';
}

void
compact_cell(const struct theme *t, const struct theme_hex *h,
	     struct theme_cell *out)
{
	struct theme_cell c;

	theme_cell(t, h, &c);
	if (h->unit && h->sp >= 0 && h->sp <= 9) {
		out->glyph[0] = c.glyph[0];
		out->glyph[1] =
		    t->unicode ? c.glyph[1] : ascii_facings[h->facing];
		out->glyph[2] = t->unicode ? c.glyph[2] : c.glyph[3];
		out->role[0] = out->role[1] = out->role[2] = c.role[0];
		return;
	}
	/* A mark or the road, else the terrain's first character. */
	if (strcmp(c.glyph[0], " ") != 0) {
		out->glyph[0] = c.glyph[0];
		out->role[0] = c.role[0];
	} else {
		out->glyph[0] = c.glyph[1];
		out->role[0] = c.role[1];
	}
	out->glyph[1] = c.glyph[2];
	out->role[1] = c.role[2];
	/* The elevation or face letter, else the terrain's last. */
	if (strcmp(c.glyph[4], " ") != 0) {
		out->glyph[2] = c.glyph[4];
		out->role[2] = c.role[4];
	} else {
		out->glyph[2] = c.glyph[3];
		out->role[2] = c.role[3];
	}
}
