/*
 * Phases 2 and 3: shooting (R8) and combat (R9).  Both build a dice_calc
 * (base dice and every modifier by name, so the log can say why), roll it,
 * risk the target's general for every 1 (R9.5), apply the hits and, in
 * combat, the impetuous penalty (R9.4), in the dice order of commands.md.
 */
#include "config.h"

#include <string.h>

#include "core/game.h"
#include "core/cannot.h"
#include "core/rules.h"

/* What in one hex blocks a line of sight between ends at these
 * elevations (R8.2), in a player's words; NULL if nothing does. */
static const char *
hex_blocker(const struct game *g, struct hex h, int elev_a, int elev_b)
{
	const struct map_cell *cell;

	if (!map_contains(&g->sc->map, h))
		return NULL; /* R14.1: off the map never blocks */
	cell = map_cell(&g->sc->map, h);
	if (game_unit_at(g, h) >= 0)
		return "a unit";
	if (cell->terrain == TERRAIN_WOODS)
		return "woods";
	if (cell->terrain == TERRAIN_SETTLEMENT)
		return "a settlement";
	if (cell->elevation > elev_a && cell->elevation > elev_b)
		return "higher ground";
	return NULL;
}

/*
 * The first step of the line from one hex to another that blocks it:
 * its hex (both hexes, with what is in each, along a hexside, which
 * blocks only when both sides do).  Returns how many hexes: 0 when the
 * line is clear.
 */
int
los_blocked_at(const struct game *g, struct hex from, struct hex to,
	       struct hex at[2], const char *what[2])
{
	struct hex_step steps[HEX_LINE_MAX];
	int n, i, ea, eb;

	ea = map_cell(&g->sc->map, from)->elevation;
	eb = map_cell(&g->sc->map, to)->elevation;
	n = hex_line(from, to, steps, HEX_LINE_MAX);
	for (i = 0; i < n; i++) {
		what[0] = hex_blocker(g, steps[i].a, ea, eb);
		if (what[0] == NULL)
			continue;
		at[0] = steps[i].a;
		if (!steps[i].pair)
			return 1;
		what[1] = hex_blocker(g, steps[i].b, ea, eb);
		at[1] = steps[i].b;
		if (what[1] != NULL)
			return 2;
	}
	return 0;
}

bool
los_clear(const struct game *g, struct hex from, struct hex to)
{
	struct hex at[2];
	const char *what[2];

	return los_blocked_at(g, from, to, at, what) == 0;
}

/*
 * The terrain and elevation penalties of R6 and R6.1, added up (R14.11),
 * shared by shooting and combat.
 */
static void
terrain_mods(const struct game *g, int attacker, int target,
	     struct dice_calc *calc)
{
	struct hex ah = g->units[attacker].hex, th = g->units[target].hex;
	enum terrain at = map_terrain(&g->sc->map, ah);
	enum terrain tt = map_terrain(&g->sc->map, th);

	if (tt == TERRAIN_WOODS)
		calc->mod[MOD_WOODS] = -1;
	if (tt == TERRAIN_ROUGH)
		calc->mod[MOD_ROUGH] = -1;
	if (at == TERRAIN_FORD || at == TERRAIN_BRIDGE || tt == TERRAIN_FORD ||
	    tt == TERRAIN_BRIDGE)
		calc->mod[MOD_FORD] = -1;
	if (tt == TERRAIN_SETTLEMENT && map_cell(&g->sc->map, th)->fortified)
		calc->mod[MOD_FORTIFIED] = -1;
	if (map_cell(&g->sc->map, th)->elevation >
	    map_cell(&g->sc->map, ah)->elevation)
		calc->mod[MOD_UPHILL] = -1;
}

static void
calc_total(struct dice_calc *calc)
{
	int m, sum = calc->base;

	for (m = 0; m < MOD_COUNT; m++)
		sum += calc->mod[m];
	calc->total = sum < 1 ? 1 : sum; /* at least 1D6 (R8.3, R9.2) */
}

