/*
 * The game as the screen plays it (see play.h): the play's life,
 * selection, pages, applying commands, undo and quitting.  The log and
 * tally are in playlog.c, a shared game's seat in playseat.c, the
 * computer's turn in playai.c, the highlights in playmarks.c, the
 * prompt's language in playline.c, the page, hint and label texts in
 * playtext.c, what keys do in playkeys.c.  Modes:
 *
 *	PLAY_MAP ──:──▶ PLAY_PROMPT ──Esc──▶ PLAY_MAP
 *	PLAY_MAP ──p, M──▶ PLAY_FACING ──facing key──▶ (command) PLAY_MAP
 *	PLAY_MAP ──q──▶ PLAY_CONFIRM_QUIT ──y──▶ quit, else back
 *	PLAY_PROMPT ──quit──▶ PLAY_CONFIRM_QUIT (only while play_unsaved())
 *	map, prompt ──?, r, B, end──▶ PLAY_PAGE ──key──▶ back to where it was
 *
 * A page or a question goes back to the mode it was opened from, the
 * prompt included, with the line as it was.  What a long command set off
 * (PAGE_NEWS) is no mode at all: it covers the map while every key goes
 * on to the map or the prompt as if it were not there (playkeys.c), so no
 * key is ever spent on closing it.
 *
 * Every action, typed or pressed, becomes a struct command and goes
 * through play_apply(), which hands it to the session:
 * the engine decides, the session saves, the log records the command and
 * its events, and a refusal leaves its reason in msg.  The log of a
 * resumed game, and of a replay's state, is rebuilt from the journal
 * with the same functions (play_show_replay()).
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/shared.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"
#include "ui/recap.h"

#define DUMP_MAX 65536	 /* bytes of a state dump */
#define LINE_MAX_CMD 256 /* a canonical command line */

void
play_set_msg(struct play *p, enum play_msg kind, const char *fmt, ...)
{
	va_list ap;

	p->msg.kind = kind;
	va_start(ap, fmt);
	vsnprintf(p->msg.text, sizeof p->msg.text, fmt, ap);
	va_end(ap);
	/* The message line may cut it; the log wraps it.  A typed line
	 * refused before it became a command goes to the log first: the
	 * refusal alone did not say what was refused. */
	if (kind == MSG_ERROR && !p->viewer && p->msg.text[0] != '\0' &&
	    p->log.typed != NULL && p->g != NULL)
		play_log_command(p, play_log_side(p), p->log.typed);
	if (kind == MSG_ERROR && !p->viewer && p->msg.text[0] != '\0')
		logbuf_add(p->log.buf, LOG_ERROR,
			   p->g != NULL ? p->g->player : -1, p->msg.text);
}

void
play_clear_msg(struct play *p)
{
	p->msg.kind = MSG_NONE;
	p->msg.text[0] = '\0';
}

const char *
play_uid(const struct play *p, int u)
{
	return p->sc->units[u].id;
}

bool
play_own_unit(const struct play *p, int u)
{
	return u >= 0 && p->g->units[u].on_map &&
	       p->g->units[u].side == p->g->player;
}

/* Is the selected unit one the person at this screen gives orders to now
 * (not a watcher's, the other seat's or the computer's)? */
static bool
selection_is_yours(const struct play *p)
{
	return play_own_unit(p, p->sel.unit) && !p->viewer &&
	       p->ai.side != p->g->player &&
	       (p->seat.shared == NULL ||
		shared_side(p->seat.shared) == p->g->player);
}

/* Is the phasing player the person at this screen (not a watcher, the
 * other seat or the computer)? */
static bool
phasing_is_yours(const struct play *p)
{
	return !p->viewer && !p->g->over && p->ai.side != p->g->player &&
	       (p->seat.shared == NULL ||
		shared_side(p->seat.shared) == p->g->player);
}

