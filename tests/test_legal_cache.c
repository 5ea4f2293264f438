/*
 * The legal cache (legal_cache_count/nth in game.h) against the engine's
 * own list: one cache follows many random games of every frozen scenario
 * of tests/data/seeded, from one game to the next without a word, and
 * at every step its list must be game_legal_commands()'s, command for
 * command.  More games than tests/test_seeded.c plays, and the cache is
 * kept across them, so that rarer changes are met: an enemy coming within
 * reach of a unit that had none in reach (its charges searched no path)
 * once went unnoticed in the frozen Medway.
 *
 * legal_cache_commands() must give game_legal_commands()'s list byte for
 * byte (an AI's candidates), cut short as it is.
 *
 * legal_cache_apply() must do what game_apply() does, to the letter: the
 * same answer, refusal, events and game, for the commands drawn from the
 * cache and for variants of them, legal or not.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "randplay.h"

#define CACHE_GAMES 120
#define CACHE_COMMANDS_MAX 20000

static bool
same_command(const struct command *a, const struct command *b)
{
	return a->verb == b->verb && a->action == b->action &&
	       a->unit == b->unit && a->target == b->target &&
	       a->general == b->general && a->has_hex == b->has_hex &&
	       (!a->has_hex || hex_equal(a->hex, b->hex)) &&
	       a->has_facing == b->has_facing &&
	       (!a->has_facing || a->facing == b->facing);
}

/* Plays games of sc, checking lc at every step; returns the mismatches. */
static int
play_games(const struct scenario *sc, const char *name, struct legal_cache *lc,
	   struct command *buf)
{
	struct events ev;
	struct command c, d;
	int k, n, m, i, step, bad = 0;

	events_init(&ev);
	for (k = 0; k < CACHE_GAMES && bad == 0; k++) {
		struct game *g = game_new(sc, 7777u + (uint64_t)k);
		struct pcg32 rng;

		pcg32_seed(&rng, (uint64_t)k, 3);
		for (step = 0; step < CACHE_COMMANDS_MAX; step++) {
			n = game_legal_commands(g, buf, RANDPLAY_MAX_COMMANDS);
			m = legal_cache_count(lc, g);
			if (m != n) {
				print_error("%s game %d command %d: the cache "
					    "counts %d legal commands, the "
					    "engine %d\n",
					    name, k, step, m, n);
				bad++;
				break;
			}
			for (i = 0; i < n; i++) {
				legal_cache_nth(lc, i, &d);
				if (!same_command(&d, &buf[i])) {
					print_error("%s game %d command %d: "
						    "the cache's command %d "
						    "differs\n",
						    name, k, step, i);
					bad++;
					break;
				}
			}
			if (n == 0 || bad > 0)
				break;
			/* Ends phases more often than the random player. */
			c = buf[pcg32_bounded(&rng, (uint32_t)n)];
			if (buf[n - 1].verb == VERB_END &&
			    pcg32_bounded(&rng, 3) == 0)
				c = buf[n - 1];
			events_clear(&ev);
			if (game_apply(g, &c, &ev, NULL, 0) != 0) {
				print_error("%s game %d command %d: a legal "
					    "command was refused\n",
					    name, k, step);
				bad++;
			}
		}
		game_free(g);
	}
	events_done(&ev);
	return bad;
}

#define APPLY_GAMES 40

/* Are two games, one command on from one position, the same? */
static bool
same_game(const struct game *a, const struct game *b)
{
	return game_digest(a) == game_digest(b) &&
	       memcmp(a->units, b->units,
		      (size_t)a->nunits * sizeof *a->units) == 0 &&
	       memcmp(a->generals, b->generals,
		      (size_t)a->ngenerals * sizeof *a->generals) == 0 &&
	       a->push_unit == b->push_unit && a->phase == b->phase &&
	       a->player == b->player && a->noffers == b->noffers;
}

/* Events alike: all but the text byte for byte, the text as a string. */
static bool
same_events(const struct events *a, const struct events *b)
{
	int i;

	if (a->n != b->n)
		return false;
	for (i = 0; i < a->n; i++)
		if (memcmp(&a->v[i], &b->v[i], offsetof(struct event, text)) !=
			0 ||
		    strcmp(a->v[i].text, b->v[i].text) != 0)
			return false;
	return true;
}

/*
 * Applies c to a clone of g by game_apply() and to another by
 * legal_cache_apply(); returns whether both did the same (the answer,
 * the refusal's text, the events and the game).
 */
static bool
applies_alike(struct legal_cache *lc, const struct game *g,
	      const struct command *c)
{
	struct game *x = game_clone(g), *y = game_clone(g);
	struct events ex, ey;
	char wx[256], wy[256];
	int rx, ry;
	bool same;

	events_init(&ex);
	events_init(&ey);
	rx = game_apply(x, c, &ex, wx, sizeof wx);
	ry = legal_cache_apply(lc, y, c, &ey, wy, sizeof wy);
	same = rx == ry && strcmp(wx, wy) == 0 && same_events(&ex, &ey) &&
	       same_game(x, y);
	events_done(&ex);
	events_done(&ey);
	game_free(x);
	game_free(y);
	return same;
}

