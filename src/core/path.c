/*
 * The path search of moves and charges (R4.3): which hexes a moving unit
 * may pass, and how many steps it takes to reach each, by a breadth-first
 * search from its hex that remembers what it asked (struct mover in
 * rules.h).  The movement rules (move.c) and the listing of legal actions
 * (legal.c) search through it.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"

void
mover_init(struct mover *mv, const struct game *g, int u,
	   const unsigned char *enemies_next)
{
	unsigned traits = game_unit_traits(g, u);
	const struct map *m = &g->sc->map;
	const struct map_link *l;
	struct hex at = g->units[u].hex;
	int k = game_unit_type(g, u)->move + 1, v, d, i;

	mv->g = g;
	mv->m = m;
	mv->u = u;
	mv->side = g->units[u].side;
	mv->light = (traits & TRAIT_LIGHT) != 0;
	mv->formed = unit_is_formed(g, u);
	mv->allow = terrain_allowed(traits);
	/* No search goes further than MA + 1 (a road). */
	mv->col0 = at.col - k > 1 ? at.col - k : 1;
	mv->col1 = at.col + k < m->width ? at.col + k : m->width;
	mv->row0 = at.row - k > 1 ? at.row - k : 1;
	mv->row1 = at.row + k < m->height ? at.row + k : m->height;
	/*
	 * Cleared in one stretch, from the rectangle's first hex to its last:
	 * the hexes between, outside it, are never read.
	 */
	memset(&mv->open[(mv->row0 - 1) * m->width + (mv->col0 - 1)], 0,
	       (size_t)((mv->row1 - mv->row0) * m->width +
			(mv->col1 - mv->col0 + 1)));
	mv->asked.col0 = mv->asked.col1 = at.col;
	mv->asked.row0 = mv->asked.row1 = at.row;
	mv->enemies_next = enemies_next;
	mv->rows = NULL;
	mv->track = false;
	mv->crows = NULL;
	mv->far = false;
	mv->charge_searched = false;
	if (enemies_next != NULL)
		return;
	/*
	 * A hex next to an enemy is closed to every path (R4.3, R14.3):
	 * marked once from the few enemies near, not asked of six
	 * neighbours for every hex.  A mark outside the rectangle is never
	 * read (no search asks there), so none is tested.
	 */
	for (v = 0; v < g->nunits; v++) {
		const struct unit *e = &g->units[v];

		if (!e->on_map || e->side == mv->side ||
		    e->hex.col < mv->col0 - 1 || e->hex.col > mv->col1 + 1 ||
		    e->hex.row < mv->row0 - 1 || e->hex.row > mv->row1 + 1)
			continue;
		l = &m->links[map_index(m, e->hex)];
		for (d = 0; d < DIR_COUNT; d++) {
			i = l->next[d];
			if (i >= 0)
				mv->open[i] = 3;
		}
	}
}

/*
 * Notes that the mover asked about the hex of link l: in its row's mask
 * (the row lies within row0 .. row1, cleared: a search of at most MA + 1
 * steps asks only about hexes at most MA + 1 rows away), or in the
 * rectangle asked.
 */
static inline void
mover_asked(struct mover *mv, const struct map_link *l)
{
	if (mv->rows != NULL) {
		mv->rows[l->row - 1] |= (uint64_t)1 << (l->col - 1);
		return;
	}
	if (!mv->track)
		return;
	if (l->col < mv->asked.col0)
		mv->asked.col0 = l->col;
	if (l->col > mv->asked.col1)
		mv->asked.col1 = l->col;
	if (l->row < mv->asked.row0)
		mv->asked.row0 = l->row;
	if (l->row > mv->asked.row1)
		mv->asked.row1 = l->row;
}

/*
 * May the mover pass through the hex of map index i, which touches no
 * enemy, on a move or a charge path?  It must be enterable, and be empty
 * or hold a friendly light unit that a light unit may pass (R5.9,
 * R14.8).
 */
static inline bool
passable_free_at(const struct mover *mv, int i)
{
	int v;

	if (!(mv->allow >> mv->m->cells[i].terrain & 1))
		return false;
	v = mv->g->occupant[i];
	if (v < 0)
		return true;
	return mv->g->units[v].side == mv->side && mv->light &&
	       (game_unit_traits(mv->g, v) & TRAIT_LIGHT);
}