bool
play_say_turn_selection(struct play *p)
{
	if (!selection_is_yours(p))
		return false;
	/* Said, for Enter on one of its marked hexes moves it.  At the
	 * prompt Esc goes back to the map and keeps the selection. */
	play_set_msg(p, MSG_INFO, "%s to play: turn %d; %s is selected, %s",
		     p->sc->sides[p->g->player].name, p->g->turn,
		     play_uid(p, p->sel.unit),
		     p->mode == PLAY_PROMPT ? "Esc for the map"
					    : "Esc drops it");
	return true;
}

int
play_unit_at_cursor(const struct play *p)
{
	return game_unit_at(p->g, p->sel.cursor);
}

/*
 * Does the unit have something to do now?  Tab visits these: units that
 * may move or push, shoot, attack, or answer an advance.
 */
static bool
has_work(const struct play *p, int u)
{
	const struct game *g = p->g;
	int t[8], k;

	if (!play_own_unit(p, u) || g->over || g->choosing)
		return false;
	if (g->noffers > 0) {
		for (k = 0; k < g->noffers; k++)
			if (g->offers[k].unit == u)
				return true;
		return false;
	}
	switch (g->phase) {
	case PHASE_MOVEMENT:
		return game_unit_can_act(g, u) ||
		       (g->push_unit == u && !g->units[u].pushed);
	case PHASE_SHOOTING:
		return game_shoot_targets(g, u, t, 8) > 0;
	case PHASE_COMBAT:
		return game_attack_targets(g, u, t, 8) > 0;
	default:
		return false;
	}
}

void
play_select(struct play *p, int u)
{
	p->sel.unit = u;
	p->sel.push_armed = false;
	play_update_marks(p);
}

/*
 * The next unit (dir 1) or previous one (-1) after the selection that
 * has work, or failing that the next unit of the side to play.
 */
int
play_next_unit(const struct play *p, int dir)
{
	int n = p->g->nunits,
	    start = p->sel.unit >= 0 ? p->sel.unit : (dir > 0 ? n - 1 : 0), i,
	    u, pass;

	for (pass = 0; pass < 2; pass++) {
		for (i = 1; i <= n; i++) {
			u = ((start + dir * i) % n + n) % n;
			if (pass == 0 ? has_work(p, u) : play_own_unit(p, u))
				return u;
		}
	}
	return -1;
}

void
play_focus_first_unit(struct play *p)
{
	int u;

	p->sel.unit = -1;
	u = play_next_unit(p, 1);
	if (u >= 0)
		p->sel.cursor = p->g->units[u].hex;
	if (p->seat.shared != NULL &&
	    shared_side(p->seat.shared) != p->g->player)
		u = -1;
	play_select(p, u);
}

/* A play of a game of sc with nothing on show yet. */
struct play *
play_alloc(const struct scenario *sc)
{
	struct play *p = xcalloc(1, sizeof *p);
	int cells = sc->map.width * sc->map.height;

	p->sc = sc;
	events_init(&p->ev);
	p->log.buf = xcalloc(1, sizeof *p->log.buf);
	logbuf_init(p->log.buf);
	p->edit = xcalloc(1, sizeof *p->edit);
	lineedit_init(p->edit);
	p->marks.mark = xcalloc((size_t)cells, sizeof *p->marks.mark);
	p->marks.face = xcalloc((size_t)cells, sizeof *p->marks.face);
	p->marks.target = xcalloc((size_t)sc->nunits, sizeof *p->marks.target);
	p->marks.deeds = xcalloc((size_t)sc->nunits, sizeof *p->marks.deeds);
	p->sel.unit = -1;
	p->ai.side = p->ai.once = p->ai.unit = -1;
	p->ai.level = AI_LEVEL_DEFAULT;
	p->sel.cursor.col = p->sel.cursor.row = 1;
	p->view.log_rows = 1;
	events_init(&p->handoff.turn_ev);
	p->handoff.turn_hits =
	    xcalloc((size_t)sc->nunits, sizeof *p->handoff.turn_hits);
	p->handoff.recap = xcalloc(1, sizeof *p->handoff.recap);
	p->glyphs = xcalloc(sc->ntypes > 0 ? (size_t)sc->ntypes : 1, 1);
	theme_unit_glyphs(sc, p->glyphs);
	p->handoff.recap_at = -1;
	p->handoff.on = true;
	return p;
}

