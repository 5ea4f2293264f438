/*
 * Tests of the look and the keys: hex contents in both glyph sets and
 * both schemes (src/ui/theme.c), the key table (src/ui/keymap.c), and the
 * log ring and word wrapping (src/ui/logbuf.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/unittype.h"
#include "helpers.h"
#include "ui/keymap.h"
#include "ui/logbuf.h"
#include "ui/theme.h"

static const struct theme uni_colour = { true, true };
static const struct theme ascii_mono = { false, false };

/* The five characters of a cell joined into one string. */
static const char *
cell_text(const struct theme_cell *c)
{
	static char buf[64];
	int i;

	buf[0] = '\0';
	for (i = 0; i < GEOM_CELL_W; i++)
		strcat(buf, c->glyph[i]);
	return buf;
}

static struct theme_hex
unit_hex(int side, char glyph, enum facing f, int sp, bool general)
{
	struct theme_hex h;

	memset(&h, 0, sizeof h);
	h.terrain = TERRAIN_WOODS;
	h.elevation = 1;
	h.unit = true;
	h.side = side;
	h.glyph = glyph;
	h.facing = f;
	h.sp = sp;
	h.general = general;
	h.face = -1;
	return h;
}

static void
test_theme_cell_unit_unicode(void **state)
{
	struct theme_hex h = unit_hex(0, 'L', FACING_NE, 7, true);
	struct theme_cell c;
	int i;

	(void)state;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), "L↗7★△");
	for (i = 0; i < GEOM_CELL_W; i++)
		assert_int_equal(c.role[i], ROLE_SIDE0);
	h = unit_hex(1, 'W', FACING_S, 9, false);
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), "W↓9 △");
	assert_int_equal(c.role[0], ROLE_SIDE1);
}

static void
test_theme_cell_unit_ascii_mono(void **state)
{
	struct theme_hex h = unit_hex(0, 'L', FACING_NW, 3, true);
	struct theme_cell c;

	(void)state;
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), "LNW3*");
	/* Monochrome: the second side in lower case, and underlined. */
	h = unit_hex(1, 'W', FACING_N, 9, false);
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), "wN 9 ");
	assert_int_equal(theme_style(&ascii_mono, c.role[0]).attr,
			 TA_UNDERLINE);
	assert_int_equal(theme_style(&ascii_mono, ROLE_SIDE0).attr, TA_BOLD);
}

static void
test_theme_cell_terrain_marks_and_faces(void **state)
{
	struct theme_hex h;
	struct theme_cell c;

	(void)state;
	memset(&h, 0, sizeof h);
	h.face = -1;
	h.terrain = TERRAIN_WOODS;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ♣ ♣ ");
	assert_int_equal(c.role[1], ROLE_TERRAIN + TERRAIN_WOODS);
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), " & & ");

	/* A fortified settlement has walls, not the brackets of a target;
	 * a high hill is not the letter of a unit type. */
	h.terrain = TERRAIN_SETTLEMENT;
	h.fortified = true;
	h.road = true;
	h.elevation = 2;
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), "=#@#%");
	assert_int_equal(c.role[0], ROLE_ROAD);
	assert_int_equal(c.role[4], ROLE_HILL);
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), "═║⌂║▲");

	/* A face letter takes the corner: the hill steps left, still
	 * there. */
	h.mark = MARK_MOVE;
	h.face = FACE_REAR;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), "•║⌂▲B");
	assert_int_equal(c.role[0], ROLE_MARK_MOVE);
	assert_int_equal(c.role[3], ROLE_HILL);
	assert_int_equal(c.role[4], ROLE_FACE);
	h.mark = MARK_ARC;
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), ".#@%B");
	h.terrain = TERRAIN_WOODS;
	h.fortified = false;
	h.mark = MARK_NONE;
	h.road = false;
	h.elevation = 1;
	h.face = FACE_FRONT;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ♣ △F");
	h.elevation = 0;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ♣ ♣F");

	/* River, ford and bridge differ by more than spacing. */
	memset(&h, 0, sizeof h);
	h.face = -1;
	h.terrain = TERRAIN_RIVER;
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), " ~~~ ");
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ≈≈≈ ");
	h.terrain = TERRAIN_FORD;
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), " ~f~ ");
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ≈ƒ≈ ");
	h.terrain = TERRAIN_BRIDGE;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ≈╪≈ ");
}

