/*
 * How a new game starts from the command line: the seed when none was
 * given, and the session of the scenario named.  Shared by the modes
 * that start one (main.c, sharedcli.c).
 */
#ifndef ANCIENTS_APP_NEWGAME_H
#define ANCIENTS_APP_NEWGAME_H

#include <stdint.h>

#include "session/session.h"

/* A seed for a game that was given none, from the clock and the
 * process id; the caller prints it so that the game can be replayed. */
uint64_t newgame_seed(void);

/*
 * A new session of the scenario name (NULL: the built-in one, see
 * catalog_open()) with the seed.  Returns it (session_free()), or NULL
 * after printing why on stderr.
 */
struct session *newgame_session(const char *name, uint64_t seed);

#endif
