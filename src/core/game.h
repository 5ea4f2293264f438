/*
 * A game in progress: the state that changes as 3D6 Ancients is played,
 * and the one entry point that changes it, game_apply().  The engine is
 * pure: state + command + dice -> new state + events.  It prints nothing,
 * reads no clock and keeps no global state; every die comes from the
 * game's own struct dice.  A refused command changes nothing at all.
 *
 * The game borrows its scenario (const) for its whole life.  Callers
 * outside src/core read the structures below through const pointers and
 * change them only through game_apply().
 */
#ifndef ANCIENTS_CORE_GAME_H
#define ANCIENTS_CORE_GAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/command.h"
#include "core/dice.h"
#include "core/event.h"
#include "core/hex.h"
#include "core/rulenums.h"
#include "core/scenario/scenario.h"

enum phase {
	PHASE_MOVEMENT,
	PHASE_SHOOTING,
	PHASE_COMBAT,
	PHASE_MORALE,	  /* only while advance decisions are pending */
	PHASE_BREAKPOINT, /* only once the game is over */
	PHASE_COUNT
};

/* Why the game ended. */
enum game_end {
	END_NONE,
	END_BREAKPOINT,	   /* an army quit the field (R11.3) */
	END_BOTH_BROKEN,   /* both quit in one phase 5: draw (R11.3) */
	END_VICTORY_HEXES, /* last turn: one side held its hexes (R11.4) */
	END_SHARE,	   /* last turn: smaller share lost (R11.4) */
	END_SHARE_DRAW,	   /* last turn: equal shares (R11.4) */
};

struct unit {
	int side;	/* 0 or 1 */
	int type;	/* index into the scenario's types */
	struct hex hex; /* where it stands; kept when removed */
	enum facing facing;
	int hits;    /* 0-9; 9 is routed */
	bool on_map; /* false once routed or destroyed */
	bool veteran;
	bool missile; /* may shoot (type trait, not switched off) */
	int general;  /* attached general, or -1 */

	/* This player-turn (reset when one begins). */
	bool acted;	       /* made a movement action: no shooting (R8.1) */
	bool pushed;	       /* used its push (R5.7) */
	bool charged;	       /* charged: ferocious applies (R9.2) */
	bool shot;	       /* shot in phase 2 */
	int attacked;	       /* unit it attacked in phase 3, or -1 */
	enum verb action;      /* its movement action (move, pivot, charge),
				  VERB_COUNT before it made one */
	int action_target;     /* the unit it charged, else -1 */
	enum verb push_action; /* its push's action, VERB_COUNT if none */
	int push_target;       /* the unit its push charged, else -1 */
	bool lost_sp;	       /* lost SP to shooting or combat (R10.1) */
	bool failed_morale;    /* failed a check and still stands (R11.2) */
	bool removed_now;      /* routed or destroyed (R11.2) */
};

/* The strength points a unit has left: the hits it can still take before
 * it routs (R7.2). */
static inline int
unit_sp(const struct unit *un)
{
	return UNIT_HITS_ROUTED - un->hits;
}

struct general {
	int side;
	int unit;	  /* unit he is with, or -1 when dead */
	bool transferred; /* used his transfer this movement phase */
	bool killed_now;  /* killed this player-turn: 1D3 in phase 5 */
};

/* A pending advance decision (R10.6). */
struct advance_offer {
	int unit;      /* the attacker that may advance */
	struct hex to; /* the hex the retreating unit left */
};

struct game {
	const struct scenario *sc; /* borrowed */
	int turn;		   /* 1 .. sc->turns */
	int player;		   /* side whose player-turn it is */
	int second; /* 0 in the first player-turn of a turn, 1 after */
	enum phase phase;
	int initiative; /* side holding the initiative */
	bool choosing;	/* a seized initiative waits for first/second */
	bool over;
	int winner; /* side, or -1 for a draw; when over */
	enum game_end end;
	int bp[2]; /* breakpoints now; may go below 0 */
	int bp_start[2];

	struct unit *units; /* one per scenario unit, same order; owned */
	int nunits;
	struct general *generals; /* one per scenario general; owned */
	int ngenerals;
	int *occupant; /* map index -> unit on it, or -1; owned */

	int push_unit; /* unit whose push window is open, or -1 */
	struct advance_offer *offers; /* pending advances; owned, nunits */
	int noffers;

	int *scratch_order; /* phase 4's check order; owned, nunits */
	struct advance_offer *scratch_vacated; /* hexes left; owned, nunits */

	struct dice dice;
	uint64_t seed; /* the seed the game started with */
};

/*
 * Starts a game of sc at turn 1 with the given seed.  Returns a new game
 * (free with game_free()); sc must outlive it.  Cannot fail.
 */
struct game *game_new(const struct scenario *sc, uint64_t seed);
void game_free(struct game *g);
/* A deep copy sharing the same scenario; free with game_free(). */
struct game *game_clone(const struct game *g);

/*
 * Applies one command.  Returns 0 when accepted, with what happened
 * appended to ev; -1 when refused, with the reason in why (a sentence a
 * player understands, no "error:" prefix) and the game unchanged, not a
 * die taken.  VERB_DUMP changes nothing and is always accepted;
 * VERB_ODDS changes nothing and is accepted when odds_compute() is.
 */
