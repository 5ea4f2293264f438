/*
 * Hex <-> screen projection of the map view, with no curses in sight so
 * that tests link it alone.
 *
 * The map is drawn as a brick wall (R1.1): each hex is GEOM_HEX_W columns
 * wide (GEOM_CELL_W of content and one border) and GEOM_ROW_H lines tall
 * (a separator line above, then the content line).  Even rows are shifted
 * half a hex to the right.  A ruler of row numbers runs down the left
 * (GEOM_RULER_W columns) and one of column numbers along the top
 * (GEOM_RULER_H lines).  Coordinates are relative to the map area's
 * top-left corner; offset hexes (col, row) are the engine's struct hex.
 *
 *	    01    02    03
 *	 ┌─────┬─────┬─────┐
 *	01│ L↑9 │ ♣ ♣ │     │
 *	 └──┬──┴──┬──┴──┬──┴──┐
 *	02   │     │ W↓9 │     │
 */
#ifndef ANCIENTS_UI_GEOM_H
#define ANCIENTS_UI_GEOM_H

#include <stdbool.h>

#include "core/hex.h"

#define GEOM_CELL_W 5  /* content characters of one hex */
#define GEOM_HEX_W 6   /* content plus the border on its left */
#define GEOM_SHIFT 3   /* even rows: half a hex to the right */
#define GEOM_ROW_H 2   /* separator line and content line */
#define GEOM_RULER_W 3 /* "01 " */
#define GEOM_RULER_H 1 /* the column numbers */

struct geom_view {
	int width;  /* map area, columns */
	int height; /* map area, lines */
	int map_w;  /* map size in hexes */
	int map_h;
	int col0; /* first visible column, 1-based */
	int row0; /* first visible row, 1-based */
};

/* Sets up a view of a map_w x map_h map in a width x height area. */
void geom_init(struct geom_view *v, int width, int height, int map_w,
	       int map_h);
/* Resizes the area, keeping the origin where it still makes sense. */
void geom_resize(struct geom_view *v, int width, int height);

/* Whole hexes that fit across and down (at least 0). */
int geom_cols_visible(const struct geom_view *v);
int geom_rows_visible(const struct geom_view *v);
/* Columns and lines the whole map needs, rulers included. */
int geom_map_width(int map_w);
int geom_map_height(int map_h);

/*
 * Where a hex's content starts (its first of GEOM_CELL_W characters);
 * false when the hex is not wholly inside the view.  x and y are set
 * either way.
 */
bool geom_hex_to_screen(const struct geom_view *v, struct hex h, int *x,
			int *y);
/*
 * The hex drawn at a screen position (content or the border right of it);
 * false for rulers, separator lines and places with no hex of the map.
 */
bool geom_screen_to_hex(const struct geom_view *v, int x, int y,
			struct hex *out);
bool geom_visible(const struct geom_view *v, struct hex h);
/*
 * Scrolls the least amount that shows h, and not at all while h is in
 * view; returns true when the origin changed.
 */
bool geom_scroll_to(struct geom_view *v, struct hex h);
/*
 * The same for a view that shows cols x rows hexes (the compact map):
 * moves the origin only when h is out of view, and by the least amount.
 */
bool geom_scroll_view(struct geom_view *v, struct hex h, int cols, int rows);

/* How far row is shifted right in a view whose even rows shift by
 * shift columns (R1.1): shift for an even row, 0 for an odd one. */
int geom_row_shift(int row, int shift);
/* v held within lo..hi (lo wins when hi < lo). */
int geom_clamp(int v, int lo, int hi);

/* Line of the separator above visible row index j (0 = first row). */
int geom_separator_y(int j);

/*
 * Box-drawing connections at one place on a separator line: which of
 * up, down, left and right the line continues to.  Separator j lies
 * between visible rows j-1 (above, if j > 0) and j (below, if it is
 * visible; the bottom separator has none below).
 */
#define GEOM_UP 1
#define GEOM_DOWN 2
#define GEOM_LEFT 4
#define GEOM_RIGHT 8
unsigned geom_separator_at(const struct geom_view *v, int j, int x);

/*
 * Where the two-digit ruler label of a column starts, centred over the
 * column's hexes in odd rows (even false) or even rows (even true); false
 * when the column is not visible.
 */
bool geom_column_label_x(const struct geom_view *v, int col, bool even, int *x);

#endif
