/*
 * Benchmark, not a test: plays random legal games headless and reports
 * complete games per second and commands per second on one core, then
 * the time the legal-action queries take for one unit.
 *
 *	bench/bench [-s SECONDS] SCENARIO.ini...
 *
 * Figures depend on the machine; the README records one run and the
 * command that produced it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "../tests/randplay.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
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

static int
bench_file(const char *path, double seconds, struct command *buf)
{
	struct anc_errs errs;
	struct scenario *sc;
	struct events ev;
	struct pcg32 rng;
	struct command c;
	char why[256];
	double start, elapsed;
	unsigned long games = 0, commands = 0;
	size_t i;

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
	events_init(&ev);
	start = now();
	do {
		struct game *g = game_new(sc, games + 1);

		pcg32_seed(&rng, games + 1, 7);
		while (randplay_pick(g, &rng, buf, &c) == 0) {
			events_clear(&ev);
			if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
				fprintf(stderr, "%s: legal command refused: "
				    "%s\n", path, why);
				return 1;
			}
			commands++;
		}
		game_free(g);
		games++;
		elapsed = now() - start;
	} while (elapsed < seconds);
	printf("%-28s %8.0f games/s %10.0f commands/s (%lu games, %.1f "
	    "commands a game)\n", path, games / elapsed, commands / elapsed,
	    games, (double)commands / (double)games);
	bench_queries(sc, buf);
	events_done(&ev);
	scenario_free(sc);
	return 0;
}

int
main(int argc, char **argv)
{
	struct command *buf;
	double seconds = 3.0;
	int ch, i, status = 0;

	while ((ch = getopt(argc, argv, "s:")) != -1) {
		switch (ch) {
		case 's':
			seconds = atof(optarg);
			break;
		default:
			fprintf(stderr, "usage: bench [-s SECONDS] "
			    "SCENARIO.ini...\n");
			return 64;
		}
	}
	if (optind == argc) {
		fprintf(stderr, "usage: bench [-s SECONDS] SCENARIO.ini...\n");
		return 64;
	}
	buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *buf);
	if (buf == NULL)
		return 1;
	for (i = optind; i < argc; i++)
		status |= bench_file(argv[i], seconds, buf);
	free(buf);
	return status;
}
