/*
 * What the terminal in front of the game can do, asked of terminfo once:
 * whether curses can drive it at all (a known type that can move the
 * cursor; else a message that says what to do instead), and the theme
 * it gets: the glyph set its font can show and the colour scheme that
 * reads on its background (theme.h).  The only module that judges TERM.
 */
#ifndef ANCIENTS_UI_TERMCAPS_H
#define ANCIENTS_UI_TERMCAPS_H

#include <curses.h>
#include <stdbool.h>

#include "ui/theme.h"

/*
 * Opens the curses screen on standard input and output.  Returns it, or
 * NULL after saying on standard error why this terminal cannot be
 * driven and what to try instead (a dumb terminal, an unknown TERM).
 */
SCREEN *termcaps_open(void);

/*
 * The glyph set: Unicode only in a UTF-8 locale, on a terminal whose
 * description shows UTF-8, whose fonts have the glyphs (not the Linux
 * console), and without --ascii (ascii).  After termcaps_open().
 */
bool termcaps_unicode(bool ascii);

/*
 * Sets t's colour scheme: none when the terminal has no colour or
 * NO_COLOR is set, else by its colours (256 or 8) and, with 8, what is
 * known of its background.  Calls start_color() when colour is on.
 * After termcaps_open().
 */
void termcaps_colours(struct theme *t);

#endif
