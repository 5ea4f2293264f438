/*
 * The compact map view (compact.h): the whole battlefield at one line
 * per hex row, drawn into a curses window.  Scrolls to keep the cursor
 * in view when the map is larger than the window.
 */
#ifndef ANCIENTS_UI_MAPCOMPACT_H
#define ANCIENTS_UI_MAPCOMPACT_H

#include <curses.h>
#include <stdbool.h>

#include "ui/geom.h"

struct play;
struct palette;

/* Draws the view; the cursor's hex in reverse video if mark_cursor (else
 * the caller puts the terminal's own cursor there). */
void mapcompact_draw(WINDOW *w, struct geom_view *v, const struct play *p,
		     struct palette *pal, bool mark_cursor);

#endif
