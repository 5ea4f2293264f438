/*
 * The hot-seat handoff (see play.h, PLAY_HANDOFF): when the side to play
 * changes, a cover asks to pass the keyboard and lists what the other
 * side did (recap.h, from the events of its player-turn); n and p step
 * through the items on the map, the units of each in brackets; Up, Down,
 * PgUp and PgDn scroll the cover as they do a page.  Only
 * Enter, Space or Esc (back to where the player was) and : (the prompt)
 * end it; ? (the help, back to the cover), q (asks) and U (undo) do what
 * they do on the map, and any other key is refused with a word, never
 * taken for a map key, so nothing typed is lost or misread.
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <stdio.h>
#include <string.h>

#include "session/replay.h"
#include "session/session.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"
#include "ui/recap.h"

void
play_turn_note(struct play *p, const struct events *ev)
{
	int k;

	if (p->handoff.nturn_marks == p->handoff.turn_marks_cap) {
		p->handoff.turn_marks_cap = p->handoff.turn_marks_cap
						? p->handoff.turn_marks_cap * 2
						: 32;
		p->handoff.turn_marks = xreallocarray(
		    p->handoff.turn_marks, (size_t)p->handoff.turn_marks_cap,
		    sizeof *p->handoff.turn_marks);
	}
	p->handoff.turn_marks[p->handoff.nturn_marks++] = p->handoff.turn_ev.n;
	for (k = 0; k < ev->n; k++)
		*events_add(&p->handoff.turn_ev, ev->v[k].kind) = ev->v[k];
}

void
play_turn_unnote(struct play *p)
{
	if (p->handoff.nturn_marks > 0)
		p->handoff.turn_ev.n =
		    p->handoff.turn_marks[--p->handoff.nturn_marks];
}

void
play_turn_clear(struct play *p, const struct game *from)
{
	int u;

	events_clear(&p->handoff.turn_ev);
	p->handoff.nturn_marks = 0;
	p->handoff.turn_lead = 0;
	for (u = 0; u < p->sc->nunits; u++)
		p->handoff.turn_hits[u] = from->units[u].hits;
}

/* The events that start a new turn: its number and initiative. */
static bool
starts_turn(enum event_kind kind)
{
	return kind == EV_TURN || kind == EV_INITIATIVE ||
	       kind == EV_INITIATIVE_CHOICE;
}

/*
 * Where the end of the person's player-turn begins in p->handoff.turn_ev: its
 * morale phase, whose checks and retreats follow the person's last `end`
 * and scroll past as the computer starts; -1 if it is not there.
 */
static int
morale_start(const struct play *p)
{
	int k;

	for (k = p->handoff.turn_ev.n - 1; k >= 0; k--)
		if (p->handoff.turn_ev.v[k].kind == EV_PHASE &&
		    p->handoff.turn_ev.v[k].value == PHASE_MORALE)
			return k;
	return -1;
}

void
play_turn_forget(struct play *p, const struct game *from)
{
	struct events keep;
	int k, first = morale_start(p);
	bool all = first >= 0;

	for (k = p->handoff.turn_ev.n - 1; k >= 0 && first < 0; k--)
		if (p->handoff.turn_ev.v[k].kind == EV_TURN)
			first = k;
	if (first < 0)
		first = p->handoff.turn_ev.n;
	events_init(&keep);
	for (k = first; k < p->handoff.turn_ev.n; k++)
		if (all || starts_turn(p->handoff.turn_ev.v[k].kind))
			*events_add(&keep, p->handoff.turn_ev.v[k].kind) =
			    p->handoff.turn_ev.v[k];
	play_turn_clear(p, from);
	/* The hits before what is kept: a blocked retreat's SP is then
	 * counted as lost, up to the rout (recap.h). */
	for (k = keep.n - 1; k >= 0; k--)
		if (keep.v[k].kind == EV_RETREAT_BLOCKED)
			p->handoff.turn_hits[keep.v[k].unit] =
			    keep.v[k].value - 1;
	for (k = 0; k < keep.n; k++) {
		/* The person's end runs up to the next player-turn. */
		if (all && p->handoff.turn_lead == k &&
		    keep.v[k].kind != EV_TURN &&
		    keep.v[k].kind != EV_PLAYER_TURN)
			p->handoff.turn_lead = k + 1;
		*events_add(&p->handoff.turn_ev, keep.v[k].kind) = keep.v[k];
	}
	events_done(&keep);
}

