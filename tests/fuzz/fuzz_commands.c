/*
 * libFuzzer target: the command path on the shipped tutorial scenario
 * (tests/fuzz/README.md).  The input is lines of commands as batch mode
 * reads them; each is parsed and applied.  Every accepted command is
 * kept as the printer writes it, like a save's journal; at the end that
 * journal is parsed and played again on a fresh game with the same seed
 * and must be accepted line by line and reach the same digest.  A refused
 * command must leave the game unchanged.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/default_scenario.h"
#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/scenario/scenario.h"

#define LINE_MAX_BYTES 4096
#define SEED 20260101u

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static struct scenario *sc;

static void
fail(const char *what, const char *line)
{
	fprintf(stderr, "fuzz_commands: %s: \"%s\"\n", what, line);
	abort();
}

static void
load_scenario(void)
{
	struct anc_errs errs;

	anc_errs_init(&errs);
	sc = scenario_load_text(default_scenario, strlen(default_scenario),
				&errs);
	if (sc == NULL)
		fail("the shipped scenario does not load", "");
	anc_errs_done(&errs);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char journal[1 << 20], line[LINE_MAX_BYTES], canon[512];
	static char dump[1 << 14];
	static struct command legal[4096];
	struct events ev;
	struct command c, c2;
	struct game *g, *replay;
	char why[256];
	size_t pos = 0, jlen = 0, n;
	uint64_t before;
	const char *p, *nl;

	if (sc == NULL)
		load_scenario();
	events_init(&ev);
	g = game_new(sc, SEED);
	while (pos < size) {
		p = (const char *)data + pos;
		nl = memchr(p, '\n', size - pos);
		n = nl != NULL ? (size_t)(nl - p) : size - pos;
		pos += n + 1;
		if (n >= sizeof line)
			n = sizeof line - 1;
		memcpy(line, p, n);
		line[n] = '\0'; /* an embedded NUL ends the line early */
		if (command_parse(sc, line, &c, why, sizeof why) <= 0)
			continue;
		before = game_digest(g);
		events_clear(&ev);
		if (game_apply(g, &c, &ev, why, sizeof why) != 0) {
			if (game_digest(g) != before)
				fail("a refused command changed the game",
				     line);
			continue;
		}
		for (int i = 0; i < ev.n; i++)
			event_format(sc, &ev.v[i], canon, sizeof canon);
		if (c.verb == VERB_DUMP)
			game_dump(g, dump, sizeof dump);
		command_format(sc, &c, canon, sizeof canon);
		if (jlen + strlen(canon) + 2 > sizeof journal)
			break;
		memcpy(journal + jlen, canon, strlen(canon));
		jlen += strlen(canon);
		journal[jlen++] = '\n';
	}
	(void)game_legal_commands(g, legal,
				  (int)(sizeof legal / sizeof legal[0]));

	/* The journal plays again to the same game. */
	journal[jlen] = '\0';
	replay = game_new(sc, SEED);
	for (char *s = journal, *e; *s != '\0'; s = e + 1) {
		e = strchr(s, '\n');
		*e = '\0';
		if (command_parse(sc, s, &c2, why, sizeof why) != 1)
			fail("a printed command does not parse", s);
		events_clear(&ev);
		if (game_apply(replay, &c2, &ev, why, sizeof why) != 0)
			fail("a journal command is refused on replay", s);
	}
	if (game_digest(replay) != game_digest(g))
		fail("the journal replays to a different digest", "");
	game_free(replay);
	game_free(g);
	events_done(&ev);
	return 0;
}
