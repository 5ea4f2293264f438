/*
 * Rule tests of phases 2 and 3: shooting (R8, R14.1) and combat (R9),
 * with every dice modifier of R9.2 and R8.3, the terrain and elevation
 * penalties of R6 and R6.1 and how they add up (R14.11), impetuous
 * attackers (R9.4), the risk to generals (R9.5, R14.12), hits and rout
 * (R3.3, R7, R14.13) and the general of a routed unit (R10.7).  Every
 * expected count is worked out from rules.md by hand.
 *
 * The usual target t stands at 0404 facing N: front 0403 (11) and 0503
 * (1), left flank 0304 (9), right flank 0504 (3), rear 0405 (7) and 0505
 * (5).  An attacker at 0403 facing S has t at 5, in its front.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"

/* From a's movement phase to its combat phase. */
#define TO_COMBAT(f) fx_script((f), "end;end")

/* --- R9.2 combat dice --- */

static void
test_R9_2_combat_dice_of_every_type(void **state)
{
	static const struct {
		const char *type;
		int dice;
	} types[] = {
		{ "legionaries", 4 }, { "auxilia", 3 }, { "warband", 3 },
		{ "sagittarii", 2 }, { "velites", 2 }, { "equites", 3 },
		{ "equites-auxiliares", 2 },
	};
	struct fx *f = *state;
	char ini[1024];
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++) {
		snprintf(ini, sizeof ini, "%s\n[unit u]\nside = a\ntype = %s\n"
		    "hex = 0403\nfacing = S\n%s", FX_HEAD FX_MAP("8", "8"),
		    types[i].type, FX_UNIT("t", "b", "auxilia", "0404", "N"));
		fx_reload(f, ini);
		TO_COMBAT(f);
		fx_dice(f, "6 6 6 6 6 6");
		fx_do(f, "attack u t");
		fx_assert_roll(f, EV_ATTACK, types[i].dice, NOMODS,
		    types[i].dice, types[i].dice);
		assert_int_equal(fx_hits(f, "t"), types[i].dice);
		assert_int_equal(dice_forced_left(&f->g->dice),
		    6 - types[i].dice);
	}
}

