/*
 * Rule tests of the turn sequence (R3), breakpoints and the end of the
 * game (R11, R14.17, R14.18) and initiative (R12): the order of phases and
 * player-turns, the breakpoint arithmetic, both ways an army quits, the
 * draw, the last turn's victory conditions and shares, and the initiative
 * kept and seized.  Every expected value is worked out from rules.md.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"
#include "core/cannot.h"

/* Two idle units, far apart. */
#define IDLE(turns, initiative) FX_HEAD_TURNS(turns, initiative)             \
	FX_MAP("8", "8")                                                     \
	FX_UNIT("u", "a", "auxilia", "0101", "S")                            \
	FX_UNIT("t", "b", "auxilia", "0808", "N")

/* One whole player-turn with nothing to do. */
#define PASS_TURN(f) fx_script((f), "end;end;end")

/* --- R3 the sequence --- */

static void
test_R3_2_five_phases_then_the_other_player(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, IDLE("6", "a"));
	fx_assert_dump_has(f, "game turn=1 player=a phase=movement "
	    "initiative=a over=no");
	fx_do(f, "end");
	assert_int_equal(fx_event(f, EV_PHASE, 0)->value, PHASE_SHOOTING);
	fx_do(f, "end");
	assert_int_equal(fx_event(f, EV_PHASE, 0)->value, PHASE_COMBAT);
	fx_do(f, "end");
	/* Morale and breakpoint run by themselves, then b's movement. */
	assert_int_equal(f->ev.n, 4);
	assert_int_equal(f->ev.v[0].kind, EV_PHASE);
	assert_int_equal(f->ev.v[0].value, PHASE_MORALE);
	assert_int_equal(f->ev.v[1].value, PHASE_BREAKPOINT);
	e = &f->ev.v[2];
	assert_int_equal(e->kind, EV_PLAYER_TURN);
	assert_int_equal(e->side, 1);
	assert_int_equal(f->ev.v[3].kind, EV_PHASE);
	assert_int_equal(f->ev.v[3].value, PHASE_MOVEMENT);
	fx_assert_dump_has(f, "game turn=1 player=b phase=movement "
	    "initiative=a over=no");
}

static void
test_R3_1_turn_is_initiative_then_two_player_turns(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("6", "a"));
	PASS_TURN(f);
	fx_script(f, "end;end");
	fx_dice(f, "4 4");
	fx_do(f, "end");
	assert_true(fx_index(f, EV_TURN) < fx_index(f, EV_INITIATIVE));
	assert_true(fx_index(f, EV_INITIATIVE) <
	    fx_index(f, EV_PLAYER_TURN));
	assert_int_equal(fx_event(f, EV_TURN, 0)->value, 2);
	fx_assert_dump_has(f, "game turn=2 player=a phase=movement "
	    "initiative=a over=no");
	fx_no_dice_left(f);
}

static void
test_R3_2_each_command_in_its_phase(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("6", "a"));
	fx_refuse_why(f, "shoot u t", "is for the shooting phase");
	fx_refuse_why(f, "attack u t", "is for the combat phase");
	fx_do(f, "end");
	fx_refuse_why(f, "move u 0102", "is for the movement phase");
	fx_refuse_why(f, "pivot u N", "is for the movement phase");
	fx_do(f, "end");
	fx_refuse_why(f, "charge u t", "is for the movement phase");
	fx_refuse_why(f, "push u pivot N", "is for the movement phase");
	fx_refuse_why(f, "first", "seized the initiative");
}

/* --- R12 initiative --- */

/*
 * A refusal names the side to play as "the player-turn of b": a side's
 * key takes no possessive (a playtest read "it is romans's player-turn").
 * The move, shot and general's refusals, and the hint's reason
 * (cannot.c), all say it so.
 */
