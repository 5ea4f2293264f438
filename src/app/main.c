/*
 * Options, wiring and exit status.  Every mode loads a scenario through
 * the catalog and hands it to the batch player or the curses game.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/batch.h"
#include "app/catalog.h"
#include "core/game.h"
#include "core/scenario.h"
#include "ui/tui.h"

#define EXIT_USAGE 64

enum mode {
	MODE_PLAY,
	MODE_BATCH,
	MODE_CHECK,
	MODE_LIST,
};

static void
usage(FILE *f)
{
	fprintf(f,
	    "usage: ancients [--ascii] [--seed N] [SCENARIO]\n"
	    "       ancients --batch [--seed N] [SCENARIO]\n"
	    "       ancients --check FILE...\n"
	    "       ancients --list\n"
	    "\n"
	    "SCENARIO is a file path or the short name of an installed\n"
	    "scenario (see --list); without one, the built-in tutorial.\n"
	    "  --ascii      draw with ASCII only\n"
	    "  --batch      read commands from standard input, no terminal\n"
	    "  --check      validate scenario files and report every error\n"
	    "  --list       list the installed scenarios\n"
	    "  --seed N     seed the dice (a decimal number)\n"
	    "  --help       show this help\n"
	    "  --version    show the version\n");
}

static int
parse_seed(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* A seed for a game that was given none; printed so it can be replayed. */
static uint64_t
fresh_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
	    (uint64_t)getpid() << 16) % 10000000000ULL;
}

static int
run_batch(const char *name, bool seeded, uint64_t seed)
{
	struct scenario *sc;
	struct game *g;
	int status;

	if ((sc = catalog_open(name)) == NULL)
		return 1;
	if (!seeded) {
		seed = fresh_seed();
		printf("seed %" PRIu64 "\n", seed);
	}
	g = game_new(sc, seed);
	status = batch_play(g, stdin, stdout);
	game_free(g);
	scenario_free(sc);
	return status;
}

static int
run_play(const char *name, bool seeded, uint64_t seed, bool ascii)
{
	struct tui_options opt;
	struct scenario *sc;
	int status;

	if ((sc = catalog_open(name)) == NULL)
		return 1;
	memset(&opt, 0, sizeof opt);
	opt.ascii = ascii;
	opt.seed = seeded ? seed : fresh_seed();
	status = tui_run(sc, &opt);
	scenario_free(sc);
	return status;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "ascii", no_argument, NULL, 'a' },
		{ "batch", no_argument, NULL, 'b' },
		{ "check", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "seed", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	enum mode mode = MODE_PLAY;
	bool seeded = false, ascii = false;
	uint64_t seed = 0;
	const char *name;
	int ch;

	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'a':
			ascii = true;
			break;
		case 'b':
			mode = MODE_BATCH;
			break;
		case 'c':
			mode = MODE_CHECK;
			break;
		case 'l':
			mode = MODE_LIST;
			break;
		case 's':
			if (parse_seed(optarg, &seed) != 0) {
				fprintf(stderr, "ancients: --seed takes a "
				    "decimal number, not \"%s\"\n", optarg);
				return EXIT_USAGE;
			}
			seeded = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("%s\n", PACKAGE_STRING);
			return 0;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	argc -= optind;
	argv += optind;

	switch (mode) {
	case MODE_CHECK:
		if (argc < 1) {
			fprintf(stderr, "ancients: --check needs at least one "
			    "scenario file\n");
			return EXIT_USAGE;
		}
		return catalog_check(argv, argc);
	case MODE_LIST:
		if (argc > 0) {
			usage(stderr);
			return EXIT_USAGE;
		}
		return catalog_list();
	default:
		break;
	}
	if (argc > 1) {
		fprintf(stderr, "ancients: one scenario at a time (got %d)\n",
		    argc);
		return EXIT_USAGE;
	}
	name = argc == 1 ? argv[0] : NULL;
	if (mode == MODE_BATCH)
		return run_batch(name, seeded, seed);
	return run_play(name, seeded, seed, ascii);
}
