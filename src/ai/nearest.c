/*
 * Steps through the terrain a unit may enter (pathdist.c), as the greedy
 * policy and the search ask them: from a hex to a hex, and from every hex
 * to the nearest enemy, kept per unit kind while the enemy stands where
 * it stood (all of a movement phase).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/aiint.h"
#include "ai/pathdist.h"
#include "core/xmalloc.h"

/* Steps unit u would take from h to a, through the terrain it may enter. */
int
unit_steps(struct ai *ai, const struct game *g, int u, struct hex h,
	   struct hex a)
{
	return pathdist_steps(ai->paths, &g->sc->map,
			      terrain_allowed(game_unit_traits(g, u)), h, a);
}

/*
 * Steps from every hex to the nearest enemy of unit u, by the terrain u
 * may enter (PATH_NONE: none it can reach), per cell of the map; NULL
 * when no enemy stands on the map.  Kept while the enemy stands where it
 * stood, so that a phase's moves cost one search, not one per move and
 * enemy.
 */
struct near *
enemy_field(struct ai *ai, const struct game *g, int u)
{
	const struct map *m = &g->sc->map;
	unsigned allow = terrain_allowed(game_unit_traits(g, u));
	int v, n = 0, side = g->units[u].side, cells = m->width * m->height;
	struct near *nr;

	if (ai->near_cap < g->nunits) {
		free(ai->near_cells);
		ai->near_cells = xmalloc((size_t)g->nunits * sizeof(int));
		ai->near_cap = g->nunits;
	}
	for (v = 0; v < g->nunits; v++)
		if (g->units[v].on_map && g->units[v].side != side)
			ai->near_cells[n++] = map_index(m, g->units[v].hex);
	if (n == 0)
		return NULL;
	for (v = 0; v < NEAR_SLOTS; v++) {
		nr = &ai->near[v];
		if (nr->map == m && nr->allow == allow && nr->n == n &&
		    nr->ncells == cells &&
		    memcmp(nr->cells, ai->near_cells,
			   (size_t)n * sizeof(int)) == 0)
			return nr;
	}
	nr = &ai->near[ai->near_next];
	ai->near_next = (ai->near_next + 1) % NEAR_SLOTS;
	if (nr->cap < n) {
		free(nr->cells);
		nr->cells = xmalloc((size_t)g->nunits * sizeof(int));
		nr->cap = g->nunits;
	}
	if (nr->ncells != cells) {
		free(nr->dist);
		free(nr->stamp);
		nr->dist = xmalloc((size_t)cells);
		nr->stamp = xcalloc((size_t)cells, sizeof *nr->stamp);
		nr->gen = 0;
		nr->ncells = cells;
	}
	memcpy(nr->cells, ai->near_cells, (size_t)n * sizeof(int));
	nr->n = n;
	nr->allow = allow;
	nr->map = m;
	nr->full = false;
	nr->work = 0;
	if (++nr->gen == 0) {
		memset(nr->stamp, 0, (size_t)cells * sizeof *nr->stamp);
		nr->gen = 1;
	}
	return nr;
}

/* Steps from h to the nearest enemy of field f (enemy_field()). */
int
field_steps(struct ai *ai, const struct game *g, struct near *f, struct hex h)
{
	const struct map *m = &g->sc->map;
	int c, i, d, best;

	if (f == NULL)
		return PATH_NONE;
	c = map_index(m, h);
	if (f->full || f->stamp[c] == f->gen)
		return f->dist[c];
	if (f->work > f->ncells &&
	    pathdist_nearest(ai->paths, m, f->allow, f->cells, f->n, f->dist) ==
		0) {
		f->full = true;
		return f->dist[c];
	}
	best = PATH_NONE;
	for (i = 0; i < f->n; i++) {
		d = pathdist_steps(ai->paths, m, f->allow, h,
				   map_hex_at(m, f->cells[i]));
		if (d < best)
			best = d;
	}
	f->work += f->n;
	f->stamp[c] = f->gen;
	f->dist[c] = (unsigned char)best;
	return best;
}