struct play *
play_new(struct session *s)
{
	struct play *p = play_alloc(session_scenario(s));
	const struct game *g = session_game(s);
	struct replay *r;
	int level;
	bool handoff;

	p->s = s;
	/* A solo game: the save says who plays the computer. */
	p->ai.side = session_ai(s, &level);
	if (p->ai.side >= 0)
		p->ai.level = level;
	if (session_length(s) == 0) {
		p->g = g;
		play_turn_clear(p, g);
		play_log_start(p, g, session_seed(s));
		play_update_deeds(p);
		play_focus_first_unit(p);
		p->mode = PLAY_PAGE;
		p->page.kind = PAGE_BRIEFING;
		return p;
	}
	/* A resumed game: the log as the journal made it. */
	r = replay_new(s);
	play_show_replay(p, r, replay_length(r));
	/* Left at a handoff: the next player has not seen the recap. */
	handoff = replay_length(r) > 0 &&
		  replay_mark(r, replay_length(r))->player !=
		      replay_mark(r, replay_length(r) - 1)->player;
	replay_free(r);
	play_count_ai_tail(p);
	if (session_notice(s) != NULL)
		logbuf_add(p->log.buf, LOG_NOTICE, -1, session_notice(s));
	p->g = g;
	play_update_deeds(p);
	play_focus_first_unit(p);
	p->mode = PLAY_MAP;
	if (g->over) {
		p->page.over_shown = true;
		play_open_page(p, PAGE_OVER);
		return p;
	}
	play_set_msg(p, MSG_INFO, "Resumed: turn %d, %s phase, %s to play",
		     g->turn, phase_name(g->phase),
		     p->sc->sides[g->player].name);
	play_announce(p, g->player, g->turn);
	/* Solo: no cover while the computer is to play. */
	if (handoff && p->handoff.on &&
	    !(p->ai.side >= 0 && game_side_to_act(g) == p->ai.side))
		play_handoff_open(p);
	return p;
}

void
play_free(struct play *p)
{
	if (p == NULL)
		return;
	events_done(&p->ev);
	logbuf_done(p->log.buf);
	free(p->log.buf);
	free(p->edit);
	free(p->marks.mark);
	free(p->marks.face);
	free(p->marks.target);
	free(p->marks.deeds);
	free(p->marks.legal);
	ai_free(p->ai.players[0]);
	ai_free(p->ai.players[1]);
	events_done(&p->handoff.turn_ev);
	free(p->handoff.turn_marks);
	free(p->handoff.turn_hits);
	free(p->glyphs);
	free(p->handoff.recap);
	free(p);
}

/* --- Applying commands --- */

void
play_open_page(struct play *p, enum play_page page)
{
	if (p->mode != PLAY_PAGE)
		p->page.back = p->mode == PLAY_PROMPT || p->mode == PLAY_HANDOFF
				   ? p->mode
				   : PLAY_MAP;
	p->page.news = false;
	p->mode = PLAY_PAGE;
	p->page.kind = page;
	p->page.top = 0;
}

void
play_show_news(struct play *p, int lines)
{
	if (p->mode == PLAY_PAGE)
		return;
	p->page.news = true;
	p->page.news_count = lines;
	p->page.news_all = false;
	p->page.kind = PAGE_NEWS;
	p->page.top = 0;
	/* Under the map, while a decision is asked: from its end, where the
	 * question is. */
	p->page.at_end = play_news_low(p);
}

void
play_show_log(struct play *p)
{
	if (p->mode == PLAY_PAGE)
		return;
	play_show_news(p, logbuf_count(p->log.buf));
	/* At 80x24 the log shows five lines: the window shows a page of
	 * them, the newest at the bottom, and PgUp goes back. */
	p->page.news_all = true;
	p->page.at_end = true;
}