static void
test_R3_3_a_die_hits_on_4_5_6(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    "\n[type six]\nbase = auxilia\ncombat = 6\n"
	    FX_UNIT("u", "a", "six", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	fx_dice(f, "1 2 3 4 5 6");
	fx_do(f, "attack u t");
	e = fx_assert_roll(f, EV_ATTACK, 6, NOMODS, 6, 3);
	assert_int_equal(e->dice[0], 1);
	assert_int_equal(e->dice[5], 6);
	assert_int_equal(fx_hits(f, "t"), 3);
	fx_no_dice_left(f);
}

static void
test_R9_2_general_adds_one_die(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_GENERAL("gen", "a", "u"));
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 6");
	fx_do(f, "attack u t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_GENERAL] = 1), 4, 4);
	fx_no_dice_left(f);
}

static void
test_R9_2_front_adds_nothing(void **state)
{
	struct fx *f = *state;

	/* 0503 facing S has t at 7, in its front; 0503 is t's front 1. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("f11", "a", "auxilia", "0403", "S")
	    FX_UNIT("f1", "a", "auxilia", "0503", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 6 6");
	fx_do(f, "attack f11 t");
	fx_assert_roll(f, EV_ATTACK, 3, NOMODS, 3, 3);
	fx_dice(f, "6 6 6");
	fx_do(f, "attack f1 t");
	fx_assert_roll(f, EV_ATTACK, 3, NOMODS, 3, 3);
	fx_no_dice_left(f);
}

static void
test_R9_2_flank_adds_one_die(void **state)
{
	struct fx *f = *state;

	/* Left flank 0304 facing NE (t at 3), right 0504 facing NW (t at 9). */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("l", "a", "auxilia", "0304", "NE")
	    FX_UNIT("r", "a", "auxilia", "0504", "NW")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 3");
	fx_do(f, "attack l t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_FLANK] = 1), 4, 3);
	fx_dice(f, "6 6 3 3");
	fx_do(f, "attack r t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_FLANK] = 1), 4, 2);
	assert_int_equal(fx_hits(f, "t"), 5);
	fx_no_dice_left(f);
}

static void
test_R9_2_rear_adds_two_dice(void **state)
{
	struct fx *f = *state;

	/* 0405 and 0505 facing N have t at 1 and 11, in front. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("r7", "a", "auxilia", "0405", "N")
	    FX_UNIT("r5", "a", "auxilia", "0505", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 3 3 3 3");
	fx_do(f, "attack r7 t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_REAR] = 2), 5, 1);
	fx_dice(f, "6 6 3 3 3");
	fx_do(f, "attack r5 t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_REAR] = 2), 5, 2);
	fx_no_dice_left(f);
}

static void
test_R9_3_faces_judged_from_the_target_facing(void **state)
{
	struct fx *f = *state;

	/* t faces S: front 0505 (5) and 0405 (7), left flank 0504 (3),
	 * right flank 0304 (9), rear 0503 (1) and 0403 (11).  The attacker
	 * at 0403 faces S, as t does, and has t in its front: it stands in
	 * t's rear.  The one at 0304 faces NE: t's right flank. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("back", "a", "auxilia", "0403", "S")
	    FX_UNIT("side", "a", "auxilia", "0304", "NE")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	TO_COMBAT(f);
	fx_dice(f, "3 3 3 3 3");
	fx_do(f, "attack back t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_REAR] = 2), 5, 0);
	fx_dice(f, "3 3 3 3");
	fx_do(f, "attack side t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_FLANK] = 1), 4, 0);
	fx_no_dice_left(f);
}

static void
test_R9_2_ferocious_charger_adds_one_die(void **state)
{
	struct fx *f = *state;

	/* wb charges from 0406 to 0405 (lowest of 0405/0505); t faces S,
	 * so 0405 (its 7) is its front: only ferocity adds. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "charge wb t");
	fx_assert_unit(f, "wb", "0405", "N", 0);
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 6");
	fx_do(f, "attack wb t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_FEROCIOUS] = 1), 4, 4);
	fx_no_dice_left(f);
}

static void
test_R9_2_ferocious_after_a_push_charge(void **state)
{
	struct fx *f = *state;

	/* wb moves 0407 -> 0406, then its free push charge takes 0405. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0407", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "move wb 0406");
	fx_do(f, "push wb charge t");
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 3");
	fx_do(f, "attack wb t");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_FEROCIOUS] = 1), 4, 3);
	fx_no_dice_left(f);
}

static void
test_R9_2_charge_without_ferocity_adds_nothing(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "charge aux t");
	TO_COMBAT(f);
	fx_dice(f, "6 6 6");
	fx_do(f, "attack aux t");
	fx_assert_roll(f, EV_ATTACK, 3, NOMODS, 3, 3);
	fx_no_dice_left(f);
}

static void
test_R13_2_ferocious_only_in_the_turn_it_charged(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "charge wb t");
	TO_COMBAT(f);
	fx_dice(f, "3 3 3 3");
	fx_do(f, "attack wb t");
	fx_do(f, "end");	/* no hits: no checks; b's player-turn */
	/* b: t has wb at 7, in its front, and must attack it. */
	fx_script(f, "end;end");
	fx_dice(f, "3 3 3");
	fx_do(f, "attack t wb");
	/* Turn 2: a keeps the initiative (3 against 3). */
	fx_dice(f, "3 3");
	fx_do(f, "end");
	assert_int_equal(f->g->turn, 2);
	assert_int_equal(f->g->player, 0);
	TO_COMBAT(f);
	fx_dice(f, "3 3 3");
	fx_do(f, "attack wb t");
	fx_assert_roll(f, EV_ATTACK, 3, NOMODS, 3, 0);
	fx_no_dice_left(f);
}

static void
test_R9_2_armored_target_costs_one_die(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0403", "S")
	    FX_UNIT("wb", "a", "warband", "0503", "S")
	    FX_UNIT("leg", "b", "legionaries", "0404", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 6");
	fx_do(f, "attack aux leg");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_ARMORED] = -1), 2, 2);
	/* The warband ignores armor. */
	fx_dice(f, "6 6 6");
	fx_do(f, "attack wb leg");
	fx_assert_roll(f, EV_ATTACK, 3, NOMODS, 3, 3);
	fx_no_dice_left(f);
}

static void
test_R9_2_every_bonus_at_once(void **state)
{
	struct fx *f = *state;

	/* A warband with its general charges into the rear (0405) of
	 * legionaries facing N: 3 + 1 general + 2 rear + 1 ferocious, and
	 * it ignores their armor: 7 dice. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0406", "N")
	    FX_UNIT("leg", "b", "legionaries", "0404", "N")
	    FX_GENERAL("gen", "a", "wb"));
	fx_do(f, "charge wb leg");
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 3 3 3 3");
	fx_do(f, "attack wb leg");
	fx_assert_roll(f, EV_ATTACK, 3, MODS([MOD_GENERAL] = 1,
	    [MOD_REAR] = 2, [MOD_FEROCIOUS] = 1), 7, 3);
	fx_no_dice_left(f);
}

/* --- R6, R6.1, R14.11 terrain and elevation in combat --- */

/*
 * One case: the terrain codes of the target's hex (0404) and the
 * attacker's (0403), their elevations, whether 0404 is fortified, the
 * types, and the modifiers expected.
 */
struct terrain_case {
	char target_terrain;
	char attacker_terrain;
	int target_elev;
	int attacker_elev;
	int fortified;
	const char *target_type;
	const char *attacker_type;
	struct fx_mods mods;
	int total;
};

static void
play_terrain_case(struct fx *f, const struct terrain_case *tc)
{
	static const char *const elev_key[3] = { NULL, "hills", "high-hills" };
	char ini[2048], rows[8][32], dice[32];
	size_t used;
	int r, c, i;

	for (r = 0; r < 8; r++) {
		for (c = 0; c < 8; c++) {
			rows[r][2 * c] = '.';
			rows[r][2 * c + 1] = ' ';
		}
		rows[r][15] = '\0';
	}
	rows[3][2 * 3] = tc->target_terrain;	/* 0404: row 4, column 4 */
	rows[2][2 * 3] = tc->attacker_terrain; /* 0403: row 3, column 4 */
	used = (size_t)snprintf(ini, sizeof ini, "%s[map]\nwidth = 8\n"
	    "height = 8\nterrain =\n", FX_HEAD);
	for (r = 0; r < 8; r++)
		used += (size_t)snprintf(ini + used, sizeof ini - used,
		    "  %s\n", rows[r]);
	if (tc->target_elev > 0 && tc->target_elev == tc->attacker_elev)
		used += (size_t)snprintf(ini + used, sizeof ini - used,
		    "%s = 0403 0404\n", elev_key[tc->target_elev]);
	else {
		if (tc->target_elev > 0)
			used += (size_t)snprintf(ini + used, sizeof ini - used,
			    "%s = 0404\n", elev_key[tc->target_elev]);
		if (tc->attacker_elev > 0)
			used += (size_t)snprintf(ini + used, sizeof ini - used,
			    "%s = 0403\n", elev_key[tc->attacker_elev]);
	}
	if (tc->fortified)
		used += (size_t)snprintf(ini + used, sizeof ini - used,
		    "fortified = 0404\n");
	snprintf(ini + used, sizeof ini - used, "\n[unit u]\nside = a\n"
	    "type = %s\nhex = 0403\nfacing = S\n\n[unit t]\nside = b\n"
	    "type = %s\nhex = 0404\nfacing = N\n", tc->attacker_type,
	    tc->target_type);
	fx_reload(f, ini);
	TO_COMBAT(f);
	for (i = 0; i < tc->total; i++)
		dice[2 * i] = '6', dice[2 * i + 1] = ' ';
	dice[2 * tc->total - 1] = '\0';
	fx_dice(f, dice);
	fx_do(f, "attack u t");
	fx_assert_roll(f, EV_ATTACK, 3, tc->mods, tc->total, tc->total);
	fx_no_dice_left(f);
}

static void
test_R6_terrain_penalties_in_combat(void **state)
{
	static const struct terrain_case cases[] = {
		/* target in woods (velites), rough */
		{ 'w', '.', 0, 0, 0, "velites", "auxilia",
		    MODS([MOD_WOODS] = -1), 2 },
		{ 'r', '.', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_ROUGH] = -1), 2 },
		/* ford or bridge: attacker or target, once for both */
		{ 'f', '.', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_FORD] = -1), 2 },
		{ '.', 'f', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_FORD] = -1), 2 },
		{ 'f', 'f', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_FORD] = -1), 2 },
		{ 'b', '.', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_FORD] = -1), 2 },
		{ '.', 'b', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_FORD] = -1), 2 },
		{ 'b', 'f', 0, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_FORD] = -1), 2 },
		/* settlements: only a fortified one */
		{ 'v', '.', 0, 0, 0, "auxilia", "auxilia", NOMODS, 3 },
		{ 'v', '.', 0, 0, 1, "auxilia", "auxilia",
		    MODS([MOD_FORTIFIED] = -1), 2 },
		/* the attacker's own woods, rough or fort do not count */
		{ '.', 'w', 0, 0, 0, "auxilia", "warband", NOMODS, 3 },
		{ '.', 'r', 0, 0, 0, "auxilia", "auxilia", NOMODS, 3 },
		/* elevation: higher target, whatever the difference */
		{ '.', '.', 1, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_UPHILL] = -1), 2 },
		{ '.', '.', 2, 0, 0, "auxilia", "auxilia",
		    MODS([MOD_UPHILL] = -1), 2 },
		{ '.', '.', 2, 1, 0, "auxilia", "auxilia",
		    MODS([MOD_UPHILL] = -1), 2 },
		{ '.', '.', 1, 1, 0, "auxilia", "auxilia", NOMODS, 3 },
		{ '.', '.', 0, 1, 0, "auxilia", "auxilia", NOMODS, 3 },
		{ '.', '.', 1, 2, 0, "auxilia", "auxilia", NOMODS, 3 },
		/* R14.11: penalties add up */
		{ 'w', 'f', 0, 0, 0, "velites", "auxilia",
		    MODS([MOD_WOODS] = -1, [MOD_FORD] = -1), 1 },
		{ 'v', '.', 1, 0, 1, "auxilia", "auxilia",
		    MODS([MOD_FORTIFIED] = -1, [MOD_UPHILL] = -1), 1 },
		/* at least 1D6 */
		{ 'w', 'f', 1, 0, 0, "velites", "auxilia",
		    MODS([MOD_WOODS] = -1, [MOD_FORD] = -1,
		    [MOD_UPHILL] = -1), 1 },
		{ 'v', '.', 2, 0, 1, "legionaries", "auxilia",
		    MODS([MOD_ARMORED] = -1, [MOD_FORTIFIED] = -1,
		    [MOD_UPHILL] = -1), 1 },
	};
	struct fx *f = *state;
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++)
		play_terrain_case(f, &cases[i]);
}

