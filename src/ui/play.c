/*
 * The game as the screen plays it (see play.h): the play's life, the
 * highlights, applying commands, pages and prompt lines.  What keys do is
 * in playkeys.c.  Modes:
 *
 *	PLAY_MAP ──:──▶ PLAY_PROMPT ──Esc──▶ PLAY_MAP
 *	PLAY_MAP ──p, M──▶ PLAY_FACING ──facing key──▶ (command) PLAY_MAP
 *	any ──q, quit──▶ PLAY_CONFIRM_QUIT (only while play_unsaved())
 *	any ──?, r, B, news, end──▶ PLAY_PAGE ──key──▶ PLAY_MAP
 *
 * A page or a question always goes back to the map, also when the prompt
 * opened it: the prompt line says "press : to type a command" under it,
 * and that is what the next key does.
 *
 * Every action, typed or pressed, becomes a struct command and goes
 * through play_apply(), which hands its canonical line to the session:
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

#include "session/replay.h"
#include "session/session.h"
#include "core/game.h"
#include "core/map.h"
#include "core/odds.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "core/xmalloc.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"

#define LEGAL_MAX 4096	 /* legal commands looked at for push marks */
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

/* Puts the cursor on and selects the first unit with work, if any. */
static void
focus_first_unit(struct play *p)
{
	int u;

	p->selected = -1;
	u = play_next_unit(p, 1);
	if (u >= 0) {
		p->cursor = p->g->units[u].hex;
		play_select(p, u);
	} else
		play_select(p, -1);
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
	p->cursor.col = p->cursor.row = 1;
	p->log_rows = 1;
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

	p->s = s;
	if (session_length(s) == 0) {
		p->g = g;
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
	replay_free(r);
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
	free(p);
}

/* --- Highlights of the selected unit --- */

static void
mark_hex(struct play *p, struct hex h, enum theme_mark m)
{
	if (map_contains(&p->sc->map, h))
		p->mark[map_index(&p->sc->map, h)] = (unsigned char)m;
}

/* Push marks: the legal pushes of the unit whose push window is open. */
static void
mark_pushes(struct play *p, int u)
{
	struct command *legal = xcalloc(LEGAL_MAX, sizeof *legal);
	int n = game_legal_commands(p->g, legal, LEGAL_MAX), k;

	for (k = 0; k < n; k++) {
		if (legal[k].verb != VERB_PUSH || legal[k].unit != u)
			continue;
		if (legal[k].action == VERB_MOVE)
			mark_hex(p, legal[k].hex, MARK_MOVE);
		else if (legal[k].action == VERB_CHARGE)
			p->target[legal[k].target] = true;
	}
	free(legal);
}

void
play_update_marks(struct play *p)
{
	const struct game *g = p->g;
	const struct map *m = &p->sc->map;
	int cells = m->width * m->height, u = p->selected, n, k, i;
	const struct unit *un;
	const struct unit_type *t;
	struct move_option *mo;
	struct charge_option co[256];
	struct hex arc[64];
	int tg[64];

	memset(p->mark, MARK_NONE, (size_t)cells);
	memset(p->face, -1, (size_t)cells);
	memset(p->target, 0, (size_t)g->nunits * sizeof *p->target);
	if (u < 0 || !g->units[u].on_map)
		return;
	un = &g->units[u];
	t = game_unit_type(g, u);
	for (i = 0; i < DIR_COUNT; i++) {
		struct hex h = hex_neighbour(un->hex, (enum dir)i);

		if (map_contains(m, h))
			p->face[map_index(m, h)] =
			    (signed char)facing_face_of_dir(un->facing,
							    (enum dir)i);
	}
	if (p->push_armed) {
		mark_pushes(p, u);
		return;
	}
	if ((g->phase == PHASE_SHOOTING || un->side != g->player) &&
	    (game_unit_traits(g, u) & TRAIT_MISSILE) && t->missile_range > 0) {
		n = hex_arc(un->hex, un->facing, t->missile_range, arc, 64);
		for (k = 0; k < n; k++)
			mark_hex(p, arc[k], MARK_ARC);
	}
	if (un->side != g->player)
		return;
	switch (g->phase) {
	case PHASE_MOVEMENT:
		mo = xcalloc((size_t)cells, sizeof *mo);
		n = game_move_options(g, u, mo, cells);
		for (k = 0; k < n; k++)
			mark_hex(p, mo[k].hex, MARK_MOVE);
		free(mo);
		n = game_charge_options(g, u, co, 256);
		for (k = 0; k < n; k++)
			p->target[co[k].target] = true;
		if (g->push_unit == u && !un->pushed)
			mark_pushes(p, u);
		break;
	case PHASE_SHOOTING:
		n = game_shoot_targets(g, u, tg, 64);
		for (k = 0; k < n; k++)
			p->target[tg[k]] = true;
		break;
	case PHASE_COMBAT:
		n = game_attack_targets(g, u, tg, 64);
		for (k = 0; k < n; k++)
			p->target[tg[k]] = true;
		break;
	default:
		break;
	}
}

/* --- What each unit did this player-turn --- */

/* The journal of the game on show: the session's, or the viewer's up to
 * the state on show. */
static int
journal_length(const struct play *p)
{
	if (p->viewer)
		return p->view_k;
	return p->s != NULL ? (int)session_length(p->s) : 0;
}

static const char *
journal_command(const struct play *p, int i)
{
	return p->viewer ? replay_command(p->replay, i + 1)
			 : session_command(p->s, (size_t)i);
}

/*
 * The engine's flags say that a unit made its movement action (acted) or
 * pushed, not which: the last move, pivot or charge of the unit in the
 * journal, and its last push, are this player-turn's, since the flags
 * were cleared when it began.  Read back from the newest command until
 * every flagged unit is known.
 */
void
play_update_deeds(struct play *p)
{
	const struct game *g = p->g;
	struct unit_deeds *d;
	struct command c;
	char why[256];
	int u, i, need = 0;

	for (u = 0; u < p->sc->nunits; u++) {
		d = &p->deeds[u];
		d->action = d->push = VERB_COUNT;
		d->action_target = d->push_target = -1;
		if (g != NULL && u < g->nunits)
			need += g->units[u].acted + g->units[u].pushed;
	}
	for (i = journal_length(p) - 1; i >= 0 && need > 0; i--) {
		if (command_parse(p->sc, journal_command(p, i), &c, why,
				  sizeof why) != 1 ||
		    c.unit < 0 || c.unit >= g->nunits)
			continue;
		d = &p->deeds[c.unit];
		switch (c.verb) {
		case VERB_MOVE:
		case VERB_PIVOT:
		case VERB_CHARGE:
			if (g->units[c.unit].acted && d->action == VERB_COUNT) {
				d->action = c.verb;
				d->action_target = c.target;
				need--;
			}
			break;
		case VERB_PUSH:
			if (g->units[c.unit].pushed && d->push == VERB_COUNT) {
				d->push = c.action;
				d->push_target = c.target;
				need--;
			}
			break;
		default:
			break;
		}
	}
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
	p->mode = PLAY_PAGE;
	p->page = page;
	p->page_top = 0;
}

void
play_close_page(struct play *p)
{
	p->mode = PLAY_MAP;
	if (p->g->over && !p->over_shown) {
		p->over_shown = true;
		play_open_page(p, PAGE_OVER);
	}
}

/* What a turn or a decision now asks of the players, after a command. */
static void
announce(struct play *p, int old_player, int old_turn)
{
	const struct game *g = p->g;

	if (g->over)
		return;
	if (g->choosing)
		play_set_msg(p, MSG_INFO,
			     "%s seized the initiative: press 1 to "
			     "move first or 2 to move second",
			     p->sc->sides[g->player].name);
	else if (g->noffers > 0) {
		char to[HEX_NAME_SIZE];

		hex_format(g->offers[0].to, to);
		play_set_msg(p, MSG_INFO,
			     "%s may advance into %s: A advance, "
			     "H hold",
			     play_uid(p, g->offers[0].unit), to);
	} else if (g->player != old_player || g->turn != old_turn)
		play_set_msg(p, MSG_INFO, "%s to play: turn %d, movement",
			     p->sc->sides[g->player].name, g->turn);
}

/* Logs a command as side gave it: "Rome> move leg1 0405". */
static void
log_command(struct play *p, int side, const char *cmd)
{
	char text[LOGBUF_WIDTH];

	snprintf(text, sizeof text, "%.40s> %.180s", p->sc->sides[side].name,
		 cmd);
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

		event_format(p->sc, e, text, sizeof text);
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

	assert(k >= 0 && k <= replay_length(r));
	logbuf_clear(p->log);
	memset(&p->tally, 0, sizeof p->tally);
	g = replay_state_at(r, 0, NULL);
	log_start(p, g, replay_seed(r));
	for (j = 1; j <= k; j++) {
		side = replay_mark(r, j - 1)->player;
		g = replay_state_at(r, j, &ev);
		log_command(p, side, replay_command(r, j));
		log_events(p, ev);
	}
	p->g = g;
	p->log_back = 0;
}

int
play_apply(struct play *p, const struct command *c)
{
	char cmd[LINE_MAX_CMD], why[768];
	int side = p->g->player, old_turn = p->g->turn, lines = 1;
	bool was_over = p->g->over;

	assert(p->s != NULL);
	command_format(p->sc, c, cmd, sizeof cmd);
	events_clear(&p->ev);
	log_command(p, side, cmd);
	p->log_back = 0;
	/* The one way in: saved (if the session has a file) on return. */
	if (session_apply(p->s, c, &p->ev, why, sizeof why) != SESSION_OK) {
		log_error(p, why);
		return -1;
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
	if (p->g->player != side || p->g->turn != old_turn || p->g->over)
		focus_first_unit(p);
	else if (p->selected >= 0 && !p->g->units[p->selected].on_map)
		play_select(p, -1);
	else {
		p->push_armed = false;
		play_update_marks(p);
	}
	announce(p, side, old_turn);
	if (lines > p->log_rows) {
		p->news_count = lines;
		play_open_page(p, PAGE_NEWS);
	} else if (p->g->over && !was_over && !p->over_shown) {
		p->over_shown = true;
		play_open_page(p, PAGE_OVER);
	}
	return 0;
}

int
play_undo(struct play *p)
{
	char why[768], last[LINE_MAX_CMD], text[LOGBUF_WIDTH];
	size_t n = session_length(p->s);
	int side = p->g->player, u = -1;
	struct command c;

	log_command(p, side, "undo");
	p->log_back = 0;
	last[0] = '\0';
	if (n > 0)
		snprintf(last, sizeof last, "%s", session_command(p->s, n - 1));
	if (session_undo(p->s, why, sizeof why) != 0) {
		log_error(p, why);
		return -1;
	}
	/* The game was rebuilt in place: p->g is good, the view is not. */
	events_clear(&p->ev);
	play_update_deeds(p);
	snprintf(text, sizeof text, "Undone: %s", last);
	logbuf_add(p->log, LOG_NOTICE, side, text);
	if (command_parse(p->sc, last, &c, why, sizeof why) == 1)
		u = c.verb == VERB_GENERAL ? p->g->generals[c.general].unit
					   : c.unit;
	if (play_own_unit(p, u)) {
		p->cursor = p->g->units[u].hex;
		play_select(p, u);
	} else
		focus_first_unit(p);
	play_set_msg(p, MSG_INFO, "Took back %s", last);
	return 0;
}

bool
play_unsaved(const struct play *p)
{
	return p->s != NULL && session_path(p->s) == NULL &&
	       session_length(p->s) > 0;
}

void
play_request_quit(struct play *p)
{
	if (play_unsaved(p) && !p->g->over) {
		p->mode = PLAY_CONFIRM_QUIT;
		play_set_msg(p, MSG_INFO,
			     "The game is not saved.  Quit anyway? "
			     "(y/n)");
	} else
		p->quit = true;
}

/* The next word of a line, lower-cased or not, and where the rest starts. */
static const char *
take_word(const char *line, char *word, size_t len, bool lower)
{
	size_t n = 0;

	while (*line == ' ' || *line == '\t')
		line++;
	while (*line != '\0' && *line != ' ' && *line != '\t' && *line != '#' &&
	       *line != '\r' && *line != '\n') {
		if (n + 1 < len)
			word[n++] =
			    lower ? (char)tolower((unsigned char)*line) : *line;
		line++;
	}
	word[n] = '\0';
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/* goto HEX and select UNIT: the prompt's way to aim the cursor. */
static int
aim_command(struct play *p, bool select, const char *rest)
{
	char arg[32], extra[32];
	struct hex h;
	int u;

	rest = take_word(rest, arg, sizeof arg, false);
	take_word(rest, extra, sizeof extra, false);
	if (arg[0] == '\0' || extra[0] != '\0') {
		play_set_msg(p, MSG_ERROR, "error: %s takes one %s",
			     select ? "select" : "goto",
			     select ? "unit ID" : "hex (CCRR)");
		return -1;
	}
	if (select) {
		u = scenario_find_unit(p->sc, arg);
		if (u < 0) {
			play_set_msg(p, MSG_ERROR, "error: there is no unit %s",
				     arg);
			return -1;
		}
		if (!p->g->units[u].on_map) {
			play_set_msg(p, MSG_ERROR,
				     "error: %s is no longer on the "
				     "map",
				     arg);
			return -1;
		}
		p->cursor = p->g->units[u].hex;
		play_select(p, u);
		play_set_msg(p, MSG_INFO, "%s selected", arg);
		return 0;
	}
	if (hex_parse(arg, &h) != 0 || !map_contains(&p->sc->map, h)) {
		play_set_msg(p, MSG_ERROR, "error: %s is not a hex of this map",
			     arg);
		return -1;
	}
	p->cursor = h;
	return 0;
}

/* Whether two paths name one file (both exist). */
static bool
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return true;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/*
 * save: the game is saved as it goes; this writes it now and says where.
 * save NAME: a copy as the save NAME (a name, never a path), while the
 * game goes on saving to its own file.
 */
static int
save_command(struct play *p, const char *rest)
{
	char name[LINEEDIT_MAX], extra[LINEEDIT_MAX], path[4096], err[512];
	const char *own = session_path(p->s);

	rest = take_word(rest, name, sizeof name, false);
	take_word(rest, extra, sizeof extra, false);
	if (extra[0] != '\0') {
		play_set_msg(p, MSG_ERROR,
			     "error: save takes at most one word, a name");
		return -1;
	}
	if (name[0] == '\0') {
		if (own == NULL) {
			play_set_msg(p, MSG_ERROR,
				     "error: this game has no save file: "
				     "give it a name (save NAME)");
			return -1;
		}
		snprintf(path, sizeof path, "%s", own);
		if (session_set_file(p->s, path, err, sizeof err) != 0) {
			log_error(p, err);
			return -1;
		}
		play_set_msg(p, MSG_INFO, "Saved as %s", path);
	} else {
		if (session_save_as(p->s, name, path, sizeof path, err,
				    sizeof err) != 0) {
			play_set_msg(p, MSG_ERROR, "error: %s", err);
			return -1;
		}
		if (own != NULL && same_file(path, own))
			/* The name of the game's own save: no copy. */
			play_set_msg(p, MSG_INFO, "Saved as %s", path);
		else if (own != NULL)
			play_set_msg(p, MSG_INFO,
				     "Saved a copy as %s; the game goes on "
				     "saving to %s",
				     path, own);
		else
			play_set_msg(p, MSG_INFO, "Saved a copy as %s", path);
	}
	logbuf_add(p->log, LOG_NOTICE, -1, p->msg);
	return 0;
}

int
play_line(struct play *p, const char *line)
{
	struct command c;
	char word[16], err[256];
	const char *rest = take_word(line, word, sizeof word, true);
	int r, side;

	if (strcmp(word, "help") == 0 || strcmp(word, "?") == 0 ||
	    strcmp(word, "keys") == 0) {
		play_open_page(p, PAGE_HELP);
		return 0;
	}
	if (strcmp(word, "rules") == 0) {
		play_open_page(p, PAGE_RULES);
		return 0;
	}
	if (strcmp(word, "briefing") == 0) {
		play_open_page(p, PAGE_BRIEFING);
		return 0;
	}
	if (strcmp(word, "quit") == 0 || strcmp(word, "q") == 0 ||
	    strcmp(word, "exit") == 0) {
		play_request_quit(p);
		return 0;
	}
	if (strcmp(word, "goto") == 0 || strcmp(word, "select") == 0)
		return aim_command(p, word[0] == 's', rest);
	if (strcmp(word, "undo") == 0) {
		take_word(rest, word, sizeof word, false);
		if (word[0] != '\0') {
			play_set_msg(p, MSG_ERROR,
				     "error: undo takes no words");
			return -1;
		}
		return play_undo(p);
	}
	if (strcmp(word, "save") == 0)
		return save_command(p, rest);
	r = command_parse(p->sc, line, &c, err, sizeof err);
	if (r == 0)
		return 0;
	if (r < 0) {
		play_set_msg(p, MSG_ERROR, "error: %s", err);
		return -1;
	}
	if (c.verb == VERB_DICE) {
		play_set_msg(
		    p, MSG_ERROR,
		    "error: dice is for batch mode and "
		    "tests; at the prompt the dice are rolled for you");
		return -1;
	}
	side = p->g->player;
	if (play_apply(p, &c) != 0)
		return -1;
	/* A typed action: the cursor follows the unit that acted. */
	if (p->g->player == side && !p->g->over && c.unit >= 0 &&
	    c.verb != VERB_GENERAL && c.verb != VERB_HOLD &&
	    c.verb != VERB_DUMP && c.verb != VERB_ODDS &&
	    play_own_unit(p, c.unit)) {
		p->cursor = p->g->units[c.unit].hex;
		if (p->selected != c.unit)
			play_select(p, c.unit);
	}
	return 0;
}

void
play_page_text(const struct play *p, const struct theme *th, struct text *out)
{
	int n, i;
	enum logbuf_kind kind;
	int side;
	const char *line;

	switch (p->page) {
	case PAGE_BRIEFING:
		describe_briefing(p->sc, out);
		break;
	case PAGE_HELP:
		describe_help(th, out);
		break;
	case PAGE_RULES:
		describe_rules(p->sc, out);
		break;
	case PAGE_NEWS:
		n = logbuf_count(p->log);
		for (i = n - p->news_count; i < n; i++) {
			if (i < 0)
				continue;
			line = logbuf_line(p->log, i, &kind, &side);
			text_add(out,
				 kind == LOG_NOTICE    ? ROLE_TITLE
				 : kind == LOG_COMMAND ? ROLE_LOG_COMMAND
				 : kind == LOG_ERROR   ? ROLE_ERROR
						       : ROLE_TEXT,
				 "%s", line);
		}
		break;
	case PAGE_OVER:
		describe_end(p->g, &p->tally, out);
		break;
	}
}

/*
 * A hint of width columns at most: "LEAD: item, item, ..., TAIL".  Items
 * come most useful first and the last of them go when the line is short,
 * each only after the shorter lead was tried; the tail always stays.
 */
static void
fit_hint(char *buf, size_t len, int width, const char *lead,
	 const char *short_lead, const char *const *items, int n,
	 const char *tail)
{
	const char *leads[2] = { lead, short_lead };
	size_t used;
	int k, l, i;

	for (k = n; k >= 0; k--)
		for (l = 0; l < 2; l++) {
			if (leads[l] == NULL)
				continue;
			snprintf(buf, len, "%s: ", leads[l]);
			for (i = 0; i < k; i++) {
				used = strlen(buf);
				snprintf(buf + used, len - used, "%s, ",
					 items[i]);
			}
			used = strlen(buf);
			snprintf(buf + used, len - used, "%s", tail);
			if (text_width(buf, strlen(buf)) <= width)
				return;
		}
	snprintf(buf, len, "%s", tail);
}

#define NITEMS(a) ((int)(sizeof(a) / sizeof(a)[0]))

void
play_hint(const struct play *p, int width, char *buf, size_t len)
{
	const struct game *g = p->g;
	const char *side = p->sc->sides[g->player].name;
	char lead[96];

	if (p->mode == PLAY_PAGE) {
		snprintf(buf, len,
			 "up/down, PgUp/PgDn scroll; any other key goes back "
			 "to the map");
		return;
	}
	if (p->viewer) {
		snprintf(buf, len,
			 p->mode == PLAY_PROMPT
			     ? "type a turn number and Enter; Esc cancels"
			     : "a replay: nothing here changes the game");
		return;
	}
	switch (p->mode) {
	case PLAY_FACING:
		snprintf(buf, len,
			 "%s %s: which facing? y=NW k=N u=NE b=SW "
			 "j=S n=SE (Esc cancels)",
			 p->ask_verb == VERB_PIVOT ? "pivot" : "move",
			 p->selected >= 0 ? play_uid(p, p->selected) : "");
		return;
	case PLAY_CONFIRM_QUIT:
		snprintf(buf, len, "Quit anyway? (y/n)");
		return;
	case PLAY_PROMPT: {
		static const char *const items[] = { "Enter runs",
						     "Tab completes",
						     "Esc back to the map",
						     "Up recalls" };

		fit_hint(buf, len, width, "type a command", NULL, items,
			 NITEMS(items), "help lists them");
		return;
	}
	default:
		break;
	}
	if (g->over) {
		static const char *const items[] = { "q quits", "B briefing",
						     "PgUp scrolls the log" };

		fit_hint(buf, len, width, "the game is over", NULL, items,
			 NITEMS(items), "? help");
	} else if (g->choosing) {
		static const char *const items[] = { "1 move first",
						     "2 move second" };

		snprintf(lead, sizeof lead, "%s seized the initiative", side);
		fit_hint(buf, len, width, lead, "initiative", items,
			 NITEMS(items), "? help");
	} else if (g->noffers > 0) {
		static const char *const items[] = { "A advance", "H hold",
						     "Tab picks the unit" };

		snprintf(lead, sizeof lead, "%s may advance",
			 play_uid(p, g->offers[0].unit));
		fit_hint(buf, len, width, lead, "advance?", items,
			 NITEMS(items), "? help");
	} else if (p->push_armed) {
		static const char *const items[] = { "m move", "c charge",
						     "p pivot", "Esc cancels",
						     "M move+facing" };

		snprintf(lead, sizeof lead, "push %s",
			 play_uid(p, p->selected));
		fit_hint(buf, len, width, lead, "push", items, NITEMS(items),
			 "? help");
	} else if (g->phase == PHASE_MOVEMENT) {
		static const char *const items[] = { "Tab unit",    "m move",
						     "c charge",    "p pivot",
						     "E end phase", "P push" };

		snprintf(lead, sizeof lead, "%s moves", side);
		fit_hint(buf, len, width, lead, "movement", items,
			 NITEMS(items), "? help");
	} else if (g->phase == PHASE_SHOOTING) {
		static const char *const items[] = { "Tab unit",
						     "t next target", "s shoot",
						     "E end phase" };

		snprintf(lead, sizeof lead, "%s shoots", side);
		fit_hint(buf, len, width, lead, "shooting", items,
			 NITEMS(items), "? help");
	} else {
		static const char *const items[] = {
			"Tab unit", "t next target", "a attack", "E end phase"
		};

		snprintf(lead, sizeof lead, "%s fights", side);
		fit_hint(buf, len, width, lead, "combat", items, NITEMS(items),
			 "? help");
	}
}

void
play_prompt_label(const struct play *p, char *buf, size_t len)
{
	if (p->viewer)
		snprintf(buf, len, "%s",
			 p->mode == PLAY_PROMPT ? "Go to turn" : "Replay");
	else
		snprintf(buf, len, "%.24s", p->sc->sides[p->g->player].name);
}

const char *
play_prompt_idle(const struct play *p)
{
	return p->viewer ? "n p command, N P turn, g go to turn, Home End, "
			   "q quit"
			 : "press : to type a command, ? for help";
}
