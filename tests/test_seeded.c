/*
 * Seeded games: for every scenario in tests/data/seeded (the shipped ones
 * as they were when the file was recorded, frozen so that balancing the
 * shipped scenarios does not move the pin), 40 random legal games whose
 * every step (the full legal list the engine offers and the state digest
 * after the chosen command) is folded into one fingerprint a game, and
 * compared with tests/data/seeded.txt.  The file was written by the engine
 * before any speed work: whatever the engine does faster, it must offer
 * the same commands in the same order and reach the same states.
 *
 * The legal_cache's list is checked against game_legal_commands() at
 * every step, and the cached random player must play the same games.
 *
 * To rewrite the file after a deliberate rule change (never for speed):
 *	SEEDED_WRITE=tests/data/seeded.txt tests/test_seeded
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

#define SEEDED_GAMES 40
#define SEEDED_COMMANDS_MAX 20000
#define SEEDED_SCENARIOS_MAX 64

/* One game's record: "scenario seed commands fingerprint final-digest". */
struct record {
	char scenario[64];
	unsigned long long seed;
	int commands;
	unsigned long long print;
	unsigned long long digest;
};

static uint64_t
mix(uint64_t h, uint64_t v)
{
	int i;

	for (i = 0; i < 8; i++) {
		h ^= (v >> (8 * i)) & 0xff;
		h *= 1099511628211ULL;
	}
	return h;
}

/* The parts of a command that name it; padding bytes stay out. */
static uint64_t
mix_command(uint64_t h, const struct command *c)
{
	h = mix(h, (uint64_t)c->verb);
	h = mix(h, (uint64_t)c->action);
	h = mix(h, (uint64_t)(int64_t)c->unit);
	h = mix(h, (uint64_t)(int64_t)c->target);
	h = mix(h, (uint64_t)(int64_t)c->general);
	h = mix(h, c->has_hex ? (uint64_t)(c->hex.col * 100 + c->hex.row) : 0);
	return mix(h, c->has_facing ? (uint64_t)c->facing + 1 : 0);
}

static bool
same_command(const struct command *a, const struct command *b)
{
	return mix_command(0, a) == mix_command(0, b) &&
	    a->verb == b->verb && a->unit == b->unit &&
	    a->target == b->target && a->general == b->general &&
	    a->has_hex == b->has_hex && hex_equal(a->hex, b->hex) &&
	    a->has_facing == b->has_facing &&
	    (!a->has_facing || a->facing == b->facing) &&
	    a->action == b->action;
}

/* The cache's list at this step is the engine's list. */
static void
check_cache(struct legal_cache *lc, const struct game *g,
    const struct command *buf, int n, const char *name, uint64_t seed,
    int step)
{
	struct command c;
	int m = legal_cache_count(lc, g), i;

	if (m != n) {
		print_error("%s seed %llu command %d: the cache counts %d "
		    "legal commands, the engine %d\n", name,
		    (unsigned long long)seed, step, m, n);
		fail();
	}
	for (i = 0; i < n; i++) {
		legal_cache_nth(lc, i, &c);
		if (!same_command(&c, &buf[i])) {
			print_error("%s seed %llu command %d: the cache's "
			    "command %d differs\n", name,
			    (unsigned long long)seed, step, i);
			fail();
		}
	}
}

static void
play(const struct scenario *sc, const char *name, uint64_t seed,
    struct command *buf, struct record *r)
{
	struct game *g = game_new(sc, seed);
	struct legal_cache *lc = legal_cache_new();
	struct pcg32 rng, twin;
	struct command cached;
	struct events ev;
	struct command c;
	char why[256];
	uint64_t h = 14695981039346656037ULL;
	int n, i;

