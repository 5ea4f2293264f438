/*
 * The replay viewer (see play.h): a play that shows the states of a
 * replay (replay.h) and plays nothing.  The map, the status line, the
 * panel and the log are the game's own, drawn from the state on show;
 * the keys step through the journal:
 *
 *	n Right Space Enter	the next command
 *	p Left Backspace	the one before
 *	N ]			the start of the next turn
 *	P [			the start of this turn, or of the one before
 *	g t :			go to a turn: its number, then Enter
 *	Home <			the start of the battle
 *	End > G			after the last command
 *	PgUp PgDn		scroll the log
 *	B r			the briefing, the rules
 *	q			quit
 *
 * Invariant: p->g is the replay's state after p->view_k commands and the
 * log is the log of a game played to there (play_show_replay()).
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/replay.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"

#define VIEW_KEYS                                                              \
	"n p: command, N P: turn, g: go to turn, Home End: first, last, "      \
	"Tab: a unit's card, q: quit"

struct play *
play_new_viewer(struct replay *r)
{
	struct play *p = play_alloc(replay_scenario(r));

	p->viewer = true;
	p->replay = r;
	p->mode = PLAY_MAP;
	play_view_goto(p, 0);
	return p;
}

/* The unit command k acted with (for general, the general's unit after
 * it), or -1. */
static int
acting_unit(const struct play *p, int k)
{
	struct command c;
	char why[256];

	if (k == 0 || command_parse(p->sc, replay_command(p->replay, k), &c,
				    why, sizeof why) != 1)
		return -1;
	if (c.verb == VERB_GENERAL)
		return p->g->generals[c.general].unit;
	return c.unit;
}

void
play_view_goto(struct play *p, int k)
{
	struct replay *r = p->replay;
	const struct replay_mark *m;
	int n = replay_length(r), u;

	if (k < 0)
		k = 0;
	if (k > n)
		k = n;
	play_show_replay(p, r, k);
	p->view_k = k;
	play_update_deeds(p);
	if (k == 0)
		play_set_msg(p, MSG_INFO,
			     "The start of the battle: 0 of %d commands "
			     "(n steps on)",
			     n);
	else {
		/* A shared game's command says who gave it. */
		char by[80] = "", who[40];
		long uid;

		if (replay_author(r, k, &uid, who))
			snprintf(by, sizeof by, " [%s, uid %ld]", who, uid);
		m = replay_mark(r, k - 1);
		if (m->turn == p->g->turn)
			play_set_msg(
			    p, MSG_INFO, "Command %d of %d, turn %d: %s> %s%s%s",
			    k, n, m->turn, p->sc->sides[m->player].name,
			    replay_command(r, k), by,
			    k == n ? " (the last)" : "");
		else /* it began the next turn, as the status line says */
			play_set_msg(p, MSG_INFO,
				     "Command %d of %d (turn %d): %s> %s%s; now "
				     "turn %d%s",
				     k, n, m->turn,
				     p->sc->sides[m->player].name,
				     replay_command(r, k), by, p->g->turn,
				     k == n ? " (the last)" : "");
	}
	/* The cursor on the unit that acted, as a player would look. */
	u = acting_unit(p, k);
	if (u >= 0 && p->g->units[u].on_map) {
		p->sel.cursor = p->g->units[u].hex;
		play_select(p, u);
	} else
		play_select(p, -1);
}

/*
 * Tab and S-Tab: the next (dir 1) or previous (-1) unit on the map, of
 * either side, its card in the panel and the cursor on it; the viewer
 * has no cursor keys (the arrows step through the commands), and over
 * SSH no mouse may reach it.
 */
static void
view_next_unit(struct play *p, int dir)
{
	int n = p->g->nunits, start = p->sel.unit, i, u;

	if (start < 0)
		start = dir > 0 ? n - 1 : 0;
	for (i = 1; i <= n; i++) {
		u = ((start + dir * i) % n + n) % n;
		if (p->g->units[u].on_map) {
			p->sel.cursor = p->g->units[u].hex;
			play_select(p, u);
			play_set_msg(p, MSG_INFO,
				     "%s: Tab the next unit, S-Tab the one "
				     "before, n the next command",
				     play_uid(p, u));
			return;
		}
	}
	play_set_msg(p, MSG_INFO, "No unit stands on the map");
}

/* The start of the turn after the one on show; the end if none. */
static int
next_turn(const struct play *p)
{
	const struct replay *r = p->replay;
	int k = replay_turn_start(r, replay_mark(r, p->view_k)->turn + 1);

	return k < 0 ? replay_length(r) : k;
}