int game_apply(struct game *g, const struct command *c, struct events *ev,
	       char *why, size_t whylen);

/*
 * The refusals a command meets whatever its unit, target or hex: the game
 * over, a choice or decision pending, the verb's phase not this one (for
 * the verbs game_apply() handles after dump, dice and say).  0, or -1
 * with the reason in why, as game_apply() would give it.
 */
int game_verb_check(const struct game *g, enum verb v, char *why,
		    size_t whylen);

/* Writes the state dump of commands.md, every line ending in '\n'. */
void game_dump(const struct game *g, char *buf, size_t len);
/* Room for the whole dump of g, its final '\0' included. */
size_t game_dump_size(const struct game *g);
/* A 64-bit digest of the dumpable state and the dice position. */
uint64_t game_digest(const struct game *g);

/* --- Queries: what the rules allow now.  None of them changes g. --- */

/*
 * The side that must act now: the side choosing first or second after
 * seizing the initiative (R12), else the side of a unit with a pending
 * advance decision, else the phasing player.  -1 once the game is over.
 */
int game_side_to_act(const struct game *g);

/* The unit on a hex, or -1 (off-map hexes hold none). */
int game_unit_at(const struct game *g, struct hex h);
/* In contact with an enemy (R4.1). */
bool game_unit_engaged(const struct game *g, int u);
/* The type of a unit. */
const struct unit_type *game_unit_type(const struct game *g, int u);
/* Effective traits: the type's plus veteran, less missile if switched off. */
unsigned game_unit_traits(const struct game *g, int u);
/* May the unit make a movement action now (own movement phase, unused)? */
bool game_unit_can_act(const struct game *g, int u);

/* Hexes a `move` could end in now, with hexes moved; returns the count. */
struct move_option {
	struct hex hex;
	int cost; /* hexes moved by the shortest legal path */
};
int game_move_options(const struct game *g, int u, struct move_option *out,
		      int max);

/* Legal charges now: target, contact hex, facing at the end. */
struct charge_option {
	int target;
	struct hex hex;
	enum facing facing;
	int cost;  /* hexes moved, the target's hex not counted */
	int pivot; /* vertices of free pre-pivot: -1, 0 or 1 */
};
int game_charge_options(const struct game *g, int u, struct charge_option *out,
			int max);

/* Units u may shoot or attack now. */
int game_shoot_targets(const struct game *g, int u, int *out, int max);
/*
 * In the movement phase, the units u could shoot in this player-turn's
 * shooting phase if it made no movement action, as the field stands now
 * (R8.1: a move, pivot, charge or push costs it that shot); 0 in any
 * other phase.
 */
int game_shoot_targets_if_unmoved(const struct game *g, int u, int *out,
				  int max);
int game_attack_targets(const struct game *g, int u, int *out, int max);

/*
 * Why `end` would be refused now, in words; returns false (and leaves why
 * empty) when the phase may end.
 */
bool game_end_blocked(const struct game *g, char *why, size_t whylen);

/*
 * Every legal command now except dump and dice, for an AI, a random
 * player or a test.  Moves and charges list every destination.  Returns
 * the count (at most max).
 */
int game_legal_commands(const struct game *g, struct command *out, int max);

/*
 * The same list for a caller that asks again after every command (an AI
 * or a random player): a legal_cache remembers each unit's movement
 * actions and works out again only those of units near what changed, so
 * asking costs little more than the change.  It notices changes by
 * comparing the game with what it saw last, so it may follow any game,
 * or clones of one, with no word from the caller.
 *
 * legal_cache_count() returns the length of game_legal_commands(g)'s
 * list (no limit); legal_cache_nth() gives its i-th command as of that
 * call, 0 <= i < the count.  The cache is the caller's, one a thread.
 * A listed command has no dice and no text: legal_cache_nth() writes
 * its fields up to ndice (0) and an empty text, and leaves the bytes of
 * dice and text after those as they were in *out.
 */
struct legal_cache;
struct legal_cache *legal_cache_new(void);
void legal_cache_free(struct legal_cache *lc);
int legal_cache_count(struct legal_cache *lc, const struct game *g);
void legal_cache_nth(const struct legal_cache *lc, int i, struct command *out);
/*
 * game_legal_commands(g, out, max), byte for byte, through the cache: for
 * a caller that wants the whole list (an AI's candidates).  A random
 * player that wants one command asks legal_cache_count() and
 * legal_cache_nth() for the one drawn, and copies nothing else.
 */
int legal_cache_commands(struct legal_cache *lc, const struct game *g,
			 struct command *out, int max);
/*
 * game_apply(g, c, ev, why, whylen), to the letter, for a caller that
 * plays the commands the cache lists: a move, pivot, charge or push
 * that lc lists for g as it stands (g need not be the game last
 * counted) is carried out without being checked and searched again.
 * Any other command, or one not legal, goes to game_apply().
 */
int legal_cache_apply(struct legal_cache *lc, struct game *g,
		      const struct command *c, struct events *ev, char *why,
		      size_t whylen);

const char *phase_name(enum phase p);

#endif
