/*
 * What the keys do (see play.h): the map view's keys as commands for the
 * selected unit and the cursor, the facing question, the prompt's line
 * editing (Tab's completion is the prompt language's, in playline.c),
 * and paging.  Every command goes through play_apply() in play.c.
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/map.h"
#include "core/cannot.h"
#include "core/odds.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"

static void
command_init(struct command *c, enum verb v)
{
	memset(c, 0, sizeof *c);
	c->verb = v;
	c->unit = c->target = c->general = -1;
}

/* The selected unit of the side to play, or -1 with a message why not. */
static int
actor(struct play *p)
{
	if (p->sel.unit < 0) {
		play_set_msg(p, MSG_ERROR,
			     "select one of your units first: put the "
			     "cursor on it and press Enter (or Tab)");
		return -1;
	}
	if (!play_own_unit(p, p->sel.unit)) {
		play_set_msg(p, MSG_ERROR, "%s is not %s's to command",
			     play_uid(p, p->sel.unit),
			     p->sc->sides[p->g->player].name);
		return -1;
	}
	return p->sel.unit;
}

/*
 * The selected unit, when a command of verb v may be given now at all;
 * else -1 with the reason (the engine's: the phase, a pending decision),
 * before the key asks for a facing or a cursor on an enemy.
 */
static int
actor_for(struct play *p, enum verb v)
{
	char why[256];

	if (game_verb_check(p->g, v, why, sizeof why) != 0) {
		play_set_msg(p, MSG_ERROR, "error: %s", why);
		return -1;
	}
	return actor(p);
}

/* The enemy under the cursor, or -1 with a message. */
static int
cursor_enemy(struct play *p, int u)
{
	int v = play_unit_at_cursor(p);

	if (v < 0 || p->g->units[v].side == p->g->units[u].side) {
		play_set_msg(p, MSG_ERROR,
			     "put the cursor on the enemy unit first");
		return -1;
	}
	return v;
}

/*
 * A push wraps the action: push UNIT ACTION ...  Played now for key 0
 * (Enter on a marked hex, a capital letter), else made ready for that
 * key (a lowercase letter: playtype.c).
 */
static void
apply_action(struct play *p, struct command *c, bool push, int key)
{
	if (push) {
		c->action = c->verb;
		c->verb = VERB_PUSH;
	}
	if (key != 0)
		play_ready(p, c, key);
	else
		play_apply(p, c);
}

static void
do_move(struct play *p, bool ask_facing, int key)
{
	struct command c;
	int u = ask_facing ? actor_for(p, VERB_MOVE) : actor(p);

	if (u < 0)
		return;
	if (ask_facing) {
		if (game_unit_type(p->g, u)->cls != CLASS_NIMBLE) {
			play_set_msg(p, MSG_ERROR,
				     "%s is formed and keeps its "
				     "facing as it moves: use m",
				     play_uid(p, u));
			return;
		}
		p->mode = PLAY_FACING;
		p->sel.ask_verb = VERB_MOVE;
		p->sel.ask_push = p->sel.push_armed;
		p->sel.ask_hex = p->sel.cursor;
		play_clear_msg(p);
		return;
	}
	command_init(&c, VERB_MOVE);
	c.unit = u;
	c.hex = p->sel.cursor;
	c.has_hex = true;
	apply_action(p, &c, p->sel.push_armed, key);
}

static void
do_charge(struct play *p, int key)
{
	struct command c;
	struct charge_option co[256];
	int u = actor_for(p, VERB_CHARGE), v, n, k, found = -1;

	if (u < 0)
		return;
	command_init(&c, VERB_CHARGE);
	c.unit = u;
	v = play_unit_at_cursor(p);
	if (v < 0 && !p->sel.push_armed) {
		/* On an empty hex: the charge that ends there, if just one. */
		n = game_charge_options(p->g, u, co, 256);
		for (k = 0; k < n; k++) {
			if (!hex_equal(co[k].hex, p->sel.cursor))
				continue;
			if (found >= 0 && co[k].target != found) {
				play_set_msg(
				    p, MSG_ERROR,
				    "more than one enemy may "
				    "be charged from %04d: put the cursor on "
				    "the one to charge",
				    p->sel.cursor.col * 100 +
					p->sel.cursor.row);
				return;
			}
			found = co[k].target;
		}
		if (found < 0) {
			play_set_msg(
			    p, MSG_ERROR,
			    "put the cursor on the enemy "
			    "to charge, or on a hex a charge may end in");
			return;
		}
		c.target = found;
		c.hex = p->sel.cursor;
		c.has_hex = true;
	} else {
		if ((v = cursor_enemy(p, u)) < 0)
			return;
		c.target = v;
	}
	apply_action(p, &c, p->sel.push_armed, key);
}

