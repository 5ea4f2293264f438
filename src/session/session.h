/*
 * Saved games (docs/save-format.md).  A session owns one game in progress:
 * its scenario (parsed from the text the save carries), the game, and the
 * journal of every accepted command in canonical form.  Replaying the
 * journal from the seed gives the game again; nothing else is stored.
 *
 * A session may be tied to a file, whose journal is append-only: every
 * accepted command (and every undo) is one line added with one write()
 * and one fdatasync() before session_apply() returns, so a crash at any
 * instant leaves the lines before it whole; a torn last line is dropped
 * on load.  A new file, or a save of format 1 on its first new command,
 * is written whole to a temporary file renamed over the old one.  A
 * command that cannot be saved is taken back and reported as not played.
 *
 * The session layer (src/session) sits between the engine and the UI:
 * File I/O lives here, never in src/core.
 */
#ifndef ANCIENTS_SESSION_SESSION_H
#define ANCIENTS_SESSION_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "session/savefile.h"
#include "core/command.h"
#include "core/err.h"
#include "core/event.h"

struct game;
struct scenario;
struct session;

/* What session_apply_line() did with a line. */
enum session_result {
	SESSION_EMPTY,	   /* blank or comment-only: nothing happened */
	SESSION_OK,	   /* accepted (and saved, if tied to a file) */
	SESSION_REFUSED,   /* not a command or not legal now: unchanged */
	SESSION_NOT_SAVED, /* legal, but the save failed: taken back */
};

/*
 * Starts a game of the scenario text (a scenario file's bytes; a missing
 * final newline is added) with seed.  label is how the player named the
 * scenario ("medway", a path), kept in the save for display; control
 * characters in it become '?'.  Returns a new session tied to no file
 * (free with session_free()), or NULL with the scenario's errors in errs
 * (lines are the text's own); nothing to free then.
 */
struct session *session_new(const char *text, size_t len, const char *label,
			    uint64_t seed, struct anc_errs *errs);

/*
 * Like session_new() for a scenario already parsed (catalog_open()): the
 * session takes sc (its source text is what the save keeps), so a new
 * game parses its scenario once.  Never fails.
 */
struct session *session_adopt(struct scenario *sc, const char *label,
			      uint64_t seed);

/*
 * Loads a save, replays its journal and checks the result against the
 * saved digest and the file's checksum.  Returns a new session tied to
 * path (later commands are saved there), or NULL with one error (or the
 * scenario text's errors) in errs, each with the line of the file it is
 * about (0 when no line is: the file cannot be read).  A failed load
 * changes nothing on disk and leaves nothing to free.
 */
struct session *session_load(const char *path, struct anc_errs *errs);

/*
 * The most recently modified autosave whose game is unfinished and has
 * something played (of the newest SESSION_UNFINISHED_SCAN autosaves: each
 * is replayed to know), loaded; its path in path.  NULL when there is
 * none, with the reason in err.  What `--resume` without a file, the
 * plain start's question and the start menu's Continue all take.
 */
#define SESSION_UNFINISHED_SCAN 40
struct session *session_latest_unfinished(char *path, size_t len, char *err,
					  size_t errlen);

/*
 * What loading s set aside, for the player, or NULL: a torn last journal
 * line (a crash while it was written) dropped, never played.
 */
const char *session_notice(const struct session *s);

/*
 * Reads the lines another process added to s's file since s last read or
 * wrote it, and plays them (an `undo` line takes the last command back),
 * their events appended to ev; a line still being written is left for
 * the next call.  The shared game: one session per player on one file,
 * each following the other.  Returns the lines played (0: none new), or
 * -1 with why, "FILE:LINE: message" (the lines before the bad one stay
 * played).
 */
int session_follow(struct session *s, struct events *ev, char *why,
		   size_t whylen);
/* The same, playing at most max lines (the rest wait for the next call). */
int session_follow_n(struct session *s, struct events *ev, int max, char *why,
		     size_t whylen);

/*
 * For a caller that holds the only right to write s's file (the shared
 * game's journal lock), after session_follow(): bytes after the lines s
 * has read are what a writer that died left of its line, and the next
 * command cuts them off.  Returns whether there were any.
 */
bool session_claim_tail(struct session *s);

/*
 * Writes s to a new file at path, which must not exist (an existing file
 * is never replaced: err says so), with mode, durably, and ties s to it.
 * Returns 0, or -1 with the reason in err and s tied to nothing new.
 */
int session_publish(struct session *s, const char *path, unsigned mode,
		    char *err, size_t errlen);

/* Frees s (NULL is fine).  The save on disk stays as it is. */
void session_free(struct session *s);

/*
 * Ties s to path and writes the save there now, durably.  Returns 0, or
 * -1 with the reason in err and s tied to what it was tied to before.
 */
int session_set_file(struct session *s, const char *path, char *err,
		     size_t errlen);

/*
 * Ties s to a new autosave file in the save directory (savedir.h), which
 * is created if absent.  The file itself is first written with the first
 * accepted command, so a game left at once leaves no file behind.
 * Returns 0, or -1 with the reason in err.
 */
int session_autosave_new(struct session *s, char *err, size_t errlen);

