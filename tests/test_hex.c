/*
 * Tests of the hex grid (R1), facings (R2) and the line of sight between
 * hex centres (R8.2, R14.1).
 *
 * Expected values come from the rules, not from the code under test:
 * neighbours from the literal R1.3 tables, distance from a breadth-first
 * search over those neighbours, faces from the clock arithmetic of R2.2,
 * arcs from walking R2.4's steps, and lines from plane geometry (which hex
 * interiors the segment between two centres passes through).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/hex.h"

#define assert_hex(h, c, r)                                                    \
	do {                                                                   \
		assert_int_equal((h).col, (c));                                \
		assert_int_equal((h).row, (r));                                \
	} while (0)

static struct hex
H(int col, int row) {
	struct hex h = { col, row };

	return h;
}

static struct hex
name(const char *text)
{
	struct hex h = { -1, -1 };

	assert_int_equal(hex_parse(text, &h), 0);
	return h;
}

static bool
on_map(struct hex h, int cols, int rows)
{
	return h.col >= 1 && h.col <= cols && h.row >= 1 && h.row <= rows;
}

/* The clock hour of a direction, and back (R1.3). */
static const enum dir dir_of_hour[13] = {
	[1] = DIR_1, [3] = DIR_3, [5] = DIR_5,
	[7] = DIR_7, [9] = DIR_9, [11] = DIR_11,
};

/* A clock hour, or a difference of hours, reduced to 0-11. */
static int
mod12(int hour)
{
	return ((hour % 12) + 12) % 12;
}

static enum dir
hour_dir(int hour)
{
	hour = mod12(hour);
	assert_true(hour % 2 == 1);
	return dir_of_hour[hour];
}

/*
 * R1.3, written out literally: the neighbour of (c, r) in each direction,
 * for odd rows and for even rows.
 */
static struct hex
table_neighbour(struct hex h, enum dir d)
{
	static const int odd[DIR_COUNT][2] = {
		[DIR_1] = { 0, -1 }, [DIR_3] = { 1, 0 },  [DIR_5] = { 0, 1 },
		[DIR_7] = { -1, 1 }, [DIR_9] = { -1, 0 }, [DIR_11] = { -1, -1 },
	};
	static const int even[DIR_COUNT][2] = {
		[DIR_1] = { 1, -1 }, [DIR_3] = { 1, 0 },  [DIR_5] = { 1, 1 },
		[DIR_7] = { 0, 1 },  [DIR_9] = { -1, 0 }, [DIR_11] = { 0, -1 },
	};
	const int(*t)[2] = (h.row % 2 != 0) ? odd : even;

	return H(h.col + t[d][0], h.row + t[d][1]);
}

/* --- R1.2 names ---------------------------------------------------- */

static void
test_R1_2_parse_good_names(void **state)
{
	struct hex h;

	(void)state;
	assert_int_equal(hex_parse("0305", &h), 0);
	assert_hex(h, 3, 5);
	assert_int_equal(hex_parse("0101", &h), 0);
	assert_hex(h, 1, 1);
	assert_int_equal(hex_parse("1002", &h), 0);
	assert_hex(h, 10, 2);
	assert_int_equal(hex_parse("0210", &h), 0);
	assert_hex(h, 2, 10);
	assert_int_equal(hex_parse("9999", &h), 0);
	assert_hex(h, 99, 99);
	assert_int_equal(hex_parse("4717", &h), 0);
	assert_hex(h, 47, 17);
}

static void
test_R1_2_parse_rejects_bad_text(void **state)
{
	static const char *const bad[] = {
		"",	"0",	"030",	"03050", "00305",  "03a5",  "a305",
		"abcd", "0000", "0100", "0001",	 "0305 ",  " 0305", "03 5",
		"+305", "-305", "0x05", "03.5",	 "0305\n", "03-05", "0305x",
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		struct hex h = { 7, 7 };

		if (hex_parse(bad[i], &h) != -1)
			fail_msg("hex_parse accepted \"%s\"", bad[i]);
	}
}

static void
test_R1_2_format_names(void **state)
{
	char buf[HEX_NAME_SIZE];

	(void)state;
	hex_format(H(3, 5), buf);
	assert_string_equal(buf, "0305");
	hex_format(H(1, 1), buf);
	assert_string_equal(buf, "0101");
	hex_format(H(10, 2), buf);
	assert_string_equal(buf, "1002");
	hex_format(H(2, 10), buf);
	assert_string_equal(buf, "0210");
	hex_format(H(99, 99), buf);
	assert_string_equal(buf, "9999");
}

static void
test_R1_2_format_parse_round_trip_whole_map(void **state)
{
	char buf[HEX_NAME_SIZE];
	struct hex h, back;

	(void)state;
	for (h.col = 1; h.col <= HEX_MAX_DIM; h.col++) {
		for (h.row = 1; h.row <= HEX_MAX_DIM; h.row++) {
			hex_format(h, buf);
			assert_int_equal(strlen(buf), 4);
			assert_int_equal(hex_parse(buf, &back), 0);
			assert_true(hex_equal(h, back));
		}
	}
}

static void
test_R1_2_compare_orders_by_name(void **state)
{
	(void)state;
	/* CCRR order: column first, then row. */
	assert_true(hex_compare(name("0199"), name("0201")) < 0);
	assert_true(hex_compare(name("0201"), name("0199")) > 0);
	assert_true(hex_compare(name("0304"), name("0305")) < 0);
	assert_true(hex_compare(name("0305"), name("0304")) > 0);
	assert_int_equal(hex_compare(name("0305"), name("0305")), 0);
	assert_true(hex_compare(name("0999"), name("1001")) < 0);
	assert_true(hex_equal(name("0305"), H(3, 5)));
	assert_false(hex_equal(name("0305"), H(5, 3)));
	assert_false(hex_equal(name("0305"), H(3, 4)));
}

/* --- R1.3 neighbours ------------------------------------------------ */

static void
test_R1_3_neighbours_odd_row(void **state)
{
	struct hex h = name("0305");

	(void)state;
	/* 1 = (c, r-1), 3 = (c+1, r), 5 = (c, r+1), 7 = (c-1, r+1),
	 * 9 = (c-1, r), 11 = (c-1, r-1) */
	assert_hex(hex_neighbour(h, DIR_1), 3, 4);
	assert_hex(hex_neighbour(h, DIR_3), 4, 5);
	assert_hex(hex_neighbour(h, DIR_5), 3, 6);
	assert_hex(hex_neighbour(h, DIR_7), 2, 6);
	assert_hex(hex_neighbour(h, DIR_9), 2, 5);
	assert_hex(hex_neighbour(h, DIR_11), 2, 4);
}

