/*
 * The greedy policy: the one-ply `greedy` player, the searching player's
 * anchor and the policy both sides play in its rollouts.  Per unit of the
 * phasing side, in scenario order: charge, attack, shoot; in movement,
 * when it cannot charge, the move that ends nearest the enemy; then end.
 * A unit on a victory hex keeps it.  Also the uniformly random choice.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "ai/aiint.h"
#include "ai/pathdist.h"
#include "core/odds.h"
#include "core/rulenums.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

void
command_blank(struct command *c, enum verb v, int unit)
{
	memset(c, 0, sizeof *c);
	c->verb = v;
	c->unit = unit;
	c->target = c->general = -1;
}

/*
 * Is h a victory hex of either side?  A unit standing on one keeps it:
 * its own side must hold it at the end, or the enemy must and is kept
 * off it.  Without this the greedy policy, and the rollouts built on it,
 * walked off every hill and defile towards the nearest enemy.
 */
bool
on_victory_hex(const struct game *g, struct hex h)
{
	return scenario_victory_hex(g->sc, h);
}

static void
greedy_sync(struct greedy *gr, const struct game *g)
{
	long key =
	    (((long)g->turn * 2 + g->second) * 2 + g->player) * PHASE_COUNT +
	    (long)g->phase;

	if (gr->nunits < g->nunits) {
		free(gr->tried);
		gr->tried = xcalloc((size_t)g->nunits, 1);
		gr->nunits = g->nunits;
		gr->key = -1;
	}
	if (gr->key != key) {
		memset(gr->tried, 0, (size_t)gr->nunits);
		gr->key = key;
	}
}

/* Uniform pick among the legal commands. */
int
random_choose(struct ai *ai, const struct game *g, struct pcg32 *rng,
	      struct command *out)
{
	int n = legal_cache_count(ai->lc, g);

	if (n == 0)
		return -1;
	if (n > LEGAL_MAX)
		n = LEGAL_MAX;
	memset(out, 0, sizeof *out);
	legal_cache_nth(ai->lc, (int)pcg32_bounded(rng, (uint32_t)n), out);
	return 0;
}

/* Is h one of side s's victory hexes that s does not hold now? */
static bool
wanted_hex(const struct game *g, int s, struct hex h)
{
	const struct victory_def *vd = &g->sc->victory[s];
	int i, u;

	for (i = 0; vd->present && i < vd->count; i++)
		if (hex_equal(vd->hexes[i], h)) {
			u = game_unit_at(g, h);
			return u < 0 || g->units[u].side != s;
		}
	return false;
}

/* Does side s stand in every one of its victory hexes (R11.4)? */
static bool
holds_its_hexes(const struct game *g, int s)
{
	const struct victory_def *vd = &g->sc->victory[s];
	int i;

	if (!vd->present)
		return false;
	for (i = 0; i < vd->count; i++)
		if (wanted_hex(g, s, vd->hexes[i]))
			return false;
	return true;
}

/* Who would win if the last turn ended now (R11.4, R14.18): the side
 * alone in its victory hexes, else the smaller share of breakpoints
 * lost; -1 for a draw. */
static int
winner_at_the_limit(const struct game *g)
{
	bool held[2] = { holds_its_hexes(g, 0), holds_its_hexes(g, 1) };
	long lost[2], start[2], a, b;
	int s;

	if (held[0] != held[1])
		return held[0] ? 0 : 1;
	for (s = 0; s < 2; s++) {
		start[s] = g->bp_start[s] > 0 ? g->bp_start[s] : 1;
		lost[s] = g->bp_start[s] - g->bp[s];
	}
	/* lost[0] / start[0] against lost[1] / start[1], exactly. */
	a = lost[0] * start[1];
	b = lost[1] * start[0];
	return a < b ? 0 : b < a ? 1 : -1;
}

bool
clock_presses(const struct game *g, int s)
{
	if (g->sc->turns - g->turn + 1 > CLOCK_TURNS)
		return false;
	return winner_at_the_limit(g) != s;
}

/* Breakpoints a side loses when unit u is routed (R11.2). */
static double
unit_breakpoints(const struct game *g, int u)
{
	return g->units[u].veteran ? 3.0 : 2.0;
}

bool
charge_costs_more(const struct game *g, int u, int target, struct hex contact)
{
	/* A strength point is worth a ninth of a rout's breakpoints. */
	struct odds o;
	double cost, gain;

	if (odds_charge(g, u, target, contact, &o, NULL, 0) != 0)
		return false;
	cost = o.p_self_routed * unit_breakpoints(g, u) +
	       (o.p_impetuous - o.p_self_routed) * unit_breakpoints(g, u) / 9;
	gain = o.p_routed * unit_breakpoints(g, target) + o.p_fail +
	       (o.expected - 9 * o.p_routed) * unit_breakpoints(g, target) / 9;
	return cost > gain;
}

