/*
 * The look of the game, without curses: which characters draw terrain,
 * units, facings and lines (Unicode in a UTF-8 locale, ASCII otherwise
 * or with --ascii), and which colours and attributes each screen role
 * gets (a colour scheme, and a monochrome one for terminals without
 * colour or with NO_COLOR set).  tui.c turns styles into curses
 * attributes; mapview.c asks theme_cell() what to put in each hex.
 *
 * Every glyph is one terminal column wide.  An empty hex's five columns:
 *
 *	0	a mark of the selected unit (move, arc), else the road
 *	1-3	the terrain (a fortified settlement: walls round the house)
 *	4	the elevation, or the selected unit's face letter; then the
 *		elevation moves to 3
 */
#ifndef ANCIENTS_UI_THEME_H
#define ANCIENTS_UI_THEME_H

#include <stdbool.h>

#include "core/hex.h"
#include "core/map.h"
#include "ui/geom.h"

struct scenario;

struct unit_type;

/* Colours, numbered as the ANSI and curses ones; -1 the terminal's own.
 * The 256-colour scheme uses xterm's numbers 16-255 as well. */
enum theme_colour {
	TC_DEFAULT = -1,
	TC_BLACK,
	TC_RED,
	TC_GREEN,
	TC_YELLOW,
	TC_BLUE,
	TC_MAGENTA,
	TC_CYAN,
	TC_WHITE,
};

#define TA_BOLD 1u
#define TA_UNDERLINE 2u
#define TA_REVERSE 4u
#define TA_DIM 8u

struct theme_style {
	short fg; /* enum theme_colour, or 16-255 */
	short bg; /* enum theme_colour, or 16-255 */
	unsigned attr;	/* TA_* */
};

enum theme_role {
	ROLE_TEXT,    /* plain text */
	ROLE_BORDER,  /* hex outlines */
	ROLE_RULER,   /* hex numbers round the map */
	ROLE_TERRAIN, /* + enum terrain: terrain glyphs */
	ROLE_HILL = ROLE_TERRAIN + TERRAIN_COUNT, /* elevation mark */
	ROLE_ROAD,
	ROLE_SIDE0,	   /* a unit of the first side */
	ROLE_SIDE1,	   /* a unit of the second side */
	ROLE_MARK_MOVE,	   /* a hex the selected unit may move to */
	ROLE_MARK_ARC,	   /* a hex in its shooting arc */
	ROLE_FACE,	   /* its front, flank and rear hexes */
	ROLE_TARGET,	   /* brackets round an enemy it may act on */
	ROLE_SELECTED,	   /* marks round the selected unit */
	ROLE_VICTORY,	   /* the flag on an empty victory hex */
	ROLE_STATUS,	   /* the status line */
	ROLE_STATUS_SIDE0, /* the status line in side 0's turn */
	ROLE_STATUS_SIDE1,
	ROLE_TITLE,	  /* panel and screen headings */
	ROLE_DIM,	  /* less important text */
	ROLE_ERROR,	  /* refusals and errors */
	ROLE_NOTICE,	  /* questions and important news */
	ROLE_LOG_COMMAND, /* a command echoed in the log */
	ROLE_COUNT
};

/*
 * The colour scheme.  Every colour it puts on the terminal's own
 * background reads (contrast 3:1 or more, WCAG) on white and on black
 * alike, unless the background is known to be dark.
 */
enum theme_scheme {
	THEME_MONO,	   /* no colour: attributes only */
	THEME_COLOUR8,	   /* the eight colours, the background unknown */
	THEME_COLOUR8_DARK, /* the eight, on a dark background */
	THEME_COLOUR256,   /* xterm's 256 colours */
};

/* What is known of the terminal's background colour. */
enum theme_background {
	THEME_BG_UNKNOWN,
	THEME_BG_DARK,
	THEME_BG_LIGHT,
};

struct theme {
	bool unicode;		  /* Unicode glyphs, else ASCII */
	enum theme_scheme colour; /* true (THEME_COLOUR8) or more: colour */
};

