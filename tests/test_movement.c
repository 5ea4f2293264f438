/*
 * Rule tests of phase 1: engagement (R4), movement, charges, pushes, roads,
 * interpenetration and generals (R5), who may enter which terrain (R6,
 * R6.2), and the clarifications R14.2-R14.9.  Every expected hex, cost and
 * facing is worked out from rules.md by hand; the comments show the work.
 *
 * Neighbours (R1.3) used throughout, for an even row r and an odd row r:
 *   0404: 1=0503 3=0504 5=0505 7=0405 9=0304 11=0403
 *   0406: 1=0505 3=0506 5=0507 7=0407 9=0306 11=0405
 *   0405: 1=0404 3=0505 5=0406 7=0306 9=0305 11=0304
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"

/* --- R4 engagement --- */

static const char engage_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("aux", "a", "auxilia", "0404", "N")
    FX_UNIT("fr", "a", "auxilia", "0504", "N")
    FX_UNIT("t", "b", "auxilia", "0403", "S")
    FX_UNIT("far", "b", "auxilia", "0408", "S");

static void
test_R4_1_adjacent_enemies_are_engaged(void **state)
{
	struct fx *f = *state;

	fx_load(f, engage_ini);
	/* 0403 is 0404's neighbour at 11; fr touches only aux, a friend. */
	fx_assert_dump_has(f, "unit aux side=a type=auxilia hex=0404 facing=N "
	    "hits=0 engaged=yes");
	fx_assert_dump_has(f, "unit t side=b type=auxilia hex=0403 facing=S "
	    "hits=0 engaged=yes");
	fx_assert_dump_has(f, "unit fr side=a type=auxilia hex=0504 facing=N "
	    "hits=0 engaged=no");
	fx_assert_dump_has(f, "unit far side=b type=auxilia hex=0408 facing=S "
	    "hits=0 engaged=no");
}

static void
test_R4_2_engaged_unit_may_only_pivot(void **state)
{
	struct fx *f = *state;

	fx_load(f, engage_ini);
	fx_refuse_why(f, "move aux 0503", "engaged and may only pivot");
	fx_refuse_why(f, "charge aux far", "engaged and may only pivot");
	fx_do(f, "pivot aux NE");
	assert_int_equal(fx_count(f, EV_PIVOT), 1);
	fx_assert_unit(f, "aux", "0404", "NE", 0);
}

/* aux at 0406 facing N; the enemy at 0305 touches 0405 and 0304 only. */
static const char zone_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("aux", "a", "auxilia", "0406", "N")
    FX_UNIT("e", "b", "auxilia", "0305", "S");

static void
test_R4_3_move_never_ends_next_to_an_enemy(void **state)
{
	struct fx *f = *state;

	fx_load(f, zone_ini);
	fx_refuse_why(f, "move aux 0405", "R4.3");
}

static void
test_R4_3_path_goes_round_hexes_next_to_an_enemy(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, zone_ini);
	/* 0404 by 0405 is barred; by 0505 (front 1, then front 11) it is 2. */
	fx_do(f, "move aux 0404");
	e = fx_event(f, EV_MOVE, 0);
	assert_int_equal(e->value, 2);
	fx_assert_unit(f, "aux", "0404", "N", 0);
}

static void
test_R4_3_no_path_through_hexes_next_to_an_enemy(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "N")
	    FX_UNIT("fr", "a", "auxilia", "0505", "N")
	    FX_UNIT("e", "b", "auxilia", "0305", "S"));
	/* 0505 holds a friend, 0405 touches e: no way to 0404. */
	fx_refuse_why(f, "move aux 0404", "cannot reach");
}

/*
 * Limited engagement: t at 0404 facing N has front 0403+0503, left flank
 * 0304, right flank 0504, rear 0405+0505.  eq (equites, MA 3: at most 2
 * hexes to contact) at 0703 reaches 0503 and 0504 through 0603 or 0604.
 */
#define LE_HEAD FX_HEAD FX_MAP("8", "8")                                     \
	FX_UNIT("t", "b", "auxilia", "0404", "N")                            \
	FX_UNIT("eq", "a", "equites", "0703", "NW")

static void
test_R4_4_front_face_holds_one_enemy(void **state)
{
	struct fx *f = *state;

	fx_load(f, LE_HEAD FX_UNIT("e1", "a", "auxilia", "0403", "S"));
	fx_refuse_why(f, "charge eq t 0503", "limited engagement");
	/* The right flank is another face. */
	fx_do(f, "charge eq t 0504");
	fx_assert_unit(f, "eq", "0504", "NW", 0);
}

static void
test_R4_4_rear_face_holds_one_enemy(void **state)
{
	struct fx *f = *state;

	/* eq at 0705 reaches rear 0505 and right flank 0504 through 0605. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_UNIT("eq", "a", "equites", "0705", "NW")
	    FX_UNIT("e1", "a", "auxilia", "0405", "N"));
	fx_refuse_why(f, "charge eq t 0505", "limited engagement");
	fx_do(f, "charge eq t 0504");
	fx_assert_unit(f, "eq", "0504", "NW", 0);
}

static void
test_R4_4_left_flank_held_right_flank_free(void **state)
{
	struct fx *f = *state;

	fx_load(f, LE_HEAD FX_UNIT("e1", "a", "auxilia", "0304", "NE"));
	/* The left flank is one hex: a second enemy cannot stand there. */
	fx_refuse_why(f, "charge eq t 0304", "held by e1");
	fx_do(f, "charge eq t 0504");
	fx_assert_unit(f, "eq", "0504", "NW", 0);
}

