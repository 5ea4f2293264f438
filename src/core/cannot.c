/*
 * Why a unit cannot act (see cannot.h).  The checks are those of the
 * shot and the attack (fight.c) asked in their order, so that the first
 * rule that stops the unit is the one named; the fix is found by trying
 * the facings the rules allow, nearest the unit's own first.
 */
#include "config.h"

#include "core/cannot.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"

static void
set(struct cannot *c, enum cannot_kind kind, int enemy, const char *rule,
    const char *word)
{
	c->kind = kind;
	c->enemy = enemy;
	c->rule = rule;
	c->word = word;
}

static void
start(struct cannot *c, int u)
{
	memset(c, 0, sizeof *c);
	c->unit = u;
	c->enemy = -1;
	c->rule = "";
	c->word = "";
}

/* An enemy in contact with u (the first in clock order), or -1. */
static int
enemy_in_contact(const struct game *g, int u)
{
	int d, v;

	for (d = 0; d < DIR_COUNT; d++) {
		v = game_unit_at(g, hex_neighbour(g->units[u].hex, (enum dir)d));
		if (v >= 0 && unit_is_enemy(g, u, v))
			return v;
	}
	return -1;
}

/*
 * The facing nearest u's own (clockwise first at equal turns) for which
 * ok(g, u, f, target) holds, or -1.
 */
static int
nearest_facing(const struct game *g, int u, int target,
	       bool (*ok)(const struct game *, int, enum facing, int))
{
	enum facing now = g->units[u].facing, f;
	int turn, way;

	for (turn = 1; turn <= 3; turn++)
		for (way = 1; way >= -1; way -= 2) {
			f = facing_rotate(now, way * turn);
			if (ok(g, u, f, target))
				return (int)f;
		}
	return -1;
}

static bool
arc_clear(const struct game *g, int u, enum facing f, int target)
{
	int range = game_unit_type(g, u)->missile_range;

	return hex_in_arc(g->units[u].hex, f, g->units[target].hex, range) &&
	       los_clear(g, g->units[u].hex, g->units[target].hex);
}

static bool
in_front(const struct game *g, int u, enum facing f, int target)
{
	int d = hex_direction_to(g->units[u].hex, g->units[target].hex);

	return d >= 0 && facing_face_of_dir(f, (enum dir)d) == FACE_FRONT;
}

void
cannot_arc_fix(const struct game *g, int u, int target, char *buf,
	       size_t len)
{
	int range = game_unit_type(g, u)->missile_range;
	int d = hex_distance(g->units[u].hex, g->units[target].hex);
	int f;

	if (d > range) {
		snprintf(buf, len,
			 "%s is %d hexes away: move within %d hexes, facing "
			 "it, in a movement phase; it may shoot the turn "
			 "after",
			 rules_unit_id(g, target), d, range);
		return;
	}
	f = nearest_facing(g, u, target, arc_clear);
	if (f >= 0)
		snprintf(buf, len,
			 "pivot it to face %s in a movement phase (R5.5); "
			 "it may shoot the turn after, as a pivot costs "
			 "that turn's shot (R8.1)",
			 facing_name((enum facing)f));
	else
		snprintf(buf, len,
			 "no facing from %s gives it a clear line to %s: "
			 "move it in a movement phase",
			 "its hex", rules_unit_id(g, target));
}

void
cannot_front_fix(const struct game *g, int u, int target, char *buf,
		 size_t len)
{
	int f;

	if (hex_distance(g->units[u].hex, g->units[target].hex) != 1) {
		snprintf(buf, len,
			 "charge %s in a movement phase (R5.6) to attack it "
			 "in that turn's combat phase",
			 rules_unit_id(g, target));
		return;
	}
	f = nearest_facing(g, u, target, in_front);
	snprintf(buf, len,
		 "pivot it to face %s in a movement phase (R4.2, R5.5: an "
		 "engaged unit may pivot); it attacks %s in that turn's "
		 "combat phase",
		 f >= 0 ? facing_name((enum facing)f) : "it",
		 rules_unit_id(g, target));
}