/* Forgets the events of side's player-turn, recapped or not. */
static void
turn_passed(struct play *p, int side, const struct game *g)
{
	if (p->ai.side >= 0 && side != p->ai.side)
		play_turn_forget(p, g);
	else
		play_turn_clear(p, g);
}

void
play_turn_rebuild(struct play *p)
{
	struct replay *r = replay_new(p->s);
	const struct events *ev;
	const struct game *g;
	int j, n = replay_length(r);

	play_turn_clear(p, replay_state_at(r, 0, NULL));
	for (j = 1; j <= n; j++) {
		g = replay_state_at(r, j, &ev);
		play_turn_note(p, ev);
		if (replay_mark(r, j)->player != replay_mark(r, j - 1)->player)
			turn_passed(p, replay_mark(r, j - 1)->player, g);
	}
	replay_free(r);
}

void
play_recap_turn(struct play *p, int side)
{
	recap_build(p->sc, side, p->handoff.turn_ev.v, p->handoff.turn_ev.n,
		    p->handoff.turn_lead, p->handoff.turn_hits,
		    p->handoff.recap);
	play_turn_clear(p, p->g);
}

void
play_handoff(struct play *p, int side)
{
	play_recap_turn(p, side);
	play_handoff_open(p);
}

void
play_handoff_open(struct play *p)
{
	/* Between two people at one keyboard the next one starts on the
	 * map, as at the game's start: the other's prompt is closed and
	 * its line emptied, so that no key of theirs goes into it. */
	if (p->ai.side < 0 && p->seat.shared == NULL) {
		p->handoff.recap_back = PLAY_MAP;
		lineedit_clear(p->edit);
	} else
		p->handoff.recap_back =
		    p->mode == PLAY_PROMPT ? PLAY_PROMPT : PLAY_MAP;
	p->handoff.recap_cursor = p->sel.cursor;
	p->handoff.recap_selected = p->sel.unit;
	p->handoff.recap_at = -1;
	p->mode = PLAY_HANDOFF;
	p->page.kind = PAGE_HANDOFF;
	p->page.top = 0;
	play_clear_msg(p);
}

/* Shows item k on the map: its units bracketed, the cursor on it. */
static void
show_item(struct play *p, int k)
{
	const struct recap_item *it = &p->handoff.recap->item[k];
	const struct game *g = p->g;
	int i, u;

	p->handoff.recap_at = k;
	p->sel.unit = -1;
	p->sel.push_armed = false;
	play_update_marks(p);
	for (i = 0; i < it->nunits; i++) {
		u = it->units[i];
		if (g->units[u].on_map)
			p->marks.target[u] = true;
	}
	if (it->hex.col > 0)
		p->sel.cursor = it->hex;
	else if (it->nunits > 0 && g->units[it->units[0]].on_map)
		p->sel.cursor = g->units[it->units[0]].hex;
	play_set_msg(p, MSG_INFO, "%d/%d %s", k + 1, p->handoff.recap->n,
		     it->text);
}

/* Back to the mode the handoff came over, the cursor where it was. */
static void
finish(struct play *p, enum play_mode to)
{
	p->mode = to;
	p->handoff.recap_at = -1;
	p->sel.cursor = p->handoff.recap_cursor;
	play_select(p, p->handoff.recap_selected);
	if (!play_say_turn_selection(p))
		play_set_msg(p, MSG_INFO, "%s to play: turn %d, %s phase",
			     p->sc->sides[p->g->player].name, p->g->turn,
			     phase_name(p->g->phase));
}

/*
 * U on the cover: the undo the map's U makes, which takes back the
 * command that passed the keyboard (and, solo, the computer's after the
 * person's last), back on the map; or, when it may not, why, on the
 * cover (a playtester's U did nothing and said nothing).
 */
static void
cover_undo(struct play *p)
{
	char why[512];
	size_t k = p->ai.side >= 0 ? (size_t)p->ai.since + 1 : 1;

	if (p->seat.shared == NULL &&
	    session_can_undo(p->s, k, why, sizeof why) != 0) {
		play_set_msg(p, MSG_ERROR, "error: U cannot undo: %s",
			     why);
		return;
	}
	finish(p, PLAY_MAP);
	play_undo(p);
}

