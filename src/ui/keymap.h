/*
 * Keys of the map view and what they do, as one table that both the
 * input code and the help screen read.  Special keys have codes of their
 * own (KEYM_*) so that this file needs no curses; input.c translates.
 */
#ifndef ANCIENTS_UI_KEYMAP_H
#define ANCIENTS_UI_KEYMAP_H

#include <stdbool.h>

#include "core/hex.h"

/* Codes for keys that are not characters (above any Unicode value). */
enum keym_special {
	KEYM_UP = 0x110000,
	KEYM_DOWN,
	KEYM_LEFT,
	KEYM_RIGHT,
	KEYM_HOME,
	KEYM_END,
	KEYM_PPAGE,
	KEYM_NPAGE,
	KEYM_BACKSPACE,
	KEYM_DELETE,
	KEYM_ENTER,
	KEYM_ESC,
	KEYM_TAB,
	KEYM_BTAB,
	KEYM_F1,
	KEYM_RESIZE,
	KEYM_MOUSE,
	KEYM_META_B, /* Esc b / M-b */
	KEYM_META_F, /* Esc f / M-f */
};
#define KEYM_CTRL(c) ((c)&0x1f)

enum action {
	ACT_NONE,
	ACT_CURSOR,	 /* arg: enum dir */
	ACT_CURSOR_UP,	 /* same column, row above */
	ACT_CURSOR_DOWN, /* same column, row below */
	ACT_SELECT,	 /* select, or do the highlighted action */
	ACT_CANCEL,	 /* drop the selection or a half-made push */
	ACT_NEXT_UNIT,
	ACT_PREV_UNIT,
	ACT_NEXT_TARGET, /* cursor to the next enemy the selection may
			  * charge, shoot or attack */
	ACT_MOVE,	 /* move the selected unit to the cursor */
	ACT_MOVE_FACING, /* the same, then ask a facing (nimble) */
	ACT_CHARGE,	 /* charge the enemy under the cursor */
	ACT_PIVOT,	 /* ask a facing, pivot to it */
	ACT_PUSH,	 /* make the next move, charge or pivot a push */
	ACT_SHOOT,
	ACT_ATTACK,
	ACT_ADVANCE,
	ACT_HOLD,
	ACT_GENERAL, /* the selected unit's general joins the unit
		      * under the cursor */
	ACT_FIRST,
	ACT_SECOND,
	ACT_END,
	ACT_UNDO, /* take back the last move or pivot */
	ACT_PROMPT,
	ACT_HELP,
	ACT_RULES,
	ACT_BRIEFING,
	ACT_LOG_OLDER,
	ACT_LOG_NEWER,
	ACT_LOG_ALL,
	ACT_REDRAW,
	ACT_QUIT,
	ACT_ZOOM, /* the compact map, or the detailed one */
	ACT_CARD, /* select the unit under the cursor, never act: its
		   * card shows in the panel */
};

struct key_binding {
	int key; /* character or KEYM_* */
	enum action action;
	int arg;	  /* ACT_CURSOR: the direction */
	const char *name; /* for the help screen; NULL: not listed */
	const char *help; /* what it does; NULL for an alias */
};

/* The binding of a key in the map view, or NULL. */
const struct key_binding *keymap_lookup(int key);
/* The whole table, for the help screen; *n gets the count. */
const struct key_binding *keymap_table(int *n);

/*
 * The facing a key names when a facing is asked for: y k u / b j n point
 * at NW N NE / SW S SE as the keys lie on the keyboard, the arrows up and
 * down are N and S, and the digits 1-6 are N NE SE S SW NW in clock
 * order.  Returns false for any other key.
 */
bool keymap_facing(int key, enum facing *out);

#endif
