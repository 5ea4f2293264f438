/*
 * Army lists (docs/army-lists.md, ancients-armies(5)): what an army may
 * field in a random battle.  Each entry is a built-in unit type (R13)
 * with a points cost and the least and most units of it an army of the
 * list may hold; each general has a cost, 0 for the commander who always
 * comes.  The loader reads one INI file (inih) and reports every error of
 * it with its line, the way the scenario loader does; an army list is
 * immutable once loaded.
 */
#ifndef ANCIENTS_CORE_ARMY_H
#define ANCIENTS_CORE_ARMY_H

#include <stdbool.h>
#include <stddef.h>

#include "core/err.h"
#include "core/unittype.h"

#define ARMY_STEM_MAX 5	      /* unit ID stems: 1-5 characters */
#define ARMY_GENERAL_ID_MAX 8 /* as scenario IDs */
#define ARMY_TEXT_MAX 160     /* summary and advice lines */
#define ARMY_COUNT_MAX 40     /* the most units of one entry */
#define ARMY_COST_MAX 99      /* the highest cost of a unit or general */
#define ARMY_MAX_ERRORS 50    /* then "too many errors" */

/* The kinds of ground an army likes, as bits (the `terrain` key). */
enum army_ground {
	GROUND_OPEN = 1 << 0,
	GROUND_WOODS = 1 << 1,
	GROUND_MARSH = 1 << 2,
	GROUND_HILLS = 1 << 3,
	GROUND_ROUGH = 1 << 4,
};
#define ARMY_GROUND_COUNT 5

/* A [unit KEY] entry of a list. */
struct army_entry {
	char key[UNITTYPE_KEY_MAX + 1];	  /* the section's key: "legio" */
	char stem[ARMY_STEM_MAX + 1];	  /* unit IDs: stem + a number */
	char name[UNITTYPE_NAME_MAX + 1]; /* the units' display name */
	const struct unit_type *type;	  /* built-in, never NULL */
	int cost;			  /* points per unit, 1-99 */
	int min, max;			  /* units of it, 0 <= min <= max */
	bool veteran;			  /* its units are veteran */
};

/* A [general ID] of a list. */
struct army_general {
	char id[ARMY_GENERAL_ID_MAX + 1];
	char name[UNITTYPE_NAME_MAX + 1];
	int cost; /* 0: always with the army; else bought with points */
};

struct army {
	char name[UNITTYPE_NAME_MAX + 1]; /* the list: "Early Imperial Roman" */
	char side[UNITTYPE_NAME_MAX + 1]; /* the side in a battle: "Rome" */
	char summary[ARMY_TEXT_MAX + 1];  /* one line for --list-armies */
	char advice[ARMY_TEXT_MAX + 1];	  /* one line for the briefing */
	unsigned ground;		  /* enum army_ground bits; never 0 */
	struct army_entry *entries;	  /* owned, in file order */
	int nentries;
	struct army_general *generals; /* owned, in file order */
	int ngenerals;
};

/*
 * Loads an army list from text of len bytes.  Returns a new army (free
 * with army_free()), or NULL with every error appended to errs in line
 * order (at most ARMY_MAX_ERRORS, then one "too many errors" at line 0).
 */
struct army *army_load_text(const char *text, size_t len,
			    struct anc_errs *errs);
/* The same from a file; an unreadable file is one error at line 0. */
struct army *army_load_file(const char *path, struct anc_errs *errs);
void army_free(struct army *a);

/*
 * Whether a short name (a file name without .ini) may name an army: it
 * becomes a side key, so 1-20 of a-z, 0-9 and '-', a letter first, and
 * not "draw".
 */
bool army_key_valid(const char *key);

/* The points an army of the list costs at the least: its minimums. */
int army_min_cost(const struct army *a);

/* A ground bit's word as the file spells it ("woods"). */
const char *army_ground_name(enum army_ground g);

#endif
