/*
 * The game as the screen plays it (see play.h): the play's life and
 * applying commands.  The highlights are in playmarks.c, the prompt's
 * language in playline.c, the page, hint and label texts in playtext.c,
 * what keys do in playkeys.c.  Modes:
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
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "ai/ai.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/shared.h"
#include "core/game.h"
#include "core/map.h"
#include "core/odds.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "core/xmalloc.h"
#include "ui/eventtext.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"
#include "ui/recap.h"

#define DUMP_MAX 65536	 /* bytes of a state dump */
#define LINE_MAX_CMD 256 /* a canonical command line */

void
play_set_msg(struct play *p, enum play_msg kind, const char *fmt, ...)
{
	va_list ap;

	p->msg_kind = kind;
	va_start(ap, fmt);
	vsnprintf(p->msg, sizeof p->msg, fmt, ap);
	va_end(ap);
	/* The message line may cut it; the log wraps it. */
	if (kind == MSG_ERROR && !p->viewer && p->msg[0] != '\0')
		logbuf_add(p->log, LOG_ERROR, p->g != NULL ? p->g->player : -1,
			   p->msg);
}

void
play_clear_msg(struct play *p)
{
	p->msg_kind = MSG_NONE;
	p->msg[0] = '\0';
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
	return play_own_unit(p, p->selected) && !p->viewer &&
	       p->ai_side != p->g->player &&
	       (p->shared == NULL || shared_side(p->shared) == p->g->player);
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
		     play_uid(p, p->selected),
		     p->mode == PLAY_PROMPT ? "Esc for the map"
					    : "Esc drops it");
	return true;
}

