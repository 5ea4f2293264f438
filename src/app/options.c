/*
 * Reading the command line into a struct options, and the usage text
 * (options.h).  Each option is an id, a line in the table of
 * options_parse() and a case in its switch; a wrong value is reported
 * here, naming the option and what it takes.
 */
#include "config.h"

#include "app/options.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "session/seat.h"
#include "ui/tui.h"

/*
 * What getopt_long() returns for each option.  The options are long
 * only, so the values start past every character: there are no letters
 * to run out of or to take for a short option.
 */
enum option_id {
	OPT_AI = 256,
	OPT_AI_DELAY,
	OPT_AI_LEVEL,
	OPT_ASCII,
	OPT_BATCH,
	OPT_CHECK,
	OPT_GAMES,
	OPT_HOST,
	OPT_JOIN,
	OPT_NAME,
	OPT_PLAYER,
	OPT_SIDE,
	OPT_WATCH,
	OPT_HELP,
	OPT_LIST,
	OPT_REPLAY,
	OPT_RESUME,
	OPT_SAVE,
	OPT_SAVES,
	OPT_SEED,
	OPT_VERSION,
};

void
options_usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: ancients [--ascii] [--seed N] [SCENARIO]\n"
	    "       ancients [--ascii] --ai SIDE [--ai-level N] [--ai-delay "
	    "MS]\n"
	    "                [--seed N] [SCENARIO]\n"
	    "       ancients [--ascii] --resume [SAVE]\n"
	    "       ancients --batch [--seed N] [--save FILE] [SCENARIO]\n"
	    "       ancients --batch --ai SIDE [--ai-level N] [--seed N] "
	    "[SCENARIO]\n"
	    "       ancients --simulate N [--players P,Q] [--ai-level N] "
	    "[--jobs J]\n"
	    "                [--seed S] [--swap] [--format tsv] SCENARIO...\n"
	    "       ancients --generate [--armies A[,B]] [--points N] "
	    "[--seed S]\n"
	    "       ancients --list-armies\n"
	    "       ancients --batch --resume [SAVE]\n"
	    "       ancients --replay SAVE\n"
	    "       ancients --check FILE...\n"
	    "       ancients --list\n"
	    "       ancients --saves\n"
	    "       ancients [--batch] --host [--side SIDE] [--name GAME] "
	    "[--seed N] [SCENARIO]\n"
	    "       ancients [--batch] --join GAME [--side SIDE]\n"
	    "       ancients --watch GAME\n"
	    "       ancients --games\n"
	    "\n"
	    "SCENARIO is a file path or the short name of an installed\n"
	    "scenario (see --list); without one, the built-in tutorial.\n"
	    "Every game in the terminal is saved after each command;\n"
	    "started with no SCENARIO, --seed, --ai or --resume, the game\n"
	    "offers to resume the most recent autosave of an unfinished game.\n"
	    "SAVE is a file path or the name of a save (see --saves);\n"
	    "without one, the most recent autosave of an unfinished game.\n"
	    "  --ai SIDE    the computer plays SIDE (a side's key)\n"
	    "  --ai-delay MS  the pause between the computer's commands\n"
	    "               on the screen (default 300; 0 none)\n"
	    "  --ai-level N the computer's strength: 1, 2 (default) or 3\n"
	    "  --ascii      draw with ASCII only\n"
	    "  --batch      read commands from standard input, no terminal\n"
	    "  --check      validate scenario files and report every error\n"
	    "  --games      list the shared games\n"
	    "  --generate   write a new random battle (a scenario) to\n"
	    "               standard output: armies A and B (drawn when\n"
	    "               not named), N points each (default 60)\n"
	    "  --host       open a shared game and play a side of it\n"
	    "  --join GAME  play the free side of the shared game GAME\n"
	    "  --name GAME  (host) the shared game's name\n"
	    "  --player NAME  the player's name in shared games (for a\n"
	    "               launcher; default the login)\n"
	    "  --list       list the installed scenarios\n"
	    "  --list-armies  list the army lists of random battles\n"
	    "  --replay     show the saved game SAVE command by command\n"
	    "  --resume     continue a saved game, saving every command\n"
	    "  --save FILE  (batch) save the new game to FILE, which must\n"
	    "               not exist, after every command\n"
	    "  --saves      list the saved games, most recent first\n"
	    "  --seed N     seed the dice (a decimal number)\n"
	    "  --side SIDE  (host, join) the side to play: its key\n"
	    "  --watch GAME follow the shared game GAME, read-only\n"
	    "  --help       show this help\n"
	    "  --version    show the version\n");
}

/* A --seed value: a decimal number that fits 64 bits.  0, or -1 when
 * text is not one. */
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

/* A millisecond option's value, 0-60000; -1 when it is not one. */
static long
parse_delay(const char *text)
{
	unsigned long ms;
	char *end;

	errno = 0;
	ms = strtoul(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 ||
	    ms > 60000)
		return -1;
	return (long)ms;
}

