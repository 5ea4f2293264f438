/*
 * The odds before a roll (core/odds.h): hand-worked cases for an attack,
 * a shot and a charge with their modifiers, each figure worked out from
 * rules.md in the comment beside it; that asking changes nothing and
 * takes no die; the refusals; and a Monte Carlo cross-check that plays
 * the same action many times on copies of the game with random dice
 * (a fixed seed) and finds every chance within a few standard errors.
 *
 * Per die (R3.3): a hit on 4-6 (1/2), a 1 (1/6), a 2 or 3 (1/3).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "helpers.h"
#include "core/cannot.h"
#include "core/odds.h"

#define TO_COMBAT(f) fx_script((f), "end;end")
#define EPS 1e-12

static void
odds_of(struct fx *f, const char *u, const char *t, struct odds *o)
{
	char why[256];
	unsigned long rolled = f->g->dice.rolled;
	uint64_t digest = game_digest(f->g);

	if (odds_compute(f->g, fx_unit(f, u), fx_unit(f, t), o, why,
			 sizeof why) != 0)
		fail_msg("odds %s %s refused: %s", u, t, why);
	/* Asking changes nothing and takes no die. */
	assert_true(game_digest(f->g) == digest);
	assert_true(f->g->dice.rolled == rolled);
}

static void
assert_near(double got, double want, double tol)
{
	if (fabs(got - want) > tol)
		fail_msg("got %.9f, want %.9f (tolerance %g)", got, want, tol);
}

static double
binom(int n, int k)
{
	double r = 1.0;
	int i;

	for (i = 1; i <= k; i++)
		r = r * (n - k + i) / i;
	return r;
}

/* --- hand-worked cases --- */

static void
test_R9_2_attack_odds_flank_and_armor(void **state)
{
	struct fx *f = *state;
	struct odds o;
	int k;

	/* Auxilia on the left flank of legionaries with 7 hits:
	 * 3D6 +1 flank -1 armored = 3D6.  Hits 0-3: 1/8 3/8 3/8 1/8.
	 * Routed on 2 or more hits (7 + 2 = 9): 3/8 + 1/8 = 1/2.
	 * One hit leaves 8 hits: tests (3/8), fails on a 1 or 2 (R10.1:
	 * 5-8 hits pass on 3+): 3/8 * 2/6 = 1/8.  No 1s matter: auxilia
	 * are not impetuous and t has no general. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("a", "a", "auxilia", "0304", "NE") FX_UNIT(
			   "t", "b", "legionaries", "0404", "N") "hits = 7\n");
	TO_COMBAT(f);
	odds_of(f, "a", "t", &o);
	assert_int_equal(o.action, VERB_ATTACK);
	assert_int_equal(o.calc.base, 3);
	assert_int_equal(o.calc.mod[MOD_FLANK], 1);
	assert_int_equal(o.calc.mod[MOD_ARMORED], -1);
	assert_int_equal(o.calc.total, 3);
	assert_int_equal(o.need, 4);
	for (k = 0; k <= 3; k++)
		assert_near(o.p_hits[k], binom(3, k) / 8, EPS);
	assert_near(o.expected, 1.5, EPS);
	assert_near(o.p_routed, 0.5, EPS);
	assert_near(o.p_test, 3.0 / 8, EPS);
	assert_near(o.p_fail, 1.0 / 8, EPS);
	assert_near(o.p_general, 0, EPS);
	assert_near(o.p_impetuous, 0, EPS);
}

static void
test_R9_5_attack_odds_generals_and_impetuous(void **state)
{
	struct fx *f = *state;
	struct odds o;
	double gen, test, imp;

	/* A warband with 8 hits and its general attacks auxilia with a
	 * general, front to front: 3D6 +1 general = 4D6.
	 * Target's general (R9.5): each 1 (1/6) kills him on a 2 (1/36),
	 * so per die he survives with 1 - 1/216: lost 1 - (215/216)^4.
	 * The target tests only once he is dead (R10.2) and only if hit:
	 * lost and no hit = (1/2)^4 - (1/3 + 1/6 * 35/36)^4
	 * = 1/16 - (107/216)^4; at most 4 hits, so it fails on a 1: 1/6.
	 * Impetuous (R9.4): any 1, 1 - (5/6)^4; at 8 hits that routs the
	 * warband, and with no friend left its general leaves the field
	 * (R10.7): lost whenever it is routed. */
	fx_load(f,
		FX_HEAD FX_MAP("8", "8") FX_UNIT(
		    "wb", "a", "warband", "0403",
		    "S") "hits = 8\n" FX_UNIT("t", "b", "auxilia", "0404", "N")
		    FX_GENERAL("ga", "a", "wb") FX_GENERAL("gb", "b", "t"));
	TO_COMBAT(f);
	odds_of(f, "wb", "t", &o);
	assert_int_equal(o.calc.total, 4);
	assert_int_equal(o.calc.mod[MOD_GENERAL], 1);
	gen = 1 - pow(215.0 / 216, 4);
	test = gen - (1.0 / 16 - pow(107.0 / 216, 4));
	imp = 1 - pow(5.0 / 6, 4);
	assert_near(o.p_general, gen, EPS);
	assert_near(o.p_test, test, EPS);
	assert_near(o.p_fail, test / 6, EPS);
	assert_near(o.p_routed, 0, EPS);
	assert_near(o.p_impetuous, imp, EPS);
	assert_near(o.p_self_routed, imp, EPS);
	assert_near(o.p_self_general, imp, EPS);
	assert_true(o.target_general && o.self_general);
}

