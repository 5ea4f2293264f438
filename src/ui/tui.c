/*
 * The curses shell (see tui.h): terminal set-up and restoring, signals,
 * the screen's windows as layout.c places them, and the loop that reads
 * a key, hands it to play.c and redraws.
 *
 * Over SSH every byte counts, so a key press never clears the screen:
 * each window is redrawn into curses' virtual screen and wnoutrefresh()
 * and one doupdate() send only what changed.  Only ^L and a resize
 * repaint everything.
 *
 * Signals: SIGINT, SIGTERM and SIGHUP only set a flag; the loop (woken
 * by its read timeout at the latest) stops between two keys, so the game
 * is whole and, as every command was saved before it was shown, on disk.
 * SIGINT and SIGTERM restore the terminal.  SIGHUP means the terminal is
 * gone: nothing more is written to it (no endwin(), which would send the
 * reset strings and wait for the output to drain), and the descriptor is
 * made non-blocking while curses frees its screen, so that no write can
 * hang on a dead or stopped terminal.  A terminal that goes with no
 * SIGHUP (reads on it fail or find end of file: input_gone()) ends the
 * game just as a hangup does, status 129.  SIGWINCH and SIGTSTP are left
 * to curses.
 */
#include "config.h"

#include "ui/tui.h"

#include <curses.h>
#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "session/shared.h"
#include "ui/cardfit.h"
#include "ui/compact.h"
#include "ui/geom.h"
#include "ui/input.h"
#include "ui/keymap.h"
#include "ui/layout.h"
#include "ui/mapcompact.h"
#include "ui/mapview.h"
#include "ui/menuview.h"
#include "ui/palette.h"
#include "ui/panel.h"
#include "ui/play.h"
#include "ui/termcaps.h"
#include "ui/theme.h"

static volatile sig_atomic_t tui_signal; /* signal that ends us, or 0 */
static bool tui_active;			 /* curses owns the terminal */

struct tui {
	struct play *p;	       /* the game or replay on screen; borrowed */
	struct theme theme;    /* glyphs and scheme */
	struct palette pal;    /* roles -> attributes */
	struct layout lay;     /* where things go */
	struct geom_view view; /* the map's projection and scroll */
	bool compact;	       /* the windows are laid out for it */
	int cols;	       /* screen size */
	int lines;
	WINDOW *status, *map, *panel, *log, *msg, *prompt;
	WINDOW *page;  /* over map, panel and log */
	WINDOW *low;   /* What happened under the map, a decision asked */
	WINDOW *small; /* the whole screen when it is too small */
	WINDOW *input; /* 1 x 1, never drawn: keys are read here */
};

static void
on_signal(int sig)
{
	tui_signal = sig;
}

static void
restore_terminal(void)
{
	if (tui_active) {
		endwin();
		tui_active = false;
	}
}

