/*
 * The R13 table.  Kept as data so that the loader, the rules and the
 * screen all read the same defaults.
 */
#include "config.h"

#include "core/unittype.h"

#include <stdio.h>
#include <string.h>

static const struct unit_type builtin[UNITTYPE_BUILTIN_COUNT] = {
	{ "legionaries", "Legionaries", CLASS_FORMED, 4, 0, 0, 2, 3,
	  TRAIT_ARMORED },
	{ "auxilia", "Auxilia", CLASS_FORMED, 3, 0, 0, 2, 3, 0 },
	{ "warband", "Warband", CLASS_FORMED, 3, 0, 0, 2, 4,
	  TRAIT_BARBARIAN | TRAIT_IMPETUOUS | TRAIT_FEROCIOUS |
	      TRAIT_IGNORES_ARMOR | TRAIT_WOODS },
	{ "sagittarii", "Sagittarii", CLASS_NIMBLE, 2, 3, 2, 2, 4,
	  TRAIT_LIGHT | TRAIT_MISSILE },
	{ "velites", "Velites", CLASS_NIMBLE, 2, 2, 2, 3, 2,
	  TRAIT_LIGHT | TRAIT_MISSILE | TRAIT_WOODS },
	{ "equites", "Equites", CLASS_NIMBLE, 3, 0, 0, 3, 3, TRAIT_MOUNTED },
	{ "equites-auxiliares", "Equites auxiliares", CLASS_NIMBLE, 2, 2, 2, 4,
	  2, TRAIT_MOUNTED | TRAIT_MISSILE },
};

/* Indexed by bit position. */
static const char *const trait_names[TRAIT_COUNT] = {
	"armored", "ignores-armor", "impetuous", "ferocious", "barbarian",
	"veteran", "missile",	    "light",	 "woods",     "mounted",
};

const struct unit_type *
unittype_builtin(int i)
{
	if (i < 0 || i >= UNITTYPE_BUILTIN_COUNT)
		return NULL;
	return &builtin[i];
}

const struct unit_type *
unittype_builtin_find(const char *key)
{
	int i;

	for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
		if (strcmp(builtin[i].key, key) == 0)
			return &builtin[i];
	return NULL;
}

const char *
trait_name(enum trait t)
{
	int i;

	for (i = 0; i < TRAIT_COUNT; i++)
		if ((unsigned)t == 1u << i)
			return trait_names[i];
	return "?";
}

int
trait_parse(const char *name, enum trait *out)
{
	int i;

	for (i = 0; i < TRAIT_COUNT; i++) {
		if (strcmp(name, trait_names[i]) == 0) {
			*out = (enum trait)(1u << i);
			return 0;
		}
	}
	return -1;
}

void
trait_format(unsigned traits, char *buf, int size)
{
	int i, used = 0, n;

	if (size > 0)
		buf[0] = '\0';
	for (i = 0; i < TRAIT_COUNT && used < size; i++) {
		if (!(traits & (1u << i)))
			continue;
		n = snprintf(buf + used, (size_t)(size - used), "%s%s",
			     used ? " " : "", trait_names[i]);
		if (n < 0)
			break;
		used += n;
	}
}