/*
 * passable_free_at(), and touching no enemy (R4.3, R14.3), remembered
 * for the hex of map index i.  The hex lies
 * in the rectangle where open[] is kept: a search of at most MA + 1
 * steps asks only about hexes at most MA + 1 steps from the unit, and a
 * step changes the row and the column by one at most.
 */
static inline bool
passable(struct mover *mv, int i)
{
	const struct map_link *l = &mv->m->links[i];
	unsigned char *o = &mv->open[i];

	if (*o == 0) {
		mover_asked(mv, l);
		*o = (mv->enemies_next == NULL || mv->enemies_next[i] == 0) &&
			     passable_free_at(mv, i)
			 ? 1
			 : 2;
	} else if (*o == 3) {
		mover_asked(mv, l);
		*o = 2;
	}
	return *o == 1;
}

/*
 * Breadth-first search from the unit's hex up to max steps.  A formed
 * unit steps only into its two front hexes for the given facing (R5.3);
 * a nimble one into any neighbour (R5.4).  With stop, a map index, it
 * ends as soon as that hex is reached: its distance is then known (a
 * breadth-first search reaches a hex first by a shortest path), the
 * others' are not.
 */
void
path_search(struct mover *mv, enum facing f, int max, struct reach *r, int stop)
{
	const struct game *g = mv->g;
	const struct map *m = mv->m;
	int u = mv->u;
	const struct map_link *links = m->links;
	int queue[CELLS_MAX], head = 0, tail = 0, i, d, ndirs, cur, next;
	int k = max > 0 ? max : 0;
	enum dir dirs[DIR_COUNT];
	struct hex at = g->units[u].hex;

	if (k == 0) {
		/* No step: the start alone (a charge of MA 2). */
		r->col0 = r->col1 = at.col;
		r->row0 = r->row1 = at.row;
		r->reached[map_index(m, at) >> 6] = 0;
		r->dist[map_index(m, at)] = 0;
		return;
	}
	/* A step changes the row or the column by at most one. */
	r->col0 = at.col - k > 1 ? at.col - k : 1;
	r->col1 = at.col + k < m->width ? at.col + k : m->width;
	r->row0 = at.row - k > 1 ? at.row - k : 1;
	r->row1 = at.row + k < m->height ? at.row + k : m->height;
	i = ((r->row0 - 1) * m->width + (r->col0 - 1)) >> 6;
	memset(&r->reached[i], 0,
	       (size_t)((((r->row1 - 1) * m->width + (r->col1 - 1)) >> 6) - i +
			1) *
		   sizeof r->reached[0]);
	/* In one stretch (all bits set: -1), as the mover's open[]. */
	memset(
	    &r->dist[(r->row0 - 1) * m->width + (r->col0 - 1)], 0xff,
	    (size_t)((r->row1 - r->row0) * m->width + (r->col1 - r->col0 + 1)) *
		sizeof r->dist[0]);
	if (mv->formed) {
		dirs[0] = facing_front_dir(f, 0);
		dirs[1] = facing_front_dir(f, 1);
		ndirs = 2;
	} else {
		for (d = 0; d < DIR_COUNT; d++)
			dirs[d] = (enum dir)d;
		ndirs = DIR_COUNT;
	}
	cur = map_index(m, g->units[u].hex);
	r->dist[cur] = 0;
	queue[tail++] = cur;
	/*
	 * In map indexes, each hex's neighbours from the map's links.  A hex
	 * max steps away is not queued: no step goes on from it.
	 */
	while (head < tail) {
		cur = queue[head++];
		next = r->dist[cur] + 1;
		for (d = 0; d < ndirs; d++) {
			i = links[cur].next[dirs[d]];
			/* Off the map, reached already, or found closed. */
			if (i < 0 || r->dist[i] != -1)
				continue;
			if (!passable(mv, i)) {
				r->dist[i] = -2;
				continue;
			}
			r->dist[i] = (short)next;
			if (i == stop)
				return;
			if (next < max)
				queue[tail++] = i;
			r->reached[i >> 6] |= (uint64_t)1 << (i & 63);
		}
	}
}