void
play_close_page(struct play *p)
{
	/* Over, there is nothing left to type: the map, where q quits. */
	p->mode = p->page.kind == PAGE_OVER ? PLAY_MAP : p->page.back;
	if (p->mode == PLAY_HANDOFF) { /* the help opened over it */
		p->page.kind = PAGE_HANDOFF;
		p->page.top = 0;
	}
	if (p->g->over && !p->page.over_shown) {
		p->page.over_shown = true;
		play_open_page(p, PAGE_OVER);
	}
}

/* --- What the screen tells the play of its view --- */

void
play_fit_map(struct play *p, bool detailed_fits)
{
	/* Unless the player chose, the compact map where the detailed one
	 * does not show whole. */
	if (!p->view.compact_chosen)
		p->view.compact = !detailed_fits;
}

void
play_set_view(struct play *p, int log_rows, int log_cols, int page_rows)
{
	p->view.log_rows = log_rows;
	p->view.log_cols = log_cols;
	p->view.page_rows = page_rows;
}

void
play_set_card_rows(struct play *p, int rows)
{
	p->view.card_rows = rows;
}

void
play_set_news_rows(struct play *p, int rows)
{
	p->view.news_rows = rows;
}

bool
play_news_low(const struct play *p)
{
	char q[256];

	return p->page.news && p->mode != PLAY_PAGE &&
	       play_question(p, q, sizeof q);
}

int
play_page_rows(const struct play *p)
{
	return play_news_low(p) && p->view.news_rows > 0 ? p->view.news_rows
							 : p->view.page_rows;
}

bool
play_page_drawn(struct play *p, int lines)
{
	p->view.page_lines = lines;
	if (!p->page.at_end)
		return false;
	/* Its length is known once it is wrapped: again, from the line
	 * that puts its end at the bottom. */
	p->page.at_end = false;
	if (lines <= play_page_rows(p))
		return false;
	p->page.top = lines - play_page_rows(p);
	return true;
}

void
play_hide_news(struct play *p)
{
	p->page.news = false;
}

bool
play_take_redraw(struct play *p)
{
	bool redraw = p->redraw;

	p->redraw = false;
	return redraw;
}

int
play_advance_unit(const struct play *p)
{
	const struct game *g = p->g;
	int k, at = play_unit_at_cursor(p), u = -1;

	if (g->noffers == 0)
		return -1;
	for (k = 0; k < g->noffers; k++)
		if (g->offers[k].unit == p->sel.unit)
			return p->sel.unit;
		else if (g->offers[k].unit == at)
			u = at;
	return u >= 0 ? u : g->offers[0].unit;
}

bool
play_choice_twice(const struct play *p)
{
	size_t at;

	/* The last command that is no say was given in the player-turn
	 * before: whose it was. */
	return p->g->choosing && p->s != NULL &&
	       session_undo_target(p->s, &at) &&
	       session_command_side(p->s, at) == p->g->initiative;
}

bool
play_question(const struct play *p, char *buf, size_t len)
{
	const struct game *g = p->g;
	char to[HEX_NAME_SIZE], name[80];

	/* The computer's decision asks nothing of the person. */
	if (g->over || p->viewer || play_ai_due(p))
		return false;
	if (g->choosing)
		snprintf(buf, len,
			 "%s seized the initiative: 1 moves first%s, "
			 "2 moves second",
			 describe_side_name(p->sc->sides[g->player].name, name,
					    sizeof name),
			 play_choice_twice(p) ? " (twice in a row)"
					      : "");
	else if (g->noffers > 0) {
		int u = play_advance_unit(p), k;

		for (k = 0; g->offers[k].unit != u; k++)
			;
		hex_format(g->offers[k].to, to);
		snprintf(buf, len, "%s may advance into %s: A advance, H hold",
			 play_uid(p, u), to);
	} else
		return false;
	return true;
}