/* The start of the turn on show, or of the one before if already there. */
static int
previous_turn(const struct play *p)
{
	const struct replay *r = p->replay;
	int turn = replay_mark(r, p->view_k)->turn,
	    k = replay_turn_start(r, turn);

	if (k >= 0 && k < p->view_k)
		return k;
	k = turn > 1 ? replay_turn_start(r, turn - 1) : 0;
	return k < 0 ? 0 : k;
}

/* Goes to the turn typed at the prompt; stays there if there is none. */
static void
go_to_typed_turn(struct play *p)
{
	const struct replay *r = p->replay;
	const char *text = lineedit_text(p->edit);
	int turn = atoi(text), k, last = replay_mark(r, replay_length(r))->turn;

	if (text[0] == '\0') {
		play_set_msg(p, MSG_ERROR,
			     "type the turn's number, then Enter (Esc "
			     "cancels)");
		return;
	}
	k = turn >= 1 ? replay_turn_start(r, turn) : -1;
	if (k < 0) {
		play_set_msg(p, MSG_ERROR,
			     "no turn %s in this game: it went from turn 1 "
			     "to turn %d",
			     text, last);
		return;
	}
	lineedit_clear(p->edit);
	p->mode = PLAY_MAP;
	play_view_goto(p, k);
}

/* Keys while a turn number is typed. */
static bool
turn_key(struct play *p, int key)
{
	if (key >= '0' && key <= '9')
		return p->edit->len < 2 && lineedit_insert(p->edit, key);
	switch (key) {
	case KEYM_ENTER:
		go_to_typed_turn(p);
		return true;
	case KEYM_BACKSPACE:
	case KEYM_CTRL('h'):
		return lineedit_op(p->edit, LE_BACKSPACE);
	case KEYM_ESC:
	case 'q':
		lineedit_clear(p->edit);
		p->mode = PLAY_MAP;
		play_view_goto(p, p->view_k);
		return true;
	default:
		play_set_msg(p, MSG_ERROR,
			     "type the turn's number, then Enter (Esc "
			     "cancels)");
		return true;
	}
}

bool
play_view_key(struct play *p, int key)
{
	int n = replay_length(p->replay);

	if (p->mode == PLAY_PROMPT)
		return turn_key(p, key);
	switch (key) {
	case 'n':
	case ' ':
	case KEYM_RIGHT:
	case KEYM_ENTER:
		if (n == 0) {
			play_set_msg(p, MSG_INFO,
				     "Nothing was played in this game");
			return true;
		}
		if (p->view_k == n) {
			play_set_msg(p, MSG_INFO,
				     "That was the last command (%d); p "
				     "steps back, Home goes to the start",
				     n);
			return true;
		}
		play_view_goto(p, p->view_k + 1);
		return true;
	case 'p':
	case KEYM_LEFT:
	case KEYM_BACKSPACE:
		if (p->view_k > 0)
			play_view_goto(p, p->view_k - 1);
		return true;
	case 'N':
	case ']':
		play_view_goto(p, next_turn(p));
		return true;
	case 'P':
	case '[':
		play_view_goto(p, previous_turn(p));
		return true;
	case 'g':
	case 't':
	case ':':
		lineedit_clear(p->edit);
		p->mode = PLAY_PROMPT;
		play_clear_msg(p);
		return true;
	case KEYM_HOME:
	case '<':
		play_view_goto(p, 0);
		return true;
	case KEYM_END:
	case '>':
	case 'G':
		play_view_goto(p, n);
		return true;
	case KEYM_PPAGE:
	case KEYM_NPAGE:
		return play_log_page_key(p, key);
	case KEYM_TAB:
	case KEYM_BTAB:
		view_next_unit(p, key == KEYM_TAB ? 1 : -1);
		return true;
	case 'B':
		play_open_page(p, PAGE_BRIEFING);
		return true;
	case 'r':
		play_open_page(p, PAGE_RULES);
		return true;
	case KEYM_CTRL('l'):
		p->redraw = true;
		return true;
	case 'z':
		play_toggle_compact(p);
		return true;
	case 'q':
		p->quit = true;
		return true;
	case KEYM_ESC:
		return false; /* nothing to cancel; never a way out */
	default:
		play_set_msg(p, MSG_ERROR, "%s", VIEW_KEYS);
		return false;
	}
}
