/*
 * Where saves live: $XDG_STATE_HOME/ancients/, or ~/.local/state/ancients/
 * when XDG_STATE_HOME is unset or not absolute (the XDG Base Directory
 * rules), created 0700 when something is to be written there.  Names
 * given at the prompt are names, never paths.  Each game in the curses
 * shell autosaves to autosave-YYYYMMDD-HHMMSS-PID.save there.
 */
#ifndef ANCIENTS_SESSION_SAVEDIR_H
#define ANCIENTS_SESSION_SAVEDIR_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#define SAVEDIR_NAME_MAX 64 /* characters in a save name */
#define SAVEDIR_SUFFIX ".save"
#define SAVEDIR_AUTOSAVE_PREFIX "autosave-"
#define SAVEDIR_TEMP_STALE_S 60 /* a save's temporary file older is dead */

/*
 * Writes the save directory's path into buf.  With create, makes it and
 * any missing parent, mode 0700.  A directory that exists must belong to
 * the player (a clear error otherwise); the temporary files of saves
 * killed half-way (".NAME.XXXXXX", older than SAVEDIR_TEMP_STALE_S) are
 * removed from it.  Returns 0, or -1 with the reason in err.
 */
int savedir_path(char *buf, size_t len, bool create, char *err, size_t errlen);

/*
 * Whether name may name a save: 1 to SAVEDIR_NAME_MAX letters, digits,
 * '-', '_' and '.', not starting with '.'.  Returns 0, or -1 with the
 * reason in err.
 */
int savedir_check_name(const char *name, char *err, size_t errlen);

/*
 * The path of the save called name in the save directory (created if
 * create), with SAVEDIR_SUFFIX added unless name ends with it.  Returns 0,
 * or -1 with the reason in err.
 */
int savedir_name_path(const char *name, bool create, char *buf, size_t len,
		      char *err, size_t errlen);

/*
 * A path for a new autosave, in the save directory (created), naming no
 * existing file.  Returns 0, or -1 with the reason in err.
 */
int savedir_autosave_path(char *buf, size_t len, char *err, size_t errlen);

/*
 * The file a --resume argument means: arg itself if it exists, else the
 * save of that name in the save directory (savedir_name_path()).  Returns
 * 0, or -1 with the reason in err.
 */
int savedir_resolve(const char *arg, char *buf, size_t len, char *err,
		    size_t errlen);

struct save_entry {
	char *path;	       /* owned */
	struct timespec mtime; /* last modified */
	bool autosave;	       /* named autosave-*.save */
};

/*
 * The *.save files of the save directory (not created), most recently
 * modified first; none when it does not exist.  Returns 0 with a new array
 * in *out (free with savedir_entries_free()), or -1 with the reason in
 * err and nothing to free.
 */
int savedir_scan(struct save_entry **out, size_t *n, char *err, size_t errlen);
void savedir_entries_free(struct save_entry *v, size_t n);

#endif