int
cannot_front_facing(const struct game *g, int u, int target)
{
	if (hex_distance(g->units[u].hex, g->units[target].hex) != 1)
		return -1;
	if (in_front(g, u, g->units[u].facing, target))
		return (int)g->units[u].facing;
	return nearest_facing(g, u, target, in_front);
}

/* Who stops u or what it lacks, before any target is looked at. */
static bool
common(const struct game *g, int u, struct cannot *out)
{
	const struct unit *un = &g->units[u];

	if (!un->on_map) {
		set(out, CANNOT_GONE, -1, "R7.2", "gone");
		snprintf(out->why, sizeof out->why, "it has left the field");
		return true;
	}
	if (un->side != g->player) {
		set(out, CANNOT_NOT_YOURS, -1, "R3.2", "not its turn");
		snprintf(out->why, sizeof out->why,
			 "it belongs to %s; it is the player-turn of %s",
			 rules_side_key(g, un->side),
			 rules_side_key(g, g->player));
		snprintf(out->fix, sizeof out->fix,
			 "it acts in the player-turn of %s",
			 rules_side_key(g, un->side));
		return true;
	}
	return false;
}

static bool
within_range(const struct game *g, int u, int v)
{
	return hex_distance(g->units[u].hex, g->units[v].hex) <=
	       game_unit_type(g, u)->missile_range;
}

static bool
in_arc(const struct game *g, int u, int v)
{
	return hex_in_arc(g->units[u].hex, g->units[u].facing,
			  g->units[v].hex,
			  game_unit_type(g, u)->missile_range);
}

bool
cannot_shoot(const struct game *g, int u, struct cannot *out)
{
	const struct unit *un = &g->units[u];
	int range, v, t, nblock;
	struct hex at[2];
	const char *what[2];
	char a[HEX_NAME_SIZE];

	start(out, u);
	if (common(g, u, out))
		return true;
	if (!(game_unit_traits(g, u) & TRAIT_MISSILE)) {
		set(out, CANNOT_NO_MISSILE, -1, "R8.1", "no missiles");
		snprintf(out->why, sizeof out->why,
			 "it has no missile weapons");
		return true;
	}
	if (un->shot) {
		set(out, CANNOT_SHOT, -1, "R8.1", "has shot");
		snprintf(out->why, sizeof out->why,
			 "it has already shot this turn");
		snprintf(out->fix, sizeof out->fix,
			 "each shooter shoots once a turn");
		return true;
	}
	if (un->acted) {
		set(out, CANNOT_MOVED, -1, "R8.1", "moved");
		snprintf(out->why, sizeof out->why,
			 "it made a movement action this turn (a pivot "
			 "counts)");
		snprintf(out->fix, sizeof out->fix,
			 "to shoot, leave it unmoved in the movement phase");
		return true;
	}
	if (game_unit_engaged(g, u)) {
		v = enemy_in_contact(g, u);
		set(out, CANNOT_ENGAGED, v, "R8.1, R4.1", "engaged");
		snprintf(out->why, sizeof out->why,
			 "it is engaged: %s is in contact with it",
			 v >= 0 ? rules_unit_id(g, v) : "an enemy");
		snprintf(out->fix, sizeof out->fix,
			 "it shoots again only once no enemy is next to it");
		return true;
	}
	if (game_shoot_targets(g, u, &t, 1) > 0)
		return false;
	range = game_unit_type(g, u)->missile_range;
	v = unit_nearest_enemy(g, u, NULL);
	if (v < 0) {
		set(out, CANNOT_NO_ENEMY, -1, "", "no enemy");
		snprintf(out->why, sizeof out->why,
			 "no enemy is left on the field");
		return true;
	}
	/* In the arc: a line blocked; else in range: the facing. */
	t = unit_nearest_enemy(g, u, in_arc);
	if (t >= 0) {
		nblock = los_blocked_at(g, un->hex, g->units[t].hex, at, what);
		hex_format(at[0], a);
		set(out, CANNOT_SIGHT, t, "R8.2, R14.1", "no clear line");
		snprintf(out->why, sizeof out->why,
			 "its line of sight to %s is blocked by %s at %s%s",
			 rules_unit_id(g, t), nblock > 0 ? what[0] : "terrain",
			 a, nblock > 1 ? " and the hex beside it" : "");
		cannot_arc_fix(g, u, t, out->fix, sizeof out->fix);
		if (nearest_facing(g, u, t, arc_clear) < 0)
			snprintf(out->fix, sizeof out->fix,
				 "move it where the line is clear, or wait "
				 "for the way to open");
		return true;
	}
	t = unit_nearest_enemy(g, u, within_range);
	if (t >= 0) {
		set(out, CANNOT_FACING, t, "R8.2, R2.4", "facing");
		snprintf(out->why, sizeof out->why,
			 "%s, %d hex%s away, is outside its forward arc "
			 "facing %s",
			 rules_unit_id(g, t),
			 hex_distance(un->hex, g->units[t].hex),
			 hex_distance(un->hex, g->units[t].hex) == 1 ? ""
								    : "es",
			 facing_name(un->facing));
		cannot_arc_fix(g, u, t, out->fix, sizeof out->fix);
		return true;
	}
	set(out, CANNOT_RANGE, v, "R8.2", "out of range");
	snprintf(out->why, sizeof out->why,
		 "no enemy is within its range of %d; the nearest, %s, is %d "
		 "hexes away",
		 range, rules_unit_id(g, v),
		 hex_distance(un->hex, g->units[v].hex));
	cannot_arc_fix(g, u, v, out->fix, sizeof out->fix);
	return true;
}

