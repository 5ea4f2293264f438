/*
 * Benchmark, not a test: plays random legal games headless and reports
 * complete games per second and commands per second on one core.
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
#include "core/scenario.h"
#include "../tests/randplay.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
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
