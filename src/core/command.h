/*
 * The command language of commands.md: one parser for the prompt, batch
 * mode and saved journals, and a printer that writes a command back in
 * canonical form (journals store what the printer writes).
 */
#ifndef ANCIENTS_CORE_COMMAND_H
#define ANCIENTS_CORE_COMMAND_H

#include <stdbool.h>
#include <stddef.h>

#include "core/hex.h"

struct scenario;

enum verb {
	VERB_MOVE,
	VERB_PIVOT,
	VERB_CHARGE,
	VERB_PUSH,
	VERB_GENERAL,
	VERB_SHOOT,
	VERB_ATTACK,
	VERB_ADVANCE,
	VERB_HOLD,
	VERB_FIRST,
	VERB_SECOND,
	VERB_END,
	VERB_DUMP,
	VERB_DICE,
	VERB_ODDS, /* odds UNIT TARGET: prints, changes nothing */
	VERB_AI,   /* the computer plays the side to act */
	VERB_SAY,  /* say TEXT: journaled, changes nothing */
	VERB_COUNT
};

/*
 * What a verb is to the game, the one classification every layer asks
 * instead of naming verbs: whether a command changes the game, is kept in
 * the journal, or only asks.
 */
enum verb_kind {
	VERB_KIND_ACTION,    /* move .. end: a rule decides it; journaled */
	VERB_KIND_QUERY,     /* dump, odds: prints, changes nothing, not kept */
	VERB_KIND_NOTE,	     /* say: journaled, changes nothing */
	VERB_KIND_DICE,	     /* dice: forces the next rolls; journaled */
	VERB_KIND_DIRECTIVE, /* ai: played by the program around the game */
};

enum verb_kind verb_kind(enum verb v);

/* Whether the verb is a game action (move .. end). */
bool verb_is_action(enum verb v);

/* Whether the verb only asks (dump, odds): never journaled, never refused
 * for being the other side's turn. */
bool verb_is_query(enum verb v);

/* Whether the verb is a note (say): journaled, but undo and the counts of
 * commands step over it. */
bool verb_is_note(enum verb v);

/* Whether only the side to act may give it: everything but queries and
 * notes. */
bool verb_needs_turn(enum verb v);

#define COMMAND_DICE_MAX 128 /* values one `dice` command may carry */
#define COMMAND_GROUP_MAX 12 /* units one `odds U1,U2,... T` may list */
#define COMMAND_SAY_MAX 200  /* bytes of a `say` line's text */

struct command {
	enum verb verb;
	enum verb action; /* push only: VERB_MOVE, VERB_PIVOT or VERB_CHARGE */
	int unit;	  /* acting unit, index into the scenario's units */
	int target;	  /* charged, shot or attacked unit */
	int general;	  /* VERB_GENERAL: index of the general */
	struct hex hex;	  /* destination or contact hex */
	bool has_hex;
	enum facing facing;
	bool has_facing;
	/*
	 * VERB_ODDS: `odds U1,U2,... TARGET` lists ngroup units (group[0]
	 * is also unit); `odds TARGET` alone is ngroup -1 and unit -1
	 * (every unit that could act on it); `odds UNIT TARGET` is 0.
	 */
	int ngroup;
	int group[COMMAND_GROUP_MAX];
	int ndice;			      /* VERB_DICE */
	unsigned char dice[COMMAND_DICE_MAX]; /* 1-6 each */
	char text[COMMAND_SAY_MAX + 1]; /* VERB_SAY: safe text, one line */
};

/*
 * Parses one line.  Returns 1 with *out filled, 0 for a blank or
 * comment-only line, -1 with a player-readable reason in err (no
 * "error:" prefix).  Only words are checked here (known IDs, hex and
 * facing syntax, word counts); whether the command is legal now is the
 * game's question.
 */
int command_parse(const struct scenario *sc, const char *line,
		  struct command *out, char *err, size_t errlen);

/* Writes the command in canonical form, without a newline. */
void command_format(const struct scenario *sc, const struct command *c,
		    char *buf, size_t len);

/* The verb's word ("move"), for help and completion. */
const char *verb_name(enum verb v);

#endif