/*
 * An empty victory hex shows a flag in its middle, in both sets, its
 * terrain's outer characters, marks and hill left as they were; a unit
 * standing on it is drawn as any unit.
 */
static void
test_theme_cell_victory_hex_shows_a_flag(void **state)
{
	struct theme_hex h;
	struct theme_cell c;

	(void)state;
	memset(&h, 0, sizeof h);
	h.face = -1;
	h.victory = true;
	h.terrain = TERRAIN_WOODS;
	h.elevation = 1;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), " ♣♦♣△");
	assert_int_equal(c.role[2], ROLE_VICTORY);
	assert_int_equal(c.role[1], ROLE_TERRAIN + TERRAIN_WOODS);
	theme_cell(&ascii_mono, &h, &c);
	assert_string_equal(cell_text(&c), " &!&^");
	h.terrain = TERRAIN_SETTLEMENT;
	h.fortified = true;
	h.elevation = 0;
	h.mark = MARK_MOVE;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), "•║♦║ ");
	h.unit = true;
	h.glyph = 'L';
	h.sp = 9;
	theme_cell(&uni_colour, &h, &c);
	assert_string_equal(cell_text(&c), "L↑9  ");
}

/*
 * The legend's symbols are all different (a bridge is not a road, a ford
 * not a river), and in ASCII none is an upper-case letter: those are
 * units.
 */
static void
test_theme_map_symbols_are_distinct(void **state)
{
	const struct theme *themes[2] = { &uni_colour, &ascii_mono };
	const char *sym[TERRAIN_COUNT + 5];
	int t, i, j, n;

	(void)state;
	for (t = 0; t < 2; t++) {
		n = 0;
		for (i = 0; i < TERRAIN_COUNT; i++)
			if (i != TERRAIN_CLEAR)
				sym[n++] = theme_terrain_glyph(
				    themes[t], (enum terrain)i, false);
		sym[n++] = theme_fortified_glyph(themes[t]);
		sym[n++] = theme_elevation_glyph(themes[t], 1);
		sym[n++] = theme_elevation_glyph(themes[t], 2);
		sym[n++] = theme_road_glyph(themes[t]);
		sym[n++] = theme_victory_glyph(themes[t]);
		for (i = 0; i < n; i++) {
			for (j = 0; j < i; j++)
				if (strcmp(sym[i], sym[j]) == 0)
					fail_msg("theme %d: \"%s\" twice", t,
						 sym[i]);
			if (t == 1 && strpbrk(sym[i], "ABCDEFGHIJKLMNOPQRSTUV"
						      "WXYZ[]") != NULL)
				fail_msg("ASCII: \"%s\" looks like a unit "
					 "or a target",
					 sym[i]);
		}
	}
}

