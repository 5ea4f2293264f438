/*
 * A battle as a scenario file describes it (scenario-format.md): the map,
 * the two sides, the unit types, the units and generals where they start,
 * the turn limit, the first initiative and the victory hexes.  Loading is
 * the only part of the engine that reads files and the only file that
 * includes <ini.h>; nothing of inih is visible past this header.
 *
 * A scenario is immutable once loaded: games borrow it (const) and keep
 * their changing state elsewhere.
 */
#ifndef ANCIENTS_CORE_SCENARIO_H
#define ANCIENTS_CORE_SCENARIO_H

#include <stdbool.h>
#include <stddef.h>

#include "core/err.h"
#include "core/hex.h"
#include "core/map.h"
#include "core/unittype.h"

#define SCENARIO_ID_MAX 8      /* unit and general IDs: 1-8 characters */
#define SCENARIO_MAX_ERRORS 50 /* then "too many errors" */

struct side_def {
	char key[UNITTYPE_KEY_MAX + 1];	  /* "romans" */
	char name[UNITTYPE_NAME_MAX + 1]; /* "Rome (Varus)" */
};

struct unit_def {
	char id[SCENARIO_ID_MAX + 1];	  /* "leg17" */
	char name[UNITTYPE_NAME_MAX + 1]; /* display name; "" if none */
	int side;			  /* 0 or 1, order of [side] */
	int type;			  /* index into scenario types[] */
	struct hex hex;			  /* start hex, on the map */
	enum facing facing;
	int hits; /* 0-8 hits already taken */
	bool veteran;
	bool missile; /* shoots: the type has missile and it is not off */
};

struct general_def {
	char id[SCENARIO_ID_MAX + 1];
	char name[UNITTYPE_NAME_MAX + 1]; /* "" if none */
	int side;
	int unit; /* index into units[] */
};

struct victory_def {
	bool present;	   /* the side has a [victory] entry */
	struct hex *hexes; /* owned; every hex must hold the side's unit */
	int count;
};

struct scenario {
	char *title;	/* owned, never NULL */
	char *date;	/* owned, "" if absent */
	char *summary;	/* owned, "" if absent */
	char *briefing; /* owned, lines joined by '\n', "" if absent */
	int turns;	/* 1-99 */
	int initiative; /* side index that holds it on turn 1 */
	struct map map;
	struct side_def sides[2];
	struct unit_type *types; /* built-ins first, then new ones; owned */
	int ntypes;
	struct unit_def *units; /* scenario order; owned */
	int nunits;
	struct general_def *generals; /* scenario order; owned */
	int ngenerals;
	struct victory_def victory[2];
	char *source; /* the file's text as loaded, for saves; owned */
	size_t source_len;
};

/*
 * Loads a scenario from a file.  Returns a new scenario (free with
 * scenario_free()), or NULL with every error appended to errs, in line
 * order; nothing to free then.
 */
struct scenario *scenario_load_file(const char *path, struct anc_errs *errs);
/* The same from text in memory (the built-in default, a save's copy). */
struct scenario *scenario_load_text(const char *text, size_t len,
				    struct anc_errs *errs);
void scenario_free(struct scenario *sc);

/* Lookups by ID or key; -1 when absent. */
int scenario_find_unit(const struct scenario *sc, const char *id);
int scenario_find_general(const struct scenario *sc, const char *id);
int scenario_find_side(const struct scenario *sc, const char *key);
/* The index in types[] of a type key (built-in or the file's); -1. */
int scenario_find_type(const struct scenario *sc, const char *key);
/* Whether h is a victory hex of either side. */
bool scenario_victory_hex(const struct scenario *sc, struct hex h);

#endif
