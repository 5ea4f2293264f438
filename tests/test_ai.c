/*
 * The computer player (src/ai): over thousands of positions from every
 * shipped scenario it never issues a command the game refuses, it acts
 * only for the side that must act, and the same seed gives the same
 * commands.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "randplay.h"
#include "shipped.h"

#define GAMES_PER_SCENARIO 5
#define COMMANDS_PER_GAME_MAX 20000
#define SEARCH_EVERY 16		/* positions between level-1 searches */

static long positions;		/* checked, for the log */

/*
 * Does the pivot c turn its engaged unit away from the enemies next to it:
 * fewer in front, or more on its flanks and rear (the rear counting
 * double)?  The searching player never plays one (a playtester watched
 * an auxilia turn its flank to the warband it fought).
 */
static bool
turns_away(const struct game *g, const struct command *c)
{
	const struct unit *un;
	int d, e, k, front[2] = { 0, 0 }, exposed[2] = { 0, 0 };
	enum facing f[2];
	enum face face;

	if (c->verb != VERB_PIVOT || !game_unit_engaged(g, c->unit))
		return false;
	un = &g->units[c->unit];
	f[0] = un->facing;
	f[1] = c->facing;
	for (d = 0; d < DIR_COUNT; d++) {
		e = game_unit_at(g, hex_neighbour(un->hex, (enum dir)d));
		if (e < 0 || g->units[e].side == un->side)
			continue;
		for (k = 0; k < 2; k++) {
			face = facing_face_of_dir(f[k], (enum dir)d);
			front[k] += face == FACE_FRONT;
			exposed[k] += face == FACE_REAR ? 2 : face != FACE_FRONT;
		}
	}
	return front[1] < front[0] || exposed[1] > exposed[0];
}

/* The player's command at g is accepted, and is for the side to act. */
static void
check_choice(struct ai *ai, const struct game *g, const char *name, int k,
	     bool searching)
{
	struct game *copy = game_clone(g);
	struct command c;
	struct events ev;
	char why[256], text[256];
	int side = game_side_to_act(g);

	positions++;
	assert_int_equal(ai_choose(ai, g, &c), 0);
	command_format(g->sc, &c, text, sizeof text);
	events_init(&ev);
	if (game_apply(copy, &c, &ev, why, sizeof why) != 0) {
		print_error("%s, position %d: %s refused: %s\n", name, k, text,
		    why);
		fail();
	}
	if (searching && turns_away(g, &c)) {
		print_error("%s, position %d: %s turns away from the enemy\n",
		    name, k, text);
		fail();
	}
	if (c.unit >= 0 && c.verb != VERB_GENERAL &&
	    g->units[c.unit].side != side) {
		print_error("%s, position %d: %s is not for side %d\n", name,
		    k, text, side);
		fail();
	}
	events_done(&ev);
	game_free(copy);
}

static void
positions_of(const struct scenario *sc, const char *name, void *unused)
{
	(void)unused;
	struct command *buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);
	struct ai *greedy = ai_new(AI_GREEDY, 1, 11);
	struct ai *random = ai_new(AI_RANDOM, 1, 12);
	struct ai *search = ai_new(AI_SEARCH, 1, 13);
	struct pcg32 rng;
	struct command c;
	struct events ev;
	char why[256];
	int game, k;

	assert_non_null(buf);
	events_init(&ev);
	for (game = 0; game < GAMES_PER_SCENARIO; game++) {
		struct game *g = game_new(sc, 500u + (uint64_t)game);

		pcg32_seed(&rng, 77u + (uint64_t)game, 5);
		for (k = 0; k < COMMANDS_PER_GAME_MAX && !g->over; k++) {
			check_choice(greedy, g, name, k, false);
			check_choice(random, g, name, k, false);
			if (k % SEARCH_EVERY == 0)
				check_choice(search, g, name, k, true);
			assert_int_equal(randplay_pick(g, &rng, buf, &c), 0);
			events_clear(&ev);
			assert_int_equal(game_apply(g, &c, &ev, why,
			    sizeof why), 0);
		}
		assert_true(g->over);
		assert_int_equal(game_side_to_act(g), -1);
		game_free(g);
	}
	events_done(&ev);
	ai_free(greedy);
	ai_free(random);
	ai_free(search);
	free(buf);
}