static void
test_R4_4_right_flank_held_front_free(void **state)
{
	struct fx *f = *state;

	fx_load(f, LE_HEAD FX_UNIT("e1", "a", "auxilia", "0504", "NW"));
	fx_refuse_why(f, "charge eq t 0504", "held by e1");
	/* The front face is still free: at 0503 t lies at 7, and of the
	 * facings with 7 in front (S, SW) SW is nearer to NW. */
	fx_do(f, "charge eq t 0503");
	fx_assert_unit(f, "eq", "0503", "SW", 0);
}

static void
test_R4_4_charge_without_hex_takes_a_free_face(void **state)
{
	struct fx *f = *state;

	fx_load(f, LE_HEAD FX_UNIT("e1", "a", "auxilia", "0403", "S"));
	/* 0503 and 0504 both cost 2; 0503 (lower) is on the held front. */
	fx_do(f, "charge eq t");
	fx_assert_unit(f, "eq", "0504", "NW", 0);
}

static void
test_R4_4_every_reachable_face_held(void **state)
{
	struct fx *f = *state;

	fx_load(f, LE_HEAD FX_UNIT("e1", "a", "auxilia", "0403", "S")
	    FX_UNIT("e2", "a", "auxilia", "0504", "NW"));
	/* Only 0503 (front, held by e1) and 0504 (taken) are in reach. */
	fx_refuse_why(f, "charge eq t", "limited engagement");
}

static void
test_R14_2_contact_hex_may_touch_other_enemies(void **state)
{
	struct fx *f = *state;

	/* 0503 touches t and o (0402, its neighbour at 11); the path hex
	 * 0603 touches neither. */
	fx_load(f, LE_HEAD FX_UNIT("o", "b", "auxilia", "0402", "S"));
	fx_do(f, "charge eq t 0503");
	fx_assert_unit(f, "eq", "0503", "SW", 0);
	assert_true(game_unit_engaged(f->g, fx_unit(f, "o")));
}

/* --- R5.1-R5.5 moves and pivots --- */

static const char open_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("aux", "a", "auxilia", "0406", "N")
    FX_UNIT("a2", "a", "auxilia", "0606", "N")
    FX_UNIT("vel", "a", "velites", "0206", "N")
    FX_UNIT("eq", "a", "equites", "0702", "N")
    FX_UNIT("e", "b", "auxilia", "0101", "S");

static void
test_R5_1_one_movement_action_per_player_turn(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	fx_do(f, "move aux 0405");
	fx_refuse_why(f, "move aux 0304", "already used its movement action");
	fx_refuse_why(f, "pivot aux NE", "already used its movement action");
	fx_refuse_why(f, "charge aux e", "already used its movement action");
}

static void
test_R5_2_movement_allowance_in_hexes(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	/* 0403 is 3 hexes from 0406: more than MA 2. */
	fx_refuse_why(f, "move aux 0403", "MA 2");
	/* Fewer than MA: one hex. */
	fx_do(f, "move aux 0405");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 1);
	/* All of MA: 0606 -> 0605 (front 11) -> 0604 (front 1). */
	fx_do(f, "move a2 0604");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 2);
	fx_assert_unit(f, "a2", "0604", "N", 0);
}

static void
test_R5_3_formed_steps_only_into_front_hexes(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	fx_refuse(f, "move aux 0407");	/* rear hex at 7 */
	fx_refuse(f, "move aux 0306");	/* left flank at 9 */
	fx_refuse(f, "move aux 0506");	/* right flank at 3 */
	fx_refuse_why(f, "move aux 0505 NE", "formed");
	fx_do(f, "move aux 0505");
	fx_assert_unit(f, "aux", "0505", "N", 0);
}

static void
test_R5_3_formed_moves_or_pivots_not_both(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	fx_do(f, "move aux 0505");
	fx_refuse(f, "pivot aux S");
	fx_do(f, "pivot a2 S");
	fx_refuse(f, "move a2 0607");
}

static void
test_R5_4_nimble_steps_anywhere_and_ends_facing_anyway(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	/* velites backwards: 0206 -> 0207 (at 7) -> 0208 (at 5), facing S. */
	fx_do(f, "move vel 0208 S");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 2);
	fx_assert_unit(f, "vel", "0208", "S", 0);
	/* A nimble unit given no facing keeps its own. */
	fx_do(f, "move eq 0703");
	fx_assert_unit(f, "eq", "0703", "N", 0);
}

static void
test_R5_4_nimble_uses_its_whole_allowance(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	/* equites MA 3: 0702 -> 0705 is 3 hexes down the column. */
	fx_refuse_why(f, "move eq 0706", "MA 3");
	fx_do(f, "move eq 0705 SW");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 3);
	fx_assert_unit(f, "eq", "0705", "SW", 0);
}

/* R13's movement allowances: along row 4 (steps at 3, in front of NE). */
static void
test_R13_movement_allowance_of_every_type(void **state)
{
	static const struct {
		const char *type;
		int ma;
	} types[] = {
		{ "legionaries", 2 }, { "auxilia", 2 }, { "warband", 2 },
		{ "sagittarii", 2 }, { "velites", 3 }, { "equites", 3 },
		{ "equites-auxiliares", 4 },
	};
	struct fx *f = *state;
	char ini[1024], cmd[32];
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++) {
		snprintf(ini, sizeof ini, "%s\n[unit u]\nside = a\ntype = %s\n"
		    "hex = 0104\nfacing = NE\n%s", FX_HEAD FX_MAP("8", "8"),
		    types[i].type, FX_UNIT("e", "b", "auxilia", "0808", "N"));
		fx_reload(f, ini);
		snprintf(cmd, sizeof cmd, "move u %02d04", 2 + types[i].ma);
		fx_refuse(f, cmd);
		snprintf(cmd, sizeof cmd, "move u %02d04", 1 + types[i].ma);
		fx_do(f, cmd);
		assert_int_equal(fx_event(f, EV_MOVE, 0)->value, types[i].ma);
	}
}

