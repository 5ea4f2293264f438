/*
 * The curses game: the only module that calls initscr() (through
 * newterm()).  It owns the terminal from start to end, restores it on
 * every way out (normal exit, error, SIGINT, SIGTERM, SIGHUP), and leaves
 * the game itself to play.c and the drawing to mapview.c and panel.c.
 */
#ifndef ANCIENTS_UI_TUI_H
#define ANCIENTS_UI_TUI_H

#include <stdbool.h>
#include <stdint.h>

struct game;
struct scenario;

/*
 * Called once when SIGHUP (a dropped SSH connection), SIGINT or SIGTERM
 * ends the game, before the terminal is restored: the place for an
 * emergency save.  The game is whole (signals are acted on between
 * commands, never inside one).  Runs in normal context, not in the
 * signal handler.
 */
typedef void (*tui_signal_hook)(const struct game *g, int sig, void *arg);

struct tui_options {
	bool ascii;    /* --ascii: no Unicode line or arrow glyphs */
	uint64_t seed; /* the game's seed */
	tui_signal_hook on_signal; /* NULL: nothing to do on a signal */
	void *hook_arg;		   /* passed to on_signal */
};

/*
 * Plays sc until the players quit; returns the exit status: 0 when they
 * quit, 1 when the terminal cannot be used, 128 + the signal's number
 * when a signal ended the game.
 */
int tui_run(const struct scenario *sc, const struct tui_options *opt);

#endif