static void
test_ai_never_issues_a_refused_command(void **state)
{
	(void)state;
	assert_true(shipped_each(positions_of, NULL) >= 1);
	print_message("%ld positions checked\n", positions);
	assert_true(positions >= 2000);
}

/* Plays a whole game between two players; returns their commands. */
static char *
play_game(const struct scenario *sc, uint64_t seed, enum ai_kind k0,
    int l0, enum ai_kind k1, int l1)
{
	struct game *g = game_new(sc, seed);
	struct ai *ai[2];
	struct command c;
	struct events ev;
	char why[256], text[256], *log;
	size_t cap = 1 << 20, len = 0;
	int k, side;

	ai[0] = ai_new(k0, l0, ai_seed_for(seed, 0));
	ai[1] = ai_new(k1, l1, ai_seed_for(seed, 1));
	log = malloc(cap);
	assert_non_null(log);
	log[0] = '\0';
	events_init(&ev);
	for (k = 0; k < COMMANDS_PER_GAME_MAX && !g->over; k++) {
		side = game_side_to_act(g);
		assert_int_equal(ai_choose(ai[side], g, &c), 0);
		events_clear(&ev);
		assert_int_equal(game_apply(g, &c, &ev, why, sizeof why), 0);
		command_format(sc, &c, text, sizeof text);
		len += (size_t)snprintf(log + len, cap - len, "%s\n", text);
		assert_true(len < cap);
	}
	assert_true(g->over);
	events_done(&ev);
	ai_free(ai[0]);
	ai_free(ai[1]);
	game_free(g);
	return log;
}

static void
same_seed_same_game(const struct scenario *sc, const char *name, void *unused)
{
	(void)unused;
	char *a, *b, *c;

	if (strcmp(name, "tutorial.ini") != 0 &&
	    strcmp(name, "teutoburg.ini") != 0)
		return;
	a = play_game(sc, 42, AI_SEARCH, 1, AI_GREEDY, 1);
	b = play_game(sc, 42, AI_SEARCH, 1, AI_GREEDY, 1);
	c = play_game(sc, 43, AI_SEARCH, 1, AI_GREEDY, 1);
	assert_string_equal(a, b);
	assert_string_not_equal(a, c);
	free(a);
	free(b);
	free(c);
}

/* Level 3 plans its movement phases (plan.c) from its own stream too: the
 * same seed plays the same game against level 2 on the tutorial. */
static void
same_seed_same_game_at_the_top(const struct scenario *sc, const char *name,
    void *unused)
{
	(void)unused;
	char *a, *b;

	if (strcmp(name, "tutorial.ini") != 0)
		return;
	a = play_game(sc, 42, AI_SEARCH, 3, AI_SEARCH, 2);
	b = play_game(sc, 42, AI_SEARCH, 3, AI_SEARCH, 2);
	assert_string_equal(a, b);
	free(a);
	free(b);
}

static void
test_ai_same_seed_plays_the_same_commands(void **state)
{
	(void)state;
	assert_true(shipped_each(same_seed_same_game, NULL) >= 1);
	assert_true(shipped_each(same_seed_same_game_at_the_top, NULL) >= 1);
}

/* The player never reads the game's dice: forcing them changes nothing. */
static void
forced_dice_unseen(const struct scenario *sc, const char *name, void *unused)
{
	(void)unused;
	struct game *g, *h;
	struct ai *a, *b;
	struct command ca, cb;
	int six[64], i, level;

	if (strcmp(name, "tutorial.ini") != 0)
		return;
	for (i = 0; i < 64; i++)
		six[i] = 6;
	g = game_new(sc, 9);
	h = game_new(sc, 9);
	dice_force(&h->dice, six, 64);
	for (level = 2; level <= 3; level++) {
		/* Level 3's first choice makes its movement plan too. */
		a = ai_new(AI_SEARCH, level, 5);
		b = ai_new(AI_SEARCH, level, 5);
		assert_int_equal(ai_choose(a, g, &ca), 0);
		assert_int_equal(ai_choose(b, h, &cb), 0);
		assert_memory_equal(&ca, &cb, sizeof ca);
		ai_free(a);
		ai_free(b);
	}
	game_free(g);
	game_free(h);
}

