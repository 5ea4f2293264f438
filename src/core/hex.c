/*
 * Hex arithmetic.  Offset hexes (col, row) are what players and files use;
 * inside this file they become axial coordinates (q, r) so that distance,
 * arcs and lines are plain vector sums.  Even rows (1-based) are the
 * shifted ones, which is "odd-r" for 0-based rows.
 */
#include "config.h"

#include "core/hex.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

struct axial {
	int q;
	int r;
};

/* Axial steps of DIR_1 .. DIR_11, clockwise from up-right. */
static const struct axial dir_step[DIR_COUNT] = {
	{ 1, -1 }, { 1, 0 }, { 0, 1 }, { -1, 1 }, { -1, 0 }, { 0, -1 },
};

static const char *const facing_names[FACING_COUNT] = {
	"N", "NE", "SE", "S", "SW", "NW",
};

static const char *const face_names[FACE_COUNT] = {
	"front",
	"left flank",
	"right flank",
	"rear",
};

static struct axial
to_axial(struct hex h)
{
	int row0 = h.row - 1, col0 = h.col - 1;
	struct axial a = { col0 - (row0 - (row0 & 1)) / 2, row0 };

	return a;
}

static struct hex
from_axial(struct axial a)
{
	struct hex h = { a.q + (a.r - (a.r & 1)) / 2 + 1, a.r + 1 };

	return h;
}

int
hex_parse(const char *text, struct hex *out)
{
	int i;

	for (i = 0; i < 4; i++)
		if (text[i] < '0' || text[i] > '9')
			return -1;
	if (text[4] != '\0')
		return -1;
	out->col = (text[0] - '0') * 10 + (text[1] - '0');
	out->row = (text[2] - '0') * 10 + (text[3] - '0');
	if (out->col < 1 || out->row < 1)
		return -1;
	return 0;
}

void
hex_format(struct hex h, char buf[HEX_NAME_SIZE])
{
	if (h.col < 0 || h.col > HEX_MAX_DIM || h.row < 0 ||
	    h.row > HEX_MAX_DIM) {
		snprintf(buf, HEX_NAME_SIZE, "----");
		return;
	}
	snprintf(buf, HEX_NAME_SIZE, "%02d%02d", h.col, h.row);
}

int
hex_compare(struct hex a, struct hex b)
{
	if (a.col != b.col)
		return a.col < b.col ? -1 : 1;
	if (a.row != b.row)
		return a.row < b.row ? -1 : 1;
	return 0;
}

