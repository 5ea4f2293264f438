/*
 * Curses attributes for the theme's roles: colour pairs made on demand
 * from the scheme's (fg, bg) styles, or plain attributes in monochrome.
 * The one place that turns theme.h's styles into attr_t.
 */
#ifndef ANCIENTS_UI_PALETTE_H
#define ANCIENTS_UI_PALETTE_H

#include <curses.h>
#include <stdbool.h>

#include "ui/theme.h"

/* The most pairs a scheme asks for (it uses about 30). */
#define PALETTE_PAIRS 64

struct palette {
	const struct theme *theme; /* borrowed */
	bool default_colours;	   /* use_default_colors() worked */
	struct {
		short fg, bg;	   /* as the theme gives them */
	} made[PALETTE_PAIRS];	   /* pair i + 1 */
	short npairs;		   /* pairs made */
};

/* Sets up after initscr() and start_color() (when theme->colour). */
void palette_init(struct palette *pal, const struct theme *theme);

/* The attribute of a role. */
attr_t palette_attr(struct palette *pal, enum theme_role role);
/* The same, on background bg where the role has none of its own. */
attr_t palette_attr_on(struct palette *pal, enum theme_role role, int bg);

#endif