/* Fatal errors after curses started: restore the terminal, then say. */
static void __attribute__((noreturn, format(printf, 1, 2)))
tui_fatal(const char *fmt, ...)
{
	va_list ap;

	restore_terminal();
	fputs("ancients: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

/* The dispositions before ours, put back when the game ends. */
static const int tui_signals[] = { SIGINT, SIGTERM, SIGHUP };
static struct sigaction tui_old_actions[3];

static void
install_signals(void)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sa.sa_flags = 0; /* no SA_RESTART: let reads see EINTR */
	for (i = 0; i < sizeof tui_signals / sizeof tui_signals[0]; i++)
		sigaction(tui_signals[i], &sa, &tui_old_actions[i]);
}

static void
restore_signals(void)
{
	size_t i;

	for (i = 0; i < sizeof tui_signals / sizeof tui_signals[0]; i++)
		sigaction(tui_signals[i], &tui_old_actions[i], NULL);
}

static WINDOW *
window(const struct rect *r)
{
	WINDOW *w = newwin(r->h, r->w, r->y, r->x);

	if (w == NULL)
		tui_fatal("cannot make a %d x %d window", r->w, r->h);
	return w;
}

static void
free_windows(struct tui *t)
{
	WINDOW **all[] = { &t->status, &t->map,	 &t->panel, &t->log,   &t->msg,
			   &t->prompt, &t->page, &t->low,   &t->small };
	size_t i;

	for (i = 0; i < sizeof all / sizeof all[0]; i++) {
		if (*all[i] != NULL)
			delwin(*all[i]);
		*all[i] = NULL;
	}
}

/* Lays the screen out for its present size and makes the windows. */
static void
make_windows(struct tui *t)
{
	const struct map *m = &t->p->sc->map;
	struct rect whole, low;

	free_windows(t);
	getmaxyx(stdscr, t->lines, t->cols);
	layout_compute(&t->lay, t->cols, t->lines, geom_map_width(m->width),
		       geom_map_height(m->height));
	play_fit_map(t->p, t->lay.map.w >= geom_map_width(m->width) &&
			       t->lay.map.h >= geom_map_height(m->height));
	t->compact = t->p->view.compact;
	if (t->compact)
		layout_compute_compact(&t->lay, t->cols, t->lines,
				       compact_map_width(m->width, m->height),
				       compact_map_height(m->height));
	/* The panel's card gets the rows its longest unit needs (the
	 * panel's width less its margin), the log the rest. */
	play_set_card_rows(t->p, cardfit_layout(&t->lay, t->p->sc));
	if (!t->lay.fits) {
		whole.y = whole.x = 0;
		whole.h = t->lines > 0 ? t->lines : 1;
		whole.w = t->cols > 0 ? t->cols : 1;
		t->small = window(&whole);
		return;
	}
	t->status = window(&t->lay.status);
	t->map = window(&t->lay.map);
	t->panel = window(&t->lay.panel);
	t->log = window(&t->lay.log);
	t->msg = window(&t->lay.msg);
	t->prompt = window(&t->lay.prompt);
	t->page = window(&t->lay.page);
	layout_news_low(&t->lay, &low);
	t->low = window(&low);
	play_set_view(t->p, t->lay.log_rows, t->lay.log.w, t->lay.page_rows);
	play_set_news_rows(t->p, low.h - 2);
	geom_resize(&t->view, t->lay.map.w, t->lay.map.h);
}

static void
show_cursor(bool on)
{
	static int shown = -1;

	if (shown != (int)on) {
		curs_set(on ? 1 : 0);
		shown = on;
	}
}

/*
 * The map's cursor is the terminal's own, as in a roguelike: a step
 * then costs the cursor's move, not two hexes redrawn in and out of
 * reverse video.  Only while the prompt is being typed at (the
 * terminal's cursor is in the line) is the hex drawn in reverse video.
 * Puts the map window's cursor on the hex; false when it is not shown.
 */
static bool
place_map_cursor(struct tui *t)
{
	int x, y;

	if (!(t->compact
		  ? compact_hex_to_screen(&t->view, t->p->sel.cursor, &x, &y)
		  : geom_hex_to_screen(&t->view, t->p->sel.cursor, &x, &y)))
		return false;
	wmove(t->map, y, x);
	return true;
}

static void
draw(struct tui *t)
{
	struct play *p = t->p;
	int col, rows;
	/* What happened under the map may cover its last lines: the
	 * cursor's hex is then drawn, not the terminal's cursor. */
	bool map_cursor = p->mode != PLAY_PROMPT && !play_news_low(p);

	/* ncurses resizes its screen while it reads a key and only then
	 * queues KEY_RESIZE: a key read before it (Escape, decided after its
	 * delay) gets here with the old windows, larger than the screen.  The
	 * layout must fit the screen before anything is refreshed. */
	getmaxyx(stdscr, rows, col);
	if (rows != t->lines || col != t->cols)
		make_windows(t);
	if (!t->lay.fits) {
		panel_too_small_draw(t->small, p, &t->pal, t->cols, t->lines);
		wnoutrefresh(t->small);
		show_cursor(false);
		doupdate();
		return;
	}
	panel_status_draw(t->status, p, &t->pal);
	wnoutrefresh(t->status);
	if (p->mode == PLAY_PAGE || (p->page.news && !play_news_low(p)) ||
	    (p->mode == PLAY_HANDOFF && p->handoff.recap_at < 0)) {
		if (play_page_drawn(p, panel_page_draw(t->page, p, &t->pal)))
			play_page_drawn(p,
					panel_page_draw(t->page, p, &t->pal));
		wnoutrefresh(t->page);
		map_cursor = false;
	} else {
		if (t->compact)
			mapcompact_draw(t->map, &t->view, p, &t->pal,
					!map_cursor);
		else
			mapview_draw(t->map, &t->view, p, &t->pal, !map_cursor);
		wnoutrefresh(t->map);
		if (t->lay.panel_below)
			panel_strip_draw(t->panel, p, &t->pal);
		else
			panel_info_draw(t->panel, p, &t->pal);
		wnoutrefresh(t->panel);
		panel_log_draw(t->log, p, &t->pal);
		wnoutrefresh(t->log);
		/* A decision asked: What happened under the map, which the
		 * decision is about (issue 31: it covered it). */
		if (play_news_low(p)) {
			if (play_page_drawn(p, panel_page_draw(t->low, p,
							       &t->pal)))
				play_page_drawn(
				    p, panel_page_draw(t->low, p, &t->pal));
			wnoutrefresh(t->low);
		}
	}
	panel_msg_draw(t->msg, p, &t->pal);
	wnoutrefresh(t->msg);
	col = panel_prompt_draw(t->prompt, p, &t->pal);
	if (p->mode == PLAY_PROMPT)
		wmove(t->prompt, 0, col);
	/* A hidden cursor stays where the update left it: no move sent. */
	leaveok(t->prompt, p->mode != PLAY_PROMPT);
	wnoutrefresh(t->prompt);
	if (map_cursor && place_map_cursor(t)) {
		/* The last window refreshed places the cursor. */
		wnoutrefresh(t->map);
		show_cursor(true);
	} else
		show_cursor(p->mode == PLAY_PROMPT);
	doupdate();
}

/* A click: on the map, a hex; elsewhere nothing. */
static void
click(struct tui *t, int y, int x)
{
	const struct rect *r = &t->lay.map;
	struct hex h;

	if (!t->lay.fits || t->p->mode == PLAY_PAGE ||
	    t->p->mode == PLAY_HANDOFF)
		return;
	play_hide_news(t->p); /* a click on what happened: the map again */
	if (y < r->y || y >= r->y + r->h || x < r->x || x >= r->x + r->w)
		return;
	if (t->compact ? compact_screen_to_hex(&t->view, x - r->x, y - r->y, &h)
		       : geom_screen_to_hex(&t->view, x - r->x, y - r->y, &h))
		play_click(t->p, h);
}

static void
handle_key(struct tui *t, int key, int my, int mx)
{
	struct play *p = t->p;

	switch (key) {
	case KEYM_RESIZE:
		make_windows(t);
		return;
	case KEYM_MOUSE:
		click(t, my, mx);
		return;
	default:
		break;
	}
	if (!t->lay.fits && p->mode != PLAY_CONFIRM_QUIT) {
		/* Too small to play: only quitting makes sense. */
		if (key == 'q')
			play_line(p, "quit");
		return;
	}
	play_key(p, key);
	if (p->view.compact != t->compact) {
		make_windows(t); /* z: the other map */
		clearok(curscr, TRUE);
	}
	if (play_take_redraw(p))
		clearok(curscr, TRUE);
}

/*
 * Waits up to ms for a key while the computer plays (a resize is handled,
 * not counted).  Returns whether a key came: it skips the rest of the
 * computer's turn.
 */
static bool
ai_pause(struct tui *t, int ms)
{
	int key, my, mx, strikes = 0, left = ms, step;

	do {
		step = left < INPUT_TICK_MS ? left : INPUT_TICK_MS;
		wtimeout(t->input, step);
		untouchwin(t->input);
		if (input_read(t->input, &key, &my, &mx)) {
			if (key != KEYM_RESIZE)
				break;
			make_windows(t);
			draw(t);
			continue;
		}
		if (input_gone(STDIN_FILENO, &strikes))
			break;
		left -= step;
	} while (left > 0 && tui_signal == 0);
	wtimeout(t->input, INPUT_TICK_MS);
	return left > 0 && tui_signal == 0;
}

/*
 * The computer's turn: each command drawn before the next is chosen (the
 * status says the computer is thinking), with a pause between them that
 * any key cuts short, to the end of the turn.
 */
static void
ai_turn(struct tui *t, int delay)
{
	struct play *p = t->p;
	bool skip = false;

	play_ai_begin(p);
	while (t->lay.fits && play_ai_due(p) && !p->quit && tui_signal == 0) {
		if (!skip)
			draw(t);
		if (play_ai_step(p) != 0)
			break;
		/* No pause after its last command: the key that would cut
		 * it short is the person's (Enter on the cover). */
		if (skip || !play_ai_due(p))
			continue;
		if (delay > 0)
			draw(t);
		skip = ai_pause(t, delay);
	}
	play_ai_done(p);
}

int
tui_check(void)
{
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
		return 0;
	fprintf(stderr, "ancients: the game needs a terminal; use --batch "
			"to play from a file\n");
	return -1;
}

/*
 * Frees the screen and puts the signals back.  After a hangup nothing is
 * written: the terminal is left as it is and any write curses still
 * tries fails at once.
 */
static void
end_screen(SCREEN *screen, bool hangup)
{
	int fd = fileno(stdout), flags = -1;

	if (hangup) {
		tui_active = false; /* no endwin(), not even at exit */
		flags = fcntl(fd, F_GETFL);
		if (flags != -1)
			fcntl(fd, F_SETFL, flags | O_NONBLOCK);
	}
	restore_terminal();
	delscreen(screen);
	/* The descriptor is shared with the shell: leave it as it was. */
	if (flags != -1)
		fcntl(fd, F_SETFL, flags);
	restore_signals();
}

static void
stop(struct tui *t, SCREEN *screen, bool hangup)
{
	free_windows(t);
	delwin(t->input);
	end_screen(screen, hangup);
}

/*
 * A shared game's wait: until a key or a tick (returns true: look at
 * curses for a key) or a change to the journal, which is played and
 * shown (*dirty); at a tick who is at the game is looked at again.  inotify wakes it at once; without it the
 * journal is looked at every SHARED_POLL_MS.  No busy loop either way.
 */
static bool
wait_shared(struct play *p, bool *dirty)
{
	struct pollfd fds[2];
	int nfds = 1, r, ino = shared_fd(p->seat.shared);
	static int ticks;

	fds[0].fd = STDIN_FILENO;
	fds[0].events = POLLIN;
	fds[0].revents = 0;
	if (ino >= 0) {
		fds[1].fd = ino;
		fds[1].events = POLLIN;
		fds[1].revents = 0;
		nfds = 2;
	}
	r = poll(fds, (nfds_t)nfds, ino >= 0 ? INPUT_TICK_MS : SHARED_POLL_MS);
	/* A signal: curses must read to see a SIGWINCH (it then queues
	 * KEY_RESIZE), and the loop looks at the others. */
	if (r < 0)
		return true;
	if (ino < 0 ? shared_wait(p->seat.shared, 0) > 0 : fds[1].revents != 0)
		*dirty |= play_follow(p);
	/* Who is at the game: a dead player's lock goes with no event. */
	if (r == 0 && ++ticks % 4 == 0)
		*dirty |= play_update_seats(p);
	/* A tick reads too: a SIGWINCH that came while we drew, not while
	 * we polled, interrupted nothing, and curses queues its KEY_RESIZE
	 * only when it is asked for a key. */
	return r == 0 ||
	       (fds[0].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)) != 0;
}

