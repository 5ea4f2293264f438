/*
 * Finding the army lists (ancients-armies(5)): every NAME.ini of one
 * directory, NAME being the army's short name (never "random", which
 * --armies and the menu use for an army drawn).  The directory is
 * $ANCIENTS_ARMY_DIR when set and not empty; else, for the game run from
 * its build tree, the source tree's armies/; else ARMY_DIR, where they
 * are installed beside the scenarios.  Errors go to stderr as
 * FILE:LINE: message.
 */
#ifndef ANCIENTS_APP_ARMYCAT_H
#define ANCIENTS_APP_ARMYCAT_H

#include "core/army.h"

struct armycat {
	int n;		      /* lists loaded */
	char **keys;	      /* owned: short names, sorted */
	struct army **armies; /* owned, as keys */
	char *dir;	      /* owned: where they were read */
};

/*
 * Loads every list.  Returns 0, or -1 after printing why: the directory
 * cannot be read or holds no list, or a list has errors (each printed
 * as FILE:LINE: message).  armycat_done() it in either case.
 */
int armycat_load(struct armycat *c);
/* The same, printing nothing (the start menu, before curses). */
int armycat_load_quiet(struct armycat *c);
void armycat_done(struct armycat *c);
/* The index of a short name, or -1. */
int armycat_find(const struct armycat *c, const char *key);

#endif
