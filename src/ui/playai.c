/*
 * The computer's turn in a solo game (see play.h): when it must play,
 * one of its commands at a time through play_apply_as(), the cursor on
 * the unit that acted, and what the screen shows when its turn is over.
 * The count of its commands at the journal's end is what undo takes back
 * before the person's own.
 */
#include "config.h"

#include "ui/playint.h"

#include <stddef.h>

#include "ai/ai.h"
#include "session/replay.h"
#include "session/session.h"
#include "core/game.h"

/* The unit a command is about, or -1. */
static int
command_unit(const struct play *p, const struct command *c)
{
	if (c->verb == VERB_GENERAL)
		return p->g->generals[c->general].unit;
	return c->unit >= 0 && c->unit < p->g->nunits ? c->unit : -1;
}

void
play_count_ai_tail(struct play *p)
{
	struct replay *r;
	int j;

	p->ai.since = 0;
	if (p->ai.side < 0 || p->s == NULL || session_length(p->s) == 0)
		return;
	r = replay_new(p->s);
	for (j = replay_length(r); j > 0; j--) {
		if (verb_is_note(
			session_command_parsed(p->s, (size_t)j - 1)->verb))
			continue; /* undo steps over it */
		if (game_side_to_act(replay_state_at(r, j - 1, NULL)) !=
		    p->ai.side)
			break;
		p->ai.since++;
	}
	replay_free(r);
}

void
play_set_ai(struct play *p, int side, int level)
{
	p->ai.side = side;
	p->ai.level = level;
	play_count_ai_tail(p);
}

void
play_ai_begin(struct play *p)
{
	p->ai.busy = true;
}

bool
play_ai_due(const struct play *p)
{
	int side;

	if (p->s == NULL || p->viewer || p->g->over ||
	    (p->mode != PLAY_MAP && p->mode != PLAY_PROMPT))
		return false;
	side = game_side_to_act(p->g);
	return side >= 0 && (side == p->ai.side || side == p->ai.once);
}

int
play_ai_step(struct play *p)
{
	struct command c;
	int side = game_side_to_act(p->g), u;

	if (side < 0)
		return -1;
	p->ai.busy = true;
	if (p->ai.players[side] == NULL)
		p->ai.players[side] =
		    ai_new(AI_SEARCH, p->ai.level,
			   ai_seed_for(session_seed(p->s), side));
	if (ai_choose(p->ai.players[side], p->g, &c) != 0) {
		play_set_msg(p, MSG_ERROR,
			     "error: the computer found no "
			     "command to play");
		return -1;
	}
	u = command_unit(p, &c);
	if (play_apply_as(p, &c, true) != 0)
		return -1;
	/* `ai` plays until the other side must act, even when that side is
	 * the computer's own: its turn follows, then the person's. */
	if (p->ai.once >= 0 && game_side_to_act(p->g) != p->ai.once)
		p->ai.once = -1;
	/* The cursor shows the unit that acted. */
	p->ai.unit = u;
	if (u >= 0 && p->g->units[u].on_map && !p->g->over) {
		p->sel.cursor = p->g->units[u].hex;
		if (play_own_unit(p, u))
			play_select(p, u);
	}
	return 0;
}

void
play_ai_done(struct play *p)
{
	const struct game *g = p->g;
	int lines = p->ai.lines;
	bool back = p->ai.handback;

	p->ai.busy = false;
	p->ai.once = -1;
	p->ai.unit = -1;
	p->ai.lines = 0;
	p->ai.handback = false;
	/* `ai` typed in a two-player game that ended the turn: the handoff
	 * is open and recaps it; What happened over it would hide whose
	 * turn it is. */
	if (g->over || p->msg.kind == MSG_ERROR || play_ai_due(p) ||
	    p->mode == PLAY_HANDOFF)
		return;
	play_focus_first_unit(p);
	/* The turn came back: the handoff's recap of what the computer
	 * did, as a hot-seat player gets of the other's turn.  Else (no
	 * handoffs, or a decision within its turn) What happened shows it
	 * over the map when the log cannot. */
	if (back && p->handoff.on && p->seat.shared == NULL) {
		play_handoff(p, p->ai.side);
		return;
	}
	if (play_log_screen_lines(p, lines) > p->view.log_rows)
		play_show_news(p, lines);
	if (p->ai.side >= 0 && !g->choosing && g->noffers == 0)
		play_set_msg(p, MSG_INFO,
			     "The computer has played: your turn, turn %d, "
			     "%s phase",
			     g->turn, phase_name(g->phase));
}