/* --- R9.1 who attacks --- */

static void
test_R9_1_end_refused_while_an_attack_is_due(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0503", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	fx_refuse_why(f, "end", "must still attack an enemy in front (R9.1): "
	    "u, u2");
	fx_dice(f, "3 3 3");
	fx_do(f, "attack u2 t");
	fx_refuse_why(f, "end", "(R9.1): u");
	fx_dice(f, "3 3 3");
	fx_do(f, "attack u t");
	fx_do(f, "end");
	fx_no_dice_left(f);
}

static void
test_R9_1_one_attack_on_one_of_two_in_front(void **state)
{
	struct fx *f = *state;

	/* u at 0403 facing S has 0404 (at 5) and 0304 (at 7) in front. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t1", "b", "auxilia", "0404", "N")
	    FX_UNIT("t2", "b", "auxilia", "0304", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 3 3");
	fx_do(f, "attack u t2");
	assert_int_equal(fx_hits(f, "t2"), 1);
	fx_refuse_why(f, "attack u t1", "already attacked t2");
	fx_dice(f, "6");	/* t2's morale check: passed */
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 1);
	fx_no_dice_left(f);
}

static void
test_R9_1_no_attack_without_an_enemy_in_front(void **state)
{
	struct fx *f = *state;

	/* u faces N: t at 0404 is at 5, its rear.  Engaged, no attack. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	assert_true(game_unit_engaged(f->g, fx_unit(f, "u")));
	fx_refuse_why(f, "attack u t", "not an enemy in one of u's front");
	fx_do(f, "end");
}

static void
test_R9_1_only_the_phasing_player_attacks(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	TO_COMBAT(f);
	/* t has u at 11, in its front, but it is a's player-turn. */
	fx_refuse_why(f, "attack t u", "only the phasing player's units");
}

static void
test_R9_1_attack_only_in_the_combat_phase(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	fx_refuse_why(f, "attack u t", "combat phase");
	fx_do(f, "end");
	fx_refuse_why(f, "attack u t", "combat phase");
}

/* --- R7 hits and rout --- */