static void
test_R5_5_pivot_costs_the_whole_action(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	fx_do(f, "pivot vel SE");
	assert_int_equal(fx_count(f, EV_PIVOT), 1);
	fx_assert_unit(f, "vel", "0206", "SE", 0);
	fx_refuse(f, "move vel 0306");
}

static void
test_R14_6_null_move_and_null_pivot_refused(void **state)
{
	struct fx *f = *state;

	fx_load(f, open_ini);
	fx_refuse_why(f, "move aux 0406", "already in that hex");
	fx_refuse_why(f, "pivot aux N", "already faces N");
	/* Neither used the action. */
	fx_do(f, "pivot aux S");
}

/* --- R5.6 charges, R14.3, R14.4 --- */

static void
test_R5_6_charge_counts_the_target_hex(void **state)
{
	struct fx *f = *state;

	/* auxilia MA 2: at most 1 hex to the contact hex.  t2 is 3 hexes
	 * from a1 (2 to contact + 1); t1 is 2 from a2. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("a1", "a", "auxilia", "0207", "N")
	    FX_UNIT("t2", "b", "auxilia", "0204", "S")
	    FX_UNIT("a2", "a", "auxilia", "0606", "N")
	    FX_UNIT("t1", "b", "auxilia", "0604", "S"));
	fx_refuse_why(f, "charge a1 t2", "at most 2 hexes away");
	/* 0606 -> 0605 (front 11) or 0705 (front 1): both touch 0604, both
	 * cost 1; 0605 has the lower name. */
	fx_do(f, "charge a2 t1");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value, 1);
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value2, 0);
	fx_assert_unit(f, "a2", "0605", "N", 0);
	assert_true(f->g->units[fx_unit(f, "a2")].charged);
}

static void
test_R5_6_formed_free_prepivot(void **state)
{
	struct fx *f = *state;

	/* Facing NE (front 1, 3) no step from 0406 ends with 0404 in front;
	 * pivoted to N (1 vertex) both 0405 and 0505 do: 0405 is lower. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "NE")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "charge aux t");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value2, -1);
	fx_assert_unit(f, "aux", "0405", "N", 0);
}

static void
test_R5_6_prepivot_at_most_one_vertex(void **state)
{
	struct fx *f = *state;

	/* From SE: SE, S and NE all fail; N would need 2 vertices. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "SE")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_refuse_why(f, "charge aux t", "cannot reach");
	fx_refuse(f, "charge aux t 0405");
}

static void
test_R14_4_formed_charge_takes_the_least_pivot(void **state)
{
	struct fx *f = *state;

	/* t at 0504 lies 2 steps at 1 from 0406: facing N or NE both step
	 * to 0505 with t at 1 in front.  Without pivot wins in both cases. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("an", "a", "auxilia", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0504", "S")
	    FX_UNIT("e", "b", "auxilia", "0108", "N"));
	fx_do(f, "charge an t");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value2, 0);
	fx_assert_unit(f, "an", "0505", "N", 0);
}

static void
test_R14_4_formed_charge_takes_the_least_pivot_ne(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("an", "a", "auxilia", "0406", "NE")
	    FX_UNIT("t", "b", "auxilia", "0504", "S")
	    FX_UNIT("e", "b", "auxilia", "0108", "N"));
	fx_do(f, "charge an t 0505");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value2, 0);
	fx_assert_unit(f, "an", "0505", "NE", 0);
}

static void
test_R14_3_charge_path_avoids_the_target_too(void **state)
{
	struct fx *f = *state;

	/* eq at 0605: 0405 is 2 away only through 0505, which touches t. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_UNIT("eq", "a", "equites", "0605", "NW"));
	fx_refuse_why(f, "charge eq t 0405", "no path");
	/* Without a hex: 0504 and 0505 are 1 hex away; 0504 is lower, and
	 * there t lies at 9, in front of NW already. */
	fx_do(f, "charge eq t");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value, 1);
	fx_assert_unit(f, "eq", "0504", "NW", 0);
}

static void
test_R5_6_nimble_charger_turns_the_least(void **state)
{
	struct fx *f = *state;

	/* At 0503 t lies at 7: S (front 5, 7) is 3 vertices from N, SW
	 * (front 7, 9) is 2.  Without a hex, 0503 and 0504 cost 2; 0503. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_UNIT("eq", "a", "equites", "0703", "N"));
	fx_do(f, "charge eq t");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value, 2);
	fx_assert_unit(f, "eq", "0503", "SW", 0);
}

static void
test_R5_6_charge_only_at_an_enemy(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_UNIT("eq", "a", "equites", "0703", "N")
	    FX_UNIT("fr", "a", "auxilia", "0506", "N"));
	fx_refuse_why(f, "charge eq fr", "not an enemy");
	fx_refuse_why(f, "charge eq t 0707", "not next to t");
}

static void
test_R6_2_charge_may_contact_a_target_in_woods(void **state)
{
	struct fx *f = *state;

	/* Row 4 col 4 is woods; equites may not enter it but may charge the
	 * velites there from 0503 (clear). */
	fx_load(f, FX_HEAD "[map]\nwidth = 8\nheight = 5\nterrain =\n"
	    "  . . . . . . . .\n   . . . . . . . .\n  . . . . . . . .\n"
	    "   . . . w . . . .\n  . . . . . . . .\n"
	    FX_UNIT("vel", "b", "velites", "0404", "N")
	    FX_UNIT("eq", "a", "equites", "0703", "N"));
	fx_refuse_why(f, "move eq 0404", "may not enter woods");
	fx_do(f, "charge eq vel 0503");
	fx_assert_unit(f, "eq", "0503", "SW", 0);
}