static void
test_R3_2_refusals_name_the_side_to_play_without_a_possessive(void **state)
{
	struct fx *f = *state;
	struct cannot c;

	fx_load(f, FX_HEAD_TURNS("6", "b") FX_MAP("8", "8")
		       FX_UNIT("u", "a", "sagittarii", "0101", "S")
			   FX_UNIT("t", "b", "auxilia", "0808", "N")
			       FX_GENERAL("gu", "a", "u"));
	fx_refuse_why(f, "move u 0102", "u belongs to a; it is the "
					"player-turn of b");
	fx_refuse_why(f, "general gu u", "general gu belongs to a; it is "
					 "the player-turn of b");
	assert_true(cannot_shoot(f->g, fx_unit(f, "u"), &c));
	assert_string_equal(c.why, "it belongs to a; it is the player-turn "
				   "of b");
	assert_string_equal(c.fix, "it acts in the player-turn of a");
	fx_script(f, "end");
	fx_refuse_why(f, "shoot u t", "u belongs to a; it is the player-turn "
				      "of b");
}

static void
test_R12_1_scenario_side_moves_first(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("6", "b"));
	fx_assert_dump_has(f, "game turn=1 player=b phase=movement "
	    "initiative=b over=no");
	fx_refuse_why(f, "pivot u N", "it is the player-turn of b");
	fx_do(f, "pivot t S");
}

/* Plays turn 1 of IDLE and starts turn 2 with the two initiative dice. */
static void
to_turn_two_at(struct fx *f, const char *dice, const char *file, int line)
{
	fx_script_at(f, "end;end;end;end;end", file, line);
	fx_dice_at(f, dice, file, line);
	fx_do_at(f, "end", file, line);
}
#define to_turn_two(f, dice) to_turn_two_at((f), (dice), __FILE__, __LINE__)

static void
test_R12_2_holder_keeps_with_other_one_more(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, IDLE("6", "a"));
	to_turn_two(f, "3 4");
	e = fx_event(f, EV_INITIATIVE, 0);
	assert_int_equal(e->value2, 0);		/* holder: a */
	assert_int_equal(e->dice[0], 3);	/* the holder's die first */
	assert_int_equal(e->dice[1], 4);
	assert_int_equal(e->side, 0);
	fx_assert_dump_has(f, "game turn=2 player=a phase=movement "
	    "initiative=a over=no");
	fx_no_dice_left(f);
}

static void
test_R12_2_holder_keeps_on_a_higher_roll(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("6", "a"));
	to_turn_two(f, "6 1");
	assert_int_equal(fx_event(f, EV_INITIATIVE, 0)->side, 0);
	assert_int_equal(f->g->player, 0);
	assert_false(f->g->choosing);
}

static void
test_R12_2_two_more_seizes_and_moves_first(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("6", "a"));
	to_turn_two(f, "2 4");
	assert_int_equal(fx_event(f, EV_INITIATIVE, 0)->side, 1);
	assert_int_equal(fx_count(f, EV_PLAYER_TURN), 0);
	fx_assert_dump_has(f, "game turn=2 player=b phase=movement "
	    "initiative=b over=no");
	/* Only the choice (or dump, dice) now. */
	fx_refuse_why(f, "end", "must first choose");
	fx_refuse(f, "pivot t S");
	fx_do(f, "dump");
	fx_do(f, "first");
	assert_int_equal(fx_event(f, EV_INITIATIVE_CHOICE, 0)->value, 1);
	assert_int_equal(fx_event(f, EV_PLAYER_TURN, 0)->side, 1);
	fx_assert_dump_has(f, "game turn=2 player=b phase=movement "
	    "initiative=b over=no");
	fx_refuse(f, "second");
	fx_do(f, "pivot t S");
}