static void
armor_mod(const struct game *g, int attacker, int target,
	  struct dice_calc *calc)
{
	if ((game_unit_traits(g, target) & TRAIT_ARMORED) &&
	    !(game_unit_traits(g, attacker) & TRAIT_IGNORES_ARMOR))
		calc->mod[MOD_ARMORED] = -1;
}

/* R8.3. */
void
fight_shot_calc(const struct game *g, int u, int target, struct dice_calc *calc)
{
	memset(calc, 0, sizeof *calc);
	calc->base = game_unit_type(g, u)->missile_dice;
	armor_mod(g, u, target, calc);
	terrain_mods(g, u, target, calc);
	calc_total(calc);
}

/* R9.2, R9.3. */
void
fight_attack_calc(const struct game *g, int u, int target,
		  struct dice_calc *calc)
{
	const struct unit *un = &g->units[u], *t = &g->units[target];
	enum face face;

	memset(calc, 0, sizeof *calc);
	calc->base = game_unit_type(g, u)->combat;
	if (un->general >= 0)
		calc->mod[MOD_GENERAL] = 1;
	face = facing_face_of_dir(t->facing,
				  (enum dir)hex_direction_to(t->hex, un->hex));
	if (face == FACE_LEFT || face == FACE_RIGHT)
		calc->mod[MOD_FLANK] = 1;
	else if (face == FACE_REAR)
		calc->mod[MOD_REAR] = 2;
	if ((game_unit_traits(g, u) & TRAIT_FEROCIOUS) && un->charged)
		calc->mod[MOD_FEROCIOUS] = 1;
	armor_mod(g, u, target, calc);
	terrain_mods(g, u, target, calc);
	calc_total(calc);
}

/*
 * Rolls an attack or a shot and resolves it in the order of commands.md:
 * the dice, the general's risk for each 1, the hits (and the target's
 * general if it is removed), then the attacker's impetuous loss.
 */
static void
resolve(struct game *g, int u, int target, const struct dice_calc *calc,
	bool combat, struct events *ev)
{
	struct unit *t = &g->units[target];
	struct event *e, *r;
	int i, die, hits = 0, ones = 0, gen;

	e = events_add(ev, combat ? EV_ATTACK : EV_SHOT);
	e->unit = u;
	e->other = target;
	e->side = g->units[u].side;
	e->calc = *calc;
	for (i = 0; i < calc->total; i++) {
		die = dice_d6(&g->dice);
		if (i < EVENT_DICE_MAX)
			e->dice[e->ndice++] = (unsigned char)die;
		if (die >= DIE_HITS_ON)
			hits++;
		if (die == 1)
			ones++;
	}
	e->hits = hits;
	e->value = t->hits + hits > UNIT_HITS_ROUTED ? UNIT_HITS_ROUTED
						     : t->hits + hits;
	/* R9.5, R14.12: 2D6 per 1 while the target still has a general. */
	for (i = 0; i < ones && t->general >= 0; i++) {
		int a = dice_d6(&g->dice), b = dice_d6(&g->dice);

		gen = t->general;
		r = events_add(ev, EV_GENERAL_RISK);
		r->general = gen;
		r->unit = target;
		r->side = t->side;
		r->dice[0] = (unsigned char)a;
		r->dice[1] = (unsigned char)b;
		r->ndice = 2;
		r->value = a + b;
		if (a + b == GENERAL_RISK_KILLS) {
			g->generals[gen].unit = -1;
			g->generals[gen].killed_now = true;
			t->general = -1;
			r = events_add(ev, EV_GENERAL_KILLED);
			r->general = gen;
			r->side = t->side;
			r->value = 1;
		}
	}
	if (hits > 0) {
		t->lost_sp = true;
		unit_take_hits(g, target, hits, ev);
	}
	if (combat && ones > 0 && (game_unit_traits(g, u) & TRAIT_IMPETUOUS)) {
		r = events_add(ev, EV_IMPETUOUS);
		r->unit = u;
		r->side = g->units[u].side;
		r->value = g->units[u].hits + 1 > UNIT_HITS_ROUTED
			       ? UNIT_HITS_ROUTED
			       : g->units[u].hits + 1;
		unit_take_hits(g, u, 1, ev);
	}
}