/*
 * Is c a charge that a level weighing its charges (AI_PLAY_CHARGES)
 * leaves out: one whose expected result costs the charger more than its
 * target, made when the clock does not demand it?
 */
bool
bad_charge(struct ai *ai, const struct game *g, const struct command *c)
{
	if (!(ai->play & AI_PLAY_CHARGES) || !c->has_hex ||
	    ((ai->play & AI_PLAY_CLOCK) &&
	     clock_presses(g, g->units[c->unit].side)))
		return false;
	return charge_costs_more(g, c->unit, c->target, c->hex);
}

/* Steps for u from h to the nearest victory hex its side still wants. */
static int
wanted_steps(struct ai *ai, const struct game *g, int u, struct hex h)
{
	const struct victory_def *vd = &g->sc->victory[g->units[u].side];
	int i, d, best = PATH_NONE;

	for (i = 0; vd->present && i < vd->count; i++) {
		if (!wanted_hex(g, g->units[u].side, vd->hexes[i]))
			continue;
		d = unit_steps(ai, g, u, h, vd->hexes[i]);
		if (d < best)
			best = d;
	}
	return best;
}

/*
 * The charge the greedy policy makes with u among its n options, or -1:
 * at random; when the clock presses (AI_PLAY_CLOCK), one at an enemy on
 * a hex its side still wants if there is one; otherwise
 * (AI_PLAY_CHARGES) none whose expected result costs u more than its
 * target.
 */
static int
greedy_charge(struct ai *ai, const struct game *g, struct pcg32 *rng, int u,
	      int n)
{
	int i, k, side = g->units[u].side, pick;
	bool pressed;

	pick = (int)pcg32_bounded(rng, (uint32_t)n);
	pressed = (ai->play & AI_PLAY_CLOCK) && clock_presses(g, side);
	if (pressed) {
		for (k = 0; k < n; k++) {
			i = (pick + k) % n;
			if (wanted_hex(g, side,
				       g->units[ai->charges[i].target].hex))
				return i;
		}
		return pick;
	}
	if (!(ai->play & AI_PLAY_CHARGES))
		return pick;
	for (k = 0; k < n; k++) {
		i = (pick + k) % n;
		if (!charge_costs_more(g, u, ai->charges[i].target,
				       ai->charges[i].hex))
			return i;
	}
	return -1;
}

/*
 * Could an enemy of side s that is free to move charge a unit standing
 * at h with one movement action (R5.6: a path of at most its allowance
 * less one to a hex next to h; facing and other units ignored)?
 */
static bool
in_charge_reach(struct ai *ai, const struct game *g, int s, struct hex h)
{
	int e, d, reach;

	for (e = 0; e < g->nunits; e++) {
		if (!g->units[e].on_map || g->units[e].side == s ||
		    game_unit_engaged(g, e))
			continue;
		reach = game_unit_type(g, e)->move - 1;
		if (hex_distance(g->units[e].hex, h) > reach + 1)
			continue;
		for (d = 0; d < 6; d++)
			if (unit_steps(ai, g, e, g->units[e].hex,
				       hex_neighbour(h, (enum dir)d)) <= reach)
				return true;
	}
	return false;
}

/*
 * Where unit u closes in to: the hexes its side still wants when the
 * clock presses, else the nearest enemy; here is its steps from where it
 * stands.
 */
struct aim {
	bool toward_hex;
	struct near *field;
	int here;
};

static void
aim_of(struct ai *ai, const struct game *g, int u, struct aim *a)
{
	const struct unit *un = &g->units[u];

	a->toward_hex = (ai->play & AI_PLAY_CLOCK) && clock_presses(g, un->side);
	a->field = NULL;
	a->here = a->toward_hex ? wanted_steps(ai, g, u, un->hex) : PATH_NONE;
	if (a->here == PATH_NONE) {
		a->toward_hex = false;
		a->field = enemy_field(ai, g, u);
		a->here = field_steps(ai, g, a->field, un->hex);
	}
}

static int
aim_steps(struct ai *ai, const struct game *g, int u, const struct aim *a,
	  struct hex h)
{
	return a->toward_hex ? wanted_steps(ai, g, u, h)
			     : field_steps(ai, g, a->field, h);
}

