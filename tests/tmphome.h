/*
 * A private home for one test: a fresh directory under $TMPDIR (or /tmp)
 * with HOME and XDG_STATE_HOME pointing inside it, so that whatever the
 * code under test saves lands there, never in the real home directory or
 * the source tree.  tmphome_remove() deletes the directory and all it
 * holds.  Include after "config.h" (nftw needs the system extensions).
 */
#ifndef ANCIENTS_TESTS_TMPHOME_H
#define ANCIENTS_TESTS_TMPHOME_H

#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

struct tmphome {
	char dir[256];	 /* the test's directory */
	char state[300]; /* $XDG_STATE_HOME, dir/state: not made */
	char home[300];	 /* $HOME, dir/home: not made */
};

/*
 * Makes the directory NAME-XXXXXX and points HOME and XDG_STATE_HOME into
 * it; 0, or -1 when it cannot be made.
 */
static inline int
tmphome_make(struct tmphome *h, const char *name)
{
	const char *tmp = getenv("TMPDIR");

	snprintf(h->dir, sizeof h->dir, "%s/%s-XXXXXX",
		 tmp != NULL && tmp[0] == '/' ? tmp : "/tmp", name);
	if (mkdtemp(h->dir) == NULL)
		return -1;
	snprintf(h->state, sizeof h->state, "%s/state", h->dir);
	snprintf(h->home, sizeof h->home, "%s/home", h->dir);
	if (setenv("XDG_STATE_HOME", h->state, 1) != 0 ||
	    setenv("HOME", h->home, 1) != 0)
		return -1;
	return 0;
}

static inline int
tmphome_remove_one(const char *path, const struct stat *st, int flag,
		   struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Removes the directory with everything in it, the deepest first. */
static inline void
tmphome_remove(const struct tmphome *h)
{
	nftw(h->dir, tmphome_remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

#endif