/*
 * legal_cache_apply() against game_apply(): for the command the random
 * player draws from the cache, and for the same command with another
 * hex, target or facing (legal or not), both must answer alike, refuse
 * with the same words, and leave the same game and events.
 */
static int
apply_games(const struct scenario *sc, const char *name, struct legal_cache *lc)
{
	struct events ev;
	struct command c, d;
	int k, n, step, bad = 0, v;

	events_init(&ev);
	for (k = 0; k < APPLY_GAMES && bad == 0; k++) {
		struct game *g = game_new(sc, 9100u + (uint64_t)k);
		struct pcg32 rng;

		pcg32_seed(&rng, (uint64_t)k, 5);
		for (step = 0; step < CACHE_COMMANDS_MAX && bad == 0; step++) {
			n = legal_cache_count(lc, g);
			if (n == 0)
				break;
			legal_cache_nth(
			    lc, (int)pcg32_bounded(&rng, (uint32_t)n), &c);
			/* Its variants: a hex next to it, another target, a
			 * facing given, a push of it, and another unit. */
			for (v = 0; v < 6 && bad == 0; v++) {
				d = c;
				switch (v) {
				case 0:
					d.hex.col += 1;
					break;
				case 1:
					d.target = (int)pcg32_bounded(
					    &rng, (uint32_t)g->nunits);
					break;
				case 2:
					d.has_facing = !d.has_facing;
					d.facing = (enum facing)pcg32_bounded(
					    &rng, FACING_COUNT);
					break;
				case 3:
					/* The parser pushes only these. */
					if (d.verb != VERB_MOVE &&
					    d.verb != VERB_PIVOT &&
					    d.verb != VERB_CHARGE)
						continue;
					d.action = d.verb;
					d.verb = VERB_PUSH;
					break;
				case 4:
					d.unit = (int)pcg32_bounded(
					    &rng, (uint32_t)g->nunits);
					break;
				default:
					d.has_hex = !d.has_hex;
					break;
				}
				if (!applies_alike(lc, g, &d)) {
					print_error("%s game %d command %d: "
						    "variant %d applied "
						    "otherwise\n",
						    name, k, step, v);
					bad++;
				}
			}
			if (!applies_alike(lc, g, &c)) {
				print_error("%s game %d command %d: applied "
					    "otherwise\n",
					    name, k, step);
				bad++;
			}
			events_clear(&ev);
			if (legal_cache_apply(lc, g, &c, &ev, NULL, 0) != 0) {
				print_error("%s game %d command %d: a legal "
					    "command was refused\n",
					    name, k, step);
				bad++;
			}
		}
		game_free(g);
	}
	events_done(&ev);
	return bad;
}

#define COMMANDS_GAMES 12

/*
 * legal_cache_commands() against game_legal_commands(): the same count
 * and the same bytes, for the whole list and for one cut short; returns
 * the mismatches.
 */
static int
commands_games(const struct scenario *sc, const char *name,
	       struct legal_cache *lc, struct command *buf)
{
	struct command *got = malloc(RANDPLAY_MAX_COMMANDS * sizeof *got);
	struct events ev;
	struct command c;
	int k, n, m, cut, step, bad = 0;

	assert_non_null(got);
	events_init(&ev);
	for (k = 0; k < COMMANDS_GAMES && bad == 0; k++) {
		struct game *g = game_new(sc, 4242u + (uint64_t)k);
		struct pcg32 rng;

		pcg32_seed(&rng, (uint64_t)k, 5);
		for (step = 0; step < CACHE_COMMANDS_MAX && bad == 0; step++) {
			n = game_legal_commands(g, buf, RANDPLAY_MAX_COMMANDS);
			/* Bytes the engine did not write must match too. */
			memset(got, 0x5a, (size_t)n * sizeof *got);
			m = legal_cache_commands(lc, g, got,
						 RANDPLAY_MAX_COMMANDS);
			cut = n / 2;
			if (m != n ||
			    memcmp(got, buf, (size_t)n * sizeof *got) != 0 ||
			    legal_cache_commands(lc, g, got, cut) != cut ||
			    memcmp(got, buf, (size_t)cut * sizeof *got) != 0) {
				print_error("%s game %d command %d: the "
					    "cache's list is not the "
					    "engine's, byte for byte\n",
					    name, k, step);
				bad++;
				break;
			}
			if (n == 0)
				break;
			c = buf[pcg32_bounded(&rng, (uint32_t)n)];
			events_clear(&ev);
			if (game_apply(g, &c, &ev, NULL, 0) != 0) {
				print_error("%s game %d command %d: a legal "
					    "command was refused\n",
					    name, k, step);
				bad++;
			}
		}
		game_free(g);
	}
	events_done(&ev);
	free(got);
	return bad;
}

/* Runs f on every frozen scenario of tests/data/seeded with one cache. */
static void
every_frozen_scenario(int (*f)(const struct scenario *, const char *,
			       struct legal_cache *, struct command *),
		      struct command *buf)
{
	const char *top = getenv("TOP_SRCDIR");
	struct legal_cache *lc = legal_cache_new();
	char dir[4096], path[4400];
	struct anc_errs errs;
	struct dirent *de;
	int scenarios = 0, bad = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/tests/data/seeded", top ? top : ".");
	d = opendir(dir);
	assert_non_null(d);
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		struct scenario *sc;