void
play_announce(struct play *p, int old_player, int old_turn)
{
	const struct game *g = p->g;
	char q[160];

	if (g->over)
		return;
	if (play_question(p, q, sizeof q))
		play_set_msg(p, MSG_INFO, "%s", q);
	else if ((g->player != old_player || g->turn != old_turn) &&
		 !play_say_turn_selection(p))
		play_set_msg(p, MSG_INFO, "%s to play: turn %d, movement",
			     p->sc->sides[g->player].name, g->turn);
}

void
play_show_replay(struct play *p, struct replay *r, int k)
{
	const struct events *ev;
	const struct game *g;
	enum phase before;
	int j, side;
	bool by_ai;

	assert(k >= 0 && k <= replay_length(r));
	logbuf_clear(p->log.buf);
	memset(&p->log.tally, 0, sizeof p->log.tally);
	g = replay_state_at(r, 0, NULL);
	play_log_start(p, g, replay_seed(r));
	play_turn_clear(p, g);
	for (j = 1; j <= k; j++) {
		side = replay_mark(r, j - 1)->player;
		/* Solo: the computer's commands as it played them. */
		by_ai = p->ai.side >= 0 && game_side_to_act(g) == p->ai.side;
		before = g->phase;
		g = replay_state_at(r, j, &ev);
		p->g = g; /* what the recap starts the next turn from */
		if (by_ai)
			play_log_ai_command(p, p->ai.side,
					    replay_command(r, j));
		else if (strncmp(replay_command(r, j), "say ", 4) != 0)
			play_log_command(p, side, replay_command(r, j));
		play_log_events(p, ev);
		/* As play_apply_as() logged it when it was played. */
		if (g->phase != before && phasing_is_yours(p))
			play_log_cannot(p);
		/* What the next handoff recaps: since the last one. */
		play_turn_note(p, ev);
		if (replay_mark(r, j)->player == side)
			continue;
		if (p->ai.side >= 0 && side != p->ai.side)
			play_turn_forget(p, g);
		else
			play_recap_turn(p, side);
	}
	p->g = g;
	p->log.back = 0;
}

