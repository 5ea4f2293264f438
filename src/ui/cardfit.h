/*
 * How many screen rows a unit's card takes: beside the map, its lines
 * wrapped at the panel's width; in the strip under the compact map, its
 * lines joined into one paragraph ("selected: leg1 Legionaries; ...").
 * And the most any unit of a battle takes, so that the layout gives the
 * card the rows it needs (issue 31: at 80 x 24 the card was cut while
 * the log held empty rows).  No curses: the tests measure every shipped
 * battle with these.
 */
#ifndef ANCIENTS_UI_CARDFIT_H
#define ANCIENTS_UI_CARDFIT_H

#include <stddef.h>

#include "ui/text.h"

struct layout;
struct scenario;

/* The panel's columns that hold no text: one, left of it. */
#define CARDFIT_PANEL_MARGIN 1
/* The prefix of the strip's card. */
#define CARDFIT_STRIP_PREFIX "selected: "
/*
 * Rows a card may grow by in play over its length at the start: its
 * "this turn" line lists what the unit did ("charged wb2, attacked wb2,
 * lost SP" for "nothing yet"): wrapped in the panel, up to three rows
 * more; joined in the strip, one.
 */
#define CARDFIT_PLAY_ROWS 3
#define CARDFIT_PLAY_ROWS_JOINED 1

/* Rows the text's lines take wrapped at width, as the panel draws them
 * (a line's leading blanks indent its wrapped rows). */
int cardfit_rows(const struct text *card, int width);
/* The card's lines joined for the strip, after CARDFIT_STRIP_PREFIX. */
void cardfit_join(const struct text *card, char *buf, size_t len);
/* Rows the joined card takes at width. */
int cardfit_joined_rows(const struct text *card, int width);
/*
 * The rows the longest card of sc's units takes at the start of the
 * battle, at width: wrapped (joined false) or joined; and the rows it
 * may grow by in play (CARDFIT_PLAY_ROWS, CARDFIT_PLAY_ROWS_JOINED).
 */
int cardfit_need(const struct scenario *sc, int width, int joined);
/*
 * Gives the panel of l (laid out by layout_compute() or
 * layout_compute_compact()) the rows sc's longest card needs at the
 * panel's width less its margin of one column (layout_fit_card());
 * returns the card's rows, 0 where l does not fit.
 */
int cardfit_layout(struct layout *l, const struct scenario *sc);

#endif
