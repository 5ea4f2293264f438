/*
 * Unit types (R13) and their traits (R13.1).  The built-in table holds the
 * defaults; a scenario copies it and edits or adds types of its own.
 */
#ifndef ANCIENTS_CORE_UNITTYPE_H
#define ANCIENTS_CORE_UNITTYPE_H

#include <stdbool.h>

#define UNITTYPE_KEY_MAX 20  /* side and type keys: 1-20 characters */
#define UNITTYPE_NAME_MAX 64 /* display names are cut to this */

enum unit_class {
	CLASS_FORMED, /* R5.3: front steps only, move or pivot */
	CLASS_NIMBLE, /* R5.4: any neighbour, any final facing */
};

/* Trait bits (R13.1). */
enum trait {
	TRAIT_ARMORED = 1 << 0,
	TRAIT_IGNORES_ARMOR = 1 << 1,
	TRAIT_IMPETUOUS = 1 << 2,
	TRAIT_FEROCIOUS = 1 << 3,
	TRAIT_BARBARIAN = 1 << 4,
	TRAIT_VETERAN = 1 << 5, /* per unit only, never in a type */
	TRAIT_MISSILE = 1 << 6,
	TRAIT_LIGHT = 1 << 7,
	TRAIT_WOODS = 1 << 8,
	TRAIT_MOUNTED = 1 << 9,
};
#define TRAIT_COUNT 10

struct unit_type {
	char key[UNITTYPE_KEY_MAX + 1];	  /* "legionaries", "my-type" */
	char name[UNITTYPE_NAME_MAX + 1]; /* "Legionaries" */
	enum unit_class cls;
	int combat;	   /* combat dice, 1-9 */
	int missile_range; /* hexes, 1-6; 0 without the missile trait */
	int missile_dice;  /* dice, 1-9; 0 without the missile trait */
	int move;	   /* movement allowance in hexes, 2-20 */
	int push;	   /* push score: a die at or above it succeeds, 2-6 */
	unsigned traits;   /* enum trait bits */
};

/* The seven built-in types of R13, in table order. */
#define UNITTYPE_BUILTIN_COUNT 7
const struct unit_type *unittype_builtin(int i);
/* The built-in type with this key, or NULL. */
const struct unit_type *unittype_builtin_find(const char *key);

/* A trait's name as R13.1 spells it ("ignores-armor"). */
const char *trait_name(enum trait t);
/* Parses one trait name; 0 or -1. */
int trait_parse(const char *name, enum trait *out);
/* Writes the trait names of a mask, space-separated, into buf. */
void trait_format(unsigned traits, char *buf, int size);

#endif