	snprintf(r->scenario, sizeof r->scenario, "%s", name);
	r->seed = (unsigned long long)seed;
	pcg32_seed(&rng, seed, 7);
	pcg32_seed(&twin, seed, 7);
	events_init(&ev);
	for (r->commands = 0; r->commands < SEEDED_COMMANDS_MAX;
	    r->commands++) {
		n = game_legal_commands(g, buf, RANDPLAY_MAX_COMMANDS);
		h = mix(h, (uint64_t)n);
		for (i = 0; i < n; i++)
			h = mix_command(h, &buf[i]);
		check_cache(lc, g, buf, n, name, seed, r->commands);
		if (randplay_pick(g, &rng, buf, &c) != 0)
			break;
		if (randplay_pick_cached(g, &twin, lc, &cached) != 0 ||
		    !same_command(&c, &cached)) {
			print_error("%s seed %llu command %d: the cached "
			    "random player chose otherwise\n", name,
			    (unsigned long long)seed, r->commands);
			fail();
		}
		events_clear(&ev);
		if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
			print_error("%s seed %llu command %d refused: %s\n",
			    name, r->seed, r->commands, why);
			fail();
		}
		h = mix(h, game_digest(g));
	}
	r->print = (unsigned long long)h;
	r->digest = (unsigned long long)game_digest(g);
	events_done(&ev);
	legal_cache_free(lc);
	game_free(g);
}

static int
cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The shipped scenarios' file names, sorted; returns the count. */
static int
scenario_names(const char *dir, char **names, int max)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL && n < max) {
		size_t len = strlen(de->d_name);

		if (len < 5 || strcmp(de->d_name + len - 4, ".ini") != 0)
			continue;
		names[n] = strdup(de->d_name);
		assert_non_null(names[n]);
		n++;
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof *names, cmp_name);
	return n;
}

static void
test_seeded_games_match_the_recorded_ones(void **state)
{
	const char *top = getenv("TOP_SRCDIR"), *data = getenv("TEST_DATA_DIR");
	const char *out_path = getenv("SEEDED_WRITE");
	char dir[4096], path[4400], line[512], *names[SEEDED_SCENARIOS_MAX];
	struct command *buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);
	struct anc_errs errs;
	struct record r, want;
	FILE *expect = NULL, *out = NULL;
	int nnames, s, k, games = 0, bad = 0;

	(void)state;
	assert_non_null(buf);
	snprintf(dir, sizeof dir, "%s/tests/data/seeded", top ? top : ".");
	nnames = scenario_names(dir, names, SEEDED_SCENARIOS_MAX);
	assert_true(nnames >= 1);
	if (out_path != NULL) {
		out = fopen(out_path, "w");
		assert_non_null(out);
		fprintf(out, "# tests/test_seeded.c: scenario seed commands "
		    "fingerprint final-digest\n");
	} else {
		snprintf(path, sizeof path, "%s/seeded.txt",
		    data ? data : "tests/data");
		expect = fopen(path, "r");
		if (expect == NULL) {
			print_error("cannot open %s\n", path);
			fail();
		}
	}
	for (s = 0; s < nnames; s++) {
		struct scenario *sc;

		snprintf(path, sizeof path, "%s/%s", dir, names[s]);
		anc_errs_init(&errs);
		sc = scenario_load_file(path, &errs);
		anc_errs_done(&errs);
		assert_non_null(sc);
		for (k = 0; k < SEEDED_GAMES; k++) {
			play(sc, names[s], 5000u + (uint64_t)k, buf, &r);
			games++;
			if (out != NULL) {
				fprintf(out, "%s %llu %d %016llx %016llx\n",
				    r.scenario, r.seed, r.commands, r.print,
				    r.digest);
				continue;
			}
			do {
				if (fgets(line, sizeof line, expect) == NULL) {
					print_error("seeded.txt ends before "
					    "%s seed %llu\n", names[s], r.seed);
					fail();
				}
			} while (line[0] == '#');
			if (sscanf(line, "%63s %llu %d %llx %llx",
			    want.scenario, &want.seed, &want.commands,
			    &want.print, &want.digest) != 5) {
				print_error("seeded.txt: bad line: %s", line);
				fail();
			}
			if (strcmp(want.scenario, r.scenario) != 0 ||
			    want.seed != r.seed ||
			    want.commands != r.commands ||
			    want.print != r.print ||
			    want.digest != r.digest) {
				print_error("%s seed %llu: recorded %d commands "
				    "%016llx %016llx, played %d commands "
				    "%016llx %016llx\n", r.scenario, r.seed,
				    want.commands, want.print, want.digest,
				    r.commands, r.print, r.digest);
				bad++;
			}
		}
		scenario_free(sc);
		free(names[s]);
	}
	if (out != NULL)
		assert_int_equal(fclose(out), 0);
	if (expect != NULL)
		fclose(expect);
	free(buf);
	assert_int_equal(bad, 0);
	assert_true(games >= SEEDED_GAMES);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seeded_games_match_the_recorded_ones),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
