/*
 * Rule tests of phase 4: morale checks (R10.1, R10.2), every retreat case
 * of R10.3 (empty hex, friend pushed back, push blocked, terrain, map edge,
 * enemies behind) with its preferences, R10.4, the order of the checks
 * (R10.5, R14.14), advances (R10.6, R14.16) and what a blocked retreat
 * costs (R7, R14.13, R14.15).  Every expected value is worked out from
 * rules.md by hand.
 *
 * The usual pair: u (a, auxilia) at 0403 facing S attacks t (b, auxilia)
 * at 0404 facing N.  t's rear hexes are 0405 (at 7) and 0505 (at 5); a
 * friend pushed from 0405 goes to 0306, one pushed from 0505 to 0506.
 * Both rear hexes are 2 from u, so with nothing else about t falls back
 * to 0505, the lower clock hour.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"

#define PAIR FX_HEAD FX_MAP("8", "8")                                        \
	FX_UNIT("u", "a", "auxilia", "0403", "S")                            \
	FX_UNIT("t", "b", "auxilia", "0404", "N")
/* A map whose 0505 is swamp (nobody enters) and 0405 river. */
#define SWAMP_MAP(r5)                                                        \
	"[map]\nwidth = 8\nheight = 8\nterrain =\n  ........\n  ........\n"  \
	"  ........\n  ........\n  ..." r5 "s...\n  ........\n  ........\n"  \
	"  ........\n"
#define PAIR_ON(map) FX_HEAD map                                             \
	FX_UNIT("u", "a", "auxilia", "0403", "S")                            \
	FX_UNIT("t", "b", "auxilia", "0404", "N")

/*
 * From a's movement phase: u attacks t with the given dice, then `end`
 * runs phase 4 with the morale dice queued.
 */
static void
attack_then_check_at(struct fx *f, const char *attack, const char *morale,
    const char *file, int line)
{
	fx_script_at(f, "end;end", file, line);
	fx_dice_at(f, attack, file, line);
	fx_do_at(f, "attack u t", file, line);
	if (morale[0] != '\0')
		fx_dice_at(f, morale, file, line);
	fx_do_at(f, "end", file, line);
}
#define attack_then_check(f, attack, morale)                                 \
	attack_then_check_at((f), (attack), (morale), __FILE__, __LINE__)

/* --- R10.1, R10.2 who checks and what passes --- */

static void
test_R10_1_pass_on_2_with_1_to_4_hits_on_3_with_5_to_8(void **state)
{
	static const struct {
		int hits;	/* after the attack's one hit */
		int die;
		int need;
		int pass;
	} cases[] = {
		{ 1, 1, 2, 0 }, { 1, 2, 2, 1 }, { 4, 1, 2, 0 }, { 4, 2, 2, 1 },
		{ 5, 2, 3, 0 }, { 5, 3, 3, 1 }, { 8, 2, 3, 0 }, { 8, 3, 3, 1 },
	};
	struct fx *f = *state;
	const struct event *e;
	char ini[1024], die[4];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(ini, sizeof ini, "%shits = %d\n", PAIR,
		    cases[i].hits - 1);
		fx_reload(f, ini);
		snprintf(die, sizeof die, "%d", cases[i].die);
		attack_then_check(f, "6 3 3", die);
		e = fx_event(f, EV_MORALE, 0);
		assert_int_equal(e->unit, fx_unit(f, "t"));
		assert_int_equal(e->value2, cases[i].hits);
		assert_int_equal(e->need, cases[i].need);
		assert_int_equal(e->dice[0], cases[i].die);
		assert_int_equal(e->value, cases[i].pass);
		fx_assert_unit(f, "t", cases[i].pass ? "0404" : "0505", "N",
		    cases[i].hits);
		fx_no_dice_left(f);
	}
}

static void
test_R10_1_no_loss_no_check(void **state)
{
	struct fx *f = *state;
	unsigned long rolled;

	fx_load(f, PAIR);
	rolled = f->g->dice.rolled;
	attack_then_check(f, "3 3 3", "");
	assert_int_equal(fx_count(f, EV_MORALE), 0);
	assert_int_equal(f->g->dice.rolled, rolled + 3);
	/* On to b's player-turn. */
	assert_int_equal(f->g->player, 1);
	assert_int_equal(f->g->phase, PHASE_MOVEMENT);
}