/* Every glyph of either set is one column: one character. */
static void
test_theme_glyphs_are_one_character(void **state)
{
	const struct theme *themes[2] = { &uni_colour, &ascii_mono };
	const char *s;
	int t, i, n;
	unsigned conn;

	(void)state;
	for (t = 0; t < 2; t++) {
		for (conn = 0; conn < 16; conn++) {
			s = theme_line(themes[t], conn);
			for (n = 0, i = 0; s[i] != '\0'; i++)
				n += ((unsigned char)s[i] & 0xc0) != 0x80;
			assert_int_equal(n, 1);
		}
		for (i = 0; i < TERRAIN_COUNT; i++) {
			s = theme_terrain_glyph(themes[t], (enum terrain)i,
						false);
			assert_true(strlen(s) >= 1);
		}
	}
	assert_string_equal(theme_line(&uni_colour, GEOM_UP | GEOM_DOWN), "│");
	assert_string_equal(
	    theme_line(&uni_colour, GEOM_DOWN | GEOM_LEFT | GEOM_RIGHT), "┬");
	assert_string_equal(theme_line(&ascii_mono, GEOM_UP | GEOM_RIGHT), "+");
	assert_string_equal(theme_line(&ascii_mono, GEOM_LEFT | GEOM_RIGHT),
			    "-");
	assert_string_equal(theme_arrow(&ascii_mono, FACING_SE), "SE");
	assert_string_equal(theme_arrow(&uni_colour, FACING_SW), "↙");
}

static void
test_theme_unit_glyph_for_builtins_and_new_types(void **state)
{
	struct unit_type t;
	int i;
	const char expect[] = "LAWSVEX";

	(void)state;
	for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
		assert_int_equal(theme_unit_glyph(unittype_builtin(i)),
				 expect[i]);
	memset(&t, 0, sizeof t);
	strcpy(t.key, "cataphracts");
	strcpy(t.name, "cataphracts");
	assert_int_equal(theme_unit_glyph(&t), 'C');
}

/*
 * A type of the scenario's takes a letter that no face mark and no other
 * type in the battle shows: the Batavians' B read as a rear mark beside
 * a selected unit (a playtester), and Caer Caradoc's slingers and the
 * sagittarii were both S.  Initials come first: the falxmen's later
 * letters leave the Moors their M.
 */
static void
test_theme_unit_glyphs_keep_scenario_types_apart(void **state)
{
	struct fx *f = *state;
	char g[32];
	int i;

	fx_load(f, FX_HEAD FX_MAP("8", "8") "\n[type batavi]\nbase = auxilia\n"
		   "name = Batavian auxilia\n\n[type falx]\nbase = "
		   "warband\nname = Falxmen\n\n[type moors]\nbase = "
		   "equites\nname = Moorish horse\n\n[type slingers]\n"
		   "base = sagittarii\nname = Silurian slingers\n"
		   FX_UNIT("a1", "a", "auxilia", "0101", "N")
		   FX_UNIT("s1", "a", "sagittarii", "0201", "N")
		   FX_UNIT("b1", "a", "batavi", "0301", "N")
		   FX_UNIT("x1", "b", "falx", "0108", "S")
		   FX_UNIT("m1", "b", "moors", "0208", "S")
		   FX_UNIT("s2", "b", "slingers", "0308", "S"));
	theme_unit_glyphs(f->sc, g);
	for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
		assert_int_equal(g[i], theme_unit_glyph(&f->sc->types[i]));
	i = UNITTYPE_BUILTIN_COUNT;
	assert_int_equal(g[i], 'T');	 /* B a face, A the auxilia */
	assert_int_equal(g[i + 1], 'X'); /* F and L faces, A taken */
	assert_int_equal(g[i + 2], 'M');
	assert_int_equal(g[i + 3], 'I'); /* S the sagittarii's */
}

/* The monochrome scheme uses no colour at all. */
static void
test_theme_style_mono_has_no_colour(void **state)
{
	int r;

	(void)state;
	for (r = 0; r < ROLE_COUNT; r++) {
		struct theme_style s =
		    theme_style(&ascii_mono, (enum theme_role)r);

		assert_int_equal(s.fg, TC_DEFAULT);
		assert_int_equal(s.bg, TC_DEFAULT);
	}
	assert_int_equal(theme_terrain_bg(&ascii_mono, TERRAIN_WOODS),
			 TC_DEFAULT);
	assert_int_equal(theme_terrain_bg(&uni_colour, TERRAIN_WOODS),
			 TC_GREEN);
	assert_int_not_equal(theme_style(&uni_colour, ROLE_SIDE0).bg,
			     theme_style(&uni_colour, ROLE_SIDE1).bg);
}