static void
do_target(struct play *p, enum verb verb, int key)
{
	struct command c;
	int u = actor_for(p, verb), v;

	if (u < 0 || (v = cursor_enemy(p, u)) < 0)
		return;
	command_init(&c, verb);
	c.unit = u;
	c.target = v;
	apply_action(p, &c, false, key);
}

/* The unit an advance or hold is for: the one the question names. */
static void
do_advance(struct play *p, enum verb verb)
{
	struct command c;
	int u = play_advance_unit(p);

	if (u < 0) {
		play_set_msg(p, MSG_ERROR, "no unit may advance now");
		return;
	}
	command_init(&c, verb);
	c.unit = u;
	play_apply(p, &c);
}

static void
do_general(struct play *p)
{
	struct command c;
	int u = actor(p), v;

	if (u < 0)
		return;
	if (p->g->units[u].general < 0) {
		play_set_msg(p, MSG_ERROR, "%s has no general with it",
			     play_uid(p, u));
		return;
	}
	v = play_unit_at_cursor(p);
	if (v < 0) {
		play_set_msg(p, MSG_ERROR,
			     "put the cursor on the unit the general "
			     "should join");
		return;
	}
	command_init(&c, VERB_GENERAL);
	c.general = p->g->units[u].general;
	c.unit = v;
	play_ready(p, &c, 'g');
}

static void
do_simple(struct play *p, enum verb verb)
{
	struct command c;

	command_init(&c, verb);
	play_apply(p, &c);
}

/* Enter on the map: act on a marked hex, or select. */
static void
do_select(struct play *p)
{
	int v = play_unit_at_cursor(p), u = p->sel.unit;
	const struct map *m = &p->sc->map;

	play_clear_msg(p);
	if (u >= 0 && play_own_unit(p, u) && map_contains(m, p->sel.cursor)) {
		if (v < 0 &&
		    p->marks.mark[map_index(m, p->sel.cursor)] == MARK_MOVE) {
			do_move(p, false, 0);
			return;
		}
		if (v >= 0 && p->marks.target[v]) {
			if (p->g->phase == PHASE_MOVEMENT)
				do_charge(p, 0);
			else
				do_target(p,
					  p->g->phase == PHASE_SHOOTING
					      ? VERB_SHOOT
					      : VERB_ATTACK,
					  0);
			return;
		}
	}
	/*
	 * Enter on the selected unit keeps it: the turn starts with a unit
	 * selected, and a new player's first Enter on it, meant to select
	 * it, took the selection and its marks away.
	 */
	if (v >= 0 && v == u)
		play_set_msg(p, MSG_INFO, "%s is selected; Esc drops it",
			     play_uid(p, v));
	else if (v >= 0) {
		play_select(p, v);
		play_set_msg(p, MSG_INFO, "%s selected", play_uid(p, v));
	} else
		play_select(p, -1);
}

/* i: the unit under the cursor selected, so that the panel shows its
 * card, whatever the selection could do to it (Enter might act). */
static void
show_card(struct play *p)
{
	int v = play_unit_at_cursor(p);

	if (v < 0) {
		play_set_msg(p, MSG_ERROR,
			     "no unit under the cursor: i shows a unit's card");
		return;
	}
	if (v != p->sel.unit)
		play_select(p, v);
	play_set_msg(p, MSG_INFO, "%s selected: its card is in the panel",
		     play_uid(p, v));
}

static void
move_cursor(struct play *p, struct hex h)
{
	if (map_contains(&p->sc->map, h))
		p->sel.cursor = h;
}

void
play_scroll_log(struct play *p, int delta)
{
	int most = logbuf_count(p->log.buf) - p->view.log_rows;

	p->log.back += delta;
	if (p->log.back > most)
		p->log.back = most;
	if (p->log.back < 0)
		p->log.back = 0;
}

bool
play_log_page_key(struct play *p, int key)
{
	if (key == KEYM_PPAGE)
		play_scroll_log(p, p->view.log_rows - 1);
	else if (key == KEYM_NPAGE)
		play_scroll_log(p, -(p->view.log_rows - 1));
	else
		return false;
	return true;
}

