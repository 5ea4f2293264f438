/*
 * A random player for tests and the benchmark: picks uniformly among the
 * engine's legal commands with its own PCG32 stream, so a failing game
 * can be replayed from its seed.
 */
#ifndef ANCIENTS_TESTS_RANDPLAY_H
#define ANCIENTS_TESTS_RANDPLAY_H

#include "core/dice.h"
#include "core/game.h"

#define RANDPLAY_MAX_COMMANDS 4096

/*
 * Picks one legal command of g into *c using rng; returns 0, or -1 when
 * there is none (the game is over).
 */
static inline int
randplay_pick(const struct game *g, struct pcg32 *rng, struct command *buf,
    struct command *c)
{
	int n = game_legal_commands(g, buf, RANDPLAY_MAX_COMMANDS);

	if (n == 0)
		return -1;
	/* Ending a phase is one choice among many: weigh it so games move on
	 * without every unit always acting. */
	if (buf[n - 1].verb == VERB_END && pcg32_bounded(rng, 4) == 0) {
		*c = buf[n - 1];
		return 0;
	}
	*c = buf[pcg32_bounded(rng, (uint32_t)n)];
	return 0;
}

/*
 * The same choice, drawn the same way from the same list, asking a
 * legal_cache for the list's length and only the command drawn.
 */
static inline int
randplay_pick_cached(const struct game *g, struct pcg32 *rng,
    struct legal_cache *lc, struct command *c)
{
	int n = legal_cache_count(lc, g);

	if (n == 0)
		return -1;
	if (n > RANDPLAY_MAX_COMMANDS)
		n = RANDPLAY_MAX_COMMANDS;	/* as randplay_pick() sees it */
	legal_cache_nth(lc, n - 1, c);
	if (c->verb == VERB_END && pcg32_bounded(rng, 4) == 0)
		return 0;
	legal_cache_nth(lc, (int)pcg32_bounded(rng, (uint32_t)n), c);
	return 0;
}

#endif
