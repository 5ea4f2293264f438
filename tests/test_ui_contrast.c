/*
 * Tests that the colour schemes read on the terminals players have
 * (src/ui/theme.c): every colour a scheme draws a symbol in has a
 * contrast of 3:1 or more (WCAG 2's minimum for graphics) against the
 * background it is drawn on: against white and against black where it
 * is the terminal's own background (which the game cannot know), against
 * black only in the scheme for a background known to be dark, and
 * against the block of colour under it where there is one.  Colours are
 * xterm's standard values; a bold colour 0-7 is checked bright as well,
 * since most terminals show it so.  Also how the background is guessed,
 * and that unit labels are not bold.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdio.h>

#include "ui/theme.h"

#define MIN_CONTRAST 3.0

/* xterm's colour index -> 0xRRGGBB: its 16 system colours, the 6x6x6
 * cube and the 24 greys. */
static unsigned long
xterm_rgb(int c)
{
	static const unsigned long sys[16] = {
		0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd,
		0x00cdcd, 0xe5e5e5, 0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00,
		0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
	};
	static const int level[6] = { 0, 0x5f, 0x87, 0xaf, 0xd7, 0xff };
	int g;

	if (c < 16)
		return sys[c];
	if (c < 232) {
		c -= 16;
		return ((unsigned long)level[c / 36] << 16) |
		       ((unsigned long)level[c / 6 % 6] << 8) |
		       (unsigned long)level[c % 6];
	}
	g = 8 + 10 * (c - 232);
	return ((unsigned long)g << 16) | ((unsigned long)g << 8) |
	       (unsigned long)g;
}

/* WCAG 2 relative luminance of an sRGB colour. */
static double
luminance(unsigned long rgb)
{
	double ch[3], v;
	int i;

	for (i = 0; i < 3; i++) {
		v = (double)((rgb >> (16 - 8 * i)) & 0xff) / 255.0;
		ch[i] = v <= 0.03928 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
	}
	return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2];
}

