/*
 * Random battles for the command line and the start menu:
 * `ancients --generate [--armies A,B] [--points N] [--seed S]` writes a
 * generated scenario to standard output, `ancients --list-armies` lists
 * the army lists.  The scenario itself is the engine's work
 * (core/battlegen.h); this is the part that finds the lists and talks.
 */
#ifndef ANCIENTS_APP_GENERATE_H
#define ANCIENTS_APP_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "app/armycat.h"

/* The whole --generate command; argv as main() has it.  Exit status. */
int generate_main(int argc, char **argv);
/* `ancients --list-armies` (alone); argv as main() has it.  Exit status. */
int generate_list_armies(int argc, char **argv);

/*
 * The scenario text of a battle between lists a and b of c (-1: drawn
 * from the seed) for points a side.  Returns a new text (free()), or
 * NULL with the reason in err.
 */
char *generate_text(const struct armycat *c, int a, int b, int points,
		    uint64_t seed, char *err, size_t errsize);

/* A seed for a battle nobody asked a seed for: 1-999999. */
uint64_t generate_fresh_seed(void);

#endif
