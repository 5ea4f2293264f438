/*
 * Phase 1, movement (R4, R5): the plans and commands of moves, pivots,
 * charges, pushes and the transfer of generals, and the destinations of a
 * unit's moves and charges.  The path search they share is in path.c;
 * the listing of every legal action (for game_legal_commands() and the
 * legal cache) in legal.c.
 *
 * Every action is first planned (checked, with its result worked out) and
 * only then carried out, so that a refused command changes nothing and a
 * push checks its action before any die is rolled (commands.md).
 */
#include "config.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"

/* The outcome of a planned movement action. */
struct plan {
	enum verb verb;
	int unit;
	int target; /* charge */
	struct hex to;
	enum facing facing;
	int cost;  /* hexes moved */
	int pivot; /* charge: free pre-pivot in vertices */
};

static bool
on_road(const struct game *g, struct hex h)
{
	return map_cell(&g->sc->map, h)->road;
}

/* R5.1: may u make a movement action now (pivot_only: is it a pivot)? */
static int
check_actor(const struct game *g, int u, bool as_push, bool is_pivot, char *why,
	    size_t whylen)
{
	const struct unit *un = &g->units[u];

	if (!un->on_map)
		return rules_refuse(why, whylen,
				    "%s has been removed from the field",
				    rules_unit_id(g, u));
	if (unit_check_phasing(g, u, why, whylen) != 0)
		return -1;
	if (!as_push && un->acted)
		return rules_refuse(why, whylen,
				    "%s has already used its movement "
				    "action this turn%s; one movement action "
				    "a turn (R5.1)",
				    rules_unit_id(g, u),
				    un->pushed || g->push_unit != u
					? ""
					: " (push it for one more)");
	if (!is_pivot && game_unit_engaged(g, u))
		return rules_refuse(why, whylen,
				    "%s is engaged and may only pivot "
				    "(R4.2); it leaves only by retreating",
				    rules_unit_id(g, u));
	return 0;
}

static int
plan_move(const struct game *g, const struct command *c, struct plan *p,
	  char *why, size_t whylen)
{
	const struct unit *un = &g->units[c->unit];
	const struct unit_type *t = game_unit_type(g, c->unit);
	struct reach r;
	struct mover mv;
	int ma = t->move, i, occ;

	if (!map_contains(&g->sc->map, c->hex))
		return rules_refuse(why, whylen, "hex %02d%02d is off the map",
				    c->hex.col, c->hex.row);
	if (hex_equal(c->hex, un->hex))
		return rules_refuse(why, whylen, "%s is already in that hex",
				    rules_unit_id(g, c->unit));
	if (c->has_facing && t->cls == CLASS_FORMED)
		return rules_refuse(
		    why, whylen,
		    "%s is formed (%s) and keeps its "
		    "facing when it moves: give no facing, or pivot instead",
		    rules_unit_id(g, c->unit), t->key);
	if (!unit_may_enter(g, c->unit, c->hex))
		return rules_refuse(
		    why, whylen, "%s may not enter %s (R6)",
		    rules_unit_id(g, c->unit),
		    terrain_name(map_terrain(&g->sc->map, c->hex)));
	if ((occ = game_unit_at(g, c->hex)) >= 0)
		return rules_refuse(why, whylen,
				    "that hex is held by %s (R5.9: no unit "
				    "ends a move in an occupied hex)",
				    rules_unit_id(g, occ));
	if (hex_touches_enemy(g, c->hex, un->side))
		return rules_refuse(why, whylen,
				    "that hex is next to an enemy: only "
				    "a charge may end there (R4.3)");
	/* R5.8, R14.5: +1 when the move starts and ends on a road. */
	if (on_road(g, un->hex) && on_road(g, c->hex))
		ma++;
	mover_init(&mv, g, c->unit, NULL);
	path_search(&mv, un->facing, ma, &r, map_index(&g->sc->map, c->hex));
	i = reach_dist(&r, &g->sc->map, c->hex);
	if (i < 0)
		return rules_refuse(
		    why, whylen,
		    "%s cannot reach that hex: with MA "
		    "%d%s, no path avoids hexes next to enemies, other units "
		    "and terrain it may not enter (R5.2, R4.3, R6)",
		    rules_unit_id(g, c->unit), ma,
		    t->cls == CLASS_FORMED ? ", stepping into front hexes"
					   : "");
	p->verb = VERB_MOVE;
	p->unit = c->unit;
	p->to = c->hex;
	p->facing = c->has_facing ? c->facing : un->facing;
	p->cost = i;
	return 0;
}