/* The movement action the greedy policy takes with u, if any. */
static bool
greedy_unit_move(struct ai *ai, const struct game *g, struct pcg32 *rng, int u,
		 int script, struct command *out)
{
	const struct unit *un = &g->units[u];
	struct aim aim;
	int n, i, d, best, bestn = 0, pick = -1;

	if (on_victory_hex(g, un->hex))
		return false;
	n = game_charge_options(g, u, ai->charges, OPTION_MAX);
	if (n > 0) {
		i = greedy_charge(ai, g, rng, u, n);
		if (i < 0)
			return false;
		command_blank(out, VERB_CHARGE, u);
		out->target = ai->charges[i].target;
		out->hex = ai->charges[i].hex;
		out->has_hex = true;
		return true;
	}
	if (script == PLAN_HOLD || game_unit_engaged(g, u))
		return false;
	aim_of(ai, g, u, &aim);
	n = game_move_options(g, u, ai->moves, OPTION_MAX);
	best = aim.here;
	for (i = 0; i < n; i++) {
		d = aim_steps(ai, g, u, &aim, ai->moves[i].hex);
		if (script == PLAN_CAUTIOUS && d <= best &&
		    in_charge_reach(ai, g, un->side, ai->moves[i].hex))
			continue;
		if (d < best) {
			best = d;
			pick = i;
			bestn = 1;
		} else if (d == best && pick >= 0 &&
			   pcg32_bounded(rng, (uint32_t)++bestn) == 0) {
			pick = i;
		}
	}
	if (pick < 0)
		return false;
	command_blank(out, VERB_MOVE, u);
	out->hex = ai->moves[pick].hex;
	out->has_hex = true;
	return true;
}

bool
turn_to_close_in(struct ai *ai, const struct game *g, int u,
		 struct command *out)
{
	const struct unit *un = &g->units[u];
	struct aim aim;
	int n, i, f, d, steps, near, far, key, best = -1, pick = -1;

	if (game_unit_type(g, u)->cls != CLASS_FORMED ||
	    on_victory_hex(g, un->hex) || game_unit_engaged(g, u) ||
	    game_charge_options(g, u, ai->charges, OPTION_MAX) > 0)
		return false;
	aim_of(ai, g, u, &aim);
	n = game_move_options(g, u, ai->moves, OPTION_MAX);
	for (i = 0; i < n; i++)
		if (aim_steps(ai, g, u, &aim, ai->moves[i].hex) < aim.here)
			return false;
	for (f = 0; f < FACING_COUNT; f++) {
		if ((enum facing)f == un->facing)
			continue;
		near = far = PATH_NONE;
		for (d = 0; d < DIR_COUNT; d++) {
			struct hex h = hex_neighbour(un->hex, (enum dir)d);

			if (facing_face_of_dir((enum facing)f, (enum dir)d) !=
				FACE_FRONT ||
			    !map_contains(&g->sc->map, h) ||
			    game_unit_at(g, h) >= 0)
				continue;
			steps = aim_steps(ai, g, u, &aim, h);
			if (steps < near) {
				far = near;
				near = steps;
			} else if (steps < far) {
				far = steps;
			}
		}
		if (near >= aim.here)
			continue;
		/* Nearest first, then both front hexes nearer (the enemy
		 * ahead, not on a flank), then the smaller turn. */
		key = (near * (PATH_NONE + 1) + far) * FACING_COUNT +
		      facing_turn_distance(un->facing, (enum facing)f);
		if (pick < 0 || key < best) {
			best = key;
			pick = f;
		}
	}
	if (pick < 0)
		return false;
	command_blank(out, VERB_PIVOT, u);
	out->facing = (enum facing)pick;
	out->has_facing = true;
	return true;
}

/*
 * What a general is worth with unit u at the end of its side's movement
 * phase: most with a unit that has an enemy in a front hex, as it must
 * attack (R9.1) and he adds 1D6 (R9.2); less with one only engaged, as
 * he spares it the morale check (R10.2) when it is attacked; little with
 * one about to rout, as he may fall with it (R10.7).
 */
static int
general_worth(const struct game *g, int u)
{
	const struct unit *un = &g->units[u];
	int d, e, worth = 0;

	for (d = 0; d < 6; d++) {
		e = game_unit_at(g, hex_neighbour(un->hex, (enum dir)d));
		if (e < 0 || g->units[e].side == un->side)
			continue;
		if (worth < 1)
			worth = 1;
		if (facing_face_of_dir(un->facing, (enum dir)d) == FACE_FRONT)
			worth = 3;
	}
	if (worth > 0 && unit_sp(un) <= 2)
		worth -= 2;
	return worth;
}