/* The cursor to the next marked enemy after the one under it. */
static void
next_target(struct play *p)
{
	int n = p->g->nunits, from = play_unit_at_cursor(p), i, v;

	if (p->sel.unit < 0) {
		play_set_msg(p, MSG_ERROR,
			     "nothing is selected: press Tab to select one "
			     "of your units");
		return;
	}
	if (!play_own_unit(p, p->sel.unit)) {
		play_set_msg(p, MSG_ERROR,
			     "%s is not %s's: Tab selects one of your units",
			     play_uid(p, p->sel.unit),
			     p->sc->sides[p->g->player].name);
		return;
	}
	if (from < 0)
		from = n - 1;
	for (i = 1; i <= n; i++) {
		v = (from + i) % n;
		if (p->marks.target[v] && p->g->units[v].on_map) {
			p->sel.cursor = p->g->units[v].hex;
			return;
		}
	}
	/* Why not, in the engine's words, with the rule and the fix. */
	if (p->g->phase == PHASE_SHOOTING || p->g->phase == PHASE_COMBAT) {
		struct cannot c;
		char why[2 * CANNOT_TEXT + 64];
		bool shoot = p->g->phase == PHASE_SHOOTING;

		if (shoot ? cannot_shoot(p->g, p->sel.unit, &c)
			  : cannot_attack(p->g, p->sel.unit, &c)) {
			cannot_format(&c, play_uid(p, p->sel.unit),
				      shoot ? "shoot" : "attack", why,
				      sizeof why);
			play_set_msg(p, MSG_ERROR, "%s", why);
			return;
		}
	}
	play_set_msg(p, MSG_ERROR,
		     "%s has no enemy to charge, shoot or "
		     "attack now",
		     play_uid(p, p->sel.unit));
}

static bool
map_key(struct play *p, int key)
{
	const struct key_binding *b = keymap_lookup(key);
	struct hex h;

	if (b == NULL) {
		if (key >= 0x20 && key < 0x7f)
			play_set_msg(p, MSG_ERROR,
				     "the key %c does nothing here; "
				     "press ? for the keys",
				     key);
		return false;
	}
	if (b->action != ACT_CURSOR && b->action != ACT_CURSOR_UP &&
	    b->action != ACT_CURSOR_DOWN)
		play_clear_msg(p);
	switch (b->action) {
	case ACT_NONE:
		return false;
	case ACT_CURSOR:
		move_cursor(p, hex_neighbour(p->sel.cursor, (enum dir)b->arg));
		break;
	case ACT_CURSOR_UP:
	case ACT_CURSOR_DOWN:
		h = p->sel.cursor;
		h.row += b->action == ACT_CURSOR_UP ? -1 : 1;
		move_cursor(p, h);
		break;
	case ACT_SELECT:
		do_select(p);
		break;
	case ACT_CANCEL:
		if (p->sel.push_armed) {
			p->sel.push_armed = false;
			play_update_marks(p);
			play_set_msg(p, MSG_INFO, "push cancelled");
		} else
			play_select(p, -1);
		break;
	case ACT_NEXT_UNIT:
	case ACT_PREV_UNIT: {
		int u = play_next_unit(p, b->action == ACT_NEXT_UNIT ? 1 : -1);

		if (u >= 0) {
			p->sel.cursor = p->g->units[u].hex;
			play_select(p, u);
		}
		break;
	}
	case ACT_NEXT_TARGET:
		next_target(p);
		break;
	case ACT_MOVE:
		do_move(p, false, key);
		break;
	case ACT_MOVE_FACING:
		do_move(p, true, 0);
		break;
	case ACT_CHARGE:
		do_charge(p, key);
		break;
	case ACT_PIVOT:
		if (actor_for(p, VERB_PIVOT) < 0)
			break;
		p->mode = PLAY_FACING;
		p->sel.ask_verb = VERB_PIVOT;
		p->sel.ask_push = p->sel.push_armed;
		break;
	case ACT_PUSH:
		if (actor(p) < 0)
			break;
		p->sel.push_armed = !p->sel.push_armed;
		play_update_marks(p);
		if (p->sel.push_armed)
			play_set_msg(p, MSG_INFO,
				     "push %s: now m, M, c or p (Esc "
				     "cancels)",
				     play_uid(p, p->sel.unit));
		break;
	case ACT_SHOOT:
		do_target(p, VERB_SHOOT, key);
		break;
	case ACT_ATTACK:
		do_target(p, VERB_ATTACK, key);
		break;
	case ACT_ADVANCE:
		do_advance(p, VERB_ADVANCE);
		break;
	case ACT_HOLD:
		do_advance(p, VERB_HOLD);
		break;
	case ACT_GENERAL:
		do_general(p);
		break;
	case ACT_FIRST:
		do_simple(p, VERB_FIRST);
		break;
	case ACT_SECOND:
		do_simple(p, VERB_SECOND);
		break;
	case ACT_END: {
		struct command c;

		/* Shown first, as m shows a move: a second E or Enter. */
		command_init(&c, VERB_END);
		play_ready(p, &c, key);
		break;
	}
	case ACT_UNDO:
		play_undo(p);
		break;
	case ACT_PROMPT:
		p->mode = PLAY_PROMPT;
		break;
	case ACT_HELP:
		play_open_page(p, PAGE_HELP);
		break;
	case ACT_RULES:
		play_open_page(p, PAGE_RULES);
		break;
	case ACT_BRIEFING:
		play_open_page(p, PAGE_BRIEFING);
		break;
	case ACT_LOG_OLDER:
		play_log_page_key(p, KEYM_PPAGE);
		break;
	case ACT_LOG_NEWER:
		play_log_page_key(p, KEYM_NPAGE);
		break;
	case ACT_LOG_ALL:
		play_show_log(p);
		break;
	case ACT_REDRAW:
		p->redraw = true;
		break;
	case ACT_QUIT:
		play_request_quit(p, false);
		break;
	case ACT_ZOOM:
		play_toggle_compact(p);
		break;
	case ACT_CARD:
		show_card(p);
		break;
	}
	return true;
}

