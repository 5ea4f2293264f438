/*
 * Why a unit cannot shoot or attack now, in a player's words: the rule
 * that stops it (its number in rules.md) and what would let it act (a
 * facing to pivot to, a distance to close, a turn to wait).  For the
 * hints and the refusals that would otherwise only say "cannot".  Nothing
 * here changes the game.
 */
#ifndef ANCIENTS_CORE_CANNOT_H
#define ANCIENTS_CORE_CANNOT_H

#include <stdbool.h>
#include <stddef.h>

struct game;

enum cannot_kind {
	CANNOT_NONE,	   /* it can: nothing stops it */
	CANNOT_GONE,	   /* it has left the field */
	CANNOT_NOT_YOURS,  /* not the phasing player's unit */
	CANNOT_NO_MISSILE, /* no missile weapons (R8.1) */
	CANNOT_SHOT,	   /* already shot this player-turn (R8.1) */
	CANNOT_MOVED,	   /* made a movement action this turn (R8.1) */
	CANNOT_ENGAGED,	   /* in contact with an enemy (R8.1) */
	CANNOT_NO_ENEMY,   /* no enemy left on the field */
	CANNOT_RANGE,	   /* no enemy within missile range (R8.2) */
	CANNOT_FACING,	   /* enemies in range, none in the arc (R8.2) */
	CANNOT_SIGHT,	   /* in the arc, line of sight blocked (R8.2) */
	CANNOT_ATTACKED,   /* already attacked this player-turn (R9.1) */
	CANNOT_NO_CONTACT, /* not in contact with an enemy (R9.1) */
	CANNOT_NOT_FRONT,  /* in contact, no enemy in front (R9.1) */
};

#define CANNOT_TEXT 192

struct cannot {
	enum cannot_kind kind;
	int unit;
	int enemy;	    /* the enemy the reason is about, or -1 */
	const char *rule;   /* "R8.2", or "" */
	const char *word;   /* a word or two for a short hint: "facing" */
	char why[CANNOT_TEXT]; /* "wb2, 2 hexes away, is outside ..." */
	char fix[CANNOT_TEXT]; /* "pivot it to face NE ...", or "" */
};

/*
 * Why u can shoot no enemy now (the shooting phase's rules, R8.1, R8.2):
 * true with out filled, false when it may shoot some enemy.
 */
bool cannot_shoot(const struct game *g, int u, struct cannot *out);

/* Why u can attack no enemy now (R9.1): as cannot_shoot(). */
bool cannot_attack(const struct game *g, int u, struct cannot *out);

/*
 * One sentence: "UNIT cannot shoot: WHY (RULE); FIX" (or "attack", as
 * verb says).
 */
void cannot_format(const struct cannot *c, const char *unit_id,
		   const char *verb, char *buf, size_t len);

/*
 * The fix for a target outside u's forward arc (R8.2): the facing that
 * would bring target into it within range with a clear line, nearest to
 * u's facing, as words ("pivot it to face NE in a movement phase ...");
 * or why no facing would.  For the shot's refusal.
 */
void cannot_arc_fix(const struct game *g, int u, int target, char *buf,
		    size_t len);

/*
 * The fix for target in contact with u but not in its front hexes
 * (R9.1), or not in contact at all: the facing to pivot to, or the
 * charge to make.
 */
void cannot_front_fix(const struct game *g, int u, int target, char *buf,
		      size_t len);

/*
 * The facing nearest u's own that puts target, next to u, in one of its
 * front hexes (R9.1), or -1 when target is not next to it.
 */
int cannot_front_facing(const struct game *g, int u, int target);

#endif