static int
plan_pivot(const struct game *g, const struct command *c, struct plan *p,
	   char *why, size_t whylen)
{
	const struct unit *un = &g->units[c->unit];

	if (c->facing == un->facing)
		return rules_refuse(why, whylen, "%s already faces %s",
				    rules_unit_id(g, c->unit),
				    facing_name(c->facing));
	p->verb = VERB_PIVOT;
	p->unit = c->unit;
	p->to = un->hex;
	p->facing = c->facing;
	p->cost = 0;
	return 0;
}

/*
 * R4.4: which unit already holds the face of target that its neighbour
 * in direction cd (a contact hex) would touch, or -1 if the face is
 * free.  The face's directions (facing_face_of_dir()) are looked at in
 * their order, as the first enemy found is the one named.
 */
static int
face_holder(const struct game *g, int target, enum dir cd)
{
	const struct unit *t = &g->units[target];
	const struct map_link *at =
	    &g->sc->map.links[map_index(&g->sc->map, t->hex)];
	int f = (int)t->facing, dirs[2], n = 2, k, i, v;

	switch (((int)cd - f + DIR_COUNT) % DIR_COUNT) {
	case 0:
	case 5: /* front */
		dirs[0] = f;
		dirs[1] = (f + 5) % DIR_COUNT;
		break;
	case 2:
	case 3: /* rear */
		dirs[0] = (f + 2) % DIR_COUNT;
		dirs[1] = (f + 3) % DIR_COUNT;
		break;
	default: /* a flank: one hexside */
		dirs[0] = (int)cd;
		n = 1;
		break;
	}
	if (n == 2 && dirs[1] < dirs[0]) {
		k = dirs[0];
		dirs[0] = dirs[1];
		dirs[1] = k;
	}
	for (k = 0; k < n; k++) {
		i = at->next[dirs[k]];
		if (i < 0)
			continue;
		v = g->occupant[i];
		if (v >= 0 && g->units[v].side != t->side)
			return v;
	}
	return -1;
}

/* The facing of a nimble charger at c (R5.6): target in front, least turn. */
static enum facing
nimble_charge_facing(enum facing start, int d)
{
	enum facing a = (enum facing)d, b = facing_rotate((enum facing)d, 1);

	return facing_turn_distance(start, a) <= facing_turn_distance(start, b)
		   ? a
		   : b;
}

/*
 * Notes in mv->crows the hexes r reaches in at most reach_max steps: all
 * within reach_max rows and columns of the unit.
 */
static void
note_path_ends(struct mover *mv, const struct reach *r, int reach_max)
{
	struct hex at = mv->g->units[mv->u].hex, h;
	int d;

	for (h.row = at.row - reach_max; h.row <= at.row + reach_max; h.row++) {
		for (h.col = at.col - reach_max; h.col <= at.col + reach_max;
		     h.col++) {
			if (!map_contains(mv->m, h))
				continue;
			d = reach_dist(r, mv->m, h);
			if (d < 0 || d > reach_max)
				continue;
			if (h.row < mv->row0 || h.row > mv->row1) {
				mv->far = true;
				continue;
			}
			mv->crows[h.row - 1] |= (uint64_t)1 << (h.col - 1);
			if (h.row < mv->crow0)
				mv->crow0 = h.row;
			if (h.row > mv->crow1)
				mv->crow1 = h.row;
			if (h.col < mv->ccol0)
				mv->ccol0 = h.col;
			if (h.col > mv->ccol1)
				mv->ccol1 = h.col;
		}
	}
}

/*
 * Every contact hex from which u may charge target (every enemy when
 * target is -1), each with the path R14.4 selects.  Returns the count;
 * *le_blocked tells whether some otherwise good hex was refused for
 * limited engagement.  One search per pre-pivot serves every target.
 * With moved (the search of u's move, facing as it stands, shared) no
 * pivot 0 search is made: a breadth-first search finds the same
 * distance for every hex within its reach, and the move reaches further.
 */
