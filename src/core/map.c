/*
 * Terrain grid.  Hexes off the map have no cell: callers ask
 * map_contains() first.
 */
#include "config.h"

#include "core/map.h"

#include <stdlib.h>
#include <string.h>

#include "core/unittype.h"
#include "core/xmalloc.h"

static const char terrain_codes[TERRAIN_COUNT] = {
	'.', 'w', 'r', 's', '~', 'f', 'b', 'v',
};

static const char *const terrain_names[TERRAIN_COUNT] = {
	"clear", "woods", "rough",  "swamp",
	"river", "ford",  "bridge", "settlement",
};

void
map_init(struct map *m, int width, int height)
{
	struct map_link *l;
	struct hex h, n;
	int d;

	m->width = width;
	m->height = height;
	m->cells = xcalloc((size_t)width * (size_t)height, sizeof *m->cells);
	m->links = xcalloc((size_t)width * (size_t)height, sizeof *m->links);
	for (h.row = 1; h.row <= height; h.row++) {
		for (h.col = 1; h.col <= width; h.col++) {
			l = &m->links[map_index(m, h)];
			l->col = (unsigned char)h.col;
			l->row = (unsigned char)h.row;
			for (d = 0; d < DIR_COUNT; d++) {
				n = hex_neighbour(h, (enum dir)d);
				l->next[d] = map_contains(m, n)
						 ? (short)map_index(m, n)
						 : -1;
			}
		}
	}
}

void
map_done(struct map *m)
{
	free(m->cells);
	free(m->links);
	m->cells = NULL;
	m->links = NULL;
	m->width = m->height = 0;
}

void
map_copy(struct map *dst, const struct map *src)
{
	map_init(dst, src->width, src->height);
	memcpy(dst->cells, src->cells,
	       (size_t)src->width * (size_t)src->height * sizeof *src->cells);
}

char
terrain_code(enum terrain t)
{
	return terrain_codes[t];
}

int
terrain_from_code(char c)
{
	int t;

	for (t = 0; t < TERRAIN_COUNT; t++)
		if (terrain_codes[t] == c)
			return t;
	return -1;
}

const char *
terrain_name(enum terrain t)
{
	return terrain_names[t];
}

unsigned
terrain_allowed(unsigned traits)
{
	unsigned allowed = (1u << TERRAIN_COUNT) - 1;

	allowed &= ~(1u << TERRAIN_SWAMP | 1u << TERRAIN_RIVER);
	if ((traits & TRAIT_WOODS) == 0)
		allowed &= ~(1u << TERRAIN_WOODS);
	if ((traits & TRAIT_MOUNTED) != 0)
		allowed &= ~(1u << TERRAIN_ROUGH);
	return allowed;
}

bool
terrain_allows(enum terrain t, unsigned traits)
{
	return (terrain_allowed(traits) >> t & 1) != 0;
}