/* --- R5.7 push moves, R14.7 --- */

/* aux (push 3+) at 0406 N can move to 0405, then on to 0404 or 0304. */
#define PUSH_HEAD FX_HEAD FX_MAP("8", "8")                                   \
	FX_UNIT("aux", "a", "auxilia", "0406", "N")                          \
	FX_UNIT("a2", "a", "auxilia", "0606", "N")                           \
	FX_UNIT("e", "b", "auxilia", "0101", "S")

static void
test_R5_7_push_success_gives_one_more_action(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, PUSH_HEAD);
	fx_do(f, "move aux 0405");
	fx_dice(f, "3");
	fx_do(f, "push aux move 0404");
	e = fx_event(f, EV_PUSH_ROLL, 0);
	assert_int_equal(e->need, 3);
	assert_int_equal(e->ndice, 1);
	assert_int_equal(e->dice[0], 3);
	assert_int_equal(e->value, 1);
	assert_int_equal(fx_count(f, EV_FATIGUE), 0);
	fx_assert_unit(f, "aux", "0404", "N", 0);
	fx_no_dice_left(f);
}

static void
test_R5_7_push_failure_costs_one_sp_but_acts(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, PUSH_HEAD);
	fx_do(f, "move aux 0405");
	fx_dice(f, "2");
	fx_do(f, "push aux move 0404");
	e = fx_event(f, EV_PUSH_ROLL, 0);
	assert_int_equal(e->value, 0);
	assert_int_equal(fx_count(f, EV_FATIGUE), 1);
	assert_true(fx_index(f, EV_FATIGUE) < fx_index(f, EV_MOVE));
	fx_assert_unit(f, "aux", "0404", "N", 1);
	fx_no_dice_left(f);
}

/* Each type's push score (R13): a roll of the score passes, one less
 * fails. */
static void
test_R5_7_push_score_of_every_type(void **state)
{
	static const struct {
		const char *type;
		int score;
	} types[] = {
		{ "legionaries", 3 }, { "auxilia", 3 }, { "warband", 4 },
		{ "sagittarii", 4 }, { "velites", 2 }, { "equites", 3 },
		{ "equites-auxiliares", 2 },
	};
	struct fx *f = *state;
	char ini[1024], die[4];
	size_t i;
	int pass;

	for (i = 0; i < sizeof types / sizeof types[0]; i++) {
		for (pass = 0; pass < 2; pass++) {
			snprintf(ini, sizeof ini, "%s%s%s%s", FX_HEAD,
			    FX_MAP("8", "8"), "\n[unit u]\nside = a\ntype = ",
			    types[i].type);
			snprintf(ini + strlen(ini), sizeof ini - strlen(ini),
			    "\nhex = 0406\nfacing = N\n%s",
			    FX_UNIT("e", "b", "auxilia", "0101", "S"));
			fx_reload(f, ini);
			fx_do(f, "move u 0405");
			snprintf(die, sizeof die, "%d",
			    types[i].score - 1 + pass);
			fx_dice(f, die);
			fx_do(f, "push u move 0404");
			assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->need,
			    types[i].score);
			assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->value,
			    pass);
			fx_assert_unit(f, "u", "0404", "N", 1 - pass);
			fx_no_dice_left(f);
		}
	}
}

#define GEN_PUSH_INI PUSH_HEAD FX_GENERAL("gen", "a", "aux")

static void
test_R5_7_general_rerolls_a_failed_push(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, GEN_PUSH_INI);
	fx_do(f, "move aux 0405");
	fx_dice(f, "2 3");
	fx_do(f, "push aux move 0404");
	e = fx_event(f, EV_PUSH_ROLL, 0);
	assert_int_equal(e->ndice, 2);
	assert_int_equal(e->dice[0], 2);
	assert_int_equal(e->dice[1], 3);
	assert_int_equal(e->value, 1);
	assert_int_equal(fx_count(f, EV_FATIGUE), 0);
	fx_assert_unit(f, "aux", "0404", "N", 0);
	fx_no_dice_left(f);
}

static void
test_R5_7_general_reroll_may_fail_too(void **state)
{
	struct fx *f = *state;

	fx_load(f, GEN_PUSH_INI);
	fx_do(f, "move aux 0405");
	fx_dice(f, "1 2");
	fx_do(f, "push aux move 0404");
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->ndice, 2);
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->value, 0);
	fx_assert_unit(f, "aux", "0404", "N", 1);
	fx_no_dice_left(f);
}

static void
test_R5_7_no_reroll_after_a_success(void **state)
{
	struct fx *f = *state;

	fx_load(f, GEN_PUSH_INI);
	fx_do(f, "move aux 0405");
	fx_dice(f, "3 1");
	fx_do(f, "push aux move 0404");
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->ndice, 1);
	assert_int_equal(dice_forced_left(&f->g->dice), 1);
}

static void
test_R5_7_no_reroll_without_a_general(void **state)
{
	struct fx *f = *state;

	fx_load(f, PUSH_HEAD);
	fx_do(f, "move aux 0405");
	fx_dice(f, "2 6");
	fx_do(f, "push aux move 0404");
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->ndice, 1);
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->value, 0);
	assert_int_equal(dice_forced_left(&f->g->dice), 1);
}