static void
test_R7_2_nine_hits_rout_at_once(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("u2", "a", "auxilia", "0503", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n"
	    FX_UNIT("b2", "b", "auxilia", "0108", "N"));
	fx_assert_dump_has(f, "unit t side=b type=auxilia hex=0404 facing=N "
	    "hits=7 engaged=yes");
	TO_COMBAT(f);
	fx_dice(f, "6 6 2");
	fx_do(f, "attack u t");
	assert_int_equal(fx_count(f, EV_ROUTED), 1);
	fx_assert_dump_has(f, "unit t side=b type=auxilia hex=- facing=N "
	    "hits=9 engaged=no");
	assert_int_equal(game_unit_at(f->g, (struct hex){ 4, 4 }), -1);
	/* u2 has nothing left to attack and need not. */
	fx_refuse(f, "attack u2 t");
	fx_do(f, "end");
	/* Phase 5: b loses 2 for the routed unit (R11.2). */
	assert_int_equal(f->g->bp[1], 2);
	fx_no_dice_left(f);
}

static void
test_R14_13_hits_never_exceed_nine(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "legionaries", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 8\n"
	    FX_UNIT("b2", "b", "auxilia", "0108", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 6");
	fx_do(f, "attack u t");
	assert_int_equal(fx_event(f, EV_ATTACK, 0)->hits, 4);
	assert_int_equal(fx_event(f, EV_ATTACK, 0)->value, 9);
	fx_assert_unit(f, "t", "-", "N", 9);
}

/* An attack on a unit routed a moment before says so (a playtester was
 * told the routed unit was "not an enemy in one of" the attacker's front
 * hexes, the words for a unit that stands elsewhere). */
static void
test_R9_1_attack_on_a_routed_unit_says_it_left_the_field(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "legionaries", "0403", "S")
	    FX_UNIT("v", "a", "auxilia", "0503", "SW")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 8\n"
	    FX_UNIT("b2", "b", "auxilia", "0108", "N"));
	TO_COMBAT(f);
	fx_dice(f, "6 6 6 6");
	fx_do(f, "attack u t");
	fx_assert_unit(f, "t", "-", "N", 9);
	fx_refuse_why(f, "attack v t", "t has left the field");
}

/* --- R9.4 impetuous --- */

static const char impetuous_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("wb", "a", "warband", "0403", "S")
    FX_UNIT("t", "b", "auxilia", "0404", "N");

static void
test_R9_4_impetuous_one_costs_one_sp(void **state)
{
	struct fx *f = *state;

	fx_load(f, impetuous_ini);
	TO_COMBAT(f);
	fx_dice(f, "1 6 6");
	fx_do(f, "attack wb t");
	assert_int_equal(fx_count(f, EV_IMPETUOUS), 1);
	assert_true(fx_index(f, EV_ATTACK) < fx_index(f, EV_IMPETUOUS));
	fx_assert_unit(f, "wb", "0403", "S", 1);
	fx_assert_unit(f, "t", "0404", "N", 2);
	fx_no_dice_left(f);
}

static void
test_R9_4_impetuous_once_per_attack(void **state)
{
	struct fx *f = *state;

	fx_load(f, impetuous_ini);
	TO_COMBAT(f);
	fx_dice(f, "1 1 1");
	fx_do(f, "attack wb t");
	assert_int_equal(fx_count(f, EV_IMPETUOUS), 1);
	assert_int_equal(fx_hits(f, "wb"), 1);
	assert_int_equal(fx_hits(f, "t"), 0);
}

static void
test_R9_4_no_loss_without_a_one(void **state)
{
	struct fx *f = *state;

	fx_load(f, impetuous_ini);
	TO_COMBAT(f);
	fx_dice(f, "2 3 4");
	fx_do(f, "attack wb t");
	assert_int_equal(fx_count(f, EV_IMPETUOUS), 0);
	assert_int_equal(fx_hits(f, "wb"), 0);
}

static void
test_R9_4_impetuous_loss_needs_no_morale_check(void **state)
{
	struct fx *f = *state;

	fx_load(f, impetuous_ini);
	TO_COMBAT(f);
	fx_dice(f, "1 6 3");
	fx_do(f, "attack wb t");
	/* Only t, which lost SP to combat, checks. */
	fx_dice(f, "5");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 1);
	assert_int_equal(fx_event(f, EV_MORALE, 0)->unit, fx_unit(f, "t"));
	assert_int_equal(fx_count(f, EV_BREAKPOINT_LOSS), 0);
	fx_no_dice_left(f);
}

static void
test_R14_11_impetuous_only_in_combat(void **state)
{
	struct fx *f = *state;

	/* An impetuous shooter rolls a 1 in phase 2 and loses nothing. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    "\n[type wild]\nbase = sagittarii\n"
	    "traits = light missile impetuous\n"
	    FX_UNIT("s", "a", "wild", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "N"));
	fx_do(f, "end");
	fx_dice(f, "1 6");
	fx_do(f, "shoot s t");
	assert_int_equal(fx_count(f, EV_IMPETUOUS), 0);
	assert_int_equal(fx_hits(f, "s"), 0);
	assert_int_equal(fx_hits(f, "t"), 1);
}

/* --- R9.5, R14.12 risk to generals --- */

static const char risk_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("u", "a", "auxilia", "0403", "S")
    FX_UNIT("t", "b", "auxilia", "0404", "N")
    FX_UNIT("b2", "b", "auxilia", "0108", "N")
    FX_GENERAL("gb", "b", "t");

static void
test_R9_5_each_one_risks_the_general(void **state)
{
	struct fx *f = *state;

	fx_load(f, risk_ini);
	TO_COMBAT(f);
	/* Only a total of 2 kills: 3 (1 and 2) and 12 do not. */
	fx_dice(f, "1 1 6  1 2  6 6");
	fx_do(f, "attack u t");
	assert_int_equal(fx_count(f, EV_GENERAL_RISK), 2);
	assert_int_equal(fx_event(f, EV_GENERAL_RISK, 0)->value, 3);
	assert_int_equal(fx_event(f, EV_GENERAL_RISK, 1)->value, 12);
	assert_int_equal(fx_count(f, EV_GENERAL_KILLED), 0);
	assert_string_equal(fx_general_with(f, "gb"), "t");
	assert_int_equal(fx_hits(f, "t"), 1);
	fx_no_dice_left(f);
}

static void
test_R9_5_double_one_kills_the_general(void **state)
{
	struct fx *f = *state;

	fx_load(f, risk_ini);
	TO_COMBAT(f);
	fx_dice(f, "1 6 6  1 1");
	fx_do(f, "attack u t");
	assert_int_equal(fx_count(f, EV_GENERAL_RISK), 1);
	assert_int_equal(fx_event(f, EV_GENERAL_RISK, 0)->value, 2);
	assert_int_equal(fx_event(f, EV_GENERAL_KILLED, 0)->value, 1);
	assert_string_equal(fx_general_with(f, "gb"), "-");
	assert_int_equal(f->g->units[fx_unit(f, "t")].general, -1);
	fx_assert_dump_has(f, "general gb side=b unit=-");
	/* R14.14: t has no general when it checks, so it checks (6: it
	 * passes); phase 5 rolls 1D3 for gb (5: 3 points).  b started at
	 * 2 + 2 + 2 = 6. */
	fx_dice(f, "6 5");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 1);
	assert_int_equal(fx_event(f, EV_GENERAL_D3, 0)->value, 3);
	assert_int_equal(f->g->bp[1], 3);
	fx_no_dice_left(f);
}

