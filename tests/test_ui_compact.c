/*
 * Tests of the compact map (src/ui/compact.c) and its layout
 * (layout_compute_compact()): the largest shipped battlefield, 16 x 12,
 * shows whole at 80 x 24 with the status line, the panel's strip, the
 * log, the message line and the prompt; where each hex is drawn, which
 * hex a position shows, the least scrolling, the column labels, and the
 * three characters of a hex.  Positions are worked out by hand from the
 * picture in compact.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "ui/compact.h"
#include "ui/layout.h"
#include "ui/theme.h"

static struct hex
H(int col, int row) {
	struct hex h = { col, row };

	return h;
}

/* No two rects share a cell and each lies on the screen. */
static void
assert_apart(const struct rect *a, const struct rect *b)
{
	assert_true(a->y + a->h <= b->y || b->y + b->h <= a->y ||
		    a->x + a->w <= b->x || b->x + b->w <= a->x);
}

static void
test_compact_16x12_fits_80x24_with_everything(void **state)
{
	struct layout l;
	int mw = compact_map_width(16, 12), mh = compact_map_height(12);
	const struct rect *all[6];
	int i, j;

	(void)state;
	assert_int_equal(mw, 70); /* 3 + 16 * 4 + 2 + 1 */
	assert_int_equal(mh, 13);
	layout_compute_compact(&l, 80, 24, mw, mh);
	assert_true(l.fits);
	assert_true(l.panel_below);
	assert_int_equal(l.map.y, 1);
	assert_int_equal(l.map.h, 13);
	assert_int_equal(l.map.w, 80);
	assert_int_equal(l.panel.y, 14);
	assert_int_equal(l.panel.h, LAYOUT_STRIP_H);
	assert_int_equal(l.log.y, 17);
	assert_int_equal(l.log.h, LAYOUT_LOG_MIN_H);
	assert_int_equal(l.msg.y, 22);
	assert_int_equal(l.prompt.y, 23);
	all[0] = &l.status;
	all[1] = &l.map;
	all[2] = &l.panel;
	all[3] = &l.log;
	all[4] = &l.msg;
	all[5] = &l.prompt;
	for (i = 0; i < 6; i++) {
		assert_true(all[i]->y >= 0 && all[i]->y + all[i]->h <= 24);
		assert_true(all[i]->x >= 0 && all[i]->x + all[i]->w <= 80);
		for (j = i + 1; j < 6; j++)
			assert_apart(all[i], all[j]);
	}
}

/* A wide screen keeps the panel at the map's right. */
static void
test_compact_wide_screen_keeps_the_panel_beside(void **state)
{
	struct layout l;

	(void)state;
	layout_compute_compact(&l, 120, 40, compact_map_width(16, 12),
			       compact_map_height(12));
	assert_false(l.panel_below);
	assert_int_equal(l.map.w, 70);
	assert_int_equal(l.panel.x, 70);
}

/* Every hex of 16 x 12 is in view in the 80 x 13 map area, the even
 * rows two columns right. */
static void
test_compact_every_hex_in_view(void **state)
{
	struct geom_view v;
	struct hex back;
	int x, y, c, r;

	(void)state;
	geom_init(&v, 80, 13, 16, 12);
	assert_int_equal(compact_cols_visible(&v), 16);
	assert_int_equal(compact_rows_visible(&v), 12);
	assert_true(compact_hex_to_screen(&v, H(1, 1), &x, &y));
	assert_int_equal(x, 4);
	assert_int_equal(y, 1);
	assert_true(compact_hex_to_screen(&v, H(1, 2), &x, &y));
	assert_int_equal(x, 6);
	assert_int_equal(y, 2);
	assert_true(compact_hex_to_screen(&v, H(16, 12), &x, &y));
	assert_int_equal(x, 4 + 15 * 4 + 2);
	assert_int_equal(y, 12);
	assert_true(x + COMPACT_CELL_W < 70);
	for (r = 1; r <= 12; r++)
		for (c = 1; c <= 16; c++) {
			assert_true(compact_hex_to_screen(&v, H(c, r), &x, &y));
			/* The content and the mark column left of it. */
			assert_true(compact_screen_to_hex(&v, x, y, &back));
			assert_true(back.col == c && back.row == r);
			assert_true(compact_screen_to_hex(&v, x - 1, y, &back));
			assert_true(back.col == c && back.row == r);
			assert_true(compact_screen_to_hex(&v, x + 2, y, &back));
			assert_true(back.col == c && back.row == r);
		}
	assert_false(compact_screen_to_hex(&v, 1, 1, &back)); /* ruler */
	assert_false(compact_screen_to_hex(&v, 10, 0, &back));
	assert_false(compact_scroll_to(&v, H(16, 12)));
}