int
play_apply_as(struct play *p, const struct command *c, bool by_ai)
{
	char cmd[LINE_MAX_CMD], why[768];
	int side, turn_side, old_turn, lines = 1;
	enum phase old_phase;
	bool was_over;

	assert(p->s != NULL);
	if (p->seat.shared != NULL)
		play_follow(p);
	turn_side = p->g->player;
	side = play_log_side(p);
	old_turn = p->g->turn;
	old_phase = p->g->phase;
	was_over = p->g->over;
	command_format(p->sc, c, cmd, sizeof cmd);
	events_clear(&p->ev);
	p->page.news = false;
	/* A say shows as "> TEXT", its event ("> LOGIN: TEXT" shared). */
	if (by_ai)
		play_log_ai_command(p, game_side_to_act(p->g), cmd);
	else if (!verb_is_note(c->verb))
		play_log_command(p, side, cmd);
	p->log.back = 0;
	/* The one way in: saved (if the session has a file) on return. */
	if (p->seat.shared != NULL ? play_seat_apply(p, c, why, sizeof why) != 0
				   : session_apply(p->s, c, &p->ev, why,
						   sizeof why) != SESSION_OK) {
		play_log_error(p, why);
		return -1;
	}
	/* A say is words: undo steps over it, and so does the count. */
	if (verb_needs_turn(c->verb)) {
		p->ai.since = by_ai ? p->ai.since + 1 : 0;
	}
	play_clear_msg(p);
	play_update_deeds(p);
	if (c->verb == VERB_DUMP) {
		char *buf = xmalloc(DUMP_MAX), *line, *save = NULL;

		game_dump(p->g, buf, DUMP_MAX);
		for (line = strtok_r(buf, "\n", &save); line != NULL;
		     line = strtok_r(NULL, "\n", &save), lines++)
			logbuf_add(p->log.buf, LOG_EVENT, -1, line);
		free(buf);
	}
	if (c->verb == VERB_ODDS)
		lines += play_log_odds(p, c);
	/* At one keyboard a say names the side whose player typed it (a
	 * playtest saw only "> hello"), as a shared game's journal signs
	 * it with the login and side. */
	lines += play_log_events_by(p, &p->ev,
				    p->seat.shared == NULL ? side : -1);
	/* A phase of shooting or combat begins for this screen's player:
	 * the units that look as if they should act and cannot, and why. */
	if (p->g->phase != old_phase && phasing_is_yours(p))
		lines += play_log_cannot(p);
	if (by_ai)
		p->ai.lines += lines;
	/* The journal's commands only: undo takes back the last of them. */
	if (!verb_is_query(c->verb))
		play_turn_note(p, &p->ev);
	if (p->g->player != turn_side || p->g->turn != old_turn || p->g->over)
		play_focus_first_unit(p);
	else if (p->sel.unit >= 0 && !p->g->units[p->sel.unit].on_map)
		play_select(p, -1);
	else {
		p->sel.push_armed = false;
		play_update_marks(p);
	}
	play_announce(p, turn_side, old_turn);
	if (!p->g->over && p->g->player != turn_side) {
		/* Hot-seat: the recap says what the news would.  A shared
		 * seat's player sees it when the turn comes back, and so
		 * does the person in a solo game (play_ai_done()). */
		if (p->ai.side >= 0) {
			/* The recap is of the computer's whole turn (not
			 * of the person's, played by `ai`). */
			if (by_ai && turn_side == p->ai.side)
				p->ai.handback = true;
			else
				play_turn_forget(p, p->g);
		} else if (p->handoff.on && p->seat.shared == NULL) {
			play_handoff(p, turn_side);
			return 0;
		} else
			play_recap_turn(p, turn_side);
	}
	if (p->g->over && !was_over && !p->page.over_shown) {
		/* The computer's turn that ended the game gets its recap,
		 * on the end page: no turn comes back to show it. */
		if (by_ai && p->ai.side >= 0 && turn_side == p->ai.side) {
			play_recap_turn(p, turn_side);
			p->page.over_recap = true;
		}
		p->page.over_shown = true;
		play_open_page(p, PAGE_OVER);
	} else if (!by_ai && play_log_screen_lines(p, lines) > p->view.log_rows)
		play_show_news(p, lines);
	return 0;
}

int
play_apply(struct play *p, const struct command *c)
{
	return play_apply_as(p, c, false);
}

