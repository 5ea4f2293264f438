/*
 * Benchmark, not a test: the computer player's thinking time per
 * player-turn (the sum of its choices from the first command of its
 * player-turn to the last), at each level asked for, playing against the
 * greedy player over a few games of each scenario given.
 *
 *	bench/bench_ai [-g GAMES] [-l LEVELS] SCENARIO.ini...
 *
 * LEVELS is a list of digits ("23": levels 2 and 3).  Prints the median,
 * the 95th percentile (nearest rank) and the maximum per level and
 * scenario, in processor seconds.  Figures depend on the machine
 * and its load; the README records one run.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "core/game.h"
#include "core/scenario/scenario.h"

#define TURNS_MAX 4096

/*
 * Processor time of this process: on a shared, loaded machine wall time
 * measures the neighbours; alone, the two agree (the search is one
 * thread and does no I/O).
 */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The p-th percentile of n sorted values, nearest rank (0 when n is 0). */
static double
percentile(const double *t, int n, int p)
{
	int rank = (p * n + 99) / 100;

	if (n == 0)
		return 0.0;
	return t[rank > 0 ? rank - 1 : 0];
}

/* Plays one game; appends the searching side's per-turn times to t. */
static void
play(const struct scenario *sc, int level, uint64_t seed, int side,
    double *t, int *nt)
{
	struct game *g = game_new(sc, seed);
	struct ai *ai[2];
	struct events ev;
	struct command c;
	char why[256];
	int s, key = -1, k;
	double t0;

	ai[side] = ai_new(AI_SEARCH, level, ai_seed_for(seed, side));
	ai[!side] = ai_new(AI_GREEDY, 1, ai_seed_for(seed, !side));
	events_init(&ev);
	for (k = 0; k < 100000 && !g->over; k++) {
		s = game_side_to_act(g);
		if (s == side) {
			int turn_key = g->turn * 2 + g->second;

			if (turn_key != key && *nt < TURNS_MAX) {
				key = turn_key;
				t[(*nt)++] = 0;
			}
			t0 = now();
			ai_choose(ai[s], g, &c);
			if (*nt > 0)
				t[*nt - 1] += now() - t0;
		} else {
			ai_choose(ai[s], g, &c);
		}
		events_clear(&ev);
		if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
			fprintf(stderr, "bench_ai: refused: %s\n", why);
			break;
		}
	}
	events_done(&ev);
	ai_free(ai[0]);
	ai_free(ai[1]);
	game_free(g);
}

int
main(int argc, char **argv)
{
	const char *levels = "23";
	struct anc_errs errs;
	struct scenario *sc;
	static double t[TURNS_MAX];
	int ch, games = 2, i, k, nt;
	const char *l;

	while ((ch = getopt(argc, argv, "g:l:")) != -1) {
		switch (ch) {
		case 'g':
			games = atoi(optarg);
			break;
		case 'l':
			levels = optarg;
			break;
		default:
			fprintf(stderr, "usage: bench_ai [-g GAMES] [-l LEVELS] "
			    "SCENARIO.ini...\n");
			return 2;
		}
	}
	for (i = optind; i < argc; i++) {
		anc_errs_init(&errs);
		sc = scenario_load_file(argv[i], &errs);
		anc_errs_done(&errs);
		if (sc == NULL) {
			fprintf(stderr, "bench_ai: cannot load %s\n", argv[i]);
			return 1;
		}
		for (l = levels; *l != '\0'; l++) {
			int level = *l - '0';

			if (level < AI_LEVEL_MIN || level > AI_LEVEL_MAX)
				continue;
			nt = 0;
			for (k = 0; k < games; k++)
				play(sc, level, 100u + (uint64_t)k, k % 2, t,
				    &nt);
			qsort(t, (size_t)nt, sizeof *t, cmp_double);
			printf("%s: level %d, %d player-turns: thinking "
			    "median %.3f s, 95th percentile %.3f s, max %.3f s "
			    "(CPU)\n", sc->title, level, nt,
			    nt ? t[nt / 2] : 0.0, percentile(t, nt, 95),
			    nt ? t[nt - 1] : 0.0);
			fflush(stdout);
		}
		scenario_free(sc);
	}
	return 0;
}
