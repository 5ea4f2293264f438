/*
 * Everything on screen but the map: the status line, the panel for the
 * hex under the cursor, the log, the message line, the prompt, the pages
 * (help, rules, briefing, news, the end) and the note shown when the
 * terminal is too small.  Each function draws one window from the play
 * and leaves it for wnoutrefresh().
 */
#ifndef ANCIENTS_UI_PANEL_H
#define ANCIENTS_UI_PANEL_H

#include <curses.h>

struct play;
struct palette;

void panel_status_draw(WINDOW *w, const struct play *p, struct palette *pal);
void panel_info_draw(WINDOW *w, const struct play *p, struct palette *pal);
/* The same in a strip of a few full-width lines (under the compact map):
 * the hex and the selection on one line, the unit's lines joined. */
void panel_strip_draw(WINDOW *w, const struct play *p, struct palette *pal);
/* Draws the log (the layout's log_rows lines under its rule). */
void panel_log_draw(WINDOW *w, const struct play *p, struct palette *pal);
void panel_msg_draw(WINDOW *w, const struct play *p, struct palette *pal);
/* Draws the prompt; returns the column of the line's cursor. */
int panel_prompt_draw(WINDOW *w, const struct play *p, struct palette *pal);
/*
 * Draws the page on show, framed (the frame holds the layout's
 * page_rows lines of text); returns the lines the page wraps to.
 */
int panel_page_draw(WINDOW *w, const struct play *p, struct palette *pal);
/* The whole screen, when it is smaller than the game needs. */
void panel_too_small_draw(WINDOW *w, const struct play *p, struct palette *pal,
			  int cols, int lines);

#endif
