/*
 * Glyphs and colour schemes (see theme.h).  The tables are indexed by the
 * engine's enums; ASCII glyphs use the scenario format's terrain codes
 * where there is one, so a scenario's author reads the map at once.
 */
#include "config.h"

#include "ui/theme.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "core/xmalloc.h"

struct terrain_glyphs {
	const char *u[3]; /* Unicode, the three middle characters */
	const char *a[3]; /* ASCII */
};

/* In ASCII no terrain is the letter of a built-in unit type, in either
 * case: without colour the second side's units are lower case. */
static const struct terrain_glyphs terrain_glyphs[TERRAIN_COUNT] = {
	[TERRAIN_CLEAR] = { { " ", " ", " " }, { " ", " ", " " } },
	[TERRAIN_WOODS] = { { "♣", " ", "♣" }, { "&", " ", "&" } },
	[TERRAIN_ROUGH] = { { "∴", " ", "∴" }, { "r", " ", "r" } },
	[TERRAIN_SWAMP] = { { "„", " ", "„" }, { ",", " ", "," } },
	[TERRAIN_RIVER] = { { "≈", "≈", "≈" }, { "~", "~", "~" } },
	[TERRAIN_FORD] = { { "≈", "ƒ", "≈" }, { "~", "f", "~" } },
	[TERRAIN_BRIDGE] = { { "≈", "╪", "≈" }, { "~", "b", "~" } },
	[TERRAIN_SETTLEMENT] = { { " ", "⌂", " " }, { " ", "@", " " } },
};

/* Walls round the settlement: not brackets, which mark targets. */
static const struct terrain_glyphs fortified_glyphs = { { "║", "⌂", "║" },
							{ "#", "@", "#" } };

/* Single-character strings for letters and digits. */
static const char alnum[62][2] = { "A", "B", "C", "D", "E", "F", "G", "H", "I",
				   "J", "K", "L", "M", "N", "O", "P", "Q", "R",
				   "S", "T", "U", "V", "W", "X", "Y", "Z", "a",
				   "b", "c", "d", "e", "f", "g", "h", "i", "j",
				   "k", "l", "m", "n", "o", "p", "q", "r", "s",
				   "t", "u", "v", "w", "x", "y", "z", "0", "1",
				   "2", "3", "4", "5", "6", "7", "8", "9" };

static const char *
char_string(char c)
{
	if (c >= 'A' && c <= 'Z')
		return alnum[c - 'A'];
	if (c >= 'a' && c <= 'z')
		return alnum[26 + c - 'a'];
	if (c >= '0' && c <= '9')
		return alnum[52 + c - '0'];
	return "?";
}

static const char *const arrows_u[FACING_COUNT] = {
	"↑", "↗", "↘", "↓", "↙", "↖",
};

static const char *const arrows_a[FACING_COUNT][2] = {
	{ "N", " " }, { "N", "E" }, { "S", "E" },
	{ "S", " " }, { "S", "W" }, { "N", "W" },
};

/*
 * The colour schemes: { fg, bg, attr } per role.  A colour on the
 * terminal's own background must read on white and on black alike
 * (contrast 3:1 or more, WCAG 2 relative luminance, with xterm's colour
 * values: tests/test_ui_contrast.c computes it), since xterm, urxvt and
 * many desktops' terminals are black on white.  Bold turns colours 0-7
 * into their bright versions in most terminals: both must read.
 *
 * With eight colours only red and magenta read on both, so the rest of
 * the map is drawn in the terminal's own colour, or black on a block of
 * colour; where the background is known to be dark (the Linux console,
 * $COLORFGBG) the brighter scheme of dark_styles is used instead.
 */