void
play_toggle_compact(struct play *p)
{
	p->view.compact = !p->view.compact;
	p->view.compact_chosen = true;
	play_set_msg(p, MSG_INFO, "%s; z for the %s",
		     p->view.compact ? "The whole battlefield, compact"
				     : "The detailed map",
		     p->view.compact ? "detailed map" : "whole battlefield");
}

static bool
facing_key(struct play *p, int key)
{
	struct command c;
	enum facing f;

	if (key == KEYM_ESC) {
		p->mode = PLAY_MAP;
		play_set_msg(p, MSG_INFO, "cancelled");
		return true;
	}
	if (!keymap_facing(key, &f)) {
		if (key > 0x20 && key < 0x7f) {
			/* Another key: the question goes and the key is
			 * the map's (the i of a "pivot" typed there). */
			p->mode = PLAY_MAP;
			play_clear_msg(p);
			return play_key(p, key);
		}
		play_set_msg(p, MSG_ERROR,
			     "press a facing key: y k u / b j n "
			     "(NW N NE / SW S SE), or Esc");
		return true;
	}
	play_run_note(p, key);
	p->mode = PLAY_MAP;
	if (p->sel.unit < 0)
		return true;
	command_init(&c, p->sel.ask_verb);
	c.unit = p->sel.unit;
	c.facing = f;
	c.has_facing = true;
	if (p->sel.ask_verb == VERB_MOVE) {
		c.hex = p->sel.ask_hex;
		c.has_hex = true;
	}
	/* p is lowercase: its pivot waits for Enter; M's move is played. */
	apply_action(p, &c, p->sel.ask_push,
		     p->sel.ask_verb == VERB_PIVOT ? 'p' : 0);
	return true;
}

