/*
 * A seat in a shared game (see play.h): commands played under the shared
 * journal's lock, the lines the other seat adds followed into the log,
 * and who holds each side, for the status line and the log's news of a
 * player leaving or sitting down.
 */
#include "config.h"

#include "ui/playint.h"

#include <stdio.h>
#include <string.h>

#include "session/session.h"
#include "session/shared.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/layout.h"
#include "ui/logbuf.h"

int
play_seat_apply(struct play *p, const struct command *c, char *why,
		size_t whylen)
{
	struct command mine = *c;
	struct events other;
	enum session_result r;

	if (p->seat.stopped[0] != '\0') {
		snprintf(why, whylen, "%s", p->seat.stopped);
		return -1;
	}
	events_init(&other);
	r = shared_apply(p->seat.shared, &mine, &other, &p->ev, why, whylen);
	play_log_events(p, &other);
	events_done(&other);
	return r == SESSION_OK ? 0 : -1;
}

void
play_set_shared(struct play *p, struct shared *sh)
{
	struct shared_presence who;

	p->seat.shared = sh;
	p->seat.held[0] = p->seat.held[1] = -1; /* no news of the start */
	p->seat.watchers = -1;
	play_update_seats(p);
	/* Nothing of the other side selected. */
	if (shared_side(sh) != p->g->player)
		play_focus_first_unit(p);
	/* Resumed at a handoff that is not to this seat: nothing to pass. */
	if (p->mode == PLAY_HANDOFF && shared_side(sh) != p->g->player) {
		p->mode = p->handoff.recap_back;
		p->handoff.recap_at = -1;
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

		/* The message line is cut at the screen's width: at 80
		 * columns the command to give the other side comes whole,
		 * whatever the game's name (at most 32 characters). */
		snprintf(text, sizeof text,
			 "Playing %s in %s; the other side joins with: "
			 "ancients --join %s",
			 p->sc->sides[shared_side(sh)].key, shared_name(sh),
			 shared_name(sh));
		if (text_width(text, strlen(text)) > LAYOUT_MIN_COLS)
			snprintf(text, sizeof text,
				 "The other side joins with: ancients --join "
				 "%s",
				 shared_name(sh));
		play_set_msg(p, MSG_INFO, "%s", text);
		snprintf(text, sizeof text,
			 "Shared game %s: the other side "
			 "joins with ancients --join %s, others watch with "
			 "ancients --watch %s",
			 shared_name(sh), shared_name(sh), shared_name(sh));
		logbuf_add(p->log.buf, LOG_NOTICE, -1, text);
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

		if (p->seat.held[i] > 0 && !who->held[i]) {
			if (p->g->over)
				snprintf(text, sizeof text,
					 "%.32s (%.40s) left", p->seat.login[i],
					 side);
			else
				snprintf(text, sizeof text,
					 "%.32s left: %.40s is free; "
					 "ancients --join %s takes it",
					 p->seat.login[i], side,
					 shared_name(p->seat.shared));
			logbuf_add(p->log.buf, LOG_NOTICE, i, text);
		} else if (p->seat.held[i] == 0 && who->held[i]) {
			snprintf(text, sizeof text, "%.32s plays %.40s",
				 who->login[i], side);
			logbuf_add(p->log.buf, LOG_NOTICE, i, text);
		}
		p->seat.held[i] = who->held[i];
		if (who->held[i])
			snprintf(p->seat.login[i], sizeof p->seat.login[i],
				 "%s", who->login[i]);
	}
	/* Watchers too: at 80 columns the status line may have no room
	 * for their number. */
	if (p->seat.watchers >= 0 && who->watchers != p->seat.watchers) {
		snprintf(text, sizeof text, "%s: %d watching",
			 who->watchers > p->seat.watchers ? "A watcher came"
							  : "A watcher left",
			 who->watchers);
		logbuf_add(p->log.buf, LOG_NOTICE, -1, text);
	}
	p->seat.watchers = who->watchers;
}

bool
play_update_seats(struct play *p)
{
	struct shared_presence who;
	char seats[sizeof p->seat.status];
	int i, n = 0;

	/* "alice/bob 2 watching", "(free)/bob": short, for 80 columns. */
	shared_presence(p->seat.shared, &who);
	for (i = 0; i < 2; i++)
		n += snprintf(seats + n, sizeof seats - (size_t)n, "%s%.10s",
			      i > 0 ? "/" : "",
			      who.held[i] ? who.login[i] : "(free)");
	if (who.watchers > 0)
		snprintf(seats + n, sizeof seats - (size_t)n, " %d watching",
			 who.watchers);
	seats_news(p, &who);
	if (strcmp(seats, p->seat.status) == 0)
		return false;
	memcpy(p->seat.status, seats, sizeof seats);
	return true;
}

bool
play_follow(struct play *p)
{
	char why[768], text[LOGBUF_WIDTH];
	size_t n0;
	int side, old_turn, r, lines = 0;
	bool changed = false, played = false, was_over = p->g->over;

	if (p->seat.shared == NULL || p->seat.stopped[0] != '\0')
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
		r = shared_follow_n(p->seat.shared, &p->ev, 1, why, sizeof why);
		if (r < 0) {
			snprintf(p->seat.stopped, sizeof p->seat.stopped, "%s",
				 why);
			play_set_msg(p, MSG_ERROR, "the game stops here: %s",
				     why);
			return true;
		}
		if (r == 0)
			break;
		changed = true;
		if (session_length(p->s) < n0 ||
		    !verb_is_note(session_command_parsed(p->s, n0)->verb))
			played = true;
		if (session_length(p->s) < n0) {
			snprintf(text, sizeof text, "%.40s took back: %.120s",
				 p->sc->sides[owner].name, undone);
			logbuf_add(p->log.buf, LOG_NOTICE, owner, text);
			play_turn_rebuild(p);
		} else {
			if (!verb_is_note(
				session_command_parsed(p->s, n0)->verb))
				play_log_command(p, before,
						 session_command(p->s, n0));
			play_turn_note(p, &p->ev);
		}
		lines += 1 + play_log_events(p, &p->ev);
	}
	if (!changed)
		return false;
	p->log.back = 0;
	play_update_deeds(p);
	if (p->g->player != side || p->g->turn != old_turn || p->g->over)
		play_focus_first_unit(p);
	else
		play_update_marks(p);
	/* The message line's news ("Rome to play: turn 1, movement",
	 * "Playing chatti in ...") is from before these lines: on a seat
	 * that waits it would stand for the whole of the other side's turn,
	 * hiding the hint that says who plays (issue 31).  A say alone
	 * leaves the acting seat's message be, and a question (quit?, a
	 * facing) stays. */
	if ((p->mode == PLAY_MAP || p->mode == PLAY_PROMPT) &&
	    (played || p->g->player != shared_side(p->seat.shared)))
		play_clear_msg(p);
	play_announce(p, side, old_turn);
	if (p->g->over && !was_over && !p->page.over_shown) {
		p->page.over_shown = true;
		play_open_page(p, PAGE_OVER);
	} else if (!p->g->over && p->g->player != side &&
		   p->g->player == shared_side(p->seat.shared) &&
		   p->handoff.on && p->mode != PLAY_HANDOFF)
		play_handoff(p, side); /* our turn: what they did */
	(void)lines;
	return true;
}