static void
test_R12_2_seizer_may_move_second(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, IDLE("6", "a"));
	to_turn_two(f, "1 6");
	/* The seizer chooses (R12.2): the side to act is b's. */
	assert_int_equal(game_side_to_act(f->g), 1);
	fx_do(f, "second");
	assert_int_equal(game_side_to_act(f->g), 0);
	assert_int_equal(fx_event(f, EV_INITIATIVE_CHOICE, 0)->value, 0);
	fx_assert_dump_has(f, "game turn=2 player=a phase=movement "
	    "initiative=b over=no");
	PASS_TURN(f);
	fx_assert_dump_has(f, "game turn=2 player=b phase=movement "
	    "initiative=b over=no");
	/* Turn 3: b holds and rolls first; a's 5 is only one more. */
	fx_script(f, "end;end");
	fx_dice(f, "4 5");
	fx_do(f, "end");
	e = fx_event(f, EV_INITIATIVE, 0);
	assert_int_equal(e->value2, 1);
	assert_int_equal(e->dice[0], 4);
	assert_int_equal(e->side, 1);
	fx_assert_dump_has(f, "game turn=3 player=b phase=movement "
	    "initiative=b over=no");
	fx_no_dice_left(f);
}

static void
test_R12_2_no_initiative_roll_on_turn_one(void **state)
{
	struct fx *f = *state;
	unsigned long rolled;

	fx_load(f, IDLE("6", "a"));
	rolled = f->g->dice.rolled;
	PASS_TURN(f);
	assert_int_equal(fx_count(f, EV_INITIATIVE), 0);
	assert_int_equal(f->g->dice.rolled, rolled);
	fx_refuse_why(f, "first", "only for a side that has just seized");
}

/* --- R11 breakpoints --- */

static void
test_R11_1_starting_breakpoints(void **state)
{
	struct fx *f = *state;

	/* a: 2 + 3 (veteran) + 2 (general) = 7; b: 3 units = 6. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u1", "a", "auxilia", "0101", "S")
	    FX_UNIT("u2", "a", "legionaries", "0201", "S") "veteran = yes\n"
	    FX_UNIT("t1", "b", "auxilia", "0808", "N")
	    FX_UNIT("t2", "b", "warband", "0708", "N")
	    FX_UNIT("t3", "b", "velites", "0608", "N")
	    FX_GENERAL("ga", "a", "u1"));
	fx_assert_dump_has(f, "army a bp=7 start=7");
	fx_assert_dump_has(f, "army b bp=6 start=6");
}

static void
test_R11_2_every_kind_of_loss_in_one_player_turn(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	/* b: t1 fails and retreats (1), t2 routs (2), t3, a veteran, routs
	 * (3) after its general gb dies to a double 1 (1D3: a 4 gives 2):
	 * 8 in all.  Start 2 + 2 + 3 + 2 (b4) + 2 (gb) = 11. */
	fx_load(f, FX_HEAD FX_MAP("10", "8")
	    FX_UNIT("u1", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0603", "S")
	    FX_UNIT("u3", "a", "auxilia", "0803", "S")
	    FX_UNIT("t1", "b", "auxilia", "0404", "N")
	    FX_UNIT("t2", "b", "auxilia", "0604", "N") "hits = 7\n"
	    FX_UNIT("t3", "b", "auxilia", "0804", "N") "hits = 7\n"
	    "veteran = yes\n"
	    FX_UNIT("b4", "b", "auxilia", "0108", "N")
	    FX_GENERAL("gb", "b", "t3"));
	fx_assert_dump_has(f, "army b bp=11 start=11");
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u1 t1");
	fx_dice(f, "6 6 3");
	fx_do(f, "attack u2 t2");
	fx_dice(f, "1 6 6  1 1");
	fx_do(f, "attack u3 t3");
	assert_int_equal(fx_count(f, EV_GENERAL_KILLED), 1);
	assert_int_equal(fx_count(f, EV_ROUTED), 1);
	fx_dice(f, "1");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_RETREAT), 1);
	fx_dice(f, "4");
	fx_do(f, "hold u1");
	e = fx_event(f, EV_GENERAL_D3, 0);
	assert_int_equal(e->dice[0], 4);
	assert_int_equal(e->value, 2);
	e = fx_event(f, EV_BREAKPOINT_LOSS, 0);
	assert_int_equal(e->side, 1);
	assert_int_equal(e->value, 8);
	assert_int_equal(e->value2, 3);
	fx_assert_dump_has(f, "army b bp=3 start=11");
	fx_assert_dump_has(f, "army a bp=6 start=6");
	assert_false(f->g->over);
	fx_no_dice_left(f);
}

