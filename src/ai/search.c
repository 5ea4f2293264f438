/*
 * The searching player (levels 1-3) looks one command ahead: it lists the
 * legal commands of the moment, prunes the moves to the few most
 * promising per unit, and scores each remaining candidate by rollouts:
 * the position is copied, the candidate applied, and both sides play on
 * with the greedy policy for a fixed number of player-turns (dice from
 * the player's own stream, the same streams for every candidate so that
 * candidates are compared on the same luck).  The end position is scored
 * by evaluate().  docs/ai.md says why.
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>

#include "ai/aiint.h"
#include "ai/pathdist.h"

/*
 * Does pivoting engaged unit u to facing turn it away from the enemies
 * next to it: fewer of them in front, or more on its flanks and rear (the
 * rear counting double)?  Such a pivot forgoes the unit's attack and
 * offers the enemy a flank; a playtester watched the search choose it.
 */
static bool
pivot_turns_away(const struct game *g, int u, enum facing to)
{
	const struct unit *un = &g->units[u];
	int d, e, front[2] = { 0, 0 }, exposed[2] = { 0, 0 }, k;
	enum facing f[2] = { un->facing, to };
	enum face face;

	for (d = 0; d < 6; d++) {
		e = game_unit_at(g, hex_neighbour(un->hex, (enum dir)d));
		if (e < 0 || g->units[e].side == un->side)
			continue;
		for (k = 0; k < 2; k++) {
			face = facing_face_of_dir(f[k], (enum dir)d);
			front[k] += face == FACE_FRONT;
			exposed[k] += face == FACE_REAR	   ? 2
				      : face != FACE_FRONT ? 1
							   : 0;
		}
	}
	return front[1] < front[0] || exposed[1] > exposed[0];
}

static int
player_turn_index(const struct game *g)
{
	return g->turn * 2 + g->second;
}

/* A copy of g whose dice come from seed only: no forced dice. */
static struct game *
rollout_game(const struct game *g, uint64_t seed)
{
	struct game *r = game_clone(g);

	dice_reseed(&r->dice, seed, 0x3d6);
	return r;
}

double
rollout(struct ai *ai, const struct game *g, const struct command *first,
	int side, int depth, uint64_t seed)
{
	struct game *r = rollout_game(g, seed);
	struct pcg32 rng;
	struct command c;
	char why[256];
	int stop = player_turn_index(g) + depth, k, at, seen = 0;
	double v, sum = 0;

	pcg32_seed(&rng, seed, 0x9d);
	ai->roll.key = -1; /* a fresh game: every unit untried */
	events_clear(&ai->ev);
	if (first != NULL &&
	    game_apply(r, first, &ai->ev, why, sizeof why) != 0) {
		game_free(r);
		return -2; /* never chosen */
	}
	for (k = 0; k < ROLLOUT_COMMANDS_MAX && !r->over &&
		    player_turn_index(r) < stop;
	     k++) {
		if (greedy_choose(ai, &ai->roll, r, &rng, &c) != 0)
			break;
		events_clear(&ai->ev);
		at = player_turn_index(r);
		if (game_apply(r, &c, &ai->ev, why, sizeof why) != 0 &&
		    (random_choose(ai, r, &rng, &c) != 0 ||
		     game_apply(r, &c, &ai->ev, why, sizeof why) != 0))
			break;
		if ((ai->play & AI_PLAY_AVERAGE) && !r->over &&
		    player_turn_index(r) != at && player_turn_index(r) < stop) {
			sum += evaluate(ai, r, side);
			seen++;
		}
	}
	ai->work += k + 1;
	v = evaluate(ai, r, side);
	game_free(r);
	if (ai->play & AI_PLAY_AVERAGE) {
		/* A game over early stands at its result for the turns it
		 * did not play. */
		int all = depth > 0 ? depth : 1;

		if (seen > all - 1)
			seen = all - 1;
		return (sum + v * (all - seen)) / all;
	}
	return v;
}

struct candidate {
	struct command c;
	int rank; /* smaller: more promising before search */
};

