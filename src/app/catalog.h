/*
 * Finding and checking scenarios: the built-in default, installed ones by
 * short name, files by path; `--check` and `--list`.  Prints to stdout and
 * stderr (this is program code, not engine code).
 */
#ifndef ANCIENTS_APP_CATALOG_H
#define ANCIENTS_APP_CATALOG_H

#include <stddef.h>

#include "core/err.h"
#include "core/scenario/scenario.h"

/*
 * Loads the scenario a player named: NULL for the built-in default, a
 * path, or a short name ("medway") looked up among the installed
 * scenarios.  Returns a new scenario (scenario_free()) or NULL after
 * printing every error as FILE:LINE: message on stderr.
 */
struct scenario *catalog_open(const char *name);

/* `ancients --check FILE...`: returns the exit status (0 all good, 1). */
int catalog_check(char *const *paths, int n);

/* `ancients --list`: returns the exit status. */
int catalog_list(void);

/* An installed scenario: its short name and the scenario (NULL when it
 * has errors). */
struct catalog_item {
	char *name;
	struct scenario *sc;
};

/*
 * The installed scenarios, sorted by name, loaded (errors not printed).
 * Returns how many (free with catalog_items_free()), or -1 when the
 * directory cannot be read.
 */
long catalog_installed(struct catalog_item **out);
void catalog_items_free(struct catalog_item *v, long n);

/*
 * For the game run from its build tree: the source tree's directory sub
 * ("armies"), beside its scenarios; NULL when installed or absent.
 * free() it.
 */
char *catalog_build_dir(const char *sub);

/* Prints errs as LABEL:LINE: message (LABEL: message without a line). */
void catalog_print_errors(const char *label, const struct anc_errs *errs);

#endif