static double
contrast(unsigned long a, unsigned long b)
{
	double la = luminance(a), lb = luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/* The formula gives the figures issue 31 measured: bright yellow, cyan
 * and green on white. */
static void
test_contrast_formula_matches_the_measured_figures(void **state)
{
	(void)state;
	assert_true(fabs(contrast(xterm_rgb(11), 0xffffff) - 1.07) < 0.01);
	assert_true(fabs(contrast(xterm_rgb(14), 0xffffff) - 1.25) < 0.01);
	assert_true(fabs(contrast(xterm_rgb(10), 0xffffff) - 1.37) < 0.01);
	assert_true(fabs(contrast(0x000000, 0xffffff) - 21.0) < 0.01);
}

/* Whether role r can be drawn in a hex of terrain ter (on its
 * background). */
static bool
in_hex(enum theme_role r, int ter)
{
	switch (r) {
	case ROLE_HILL:
	case ROLE_ROAD:
	case ROLE_SIDE0:
	case ROLE_SIDE1:
	case ROLE_MARK_MOVE:
	case ROLE_MARK_ARC:
	case ROLE_FACE:
	case ROLE_VICTORY:
		return true;
	default:
		return (int)r == ROLE_TERRAIN + ter;
	}
}

static const char *const scheme_names[] = {
	[THEME_COLOUR8] = "eight colours",
	[THEME_COLOUR8_DARK] = "eight colours, dark background",
	[THEME_COLOUR256] = "256 colours",
};

/*
 * Checks the colour fg (bold: and its bright form) on bg, a colour or
 * the terminal's own (TC_DEFAULT: white and black, or black only when
 * the background is known dark).  Returns the failures, printed.
 */
static int
check_pair(enum theme_scheme sch, int role, int ter, struct theme_style s,
	   int bg)
{
	unsigned long backs[2];
	int fgs[2], nfg = 1, nback, i, j, bad = 0;
	double c;

	if (s.fg == TC_DEFAULT && bg == TC_DEFAULT)
		return 0; /* the terminal's own pair */
	if (s.fg == TC_DEFAULT) {
		/* The terminal's text colour is black or white: unknown. */
		print_message("%s: role %d in terrain %d: the terminal's own "
			      "colour on colour %d\n",
			      scheme_names[sch], role, ter, bg);
		return 1;
	}
	fgs[0] = s.fg;
	if (sch != THEME_COLOUR256 && (s.attr & TA_BOLD) && s.fg < 8)
		fgs[nfg++] = s.fg + 8;
	if (bg != TC_DEFAULT) {
		backs[0] = xterm_rgb(bg);
		nback = 1;
	} else if (sch == THEME_COLOUR8_DARK) {
		backs[0] = 0x000000;
		nback = 1;
	} else {
		backs[0] = 0xffffff;
		backs[1] = 0x000000;
		nback = 2;
	}
	for (i = 0; i < nfg; i++)
		for (j = 0; j < nback; j++) {
			c = contrast(xterm_rgb(fgs[i]), backs[j]);
			if (c >= MIN_CONTRAST)
				continue;
			print_message("%s: role %d in terrain %d: colour %d on "
				      "#%06lx: %.2f:1\n",
				      scheme_names[sch], role, ter, fgs[i],
				      backs[j], c);
			bad++;
		}
	return bad;
}

/* Every role, on the terminal's background and in every terrain's hex
 * it can be drawn in, in every colour scheme. */
static void
test_every_colour_reads_on_light_and_dark(void **state)
{
	static const enum theme_scheme schemes[] = {
		THEME_COLOUR8, THEME_COLOUR8_DARK, THEME_COLOUR256
	};
	struct theme_style s;
	struct theme t = { true, THEME_MONO };
	size_t k;
	int r, ter, bg, bad = 0;

	(void)state;
	for (k = 0; k < sizeof schemes / sizeof schemes[0]; k++) {
		t.colour = schemes[k];
		for (r = 0; r < ROLE_COUNT; r++) {
			s = theme_style(&t, (enum theme_role)r);
			/* A terrain with a background has its glyphs drawn
			 * only there. */
			if (r < ROLE_TERRAIN || r >= ROLE_HILL ||
			    theme_terrain_bg(&t, (enum terrain)(
						     r - ROLE_TERRAIN)) ==
				TC_DEFAULT)
				bad += check_pair(t.colour, r, -1, s, s.bg);
			for (ter = 0; ter < TERRAIN_COUNT; ter++) {
				bg = theme_terrain_bg(&t, (enum terrain)ter);
				if (!in_hex((enum theme_role)r, ter))
					continue;
				s = theme_style_on(&t, (enum theme_role)r, bg);
				bad += check_pair(t.colour, r, ter, s,
						  s.bg != TC_DEFAULT ? s.bg
								     : bg);
			}
		}
	}
	assert_int_equal(bad, 0);
}

/* xterm draws bold by striking twice, which merges a unit's letter,
 * facing arrow and strength: in colour the side's colour tells the
 * sides apart, and labels are not bold. */
static void
test_unit_labels_are_not_bold_in_colour(void **state)
{
	static const enum theme_scheme schemes[] = {
		THEME_COLOUR8, THEME_COLOUR8_DARK, THEME_COLOUR256
	};
	struct theme t = { true, THEME_MONO };
	size_t k;

	(void)state;
	for (k = 0; k < sizeof schemes / sizeof schemes[0]; k++) {
		t.colour = schemes[k];
		assert_false(theme_style(&t, ROLE_SIDE0).attr & TA_BOLD);
		assert_false(theme_style(&t, ROLE_SIDE1).attr & TA_BOLD);
		assert_int_not_equal(theme_style(&t, ROLE_SIDE0).bg,
				     theme_style(&t, ROLE_SIDE1).bg);
	}
}

/* $COLORFGBG's last field is the background; the Linux console's is
 * black; anything else is not known. */
static void
test_background_is_guessed_from_colorfgbg_and_term(void **state)
{
	(void)state;
	assert_int_equal(theme_background_guess("rxvt", "0;15"),
			 THEME_BG_LIGHT);
	assert_int_equal(theme_background_guess("rxvt", "15;0"),
			 THEME_BG_DARK);
	assert_int_equal(theme_background_guess("rxvt", "7;default;0"),
			 THEME_BG_DARK);
	assert_int_equal(theme_background_guess("xterm", "0;7"),
			 THEME_BG_LIGHT);
	assert_int_equal(theme_background_guess("linux", NULL),
			 THEME_BG_DARK);
	assert_int_equal(theme_background_guess("linux-16color", "0;15"),
			 THEME_BG_DARK);
	assert_int_equal(theme_background_guess("xterm", NULL),
			 THEME_BG_UNKNOWN);
	assert_int_equal(theme_background_guess("xterm", "15;default"),
			 THEME_BG_UNKNOWN);
	assert_int_equal(theme_background_guess("xterm", "0;99"),
			 THEME_BG_UNKNOWN);
	assert_int_equal(theme_background_guess(NULL, ""), THEME_BG_UNKNOWN);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_contrast_formula_matches_the_measured_figures),
		cmocka_unit_test(test_every_colour_reads_on_light_and_dark),
		cmocka_unit_test(test_unit_labels_are_not_bold_in_colour),
		cmocka_unit_test(
		    test_background_is_guessed_from_colorfgbg_and_term),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