static void
test_R1_3_neighbours_even_row(void **state)
{
	struct hex h = name("0304");

	(void)state;
	/* 1 = (c+1, r-1), 3 = (c+1, r), 5 = (c+1, r+1), 7 = (c, r+1),
	 * 9 = (c-1, r), 11 = (c, r-1) */
	assert_hex(hex_neighbour(h, DIR_1), 4, 3);
	assert_hex(hex_neighbour(h, DIR_3), 4, 4);
	assert_hex(hex_neighbour(h, DIR_5), 4, 5);
	assert_hex(hex_neighbour(h, DIR_7), 3, 5);
	assert_hex(hex_neighbour(h, DIR_9), 2, 4);
	assert_hex(hex_neighbour(h, DIR_11), 3, 3);
}

static void
test_R1_3_neighbours_match_table_whole_map(void **state)
{
	struct hex h, n, want;
	int d;

	(void)state;
	for (h.col = 1; h.col <= HEX_MAX_DIM; h.col++) {
		for (h.row = 1; h.row <= HEX_MAX_DIM; h.row++) {
			for (d = 0; d < DIR_COUNT; d++) {
				n = hex_neighbour(h, (enum dir)d);
				want = table_neighbour(h, (enum dir)d);
				assert_hex(n, want.col, want.row);
				/* and back across the same hexside */
				n = hex_neighbour(n, dir_opposite((enum dir)d));
				assert_hex(n, h.col, h.row);
			}
		}
	}
}

static void
test_R1_3_neighbours_of_corners_go_off_map(void **state)
{
	struct hex tl = name("0101"), br = name("9999");
	struct hex tr = name("9901"), bl = name("0199");
	int d, off;

	(void)state;
	/* 0101 (odd row): 1 (1,0), 11 (0,0), 9 (0,1), 7 (0,2) are off. */
	assert_hex(hex_neighbour(tl, DIR_1), 1, 0);
	assert_hex(hex_neighbour(tl, DIR_3), 2, 1);
	assert_hex(hex_neighbour(tl, DIR_5), 1, 2);
	assert_hex(hex_neighbour(tl, DIR_7), 0, 2);
	assert_hex(hex_neighbour(tl, DIR_9), 0, 1);
	assert_hex(hex_neighbour(tl, DIR_11), 0, 0);
	/* 9999 (odd row): 3 (100,99), 5 (99,100), 7 (98,100). */
	assert_hex(hex_neighbour(br, DIR_1), 99, 98);
	assert_hex(hex_neighbour(br, DIR_3), 100, 99);
	assert_hex(hex_neighbour(br, DIR_5), 99, 100);
	assert_hex(hex_neighbour(br, DIR_7), 98, 100);
	assert_hex(hex_neighbour(br, DIR_9), 98, 99);
	assert_hex(hex_neighbour(br, DIR_11), 98, 98);
	/* 9901 (odd row): 1, 11 above the top, 3 past the right edge. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(tr, (enum dir)d), 99, 99);
	assert_int_equal(off, 3);
	assert_hex(hex_neighbour(tr, DIR_1), 99, 0);
	assert_hex(hex_neighbour(tr, DIR_11), 98, 0);
	assert_hex(hex_neighbour(tr, DIR_3), 100, 1);
	/* 0199 (odd row): 5, 7 below the bottom, 7, 9, 11 left of col 1. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(bl, (enum dir)d), 99, 99);
	assert_int_equal(off, 4);
	assert_hex(hex_neighbour(bl, DIR_5), 1, 100);
	assert_hex(hex_neighbour(bl, DIR_7), 0, 100);
	assert_hex(hex_neighbour(bl, DIR_9), 0, 99);
	assert_hex(hex_neighbour(bl, DIR_11), 0, 98);
}

static void
test_R1_3_neighbours_of_edges_go_off_map(void **state)
{
	int d, off;

	(void)state;
	/* An even row on the left edge is shifted right: only 9 is off. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(name("0102"), (enum dir)d), 8, 8);
	assert_int_equal(off, 1);
	assert_hex(hex_neighbour(name("0102"), DIR_9), 0, 2);
	assert_hex(hex_neighbour(name("0102"), DIR_11), 1, 1);
	assert_hex(hex_neighbour(name("0102"), DIR_7), 1, 3);
	/* An odd row on the left edge: 7, 9 and 11 are off. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(name("0103"), (enum dir)d), 8, 8);
	assert_int_equal(off, 3);
	/* An even row on the right edge of an 8-wide map: 1, 3, 5 off. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(name("0804"), (enum dir)d), 8, 8);
	assert_int_equal(off, 3);
	assert_hex(hex_neighbour(name("0804"), DIR_1), 9, 3);
	assert_hex(hex_neighbour(name("0804"), DIR_5), 9, 5);
	/* An odd row on the right edge: only 3 is off. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(name("0805"), (enum dir)d), 8, 8);
	assert_int_equal(off, 1);
	assert_hex(hex_neighbour(name("0805"), DIR_3), 9, 5);
	/* Top and bottom rows of an 8 x 8 map: two off each. */
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(name("0401"), (enum dir)d), 8, 8);
	assert_int_equal(off, 2);
	for (off = 0, d = 0; d < DIR_COUNT; d++)
		off += !on_map(hex_neighbour(name("0408"), (enum dir)d), 8, 8);
	assert_int_equal(off, 2);
	assert_hex(hex_neighbour(name("0408"), DIR_5), 5, 9);
	assert_hex(hex_neighbour(name("0408"), DIR_7), 4, 9);
}

static void
test_R1_3_direction_to_neighbours(void **state)
{
	struct hex h;
	int d, dc, dr;

	(void)state;
	for (h.col = 2; h.col <= 12; h.col++) {
		for (h.row = 2; h.row <= 12; h.row++) {
			for (d = 0; d < DIR_COUNT; d++)
				assert_int_equal(
				    hex_direction_to(
					h, table_neighbour(h, (enum dir)d)),
				    d);
			/* anything not in the R1.3 table is not adjacent */
			for (dc = -3; dc <= 3; dc++) {
				for (dr = -3; dr <= 3; dr++) {
					struct hex o =
					    H(h.col + dc, h.row + dr);
					bool adj = false;

					for (d = 0; d < DIR_COUNT; d++)
						adj |= hex_equal(
						    o, table_neighbour(
							   h, (enum dir)d));
					if (!adj)
						assert_int_equal(
						    hex_direction_to(h, o), -1);
				}
			}
		}
	}
	assert_int_equal(hex_direction_to(name("0305"), name("0304")), DIR_1);
	assert_int_equal(hex_direction_to(name("0304"), name("0403")), DIR_1);
	assert_int_equal(hex_direction_to(name("0304"), name("0303")), DIR_11);
	assert_int_equal(hex_direction_to(name("0305"), name("0204")), DIR_11);
	assert_int_equal(hex_direction_to(name("0305"), name("0404")), -1);
	assert_int_equal(hex_direction_to(name("0305"), name("0305")), -1);
}