static void
test_R8_3_shot_odds_at_least_one_die(void **state)
{
	struct fx *f = *state;
	struct odds o;

	/* Sagittarii shoot veteran legionaries on a hill 2 hexes ahead:
	 * 2D6 -1 armored -1 uphill = 0, at least 1D6 (R8.3): 1 hit 1/2.
	 * Veteran: no morale test (R10.2).  Shooting has no impetuous
	 * loss (R14.11). */
	fx_load(f, FX_HEAD FX_MAP("8", "8") "hills = 0402\n" FX_UNIT(
		       "s", "a", "sagittarii", "0404", "N")
		       FX_UNIT("t", "b", "legionaries", "0402",
			       "S") "veteran = yes\n");
	fx_do(f, "end");
	odds_of(f, "s", "t", &o);
	assert_int_equal(o.action, VERB_SHOOT);
	assert_int_equal(o.calc.mod[MOD_ARMORED], -1);
	assert_int_equal(o.calc.mod[MOD_UPHILL], -1);
	assert_int_equal(o.calc.total, 1);
	assert_near(o.p_hits[0], 0.5, EPS);
	assert_near(o.p_hits[1], 0.5, EPS);
	assert_near(o.expected, 0.5, EPS);
	assert_near(o.p_test, 0, EPS);
	assert_true(o.target_veteran);
}

static void
test_R9_2_charge_odds_rear_ferocious(void **state)
{
	struct fx *f = *state;
	struct odds o;
	double fail;
	int k;

	/* A warband with its general charges into the rear (0405) of
	 * legionaries facing N (test_fighting's every-bonus case):
	 * 3 +1 general +2 rear +1 ferocious, armor ignored = 7D6.
	 * Hits Bin(7, 1/2): C(7,k)/128.  Tests on any hit: 127/128.
	 * Fails: 1-4 hits (98/128) on a 1, 5-7 hits (29/128) on 1-2:
	 * 98/768 + 58/768 = 156/768.  Impetuous: 1 - (5/6)^7. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("wb", "a", "warband", "0406", "N")
			   FX_UNIT("leg", "b", "legionaries", "0404", "N")
			       FX_GENERAL("gen", "a", "wb"));
	odds_of(f, "wb", "leg", &o);
	assert_int_equal(o.action, VERB_CHARGE);
	assert_int_equal(o.from.col, 4);
	assert_int_equal(o.from.row, 5);
	assert_int_equal(o.calc.mod[MOD_REAR], 2);
	assert_int_equal(o.calc.mod[MOD_FEROCIOUS], 1);
	assert_int_equal(o.calc.mod[MOD_ARMORED], 0);
	assert_int_equal(o.calc.total, 7);
	for (k = 0; k <= 7; k++)
		assert_near(o.p_hits[k], binom(7, k) / 128, EPS);
	assert_near(o.expected, 3.5, EPS);
	assert_near(o.p_test, 127.0 / 128, EPS);
	fail = 156.0 / 768;
	assert_near(o.p_fail, fail, EPS);
	assert_near(o.p_impetuous, 1 - pow(5.0 / 6, 7), EPS);
	/* The charge itself was played on a copy: wb has not moved. */
	assert_int_equal(fx_u(f, "wb")->hex.row, 6);
}