static int
charge_options(const struct game *g, int u, int target,
	       struct charge_option *out, int max, bool *le_blocked,
	       struct mover *shared, const struct reach *moved)
{
	static const int pivots[3] = { 0, 1, -1 };
	const struct unit *un = &g->units[u];
	const struct map *m = &g->sc->map;
	struct reach own_r;
	const struct reach *r;
	struct mover own, *mv = shared;
	int ma = game_unit_type(g, u)->move, n = 0, pi, d, k, i, cost, v, ti;
	/* The search's start counts even when MA - 2 < 0. */
	int reach_max = ma - 2 > 0 ? ma - 2 : 0;
	int first = target < 0 ? 0 : target;
	int last = target < 0 ? g->nunits - 1 : target;
	int near[CELLS_MAX], nnear = 0; /* a unit a hex at most */
	int steps[DIR_COUNT], nsteps, ds[DIR_COUNT], nds, ci;
	const struct map_link *links = m->links;
	bool formed = unit_is_formed(g, u);
	struct hex c;
	enum dir td;
	enum facing f, endf;

	if (le_blocked != NULL)
		*le_blocked = false;
	/*
	 * Contact comes at most MA - 1 hexes away, next to the target: an
	 * enemy further than MA cannot be charged, whatever the path.
	 */
	for (v = first; v <= last; v++) {
		const struct unit *t = &g->units[v];

		if (t->on_map && t->side != un->side &&
		    hex_within(t->hex, un->hex, ma))
			near[nnear++] = v;
	}
	for (pi = 0; pi < (formed ? 3 : 1) && nnear > 0; pi++) {
		f = facing_rotate(un->facing, pivots[pi]);
		/* Path hexes: at most MA - 2 steps, contact at MA - 1. */
		if (mv == NULL) {
			mover_init(&own, g, u, NULL);
			mv = &own;
		}
		mv->charge_searched = true;
		if (pi == 0 && moved != NULL) {
			r = moved;
		} else {
			path_search(mv, f, ma - 2, &own_r, -1);
			r = &own_r;
		}
		if (mv->crows != NULL)
			note_path_ends(mv, r, reach_max);
		/*
		 * For a formed unit only the two directions whose reverse is a
		 * front direction of f count (R2.2), else all six: the steps
		 * into c a path may end with (f + 3 first), and the directions
		 * from a target to its contact hexes (in increasing order).
		 */
		if (formed) {
			steps[0] = ((int)f + 3) % DIR_COUNT;
			steps[1] = ((int)f + 2) % DIR_COUNT;
			nsteps = nds = 2;
			ds[0] = steps[0] < steps[1] ? steps[0] : steps[1];
			ds[1] = steps[0] < steps[1] ? steps[1] : steps[0];
		} else {
			for (k = 0; k < DIR_COUNT; k++)
				steps[k] = ds[k] = k;
			nsteps = nds = DIR_COUNT;
		}
		for (ti = 0; ti < nnear; ti++) {
			const struct map_link *tl =
			    &links[map_index(m, g->units[near[ti]].hex)];

			v = near[ti];
			for (k = 0; k < nds; k++) {
				d = ds[k];
				td = (enum dir)(d < 3 ? d + 3 : d - 3);
				ci = tl->next[d];
				if (ci < 0 ||
				    !(mv->allow >> m->cells[ci].terrain & 1) ||
				    g->occupant[ci] >= 0)
					continue;
				/* The cheapest path hex one allowed step away.
				 */
				cost = -1;
				for (i = 0; i < nsteps; i++) {
					int dist, fi = links[ci].next[steps[i]];

					dist = fi < 0 ? -1
						      : reach_dist_at(r, m, fi);
					if (dist >= 0 && dist <= reach_max &&
					    (cost < 0 || dist + 1 < cost))
						cost = dist + 1;
				}
				if (cost < 0)
					continue;
				c = map_hex_at(m, ci);
				/* R14.4: a hex found with less pivot stays. */
				for (i = 0; i < n; i++)
					if (out[i].target == v &&
					    hex_equal(out[i].hex, c))
						break;
				if (i < n)
					continue;
				if (face_holder(g, v, (enum dir)d) >= 0) {
					if (le_blocked != NULL)
						*le_blocked = true;
					continue;
				}
				if (n == max)
					return n;
				endf = formed ? f
					      : nimble_charge_facing(un->facing,
								     (int)td);
				out[n].target = v;
				out[n].hex = c;
				out[n].facing = endf;
				out[n].cost = cost;
				out[n].pivot = formed ? pivots[pi] : 0;
				n++;
			}
		}
	}
	return n;
}