static void
test_R1_3_dir_clock_and_opposite(void **state)
{
	(void)state;
	assert_int_equal(dir_clock(DIR_1), 1);
	assert_int_equal(dir_clock(DIR_3), 3);
	assert_int_equal(dir_clock(DIR_5), 5);
	assert_int_equal(dir_clock(DIR_7), 7);
	assert_int_equal(dir_clock(DIR_9), 9);
	assert_int_equal(dir_clock(DIR_11), 11);
	assert_int_equal(dir_opposite(DIR_1), DIR_7);
	assert_int_equal(dir_opposite(DIR_3), DIR_9);
	assert_int_equal(dir_opposite(DIR_5), DIR_11);
	assert_int_equal(dir_opposite(DIR_7), DIR_1);
	assert_int_equal(dir_opposite(DIR_9), DIR_3);
	assert_int_equal(dir_opposite(DIR_11), DIR_5);
}

/* --- R1.4 distance -------------------------------------------------- */

static void
test_R1_4_distance_examples(void **state)
{
	(void)state;
	assert_int_equal(hex_distance(name("0305"), name("0305")), 0);
	assert_int_equal(hex_distance(name("0305"), name("0304")), 1);
	assert_int_equal(hex_distance(name("0305"), name("0404")), 2);
	assert_int_equal(hex_distance(name("0101"), name("0501")), 4);
	assert_int_equal(hex_distance(name("0101"), name("0105")), 4);
	assert_int_equal(hex_distance(name("0101"), name("0202")), 2);
	assert_int_equal(hex_distance(name("0101"), name("0305")), 4);
	assert_int_equal(hex_distance(name("0406"), name("0404")), 2);
	/* straight down a column zig-zags 5, 7, 5, 7: one step per row */
	assert_int_equal(hex_distance(name("0101"), name("0199")), 98);
	/* along a row, one step per column */
	assert_int_equal(hex_distance(name("0101"), name("9901")), 98);
	/* corner to corner: 98 rows absorb 49 columns */
	assert_int_equal(hex_distance(name("0101"), name("9999")), 98 + 49);
	assert_int_equal(hex_distance(name("9901"), name("0199")), 98 + 49);
}

/*
 * Breadth-first search over the R1.3 neighbours in a box much larger than
 * the 12 x 12 grid under test, so that no shortest path is cut off.
 */
#define BOX 52
#define BOX_OFF 20 /* even, so row parity is kept */
#define SMALL 12

static void
test_R1_4_distance_matches_bfs_all_pairs(void **state)
{
	static int dist[BOX + 1][BOX + 1];
	static struct hex queue[(BOX + 1) * (BOX + 1)];
	struct hex src, dst;
	int head, tail, d;

	(void)state;
	for (src.col = 1 + BOX_OFF; src.col <= SMALL + BOX_OFF; src.col++) {
		for (src.row = 1 + BOX_OFF; src.row <= SMALL + BOX_OFF;
		     src.row++) {
			memset(dist, -1, sizeof dist);
			head = tail = 0;
			dist[src.col][src.row] = 0;
			queue[tail++] = src;
			while (head < tail) {
				struct hex h = queue[head++];

				for (d = 0; d < DIR_COUNT; d++) {
					struct hex n =
					    table_neighbour(h, (enum dir)d);

					if (!on_map(n, BOX, BOX) ||
					    dist[n.col][n.row] >= 0)
						continue;
					dist[n.col][n.row] =
					    dist[h.col][h.row] + 1;
					queue[tail++] = n;
				}
			}
			for (dst.col = 1 + BOX_OFF; dst.col <= SMALL + BOX_OFF;
			     dst.col++)
				for (dst.row = 1 + BOX_OFF;
				     dst.row <= SMALL + BOX_OFF; dst.row++)
					assert_int_equal(
					    hex_distance(src, dst),
					    dist[dst.col][dst.row]);
		}
	}
}

static void
test_R1_4_distance_symmetric_and_triangle(void **state)
{
	struct hex a, b, c = name("0707");

	(void)state;
	for (a.col = 1; a.col <= SMALL; a.col++)
		for (a.row = 1; a.row <= SMALL; a.row++)
			for (b.col = 1; b.col <= SMALL; b.col++)
				for (b.row = 1; b.row <= SMALL; b.row++) {
					int ab = hex_distance(a, b);

					assert_int_equal(ab,
							 hex_distance(b, a));
					assert_true(ab <=
						    hex_distance(a, c) +
							hex_distance(c, b));
					assert_int_equal(ab == 0,
							 hex_equal(a, b));
				}
}

/* --- R2.1 facings --------------------------------------------------- */

static void
test_R2_1_facing_parse_case_insensitive(void **state)
{
	static const struct {
		const char *text;
		enum facing f;
	} good[] = {
		{ "N", FACING_N },   { "n", FACING_N },	  { "NE", FACING_NE },
		{ "ne", FACING_NE }, { "nE", FACING_NE }, { "Ne", FACING_NE },
		{ "SE", FACING_SE }, { "se", FACING_SE }, { "S", FACING_S },
		{ "s", FACING_S },   { "SW", FACING_SW }, { "sW", FACING_SW },
		{ "NW", FACING_NW }, { "nw", FACING_NW },
	};
	static const char *const bad[] = {
		"", "E", "W", "e", "NNE", "N ", " N", "north", "NS", "12",
	};
	enum facing f;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof good / sizeof good[0]; i++) {
		f = FACING_COUNT;
		assert_int_equal(facing_parse(good[i].text, &f), 0);
		assert_int_equal(f, good[i].f);
	}
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		if (facing_parse(bad[i], &f) != -1)
			fail_msg("facing_parse accepted \"%s\"", bad[i]);
}

static void
test_R2_1_facing_names_and_clock(void **state)
{
	static const char *const names[FACING_COUNT] = {
		"N", "NE", "SE", "S", "SW", "NW",
	};
	static const int hours[FACING_COUNT] = { 12, 2, 4, 6, 8, 10 };
	enum facing back = FACING_N;
	int f;

	(void)state;
	for (f = 0; f < FACING_COUNT; f++) {
		assert_string_equal(facing_name((enum facing)f), names[f]);
		assert_int_equal(facing_clock((enum facing)f), hours[f]);
		assert_int_equal(facing_parse(names[f], &back), 0);
		assert_int_equal(back, f);
	}
}

