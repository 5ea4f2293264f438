/*
 * Path distances for the computer player (pathdist.h).
 */
#include "config.h"

#include "ai/pathdist.h"

#include <stdbool.h>
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
	int *queue;			   /* cells, qcap */
	int qcap;
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
	pd->nmasks = 0;
	pd->width = pd->height = pd->cells = 0;
}

void
pathdist_free(struct pathdist *pd)
{
	if (pd == NULL)
		return;
	pathdist_clear(pd);
	free(pd->queue);
	free(pd);
}

/* The search queue, room for cells. */
static int *
queue_for(struct pathdist *pd, int cells)
{
	if (pd->qcap < cells) {
		free(pd->queue);
		pd->queue = xmalloc((size_t)cells * sizeof *pd->queue);
		pd->qcap = cells;
	}
	return pd->queue;
}

/*
 * Breadth-first from the tail cells already in queue (their dist 0, every
 * other PATH_NONE): a cell is reached from a neighbour and gone through
 * only if allow admits its terrain (any: every cell).  The steps are the
 * same either way round: every hex between the two ends must be one the
 * unit may enter, the ends need not be.
 */
static void
spread(const struct map *m, unsigned allow, bool any, int *queue, int tail,
       unsigned char *dist)
{
	int head = 0, c, n, d;

	while (head < tail) {
		c = queue[head++];
		for (d = 0; d < DIR_COUNT; d++) {
			n = m->links[c].next[d];
			if (n < 0 || dist[n] != PATH_NONE)
				continue;
			dist[n] = dist[c] + 1 < PATH_NONE - 1
					  ? (unsigned char)(dist[c] + 1)
					  : PATH_NONE - 1;
			/* Reached, but not gone through. */
			if (any || (allow & (1u << m->cells[n].terrain)))
				queue[tail++] = n;
		}
	}
}

/*
 * The slot of mask allow for map m, made if need be: -1 when the map is too
 * large for tables or every slot is taken (the caller then measures hex
 * distance).  The tables start afresh for a map of another size.
 */
static int
mask_slot(struct pathdist *pd, const struct map *m, unsigned allow)
{
	int k;

	if (m->width * m->height > PATH_CELLS_MAX)
		return -1;
	if (pd->width != m->width || pd->height != m->height) {
		pathdist_clear(pd);
		pd->width = m->width;
		pd->height = m->height;
		pd->cells = m->width * m->height;
	}
	for (k = 0; k < pd->nmasks && pd->mask[k] != allow; k++)
		;
	if (k == pd->nmasks) {
		if (k == PATH_MASKS)
			return -1;
		pd->mask[k] = allow;
		pd->field[k] = xcalloc((size_t)pd->cells, sizeof *pd->field[k]);
		pd->nmasks++;
	}
	return k;
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
	k = mask_slot(pd, m, allow);
	if (k < 0)
		return hex_distance(from, to);
	src = map_index(m, from);
	slot = &pd->field[k][src];
	if (*slot == NULL) {
		*slot = xmalloc((size_t)pd->cells);
		memset(*slot, PATH_NONE, (size_t)pd->cells);
		(*slot)[src] = 0;
		queue_for(pd, pd->cells)[0] = src;
		spread(m, allow, false, pd->queue, 1, *slot);
	}
	return (*slot)[map_index(m, to)];
}

int
pathdist_nearest(struct pathdist *pd, const struct map *m, unsigned allow,
		 const int *src, int n, unsigned char *out)
{
	int cells = m->width * m->height, tail = 0, i, *queue;
	bool any;

	if (n <= 0)
		return -1;
	/* Where pathdist_steps() measures hex distance, every hex may be
	 * gone through: on the map's rectangle, that is hex distance. */
	any = mask_slot(pd, m, allow) < 0;
	queue = queue_for(pd, cells);
	memset(out, PATH_NONE, (size_t)cells);
	for (i = 0; i < n; i++) {
		if (out[src[i]] == 0)
			continue;
		out[src[i]] = 0;
		queue[tail++] = src[i];
	}
	spread(m, allow, any, queue, tail, out);
	return 0;
}
