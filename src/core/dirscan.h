/*
 * Listing a directory: one walk over its entries that gathers the ones a
 * caller keeps into a growing array and sorts it, and the two small
 * helpers every listing needs (a name's suffix, a path in a directory).
 * For the installed scenarios and army lists, the saves and the shared
 * games.  It opens no entry and judges no name or file: each caller's
 * keep function checks what it reads (stat or lstat, type, owner, the
 * privileged opening of the shared directory's files), as only it knows
 * what a hostile file in its directory could do.
 */
#ifndef ANCIENTS_CORE_DIRSCAN_H
#define ANCIENTS_CORE_DIRSCAN_H

#include <dirent.h>
#include <stdbool.h>
#include <stddef.h>

/*
 * Called for each entry name of directory dir, with a slot of the
 * array's element size: fills it and returns true to keep it, or returns
 * false with nothing in the slot to free.  With an element size of 0 the
 * slot is NULL and nothing is kept: a walk that only looks or cleans.
 */
typedef bool dirscan_keep_fn(const char *dir, const char *name, void *slot,
			     void *arg);

struct dirscan {
	size_t size;	       /* bytes of one element of the array, or 0 */
	dirscan_keep_fn *keep; /* fills one from an entry */
	void *arg;	       /* for keep */
	/* Sorts the kept elements; NULL leaves them in the order read. */
	int (*cmp)(const void *a, const void *b);
	/* Opens the directory; NULL is opendir(). */
	DIR *(*open)(const char *dir);
};

/*
 * The elements kept from dir's entries, a new array (free it; NULL when
 * none), their count in *n; or NULL with *n -1 and errno set when dir
 * cannot be opened.
 */
void *dirscan(const char *dir, const struct dirscan *how, long *n);

/*
 * dirscan() of a directory that need not exist yet (the saves', the
 * shared games'): none there is no element (NULL, *n 0); one that cannot
 * be read is NULL with *n -1 and "cannot read DIR: why" in err.
 */
void *dirscan_listing(const char *dir, const struct dirscan *how, long *n,
		      char *err, size_t errlen);

/* Whether name ends in suffix (or is it). */
bool dirscan_has_suffix(const char *name, const char *suffix);

/* "DIR/NAMESUFFIX", new (free it). */
char *dirscan_path(const char *dir, const char *name, const char *suffix);

#endif
