/*
 * Not a test: the smallest curses program that shows why a key of the
 * game costs a write() per changed screen line (docs/ssh-bytes.md).
 * It gives curses a fully buffered stdout, turns the typeahead look off,
 * then changes LINES lines of the screen and calls doupdate() once.
 * Run it in a terminal under strace:
 *
 *	strace -e trace=write bench/flushdemo [LINES]
 *
 * With ncurses 6.4 the update goes out in about one write() per changed
 * line, each ending in the cursor movement to the next: curses flushes
 * its own buffer after every cursor movement and writes to the
 * descriptor itself, so neither the stdio buffer nor typeahead(-1)
 * changes it.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static char outbuf[65536];

int
main(int argc, char **argv)
{
	SCREEN *s;
	int n = argc > 1 ? atoi(argv[1]) : 5, i;

	if (!isatty(STDOUT_FILENO)) {
		fprintf(stderr, "flushdemo: run it in a terminal\n");
		return 1;
	}
	setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
	if ((s = newterm(NULL, stdout, stdin)) == NULL)
		return 1;
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