static void
test_R10_1_one_check_after_a_shot_and_an_attack(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	/* s at 0402 facing S: 0404 is 1 step at 5 and 1 at 7 away, and the
	 * line runs along the hexside of 0403 and 0503 (only 0403 holds a
	 * unit: clear). */
	fx_load(f, PAIR FX_UNIT("s", "a", "sagittarii", "0402", "S"));
	fx_do(f, "end");
	fx_dice(f, "6 3");
	fx_do(f, "shoot s t");
	fx_do(f, "end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u t");
	fx_dice(f, "4");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 1);
	e = fx_event(f, EV_MORALE, 0);
	assert_int_equal(e->value2, 2);
	assert_int_equal(e->value, 1);
	fx_no_dice_left(f);
}

static void
test_R10_2_general_attached_needs_no_check(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR FX_GENERAL("gb", "b", "t"));
	attack_then_check(f, "6 3 3", "");
	assert_int_equal(fx_count(f, EV_MORALE), 0);
	assert_int_equal(fx_event(f, EV_MORALE_EXEMPT, 0)->value, 1);
	fx_assert_unit(f, "t", "0404", "N", 1);
	fx_no_dice_left(f);
}

static void
test_R10_2_veteran_needs_no_check(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR "veteran = yes\n");
	attack_then_check(f, "6 3 3", "");
	assert_int_equal(fx_count(f, EV_MORALE), 0);
	assert_int_equal(fx_event(f, EV_MORALE_EXEMPT, 0)->value, 2);
	fx_no_dice_left(f);
}

static void
test_R14_14_exemption_judged_when_the_unit_checks(void **state)
{
	struct fx *f = *state;

	/* tb loses SP first; then ta routs and its general joins tb, the
	 * only friend left: in phase 4 tb has a general and is exempt. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u1", "a", "auxilia", "0703", "S")
	    FX_UNIT("u2", "a", "auxilia", "0403", "S")
	    FX_UNIT("ta", "b", "auxilia", "0404", "N") "hits = 7\n"
	    FX_UNIT("tb", "b", "auxilia", "0704", "N")
	    FX_GENERAL("gb", "b", "ta"));
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u1 tb");
	fx_dice(f, "6 6 3  4");
	fx_do(f, "attack u2 ta");
	assert_string_equal(fx_general_with(f, "gb"), "tb");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 0);
	assert_int_equal(fx_event(f, EV_MORALE_EXEMPT, 0)->unit,
	    fx_unit(f, "tb"));
	fx_no_dice_left(f);
}

/* --- R10.3 retreats --- */

static void
test_R10_3_retreat_keeps_facing_tie_to_lower_clock(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, PAIR);
	attack_then_check(f, "6 3 3", "1");
	e = fx_event(f, EV_RETREAT, 0);
	assert_true(hex_equal(e->from, (struct hex){ 4, 4 }));
	assert_true(hex_equal(e->to, (struct hex){ 5, 5 }));
	fx_assert_unit(f, "t", "0505", "N", 1);
	assert_true(f->g->units[fx_unit(f, "t")].failed_morale);
}

static void
test_R10_3_farther_from_the_nearest_enemy(void **state)
{
	struct fx *f = *state;

	/* x at 0605 touches 0505: from 0505 the nearest enemy is 1 away,
	 * from 0405 it is 2 (u; x is 2 too). */
	fx_load(f, PAIR FX_UNIT("x", "a", "auxilia", "0605", "N"));
	attack_then_check(f, "6 3 3", "1");
	fx_assert_unit(f, "t", "0405", "N", 1);
}

static void
test_R10_3_empty_hex_before_a_friend(void **state)
{
	struct fx *f = *state;

	/* The clock would pick 0505, but a friend stands there. */
	fx_load(f, PAIR FX_UNIT("fr", "b", "auxilia", "0505", "N"));
	attack_then_check(f, "6 3 3", "1");
	fx_assert_unit(f, "t", "0405", "N", 1);
	fx_assert_unit(f, "fr", "0505", "N", 0);
	assert_int_equal(fx_count(f, EV_PUSHED_BACK), 0);
}