/* R8.1, R8.2: may u shoot target now?  0, or -1 with the reason. */
int
fight_check_shot(const struct game *g, int u, int target, char *why,
		 size_t whylen)
{
	const struct unit *un = &g->units[u], *t = &g->units[target];
	int range = game_unit_type(g, u)->missile_range, nblock;
	struct hex at[2];
	const char *what[2];
	char a[HEX_NAME_SIZE], b[HEX_NAME_SIZE];

	if (!un->on_map)
		return rules_refuse(why, whylen, "%s has left the field",
				    rules_unit_id(g, u));
	if (unit_check_phasing(g, u, why, whylen) != 0)
		return -1;
	if (!(game_unit_traits(g, u) & TRAIT_MISSILE))
		return rules_refuse(why, whylen,
				    "%s has no missile weapons (R8.1)",
				    rules_unit_id(g, u));
	if (un->shot)
		return rules_refuse(why, whylen,
				    "%s has already shot this turn (R8.1: "
				    "each shooter shoots once)",
				    rules_unit_id(g, u));
	if (un->acted)
		return rules_refuse(why, whylen,
				    "%s used a movement action this "
				    "turn and may not shoot (R8.1); to "
				    "shoot, leave it unmoved in the "
				    "movement phase",
				    rules_unit_id(g, u));
	if (game_unit_engaged(g, u))
		return rules_refuse(why, whylen,
				    "%s is engaged and may not shoot "
				    "(R8.1); it shoots again once no enemy "
				    "is next to it",
				    rules_unit_id(g, u));
	if (target == u || !unit_is_enemy(g, u, target))
		return rules_refuse(why, whylen, "%s is not an enemy",
				    rules_unit_id(g, target));
	if (!t->on_map)
		return rules_refuse(why, whylen, "%s has left the field",
				    rules_unit_id(g, target));
	if (!hex_in_arc(un->hex, un->facing, t->hex, range)) {
		char fix[CANNOT_TEXT];

		cannot_arc_fix(g, u, target, fix, sizeof fix);
		return rules_refuse(why, whylen,
				    "%s is not in %s's forward arc "
				    "within range %d (R8.2): %s",
				    rules_unit_id(g, target),
				    rules_unit_id(g, u), range, fix);
	}
	nblock = los_blocked_at(g, un->hex, t->hex, at, what);
	if (nblock > 0) {
		hex_format(at[0], a);
		if (nblock == 1)
			return rules_refuse(why, whylen,
					    "%s has no clear line of sight to "
					    "%s: %s at %s blocks it (R8.2)",
					    rules_unit_id(g, u),
					    rules_unit_id(g, target), what[0],
					    a);
		hex_format(at[1], b);
		return rules_refuse(why, whylen,
				    "%s has no clear line of sight to %s: "
				    "%s at %s and %s at %s block it "
				    "(R14.1)",
				    rules_unit_id(g, u),
				    rules_unit_id(g, target), what[0], a,
				    what[1], b);
	}
	return 0;
}

int
shoot_command(struct game *g, const struct command *c, struct events *ev,
	      char *why, size_t whylen)
{
	struct dice_calc calc;

	if (fight_check_shot(g, c->unit, c->target, why, whylen) != 0)
		return -1;
	fight_shot_calc(g, c->unit, c->target, &calc);
	g->units[c->unit].shot = true;
	resolve(g, c->unit, c->target, &calc, false, ev);
	return 0;
}

/* Is an enemy unit in one of u's front hexes? */
static bool
enemy_in_front(const struct game *g, int u, int target)
{
	const struct unit *un = &g->units[u], *t = &g->units[target];
	int d = hex_direction_to(un->hex, t->hex);

	return t->on_map && unit_is_enemy(g, u, target) && d >= 0 &&
	       facing_face_of_dir(un->facing, (enum dir)d) == FACE_FRONT;
}

/*
 * The two front directions of facing f (R2.2: f - 1 and f, as
 * facing_face_of_dir() tells), in the order of the directions.
 */