/* wb (warband, barbarian, push 4+) at 0407 N: to 0406, then t at 0404. */
static const char barbarian_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("wb", "a", "warband", "0407", "N")
    FX_UNIT("aux", "a", "auxilia", "0607", "N")
    FX_UNIT("t", "b", "auxilia", "0404", "S")
    FX_UNIT("t2", "b", "auxilia", "0604", "S");

static void
test_R5_7_barbarian_push_charge_is_free(void **state)
{
	struct fx *f = *state;
	unsigned long rolled;

	fx_load(f, barbarian_ini);
	fx_do(f, "move wb 0406");
	fx_dice(f, "1");
	rolled = f->g->dice.rolled;
	fx_do(f, "push wb charge t");
	assert_int_equal(fx_count(f, EV_PUSH_FREE), 1);
	assert_int_equal(fx_count(f, EV_PUSH_ROLL), 0);
	assert_int_equal(fx_count(f, EV_FATIGUE), 0);
	assert_int_equal(f->g->dice.rolled, rolled);
	assert_int_equal(dice_forced_left(&f->g->dice), 1);
	/* 0405 and 0505 cost 1; 0405 is lower. */
	fx_assert_unit(f, "wb", "0405", "N", 0);
	assert_true(f->g->units[fx_unit(f, "wb")].charged);
}

static void
test_R5_7_barbarian_push_move_rolls(void **state)
{
	struct fx *f = *state;

	fx_load(f, barbarian_ini);
	/* 0407 -> 0306 (front 11), then 0306 -> 0305 (front 11). */
	fx_do(f, "move wb 0306");
	fx_dice(f, "3");
	fx_do(f, "push wb move 0305");
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->need, 4);
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->value, 0);
	fx_assert_unit(f, "wb", "0305", "N", 1);
	fx_no_dice_left(f);
}

static void
test_R5_7_other_push_charge_rolls(void **state)
{
	struct fx *f = *state;

	fx_load(f, barbarian_ini);
	/* aux 0607 -> 0606, then charge t2 at 0604: 0605 costs 1. */
	fx_do(f, "move aux 0606");
	fx_dice(f, "2");
	fx_do(f, "push aux charge t2");
	assert_int_equal(fx_count(f, EV_PUSH_FREE), 0);
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->value, 0);
	fx_assert_unit(f, "aux", "0605", "N", 1);
	fx_no_dice_left(f);
}

static void
test_R5_7_push_once_per_turn(void **state)
{
	struct fx *f = *state;

	fx_load(f, PUSH_HEAD);
	fx_do(f, "move aux 0405");
	fx_dice(f, "6");
	fx_do(f, "push aux move 0404");
	fx_dice(f, "6");
	fx_refuse_why(f, "push aux pivot S", "already pushed");
}

static void
test_R5_7_push_only_straight_after_own_action(void **state)
{
	struct fx *f = *state;

	fx_load(f, PUSH_HEAD);
	fx_dice(f, "6");
	fx_refuse_why(f, "push aux move 0405", "must make its movement action");
	fx_do(f, "move aux 0405");
	fx_do(f, "move a2 0605");
	fx_refuse_why(f, "push aux move 0404", "did not act last");
	fx_do(f, "push a2 move 0604");
	fx_assert_unit(f, "a2", "0604", "N", 0);
	fx_no_dice_left(f);
}

static void
test_R14_7_transfer_keeps_the_push_window(void **state)
{
	struct fx *f = *state;

	fx_load(f, PUSH_HEAD FX_GENERAL("gen", "a", "a2"));
	fx_do(f, "move aux 0405");
	fx_do(f, "general gen aux");
	fx_dice(f, "1 4");
	fx_do(f, "push aux move 0404");
	/* The general arrived first, so the failed die is re-rolled. */
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->ndice, 2);
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->value, 1);
	fx_assert_unit(f, "aux", "0404", "N", 0);
	fx_no_dice_left(f);
}

static void
test_R5_7_refused_push_rolls_nothing_and_is_not_used(void **state)
{
	struct fx *f = *state;

	fx_load(f, PUSH_HEAD);
	fx_do(f, "move aux 0405");
	fx_dice(f, "5");
	/* 0406 is behind it: a formed unit cannot step there. */
	fx_refuse(f, "push aux move 0406");
	assert_false(f->g->units[fx_unit(f, "aux")].pushed);
	fx_do(f, "push aux move 0304");
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->dice[0], 5);
	fx_assert_unit(f, "aux", "0304", "N", 0);
}

static void
test_R5_7_push_obeys_engagement(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "charge wb t");
	fx_refuse_why(f, "push wb move 0306", "engaged and may only pivot");
	fx_dice(f, "4");
	fx_do(f, "push wb pivot NE");
	fx_assert_unit(f, "wb", "0405", "NE", 0);
	fx_no_dice_left(f);
}

static void
test_R14_7_fatigue_rout_cancels_the_action(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "N") "hits = 8\n"
	    FX_UNIT("a2", "a", "auxilia", "0606", "N")
	    FX_UNIT("e", "b", "auxilia", "0101", "S"));
	fx_do(f, "move aux 0405");
	fx_dice(f, "2");
	fx_do(f, "push aux move 0404");
	assert_int_equal(fx_count(f, EV_ROUTED), 1);
	assert_int_equal(fx_count(f, EV_MOVE), 0);
	fx_assert_unit(f, "aux", "-", "N", 9);
	fx_no_dice_left(f);
}

