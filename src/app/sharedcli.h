/*
 * The shared-game modes of the command line: --host, --join and
 * --watch (a seat in the terminal or in batch), --resume of a shared
 * game, and --games.  The games themselves, their seats and their
 * journals are the session layer's (session/shared.h).
 */
#ifndef ANCIENTS_APP_SHAREDCLI_H
#define ANCIENTS_APP_SHAREDCLI_H

#include "app/options.h"

/*
 * --host, --join or --watch: checks the options given with it, takes
 * the seat and plays (or watches) until the player leaves.  Returns the
 * exit status (EXIT_USAGE after saying which options do not go).
 */
int sharedcli_run(const struct options *o);

/*
 * --resume ARG when ARG means a shared game: a journal
 * (DIR/NAME.journal: the game NAME in DIR), or the name of a shared
 * game when no save has that name.  Then joins it as sharedcli_run()
 * does and returns the exit status; returns -1 when ARG is no shared
 * game, to resume it as a save.
 */
int sharedcli_resume(const char *arg, struct options *o);

/* --games: one line a game, most recent first.  Returns the exit
 * status. */
int sharedcli_list(void);

#endif
