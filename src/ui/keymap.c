/*
 * The key table (see keymap.h).  Cursor keys follow vi and the six hex
 * directions sit on y u / h l / b n, the diagonals of the same keyboard
 * square:
 *
 *	 y(11)  k   u(1)
 *	h(9)           l(3)
 *	 b(7)   j   n(5)
 */
#include "config.h"

#include "ui/keymap.h"

#include <stddef.h>

static const struct key_binding bindings[] = {
	{ KEYM_LEFT, ACT_CURSOR, DIR_9, "left h", "cursor left (9 o'clock)" },
	{ 'h', ACT_CURSOR, DIR_9, NULL, NULL },
	{ KEYM_RIGHT, ACT_CURSOR, DIR_3, "right l",
	  "cursor right (3 o'clock)" },
	{ 'l', ACT_CURSOR, DIR_3, NULL, NULL },
	{ 'y', ACT_CURSOR, DIR_11, "y u", "cursor up-left, up-right" },
	{ 'u', ACT_CURSOR, DIR_1, NULL, NULL },
	{ 'b', ACT_CURSOR, DIR_7, "b n", "cursor down-left, down-right" },
	{ 'n', ACT_CURSOR, DIR_5, NULL, NULL },
	{ KEYM_UP, ACT_CURSOR_UP, 0, "up k", "cursor up the column" },
	{ 'k', ACT_CURSOR_UP, 0, NULL, NULL },
	{ KEYM_DOWN, ACT_CURSOR_DOWN, 0, "down j", "cursor down the column" },
	{ 'j', ACT_CURSOR_DOWN, 0, NULL, NULL },
	{ KEYM_TAB, ACT_NEXT_UNIT, 0, "Tab S-Tab",
	  "next, previous unit with something to do" },
	{ KEYM_BTAB, ACT_PREV_UNIT, 0, NULL, NULL },
	{ 't', ACT_NEXT_TARGET, 0, "t",
	  "cursor to the next enemy the selected unit may act on" },
	{ KEYM_ENTER, ACT_SELECT, 0, "Enter Space",
	  "select the unit; on a marked hex, act there" },
	{ ' ', ACT_SELECT, 0, NULL, NULL },
	{ 'i', ACT_CARD, 0, "i",
	  "the card of the unit under the cursor: select it, never act" },
	{ KEYM_ESC, ACT_CANCEL, 0, "Esc", "drop the selection or the push" },
	{ 'm', ACT_MOVE, 0, "m", "move the selected unit to the cursor" },
	{ 'M', ACT_MOVE_FACING, 0, "M",
	  "move there and choose the facing (nimble units)" },
	{ 'c', ACT_CHARGE, 0, "c", "charge the enemy under the cursor" },
	{ 'p', ACT_PIVOT, 0, "p", "pivot: then a facing key" },
	{ 'P', ACT_PUSH, 0, "P", "push: the next m, M, c or p is a push" },
	{ 's', ACT_SHOOT, 0, "s", "shoot at the enemy under the cursor" },
	{ 'a', ACT_ATTACK, 0, "a", "attack the enemy under the cursor" },
	{ 'A', ACT_ADVANCE, 0, "A", "advance the unit (after a retreat)" },
	{ 'H', ACT_HOLD, 0, "H", "hold the unit (after a retreat)" },
	{ 'g', ACT_GENERAL, 0, "g",
	  "general of the selected unit joins the unit under the cursor" },
	{ '1', ACT_FIRST, 0, "1 2",
	  "after seizing the initiative: move first, second" },
	{ '2', ACT_SECOND, 0, NULL, NULL },
	{ 'E', ACT_END, 0, "E",
	  "end the phase: says what it ends; E again or Enter plays it" },
	{ 'U', ACT_UNDO, 0, "U",
	  "undo the last command, if it rolled no dice" },
	{ ':', ACT_PROMPT, 0, ":", "type a command at the prompt" },
	{ '?', ACT_HELP, 0, "?", "this help" },
	{ KEYM_F1, ACT_HELP, 0, NULL, NULL },
	{ 'r', ACT_RULES, 0, "r", "rules: unit types and modifiers" },
	{ 'B', ACT_BRIEFING, 0, "B", "the scenario's briefing" },
	{ KEYM_PPAGE, ACT_LOG_OLDER, 0, "PgUp PgDn", "scroll the log" },
	{ KEYM_NPAGE, ACT_LOG_NEWER, 0, NULL, NULL },
	{ 'L', ACT_LOG_ALL, 0, "L",
	  "the whole log over the map, at its newest lines" },
	{ KEYM_CTRL('l'), ACT_REDRAW, 0, "^L", "redraw the screen" },
	{ 'q', ACT_QUIT, 0, "q", "quit (asks; the game is saved either way)" },
	{ 'z', ACT_ZOOM, 0, "z",
	  "the whole battlefield (compact map) or the detailed map" },
};

const struct key_binding *
keymap_lookup(int key)
{
	size_t i;

	for (i = 0; i < sizeof bindings / sizeof bindings[0]; i++)
		if (bindings[i].key == key)
			return &bindings[i];
	return NULL;
}

const struct key_binding *
keymap_table(int *n)
{
	*n = (int)(sizeof bindings / sizeof bindings[0]);
	return bindings;
}

bool
keymap_facing(int key, enum facing *out)
{
	switch (key) {
	case 'k':
	case KEYM_UP:
	case '1':
		*out = FACING_N;
		return true;
	case 'u':
	case '2':
		*out = FACING_NE;
		return true;
	case 'n':
	case '3':
		*out = FACING_SE;
		return true;
	case 'j':
	case KEYM_DOWN:
	case '4':
		*out = FACING_S;
		return true;
	case 'b':
	case '5':
		*out = FACING_SW;
		return true;
	case 'y':
	case '6':
		*out = FACING_NW;
		return true;
	default:
		return false;
	}
}