static void
test_R14_12_no_risk_once_the_general_is_dead(void **state)
{
	struct fx *f = *state;

	fx_load(f, risk_ini);
	TO_COMBAT(f);
	fx_dice(f, "1 1 1  1 1  6 6");
	fx_do(f, "attack u t");
	assert_int_equal(fx_count(f, EV_GENERAL_RISK), 1);
	assert_int_equal(fx_count(f, EV_GENERAL_KILLED), 1);
	/* 3 attack dice and one pair: the last pair is still queued. */
	assert_int_equal(dice_forced_left(&f->g->dice), 2);
}

static void
test_R9_5_shooting_risks_the_general_too(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("s", "a", "sagittarii", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_GENERAL("gb", "b", "t"));
	fx_do(f, "end");
	fx_dice(f, "1 4  1 1");
	fx_do(f, "shoot s t");
	assert_int_equal(fx_count(f, EV_GENERAL_RISK), 1);
	assert_int_equal(fx_count(f, EV_GENERAL_KILLED), 1);
	assert_string_equal(fx_general_with(f, "gb"), "-");
	assert_int_equal(fx_hits(f, "t"), 1);
	fx_no_dice_left(f);
}

static void
test_R9_5_only_the_target_general_is_at_risk(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_GENERAL("ga", "a", "u"));
	TO_COMBAT(f);
	fx_dice(f, "1 1 1 1");
	fx_do(f, "attack u t");
	assert_int_equal(fx_count(f, EV_GENERAL_RISK), 0);
	fx_no_dice_left(f);
}

/* --- R10.7 the general of a removed unit, and the dice order --- */

/*
 * t (7 hits, general gb) at 0404; friends of b: b1 at 0407 and b3 at 0104
 * are both 3 hexes away; b4 at 0405 is nearer but has gb2.
 */
static const char rout_general_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("u", "a", "auxilia", "0403", "S")
    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n"
    FX_UNIT("b1", "b", "auxilia", "0407", "N")
    FX_UNIT("b3", "b", "auxilia", "0104", "N")
    FX_UNIT("b4", "b", "auxilia", "0405", "N")
    FX_GENERAL("gb", "b", "t")
    FX_GENERAL("gb2", "b", "b4");

static void
test_R10_7_general_joins_the_nearest_free_friend(void **state)
{
	struct fx *f = *state;
	const struct event *e;

	fx_load(f, rout_general_ini);
	TO_COMBAT(f);
	/* Attack dice, the 2D6 for the 1, the hits (rout), his die. */
	fx_dice(f, "1 6 6  3 3  4");
	fx_do(f, "attack u t");
	assert_true(fx_index(f, EV_ATTACK) < fx_index(f, EV_GENERAL_RISK));
	assert_true(fx_index(f, EV_GENERAL_RISK) < fx_index(f, EV_ROUTED));
	assert_true(fx_index(f, EV_ROUTED) < fx_index(f, EV_GENERAL_JOINS));
	e = fx_event(f, EV_GENERAL_JOINS, 0);
	assert_int_equal(e->dice[0], 4);
	/* b1 (0407) and b3 (0104) tie at 3: the lower hex name, 0104. */
	assert_string_equal(fx_general_with(f, "gb"), "b3");
	assert_int_equal(f->g->units[fx_unit(f, "b3")].general,
	    fx_general(f, "gb"));
	fx_no_dice_left(f);
}

static void
test_R10_7_general_dies_on_a_one(void **state)
{
	struct fx *f = *state;

	fx_load(f, rout_general_ini);
	TO_COMBAT(f);
	fx_dice(f, "6 6 6  1");
	fx_do(f, "attack u t");
	assert_int_equal(fx_event(f, EV_GENERAL_KILLED, 0)->value, 2);
	assert_string_equal(fx_general_with(f, "gb"), "-");
	/* Phase 5: 2 for t, 1D3 (die 3: 2) for gb.  Start 2 * 4 + 2 * 2. */
	fx_dice(f, "3");
	fx_do(f, "end");
	assert_int_equal(f->g->bp[1], 12 - 4);
	fx_no_dice_left(f);
}

static void
test_R10_7_general_without_a_friend_leaves_the_field(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("u", "a", "auxilia", "0403", "S")
	    FX_UNIT("t", "b", "auxilia", "0404", "N") "hits = 7\n"
	    FX_GENERAL("gb", "b", "t"));
	TO_COMBAT(f);
	fx_dice(f, "6 6 6  5");
	fx_do(f, "attack u t");
	assert_int_equal(fx_event(f, EV_GENERAL_KILLED, 0)->value, 3);
	assert_string_equal(fx_general_with(f, "gb"), "-");
	fx_no_dice_left(f);
}

