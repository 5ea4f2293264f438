/*
 * Every legal command of the moment (game_legal_commands()), for the
 * computer and random players, the screen's hints and completion: the
 * movement phase's listed here unit by unit, compact (struct unit_action)
 * for the legal cache (legalcache.c) as well; fight.c and morale.c list
 * the other phases'.
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"

/* The most moves legal_unit_action_list() lists for a unit. */
#define MOVES_MAX (CELLS_MAX / 16)

static int legal_movement(const struct game *g, struct command *out, int max);

static int
add_simple(struct command *out, int n, int max, enum verb v)
{
	if (n >= max)
		return n;
	memset(&out[n], 0, sizeof out[n]);
	out[n].verb = v;
	out[n].unit = out[n].target = out[n].general = -1;
	return n + 1;
}

int
game_legal_commands(const struct game *g, struct command *out, int max)
{
	int n = 0;
	bool blocked;

	if (g->over)
		return 0;
	if (g->choosing) {
		n = add_simple(out, n, max, VERB_FIRST);
		return add_simple(out, n, max, VERB_SECOND);
	}
	if (g->noffers > 0)
		return legal_decisions(g, out, max);
	if (g->phase == PHASE_MOVEMENT) {
		n = legal_movement(g, out, max);
		blocked = game_end_blocked(g, NULL, 0);
	} else {
		n = legal_fighting(g, out, max);
		/*
		 * In combat, end waits for the units that must still attack
		 * (attacks_due()): those that have a target, whose attacks
		 * legal_fighting() has just listed.
		 */
		blocked = g->phase == PHASE_COMBAT && max > 0
			      ? n > 0
			      : game_end_blocked(g, NULL, 0);
	}
	if (!blocked)
		n = add_simple(out, n, max, VERB_END);
	return n;
}

/* The rectangle of the hexes set in rows row0 to row1 (one at least). */
static void
rows_rectangle(const uint64_t *rows, int row0, int row1, struct legal_reads *r)
{
	uint64_t any = 0;
	int row;

	r->row0 = row1 + 1;
	r->row1 = row0 - 1;
	for (row = row0; row <= row1; row++) {
		if (rows[row - 1] == 0)
			continue;
		if (row < r->row0)
			r->row0 = row;
		r->row1 = row;
		any |= rows[row - 1];
	}
	r->col0 = __builtin_ctzll(any) + 1;
	r->col1 = 64 - __builtin_clzll(any);
}

/*
 * Every pivot, move and charge open to u, compact and in the order of
 * the list (legal_unit_action_list() in rules.h).
 */
int
legal_unit_action_list(const struct game *g, int u, struct unit_action *out,
		       int max, struct legal_reads *reads,
		       const unsigned char *enemies_next)
{
	struct charge_option co[64];
	struct mover mv;
	struct reach moved; /* the move's search, pivot 0's charges too */
	struct unit_action a;
	int k, f, cnt, n = 0, facing = (int)g->units[u].facing;

	memset(&a, 0, sizeof a);
	a.target = -1;
	a.verb = VERB_PIVOT;
	for (f = 0; f < FACING_COUNT && n < max; f++) {
		if (f == facing)
			continue;
		a.facing = (unsigned char)f;
		out[n++] = a;
	}
	if (reads != NULL) {
		reads->col0 = reads->col1 = g->units[u].hex.col;
		reads->row0 = reads->row1 = g->units[u].hex.row;
		reads->exact = true;
		reads->enemy_radius = -1;
		reads->crow0 = reads->ccol0 = 1;
		reads->crow1 = reads->ccol1 = 0;
		if (reads->rows != NULL)
			reads->rows[g->units[u].hex.row - 1] =
			    (uint64_t)1 << (g->units[u].hex.col - 1);
	}
	/* R5.1: an engaged unit may only pivot. */
	if (enemies_next != NULL
		? g->units[u].on_map &&
		      enemies_next[map_index(&g->sc->map, g->units[u].hex)] > 0
		: game_unit_engaged(g, u))
		return n;
	/* One mover for the move and the charges: the same hexes. */
	mover_init(&mv, g, u, enemies_next);
	mv.track = reads != NULL;
	if (reads != NULL && reads->rows != NULL) {
		mv.rows = reads->rows;
		memset(&mv.rows[mv.row0 - 1], 0,
		       (size_t)(mv.row1 - mv.row0 + 1) * sizeof *mv.rows);
		mv.rows[g->units[u].hex.row - 1] = (uint64_t)1
						   << (g->units[u].hex.col - 1);
		mv.crows = reads->crows;
		memset(&mv.crows[mv.row0 - 1], 0,
		       (size_t)(mv.row1 - mv.row0 + 1) * sizeof *mv.crows);
		mv.crow0 = mv.row1 + 1;
		mv.crow1 = mv.row0 - 1;
		mv.ccol0 = mv.col1 + 1;
		mv.ccol1 = mv.col0 - 1;
	}
	a.verb = VERB_MOVE;
	n += move_options(g, u, NULL, out + n, &a,
			  max - n < MOVES_MAX ? max - n : MOVES_MAX, &mv,
			  &moved);
	cnt = all_charge_options(g, u, co, 64, &mv, &moved);
	a.verb = VERB_CHARGE;
	for (k = 0; k < cnt && n < max; k++, n++) {
		out[n] = a;
		out[n].target = co[k].target;
		out[n].hex = co[k].hex;
		out[n].cost = (unsigned char)co[k].cost;
		out[n].charge =
		    (unsigned char)((co[k].pivot + 1) | (int)co[k].facing << 2);
	}
	if (reads != NULL) {
		if (mv.rows != NULL) {
			rows_rectangle(mv.rows, mv.row0, mv.row1, reads);
		} else {
			reads->col0 = mv.asked.col0;
			reads->col1 = mv.asked.col1;
			reads->row0 = mv.asked.row0;
			reads->row1 = mv.asked.row1;
		}
		reads->exact = !mv.far;
		if (mv.crows != NULL) {
			reads->crow0 = mv.crow0;
			reads->crow1 = mv.crow1;
			reads->ccol0 = mv.ccol0;
			reads->ccol1 = mv.ccol1;
		}
		reads->enemy_radius =
		    mv.charge_searched ? -1 : game_unit_type(g, u)->move;
	}
	return n;
}

