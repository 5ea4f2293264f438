/*
 * The battlefield: one terrain, an elevation, a road flag and a fortified
 * flag for every hex (R1.5, R6).  A map owns its cell array.
 */
#ifndef ANCIENTS_CORE_MAP_H
#define ANCIENTS_CORE_MAP_H

#include <stdbool.h>

#include "core/hex.h"

enum terrain {
	TERRAIN_CLEAR,
	TERRAIN_WOODS,
	TERRAIN_ROUGH,
	TERRAIN_SWAMP,
	TERRAIN_RIVER,
	TERRAIN_FORD,
	TERRAIN_BRIDGE,
	TERRAIN_SETTLEMENT,
	TERRAIN_COUNT
};

struct map_cell {
	unsigned char terrain;	 /* enum terrain */
	unsigned char elevation; /* 0, 1 (hill) or 2 (high hill) */
	bool road;		 /* R5.8 */
	bool fortified;		 /* settlement that costs attackers 1D6 */
};

/*
 * Where a hex stands in the grid, by map index, worked out once for the
 * path searches: the map index of its neighbour in each direction (-1
 * off the map), its column and its row.
 */
struct map_link {
	short next[DIR_COUNT];
	unsigned char col, row;
};

struct map {
	int width;		/* columns, 1-99 */
	int height;		/* rows, 1-99 */
	struct map_cell *cells; /* width * height, row by row; owned */
	struct map_link *links; /* width * height, as cells; owned */
};

/* Allocates an all-clear, flat map; cannot fail. */
void map_init(struct map *m, int width, int height);
void map_done(struct map *m);
/* Deep copy into an uninitialised dst. */
void map_copy(struct map *dst, const struct map *src);

/* Inline: these are the innermost calls of every path search. */
static inline bool
map_contains(const struct map *m, struct hex h)
{
	/* 1 <= col <= width and 1 <= row <= height, in one compare each. */
	return (unsigned)h.col - 1u < (unsigned)m->width &&
	       (unsigned)h.row - 1u < (unsigned)m->height;
}

/* Index of an on-map hex into cells[]. */
static inline int
map_index(const struct map *m, struct hex h)
{
	return (h.row - 1) * m->width + (h.col - 1);
}
/* The hex of a map index. */
static inline struct hex
map_hex_at(const struct map *m, int index)
{
	struct hex h = { m->links[index].col, m->links[index].row };

	return h;
}
/* The cell of an on-map hex. */
static inline const struct map_cell *
map_cell(const struct map *m, struct hex h)
{
	return &m->cells[map_index(m, h)];
}

static inline struct map_cell *
map_cell_mut(struct map *m, struct hex h)
{
	return &m->cells[map_index(m, h)];
}

/* The terrain of an on-map hex. */
static inline enum terrain
map_terrain(const struct map *m, struct hex h)
{
	return (enum terrain)map_cell(m, h)->terrain;
}

/* The scenario code of a terrain ('.', 'w', ...), and back (-1 unknown). */
char terrain_code(enum terrain t);
int terrain_from_code(char c);
const char *terrain_name(enum terrain t);

/*
 * Whether a unit with these traits may enter terrain t (R6): woods needs
 * the woods trait, rough refuses mounted units, swamp and river refuse all.
 */
bool terrain_allows(enum terrain t, unsigned traits);
/* The same for every terrain: bit t set when terrain t is allowed. */
unsigned terrain_allowed(unsigned traits);

#endif