static bool
prompt_key(struct play *p, int key)
{
	struct lineedit *le = p->edit;
	char line[LINEEDIT_MAX];

	if (key >= 0x20 && key < 0x7f) {
		if (lineedit_insert(le, key))
			return true;
		/* Said once, not once a key (errors go to the log too). */
		if (p->msg.kind != MSG_ERROR ||
		    strncmp(p->msg.text, "the line is full", 16) != 0)
			play_set_msg(p, MSG_ERROR,
				     "the line is full (%d characters): "
				     "Enter runs it",
				     LINEEDIT_MAX - 1);
		return true;
	}
	/* A UTF-8 character: left out, and said once (on its first
	 * byte), as the command language's words and IDs are plain ASCII. */
	if (key >= 0x80 && key <= 0xff) {
		if (key >= 0xc0)
			play_set_msg(p, MSG_ERROR,
				     "commands are plain ASCII: a non-ASCII "
				     "letter was left out");
		return true;
	}
	switch (key) {
	case KEYM_ENTER:
		/* The line goes, run or refused (the refusal is in the
		 * message line and the log; Up brings the line back). */
		snprintf(line, sizeof line, "%s", lineedit_text(le));
		lineedit_history_add(le, line);
		lineedit_clear(le);
		play_clear_msg(p);
		/* Enter closes the prompt: the keys after a command are
		 * the map's (an E typed next ended up in the line).  A
		 * page the line opens goes back to the map. */
		p->mode = PLAY_MAP;
		p->sel.run[0] = '\0';
		play_line(p, line);
		return true;
	case KEYM_ESC:
		/* The half-typed line goes to the history (Up brings it
		 * back), not into the next ':': a stray key left there
		 * turned a later charge into "Lcharge". */
		lineedit_history_add(le, lineedit_text(le));
		lineedit_clear(le);
		p->mode = PLAY_MAP;
		return true;
	case KEYM_TAB:
		play_complete_prompt(p);
		return true;
	case KEYM_UP:
		return lineedit_op(le, LE_HIST_PREV);
	case KEYM_DOWN:
		return lineedit_op(le, LE_HIST_NEXT);
	case KEYM_LEFT:
	case KEYM_CTRL('b'):
		return lineedit_op(le, LE_LEFT);
	case KEYM_RIGHT:
	case KEYM_CTRL('f'):
		return lineedit_op(le, LE_RIGHT);
	case KEYM_HOME:
	case KEYM_CTRL('a'):
		return lineedit_op(le, LE_HOME);
	case KEYM_END:
	case KEYM_CTRL('e'):
		return lineedit_op(le, LE_END);
	case KEYM_BACKSPACE:
	case KEYM_CTRL('h'):
		if (le->len == 0) {
			p->mode = PLAY_MAP;
			return true;
		}
		return lineedit_op(le, LE_BACKSPACE);
	case KEYM_DELETE:
	case KEYM_CTRL('d'):
		return lineedit_op(le, LE_DELETE);
	case KEYM_CTRL('k'):
		return lineedit_op(le, LE_KILL_END);
	case KEYM_CTRL('u'):
		return lineedit_op(le, LE_KILL_LINE);
	case KEYM_CTRL('w'):
		return lineedit_op(le, LE_KILL_WORD);
	case KEYM_META_B:
		return lineedit_op(le, LE_WORD_LEFT);
	case KEYM_META_F:
		return lineedit_op(le, LE_WORD_RIGHT);
	case KEYM_CTRL('l'):
		p->redraw = true;
		return true;
	default:
		return play_log_page_key(p, key);
	}
}

/* Scrolls the page on show by delta lines, within its text. */
static void
page_scroll(struct play *p, int delta)
{
	int most = p->view.page_lines - play_page_rows(p);

	if (most < 0)
		most = 0;
	p->page.top += delta;
	if (p->page.top > most)
		p->page.top = most;
	if (p->page.top < 0)
		p->page.top = 0;
}

static bool
page_key(struct play *p, int key)
{
	switch (key) {
	case KEYM_UP:
	case 'k':
		page_scroll(p, -1);
		break;
	case KEYM_DOWN:
	case 'j':
		page_scroll(p, 1);
		break;
	case KEYM_PPAGE:
		page_scroll(p, -(play_page_rows(p) - 1));
		break;
	case KEYM_NPAGE:
		page_scroll(p, play_page_rows(p) - 1);
		break;
	case KEYM_CTRL('l'):
		p->redraw = true;
		break;
	default:
		play_close_page(p);
		break;
	}
	return true;
}

/*
 * What happened, shown over the map (p->page.news), takes no key of its own
 * but PgUp and PgDn (which scroll it, as they scroll the log it shows),
 * and on the map Esc, Enter and Space (and q, over the whole log of L),
 * at the prompt an empty Enter, which only close it.  On the map any other
 * key closes it and does what it does on the map, a pending decision's
 * A, H, 1 and 2 included (the window shows the question); at the prompt
 * the keys edit the line under it and Enter runs the line.  Returns
 * whether the key was the window's.
 */
