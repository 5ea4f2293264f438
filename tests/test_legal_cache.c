/*
 * The legal cache (legal_cache_count/nth in game.h) against the engine's
 * own list: one cache follows many random games of every frozen scenario
 * of tests/data/seeded, from one game to the next without a word, and
 * at every step its list must be game_legal_commands()'s, command for
 * command.  More games than tests/test_seeded.c plays, and the cache is
 * kept across them, so that rarer changes are met: an enemy coming within
 * reach of a unit that had none in reach (its charges searched no path)
 * once went unnoticed in the frozen Medway.
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

static void
test_cache_follows_many_games_of_every_frozen_scenario(void **state)
{
	const char *top = getenv("TOP_SRCDIR");
	struct command *buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);
	struct legal_cache *lc = legal_cache_new();
	char dir[4096], path[4400];
	struct anc_errs errs;
	struct dirent *de;
	int scenarios = 0, bad = 0;
	DIR *d;

	(void)state;
	assert_non_null(buf);
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
		bad += play_games(sc, de->d_name, lc, buf);
		scenario_free(sc);
		scenarios++;
	}
	closedir(d);
	legal_cache_free(lc);
	free(buf);
	assert_int_equal(bad, 0);
	assert_true(scenarios >= 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_cache_follows_many_games_of_every_frozen_scenario),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
