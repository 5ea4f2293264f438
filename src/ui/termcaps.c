/*
 * The terminal's capabilities (see termcaps.h).  Refusals name the way
 * out: most players who meet them have TERM wrong (a service that sets
 * it to dumb, a terminal type the host lacks), and --batch needs none.
 */
#include "config.h"

#include "ui/termcaps.h"

#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <term.h>
#include <unistd.h>

/* What to try, after every refusal. */
#define TERMCAPS_HINT                                                     \
	"try TERM=xterm-256color (or the type of the terminal in use), or " \
	"play without a terminal with --batch"

/* A terminfo string capability that is present. */
static bool
has_string(const char *cap)
{
	const char *s = tigetstr(cap);

	return s != NULL && s != (const char *)-1;
}

/*
 * Whether TERM names a terminal curses can draw the game on: described
 * in terminfo, able to put the cursor anywhere (a dumb terminal or a
 * printer cannot: everything would run on one line).  0, or -1 after
 * saying why.  Looks only; the description is freed again.
 */
static int
check_term(void)
{
	const char *term = getenv("TERM");
	TERMINAL *saved = cur_term, *probe;
	int err = 0, ok;

	if (term == NULL || term[0] == '\0') {
		fprintf(stderr, "ancients: TERM is not set, so the game "
				"cannot tell how to draw on this terminal: "
				"%s\n",
			TERMCAPS_HINT);
		return -1;
	}
	if (setupterm(NULL, STDOUT_FILENO, &err) != OK) {
		set_curterm(saved);
		fprintf(stderr,
			"ancients: cannot drive this terminal (TERM=%s%s): "
			"%s\n",
			term,
			err == 0 ? " is not in the terminal database" : "",
			TERMCAPS_HINT);
		return -1;
	}
	probe = cur_term;
	ok = has_string("cup") && tigetflag("hc") <= 0;
	set_curterm(saved);
	del_curterm(probe);
	if (!ok) {
		fprintf(stderr,
			"ancients: TERM=%s cannot move the cursor, which "
			"the map needs: %s\n",
			term, TERMCAPS_HINT);
		return -1;
	}
	return 0;
}

SCREEN *
termcaps_open(void)
{
	SCREEN *screen;

	if (check_term() != 0)
		return NULL;
	if ((screen = newterm(NULL, stdout, stdin)) == NULL)
		fprintf(stderr,
			"ancients: cannot drive this terminal (TERM=%s): %s\n",
			getenv("TERM"), TERMCAPS_HINT);
	return screen;
}

/*
 * Whether the terminal's description is of one that shows UTF-8, for a
 * UTF-8 locale: ncurses' U8 flag, 8 or more colours, or xterm's XT
 * extensions.  A vt100, a vt220 or a dumb terminal has none of them, and
 * gets ASCII whatever the locale (issue 12).
 */
static bool
shows_utf8(void)
{
	return tigetnum("U8") > 0 || tigetnum("colors") >= 8 ||
	       tigetflag("XT") > 0;
}

/* The Linux console: its fonts (512 glyphs at most) lack the map's
 * clubs, hills, flag, general's star and most facing arrows. */
static bool
is_linux_console(void)
{
	const char *term = getenv("TERM");

	return term != NULL && strncmp(term, "linux", 5) == 0;
}

bool
termcaps_unicode(bool ascii)
{
	return !ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0 &&
	       shows_utf8() && !is_linux_console();
}

void
termcaps_colours(struct theme *t)
{
	const char *nc = getenv("NO_COLOR");

	t->colour = THEME_MONO;
	if (!has_colors() || (nc != NULL && nc[0] != '\0'))
		return;
	start_color();
	if (COLORS >= 256 && COLOR_PAIRS >= 64)
		t->colour = THEME_COLOUR256;
	else if (theme_background_guess(getenv("TERM"),
					getenv("COLORFGBG")) == THEME_BG_DARK)
		t->colour = THEME_COLOUR8_DARK;
	else
		t->colour = THEME_COLOUR8;
}
