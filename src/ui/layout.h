/*
 * Where each part of the screen goes for a terminal size: the status
 * line on top, the map, the panel for the hex under the cursor, the log,
 * a message line and the prompt at the bottom.  Pure arithmetic, no
 * curses, so tests can check every size.
 *
 * Below LAYOUT_MIN_COLS x LAYOUT_MIN_LINES nothing is drawn but a note of
 * the size needed.  The panel stands right of the map and the log runs
 * under both; from LAYOUT_WIDE_COLS columns the panel is at least
 * LAYOUT_PANEL_WIDE_W wide, and from LAYOUT_TALL_LINES lines the log has
 * at least LAYOUT_LOG_TALL_H lines.
 */
#ifndef ANCIENTS_UI_LAYOUT_H
#define ANCIENTS_UI_LAYOUT_H

#include <stdbool.h>

#define LAYOUT_MIN_COLS 80
#define LAYOUT_MIN_LINES 24
#define LAYOUT_WIDE_COLS 120   /* from here a wider panel */
#define LAYOUT_TALL_LINES 40   /* from here a taller log */
#define LAYOUT_PANEL_MIN_W 24  /* the panel's least width */
#define LAYOUT_PANEL_WIDE_W 40 /* ... on a wide screen */
#define LAYOUT_PANEL_MIN_H 14  /* lines the panel wants */
#define LAYOUT_LOG_MIN_H 5     /* least lines of log, its rule included */
#define LAYOUT_LOG_TALL_H 10   /* ... on a tall screen */

struct rect {
	int y; /* top line */
	int x; /* left column */
	int h; /* lines */
	int w; /* columns */
};

struct layout {
	bool fits;	    /* the terminal is big enough to play */
	bool wide;	    /* the wider panel */
	struct rect status; /* turn, phase, side, breakpoints */
	struct rect map;    /* the map view, rulers included */
	struct rect panel;  /* unit or hex under the cursor */
	struct rect log;    /* events */
	struct rect msg;    /* errors, hints, completions */
	struct rect prompt; /* the command line */
	struct rect page;   /* a page over the map, panel and log, framed */
	int log_rows;	    /* lines of log shown (under the log's rule) */
	int page_rows;	    /* lines of a page's text inside its frame */
	bool panel_below;   /* compact: the panel is a strip under the map */
};

/*
 * Lays out a cols x lines screen for a map that needs map_w x map_h
 * character cells to show whole (see geom_map_width()).  Cannot fail;
 * check fits.  Every rect lies inside the screen and none overlap.
 */
void layout_compute(struct layout *l, int cols, int lines, int map_w,
		    int map_h);
/*
 * The same for the compact map (compact.h), which needs map_w x map_h
 * cells: where the map leaves the panel too little room at its right,
 * the panel is a strip of LAYOUT_STRIP_H lines under the map, and the
 * log keeps its least height under that.
 */
#define LAYOUT_STRIP_H 3
void layout_compute_compact(struct layout *l, int cols, int lines, int map_w,
			    int map_h);

/*
 * Gives the panel the rows for a card of card_rows lines (as cardfit.h
 * measures them at the panel's width, less the margin): under the
 * LAYOUT_HOVER_H rows of the hex beside the map, the map and panel
 * growing down together; under the hex's one line in the strip.  The
 * rows come from the log, which keeps LAYOUT_LOG_LEAST_H (its rule
 * included); a card longer than that leaves is cut.
 */
#define LAYOUT_HOVER_H 2     /* the hex and its unit (what the terrain
			      * does is on the rules page too) */
#define LAYOUT_LOG_LEAST_H 3 /* the log's rule and two lines */
void layout_fit_card(struct layout *l, int card_rows);

/*
 * Where What happened goes while a decision is asked (an advance, the
 * initiative), so that the map it is about stays in view: full width
 * under the map, down to the message line, at least LAYOUT_NEWS_LOW_H
 * lines (its frame included), over the map's last lines if it must.
 */
#define LAYOUT_NEWS_LOW_H 7
void layout_news_low(const struct layout *l, struct rect *out);

#endif