static void
test_R14_7_fatigue_rout_rolls_for_the_general_at_once(void **state)
{
	struct fx *f = *state;

	/* The push die and the general's re-roll fail; the fatigue SP routs
	 * aux; its general rolls (4) and joins a2, the only friend. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "N") "hits = 8\n"
	    FX_UNIT("a2", "a", "auxilia", "0606", "N")
	    FX_UNIT("e", "b", "auxilia", "0101", "S")
	    FX_GENERAL("gen", "a", "aux"));
	fx_do(f, "move aux 0405");
	fx_dice(f, "1 2  4");
	fx_do(f, "push aux move 0404");
	assert_int_equal(fx_event(f, EV_PUSH_ROLL, 0)->ndice, 2);
	assert_true(fx_index(f, EV_PUSH_ROLL) < fx_index(f, EV_FATIGUE));
	assert_true(fx_index(f, EV_FATIGUE) < fx_index(f, EV_ROUTED));
	assert_true(fx_index(f, EV_ROUTED) < fx_index(f, EV_GENERAL_JOINS));
	assert_int_equal(fx_count(f, EV_MOVE), 0);
	assert_string_equal(fx_general_with(f, "gen"), "a2");
	fx_assert_unit(f, "aux", "-", "N", 9);
	fx_no_dice_left(f);
}

static void
test_R5_7_fatigue_needs_no_morale_check(void **state)
{
	struct fx *f = *state;

	fx_load(f, PUSH_HEAD);
	fx_do(f, "move aux 0405");
	fx_dice(f, "1");
	fx_do(f, "push aux move 0404");
	fx_do(f, "end");
	fx_do(f, "end");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 0);
	assert_int_equal(fx_count(f, EV_BREAKPOINT_LOSS), 0);
	assert_int_equal(f->g->bp[0], 4);
	fx_no_dice_left(f);
}

/* --- R5.8 roads, R14.5 --- */

static void
test_R5_8_road_move_gets_one_more_hex(void **state)
{
	struct fx *f = *state;

	/* auxilia facing NE steps at 3 along row 4: 0204 -> 0504 is 3. */
	fx_load(f, FX_HEAD FX_MAP("8", "8") "roads = 0204-0604\n"
	    FX_UNIT("aux", "a", "auxilia", "0204", "NE")
	    FX_UNIT("e", "b", "auxilia", "0108", "N"));
	fx_refuse(f, "move aux 0604");
	fx_do(f, "move aux 0504");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 3);
	fx_assert_unit(f, "aux", "0504", "NE", 0);
}

static void
test_R5_8_road_bonus_needs_road_at_both_ends(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8") "roads = 0204-0404\n"
	    FX_UNIT("aux", "a", "auxilia", "0204", "NE")
	    FX_UNIT("e", "b", "auxilia", "0108", "N"));
	fx_refuse_why(f, "move aux 0504", "MA 2");
}

static void
test_R14_5_only_start_and_end_need_road(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8") "roads = 0204 0504\n"
	    FX_UNIT("aux", "a", "auxilia", "0204", "NE")
	    FX_UNIT("e", "b", "auxilia", "0108", "N"));
	fx_do(f, "move aux 0504");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 3);
}

static void
test_R14_5_no_road_bonus_for_charges(void **state)
{
	struct fx *f = *state;

	/* Contact hex 0404 (t at 3, in front of NE) is 2 hexes away: a
	 * charge with MA 2 may move only 1, road or not. */
	fx_load(f, FX_HEAD FX_MAP("8", "8") "roads = 0204-0604\n"
	    FX_UNIT("aux", "a", "auxilia", "0204", "NE")
	    FX_UNIT("t", "b", "auxilia", "0504", "SW"));
	fx_refuse_why(f, "charge aux t", "at most 2 hexes away");
}

/* --- R5.9 interpenetration, R14.8 --- */

/* From 0204 the only 2-hex way to 0404 is through 0304. */
#define PASS_INI(friend_type) FX_HEAD FX_MAP("8", "8")                       \
	FX_UNIT("vel", "a", "velites", "0204", "N")                          \
	FX_UNIT("fr", "a", friend_type, "0304", "N")                         \
	FX_UNIT("e", "b", "auxilia", "0808", "N")

static void
test_R5_9_light_passes_through_a_light_friend(void **state)
{
	struct fx *f = *state;

	fx_load(f, PASS_INI("sagittarii"));
	fx_do(f, "move vel 0404");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 2);
}

static void
test_R5_9_light_goes_round_a_formed_friend(void **state)
{
	struct fx *f = *state;

	fx_load(f, PASS_INI("auxilia"));
	/* Round by 0303, 0403 (or 0305, 0405): 3 hexes. */
	fx_do(f, "move vel 0404");
	assert_int_equal(fx_event(f, EV_MOVE, 0)->value, 3);
}

static void
test_R5_9_formed_never_passes_through(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0204", "NE")
	    FX_UNIT("fr", "a", "velites", "0304", "N")
	    FX_UNIT("e", "b", "auxilia", "0808", "N"));
	/* NE steps at 1 or 3: 0304 is the only way to 0404 in 2. */
	fx_refuse_why(f, "move aux 0404", "cannot reach");
}

static void
test_R5_9_no_move_ends_in_an_occupied_hex(void **state)
{
	struct fx *f = *state;

	fx_load(f, PASS_INI("sagittarii"));
	fx_refuse_why(f, "move vel 0304", "held by fr");
}