static void
test_R10_3_friend_pushed_back(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, PAIR_ON(SWAMP_MAP("."))
	    FX_UNIT("fr", "b", "auxilia", "0405", "NE"));
	attack_then_check(f, "6 3 3", "1");
	e = fx_event(f, EV_PUSHED_BACK, 0);
	assert_int_equal(e->unit, fx_unit(f, "fr"));
	assert_true(hex_equal(e->from, (struct hex){ 4, 5 }));
	assert_true(hex_equal(e->to, (struct hex){ 3, 6 }));
	assert_true(fx_index(f, EV_PUSHED_BACK) < fx_index(f, EV_RETREAT));
	fx_assert_unit(f, "fr", "0306", "NE", 0);
	fx_assert_unit(f, "t", "0405", "N", 1);
	/* Phase 5: the pushed friend does not count (R11.2). */
	fx_do(f, "hold u");
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 1);
	/* ... and the event says why: one unit failed and stands. */
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->lost[0], 1);
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->lost[1], 0);
	assert_int_equal(f->g->bp[1], 3);
}

static void
test_R10_3_two_friends_tie_to_lower_clock_hour(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR FX_UNIT("f7", "b", "auxilia", "0405", "N")
	    FX_UNIT("f5", "b", "auxilia", "0505", "N"));
	attack_then_check(f, "6 3 3", "1");
	fx_assert_unit(f, "f5", "0506", "N", 0);
	fx_assert_unit(f, "f7", "0405", "N", 0);
	fx_assert_unit(f, "t", "0505", "N", 1);
}

static void
test_R10_3_blocked_push_counts_as_terrain(void **state)
{
	struct fx *f = *state;

	/* fr at 0405 would go to 0306, which g holds: no chains (R14.14).
	 * 0505 is swamp.  t stays and loses 1 more SP. */
	fx_load(f, PAIR_ON(SWAMP_MAP("."))
	    FX_UNIT("fr", "b", "auxilia", "0405", "N")
	    FX_UNIT("g", "b", "auxilia", "0306", "N"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	assert_int_equal(fx_count(f, EV_PUSHED_BACK), 0);
	fx_assert_unit(f, "t", "0404", "N", 2);
	fx_assert_unit(f, "fr", "0405", "N", 0);
	fx_assert_unit(f, "g", "0306", "N", 0);
	/* It did not leave: no advance; it failed and stands: b loses 1. */
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 0);
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 1);
	fx_no_dice_left(f);
}