/*
 * R9.1, R4.2, R5.5: in the movement phase an engaged unit with an enemy
 * in its rear (and another in front) gets the odds of the attack it will make in the combat
 * phase after the pivot that faces it (a playtest was told only "leg18
 * is engaged and may only pivot"); the odds agree with those asked once
 * the pivot is made.  With its movement action spent, it is told why it
 * cannot attack that enemy, not that it may only pivot.
 */
static void
test_R9_1_odds_of_an_engaged_unit_price_its_attack_after_a_pivot(
    void **state)
{
	struct fx *f = *state;
	struct odds o, after;
	char why[512], cmd[160];
	int facing;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("leg", "a", "legionaries", "0404", "N")
			   FX_UNIT("wb", "b", "warband", "0405", "S")
			       FX_UNIT("wb2", "b", "warband", "0403", "S"));
	assert_true(game_unit_engaged(f->g, fx_unit(f, "leg")));
	odds_of(f, "leg", "wb", &o);
	assert_int_equal(o.action, VERB_ATTACK);
	assert_true(o.pivot);
	facing = cannot_front_facing(f->g, fx_unit(f, "leg"), fx_unit(f, "wb"));
	assert_true(facing >= 0);
	assert_int_equal(o.facing, facing);
	assert_int_equal(fx_u(f, "leg")->facing, FACING_N); /* on a copy */
	assert_true(odds_text(f->g, fx_unit(f, "leg"), fx_unit(f, "wb"), why,
			      sizeof why) > 0);
	snprintf(cmd, sizeof cmd,
		 "odds: leg pivots to face %s (R5.5), then attacks in the "
		 "combat phase\nodds: leg attacks wb: ",
		 facing_name((enum facing)facing));
	if (strncmp(why, cmd, strlen(cmd)) != 0)
		fail_msg("odds said: %s", why);
	snprintf(cmd, sizeof cmd, "pivot leg %s", facing_name((enum facing)facing));
	fx_do(f, cmd);
	odds_of(f, "leg", "wb", &after);
	assert_false(after.pivot);
	assert_int_equal(after.calc.total, o.calc.total);
	assert_near(after.expected, o.expected, EPS);
	assert_near(after.p_fail, o.p_fail, EPS);
	/* Its pivot made: wb2, in front before it and behind it now,
	 * cannot be attacked, and no pivot is left to face it. */
	assert_int_not_equal(cannot_front_facing(f->g, fx_unit(f, "leg"),
						 fx_unit(f, "wb2")),
			     facing);
	assert_int_equal(odds_compute(f->g, fx_unit(f, "leg"),
				      fx_unit(f, "wb2"), &o, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "front hexes (R9.1)"));
	assert_null(strstr(why, "may only pivot"));
}

