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

struct recap_item {
	char text[RECAP_TEXT_MAX]; /* one sentence, no newline */
	int units[RECAP_UNITS];	   /* units it is about, most important
				    * first */
	int nunits;
	struct hex hex; /* where to look (col 0: nowhere) */
	int side;	/* who acted: the recap's side, the other (its
			 * choice after the initiative), or -1 (a roll of
			 * both, a tally) */
};

struct recap {
	int side;  /* whose player-turn it was, or -1 */
	int lead;  /* items [0, lead) end the other side's player-turn */
	int n;	   /* items */
	int more;  /* items that did not fit */
	int sp[2]; /* SP each side lost (hits taken, to the rout) */
	struct recap_item item[RECAP_ITEMS_MAX];
};

/*
 * Builds the recap of ev[0..n), the events of side's player-turn (and of
 * what followed it up to the next player-turn: the initiative of a new
 * turn).  ev[0..lead) may end the other side's player-turn before it
 * (its morale and breakpoint phases): their items come first, out->lead
 * of them, of the other side's doing.  Items come in the order things
 * happened, each turn's moves first as one item, and the SP lost by each
 * side last.  hits0 (NULL: not known) is each unit's hits before ev[0],
 * so that the hits past a rout count only the SP the unit had left.
 * Cannot fail.
 */
void recap_build(const struct scenario *sc, int side, const struct event *ev,
		 int n, int lead, const int *hits0, struct recap *out);

#endif
