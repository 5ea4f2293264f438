/*
 * Draws the start menu (menu.h) on a window: the screen's title, its
 * entries, the chosen entry's detail beside them, and the keys.
 */
#ifndef ANCIENTS_UI_MENUVIEW_H
#define ANCIENTS_UI_MENUVIEW_H

#include <curses.h>
#include <stdbool.h>

#include "ui/menu.h"

/* The entries a window of this height shows. */
int menuview_rows(int height);
/*
 * Draws m on w (the whole screen); unicode picks the arrows of the key
 * line.  Clamps m's detail scroll to the text.
 */
void menuview_draw(WINDOW *w, struct menu *m, bool unicode);

#endif
