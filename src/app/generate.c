/*
 * --generate and --list-armies (generate.h).
 */
#include "config.h"

#include "app/generate.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/battlegen.h"
#include "core/xmalloc.h"

#define EXIT_USAGE 64

char *
generate_text(const struct armycat *c, int a, int b, int points, uint64_t seed,
	      char *err, size_t errsize)
{
	struct battlegen bg;

	battlegen_draw_armies(seed, c->n, &a, &b);
	bg.army[0] = c->armies[a];
	bg.army[1] = c->armies[b];
	bg.key[0] = c->keys[a];
	bg.key[1] = c->keys[b];
	bg.points = points;
	bg.seed = seed;
	return battlegen_write(&bg, err, errsize);
}

uint64_t
generate_fresh_seed(void)
{
	struct timespec ts;
	uint64_t x;

	clock_gettime(CLOCK_REALTIME, &ts);
	x = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
	    (uint64_t)getpid() << 20;
	x ^= x >> 29;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 32;
	return 1 + x % 999999;
}

static int
usage(const char *msg)
{
	fprintf(stderr,
		"ancients: %s\n"
		"usage: ancients --generate [--armies A[,B]] [--points N] "
		"[--seed S]\n"
		"       ancients --list-armies\n",
		msg);
	return EXIT_USAGE;
}

/* One army of --armies: its index, -1 for "random"; -2 unknown. */
static int
army_arg(const struct armycat *c, const char *word)
{
	int i;

	if (strcmp(word, "random") == 0 || word[0] == '\0')
		return -1;
	if ((i = armycat_find(c, word)) >= 0)
		return i;
	fprintf(stderr, "ancients: no army list \"%.40s\"; there are:", word);
	for (i = 0; i < c->n; i++)
		fprintf(stderr, "%s %s", i ? "," : "", c->keys[i]);
	fprintf(stderr, " (ancients --list-armies)\n");
	return -2;
}

int
generate_main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "generate", no_argument, NULL, 'g' },
		{ "armies", required_argument, NULL, 'a' },
		{ "points", required_argument, NULL, 'p' },
		{ "seed", required_argument, NULL, 's' },
		{ NULL, 0, NULL, 0 }
	};
	const char *armies = NULL;
	char *end, *copy, *comma, err[200], *text;
	struct armycat c;
	uint64_t seed = 0;
	bool seeded = false;
	int ch, points = BATTLEGEN_POINTS_DEFAULT, a = -1, b = -1, status;
	long v;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'g':
			break;
		case 'a':
			armies = optarg;
			break;
		case 'p':
			errno = 0;
			v = strtol(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    v < BATTLEGEN_POINTS_MIN ||
			    v > BATTLEGEN_POINTS_MAX)
				return usage("--points takes a number from 24 "
					     "to 200");
			points = (int)v;
			break;
		case 's':
			errno = 0;
			seed = strtoull(optarg, &end, 10);
			if (errno != 0 || end == optarg || *end != '\0' ||
			    optarg[0] == '-')
				return usage("--seed takes a decimal number");
			seeded = true;
			break;
		default:
			return usage("--generate takes only --armies, "
				     "--points and --seed");
		}
	}
	if (optind < argc)
		return usage("--generate takes no scenario");
	if (armycat_load(&c) != 0) {
		armycat_done(&c);
		return 1;
	}
	if (armies != NULL) {
		copy = xstrdup(armies);
		comma = strchr(copy, ',');
		if (comma != NULL)
			*comma++ = '\0';
		status = 0;
		if (comma != NULL && strchr(comma, ',') != NULL)
			status = usage("--armies takes one or two names");
		else if ((a = army_arg(&c, copy)) == -2 ||
			 (comma != NULL && (b = army_arg(&c, comma)) == -2))
			status = EXIT_USAGE;
		free(copy);
		if (status != 0) {
			armycat_done(&c);
			return status;
		}
	}
	if (!seeded)
		seed = generate_fresh_seed();
	text = generate_text(&c, a, b, points, seed, err, sizeof err);
	armycat_done(&c);
	if (text == NULL) {
		fprintf(stderr, "ancients: %s\n", err);
		return 1;
	}
	fputs(text, stdout);
	free(text);
	return 0;
}

int
generate_list_armies(int argc, char **argv)
{
	struct armycat c;
	int i, w = 0, wn = 0, status;

	(void)argv;
	if (argc != 2)
		return usage("--list-armies takes nothing else");
	status = armycat_load(&c) != 0 ? 1 : 0;
	for (i = 0; i < c.n; i++) {
		if ((int)strlen(c.keys[i]) > w)
			w = (int)strlen(c.keys[i]);
		if (c.armies[i] != NULL && (int)strlen(c.armies[i]->name) > wn)
			wn = (int)strlen(c.armies[i]->name);
	}
	for (i = 0; i < c.n; i++) {
		if (c.armies[i] == NULL)
			printf("%-*s  (has errors)\n", w, c.keys[i]);
		else
			printf("%-*s  %-*s  %s\n", w, c.keys[i], wn,
			       c.armies[i]->name, c.armies[i]->summary);
	}
	armycat_done(&c);
	return status;
}