/*
 * The selection's marks are one colour change on the wire where the hex
 * has no background (a coloured glyph), and keep a block of colour on
 * woods and water, where a coloured glyph would be hard to read; in
 * monochrome they are attributes only, as before.
 */
static void
test_theme_marks_take_the_hex_background(void **state)
{
	static const enum theme_role marks[] = { ROLE_MARK_MOVE, ROLE_MARK_ARC,
						 ROLE_FACE, ROLE_TARGET,
						 ROLE_SELECTED };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof marks / sizeof marks[0]; i++) {
		struct theme_style plain =
		    theme_style_on(&uni_colour, marks[i], TC_DEFAULT);
		struct theme_style woods = theme_style_on(
		    &uni_colour, marks[i],
		    theme_terrain_bg(&uni_colour, TERRAIN_WOODS));
		struct theme_style mono =
		    theme_style_on(&ascii_mono, marks[i], TC_GREEN);

		assert_int_equal(plain.bg, TC_DEFAULT);
		assert_int_not_equal(woods.bg, TC_DEFAULT);
		assert_int_equal(woods.fg, TC_BLACK);
		assert_int_not_equal(plain.attr | woods.attr, 0);
		assert_int_equal(mono.fg, TC_DEFAULT);
		assert_int_equal(mono.bg, TC_DEFAULT);
		assert_int_equal(mono.attr,
				 theme_style(&ascii_mono, marks[i]).attr);
	}
	/* Other roles are the same on any background. */
	assert_int_equal(theme_style_on(&uni_colour, ROLE_SIDE0, TC_GREEN).bg,
			 theme_style(&uni_colour, ROLE_SIDE0).bg);
	assert_int_equal(
	    theme_style_on(&uni_colour, ROLE_TERRAIN + TERRAIN_WOODS, TC_GREEN)
		.fg,
	    theme_style(&uni_colour, ROLE_TERRAIN + TERRAIN_WOODS).fg);
}

static void
test_keymap_lookup_and_facings(void **state)
{
	const struct key_binding *b, *table;
	enum facing f;
	int n, i, j;

	(void)state;
	b = keymap_lookup('u');
	assert_non_null(b);
	assert_int_equal(b->action, ACT_CURSOR);
	assert_int_equal(b->arg, DIR_1);
	assert_int_equal(keymap_lookup(KEYM_LEFT)->arg, DIR_9);
	assert_int_equal(keymap_lookup(':')->action, ACT_PROMPT);
	assert_int_equal(keymap_lookup('E')->action, ACT_END);
	assert_null(keymap_lookup('Z'));
	table = keymap_table(&n);
	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			assert_int_not_equal(table[i].key, table[j].key);
	assert_true(keymap_facing('u', &f));
	assert_int_equal(f, FACING_NE);
	assert_true(keymap_facing('b', &f));
	assert_int_equal(f, FACING_SW);
	assert_true(keymap_facing('6', &f));
	assert_int_equal(f, FACING_NW);
	assert_false(keymap_facing('x', &f));
}

static void
test_logbuf_ring_keeps_the_newest(void **state)
{
	struct logbuf *lb = calloc(1, sizeof *lb);
	enum logbuf_kind kind;
	char line[32];
	int i, side;

	(void)state;
	assert_non_null(lb);
	logbuf_init(lb);
	for (i = 0; i < LOGBUF_LINES + 3; i++) {
		snprintf(line, sizeof line, "line %d", i);
		logbuf_add(lb, i % 2 ? LOG_ERROR : LOG_EVENT, i % 2, line);
	}
	assert_int_equal(logbuf_count(lb), LOGBUF_LINES);
	assert_string_equal(logbuf_line(lb, 0, &kind, &side), "line 3");
	assert_int_equal(kind, LOG_ERROR);
	assert_int_equal(side, 1);
	snprintf(line, sizeof line, "line %d", LOGBUF_LINES + 2);
	assert_string_equal(logbuf_line(lb, LOGBUF_LINES - 1, NULL, NULL),
			    line);
	logbuf_done(lb);
	free(lb);
}