/* Scrolls the cover by delta lines, within its text. */
static void
cover_scroll(struct play *p, int delta)
{
	p->page.top += delta;
	if (p->page.top > p->view.page_lines - p->view.page_rows)
		p->page.top = p->view.page_lines - p->view.page_rows;
	if (p->page.top < 0)
		p->page.top = 0;
}

bool
play_recap_key(struct play *p, int key)
{
	int n = p->handoff.recap->n;

	switch (key) {
	case KEYM_ENTER:
	case KEYM_ESC:
	case ' ':
		finish(p, p->handoff.recap_back);
		return true;
	case ':':
		finish(p, PLAY_PROMPT);
		return true;
	case '?':
		/* As on the map; closing the help comes back here. */
		play_open_page(p, PAGE_HELP);
		return true;
	case 'q':
		play_request_quit(p, false);
		return true;
	case 'U':
		cover_undo(p);
		return true;
	case 'n':
	case KEYM_TAB:
	case KEYM_RIGHT:
		if (n == 0)
			break;
		show_item(p, p->handoff.recap_at + 1 < n
				 ? p->handoff.recap_at + 1
				 : n - 1);
		return true;
	case 'p':
	case KEYM_BTAB:
	case KEYM_LEFT:
		if (p->handoff.recap_at <= 0) {
			p->handoff.recap_at = -1;
			p->page.top = 0;
			play_clear_msg(p);
		} else
			show_item(p, p->handoff.recap_at - 1);
		return true;
	case KEYM_UP:
	case KEYM_DOWN:
		if (p->handoff.recap_at < 0) {
			cover_scroll(p, key == KEYM_UP ? -1 : 1);
			return true;
		}
		break;
	case KEYM_PPAGE:
	case KEYM_NPAGE:
		/* A page, as on the other pages; on the map, the log's. */
		if (p->handoff.recap_at >= 0)
			return play_log_page_key(p, key);
		cover_scroll(
		    p, (key == KEYM_PPAGE ? -1 : 1) *
			   (p->view.page_rows > 1 ? p->view.page_rows - 1 : 1));
		return true;
	case KEYM_CTRL('l'):
		p->redraw = true;
		return true;
	default:
		break;
	}
	play_set_msg(p, MSG_INFO,
		     "Enter plays as %s; n and p step through what %s did",
		     p->sc->sides[p->g->player].name,
		     p->sc->sides[p->handoff.recap->side].name);
	return true;
}

/* Where part k's items end: the next part's first, the tally or n. */
static int
part_end(const struct recap *r, int k)
{
	int end = r->tally ? r->n - 1 : r->n;

	if (k + 1 < r->nparts && r->part[k + 1].first < end)
		end = r->part[k + 1].first;
	return end;
}

/* The player-turns the list shows: those with items. */
static int
shown_parts(const struct recap *r)
{
	int k, n = 0;

	for (k = 0; k < r->nparts; k++)
		n += part_end(r, k) > r->part[k].first;
	return n;
}

/*
 * The items of a recap that spans more than one player-turn, under a
 * heading for each (a playtester read the computer's two player-turns in
 * a row as one list of 43 items): which turn, first or second, whose,
 * and "again" when a side plays twice in a row, which a line above says
 * plainly.  The SP lost of them all come last, under none.
 */
static void
add_parts(const struct play *p, struct text *out)
{
	const struct recap *r = p->handoff.recap;
	const struct recap_part *pt;
	char head[200];
	int k, i, last_side = -1, last_turn = 0;

	/* First, plainly, that a side played twice in a row. */
	for (k = 0; k < r->nparts; k++) {
		pt = &r->part[k];
		if (part_end(r, k) <= pt->first)
			continue;
		if (pt->side >= 0 && pt->side == last_side)
			text_add(out, ROLE_NOTICE,
				 "%s played two player-turns in a row: the "
				 "last of turn %d and the first of turn %d.",
				 p->sc->sides[pt->side].name, last_turn,
				 pt->turn);
		last_side = pt->side;
		last_turn = pt->turn;
	}
	last_side = -1;
	for (k = 0; k < r->nparts; k++) {
		pt = &r->part[k];
		if (part_end(r, k) <= pt->first)
			continue;
		if (pt->turn > 0 && pt->order > 0)
			snprintf(head, sizeof head, "Turn %d, %s player-turn",
				 pt->turn, pt->order == 1 ? "first" : "second");
		else if (pt->turn > 0)
			snprintf(head, sizeof head, "Turn %d", pt->turn);
		else
			snprintf(head, sizeof head, "A player-turn");
		text_add(out, ROLE_TEXT, "%s", "");
		if (pt->side >= 0)
			text_add(out, ROLE_TITLE, "%s: %s%s", head,
				 p->sc->sides[pt->side].name,
				 pt->side == last_side ? " again" : "");
		else
			text_add(out, ROLE_TITLE, "%s:", head);
		for (i = pt->first; i < part_end(r, k); i++)
			text_add(out, ROLE_TEXT, "%2d. %s", i + 1,
				 r->item[i].text);
		last_side = pt->side;
	}
	if (r->tally) {
		text_add(out, ROLE_TEXT, "%s", "");
		text_add(out, ROLE_TEXT, "%2d. %s", r->n,
			 r->item[r->n - 1].text);
	}
}