static void
test_R10_7_impetuous_rout_then_its_general(void **state)
{
	struct fx *f = *state;

	/* wb (8 hits, general ga) rolls 3 + 1 dice with a 1: t takes its
	 * hits, then wb loses 1 SP and routs, then ga rolls. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("wb", "a", "warband", "0403", "S") "hits = 8\n"
	    FX_UNIT("a2", "a", "auxilia", "0108", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_GENERAL("ga", "a", "wb"));
	TO_COMBAT(f);
	fx_dice(f, "1 6 6 6  2");
	fx_do(f, "attack wb t");
	assert_int_equal(fx_hits(f, "t"), 3);
	assert_true(fx_index(f, EV_ATTACK) < fx_index(f, EV_IMPETUOUS));
	assert_true(fx_index(f, EV_IMPETUOUS) < fx_index(f, EV_ROUTED));
	assert_true(fx_index(f, EV_ROUTED) < fx_index(f, EV_GENERAL_JOINS));
	fx_assert_unit(f, "wb", "-", "S", 9);
	assert_string_equal(fx_general_with(f, "ga"), "a2");
	fx_no_dice_left(f);
}

/* --- R8 shooting --- */

static void
test_R8_1_only_missile_units_shoot(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("aux", "a", "auxilia", "0406", "N")
	    FX_UNIT("vel", "a", "velites", "0606", "N") "missile = no\n"
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_UNIT("t2", "b", "auxilia", "0604", "N"));
	fx_do(f, "end");
	fx_refuse_why(f, "shoot aux t", "no missile weapons");
	fx_refuse_why(f, "shoot vel t2", "no missile weapons");
}

static const char shooter_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("s", "a", "sagittarii", "0406", "N")
    FX_UNIT("s2", "a", "sagittarii", "0606", "N")
    FX_UNIT("t", "b", "auxilia", "0404", "N")
    FX_UNIT("t2", "b", "auxilia", "0604", "N");

static void
test_R8_1_a_unit_that_moved_or_pivoted_may_not_shoot(void **state)
{
	struct fx *f = *state;

	fx_load(f, shooter_ini);
	fx_do(f, "move s 0306 N");
	fx_do(f, "pivot s2 NE");
	fx_do(f, "end");
	fx_refuse_why(f, "shoot s t", "used a movement action");
	fx_refuse_why(f, "shoot s2 t2", "used a movement action");
}

static void
test_R8_1_each_shooter_shoots_once(void **state)
{
	struct fx *f = *state;

	fx_load(f, shooter_ini);
	fx_do(f, "end");
	fx_dice(f, "3 3");
	fx_do(f, "shoot s t");
	fx_refuse_why(f, "shoot s t", "already shot");
	fx_refuse_why(f, "shoot s t2", "already shot");
	fx_no_dice_left(f);
}

static void
test_R8_1_engaged_unit_may_not_shoot(void **state)
{
	struct fx *f = *state;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("s", "a", "sagittarii", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0405", "S")
	    FX_UNIT("t2", "b", "auxilia", "0404", "S"));
	fx_do(f, "end");
	fx_refuse_why(f, "shoot s t2", "engaged");
	fx_refuse_why(f, "shoot s t", "engaged");
}

static void
test_R8_1_shooting_only_in_the_shooting_phase(void **state)
{
	struct fx *f = *state;

	fx_load(f, shooter_ini);
	fx_refuse_why(f, "shoot s t", "shooting phase");
	TO_COMBAT(f);
	fx_refuse_why(f, "shoot s t", "shooting phase");
}

/*
 * R2.4: from 0406 facing N, a steps at 11 and b at 1: range 1 is 0405
 * and 0505, range 2 is 0304, 0404, 0504, range 3 is 0303, 0403, 0503,
 * 0603.  Range-1 hexes touch the shooter, which would then be engaged.
 */
static void
test_R8_2_forward_arc_and_range(void **state)
{
	static const struct {
		const char *type;
		const char *hex;
		int ok;
	} cases[] = {
		{ "sagittarii", "0304", 1 }, { "sagittarii", "0404", 1 },
		{ "sagittarii", "0504", 1 }, { "sagittarii", "0303", 1 },
		{ "sagittarii", "0403", 1 }, { "sagittarii", "0503", 1 },
		{ "sagittarii", "0603", 1 },
		{ "sagittarii", "0202", 0 },	/* a = 4 */
		{ "sagittarii", "0402", 0 },	/* a = 2, b = 2 */
		{ "sagittarii", "0206", 0 },	/* at 9, range 2 */
		{ "sagittarii", "0606", 0 },	/* at 3, range 2 */
		{ "sagittarii", "0408", 0 },	/* behind, range 2 */
		{ "sagittarii", "0703", 0 },	/* range 4 */
		{ "velites", "0304", 1 }, { "velites", "0404", 1 },
		{ "velites", "0504", 1 },
		{ "velites", "0303", 0 }, { "velites", "0403", 0 },
		{ "velites", "0503", 0 }, { "velites", "0603", 0 },
		{ "equites-auxiliares", "0304", 1 },
		{ "equites-auxiliares", "0504", 1 },
		{ "equites-auxiliares", "0403", 0 },
	};
	struct fx *f = *state;
	char ini[1024];
	size_t i;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(ini, sizeof ini, "%s\n[unit s]\nside = a\ntype = %s\n"
		    "hex = 0406\nfacing = N\n\n[unit t]\nside = b\n"
		    "type = auxilia\nhex = %s\nfacing = N\n",
		    FX_HEAD FX_MAP("8", "8"), cases[i].type, cases[i].hex);
		fx_reload(f, ini);
		fx_do(f, "end");
		if (cases[i].ok) {
			fx_dice(f, "6 6");
			fx_do(f, "shoot s t");
			fx_assert_roll(f, EV_SHOT, 2, NOMODS, 2, 2);
			assert_int_equal(fx_hits(f, "t"), 2);
		} else {
			fx_refuse_why(f, "shoot s t", "forward arc");
		}
	}
}

