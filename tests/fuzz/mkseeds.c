/*
 * Writes the seed corpus of fuzz_commands (tests/fuzz/README.md): games
 * of the tutorial played by tests/randplay.h, one file of printed
 * commands per game, cut after a number of commands.  Not built by make:
 *   cc -I. -Isrc -I_build -I_build/src tests/fuzz/mkseeds.c \
 *       _build/libancients.a -linih -lm -o mkseeds
 *   ./mkseeds tests/fuzz/corpus/commands
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "app/default_scenario.h"
#include "core/command.h"
#include "core/event.h"
#include "tests/randplay.h"

static struct command buf[RANDPLAY_MAX_COMMANDS];

int
main(int argc, char **argv)
{
	static const int lengths[] = { 20, 60, 150, 400, 1000, 3000 };
	struct anc_errs errs;
	struct scenario *sc;
	struct events ev;
	char line[512], why[256], path[4096];

	if (argc != 2) {
		fprintf(stderr, "usage: mkseeds DIR\n");
		return 2;
	}
	anc_errs_init(&errs);
	sc = scenario_load_text(default_scenario, strlen(default_scenario),
				&errs);
	if (sc == NULL)
		return 1;
	events_init(&ev);
	for (unsigned k = 0; k < 12; k++) {
		struct pcg32 rng;
		struct game *g = game_new(sc, 20260101u);
		struct command c;
		FILE *f;

		pcg32_seed(&rng, 1000 + k, 7);
		snprintf(path, sizeof path, "%s/game-%02u.cmds", argv[1], k);
		f = fopen(path, "w");
		if (f == NULL)
			return 1;
		for (int i = 0; i < lengths[k % 6]; i++) {
			if (randplay_pick(g, &rng, buf, &c) != 0)
				break;
			events_clear(&ev);
			if (game_apply(g, &c, &ev, why, sizeof why) != 0)
				return 1;
			command_format(sc, &c, line, sizeof line);
			fprintf(f, "%s\n", line);
		}
		fclose(f);
		game_free(g);
	}
	events_done(&ev);
	scenario_free(sc);
	anc_errs_done(&errs);
	return 0;
}
