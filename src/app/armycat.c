/*
 * The army lists' directory (armycat.h): where it is, and reading every
 * list in it, sorted by short name.
 */
#include "config.h"

#include "app/armycat.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/catalog.h"
#include "core/dirscan.h"
#include "core/safetext.h"
#include "core/xmalloc.h"

#define SUFFIX ".ini"

static char *
army_dir(void)
{
	const char *dir = getenv("ANCIENTS_ARMY_DIR");
	char *build;

	if (dir != NULL && *dir != '\0')
		return xstrdup(dir);
	if ((build = catalog_build_dir("armies")) != NULL)
		return build;
	return xstrdup(ARMY_DIR);
}

static int
compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A list's short name: a regular NAME.ini file, not hidden, whose NAME
 * is an army key (else said on stderr unless quiet). */
static bool
keep_list(const char *dir, const char *name, void *slot, void *arg)
{
	const bool *quiet = arg;
	char **key = slot, *path, *shown;
	struct stat sb;
	size_t len = strlen(name), m = strlen(SUFFIX);

	if (name[0] == '.' || len <= m || !dirscan_has_suffix(name, SUFFIX))
		return false;
	path = dirscan_path(dir, name, "");
	if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) {
		free(path);
		return false;
	}
	free(path);
	*key = xstrndup(name, len - m);
	if (army_key_valid(*key) && strcmp(*key, "random") != 0)
		return true;
	if (!*quiet) {
		shown = safetext_dup(name, false);
		fprintf(stderr,
			"ancients: %s/%s: not an army list name (1-20 "
			"of a-z, 0-9 and \"-\", a letter first, not "
			"\"random\"): ignored\n",
			dir, shown);
		free(shown);
	}
	free(*key);
	return false;
}

/* The short names of dir's lists, sorted; -1 if it cannot be read. */
static int
scan(const char *dir, bool quiet, char ***out)
{
	const struct dirscan how = { .size = sizeof **out,
				     .keep = keep_list,
				     .arg = &quiet,
				     .cmp = compare_names };
	long n;

	*out = dirscan(dir, &how, &n);
	return (int)n;
}

static int
load(struct armycat *c, bool quiet)
{
	struct anc_errs errs;
	char *path;
	int n, i, e, status = 0;

	memset(c, 0, sizeof *c);
	c->dir = army_dir();
	errno = 0;
	n = scan(c->dir, quiet, &c->keys);
	e = errno;
	if (n < 0) {
		if (quiet)
			return -1;
		fprintf(stderr,
			"ancients: cannot read the army list directory %s: "
			"%s\n",
			c->dir, strerror(e));
		return -1;
	}
	if (n == 0) {
		if (!quiet)
			fprintf(stderr, "ancients: no army lists in %s\n",
				c->dir);
		return -1;
	}
	c->armies = xcalloc((size_t)n, sizeof *c->armies);
	c->n = n;
	for (i = 0; i < n; i++) {
		path = xmalloc(strlen(c->dir) + strlen(c->keys[i]) + 6);
		sprintf(path, "%s/%s" SUFFIX, c->dir, c->keys[i]);
		anc_errs_init(&errs);
		c->armies[i] = army_load_file(path, &errs);
		if (!quiet)
			catalog_print_errors(path, &errs);
		anc_errs_done(&errs);
		if (c->armies[i] == NULL)
			status = -1;
		free(path);
	}
	return status;
}

int
armycat_load(struct armycat *c)
{
	return load(c, false);
}

int
armycat_load_quiet(struct armycat *c)
{
	return load(c, true);
}

void
armycat_done(struct armycat *c)
{
	int i;

	for (i = 0; i < c->n; i++) {
		free(c->keys[i]);
		army_free(c->armies[i]);
	}
	free(c->keys);
	free(c->armies);
	free(c->dir);
	memset(c, 0, sizeof *c);
}

int
armycat_find(const struct armycat *c, const char *key)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (strcmp(c->keys[i], key) == 0)
			return i;
	return -1;
}
