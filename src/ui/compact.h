/*
 * The compact map: every hex of a 16 x 12 battlefield at once in 80 x 24.
 * One line per hex row and four columns per hex, three of content (the
 * unit's letter, its facing and its SP, or the terrain) and one left of
 * them where the cursor's, the selection's and the targets' marks go.
 * Even rows are shifted half a hex (two columns) to the right, as in the
 * detailed view (geom.h).  Row numbers run down the left, column numbers
 * along the top over the odd rows' hexes:
 *
 *	    01  02  03  04
 *	01  L↑9  ♣ ♣ W↓7
 *	02    . ∴   A↗9   .
 *
 * Like geom.h, no curses here; the same struct geom_view holds the area
 * and the scroll, which only a map larger than the area needs.
 */
#ifndef ANCIENTS_UI_COMPACT_H
#define ANCIENTS_UI_COMPACT_H

#include <stdbool.h>

#include "core/hex.h"
#include "ui/geom.h"
#include "ui/theme.h"

#define COMPACT_CELL_W 3  /* content characters of one hex */
#define COMPACT_HEX_W 4	  /* content and the mark column left of it */
#define COMPACT_SHIFT 2	  /* even rows: half a hex to the right */
#define COMPACT_RULER_W 3 /* "01 " */
#define COMPACT_RULER_H 1 /* the column numbers */

/* Columns and lines the whole map needs, rulers included. */
int compact_map_width(int map_w, int map_h);
int compact_map_height(int map_h);
/* Whole hexes that fit across (in every row) and down. */
int compact_cols_visible(const struct geom_view *v);
int compact_rows_visible(const struct geom_view *v);
/* Where a hex's content starts; false when it is not wholly in view. */
bool compact_hex_to_screen(const struct geom_view *v, struct hex h, int *x,
			   int *y);
/* The hex drawn at a screen position (its content or its mark column). */
bool compact_screen_to_hex(const struct geom_view *v, int x, int y,
			   struct hex *out);
/* Scrolls the least that shows h (no margin); true if the origin moved. */
bool compact_scroll_to(struct geom_view *v, struct hex h);
/* Where a column's two-digit label starts, over its odd-row hexes. */
bool compact_column_label_x(const struct geom_view *v, int col, int *x);
/* The one-column facing a compact unit shows in ASCII: ^ / > v < \ */
char compact_ascii_facing(enum facing f);
/*
 * A hex's three characters, from what theme_cell() draws in five: a
 * unit's letter (lower case for the second side in monochrome), facing
 * and SP; or the terrain, a mark or road first and the elevation last
 * where there are any.  Only glyph[0..2] and role[0..2] are set.
 */
void compact_cell(const struct theme *t, const struct theme_hex *h,
		  struct theme_cell *out);

#endif