static void
test_R14_14_push_blocked_by_the_map_edge(void **state)
{
	struct fx *f = *state;

	/* t at 0104 facing N: rear 0105 (7) and 0205 (5, swamp).  The
	 * friend at 0105 would go to its 7, off the map. */
	fx_load(f, FX_HEAD "[map]\nwidth = 8\nheight = 8\nterrain =\n"
	    "  ........\n  ........\n  ........\n  ........\n  .s......\n"
	    "  ........\n  ........\n  ........\n"
	    FX_UNIT("u", "a", "auxilia", "0103", "S")
	    FX_UNIT("t", "b", "auxilia", "0104", "N")
	    FX_UNIT("fr", "b", "auxilia", "0105", "N"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	fx_assert_unit(f, "t", "0104", "N", 2);
	fx_assert_unit(f, "fr", "0105", "N", 0);
}

static void
test_R14_14_push_blocked_by_the_friends_terrain(void **state)
{
	struct fx *f = *state;

	/* The friend is mounted; 0306 is rough. */
	fx_load(f, FX_HEAD "[map]\nwidth = 8\nheight = 8\nterrain =\n"
	    "  ........\n  ........\n  ........\n  ........\n  ....s...\n"
	    "  ..r.....\n  ........\n  ........\n"
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_UNIT("fr", "b", "equites", "0405", "N"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	fx_assert_unit(f, "t", "0404", "N", 2);
	fx_assert_unit(f, "fr", "0405", "N", 0);
}

static void
test_R14_14_retreating_unit_must_enter_the_friend_hex(void **state)
{
	struct fx *f = *state;

	/* t is mounted; the friend at 0405 stands in rough. */
	fx_load(f, FX_HEAD SWAMP_MAP("r")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "equites", "0404", "N")
	    FX_UNIT("fr", "b", "auxilia", "0405", "N"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	fx_assert_unit(f, "t", "0404", "N", 2);
	fx_assert_unit(f, "fr", "0405", "N", 0);
}

static void
test_R10_3_both_rear_hexes_blocked_by_terrain(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR_ON(SWAMP_MAP("~")));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	fx_assert_unit(f, "t", "0404", "N", 2);
	/* It failed and still stands: b loses 1 in phase 5. */
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 1);
}

static void
test_R10_3_both_rear_hexes_off_the_map(void **state)
{
	struct fx *f = *state;

	/* 0408 facing N: 7 = 0409 and 5 = 0509, below the last row. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0407", "S")
	    FX_UNIT("t", "b", "auxilia", "0408", "N"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	fx_assert_unit(f, "t", "0408", "N", 2);
}

static void
test_R10_3_enemies_in_both_rear_hexes_destroy(void **state)
{
	struct fx *f = *state;

	/* x7 and x5 face S, so t is in neither's front: no attack due. */
	fx_load(f, PAIR FX_UNIT("x7", "a", "auxilia", "0405", "S")
	    FX_UNIT("x5", "a", "auxilia", "0505", "S")
	    FX_UNIT("b2", "b", "auxilia", "0108", "N"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_DESTROYED), 1);
	/* R14.13: it keeps the hits it had. */
	fx_assert_unit(f, "t", "-", "N", 1);
	/* No advance into a destroyed unit's hex; it counts as routed. */
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 0);
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 2);
	assert_int_equal(f->g->bp[1], 2);
	assert_int_equal(f->g->player, 1);
}

static void
test_R14_14_one_enemy_behind_one_blocked_stays(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR_ON(SWAMP_MAP("."))
	    FX_UNIT("x7", "a", "auxilia", "0405", "S"));
	attack_then_check(f, "6 3 3", "1");
	assert_int_equal(fx_count(f, EV_DESTROYED), 0);
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	fx_assert_unit(f, "t", "0404", "N", 2);
}

static void
test_R10_4_retreat_may_end_next_to_an_enemy(void **state)
{
	struct fx *f = *state;

	/* One enemy behind (0405), the other rear hex free: 0505 touches
	 * x7 but a retreat ignores R4.3. */
	fx_load(f, PAIR FX_UNIT("x7", "a", "auxilia", "0405", "S"));
	attack_then_check(f, "6 3 3", "1");
	fx_assert_unit(f, "t", "0505", "N", 1);
	assert_true(game_unit_engaged(f->g, fx_unit(f, "t")));
}

static void
test_R14_15_blocked_retreat_rout_counts_as_routed(void **state)
{
	struct fx *f = *state;

	/* 7 + 1 = 8 hits: fails on 2 (needs 3), cannot retreat, the
	 * extra SP makes 9.  b: 2 units, bp 4, loses 2 (not 1 + 2). */
	fx_load(f, PAIR_ON(SWAMP_MAP("~")) "hits = 7\n"
	    FX_UNIT("b2", "b", "auxilia", "0108", "N"));
	attack_then_check(f, "6 3 3", "2");
	assert_int_equal(fx_count(f, EV_RETREAT_BLOCKED), 1);
	assert_int_equal(fx_count(f, EV_ROUTED), 1);
	fx_assert_unit(f, "t", "-", "N", 9);
	assert_false(f->g->units[fx_unit(f, "t")].failed_morale);
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 2);
	assert_int_equal(f->g->bp[1], 2);
}

static void
test_R14_14_no_enemy_left_lower_clock_hour(void **state)
{
	struct fx *f = *state;

	/* The warband, a's only unit, routs on its own impetuous 1; t then
	 * fails with no enemy on the map: 5 o'clock beats 7. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0403", "S") "hits = 8\n"
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	fx_script(f, "end;end");
	fx_dice(f, "1 6 3");
	fx_do(f, "attack wb t");
	fx_assert_unit(f, "wb", "-", "S", 9);
	fx_dice(f, "1");
	fx_do(f, "end");
	fx_assert_unit(f, "t", "0505", "N", 1);
	/* R14.16: the routed warband is not asked to advance. */
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 0);
	/* a has no unit left: it quits and b wins. */
	assert_true(f->g->over);
	assert_int_equal(f->g->winner, 1);
	fx_no_dice_left(f);
}

