/*
 * The start menu's model: a tree of entries, the screen on show and what
 * the keys do to it.  A leaf stands for command-line options (the menu
 * only builds them: main.c runs them as if they had been typed); an
 * inner entry opens a screen of its children.  Nothing here calls curses
 * (tui.c draws it), so tests drive it key by key.
 */
#ifndef ANCIENTS_UI_MENU_H
#define ANCIENTS_UI_MENU_H

#include <stdbool.h>
#include <stddef.h>

#define MENU_ARGS_MAX 8
#define MENU_DEPTH_MAX 8

struct menu_entry {
	char *label;		 /* one line; owned */
	char *detail;		 /* shown beside the list (a briefing), or NULL;
				  * owned */
	struct menu_entry *kids; /* its screen's entries; owned */
	int nkids;
	char *args[MENU_ARGS_MAX]; /* a leaf's options, NULL-ended; owned */
	bool quit;		   /* the entry that leaves the menu */
	bool no_command; /* its options are the front's, not a command
			  * line to show */
	int start;		   /* the child its screen opens on (the
				    * default choice), 0 unless set */
};

/* Where the player is: the screens opened, and in each the entry chosen. */
struct menu {
	const struct menu_entry *root; /* borrowed */
	const struct menu_entry *stack[MENU_DEPTH_MAX];
	int at[MENU_DEPTH_MAX];
	int depth;	/* stack[depth] is the screen on show */
	int top;	/* first entry shown */
	int detail_top; /* first detail line shown */
	const struct menu_entry *picked; /* a leaf chosen, or NULL */
	bool done;			 /* picked, or the player left */
};

/* Adds a child to e and returns it (label copied; the rest empty). */
struct menu_entry *menu_add(struct menu_entry *e, const char *label);
/* Sets a leaf's options, copied (at most MENU_ARGS_MAX - 1). */
void menu_set_args(struct menu_entry *e, const char *const *args, int n);
/* Sets the detail text, copied. */
void menu_set_detail(struct menu_entry *e, const char *text);
/*
 * The command line a leaf stands for, "ancients ARGS..." (an argument
 * holding a blank, a quote or a shell character in single quotes), into
 * buf; "" for an entry with no options.
 */
void menu_command_line(const struct menu_entry *e, char *buf, size_t len);
/*
 * What the detail pane shows for e: its detail, then for a leaf a blank
 * line and its command line (unless no_command); NULL when it has neither.  A new string
 * (free()).
 */
char *menu_detail_text(const struct menu_entry *e);
/*
 * label as it fits in width columns (a column a character, UTF-8 counted
 * by characters), into buf: whole when it fits, else cut and ended with
 * an ellipsis ("\xe2\x80\xa6" when unicode, "..." else), so that a cut
 * label never reads as a whole one.
 */
void menu_label_fit(const char *label, int width, bool unicode, char *buf,
		    size_t len);
/* Frees e's contents (not e itself). */
void menu_entry_done(struct menu_entry *e);

void menu_init(struct menu *m, const struct menu_entry *root);
/* The screen on show and its chosen entry. */
const struct menu_entry *menu_screen(const struct menu *m);
int menu_current(const struct menu *m);
/*
 * One key (a character or KEYM_*): Up/Down, k/j, Home/End move; Enter,
 * Right, l open or pick; Esc, q, Left, h go back (from the first screen:
 * leave); PgUp/PgDn, space, b scroll the detail.  rows is how many
 * entries the list shows.  Returns false when the key did nothing.
 */
bool menu_key(struct menu *m, int key, int rows);

#endif
