/*
 * Stepping through a saved game command by command, forward, back or to a
 * turn, for the replay viewer and the plain-text replay.  A replay plays
 * the journal once when opened, keeping a copy of the game every
 * REPLAY_STRIDE commands; any state is then a copy and at most
 * REPLAY_STRIDE commands away.
 */
#ifndef ANCIENTS_SESSION_REPLAY_H
#define ANCIENTS_SESSION_REPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "core/err.h"
#include "core/event.h"
#include "core/game.h"

#define REPLAY_STRIDE 32

struct replay;
struct session;

/* Where the game stood after k commands, known without replaying. */
struct replay_mark {
	int turn;
	int player; /* side to play */
	enum phase phase;
	bool over;
};

/*
 * Opens a save for replay, loading and checking it as session_load()
 * does; the file is only read.  Returns a new replay (free with
 * replay_free()), or NULL with the errors in errs.
 */
struct replay *replay_open(const char *path, struct anc_errs *errs);

/*
 * A replay of s's journal as it is now (later commands are not seen).
 * Borrows s's scenario and journal, not copied: s must outlive the
 * replay and take nothing back (undo) while it is in use.  Cannot fail.
 */
struct replay *replay_new(const struct session *s);

void replay_free(struct replay *r);

/* The scenario played; lives as long as r. */
const struct scenario *replay_scenario(const struct replay *r);
/* The seed the game was played with. */
uint64_t replay_seed(const struct replay *r);
/* Commands in the journal. */
int replay_length(const struct replay *r);
/* Command k, 1 to replay_length(), in canonical form. */
const char *replay_command(const struct replay *r, int k);
/*
 * Who gave command k (1 to replay_length()) in a shared game's journal
 * (format 3): true with the uid and the player's name (33 bytes); false
 * for a save of one's own, which names nobody.
 */
bool replay_author(const struct replay *r, int k, long *uid, char *player);
/* The state after k commands, 0 to replay_length(). */
const struct replay_mark *replay_mark(const struct replay *r, int k);

/*
 * The game after the first k commands (0: the start), 0 to
 * replay_length(), and in *ev (if ev is not NULL) the events of command k
 * (none for k = 0).  Both are borrowed until the next call on r.
 */
const struct game *replay_state_at(struct replay *r, int k,
				   const struct events **ev);

/*
 * The k at which turn began (the first state in it), or -1 when the game
 * never reached it.
 */
int replay_turn_start(const struct replay *r, int turn);

#endif