int
play_unit_at_cursor(const struct play *p)
{
	return game_unit_at(p->g, p->cursor);
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
	p->selected = u;
	p->push_armed = false;
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
	    start = p->selected >= 0 ? p->selected : (dir > 0 ? n - 1 : 0), i,
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

static void announce(struct play *p, int old_player, int old_turn);
static void count_ai_tail(struct play *p);

/*
 * Puts the cursor on and selects the first unit with work, if any; in a
 * shared game selects it only on the screen of the seat whose side acts
 * (the other seat and watchers saw the other side's move marks at every
 * turn), the cursor going there on every screen.
 */
static void
focus_first_unit(struct play *p)
{
	int u;

	p->selected = -1;
	u = play_next_unit(p, 1);
	if (u >= 0)
		p->cursor = p->g->units[u].hex;
	if (p->shared != NULL && shared_side(p->shared) != p->g->player)
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
	p->log = xcalloc(1, sizeof *p->log);
	logbuf_init(p->log);
	p->edit = xcalloc(1, sizeof *p->edit);
	lineedit_init(p->edit);
	p->mark = xcalloc((size_t)cells, sizeof *p->mark);
	p->face = xcalloc((size_t)cells, sizeof *p->face);
	p->target = xcalloc((size_t)sc->nunits, sizeof *p->target);
	p->deeds = xcalloc((size_t)sc->nunits, sizeof *p->deeds);
	p->selected = -1;
	p->ai_side = p->ai_once = p->ai_unit = -1;
	p->ai_level = AI_LEVEL_DEFAULT;
	p->cursor.col = p->cursor.row = 1;
	p->log_rows = 1;
	events_init(&p->turn_ev);
	p->turn_hits = xcalloc((size_t)sc->nunits, sizeof *p->turn_hits);
	p->recap = xcalloc(1, sizeof *p->recap);
	p->glyphs = xcalloc(sc->ntypes > 0 ? (size_t)sc->ntypes : 1, 1);
	theme_unit_glyphs(sc, p->glyphs);
	p->recap_at = -1;
	p->handoff = true;
	return p;
}

/* The log's first lines: the battle, its seed and the first player-turn
 * (g is the game before any command). */
static void
log_start(struct play *p, const struct game *g, uint64_t seed)
{
	char line[128];

	snprintf(line, sizeof line, "%s: turn 1 of %d, seed %llu", p->sc->title,
		 p->sc->turns, (unsigned long long)seed);
	logbuf_add(p->log, LOG_NOTICE, -1, line);
	snprintf(line, sizeof line, "== %s (%s): player-turn begins ==",
		 p->sc->sides[g->player].name, p->sc->sides[g->player].key);
	logbuf_add(p->log, LOG_NOTICE, g->player, line);
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
	p->ai_side = session_ai(s, &level);
	if (p->ai_side >= 0)
		p->ai_level = level;
	if (session_length(s) == 0) {
		p->g = g;
		play_turn_clear(p, g);
		log_start(p, g, session_seed(s));
		play_update_deeds(p);
		focus_first_unit(p);
		p->mode = PLAY_PAGE;
		p->page = PAGE_BRIEFING;
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
	count_ai_tail(p);
	if (session_notice(s) != NULL)
		logbuf_add(p->log, LOG_NOTICE, -1, session_notice(s));
	p->g = g;
	play_update_deeds(p);
	focus_first_unit(p);
	p->mode = PLAY_MAP;
	if (g->over) {
		p->over_shown = true;
		play_open_page(p, PAGE_OVER);
		return p;
	}
	play_set_msg(p, MSG_INFO, "Resumed: turn %d, %s phase, %s to play",
		     g->turn, phase_name(g->phase),
		     p->sc->sides[g->player].name);
	announce(p, g->player, g->turn);
	/* Solo: no cover while the computer is to play. */
	if (handoff && p->handoff &&
	    !(p->ai_side >= 0 && ai_side_to_act(g) == p->ai_side))
		play_handoff_open(p);
	return p;
}

void
play_free(struct play *p)
{
	if (p == NULL)
		return;
	events_done(&p->ev);
	logbuf_done(p->log);
	free(p->log);
	free(p->edit);
	free(p->mark);
	free(p->face);
	free(p->target);
	free(p->deeds);
	free(p->legal);
	ai_free(p->ai[0]);
	ai_free(p->ai[1]);
	events_done(&p->turn_ev);
	free(p->turn_marks);
	free(p->turn_hits);
	free(p->glyphs);
	free(p->recap);
	free(p);
}

/* --- Applying commands --- */

static enum logbuf_kind
event_log_kind(enum event_kind k)
{
	switch (k) {
	case EV_TURN:
	case EV_INITIATIVE:
	case EV_INITIATIVE_CHOICE:
	case EV_PLAYER_TURN:
	case EV_PHASE:
	case EV_BREAKPOINT_LOSS:
	case EV_GENERAL_D3:
	case EV_ARMY_QUITS:
	case EV_GAME_OVER:
		return LOG_NOTICE;
	default:
		return LOG_EVENT;
	}
}

static void
tally_event(struct play *p, const struct event *e)
{
	int side = e->unit >= 0 ? p->sc->units[e->unit].side : e->side;

	if (side < 0 || side > 1)
		return;
	switch (e->kind) {
	case EV_ROUTED:
		p->tally.routed[side]++;
		break;
	case EV_DESTROYED:
		p->tally.destroyed[side]++;
		break;
	case EV_MORALE:
		if (!e->value)
			p->tally.morale_failed[side]++;
		break;
	default:
		break;
	}
}

void
play_open_page(struct play *p, enum play_page page)
{
	if (p->mode != PLAY_PAGE)
		p->page_back = p->mode == PLAY_PROMPT || p->mode == PLAY_HANDOFF
				   ? p->mode
				   : PLAY_MAP;
	p->news = false;
	p->mode = PLAY_PAGE;
	p->page = page;
	p->page_top = 0;
}

void
play_show_news(struct play *p, int lines)
{
	if (p->mode == PLAY_PAGE)
		return;
	p->news = true;
	p->news_count = lines;
	p->news_all = false;
	p->page = PAGE_NEWS;
	p->page_top = 0;
}

void
play_show_log(struct play *p)
{
	if (p->mode == PLAY_PAGE)
		return;
	play_show_news(p, logbuf_count(p->log));
	/* At 80x24 the log shows five lines: the window shows a page of
	 * them, the newest at the bottom, and PgUp goes back. */
	p->news_all = true;
	p->page_at_end = true;
}

void
play_close_page(struct play *p)
{
	/* Over, there is nothing left to type: the map, where q quits. */
	p->mode = p->page == PAGE_OVER ? PLAY_MAP : p->page_back;
	if (p->mode == PLAY_HANDOFF) { /* the help opened over it */
		p->page = PAGE_HANDOFF;
		p->page_top = 0;
	}
	if (p->g->over && !p->over_shown) {
		p->over_shown = true;
		play_open_page(p, PAGE_OVER);
	}
}

int
play_advance_unit(const struct play *p)
{
	const struct game *g = p->g;
	int k, at = play_unit_at_cursor(p), u = -1;

	if (g->noffers == 0)
		return -1;
	for (k = 0; k < g->noffers; k++)
		if (g->offers[k].unit == p->selected)
			return p->selected;
		else if (g->offers[k].unit == at)
			u = at;
	return u >= 0 ? u : g->offers[0].unit;
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
			 "%s seized the initiative: 1 moves first, "
			 "2 moves second",
			 describe_side_name(p->sc->sides[g->player].name, name,
					    sizeof name));
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

/* What a turn or a decision now asks of the players, after a command. */
static void
announce(struct play *p, int old_player, int old_turn)
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

/* Logs a command as side gave it: "Rome> move leg1 0405"; side -1, a
 * shared game's watcher: "Watching> end". */
static void
log_command(struct play *p, int side, const char *cmd)
{
	char text[LOGBUF_WIDTH];

	snprintf(text, sizeof text, "%.40s> %.180s",
		 side >= 0 ? p->sc->sides[side].name : "Watching", cmd);
	logbuf_add(p->log, LOG_COMMAND, side, text);
}

/* Logs a command of the computer's: "ai: move wb2 0506". */
static void
log_ai_command(struct play *p, int side, const char *cmd)
{
	char text[LOGBUF_WIDTH];

	snprintf(text, sizeof text, "ai: %.200s", cmd);
	logbuf_add(p->log, LOG_COMMAND, side, text);
}

/* A refusal, in the message line and the log. */
static void
log_error(struct play *p, const char *why)
{
	play_set_msg(p, MSG_ERROR, "error: %s", why);
}

/* Logs and counts what a command set off; returns the lines added. */
static int
log_events(struct play *p, const struct events *ev)
{
	char text[LOGBUF_WIDTH];
	int k;

	for (k = 0; k < ev->n; k++) {
		const struct event *e = &ev->v[k];

		event_screen_text(p->sc, e, text, sizeof text);
		logbuf_add(p->log, event_log_kind(e->kind),
			   e->kind == EV_PLAYER_TURN ? e->side : -1, text);
		tally_event(p, e);
	}
	return ev->n;
}

/* The odds lines of an `odds` command (odds.h); returns the lines added. */
static int
log_odds(struct play *p, const struct command *c)
{
	char buf[ODDS_TEXT_MAX], *line, *save = NULL;
	int n = 0;

	if (odds_text(p->g, c->unit, c->target, buf, sizeof buf) < 0)
		return 0;
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save), n++)
		logbuf_add(p->log, LOG_EVENT, -1, line);
	return n;
}

