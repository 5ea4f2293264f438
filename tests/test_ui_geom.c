/*
 * Tests of the map view's projection (src/ui/geom.c): where each hex is
 * drawn, which hex a screen position shows, scrolling, and the line
 * characters of the separators.  Expected values are worked out by hand
 * from the brick layout pictured in geom.h, not from the code.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>

#include "ui/geom.h"

static struct hex
H(int col, int row) {
	struct hex h = { col, row };

	return h;
}

/* The tutorial map (8 x 6) in an area that holds it whole. */
static void
test_geom_hex_to_screen_odd_and_even_rows(void **state)
{
	struct geom_view v;
	int x, y;

	(void)state;
	geom_init(&v, 55, 14, 8, 6);
	assert_true(geom_hex_to_screen(&v, H(1, 1), &x, &y));
	assert_int_equal(x, 4); /* ruler "01 " and the border */
	assert_int_equal(y, 2); /* column ruler, separator */
	assert_true(geom_hex_to_screen(&v, H(1, 2), &x, &y));
	assert_int_equal(x, 7); /* even row: half a hex right */
	assert_int_equal(y, 4);
	assert_true(geom_hex_to_screen(&v, H(8, 6), &x, &y));
	assert_int_equal(x, 4 + 7 * 6 + 3);
	assert_int_equal(y, 12);
	assert_false(geom_hex_to_screen(&v, H(9, 1), &x, &y));
	assert_false(geom_hex_to_screen(&v, H(1, 7), &x, &y));
	assert_false(geom_hex_to_screen(&v, H(0, 1), &x, &y));
}

static void
test_geom_map_size_matches_visible_counts(void **state)
{
	struct geom_view v;

	(void)state;
	assert_int_equal(geom_map_width(8), 55);
	assert_int_equal(geom_map_height(6), 14);
	geom_init(&v, geom_map_width(8), geom_map_height(6), 8, 6);
	assert_int_equal(geom_cols_visible(&v), 8);
	assert_int_equal(geom_rows_visible(&v), 6);
	geom_init(&v, geom_map_width(8) - 1, geom_map_height(6) - 1, 8, 6);
	assert_int_equal(geom_cols_visible(&v), 7);
	assert_int_equal(geom_rows_visible(&v), 5);
	geom_init(&v, 2, 1, 8, 6);
	assert_int_equal(geom_cols_visible(&v), 0);
	assert_int_equal(geom_rows_visible(&v), 0);
}

static void
test_geom_screen_to_hex_inverts_every_cell(void **state)
{
	struct geom_view v;
	struct hex h, got = { 0, 0 };
	int x, y, i;

	(void)state;
	geom_init(&v, 40, 12, 20, 20);
	v.col0 = 3;
	v.row0 = 4;
	for (h.row = 1; h.row <= 20; h.row++) {
		for (h.col = 1; h.col <= 20; h.col++) {
			if (!geom_hex_to_screen(&v, h, &x, &y))
				continue;
			/* Every content character and the right border. */
			for (i = 0; i <= GEOM_CELL_W; i++) {
				assert_true(
				    geom_screen_to_hex(&v, x + i, y, &got));
				assert_int_equal(got.col, h.col);
				assert_int_equal(got.row, h.row);
			}
		}
	}
}

static void
test_geom_screen_to_hex_rejects_rulers_and_separators(void **state)
{
	struct geom_view v;
	struct hex got;

	(void)state;
	geom_init(&v, 55, 14, 8, 6);
	assert_false(geom_screen_to_hex(&v, 10, 0, &got)); /* ruler */
	assert_false(geom_screen_to_hex(&v, 10, 1, &got)); /* separator */
	assert_false(geom_screen_to_hex(&v, 1, 2, &got));  /* row ruler */
	assert_false(geom_screen_to_hex(&v, 5, 4, &got));  /* left of
							    * row 2 */
	assert_true(geom_screen_to_hex(&v, 7, 4, &got));
	assert_int_equal(got.col, 1);
	assert_int_equal(got.row, 2);
	assert_false(geom_screen_to_hex(&v, 4 + 8 * 6, 2, &got));
}

/*
 * The view moves only when the hex leaves it, and only as far as it
 * must: no jump while it is in view, as Tab goes from unit to unit.
 */
