/*
 * The movement plan (AI_PLAY_PLAN): at the start of its movement phase a
 * level that plans gives each of its units a script: go (the greedy
 * policy: charge, else close in on the nearest enemy), hold (charge,
 * else stand), or close in cautiously (charge, else close in no nearer
 * than the enemy's charge reach).  The scripts are chosen by portfolio
 * greedy search (after Churchill and Buro): from every unit going, each
 * unit's script is switched in turn and kept when rollouts of the phase
 * and the player-turns after it, played on the same dice, say it gains;
 * the plan found stands only if it beats every unit going on fresh dice.
 * The one-command search cannot see this: its rollouts move every unit
 * it does not move itself, so holding one unit back, or stopping short
 * of the enemy's charge, was never among its choices.  The greedy policy
 * follows the plan (greedy.c) in the side's movement phases, in the
 * player's own choice and in its rollouts.  docs/ai.md says why.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ai/aiint.h"
#include "core/xmalloc.h"

/* A phase of a game: turn, player-turn, player and phase. */
long
plan_phase_key(const struct game *g)
{
	return (((long)g->turn * 2 + g->second) * 2 + g->player) *
		   PHASE_COUNT +
	       (long)g->phase;
}

/* The enemy's placing as side s sees it in its movement phase: the plan
 * holds while it stands (a solo game's undo may change it). */
static uint64_t
enemy_print(const struct game *g, int s)
{
	uint64_t h = 1469598103934665603ULL;
	int u;

	for (u = 0; u < g->nunits; u++) {
		const struct unit *un = &g->units[u];

		if (un->side == s)
			continue;
		h = (h ^ (uint64_t)(un->on_map ? un->hex.col * 128 + un->hex.row
					      : 0)) *
		    1099511628211ULL;
		h = (h ^ (uint64_t)(un->hits * 8 + (int)un->facing)) *
		    1099511628211ULL;
	}
	return h ^ (uint64_t)(g->bp[0] * 4096 + g->bp[1]);
}

int
plan_script(const struct ai *ai, const struct game *g, int u)
{
	/* The plan is the side's posture for its rollouts' movement phases
	 * too: remade at each of its own, it is never older than one. */
	if (ai->plan_key >= 0 && ai->plan_units > u &&
	    g->player == ai->plan_side && g->phase == PHASE_MOVEMENT &&
	    plan_phase_key(g) >= ai->plan_key)
		return ai->plan[u];
	return PLAN_GO;
}

/* Rolls the plan as it stands out on seeds [0, n) into v. */
static void
plan_roll(struct ai *ai, const struct game *g, int side, const uint64_t *seeds,
	  double *v, int n)
{
	int r;

	for (r = 0; r < n; r++)
		v[r] = rollout(ai, g, NULL, side, ai_levels[ai->level].depth,
			       seeds[r]);
}

static void
draw_seeds(struct ai *ai, uint64_t *seeds, int n)
{
	int r;

	for (r = 0; r < n; r++)
		seeds[r] =
		    (uint64_t)pcg32_next(&ai->rng) << 32 | pcg32_next(&ai->rng);
}

/* The units whose script is worth choosing: side's, on the map, free to
 * move, and not on a victory hex (the greedy policy keeps those). */
static int
plan_candidates(const struct game *g, int side, int *out)
{
	int u, n = 0;

	for (u = 0; u < g->nunits; u++)
		if (g->units[u].on_map && g->units[u].side == side &&
		    game_unit_can_act(g, u) && !game_unit_engaged(g, u) &&
		    !on_victory_hex(g, g->units[u].hex))
			out[n++] = u;
	return n;
}

/* The mean of v less base on the same seeds when it exceeds one standard
 * error of the differences, else 0. */
static double
gain(const double *v, const double *base, int n)
{
	double sum = 0, sq = 0, d, mean;
	int r;

	for (r = 0; r < n; r++) {
		d = v[r] - base[r];
		sum += d;
		sq += d * d;
	}
	mean = sum / n;
	return mean - sqrt(fmax(sq / n - mean * mean, 0) / n) > 0 ? mean : 0;
}

