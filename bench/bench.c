/*
 * Benchmark, not a test: plays random legal games headless and reports
 * complete games per second and commands per second on one core, then
 * the time the legal-action queries take for one unit.
 *
 * The headline ("simulate") is the product's own random player: the
 * games of `ancients --simulate N --players random,random`, two
 * AI_RANDOM players choosing through ai_choose() and playing through
 * game_apply(), as src/app/simulate.c does.  "fresh" and "cached" are
 * the engine alone: tests/randplay.h's player listing every command
 * with game_legal_commands(), or asking a legal_cache for the one drawn.
 *
 *	bench/bench [-s SECONDS] SCENARIO.ini...
 *	bench/bench [-s SECONDS] -g
 *	bench/bench [-s SECONDS] -c SCENARIO.ini...	(for a profiler)
 *	bench/bench -n GAMES -c SCENARIO.ini...	(the same work every run)
 *
 * With -g it plays generated battles instead: a 60x40 map with 10, 30, 60
 * and 120 units, and prints the time a command takes and how much it
 * grows each time the units double.
 *
 * With -n it plays exactly GAMES games a scenario, whatever the time:
 * the same games every run, for counting instructions under a tool
 * (valgrind --tool=callgrind) where time means little.
 *
 * Figures depend on the machine; the README records one run and the
 * command that produced it.
 */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "../tests/randplay.h"

static double
now(void)
{
	struct timespec ts;

	/* CPU time of this thread: one core's work, whatever else runs. */
	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/*
 * The legal-action queries a UI or an AI asks about one unit: timed over
 * every unit of the side to play, in positions from random games.
 */
static void
bench_queries(const struct scenario *sc, struct command *buf)
{
	struct move_option mo[1024];
	struct charge_option co[1024];
	struct events ev;
	struct pcg32 rng;
	struct command c;
	char why[256];
	double t0, spent = 0, one, *times;
	size_t queries = 0, cap = 1 << 20;
	int k, u, targets[256];

	if ((times = malloc(cap * sizeof *times)) == NULL)
		return;

	events_init(&ev);
	for (k = 0; k < 200; k++) {
		struct game *g = game_new(sc, 100000u + (unsigned)k);

		pcg32_seed(&rng, (uint64_t)k, 9);
		while (randplay_pick(g, &rng, buf, &c) == 0) {
			for (u = 0; u < g->nunits; u++) {
				if (!g->units[u].on_map ||
				    g->units[u].side != g->player)
					continue;
				t0 = now();
				game_move_options(g, u, mo, 1024);
				game_charge_options(g, u, co, 1024);
				game_shoot_targets(g, u, targets, 256);
				game_attack_targets(g, u, targets, 256);
				one = now() - t0;
				spent += one;
				if (queries < cap)
					times[queries++] = one;
			}
			events_clear(&ev);
			if (game_apply(g, &c, &ev, why, sizeof why) != 0)
				break;
		}
		game_free(g);
	}
	qsort(times, queries, sizeof *times, cmp_double);
	printf("%-28s %8.2f us a unit for its move, charge, shoot and attack "
	    "options (99th percentile %.1f us, %zu units)\n", "",
	    queries ? spent / (double)queries * 1e6 : 0.0,
	    queries ? times[queries * 99 / 100] * 1e6 : 0.0, queries);
	free(times);
	events_done(&ev);
}

/* -c: only the cached random player, for a profiler. */
static bool cached_only;
/* -n: games a scenario instead of seconds; 0: by the seconds. */
static unsigned long fixed_games;

/*
 * Random games of sc as --simulate plays them (simulate_game() in
 * src/app/simulate.c), for about seconds: the path the product runs.
 * Returns the seconds a command took, or a negative number when the
 * engine refused a command of its own player.
 */
static double
play_simulated(const struct scenario *sc, const char *name, double seconds)
{
	struct events ev;
	struct command c;
	char why[256];
	double start, elapsed;
	unsigned long games = 0, commands = 0;
	struct ai *ai[2];
	int s;

	events_init(&ev);
	start = now();
	do {
		struct game *g = game_new(sc, games + 1);

		for (s = 0; s < 2; s++)
			ai[s] = ai_new(AI_RANDOM, AI_LEVEL_DEFAULT,
				       ai_seed_for(games + 1, s));
		while (!g->over &&
		       ai_choose(ai[game_side_to_act(g)], g, &c) == 0) {
			events_clear(&ev);
			if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
				fprintf(stderr, "%s: legal command refused: "
				    "%s\n", name, why);
				events_done(&ev);
				return -1;
			}
			commands++;
		}
		for (s = 0; s < 2; s++)
			ai_free(ai[s]);
		game_free(g);
		games++;
		elapsed = now() - start;
	} while (fixed_games > 0 ? games < fixed_games : elapsed < seconds);
	printf("%-28s %-8s %8.0f games/s %9.0f commands/s (%lu games, "
	    "%.1f commands a game)\n", name, "simulate", games / elapsed,
	    commands / elapsed, games, (double)commands / (double)games);
	events_done(&ev);
	return elapsed / (double)commands;
}