static void
test_R5_6_charge_odds_from_a_chosen_contact_hex(void **state)
{
	struct fx *f = *state;
	struct odds o;
	char why[256];
	struct hex flank = { 3, 4 }, rear = { 4, 5 }, far = { 5, 5 };

	/* Equites (3D6) at 0206 may charge legionaries facing N at 0404
	 * into their rear 0405 (+2) or their left flank 0304 (+1), armored
	 * each time (-1): 4D6 and 3D6.  The other rear hex, 0505, is out
	 * of reach: refused, as the charge would be. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("eq", "a", "equites", "0206", "N")
			   FX_UNIT("leg", "b", "legionaries", "0404", "N"));
	assert_int_equal(odds_charge(f->g, fx_unit(f, "eq"), fx_unit(f, "leg"),
				     rear, &o, why, sizeof why),
			 0);
	assert_int_equal(o.calc.mod[MOD_REAR], 2);
	assert_int_equal(o.calc.total, 3 + 2 - 1);
	assert_true(hex_equal(o.from, rear));
	assert_int_equal(odds_charge(f->g, fx_unit(f, "eq"), fx_unit(f, "leg"),
				     flank, &o, why, sizeof why),
			 0);
	assert_int_equal(o.calc.mod[MOD_FLANK], 1);
	assert_int_equal(o.calc.total, 3 + 1 - 1);
	assert_int_equal(odds_charge(f->g, fx_unit(f, "eq"), fx_unit(f, "leg"),
				     far, &o, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "cannot charge leg from that hex"));
}

static void
test_odds_refused_with_the_reason(void **state)
{
	struct fx *f = *state;
	struct odds o;
	char why[256];

	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("s", "a", "sagittarii", "0404", "N")
			   FX_UNIT("t", "b", "auxilia", "0401", "S")
			       FX_UNIT("e", "b", "auxilia", "0804", "S"));
	fx_do(f, "end");
	/* Range 3, t is 3 away: fine; e is 4 away. */
	odds_of(f, "s", "t", &o);
	assert_int_equal(odds_compute(f->g, fx_unit(f, "s"), fx_unit(f, "e"),
				      &o, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "forward arc"));
	/* The verb: accepted or refused as odds_compute is, nothing else. */
	fx_do(f, "odds s t");
	assert_int_equal(f->ev.n, 0);
	fx_refuse_why(f, "odds s e", "forward arc");
}

/* The figures of two odds agree, dice and chances. */
static void
assert_same_odds(const struct odds *a, const struct odds *b)
{
	int k;

	assert_int_equal(a->action, b->action);
	assert_int_equal(a->calc.total, b->calc.total);
	assert_true(hex_equal(a->from, b->from));
	for (k = 0; k <= a->calc.total; k++)
		assert_near(a->p_hits[k], b->p_hits[k], EPS);
	assert_near(a->p_routed, b->p_routed, EPS);
	assert_near(a->p_test, b->p_test, EPS);
	assert_near(a->p_fail, b->p_fail, EPS);
	assert_near(a->p_general, b->p_general, EPS);
	assert_near(a->p_impetuous, b->p_impetuous, EPS);
}

static void
test_odds_of_an_enemy_are_those_of_its_next_player_turn(void **state)
{
	struct fx *f = *state;
	struct odds now, then;
	char why[256];

	/* Side a to play; b's warband wb may charge a's auxilia t next
	 * turn (R5.6), b's velites v may shoot t (R8), b's auxilia c is
	 * in contact with t's flank and t in its front: it attacks (R9.1).
	 * Priced now, each is what b gets when its player-turn comes with
	 * nothing moved: a ends its three phases first.  t lost SP this
	 * turn does not count then (R10.1: that player-turn is over). */
	fx_load(f, FX_HEAD FX_MAP("10", "10")
		       FX_UNIT("t", "a", "auxilia", "0505", "N")
			   FX_UNIT("a2", "a", "auxilia", "0109", "N")
			       FX_UNIT("wb", "b", "warband", "0503", "S")
				   FX_GENERAL("gw", "b", "wb")
				       FX_UNIT("v", "b", "velites", "0707", "NW")
					   FX_UNIT("c", "b", "auxilia", "0605",
						   "NW"));
	odds_of(f, "wb", "t", &now);
	assert_true(now.forecast);
	assert_int_equal(now.side, 1);
	assert_int_equal(now.action, VERB_CHARGE);
	/* 3D6 +1 general +1 ferocious */
	assert_int_equal(now.calc.total, 5);
	fx_script(f, "end;end;end");
	assert_int_equal(f->g->player, 1);
	assert_int_equal(odds_compute(f->g, fx_unit(f, "wb"), fx_unit(f, "t"),
				      &then, why, sizeof why),
			 0);
	assert_false(then.forecast);
	assert_same_odds(&now, &then);

	fx_reload(f, FX_HEAD FX_MAP("10", "10")
			 FX_UNIT("t", "a", "auxilia", "0505", "N") FX_UNIT(
			     "v", "b", "velites", "0507", "N")
			     FX_UNIT("c", "b", "auxilia", "0605", "NW"));
	odds_of(f, "v", "t", &now);
	assert_int_equal(now.action, VERB_SHOOT);
	odds_of(f, "c", "t", &then);
	assert_int_equal(then.action, VERB_ATTACK);
	assert_true(then.forecast);
	fx_script(f, "end;end;end");
	odds_of(f, "c", "t", &then);
	assert_false(then.forecast);
	assert_int_equal(then.action, VERB_ATTACK);
}