static void
test_R11_2_killed_general_costs_1d3(void **state)
{
	static const int points[7] = { 0, 1, 1, 2, 2, 3, 3 };
	struct fx *f = *state;
	char die[4];
	int d;

	for (d = 1; d <= 6; d++) {
		/* b: t, b2 and gb: 6.  The double 1 kills gb, no hits. */
		fx_reload(f, FX_HEAD FX_MAP("8", "8")
		    FX_UNIT("u", "a", "auxilia", "0403", "S")
		    FX_UNIT("t", "b", "auxilia", "0404", "N")
		    FX_UNIT("b2", "b", "auxilia", "0108", "N")
		    FX_GENERAL("gb", "b", "t"));
		fx_script(f, "end;end");
		fx_dice(f, "1 3 3  1 1");
		fx_do(f, "attack u t");
		snprintf(die, sizeof die, "%d", d);
		fx_dice(f, die);
		fx_do(f, "end");
		assert_int_equal(fx_event(f, EV_GENERAL_D3, 0)->value,
		    points[d]);
		assert_int_equal(f->g->bp[1], 6 - points[d]);
		fx_no_dice_left(f);
	}
}

static void
test_R14_17_general_dice_by_army_then_scenario_order(void **state)
{
	struct fx *f = *state;

	/* gb2 is listed before ga1 and gb1.  ga1 dies with his warband
	 * (impetuous rout, rout die 1); gb1 and gb2 die to double 1s.
	 * Phase 5 rolls a's ga1 first, then b's gb2, then gb1. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0403", "S") "hits = 8\n"
	    FX_UNIT("a2", "a", "auxilia", "0603", "S")
	    FX_UNIT("t1", "b", "auxilia", "0404", "N")
	    FX_UNIT("t2", "b", "auxilia", "0604", "N")
	    FX_GENERAL("gb2", "b", "t2")
	    FX_GENERAL("ga1", "a", "wb")
	    FX_GENERAL("gb1", "b", "t1"));
	fx_script(f, "end;end");
	/* wb: 3 + 1 (general) dice; the 1 risks gb1 (killed), 1 hit on t1,
	 * then wb's impetuous SP routs it and ga1 rolls a 1. */
	fx_dice(f, "1 6 3 3  1 1  1");
	fx_do(f, "attack wb t1");
	assert_string_equal(fx_general_with(f, "gb1"), "-");
	assert_string_equal(fx_general_with(f, "ga1"), "-");
	fx_dice(f, "1 3 3  1 1");
	fx_do(f, "attack a2 t2");
	assert_string_equal(fx_general_with(f, "gb2"), "-");
	/* t1 checks (6: passes); then 1D3s 2, 3, 6 -> 1, 2, 3. */
	fx_dice(f, "6  2 3 6");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_GENERAL_D3), 3);
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 0)->general,
	    fx_general(f, "ga1"));
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 0)->value, 1);
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 1)->general,
	    fx_general(f, "gb2"));
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 1)->value, 2);
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 2)->general,
	    fx_general(f, "gb1"));
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 2)->value, 3);
	/* a: 2 + 2 + 2 = 6, loses 2 (wb) + 1 = 3.  b: 8, loses 2 + 3. */
	fx_assert_dump_has(f, "army a bp=3 start=6");
	fx_assert_dump_has(f, "army b bp=3 start=8");
	fx_no_dice_left(f);
}

