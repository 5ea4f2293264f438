/*
 * Role -> attribute (see palette.h).  Pairs are numbered from 1 in the
 * order first asked for; a terminal with too few pairs gets the
 * attributes without colour rather than wrong colours.
 */
#include "config.h"

#include "ui/palette.h"

#include <string.h>

void
palette_init(struct palette *pal, const struct theme *theme)
{
	memset(pal, 0, sizeof *pal);
	pal->theme = theme;
	if (theme->colour)
		pal->default_colours = use_default_colors() == OK;
}

static short
pair_for(struct palette *pal, int fg, int bg)
{
	short i;

	for (i = 0; i < pal->npairs; i++)
		if (pal->made[i].fg == fg && pal->made[i].bg == bg)
			return (short)(i + 1);
	if (pal->npairs + 1 >= COLOR_PAIRS || pal->npairs >= PALETTE_PAIRS)
		return 0;
	pal->made[pal->npairs].fg = (short)fg;
	pal->made[pal->npairs].bg = (short)bg;
	if (!pal->default_colours) {
		/* No "terminal default": assume light on dark. */
		if (fg < 0)
			fg = COLOR_WHITE;
		if (bg < 0)
			bg = COLOR_BLACK;
	}
	if (init_pair((short)(pal->npairs + 1), (short)fg, (short)bg) != OK)
		return 0;
	return ++pal->npairs;
}

static attr_t
attrs_of(unsigned a)
{
	attr_t r = A_NORMAL;

	if (a & TA_BOLD)
		r |= A_BOLD;
	if (a & TA_UNDERLINE)
		r |= A_UNDERLINE;
	if (a & TA_REVERSE)
		r |= A_REVERSE;
	if (a & TA_DIM)
		r |= A_DIM;
	return r;
}

attr_t
palette_attr_on(struct palette *pal, enum theme_role role, int bg)
{
	struct theme_style s = theme_style_on(pal->theme, role, bg);
	attr_t a = attrs_of(s.attr);
	int b = s.bg != TC_DEFAULT ? s.bg : bg;

	if (pal->theme->colour && (s.fg != TC_DEFAULT || b != TC_DEFAULT))
		a |= COLOR_PAIR(pair_for(pal, s.fg, b));
	return a;
}

attr_t
palette_attr(struct palette *pal, enum theme_role role)
{
	return palette_attr_on(pal, role, TC_DEFAULT);
}