/* Is any hex next to the target empty and open to u's terrain? */
static bool
contact_possible(const struct game *g, int u, int target)
{
	struct hex c;
	int d;

	for (d = 0; d < DIR_COUNT; d++) {
		c = hex_neighbour(g->units[target].hex, (enum dir)d);
		if (unit_may_enter(g, u, c) && game_unit_at(g, c) < 0)
			return true;
	}
	return false;
}

static int
plan_charge(const struct game *g, const struct command *c, struct plan *p,
	    char *why, size_t whylen)
{
	const struct unit *t = &g->units[c->target];
	struct charge_option opts[DIR_COUNT * 3];
	int n, i, best = -1, holder;
	bool le;

	if (c->target == c->unit || !unit_is_enemy(g, c->unit, c->target))
		return rules_refuse(why, whylen, "%s is not an enemy of %s",
				    rules_unit_id(g, c->target),
				    rules_unit_id(g, c->unit));
	if (!t->on_map)
		return rules_refuse(why, whylen,
				    "%s has already left the field",
				    rules_unit_id(g, c->target));
	n = charge_options(g, c->unit, c->target, opts, DIR_COUNT * 3, &le,
			   NULL, NULL);
	if (c->has_hex) {
		for (i = 0; i < n; i++)
			if (hex_equal(opts[i].hex, c->hex))
				best = i;
		if (best < 0) {
			if (hex_distance(c->hex, t->hex) != 1)
				return rules_refuse(
				    why, whylen,
				    "that hex is not "
				    "next to %s",
				    rules_unit_id(g, c->target));
			if (game_unit_at(g, c->hex) >= 0)
				return rules_refuse(
				    why, whylen,
				    "that hex is held "
				    "by %s",
				    rules_unit_id(g, game_unit_at(g, c->hex)));
			if (!unit_may_enter(g, c->unit, c->hex))
				return rules_refuse(why, whylen,
						    "%s may not enter "
						    "%s",
						    rules_unit_id(g, c->unit),
						    terrain_name(map_terrain(
							&g->sc->map, c->hex)));
			holder = face_holder(
			    g, c->target,
			    (enum dir)hex_direction_to(t->hex, c->hex));
			if (holder >= 0)
				return rules_refuse(
				    why, whylen,
				    "limited "
				    "engagement: %s already holds that face "
				    "of %s (R4.4)",
				    rules_unit_id(g, holder),
				    rules_unit_id(g, c->target));
			return rules_refuse(
			    why, whylen,
			    "%s cannot charge %s from "
			    "that hex: no path of at most %d hex%s that "
			    "avoids enemies and ends facing %s (R5.6, "
			    "R14.3)",
			    rules_unit_id(g, c->unit),
			    rules_unit_id(g, c->target),
			    game_unit_type(g, c->unit)->move - 1,
			    game_unit_type(g, c->unit)->move == 2 ? "" : "es",
			    rules_unit_id(g, c->target));
		}
	} else {
		for (i = 0; i < n; i++)
			if (best < 0 || opts[i].cost < opts[best].cost ||
			    (opts[i].cost == opts[best].cost &&
			     hex_compare(opts[i].hex, opts[best].hex) < 0))
				best = i;
		if (best < 0) {
			if (!contact_possible(g, c->unit, c->target))
				return rules_refuse(
				    why, whylen,
				    "%s cannot charge "
				    "%s: every hex next to it is off the map, "
				    "held by a unit, or terrain %s may not "
				    "enter (R5.6, R6)",
				    rules_unit_id(g, c->unit),
				    rules_unit_id(g, c->target),
				    rules_unit_id(g, c->unit));
			if (le)
				return rules_refuse(
				    why, whylen,
				    "limited "
				    "engagement: every face of %s that %s "
				    "could reach already has an enemy in "
				    "contact (R4.4)",
				    rules_unit_id(g, c->target),
				    rules_unit_id(g, c->unit));
			/* Said as the distance to the target, which is what
			 * a player counts: "1 hex before contact" read as a
			 * target 1 hex away (playtest). */
			return rules_refuse(
			    why, whylen,
			    "%s cannot reach %s: with MA %d it charges an "
			    "enemy at most %d hexes away, the target's hex "
			    "counting 1 (R5.6), by a path that enters no other "
			    "hex next to an enemy (R4.3), ending facing it",
			    rules_unit_id(g, c->unit),
			    rules_unit_id(g, c->target),
			    game_unit_type(g, c->unit)->move,
			    game_unit_type(g, c->unit)->move);
		}
	}
	p->verb = VERB_CHARGE;
	p->unit = c->unit;
	p->target = c->target;
	p->to = opts[best].hex;
	p->facing = opts[best].facing;
	p->cost = opts[best].cost;
	p->pivot = opts[best].pivot;
	return 0;
}