static void
test_odds_of_an_enemy_refused_name_its_next_player_turn(void **state)
{
	struct fx *f = *state;
	struct odds o;
	char why[256];

	/* b's auxilia (MA 2) 4 hexes away: no charge next turn. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("s", "a", "sagittarii", "0405", "N")
			   FX_UNIT("t", "b", "auxilia", "0401", "S"));
	assert_int_equal(odds_compute(f->g, fx_unit(f, "t"), fx_unit(f, "s"),
				      &o, why, sizeof why),
			 -1);
	assert_non_null(strstr(why, "in the next player-turn of b"));
	assert_non_null(strstr(why, "cannot reach"));
}

static void
test_odds_text_lines_start_with_odds(void **state)
{
	struct fx *f = *state;
	char buf[ODDS_TEXT_MAX], *line, *save = NULL;
	int n, seen = 0;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("wb", "a", "warband", "0406", "N")
			   FX_UNIT("leg", "b", "legionaries", "0404", "N")
			       FX_GENERAL("gen", "a", "wb")
				   FX_GENERAL("g2", "b", "leg"));
	n = odds_text(f->g, fx_unit(f, "wb"), fx_unit(f, "leg"), buf,
		      sizeof buf);
	assert_true(n > 3);
	assert_non_null(strstr(buf, "7D6, hits on 4+"));
	assert_non_null(strstr(buf, "dies on a 2"));
	assert_non_null(strstr(buf, "impetuous"));
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save), seen++)
		assert_int_equal(strncmp(line, "odds: ", 6), 0);
	assert_int_equal(seen, n);
}

/* --- Monte Carlo cross-check --- */

struct tally {
	int trials;
	int hits[ODDS_DICE_MAX + 1];
	int routed, tested, failed, general, impetuous;
};

/* A small fixed generator for the test's own dice (not the game's). */
static uint32_t
lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)(*s >> 33);
}

static void
apply_line(struct game *g, const char *line, struct events *ev)
{
	struct command c;
	char why[256];

	if (command_parse(g->sc, line, &c, why, sizeof why) != 1 ||
	    game_apply(g, &c, ev, why, sizeof why) != 0)
		fail_msg("\"%s\" refused: %s", line, why);
}

/*
 * Plays pre (no dice), then roll, then ends phases until the target's
 * morale check is past, on copies of f's game with random forced dice.
 */
static void
monte_carlo(struct fx *f, const char *pre, const char *roll, int ends,
	    const char *target, int trials, struct tally *ty)
{
	struct events ev;
	struct game *c;
	char buf[256], *p, *save = NULL;
	int vals[64], i, k, e, t = fx_unit(f, target);
	int gen = f->g->units[t].general;
	uint64_t seed = 12345;

	memset(ty, 0, sizeof *ty);
	events_init(&ev);
	for (i = 0; i < trials; i++) {
		c = game_clone(f->g);
		for (k = 0; k < 64; k++)
			vals[k] = 1 + (int)(lcg(&seed) % 6);
		dice_force(&c->dice, vals, 64);
		snprintf(buf, sizeof buf, "%s", pre);
		for (p = strtok_r(buf, ";", &save); p != NULL;
		     p = strtok_r(NULL, ";", &save))
			apply_line(c, p, &ev);
		events_clear(&ev);
		apply_line(c, roll, &ev);
		for (e = 0; e < ev.n; e++) {
			if (ev.v[e].kind == EV_ATTACK ||
			    ev.v[e].kind == EV_SHOT)
				ty->hits[ev.v[e].hits]++;
			if (ev.v[e].kind == EV_IMPETUOUS)
				ty->impetuous++;
		}
		if (!c->units[t].on_map)
			ty->routed++;
		if (gen >= 0 && c->generals[gen].unit < 0)
			ty->general++;
		events_clear(&ev);
		for (k = 0; k < ends; k++)
			apply_line(c, "end", &ev);
		for (e = 0; e < ev.n; e++) {
			if (ev.v[e].kind == EV_MORALE && ev.v[e].unit == t) {
				ty->tested++;
				ty->failed += ev.v[e].value == 0;
			}
		}
		game_free(c);
	}
	ty->trials = trials;
	events_done(&ev);
}

