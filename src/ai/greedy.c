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
	int n = game_legal_commands(g, ai->legal, LEGAL_MAX);

	if (n == 0)
		return -1;
	*out = ai->legal[pcg32_bounded(rng, (uint32_t)n)];
	return 0;
}

/* The movement action the greedy policy takes with u, if any. */
static bool
greedy_unit_move(struct ai *ai, const struct game *g, struct pcg32 *rng, int u,
		 struct command *out)
{
	const struct unit *un = &g->units[u];
	struct near *field;
	int n, i, d, best, bestn = 0, pick = -1, here;

	if (on_victory_hex(g, un->hex))
		return false;
	n = game_charge_options(g, u, ai->charges, OPTION_MAX);
	if (n > 0) {
		i = (int)pcg32_bounded(rng, (uint32_t)n);
		command_blank(out, VERB_CHARGE, u);
		out->target = ai->charges[i].target;
		out->hex = ai->charges[i].hex;
		out->has_hex = true;
		return true;
	}
	if (game_unit_engaged(g, u))
		return false;
	field = enemy_field(ai, g, u);
	here = field_steps(ai, g, field, un->hex);
	n = game_move_options(g, u, ai->moves, OPTION_MAX);
	best = here;
	for (i = 0; i < n; i++) {
		d = field_steps(ai, g, field, ai->moves[i].hex);
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
	for (u = 0; u < g->nunits; u++) {
		if (gr->tried[u] || !g->units[u].on_map ||
		    g->units[u].side != g->player)
			continue;
		gr->tried[u] = 1;
		switch (g->phase) {
		case PHASE_MOVEMENT:
			if (game_unit_can_act(g, u) &&
			    greedy_unit_move(ai, g, rng, u, out))
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
	if (!game_end_blocked(g, NULL, 0)) {
		command_blank(out, VERB_END, -1);
		return 0;
	}
	return random_choose(ai, g, rng, out);
}
