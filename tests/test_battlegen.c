/*
 * The battle generator (core/battlegen.h) with the shipped army lists:
 * over 1,000 seeds every battle it writes loads as a scenario, is
 * written byte for byte the same again from its seed, and is played to
 * its end by two random players without a refused command; the ground
 * suits the defender; a battle for a hill or a village has one victory
 * hex that both sides want; points that do not buy an army are refused.
 */
#include "config.h"

/* cmocka 1.1 needs these first, in this order. */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
/* clang-format on */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/army.h"
#include "core/battlegen.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "randplay.h"

#define SEEDS 1000
#define COMMANDS_PER_GAME_MAX 20000 /* far more than any game needs */

static const char *const shipped[] = {
	"britons", "caledonians", "dacians", "germans", "romans",
};
#define NSHIPPED ((int)(sizeof shipped / sizeof shipped[0]))

static struct army *lists[NSHIPPED];

static int
setup(void **state)
{
	const char *top = getenv("TOP_SRCDIR");
	struct anc_errs errs;
	char path[4096];
	size_t e;
	int i;

	(void)state;
	for (i = 0; i < NSHIPPED; i++) {
		snprintf(path, sizeof path, "%s/armies/%s.ini",
			 top != NULL ? top : ".", shipped[i]);
		anc_errs_init(&errs);
		lists[i] = army_load_file(path, &errs);
		for (e = 0; e < errs.n; e++)
			print_error("%s:%d: %s\n", path, errs.v[e].line,
				    errs.v[e].msg);
		anc_errs_done(&errs);
		if (lists[i] == NULL)
			return -1;
	}
	return 0;
}

static int
teardown(void **state)
{
	int i;

	(void)state;
	for (i = 0; i < NSHIPPED; i++)
		army_free(lists[i]);
	return 0;
}

/* The battle of a seed, armies drawn as --generate draws them. */
static char *
generate(uint64_t seed, int a, int b, int points, char *err, size_t size)
{
	struct battlegen bg;

	battlegen_draw_armies(seed, NSHIPPED, &a, &b);
	bg.army[0] = lists[a];
	bg.army[1] = lists[b];
	bg.key[0] = shipped[a];
	bg.key[1] = shipped[b];
	bg.points = points;
	bg.seed = seed;
	return battlegen_write(&bg, err, size);
}

static struct scenario *
load(const char *text, uint64_t seed)
{
	struct anc_errs errs;
	struct scenario *sc;
	size_t e;

	anc_errs_init(&errs);
	sc = scenario_load_text(text, strlen(text), &errs);
	for (e = 0; e < errs.n; e++)
		print_error("seed %llu: line %d: %s\n",
			    (unsigned long long)seed, errs.v[e].line,
			    errs.v[e].msg);
	anc_errs_done(&errs);
	return sc;
}

/* Plays the battle to its end at random; fails on a refused command. */
static void
play_random(const struct scenario *sc, uint64_t seed, struct command *buf)
{
	struct game *g = game_new(sc, seed);
	struct pcg32 rng;
	struct events ev;
	struct command c;
	char why[256];
	int step;

	pcg32_seed(&rng, seed, 11);
	events_init(&ev);
	for (step = 0; step < COMMANDS_PER_GAME_MAX; step++) {
		if (randplay_pick(g, &rng, buf, &c) != 0)
			break;
		events_clear(&ev);
		if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
			print_error("seed %llu, command %d refused: %s\n",
				    (unsigned long long)seed, step, why);
			fail();
		}
	}
	if (!g->over) {
		print_error("seed %llu: the battle did not end\n",
			    (unsigned long long)seed);
		fail();
	}
	events_done(&ev);
	game_free(g);
}

static void
test_battlegen_every_seed_gives_a_playable_scenario_again(void **state)
{
	struct command *buf = xcalloc(RANDPLAY_MAX_COMMANDS, sizeof *buf);
	char err[200], err2[200];
	struct scenario *sc;
	char *text, *again;
	uint64_t seed;
	int points, written = 0;

	(void)state;
	for (seed = 1; seed <= SEEDS; seed++) {
		/* Every points value of the range, the default most. */
		points = seed % 3 == 0
			     ? BATTLEGEN_POINTS_DEFAULT
			     : BATTLEGEN_POINTS_MIN +
				   (int)(seed % (BATTLEGEN_POINTS_MAX -
						 BATTLEGEN_POINTS_MIN + 1));
		text = generate(seed, -1, -1, points, err, sizeof err);
		again = generate(seed, -1, -1, points, err2, sizeof err2);
		if (text == NULL) {
			/* Only too few points for a list's minimum. */
			assert_null(again);
			assert_string_equal(err, err2);
			assert_non_null(strstr(err, "minimum"));
			assert_true(points < 40);
			continue;
		}
		assert_non_null(again);
		assert_string_equal(text, again);
		sc = load(text, seed);
		if (sc == NULL)
			fail_msg("seed %llu: the battle does not load",
				 (unsigned long long)seed);
		play_random(sc, seed, buf);
		scenario_free(sc);
		free(text);
		free(again);
		written++;
	}
	assert_true(written > SEEDS * 9 / 10);
	free(buf);
}