bool
general_ride(const struct game *g, struct command *out)
{
	int gi, u, best, pick, w;

	if (g->phase != PHASE_MOVEMENT || g->push_unit >= 0)
		return false;
	for (gi = 0; gi < g->ngenerals; gi++) {
		const struct general *gn = &g->generals[gi];

		if (gn->unit < 0 || gn->side != g->player || gn->transferred)
			continue;
		best = general_worth(g, gn->unit);
		pick = -1;
		for (u = 0; u < g->nunits; u++) {
			const struct unit *un = &g->units[u];

			if (!un->on_map || un->side != gn->side ||
			    un->general >= 0 ||
			    !hex_within(un->hex, g->units[gn->unit].hex,
					GENERAL_RIDE_HEXES))
				continue;
			w = general_worth(g, u);
			if (w > best) {
				best = w;
				pick = u;
			}
		}
		if (pick >= 0) {
			command_blank(out, VERB_GENERAL, pick);
			out->general = gi;
			return true;
		}
	}
	return false;
}

/*
 * The push charge (R5.7) of the unit whose push window is open, if it is
 * the phasing side's and a charge is open that is not a bad one
 * (bad_charge()): the greedy policy otherwise walks a unit up
 * to the enemy and leaves it there to be charged.
 */
static bool
greedy_push_charge(struct ai *ai, const struct game *g, struct pcg32 *rng,
		   struct command *out)
{
	int p = g->push_unit, n, k, nc = 0, charges[64];

	if (p < 0 || g->units[p].pushed || g->units[p].side != g->player)
		return false;
	n = legal_cache_count(ai->lc, g);
	/* The push's actions come first in the legal list. */
	for (k = 0; k < n && nc < 64; k++) {
		legal_cache_nth(ai->lc, k, out);
		if (out->verb != VERB_PUSH)
			break;
		if (out->action != VERB_CHARGE || bad_charge(ai, g, out))
			continue;
		charges[nc++] = k;
	}
	if (nc == 0)
		return false;
	legal_cache_nth(ai->lc, charges[pcg32_bounded(rng, (uint32_t)nc)], out);
	return true;
}

/*
 * Charge, then attack, shoot, advance, then step towards the nearest
 * enemy; end the phase when nothing is left; a random legal command if
 * even ending is refused.
 */
int
greedy_choose(struct ai *ai, struct greedy *gr, const struct game *g,
	      struct pcg32 *rng, struct command *out)
{
	int u, n, i, targets[16];

	if (g->over)
		return -1;
	if (g->choosing) {
		command_blank(out, VERB_FIRST, -1);
		return 0;
	}
	if (g->noffers > 0) {
		u = g->offers[0].unit;
		command_blank(out,
			      on_victory_hex(g, g->units[u].hex) ? VERB_HOLD
								 : VERB_ADVANCE,
			      u);
		return 0;
	}
	greedy_sync(gr, g);
	if ((ai->play & AI_PLAY_PUSH) && g->phase == PHASE_MOVEMENT &&
	    greedy_push_charge(ai, g, rng, out))
		return 0;
	for (u = 0; u < g->nunits; u++) {
		if (gr->tried[u] || !g->units[u].on_map ||
		    g->units[u].side != g->player)
			continue;
		gr->tried[u] = 1;
		switch (g->phase) {
		case PHASE_MOVEMENT:
			if (game_unit_can_act(g, u) &&
			    greedy_unit_move(ai, g, rng, u,
					     plan_script(ai, g, u), out))
				return 0;
			break;
		case PHASE_SHOOTING:
			n = game_shoot_targets(g, u, targets, 16);
			if (n > 0) {
				command_blank(out, VERB_SHOOT, u);
				i = (int)pcg32_bounded(rng, (uint32_t)n);
				out->target = targets[i];
				return 0;
			}
			break;
		case PHASE_COMBAT:
			n = game_attack_targets(g, u, targets, 16);
			if (n > 0) {
				command_blank(out, VERB_ATTACK, u);
				i = (int)pcg32_bounded(rng, (uint32_t)n);
				out->target = targets[i];
				return 0;
			}
			break;
		default:
			break;
		}
	}
	if ((ai->play & AI_PLAY_GENERALS) && general_ride(g, out))
		return 0;
	if (!game_end_blocked(g, NULL, 0)) {
		command_blank(out, VERB_END, -1);
		return 0;
	}
	return random_choose(ai, g, rng, out);
}