void
play_show_replay(struct play *p, struct replay *r, int k)
{
	const struct events *ev;
	const struct game *g;
	int j, side;
	bool by_ai;

	assert(k >= 0 && k <= replay_length(r));
	logbuf_clear(p->log);
	memset(&p->tally, 0, sizeof p->tally);
	g = replay_state_at(r, 0, NULL);
	log_start(p, g, replay_seed(r));
	play_turn_clear(p, g);
	for (j = 1; j <= k; j++) {
		side = replay_mark(r, j - 1)->player;
		/* Solo: the computer's commands as it played them. */
		by_ai = p->ai_side >= 0 && ai_side_to_act(g) == p->ai_side;
		g = replay_state_at(r, j, &ev);
		p->g = g; /* what the recap starts the next turn from */
		if (by_ai)
			log_ai_command(p, p->ai_side, replay_command(r, j));
		else if (strncmp(replay_command(r, j), "say ", 4) != 0)
			log_command(p, side, replay_command(r, j));
		log_events(p, ev);
		/* What the next handoff recaps: since the last one. */
		play_turn_note(p, ev);
		if (replay_mark(r, j)->player == side)
			continue;
		if (p->ai_side >= 0 && side != p->ai_side)
			play_turn_forget(p, g);
		else
			play_recap_turn(p, side);
	}
	p->g = g;
	p->log_back = 0;
}

