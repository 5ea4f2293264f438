/*
 * Steps between hexes through the terrain a unit may enter, other units
 * ignored: the computer player's sense of near and far.  Hex distance
 * sees straight through a river or a marsh; a player who walks by it
 * stands on the bank facing the water while the ford is two hexes off.
 *
 * A table is worked out lazily, one breadth-first search per (terrain a
 * unit may enter, hex it starts from) the first time it is asked, and
 * kept: the map does not change during a battle.  One table serves one
 * map; asked about another (other width or height) it starts afresh.
 */
#ifndef ANCIENTS_AI_PATHDIST_H
#define ANCIENTS_AI_PATHDIST_H

#include "core/map.h"

/* No path: the answer for a hex that cannot be reached. */
#define PATH_NONE 255

struct pathdist;

struct pathdist *pathdist_new(void);
void pathdist_free(struct pathdist *pd);

/*
 * The fewest steps from `from` to `to` for a unit that may enter the
 * terrains of mask allow (terrain_allowed()), each step into an allowed
 * hex except perhaps the last: a hex the unit may not enter (an enemy in
 * woods, say) still counts as reached once the unit stands next to it.
 * PATH_NONE when there is no such path, and hex_distance() on maps too
 * large to keep tables for.
 */
int pathdist_steps(struct pathdist *pd, const struct map *m, unsigned allow,
		   struct hex from, struct hex to);

/*
 * For every hex x of map m, out[x] (width * height bytes) = the least of
 * pathdist_steps(pd, m, allow, x, s) over the n source cells src
 * (map_index()), in one breadth-first search from all of them, so that
 * the nearest of many hexes costs no more than one (where
 * pathdist_steps() measures hex distance, on a large map or with too many
 * masks, the search goes through every hex: on a map's rectangle that
 * gives hex distance).  Returns 0, or -1 with out untouched when n is 0.
 * It leaves pd as those calls would have (which masks have tables).
 */
int pathdist_nearest(struct pathdist *pd, const struct map *m,
		     unsigned allow, const int *src, int n,
		     unsigned char *out);

#endif