/*
 * Lines of sight from 0406.  To 0303 (3 steps at 11) the line crosses
 * 0405 and 0304.  To 0404 it runs along the hexside between 0405 and
 * 0505 (R14.1): blocked only if both block.
 */
static void
test_R8_2_line_of_sight(void **state)
{
	static const struct {
		const char *target;
		const char *terrain;	/* code at 0304, 0405, 0505 */
		const char *hills;
		const char *units;	/* extra a units' hexes */
		int ok;
		const char *why;	/* what the refusal says blocks */
	} cases[] = {
		{ "0303", "...", "", "", 1, NULL },
		{ "0303", "...", "", "0304", 0, "a unit at 0304" }, /* a friend */
		{ "0303", "w..", "", "", 0, "woods at 0304" },
		{ "0303", "v..", "", "", 0, "a settlement at 0304" },
		{ "0303", "r..", "", "", 1, NULL },	/* rough: open */
		{ "0303", "...", "hills = 0304\n", "", 0,
		  "higher ground at 0304" },
		{ "0303", "...", "hills = 0304 0406\n", "", 1, NULL },
		{ "0303", "...", "hills = 0304 0303\n", "", 1, NULL },
		{ "0303", "...", "high-hills = 0304\nhills = 0406\n", "", 0,
		  "higher ground at 0304" },
		{ "0404", "...", "", "0405", 1, NULL },	/* one side */
		{ "0404", "...", "", "0405 0505", 0,	/* both sides */
		  "a unit at 0405 and a unit at 0505 block it (R14.1)" },
		{ "0404", ".w.", "", "0505", 0,	/* woods and unit */
		  "woods at 0405 and a unit at 0505 block it" },
		{ "0404", "..w", "", "", 1, NULL },	/* woods one side */
	};
	struct fx *f = *state;
	char ini[2048], hexes[64], *h;
	size_t used, i;
	int k;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		/* Rows 3-5 carry the terrain of 0304 (row 4 col 3), 0405
		 * and 0505 (row 5 cols 4 and 5). */
		used = (size_t)snprintf(ini, sizeof ini, "%s[map]\nwidth = 8\n"
		    "height = 8\nterrain =\n  ........\n  ........\n"
		    "  ........\n  ..%c.....\n  ...%c%c...\n  ........\n"
		    "  ........\n  ........\n%s", FX_HEAD,
		    cases[i].terrain[0], cases[i].terrain[1],
		    cases[i].terrain[2], cases[i].hills);
		used += (size_t)snprintf(ini + used, sizeof ini - used,
		    "\n[unit s]\nside = a\ntype = velites\nhex = 0406\n"
		    "facing = N\n\n[unit t]\nside = b\ntype = velites\n"
		    "hex = %s\nfacing = N\n", cases[i].target);
		snprintf(hexes, sizeof hexes, "%s", cases[i].units);
		for (h = strtok(hexes, " "), k = 0; h != NULL;
		    h = strtok(NULL, " "), k++)
			used += (size_t)snprintf(ini + used, sizeof ini - used,
			    "\n[unit f%d]\nside = a\ntype = velites\n"
			    "hex = %s\nfacing = N\n", k, h);
		/* velites reach only 2: make this one's range 3. */
		used += (size_t)snprintf(ini + used, sizeof ini - used,
		    "\n[type velites]\nmissile-range = 3\n");
		fx_reload(f, ini);
		fx_do(f, "end");
		if (cases[i].ok) {
			fx_dice(f, "6 6 6 6");
			fx_do(f, "shoot s t");
			assert_int_equal(fx_count(f, EV_SHOT), 1);
		} else {
			fx_refuse_why(f, "shoot s t", "no clear line of sight");
			fx_refuse_why(f, "shoot s t", cases[i].why);
		}
	}
}

static void
test_R8_3_shooting_dice(void **state)
{
	static const struct {
		const char *extra;	/* map keys */
		const char *shooter;
		const char *target;
		char target_terrain;
		char shooter_terrain;
		struct fx_mods mods;
		int total;
	} cases[] = {
		{ "", "sagittarii", "auxilia", '.', '.', NOMODS, 2 },
		{ "", "equites-auxiliares", "auxilia", '.', '.', NOMODS, 2 },
		{ "", "sagittarii", "legionaries", '.', '.',
		    MODS([MOD_ARMORED] = -1), 1 },
		{ "", "slinger", "legionaries", '.', '.', NOMODS, 2 },
		{ "", "sagittarii", "velites", 'w', '.',
		    MODS([MOD_WOODS] = -1), 1 },
		{ "", "sagittarii", "auxilia", 'r', '.',
		    MODS([MOD_ROUGH] = -1), 1 },
		{ "", "sagittarii", "auxilia", '.', 'f',
		    MODS([MOD_FORD] = -1), 1 },
		{ "fortified = 0404\n", "sagittarii", "auxilia", 'v', '.',
		    MODS([MOD_FORTIFIED] = -1), 1 },
		{ "hills = 0404\n", "sagittarii", "auxilia", '.', '.',
		    MODS([MOD_UPHILL] = -1), 1 },
		{ "hills = 0404 0406\n", "sagittarii", "auxilia", '.', '.',
		    NOMODS, 2 },
		/* at least 1D6 */
		{ "hills = 0404\n", "sagittarii", "legionaries", '.', '.',
		    MODS([MOD_ARMORED] = -1, [MOD_UPHILL] = -1), 1 },
		{ "high-hills = 0404\n", "sagittarii", "velites", 'w', 'f',
		    MODS([MOD_WOODS] = -1, [MOD_FORD] = -1,
		    [MOD_UPHILL] = -1), 1 },
	};
	struct fx *f = *state;
	char ini[2048];
	size_t i;
	int n;

	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		snprintf(ini, sizeof ini, "%s[map]\nwidth = 8\nheight = 8\n"
		    "terrain =\n  ........\n  ........\n  ........\n"
		    "  ...%c....\n  ........\n  ...%c....\n  ........\n"
		    "  ........\n%s\n[type slinger]\nbase = sagittarii\n"
		    "traits = light missile ignores-armor\n\n[unit s]\n"
		    "side = a\ntype = %s\nhex = 0406\nfacing = N\n\n"
		    "[unit t]\nside = b\ntype = %s\nhex = 0404\n"
		    "facing = N\n", FX_HEAD, cases[i].target_terrain,
		    cases[i].shooter_terrain, cases[i].extra,
		    cases[i].shooter, cases[i].target);
		fx_reload(f, ini);
		fx_do(f, "end");
		fx_dice(f, cases[i].total == 2 ? "6 6" : "6");
		fx_do(f, "shoot s t");
		n = cases[i].total;
		fx_assert_roll(f, EV_SHOT, 2, cases[i].mods, n, n);
		assert_int_equal(fx_hits(f, "t"), n);
		fx_no_dice_left(f);
	}
}

