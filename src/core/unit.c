/*
 * A unit's state on the map: who it is, where it may stand, placing and
 * removing it, its hits, and the fate of its general when it goes (R7.2,
 * R10.7, R14.9, R14.13).  The turn sequence is in game.c.
 */
#include "config.h"

#include "core/unit.h"

#include "core/rules.h"

const char *
rules_unit_id(const struct game *g, int u)
{
	return g->sc->units[u].id;
}

const char *
rules_side_key(const struct game *g, int side)
{
	return g->sc->sides[side].key;
}

int
unit_check_phasing(const struct game *g, int u, char *why, size_t whylen)
{
	int side = g->units[u].side;

	if (side == g->player)
		return 0;
	return rules_refuse(why, whylen,
			    "%s belongs to %s; it is the player-turn of %s",
			    rules_unit_id(g, u), rules_side_key(g, side),
			    rules_side_key(g, g->player));
}

bool
unit_is_enemy(const struct game *g, int u, int v)
{
	return g->units[u].side != g->units[v].side;
}

int
unit_nearest_enemy(const struct game *g, int u,
		   bool (*keep)(const struct game *, int, int))
{
	int v, best = -1, d, bestd = 0;

	for (v = 0; v < g->nunits; v++) {
		if (!g->units[v].on_map || !unit_is_enemy(g, u, v) ||
		    (keep != NULL && !keep(g, u, v)))
			continue;
		d = hex_distance(g->units[u].hex, g->units[v].hex);
		if (best < 0 || d < bestd) {
			best = v;
			bestd = d;
		}
	}
	return best;
}

int
game_unit_at(const struct game *g, struct hex h)
{
	if (!map_contains(&g->sc->map, h))
		return -1;
	return g->occupant[map_index(&g->sc->map, h)];
}

bool
hex_touches_enemy(const struct game *g, struct hex h, int side)
{
	const struct map *m = &g->sc->map;
	const struct map_link *l;
	int d, v, i;

	if (map_contains(m, h)) {
		/* The neighbours from the map's links, no hex arithmetic. */
		l = &m->links[map_index(m, h)];
		for (d = 0; d < DIR_COUNT; d++) {
			i = l->next[d];
			v = i >= 0 ? g->occupant[i] : -1;
			if (v >= 0 && g->units[v].side != side)
				return true;
		}
		return false;
	}
	for (d = 0; d < DIR_COUNT; d++) {
		v = game_unit_at(g, hex_neighbour(h, (enum dir)d));
		if (v >= 0 && g->units[v].side != side)
			return true;
	}
	return false;
}

const struct unit_type *
game_unit_type(const struct game *g, int u)
{
	return &g->sc->types[g->units[u].type];
}

unsigned
game_unit_traits(const struct game *g, int u)
{
	unsigned t = game_unit_type(g, u)->traits;

	if (!g->units[u].missile)
		t &= ~(unsigned)TRAIT_MISSILE;
	if (g->units[u].veteran)
		t |= TRAIT_VETERAN;
	return t;
}

bool
unit_may_enter(const struct game *g, int u, struct hex h)
{
	if (!map_contains(&g->sc->map, h))
		return false;
	return terrain_allows(map_terrain(&g->sc->map, h),
			      game_unit_traits(g, u));
}

bool
game_unit_engaged(const struct game *g, int u)
{
	return g->units[u].on_map &&
	       hex_touches_enemy(g, g->units[u].hex, g->units[u].side);
}

bool
game_unit_can_act(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];

	return !g->over && !g->choosing && g->noffers == 0 &&
	       g->phase == PHASE_MOVEMENT && un->on_map &&
	       un->side == g->player && !un->acted;
}

void
unit_place(struct game *g, int u, struct hex h)
{
	struct unit *un = &g->units[u];

	if (un->on_map)
		g->occupant[map_index(&g->sc->map, un->hex)] = -1;
	un->hex = h;
	un->on_map = true;
	g->occupant[map_index(&g->sc->map, h)] = u;
}

/* Records what became of a general: kind, his die if any, value. */
static void
general_fate(struct events *ev, enum event_kind kind, int gen, int side,
	     int unit, int value, int die)
{
	struct event *e = events_add(ev, kind);

	e->general = gen;
	e->side = side;
	e->unit = unit;
	e->value = value;
	e->dice[0] = (unsigned char)die;
	e->ndice = 1;
}

/*
 * R10.7: the general of a removed unit rolls 1D6; on a 1 he dies, else he
 * joins the nearest friendly unit without a general (R14.9), ties to the
 * lowest hex name; with none he leaves the field.
 */
static void
general_of_removed(struct game *g, int gen, struct hex where, struct events *ev)
{
	struct general *gn = &g->generals[gen];
	int die = dice_d6(&g->dice), best = -1, bestd = 0, v, d;

	gn->unit = -1;
	if (die == 1) {
		gn->killed_now = true;
		general_fate(ev, EV_GENERAL_KILLED, gen, gn->side, -1, 2, die);
		return;
	}
	for (v = 0; v < g->nunits; v++) {
		const struct unit *un = &g->units[v];

		if (!un->on_map || un->side != gn->side || un->general >= 0)
			continue;
		d = hex_distance(where, un->hex);
		if (best < 0 || d < bestd ||
		    (d == bestd &&
		     hex_compare(un->hex, g->units[best].hex) < 0)) {
			best = v;
			bestd = d;
		}
	}
	if (best < 0) {
		gn->killed_now = true;
		general_fate(ev, EV_GENERAL_KILLED, gen, gn->side, -1, 3, die);
		return;
	}
	gn->unit = best;
	g->units[best].general = gen;
	general_fate(ev, EV_GENERAL_JOINS, gen, gn->side, best, 0, die);
}

void
unit_remove(struct game *g, int u, struct events *ev)
{
	struct unit *un = &g->units[u];
	int gen = un->general;

	g->occupant[map_index(&g->sc->map, un->hex)] = -1;
	un->on_map = false;
	un->removed_now = true;
	un->failed_morale = false; /* R14.15: routed, not failed */
	un->general = -1;
	if (g->push_unit == u)
		g->push_unit = -1;
	if (gen >= 0)
		general_of_removed(g, gen, un->hex, ev);
}

bool
unit_take_hits(struct game *g, int u, int hits, struct events *ev)
{
	struct unit *un = &g->units[u];
	struct event *e;

	un->hits += hits;
	if (un->hits > UNIT_HITS_ROUTED)
		un->hits = UNIT_HITS_ROUTED;
	if (un->hits < UNIT_HITS_ROUTED)
		return false;
	e = events_add(ev, EV_ROUTED);
	e->unit = u;
	e->side = un->side;
	e->from = un->hex;
	unit_remove(g, u, ev);
	return true;
}