/*
 * ncurses 6.4 writes its buffer out after every cursor movement of an
 * update, one write() per changed line, for as long as the screen has
 * not been suspended and resumed: until then it takes itself to be
 * driven by a low-level terminfo program (lib_mvcur.c flushes while
 * its screen is in its initial state).  One endwin() and doupdate()
 * before anything is drawn put it in its running state, where an update
 * goes out in one write() (bench/flushdemo shows both).
 */
static void
start_running_state(void)
{
	endwin();
	doupdate();
}

/*
 * Takes the terminal: our signal handlers, the screen in its running
 * state, keys one at a time and not echoed; *unicode whether to draw
 * with it.  The screen, or NULL (the signals put back) when there is no
 * terminal to open.
 */
static SCREEN *
start_screen(const struct tui_options *opt, bool *unicode)
{
	SCREEN *screen;

	tui_signal = 0;
	install_signals();
	if ((screen = termcaps_open()) == NULL) {
		restore_signals();
		return NULL;
	}
	tui_active = true;
	atexit(restore_terminal);
	start_running_state();
	*unicode = termcaps_unicode(opt->ascii);
	cbreak();
	noecho();
	nonl();
	return screen;
}

/* The window keys are read through: keypad keys decoded, a tick. */
static WINDOW *
input_window(void)
{
	WINDOW *w = newwin(1, 1, 0, 0);

	if (w == NULL)
		tui_fatal("cannot make the input window");
	keypad(w, TRUE);
	input_init();
	wtimeout(w, INPUT_TICK_MS);
	return w;
}