/*
 * A command of a shared game's seat: what the others added just before is
 * logged as events; c itself is the caller's to log.  0, or -1 with why.
 */
static int
shared_play(struct play *p, const struct command *c, char *why, size_t whylen)
{
	struct command mine = *c;
	struct events other;
	enum session_result r;

	if (p->stopped[0] != '\0') {
		snprintf(why, whylen, "%s", p->stopped);
		return -1;
	}
	events_init(&other);
	r = shared_apply(p->shared, &mine, &other, &p->ev, why, whylen);
	log_events(p, &other);
	events_done(&other);
	return r == SESSION_OK ? 0 : -1;
}

void
play_set_shared(struct play *p, struct shared *sh)
{
	struct shared_presence who;

	p->shared = sh;
	p->seat_held[0] = p->seat_held[1] = -1; /* no news of the start */
	play_update_seats(p);
	if (shared_side(sh) != p->g->player)
		focus_first_unit(p); /* nothing of the other side selected */
	/* Resumed at a handoff that is not to this seat: nothing to pass. */
	if (p->mode == PLAY_HANDOFF && shared_side(sh) != p->g->player) {
		p->mode = p->recap_back;
		p->recap_at = -1;
	}
	if (shared_side(sh) == SHARED_WATCHER)
		play_set_msg(p, MSG_INFO,
			     "Watching %s: you can look around, "
			     "but not play",
			     shared_name(sh));
	else if (shared_presence(sh, &who), who.held[0] && who.held[1])
		play_set_msg(p, MSG_INFO, "Playing %s in %s",
			     p->sc->sides[shared_side(sh)].key,
			     shared_name(sh));
	else {
		char text[LOGBUF_WIDTH];

		play_set_msg(p, MSG_INFO,
			     "Playing %s in %s; the other side "
			     "joins with: ancients --join %s",
			     p->sc->sides[shared_side(sh)].key, shared_name(sh),
			     shared_name(sh));
		snprintf(text, sizeof text,
			 "Shared game %s: the other side "
			 "joins with ancients --join %s, others watch with "
			 "ancients --watch %s",
			 shared_name(sh), shared_name(sh), shared_name(sh));
		logbuf_add(p->log, LOG_NOTICE, -1, text);
	}
}

/*
 * Says in the log when a player leaves or takes a side: the status
 * line's "(free)" alone is easy to miss, and a player waiting for the
 * other side's move should know that nobody is there to make it.
 */
static void
seats_news(struct play *p, const struct shared_presence *who)
{
	char text[LOGBUF_WIDTH];
	int i;

	for (i = 0; i < 2; i++) {
		const char *side = p->sc->sides[i].name;

		if (p->seat_held[i] > 0 && !who->held[i]) {
			if (p->g->over)
				snprintf(text, sizeof text, "%.32s (%.40s) left",
					 p->seat_login[i], side);
			else
				snprintf(text, sizeof text,
					 "%.32s left: %.40s is free; "
					 "ancients --join %s takes it",
					 p->seat_login[i], side,
					 shared_name(p->shared));
			logbuf_add(p->log, LOG_NOTICE, i, text);
		} else if (p->seat_held[i] == 0 && who->held[i]) {
			snprintf(text, sizeof text, "%.32s plays %.40s",
				 who->login[i], side);
			logbuf_add(p->log, LOG_NOTICE, i, text);
		}
		p->seat_held[i] = who->held[i];
		if (who->held[i])
			snprintf(p->seat_login[i], sizeof p->seat_login[i],
				 "%s", who->login[i]);
	}
}