void
play_recap_items(const struct play *p, struct text *out, bool last_turn)
{
	const struct recap *r = p->handoff.recap;
	int k, own = 0, other = 0;

	/* Solo: the morale checks and retreats that the person's last end
	 * brought, which scrolled past as the computer began (a
	 * playtester learnt his attacks' results only from the log). */
	if (r->lead > 0) {
		text_add(out, ROLE_TEXT, "%s", "");
		text_add(out, ROLE_TEXT, "How your player-turn ended:");
	}
	for (k = 0; k < r->lead; k++)
		text_add(out, ROLE_TEXT, "%2d. %s", k + 1, r->item[k].text);
	/* The initiative of the next turn may be the other side's doing:
	 * then the list is not all "what X did" (a playtester read his
	 * own seizing of the initiative under the computer's name). */
	for (k = r->lead; k < r->n; k++) {
		own += r->item[k].side == r->side;
		other += r->item[k].side >= 0 && r->item[k].side != r->side;
	}
	text_add(out, ROLE_TEXT, "%s", "");
	/* One heading: "did nothing" over a list read as a contradiction. */
	if (own == 0 && r->n == r->lead)
		text_add(out, ROLE_TEXT, "%s did nothing worth telling.",
			 p->sc->sides[r->side].name);
	else if (own == 0)
		text_add(out, ROLE_TEXT,
			 last_turn ? "%s did nothing worth telling in the last "
				     "turn, but this happened:"
				   : "%s did nothing worth telling, but this "
				     "happened:",
			 p->sc->sides[r->side].name);
	else if (other > 0)
		text_add(out, ROLE_TEXT,
			 last_turn ? "What happened in the last turn:"
				   : "What happened:");
	else
		text_add(out, ROLE_TEXT,
			 last_turn ? "What %s did in the last turn:"
				   : "What %s did:",
			 p->sc->sides[r->side].name);
	if (shown_parts(r) < 2) {
		for (k = r->lead; k < r->n; k++)
			text_add(out, ROLE_TEXT, "%2d. %s", k + 1,
				 r->item[k].text);
	} else
		add_parts(p, out);
	if (r->more > 0)
		text_add(out, ROLE_TEXT, "... and %d more things: see the log",
			 r->more);
}

void
play_recap_text(const struct play *p, struct text *out)
{
	if (p->seat.shared != NULL || p->ai.side >= 0)
		text_add(out, ROLE_TITLE, "Your turn, %s.",
			 p->sc->sides[p->g->player].name);
	else
		text_add(out, ROLE_TITLE, "Pass the keyboard to %s.",
			 p->sc->sides[p->g->player].name);
	play_recap_items(p, out, false);
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE,
		 "Enter: play.  n: step through it on the map (p back).");
}

void
play_recap_hint(const struct play *p, int width, char *buf, size_t len)
{
	static const char *const forms[] = {
		"%s to play: Enter plays, n steps through the recap on the map",
		"%s to play: Enter plays, n steps through the recap",
		"%s: Enter plays, n steps through the recap",
	};
	size_t k;

	/* The longest form that fits: "Rome (Ostorius Scapula) to play"
	 * left "n steps through the recap on the ma" at 80 columns. */
	if (p->handoff.recap_at < 0) {
		for (k = 0; k < sizeof forms / sizeof forms[0]; k++) {
			snprintf(buf, len, forms[k],
				 p->sc->sides[p->g->player].name);
			if (text_width(buf, strlen(buf)) <= width)
				break;
		}
	} else
		snprintf(buf, len, "n next, p back, Enter plays as %s",
			 p->sc->sides[p->g->player].name);
}
