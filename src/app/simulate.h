/*
 * `ancients --simulate N ...`: computer players against each other over
 * many games, in worker processes, with totals per scenario.
 */
#ifndef ANCIENTS_APP_SIMULATE_H
#define ANCIENTS_APP_SIMULATE_H

#include <stdint.h>

#include "ai/ai.h"
#include "core/game.h"

/* One finished game, as a worker reports it. */
struct sim_result {
	int scenario;
	int game;
	int winner; /* side, -1 draw, -2 a refused command */
	int end;    /* enum game_end */
	int turns;
	int swapped; /* the players exchanged sides */
};

/*
 * Plays one game of g (already started) between two players to its end.
 * Fills *res (winner, end, turns); returns 0, or -1 if a player issued a
 * refused command (a bug).
 */
int simulate_game(struct game *g, struct ai *first, struct ai *second,
		  struct sim_result *res);

/* The seed of game i of a run seeded with seed. */
uint64_t simulate_seed(uint64_t seed, int i);

/* The whole command; argv as main() has it.  Returns the exit status. */
int simulate_main(int argc, char **argv);

#endif