bool
play_update_seats(struct play *p)
{
	struct shared_presence who;
	char seats[sizeof p->seats];
	int i, n = 0;

	/* "alice/bob 2 watching", "(free)/bob": short, for 80 columns. */
	shared_presence(p->shared, &who);
	for (i = 0; i < 2; i++)
		n += snprintf(seats + n, sizeof seats - (size_t)n, "%s%.10s",
			      i > 0 ? "/" : "",
			      who.held[i] ? who.login[i] : "(free)");
	if (who.watchers > 0)
		snprintf(seats + n, sizeof seats - (size_t)n, " %d watching",
			 who.watchers);
	seats_news(p, &who);
	if (strcmp(seats, p->seats) == 0)
		return false;
	memcpy(p->seats, seats, sizeof seats);
	return true;
}

bool
play_follow(struct play *p)
{
	char why[768], text[LOGBUF_WIDTH];
	size_t n0;
	int side, old_turn, r, lines = 0;
	bool changed = false, was_over = p->g->over;

	if (p->shared == NULL || p->stopped[0] != '\0')
		return false;
	old_turn = p->g->turn;
	side = p->g->player;
	for (;;) {
		int before = p->g->player, owner = before;
		char undone[LOGBUF_WIDTH] = "";
		size_t at;

		/* What an undo among the new lines would take back, and
		 * whose it is: the journal holds only "undo". */
		if (session_undo_target(p->s, &at)) {
			snprintf(undone, sizeof undone, "%s",
				 session_command(p->s, at));
			owner = session_command_side(p->s, at);
		}
		n0 = session_length(p->s);
		events_clear(&p->ev);
		r = shared_follow_n(p->shared, &p->ev, 1, why, sizeof why);
		if (r < 0) {
			snprintf(p->stopped, sizeof p->stopped, "%s", why);
			play_set_msg(p, MSG_ERROR, "the game stops here: %s",
				     why);
			return true;
		}
		if (r == 0)
			break;
		changed = true;
		if (session_length(p->s) < n0) {
			snprintf(text, sizeof text, "%.40s took back: %.120s",
				 p->sc->sides[owner].name, undone);
			logbuf_add(p->log, LOG_NOTICE, owner, text);
			play_turn_rebuild(p);
		} else {
			if (session_command_parsed(p->s, n0)->verb != VERB_SAY)
				log_command(p, before,
					    session_command(p->s, n0));
			play_turn_note(p, &p->ev);
		}
		lines += 1 + log_events(p, &p->ev);
	}
	if (!changed)
		return false;
	p->log_back = 0;
	play_update_deeds(p);
	if (p->g->player != side || p->g->turn != old_turn || p->g->over)
		focus_first_unit(p);
	else
		play_update_marks(p);
	/* "Rome to play" or the like, from before: the game is over. */
	if (p->g->over && !was_over)
		play_clear_msg(p);
	announce(p, side, old_turn);
	if (p->g->over && !was_over && !p->over_shown) {
		p->over_shown = true;
		play_open_page(p, PAGE_OVER);
	} else if (!p->g->over && p->g->player != side &&
		   p->g->player == shared_side(p->shared) && p->handoff &&
		   p->mode != PLAY_HANDOFF)
		play_handoff(p, side); /* our turn: what they did */
	(void)lines;
	return true;
}

/* The screen lines the newest n log lines take, wrapped as the log view
 * wraps them (panel_log_draw()). */
