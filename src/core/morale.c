/*
 * Phase 4, morale (R10): the checks in hex-name order, retreats with their
 * preferences, pushed friends and blocked or surrounded units, and the
 * advance decisions that follow.
 */
#include "config.h"

#include <string.h>

#include "core/game.h"
#include "core/rules.h"

/* What a rear hex offers a retreating unit, best first (R10.3). */
enum retreat_kind {
	RETREAT_EMPTY,	 /* an empty hex it may enter */
	RETREAT_FRIEND,	 /* a friend that can be pushed back */
	RETREAT_BLOCKED, /* off map, terrain, or a friend that cannot move */
	RETREAT_ENEMY,	 /* an enemy unit */
};

struct retreat_option {
	enum retreat_kind kind;
	enum dir dir;
	struct hex to;
	int friend; /* RETREAT_FRIEND: the unit pushed back */
	struct hex friend_to;
};

static enum retreat_kind
classify(const struct game *g, int u, enum dir d, struct retreat_option *o)
{
	struct hex to = hex_neighbour(g->units[u].hex, d);
	int v = game_unit_at(g, to);

	o->dir = d;
	o->to = to;
	o->friend = -1;
	if (!map_contains(&g->sc->map, to))
		return o->kind = RETREAT_BLOCKED;
	if (v >= 0 && g->units[v].side != g->units[u].side)
		return o->kind = RETREAT_ENEMY;
	if (!unit_may_enter(g, u, to))
		return o->kind = RETREAT_BLOCKED;
	if (v < 0)
		return o->kind = RETREAT_EMPTY;
	/* R14.14: the friend moves 1 hex the same way, into an empty hex
	 * it may enter; no chains. */
	o->friend = v;
	o->friend_to = hex_neighbour(to, d);
	if (!unit_may_enter(g, v, o->friend_to) ||
	    game_unit_at(g, o->friend_to) >= 0)
		return o->kind = RETREAT_BLOCKED;
	return o->kind = RETREAT_FRIEND;
}

/* Distance from h to the nearest enemy of side, or -1 with none. */
static int
nearest_enemy(const struct game *g, struct hex h, int side)
{
	int v, d, best = -1;

	for (v = 0; v < g->nunits; v++) {
		if (!g->units[v].on_map || g->units[v].side == side)
			continue;
		d = hex_distance(h, g->units[v].hex);
		if (best < 0 || d < best)
			best = d;
	}
	return best;
}

/* Which of two equally good hexes to take: farther from enemies, then
 * the lower clock hour (R10.3, R14.14).  True if a beats b. */
static bool
prefer(const struct game *g, int side, const struct retreat_option *a,
       const struct retreat_option *b)
{
	int da = nearest_enemy(g, a->to, side);
	int db = nearest_enemy(g, b->to, side);

	if (da != db)
		return da > db;
	return a->dir < b->dir;
}

static void
lose_sp_in_place(struct game *g, int u, struct events *ev)
{
	struct event *e = events_add(ev, EV_RETREAT_BLOCKED);

	e->unit = u;
	e->side = g->units[u].side;
	e->from = g->units[u].hex;
	e->value = g->units[u].hits + 1 > UNIT_HITS_ROUTED
		       ? UNIT_HITS_ROUTED
		       : g->units[u].hits + 1;
	unit_take_hits(g, u, 1, ev);
}

/* R10.3: returns true if the unit left its hex (vacated *from). */
static bool
retreat(struct game *g, int u, struct events *ev)
{
	struct unit *un = &g->units[u];
	struct retreat_option o[2], *best = NULL;
	struct event *e;
	int i;

	classify(g, u, facing_rear_dir(un->facing, 0), &o[0]);
	classify(g, u, facing_rear_dir(un->facing, 1), &o[1]);
	if (o[0].kind == RETREAT_ENEMY && o[1].kind == RETREAT_ENEMY) {
		e = events_add(ev, EV_DESTROYED);
		e->unit = u;
		e->side = un->side;
		e->from = un->hex;
		unit_remove(g, u, ev);
		return false;
	}
	for (i = 0; i < 2; i++) {
		if (o[i].kind != RETREAT_EMPTY && o[i].kind != RETREAT_FRIEND)
			continue;
		if (best == NULL || o[i].kind < best->kind ||
		    (o[i].kind == best->kind &&
		     prefer(g, un->side, &o[i], best)))
			best = &o[i];
	}
	if (best == NULL) {
		lose_sp_in_place(g, u, ev);
		return false;
	}
	if (best->kind == RETREAT_FRIEND) {
		e = events_add(ev, EV_PUSHED_BACK);
		e->unit = best->friend;
		e->other = u;
		e->side = un->side;
		e->from = best->to;
		e->to = best->friend_to;
		unit_place(g, best->friend, best->friend_to);
	}
	e = events_add(ev, EV_RETREAT);
	e->unit = u;
	e->side = un->side;
	e->from = un->hex;
	e->to = best->to;
	e->facing = un->facing;
	unit_place(g, u, best->to);
	return true;
}

static int
by_hex(const void *a, const void *b, const struct game *g)
{
	return hex_compare(g->units[*(const int *)a].hex,
			   g->units[*(const int *)b].hex);
}