static const struct theme_style safe8_styles[ROLE_COUNT] = {
	[ROLE_TEXT] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_BORDER] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_RULER] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_CLEAR] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_WOODS] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_ROUGH] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_SWAMP] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_RIVER] = { TC_BLUE, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_FORD] = { TC_BLUE, TC_DEFAULT, 0 },
	/* Not bold: bold black is grey in most terminals. */
	[ROLE_TERRAIN + TERRAIN_BRIDGE] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_TERRAIN +
	    TERRAIN_SETTLEMENT] = { TC_MAGENTA, TC_DEFAULT, TA_BOLD },
	[ROLE_HILL] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_ROAD] = { TC_DEFAULT, TC_DEFAULT, 0 },
	/* Not bold: xterm draws bold by striking the glyph twice, one pixel
	 * apart, which runs the facing arrow into the letter and digit. */
	[ROLE_SIDE0] = { TC_WHITE, TC_RED, 0 },
	[ROLE_SIDE1] = { TC_WHITE, TC_BLUE, 0 },
	[ROLE_MARK_MOVE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_MARK_ARC] = { TC_MAGENTA, TC_DEFAULT, TA_BOLD },
	[ROLE_FACE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TARGET] = { TC_RED, TC_DEFAULT, TA_BOLD },
	[ROLE_SELECTED] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD | TA_REVERSE },
	[ROLE_VICTORY] = { TC_RED, TC_DEFAULT, TA_BOLD },
	[ROLE_STATUS] = { TC_DEFAULT, TC_DEFAULT, TA_REVERSE },
	[ROLE_STATUS_SIDE0] = { TC_WHITE, TC_RED, TA_BOLD },
	[ROLE_STATUS_SIDE1] = { TC_WHITE, TC_BLUE, TA_BOLD },
	[ROLE_TITLE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_DIM] = { TC_DEFAULT, TC_DEFAULT, TA_DIM },
	[ROLE_ERROR] = { TC_WHITE, TC_RED, TA_BOLD },
	[ROLE_NOTICE] = { TC_BLACK, TC_YELLOW, 0 },
	[ROLE_LOG_COMMAND] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
};

/* Eight colours on a dark background: yellow hills and roads, cyan
 * swamps, green selection marks. */
static const struct theme_style dark8_styles[ROLE_COUNT] = {
	[ROLE_TEXT] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_BORDER] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_RULER] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_CLEAR] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_WOODS] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_ROUGH] = { TC_YELLOW, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_SWAMP] = { TC_CYAN, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_RIVER] = { TC_BLUE, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_FORD] = { TC_BLUE, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_BRIDGE] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_TERRAIN +
	    TERRAIN_SETTLEMENT] = { TC_MAGENTA, TC_DEFAULT, TA_BOLD },
	[ROLE_HILL] = { TC_YELLOW, TC_DEFAULT, TA_BOLD },
	[ROLE_ROAD] = { TC_YELLOW, TC_DEFAULT, TA_BOLD },
	[ROLE_SIDE0] = { TC_WHITE, TC_RED, 0 },
	[ROLE_SIDE1] = { TC_WHITE, TC_BLUE, 0 },
	/* The selection's marks: a coloured glyph on the hex's own
	 * background (a block of colour cost ten bytes more each way on the
	 * wire: issue 13), except on woods and water, below. */
	[ROLE_MARK_MOVE] = { TC_YELLOW, TC_DEFAULT, TA_BOLD },
	[ROLE_MARK_ARC] = { TC_MAGENTA, TC_DEFAULT, TA_BOLD },
	[ROLE_FACE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TARGET] = { TC_YELLOW, TC_DEFAULT, TA_BOLD },
	[ROLE_SELECTED] = { TC_GREEN, TC_DEFAULT, TA_BOLD },
	[ROLE_VICTORY] = { TC_RED, TC_DEFAULT, TA_BOLD },
	[ROLE_STATUS] = { TC_DEFAULT, TC_DEFAULT, TA_REVERSE },
	[ROLE_STATUS_SIDE0] = { TC_WHITE, TC_RED, TA_BOLD },
	[ROLE_STATUS_SIDE1] = { TC_WHITE, TC_BLUE, TA_BOLD },
	[ROLE_TITLE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_DIM] = { TC_DEFAULT, TC_DEFAULT, TA_DIM },
	[ROLE_ERROR] = { TC_WHITE, TC_RED, TA_BOLD },
	[ROLE_NOTICE] = { TC_BLACK, TC_YELLOW, 0 },
	[ROLE_LOG_COMMAND] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
};

/*
 * xterm's 256 colours: mid-tones that read on white and black alike for
 * what is drawn on the terminal's own background (their indexes, from
 * 16 up, are the same in every xterm-like terminal, unlike 0-15, which
 * themes change).  Blocks of colour keep the eight: their glyph's
 * colour is given with them, and each 256-colour change costs six bytes
 * more on the wire (a full redraw must fit ncurses' one write: issue 13).
 */