/* --- R10.5, R14.14 the order of the checks --- */

static void
test_R10_5_checks_in_hex_name_order_before_advances(void **state)
{
	struct fx *f = *state;
	int i, last_morale = -1;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u1", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0603", "S")
	    FX_UNIT("t2", "b", "auxilia", "0604", "N")
	    FX_UNIT("t1", "b", "auxilia", "0404", "N"));
	fx_script(f, "end;end");
	/* Attack the higher hex first: the checks still go 0404, 0604. */
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u2 t2");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u1 t1");
	fx_dice(f, "1 2");
	fx_do(f, "end");
	assert_int_equal(fx_event(f, EV_MORALE, 0)->unit, fx_unit(f, "t1"));
	assert_int_equal(fx_event(f, EV_MORALE, 1)->unit, fx_unit(f, "t2"));
	assert_int_equal(fx_event(f, EV_MORALE, 0)->value, 0);
	assert_int_equal(fx_event(f, EV_MORALE, 1)->value, 1);
	assert_string_equal(facing_name(f->g->units[fx_unit(f, "t1")].facing),
	    "N");
	assert_false(hex_equal(f->g->units[fx_unit(f, "t1")].hex,
	    (struct hex){ 4, 4 }));
	fx_assert_unit(f, "t2", "0604", "N", 1);
	for (i = 0; i < f->ev.n; i++)
		if (f->ev.v[i].kind == EV_MORALE)
			last_morale = i;
	assert_true(last_morale < fx_index(f, EV_ADVANCE_OFFER));
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 1);
	assert_int_equal(fx_event(f, EV_ADVANCE_OFFER, 0)->unit,
	    fx_unit(f, "u1"));
	fx_no_dice_left(f);
}

static void
test_R14_14_pushed_friend_checks_where_it_stands(void **state)
{
	struct fx *f = *state;

	/* t1 (0404) checks before t2 (0405).  t1 fails; 0505 is swamp, so
	 * it pushes t2 from 0405 to 0306 and takes 0405.  t2 then checks at
	 * 0306 and passes. */
	fx_load(f, FX_HEAD SWAMP_MAP(".")
	    FX_UNIT("u1", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0305", "NE")
	    FX_UNIT("t1", "b", "auxilia", "0404", "N")
	    FX_UNIT("t2", "b", "auxilia", "0405", "N"));
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u1 t1");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u2 t2");
	fx_dice(f, "1 6");
	fx_do(f, "end");
	assert_true(fx_index(f, EV_PUSHED_BACK) < fx_index(f, EV_RETREAT));
	assert_int_equal(fx_event(f, EV_MORALE, 1)->unit, fx_unit(f, "t2"));
	assert_true(fx_index(f, EV_RETREAT) <
	    (int)(fx_event(f, EV_MORALE, 1) - f->ev.v));
	fx_assert_unit(f, "t1", "0405", "N", 1);
	fx_assert_unit(f, "t2", "0306", "N", 1);
	/* Only u1 may advance: t2 was pushed, it did not retreat. */
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 1);
	assert_int_equal(fx_event(f, EV_ADVANCE_OFFER, 0)->unit,
	    fx_unit(f, "u1"));
	fx_do(f, "hold u1");
	/* b loses 1: t1 failed; t2 was pushed and passed. */
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 1);
	fx_no_dice_left(f);
}

/* --- R10.6, R14.16 advances --- */

static void
test_R10_6_attacker_advances_keeping_its_facing(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, PAIR);
	attack_then_check(f, "6 3 3", "1");
	e = fx_event(f, EV_ADVANCE_OFFER, 0);
	assert_int_equal(e->unit, fx_unit(f, "u"));
	assert_true(hex_equal(e->to, (struct hex){ 4, 4 }));
	assert_int_equal(f->g->phase, PHASE_MORALE);
	fx_do(f, "advance u");
	assert_int_equal(fx_count(f, EV_ADVANCE), 1);
	fx_assert_unit(f, "u", "0404", "S", 0);
	/* The last decision runs phase 5 and opens b's player-turn. */
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 1);
	assert_int_equal(f->g->player, 1);
	assert_int_equal(f->g->phase, PHASE_MOVEMENT);
}