		if (len < 5 || strcmp(de->d_name + len - 4, ".ini") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		anc_errs_init(&errs);
		sc = scenario_load_file(path, &errs);
		anc_errs_done(&errs);
		assert_non_null(sc);
		bad += f(sc, de->d_name, lc, buf);
		scenario_free(sc);
		scenarios++;
	}
	closedir(d);
	legal_cache_free(lc);
	assert_int_equal(bad, 0);
	assert_true(scenarios >= 1);
}

static int
apply_games_f(const struct scenario *sc, const char *name,
	      struct legal_cache *lc, struct command *buf)
{
	(void)buf;
	return apply_games(sc, name, lc);
}

static void
test_cache_apply_is_game_apply_to_the_letter(void **state)
{
	(void)state;
	every_frozen_scenario(apply_games_f, NULL);
}

#define CROWD_GAMES 12

/*
 * Every enemy unit u may shoot now, by game_apply() on a clone: the
 * targets as the rules have them, whatever game_shoot_targets() does.
 */
static int
shots_by_apply(const struct game *g, int u, int *out)
{
	struct command c;
	struct events ev;
	int v, n = 0;

	events_init(&ev);
	for (v = 0; v < g->nunits; v++) {
		struct game *x = game_clone(g);

		memset(&c, 0, sizeof c);
		c.verb = VERB_SHOOT;
		c.unit = u;
		c.target = v;
		c.general = -1;
		events_clear(&ev);
		if (v != u && game_apply(x, &c, &ev, NULL, 0) == 0)
			out[n++] = v;
		game_free(x);
	}
	events_done(&ev);
	return n;
}

/*
 * R8.1, R8.2: in a battle of 60 units a shooter has fewer hexes within
 * its range than there are units, and its targets are found from the
 * hexes' occupants: they must be the enemies a shot may reach, in the
 * order of their indexes, at every shooting phase of random games.
 */
static void
test_R8_shoot_targets_in_a_crowd_are_the_shots_the_rules_allow(void **state)
{
	const char *top = getenv("TOP_SRCDIR");
	struct legal_cache *lc = legal_cache_new();
	struct anc_errs errs;
	struct scenario *sc;
	struct events ev;
	struct command c;
	char path[4400];
	int k, u, n, m, i, step, asked = 0, found = 0;
	int *got, *want;

	(void)state;
	snprintf(path, sizeof path, "%s/tests/data/crowd.ini", top ? top : ".");
	anc_errs_init(&errs);
	sc = scenario_load_file(path, &errs);
	anc_errs_done(&errs);
	assert_non_null(sc);
	got = calloc((size_t)sc->nunits, sizeof *got);
	want = calloc((size_t)sc->nunits, sizeof *want);
	assert_non_null(got);
	assert_non_null(want);
	events_init(&ev);
	for (k = 0; k < CROWD_GAMES; k++) {
		struct game *g = game_new(sc, 4242u + (uint64_t)k);
		struct pcg32 rng;

		pcg32_seed(&rng, (uint64_t)k, 11);
		for (step = 0; step < CACHE_COMMANDS_MAX; step++) {
			for (u = 0; g->phase == PHASE_SHOOTING && !g->over &&
				    u < g->nunits;
			     u++) {
				if (!g->units[u].on_map ||
				    !g->units[u].missile ||
				    g->units[u].side != g->player)
					continue;
				n = game_shoot_targets(g, u, got, g->nunits);
				m = shots_by_apply(g, u, want);
				asked++;
				found += n;
				assert_int_equal(n, m);
				for (i = 0; i < n; i++)
					assert_int_equal(got[i], want[i]);
			}
			if (randplay_pick_cached(g, &rng, lc, &c) != 0)
				break;
			events_clear(&ev);
			assert_int_equal(game_apply(g, &c, &ev, NULL, 0), 0);
		}
		game_free(g);
	}
	/* The crowd did come within range. */
	assert_true(asked > 0);
	assert_true(found > 0);
	events_done(&ev);
	free(got);
	free(want);
	legal_cache_free(lc);
	scenario_free(sc);
}

static void
test_cache_follows_many_games_of_every_frozen_scenario(void **state)
{
	struct command *buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);

	(void)state;
	assert_non_null(buf);
	every_frozen_scenario(play_games, buf);
	free(buf);
}

static void
test_cache_commands_are_game_legal_commands_byte_for_byte(void **state)
{
	struct command *buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);

	(void)state;
	assert_non_null(buf);
	every_frozen_scenario(commands_games, buf);
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_cache_follows_many_games_of_every_frozen_scenario),
		cmocka_unit_test(test_cache_apply_is_game_apply_to_the_letter),
		cmocka_unit_test(
		    test_cache_commands_are_game_legal_commands_byte_for_byte),
		cmocka_unit_test(
		    test_R8_shoot_targets_in_a_crowd_are_the_shots_the_rules_allow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
