/*
 * The shared directory and its files, for the session layer only (the
 * public face is shared.h): the names of a game's files, reading who
 * holds a lock file without taking it, and who is at a game.
 */
#ifndef ANCIENTS_SESSION_SHAREDIR_H
#define ANCIENTS_SESSION_SHAREDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "session/shared.h"

struct scenario;

#define JOURNAL_SUFFIX ".journal"
#define WATCH_INFIX ".watch."

/* Whether c may be in a game's name: A-Z a-z 0-9 - _. */
bool sharedir_name_char(char c);
/* The lock file of the side whose key is key in game name, new. */
char *sharedir_side_lock(const char *dir, const char *name, const char *key);
/* Whether some process holds the lock on path; its login into login. */
bool sharedir_lock_held(const char *path, char *login, size_t len);
/*
 * Opens the file at path, DIR/FILE in the shared directory, as
 * privilege_openat() does: privileged where the binary is, never through
 * a symlink, never blocking on a FIFO, only a file the game made.
 * Returns the descriptor, or -1 with errno.
 */
int sharedir_open(const char *path, int flags, unsigned mode);
/* lstat() of path, privileged where the binary is.  0, or -1. */
int sharedir_stat(const char *path, struct stat *st);
/* Removes path (a file of the shared directory), privileged.  0 or -1. */
int sharedir_unlink(const char *path);
/* Copies text into buf keeping only A-Z a-z 0-9 . - _ @ (a name). */
void sharedir_safe_name(const char *text, char *buf, size_t len);
/*
 * Who holds the sides of game name and how many watch.  my_side is this
 * process's side (0, 1 or SHARED_WATCHER; -1: not at the game) and
 * my_login its login, counted as is without a look at its lock.
 */
void sharedir_presence(const char *dir, const char *name,
		       const struct scenario *sc, int my_side,
		       const char *my_login, struct shared_presence *p);

#endif