bool
cannot_attack(const struct game *g, int u, struct cannot *out)
{
	const struct unit *un = &g->units[u];
	int t, v;

	start(out, u);
	if (common(g, u, out))
		return true;
	if (un->attacked >= 0) {
		set(out, CANNOT_ATTACKED, un->attacked, "R9.1", "has attacked");
		snprintf(out->why, sizeof out->why,
			 "it has already attacked %s this turn",
			 rules_unit_id(g, un->attacked));
		snprintf(out->fix, sizeof out->fix,
			 "each unit attacks once a turn");
		return true;
	}
	if (game_attack_targets(g, u, &t, 1) > 0)
		return false;
	v = enemy_in_contact(g, u);
	if (v >= 0) {
		set(out, CANNOT_NOT_FRONT, v, "R9.1", "enemy not in front");
		snprintf(out->why, sizeof out->why,
			 "%s is on its %s, not in one of its front hexes",
			 rules_unit_id(g, v),
			 face_name(facing_face_of_dir(
			     un->facing,
			     (enum dir)hex_direction_to(un->hex,
							g->units[v].hex))));
		cannot_front_fix(g, u, v, out->fix, sizeof out->fix);
		return true;
	}
	v = unit_nearest_enemy(g, u, NULL);
	set(out, CANNOT_NO_CONTACT, v, "R9.1", "not in contact");
	snprintf(out->why, sizeof out->why,
		 "it is not in contact with an enemy");
	if (v >= 0)
		cannot_front_fix(g, u, v, out->fix, sizeof out->fix);
	return true;
}

void
cannot_format(const struct cannot *c, const char *unit_id, const char *verb,
	      char *buf, size_t len)
{
	snprintf(buf, len, "%s cannot %s: %s%s%s%s%s%s", unit_id, verb,
		 c->why, c->rule[0] != '\0' ? " (" : "", c->rule,
		 c->rule[0] != '\0' ? ")" : "", c->fix[0] != '\0' ? "; " : "",
		 c->fix);
}