/* Within 5 standard errors (and a hair for p near 0 or 1). */
static void
assert_agrees(int count, int trials, double p)
{
	double se = sqrt(p * (1 - p) / trials);

	assert_near((double)count / trials, p, 5 * se + 1e-3);
}

static void
check_tally(const struct tally *ty, const struct odds *o)
{
	int k;

	for (k = 0; k <= o->calc.total; k++)
		assert_agrees(ty->hits[k], ty->trials, o->p_hits[k]);
	assert_agrees(ty->routed, ty->trials, o->p_routed);
	assert_agrees(ty->tested, ty->trials, o->p_test);
	assert_agrees(ty->failed, ty->trials, o->p_fail);
	assert_agrees(ty->general, ty->trials, o->p_general);
	assert_agrees(ty->impetuous, ty->trials, o->p_impetuous);
}

static void
test_odds_agree_with_played_attacks(void **state)
{
	struct fx *f = *state;
	struct tally ty;
	struct odds o;

	/* Generals on both sides, the target at 5 hits: every outcome. */
	fx_load(
	    f,
	    FX_HEAD FX_MAP("8", "8") FX_UNIT("wb", "a", "warband", "0403", "S")
		FX_UNIT("w2", "a", "warband", "0108", "N") FX_UNIT(
		    "t", "b", "auxilia", "0404",
		    "N") "hits = 5\n" FX_UNIT("t2", "b", "auxilia", "0808", "N")
		    FX_GENERAL("ga", "a", "wb") FX_GENERAL("gb", "b", "t"));
	TO_COMBAT(f);
	odds_of(f, "wb", "t", &o);
	monte_carlo(f, "", "attack wb t", 1, "t", 20000, &ty);
	check_tally(&ty, &o);
}

static void
test_odds_agree_with_played_charges_and_shots(void **state)
{
	struct fx *f = *state;
	struct tally ty;
	struct odds o;

	fx_load(
	    f,
	    FX_HEAD FX_MAP("8", "8") FX_UNIT("wb", "a", "warband", "0406", "N")
		FX_UNIT("leg", "b", "legionaries", "0404", "N") "hits = 4\n");
	odds_of(f, "wb", "leg", &o);
	monte_carlo(f, "charge wb leg;end;end", "attack wb leg", 1, "leg",
		    20000, &ty);
	check_tally(&ty, &o);

	fx_reload(f, FX_HEAD FX_MAP("8", "8")
			 FX_UNIT("s", "a", "velites", "0404", "N") FX_UNIT(
			     "t", "b", "auxilia", "0402", "S") "hits = 6\n");
	fx_do(f, "end");
	odds_of(f, "s", "t", &o);
	monte_carlo(f, "", "shoot s t", 2, "t", 20000, &ty);
	check_tally(&ty, &o);
}

static void
group_of(struct fx *f, const char *line, struct odds_group *o)
{
	struct command c;
	char why[256];
	unsigned long rolled = f->g->dice.rolled;
	uint64_t digest = game_digest(f->g);

	if (command_parse(f->sc, line, &c, why, sizeof why) != 1)
		fail_msg("\"%s\": %s", line, why);
	assert_int_equal(c.verb, VERB_ODDS);
	/* `odds U T` (ngroup 0) is a group of one here; -1 is every unit. */
	if (odds_group_compute(f->g, c.ngroup == 0 ? &c.unit : c.group,
			       c.ngroup == 0 ? 1 : c.ngroup < 0 ? 0 : c.ngroup,
			       c.target, o, why, sizeof why) != 0)
		fail_msg("\"%s\" refused: %s", line, why);
	assert_true(game_digest(f->g) == digest);
	assert_true(f->g->dice.rolled == rolled);
}