static int
log_screen_lines(const struct play *p, int n)
{
	struct wrap_span sp[1];
	int count = logbuf_count(p->log), i, rows = 0;

	if (p->log_cols <= 1)
		return n;
	for (i = count - n; i < count; i++)
		if (i >= 0)
			rows += wrap_text(logbuf_line(p->log, i, NULL, NULL),
					  p->log_cols - 1, sp, 1);
	return rows;
}

/*
 * play_apply(), for a person or (by_ai) the computer, whose command is
 * logged as "ai: COMMAND" and never opens the news page: its turn goes
 * by in the log.
 */
static int
apply_as(struct play *p, const struct command *c, bool by_ai)
{
	char cmd[LINE_MAX_CMD], why[768];
	int side, turn_side, old_turn, lines = 1;
	bool was_over;

	assert(p->s != NULL);
	if (p->shared != NULL)
		play_follow(p);
	side = turn_side = p->g->player;
	old_turn = p->g->turn;
	was_over = p->g->over;
	/* A shared game: the seat's own side, whoever is to act. */
	if (p->shared != NULL)
		side = shared_side(p->shared) < 2 ? shared_side(p->shared) : -1;
	command_format(p->sc, c, cmd, sizeof cmd);
	events_clear(&p->ev);
	p->news = false;
	/* A say shows as "> TEXT", its event ("> LOGIN: TEXT" shared). */
	if (by_ai)
		log_ai_command(p, ai_side_to_act(p->g), cmd);
	else if (c->verb != VERB_SAY)
		log_command(p, side, cmd);
	p->log_back = 0;
	/* The one way in: saved (if the session has a file) on return. */
	if (p->shared != NULL ? shared_play(p, c, why, sizeof why) != 0
			      : session_apply(p->s, c, &p->ev, why,
					      sizeof why) != SESSION_OK) {
		log_error(p, why);
		return -1;
	}
	/* A say is words: undo steps over it, and so does the count. */
	if (c->verb != VERB_DUMP && c->verb != VERB_ODDS &&
	    c->verb != VERB_SAY) {
		p->ai_since = by_ai ? p->ai_since + 1 : 0;
	}
	play_clear_msg(p);
	play_update_deeds(p);
	if (c->verb == VERB_DUMP) {
		char *buf = xmalloc(DUMP_MAX), *line, *save = NULL;

		game_dump(p->g, buf, DUMP_MAX);
		for (line = strtok_r(buf, "\n", &save); line != NULL;
		     line = strtok_r(NULL, "\n", &save), lines++)
			logbuf_add(p->log, LOG_EVENT, -1, line);
		free(buf);
	}
	if (c->verb == VERB_ODDS)
		lines += log_odds(p, c);
	lines += log_events(p, &p->ev);
	if (by_ai)
		p->ai_lines += lines;
	/* The journal's commands only: undo takes back the last of them. */
	if (c->verb != VERB_DUMP && c->verb != VERB_ODDS)
		play_turn_note(p, &p->ev);
	if (p->g->player != turn_side || p->g->turn != old_turn || p->g->over)
		focus_first_unit(p);
	else if (p->selected >= 0 && !p->g->units[p->selected].on_map)
		play_select(p, -1);
	else {
		p->push_armed = false;
		play_update_marks(p);
	}
	announce(p, turn_side, old_turn);
	if (!p->g->over && p->g->player != turn_side) {
		/* Hot-seat: the recap says what the news would.  A shared
		 * seat's player sees it when the turn comes back, and so
		 * does the person in a solo game (play_ai_done()). */
		if (p->ai_side >= 0) {
			/* The recap is of the computer's whole turn (not
			 * of the person's, played by `ai`). */
			if (by_ai && turn_side == p->ai_side)
				p->ai_handback = true;
			else
				play_turn_forget(p, p->g);
		} else if (p->handoff && p->shared == NULL) {
			play_handoff(p, turn_side);
			return 0;
		} else
			play_recap_turn(p, turn_side);
	}
	if (p->g->over && !was_over && !p->over_shown) {
		/* The computer's turn that ended the game gets its recap,
		 * on the end page: no turn comes back to show it. */
		if (by_ai && p->ai_side >= 0 && turn_side == p->ai_side) {
			play_recap_turn(p, turn_side);
			p->over_recap = true;
		}
		p->over_shown = true;
		play_open_page(p, PAGE_OVER);
	} else if (!by_ai && log_screen_lines(p, lines) > p->log_rows)
		play_show_news(p, lines);
	return 0;
}