static void
test_R2_1_facing_rotate(void **state)
{
	int f, v;

	(void)state;
	assert_int_equal(facing_rotate(FACING_N, 1), FACING_NE);
	assert_int_equal(facing_rotate(FACING_N, -1), FACING_NW);
	assert_int_equal(facing_rotate(FACING_NW, 1), FACING_N);
	assert_int_equal(facing_rotate(FACING_S, 3), FACING_N);
	assert_int_equal(facing_rotate(FACING_S, -3), FACING_N);
	assert_int_equal(facing_rotate(FACING_SE, 2), FACING_SW);
	assert_int_equal(facing_rotate(FACING_SE, -2), FACING_N);
	assert_int_equal(facing_rotate(FACING_N, 6), FACING_N);
	assert_int_equal(facing_rotate(FACING_N, -7), FACING_NW);
	assert_int_equal(facing_rotate(FACING_SW, 0), FACING_SW);
	/* a vertex is 2 clock hours, clockwise */
	for (f = 0; f < FACING_COUNT; f++) {
		for (v = -13; v <= 13; v++) {
			int h = facing_clock(facing_rotate((enum facing)f, v));
			int want = mod12(facing_clock((enum facing)f) + 2 * v);

			assert_int_equal(mod12(h), want);
		}
	}
}

static void
test_R2_1_facing_turn_distance(void **state)
{
	int a, b;

	(void)state;
	assert_int_equal(facing_turn_distance(FACING_N, FACING_N), 0);
	assert_int_equal(facing_turn_distance(FACING_N, FACING_NE), 1);
	assert_int_equal(facing_turn_distance(FACING_N, FACING_NW), 1);
	assert_int_equal(facing_turn_distance(FACING_N, FACING_SE), 2);
	assert_int_equal(facing_turn_distance(FACING_N, FACING_SW), 2);
	assert_int_equal(facing_turn_distance(FACING_N, FACING_S), 3);
	assert_int_equal(facing_turn_distance(FACING_NE, FACING_SW), 3);
	assert_int_equal(facing_turn_distance(FACING_NW, FACING_NE), 2);
	for (a = 0; a < FACING_COUNT; a++) {
		for (b = 0; b < FACING_COUNT; b++) {
			int t = facing_turn_distance((enum facing)a,
						     (enum facing)b);
			int v, best = 99;

			assert_int_equal(t,
					 facing_turn_distance((enum facing)b,
							      (enum facing)a));
			/* fewest vertices either way round */
			for (v = -3; v <= 3; v++)
				if (facing_rotate((enum facing)a, v) ==
					(enum facing)b &&
				    abs(v) < best)
					best = abs(v);
			assert_int_equal(t, best);
		}
	}
}

/* --- R2.2 front, flank and rear ------------------------------------- */

static bool
same_pair(enum dir x, enum dir y, enum dir p, enum dir q)
{
	return (x == p && y == q) || (x == q && y == p);
}

static void
test_R2_2_example_facing_N(void **state)
{
	(void)state;
	/* front 11 and 1, left flank 9, right flank 3, rear 7 and 5 */
	assert_true(same_pair(facing_front_dir(FACING_N, 0),
			      facing_front_dir(FACING_N, 1), DIR_11, DIR_1));
	assert_int_equal(facing_left_dir(FACING_N), DIR_9);
	assert_int_equal(facing_right_dir(FACING_N), DIR_3);
	assert_true(same_pair(facing_rear_dir(FACING_N, 0),
			      facing_rear_dir(FACING_N, 1), DIR_7, DIR_5));
}

static void
test_R2_2_faces_all_facings(void **state)
{
	/* hours: front f-1, f+1; left f-3; right f+3; rear f-5, f+5 */
	static const int want[FACING_COUNT][6] = {
		[FACING_N] = { 11, 1, 9, 3, 7, 5 },
		[FACING_NE] = { 1, 3, 11, 5, 9, 7 },
		[FACING_SE] = { 3, 5, 1, 7, 11, 9 },
		[FACING_S] = { 5, 7, 3, 9, 1, 11 },
		[FACING_SW] = { 7, 9, 5, 11, 3, 1 },
		[FACING_NW] = { 9, 11, 7, 1, 5, 3 },
	};
	int f;

	(void)state;
	for (f = 0; f < FACING_COUNT; f++) {
		enum facing fa = (enum facing)f;
		int h = facing_clock(fa);
		bool seen[DIR_COUNT] = { false };

		/* the table above is the clock arithmetic of R2.2 */
		assert_int_equal(hour_dir(want[f][0]), hour_dir(h - 1));
		assert_int_equal(hour_dir(want[f][1]), hour_dir(h + 1));
		assert_int_equal(hour_dir(want[f][2]), hour_dir(h - 3));
		assert_int_equal(hour_dir(want[f][3]), hour_dir(h + 3));
		assert_int_equal(hour_dir(want[f][4]), hour_dir(h - 5));
		assert_int_equal(hour_dir(want[f][5]), hour_dir(h + 5));

		assert_true(
		    same_pair(facing_front_dir(fa, 0), facing_front_dir(fa, 1),
			      hour_dir(want[f][0]), hour_dir(want[f][1])));
		assert_int_equal(facing_left_dir(fa), hour_dir(want[f][2]));
		assert_int_equal(facing_right_dir(fa), hour_dir(want[f][3]));
		assert_true(
		    same_pair(facing_rear_dir(fa, 0), facing_rear_dir(fa, 1),
			      hour_dir(want[f][4]), hour_dir(want[f][5])));

		/* the six directions are each used exactly once */
		seen[facing_front_dir(fa, 0)] = true;
		seen[facing_front_dir(fa, 1)] = true;
		seen[facing_left_dir(fa)] = true;
		seen[facing_right_dir(fa)] = true;
		seen[facing_rear_dir(fa, 0)] = true;
		seen[facing_rear_dir(fa, 1)] = true;
		for (h = 0; h < DIR_COUNT; h++)
			assert_true(seen[h]);
	}
}

