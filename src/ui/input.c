/*
 * curses keys -> keymap codes (see input.h).
 */
#include "config.h"

#include "ui/input.h"

#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include "ui/keymap.h"

static int
translate(int ch)
{
	switch (ch) {
	case KEY_UP:
		return KEYM_UP;
	case KEY_DOWN:
		return KEYM_DOWN;
	case KEY_LEFT:
		return KEYM_LEFT;
	case KEY_RIGHT:
		return KEYM_RIGHT;
	case KEY_HOME:
		return KEYM_HOME;
	case KEY_END:
		return KEYM_END;
	case KEY_PPAGE:
		return KEYM_PPAGE;
	case KEY_NPAGE:
		return KEYM_NPAGE;
	case KEY_BACKSPACE:
	case 127:
	case 8:
		return KEYM_BACKSPACE;
	case KEY_DC:
		return KEYM_DELETE;
	case KEY_ENTER:
	case '\n':
	case '\r':
		return KEYM_ENTER;
	case '\t':
		return KEYM_TAB;
	case KEY_BTAB:
		return KEYM_BTAB;
	case KEY_F(1):
		return KEYM_F1;
	case KEY_RESIZE:
		return KEYM_RESIZE;
	case KEY_MOUSE:
		return KEYM_MOUSE;
	default:
		return ch;
	}
}

void
input_init(void)
{
	/* What terminals and tmux send for these keys, whatever TERM says:
	 * xterm's terminfo has Home as \EOH, tmux and screen send \E[1~. */
	static const struct {
		const char *seq;
		int code;
	} alias[] = {
		{ "\033[1~", KEY_HOME },  { "\033[7~", KEY_HOME },
		{ "\033[H", KEY_HOME },	  { "\033OH", KEY_HOME },
		{ "\033[4~", KEY_END },	  { "\033[8~", KEY_END },
		{ "\033[F", KEY_END },	  { "\033OF", KEY_END },
		{ "\033[A", KEY_UP },	  { "\033OA", KEY_UP },
		{ "\033[B", KEY_DOWN },	  { "\033OB", KEY_DOWN },
		{ "\033[C", KEY_RIGHT },  { "\033OC", KEY_RIGHT },
		{ "\033[D", KEY_LEFT },	  { "\033OD", KEY_LEFT },
		{ "\033[3~", KEY_DC },	  { "\033[5~", KEY_PPAGE },
		{ "\033[6~", KEY_NPAGE }, { "\033[Z", KEY_BTAB },
	};
	size_t i;

	for (i = 0; i < sizeof alias / sizeof alias[0]; i++)
		if (key_defined(alias[i].seq) == 0)
			define_key(alias[i].seq, alias[i].code);
}

bool
input_mouse_wanted(void)
{
	const char *sty = getenv("STY"), *term = getenv("TERM"),
		   *tmux = getenv("TMUX");

	if (sty != NULL && sty[0] != '\0')
		return false;
	/* tmux, which passes Esc on, says so in $TMUX whatever TERM is. */
	return term == NULL || strncmp(term, "screen", 6) != 0 ||
	       (tmux != NULL && tmux[0] != '\0');
}

/*
 * After Esc: the rest of an escape sequence curses did not know (a key
 * this terminal's description leaves out), read to its final byte and
 * dropped, so that its characters do not act as keys one by one.
 * Control sequences end in a byte from @ to ~; Esc O takes one more.
 */
static void
drop_sequence(WINDOW *w, int intro)
{
	int ch;

	if (intro == 'O') {
		(void)wgetch(w);
		return;
	}
	while ((ch = wgetch(w)) != ERR)
		if (ch >= 0x40 && ch <= 0x7e)
			break;
}

bool
input_read(WINDOW *w, int *key, int *my, int *mx)
{
	MEVENT ev;
	int ch = wgetch(w), next;

	if (ch == ERR)
		return false;
	if (ch == 27) {
		/* Esc alone, Alt sent as Esc and a key, or a sequence curses
		 * did not know. */
		wtimeout(w, 0);
		next = wgetch(w);
		if (next == '[' || next == 'O')
			drop_sequence(w, next);
		wtimeout(w, INPUT_TICK_MS);
		if (next == '[' || next == 'O')
			return false;
		if (next == 'b')
			ch = KEYM_META_B;
		else if (next == 'f')
			ch = KEYM_META_F;
		else {
			if (next != ERR)
				ungetch(next);
			ch = KEYM_ESC;
		}
		*key = ch;
		return true;
	}
	*key = translate(ch);
	if (*key == KEYM_MOUSE) {
		if (getmouse(&ev) != OK ||
		    !(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
			return false;
		*my = ev.y;
		*mx = ev.x;
	}
	return true;
}

bool
input_gone(int fd, int *strikes)
{
	struct pollfd pfd;

	pfd.fd = fd;
	pfd.events = POLLIN;
	pfd.revents = 0;
	if (poll(&pfd, 1, 0) < 0)
		return errno != EINTR && errno != EAGAIN;
	/* A hung-up terminal and a pty whose other end closed say POLLHUP;
	 * a closed or bad descriptor POLLNVAL. */
	if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL))
		return true;
	/* Ready, yet curses read nothing: end of file, unless a key came
	 * just now; only a few times in a row count. */
	if (pfd.revents & POLLIN)
		return ++*strikes >= INPUT_GONE_STRIKES;
	*strikes = 0;
	return false;
}