int
play_apply(struct play *p, const struct command *c)
{
	return apply_as(p, c, false);
}

/* The unit a command is about, or -1. */
static int
command_unit(const struct play *p, const struct command *c)
{
	if (c->verb == VERB_GENERAL)
		return p->g->generals[c->general].unit;
	return c->unit >= 0 && c->unit < p->g->nunits ? c->unit : -1;
}

/*
 * Counts the computer's commands at the journal's end (a resumed solo
 * game, or one taken back to before the person's last command): those
 * made where its side was to act.
 */
static void
count_ai_tail(struct play *p)
{
	struct replay *r;
	int j;

	p->ai_since = 0;
	if (p->ai_side < 0 || p->s == NULL || session_length(p->s) == 0)
		return;
	r = replay_new(p->s);
	for (j = replay_length(r); j > 0; j--) {
		if (session_command_parsed(p->s, (size_t)j - 1)->verb ==
		    VERB_SAY)
			continue; /* undo steps over it */
		if (ai_side_to_act(replay_state_at(r, j - 1, NULL)) !=
		    p->ai_side)
			break;
		p->ai_since++;
	}
	replay_free(r);
}

void
play_set_ai(struct play *p, int side, int level)
{
	p->ai_side = side;
	p->ai_level = level;
	count_ai_tail(p);
}

bool
play_ai_due(const struct play *p)
{
	int side;

	if (p->s == NULL || p->viewer || p->g->over ||
	    (p->mode != PLAY_MAP && p->mode != PLAY_PROMPT))
		return false;
	side = ai_side_to_act(p->g);
	return side >= 0 && (side == p->ai_side || side == p->ai_once);
}

int
play_ai_step(struct play *p)
{
	struct command c;
	int side = ai_side_to_act(p->g), u;

	if (side < 0)
		return -1;
	p->ai_busy = true;
	if (p->ai[side] == NULL)
		p->ai[side] = ai_new(AI_SEARCH, p->ai_level,
				     ai_seed_for(session_seed(p->s), side));
	if (ai_choose(p->ai[side], p->g, &c) != 0) {
		play_set_msg(p, MSG_ERROR,
			     "error: the computer found no "
			     "command to play");
		return -1;
	}
	u = command_unit(p, &c);
	if (apply_as(p, &c, true) != 0)
		return -1;
	/* `ai` plays until the other side must act, even when that side is
	 * the computer's own: its turn follows, then the person's. */
	if (p->ai_once >= 0 && ai_side_to_act(p->g) != p->ai_once)
		p->ai_once = -1;
	/* The cursor shows the unit that acted. */
	p->ai_unit = u;
	if (u >= 0 && p->g->units[u].on_map && !p->g->over) {
		p->cursor = p->g->units[u].hex;
		if (play_own_unit(p, u))
			play_select(p, u);
	}
	return 0;
}

