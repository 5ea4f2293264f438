/*
 * The prompt's line editor: one line of printable ASCII (the command
 * language has nothing else), a cursor, emacs-style editing keys and a
 * history browsed with up and down.  No curses: the prompt feeds it
 * operations and draws what lineedit_view() says.
 *
 * Browsing the history keeps the line being typed: going past the newest
 * entry brings it back.  Editing a recalled entry edits a copy.
 */
#ifndef ANCIENTS_UI_LINEEDIT_H
#define ANCIENTS_UI_LINEEDIT_H

#include <stdbool.h>
#include <stddef.h>

#define LINEEDIT_MAX 256    /* bytes of a line, terminator included:
			     * room for `say` and its 200 bytes */
#define LINEEDIT_HISTORY 64 /* lines remembered */

enum lineedit_op {
	LE_LEFT,
	LE_RIGHT,
	LE_HOME,
	LE_END,
	LE_BACKSPACE,
	LE_DELETE,
	LE_KILL_END,   /* ^K */
	LE_KILL_LINE,  /* ^U */
	LE_KILL_WORD,  /* ^W: the word before the cursor */
	LE_WORD_LEFT,  /* M-b */
	LE_WORD_RIGHT, /* M-f */
	LE_HIST_PREV,  /* up */
	LE_HIST_NEXT,  /* down */
};

struct lineedit {
	char buf[LINEEDIT_MAX]; /* the line, NUL-terminated */
	size_t len;		/* bytes in buf */
	size_t cur;		/* cursor, 0..len */
	char hist[LINEEDIT_HISTORY][LINEEDIT_MAX]; /* oldest first */
	int nhist;				   /* entries in hist */
	int hpos;		  /* entry shown, nhist for the new line */
	char saved[LINEEDIT_MAX]; /* the new line while browsing */
};

/* Empties the line and the history; cannot fail. */
void lineedit_init(struct lineedit *le);

/* Inserts one printable ASCII character; false (no change) otherwise or
 * when the line is full. */
bool lineedit_insert(struct lineedit *le, int ch);
/* Inserts a string at the cursor, as far as it fits. */
void lineedit_insert_str(struct lineedit *le, const char *s);
/* Deletes n bytes before the cursor (clamped). */
void lineedit_delete_back(struct lineedit *le, size_t n);
/* Applies an editing operation; false when it changed nothing. */
bool lineedit_op(struct lineedit *le, enum lineedit_op op);

const char *lineedit_text(const struct lineedit *le);
/* Replaces the line (cut to fit), cursor at the end. */
void lineedit_set(struct lineedit *le, const char *text);
/* Empties the line and leaves the history position at the new line. */
void lineedit_clear(struct lineedit *le);
/*
 * Adds a line to the history, unless it is blank or repeats the newest
 * entry; the oldest entry goes when the history is full.
 */
void lineedit_history_add(struct lineedit *le, const char *line);

/*
 * The first byte to show so that the cursor fits in a field of width
 * columns (the cursor may sit one past the last character).
 */
size_t lineedit_view(const struct lineedit *le, int width);

#endif
