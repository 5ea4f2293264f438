/*
 * The map view: draws the battlefield into a curses window, hex by hex,
 * from the game and the play's cursor, selection and highlights, through
 * the projection of geom.h and the glyphs of theme.h.  Scrolls to keep
 * the cursor in view.
 */
#ifndef ANCIENTS_UI_MAPVIEW_H
#define ANCIENTS_UI_MAPVIEW_H

#include <curses.h>
#include <stdbool.h>

#include "ui/geom.h"

struct play;
struct palette;

/* Draws the whole view (rulers, outlines, hexes); scrolls v first so
 * that the cursor shows, and draws its hex in reverse video if
 * mark_cursor (else the caller puts the terminal's own cursor there).
 * Leaves the window for wnoutrefresh(). */
void mapview_draw(WINDOW *w, struct geom_view *v, const struct play *p,
		  struct palette *pal, bool mark_cursor);

/* s at y, x in attribute a: how both maps write a cell. */
void mapview_put(WINDOW *w, int y, int x, attr_t a, const char *s);

/* A ruler's label: the column or row number n in two digits. */
void mapview_put_label(WINDOW *w, int y, int x, attr_t a, int n);

/* A view's hex to its screen cell (geom_hex_to_screen, compact_...). */
typedef bool mapview_to_screen_fn(const struct geom_view *v, struct hex h,
				  int *x, int *y);

/*
 * Brackets round the targets and marks round the selected unit, either
 * side of a cell cell_w columns wide: the same in both maps.
 */
void mapview_draw_marks(WINDOW *w, const struct geom_view *v,
			const struct play *p, struct palette *pal,
			mapview_to_screen_fn *to_screen, int cell_w);

/*
 * A blank looks the same bold or not, and in any foreground colour: each
 * blank (a space, not in reverse video or underlined) of the window takes
 * the boldness of the character before it in its line, and its colour
 * pair where the next character has the same pair and the background is
 * the same, so that the terminal is not told to switch bold or a colour
 * off and on again between two such characters (a full attribute string,
 * or a colour, each way).
 */
void mapview_blanks_follow(WINDOW *w);

/* What theme_cell() needs to know of hex h, from the game on show and
 * the play's marks (for the compact map too). */
struct theme_hex;
void mapview_hex_info(const struct play *p, struct hex h,
		      struct theme_hex *out);

#endif