static int
cmp_candidate(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Adds the move of legal[i..k) that ends nearest a victory hex, if new. */
static void
add_objective_move(struct ai *ai, const struct game *g, int i, int k,
		   struct candidate *cand, int *m, int max)
{
	int j, q, d, best = -1, bestd = 99;

	for (j = i; j < k; j++) {
		d = objective_distance(ai, g, ai->legal[j].unit,
				       ai->legal[j].hex);
		if (d < bestd) {
			bestd = d;
			best = j;
		}
	}
	if (best < 0 || bestd >= 99 || *m >= max ||
	    bestd >= objective_distance(ai, g, ai->legal[i].unit,
					g->units[ai->legal[i].unit].hex))
		return;
	for (q = 0; q < *m; q++)
		if (cand[q].c.verb == VERB_MOVE &&
		    cand[q].c.unit == ai->legal[best].unit &&
		    hex_equal(cand[q].c.hex, ai->legal[best].hex))
			return;
	cand[*m].c = ai->legal[best];
	cand[*m].rank = 12 + bestd / 2;
	(*m)++;
}

/*
 * Adds for each formed unit that no move brings nearer the pivot that
 * lets it close in next time (turn_to_close_in()): the policy never
 * turns a unit that is not engaged, so once passed it would stand.
 */
static void
add_turns(struct ai *ai, const struct game *g, int n, struct candidate *cand,
	  int *m, int max)
{
	struct command turn;
	int i, j, last = -1;

	for (i = 0; i < n && *m < max; i++) {
		if (ai->legal[i].verb != VERB_PIVOT ||
		    ai->legal[i].unit == last)
			continue;
		last = ai->legal[i].unit;
		if (!turn_to_close_in(ai, g, last, &turn))
			continue;
		for (j = i; j < n && ai->legal[j].unit == last; j++)
			if (ai->legal[j].verb == VERB_PIVOT &&
			    ai->legal[j].facing == turn.facing)
				break;
		if (j == n || ai->legal[j].unit != last)
			continue;
		cand[*m].c = ai->legal[j];
		cand[*m].rank = 11;
		(*m)++;
	}
}

/*
 * The candidates worth searching: every decision, charge, shot, attack,
 * push charge and end; the pivots of engaged units; per unit the moves
 * that end nearest the enemy; at level 3 the turns of formed units that
 * cannot close in.  Returns the count.
 */
static int
search_candidates(struct ai *ai, const struct game *g, int n,
		  struct candidate *cand, int max)
{
	const struct level *lv = &ai_levels[ai->level];
	const struct command *c;
	struct near *field;
	int i, k, m = 0, kept, d;

	for (i = 0; i < n && m < max; i++) {
		c = &ai->legal[i];
		switch (c->verb) {
		case VERB_MOVE:
			continue; /* below */
		case VERB_PIVOT:
			if (!game_unit_engaged(g, c->unit) ||
			    pivot_turns_away(g, c->unit, c->facing))
				continue;
			break;
		case VERB_PUSH:
			if (c->action != VERB_CHARGE || bad_charge(ai, g, c))
				continue;
			break;
		case VERB_CHARGE:
			if (bad_charge(ai, g, c))
				continue;
			break;
		case VERB_GENERAL:
			continue;
		default:
			break;
		}
		cand[m].c = *c;
		cand[m].rank = c->verb == VERB_END ? 50 : 0;
		m++;
	}
	/* Moves: the legal list holds each unit's moves together. */
	for (i = 0; i < n; i = k) {
		for (k = i; k < n && ai->legal[k].verb == ai->legal[i].verb &&
			    ai->legal[k].unit == ai->legal[i].unit;
		     k++)
			;
		if (ai->legal[i].verb != VERB_MOVE)
			continue;
		field = enemy_field(ai, g, ai->legal[i].unit);
		for (kept = 0; kept < lv->moves_per_unit && m < max; kept++) {
			int best = -1, bestd = 4 * PATH_NONE + 4, j;

			for (j = i; j < k; j++) {
				if (ai->legal[j].has_facing &&
				    ai->legal[j].facing !=
					g->units[ai->legal[j].unit].facing)
					continue;
				d = field_steps(ai, g, field,
						ai->legal[j].hex) *
					4 +
				    (int)(pcg32_next(&ai->rng) & 3);
				if (d < bestd) {
					bool dup = false;
					int q;

					for (q = 0; q < m; q++)
						if (cand[q].c.verb ==
							VERB_MOVE &&
						    cand[q].c.unit ==
							ai->legal[j].unit &&
						    hex_equal(cand[q].c.hex,
							      ai->legal[j].hex))
							dup = true;
					if (!dup) {
						best = j;
						bestd = d;
					}
				}
			}
			if (best < 0)
				break;
			cand[m].c = ai->legal[best];
			cand[m].rank = 10 + bestd / 4 + kept * 4;
			m++;
		}
		add_objective_move(ai, g, i, k, cand, &m, max);
	}
	if (ai->play & AI_PLAY_TURN)
		add_turns(ai, g, n, cand, &m, max);
	qsort(cand, (size_t)m, sizeof *cand, cmp_candidate);
	if (m > lv->candidates) {
		/* Keep the end of the phase among the searched. */
		for (i = lv->candidates; i < m; i++)
			if (cand[i].c.verb == VERB_END)
				cand[lv->candidates - 1] = cand[i];
		m = lv->candidates;
	}
	return m;
}

/* Is c the same command as d? */
static bool
same_command(const struct command *c, const struct command *d)
{
	return c->verb == d->verb && c->action == d->action &&
	       c->unit == d->unit && c->target == d->target &&
	       c->general == d->general && c->has_hex == d->has_hex &&
	       (!c->has_hex || hex_equal(c->hex, d->hex)) &&
	       c->has_facing == d->has_facing &&
	       (!c->has_facing || c->facing == d->facing);
}

/* A candidate's rollouts, each less the anchor's on the same dice. */
struct tally {
	double sum, sq;
	int n;
};

/* The paired mean less one standard error: what the candidate surely
 * gains over the anchor. */
static double
tally_lower(const struct tally *t)
{
	double mean = t->sum / t->n;

	return mean - sqrt(fmax(t->sq / t->n - mean * mean, 0) / t->n);
}

/* Rolls c out on seeds [from, to), each against the anchor's base. */
static void
tally_roll(struct ai *ai, const struct game *g, const struct command *c,
	   int side, const uint64_t *seeds, const double *base, int from,
	   int to, struct tally *t)
{
	const struct level *lv = &ai_levels[ai->level];
	double d;
	int r;

	for (r = from; r < to; r++) {
		d = rollout(ai, g, c, side, lv->depth, seeds[r]) - base[r];
		t->sum += d;
		t->sq += d * d;
		t->n++;
	}
}

/* Draws seeds and the anchor's rollouts on them for [from, to). */
static void
anchor_roll(struct ai *ai, const struct game *g, const struct command *c,
	    int side, uint64_t *seeds, double *base, int from, int to)
{
	const struct level *lv = &ai_levels[ai->level];
	int r;

	for (r = from; r < to; r++)
		seeds[r] =
		    (uint64_t)pcg32_next(&ai->rng) << 32 | pcg32_next(&ai->rng);
	for (r = from; r < to; r++)
		base[r] = rollout(ai, g, c, side, lv->depth, seeds[r]);
}

/* The want best of m candidates by lower, the anchor aside, best
 * first, into top; returns how many. */
static int
best_few(const double *lower, int m, int anchor, int want, int *top)
{
	int i, k, n = 0;

	for (i = 0; i < m; i++) {
		if (i == anchor)
			continue;
		for (k = n; k > 0 && lower[top[k - 1]] < lower[i]; k--)
			if (k < want)
				top[k] = top[k - 1];
		if (k < want) {
			top[k] = i;
			if (n < want)
				n++;
		}
	}
	return n;
}

/* This decision's share of AI_TURN_WORK: the side's units on the map share
 * the player-turn's. */
static long
decision_work(const struct game *g, int side)
{
	int u, own = 0;

	for (u = 0; u < g->nunits; u++)
		own += g->units[u].on_map && g->units[u].side == side;
	return AI_TURN_WORK / (own > 0 ? own : 1);
}

/* How many rollouts each of n commands can have within what is left of
 * budget, one rollout having cost per (at most want). */
static int
affordable(long budget, long spent, long per, int n, int want)
{
	long left = budget - spent, r;

	if (left <= 0)
		return 0;
	r = left / ((per > 0 ? per : 1) * (n > 0 ? n : 1));
	return r < want ? (int)r : want;
}

/*
 * The search is anchored on the greedy policy's own choice: another
 * candidate replaces it only when its rollouts, played on the same dice,
 * beat the anchor's by more than one standard error of the paired
 * differences.  Noise alone then never makes the player worse than the
 * policy it searches with.  A level that refines rolls its best few
 * candidates out again on fresh dice before it decides: with many
 * candidates, one of them beats the anchor by luck in the first round.
 */
int
search_choose(struct ai *ai, const struct game *g, struct command *out)
{
	const struct level *lv = &ai_levels[ai->level];
	struct candidate cand[257];
	struct tally tally[257];
	uint64_t seeds[SEEDS_MAX];
	double base[SEEDS_MAX], lower[257], bestv;
	struct pcg32 grng;
	int n, m, i, k, best, side = game_side_to_act(g), anchor = -1;
	int top[REFINE_MAX], ntop, want = lv->refine_top;
	int rollouts, refine, all, probe;
	long budget = decision_work(g, side), per, w0;

	n = game_legal_commands(g, ai->legal, LEGAL_MAX);
	if (n == 0)
		return -1;
	if (n == 1) {
		*out = ai->legal[0];
		return 0;
	}
	plan_make(ai, g);
	w0 = ai->work; /* the plan's rollouts: outside the decision's budget */
	m = search_candidates(ai, g, n, cand, 256);
	/* The anchor: what the greedy policy plays here. */
	pcg32_seed(&grng, pcg32_next(&ai->rng), 0x6e);
	ai->roll.key = -1;
	if (greedy_choose(ai, &ai->roll, g, &grng, &cand[m].c) == 0) {
		for (i = 0; i < m; i++)
			if (same_command(&cand[i].c, &cand[m].c))
				anchor = i;
		if (anchor < 0)
			anchor = m++;
	}
	if (m == 0) {
		*out = ai->legal[pcg32_bounded(&ai->rng, (uint32_t)n)];
		return 0;
	}
	if (m == 1) {
		*out = cand[0].c;
		return 0;
	}
	if (anchor < 0)
		anchor = 0;
	/* The anchor's first rollouts say what one costs, and so how many
	 * the budget allows each candidate. */
	probe = lv->rollouts < PROBE_ROLLOUTS ? lv->rollouts : PROBE_ROLLOUTS;
	anchor_roll(ai, g, &cand[anchor].c, side, seeds, base, 0, probe);
	per = (ai->work - w0) / probe;
	rollouts = affordable(budget, 0, per, m, lv->rollouts);
	if (rollouts < lv->rollouts && rollouts < MIN_ROLLOUTS) {
		*out = cand[anchor].c;
		return 0;
	}
	anchor_roll(ai, g, &cand[anchor].c, side, seeds, base, probe, rollouts);
	for (i = 0; i < m; i++) {
		tally[i] = (struct tally){ 0, 0, 0 };
		if (i != anchor)
			tally_roll(ai, g, &cand[i].c, side, seeds, base, 0,
				   rollouts, &tally[i]);
		lower[i] = i == anchor ? 0 : tally_lower(&tally[i]);
	}
	if (want > REFINE_MAX)
		want = REFINE_MAX;
	refine = want > 0 ? affordable(budget, ai->work - w0, per, want + 1,
				       lv->refine_rollouts)
			  : 0;
	all = rollouts + refine;
	if (want > 0 && all <= SEEDS_MAX &&
	    (refine == lv->refine_rollouts || refine >= MIN_ROLLOUTS)) {
		ntop = best_few(lower, m, anchor, want, top);
		anchor_roll(ai, g, &cand[anchor].c, side, seeds, base, rollouts,
			    all);
		for (k = 0; k < ntop; k++) {
			tally_roll(ai, g, &cand[top[k]].c, side, seeds, base,
				   rollouts, all, &tally[top[k]]);
			lower[top[k]] = tally_lower(&tally[top[k]]);
		}
		/* Only the refined ones may displace the anchor. */
		for (i = 0; i < m; i++)
			if (i != anchor && tally[i].n < all)
				lower[i] = 0;
	}
	best = anchor;
	bestv = 0;
	for (i = 0; i < m; i++)
		if (i != anchor && lower[i] > bestv) {
			bestv = lower[i];
			best = i;
		}
	*out = cand[best].c;
	return 0;
}