/*
 * Plays random games of sc for about seconds; returns the seconds a
 * command took on average, or a negative number when the engine refused
 * one of its own legal commands.  With lc the random player asks the
 * legal_cache (as an AI would), else it builds the whole list afresh.
 */
static double
play_games(const struct scenario *sc, const char *name, double seconds,
    struct command *buf, struct legal_cache *lc)
{
	struct events ev;
	struct pcg32 rng;
	struct command c;
	char why[256];
	double start, elapsed;
	unsigned long games = 0, commands = 0;
	int refused;

	events_init(&ev);
	start = now();
	do {
		struct game *g = game_new(sc, games + 1);

		pcg32_seed(&rng, games + 1, 7);
		while ((lc != NULL ? randplay_pick_cached(g, &rng, lc, &c) :
		    randplay_pick(g, &rng, buf, &c)) == 0) {
			events_clear(&ev);
			/* As the cache listed it: no second check. */
			if (lc != NULL)
				refused = legal_cache_apply(lc, g, &c, &ev,
				    why, sizeof why);
			else
				refused = game_apply(g, &c, &ev, why,
				    sizeof why);
			if (refused != 0) {
				fprintf(stderr, "%s: legal command refused: "
				    "%s\n", name, why);
				events_done(&ev);
				return -1;
			}
			commands++;
		}
		game_free(g);
		games++;
		elapsed = now() - start;
	} while (fixed_games > 0 ? games < fixed_games : elapsed < seconds);
	printf("%-28s %-8s %8.0f games/s %9.0f commands/s (%lu games, "
	    "%.1f commands a game)\n", name, lc != NULL ? "cached" : "fresh",
	    games / elapsed, commands / elapsed, games,
	    (double)commands / (double)games);
	events_done(&ev);
	return elapsed / (double)commands;
}


static int
bench_file(const char *path, double seconds, struct command *buf)
{
	struct anc_errs errs;
	struct scenario *sc;
	struct legal_cache *lc;
	size_t i;
	int status = 0;

	anc_errs_init(&errs);
	sc = scenario_load_file(path, &errs);
	if (sc == NULL) {
		for (i = 0; i < errs.n; i++)
			fprintf(stderr, "%s:%d: %s\n", path, errs.v[i].line,
			    errs.v[i].msg);
		anc_errs_done(&errs);
		return 1;
	}
	anc_errs_done(&errs);
	lc = legal_cache_new();
	if ((!cached_only && (play_simulated(sc, path, seconds) < 0 ||
	    play_games(sc, path, seconds, buf, NULL) < 0)) ||
	    play_games(sc, path, seconds, buf, lc) < 0)
		status = 1;
	else if (!cached_only)
		bench_queries(sc, buf);
	legal_cache_free(lc);
	scenario_free(sc);
	return status;
}

