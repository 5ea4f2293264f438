/*
 * What a unit may do now, for completion and hints: the legal targets of
 * a charge, a shot, an attack or an odds question, the hexes a move may
 * end in and a charge's contact hexes, each straight from the engine's
 * own queries, and when there are none the engine's reason in a
 * player's words.  Nothing here changes the game.
 */
#ifndef ANCIENTS_CORE_CHOICES_H
#define ANCIENTS_CORE_CHOICES_H

#include "core/command.h"
#include "core/hex.h"

struct game;

#define CHOICES_MAX 1024
#define CHOICES_WHY 512

struct choices {
	int n;
	int unit[CHOICES_MAX];	     /* target units (unit verbs), or -1 */
	struct hex hex[CHOICES_MAX]; /* hexes (move, charge contact) */
	char why[CHOICES_WHY];	     /* when n is 0: why not */
};

/*
 * The choices for u and verb: VERB_MOVE lists hexes; VERB_CHARGE,
 * VERB_SHOOT, VERB_ATTACK and VERB_ODDS list target units (a charge's
 * targets once each).  Other verbs list nothing and say so.  Returns the
 * count; with none, out->why says why.
 */
int choices_list(const struct game *g, enum verb verb, int u,
		 struct choices *out);

/* The legal contact hexes of u charging target (with their reason). */
int choices_charge_hexes(const struct game *g, int u, int target,
			 struct choices *out);

#endif