/* Portfolio greedy search over the scripts, with rollouts rollouts a
 * trial; leaves the plan in ai->plan (kept: room for a copy). */
static void
plan_search(struct ai *ai, const struct game *g, int side, const int *units,
	    int nu, int rollouts, unsigned char *kept)
{
	uint64_t seeds[SEEDS_MAX];
	double base[SEEDS_MAX], v[SEEDS_MAX], best[SEEDS_MAX];
	int pass, i, u, sc, was, pick, changed = 1;
	double gv, bestg;

	draw_seeds(ai, seeds, rollouts);
	plan_roll(ai, g, side, seeds, base, rollouts);
	for (pass = 0; pass < PLAN_PASSES && changed; pass++) {
		changed = 0;
		for (i = 0; i < nu; i++) {
			u = units[i];
			was = ai->plan[u];
			pick = was;
			bestg = 0;
			for (sc = 0; sc < PLAN_SCRIPTS; sc++) {
				if (sc == was)
					continue;
				ai->plan[u] = (unsigned char)sc;
				plan_roll(ai, g, side, seeds, v, rollouts);
				gv = gain(v, base, rollouts);
				if (gv > bestg) {
					bestg = gv;
					pick = sc;
					memcpy(best, v,
					       (size_t)rollouts * sizeof *v);
				}
			}
			ai->plan[u] = (unsigned char)pick;
			if (pick != was) {
				memcpy(base, best, (size_t)rollouts * sizeof *v);
				changed = 1;
			}
		}
	}
	for (i = 0; i < nu && ai->plan[units[i]] == PLAN_GO; i++)
		;
	if (i == nu)
		return;
	/* With many units one switch gains by luck: the plan stands only if
	 * it beats every unit going on fresh dice. */
	draw_seeds(ai, seeds, rollouts);
	plan_roll(ai, g, side, seeds, v, rollouts);
	memcpy(kept, ai->plan, (size_t)ai->plan_units);
	memset(ai->plan, PLAN_GO, (size_t)ai->plan_units);
	plan_roll(ai, g, side, seeds, base, rollouts);
	if (gain(v, base, rollouts) > 0)
		memcpy(ai->plan, kept, (size_t)ai->plan_units);
}

void
plan_make(struct ai *ai, const struct game *g)
{
	const struct level *lv = &ai_levels[ai->level];
	int side = g->player, nu, rollouts, *units;
	unsigned char *kept;
	long per, trials, w0 = ai->work;
	uint64_t print;

	if (!(ai->play & AI_PLAY_PLAN) || g->phase != PHASE_MOVEMENT ||
	    g->choosing || g->noffers > 0 || game_side_to_act(g) != side)
		return;
	print = enemy_print(g, side);
	if (ai->plan_key == plan_phase_key(g) && ai->plan_side == side &&
	    ai->plan_print == print)
		return;
	if (ai->plan_units < g->nunits) {
		free(ai->plan);
		ai->plan = xmalloc((size_t)g->nunits);
		ai->plan_units = g->nunits;
	}
	memset(ai->plan, PLAN_GO, (size_t)ai->plan_units);
	ai->plan_key = plan_phase_key(g);
	ai->plan_side = side;
	ai->plan_print = print;
	units = xmalloc((size_t)g->nunits * sizeof *units);
	kept = xmalloc((size_t)ai->plan_units);
	nu = plan_candidates(g, side, units);
	if (nu > 0) {
		/* Two rollouts say what one costs; the plan may spend
		 * PLAN_WORK in all, or it is not made. */
		double probe[2];
		uint64_t s[2];

		draw_seeds(ai, s, 2);
		plan_roll(ai, g, side, s, probe, 2);
		per = (ai->work - w0) / 2;
		trials = (long)PLAN_PASSES * nu * (PLAN_SCRIPTS - 1) + 3;
		rollouts = (int)(PLAN_WORK / ((per > 0 ? per : 1) * trials));
		if (rollouts > lv->plan_rollouts)
			rollouts = lv->plan_rollouts;
		if (rollouts >= MIN_ROLLOUTS)
			plan_search(ai, g, side, units, nu, rollouts,
				    kept);
	}
	free(units);
	free(kept);
}