/* Runs p on the terminal (tui_check() said there is one) until it quits
 * or a signal comes. */
static int
run(struct play *p, const struct tui_options *opt)
{
	const struct map *m = &p->sc->map;
	struct tui t;
	SCREEN *screen;
	int key, my = 0, mx = 0, strikes = 0;
	bool dirty = true, gone = false, pending = false;

	setlocale(LC_ALL, "");
	memset(&t, 0, sizeof t);
	t.p = p;

	if ((screen = start_screen(opt, &t.theme.unicode)) == NULL)
		return 1;
	/* No look for typeahead during an update: ncurses flushes its
	 * output before every look. */
	typeahead(-1);
	set_escdelay(25);
	termcaps_colours(&t.theme);
	palette_init(&t.pal, &t.theme);
	if (input_mouse_wanted()) {
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
		mouseinterval(0);
	}

	geom_init(&t.view, 1, 1, m->width, m->height);
	t.input = input_window();
	make_windows(&t);

	while (!p->quit && tui_signal == 0) {
		/* Behind the "too small" page the computer would play unseen:
		 * it waits for a screen it can be watched on. */
		if (t.lay.fits && play_ai_due(p)) {
			ai_turn(&t, opt->ai_delay);
			dirty = true;
		}
		if (dirty) {
			draw(&t);
			dirty = false;
		}
		untouchwin(t.input);
		if (p->seat.shared != NULL) {
			/* Keys and the journal, whichever comes first. */
			if (!pending && !wait_shared(p, &dirty))
				continue;
			wtimeout(t.input, 0);
			if (!input_read(t.input, &key, &my, &mx)) {
				if (!pending &&
				    input_gone(STDIN_FILENO, &strikes)) {
					gone = true;
					break;
				}
				pending = false;
				continue;
			}
			pending = true;
			strikes = 0;
			handle_key(&t, key, my, mx);
			dirty = true;
			continue;
		}
		if (!input_read(t.input, &key, &my, &mx)) {
			/* The terminal gone with no SIGHUP: as if one came. */
			if (input_gone(STDIN_FILENO, &strikes)) {
				gone = true;
				break;
			}
			continue;
		}
		strikes = 0;
		handle_key(&t, key, my, mx);
		dirty = true;
	}
	stop(&t, screen, gone || tui_signal == SIGHUP);
	if (gone)
		return 128 + SIGHUP;
	return tui_signal != 0 ? 128 + tui_signal : 0;
}