static bool
news_key(struct play *p, int key)
{
	switch (key) {
	case KEYM_PPAGE:
		page_scroll(p, -(play_page_rows(p) - 1));
		return true;
	case KEYM_NPAGE:
		page_scroll(p, play_page_rows(p) - 1);
		return true;
	case KEYM_ESC:
		if (p->mode == PLAY_PROMPT)
			return false; /* back to the map, under the window */
		p->page.news = false;
		return true;
	case KEYM_ENTER:
	case ' ':
		if (p->mode == PLAY_MAP ||
		    (key == KEYM_ENTER && p->edit->len == 0)) {
			p->page.news = false;
			return true;
		}
		return false;
	case 'q':
		/* The log (L) closes on q as the help and the briefing do,
		 * not into the quit question (a playtester's surprise). */
		if (p->mode == PLAY_MAP && p->page.news_all) {
			p->page.news = false;
			return true;
		}
		if (p->mode == PLAY_MAP)
			p->page.news = false;
		return false;
	default:
		/* : keeps it: the command is typed under it. */
		if (p->mode == PLAY_MAP && key != ':')
			p->page.news = false;
		return false;
	}
}

/*
 * While the prompt's line is a whole attack, shot or charge (or odds), the
 * odds in the message line, before Enter; cleared when it no longer is.
 */
static void
prompt_odds(struct play *p)
{
	struct command c;
	struct odds o;
	char err[256], text[512];
	bool shown =
	    p->msg.kind == MSG_INFO && strncmp(p->msg.text, "odds: ", 6) == 0;

	if (p->viewer || p->s == NULL)
		return;
	if (command_parse(p->sc, lineedit_text(p->edit), &c, err, sizeof err) ==
		1 &&
	    (c.verb == VERB_ATTACK || c.verb == VERB_SHOOT ||
	     c.verb == VERB_CHARGE ||
	     (c.verb == VERB_ODDS && c.ngroup == 0)) &&
	    (c.verb == VERB_CHARGE && c.has_hex
		 ? odds_charge(p->g, c.unit, c.target, c.hex, &o, err,
			       sizeof err)
		 : odds_compute(p->g, c.unit, c.target, &o, err, sizeof err)) ==
		0 &&
	    (c.verb == VERB_ODDS || o.action == c.verb)) {
		odds_summary(p->g, &o, text, sizeof text);
		play_set_msg(p, MSG_INFO, "%s", text);
	} else if (shown)
		play_clear_msg(p);
}

bool
play_key(struct play *p, int key)
{
	bool r;
	int n;

	if (key == KEYM_RESIZE || key == KEYM_MOUSE)
		return true;
	if (p->viewer && p->mode != PLAY_PAGE)
		return play_view_key(p, key);
	if (p->page.news && (p->mode == PLAY_MAP || p->mode == PLAY_PROMPT) &&
	    news_key(p, key))
		return true;
	switch (p->mode) {
	case PLAY_MAP:
		if (play_ready_key(p, key) || play_typed_word(p, key)) {
			p->sel.key_refused = 0;
			return true;
		}
		n = logbuf_count(p->log.buf);
		r = map_key(p, key);
		p->sel.key_refused = p->msg.kind == MSG_ERROR
					 ? logbuf_count(p->log.buf) - n
					 : 0;
		return r;
	case PLAY_PROMPT:
		r = prompt_key(p, key);
		if (p->mode == PLAY_PROMPT && key != KEYM_ENTER)
			prompt_odds(p);
		return r;
	case PLAY_FACING:
		return facing_key(p, key);
	case PLAY_CONFIRM_QUIT:
		if (key == 'y' || key == 'Y')
			p->quit = true;
		else {
			p->mode = p->page.back;
			play_set_msg(p, MSG_INFO, "not quitting");
			/* The u of a "quit" typed on the map. */
			if (p->mode == PLAY_MAP)
				play_typed_word(p, key);
		}
		return true;
	case PLAY_PAGE:
		return page_key(p, key);
	case PLAY_HANDOFF:
		return play_recap_key(p, key);
	}
	return false;
}

void
play_click(struct play *p, struct hex h)
{
	if (!map_contains(&p->sc->map, h))
		return;
	if (p->mode == PLAY_PAGE || p->mode == PLAY_CONFIRM_QUIT ||
	    p->mode == PLAY_FACING)
		return;
	p->sel.ready = false;
	p->sel.run[0] = '\0';
	if (p->viewer)
		p->sel.cursor = h;
	else if (hex_equal(h, p->sel.cursor))
		do_select(p);
	else {
		p->sel.cursor = h;
		play_clear_msg(p);
	}
}
