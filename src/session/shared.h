/*
 * Shared games: two players, each in their own process, play one game
 * whose only store is its journal (the save format, docs/save-format.md),
 * and anyone may watch.  No server: every process follows the journal.
 *
 * In the shared directory ($ANCIENTS_SHARED_DIR, else
 * $XDG_STATE_HOME/ancients/shared) a game NAME is
 *
 *	NAME.journal		the save, lines appended by the players
 *	NAME.SIDE.lock		a POSIX lock on it holds SIDE for the life of
 *				the process; it says who ("LOGIN PID")
 *	NAME.watch.PID		one per watcher, locked likewise
 *
 * A player adds a line only while holding flock(LOCK_EX) on the journal,
 * after playing what the other side added, and only when the command is
 * legal there.  A dead process holds no lock, so its side is free at once.
 * Watchers open the journal read-only.  New lines are noticed with
 * inotify where there is one, else by polling.
 */
#ifndef ANCIENTS_SESSION_SHARED_H
#define ANCIENTS_SESSION_SHARED_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "session/session.h"

#define SHARED_NAME_MAX 32  /* characters in a game's name */
#define SHARED_LOGIN_MAX 65 /* bytes of a shown name: PLAYER@LOGIN */
#define SHARED_POLL_MS 100  /* polling period without inotify */
#define SHARED_WATCHER 2    /* shared_side() of a watcher */
/* Limits and clean-up (docs/security.md). */
#define SHARED_OPEN_PER_PLAYER 4     /* unfinished games a player sits in */
#define SHARED_GAMES_MAX 256	     /* games in the directory */
#define SHARED_JOURNAL_MAX (1L << 20) /* bytes of a journal */
#define SHARED_KEEP_FINISHED (7L * 24 * 3600) /* a finished game kept */
#define SHARED_KEEP_IDLE (30L * 24 * 3600)    /* an idle game kept */
#define SHARED_LOCK_WAIT_MS 1000     /* the longest wait for the journal */

struct shared;

/*
 * Writes the shared directory's path into buf; with create, makes it
 * (0700, or kept as it is when it exists).  Returns 0, or -1 with err.
 */
int shared_dir(char *buf, size_t len, bool create, char *err, size_t errlen);

/* Whether name may name a game: 1-32 of A-Z a-z 0-9 - _.  0 or -1, err. */
int shared_check_name(const char *name, char *err, size_t errlen);

/*
 * The journal of the shared game name into buf (the shared directory is
 * not created).  Returns 1 when it exists, 0 when name is no game's
 * (not a good name, or no journal by that name), -1 when the directory's
 * path cannot be made, -2 when this account may not look in it (err
 * says why in both).
 */
int shared_journal(const char *name, char *buf, size_t len, char *err,
		   size_t errlen);

/*
 * A free name for a new game of the scenario label: its short name (the
 * label's last path part, up to a '.', letters, digits, - and _ only)
 * and a number, "medway-1".  Returns 0, or -1 with err.
 */
int shared_default_name(const char *label, char *buf, size_t len, char *err,
			size_t errlen);

/*
 * Opens the game name: to host it (s is a new game, taken: the journal is
 * created and must not exist), to join it (s NULL) or to watch it (s
 * NULL, watch).  side is a side's key or name (any case), or NULL for the
 * first free side.  Returns the seat, or NULL with why in err ("FILE:LINE:
 * message" for a journal that does not load); s is freed then.
 */
struct shared *shared_open(const char *name, struct session *s, bool watch,
			   const char *side, char *err, size_t errlen);
void shared_close(struct shared *sh);

struct session *shared_session(const struct shared *sh);
const char *shared_name(const struct shared *sh);
/* 0 or 1, or SHARED_WATCHER. */
int shared_side(const struct shared *sh);
/* The name shown for this process: its login (from the password
 * database, never LOGNAME), or PLAYER@LOGIN with --player. */
const char *shared_login(const struct shared *sh);

/*
 * How long shared_apply() and shared_undo() wait for the journal's lock,
 * which another player holds for one command: ms (default
 * SHARED_LOCK_WAIT_MS, so that a screen never freezes; the command is
 * then refused, saying who holds it), or -1 for as long as it takes
 * (batch seats).
 */
void shared_set_lock_wait(struct shared *sh, int ms);

/*
 * A descriptor that becomes readable when the journal may have changed
 * (inotify), or -1: then poll every SHARED_POLL_MS.  After it is readable
 * call shared_follow(), which drains it.
 */
int shared_fd(const struct shared *sh);

/*
 * Plays the lines added to the journal since last time, their events
 * appended to ev.  Returns how many (0: none), or -1 with why,
 * "FILE:LINE: message": the game cannot go on for this process.
 */
int shared_follow(struct shared *sh, struct events *ev, char *why,
		  size_t whylen);
/* The same for at most max lines, so that each can be shown on its own. */
int shared_follow_n(struct shared *sh, struct events *ev, int max, char *why,
		    size_t whylen);

/*
 * Waits up to timeout_ms (-1: for ever) for the journal to change, using
 * no CPU meanwhile.  Returns 1 if it may have, 0 on timeout.
 */
int shared_wait(struct shared *sh, int timeout_ms);

/*
 * Plays command c for this seat: under the journal's lock, first plays
 * what the other side added (events in ev_other), then c if it is this
 * side's to give (a watcher gives none; `say` is anyone's and gets the
 * login name in front; `dump` and `odds` are never journaled).  As
 * session_apply() otherwise; SESSION_REFUSED with "it is the Britons'
 * turn" for the other side's command.  A failed follow is returned as
 * SESSION_NOT_SAVED with why.
 */
enum session_result shared_apply(struct shared *sh, struct command *c,
				 struct events *ev_other, struct events *ev,
				 char *why, size_t whylen);

/*
 * The same for undo (session_undo(): the last command that is no say),
 * only the seat's own side's command and only while that side is to act
 * (or the game is over).  0, or -1 with why.
 */
int shared_undo(struct shared *sh, struct events *ev_other, char *why,
		size_t whylen);

/* Who is at the game now. */
struct shared_presence {
	bool held[2];			     /* a process holds the side */
	char login[2][SHARED_LOGIN_MAX + 1]; /* its login, "" if free */
	int watchers;
};
void shared_presence(const struct shared *sh, struct shared_presence *p);

/* One line of --games. */
struct shared_game {
	char name[SHARED_NAME_MAX + 1];
	char *title;	  /* scenario title; owned */
	char *error;	  /* owned, or NULL: the journal does not load */
	int turn, player; /* side to play */
	enum phase phase;
	bool over;
	int winner; /* once over: the side that won, -1 a draw */
	char side_key[2][32];
	struct shared_presence who;
	time_t mtime; /* last activity */
};

/*
 * The games in the shared directory, most recent first; stale games are
 * removed first (finished ones SHARED_KEEP_FINISHED after their last
 * line, others SHARED_KEEP_IDLE, none while a process is at them).  Returns 0 with
 * a new array (free with shared_games_free()), or -1 with err.
 */
int shared_games(struct shared_game **out, size_t *n, char *err, size_t errlen);
void shared_games_free(struct shared_game *v, size_t n);

/*
 * How many unfinished games the player (uid, name) has a seat in (mine)
 * and how many games there are (all), after the clean-up.  0, or -1
 * with err.
 */
int shared_count_open(long uid, const char *player, int *mine, int *all,
		      char *err, size_t errlen);

#endif