/* Checks one movement action; as_push when it is a push's extra action. */
static int
plan_action(const struct game *g, const struct command *c, enum verb action,
	    bool as_push, struct plan *p, char *why, size_t whylen)
{
	if (check_actor(g, c->unit, as_push, action == VERB_PIVOT, why,
			whylen) != 0)
		return -1;
	switch (action) {
	case VERB_MOVE:
		return plan_move(g, c, p, why, whylen);
	case VERB_PIVOT:
		return plan_pivot(g, c, p, why, whylen);
	default:
		return plan_charge(g, c, p, why, whylen);
	}
}

static void
carry_out(struct game *g, const struct plan *p, struct events *ev)
{
	struct unit *un = &g->units[p->unit];
	struct event *e;
	enum event_kind kind = p->verb == VERB_MOVE    ? EV_MOVE
			       : p->verb == VERB_PIVOT ? EV_PIVOT
						       : EV_CHARGE;

	e = events_add(ev, kind);
	e->unit = p->unit;
	e->side = un->side;
	e->other = p->verb == VERB_CHARGE ? p->target : -1;
	e->from = un->hex;
	e->to = p->to;
	e->facing = p->facing;
	e->value = p->cost;
	e->value2 = p->verb == VERB_PIVOT ? (int)un->facing : p->pivot;
	if (!hex_equal(p->to, un->hex))
		unit_place(g, p->unit, p->to);
	un->facing = p->facing;
	un->acted = true;
	if (p->verb == VERB_CHARGE)
		un->charged = true;
	g->push_unit = p->unit;
}

/* A movement action found legal, planned: carried out and noted. */
static void
action_planned(struct game *g, const struct command *c, const struct plan *p,
	       struct events *ev)
{
	carry_out(g, p, ev);
	g->units[c->unit].action = c->verb;
	g->units[c->unit].action_target =
	    c->verb == VERB_CHARGE ? c->target : -1;
}

static int
action_command(struct game *g, const struct command *c, struct events *ev,
	       char *why, size_t whylen)
{
	struct plan p = { 0 };

	if (plan_action(g, c, c->verb, false, &p, why, whylen) != 0)
		return -1;
	action_planned(g, c, &p, ev);
	return 0;
}

int
move_command(struct game *g, const struct command *c, struct events *ev,
	     char *why, size_t whylen)
{
	return action_command(g, c, ev, why, whylen);
}

int
pivot_command(struct game *g, const struct command *c, struct events *ev,
	      char *why, size_t whylen)
{
	return action_command(g, c, ev, why, whylen);
}

int
charge_command(struct game *g, const struct command *c, struct events *ev,
	       char *why, size_t whylen)
{
	return action_command(g, c, ev, why, whylen);
}

static int push_planned(struct game *g, const struct command *c,
			const struct plan *p, struct events *ev);

