/*
 * Property test: for every shipped scenario, many complete games of random
 * legal commands (seeded, so a failure names the seed that replays it),
 * checking the invariants of the rules after every command.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "randplay.h"
#include "shipped.h"

#define GAMES_PER_SCENARIO 400
#define COMMANDS_PER_GAME_MAX 20000	/* far more than any game needs */

struct ctx {
	const char *name;
	uint64_t seed;
	int step;
	struct command *buf; /* the random player's */
};

static void
fail_at(const struct ctx *cx, const char *what, const char *detail)
{
	print_error("%s, game seed %llu, command %d: %s %s\n", cx->name,
	    (unsigned long long)cx->seed, cx->step, what, detail);
	fail();
}

/* The state invariants that hold after every accepted command. */
static void
check_state(const struct game *g, const int prev_bp[2], const struct ctx *cx)
{
	const struct map *m = &g->sc->map;
	int u, i, on = 0, held = 0, cells = m->width * m->height;
	char buf[64];

	for (u = 0; u < g->nunits; u++) {
		const struct unit *un = &g->units[u];

		if (un->hits < 0 || un->hits > 9) {
			snprintf(buf, sizeof buf, "%s has %d hits",
			    g->sc->units[u].id, un->hits);
			fail_at(cx, "hits out of 0-9:", buf);
		}
		if (un->hits == 9 && un->on_map)
			fail_at(cx, "a unit with 9 hits is on the map:",
			    g->sc->units[u].id);
		if (!un->on_map)
			continue;
		on++;
		if (g->occupant[map_index(m, un->hex)] != u)
			fail_at(cx, "occupancy disagrees for",
			    g->sc->units[u].id);
		if (!terrain_allows((enum terrain)map_cell(m, un->hex)->terrain,
		    game_unit_traits(g, u)))
			fail_at(cx, "a unit stands in terrain it may not "
			    "enter:", g->sc->units[u].id);
		if (un->general >= 0 && g->generals[un->general].unit != u)
			fail_at(cx, "general and unit disagree:",
			    g->sc->units[u].id);
	}
	for (i = 0; i < cells; i++)
		if (g->occupant[i] >= 0)
			held++;
	if (held != on)
		fail_at(cx, "more than one unit in a hex", "");
	for (i = 0; i < 2; i++)
		if (g->bp[i] > prev_bp[i])
			fail_at(cx, "a breakpoint rose for", g->sc->sides[i].key);
}

/* R4.4: after a charge, the charger is the only enemy on its face. */
static void
check_charge(const struct game *g, int u, int target, const struct ctx *cx)
{
	const struct unit *t = &g->units[target];
	enum face face;
	int d, v, count = 0;

	if (!g->units[u].on_map || !t->on_map)
		return;
	face = facing_face_of_dir(t->facing,
	    (enum dir)hex_direction_to(t->hex, g->units[u].hex));
	for (d = 0; d < DIR_COUNT; d++) {
		if (facing_face_of_dir(t->facing, (enum dir)d) != face)
			continue;
		v = game_unit_at(g, hex_neighbour(t->hex, (enum dir)d));
		if (v >= 0 && g->units[v].side != t->side)
			count++;
	}
	if (count != 1)
		fail_at(cx, "a charge over-engaged a face of",
		    g->sc->units[target].id);
}

static void
play_one(const struct scenario *sc, struct ctx *cx, struct command *buf)
{
	struct game *g = game_new(sc, cx->seed);
	struct pcg32 rng;
	struct events ev;
	struct command c;
	char why[256];
	int prev_bp[2];
	enum verb action;

	pcg32_seed(&rng, cx->seed, 7);
	events_init(&ev);
	for (cx->step = 0; cx->step < COMMANDS_PER_GAME_MAX; cx->step++) {
		if (randplay_pick(g, &rng, buf, &c) != 0)
			break;
		prev_bp[0] = g->bp[0];
		prev_bp[1] = g->bp[1];
		events_clear(&ev);
		if (game_apply(g, &c, &ev, why, sizeof why) != 0)
			fail_at(cx, "a legal command was refused:", why);
		check_state(g, prev_bp, cx);
		action = c.verb == VERB_PUSH ? c.action : c.verb;
		if (action == VERB_MOVE && g->units[c.unit].on_map &&
		    game_unit_engaged(g, c.unit))
			fail_at(cx, "a move ended next to an enemy:",
			    sc->units[c.unit].id);
		if (action == VERB_CHARGE)
			check_charge(g, c.unit, c.target, cx);
	}
	if (!g->over)
		fail_at(cx, "the game did not end", "");
	if (g->end == END_NONE)
		fail_at(cx, "the game ended without a reason", "");
	if ((g->end == END_BREAKPOINT || g->end == END_BOTH_BROKEN) &&
	    g->bp[0] > 0 && g->bp[1] > 0) {
		int s, u, left[2] = { 0, 0 };

		for (u = 0; u < g->nunits; u++)
			if (g->units[u].on_map)
				left[g->units[u].side]++;
		for (s = 0; s < 2; s++)
			if (left[s] == 0)
				break;
		if (s == 2)
			fail_at(cx, "an army quit above its breakpoint", "");
	}
	if (g->end != END_BREAKPOINT && g->end != END_BOTH_BROKEN &&
	    g->turn != sc->turns)
		fail_at(cx, "the game ended before the turn limit", "");
	events_done(&ev);
	game_free(g);
}

/* GAMES_PER_SCENARIO seeded games of one shipped scenario. */
static void
play_scenario(const struct scenario *sc, const char *name, void *arg)
{
	struct ctx *cx = arg;
	int k;

	cx->name = name;
	for (k = 0; k < GAMES_PER_SCENARIO; k++) {
		cx->seed = 1000u + (uint64_t)k;
		play_one(sc, cx, cx->buf);
	}
}

static void
test_property_random_games_keep_invariants(void **state)
{
	struct ctx cx = { 0 };

	(void)state;
	cx.buf = malloc(RANDPLAY_MAX_COMMANDS * sizeof *cx.buf);
	assert_non_null(cx.buf);
	assert_true(shipped_each(play_scenario, &cx) >= 1);
	free(cx.buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_property_random_games_keep_invariants),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