int
tui_run_session(struct session *s, const struct tui_options *opt)
{
	struct play *p;
	int status;

	if (tui_check() != 0)
		return 1;
	p = play_new(s);
	if (opt->shared != NULL)
		play_set_shared(p, opt->shared);
	status = run(p, opt);
	play_free(p);
	return status;
}

int
tui_replay(struct replay *r, const struct tui_options *opt)
{
	struct play *p;
	int status;

	if (tui_check() != 0)
		return 1;
	p = play_new_viewer(r);
	status = run(p, opt);
	play_free(p);
	return status;
}

int
tui_menu(const struct menu_entry *root, const struct tui_options *opt,
	 const struct menu_entry **picked)
{
	struct menu m;
	SCREEN *screen;
	WINDOW *input;
	int key, my = 0, mx = 0, strikes = 0, lines, cols;
	bool unicode, gone = false;

	*picked = NULL;
	if (tui_check() != 0)
		return 1;
	setlocale(LC_ALL, "");
	if ((screen = start_screen(opt, &unicode)) == NULL)
		return 1;
	set_escdelay(25);
	curs_set(0);
	input = input_window();
	menu_init(&m, root);
	while (!m.done && tui_signal == 0) {
		getmaxyx(stdscr, lines, cols);
		(void)cols;
		menuview_draw(stdscr, &m, unicode);
		wnoutrefresh(stdscr);
		doupdate();
		untouchwin(input);
		if (!input_read(input, &key, &my, &mx)) {
			if (input_gone(STDIN_FILENO, &strikes)) {
				gone = true;
				break;
			}
			continue;
		}
		strikes = 0;
		if (key == KEYM_RESIZE)
			clearok(curscr, TRUE);
		else if (key == KEYM_CTRL('l'))
			clearok(curscr, TRUE);
		else
			menu_key(&m, key, menuview_rows(lines));
	}
	delwin(input);
	end_screen(screen, gone || tui_signal == SIGHUP);
	if (gone)
		return 128 + SIGHUP;
	if (tui_signal != 0)
		return 128 + tui_signal;
	*picked = m.picked;
	return 0;
}