static int
axial_distance(struct axial a, struct axial b)
{
	int dq = a.q - b.q, dr = a.r - b.r;

	return (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
}

int
hex_direction_to(struct hex a, struct hex b)
{
	struct axial pa = to_axial(a), pb = to_axial(b);
	int d;

	for (d = 0; d < DIR_COUNT; d++)
		if (pa.q + dir_step[d].q == pb.q &&
		    pa.r + dir_step[d].r == pb.r)
			return d;
	return -1;
}

int
dir_clock(enum dir d)
{
	return 2 * (int)d + 1;
}

enum dir
dir_opposite(enum dir d)
{
	return (enum dir)((d + 3) % DIR_COUNT);
}

int
facing_parse(const char *text, enum facing *out)
{
	int f;

	for (f = 0; f < FACING_COUNT; f++) {
		if (strcasecmp(text, facing_names[f]) == 0) {
			*out = (enum facing)f;
			return 0;
		}
	}
	return -1;
}

const char *
facing_name(enum facing f)
{
	return facing_names[f];
}

int
facing_clock(enum facing f)
{
	return f == FACING_N ? 12 : 2 * (int)f;
}

enum facing
facing_rotate(enum facing f, int vertices)
{
	int n = ((int)f + vertices) % FACING_COUNT;

	return (enum facing)(n < 0 ? n + FACING_COUNT : n);
}

int
facing_turn_distance(enum facing a, enum facing b)
{
	int d = abs((int)a - (int)b);

	return d > 3 ? 6 - d : d;
}

/*
 * Facing f points at clock hour 2f; the hexside at hour 2f+k (k odd) is
 * direction f + (k-1)/2.  So front is f-1 and f, flanks f-2 and f+1,
 * rear f-3 and f+2, all mod 6.
 */
enum dir
facing_front_dir(enum facing f, int which)
{
	return (enum dir)(((int)f + (which ? 0 : 5)) % DIR_COUNT);
}

enum dir
facing_left_dir(enum facing f)
{
	return (enum dir)(((int)f + 4) % DIR_COUNT);
}

enum dir
facing_right_dir(enum facing f)
{
	return (enum dir)(((int)f + 1) % DIR_COUNT);
}

enum dir
facing_rear_dir(enum facing f, int which)
{
	return (enum dir)(((int)f + (which ? 2 : 3)) % DIR_COUNT);
}

enum face
facing_face_of_dir(enum facing f, enum dir d)
{
	switch (((int)d - (int)f + DIR_COUNT) % DIR_COUNT) {
	case 5:
	case 0:
		return FACE_FRONT;
	case 4:
		return FACE_LEFT;
	case 1:
		return FACE_RIGHT;
	default:
		return FACE_REAR;
	}
}

const char *
face_name(enum face face)
{
	return face_names[face];
}

bool
hex_in_arc(struct hex from, enum facing f, struct hex to, int range)
{
	struct axial a = to_axial(from), b = to_axial(to);
	struct axial u = dir_step[facing_front_dir(f, 0)];
	struct axial v = dir_step[facing_front_dir(f, 1)];
	int dq = b.q - a.q, dr = b.r - a.r;
	int det = u.q * v.r - u.r * v.q; /* +-1: adjacent steps span the grid */
	int s, t;

	s = (dq * v.r - dr * v.q) / det;
	t = (u.q * dr - u.r * dq) / det;
	return s >= 0 && t >= 0 && s + t >= 1 && s + t <= range;
}

int
hex_arc(struct hex from, enum facing f, int range, struct hex *out, int max)
{
	struct axial a = to_axial(from), p;
	struct axial u = dir_step[facing_front_dir(f, 0)];
	struct axial v = dir_step[facing_front_dir(f, 1)];
	int n = 0, sum, s;

	for (sum = 1; sum <= range; sum++) {
		for (s = sum; s >= 0 && n < max; s--) {
			p.q = a.q + s * u.q + (sum - s) * v.q;
			p.r = a.r + s * u.r + (sum - s) * v.r;
			out[n++] = from_axial(p);
		}
	}
	return n;
}

static struct axial
cube_round(double x, double z)
{
	double y = -x - z;
	double rx = round(x), ry = round(y), rz = round(z);
	double dx = fabs(rx - x), dy = fabs(ry - y), dz = fabs(rz - z);
	struct axial a;

	if (dx > dy && dx > dz)
		rx = -ry - rz;
	else if (dy <= dz)
		rz = -rx - ry;
	a.q = (int)rx;
	a.r = (int)rz;
	return a;
}

int
hex_line(struct hex a, struct hex b, struct hex_step *out, int max)
{
	/* R14.1: nudge both ends one way and the other by a small epsilon. */
	static const double eps_x = 1e-6, eps_z = -3e-6;
	struct axial pa = to_axial(a), pb = to_axial(b), lo, hi;
	int n = axial_distance(pa, pb), i, count = 0;

	for (i = 1; i < n && count < max; i++) {
		double t = (double)i / n;
		double x = pa.q + (pb.q - pa.q) * t;
		double z = pa.r + (pb.r - pa.r) * t;

		hi = cube_round(x + eps_x, z + eps_z);
		lo = cube_round(x - eps_x, z - eps_z);
		out[count].a = from_axial(hi);
		out[count].b = from_axial(lo);
		out[count].pair = hi.q != lo.q || hi.r != lo.r;
		count++;
	}
	return count;
}