static void
test_ai_never_sees_the_dice(void **state)
{
	(void)state;
	assert_true(shipped_each(forced_dice_unseen, NULL) >= 1);
}

/* A battle of n (< 99) units a side spread along two lines of a 99 x 99
 * map, as an examiner might write one: bigger than any shipped battle. */
static char *
big_battle(int n)
{
	static const char *const types[] = { "legionaries", "auxilia",
					     "warband", "equites", "velites" };
	size_t cap = 256 + (size_t)n * 2 * 96, len;
	char *text = malloc(cap);
	int i, side;

	assert_non_null(text);
	len = (size_t)snprintf(text, cap,
			       "[scenario]\ntitle = big\nturns = 10\n"
			       "initiative = a\n\n[map]\nwidth = 99\n"
			       "height = 99\n\n[side a]\nname = A\n\n"
			       "[side b]\nname = B\n\n");
	for (side = 0; side < 2; side++)
		for (i = 0; i < n; i++) {
			len += (size_t)snprintf(
			    text + len, cap - len,
			    "[unit %c%d]\nside = %c\ntype = %s\n"
			    "hex = %02d%02d\nfacing = %s\n\n",
			    'a' + side, i, 'a' + side, types[i % 5],
			    1 + i * 37 % 99, side == 0 ? 40 - i % 3 : 60 + i % 3,
			    side == 0 ? "S" : "N");
		}
	return text;
}

/*
 * On a battle far bigger than the shipped ones the searching player keeps
 * to its work budget: one player-turn of 60 units a side on a 99 x 99
 * map played over twenty million rollout commands (over a minute) before
 * the budget; the budget is shared by the side's units, so the
 * player-turn's total stays near AI_TURN_WORK (each decision's first
 * rollouts, which measure the cost, come on top).
 */
static void
test_ai_big_battle_keeps_to_the_work_budget(void **state)
{
	struct anc_errs errs;
	struct scenario *sc;
	struct game *g;
	struct command c;
	struct events ev;
	struct ai *ai;
	char why[256], *text = big_battle(60);
	long total = 0;
	int k, side;

	(void)state;
	anc_errs_init(&errs);
	sc = scenario_load_text(text, strlen(text), &errs);
	assert_int_equal(errs.n, 0);
	anc_errs_done(&errs);
	assert_non_null(sc);
	g = game_new(sc, 1);
	assert_non_null(g);
	events_init(&ev);
	ai = ai_new(AI_SEARCH, 2, 7);
	side = g->player;
	for (k = 0; k < 1000 && !g->over && g->player == side; k++) {
		assert_int_equal(ai_choose(ai, g, &c), 0);
		total += ai_work(ai);
		events_clear(&ev);
		assert_int_equal(game_apply(g, &c, &ev, why, sizeof why), 0);
	}
	assert_true(g->player != side || g->over);
	print_message("one player-turn, 60 units a side: %ld rollout commands\n",
		      total);
	assert_true(total <= AI_TURN_WORK + AI_TURN_WORK / 2);
	ai_free(ai);
	events_done(&ev);
	game_free(g);
	scenario_free(sc);
	free(text);
}

static void
test_ai_kind_parse_names(void **state)
{
	enum ai_kind k;
	int level = 2;

	(void)state;
	assert_int_equal(ai_kind_parse("ai", &k, &level), 0);
	assert_int_equal(k, AI_SEARCH);
	assert_int_equal(level, 2);
	assert_int_equal(ai_kind_parse("ai3", &k, &level), 0);
	assert_int_equal(level, 3);
	assert_int_equal(ai_kind_parse("greedy", &k, &level), 0);
	assert_int_equal(k, AI_GREEDY);
	assert_int_equal(ai_kind_parse("random", &k, &level), 0);
	assert_int_equal(k, AI_RANDOM);
	assert_int_equal(ai_kind_parse("ai4", &k, &level), -1);
	assert_int_equal(ai_kind_parse("ai0", &k, &level), -1);
	assert_int_equal(ai_kind_parse("", &k, &level), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ai_kind_parse_names),
		cmocka_unit_test(test_ai_big_battle_keeps_to_the_work_budget),
		cmocka_unit_test(test_ai_never_sees_the_dice),
		cmocka_unit_test(test_ai_same_seed_plays_the_same_commands),
		cmocka_unit_test(test_ai_never_issues_a_refused_command),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
