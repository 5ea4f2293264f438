/*
 * Tests of the screen layout (src/ui/layout.c): the least size, which
 * parts go where at 80 x 24 and 120 x 40, and that no two parts overlap
 * and all stay on the screen at any size.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>

#include "ui/compact.h"
#include "ui/geom.h"
#include "ui/layout.h"

static void
test_layout_compute_refuses_small_terminals(void **state)
{
	struct layout l;

	(void)state;
	layout_compute(&l, 79, 24, 55, 14);
	assert_false(l.fits);
	layout_compute(&l, 80, 23, 55, 14);
	assert_false(l.fits);
	layout_compute(&l, 80, 24, 55, 14);
	assert_true(l.fits);
}

/* The tutorial's 8 x 6 map at the least size: all of it shows. */
static void
test_layout_compute_80x24_fits_the_tutorial(void **state)
{
	struct layout l;
	int mw = geom_map_width(8), mh = geom_map_height(6);

	(void)state;
	layout_compute(&l, 80, 24, mw, mh);
	assert_false(l.wide);
	assert_int_equal(l.status.y, 0);
	assert_int_equal(l.status.w, 80);
	assert_int_equal(l.prompt.y, 23);
	assert_int_equal(l.msg.y, 22);
	assert_int_equal(l.map.y, 1);
	assert_int_equal(l.map.w, mw);
	assert_int_equal(l.map.h, mh);
	assert_int_equal(l.panel.x, mw);
	assert_int_equal(l.panel.w, 80 - mw);
	assert_true(l.panel.w >= LAYOUT_PANEL_MIN_W);
	assert_int_equal(l.log.y, 1 + mh);
	assert_int_equal(l.log.h, 24 - 3 - mh);
	assert_int_equal(l.log.w, 80);
}

/* A big map is cut to leave the panel and the log their minimum. */
static void
test_layout_compute_80x24_big_map_scrolls(void **state)
{
	struct layout l;

	(void)state;
	layout_compute(&l, 80, 24, geom_map_width(40), geom_map_height(30));
	assert_int_equal(l.map.w, 80 - LAYOUT_PANEL_MIN_W);
	assert_int_equal(l.log.h, LAYOUT_LOG_MIN_H);
	assert_int_equal(l.map.h, 24 - 3 - LAYOUT_LOG_MIN_H);
}

/* More room: a wider panel and a wider, taller log. */
static void
test_layout_compute_120x40_is_wide(void **state)
{
	struct layout small, l;
	int mw = geom_map_width(8), mh = geom_map_height(6);

	(void)state;
	layout_compute(&small, 80, 24, mw, mh);
	layout_compute(&l, 120, 40, mw, mh);
	assert_false(small.wide);
	assert_true(l.wide);
	assert_int_equal(l.map.w, mw);
	assert_int_equal(l.map.h, mh);
	assert_int_equal(l.panel.x, mw);
	assert_int_equal(l.panel.w, 120 - mw);
	assert_int_equal(l.log.y, 1 + mh);
	assert_int_equal(l.log.w, 120);
	assert_int_equal(l.log.h, 40 - 3 - mh);
	assert_true(l.panel.w > small.panel.w);
	assert_true(l.log.w > small.log.w);
	assert_true(l.log.h > small.log.h);
	/* A big map leaves the tall log its minimum and the panel 40. */
	layout_compute(&l, 120, 40, geom_map_width(60), geom_map_height(60));
	assert_int_equal(l.panel.w, LAYOUT_PANEL_WIDE_W);
	assert_int_equal(l.log.h, LAYOUT_LOG_TALL_H);
}

static bool
inside(const struct rect *r, int cols, int lines)
{
	return r->x >= 0 && r->y >= 0 && r->w >= 0 && r->h >= 0 &&
	       r->x + r->w <= cols && r->y + r->h <= lines;
}

static bool
overlap(const struct rect *a, const struct rect *b)
{
	if (a->w == 0 || a->h == 0 || b->w == 0 || b->h == 0)
		return false;
	return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h &&
	       b->y < a->y + a->h;
}

static void
test_layout_compute_parts_tile_the_screen(void **state)
{
	static const int maps[][2] = {
		{ 1, 1 }, { 8, 6 }, { 12, 8 }, { 40, 30 }, { 99, 99 }
	};
	struct layout l;
	const struct rect *parts[6];
	int cols, lines, m, i, j, area;

	(void)state;
	for (cols = 80; cols <= 250; cols += 7) {
		for (lines = 24; lines <= 80; lines += 5) {
			for (m = 0; m < 5; m++) {
				layout_compute(&l, cols, lines,
					       geom_map_width(maps[m][0]),
					       geom_map_height(maps[m][1]));
				assert_true(l.fits);
				parts[0] = &l.status;
				parts[1] = &l.map;
				parts[2] = &l.panel;
				parts[3] = &l.log;
				parts[4] = &l.msg;
				parts[5] = &l.prompt;
				area = 0;
				for (i = 0; i < 6; i++) {
					assert_true(
					    inside(parts[i], cols, lines));
					assert_true(parts[i]->h >= 1);
					area += parts[i]->w * parts[i]->h;
					for (j = 0; j < i; j++)
						assert_false(overlap(parts[i],
								     parts[j]));
				}
				assert_int_equal(area, cols * lines);
				assert_true(l.log.h >= LAYOUT_LOG_MIN_H);
				/* The rows the views show, under the log's
				 * rule and inside the page's frame, which
				 * covers map, panel and log. */
				assert_int_equal(l.log_rows, l.log.h - 1);
				assert_true(inside(&l.page, cols, lines));
				assert_int_equal(l.page.y, l.map.y);
				assert_int_equal(l.page.h,
						 l.map.h + l.log.h);
				assert_int_equal(l.page_rows, l.page.h - 2);
			}
		}
	}
}

/*
 * What happened while a decision is asked stands under the map: on the
 * 16 x 12 compact map at 80 x 24 it leaves the whole map in view; under
 * a map that leaves it less, it keeps its least height over the map's
 * last lines.  Either way it ends at the message line, on the screen.
 */
static void
test_layout_news_low_leaves_the_map_in_view(void **state)
{
	struct layout l;
	struct rect low;

	(void)state;
	layout_compute_compact(&l, 80, 24, compact_map_width(16, 12),
			       compact_map_height(12));
	layout_news_low(&l, &low);
	assert_int_equal(low.y, l.map.y + l.map.h);
	assert_int_equal(low.y + low.h, l.msg.y);
	assert_int_equal(low.x, 0);
	assert_int_equal(low.w, 80);
	assert_true(low.h >= LAYOUT_NEWS_LOW_H);
	layout_compute(&l, 80, 24, geom_map_width(8), geom_map_height(6));
	layout_news_low(&l, &low);
	assert_int_equal(low.h, LAYOUT_NEWS_LOW_H);
	assert_int_equal(low.y + low.h, l.msg.y);
	assert_true(low.y > l.map.y);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_layout_news_low_leaves_the_map_in_view),
		cmocka_unit_test(test_layout_compute_refuses_small_terminals),
		cmocka_unit_test(test_layout_compute_80x24_fits_the_tutorial),
		cmocka_unit_test(test_layout_compute_80x24_big_map_scrolls),
		cmocka_unit_test(test_layout_compute_120x40_is_wide),
		cmocka_unit_test(test_layout_compute_parts_tile_the_screen),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