static void
test_battlegen_seeds_give_different_battles(void **state)
{
	char err[200], *a, *b;
	int differ = 0;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 20; seed++) {
		a = generate(seed, 4, 3, 60, err, sizeof err);
		b = generate(seed + 1000, 4, 3, 60, err, sizeof err);
		assert_non_null(a);
		assert_non_null(b);
		differ += strcmp(a, b) != 0;
		free(a);
		free(b);
	}
	assert_int_equal(differ, 20);
}

/* The defender is the side without the initiative on turn 1. */
static void
count_ground(const struct scenario *sc, int *woods, int *swamp, int *hills)
{
	const struct map *m = &sc->map;
	int i;

	*woods = *swamp = *hills = 0;
	for (i = 0; i < m->width * m->height; i++) {
		*woods += m->cells[i].terrain == TERRAIN_WOODS;
		*swamp += m->cells[i].terrain == TERRAIN_SWAMP;
		*hills += m->cells[i].elevation > 0;
	}
}

static void
test_battlegen_ground_suits_the_defender(void **state)
{
	int germans = 0, caledonians = 0, woods, swamp, hills, def;
	char err[200], *text;
	struct scenario *sc;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 60; seed++) {
		/* Germans (3) against Caledonians (1), then the other way. */
		text = generate(seed, seed % 2 ? 3 : 1, seed % 2 ? 1 : 3, 60,
				err, sizeof err);
		assert_non_null(text);
		sc = load(text, seed);
		assert_non_null(sc);
		def = !sc->initiative;
		count_ground(sc, &woods, &swamp, &hills);
		if (strcmp(sc->sides[def].key, "germans") == 0) {
			germans++;
			assert_true(woods >= 3);
			assert_true(swamp >= 2);
		} else {
			caledonians++;
			assert_true(hills >= 6);
		}
		scenario_free(sc);
		free(text);
	}
	assert_true(germans > 10 && caledonians > 10);
}

static void
test_battlegen_objective_is_one_hex_both_sides_want(void **state)
{
	int with = 0, without = 0;
	char err[200], *text;
	struct scenario *sc;
	uint64_t seed;

	(void)state;
	for (seed = 1; seed <= 60; seed++) {
		text = generate(seed, -1, -1, 60, err, sizeof err);
		assert_non_null(text);
		sc = load(text, seed);
		assert_non_null(sc);
		assert_int_equal(sc->victory[0].present,
				 sc->victory[1].present);
		if (sc->victory[0].present) {
			const struct map_cell *c;

			with++;
			assert_int_equal(sc->victory[0].count, 1);
			assert_int_equal(sc->victory[1].count, 1);
			assert_true(hex_equal(sc->victory[0].hexes[0],
					      sc->victory[1].hexes[0]));
			c = map_cell(&sc->map, sc->victory[0].hexes[0]);
			assert_true(c->terrain == TERRAIN_CLEAR ||
				    c->terrain == TERRAIN_SETTLEMENT);
			assert_non_null(strstr(sc->briefing, "stand on"));
		} else
			without++;
		scenario_free(sc);
		free(text);
	}
	assert_true(with > 10 && without > 10);
}

static void
test_battlegen_refuses_points_below_a_minimum(void **state)
{
	char err[200], *text;

	(void)state;
	/* Rome's least army costs more than the fewest points. */
	assert_true(army_min_cost(lists[4]) > BATTLEGEN_POINTS_MIN);
	text = generate(1, 4, 3, BATTLEGEN_POINTS_MIN, err, sizeof err);
	assert_null(text);
	assert_non_null(strstr(err, "Early Imperial Roman"));
	assert_non_null(strstr(err, "minimum"));
	text = generate(1, 4, 3, BATTLEGEN_POINTS_MAX + 1, err, sizeof err);
	assert_null(text);
}

static void
test_battlegen_armies_spend_their_points_alike(void **state)
{
	char err[200], *text, *p;
	int spent[2], s;
	uint64_t seed;

	(void)state;
	/* The briefing says what each side spent: within the cheapest
	 * unit of the budget, never over it. */
	for (seed = 1; seed <= 50; seed++) {
		text = generate(seed, -1, -1, 80, err, sizeof err);
		assert_non_null(text);
		p = text;
		for (s = 0; s < 2; s++) {
			p = strstr(p, " points, from the ");
			assert_non_null(p);
			while (p[-1] != ' ')
				p--;
			spent[s] = atoi(p);
			p = strstr(p, "from the") + 1;
			assert_true(spent[s] <= 80 && spent[s] >= 74);
		}
		free(text);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_battlegen_every_seed_gives_a_playable_scenario_again),
		cmocka_unit_test(test_battlegen_seeds_give_different_battles),
		cmocka_unit_test(test_battlegen_ground_suits_the_defender),
		cmocka_unit_test(
		    test_battlegen_objective_is_one_hex_both_sides_want),
		cmocka_unit_test(test_battlegen_refuses_points_below_a_minimum),
		cmocka_unit_test(
		    test_battlegen_armies_spend_their_points_alike),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