static void
front_dirs(enum facing f, int dirs[2])
{
	dirs[0] = f == FACING_N ? (int)DIR_1 : (int)f - 1;
	dirs[1] = f == FACING_N ? (int)DIR_11 : (int)f;
}

/*
 * What is left of enemy_in_front() for a target found in u's neighbour
 * in a direction the caller knows to be a front one: the direction
 * hex_direction_to() would work out again is that one.
 */
static bool
enemy_in_front_hex(const struct game *g, int u, int target)
{
	return g->units[target].on_map && unit_is_enemy(g, u, target);
}

int
fight_check_attack(const struct game *g, int u, int target, char *why,
		   size_t whylen)
{
	const struct unit *un = &g->units[u];

	if (!un->on_map)
		return rules_refuse(why, whylen, "%s has left the field",
				    rules_unit_id(g, u));
	if (un->side != g->player)
		return rules_refuse(why, whylen,
				    "only the phasing player's units "
				    "attack; %s belongs to %s",
				    rules_unit_id(g, u),
				    rules_side_key(g, un->side));
	if (un->attacked >= 0)
		return rules_refuse(why, whylen,
				    "%s has already attacked %s this "
				    "turn (R9.1: each unit attacks once)",
				    rules_unit_id(g, u),
				    rules_unit_id(g, un->attacked));
	if (target != u && unit_is_enemy(g, u, target) &&
	    !g->units[target].on_map)
		return rules_refuse(why, whylen, "%s has left the field",
				    rules_unit_id(g, target));
	if (!enemy_in_front(g, u, target)) {
		char fix[CANNOT_TEXT] = "";

		if (target != u && unit_is_enemy(g, u, target))
			cannot_front_fix(g, u, target, fix, sizeof fix);
		return rules_refuse(why, whylen,
				    "%s is not an enemy in one of %s's "
				    "front hexes (R9.1)%s%s",
				    rules_unit_id(g, target),
				    rules_unit_id(g, u),
				    fix[0] != '\0' ? ": " : "", fix);
	}
	return 0;
}

int
attack_command(struct game *g, const struct command *c, struct events *ev,
	       char *why, size_t whylen)
{
	struct dice_calc calc;

	if (fight_check_attack(g, c->unit, c->target, why, whylen) != 0)
		return -1;
	fight_attack_calc(g, c->unit, c->target, &calc);
	g->units[c->unit].attacked = c->target;
	resolve(g, c->unit, c->target, &calc, true, ev);
	return 0;
}

/*
 * game_shoot_targets() when the hexes within range are fewer than the
 * units: the enemies in range found from the map's occupants, then
 * checked in the order of their indexes, as the units' loop has them.
 */
#define NEAR_RANGE_MAX 6 /* R13's longest is 3; a scenario's at most 6 */
static int
shoot_targets_near(const struct game *g, int u, int range, int *out, int max)
{
	const struct map *m = &g->sc->map;
	struct hex at = g->units[u].hex, h;
	int near[(2 * NEAR_RANGE_MAX + 1) * (2 * NEAR_RANGE_MAX + 1)];
	int nnear = 0, v, k, n = 0;

	for (h.row = at.row - range; h.row <= at.row + range; h.row++) {
		for (h.col = at.col - range; h.col <= at.col + range; h.col++) {
			if (!map_contains(m, h))
				continue;
			v = g->occupant[map_index(m, h)];
			if (v < 0 || g->units[v].side == g->units[u].side ||
			    hex_distance(at, h) > range)
				continue;
			/* In order of index: a few, sorted as they come. */
			for (k = nnear++; k > 0 && near[k - 1] > v; k--)
				near[k] = near[k - 1];
			near[k] = v;
		}
	}
	for (k = 0; k < nnear && n < max; k++)
		if (fight_check_shot(g, u, near[k], NULL, 0) == 0)
			out[n++] = near[k];
	return n;
}

/* The shooting phase's targets of u as the field stands, whatever the
 * phase. */
