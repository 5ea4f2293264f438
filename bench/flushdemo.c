/*
 * Not a test: the smallest curses program that shows when ncurses 6.4
 * sends an update in one write() and when in one per changed line
 * (docs/ssh-bytes.md).  It gives curses a fully buffered stdout, turns
 * the typeahead look off, then changes LINES lines of the screen and
 * calls doupdate() once.  Run it in a terminal under strace:
 *
 *	strace -e trace=write bench/flushdemo [-r] [LINES]
 *
 * Without -r the update goes out in one write() per changed line, each
 * ending in the cursor movement to the next: until its screen has been
 * suspended and resumed once, ncurses takes itself to be driven by a
 * low-level terminfo program and flushes after every cursor movement,
 * writing to the descriptor itself, so neither the stdio buffer nor
 * typeahead(-1) changes it.  With -r the program first calls endwin()
 * and doupdate(), as the game does at start: the update is one write().
 */
#include "config.h"

#include <curses.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char outbuf[65536];

int
main(int argc, char **argv)
{
	SCREEN *s;
	bool resumed = argc > 1 && strcmp(argv[1], "-r") == 0;
	int n = argc > 1 + resumed ? atoi(argv[1 + resumed]) : 5, i;

	if (!isatty(STDOUT_FILENO)) {
		fprintf(stderr, "flushdemo: run it in a terminal\n");
		return 1;
	}
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	if ((s = newterm(NULL, stdout, stdin)) == NULL)
		return 1;
	if (resumed) {
		endwin();
		doupdate();
	}
	typeahead(-1);
	/* The first update clears the screen: out of the way first. */
	wnoutrefresh(stdscr);
	doupdate();
	if (n > LINES - 1)
		n = LINES - 1;
	for (i = 0; i < n; i++)
		mvwprintw(stdscr, i * 1, 10, "line %d", i);
	wnoutrefresh(stdscr);
	/* A mark between the two updates in strace's log. */
	if (write(STDERR_FILENO, "", 0) != 0)
		return 1;
	doupdate(); /* one update: n changed lines */
	endwin();
	delscreen(s);
	return 0;
}
