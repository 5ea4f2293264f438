/*
 * The map view's projection (see geom.h for the picture).  Everything is
 * integer arithmetic on the view's origin: a hex's content starts at
 *
 *	x = GEOM_RULER_W + 1 + (col - col0) * GEOM_HEX_W + shift(row)
 *	y = GEOM_RULER_H + 1 + (row - row0) * GEOM_ROW_H
 *
 * with shift(row) = GEOM_SHIFT for even rows (R1.1) and 0 for odd ones.
 */
#include "config.h"

#include "ui/geom.h"

int
geom_row_shift(int row, int shift)
{
	return row % 2 == 0 ? shift : 0;
}

int
geom_clamp(int v, int lo, int hi)
{
	if (v > hi)
		v = hi;
	if (v < lo)
		v = lo;
	return v;
}

static int
row_shift(int row)
{
	return geom_row_shift(row, GEOM_SHIFT);
}

/* An origin on one axis held where the view shows no place off the map
 * (when the map is larger than the view). */
static int
clamp_origin_axis(int origin, int visible, int size)
{
	return geom_clamp(origin, 1,
			  size - visible + 1 > 1 ? size - visible + 1 : 1);
}

static void
clamp_origin(struct geom_view *v)
{
	v->col0 = clamp_origin_axis(v->col0, geom_cols_visible(v), v->map_w);
	v->row0 = clamp_origin_axis(v->row0, geom_rows_visible(v), v->map_h);
}

void
geom_init(struct geom_view *v, int width, int height, int map_w, int map_h)
{
	v->width = width;
	v->height = height;
	v->map_w = map_w;
	v->map_h = map_h;
	v->col0 = 1;
	v->row0 = 1;
}

void
geom_resize(struct geom_view *v, int width, int height)
{
	v->width = width;
	v->height = height;
	clamp_origin(v);
}

int
geom_cols_visible(const struct geom_view *v)
{
	int n = (v->width - GEOM_RULER_W - GEOM_SHIFT - 1) / GEOM_HEX_W;

	return n < 0 ? 0 : n;
}

int
geom_rows_visible(const struct geom_view *v)
{
	int n = (v->height - GEOM_RULER_H - 1) / GEOM_ROW_H;

	return n < 0 ? 0 : n;
}

int
geom_map_width(int map_w)
{
	return GEOM_RULER_W + map_w * GEOM_HEX_W + GEOM_SHIFT + 1;
}

int
geom_map_height(int map_h)
{
	return GEOM_RULER_H + map_h * GEOM_ROW_H + 1;
}

static bool
on_map(const struct geom_view *v, struct hex h)
{
	return h.col >= 1 && h.col <= v->map_w && h.row >= 1 &&
	       h.row <= v->map_h;
}

bool
geom_visible(const struct geom_view *v, struct hex h)
{
	int i = h.col - v->col0, j = h.row - v->row0;

	return on_map(v, h) && i >= 0 && i < geom_cols_visible(v) && j >= 0 &&
	       j < geom_rows_visible(v);
}

bool
geom_hex_to_screen(const struct geom_view *v, struct hex h, int *x, int *y)
{
	*x = GEOM_RULER_W + 1 + (h.col - v->col0) * GEOM_HEX_W +
	     row_shift(h.row);
	*y = GEOM_RULER_H + 1 + (h.row - v->row0) * GEOM_ROW_H;
	return geom_visible(v, h);
}

bool
geom_screen_to_hex(const struct geom_view *v, int x, int y, struct hex *out)
{
	int j = y - GEOM_RULER_H - 1, rel;
	struct hex h;

	if (j < 0 || j % GEOM_ROW_H != 0)
		return false;
	h.row = v->row0 + j / GEOM_ROW_H;
	rel = x - GEOM_RULER_W - 1 - row_shift(h.row);
	if (rel < 0)
		return false;
	h.col = v->col0 + rel / GEOM_HEX_W;
	if (!geom_visible(v, h))
		return false;
	*out = h;
	return true;
}

/*
 * Scrolls one axis so that pos shows; returns the origin.  Only when pos
 * is out of view, and by the least amount: a view that jumps while the
 * cursor is still in it loses the player's eye.
 */
static int
scroll_axis(int origin, int pos, int visible, int size)
{
	if (visible <= 0)
		return origin;
	if (pos < origin)
		origin = pos;
	if (pos > origin + visible - 1)
		origin = pos - visible + 1;
	return clamp_origin_axis(origin, visible, size);
}

bool
geom_scroll_view(struct geom_view *v, struct hex h, int cols, int rows)
{
	int c0 = v->col0, r0 = v->row0;

	v->col0 = scroll_axis(v->col0, h.col, cols, v->map_w);
	v->row0 = scroll_axis(v->row0, h.row, rows, v->map_h);
	return c0 != v->col0 || r0 != v->row0;
}

bool
geom_scroll_to(struct geom_view *v, struct hex h)
{
	return geom_scroll_view(v, h, geom_cols_visible(v),
				geom_rows_visible(v));
}

int
geom_separator_y(int j)
{
	return GEOM_RULER_H + j * GEOM_ROW_H;
}

/*
 * The horizontal extent of visible row index j, from its left border to
 * its right one; false when that row is not drawn.
 */
static bool
row_span(const struct geom_view *v, int j, int *start, int *end)
{
	int row = v->row0 + j, ncols;

	if (j < 0 || j >= geom_rows_visible(v) || row > v->map_h)
		return false;
	ncols = v->map_w - v->col0 + 1;
	if (ncols > geom_cols_visible(v))
		ncols = geom_cols_visible(v);
	if (ncols <= 0)
		return false;
	*start = GEOM_RULER_W + row_shift(row);
	*end = *start + ncols * GEOM_HEX_W;
	return true;
}

static bool
is_border(int x, int start, int end)
{
	return x >= start && x <= end && (x - start) % GEOM_HEX_W == 0;
}

unsigned
geom_separator_at(const struct geom_view *v, int j, int x)
{
	int as = 0, ae = 0, bs = 0, be = 0;
	bool above = row_span(v, j - 1, &as, &ae);
	bool below = row_span(v, j, &bs, &be);
	unsigned c = 0;

	if (above && is_border(x, as, ae))
		c |= GEOM_UP;
	if (below && is_border(x, bs, be))
		c |= GEOM_DOWN;
	if ((above && x > as && x <= ae) || (below && x > bs && x <= be))
		c |= GEOM_LEFT;
	if ((above && x >= as && x < ae) || (below && x >= bs && x < be))
		c |= GEOM_RIGHT;
	return c;
}

bool
geom_column_label_x(const struct geom_view *v, int col, bool even, int *x)
{
	int i = col - v->col0;

	if (col < 1 || col > v->map_w || i < 0 || i >= geom_cols_visible(v))
		return false;
	*x = GEOM_RULER_W + 1 + i * GEOM_HEX_W + (even ? GEOM_SHIFT : 0) +
	     (GEOM_CELL_W - 2) / 2;
	return true;
}