static void
test_R14_17_breakpoint_shown_below_zero(void **state)
{
	struct fx *f = *state;

	/* b: t (7 hits) with gb, bp 4.  t routs (2), gb rolls a 1 and dies
	 * (1D3: a 6 gives 3): 4 - 5 = -1.  b quits. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n"
	    FX_GENERAL("gb", "b", "t"));
	fx_script(f, "end;end");
	fx_dice(f, "6 6 3  1  6");
	fx_do(f, "attack u t");
	fx_do(f, "end");
	fx_assert_dump_has(f, "army b bp=-1 start=4");
	fx_assert_dump_has(f, "game turn=1 player=a phase=breakpoint "
	    "initiative=a over=yes winner=a");
	fx_no_dice_left(f);
}

/*
 * b: t (7 hits) with gb, and b2: bp 6.  t routs (2) and gb dies on his
 * rout die; b2 fails its check (1); gb's 1D3 decides: 6 - 3 - D3.
 */
static void
play_to_breakpoint(struct fx *f, const char *d3)
{
	fx_reload(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u1", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0603", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n"
	    FX_UNIT("b2", "b", "auxilia", "0604", "N")
	    FX_GENERAL("gb", "b", "t"));
	fx_script(f, "end;end");
	fx_dice(f, "6 6 3  1");
	fx_do(f, "attack u1 t");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u2 b2");
	fx_dice(f, "1");
	fx_do(f, "end");
	fx_dice(f, d3);
	fx_do(f, "hold u2");
	fx_no_dice_left(f);
}

static void
test_R11_3_army_at_zero_quits(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	/* A 3 on the 1D3 die gives 2: bp 1, b2 stands, the army holds. */
	play_to_breakpoint(f, "3");
	fx_assert_dump_has(f, "army b bp=1 start=6");
	assert_false(f->g->over);
	assert_int_equal(fx_count(f, EV_ARMY_QUITS), 0);
	assert_int_equal(f->g->player, 1);
	/* A 5 gives 3: bp 0, and b quits though b2 still stands. */
	play_to_breakpoint(f, "5");
	fx_assert_dump_has(f, "army b bp=0 start=6");
	e = fx_event(f, EV_ARMY_QUITS, 0);
	assert_int_equal(e->side, 1);
	assert_int_equal(e->value, 0);
	assert_int_equal(e->value2, 1);
	e = fx_event(f, EV_GAME_OVER, 0);
	assert_int_equal(e->side, 0);
	assert_int_equal(e->value, END_BREAKPOINT);
	fx_assert_dump_has(f, "game turn=1 player=a phase=breakpoint "
	    "initiative=a over=yes winner=a");
}

static void
test_R11_3_army_with_no_unit_left_quits(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	/* b: t (7 hits) with gb, bp 4.  t routs (2); gb finds no friend
	 * and leaves the field, killed (1D3: a 1 gives 1): bp 1 > 0, but
	 * no unit is left. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n"
	    FX_GENERAL("gb", "b", "t"));
	fx_script(f, "end;end");
	fx_dice(f, "6 6 3  3");
	fx_do(f, "attack u t");
	assert_int_equal(fx_event(f, EV_GENERAL_KILLED, 0)->value, 3);
	fx_dice(f, "1");
	fx_do(f, "end");
	e = fx_event(f, EV_ARMY_QUITS, 0);
	assert_int_equal(e->side, 1);
	assert_int_equal(e->value, 1);
	assert_int_equal(e->value2, 0);
	assert_int_equal(fx_count(f, EV_ARMY_QUITS), 1);
	e = fx_event(f, EV_GAME_OVER, 0);
	assert_int_equal(e->side, 0);
	assert_int_equal(e->value, END_BREAKPOINT);
	fx_assert_dump_has(f, "army b bp=1 start=4");
	fx_assert_dump_has(f, "game turn=1 player=a phase=breakpoint "
	    "initiative=a over=yes winner=a");
	fx_no_dice_left(f);
}

static void
test_R11_3_both_quit_is_a_draw(void **state)
{
	struct fx *f = *state;

	/* Each side one unit with 8 (a) and 7 (b) hits: the warband's
	 * attack routs t, its impetuous 1 routs itself. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0403", "S") "hits = 8\n"
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n");
	fx_script(f, "end;end");
	fx_dice(f, "1 6 6");
	fx_do(f, "attack wb t");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_ARMY_QUITS), 2);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->side, -1);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->value,
	    END_BOTH_BROKEN);
	fx_assert_dump_has(f, "game turn=1 player=a phase=breakpoint "
	    "initiative=a over=yes winner=draw");
	fx_assert_dump_has(f, "army a bp=0 start=2");
	fx_assert_dump_has(f, "army b bp=0 start=2");
	fx_no_dice_left(f);
}

static void
test_R11_3_game_over_accepts_only_dump_and_dice(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0403", "S") "hits = 8\n"
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n");
	fx_script(f, "end;end");
	fx_dice(f, "1 6 6");
	fx_do(f, "attack wb t");
	fx_do(f, "end");
	assert_true(f->g->over);
	fx_refuse_why(f, "end", "the game is over");
	fx_refuse_why(f, "pivot wb N", "the game is over");
	fx_refuse_why(f, "first", "the game is over");
	fx_refuse_why(f, "advance wb", "the game is over");
	fx_do(f, "dump");
	fx_do(f, "dice 6");
	assert_int_equal(dice_forced_left(&f->g->dice), 1);
}

/* --- R11.4, R14.18 the last turn --- */

/* turns = 1; u1, u2 of a and t1, t2, b3, b4 of b: bp 4 and 8. */
#define SHARE_INI(victory) FX_HEAD_TURNS("1", "a") FX_MAP("8", "8")          \
	FX_UNIT("u1", "a", "auxilia", "0403", "S")                           \
	FX_UNIT("u2", "a", "auxilia", "0603", "S")                           \
	FX_UNIT("t1", "b", "auxilia", "0404", "N")                           \
	FX_UNIT("t2", "b", "auxilia", "0604", "N")                           \
	FX_UNIT("b3", "b", "auxilia", "0108", "N")                           \
	FX_UNIT("b4", "b", "auxilia", "0808", "N") victory

/* a's player-turn of SHARE_INI: t1 and t2 both fail; b loses 2 of 8. */
static void
share_a_turn(struct fx *f)
{
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u1 t1");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u2 t2");
	fx_dice(f, "1 1");
	fx_do(f, "end");
	fx_do(f, "hold u1");
	fx_do(f, "hold u2");
	fx_assert_dump_has(f, "army b bp=6 start=8");
	/* Both rear hexes of t1 are 2 from u1: 0505; of t2 (0605 is 2 from
	 * u2, 0705 too): 0705. */
	fx_assert_unit(f, "t1", "0505", "N", 1);
	fx_assert_unit(f, "t2", "0705", "N", 1);
}

static void
test_R11_4_smaller_share_wins(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, SHARE_INI(""));
	share_a_turn(f);
	PASS_TURN(f);
	e = fx_event(f, EV_GAME_OVER, 0);
	assert_int_equal(e->side, 0);
	assert_int_equal(e->value, END_SHARE);
	fx_assert_dump_has(f, "game turn=1 player=b phase=breakpoint "
	    "initiative=a over=yes winner=a");
}