#define C256_GREEN 28	 /* #008700 */
#define C256_TEAL 30	 /* #008787 */
#define C256_BROWN 130	 /* #af5f00, hills, rough, roads */
#define C256_GOLD 136	 /* #af8700, moves and targets */
#define C256_RED 160	 /* #d70000 */
#define C256_MAGENTA 164 /* #d700d7 */

static const struct theme_style c256_styles[ROLE_COUNT] = {
	[ROLE_TEXT] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_BORDER] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_RULER] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_CLEAR] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_WOODS] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_ROUGH] = { C256_BROWN, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_SWAMP] = { C256_TEAL, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_RIVER] = { TC_BLUE, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_FORD] = { TC_BLUE, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_BRIDGE] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_TERRAIN +
	    TERRAIN_SETTLEMENT] = { C256_MAGENTA, TC_DEFAULT, TA_BOLD },
	[ROLE_HILL] = { C256_BROWN, TC_DEFAULT, TA_BOLD },
	[ROLE_ROAD] = { C256_BROWN, TC_DEFAULT, TA_BOLD },
	[ROLE_SIDE0] = { TC_WHITE, TC_RED, 0 },
	[ROLE_SIDE1] = { TC_WHITE, TC_BLUE, 0 },
	[ROLE_MARK_MOVE] = { C256_GOLD, TC_DEFAULT, TA_BOLD },
	[ROLE_MARK_ARC] = { C256_MAGENTA, TC_DEFAULT, TA_BOLD },
	[ROLE_FACE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TARGET] = { C256_GOLD, TC_DEFAULT, TA_BOLD },
	[ROLE_SELECTED] = { C256_GREEN, TC_DEFAULT, TA_BOLD },
	[ROLE_VICTORY] = { C256_RED, TC_DEFAULT, TA_BOLD },
	[ROLE_STATUS] = { TC_DEFAULT, TC_DEFAULT, TA_REVERSE },
	[ROLE_STATUS_SIDE0] = { TC_WHITE, TC_RED, TA_BOLD },
	[ROLE_STATUS_SIDE1] = { TC_WHITE, TC_BLUE, TA_BOLD },
	[ROLE_TITLE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_DIM] = { TC_DEFAULT, TC_DEFAULT, TA_DIM },
	[ROLE_ERROR] = { TC_WHITE, TC_RED, TA_BOLD },
	[ROLE_NOTICE] = { TC_BLACK, TC_YELLOW, 0 },
	[ROLE_LOG_COMMAND] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
};

/*
 * Monochrome: sides differ by attribute (and by letter case, see
 * theme_cell()), highlights by reverse video and the marks' characters.
 */
static const struct theme_style mono_styles[ROLE_COUNT] = {
	[ROLE_TEXT] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_BORDER] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_RULER] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_CLEAR] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_WOODS] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_ROUGH] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_SWAMP] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_RIVER] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_TERRAIN + TERRAIN_FORD] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN + TERRAIN_BRIDGE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_TERRAIN +
	    TERRAIN_SETTLEMENT] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_HILL] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_ROAD] = { TC_DEFAULT, TC_DEFAULT, 0 },
	[ROLE_SIDE0] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_SIDE1] = { TC_DEFAULT, TC_DEFAULT, TA_UNDERLINE },
	[ROLE_MARK_MOVE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_MARK_ARC] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_FACE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD | TA_UNDERLINE },
	[ROLE_TARGET] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD | TA_REVERSE },
	[ROLE_SELECTED] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD | TA_REVERSE },
	[ROLE_VICTORY] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_STATUS] = { TC_DEFAULT, TC_DEFAULT, TA_REVERSE },
	[ROLE_STATUS_SIDE0] = { TC_DEFAULT, TC_DEFAULT, TA_REVERSE | TA_BOLD },
	[ROLE_STATUS_SIDE1] = { TC_DEFAULT, TC_DEFAULT,
				TA_REVERSE | TA_BOLD | TA_UNDERLINE },
	[ROLE_TITLE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
	[ROLE_DIM] = { TC_DEFAULT, TC_DEFAULT, TA_DIM },
	[ROLE_ERROR] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD | TA_REVERSE },
	[ROLE_NOTICE] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD | TA_UNDERLINE },
	[ROLE_LOG_COMMAND] = { TC_DEFAULT, TC_DEFAULT, TA_BOLD },
};