static void
test_R10_6_hold_stays(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR);
	attack_then_check(f, "6 3 3", "1");
	fx_do(f, "hold u");
	assert_int_equal(fx_count(f, EV_HOLD), 1);
	fx_assert_unit(f, "u", "0403", "S", 0);
	assert_int_equal(f->g->player, 1);
	fx_refuse_why(f, "advance u", "no advance is pending");
}

static void
test_R10_6_only_decisions_dump_and_dice_while_pending(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR FX_UNIT("v", "a", "velites", "0108", "N"));
	attack_then_check(f, "6 3 3", "1");
	fx_refuse_why(f, "end", "advances are pending: answer advance or "
	    "hold for u");
	fx_refuse(f, "move v 0107");
	fx_refuse(f, "pivot v S");
	fx_refuse(f, "attack u t");
	fx_refuse_why(f, "advance v", "pending: u");
	fx_refuse_why(f, "hold t", "pending: u");
	fx_do(f, "dump");
	fx_do(f, "dice 4");
	assert_int_equal(dice_forced_left(&f->g->dice), 1);
	assert_int_equal(f->g->phase, PHASE_MORALE);
	fx_do(f, "advance u");
}

static void
test_R10_6_advance_ignores_R4_3_and_engagement(void **state)
{
	struct fx *f = *state;

	/* u is also engaged with b3 (0304, at 7 in its front: u chooses t),
	 * and 0404 touches b2 (0504). */
	fx_load(f, PAIR FX_UNIT("b2", "b", "auxilia", "0504", "N")
	    FX_UNIT("b3", "b", "auxilia", "0304", "NE"));
	attack_then_check(f, "6 3 3", "1");
	fx_assert_unit(f, "t", "0505", "N", 1);
	fx_do(f, "advance u");
	fx_assert_unit(f, "u", "0404", "S", 0);
	assert_true(game_unit_engaged(f->g, fx_unit(f, "u")));
}

static void
test_R10_6_shooters_are_not_asked(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("s", "a", "sagittarii", "0402", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	fx_do(f, "end");
	fx_dice(f, "6 3");
	fx_do(f, "shoot s t");
	fx_do(f, "end");
	fx_dice(f, "1");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_RETREAT), 1);
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 0);
	assert_int_equal(f->g->player, 1);
	fx_no_dice_left(f);
}

static void
test_R14_16_attacker_that_may_not_enter_is_not_asked(void **state)
{
	struct fx *f = *state;

	/* t (velites) stands in woods at 0404; the equites at 0403 may not
	 * enter woods, the warband at 0503 (t at its 7) may. */
	fx_load(f, FX_HEAD "[map]\nwidth = 8\nheight = 8\nterrain =\n"
	    "  ........\n  ........\n  ........\n  ...w....\n  ........\n"
	    "  ........\n  ........\n  ........\n"
	    FX_UNIT("eq", "a", "equites", "0403", "S")
	    FX_UNIT("wb", "a", "warband", "0503", "S")
	    FX_UNIT("t", "b", "velites", "0404", "N"));
	fx_script(f, "end;end");
	fx_dice(f, "6 3");
	fx_do(f, "attack eq t");
	fx_dice(f, "3 3");
	fx_do(f, "attack wb t");
	fx_dice(f, "1");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 1);
	assert_int_equal(fx_event(f, EV_ADVANCE_OFFER, 0)->unit,
	    fx_unit(f, "wb"));
	fx_refuse(f, "advance eq");
	fx_do(f, "advance wb");
	fx_assert_unit(f, "wb", "0404", "S", 0);
	fx_no_dice_left(f);
}

static void
test_R14_16_once_one_advances_the_others_lapse(void **state)
{
	struct fx *f = *state;

	fx_load(f, PAIR FX_UNIT("u2", "a", "auxilia", "0503", "S"));
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u t");
	fx_dice(f, "3 3 3");
	fx_do(f, "attack u2 t");
	fx_dice(f, "1");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 2);
	fx_do(f, "advance u2");
	fx_assert_unit(f, "u2", "0404", "S", 0);
	/* u's decision lapsed: play went on to b's player-turn. */
	assert_int_equal(f->g->noffers, 0);
	assert_int_equal(f->g->player, 1);
	fx_refuse(f, "advance u");
	fx_no_dice_left(f);
}