static void
test_R14_8_charge_path_through_a_light_friend(void **state)
{
	struct fx *f = *state;

	/* t at 0504: the only contact hex within 2 of 0204 is 0404, through
	 * 0304.  There t lies at 3: NE (1 vertex from N) beats SE (2). */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("vel", "a", "velites", "0204", "N")
	    FX_UNIT("fr", "a", "sagittarii", "0304", "N")
	    FX_UNIT("t", "b", "auxilia", "0504", "SW"));
	fx_do(f, "charge vel t");
	assert_int_equal(fx_event(f, EV_CHARGE, 0)->value, 2);
	fx_assert_unit(f, "vel", "0404", "NE", 0);
}

static void
test_R14_8_charge_path_not_through_a_formed_friend(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("vel", "a", "velites", "0204", "N")
	    FX_UNIT("fr", "a", "auxilia", "0304", "N")
	    FX_UNIT("t", "b", "auxilia", "0504", "SW"));
	fx_refuse_why(f, "charge vel t", "cannot reach");
}

/* --- R5.10 the map edge --- */

static void
test_R5_10_no_unit_leaves_the_map(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("vel", "a", "velites", "0801", "N")
	    FX_UNIT("e", "b", "auxilia", "0108", "N"));
	fx_refuse_why(f, "move vel 0901", "off the map");
	fx_refuse_why(f, "move vel 0809", "off the map");
}

/* --- R5.11 generals, R14.9 --- */

/* gen with u1 at 0101; u2 at 0501 is 4 hexes away, u3 at 0601 is 5. */
static const char general_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("u1", "a", "auxilia", "0101", "SE")
    FX_UNIT("u2", "a", "auxilia", "0501", "S")
    FX_UNIT("u3", "a", "auxilia", "0601", "S")
    FX_UNIT("u4", "a", "auxilia", "0302", "S")
    FX_UNIT("e", "b", "auxilia", "0108", "N")
    FX_GENERAL("gen", "a", "u1")
    FX_GENERAL("gen2", "a", "u4");

static void
test_R5_11_transfer_within_four_hexes_is_free(void **state)
{
	struct fx *f = *state;

	fx_load(f, general_ini);
	fx_do(f, "general gen u2");
	assert_int_equal(fx_count(f, EV_TRANSFER), 1);
	assert_string_equal(fx_general_with(f, "gen"), "u2");
	assert_int_equal(f->g->units[fx_unit(f, "u1")].general, -1);
	/* Neither unit used its action. */
	fx_do(f, "pivot u1 S");
	fx_do(f, "pivot u2 SE");
}

static void
test_R5_11_transfer_at_most_four_hexes(void **state)
{
	struct fx *f = *state;

	fx_load(f, general_ini);
	fx_refuse_why(f, "general gen u3", "is 5 hexes from general gen");
}

static void
test_R5_11_transfer_once_per_movement_phase(void **state)
{
	struct fx *f = *state;

	fx_load(f, general_ini);
	fx_do(f, "general gen u2");
	fx_refuse_why(f, "general gen u1", "already transferred");
}

static void
test_R14_9_no_transfer_to_a_unit_with_a_general(void **state)
{
	struct fx *f = *state;

	fx_load(f, general_ini);
	fx_refuse_why(f, "general gen u4", "already has a general");
	fx_refuse_why(f, "general gen u1", "already with u1");
	fx_refuse_why(f, "general gen e", "not a friendly unit");
}

static void
test_R5_11_transfer_only_in_own_movement_phase(void **state)
{
	struct fx *f = *state;

	fx_load(f, general_ini);
	fx_do(f, "end");
	fx_refuse_why(f, "general gen u2", "movement phase");
	fx_do(f, "end");
	fx_do(f, "end");
	/* b's movement phase: a's general is not b's to move. */
	fx_refuse_why(f, "general gen u2", "belongs to a");
}

/* --- R6 who may enter --- */

/*
 * Row 2 of a 9 x 5 map holds every terrain; a unit at column c of row 3
 * (odd) steps at 1 into (c, 2).  0902 is woods with a road.
 */