/* On a hex whose terrain has a background (woods, water), where a
 * coloured glyph would be hard to read: the selection's marks black on
 * a block of their own colour, hills and roads black on the terrain's.
 * Not bold: bold black is grey in most terminals. */
static const bool has_block[ROLE_COUNT] = {
	[ROLE_HILL] = true,	 [ROLE_ROAD] = true,
	[ROLE_MARK_MOVE] = true, [ROLE_MARK_ARC] = true,
	[ROLE_FACE] = true,	 [ROLE_TARGET] = true,
	[ROLE_SELECTED] = true,	 [ROLE_VICTORY] = true,
};

static const struct theme_style blocks[ROLE_COUNT] = {
	[ROLE_HILL] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_ROAD] = { TC_BLACK, TC_DEFAULT, 0 },
	[ROLE_MARK_MOVE] = { TC_BLACK, TC_YELLOW, 0 },
	[ROLE_MARK_ARC] = { TC_BLACK, TC_MAGENTA, 0 },
	[ROLE_FACE] = { TC_BLACK, TC_WHITE, 0 },
	[ROLE_TARGET] = { TC_BLACK, TC_YELLOW, 0 },
	[ROLE_SELECTED] = { TC_BLACK, TC_GREEN, 0 },
	[ROLE_VICTORY] = { TC_BLACK, TC_WHITE, 0 },
};

static const signed char terrain_bg[TERRAIN_COUNT] = {
	[TERRAIN_CLEAR] = TC_DEFAULT, [TERRAIN_WOODS] = TC_GREEN,
	[TERRAIN_ROUGH] = TC_DEFAULT, [TERRAIN_SWAMP] = TC_DEFAULT,
	[TERRAIN_RIVER] = TC_CYAN,    [TERRAIN_FORD] = TC_CYAN,
	[TERRAIN_BRIDGE] = TC_CYAN,   [TERRAIN_SETTLEMENT] = TC_DEFAULT,
};

struct theme_style
theme_style(const struct theme *t, enum theme_role r)
{
	switch (t->colour) {
	case THEME_COLOUR8:
		return safe8_styles[r];
	case THEME_COLOUR8_DARK:
		return dark8_styles[r];
	case THEME_COLOUR256:
		return c256_styles[r];
	default:
		return mono_styles[r];
	}
}

struct theme_style
theme_style_on(const struct theme *t, enum theme_role r, int bg)
{
	if (t->colour != THEME_MONO && bg != TC_DEFAULT && has_block[r])
		return blocks[r];
	return theme_style(t, r);
}

enum theme_background
theme_background_guess(const char *term, const char *colorfgbg)
{
	const char *last;
	char *end;
	long bg;

	if (term != NULL && strncmp(term, "linux", 5) == 0)
		return THEME_BG_DARK;
	if (colorfgbg == NULL || (last = strrchr(colorfgbg, ';')) == NULL)
		return THEME_BG_UNKNOWN;
	bg = strtol(last + 1, &end, 10);
	if (end == last + 1 || *end != '\0' || bg < 0 || bg > 15)
		return THEME_BG_UNKNOWN;
	return bg <= 6 || bg == 8 ? THEME_BG_DARK : THEME_BG_LIGHT;
}

int
theme_terrain_bg(const struct theme *t, enum terrain ter)
{
	return t->colour != THEME_MONO ? terrain_bg[ter] : TC_DEFAULT;
}