static int
shoot_targets(const struct game *g, int u, int *out, int max)
{
	const struct unit *un = &g->units[u];
	int range = game_unit_type(g, u)->missile_range, v, n = 0;

	/* What check_shot() asks of the shooter alone, asked once. */
	if (!un->on_map || un->side != g->player || un->shot || un->acted ||
	    !(game_unit_traits(g, u) & TRAIT_MISSILE) ||
	    game_unit_engaged(g, u))
		return 0;
	if (range <= NEAR_RANGE_MAX &&
	    (2 * range + 1) * (2 * range + 1) < g->nunits)
		return shoot_targets_near(g, u, range, out, max);
	for (v = 0; v < g->nunits && n < max; v++) {
		const struct unit *t = &g->units[v];

		if (!t->on_map || t->side == un->side ||
		    !hex_within(un->hex, t->hex, range))
			continue;
		if (fight_check_shot(g, u, v, NULL, 0) == 0)
			out[n++] = v;
	}
	return n;
}

int
game_shoot_targets(const struct game *g, int u, int *out, int max)
{
	if (g->over || g->choosing || g->noffers > 0 ||
	    g->phase != PHASE_SHOOTING)
		return 0;
	return shoot_targets(g, u, out, max);
}

int
game_shoot_targets_if_unmoved(const struct game *g, int u, int *out, int max)
{
	if (g->over || g->choosing || g->noffers > 0 ||
	    g->phase != PHASE_MOVEMENT)
		return 0;
	return shoot_targets(g, u, out, max);
}

int
game_attack_targets(const struct game *g, int u, int *out, int max)
{
	const struct map_link *at;
	int dirs[2], k, i, v, n = 0;

	const struct unit *un = &g->units[u];

	if (g->over || g->choosing || g->noffers > 0 ||
	    g->phase != PHASE_COMBAT || !un->on_map)
		return 0;
	/* What fight_check_attack() asks of the attacker alone, once. */
	if (un->side != g->player || un->attacked >= 0)
		return 0;
	/* Only a front hex can hold a target (enemy_in_front()). */
	front_dirs(un->facing, dirs);
	at = &g->sc->map.links[map_index(&g->sc->map, un->hex)];
	for (k = 0; k < 2 && n < max; k++) {
		i = at->next[dirs[k]];
		v = i >= 0 ? g->occupant[i] : -1;
		if (v >= 0 && enemy_in_front_hex(g, u, v))
			out[n++] = v;
	}
	return n;
}

int
attacks_due(const struct game *g, int *out, int max)
{
	const struct map_link *at;
	int u, dirs[2], k, i, v, n = 0;

	for (u = 0; u < g->nunits && n < max; u++) {
		const struct unit *un = &g->units[u];

		if (!un->on_map || un->side != g->player || un->attacked >= 0)
			continue;
		front_dirs(un->facing, dirs);
		at = &g->sc->map.links[map_index(&g->sc->map, un->hex)];
		for (k = 0; k < 2; k++) {
			i = at->next[dirs[k]];
			v = i >= 0 ? g->occupant[i] : -1;
			if (v >= 0 && enemy_in_front_hex(g, u, v)) {
				out[n++] = u;
				break;
			}
		}
	}
	return n;
}

/* The shooting or combat phase's legal commands. */
int
legal_fighting(const struct game *g, struct command *out, int max)
{
	struct command c;
	int u, k, cnt, n = 0, targets[DIR_COUNT * 16];

	for (u = 0; u < g->nunits && n < max; u++) {
		if (!g->units[u].on_map || g->units[u].side != g->player)
			continue;
		if (g->phase == PHASE_SHOOTING)
			cnt = game_shoot_targets(g, u, targets, DIR_COUNT * 16);
		else
			cnt = game_attack_targets(g, u, targets, DIR_COUNT);
		if (cnt == 0)
			continue; /* most units: no command to make */
		memset(&c, 0, sizeof c);
		c.verb = g->phase == PHASE_SHOOTING ? VERB_SHOOT : VERB_ATTACK;
		c.unit = u;
		c.general = -1;
		for (k = 0; k < cnt && n < max; k++) {
			c.target = targets[k];
			out[n++] = c;
		}
	}
	return n;
}
