/*
 * Dice of a shared game, drawn from the operating system when they are
 * rolled (docs/security.md): nothing a player can read holds a die
 * before it is rolled, and the journal line that rolled them keeps them,
 * so a replay is exact without a seed.
 */
#ifndef ANCIENTS_SESSION_OSDICE_H
#define ANCIENTS_SESSION_OSDICE_H

#include <stddef.h>
#include <stdint.h>

#include "core/command.h"
#include "core/event.h"
#include "core/game.h"

/* Fills buf with len bytes from getrandom().  0, or -1 (errno). */
int osdice_random(void *buf, size_t len);

/*
 * The dice command c rolls if it is played on g now, drawn from the
 * operating system: c is played on a copy of g whose generator is seeded
 * by getrandom(), and the dice it took are read back.  g's forced queue
 * must be empty.  Returns how many (0: none, *vals NULL), the values
 * (1-6) in *vals, new; or -1 with why (the command is refused, or no
 * randomness: then nothing is played).
 */
int osdice_draw(const struct game *g, const struct command *c,
		unsigned char **vals, char *why, size_t whylen);

#endif