/* A line is kept whole, however long: the log view wraps it. */
static void
test_logbuf_keeps_long_lines_whole(void **state)
{
	struct logbuf *lb = calloc(1, sizeof *lb);
	char line[1200];
	int i;

	(void)state;
	assert_non_null(lb);
	logbuf_init(lb);
	for (i = 0; i < (int)sizeof line - 1; i++)
		line[i] = (char)('a' + i % 26);
	line[sizeof line - 1] = '\0';
	logbuf_add(lb, LOG_ERROR, 0, line);
	assert_string_equal(logbuf_line(lb, 0, NULL, NULL), line);
	logbuf_clear(lb);
	assert_int_equal(logbuf_count(lb), 0);
	logbuf_add(lb, LOG_EVENT, -1, "again");
	assert_string_equal(logbuf_line(lb, 0, NULL, NULL), "again");
	logbuf_done(lb);
	free(lb);
}

static void
test_wrap_text_breaks_at_spaces(void **state)
{
	struct wrap_span sp[8];
	const char *t = "Rome moves first; the Germans wait";

	(void)state;
	assert_int_equal(wrap_text(t, 12, sp, 8), 3);
	assert_int_equal(sp[0].start, 0);
	assert_int_equal(sp[0].len, 10); /* "Rome moves" */
	assert_int_equal(sp[1].start, 11);
	assert_int_equal(sp[1].len, 10); /* "first; the" */
	assert_int_equal(sp[2].start, 22);
	assert_int_equal(sp[2].len, 12); /* "Germans wait" */
	assert_int_equal(wrap_text("abcdefghij", 4, sp, 8), 3);
	assert_int_equal(sp[2].len, 2);
	assert_int_equal(wrap_text("ab\n\ncd", 10, sp, 8), 3);
	assert_int_equal(sp[1].len, 0);
	assert_int_equal(wrap_text("", 10, sp, 8), 1);
	assert_int_equal(wrap_text("aaaa bbbb", 4, sp, 1), 2); /* counts all */
	assert_int_equal(text_width("≈≈≈ ab", 100), 6);
	assert_int_equal(wrap_text("≈≈≈≈ ≈≈", 4, sp, 8), 2);
	assert_int_equal(sp[1].start, strlen("≈≈≈≈ "));
	/* Never at a WRAP_NBSP: "facing NW" stays one. */
	t = "SP 9  facing" WRAP_NBSP "NW";
	assert_int_equal(wrap_text(t, 12, sp, 8), 2);
	assert_int_equal(sp[0].len, strlen("SP 9 "));
	assert_string_equal(t + sp[1].start, "facing" WRAP_NBSP "NW");
	assert_int_equal(text_width(t, strlen(t)), 15);
	/* A line that ends just before a run of blanks: the next one
	 * starts at the word, not one blank in (the panel's "SP 8\n
	 * hits 1" and the help's "Equites.\n A type", seen at 80x24). */
	t = "Equites.  A type";
	assert_int_equal(wrap_text(t, 8, sp, 8), 2);
	assert_int_equal(sp[0].len, strlen("Equites."));
	assert_string_equal(t + sp[1].start, "A type");
	t = "SP 8  hits 1";
	assert_int_equal(wrap_text(t, 4, sp, 8), 3);
	assert_string_equal(t + sp[1].start, "hits 1");
	assert_int_equal(sp[1].len, strlen("hits"));
	/* Blanks at the very end make no line of their own. */
	assert_int_equal(wrap_text("abcd   ", 4, sp, 8), 1);
}

/* A line with no blank to break at breaks after a '/': a save's path
 * wraps between its directories, never inside the file's name (the
 * start menu's detail cut "autosave-2026120" from "4-232738...save"). */