static void
test_R8_3_no_general_flank_or_rear_bonus_for_shooting(void **state)
{
	struct fx *f = *state;

	/* The shooter has a general and stands behind t (t faces N, away
	 * from it): R8.3 lists neither bonus, so 2 dice. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
	    FX_UNIT("s", "a", "sagittarii", "0406", "N")
	    FX_UNIT("t", "b", "auxilia", "0404", "N")
	    FX_GENERAL("gen", "a", "s"));
	fx_do(f, "end");
	fx_dice(f, "6 6");
	fx_do(f, "shoot s t");
	fx_assert_roll(f, EV_SHOT, 2, NOMODS, 2, 2);
	fx_no_dice_left(f);
}

static void
test_R8_4_a_unit_hit_by_shooting_checks_morale(void **state)
{
	struct fx *f = *state;

	fx_load(f, shooter_ini);
	fx_do(f, "end");
	fx_dice(f, "6 3");
	fx_do(f, "shoot s t");
	fx_do(f, "end");
	fx_dice(f, "4");
	fx_do(f, "end");
	assert_int_equal(fx_count(f, EV_MORALE), 1);
	assert_int_equal(fx_event(f, EV_MORALE, 0)->unit, fx_unit(f, "t"));
	assert_int_equal(fx_event(f, EV_MORALE, 0)->value, 1);
	fx_no_dice_left(f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_R9_2_combat_dice_of_every_type),
		FX_TEST(test_R3_3_a_die_hits_on_4_5_6),
		FX_TEST(test_R9_2_general_adds_one_die),
		FX_TEST(test_R9_2_front_adds_nothing),
		FX_TEST(test_R9_2_flank_adds_one_die),
		FX_TEST(test_R9_2_rear_adds_two_dice),
		FX_TEST(test_R9_3_faces_judged_from_the_target_facing),
		FX_TEST(test_R9_2_ferocious_charger_adds_one_die),
		FX_TEST(test_R9_2_ferocious_after_a_push_charge),
		FX_TEST(test_R9_2_charge_without_ferocity_adds_nothing),
		FX_TEST(test_R13_2_ferocious_only_in_the_turn_it_charged),
		FX_TEST(test_R9_2_armored_target_costs_one_die),
		FX_TEST(test_R9_2_every_bonus_at_once),
		FX_TEST(test_R6_terrain_penalties_in_combat),
		FX_TEST(test_R9_1_end_refused_while_an_attack_is_due),
		FX_TEST(test_R9_1_one_attack_on_one_of_two_in_front),
		FX_TEST(test_R9_1_no_attack_without_an_enemy_in_front),
		FX_TEST(test_R9_1_only_the_phasing_player_attacks),
		FX_TEST(test_R9_1_attack_only_in_the_combat_phase),
		FX_TEST(test_R7_2_nine_hits_rout_at_once),
		FX_TEST(test_R14_13_hits_never_exceed_nine),
		FX_TEST(test_R9_1_attack_on_a_routed_unit_says_it_left_the_field),
		FX_TEST(test_R9_4_impetuous_one_costs_one_sp),
		FX_TEST(test_R9_4_impetuous_once_per_attack),
		FX_TEST(test_R9_4_no_loss_without_a_one),
		FX_TEST(test_R9_4_impetuous_loss_needs_no_morale_check),
		FX_TEST(test_R14_11_impetuous_only_in_combat),
		FX_TEST(test_R9_5_each_one_risks_the_general),
		FX_TEST(test_R9_5_double_one_kills_the_general),
		FX_TEST(test_R14_12_no_risk_once_the_general_is_dead),
		FX_TEST(test_R9_5_shooting_risks_the_general_too),
		FX_TEST(test_R9_5_only_the_target_general_is_at_risk),
		FX_TEST(test_R10_7_general_joins_the_nearest_free_friend),
		FX_TEST(test_R10_7_general_dies_on_a_one),
		FX_TEST(test_R10_7_general_without_a_friend_leaves_the_field),
		FX_TEST(test_R10_7_impetuous_rout_then_its_general),
		FX_TEST(test_R8_1_only_missile_units_shoot),
		FX_TEST(test_R8_1_a_unit_that_moved_or_pivoted_may_not_shoot),
		FX_TEST(test_R8_1_each_shooter_shoots_once),
		FX_TEST(test_R8_1_engaged_unit_may_not_shoot),
		FX_TEST(test_R8_1_shooting_only_in_the_shooting_phase),
		FX_TEST(test_R8_2_forward_arc_and_range),
		FX_TEST(test_R8_2_line_of_sight),
		FX_TEST(test_R8_3_shooting_dice),
		FX_TEST(test_R8_3_no_general_flank_or_rear_bonus_for_shooting),
		FX_TEST(test_R8_4_a_unit_hit_by_shooting_checks_morale),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