/* Labels over odd rows' hexes: 01 at columns 5-6, 16 at 65-66. */
static void
test_compact_column_labels(void **state)
{
	struct geom_view v;
	int x;

	(void)state;
	geom_init(&v, 80, 13, 16, 12);
	assert_true(compact_column_label_x(&v, 1, &x));
	assert_int_equal(x, 5);
	assert_true(compact_column_label_x(&v, 16, &x));
	assert_int_equal(x, 65);
	assert_false(compact_column_label_x(&v, 17, &x));
}

/* A map larger than the area scrolls the least, with no margin: no jump
 * while the hex is in view. */
static void
test_compact_scrolls_the_least(void **state)
{
	struct geom_view v;

	(void)state;
	geom_init(&v, 40, 6, 30, 20); /* 8 columns, 5 rows visible */
	assert_int_equal(compact_cols_visible(&v), 8);
	assert_int_equal(compact_rows_visible(&v), 5);
	assert_false(compact_scroll_to(&v, H(8, 5)));
	assert_true(compact_scroll_to(&v, H(9, 5)));
	assert_int_equal(v.col0, 2);
	assert_int_equal(v.row0, 1);
	assert_false(compact_scroll_to(&v, H(2, 1)));
	assert_true(compact_scroll_to(&v, H(30, 20)));
	assert_int_equal(v.col0, 23);
	assert_int_equal(v.row0, 16);
}

/* A unit's letter, facing and SP; ASCII has a one-column facing, and in
 * monochrome the second side is lower case. */
static void
test_compact_cell_unit_and_terrain(void **state)
{
	struct theme uni = { true, true }, asc = { false, false };
	struct theme_hex h = { 0 };
	struct theme_cell c;

	(void)state;
	h.face = -1;
	h.unit = true;
	h.side = 1;
	h.glyph = 'W';
	h.facing = FACING_SE;
	h.sp = 7;
	compact_cell(&uni, &h, &c);
	assert_string_equal(c.glyph[0], "W");
	assert_string_equal(c.glyph[1], "↘");
	assert_string_equal(c.glyph[2], "7");
	compact_cell(&asc, &h, &c);
	assert_string_equal(c.glyph[0], "w");
	assert_string_equal(c.glyph[1], ">");
	assert_string_equal(c.glyph[2], "7");
	assert_int_equal(compact_ascii_facing(FACING_NW), '\\');
	/* Woods on a hill: the trees, then the hill last. */
	memset(&h, 0, sizeof h);
	h.face = -1;
	h.terrain = TERRAIN_WOODS;
	h.elevation = 1;
	compact_cell(&asc, &h, &c);
	assert_string_equal(c.glyph[0], "&"); /* not a letter: no unit */
	assert_string_equal(c.glyph[1], " ");
	assert_string_equal(c.glyph[2], "^");
	/* A victory hex's flag in the middle, the trees and hill kept. */
	h.victory = true;
	compact_cell(&uni, &h, &c);
	assert_string_equal(c.glyph[0], "♣");
	assert_string_equal(c.glyph[1], "♦");
	assert_int_equal(c.role[1], ROLE_VICTORY);
	assert_string_equal(c.glyph[2], "△");
}

/* In ASCII the selected unit's marks are no facing of the compact map:
 * "L>L^9<" read as units facing SE and SW (a playtest). */
static void
test_compact_ascii_selection_marks_are_no_facing(void **state)
{
	struct theme asc = { false, false };
	const char *mark;
	int k, f;

	(void)state;
	for (k = 0; k < 2; k++) {
		mark = theme_selected_mark(&asc, k);
		assert_int_equal(strlen(mark), 1);
		for (f = 0; f < FACING_COUNT; f++)
			if (mark[0] == compact_ascii_facing((enum facing)f))
				fail_msg("the mark %s is the facing %s", mark,
					 facing_name((enum facing)f));
		assert_string_not_equal(mark, theme_target_bracket(&asc, k));
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_compact_16x12_fits_80x24_with_everything),
		cmocka_unit_test(
		    test_compact_wide_screen_keeps_the_panel_beside),
		cmocka_unit_test(test_compact_every_hex_in_view),
		cmocka_unit_test(test_compact_column_labels),
		cmocka_unit_test(test_compact_scrolls_the_least),
		cmocka_unit_test(test_compact_cell_unit_and_terrain),
		cmocka_unit_test(
		    test_compact_ascii_selection_marks_are_no_facing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
