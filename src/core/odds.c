/*
 * Odds before a roll (see odds.h).  The dice come from the engine's own
 * fight_shot_calc() and fight_attack_calc(), and a charge is played on a
 * copy of the game by game_apply(), so the figures can never drift from
 * the rules the engine plays.  Each die is a 1 (1/6), a 2 or 3 (1/3) or a
 * hit on 4-6 (1/2), so the chance of h hits and k ones among n dice is
 * the multinomial n!/(h! k! (n-h-k)!) (1/2)^h (1/6)^k (1/3)^(n-h-k); every
 * (h, k) is enumerated and its consequences summed exactly.
 */
#include "config.h"

#include "core/odds.h"

#include <stdio.h>
#include <string.h>

#include "core/cannot.h"
#include "core/game.h"
#include "core/rules.h"

#define HIT_NEED 4 /* R8.3, R9.2: a 4, 5 or 6 is a hit */

static double
odds_choose(int n, int k)
{
	double r = 1.0;
	int i;

	for (i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

double
odds_power(double x, int n)
{
	double r = 1.0;

	while (n-- > 0)
		r *= x;
	return r;
}

double
odds_roll_chance(int n, int h, int k)
{
	/* A hit, a 1, or neither (2 to DIE_HITS_ON - 1). */
	return odds_choose(n, h) * odds_choose(n - h, k) *
	       odds_power((7.0 - DIE_HITS_ON) / 6, h) *
	       odds_power(1.0 / 6, k) *
	       odds_power((DIE_HITS_ON - 2.0) / 6, n - h - k);
}

/* Does side have a unit on the map, other than u, without a general? */
static bool
has_free_friend(const struct game *g, int side, int u)
{
	int v;

	for (v = 0; v < g->nunits; v++)
		if (v != u && g->units[v].on_map && g->units[v].side == side &&
		    g->units[v].general < 0)
			return true;
	return false;
}

double
odds_lost_die(const struct game *g, int u)
{
	/* R10.7: the removed unit's general dies on a 1, or leaves the
	 * field when no friendly unit without a general is left. */
	return has_free_friend(g, g->units[u].side, u) ? 1.0 / 6 : 1.0;
}

/*
 * Sums what every outcome of the dice means, for the attacker and the
 * target as they stand in g (a copy after a charge).
 */
static void
odds_outcomes(const struct game *g, bool combat, struct odds *o)
{
	const struct unit *un = &g->units[o->unit], *t = &g->units[o->target];
	int n = o->calc.total, h, k, total;
	bool gen = t->general >= 0, impetuous;
	double p, alive, lost_die, self_lost_die;

	impetuous =
	    combat && (game_unit_traits(g, o->unit) & TRAIT_IMPETUOUS) != 0;
	lost_die = odds_lost_die(g, o->target);
	self_lost_die = odds_lost_die(g, o->unit);
	o->need = HIT_NEED;
	o->target_hits = t->hits;
	o->target_general = gen;
	o->target_veteran = t->veteran;
	o->target_tests_anyway = t->lost_sp;
	o->self_general = un->general >= 0;
	for (h = 0; h <= n; h++) {
		for (k = 0; k <= n - h; k++) {
			p = odds_roll_chance(n, h, k);
			o->p_hits[h] += p;
			/* R9.5, R14.12: 2D6 per 1, a 2 kills him. */
			alive = gen ? odds_power(35.0 / 36, k) : 0.0;
			total = t->hits + h > UNIT_HITS_ROUTED
				    ? UNIT_HITS_ROUTED
				    : t->hits + h;
			if (gen)
				o->p_general += p * (1.0 - alive);
			if (total >= UNIT_HITS_ROUTED) {
				o->p_routed += p;
				o->p_general += p * alive * lost_die;
			} else if ((h > 0 || t->lost_sp) && !t->veteran) {
				/* R10.1, R10.2: no general left to exempt. */
				double test = p * (1.0 - alive);

				o->p_test += test;
				o->p_fail += test *
					     (total <= MORALE_STEADY_HITS
						  ? MORALE_PASS_STEADY - 1
						  : MORALE_PASS_SHAKEN - 1) /
					     6;
			}
			if (impetuous && k > 0) {
				o->p_impetuous += p;
				if (un->hits + 1 >= UNIT_HITS_ROUTED) {
					o->p_self_routed += p;
					if (un->general >= 0)
						o->p_self_general +=
						    p * self_lost_die;
				}
			}
		}
		o->expected += h * o->p_hits[h];
	}
}

int
odds_fill(const struct game *g, enum verb action, int u, int target,
	  struct odds *out, char *why, size_t whylen)
{
	bool combat = action != VERB_SHOOT;

	out->action = action;
	out->unit = u;
	out->target = target;
	out->from = g->units[u].hex;
	out->facing = g->units[u].facing;
	if (combat)
		fight_attack_calc(g, u, target, &out->calc);
	else
		fight_shot_calc(g, u, target, &out->calc);
	if (out->calc.total > ODDS_DICE_MAX)
		return rules_refuse(why, whylen,
				    "%d dice are more than the odds "
				    "can show (at most %d)",
				    out->calc.total, ODDS_DICE_MAX);
	odds_outcomes(g, combat, out);
	return 0;
}

/* A charge played on a copy, then the attack that follows it. */
static int
charge_odds(const struct game *g, int u, int target, const struct hex *contact,
	    struct odds *out, char *why, size_t whylen)
{
	static const int six[2] = { 6, 6 };
	struct command c;
	struct events ev;
	struct game *copy;
	bool push;
	int r;

	memset(&c, 0, sizeof c);
	c.verb = VERB_CHARGE;
	c.unit = u;
	c.target = target;
	c.general = -1;
	if (contact != NULL) {
		c.hex = *contact;
		c.has_hex = true;
	}
	copy = game_clone(g);
	/* R5.7: its action made, its push window open: a push charge,
	 * priced with a roll that succeeds; the fatigue said apart. */
	push = g->phase == PHASE_MOVEMENT && g->units[u].side == g->player &&
	       g->units[u].acted && g->push_unit == u && !g->units[u].pushed;
	if (push) {
		c.action = VERB_CHARGE;
		c.verb = VERB_PUSH;
		/* The copy's own dice: an empty queue, then two sixes. */
		dice_done(&copy->dice);
		dice_init(&copy->dice, 0);
		dice_force(&copy->dice, six, 2);
	}
	events_init(&ev);
	r = game_apply(copy, &c, &ev, why, whylen);
	if (r == 0)
		r = odds_fill(copy, VERB_CHARGE, u, target, out, why,
			      whylen);
	if (r == 0 && push) {
		double miss = (game_unit_type(g, u)->push - 1) / 6.0;

		out->push = true;
		out->push_need = game_unit_type(g, u)->push;
		out->p_fatigue = game_unit_traits(g, u) & TRAIT_BARBARIAN
				     ? 0.0
				 : g->units[u].general >= 0 ? miss * miss
							    : miss;
	}
	events_done(&ev);
	game_free(copy);
	return r;
}

/*
 * The coming attack of u, engaged, on target in contact with it but not
 * in front: after the pivot to the nearest facing that puts it in front
 * (R4.2, R5.5: an engaged unit may pivot), played on a copy.  A playtest
 * asked it in the movement phase and was told only that the unit "is
 * engaged and may only pivot".  Returns 0 with out filled, 1 when target
 * is no enemy next to u (a charge's matter), -1 with why when u may not
 * pivot now (it made its movement action).
 */
static int
pivot_attack_odds(const struct game *g, int u, int target, struct odds *out,
		  char *why, size_t whylen)
{
	struct command c;
	struct events ev;
	struct game *copy;
	int f, r;

	if (!unit_is_enemy(g, u, target) || !g->units[target].on_map ||
	    (f = cannot_front_facing(g, u, target)) < 0)
		return 1;
	memset(&c, 0, sizeof c);
	c.verb = VERB_PIVOT;
	c.unit = u;
	c.target = c.general = -1;
	c.facing = (enum facing)f;
	c.has_facing = true;
	copy = game_clone(g);
	events_init(&ev);
	if (game_apply(copy, &c, &ev, NULL, 0) != 0) {
		/* No pivot left: why it cannot attack target. */
		fight_check_attack(g, u, target, why, whylen);
		r = -1;
	} else {
		r = odds_fill(copy, VERB_ATTACK, u, target, out, why, whylen);
		out->pivot = r == 0;
	}
	events_done(&ev);
	game_free(copy);
	return r;
}

/*
 * The odds of u, not the phasing player's, as its side would act in its
 * next player-turn with nothing moved before: an attack if it is in
 * contact with target in front, else a shot if it may shoot target,
 * else a charge.
 */
static int
forecast_odds(const struct game *g, int u, int target, struct odds *out,
	      char *why, size_t whylen)
{
	int side = g->units[u].side, r;
	struct game *f = game_forecast(g, side);

	if (g->units[u].on_map && game_unit_engaged(f, u) &&
	    fight_check_attack(f, u, target, NULL, 0) == 0) {
		f->phase = PHASE_COMBAT;
		r = odds_fill(f, VERB_ATTACK, u, target, out, why, whylen);
	} else {
		f->phase = PHASE_SHOOTING;
		if (fight_check_shot(f, u, target, NULL, 0) == 0)
			r = odds_fill(f, VERB_SHOOT, u, target, out, why, whylen);
		else {
			f->phase = PHASE_MOVEMENT;
			r = charge_odds(f, u, target, NULL, out, why, whylen);
		}
	}
	game_free(f);
	out->forecast = true;
	out->side = side;
	if (r != 0 && whylen > 0) {
		char reason[256];

		snprintf(reason, sizeof reason, "%s", why);
		rules_refuse(why, whylen,
			     "in the next player-turn of %s, the position as "
			     "it stands: %s",
			     rules_side_key(g, side), reason);
	}
	return r;
}

/* Clears out and why; 0, or -1 when u or target is no unit. */
static int
odds_begin(const struct game *g, int u, int target, struct odds *out, char *why,
	   size_t whylen)
{
	memset(out, 0, sizeof *out);
	if (whylen > 0)
		why[0] = '\0';
	if (u < 0 || u >= g->nunits || target < 0 || target >= g->nunits)
		return rules_refuse(why, whylen,
				    "odds need a unit and its target");
	return 0;
}

int
odds_refuse_now(const struct game *g, char *why, size_t whylen)
{
	if (g->over)
		return rules_refuse(why, whylen,
				    "the game is over: nobody attacks "
				    "any more");
	/* commands.md: while a decision is pending, only it, dump and
	 * dice are accepted. */
	if (g->choosing || g->noffers > 0)
		return rules_refuse(why, whylen,
				    "a decision is pending: no attack, "
				    "shot or charge can be made now");
	return 0;
}

int
odds_compute(const struct game *g, int u, int target, struct odds *out,
	     char *why, size_t whylen)
{
	if (odds_begin(g, u, target, out, why, whylen) != 0)
		return -1;
	if (odds_refuse_now(g, why, whylen) != 0)
		return -1;
	out->side = g->units[u].side;
	/* The other side's unit: the threat of its next player-turn. */
	if (g->units[u].side != g->player)
		return forecast_odds(g, u, target, out, why, whylen);
	switch (g->phase) {
	case PHASE_SHOOTING:
		if (fight_check_shot(g, u, target, why, whylen) != 0)
			return -1;
		return odds_fill(g, VERB_SHOOT, u, target, out, why, whylen);
	case PHASE_COMBAT:
		if (fight_check_attack(g, u, target, why, whylen) != 0)
			return -1;
		return odds_fill(g, VERB_ATTACK, u, target, out, why, whylen);
	case PHASE_MOVEMENT:
		/* Already in contact: the attack it will make in phase 3,
		 * after a pivot to face target if need be. */
		if (g->units[u].on_map && game_unit_engaged(g, u)) {
			int r;

			if (fight_check_attack(g, u, target, NULL, 0) == 0)
				return odds_fill(g, VERB_ATTACK, u, target, out,
						 why, whylen);
			r = pivot_attack_odds(g, u, target, out, why, whylen);
			if (r <= 0)
				return r;
		}
		return charge_odds(g, u, target, NULL, out, why, whylen);
	default:
		return rules_refuse(why, whylen,
				    "no attack, shot or charge can be "
				    "made in the %s phase",
				    phase_name(g->phase));
	}
}

int
odds_charge(const struct game *g, int u, int target, struct hex contact,
	    struct odds *out, char *why, size_t whylen)
{
	if (odds_begin(g, u, target, out, why, whylen) != 0)
		return -1;
	/* game_apply() on the copy refuses what the charge would. */
	return charge_odds(g, u, target, &contact, out, why, whylen);
}
