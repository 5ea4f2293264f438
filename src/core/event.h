/*
 * What happened, as the engine reports it: one event per step a player
 * would want to see (a move, a roll with its dice and modifiers, hits, a
 * morale check, a retreat, a breakpoint, the end of the game).  Events are
 * plain data; event_format() turns one into a line of text for the log,
 * batch output and the screen.
 */
#ifndef ANCIENTS_CORE_EVENT_H
#define ANCIENTS_CORE_EVENT_H

#include <stdbool.h>
#include <stddef.h>

#include "core/command.h"
#include "core/hex.h"

struct scenario;

enum event_kind {
	EV_TURN,       /* a game turn begins: turn */
	EV_INITIATIVE, /* roll: dice[0] holder, dice[1] other; side = holder
			  after */
	EV_INITIATIVE_CHOICE, /* side chose to move first (value 1) or second
				 (0) */
	EV_PLAYER_TURN,	      /* side's player-turn begins */
	EV_PHASE,	      /* phase begins: value = enum phase */
	EV_MOVE,	      /* unit from -> to, facing; value = hexes moved */
	EV_PIVOT,	      /* unit facing (from value2 to facing) */
	EV_CHARGE,	      /* unit charges other: from -> to, facing */
	EV_PUSH_ROLL, /* unit rolls dice[0] (and a re-roll dice[1]) vs need */
	EV_PUSH_FREE, /* barbarian push charge: no roll */
	EV_FATIGUE,   /* unit loses 1 SP to a failed push */
	EV_TRANSFER,  /* general moves from unit other to unit */
	EV_SHOT,      /* unit shoots other: calc, dice, hits */
	EV_ATTACK,    /* unit attacks other: calc, dice, hits */
	EV_GENERAL_RISK,   /* general on unit rolls 2D6 (dice[0..1]) for a 1 */
	EV_GENERAL_KILLED, /* general killed (value: 1 risk, 2 rout die, 3 no
			      unit) */
	EV_GENERAL_JOINS,  /* general's rout die dice[0]; joins unit */
	EV_IMPETUOUS,	   /* unit loses 1 SP for rolling 1s */
	EV_ROUTED,	   /* unit reaches 9 hits and is removed */
	EV_MORALE,	   /* unit rolls dice[0] vs need; value 1 passed */
	EV_MORALE_EXEMPT,  /* unit need not check: value 1 general, 2 veteran */
	EV_RETREAT,	   /* unit retreats from -> to */
	EV_PUSHED_BACK,	   /* friend unit pushed from -> to by other */
	EV_RETREAT_BLOCKED, /* unit cannot retreat and loses 1 SP */
	EV_DESTROYED,	    /* unit has enemies in both rear hexes */
	EV_ADVANCE_OFFER,   /* unit may advance into to */
	EV_ADVANCE,	    /* unit advances from -> to */
	EV_HOLD,	    /* unit holds */
	EV_BREAKPOINT_LOSS, /* side loses value points (value2 = new bp,
			     * need = starting bp; lost[] says why) */
	EV_GENERAL_D3,	    /* side's killed general: dice[0] -> value points */
	EV_ARMY_QUITS,	    /* side quits the field */
	EV_GAME_OVER,	    /* side won (-1 draw); value = enum game_end */
	EV_SAY,		    /* a `say` line: text */
	EV_COUNT
};

/* Dice modifiers of R8.3 and R9.2, in the order they are shown. */
enum dice_mod {
	MOD_GENERAL,   /* +1 general with the attacker */
	MOD_FLANK,     /* +1 attacker on the target's flank */
	MOD_REAR,      /* +2 attacker in the target's rear */
	MOD_FEROCIOUS, /* +1 ferocious attacker that charged */
	MOD_ARMORED,   /* -1 armored target */
	MOD_WOODS,     /* -1 target in woods */
	MOD_ROUGH,     /* -1 target in rough */
	MOD_FORD,      /* -1 either unit on a ford or bridge */
	MOD_FORTIFIED, /* -1 target in a fortified settlement */
	MOD_UPHILL,    /* -1 target higher than the attacker */
	MOD_COUNT
};

/* How a roll's number of dice was reached. */
struct dice_calc {
	int base;		    /* combat or missile dice */
	signed char mod[MOD_COUNT]; /* each modifier's dice, 0 if none */
	int total;		    /* dice rolled: base + mods, at least 1 */
};

#define EVENT_DICE_MAX 24

struct event {
	enum event_kind kind;
	int side;    /* side index, or -1 */
	int unit;    /* unit index, or -1 */
	int other;   /* second unit, or -1 */
	int general; /* general index, or -1 */
	struct hex from;
	struct hex to;
	enum facing facing;
	int need;  /* score needed on a die */
	int value; /* kind-specific, see above */
	int value2;
	int hits;	       /* hits inflicted */
	int lost[3];	       /* EV_BREAKPOINT_LOSS (R11.2): units that
				* failed morale, routed or destroyed (not
				* veteran), veteran routed or destroyed; the
				* rest of value is the generals' 1D3 */
	struct dice_calc calc; /* EV_SHOT, EV_ATTACK */
	int ndice;
	unsigned char dice[EVENT_DICE_MAX];
	char text[COMMAND_SAY_MAX + 1]; /* EV_SAY */
};

/* A growing list the caller owns; reused from command to command. */
struct events {
	struct event *v;
	int n;
	int cap;
};

void events_init(struct events *ev);
void events_done(struct events *ev);
void events_clear(struct events *ev);
/* Appends a blank event of a kind and returns it; cannot fail. */
struct event *events_add(struct events *ev, enum event_kind kind);

/* Writes one line describing the event, without a newline. */
void event_format(const struct scenario *sc, const struct event *e, char *buf,
		  size_t len);

/* Writes "4D6 base +1 flank -1 armored = 4D6". */
void dice_calc_format(const struct dice_calc *calc, char *buf, size_t len);
const char *dice_mod_name(enum dice_mod m);

#endif