void
unit_action_command(int u, bool push, const struct unit_action *a,
		    struct command *c)
{
	/* No dice, no text: what follows ndice is left as it was. */
	memset(c, 0, offsetof(struct command, dice));
	c->text[0] = '\0';
	if (push) {
		c->verb = VERB_PUSH;
		c->action = (enum verb)a->verb;
	} else {
		c->verb = (enum verb)a->verb;
	}
	c->unit = u;
	c->target = a->target;
	c->general = -1;
	c->hex = a->hex;
	c->has_hex = a->verb != VERB_PIVOT;
	c->facing = (enum facing)a->facing;
	c->has_facing = a->verb == VERB_PIVOT;
}

/*
 * Appends every pivot, move and charge open to u, as commands of their
 * own or, with push, as the action of a push.
 */
static int
append_actions(const struct game *g, int u, bool push, struct command *out,
	       int n, int max)
{
	struct unit_action a[LEGAL_UNIT_ACTIONS_MAX];
	int k, cnt;

	cnt = legal_unit_action_list(
	    g, u, a,
	    max - n < LEGAL_UNIT_ACTIONS_MAX ? max - n : LEGAL_UNIT_ACTIONS_MAX,
	    NULL, NULL);
	for (k = 0; k < cnt; k++) {
		/* The whole list's commands as they always were: all zero. */
		memset(&out[n], 0, sizeof out[n]);
		unit_action_command(u, push, &a[k], &out[n++]);
	}
	return n;
}

/* The push open now, if any: its unit's actions as pushes. */
static int
legal_push(const struct game *g, struct command *out, int max)
{
	int p = g->push_unit;

	if (p >= 0 && !g->units[p].pushed && g->units[p].on_map)
		return append_actions(g, p, true, out, 0, max);
	return 0;
}

/* The pivots, moves and charges of a unit that may act now. */
static int
legal_unit_actions(const struct game *g, int u, struct command *out, int max)
{
	return append_actions(g, u, false, out, 0, max);
}

/* May general gi, open (not dead, not transferred, the player's), go to u? */
static bool
transfer_open(const struct game *g, const struct general *gn, int u)
{
	const struct unit *un = &g->units[u];

	return un->on_map && un->side == gn->side && un->general < 0 &&
	       hex_within(un->hex, g->units[gn->unit].hex, GENERAL_RIDE_HEXES);
}

static bool
general_open(const struct game *g, const struct general *gn)
{
	return gn->unit >= 0 && gn->side == g->player && !gn->transferred;
}

/* The transfers of generals open now. */
static int
legal_transfers(const struct game *g, struct command *out, int max)
{
	int u, n = 0, gi;

	for (gi = 0; gi < g->ngenerals && n < max; gi++) {
		if (!general_open(g, &g->generals[gi]))
			continue;
		for (u = 0; u < g->nunits && n < max; u++) {
			if (!transfer_open(g, &g->generals[gi], u))
				continue;
			memset(&out[n], 0, sizeof out[n]);
			transfer_command(gi, u, &out[n++]);
		}
	}
	return n;
}

/*
 * The loops of legal_transfers(), written out again: this is the one the
 * cache runs (at every count where the transfers may have changed).  One
 * stepping function for both, next_transfer(g, &gi, &u), cost the
 * cached random player 0.6% more instructions on the tutorial and 0.8%
 * on Watling Street (callgrind, bench -n 1000 -c, 2026-12-04); sharing
 * only the inner step (the first open unit from u) cost 0.1% and kept
 * both loops, so nothing was gained.
 */
int
legal_transfer_pairs(const struct game *g, struct transfer_pair *out, int max)
{
	int u, n = 0, gi;

	for (gi = 0; gi < g->ngenerals && n < max; gi++) {
		if (!general_open(g, &g->generals[gi]))
			continue;
		for (u = 0; u < g->nunits && n < max; u++) {
			if (!transfer_open(g, &g->generals[gi], u))
				continue;
			out[n].general = gi;
			out[n++].unit = u;
		}
	}
	return n;
}

void
transfer_command(int general, int u, struct command *c)
{
	memset(c, 0, offsetof(struct command, dice));
	c->text[0] = '\0';
	c->verb = VERB_GENERAL;
	c->general = general;
	c->unit = u;
	c->target = -1;
}

/* The movement phase's legal commands, for game_legal_commands(). */
static int
legal_movement(const struct game *g, struct command *out, int max)
{
	int u, n;

	n = legal_push(g, out, max);
	for (u = 0; u < g->nunits && n < max; u++)
		if (game_unit_can_act(g, u))
			n += legal_unit_actions(g, u, out + n, max - n);
	return n + legal_transfers(g, out + n, max - n);
}

/*
 * A unit's moves search at most MA + 1 hexes (a road), each path hex must
 * touch no enemy (one more), and a charge looks at units next to targets
 * within MA: MA + 2 covers them all, and one more is a margin.
 */
int
legal_unit_radius(const struct game *g, int u)
{
	return game_unit_type(g, u)->move + 3;
}
