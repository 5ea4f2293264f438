/*
 * The shipped scenarios, for tests that play every one of them: loads
 * each .ini of $TOP_SRCDIR/scenarios in turn and hands it to fn.
 */
#ifndef ANCIENTS_TESTS_SHIPPED_H
#define ANCIENTS_TESTS_SHIPPED_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/scenario/scenario.h"

/*
 * Calls fn(sc, file name, ctx) for every shipped scenario.  Returns how
 * many were played, or -1 when the directory cannot be read or a
 * scenario does not load (the test then fails on the count).
 */
static inline int
shipped_each(void (*fn)(const struct scenario *, const char *, void *),
	     void *ctx)
{
	const char *top = getenv("TOP_SRCDIR");
	char dir[4096], path[4400];
	struct anc_errs errs;
	struct dirent *de;
	int n = 0;
	DIR *d;

	snprintf(dir, sizeof dir, "%s/scenarios", top ? top : ".");
	if ((d = opendir(dir)) == NULL)
		return -1;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		struct scenario *sc;

		if (len < 5 || strcmp(de->d_name + len - 4, ".ini") != 0)
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		anc_errs_init(&errs);
		sc = scenario_load_file(path, &errs);
		anc_errs_done(&errs);
		if (sc == NULL) {
			fprintf(stderr, "%s does not load\n", path);
			n = -1;
			break;
		}
		fn(sc, de->d_name, ctx);
		scenario_free(sc);
		n++;
	}
	closedir(d);
	return n;
}

#endif