static void
test_geom_scroll_to_moves_the_least(void **state)
{
	struct geom_view v;
	int x, y;

	(void)state;
	/* 5 columns and 4 rows of a 30 x 20 map. */
	geom_init(&v, GEOM_RULER_W + 5 * GEOM_HEX_W + GEOM_SHIFT + 1,
		  GEOM_RULER_H + 4 * GEOM_ROW_H + 1, 30, 20);
	assert_int_equal(geom_cols_visible(&v), 5);
	assert_int_equal(geom_rows_visible(&v), 4);
	assert_false(geom_scroll_to(&v, H(4, 3)));
	assert_false(geom_scroll_to(&v, H(5, 4))); /* the last in view */
	assert_true(geom_scroll_to(&v, H(6, 3)));  /* one beyond: one */
	assert_int_equal(v.col0, 2);
	assert_int_equal(v.row0, 1);
	assert_false(geom_scroll_to(&v, H(2, 1))); /* in view again */
	assert_true(geom_scroll_to(&v, H(30, 20))); /* clamped at the end */
	assert_int_equal(v.col0, 26);
	assert_int_equal(v.row0, 17);
	assert_true(geom_hex_to_screen(&v, H(30, 20), &x, &y));
	assert_true(geom_scroll_to(&v, H(1, 1)));
	assert_int_equal(v.col0, 1);
	assert_int_equal(v.row0, 1);
	assert_true(geom_scroll_to(&v, H(10, 10)));
	assert_int_equal(v.col0, 6); /* 10 is the last of 5 */
	assert_int_equal(v.row0, 7);
	assert_true(geom_visible(&v, H(10, 10)));
	assert_false(geom_scroll_to(&v, H(7, 8)));
	assert_int_equal(v.col0, 6);
}

static void
test_geom_resize_clamps_the_origin(void **state)
{
	struct geom_view v;

	(void)state;
	geom_init(&v, 40, 12, 20, 20);
	v.col0 = 15;
	v.row0 = 16;
	geom_resize(&v, geom_map_width(20), geom_map_height(20));
	assert_int_equal(v.col0, 1);
	assert_int_equal(v.row0, 1);
}

/*
 * The separators of a 2 x 2 map:
 *	   ┌─────┬─────┐		j = 0: top of row 1
 *	   │     │     │
 *	   └──┬──┴──┬──┴──┐		j = 1
 *	      │     │     │
 *	      └─────┴─────┘		j = 2: bottom
 * starting at x = GEOM_RULER_W.
 */
static void
test_geom_separator_at_draws_the_brick_joints(void **state)
{
	struct geom_view v;
	int x0 = GEOM_RULER_W;

	(void)state;
	geom_init(&v, geom_map_width(2), geom_map_height(2), 2, 2);
	assert_int_equal(geom_separator_at(&v, 0, x0), GEOM_DOWN | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 0, x0 + 1),
			 GEOM_LEFT | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 0, x0 + 6),
			 GEOM_DOWN | GEOM_LEFT | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 0, x0 + 12),
			 GEOM_DOWN | GEOM_LEFT);
	assert_int_equal(geom_separator_at(&v, 0, x0 + 13), 0);
	assert_int_equal(geom_separator_at(&v, 0, x0 - 1), 0);

	assert_int_equal(geom_separator_at(&v, 1, x0), GEOM_UP | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 1, x0 + 3),
			 GEOM_DOWN | GEOM_LEFT | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 1, x0 + 6),
			 GEOM_UP | GEOM_LEFT | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 1, x0 + 12),
			 GEOM_UP | GEOM_LEFT | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 1, x0 + 15),
			 GEOM_DOWN | GEOM_LEFT);

	assert_int_equal(geom_separator_at(&v, 2, x0 + 2), 0);
	assert_int_equal(geom_separator_at(&v, 2, x0 + 3),
			 GEOM_UP | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 2, x0 + 9),
			 GEOM_UP | GEOM_LEFT | GEOM_RIGHT);
	assert_int_equal(geom_separator_at(&v, 2, x0 + 15),
			 GEOM_UP | GEOM_LEFT);
	assert_int_equal(geom_separator_y(2), GEOM_RULER_H + 4);
}

static void
test_geom_column_label_x_centres_over_the_hexes(void **state)
{
	struct geom_view v;
	int x, cx, cy;

	(void)state;
	geom_init(&v, 55, 14, 8, 6);
	assert_true(geom_column_label_x(&v, 3, false, &x));
	assert_true(geom_hex_to_screen(&v, H(3, 1), &cx, &cy));
	assert_int_equal(x, cx + 1); /* " 03  " over "xxxxx" */
	assert_true(geom_column_label_x(&v, 3, true, &x));
	assert_true(geom_hex_to_screen(&v, H(3, 2), &cx, &cy));
	assert_int_equal(x, cx + 1);
	assert_false(geom_column_label_x(&v, 9, false, &x));
	assert_false(geom_column_label_x(&v, 0, false, &x));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_geom_hex_to_screen_odd_and_even_rows),
		cmocka_unit_test(test_geom_map_size_matches_visible_counts),
		cmocka_unit_test(test_geom_screen_to_hex_inverts_every_cell),
		cmocka_unit_test(
		    test_geom_screen_to_hex_rejects_rulers_and_separators),
		cmocka_unit_test(test_geom_scroll_to_moves_the_least),
		cmocka_unit_test(test_geom_resize_clamps_the_origin),
		cmocka_unit_test(test_geom_separator_at_draws_the_brick_joints),
		cmocka_unit_test(
		    test_geom_column_label_x_centres_over_the_hexes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