int
options_parse(int argc, char **argv, struct options *o)
{
	/* Each option's name, whether it takes a value, and its id. */
	static const struct option longopts[] = {
		{ "ai", required_argument, NULL, OPT_AI },
		{ "ai-delay", required_argument, NULL, OPT_AI_DELAY },
		{ "ai-level", required_argument, NULL, OPT_AI_LEVEL },
		{ "ascii", no_argument, NULL, OPT_ASCII },
		{ "batch", no_argument, NULL, OPT_BATCH },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "games", no_argument, NULL, OPT_GAMES },
		{ "host", no_argument, NULL, OPT_HOST },
		{ "join", required_argument, NULL, OPT_JOIN },
		{ "name", required_argument, NULL, OPT_NAME },
		{ "player", required_argument, NULL, OPT_PLAYER },
		{ "side", required_argument, NULL, OPT_SIDE },
		{ "watch", required_argument, NULL, OPT_WATCH },
		{ "help", no_argument, NULL, OPT_HELP },
		{ "list", no_argument, NULL, OPT_LIST },
		{ "replay", required_argument, NULL, OPT_REPLAY },
		{ "resume", no_argument, NULL, OPT_RESUME },
		{ "save", required_argument, NULL, OPT_SAVE },
		{ "saves", no_argument, NULL, OPT_SAVES },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	long ms;
	int ch;

	*o = (struct options){
		.mode = MODE_PLAY,
		.ai = { NULL, AI_LEVEL_DEFAULT, TUI_AI_DELAY_DEFAULT },
	};
	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case OPT_AI:
			/* One side: the computer plays it, the person the
			 * other (the simulator plays both). */
			if (o->ai.side != NULL &&
			    strcmp(o->ai.side, optarg) != 0) {
				fprintf(stderr,
					"ancients: --ai names the one side the "
					"computer plays: \"%s\" and \"%s\" "
					"were given (--simulate plays both)\n",
					o->ai.side, optarg);
				return EXIT_USAGE;
			}
			o->ai.side = optarg;
			break;
		case OPT_AI_DELAY:
			if ((ms = parse_delay(optarg)) < 0) {
				fprintf(stderr,
					"ancients: --ai-delay takes "
					"milliseconds from 0 to 60000, not "
					"\"%s\"\n",
					optarg);
				return EXIT_USAGE;
			}
			o->ai.delay = (int)ms;
			break;
		case OPT_AI_LEVEL:
			if (strlen(optarg) != 1 || optarg[0] < '1' ||
			    optarg[0] > '0' + AI_LEVEL_MAX) {
				fprintf(stderr,
					"ancients: --ai-level takes "
					"1, 2 or 3, not \"%s\"\n",
					optarg);
				return EXIT_USAGE;
			}
			o->ai.level = optarg[0] - '0';
			break;
		case OPT_ASCII:
			o->ascii = true;
			break;
		case OPT_BATCH:
			o->mode = MODE_BATCH;
			break;
		case OPT_CHECK:
			o->mode = MODE_CHECK;
			break;
		case OPT_GAMES:
			o->mode = MODE_GAMES;
			break;
		case OPT_HOST:
			o->so.host = true;
			break;
		case OPT_JOIN:
			o->so.join = optarg;
			break;
		case OPT_NAME:
			o->so.name = optarg;
			break;
		case OPT_PLAYER: {
			char err[128];

			/* A launcher's name for its player (docs/server.md). */
			if (seat_set_player(optarg, err, sizeof err) != 0) {
				fprintf(stderr, "ancients: %s\n", err);
				return EXIT_USAGE;
			}
			break;
		}
		case OPT_SIDE:
			o->so.side = optarg;
			break;
		case OPT_WATCH:
			o->so.watch = optarg;
			break;
		case OPT_LIST:
			o->mode = MODE_LIST;
			break;
		case OPT_SAVES:
			o->mode = MODE_SAVES;
			break;
		case OPT_REPLAY:
			o->mode = MODE_REPLAY;
			o->replay_file = optarg;
			break;
		case OPT_RESUME:
			o->resume = true;
			break;
		case OPT_SAVE:
			o->save_file = optarg;
			break;
		case OPT_SEED:
			if (parse_seed(optarg, &o->seed) != 0) {
				fprintf(stderr,
					"ancients: --seed takes a "
					"whole number from 0 to %" PRIu64
					", not "
					"\"%s\"\n",
					UINT64_MAX, optarg);
				return EXIT_USAGE;
			}
			o->seeded = true;
			break;
		case OPT_HELP:
			options_usage(stdout);
			return 0;
		case OPT_VERSION:
			printf("%s\n", PACKAGE_STRING);
			return 0;
		default:
			options_usage(stderr);
			return EXIT_USAGE;
		}
	}
	o->args = argv + optind;
	o->nargs = argc - optind;
	return -1;
}