/* Appends to a growing text; the bench gives up on a full buffer. */
static void
put(char *text, size_t size, size_t *used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
put(char *text, size_t size, size_t *used, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(text + *used, size - *used, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size - *used) {
		fprintf(stderr, "bench: generated scenario too long\n");
		exit(1);
	}
	*used += (size_t)n;
}

/*
 * A generated battle: a 60x40 map with patches of woods and a hill, and
 * nunits units, half a side, in ranks of up to 28 facing each other
 * across 10 rows, each army a mix of formed and nimble types.
 */
static struct scenario *
generated(int nunits, char *text, size_t size)
{
	static const char *const types[2][4] = {
		{ "legionaries", "auxilia", "velites", "equites" },
		{ "warband", "warband", "sagittarii", "equites" },
	};
	struct anc_errs errs;
	struct scenario *sc;
	size_t used = 0;
	int r, c, i, s;

	put(text, size, &used, "[scenario]\ntitle = Generated %d\nturns = 6\n"
	    "initiative = a\n\n[map]\nwidth = 60\nheight = 40\nterrain =\n",
	    nunits);
	for (r = 1; r <= 40; r++) {
		put(text, size, &used, "  %s", r % 2 ? "" : " ");
		for (c = 1; c <= 60; c++)
			put(text, size, &used, "%c%s",
			    (c % 17 == 5 && r % 13 >= 3 && r % 13 <= 5) ? 'w' : '.',
			    c < 60 ? " " : "\n");
	}
	put(text, size, &used, "hills = 3020 3021\n\n[side a]\nname = A\n\n"
	    "[side b]\nname = B\n\n");
	for (i = 0; i < nunits; i++) {
		int k = i / 2, rank = k / 28;

		s = i % 2;
		put(text, size, &used, "[unit u%d]\nside = %s\ntype = %s\n"
		    "hex = %02d%02d\nfacing = %s\n\n", i, s ? "b" : "a",
		    types[s][k % 4], 3 + (k % 28) * 2,
		    s ? 26 + rank : 15 - rank, s ? "N" : "S");
	}
	put(text, size, &used, "[general ga]\nside = a\nunit = u0\n\n"
	    "[general gb]\nside = b\nunit = u1\n");
	anc_errs_init(&errs);
	sc = scenario_load_text(text, used, &errs);
	for (i = 0; i < (int)errs.n; i++)
		fprintf(stderr, "generated %d:%d: %s\n", nunits,
		    errs.v[i].line, errs.v[i].msg);
	anc_errs_done(&errs);
	return sc;
}

/* The time a command takes as the units double. */
static int
bench_scaling(double seconds, struct command *buf)
{
	static const int sizes[] = { 10, 30, 60, 120 };
	double per[2][4];
	char name[64], *text;
	struct legal_cache *lc = legal_cache_new();
	size_t size = 1 << 20;
	int k, i;

	if ((text = malloc(size)) == NULL)
		return 1;
	for (k = 0; k < 4; k++) {
		struct scenario *sc = generated(sizes[k], text, size);

		if (sc == NULL) {
			free(text);
			return 1;
		}
		snprintf(name, sizeof name, "generated, %d units", sizes[k]);
		per[0][k] = play_games(sc, name, seconds, buf, NULL);
		per[1][k] = play_games(sc, name, seconds, buf, lc);
		scenario_free(sc);
		if (per[0][k] < 0 || per[1][k] < 0) {
			free(text);
			legal_cache_free(lc);
			return 1;
		}
	}
	free(text);
	legal_cache_free(lc);
	printf("\n%6s %14s %9s %14s %9s\n", "units", "fresh: us/cmd",
	    "x/doubl.", "cached: us/cmd", "x/doubl.");
	for (k = 0; k < 4; k++) {
		printf("%6d", sizes[k]);
		for (i = 0; i < 2; i++) {
			if (k == 0)
				printf(" %14.2f %9s", per[i][k] * 1e6, "");
			else
				printf(" %14.2f %9.2f", per[i][k] * 1e6,
				    pow(per[i][k] / per[i][k - 1], 1.0 /
				    log2((double)sizes[k] / sizes[k - 1])));
		}
		printf("\n");
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct command *buf;
	double seconds = 3.0;
	int ch, i, status = 0;
	bool scaling = false;

	while ((ch = getopt(argc, argv, "cgn:s:")) != -1) {
		switch (ch) {
		case 'c':
			cached_only = true;
			break;
		case 'g':
			scaling = true;
			break;
		case 'n':
			fixed_games = strtoul(optarg, NULL, 10);
			break;
		case 's':
			seconds = atof(optarg);
			break;
		default:
			fprintf(stderr, "usage: bench [-s SECONDS | -n GAMES] [-c] "
			    "[-g | SCENARIO.ini...]\n");
			return 64;
		}
	}
	if (optind == argc && !scaling) {
		fprintf(stderr, "usage: bench [-s SECONDS | -n GAMES] [-c] "
		    "[-g | SCENARIO.ini...]\n");
		return 64;
	}
	buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);
	if (buf == NULL)
		return 1;
	for (i = optind; i < argc; i++)
		status |= bench_file(argv[i], seconds, buf);
	if (scaling)
		status |= bench_scaling(seconds, buf);
	free(buf);
	return status;
}
