/*
 * The odds of several units on one target (see odds.h): the actions are
 * made on a copy of the game in the order of a player-turn (charges,
 * then shots, then attacks), each priced by odds_fill() as the engine
 * would roll it after the ones before; then one walk over every outcome
 * of every roll, in that order, with the target's hits so far and
 * whether its general still lives as the state, sums the combined
 * result exactly.  A roll is made only while the target stands.
 */
#include "config.h"

#include "core/odds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"
#include "core/xmalloc.h"

/* The action a unit would make on target in f, its side phasing. */
static enum verb
action_of(const struct game *f, int u, int target, bool forecast)
{
	if (f->phase == PHASE_SHOOTING)
		return VERB_SHOOT;
	if (f->phase == PHASE_COMBAT)
		return VERB_ATTACK;
	if (f->units[u].on_map && game_unit_engaged(f, u) &&
	    fight_check_attack(f, u, target, NULL, 0) == 0)
		return VERB_ATTACK;
	if (forecast && fight_check_shot(f, u, target, NULL, 0) == 0)
		return VERB_SHOOT;
	return VERB_CHARGE;
}

/* Plays u's charge on f; 0, or -1 with why. */
static int
play_charge(struct game *f, int u, int target, char *why, size_t whylen)
{
	struct command c;
	struct events ev;
	int r;

	memset(&c, 0, sizeof c);
	c.verb = VERB_CHARGE;
	c.unit = u;
	c.target = target;
	c.general = -1;
	events_init(&ev);
	r = game_apply(f, &c, &ev, why, whylen);
	events_done(&ev);
	return r;
}

/* Whether u may make action on f now (a charge: already made). */
static int
check(const struct game *f, enum verb action, int u, int target, char *why,
      size_t whylen)
{
	if (action == VERB_SHOOT)
		return fight_check_shot(f, u, target, why, whylen);
	if (action == VERB_ATTACK)
		return fight_check_attack(f, u, target, why, whylen);
	return 0;
}

/* The combined result of the members' rolls, in order (R7.2, R9.5,
 * R10.1, R10.2, R10.7, R9.4). */
static void
combine(const struct game *f, struct odds_group *o)
{
	const struct unit *t = &f->units[o->target];
	double state[UNIT_HITS_MAX + 1][2], next[UNIT_HITS_MAX + 1][2];
	double p, mass, alive, lost_die = odds_lost_die(f, o->target);
	int m, h0, a, h, k, n, h1;
	bool impetuous;

	o->cap = UNIT_HITS_ROUTED - t->hits;
	memset(state, 0, sizeof state);
	state[0][t->general >= 0] = 1.0;
	for (m = 0; m < o->n; m++) {
		n = o->member[m].calc.total;
		impetuous = o->member[m].action != VERB_SHOOT &&
			    (game_unit_traits(f, o->member[m].unit) &
			     TRAIT_IMPETUOUS) != 0;
		memset(next, 0, sizeof next);
		for (h0 = 0; h0 < o->cap; h0++)
			for (a = 0; a < 2; a++) {
				mass = state[h0][a];
				if (mass == 0)
					continue;
				o->p_rolls[m] += mass;
				for (h = 0; h <= n; h++)
					for (k = 0; k <= n - h; k++) {
						p = mass *
						    odds_roll_chance(n, h, k);
						alive = a ? odds_power(35.0 / 36, k)
							  : 0.0;
						if (a)
							o->p_general +=
							    p * (1 - alive);
						if (impetuous && k > 0)
							o->p_impetuous[m] += p;
						h1 = h0 + h;
						if (h1 >= o->cap) {
							o->p_routed += p;
							o->p_general +=
							    p * alive * lost_die;
							continue;
						}
						next[h1][1] += p * alive;
						next[h1][0] += p * (1 - alive);
					}
			}
		memcpy(state, next, sizeof state);
	}
	for (h = 0; h < o->cap; h++)
		for (a = 0; a < 2; a++) {
			mass = state[h][a];
			o->p_hits[h] += mass;
			o->expected += h * mass;
			/* R10.1, R10.2: hit (or hit before) and no general. */
			if (a || t->veteran || (h == 0 && !t->lost_sp))
				continue;
			o->p_test += mass;
			o->p_fail += mass *
				     (t->hits + h <= MORALE_STEADY_HITS
					  ? MORALE_PASS_STEADY - 1
					  : MORALE_PASS_SHAKEN - 1) /
				     6;
		}
	o->expected += o->cap * o->p_routed;
}

/* Adds u's action to the group, priced on f; -1 with why when it cannot
 * act (then f is as it was, but for nothing). */