/* Sorts unit indices by hex name; insertion sort, lists are short. */
static void
sort_by_hex(const struct game *g, int *v, int n)
{
	int i, j, tmp;

	for (i = 1; i < n; i++) {
		tmp = v[i];
		for (j = i; j > 0 && by_hex(&v[j - 1], &tmp, g) > 0; j--)
			v[j] = v[j - 1];
		v[j] = tmp;
	}
}

static void
offer_advances(struct game *g, const struct advance_offer *vac, int nvac,
	       struct events *ev)
{
	struct event *e;
	int i, a;

	g->noffers = 0;
	for (i = 0; i < nvac; i++) {
		if (game_unit_at(g, vac[i].to) >= 0)
			continue; /* filled again: nobody may advance */
		for (a = 0; a < g->nunits; a++) {
			const struct unit *un = &g->units[a];

			if (!un->on_map || un->attacked != vac[i].unit ||
			    !unit_may_enter(g, a, vac[i].to))
				continue;
			g->offers[g->noffers].unit = a;
			g->offers[g->noffers].to = vac[i].to;
			g->noffers++;
			e = events_add(ev, EV_ADVANCE_OFFER);
			e->unit = a;
			e->side = un->side;
			e->to = vac[i].to;
		}
	}
}

void
morale_phase(struct game *g, struct events *ev)
{
	struct event *e;
	int *order = g->scratch_order, n = 0, i, u, need, die, nvac = 0;
	struct advance_offer *vac = g->scratch_vacated;

	/* R14.14: the order is fixed before the first check. */
	for (u = 0; u < g->nunits; u++)
		if (g->units[u].on_map && g->units[u].lost_sp)
			order[n++] = u;
	sort_by_hex(g, order, n);
	for (i = 0; i < n; i++) {
		struct unit *un = &g->units[order[i]];
		struct hex from = un->hex;

		u = order[i];
		if (!un->on_map)
			continue;
		if (un->general >= 0 || un->veteran) {
			e = events_add(ev, EV_MORALE_EXEMPT);
			e->unit = u;
			e->side = un->side;
			e->value = un->general >= 0 ? 1 : 2;
			continue;
		}
		need = un->hits <= MORALE_STEADY_HITS ? MORALE_PASS_STEADY
						      : MORALE_PASS_SHAKEN;
		die = dice_d6(&g->dice);
		e = events_add(ev, EV_MORALE);
		e->unit = u;
		e->side = un->side;
		e->need = need;
		e->value2 = un->hits;
		e->dice[0] = (unsigned char)die;
		e->ndice = 1;
		e->value = die >= need;
		if (die >= need)
			continue;
		un->failed_morale = true;
		if (retreat(g, u, ev)) {
			vac[nvac].unit = u;
			vac[nvac].to = from;
			nvac++;
		}
	}
	offer_advances(g, vac, nvac, ev);
}

static int
find_offer(const struct game *g, int u)
{
	int i;

	for (i = 0; i < g->noffers; i++)
		if (g->offers[i].unit == u)
			return i;
	return -1;
}

static void
drop_offer(struct game *g, int i)
{
	memmove(&g->offers[i], &g->offers[i + 1],
		(size_t)(g->noffers - i - 1) * sizeof g->offers[0]);
	g->noffers--;
}

static int
check_offer(const struct game *g, const struct command *c, char *why,
	    size_t whylen)
{
	int i = find_offer(g, c->unit);

	if (g->noffers == 0)
		return rules_refuse(why, whylen, "no advance is pending");
	if (i < 0)
		return rules_refuse(why, whylen,
				    "%s may not advance now; pending: "
				    "%s",
				    rules_unit_id(g, c->unit),
				    rules_unit_id(g, g->offers[0].unit));
	return i;
}

int
advance_command(struct game *g, const struct command *c, struct events *ev,
		char *why, size_t whylen)
{
	struct event *e;
	struct hex to;
	int i = check_offer(g, c, why, whylen);

	if (i < 0)
		return -1;
	to = g->offers[i].to;
	e = events_add(ev, EV_ADVANCE);
	e->unit = c->unit;
	e->side = g->units[c->unit].side;
	e->from = g->units[c->unit].hex;
	e->to = to;
	unit_place(g, c->unit, to);
	/* R14.16: the other decisions for that hex lapse. */
	for (i = g->noffers - 1; i >= 0; i--)
		if (hex_equal(g->offers[i].to, to))
			drop_offer(g, i);
	if (g->noffers == 0)
		game_after_morale(g, ev);
	return 0;
}

int
hold_command(struct game *g, const struct command *c, struct events *ev,
	     char *why, size_t whylen)
{
	struct event *e;
	int i = check_offer(g, c, why, whylen);

	if (i < 0)
		return -1;
	drop_offer(g, i);
	e = events_add(ev, EV_HOLD);
	e->unit = c->unit;
	e->side = g->units[c->unit].side;
	if (g->noffers == 0)
		game_after_morale(g, ev);
	return 0;
}

/* The pending advance decisions as commands. */
int
legal_decisions(const struct game *g, struct command *out, int max)
{
	struct command c;
	int i, n = 0;

	memset(&c, 0, sizeof c);
	c.target = c.general = -1;
	for (i = 0; i < g->noffers && n + 1 < max; i++) {
		c.unit = g->offers[i].unit;
		c.verb = VERB_ADVANCE;
		out[n++] = c;
		c.verb = VERB_HOLD;
		out[n++] = c;
	}
	return n;
}