static void
test_R2_3_face_of_dir_all_facings(void **state)
{
	int f, d;

	(void)state;
	for (f = 0; f < FACING_COUNT; f++) {
		for (d = 0; d < DIR_COUNT; d++) {
			/* hours from the facing, clockwise: 1 or 11 front,
			 * 3 right, 9 left, 5 or 7 rear */
			int rel = mod12(dir_clock((enum dir)d) -
					facing_clock((enum facing)f));
			enum face want = FACE_REAR;

			if (rel == 1 || rel == 11)
				want = FACE_FRONT;
			else if (rel == 3)
				want = FACE_RIGHT;
			else if (rel == 9)
				want = FACE_LEFT;

			assert_int_equal(
			    facing_face_of_dir((enum facing)f, (enum dir)d),
			    want);
		}
	}
	/* R2.2 example: facing N */
	assert_int_equal(facing_face_of_dir(FACING_N, DIR_11), FACE_FRONT);
	assert_int_equal(facing_face_of_dir(FACING_N, DIR_1), FACE_FRONT);
	assert_int_equal(facing_face_of_dir(FACING_N, DIR_9), FACE_LEFT);
	assert_int_equal(facing_face_of_dir(FACING_N, DIR_3), FACE_RIGHT);
	assert_int_equal(facing_face_of_dir(FACING_N, DIR_7), FACE_REAR);
	assert_int_equal(facing_face_of_dir(FACING_N, DIR_5), FACE_REAR);
	/* facing SE: front 3 and 5, left 1, right 7, rear 9 and 11 */
	assert_int_equal(facing_face_of_dir(FACING_SE, DIR_3), FACE_FRONT);
	assert_int_equal(facing_face_of_dir(FACING_SE, DIR_5), FACE_FRONT);
	assert_int_equal(facing_face_of_dir(FACING_SE, DIR_1), FACE_LEFT);
	assert_int_equal(facing_face_of_dir(FACING_SE, DIR_7), FACE_RIGHT);
	assert_int_equal(facing_face_of_dir(FACING_SE, DIR_9), FACE_REAR);
	assert_int_equal(facing_face_of_dir(FACING_SE, DIR_11), FACE_REAR);
}

static void
test_R2_3_face_names(void **state)
{
	(void)state;
	assert_string_equal(face_name(FACE_FRONT), "front");
	assert_string_equal(face_name(FACE_LEFT), "left flank");
	assert_string_equal(face_name(FACE_RIGHT), "right flank");
	assert_string_equal(face_name(FACE_REAR), "rear");
}

/* --- R2.4 forward arc ----------------------------------------------- */

#define ARC_MAX 64

/* R2.4 walked literally: a steps at f-1 and b steps at f+1. */
static int
walk_arc(struct hex from, enum facing f, int range, struct hex *out, int *dist)
{
	enum dir da = hour_dir(facing_clock(f) - 1);
	enum dir db = hour_dir(facing_clock(f) + 1);
	int a, b, i, n = 0;

	for (a = 0; a <= range; a++) {
		for (b = 0; a + b <= range; b++) {
			struct hex h = from;

			if (a + b == 0)
				continue;
			for (i = 0; i < a; i++)
				h = table_neighbour(h, da);
			for (i = 0; i < b; i++)
				h = table_neighbour(h, db);
			dist[n] = a + b;
			out[n++] = h;
		}
	}
	return n;
}

static int
find_hex(const struct hex *v, int n, struct hex h)
{
	int i;

	for (i = 0; i < n; i++)
		if (hex_equal(v[i], h))
			return i;
	return -1;
}

static void
check_arc(struct hex from, enum facing f, int range)
{
	struct hex got[ARC_MAX], want[ARC_MAX], h;
	int dist[ARC_MAX];
	int n, nw, i, j;

	n = hex_arc(from, f, range, got, ARC_MAX);
	nw = walk_arc(from, f, range, want, dist);
	assert_int_equal(n, range * (range + 3) / 2);
	assert_int_equal(n, nw);
	for (i = 0; i < n; i++) {
		/* the same hexes, each once, nearest first */
		j = find_hex(want, nw, got[i]);
		assert_true(j >= 0);
		assert_int_equal(find_hex(got, n, got[i]), i);
		assert_int_equal(hex_distance(from, got[i]), dist[j]);
		if (i > 0)
			assert_true(hex_distance(from, got[i - 1]) <=
				    hex_distance(from, got[i]));
	}
	/* hex_in_arc agrees with hex_arc everywhere near */
	for (h.col = from.col - range - 2; h.col <= from.col + range + 2;
	     h.col++) {
		for (h.row = from.row - range - 2;
		     h.row <= from.row + range + 2; h.row++) {
			bool in = find_hex(got, n, h) >= 0;

			if (hex_in_arc(from, f, h, range) != in) {
				char a[HEX_NAME_SIZE], b[HEX_NAME_SIZE];

				hex_format(from, a);
				hex_format(h, b);
				fail_msg("hex_in_arc(%s, %s, %s, %d) != %d", a,
					 facing_name(f), b, range, in);
			}
		}
	}
}

static void
test_R2_4_arc_range2_covers_5(void **state)
{
	int f;

	(void)state;
	for (f = 0; f < FACING_COUNT; f++) {
		check_arc(name("1010"), (enum facing)f, 2); /* even row */
		check_arc(name("1011"), (enum facing)f, 2); /* odd row */
	}
}

static void
test_R2_4_arc_range3_covers_9(void **state)
{
	int f;

	(void)state;
	for (f = 0; f < FACING_COUNT; f++) {
		check_arc(name("1010"), (enum facing)f, 3);
		check_arc(name("1011"), (enum facing)f, 3);
	}
}

static void
test_R2_4_arc_other_ranges(void **state)
{
	int f, r;

	(void)state;
	for (f = 0; f < FACING_COUNT; f++) {
		for (r = 1; r <= 6; r++) {
			check_arc(name("2020"), (enum facing)f, r);
			check_arc(name("2021"), (enum facing)f, r);
		}
	}
}

static void
test_R2_4_arc_example_N_from_0505(void **state)
{
	/* 0505 (odd): 11 -> 0404, 1 -> 0504; then from 0404 (even):
	 * 11 -> 0403, 1 -> 0503; from 0504 (even): 1 -> 0603. */
	static const char *const want[] = {
		"0404", "0504", "0403", "0503", "0603",
	};
	struct hex got[ARC_MAX];
	size_t i;
	int n;

	(void)state;
	n = hex_arc(name("0505"), FACING_N, 2, got, ARC_MAX);
	assert_int_equal(n, 5);
	for (i = 0; i < 5; i++) {
		assert_true(find_hex(got, n, name(want[i])) >= 0);
		assert_true(
		    hex_in_arc(name("0505"), FACING_N, name(want[i]), 2));
	}
	/* not the hex itself, its flanks, its rear, or out of range */
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0505"), 2));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0405"), 2));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0605"), 2));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0506"), 2));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0406"), 2));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0304"), 2));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0502"), 2));
	assert_true(hex_in_arc(name("0505"), FACING_N, name("0502"), 3));
	assert_false(hex_in_arc(name("0505"), FACING_N, name("0404"), 0));
}