char
theme_unit_glyph(const struct unit_type *type)
{
	static const struct {
		const char *key;
		char glyph;
	} builtin[] = {
		{ "legionaries", 'L' },
		{ "auxilia", 'A' },
		{ "warband", 'W' },
		{ "sagittarii", 'S' },
		{ "velites", 'V' },
		{ "equites", 'E' },
		{ "equites-auxiliares", 'X' },
	};
	const char *p;
	size_t i;

	for (i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
		if (strcmp(type->key, builtin[i].key) == 0)
			return builtin[i].glyph;
	for (p = type->name; *p != '\0'; p++)
		if (isalpha((unsigned char)*p))
			return (char)toupper((unsigned char)*p);
	for (p = type->key; *p != '\0'; p++)
		if (isalpha((unsigned char)*p))
			return (char)toupper((unsigned char)*p);
	return 'U';
}

/* Is c free for a type of the scenario's: no face mark's, no other's? */
static bool
glyph_free(char c, const char *used)
{
	int f;

	for (f = 0; f < FACE_COUNT; f++)
		if (theme_face_glyph((enum face)f)[0] == c)
			return false;
	return strchr(used, c) == NULL;
}

/* The first free letter of text (only its initial: initial_only), or 0. */
static char
free_letter(const char *text, const char *used, bool initial_only)
{
	char c;

	for (; *text != '\0'; text++) {
		if (!isalpha((unsigned char)*text))
			continue;
		c = (char)toupper((unsigned char)*text);
		if (glyph_free(c, used))
			return c;
		if (initial_only)
			return 0;
	}
	return 0;
}

void
theme_unit_glyphs(const struct scenario *sc, char *out)
{
	char used[64] = "";
	bool *present = xcalloc(sc->ntypes > 0 ? (size_t)sc->ntypes : 1, 1);
	size_t n = 0;
	int i, u, pass;

	for (u = 0; u < sc->nunits; u++)
		present[sc->units[u].type] = true;
	/* The built-in types' letters are fixed; those in the battle are
	 * taken. */
	for (i = 0; i < sc->ntypes; i++) {
		out[i] = 0;
		if (unittype_builtin_find(sc->types[i].key) == NULL)
			continue;
		out[i] = theme_unit_glyph(&sc->types[i]);
		if (present[i] && n + 1 < sizeof used &&
		    strchr(used, out[i]) == NULL)
			used[n++] = out[i];
	}
	/* Initials first, so that a type never loses its own to another's
	 * later letter; then any letter of the name, then of the key. */
	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < sc->ntypes; i++) {
			if (out[i] != 0)
				continue;
			out[i] = free_letter(pass < 2 ? sc->types[i].name
						      : sc->types[i].key,
					     used, pass == 0);
			if (out[i] != 0 && present[i] && n + 1 < sizeof used)
				used[n++] = out[i];
		}
	for (i = 0; i < sc->ntypes; i++)
		if (out[i] == 0)
			out[i] = theme_unit_glyph(&sc->types[i]);
	free(present);
}

const char *
theme_arrow(const struct theme *t, enum facing f)
{
	return t->unicode ? arrows_u[f] : facing_name(f);
}

const char *
theme_line(const struct theme *t, unsigned conn)
{
	static const char *const box[16] = {
		" ", "│", "│", "│", "─", "┘", "┐", "┤",
		"─", "└", "┌", "├", "─", "┴", "┬", "┼",
	};
	static const char *const ascii[16] = {
		" ", "|", "|", "|", "-", "+", "+", "+",
		"-", "+", "+", "+", "-", "+", "+", "+",
	};

	conn &= 15;
	return t->unicode ? box[conn] : ascii[conn];
}

const char *
theme_ellipsis(const struct theme *t)
{
	return t->unicode ? "…" : "...";
}

const char *
theme_target_bracket(const struct theme *t, int which)
{
	if (which == 2)
		return t->unicode ? "¦" : "|";
	return which == 0 ? "[" : "]";
}

const char *
theme_selected_mark(const struct theme *t, int which)
{
	if (t->unicode)
		return which == 0 ? "▶" : "◀";
	/* Not > and <: the compact map's ASCII facings SE and SW. */
	return which == 0 ? "(" : ")";
}

const char *
theme_terrain_glyph(const struct theme *t, enum terrain ter, bool fortified)
{
	const struct terrain_glyphs *g =
	    fortified ? &fortified_glyphs : &terrain_glyphs[ter];
	const char *const *set = t->unicode ? g->u : g->a;

	/* The most telling of the three: the middle unless it is blank. */
	return strcmp(set[1], " ") != 0 ? set[1] : set[0];
}

const char *
theme_elevation_glyph(const struct theme *t, int elevation)
{
	if (elevation <= 0)
		return " ";
	if (t->unicode)
		return elevation == 1 ? "△" : "▲";
	/* Not a letter: letters are units. */
	return elevation == 1 ? "^" : "%";
}

const char *
theme_fortified_glyph(const struct theme *t)
{
	return t->unicode ? "║⌂║" : "#@#";
}

