/*
 * Listing a directory (see dirscan.h): the walk, the growth of the array
 * and the sort, the same for every listing; what an entry is worth is
 * the caller's keep function's to say.
 */
#include "config.h"

#include "core/dirscan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

void *
dirscan(const char *dir, const struct dirscan *how, long *n)
{
	struct dirent *de;
	char *v = NULL;
	size_t k = 0, cap = 0;
	DIR *d;

	*n = -1;
	if ((d = how->open != NULL ? how->open(dir) : opendir(dir)) == NULL)
		return NULL;
	while ((de = readdir(d)) != NULL) {
		/* A slot before the entry is seen: keep fills it in place. */
		if (k == cap && how->size > 0) {
			cap = cap ? cap * 2 : 16;
			v = xreallocarray(v, cap, how->size);
		}
		if (how->keep(dir, de->d_name,
			      v != NULL ? v + k * how->size : NULL, how->arg))
			k++;
	}
	closedir(d);
	if (k == 0 || v == NULL) {
		free(v);
		v = NULL;
	} else if (how->cmp != NULL)
		qsort(v, k, how->size, how->cmp);
	*n = (long)k;
	return v;
}

void *
dirscan_listing(const char *dir, const struct dirscan *how, long *n, char *err,
		size_t errlen)
{
	void *v = dirscan(dir, how, n);

	if (*n < 0 && errno == ENOENT)
		*n = 0;
	else if (*n < 0)
		snprintf(err, errlen, "cannot read %s: %s", dir,
			 strerror(errno));
	return v;
}

bool
dirscan_has_suffix(const char *name, const char *suffix)
{
	size_t n = strlen(name), m = strlen(suffix);

	return n >= m && strcmp(name + n - m, suffix) == 0;
}

char *
dirscan_path(const char *dir, const char *name, const char *suffix)
{
	size_t n = strlen(dir) + strlen(name) + strlen(suffix) + 2;
	char *p = xmalloc(n);

	snprintf(p, n, "%s/%s%s", dir, name, suffix);
	return p;
}
