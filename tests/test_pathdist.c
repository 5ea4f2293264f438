/*
 * The computer player's path distances (src/ai/pathdist.c): steps go
 * round terrain a unit may not enter, through a ford, and a hex it may
 * not enter still counts as reached from next door; without a path the
 * answer is PATH_NONE; on open ground it is the hex distance.  The
 * nearest of many hexes, found in one search from all of them
 * (pathdist_nearest()), is what asking about each one gives, on maps with
 * terrain and on maps too large for tables (hex distance).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "ai/pathdist.h"
#include "core/map.h"
#include "core/unittype.h"

static struct hex
at(int col, int row)
{
	struct hex h = { col, row };

	return h;
}

/* A 9 x 7 clear map with a river across row 4, fords as given. */
static void
river_map(struct map *m, const int *ford_cols, int nfords)
{
	int c, k;

	map_init(m, 9, 7);
	for (c = 1; c <= 9; c++)
		map_cell_mut(m, at(c, 4))->terrain = TERRAIN_RIVER;
	for (k = 0; k < nfords; k++)
		map_cell_mut(m, at(ford_cols[k], 4))->terrain = TERRAIN_FORD;
}

static void
test_open_ground_steps_equal_hex_distance(void **state)
{
	struct pathdist *pd = pathdist_new();
	struct map m;
	unsigned foot = terrain_allowed(0);
	int c, r;

	(void)state;
	map_init(&m, 9, 7);
	for (c = 1; c <= 9; c++)
		for (r = 1; r <= 7; r++)
			assert_int_equal(
			    pathdist_steps(pd, &m, foot, at(5, 4), at(c, r)),
			    hex_distance(at(5, 4), at(c, r)));
	pathdist_free(pd);
	map_done(&m);
}

static void
test_river_is_crossed_only_at_its_ford(void **state)
{
	struct pathdist *pd = pathdist_new();
	struct map m;
	int ford = 8;
	unsigned foot = terrain_allowed(0);

	(void)state;
	river_map(&m, &ford, 1);
	/* Straight across is 2 hexes; the way is by the ford at 0804. */
	assert_int_equal(hex_distance(at(2, 3), at(2, 5)), 2);
	assert_true(pathdist_steps(pd, &m, foot, at(2, 3), at(2, 5)) >=
		    hex_distance(at(2, 3), at(8, 4)) +
			hex_distance(at(8, 4), at(2, 5)));
	/* A unit on the ford is one step from either bank. */
	assert_int_equal(pathdist_steps(pd, &m, foot, at(8, 4), at(8, 5)), 1);
	/* The river hex itself is reached from the bank, never entered. */
	assert_int_equal(pathdist_steps(pd, &m, foot, at(2, 3), at(2, 4)), 1);
	pathdist_free(pd);
	map_done(&m);
}

static void
test_no_ford_means_no_path(void **state)
{
	struct pathdist *pd = pathdist_new();
	struct map m;
	unsigned foot = terrain_allowed(0);

	(void)state;
	river_map(&m, NULL, 0);
	assert_int_equal(pathdist_steps(pd, &m, foot, at(2, 3), at(2, 6)),
			 PATH_NONE);
	/* The far bank's first row is next to the river, not beyond it. */
	assert_int_equal(pathdist_steps(pd, &m, foot, at(2, 3), at(2, 5)),
			 PATH_NONE);
	pathdist_free(pd);
	map_done(&m);
}

static void
test_mounted_go_round_woods_that_foot_crosses(void **state)
{
	struct pathdist *pd = pathdist_new();
	struct map m;
	unsigned woodsmen = terrain_allowed(TRAIT_WOODS);
	unsigned mounted = terrain_allowed(TRAIT_MOUNTED);
	int r;

	(void)state;
	map_init(&m, 9, 7);
	/* A belt of woods down column 5, open at row 1 only. */
	for (r = 2; r <= 7; r++)
		map_cell_mut(&m, at(5, r))->terrain = TERRAIN_WOODS;
	assert_int_equal(pathdist_steps(pd, &m, woodsmen, at(3, 6), at(7, 6)),
			 hex_distance(at(3, 6), at(7, 6)));
	assert_true(pathdist_steps(pd, &m, mounted, at(3, 6), at(7, 6)) >
		    hex_distance(at(3, 6), at(7, 6)) + 4);
	/* Asked again, the same answer from the kept table. */
	assert_int_equal(pathdist_steps(pd, &m, woodsmen, at(3, 6), at(7, 6)),
			 hex_distance(at(3, 6), at(7, 6)));
	pathdist_free(pd);
	map_done(&m);
}

