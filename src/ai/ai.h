/*
 * The computer player: it chooses one legal command for the side that
 * must act now.  Three kinds: the searching player (levels 1-3), the
 * one-ply greedy player and the uniformly random player, the last two
 * for the simulator and for testing the first.
 *
 * Fairness: the player has its own PCG32 stream, seeded by the caller
 * (from the game's seed), and never reads the game's dice: not the forced
 * queue and not the generator's state.  Look-ahead games are copies whose
 * dice come from the player's own stream.  The same seed and the same
 * positions give the same choices.
 */
#ifndef ANCIENTS_AI_AI_H
#define ANCIENTS_AI_AI_H

#include <stdint.h>

#include "core/command.h"

struct game;

enum ai_kind {
	AI_SEARCH, /* one-ply search scored by rollouts */
	AI_GREEDY, /* charge, attack, shoot, advance, close in */
	AI_RANDOM, /* uniformly random legal command */
};

#define AI_LEVEL_MIN 1
#define AI_LEVEL_MAX 3
#define AI_LEVEL_DEFAULT 2

struct ai;

/* A player of this kind; level (1-3) matters only for AI_SEARCH. */
struct ai *ai_new(enum ai_kind kind, int level, uint64_t seed);
void ai_free(struct ai *ai);

/*
 * Chooses a legal command for the side that must act in g.  Returns 0
 * with *out filled, -1 when nobody can act (the game is over).
 */
int ai_choose(struct ai *ai, const struct game *g, struct command *out);

/*
 * The work the searching player (levels 2 and 3) may spend on a
 * player-turn's decisions, in commands played in its rollouts, shared
 * among the side's units on the map; ai_work() tells what a decision
 * spent.  The shipped battles spend at most about half of it at level 3
 * (2026-12-01: Watling Street, 1.03 million for 16 units), so they play
 * as with no limit; sixty units a side on a 99 x 99 map took over a
 * minute a player-turn without it.  Counted, not timed, so the same game
 * gives the same choices on every machine.
 */
#define AI_TURN_WORK 2000000L

/* Commands the last ai_choose() played in its rollouts. */
long ai_work(const struct ai *ai);

/*
 * Parses a player name: "ai" (level *level left as given), "ai1", "ai2",
 * "ai3", "greedy" or "random".  Returns 0, or -1 for an unknown name.
 */
int ai_kind_parse(const char *word, enum ai_kind *kind, int *level);

/* The seed of side's player in a game seeded with game_seed. */
uint64_t ai_seed_for(uint64_t game_seed, int side);

#endif