int
play_undo(struct play *p)
{
	char why[768], last[LINE_MAX_CMD], text[LOGBUF_WIDTH];
	size_t at = 0;
	bool stepped;
	int u = -1, old_player, old_turn;
	enum phase old_phase;
	struct command c;

	/* A shared game: the other side's new lines first (a say, say),
	 * so that the command taken back is the journal's last. */
	if (p->seat.shared != NULL)
		play_follow(p);
	old_player = p->g->player;
	old_turn = p->g->turn;
	old_phase = p->g->phase;
	/* One line per undo, in the log. */
	p->log.back = 0;
	p->page.news = false;
	/* Solo: the computer's commands after the person's last go first,
	 * by the same rules (none of them may have rolled dice), all or
	 * none. */
	if (p->ai.since > 0 && p->seat.shared == NULL &&
	    session_can_undo(p->s, (size_t)p->ai.since + 1, why, sizeof why) !=
		0) {
		play_set_msg(p, MSG_ERROR,
			     "error: the computer has played since your last "
			     "command: %s",
			     why);
		return -1;
	}
	while (p->ai.since > 0 && p->seat.shared == NULL) {
		session_undo_target(p->s, &at);
		snprintf(last, sizeof last, "%s", session_command(p->s, at));
		if (session_undo(p->s, why, sizeof why) != 0) {
			play_set_msg(p, MSG_ERROR,
				     "error: the computer has played since "
				     "your last command: %s",
				     why);
			return -1;
		}
		snprintf(text, sizeof text, "Undone: ai: %.200s", last);
		logbuf_add(p->log.buf, LOG_NOTICE, -1, text);
		p->ai.since--;
	}
	/* The command undo takes back: the last that is no say. */
	last[0] = '\0';
	stepped = false;
	if (session_undo_target(p->s, &at)) {
		snprintf(last, sizeof last, "%s", session_command(p->s, at));
		stepped = at + 1 < session_length(p->s);
	}
	if (p->seat.shared != NULL) {
		struct events other;
		int r;

		events_init(&other);
		r = shared_undo(p->seat.shared, &other, why, sizeof why);
		play_log_events(p, &other);
		events_done(&other);
		if (r != 0) {
			play_log_error(p, why);
			return -1;
		}
	} else if (session_undo(p->s, why, sizeof why) != 0) {
		play_log_error(p, why);
		return -1;
	}
	/* The game was rebuilt in place: p->g is good, the view is not. */
	play_count_ai_tail(p);
	events_clear(&p->ev);
	/* Back over a handoff, or over say lines, whose notes stay. */
	if (p->g->player != old_player || p->g->turn != old_turn || stepped)
		play_turn_rebuild(p);
	else
		play_turn_unnote(p);
	play_update_deeds(p);
	if (p->g->player != old_player || p->g->turn != old_turn ||
	    p->g->phase != old_phase)
		snprintf(text, sizeof text, "Undone: %.60s; back to %.24s's %s",
			 last, p->sc->sides[p->g->player].name,
			 phase_name(p->g->phase));
	else
		snprintf(text, sizeof text, "Undone: %s", last);
	logbuf_add(p->log.buf, LOG_NOTICE, p->g->player, text);
	if (command_parse(p->sc, last, &c, why, sizeof why) == 1)
		u = c.verb == VERB_GENERAL ? p->g->generals[c.general].unit
					   : c.unit;
	if (play_own_unit(p, u)) {
		p->sel.cursor = p->g->units[u].hex;
		play_select(p, u);
	} else
		play_focus_first_unit(p);
	/* A decision taken back is asked again.  Else the message line
	 * gives way to the hint: the log's line just above says the undo,
	 * and once is enough (issue 31). */
	if (play_question(p, why, sizeof why))
		play_set_msg(p, MSG_INFO, "%s", why);
	else
		play_clear_msg(p);
	return 0;
}

bool
play_unsaved(const struct play *p)
{
	return p->s != NULL && session_path(p->s) == NULL &&
	       session_length(p->s) > 0;
}

void
play_request_quit(struct play *p, bool typed)
{
	bool unsaved = play_unsaved(p);

	if (p->g->over || (typed && !unsaved)) {
		p->quit = true;
		return;
	}
	p->page.back = p->mode == PLAY_PROMPT || p->mode == PLAY_HANDOFF
			   ? p->mode
			   : PLAY_MAP;
	p->mode = PLAY_CONFIRM_QUIT;
	if (unsaved)
		play_set_msg(p, MSG_INFO,
			     "Quit? This game has no save file (save NAME "
			     "keeps it). y quits, n plays on");
	else if (p->seat.shared != NULL &&
		 shared_side(p->seat.shared) == SHARED_WATCHER)
		play_set_msg(p, MSG_INFO,
			     "Stop watching %s? y quits, n watches on",
			     shared_name(p->seat.shared));
	else if (p->seat.shared != NULL) /* what the exit line says too */
		play_set_msg(p, MSG_INFO,
			     "Quit? Sit down again with ancients --join %s. "
			     "y quits, n plays on",
			     shared_name(p->seat.shared));
	else if (session_length(p->s) == 0)
		play_set_msg(p, MSG_INFO,
			     "Quit? Nothing was played yet. y quits, n plays "
			     "on");
	else
		play_set_msg(p, MSG_INFO,
			     "Quit? The game is saved either way (ancients "
			     "--resume). y quits, n plays on");
}