static void
test_R2_4_arc_respects_max(void **state)
{
	struct hex got[4] = { { -7, -7 }, { -7, -7 }, { -7, -7 }, { -7, -7 } };
	int n;

	(void)state;
	n = hex_arc(name("0505"), FACING_S, 3, got, 3);
	assert_int_equal(n, 3);
	assert_hex(got[3], -7, -7);
	for (n = 0; n < 3; n++)
		assert_true(hex_in_arc(name("0505"), FACING_S, got[n], 3));
}

/* --- R8.2 / R14.1 line of sight ------------------------------------- */

/*
 * Plane geometry from R1.1: pointy-topped hexes with centre-to-vertex 1,
 * centres sqrt(3) apart along a row and 1.5 apart down the rows, even rows
 * shifted half a hex right.  A hex's interior is where the distance to
 * each of its six sides (normals at 0, 60, ... 300 degrees) is less than
 * the apothem sqrt(3)/2.
 */
static void
centre(struct hex h, double *x, double *y)
{
	*x = sqrt(3.0) * ((h.col - 1) + (h.row % 2 == 0 ? 0.5 : 0.0));
	*y = 1.5 * (h.row - 1);
}

enum touch { TOUCH_NONE, TOUCH_INTERIOR, TOUCH_SIDE };

/*
 * How the segment a-b meets hex h: through its interior, only along one
 * of its sides, or not at all (a vertex alone does not count); *tmid is
 * where along the segment (0-1) the meeting is centred.
 */
static enum touch
segment_meets(struct hex a, struct hex b, struct hex h, double *tmid)
{
	const double eps = 1e-9, apothem = sqrt(3.0) / 2;
	double ax, ay, bx, by, cx, cy, lo = 0, hi = 1, mx, my, worst = -1;
	int k;

	centre(a, &ax, &ay);
	centre(b, &bx, &by);
	centre(h, &cx, &cy);
	for (k = 0; k < 6; k++) {
		double nx = cos(k * M_PI / 3), ny = sin(k * M_PI / 3);
		double p = (ax - cx) * nx + (ay - cy) * ny;
		double q = (bx - ax) * nx + (by - ay) * ny;

		/* p + t q <= apothem */
		if (fabs(q) < eps) {
			if (p > apothem + eps)
				return TOUCH_NONE;
		} else if (q > 0) {
			hi = fmin(hi, (apothem - p) / q);
		} else {
			lo = fmax(lo, (apothem - p) / q);
		}
	}
	if (hi - lo < 1e-6)
		return TOUCH_NONE;
	*tmid = (lo + hi) / 2;
	mx = ax + (bx - ax) * *tmid - cx;
	my = ay + (by - ay) * *tmid - cy;
	for (k = 0; k < 6; k++)
		worst = fmax(worst,
			     mx * cos(k * M_PI / 3) + my * sin(k * M_PI / 3));
	return worst < apothem - 1e-6 ? TOUCH_INTERIOR : TOUCH_SIDE;
}

struct geo_step {
	double t;
	struct hex h;
	enum touch how;
};

static int
cmp_geo(const void *x, const void *y)
{
	const struct geo_step *a = x, *b = y;

	if (a->t < b->t - 1e-6)
		return -1;
	if (a->t > b->t + 1e-6)
		return 1;
	return hex_compare(a->h, b->h);
}

/* The expected line from a to b, worked out from the plane geometry. */
static int
geometric_line(struct hex a, struct hex b, struct hex_step *out, int max)
{
	struct geo_step g[256];
	struct hex h;
	int n = 0, count = 0, i;
	int c0 = a.col < b.col ? a.col : b.col, c1 = a.col + b.col - c0;
	int r0 = a.row < b.row ? a.row : b.row, r1 = a.row + b.row - r0;

	for (h.col = c0 - 1; h.col <= c1 + 1; h.col++) {
		for (h.row = r0 - 1; h.row <= r1 + 1; h.row++) {
			double t;
			enum touch how;

			if (hex_equal(h, a) || hex_equal(h, b))
				continue;
			how = segment_meets(a, b, h, &t);
			if (how == TOUCH_NONE)
				continue;
			assert_true(n < 256);
			g[n].t = t;
			g[n].h = h;
			g[n++].how = how;
		}
	}
	qsort(g, (size_t)n, sizeof g[0], cmp_geo);
	for (i = 0; i < n; i++) {
		assert_true(count < max);
		out[count].a = out[count].b = g[i].h;
		out[count].pair = false;
		if (g[i].how == TOUCH_SIDE) {
			/* a side is shared by exactly two hexes */
			assert_true(i + 1 < n);
			assert_int_equal(g[i + 1].how, TOUCH_SIDE);
			assert_true(fabs(g[i + 1].t - g[i].t) < 1e-6);
			out[count].b = g[++i].h;
			out[count].pair = true;
		}
		count++;
	}
	return count;
}

static bool
same_step(const struct hex_step *x, const struct hex_step *y)
{
	if (x->pair != y->pair)
		return false;
	if (!x->pair)
		return hex_equal(x->a, y->a) && hex_equal(x->b, y->b);
	return (hex_equal(x->a, y->a) && hex_equal(x->b, y->b)) ||
	       (hex_equal(x->a, y->b) && hex_equal(x->b, y->a));
}

static void
fail_line(struct hex a, struct hex b, const struct hex_step *got, int ng,
	  const struct hex_step *want, int nw)
{
	char buf[2][1024], na[HEX_NAME_SIZE], nb[HEX_NAME_SIZE];
	const struct hex_step *s[2] = { got, want };
	int len[2] = { ng, nw }, k, i;

	for (k = 0; k < 2; k++) {
		buf[k][0] = '\0';
		for (i = 0; i < len[k] && i < 40; i++) {
			hex_format(s[k][i].a, na);
			hex_format(s[k][i].b, nb);
			strcat(buf[k], " ");
			strcat(buf[k], na);
			if (s[k][i].pair) {
				strcat(buf[k], "/");
				strcat(buf[k], nb);
			}
		}
	}
	hex_format(a, na);
	hex_format(b, nb);
	fail_msg("hex_line %s-%s: got%s; want%s", na, nb, buf[0], buf[1]);
}