/* R5.7 and R14.7. */
int
push_command(struct game *g, const struct command *c, struct events *ev,
	     char *why, size_t whylen)
{
	const struct unit *un = &g->units[c->unit];
	struct plan p = { 0 };

	if (un->on_map && un->side == g->player && un->pushed)
		return rules_refuse(why, whylen,
				    "%s has already pushed this turn (R5.7: "
				    "once per turn)",
				    rules_unit_id(g, c->unit));
	if (g->push_unit != c->unit) {
		if (un->on_map && un->side == g->player && !un->acted)
			return rules_refuse(why, whylen,
					    "%s must make its movement "
					    "action before it can push (R5.7)",
					    rules_unit_id(g, c->unit));
		return rules_refuse(
		    why, whylen,
		    "a push must come straight after "
		    "the unit's own movement action, before any other unit "
		    "acts; %s did not act last (R5.7, R14.7)",
		    rules_unit_id(g, c->unit));
	}
	if (plan_action(g, c, c->action, true, &p, why, whylen) != 0)
		return -1;
	return push_planned(g, c, &p, ev);
}

/* A push found legal, with its action planned: the die, then the action. */
static int
push_planned(struct game *g, const struct command *c, const struct plan *p,
	     struct events *ev)
{
	struct unit *un = &g->units[c->unit];
	const struct unit_type *t = game_unit_type(g, c->unit);
	struct event *e;
	int die;
	bool ok;

	un->pushed = true;
	un->push_action = c->action;
	un->push_target = c->action == VERB_CHARGE ? c->target : -1;
	if ((game_unit_traits(g, c->unit) & TRAIT_BARBARIAN) &&
	    c->action == VERB_CHARGE) {
		e = events_add(ev, EV_PUSH_FREE);
		e->unit = c->unit;
		e->side = un->side;
		carry_out(g, p, ev);
		return 0;
	}
	e = events_add(ev, EV_PUSH_ROLL);
	e->unit = c->unit;
	e->side = un->side;
	e->need = t->push;
	die = dice_d6(&g->dice);
	e->dice[e->ndice++] = (unsigned char)die;
	ok = die >= t->push;
	if (!ok && un->general >= 0) {
		die = dice_d6(&g->dice);
		e->dice[e->ndice++] = (unsigned char)die;
		ok = die >= t->push;
	}
	e->value = ok;
	if (!ok) {
		e = events_add(ev, EV_FATIGUE);
		e->unit = c->unit;
		e->side = un->side;
		e->value = un->hits + 1 > UNIT_HITS_ROUTED ? UNIT_HITS_ROUTED
							   : un->hits + 1;
		if (unit_take_hits(g, c->unit, 1, ev))
			return 0; /* R14.7: routed, no action */
	}
	carry_out(g, p, ev);
	return 0;
}

/* R5.11, R14.9. */
int
general_command(struct game *g, const struct command *c, struct events *ev,
		char *why, size_t whylen)
{
	struct general *gn = &g->generals[c->general];
	const struct unit *to = &g->units[c->unit];
	const char *gid = g->sc->generals[c->general].id;
	struct event *e;
	int from = gn->unit;

	if (gn->unit < 0)
		return rules_refuse(why, whylen, "general %s is dead", gid);
	if (gn->side != g->player)
		return rules_refuse(why, whylen,
				    "general %s belongs to %s; it is "
				    "the player-turn of %s",
				    gid, rules_side_key(g, gn->side),
				    rules_side_key(g, g->player));
	if (gn->transferred)
		return rules_refuse(why, whylen,
				    "general %s has already "
				    "transferred this movement phase (R5.11)",
				    gid);
	if (from == c->unit)
		return rules_refuse(why, whylen,
				    "general %s is already with %s", gid,
				    rules_unit_id(g, c->unit));
	if (to->side != gn->side)
		return rules_refuse(why, whylen, "%s is not a friendly unit",
				    rules_unit_id(g, c->unit));
	if (!to->on_map)
		return rules_refuse(why, whylen, "%s has left the field",
				    rules_unit_id(g, c->unit));
	if (to->general >= 0)
		return rules_refuse(
		    why, whylen,
		    "%s already has a general (%s); one general a unit "
		    "(R14.9)",
		    rules_unit_id(g, c->unit), g->sc->generals[to->general].id);
	if (hex_distance(g->units[from].hex, to->hex) > GENERAL_RIDE_HEXES)
		return rules_refuse(why, whylen,
				    "%s is %d hexes from general %s; "
				    "a general rides at most %d (R5.11)",
				    rules_unit_id(g, c->unit),
				    hex_distance(g->units[from].hex, to->hex),
				    gid, GENERAL_RIDE_HEXES);
	g->units[from].general = -1;
	g->units[c->unit].general = c->general;
	gn->unit = c->unit;
	gn->transferred = true;
	e = events_add(ev, EV_TRANSFER);
	e->general = c->general;
	e->side = gn->side;
	e->unit = c->unit;
	e->other = from;
	return 0;
}

