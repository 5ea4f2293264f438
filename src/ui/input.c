/*
 * curses keys -> keymap codes (see input.h).
 */
#include "config.h"

#include "ui/input.h"

#include <errno.h>
#include <poll.h>

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

bool
input_read(WINDOW *w, int *key, int *my, int *mx)
{
	MEVENT ev;
	int ch = wgetch(w), next;

	if (ch == ERR)
		return false;
	if (ch == 27) {
		/* Esc alone, or Alt sent as Esc and a key. */
		wtimeout(w, 0);
		next = wgetch(w);
		wtimeout(w, INPUT_TICK_MS);
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
