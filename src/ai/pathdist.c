/*
 * Path distances for the computer player (pathdist.h).
 */
#include "config.h"

#include "ai/pathdist.h"

#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

/*
 * Above this many hexes the tables (up to cells * cells bytes for each
 * terrain mask) would cost more memory than they are worth: such maps
 * fall back to hex distance.  60 x 40, the largest generated bench map,
 * is within.
 */
#define PATH_CELLS_MAX 2500
/* Distinct terrain masks kept (foot, woods-going, mounted, ...). */
#define PATH_MASKS 8

struct pathdist {
	int width, height, cells;
	int nmasks;
	unsigned mask[PATH_MASKS];
	unsigned char **field[PATH_MASKS]; /* per source cell, NULL: not yet */
	short *queue;			   /* cells */
};

struct pathdist *
pathdist_new(void)
{
	return xcalloc(1, sizeof(struct pathdist));
}

static void
pathdist_clear(struct pathdist *pd)
{
	int k, c;

	for (k = 0; k < pd->nmasks; k++) {
		for (c = 0; c < pd->cells; c++)
			free(pd->field[k][c]);
		free(pd->field[k]);
		pd->field[k] = NULL;
	}
	free(pd->queue);
	pd->queue = NULL;
	pd->nmasks = 0;
	pd->width = pd->height = pd->cells = 0;
}

void
pathdist_free(struct pathdist *pd)
{
	if (pd == NULL)
		return;
	pathdist_clear(pd);
	free(pd);
}

/* Breadth-first from cell src over the cells whose terrain allow admits. */
static void
fill(struct pathdist *pd, const struct map *m, unsigned allow, int src,
     unsigned char *dist)
{
	int head = 0, tail = 0, c, n, d;

	memset(dist, PATH_NONE, (size_t)pd->cells);
	dist[src] = 0;
	pd->queue[tail++] = (short)src;
	while (head < tail) {
		c = pd->queue[head++];
		for (d = 0; d < DIR_COUNT; d++) {
			n = m->links[c].next[d];
			if (n < 0 || dist[n] != PATH_NONE)
				continue;
			dist[n] = dist[c] + 1 < PATH_NONE - 1
					  ? (unsigned char)(dist[c] + 1)
					  : PATH_NONE - 1;
			/* Reached, but not gone through. */
			if (allow & (1u << m->cells[n].terrain))
				pd->queue[tail++] = (short)n;
		}
	}
}

int
pathdist_steps(struct pathdist *pd, const struct map *m, unsigned allow,
	       struct hex from, struct hex to)
{
	int k, src;
	unsigned char **slot;

	if (m->width * m->height > PATH_CELLS_MAX || !map_contains(m, from) ||
	    !map_contains(m, to))
		return hex_distance(from, to);
	if (pd->width != m->width || pd->height != m->height) {
		pathdist_clear(pd);
		pd->width = m->width;
		pd->height = m->height;
		pd->cells = m->width * m->height;
		pd->queue = xmalloc((size_t)pd->cells * sizeof *pd->queue);
	}
	for (k = 0; k < pd->nmasks && pd->mask[k] != allow; k++)
		;
	if (k == pd->nmasks) {
		if (k == PATH_MASKS)
			return hex_distance(from, to);
		pd->mask[k] = allow;
		pd->field[k] = xcalloc((size_t)pd->cells, sizeof *pd->field[k]);
		pd->nmasks++;
	}
	src = map_index(m, from);
	slot = &pd->field[k][src];
	if (*slot == NULL) {
		*slot = xmalloc((size_t)pd->cells);
		fill(pd, m, allow, src, *slot);
	}
	return (*slot)[map_index(m, to)];
}