static void
test_R14_18_equal_shares_compared_exactly_draw(void **state)
{
	struct fx *f = *state;

	fx_load(f, SHARE_INI(""));
	share_a_turn(f);
	/* b: t1 (0505) charges u1 (0403): 0404 is 1 hex at 11, u1 at 11 in
	 * front.  u1 (facing S) has t1 at 5, its front: no bonus.  u1
	 * fails: a loses 1 of 4, b lost 2 of 8.  1/4 = 2/8: a draw. */
	fx_do(f, "charge t1 u1");
	fx_assert_unit(f, "t1", "0404", "N", 1);
	fx_script(f, "end;end");
	fx_dice(f, "6 3 3");
	fx_do(f, "attack t1 u1");
	fx_dice(f, "1");
	fx_do(f, "end");
	fx_do(f, "hold t1");
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->value, END_SHARE_DRAW);
	fx_assert_dump_has(f, "army a bp=3 start=4");
	fx_assert_dump_has(f, "game turn=1 player=b phase=breakpoint "
	    "initiative=a over=yes winner=draw");
	fx_no_dice_left(f);
}

static void
test_R11_4_no_losses_is_a_draw(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("1", "a"));
	PASS_TURN(f);
	PASS_TURN(f);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->value, END_SHARE_DRAW);
	fx_assert_dump_has(f, "game turn=1 player=b phase=breakpoint "
	    "initiative=a over=yes winner=draw");
}