/*
 * The background, from TERM (the Linux console's is black) and
 * $COLORFGBG ("FG;BG" or "FG;X;BG", set by rxvt, Konsole and others:
 * BG 0-6 or 8 is dark, 7 and 9-15 light).  Either may be NULL.
 */
enum theme_background theme_background_guess(const char *term,
					     const char *colorfgbg);

/* The style of a role in the theme's scheme. */
struct theme_style theme_style(const struct theme *t, enum theme_role r);
/* The same on background bg (a terrain's, TC_DEFAULT for none): the
 * selection's marks are a coloured glyph where the hex has no
 * background, a block of colour where it has one. */
struct theme_style theme_style_on(const struct theme *t, enum theme_role r,
				  int bg);
/* The background a terrain gives its hex (TC_DEFAULT for none). */
int theme_terrain_bg(const struct theme *t, enum terrain ter);

/* What is in a hex, as mapview.c finds it. */
enum theme_mark {
	MARK_NONE,
	MARK_MOVE, /* the selected unit may move here */
	MARK_ARC,  /* in the selected unit's shooting arc */
};

struct theme_hex {
	enum terrain terrain;
	int elevation; /* 0-2 */
	bool road;
	bool fortified;
	bool unit;  /* a unit stands here; then: */
	int side;   /* 0 or 1 */
	char glyph; /* theme_unit_glyph() */
	enum facing facing;
	int sp;		      /* strength points left, 1-9 */
	bool general;	      /* a general is attached */
	enum theme_mark mark; /* empty hexes only */
	bool victory;	      /* a hex a side must hold (shown empty) */
	int face;	      /* enum face of the selected unit, or -1 */
};

/* The content of one hex: a glyph and a role for each character. */
struct theme_cell {
	const char *glyph[GEOM_CELL_W]; /* static strings */
	enum theme_role role[GEOM_CELL_W];
};

void theme_cell(const struct theme *t, const struct theme_hex *h,
		struct theme_cell *out);

/* An upper-case letter for a unit type ("L" legionaries, ...). */
char theme_unit_glyph(const struct unit_type *type);
/*
 * The letters of a scenario's types (out[sc->ntypes]): a built-in type's
 * own; a type of the scenario's the first letter of its name that no face
 * mark (F L R B) and no other type with units in the battle shows (the
 * name's initial first, then its other letters, then the key's), else
 * the first letter of its name.
 */
void theme_unit_glyphs(const struct scenario *sc, char *out);
/* The arrow (or ASCII letters) for a facing, as drawn in a hex. */
const char *theme_arrow(const struct theme *t, enum facing f);
/* The line character for GEOM_UP | GEOM_DOWN | ... connections. */
const char *theme_line(const struct theme *t, unsigned conn);
/* What ends a text cut short: an ellipsis, "..." in ASCII. */
const char *theme_ellipsis(const struct theme *t);
/* Characters round a hex: brackets for targets, pointers for the
 * selected unit.  which: 0 left, 1 right; for a target, 2 the column two
 * neighbouring targets share (one cell cannot hold "][" ). */
const char *theme_target_bracket(const struct theme *t, int which);
const char *theme_selected_mark(const struct theme *t, int which);
/* Names used in the legend: terrain glyph as a short string. */
const char *theme_terrain_glyph(const struct theme *t, enum terrain ter,
				bool fortified);
const char *theme_elevation_glyph(const struct theme *t, int elevation);
/* A fortified settlement's three characters, walls round the house. */
const char *theme_fortified_glyph(const struct theme *t);
const char *theme_general_glyph(const struct theme *t);
/* The flag in the middle of an empty victory hex. */
const char *theme_victory_glyph(const struct theme *t);
const char *theme_road_glyph(const struct theme *t);
const char *theme_mark_glyph(const struct theme *t, enum theme_mark m);
/* The letter marking a face: F front, L and R flanks, B rear. */
const char *theme_face_glyph(enum face f);

#endif