static void
test_R10_6_no_offer_for_a_hex_filled_again(void **state)
{
	struct fx *f = *state;

	/* t1 (0404) retreats to 0505 (both rear hexes 2 from the nearest
	 * enemy; 5 o'clock).  t2 (0503, facing NE: rear 0403 at 9 holds u1,
	 * 0404 at 7) then falls back into 0404.  u1 may not advance there;
	 * u2 may advance into 0503. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u1", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0603", "NW")
	    FX_UNIT("t1", "b", "auxilia", "0404", "N")
	    FX_UNIT("t2", "b", "auxilia", "0503", "NE"));
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u1 t1");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u2 t2");
	fx_dice(f, "1 1");
	fx_do(f, "end");
	fx_assert_unit(f, "t1", "0505", "N", 1);
	fx_assert_unit(f, "t2", "0404", "NE", 1);
	assert_int_equal(fx_count(f, EV_ADVANCE_OFFER), 1);
	assert_int_equal(fx_event(f, EV_ADVANCE_OFFER, 0)->unit,
	    fx_unit(f, "u2"));
	fx_do(f, "advance u2");
	fx_assert_unit(f, "u2", "0503", "NW", 0);
	/* b loses 2: both failed and still stand. */
	assert_int_equal(fx_event(f, EV_BREAKPOINT_LOSS, 0)->value, 2);
	fx_no_dice_left(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_R10_1_pass_on_2_with_1_to_4_hits_on_3_with_5_to_8),
		FX_TEST(test_R10_1_no_loss_no_check),
		FX_TEST(test_R10_1_one_check_after_a_shot_and_an_attack),
		FX_TEST(test_R10_2_general_attached_needs_no_check),
		FX_TEST(test_R10_2_veteran_needs_no_check),
		FX_TEST(test_R14_14_exemption_judged_when_the_unit_checks),
		FX_TEST(test_R10_3_retreat_keeps_facing_tie_to_lower_clock),
		FX_TEST(test_R10_3_farther_from_the_nearest_enemy),
		FX_TEST(test_R10_3_empty_hex_before_a_friend),
		FX_TEST(test_R10_3_friend_pushed_back),
		FX_TEST(test_R10_3_two_friends_tie_to_lower_clock_hour),
		FX_TEST(test_R10_3_blocked_push_counts_as_terrain),
		FX_TEST(test_R14_14_push_blocked_by_the_map_edge),
		FX_TEST(test_R14_14_push_blocked_by_the_friends_terrain),
		FX_TEST(test_R14_14_retreating_unit_must_enter_the_friend_hex),
		FX_TEST(test_R10_3_both_rear_hexes_blocked_by_terrain),
		FX_TEST(test_R10_3_both_rear_hexes_off_the_map),
		FX_TEST(test_R10_3_enemies_in_both_rear_hexes_destroy),
		FX_TEST(test_R14_14_one_enemy_behind_one_blocked_stays),
		FX_TEST(test_R10_4_retreat_may_end_next_to_an_enemy),
		FX_TEST(test_R14_15_blocked_retreat_rout_counts_as_routed),
		FX_TEST(test_R14_14_no_enemy_left_lower_clock_hour),
		FX_TEST(test_R10_5_checks_in_hex_name_order_before_advances),
		FX_TEST(test_R14_14_pushed_friend_checks_where_it_stands),
		FX_TEST(test_R10_6_attacker_advances_keeping_its_facing),
		FX_TEST(test_R10_6_hold_stays),
		FX_TEST(test_R10_6_only_decisions_dump_and_dice_while_pending),
		FX_TEST(test_R10_6_advance_ignores_R4_3_and_engagement),
		FX_TEST(test_R10_6_shooters_are_not_asked),
		FX_TEST(test_R14_16_attacker_that_may_not_enter_is_not_asked),
		FX_TEST(test_R14_16_once_one_advances_the_others_lapse),
		FX_TEST(test_R10_6_no_offer_for_a_hex_filled_again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
