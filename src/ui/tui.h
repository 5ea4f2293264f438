/*
 * The curses game: the only module that calls initscr() (through
 * newterm()).  It owns the terminal from start to end, restores it on
 * every way out (normal exit, error, SIGINT, SIGTERM) but a hangup
 * (SIGHUP: the terminal is gone), and leaves the game itself to play.c,
 * the replay viewer to playview.c and the drawing to mapview.c and
 * panel.c.
 */
#ifndef ANCIENTS_UI_TUI_H
#define ANCIENTS_UI_TUI_H

#include <stdbool.h>

struct menu_entry;
struct replay;
struct session;
struct shared;

struct tui_options {
	bool ascii;	       /* --ascii: no Unicode line or arrow glyphs */
	int ai_delay;	       /* --ai-delay: ms between the computer's commands
				* (who plays the computer is the session's) */
	struct shared *shared; /* a seat in a shared game, or NULL */
};

/* The computer's pause between two of its commands, by default. */
#define TUI_AI_DELAY_DEFAULT 300

/*
 * Whether the game can have a terminal: returns 0 when standard input
 * and output are one, else -1 after saying so on standard error.
 */
int tui_check(void);

/*
 * Plays the session s until the players quit.  Every command goes
 * through the session, so it is on disk (if s has a file) before the
 * screen shows it; a signal therefore loses nothing.  Returns the exit
 * status: 0 when they quit, 1 when the terminal cannot be used, 128 + the
 * signal's number when SIGINT, SIGTERM or SIGHUP ended the game.  After
 * SIGHUP nothing has been written to the terminal, nor may be: the
 * caller says nothing either.
 */
int tui_run_session(struct session *s, const struct tui_options *opt);

/*
 * The replay viewer: shows r's states, command by command, until the
 * player quits.  Returns the exit status as tui_run_session() does.
 */
int tui_replay(struct replay *r, const struct tui_options *opt);

/*
 * The start menu (menu.h) on the terminal until the player picks a leaf
 * (*picked: its options) or leaves (*picked NULL).  Returns the exit
 * status as tui_run_session() does; the terminal is restored on return.
 */
int tui_menu(const struct menu_entry *root, const struct tui_options *opt,
	     const struct menu_entry **picked);

#endif