static void
test_R9_1_combined_attacks_rout_when_any_roll_is_enough(void **state)
{
	struct fx *f = *state;
	struct odds_group *o = calloc(1, sizeof *o);
	struct odds one;

	/* t (auxilia, 8 hits) has a1 in front (3D6) and a2 on its left
	 * flank (3D6 +1 flank = 4D6): one hit routs it (R7.2).  a2 rolls
	 * only if a1 missed (1/8); t stands only if both miss:
	 * 1/8 * 1/16 = 1/128.  Standing, it has no hit and lost no SP: no
	 * test.  Expected hits: the one that routs it, 127/128. */
	assert_non_null(o);
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("a1", "a", "auxilia", "0403", "S")
			   FX_UNIT("a2", "a", "auxilia", "0304", "NE")
			       FX_UNIT("t", "b", "auxilia", "0404",
				       "N") "hits = 8\n");
	TO_COMBAT(f);
	group_of(f, "odds a1,a2 t", o);
	assert_false(o->forecast);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->cap, 1);
	assert_int_equal(o->member[0].calc.total, 3);
	assert_int_equal(o->member[1].calc.total, 4);
	assert_near(o->p_rolls[0], 1, EPS);
	assert_near(o->p_rolls[1], 1.0 / 8, EPS);
	assert_near(o->p_routed, 127.0 / 128, EPS);
	assert_near(o->p_hits[0], 1.0 / 128, EPS);
	assert_near(o->expected, 127.0 / 128, EPS);
	assert_near(o->p_test, 0, EPS);
	/* One unit alone: the group's figures are the single odds'. */
	group_of(f, "odds a1, t", o);
	odds_of(f, "a1", "t", &one);
	assert_near(o->p_routed, one.p_routed, EPS);
	assert_near(o->p_test, one.p_test, EPS);
	/* The forms are written back as typed; a unit twice is refused. */
	{
		struct command c;
		char text[128];

		assert_int_equal(command_parse(f->sc, "odds a1,a2 t", &c,
					       text, sizeof text),
				 1);
		command_format(f->sc, &c, text, sizeof text);
		assert_string_equal(text, "odds a1,a2 t");
		assert_int_equal(
		    command_parse(f->sc, "odds t", &c, text, sizeof text), 1);
		command_format(f->sc, &c, text, sizeof text);
		assert_string_equal(text, "odds t");
		assert_int_equal(command_parse(f->sc, "odds a1,a1 t", &c,
					       text, sizeof text),
				 -1);
		assert_non_null(strstr(text, "listed twice"));
	}
	/* `odds t`: every unit that can act on it, both of them. */
	group_of(f, "odds t", o);
	assert_int_equal(o->n, 2);
	assert_near(o->p_routed, 127.0 / 128, EPS);
	free(o);
}

