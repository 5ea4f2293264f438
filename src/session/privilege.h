/*
 * The set-group-ID privilege of an installed game (docs/security.md):
 * held only to open and use files in the shared games' directory, never
 * for anything the player names.  A build that is not set-group-ID has
 * no privilege: every call here then does plain opens with the player's
 * rights, with the same checks on what is opened.
 *
 * The process's credentials are process-wide by nature; this module is
 * the one place that changes them.
 */
#ifndef ANCIENTS_SESSION_PRIVILEGE_H
#define ANCIENTS_SESSION_PRIVILEGE_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/*
 * First thing in main(): if the binary runs set-group-ID, lowers the
 * effective group to the real one and keeps the game's group as the
 * saved one.  Returns 0, or -1 when the group cannot be lowered (the
 * caller must stop: it would run privileged).
 */
int privilege_init(void);

/* Whether the binary runs set-group-ID (the shared directory is fixed). */
bool privilege_held(void);

/* The game's group (the set-group-ID one), or the real group. */
gid_t privilege_group(void);

/*
 * Raises the game's group for the steps that touch the shared directory,
 * and lowers it again.  Calls nest: only the outermost lower drops it.
 * No-ops without the privilege.
 */
void privilege_raise(void);
void privilege_lower(void);

/*
 * Opens the directory path (O_DIRECTORY|O_NOFOLLOW), raised.  Privileged,
 * it must not be writable by others.  Returns the descriptor, or -1 with
 * why in err.
 */
int privilege_open_dir(const char *path, char *err, size_t errlen);

/*
 * Opens name in the directory dirfd, raised, with flags plus
 * O_NOFOLLOW|O_NONBLOCK|O_CLOEXEC (so a symlink is never followed and a
 * FIFO never blocks), then checks it is a file the game made: a regular
 * file with one link, of the game's group when privileged.  name must be
 * one path component.  Returns the descriptor (O_NONBLOCK cleared), or
 * -1 with errno (ELOOP: a symlink; EPERM: not a file the game made).
 */
int privilege_openat(int dirfd, const char *name, int flags, mode_t mode);

/* Whether the descriptor is a file the game made (as above). */
bool privilege_file_ok(int fd);

#endif