static void
assert_line(struct hex a, struct hex b, const struct hex_step *want, int nw)
{
	struct hex_step got[HEX_LINE_MAX];
	int ng, i;

	ng = hex_line(a, b, got, HEX_LINE_MAX);
	if (ng != nw)
		fail_line(a, b, got, ng, want, nw);
	for (i = 0; i < ng; i++) {
		if (!same_step(&got[i], &want[i]))
			fail_line(a, b, got, ng, want, nw);
		if (!got[i].pair)
			assert_true(hex_equal(got[i].a, got[i].b));
		else
			assert_true(hex_distance(got[i].a, got[i].b) == 1);
	}
}

/* Parses "0406 0405/0505 ...": "x/y" is a hexside pair. */
static int
parse_steps(const char *text, struct hex_step *out)
{
	int n = 0;

	while (*text != '\0') {
		char w[5];

		while (*text == ' ')
			text++;
		if (*text == '\0')
			break;
		memcpy(w, text, 4);
		w[4] = '\0';
		out[n].a = out[n].b = name(w);
		out[n].pair = false;
		text += 4;
		if (*text == '/') {
			memcpy(w, text + 1, 4);
			out[n].b = name(w);
			out[n].pair = true;
			text += 5;
		}
		n++;
	}
	return n;
}

static void
test_R14_1_line_same_and_adjacent_is_empty(void **state)
{
	struct hex_step s[4];
	int d;

	(void)state;
	assert_int_equal(hex_line(name("0505"), name("0505"), s, 4), 0);
	for (d = 0; d < DIR_COUNT; d++) {
		struct hex n = hex_neighbour(name("0505"), (enum dir)d);

		assert_int_equal(hex_line(name("0505"), n, s, 4), 0);
		n = hex_neighbour(name("0506"), (enum dir)d);
		assert_int_equal(hex_line(name("0506"), n, s, 4), 0);
	}
}

static void
test_R14_1_line_straight_along_row(void **state)
{
	struct hex_step want[8];
	int n;

	(void)state;
	n = parse_steps("0201 0301 0401", want);
	assert_line(name("0101"), name("0501"), want, n);
	n = parse_steps("0401 0301 0201", want);
	assert_line(name("0501"), name("0101"), want, n);
	n = parse_steps("0304 0404 0504 0604", want);
	assert_line(name("0204"), name("0704"), want, n);
}

static void
test_R14_1_line_straight_along_diagonals(void **state)
{
	struct hex_step want[8];
	int n;

	(void)state;
	/* direction 5 from 0101: 0102, 0203, 0204, 0305 */
	n = parse_steps("0102 0203 0204", want);
	assert_line(name("0101"), name("0305"), want, n);
	/* direction 7 from 0501: 0402, 0403, 0304, 0305 */
	n = parse_steps("0402 0403 0304", want);
	assert_line(name("0501"), name("0305"), want, n);
	/* direction 1 from 0306 (even): 0405, 0404, 0503 */
	n = parse_steps("0405 0404", want);
	assert_line(name("0306"), name("0503"), want, n);
}

static void
test_R14_1_line_all_hexes_crossed(void **state)
{
	struct hex_step want[8];
	int n;

	(void)state;
	/* From 0505 to 0704 the line runs through 0605 (the 3 neighbour
	 * of 0505) and then 0604 (the 1 neighbour of 0605), passing 0.6
	 * below and then above their centres: no side, no vertex. */
	n = parse_steps("0605 0604", want);
	assert_line(name("0505"), name("0704"), want, n);
	n = parse_steps("0604 0605", want);
	assert_line(name("0704"), name("0505"), want, n);
}

static void
test_R8_2_line_along_hexside_vertical(void **state)
{
	struct hex_step want[8];
	int n;

	(void)state;
	/* 0406 to 0404 runs straight up, along the side between 0405 and
	 * 0505 (the 11 and 1 neighbours of 0406). */
	n = parse_steps("0405/0505", want);
	assert_line(name("0406"), name("0404"), want, n);
	assert_line(name("0404"), name("0406"), want, n);
	/* 0408 to 0404: a side, the centre of 0406, a side. */
	n = parse_steps("0407/0507 0406 0405/0505", want);
	assert_line(name("0408"), name("0404"), want, n);
	/* odd rows: 0305 to 0303 along the side between 0204 and 0304 */
	n = parse_steps("0204/0304", want);
	assert_line(name("0305"), name("0303"), want, n);
}

static void
test_R8_2_line_along_hexside_slanted(void **state)
{
	struct hex_step want[8];
	int n;

	(void)state;
	/* Towards the 2 o'clock vertex of 0505: the line passes between
	 * its 1 and 3 neighbours (0504 and 0605) on its way to 0604. */
	n = parse_steps("0504/0605", want);
	assert_line(name("0505"), name("0604"), want, n);
	/* Towards the 4 o'clock vertex of 0505: between its 3 and 5
	 * neighbours (0605 and 0506) to 0606, then on through the centre
	 * of 0606 and between its 3 and 5 neighbours (0706, 0707) to 0807. */
	n = parse_steps("0605/0506", want);
	assert_line(name("0505"), name("0606"), want, n);
	n = parse_steps("0605/0506 0606 0706/0707", want);
	assert_line(name("0505"), name("0807"), want, n);
	/* 8 o'clock from 0505: between 0406 (7) and 0405 (9) to 0306. */
	n = parse_steps("0406/0405", want);
	assert_line(name("0505"), name("0306"), want, n);
}

/*
 * R14.1 defines the crossed hexes by the nudged interpolation: where the
 * two nudged lines give different hexes, those two are a hexside pair.
 * On 24 directions within range 6 a sample lands on the midpoint of a
 * side that the segment cuts across (1010 to 0709 at the side between
 * 0909 and 0810); the procedure still makes that a pair, and so does the
 * program (the choice is recorded in the rules reference).
 */
static void
test_R14_1_side_midpoint_is_a_pair_by_the_procedure(void **state)
{
	struct hex_step want[8];
	int n;

	(void)state;
	n = parse_steps("0910 0909/0810 0809", want);
	assert_line(name("1010"), name("0709"), want, n);
	n = parse_steps("0809 0909/0810 0910", want);
	assert_line(name("0709"), name("1010"), want, n);
}

/*
 * Whether a sample of the interpolation from a to b lands exactly on the
 * midpoint of a side the segment does not run along: two cube components
 * of the sample are halves while the direction is not a vertex direction.
 */