static int
add_member(struct game *f, int u, int target, bool forecast,
	   struct odds_group *o, char *why, size_t whylen)
{
	enum phase phase = f->phase;
	enum verb action = action_of(f, u, target, forecast);
	struct odds *m = &o->member[o->n];

	if (o->n == ODDS_GROUP_MAX)
		return rules_refuse(why, whylen,
				    "odds take at most %d units together",
				    ODDS_GROUP_MAX);
	if (action == VERB_CHARGE) {
		if (play_charge(f, u, target, why, whylen) != 0)
			return -1;
	} else if (check(f, action, u, target, why, whylen) != 0)
		return -1;
	memset(m, 0, sizeof *m);
	/* Priced in the phase it rolls in; a charge's attack in combat. */
	f->phase = action == VERB_SHOOT ? PHASE_SHOOTING : PHASE_COMBAT;
	if (odds_fill(f, action, u, target, m, why, whylen) != 0) {
		f->phase = phase;
		return -1;
	}
	f->phase = phase;
	m->forecast = forecast;
	m->side = o->side;
	o->n++;
	return 0;
}

/* Shots before attacks, as the phases come (stable). */
static void
order_members(struct odds_group *o)
{
	struct odds tmp;
	int i, j;

	for (i = 1; i < o->n; i++)
		for (j = i; j > 0 && o->member[j].action == VERB_SHOOT &&
			    o->member[j - 1].action != VERB_SHOOT;
		     j--) {
			tmp = o->member[j];
			o->member[j] = o->member[j - 1];
			o->member[j - 1] = tmp;
		}
}

int
odds_group_compute(const struct game *g, const int *units, int n,
		   int target, struct odds_group *out, char *why,
		   size_t whylen)
{
	struct game *f;
	char one[256];
	int side, k, u, r = 0;

	memset(out, 0, sizeof *out);
	if (whylen > 0)
		why[0] = '\0';
	if (target < 0 || target >= g->nunits)
		return rules_refuse(why, whylen, "odds need a target");
	if (odds_refuse_now(g, why, whylen) != 0)
		return -1;
	if (!g->units[target].on_map)
		return rules_refuse(why, whylen, "%s has left the field",
				    rules_unit_id(g, target));
	side = 1 - g->units[target].side;
	for (k = 0; k < n; k++)
		if (g->units[units[k]].side != side)
			return rules_refuse(why, whylen,
					    "%s is not an enemy of %s",
					    rules_unit_id(g, units[k]),
					    rules_unit_id(g, target));
	out->target = target;
	out->side = side;
	out->forecast = side != g->player;
	f = out->forecast ? game_forecast(g, side) : game_clone(g);
	if (n > 0) {
		for (k = 0; k < n && r == 0; k++)
			if (add_member(f, units[k], target, out->forecast, out,
				       one, sizeof one) != 0)
				r = rules_refuse(why, whylen, "%s", one);
	} else {
		for (u = 0; u < g->nunits; u++)
			if (g->units[u].side == side && g->units[u].on_map)
				(void)add_member(f, u, target, out->forecast,
						 out, one, sizeof one);
		if (out->n == 0)
			r = rules_refuse(why, whylen,
					 "no unit of %s can %s %s %s",
					 rules_side_key(g, side),
					 f->phase == PHASE_SHOOTING
					     ? "shoot"
					     : "attack, shoot or charge",
					 rules_unit_id(g, target),
					 out->forecast ? "in its next "
							 "player-turn"
						       : "now");
	}
	if (r == 0) {
		order_members(out);
		combine(f, out);
	}
	game_free(f);
	return r;
}

int
odds_command_check(const struct game *g, const struct command *c, char *why,
		   size_t whylen)
{
	struct odds o;
	struct odds_group *grp;
	int r;

	if (c->ngroup == 0)
		return odds_compute(g, c->unit, c->target, &o, why, whylen);
	grp = xmalloc(sizeof *grp);
	r = odds_group_compute(g, c->group, c->ngroup < 0 ? 0 : c->ngroup,
			       c->target, grp, why, whylen);
	free(grp);
	return r;
}

int
odds_command_text(const struct game *g, const struct command *c, char *buf,
		  size_t len)
{
	struct odds_group *grp;
	int r;

	if (c->ngroup == 0)
		return odds_text(g, c->unit, c->target, buf, len);
	grp = xmalloc(sizeof *grp);
	r = odds_group_compute(g, c->group, c->ngroup < 0 ? 0 : c->ngroup,
			       c->target, grp, buf, len);
	if (r == 0)
		r = odds_group_format(g, grp, buf, len);
	free(grp);
	return r;
}