void
play_ai_done(struct play *p)
{
	const struct game *g = p->g;
	int lines = p->ai_lines;
	bool back = p->ai_handback;

	p->ai_busy = false;
	p->ai_once = -1;
	p->ai_unit = -1;
	p->ai_lines = 0;
	p->ai_handback = false;
	/* `ai` typed in a two-player game that ended the turn: the handoff
	 * is open and recaps it; What happened over it would hide whose
	 * turn it is. */
	if (g->over || p->msg_kind == MSG_ERROR || play_ai_due(p) ||
	    p->mode == PLAY_HANDOFF)
		return;
	focus_first_unit(p);
	/* The turn came back: the handoff's recap of what the computer
	 * did, as a hot-seat player gets of the other's turn.  Else (no
	 * handoffs, or a decision within its turn) What happened shows it
	 * over the map when the log cannot. */
	if (back && p->handoff && p->shared == NULL) {
		play_handoff(p, p->ai_side);
		return;
	}
	if (log_screen_lines(p, lines) > p->log_rows)
		play_show_news(p, lines);
	if (p->ai_side >= 0 && !g->choosing && g->noffers == 0)
		play_set_msg(p, MSG_INFO,
			     "The computer has played: your turn, turn %d, "
			     "%s phase",
			     g->turn, phase_name(g->phase));
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
	if (p->shared != NULL)
		play_follow(p);
	old_player = p->g->player;
	old_turn = p->g->turn;
	old_phase = p->g->phase;
	/* One line per undo, the same in the log and the message line. */
	p->log_back = 0;
	p->news = false;
	/* Solo: the computer's commands after the person's last go first,
	 * by the same rules (none of them may have rolled dice), all or
	 * none. */
	if (p->ai_since > 0 && p->shared == NULL &&
	    session_can_undo(p->s, (size_t)p->ai_since + 1, why, sizeof why) !=
		0) {
		play_set_msg(p, MSG_ERROR,
			     "error: the computer has played since your last "
			     "command: %s",
			     why);
		return -1;
	}
	while (p->ai_since > 0 && p->shared == NULL) {
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
		logbuf_add(p->log, LOG_NOTICE, -1, text);
		p->ai_since--;
	}
	/* The command undo takes back: the last that is no say. */
	last[0] = '\0';
	stepped = false;
	if (session_undo_target(p->s, &at)) {
		snprintf(last, sizeof last, "%s", session_command(p->s, at));
		stepped = at + 1 < session_length(p->s);
	}
	if (p->shared != NULL) {
		struct events other;
		int r;

		events_init(&other);
		r = shared_undo(p->shared, &other, why, sizeof why);
		log_events(p, &other);
		events_done(&other);
		if (r != 0) {
			log_error(p, why);
			return -1;
		}
	} else if (session_undo(p->s, why, sizeof why) != 0) {
		log_error(p, why);
		return -1;
	}
	/* The game was rebuilt in place: p->g is good, the view is not. */
	count_ai_tail(p);
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
	logbuf_add(p->log, LOG_NOTICE, p->g->player, text);
	if (command_parse(p->sc, last, &c, why, sizeof why) == 1)
		u = c.verb == VERB_GENERAL ? p->g->generals[c.general].unit
					   : c.unit;
	if (play_own_unit(p, u)) {
		p->cursor = p->g->units[u].hex;
		play_select(p, u);
	} else
		focus_first_unit(p);
	/* A decision taken back is asked again. */
	if (play_question(p, why, sizeof why))
		play_set_msg(p, MSG_INFO, "%s", why);
	else
		play_set_msg(p, MSG_INFO, "%s", text);
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
	p->page_back = p->mode == PLAY_PROMPT || p->mode == PLAY_HANDOFF
			   ? p->mode
			   : PLAY_MAP;
	p->mode = PLAY_CONFIRM_QUIT;
	if (unsaved)
		play_set_msg(p, MSG_INFO,
			     "Quit? This game has no save file (save NAME "
			     "keeps it). y quits, n plays on");
	else if (p->shared != NULL && shared_side(p->shared) == SHARED_WATCHER)
		play_set_msg(p, MSG_INFO,
			     "Stop watching %s? y quits, n watches on",
			     shared_name(p->shared));
	else if (p->shared != NULL) /* what the exit line says too */
		play_set_msg(p, MSG_INFO,
			     "Quit? Sit down again with ancients --join %s. "
			     "y quits, n plays on",
			     shared_name(p->shared));
	else if (session_length(p->s) == 0)
		play_set_msg(p, MSG_INFO,
			     "Quit? Nothing was played yet. y quits, n plays "
			     "on");
	else
		play_set_msg(p, MSG_INFO,
			     "Quit? The game is saved either way (ancients "
			     "--resume). y quits, n plays on");
}