static void
test_R11_4_victory_hexes_beat_the_share(void **state)
{
	struct fx *f = *state;

	/* b lost 2 of 8, a nothing, but b holds its hex and a has no
	 * [victory] entry (R14.18): b wins. */
	fx_load(f, SHARE_INI("\n[victory]\nb = 0108\n"));
	share_a_turn(f);
	PASS_TURN(f);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->side, 1);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->value,
	    END_VICTORY_HEXES);
	fx_assert_dump_has(f, "game turn=1 player=b phase=breakpoint "
	    "initiative=a over=yes winner=b");
}

static void
test_R11_4_victory_needs_every_hex(void **state)
{
	struct fx *f = *state;

	/* b must hold 0108 and 0404; t1 left 0404: the share decides. */
	fx_load(f, SHARE_INI("\n[victory]\nb = 0108 0404\n"));
	share_a_turn(f);
	PASS_TURN(f);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->side, 0);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->value, END_SHARE);
}

static void
test_R11_4_both_hold_their_hexes_share_decides(void **state)
{
	struct fx *f = *state;

	fx_load(f, SHARE_INI("\n[victory]\na = 0403\nb = 0108\n"));
	share_a_turn(f);
	PASS_TURN(f);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->side, 0);
	assert_int_equal(fx_event(f, EV_GAME_OVER, 0)->value, END_SHARE);
}

static void
test_R3_1_scenario_sets_the_number_of_turns(void **state)
{
	struct fx *f = *state;

	fx_load(f, IDLE("2", "a"));
	PASS_TURN(f);
	fx_script(f, "end;end");
	fx_dice(f, "3 3");
	fx_do(f, "end");
	assert_false(f->g->over);
	PASS_TURN(f);
	PASS_TURN(f);
	assert_true(f->g->over);
	assert_int_equal(fx_count(f, EV_TURN), 0);
	fx_assert_dump_has(f, "game turn=2 player=b phase=breakpoint "
	    "initiative=a over=yes winner=draw");
	fx_no_dice_left(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_R3_2_five_phases_then_the_other_player),
		FX_TEST(test_R3_1_turn_is_initiative_then_two_player_turns),
		FX_TEST(test_R3_2_each_command_in_its_phase),
		FX_TEST(test_R12_1_scenario_side_moves_first),
		FX_TEST(
		    test_R3_2_refusals_name_the_side_to_play_without_a_possessive),
		FX_TEST(test_R12_2_holder_keeps_with_other_one_more),
		FX_TEST(test_R12_2_holder_keeps_on_a_higher_roll),
		FX_TEST(test_R12_2_two_more_seizes_and_moves_first),
		FX_TEST(test_R12_2_seizer_may_move_second),
		FX_TEST(test_R12_2_no_initiative_roll_on_turn_one),
		FX_TEST(test_R11_1_starting_breakpoints),
		FX_TEST(test_R11_2_every_kind_of_loss_in_one_player_turn),
		FX_TEST(test_R11_2_killed_general_costs_1d3),
		FX_TEST(test_R14_17_general_dice_by_army_then_scenario_order),
		FX_TEST(test_R14_17_breakpoint_shown_below_zero),
		FX_TEST(test_R11_3_army_at_zero_quits),
		FX_TEST(test_R11_3_army_with_no_unit_left_quits),
		FX_TEST(test_R11_3_both_quit_is_a_draw),
		FX_TEST(test_R11_3_game_over_accepts_only_dump_and_dice),
		FX_TEST(test_R11_4_smaller_share_wins),
		FX_TEST(test_R14_18_equal_shares_compared_exactly_draw),
		FX_TEST(test_R11_4_no_losses_is_a_draw),
		FX_TEST(test_R11_4_victory_hexes_beat_the_share),
		FX_TEST(test_R11_4_victory_needs_every_hex),
		FX_TEST(test_R11_4_both_hold_their_hexes_share_decides),
		FX_TEST(test_R3_1_scenario_sets_the_number_of_turns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
