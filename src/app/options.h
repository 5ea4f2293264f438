/*
 * The command line of `ancients`: the options, read once into a struct
 * options, and the usage text that --help prints.  Only the reading is
 * here: which options go together is for the mode that runs them to
 * say (main.c, sharedcli.c).  --simulate has options of its own
 * (simulate.h).
 *
 * To add an option: a field below; in options.c its id (enum
 * option_id), its line in the table and its case in options_parse(),
 * and its line in the usage text; then its entry in man/ancients.6,
 * whose synopsis the usage text follows.
 */
#ifndef ANCIENTS_APP_OPTIONS_H
#define ANCIENTS_APP_OPTIONS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

/* The exit status of a usage error (sysexits.h's EX_USAGE). */
#define EXIT_USAGE 64

/* What the program does; the game in the terminal unless told. */
enum options_mode {
	MODE_PLAY,
	MODE_BATCH,  /* --batch */
	MODE_CHECK,  /* --check */
	MODE_LIST,   /* --list */
	MODE_SAVES,  /* --saves */
	MODE_REPLAY, /* --replay */
	MODE_GAMES,  /* --games */
};

/* A shared game's options (--host, --join, --watch, --side, --name). */
struct seat_opts {
	bool host;
	const char *join;  /* --join GAME */
	const char *watch; /* --watch GAME */
	const char *side;  /* --side SIDE */
	const char *name;  /* --name GAME */
};

/* The --ai options: the side's key (NULL: none), the level and the
 * pause between commands on the screen. */
struct ai_opts {
	const char *side;
	int level;
	int delay;
};

/* The command line, parsed.  The strings point into argv. */
struct options {
	enum options_mode mode;
	struct seat_opts so;
	struct ai_opts ai;
	bool seeded;		 /* --seed given: seed holds it */
	bool ascii;		 /* --ascii */
	bool resume;		 /* --resume */
	uint64_t seed;		 /* --seed N */
	const char *save_file;	 /* --save FILE */
	const char *replay_file; /* --replay SAVE */
	char **args;		 /* the operands */
	int nargs;
};

/*
 * Reads the options of argv into *o, every field set (the defaults for
 * those not given).  Returns -1 to go on, else the exit status: 0 after
 * --help or --version, EXIT_USAGE after reporting a wrong option on
 * stderr.
 */
int options_parse(int argc, char **argv, struct options *o);

/* Prints the usage text (--help's) to f. */
void options_usage(FILE *f);

#endif