static void
test_combined_odds_of_the_enemy_agree_with_played_turns(void **state)
{
	struct fx *f = *state;
	struct odds_group *o = calloc(1, sizeof *o);
	struct events ev;
	struct game *c;
	int vals[64], i, k, trials = 20000, routed = 0, tested = 0, failed = 0;
	int t;
	uint64_t seed = 777;

	/* Side a to play: b's warband w charges t next turn (3D6 +1
	 * ferocious = 4D6), b's velites v shoot it from 2 hexes (2D6).
	 * Priced now, then played on copies: the shot, then the attack
	 * while t stands, one morale test for both (R10.1). */
	assert_non_null(o);
	fx_load(f, FX_HEAD FX_MAP("10", "10")
		       FX_UNIT("t", "a", "auxilia", "0505", "N") "hits = 4\n"
		       FX_UNIT("a2", "a", "auxilia", "0110", "N")
			   FX_UNIT("w", "b", "warband", "0503", "S")
			       FX_UNIT("v", "b", "velites", "0507", "N"));
	group_of(f, "odds w,v t", o);
	assert_true(o->forecast);
	assert_int_equal(o->n, 2);
	assert_int_equal(o->member[0].action, VERB_SHOOT); /* shots first */
	assert_int_equal(o->member[1].action, VERB_CHARGE);
	assert_int_equal(o->member[1].calc.total, 4);
	t = fx_unit(f, "t");
	events_init(&ev);
	for (i = 0; i < trials; i++) {
		c = game_clone(f->g);
		apply_line(c, "end", &ev);
		apply_line(c, "end", &ev);
		apply_line(c, "end", &ev);
		for (k = 0; k < 64; k++)
			vals[k] = 1 + (int)(lcg(&seed) % 6);
		dice_force(&c->dice, vals, 64);
		events_clear(&ev);
		apply_line(c, "charge w t", &ev);
		apply_line(c, "end", &ev);
		apply_line(c, "shoot v t", &ev);
		apply_line(c, "end", &ev);
		if (c->units[t].on_map)
			apply_line(c, "attack w t", &ev);
		apply_line(c, "end", &ev);
		for (k = 0; k < ev.n; k++)
			if (ev.v[k].kind == EV_MORALE && ev.v[k].unit == t) {
				tested++;
				failed += ev.v[k].value == 0;
			}
		routed += !c->units[t].on_map;
		events_clear(&ev);
		game_free(c);
	}
	events_done(&ev);
	assert_agrees(routed, trials, o->p_routed);
	assert_agrees(tested, trials, o->p_test);
	assert_agrees(failed, trials, o->p_fail);
	free(o);
}

static void
test_R5_7_odds_after_a_move_are_those_of_a_push_charge(void **state)
{
	struct fx *f = *state;
	struct odds o;
	char buf[ODDS_TEXT_MAX];

	/* a (auxilia, push 3+) moves 0406 -> 0405 and may push (R5.7):
	 * its odds on t are those of `push a charge t` from 0404 (t in
	 * front: 3D6), the roll failing on 1-2 (1/3) and costing
	 * 1 SP first.  A warband's push charge rolls nothing (R13.1). */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("a", "a", "auxilia", "0406", "N")
			   FX_UNIT("w", "a", "warband", "0706", "N")
			       FX_UNIT("t", "b", "auxilia", "0403", "S"));
	fx_do(f, "move a 0405");
	odds_of(f, "a", "t", &o);
	assert_true(o.push);
	assert_int_equal(o.action, VERB_CHARGE);
	assert_int_equal(o.push_need, 3);
	assert_near(o.p_fatigue, 1.0 / 3, EPS);
	assert_int_equal(o.calc.total, 3);
	assert_true(odds_text(f->g, fx_unit(f, "a"), fx_unit(f, "t"), buf,
			      sizeof buf) > 0);
	assert_non_null(strstr(buf, "as a push (R5.7): a needs 3+"));
	/* The push was priced, not made: a may still push. */
	assert_int_equal(f->g->push_unit, fx_unit(f, "a"));
	assert_false(fx_u(f, "a")->pushed);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_R9_2_attack_odds_flank_and_armor),
		FX_TEST(test_R9_5_attack_odds_generals_and_impetuous),
		FX_TEST(test_R8_3_shot_odds_at_least_one_die),
		FX_TEST(test_R9_2_charge_odds_rear_ferocious),
		FX_TEST(test_R5_6_charge_odds_from_a_chosen_contact_hex),
		FX_TEST(test_odds_refused_with_the_reason),
		FX_TEST(test_odds_of_an_enemy_are_those_of_its_next_player_turn),
		FX_TEST(test_odds_of_an_enemy_refused_name_its_next_player_turn),
		FX_TEST(test_odds_text_lines_start_with_odds),
		FX_TEST(test_odds_agree_with_played_attacks),
		FX_TEST(test_odds_agree_with_played_charges_and_shots),
		FX_TEST(test_R9_1_combined_attacks_rout_when_any_roll_is_enough),
		FX_TEST(test_combined_odds_of_the_enemy_agree_with_played_turns),
		FX_TEST(test_R5_7_odds_after_a_move_are_those_of_a_push_charge),
		FX_TEST(
		    test_R9_1_odds_of_an_engaged_unit_price_its_attack_after_a_pivot),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
