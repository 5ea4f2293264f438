/*
 * The engine's unit helpers (unit.c), shared by the rules modules and the
 * turn sequence.  Not for use outside src/core; the public queries
 * (game_unit_at, game_unit_type, ...) are declared in game.h.
 */
#ifndef ANCIENTS_CORE_UNIT_H
#define ANCIENTS_CORE_UNIT_H

#include <stdbool.h>

#include "core/event.h"
#include "core/game.h"
#include "core/hex.h"

const char *rules_unit_id(const struct game *g, int u);
const char *rules_side_key(const struct game *g, int side);
/* 0 when u is the phasing player's, else -1 with the refusal in why. */
int unit_check_phasing(const struct game *g, int u, char *why, size_t whylen);
bool unit_is_enemy(const struct game *g, int u, int v);
/* The enemy of u on the map nearest to it (ties: scenario order) among
 * those keep accepts (all when keep is NULL), or -1. */
int unit_nearest_enemy(const struct game *g, int u,
		       bool (*keep)(const struct game *, int, int));
/* Is any enemy of side adjacent to h (on the map)? */
bool hex_touches_enemy(const struct game *g, struct hex h, int side);
/* May unit u stand in hex h (on map, terrain allows)? Ignores occupants. */
bool unit_may_enter(const struct game *g, int u, struct hex h);
/* Moves a unit on the map, keeping the occupancy index right. */
void unit_place(struct game *g, int u, struct hex h);
/*
 * Adds hits (capped at 9, R14.13) and removes the unit when it reaches 9,
 * with the event and the general's die (R7.2, R10.7).  Returns true if the
 * unit was removed.
 */
bool unit_take_hits(struct game *g, int u, int hits, struct events *ev);
/* Removes a unit from the map now (rout or destruction), general's die. */
void unit_remove(struct game *g, int u, struct events *ev);

#endif