static void
test_R6_who_may_enter_which_terrain(void **state)
{
	static const struct {
		const char *type;
		const char *from;
		const char *to;
		int ok;
	} cases[] = {
		{ "velites", "0203", "0202", 1 },	/* woods */
		{ "warband", "0203", "0202", 1 },
		{ "sagittarii", "0203", "0202", 0 },
		{ "legionaries", "0203", "0202", 0 },
		{ "equites", "0203", "0202", 0 },
		{ "legionaries", "0903", "0902", 0 },	/* road on woods */
		{ "velites", "0903", "0902", 1 },
		{ "auxilia", "0303", "0302", 1 },	/* rough */
		{ "sagittarii", "0303", "0302", 1 },
		{ "equites", "0303", "0302", 0 },
		{ "equites-auxiliares", "0303", "0302", 0 },
		{ "velites", "0403", "0402", 0 },	/* swamp */
		{ "auxilia", "0403", "0402", 0 },
		{ "velites", "0503", "0502", 0 },	/* river */
		{ "equites", "0503", "0502", 0 },
		{ "equites", "0603", "0602", 1 },	/* ford */
		{ "legionaries", "0603", "0602", 1 },
		{ "equites", "0703", "0702", 1 },	/* bridge */
		{ "legionaries", "0803", "0802", 1 },	/* settlement */
		{ "equites", "0803", "0802", 1 },
	};
	struct fx *f = *state;
	char ini[2048], cmd[64];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(ini, sizeof ini, "%s%s\n[unit u]\nside = a\ntype = "
		    "%s\nhex = %s\nfacing = N\n%s", FX_HEAD,
		    "[map]\nwidth = 9\nheight = 5\nterrain =\n"
		    "  . . . . . . . . .\n   . w r s ~ f b v w\n"
		    "  . . . . . . . . .\n   . . . . . . . . .\n"
		    "  . . . . . . . . .\nroads = 0902\n",
		    cases[i].type, cases[i].from,
		    FX_UNIT("e", "b", "auxilia", "0105", "N"));
		fx_reload(f, ini);
		snprintf(cmd, sizeof cmd, "move u %s", cases[i].to);
		if (cases[i].ok) {
			fx_do(f, cmd);
			fx_assert_unit(f, "u", cases[i].to, "N", 0);
		} else {
			fx_refuse_why(f, cmd, "may not enter");
		}
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_R4_1_adjacent_enemies_are_engaged),
		FX_TEST(test_R4_2_engaged_unit_may_only_pivot),
		FX_TEST(test_R4_3_move_never_ends_next_to_an_enemy),
		FX_TEST(test_R4_3_path_goes_round_hexes_next_to_an_enemy),
		FX_TEST(test_R4_3_no_path_through_hexes_next_to_an_enemy),
		FX_TEST(test_R4_4_front_face_holds_one_enemy),
		FX_TEST(test_R4_4_rear_face_holds_one_enemy),
		FX_TEST(test_R4_4_left_flank_held_right_flank_free),
		FX_TEST(test_R4_4_right_flank_held_front_free),
		FX_TEST(test_R4_4_charge_without_hex_takes_a_free_face),
		FX_TEST(test_R4_4_every_reachable_face_held),
		FX_TEST(test_R14_2_contact_hex_may_touch_other_enemies),
		FX_TEST(test_R5_1_one_movement_action_per_player_turn),
		FX_TEST(test_R5_2_movement_allowance_in_hexes),
		FX_TEST(test_R5_3_formed_steps_only_into_front_hexes),
		FX_TEST(test_R5_3_formed_moves_or_pivots_not_both),
		FX_TEST(test_R5_4_nimble_steps_anywhere_and_ends_facing_anyway),
		FX_TEST(test_R5_4_nimble_uses_its_whole_allowance),
		FX_TEST(test_R13_movement_allowance_of_every_type),
		FX_TEST(test_R5_5_pivot_costs_the_whole_action),
		FX_TEST(test_R14_6_null_move_and_null_pivot_refused),
		FX_TEST(test_R5_6_charge_counts_the_target_hex),
		FX_TEST(test_R5_6_formed_free_prepivot),
		FX_TEST(test_R5_6_prepivot_at_most_one_vertex),
		FX_TEST(test_R14_4_formed_charge_takes_the_least_pivot),
		FX_TEST(test_R14_4_formed_charge_takes_the_least_pivot_ne),
		FX_TEST(test_R14_3_charge_path_avoids_the_target_too),
		FX_TEST(test_R5_6_nimble_charger_turns_the_least),
		FX_TEST(test_R5_6_charge_only_at_an_enemy),
		FX_TEST(test_R6_2_charge_may_contact_a_target_in_woods),
		FX_TEST(test_R5_7_push_success_gives_one_more_action),
		FX_TEST(test_R5_7_push_failure_costs_one_sp_but_acts),
		FX_TEST(test_R5_7_push_score_of_every_type),
		FX_TEST(test_R5_7_general_rerolls_a_failed_push),
		FX_TEST(test_R5_7_general_reroll_may_fail_too),
		FX_TEST(test_R5_7_no_reroll_after_a_success),
		FX_TEST(test_R5_7_no_reroll_without_a_general),
		FX_TEST(test_R5_7_barbarian_push_charge_is_free),
		FX_TEST(test_R5_7_barbarian_push_move_rolls),
		FX_TEST(test_R5_7_other_push_charge_rolls),
		FX_TEST(test_R5_7_push_once_per_turn),
		FX_TEST(test_R5_7_push_only_straight_after_own_action),
		FX_TEST(test_R14_7_transfer_keeps_the_push_window),
		FX_TEST(test_R5_7_refused_push_rolls_nothing_and_is_not_used),
		FX_TEST(test_R5_7_push_obeys_engagement),
		FX_TEST(test_R14_7_fatigue_rout_cancels_the_action),
		FX_TEST(test_R14_7_fatigue_rout_rolls_for_the_general_at_once),
		FX_TEST(test_R5_7_fatigue_needs_no_morale_check),
		FX_TEST(test_R5_8_road_move_gets_one_more_hex),
		FX_TEST(test_R5_8_road_bonus_needs_road_at_both_ends),
		FX_TEST(test_R14_5_only_start_and_end_need_road),
		FX_TEST(test_R14_5_no_road_bonus_for_charges),
		FX_TEST(test_R5_9_light_passes_through_a_light_friend),
		FX_TEST(test_R5_9_light_goes_round_a_formed_friend),
		FX_TEST(test_R5_9_formed_never_passes_through),
		FX_TEST(test_R5_9_no_move_ends_in_an_occupied_hex),
		FX_TEST(test_R14_8_charge_path_through_a_light_friend),
		FX_TEST(test_R14_8_charge_path_not_through_a_formed_friend),
		FX_TEST(test_R5_10_no_unit_leaves_the_map),
		FX_TEST(test_R5_11_transfer_within_four_hexes_is_free),
		FX_TEST(test_R5_11_transfer_at_most_four_hexes),
		FX_TEST(test_R5_11_transfer_once_per_movement_phase),
		FX_TEST(test_R14_9_no_transfer_to_a_unit_with_a_general),
		FX_TEST(test_R5_11_transfer_only_in_own_movement_phase),
		FX_TEST(test_R6_who_may_enter_which_terrain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