static void
test_wrap_text_breaks_a_long_path_after_a_slash(void **state)
{
	struct wrap_span sp[8];
	const char *t = "ancients --resume /home/someone/.local/state/"
			"ancients/autosave-20261204-232738-28624.save";

	(void)state;
	assert_int_equal(wrap_text(t, 42, sp, 8), 3);
	assert_int_equal(sp[0].len, strlen("ancients --resume"));
	assert_int_equal(sp[1].len, strlen("/home/someone/.local/state/ancients/"));
	assert_string_equal(t + sp[2].start,
			    "autosave-20261204-232738-28624.save");
	/* No '/' either: cut where the line ends, as before. */
	assert_int_equal(wrap_text("abcdefghij", 4, sp, 8), 3);
}

/* A line cut short ends in the ellipsis, with no blank before it; one
 * that fits is whole (every cut line of the screen, and the menu's). */
static void
test_text_fit_ends_a_cut_line_in_an_ellipsis(void **state)
{
	char buf[128];

	(void)state;
	text_fit("Continue: Mons Graupius, turn 4/10", 80, "\xe2\x80\xa6",
		 buf, sizeof buf);
	assert_string_equal(buf, "Continue: Mons Graupius, turn 4/10");
	text_fit("Continue: Mons Graupius, turn 4/10", 30, "\xe2\x80\xa6",
		 buf, sizeof buf);
	assert_string_equal(buf, "Continue: Mons Graupius, turn\xe2\x80\xa6");
	assert_int_equal(text_width(buf, strlen(buf)), 30);
	text_fit("n steps through the recap on the map", 24, "...", buf,
		 sizeof buf);
	assert_string_equal(buf, "n steps through the r...");
	text_fit("abc", 2, "...", buf, sizeof buf);
	assert_string_equal(buf, "ab");
}

/* Without colour the second side's units are lower case: no ASCII
 * terrain may look like a built-in unit type's letter (woods were w). */
static void
test_theme_ascii_terrain_is_no_unit_letter(void **state)
{
	const char *letters = "LAWSVEXlawsvex", *g;
	int t;

	(void)state;
	for (t = 0; t < TERRAIN_COUNT; t++) {
		g = theme_terrain_glyph(&ascii_mono, (enum terrain)t, false);
		if (strpbrk(g, letters) != NULL)
			fail_msg("terrain %d shows \"%s\"", t, g);
	}
	assert_null(strpbrk(theme_fortified_glyph(&ascii_mono), letters));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_theme_cell_unit_unicode),
		cmocka_unit_test(test_theme_ascii_terrain_is_no_unit_letter),
		cmocka_unit_test(test_theme_cell_unit_ascii_mono),
		cmocka_unit_test(test_theme_cell_terrain_marks_and_faces),
		cmocka_unit_test(test_theme_cell_victory_hex_shows_a_flag),
		cmocka_unit_test(test_theme_glyphs_are_one_character),
		cmocka_unit_test(test_theme_map_symbols_are_distinct),
		cmocka_unit_test(
		    test_theme_unit_glyph_for_builtins_and_new_types),
		FX_TEST(test_theme_unit_glyphs_keep_scenario_types_apart),
		cmocka_unit_test(test_theme_style_mono_has_no_colour),
		cmocka_unit_test(test_theme_marks_take_the_hex_background),
		cmocka_unit_test(test_keymap_lookup_and_facings),
		cmocka_unit_test(test_logbuf_ring_keeps_the_newest),
		cmocka_unit_test(test_logbuf_keeps_long_lines_whole),
		cmocka_unit_test(test_wrap_text_breaks_a_long_path_after_a_slash),
		cmocka_unit_test(test_text_fit_ends_a_cut_line_in_an_ellipsis),
		cmocka_unit_test(test_wrap_text_breaks_at_spaces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