/*
 * Whether `dice` is accepted (commands.md: batch mode only).  Off for a
 * new or loaded session; a journal's own dice commands replay regardless.
 */
void session_allow_dice(struct session *s, bool allow);

/*
 * Plays command c: the one way a command enters a game, from the screen,
 * batch mode or a test.  On SESSION_OK the events are appended to ev and
 * a game command (anything but `dump`) is in the journal (formatted once,
 * here) and, if s is tied to a file, on disk.  On SESSION_REFUSED or
 * SESSION_NOT_SAVED, why holds a sentence for the player (no "error:"
 * prefix) and the game is as it was.  `dump` is accepted and never
 * journaled: the caller prints it.  Never SESSION_EMPTY.
 */
enum session_result session_apply(struct session *s, const struct command *c,
				  struct events *ev, char *why, size_t whylen);

/*
 * Parses one line of the command language and, if it holds a command,
 * plays it with session_apply().  c (if not NULL) gets the command when
 * the line parsed.  SESSION_EMPTY for a blank or comment-only line.
 */
enum session_result session_apply_line(struct session *s, const char *line,
				       struct command *c, struct events *ev,
				       char *why, size_t whylen);

/*
 * Takes back the last command that is no `say`: any action of the game
 * that rolled no die (an advance, a hold, an end of phase included).  A
 * say after it stays where it is, in the journal and the game: undo
 * steps over words.  The game is replayed from the seed without the
 * command and an `undo` line added to the save (on load, an `undo` line
 * takes back the same command).  Returns 0, or -1 with the reason in why
 * and nothing changed.
 */
int session_undo(struct session *s, char *why, size_t whylen);
/*
 * The index of the command session_undo() would take back (the last
 * that is no say), whether or not it may be.  Returns whether there is
 * one.
 */
bool session_undo_target(const struct session *s, size_t *at);
/* The side to play when command i (0-based) was given: whose it is. */
int session_command_side(const struct session *s, size_t i);
/*
 * Whether the last k commands that are no say could be taken back one by
 * one with session_undo() (none rolled dice or set them).  Returns 0, or
 * -1 with why; changes nothing.
 */
int session_can_undo(const struct session *s, size_t k, char *why,
		     size_t whylen);

/*
 * Writes a copy of the game as the save NAME in the save directory
 * (savedir_check_name() says which names are allowed; ".save" is added
 * unless the name ends with it), replacing a save of that name.  s stays
 * tied to its own file.  Returns 0 with the file's path in path (if not
 * NULL), or -1 with the reason in err.
 */
int session_save_as(struct session *s, const char *name, char *path,
		    size_t pathlen, char *err, size_t errlen);

/*
 * The game, to read.  The pointer is the same for the whole life of s
 * (undo and a taken-back command rebuild the game in place).
 */
const struct game *session_game(const struct session *s);
/* The scenario; lives as long as s. */
const struct scenario *session_scenario(const struct session *s);
/* The file s writes to, or NULL. */
const char *session_path(const struct session *s);
const char *session_label(const struct session *s);
/*
 * A solo game: the side the computer plays (-1: none, two people) and
 * its level (1-3), kept in the save's "ai" line so that a resumed game is
 * solo again.  Set it before the first command (the save's header is
 * written once).  session_ai() returns the side and sets *level.
 */
void session_set_ai(struct session *s, int side, int level);
int session_ai(const struct session *s, int *level);
uint64_t session_seed(const struct session *s);
/* Commands in the journal, and the i-th (0-based), canonical. */
size_t session_length(const struct session *s);
const char *session_command(const struct session *s, size_t i);
/* The same command as played (the pointer is good until s changes). */
const struct command *session_command_parsed(const struct session *s, size_t i);

/* The save's text, as it would be written now; free the result. */
char *session_format(const struct session *s, size_t *len);

/*
 * Fault injection for the tests: the next durable write fails at step
 * with EIO, as if the system call had.  SAVE_STEP_NONE clears it.
 */
enum save_step {
	SAVE_STEP_NONE,
	SAVE_STEP_CREATE,  /* mkstemp() of the temporary file */
	SAVE_STEP_WRITE,   /* write() */
	SAVE_STEP_FSYNC,   /* fsync() of the file */
	SAVE_STEP_CLOSE,   /* close() */
	SAVE_STEP_RENAME,  /* rename() over the save */
	SAVE_STEP_DIRSYNC, /* fsync() of the directory */
};
void save_fail_at(enum save_step step);

/*
 * Makes s a shared game's journal, format 3 (docs/security.md): each new
 * line names the uid and player that gave it, and a command's dice are
 * drawn from the operating system when it is played and kept in its
 * line.  Written files say "ancients-save 3".
 */
void session_set_author(struct session *s, long uid, const char *player);
/* The format s writes: 2, or 3 for a shared game. */
int session_version(const struct session *s);
/* Format 3: command i's "UID<TAB>PLAYER<TAB>DICE", or NULL. */
const char *session_command_meta(const struct session *s, size_t i);
/* Forces command i's recorded dice into g, to replay it on g exactly. */
void session_force_dice(const struct session *s, size_t i, struct game *g);

#endif