static void
test_another_map_starts_afresh(void **state)
{
	struct pathdist *pd = pathdist_new();
	struct map m, small;
	unsigned foot = terrain_allowed(0);

	(void)state;
	river_map(&m, NULL, 0);
	assert_int_equal(pathdist_steps(pd, &m, foot, at(2, 3), at(2, 6)),
			 PATH_NONE);
	map_init(&small, 5, 7);
	assert_int_equal(pathdist_steps(pd, &small, foot, at(2, 3), at(2, 6)),
			 3);
	/* Off the map: hex distance, no table. */
	assert_int_equal(pathdist_steps(pd, &small, foot, at(2, 3), at(9, 3)),
			 hex_distance(at(2, 3), at(9, 3)));
	pathdist_free(pd);
	map_done(&m);
	map_done(&small);
}

/* Checks pathdist_nearest() against the least pathdist_steps() to each
 * source, from every hex of m. */
static void
check_nearest(const struct map *m, unsigned allow, const int *src, int n)
{
	struct pathdist *pd = pathdist_new(), *one = pathdist_new();
	int cells = m->width * m->height, x, i, d, best;
	unsigned char *out = test_malloc((size_t)cells);

	assert_int_equal(pathdist_nearest(pd, m, allow, src, n, out), 0);
	for (x = 0; x < cells; x++) {
		best = PATH_NONE;
		for (i = 0; i < n; i++) {
			d = pathdist_steps(one, m, allow, map_hex_at(m, x),
					   map_hex_at(m, src[i]));
			if (d < best)
				best = d;
		}
		assert_int_equal(out[x], best);
	}
	test_free(out);
	pathdist_free(pd);
	pathdist_free(one);
}

static void
test_nearest_of_many_is_the_least_of_each(void **state)
{
	struct map m;
	int ford = 8, src[3], cells, k, r;
	unsigned foot = terrain_allowed(0);
	unsigned mounted = terrain_allowed(TRAIT_MOUNTED);
	uint32_t lcg = 12345;

	(void)state;
	/* The river, crossed at its ford; sources on both banks and one in
	 * the river itself (a unit on a ford, an enemy one may not enter). */
	river_map(&m, &ford, 1);
	src[0] = map_index(&m, at(2, 2));
	src[1] = map_index(&m, at(8, 4));
	src[2] = map_index(&m, at(6, 7));
	check_nearest(&m, foot, src, 3);
	check_nearest(&m, foot, src + 2, 1);
	map_done(&m);
	/* No ford: the far bank is out of reach of the near source. */
	river_map(&m, NULL, 0);
	src[0] = map_index(&m, at(3, 1));
	check_nearest(&m, foot, src, 1);
	map_done(&m);
	/* Scattered terrain of every kind, mounted and on foot. */
	map_init(&m, 23, 17);
	cells = 23 * 17;
	for (k = 0; k < cells; k++) {
		lcg = lcg * 1103515245u + 12345u;
		r = (int)(lcg >> 16) % 10;
		m.cells[k].terrain = r < TERRAIN_COUNT ? (enum terrain)r
						       : TERRAIN_CLEAR;
	}
	src[0] = 5;
	src[1] = cells / 2;
	src[2] = cells - 3;
	check_nearest(&m, foot, src, 3);
	check_nearest(&m, mounted, src, 2);
	map_done(&m);
}

static void
test_nearest_on_a_map_too_large_for_tables_is_hex_distance(void **state)
{
	struct map m;
	int src[4];

	(void)state;
	/* 99 x 99 and 1 x 99: pathdist_steps() measures hex distance. */
	map_init(&m, 99, 99);
	map_cell_mut(&m, at(50, 50))->terrain = TERRAIN_RIVER;
	src[0] = map_index(&m, at(1, 1));
	src[1] = map_index(&m, at(99, 2));
	src[2] = map_index(&m, at(40, 98));
	src[3] = map_index(&m, at(51, 50));
	check_nearest(&m, terrain_allowed(0), src, 4);
	map_done(&m);
	map_init(&m, 1, 99);
	src[0] = map_index(&m, at(1, 99));
	check_nearest(&m, terrain_allowed(0), src, 1);
	map_done(&m);
}

static void
test_nearest_of_none_is_refused(void **state)
{
	struct pathdist *pd = pathdist_new();
	struct map m;
	unsigned char out[9 * 7];

	(void)state;
	map_init(&m, 9, 7);
	assert_int_equal(
	    pathdist_nearest(pd, &m, terrain_allowed(0), NULL, 0, out), -1);
	pathdist_free(pd);
	map_done(&m);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nearest_of_many_is_the_least_of_each),
		cmocka_unit_test(
		    test_nearest_on_a_map_too_large_for_tables_is_hex_distance),
		cmocka_unit_test(test_nearest_of_none_is_refused),
		cmocka_unit_test(test_open_ground_steps_equal_hex_distance),
		cmocka_unit_test(test_river_is_crossed_only_at_its_ford),
		cmocka_unit_test(test_no_ford_means_no_path),
		cmocka_unit_test(test_mounted_go_round_woods_that_foot_crosses),
		cmocka_unit_test(test_another_map_starts_afresh),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