const char *
theme_general_glyph(const struct theme *t)
{
	return t->unicode ? "★" : "*";
}

/* Not + (the ASCII map's corners) nor a letter (units). */
const char *
theme_victory_glyph(const struct theme *t)
{
	/* Not U+2691, a flag, which xterm's default fixed font lacks (a
	 * box): the diamond is in every terminal font (WGL4, CP437). */
	return t->unicode ? "♦" : "!";
}

const char *
theme_road_glyph(const struct theme *t)
{
	return t->unicode ? "═" : "=";
}

const char *
theme_mark_glyph(const struct theme *t, enum theme_mark m)
{
	switch (m) {
	case MARK_MOVE:
		return t->unicode ? "•" : "+";
	case MARK_ARC:
		return t->unicode ? "·" : ".";
	default:
		return " ";
	}
}

const char *
theme_face_glyph(enum face f)
{
	static const char *const names[FACE_COUNT] = { "F", "L", "R", "B" };

	return names[f];
}

static void
unit_cell(const struct theme *t, const struct theme_hex *h,
	  struct theme_cell *out)
{
	enum theme_role role = h->side == 0 ? ROLE_SIDE0 : ROLE_SIDE1;
	char glyph = h->glyph;
	int i;

	/* Monochrome: the second side's letters are lower case. */
	if (!t->colour && h->side == 1)
		glyph = (char)tolower((unsigned char)glyph);
	for (i = 0; i < GEOM_CELL_W; i++)
		out->role[i] = role;
	out->glyph[0] = char_string(glyph);
	if (t->unicode) {
		out->glyph[1] = arrows_u[h->facing];
		out->glyph[2] = char_string((char)('0' + h->sp));
		out->glyph[3] = h->general ? theme_general_glyph(t) : " ";
		out->glyph[4] = theme_elevation_glyph(t, h->elevation);
	} else {
		out->glyph[1] = arrows_a[h->facing][0];
		out->glyph[2] = arrows_a[h->facing][1];
		out->glyph[3] = char_string((char)('0' + h->sp));
		out->glyph[4] = h->general ? theme_general_glyph(t) : " ";
	}
}

void
theme_cell(const struct theme *t, const struct theme_hex *h,
	   struct theme_cell *out)
{
	const struct terrain_glyphs *g;
	const char *const *set;
	enum theme_role ter = ROLE_TERRAIN + h->terrain;
	int i;

	if (h->unit && h->sp >= 0 && h->sp <= 9) {
		unit_cell(t, h, out);
		return;
	}
	g = h->fortified ? &fortified_glyphs : &terrain_glyphs[h->terrain];
	set = t->unicode ? g->u : g->a;
	for (i = 0; i < 3; i++) {
		out->glyph[1 + i] = set[i];
		out->role[1 + i] = ter;
	}
	/* The flag takes the middle, which the walls of a fortified
	 * settlement or a ford's water round it still tell apart. */
	if (h->victory) {
		out->glyph[2] = theme_victory_glyph(t);
		out->role[2] = ROLE_VICTORY;
	}
	if (h->mark != MARK_NONE) {
		out->glyph[0] = theme_mark_glyph(t, h->mark);
		out->role[0] =
		    h->mark == MARK_MOVE ? ROLE_MARK_MOVE : ROLE_MARK_ARC;
	} else if (h->road) {
		out->glyph[0] = theme_road_glyph(t);
		out->role[0] = ROLE_ROAD;
	} else {
		out->glyph[0] = " ";
		out->role[0] = ter;
	}
	if (h->face >= 0 && h->face < FACE_COUNT) {
		out->glyph[4] = theme_face_glyph((enum face)h->face);
		out->role[4] = ROLE_FACE;
		/* The letter takes the hill's corner: the hill steps left,
		 * over the terrain's second glyph (a repeat of the first, or
		 * a wall the first still shows). */
		if (h->elevation > 0) {
			out->glyph[3] = theme_elevation_glyph(t, h->elevation);
			out->role[3] = ROLE_HILL;
		}
	} else if (h->elevation > 0) {
		out->glyph[4] = theme_elevation_glyph(t, h->elevation);
		out->role[4] = ROLE_HILL;
	} else {
		out->glyph[4] = " ";
		out->role[4] = ter;
	}
}
