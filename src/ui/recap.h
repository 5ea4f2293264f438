/*
 * What a player-turn did, in a few lines, for the player who was not
 * looking: moves and charges, each shot and attack with its hits, failed
 * morale and retreats, routs and removals, generals lost, SP and the
 * breakpoints.  Built from the engine's events (core/event.h), never from
 * their text, so the hot-seat handoff, a solo game and a shared game can
 * all show it.  Pure: no curses, no game state beyond the scenario.
 *
 * Each item names the units it is about, so a viewer can highlight them
 * on the map and step from item to item.
 */
#ifndef ANCIENTS_UI_RECAP_H
#define ANCIENTS_UI_RECAP_H

#include <stdbool.h>

#include "core/event.h"
#include "core/hex.h"

struct scenario;

#define RECAP_TEXT_MAX 480 /* bytes of an item's text, NUL included */
#define RECAP_UNITS 8	   /* units an item highlights */
#define RECAP_ITEMS_MAX 48 /* items kept; more are counted in more */
#define RECAP_PARTS 8	   /* player-turns told apart */

struct recap_item {
	char text[RECAP_TEXT_MAX]; /* one sentence, no newline */
	int units[RECAP_UNITS];	   /* units it is about, most important
				    * first */
	int nunits;
	struct hex hex; /* where to look (col 0: nowhere) */
	int side;	/* who acted: the recap's side, the other (its
			 * choice after the initiative), or -1 (a roll of
			 * both, a tally) */
	bool turn_start; /* a new turn's initiative roll or choice */
};

/*
 * A player-turn of the recap: its items run from first to the next
 * part's first (the last part's to the tally, or to n).  The rolls of a
 * new turn's initiative belong to the player-turn they decide.
 */
struct recap_part {
	int first; /* its first item */
	int turn;  /* game turn, 0 if the events do not tell */
	int side;  /* whose player-turn, -1 if not known */
	int order; /* 1 first of its turn, 2 second, 0 not known */
};

struct recap {
	int side;  /* whose player-turn it was, or -1 */
	int lead;  /* items [0, lead) end the other side's player-turn */
	int n;	   /* items */
	int more;  /* items that did not fit */
	int sp[2]; /* SP each side lost (hits taken, to the rout) */
	bool tally; /* the last item is the SP lost, of every part */
	int nparts; /* player-turns from item lead on, at least 1 */
	struct recap_part part[RECAP_PARTS];
	struct recap_item item[RECAP_ITEMS_MAX];
};

/*
 * Builds the recap of ev[0..n), the events of side's player-turn (and of
 * what followed it up to the next player-turn: the initiative of a new
 * turn).  ev[0..lead) may end the other side's player-turn before it
 * (its morale and breakpoint phases): their items come first, out->lead
 * of them, of the other side's doing.  Items come in the order things
 * happened, each turn's moves first as one item (a unit that moved and
 * then charged is told in its charge's item instead), and the SP lost by
 * each side last.  out->part tells the player-turns apart, so that a side
 * that played two in a row (R12.2) is seen to.  hits0 (NULL: not known) is each unit's hits before ev[0],
 * so that the hits past a rout count only the SP the unit had left.
 * Cannot fail.
 */
void recap_build(const struct scenario *sc, int side, const struct event *ev,
		 int n, int lead, const int *hits0, struct recap *out);

#endif