static bool
crosses_side_midpoint(struct hex a, struct hex b)
{
	int q0 = a.col - 1 - ((a.row - 1) - ((a.row - 1) & 1)) / 2;
	int q1 = b.col - 1 - ((b.row - 1) - ((b.row - 1) & 1)) / 2;
	int dq = q1 - q0, dr = b.row - a.row, ds = -dq - dr;
	int n = hex_distance(a, b), i, halves;

	if (dq == dr || dq == ds || dr == ds)
		return false;	/* along a vertex line: a real hexside pair */
	for (i = 1; i < n; i++) {
		halves = (2 * i * dq % (2 * n) != 0 && 2 * i * dq % n == 0) +
		    (2 * i * dr % (2 * n) != 0 && 2 * i * dr % n == 0) +
		    (2 * i * ds % (2 * n) != 0 && 2 * i * ds % n == 0);
		if (halves == 2)
			return true;
	}
	return false;
}

/*
 * R14.1: up to range 6 the interpolation finds exactly the hexes whose
 * interior the segment crosses, and the hexside pairs.  Checked against
 * plane geometry for every target within 6 of an odd-row and an even-row
 * hex, both ways round.
 */
static void
test_R14_1_line_matches_geometry_to_range_6(void **state)
{
	static const char *const origins[] = { "1010", "1011" };
	struct hex_step want[HEX_LINE_MAX];
	struct hex b;
	size_t o;
	int n, pairs = 0, checked = 0, midpoints = 0;

	(void)state;
	for (o = 0; o < 2; o++) {
		struct hex a = name(origins[o]);

		for (b.col = a.col - 7; b.col <= a.col + 7; b.col++) {
			for (b.row = a.row - 7; b.row <= a.row + 7; b.row++) {
				int i;

				if (hex_distance(a, b) > 6)
					continue;
				if (crosses_side_midpoint(a, b)) {
					/* the procedure decides: see above */
					midpoints++;
					continue;
				}
				n = geometric_line(a, b, want, HEX_LINE_MAX);
				assert_line(a, b, want, n);
				for (i = 0; i < n; i++)
					pairs += want[i].pair;
				n = geometric_line(b, a, want, HEX_LINE_MAX);
				assert_line(b, a, want, n);
				for (i = 0; i < n; i++)
					pairs += want[i].pair;
				checked++;
			}
		}
	}
	/* 1 + 3 * 6 * 7 hexes within 6 of each origin, 24 of them on a
	 * line through a side's midpoint */
	assert_int_equal(midpoints, 2 * 24);
	assert_int_equal(checked, 2 * (127 - 24));
	/* Only the six vertex directions run along sides; a step in one is
	 * distance 2 with one pair, so targets at 2, 4 and 6 give 1 + 2 + 3
	 * pairs per direction, 36 per origin, each way round. */
	assert_int_equal(pairs, 2 * 2 * 36);
}

static void
test_R14_1_line_off_map_hexes_appear(void **state)
{
	struct hex_step want[1];

	(void)state;
	/* 0103 to 0101 runs up the left edge, along the side between the
	 * 11 and 1 neighbours of 0103: 0002 (off the map) and 0102.  The
	 * caller decides what an off-map hex means (R14.1: never blocks). */
	want[0].a = H(0, 2);
	want[0].b = H(1, 2);
	want[0].pair = true;
	assert_line(name("0103"), name("0101"), want, 1);
	/* and a line may end off the map: 0202 to (2, 0) */
	want[0].a = name("0201");
	want[0].b = name("0301");
	assert_line(name("0202"), H(2, 0), want, 1);
}

static void
test_R14_1_line_respects_max(void **state)
{
	struct hex_step s[3];
	int n;

	(void)state;
	memset(s, 0, sizeof s);
	n = hex_line(name("0101"), name("0901"), s, 2);
	assert_int_equal(n, 2);
	assert_hex(s[0].a, 2, 1);
	assert_hex(s[1].a, 3, 1);
	assert_hex(s[2].a, 0, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_R1_2_parse_good_names),
		cmocka_unit_test(test_R1_2_parse_rejects_bad_text),
		cmocka_unit_test(test_R1_2_format_names),
		cmocka_unit_test(test_R1_2_format_parse_round_trip_whole_map),
		cmocka_unit_test(test_R1_2_compare_orders_by_name),
		cmocka_unit_test(test_R1_3_neighbours_odd_row),
		cmocka_unit_test(test_R1_3_neighbours_even_row),
		cmocka_unit_test(test_R1_3_neighbours_match_table_whole_map),
		cmocka_unit_test(test_R1_3_neighbours_of_corners_go_off_map),
		cmocka_unit_test(test_R1_3_neighbours_of_edges_go_off_map),
		cmocka_unit_test(test_R1_3_direction_to_neighbours),
		cmocka_unit_test(test_R1_3_dir_clock_and_opposite),
		cmocka_unit_test(test_R1_4_distance_examples),
		cmocka_unit_test(test_R1_4_distance_matches_bfs_all_pairs),
		cmocka_unit_test(test_R1_4_distance_symmetric_and_triangle),
		cmocka_unit_test(test_R2_1_facing_parse_case_insensitive),
		cmocka_unit_test(test_R2_1_facing_names_and_clock),
		cmocka_unit_test(test_R2_1_facing_rotate),
		cmocka_unit_test(test_R2_1_facing_turn_distance),
		cmocka_unit_test(test_R2_2_example_facing_N),
		cmocka_unit_test(test_R2_2_faces_all_facings),
		cmocka_unit_test(test_R2_3_face_of_dir_all_facings),
		cmocka_unit_test(test_R2_3_face_names),
		cmocka_unit_test(test_R2_4_arc_range2_covers_5),
		cmocka_unit_test(test_R2_4_arc_range3_covers_9),
		cmocka_unit_test(test_R2_4_arc_other_ranges),
		cmocka_unit_test(test_R2_4_arc_example_N_from_0505),
		cmocka_unit_test(test_R2_4_arc_respects_max),
		cmocka_unit_test(test_R14_1_line_same_and_adjacent_is_empty),
		cmocka_unit_test(test_R14_1_line_straight_along_row),
		cmocka_unit_test(test_R14_1_line_straight_along_diagonals),
		cmocka_unit_test(test_R14_1_line_all_hexes_crossed),
		cmocka_unit_test(test_R8_2_line_along_hexside_vertical),
		cmocka_unit_test(test_R8_2_line_along_hexside_slanted),
		cmocka_unit_test(
		    test_R14_1_side_midpoint_is_a_pair_by_the_procedure),
		cmocka_unit_test(test_R14_1_line_matches_geometry_to_range_6),
		cmocka_unit_test(test_R14_1_line_off_map_hexes_appear),
		cmocka_unit_test(test_R14_1_line_respects_max),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
