/*
 * libFuzzer target: the scenario loader on any bytes (tests/fuzz/README.md).
 * A file either loads or is refused with at least one error, each with a
 * message; a file that loads keeps its exact text, loads again from that
 * text to the same game, and starts a game that can be dumped and queried.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/scenario/scenario.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
fail(const char *what)
{
	fprintf(stderr, "fuzz_scenario: %s\n", what);
	abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct command cmds[4096];
	static char dump[1 << 16];
	struct anc_errs errs;
	struct scenario *sc, *again;
	struct game *g, *g2;
	size_t i;

	anc_errs_init(&errs);
	sc = scenario_load_text((const char *)data, size, &errs);
	if (sc == NULL) {
		if (errs.n == 0)
			fail("refused with no error");
		for (i = 0; i < errs.n; i++)
			if (errs.v[i].msg[0] == '\0')
				fail("an error without a message");
		anc_errs_done(&errs);
		return 0;
	}
	if (errs.n != 0)
		fail("loaded with errors");
	if (sc->source_len != size || memcmp(sc->source, data, size) != 0)
		fail("the kept source differs from the file");
	again = scenario_load_text(sc->source, sc->source_len, &errs);
	if (again == NULL)
		fail("its own source does not load again");
	g = game_new(sc, 1);
	g2 = game_new(again, 1);
	if (game_digest(g) != game_digest(g2))
		fail("the same text loads to a different game");
	game_dump(g, dump, sizeof dump);
	(void)game_legal_commands(g, cmds, (int)(sizeof cmds / sizeof cmds[0]));
	game_free(g2);
	game_free(g);
	scenario_free(again);
	scenario_free(sc);
	anc_errs_done(&errs);
	return 0;
}