/*
 * Destinations of a move by u, whether or not it may act now: into out,
 * or when out is NULL into acts, as copies of *like with the hex and the
 * cost set.
 */
int
move_options(const struct game *g, int u, struct move_option *out,
	     struct unit_action *acts, const struct unit_action *like, int max,
	     struct mover *shared, struct reach *keep)
{
	const struct unit *un = &g->units[u];
	const struct map *m = &g->sc->map;
	struct reach own_r, *r = keep != NULL ? keep : &own_r;
	struct mover own, *mv = shared;
	int ma = game_unit_type(g, u)->move, i, n = 0, w, wlast;
	bool road_start;
	uint64_t bits;
	struct hex h;

	road_start = on_road(g, un->hex);
	if (mv == NULL) {
		mover_init(&own, g, u, NULL);
		mv = &own;
	}
	path_search(mv, un->facing, road_start ? ma + 1 : ma, r, -1);
	/* In the order of map indexes: row by row, column by column. */
	w = ((r->row0 - 1) * m->width + (r->col0 - 1)) >> 6;
	wlast = ((r->row1 - 1) * m->width + (r->col1 - 1)) >> 6;
	for (; w <= wlast; w++) {
		for (bits = r->reached[w]; bits != 0 && n < max;
		     bits &= bits - 1) {
			i = 64 * w + __builtin_ctzll(bits);
			if (g->occupant[i] >= 0)
				continue;
			h = map_hex_at(m, i);
			if (r->dist[i] > ma && !m->cells[i].road)
				continue;
			if (out != NULL) {
				out[n].hex = h;
				out[n].cost = r->dist[i];
			} else {
				acts[n] = *like;
				acts[n].hex = h;
				acts[n].cost = (unsigned char)r->dist[i];
			}
			n++;
		}
	}
	return n;
}

int
game_move_options(const struct game *g, int u, struct move_option *out, int max)
{
	if (!game_unit_can_act(g, u) || game_unit_engaged(g, u))
		return 0;
	return move_options(g, u, out, NULL, NULL, max, NULL, NULL);
}

/* Charges open to u against every enemy, whether or not it may act now. */
int
all_charge_options(const struct game *g, int u, struct charge_option *out,
		   int max, struct mover *shared, const struct reach *moved)
{
	return charge_options(g, u, -1, out, max, NULL, shared, moved);
}

int
game_charge_options(const struct game *g, int u, struct charge_option *out,
		    int max)
{
	if (!game_unit_can_act(g, u) || game_unit_engaged(g, u))
		return 0;
	return all_charge_options(g, u, out, max, NULL, NULL);
}

int
unit_action_apply(struct game *g, const struct command *c,
		  const struct unit_action *a, struct events *ev)
{
	const struct unit *un = &g->units[c->unit];
	struct plan p = { 0 };

	p.verb = (enum verb)a->verb;
	p.unit = c->unit;
	p.cost = a->cost;
	switch (a->verb) {
	case VERB_PIVOT:
		p.to = un->hex;
		p.facing = (enum facing)a->facing;
		break;
	case VERB_MOVE:
		p.to = a->hex;
		p.facing = un->facing;
		break;
	default:
		p.target = a->target;
		p.to = a->hex;
		p.facing = (enum facing)(a->charge >> 2);
		p.pivot = (a->charge & 3) - 1;
		break;
	}
	if (c->verb == VERB_PUSH)
		return push_planned(g, c, &p, ev);
	action_planned(g, c, &p, ev);
	return 0;
}
