/*
 * The hex grid of R1 and the facings of R2: names, neighbours, distance,
 * faces, the forward arc and the line between two hex centres.
 *
 * Hexes are pointy-topped, in rows; columns and rows count from 1, and
 * even rows are shifted half a hex to the right (R1.1).  The module knows
 * nothing of a map's size: callers check bounds.  Pure functions only.
 */
#ifndef ANCIENTS_CORE_HEX_H
#define ANCIENTS_CORE_HEX_H

#include <stdbool.h>

#define HEX_MAX_DIM 99	/* R1.2: at most 99 x 99 */
#define HEX_NAME_SIZE 5 /* "CCRR" and the terminator */

struct hex {
	int col; /* 1-based column; 0 or less is off any map */
	int row; /* 1-based row */
};

/* Hexside directions by the clock (R1.3): DIR_1 is 1 o'clock (up-right). */
enum dir { DIR_1, DIR_3, DIR_5, DIR_7, DIR_9, DIR_11, DIR_COUNT };

/* Vertex facings (R2.1): N points at 12 o'clock, NE at 2, and so on. */
enum facing {
	FACING_N,
	FACING_NE,
	FACING_SE,
	FACING_S,
	FACING_SW,
	FACING_NW,
	FACING_COUNT
};

/* The faces of a unit (R2.3). */
enum face { FACE_FRONT, FACE_LEFT, FACE_RIGHT, FACE_REAR, FACE_COUNT };

/*
 * One hex crossed by a line of sight (R8.2, R14.1).  When the line runs
 * along a hexside, "a" and "b" are the hexes on either side and "pair" is
 * true; otherwise "a" is the crossed hex and "b" equals it.
 */
struct hex_step {
	struct hex a;
	struct hex b;
	bool pair;
};

#define HEX_LINE_MAX (2 * HEX_MAX_DIM) /* more than any line on a map */

/* Parses exactly four digits "CCRR" with both parts 1-99; 0 or -1. */
int hex_parse(const char *text, struct hex *out);
/* Writes "CCRR" into buf; cannot fail for hexes on a map. */
void hex_format(struct hex h, char buf[HEX_NAME_SIZE]);
/* Orders hexes by name (CCRR): column first, then row. */
int hex_compare(struct hex a, struct hex b);

/*
 * Inline, as they are the innermost calls of every search: equality, the
 * neighbour and the distance.  Inside them a hex becomes axial (q, r),
 * with r the 0-based row and q shifted by half the row, as in hex.c.
 */
static inline bool
hex_equal(struct hex a, struct hex b)
{
	return a.col == b.col && a.row == b.row;
}

/*
 * The neighbour across the hexside in direction d (R1.3); may be off map.
 * The axial step (q, r) += ({1, 1, 0, -1, -1, 0}, {-1, 0, 1, 1, 0, -1})
 * as a column step for each row parity: an even row is shifted right, so
 * its neighbours above and below lie in its column and the next one.
 */
static inline struct hex
hex_neighbour(struct hex h, enum dir d)
{
	static const signed char dcol[2][DIR_COUNT] = {
		{ 1, 1, 1, 0, -1, 0 },	 /* even rows */
		{ 0, 1, 0, -1, -1, -1 }, /* odd rows */
	};
	static const signed char drow[DIR_COUNT] = { -1, 0, 1, 1, 0, -1 };
	struct hex n = { h.col + dcol[h.row & 1][d], h.row + drow[d] };

	return n;
}

/* Hex distance (R1.4). */
static inline int
hex_distance(struct hex a, struct hex b)
{
	int ra = a.row - 1, rb = b.row - 1;
	int dq = (a.col - 1 - (ra - (ra & 1)) / 2) -
		 (b.col - 1 - (rb - (rb & 1)) / 2);
	int dr = ra - rb, ds = dq + dr;

	return ((dq < 0 ? -dq : dq) + (dr < 0 ? -dr : dr) +
		(ds < 0 ? -ds : ds)) /
	       2;
}
/* Whether b is at most r hexes from a; the rows apart are tested first,
 * as the distance is never less (a cheap no for most far hexes). */
static inline bool
hex_within(struct hex a, struct hex b, int r)
{
	return a.row - b.row <= r && b.row - a.row <= r &&
	       hex_distance(a, b) <= r;
}
/* The direction from a to an adjacent hex b, or -1 if not adjacent. */
int hex_direction_to(struct hex a, struct hex b);
/* The clock hour (1, 3, ... 11) of a direction. */
int dir_clock(enum dir d);
enum dir dir_opposite(enum dir d);

/* Parses N NE SE S SW NW, case-insensitive; 0 or -1. */
int facing_parse(const char *text, enum facing *out);
const char *facing_name(enum facing f);
/* The clock hour (12, 2, ... 10) a facing points at. */
int facing_clock(enum facing f);
/* Turns a facing by a number of vertices, positive clockwise. */
enum facing facing_rotate(enum facing f, int vertices);
/* Vertices between two facings, 0-3, either way round. */
int facing_turn_distance(enum facing a, enum facing b);

/* The two front, flank and rear directions of a facing (R2.2). */
enum dir facing_front_dir(enum facing f, int which); /* which: 0 or 1 */
enum dir facing_left_dir(enum facing f);
enum dir facing_right_dir(enum facing f);
enum dir facing_rear_dir(enum facing f, int which); /* which: 0 or 1 */
/* Which face a neighbour in direction d lies on, for facing f (R2.3). */
enum face facing_face_of_dir(enum facing f, enum dir d);
const char *face_name(enum face face);

/* Whether "to" lies in the forward arc of range "range" (R2.4). */
bool hex_in_arc(struct hex from, enum facing f, struct hex to, int range);
/* Fills out[] with the arc's hexes, nearest first; returns the count. */
int hex_arc(struct hex from, enum facing f, int range, struct hex *out,
	    int max);

/*
 * The hexes strictly between a and b that the segment joining their
 * centres crosses (R14.1), in order from a, written to out[] (at most
 * max); returns how many.  Off-map hexes appear too: the caller decides.
 */
int hex_line(struct hex a, struct hex b, struct hex_step *out, int max);

#endif
