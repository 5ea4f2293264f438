/*
 * The odds of an attack, a shot or a charge before it is made: the dice
 * and every modifier the engine would use, the chance of each number of
 * hits and what they mean (the target routed, made to test morale, its
 * general killed; the attacker's impetuous loss), computed exactly from
 * the rules by enumerating the dice, never by sampling.  Nothing here
 * changes the game or takes a die.
 */
#ifndef ANCIENTS_CORE_ODDS_H
#define ANCIENTS_CORE_ODDS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/command.h"
#include "core/event.h"
#include "core/hex.h"
#include "core/rulenums.h"

struct game;

#define UNIT_HITS_MAX UNIT_HITS_ROUTED

#define ODDS_DICE_MAX 64 /* dice enumerated; more are refused */

struct odds {
	enum verb action; /* VERB_SHOOT, VERB_ATTACK or VERB_CHARGE */
	int unit, target;
	struct hex from; /* where the attacker rolls (a charge's contact hex) */
	enum facing facing;    /* the attacker's facing then */
	struct dice_calc calc; /* the dice and every modifier */
	int need;	       /* a die hits on this or more (R8.3, R9.2) */
	double expected;       /* expected hits */
	double p_hits[ODDS_DICE_MAX + 1]; /* exactly k hits */
	int target_hits;		  /* hits the target has now */
	bool target_general;		  /* a general is with the target */
	bool target_veteran;
	bool target_tests_anyway; /* it already lost SP this turn */
	double p_routed;	  /* reaches 9 hits and is removed (R7.2) */
	double p_test;	       /* stands, and must test morale (R10.1, R10.2) */
	double p_fail;	       /* ... and fails the test and retreats (R10.3) */
	double p_general;      /* the target's general is lost (R9.5, R10.7) */
	double p_impetuous;    /* the attacker loses 1 SP (R9.4) */
	double p_self_routed;  /* ... and that routs it */
	double p_self_general; /* ... and its general is lost (R10.7) */
	bool self_general;     /* a general is with the attacker */
	/*
	 * The unit is not the phasing player's: the odds are those of its
	 * side's next phase of that kind (action), the position as it
	 * stands now.
	 */
	bool forecast;
	int side; /* the attacker's side */
	/*
	 * A charge made as a push (R5.7): the unit made the last movement
	 * action and may push.  push_need is its push score; p_fatigue the
	 * chance the roll (and a general's re-roll) fails and costs 1 SP
	 * first (0 for a barbarian's push charge, which rolls nothing).
	 */
	bool push;
	int push_need;
	double p_fatigue;
	/*
	 * In the movement phase, an engaged unit's coming attack on an
	 * enemy in contact but not in front: priced after the pivot that
	 * puts it in front (R4.2, R5.5), to face facing.
	 */
	bool pivot;
};

/*
 * The odds of u acting on target now: a shot in the shooting phase, an
 * attack in the combat phase, a charge (and the attack that follows in
 * the combat phase, the position otherwise unchanged) in the movement
 * phase; in the movement phase a unit already in contact with target in
 * front gets the odds of its coming attack, and one in contact with it
 * on a flank or the rear those of the attack after the pivot that would
 * face it, if it may still pivot (out->pivot).  Returns 0, or -1 with the
 * reason in why (in a player's words) when the action is impossible now.
 *
 * A unit that is not the phasing player's is priced as its side would
 * act in its next player-turn, the position as it stands now (the
 * threat to the phasing player's units): the attack of its combat
 * phase if target is in one of its front hexes, else the shot of its
 * shooting phase if it may shoot target, else the charge of its
 * movement phase; out->forecast says so.
 */
int odds_compute(const struct game *g, int u, int target, struct odds *out,
		 char *why, size_t whylen);

/*
 * The odds of u charging target with the contact hex given, as
 * `charge UNIT TARGET HEX` would; refused as that command would be.
 */
int odds_charge(const struct game *g, int u, int target, struct hex contact,
		struct odds *out, char *why, size_t whylen);

/*
 * Writes the odds as lines of text, each starting "odds: ", separated by
 * '\n' with a final '\n'.  Returns the number of lines.
 */
int odds_format(const struct game *g, const struct odds *o, char *buf,
		size_t len);

/*
 * The odds in one line starting "odds: ", for a message line: the dice
 * and modifiers, the expected hits and the chances that matter most.
 */
void odds_summary(const struct game *g, const struct odds *o, char *buf,
		  size_t len);

/*
 * odds_compute() and odds_format() in one: the lines in buf and their
 * count, or -1 with the reason (no "error:") in buf.
 */
int odds_text(const struct game *g, int u, int target, char *buf, size_t len);

#define ODDS_GROUP_MAX 16 /* units priced together */

/*
 * Several units of one side acting on one target in one player-turn:
 * each action as it would be made after the ones before it (charges
 * first, in the movement phase, then shots, then attacks), and the
 * chances of the combined result, exact, a later roll counted only while
 * the target still stands.
 */
struct odds_group {
	int n;
	struct odds member[ODDS_GROUP_MAX]; /* in the order they roll */
	int target;
	int side;      /* the acting side */
	bool forecast; /* its next player-turn, not the phasing player's */
	int cap;       /* hits that rout the target: 9 - its hits */
	double p_hits[UNIT_HITS_MAX + 1]; /* exactly k hits in all (< cap) */
	double expected;		  /* hits in all, at most cap */
	double p_routed, p_test, p_fail, p_general;
	double p_rolls[ODDS_GROUP_MAX];	    /* member rolls: target stands */
	double p_impetuous[ODDS_GROUP_MAX]; /* ... and loses 1 SP (R9.4) */
};

/*
 * The odds of the n units in units[] together on target (n 0: every unit
 * of the target's enemy that could act on it).  The phasing player's
 * units act in the phase it is in (in the movement phase: an attack if
 * in contact with target in front, else a charge); the other side's as
 * in odds_compute(), in its next player-turn.  Returns 0, or -1 with the
 * reason.  out is large: allocate it.
 */
int odds_group_compute(const struct game *g, const int *units, int n,
		       int target, struct odds_group *out, char *why,
		       size_t whylen);

/* The group's lines, each starting "odds: "; returns the count. */
int odds_group_format(const struct game *g, const struct odds_group *o,
		      char *buf, size_t len);

/*
 * An `odds` command of any form: the lines in buf and their count, or -1
 * with the reason in buf.  odds_command_check() only says whether.
 */
int odds_command_text(const struct game *g, const struct command *c,
		      char *buf, size_t len);
int odds_command_check(const struct game *g, const struct command *c,
		       char *why, size_t whylen);

/* For oddsgroup.c: the chance that u's general is lost when u is removed
 * (R10.7), and one action's dice and chances on g as it stands; and the
 * refusal of any odds while the game is over or a decision is pending
 * (0 when odds may be given now, else -1 with the reason in why). */
double odds_lost_die(const struct game *g, int u);
int odds_fill(const struct game *g, enum verb action, int u, int target,
	      struct odds *out, char *why, size_t whylen);
int odds_refuse_now(const struct game *g, char *why, size_t whylen);

#define ODDS_TEXT_MAX 4096 /* enough for odds_text(), odds_command_text() */

#endif
