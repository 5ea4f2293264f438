/*
 * Benchmark, not a test: the time from a command to the state the screen
 * draws, without curses.  Plays RUNS random legal games (tests/randplay.h,
 * seeds 1..RUNS) of the save tests' battle (tests/data/saves/battle.ini)
 * through the play controller, play_apply(): the session, the save on
 * disk, the log and the marks, as for a key or a typed line.  Prints the
 * wall time per command, with the save in a file and with no file.
 *
 *	bench/playmove DATA-DIR [RUNS]
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/dice.h"
#include "core/err.h"
#include "session/session.h"
#include "ui/play.h"
#include "ui/playint.h"
#include "../tests/randplay.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0) {
		perror(path);
		exit(1);
	}
	rewind(f);
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		perror(path);
		exit(1);
	}
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* One game: the seconds each command took, in t; returns the count. */
static int
play_game(const char *text, size_t len, uint64_t seed, const char *file,
	  double *t, int max)
{
	static struct command buf[RANDPLAY_MAX_COMMANDS];
	struct anc_errs errs;
	struct session *s;
	struct play *p;
	struct pcg32 rng;
	struct command c;
	char err[512];
	double a;
	int n = 0;

	anc_errs_init(&errs);
	s = session_new(text, len, "battle.ini", seed, &errs);
	anc_errs_done(&errs);
	if (s == NULL)
		exit(1);
	if (file != NULL) {
		unlink(file);
		if (session_set_file(s, file, err, sizeof err) != 0) {
			fprintf(stderr, "%s\n", err);
			exit(1);
		}
	}
	p = play_new(s);
	pcg32_seed(&rng, seed, 7);
	while (n < max && randplay_pick(session_game(s), &rng, buf, &c) == 0) {
		a = now();
		play_apply(p, &c);
		t[n++] = now() - a;
	}
	play_free(p);
	session_free(s);
	return n;
}

int
main(int argc, char **argv)
{
	static double t[200000];
	char path[4096], file[64], *text;
	size_t len;
	int runs = argc > 2 ? atoi(argv[2]) : 20, r, n, k, i;
	double sum;

	if (argc < 2 || runs < 1 || runs > 100) {
		fprintf(stderr, "usage: playmove DATA-DIR [RUNS (1-100)]\n");
		return 64;
	}
	snprintf(path, sizeof path, "%s/battle.ini", argv[1]);
	text = slurp(path, &len);
	snprintf(file, sizeof file, "/tmp/ancients-playmove-%ld.save",
		 (long)getpid());
	for (k = 0; k < 2; k++) {
		n = 0;
		for (r = 1; r <= runs; r++)
			n += play_game(text, len, (uint64_t)r,
				       k == 0 ? file : NULL, t + n,
				       (int)(sizeof t / sizeof t[0]) - n);
		sum = 0;
		for (i = 0; i < n; i++)
			sum += t[i];
		qsort(t, (size_t)n, sizeof t[0], cmp_double);
		printf("%-16s %d commands: median %.3f ms, mean %.3f ms, "
		       "90th %.3f ms\n",
		       k == 0 ? "saved to a file" : "no file", n,
		       t[n / 2] * 1e3, sum / n * 1e3, t[n * 9 / 10] * 1e3);
	}
	unlink(file);
	free(text);
	return 0;
}
