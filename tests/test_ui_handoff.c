/*
 * Tests of the hot-seat handoff (src/ui/playrecap.c) through the play
 * controller, key by key: when the player-turn passes, the cover names
 * the side to take the keyboard and recaps the other side's turn from
 * its events; n and p step through it on the map; only Enter, Space,
 * Esc or : end it, and the player comes back where they were.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session/session.h"
#include "ai/ai.h"
#include "core/err.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/logbuf.h"
#include "ui/describe.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"
#include "ui/play.h"
#include "ui/playint.h"
#include "ui/recap.h"
#include "playfix.h"

/* A session of the tutorial, tied to no file. */
static struct session *
tutorial(uint64_t seed)
{
	struct session *s = load_default(seed);

	assert_non_null(s);
	return s;
}

static void
line(struct play *p, const char *l)
{
	if (play_line(p, l) != 0)
		fail_msg("\"%s\" refused: %s", l, p->msg.text);
}

/* Whether some line of the cover holds want. */
static bool
cover_has(const struct play *p, const char *want)
{
	struct text t;
	bool found = false;
	int k;

	text_init(&t);
	play_page_text(p, NULL, &t);
	for (k = 0; k < t.n; k++)
		if (strstr(t.v[k].text, want) != NULL)
			found = true;
	text_done(&t);
	return found;
}

/*
 * A play of the tutorial whose log is long enough that no news page opens
 * over the map: only the cover and the pages a test opens stand in the
 * way of its keys.
 */
static struct play *
quiet_play(uint64_t seed, struct session **sp)
{
	struct play *p;

	*sp = tutorial(seed);
	p = play_new(*sp);
	p->view.log_rows = 200;
	return p;
}

/* Ends the three phases of the side's player-turn. */
static void
end_turn(struct play *p)
{
	int n;

	for (n = 0; n < 3; n++)
		line(p, "end");
}

/*
 * Seed 10, from the briefing: both sides end their first player-turns
 * with nothing done, and Chatti seizes the initiative of turn 2 (a
 * decision to take, and an end that may not be undone).
 */
static struct play *
chatti_seized(struct session **sp)
{
	struct play *p = quiet_play(10, sp);
	int n;

	play_key(p, KEYM_ENTER); /* the briefing */
	for (n = 0; n < 6; n++) {
		line(p, "end");
		if (p->mode == PLAY_HANDOFF)
			play_key(p, KEYM_ENTER);
	}
	assert_true(p->g->choosing);
	return p;
}

/*
 * The case: with seed 10 the Chatti wb2 charges leg1 and its
 * attack lands 4 hits.  Rome's player then gets the keyboard, and the
 * cover says so.
 */
static struct play *
charge_turn(struct session **sp)
{
	struct session *s = tutorial(10);
	struct play *p = play_new(s);

	*sp = s;
	play_key(p, KEYM_ENTER); /* the briefing */
	line(p, "move leg1 0405");
	end_turn(p);
	/* Chatti's turn: a cover recapping Rome's. */
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "Pass the keyboard to Chatti"));
	assert_true(cover_has(p, "Rome (Caecina) moved 1 unit: leg1 to 0405"));
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
	line(p, "charge wb2 leg1");
	line(p, "end");
	line(p, "end");
	line(p, "attack wb2 leg1");
	line(p, "end");
	return p;
}

static void
test_handoff_recaps_the_charge_and_its_hits(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);

	(void)state;
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_int_equal(p->g->player, 0);
	assert_true(cover_has(p, "Pass the keyboard to Rome (Caecina)"));
	assert_true(cover_has(p, "What Chatti did:"));
	assert_true(cover_has(p, "wb2 charged leg1, into 0404"));
	assert_true(cover_has(p, "wb2 attacked leg1: 5D6, 4 hits"));
	assert_true(cover_has(p, "Rome (Caecina) kept the initiative"));
	assert_true(cover_has(p, "SP lost: Rome (Caecina) 4, Chatti 0"));
	/* Rome's moves of turn 1 were recapped already. */
	assert_false(cover_has(p, "leg1 to 0405"));
	play_free(p);
	session_free(s);
}

/* n and p step through the items: the cursor on the place, the units
 * bracketed, the item in the message line; p before the first is the
 * cover again. */
static void
test_handoff_steps_through_the_recap_on_the_map(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);
	int leg1 = unit(p, "leg1"), wb2 = unit(p, "wb2");

	(void)state;
	assert_int_equal(p->handoff.recap_at, -1);
	play_key(p, 'n');
	assert_int_equal(p->handoff.recap_at, 0);
	assert_string_equal(p->msg.text, "1/4 wb2 charged leg1, into 0404");
	assert_int_equal(p->sel.cursor.col, 4);
	assert_int_equal(p->sel.cursor.row, 4);
	assert_true(p->marks.target[wb2]);
	assert_true(p->marks.target[leg1]);
	play_key(p, 'n');
	assert_string_equal(p->msg.text, "2/4 wb2 attacked leg1: 5D6, 4 hits");
	/* The target first: the cursor is on leg1. */
	assert_true(p->sel.cursor.col == p->g->units[leg1].hex.col &&
		    p->sel.cursor.row == p->g->units[leg1].hex.row);
	play_key(p, 'p');
	play_key(p, 'p');
	assert_int_equal(p->handoff.recap_at, -1);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	play_free(p);
	session_free(s);
}

/* Keys that are not the handoff's do nothing but say what to press: an
 * `e` is not `end`, an `m` not a move.  Enter goes back to the map
 * with the first unit of Rome selected, not the recap's marks. */
static void
test_handoff_takes_no_key_for_another(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);
	int phase = p->g->phase;

	(void)state;
	play_key(p, 'n');
	play_key(p, 'e');
	play_key(p, 'm');
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_false(p->quit);
	assert_int_equal((int)p->g->phase, phase);
	assert_non_null(strstr(p->msg.text, "Enter plays as Rome"));
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_true(p->sel.unit >= 0);
	assert_int_equal(p->g->units[p->sel.unit].side, 0);
	play_free(p);
	session_free(s);
}

/* ? and q do on the cover what they do on the map (the hint line says
 * "? for help"): the help closes back to the cover, and q asks first. */
static void
test_handoff_help_and_quit_as_on_the_map(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);

	(void)state;
	assert_int_equal(p->mode, PLAY_HANDOFF);
	play_key(p, '?');
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page.kind, PAGE_HELP);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_int_equal(p->page.kind, PAGE_HANDOFF);
	assert_true(cover_has(p, "What Chatti did:"));
	play_key(p, 'q');
	assert_int_equal(p->mode, PLAY_CONFIRM_QUIT);
	assert_false(p->quit);
	play_key(p, 'n');
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_false(p->quit);
	play_key(p, 'q');
	play_key(p, 'y');
	assert_true(p->quit);
	play_free(p);
	session_free(s);
}

/* Ends the player-turn as a person does at the prompt: each "end" typed
 * key by key, opening the prompt if it is closed. */
static void
end_turn_typed(struct play *p)
{
	const char *k;
	int n;

	for (n = 0; n < 3; n++) {
		if (p->mode != PLAY_PROMPT)
			play_key(p, ':');
		for (k = "end"; *k != '\0'; k++)
			play_key(p, *k);
		play_key(p, KEYM_ENTER);
	}
}

/* A turn ended from the prompt, hot-seat: the next player starts on the
 * map with the prompt closed and its line empty, as at the game's start,
 * so that their keys are map keys; : opens the prompt, empty. */
static void
test_handoff_passes_to_the_map_with_the_prompt_closed(void **state)
{
	struct session *s = tutorial(10);
	struct play *p = play_new(s);

	(void)state;
	p->view.log_rows = 20; /* no news page */
	play_key(p, KEYM_ENTER);
	end_turn_typed(p);
	assert_int_equal(p->g->player, 1);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "Rome (Caecina) did nothing worth telling"));
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_string_equal(lineedit_text(p->edit), "");
	play_key(p, KEYM_TAB); /* a map key: the next unit */
	assert_int_equal(p->mode, PLAY_MAP);
	assert_string_equal(lineedit_text(p->edit), "");

	/* The next pass, typed half a line: : on the cover opens the
	 * prompt without it. */
	end_turn_typed(p);
	if (p->g->choosing) /* seed 10: Chatti seizes the initiative */
		line(p, "second");
	if (p->mode != PLAY_HANDOFF)
		fail_msg("no handoff: %s", p->msg.text);
	play_key(p, ':');
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_string_equal(lineedit_text(p->edit), "");
	play_free(p);
	session_free(s);
}

/* An undone move is not recapped. */
static void
test_handoff_leaves_out_what_was_undone(void **state)
{
	struct session *s = tutorial(10);
	struct play *p = play_new(s);

	(void)state;
	play_key(p, KEYM_ENTER);
	line(p, "move leg1 0405");
	line(p, "move leg2 0605");
	line(p, "undo");
	end_turn(p);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "moved 1 unit: leg1 to 0405"));
	assert_false(cover_has(p, "leg2"));
	play_free(p);
	session_free(s);
}

/* At one keyboard the log says which side spoke (a playtest saw only
 * "> hello"); the journal keeps the words as typed. */
static void
test_handoff_say_names_the_side_that_spoke(void **state)
{
	struct session *s = tutorial(10);
	struct play *p = play_new(s);
	int n;

	(void)state;
	play_key(p, KEYM_ENTER);
	line(p, "say hello");
	n = logbuf_count(p->log.buf);
	assert_true(n > 0);
	assert_string_equal(logbuf_line(p->log.buf, n - 1, NULL, NULL),
			    "> Rome (Caecina): hello");
	assert_string_equal(session_command(s, 0), "say hello");
	play_free(p);
	session_free(s);
}

/* Undo steps over a say: the move before it is taken back (and left out
 * of the recap), the words stay in the journal. */
static void
test_handoff_undo_over_a_say_takes_back_the_move(void **state)
{
	struct session *s = tutorial(10);
	struct play *p = play_new(s);

	(void)state;
	play_key(p, KEYM_ENTER);
	line(p, "move leg1 0405");
	line(p, "move leg2 0605");
	line(p, "say nice ford");
	line(p, "undo");
	/* Said once, in the log; the message line gives way to the hint. */
	assert_non_null(strstr(logbuf_line(p->log.buf,
					   logbuf_count(p->log.buf) - 1, NULL,
					   NULL),
			       "Undone: move leg2 0605"));
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_int_equal(session_length(s), 2);
	assert_string_equal(session_command(s, 1), "say nice ford");
	end_turn(p);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "moved 1 unit: leg1 to 0405"));
	assert_false(cover_has(p, "leg2"));
	play_free(p);
	session_free(s);
}

/* A game saved right after a turn passed resumes on the handoff: the
 * next player has not seen the recap yet.  One saved in mid-turn does
 * not. */
static void
test_handoff_shown_when_resumed_at_the_handoff(void **state)
{
	struct session *s = tutorial(10);
	const char *const lines[] = { "move leg1 0405", "end", "end", "end" };
	char why[256];
	struct events ev;
	struct play *p;
	size_t k;

	(void)state;
	events_init(&ev);
	for (k = 0; k < sizeof lines / sizeof lines[0]; k++)
		assert_int_equal(
		    session_apply_line(s, lines[k], NULL, &ev, why, sizeof why),
		    SESSION_OK);
	p = play_new(s);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "Pass the keyboard to Chatti"));
	assert_true(cover_has(p, "moved 1 unit: leg1 to 0405"));
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
	play_free(p);
	assert_int_equal(session_apply_line(s, "charge wb2 leg1", NULL, &ev,
					    why, sizeof why),
			 SESSION_OK);
	p = play_new(s);
	assert_int_equal(p->mode, PLAY_MAP);
	play_free(p);
	events_done(&ev);
	session_free(s);
}

/* An undo back over the handoff, and the end again: the recap is whole
 * again, the move made before the undone end included. */
static void
test_handoff_after_undo_over_it_is_whole(void **state)
{
	struct session *s = tutorial(10);
	struct play *p = play_new(s);

	(void)state;
	play_key(p, KEYM_ENTER);
	line(p, "move leg1 0405");
	end_turn(p);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	play_key(p, KEYM_ENTER);
	line(p, "undo");
	assert_int_equal(p->g->player, 0);
	line(p, "end");
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "moved 1 unit: leg1 to 0405"));
	play_free(p);
	session_free(s);
}

/* Each side's hits on the units of g, routed and removed ones included. */
static void
side_hits(const struct game *g, int hits[2])
{
	int u;

	hits[0] = hits[1] = 0;
	for (u = 0; u < g->nunits; u++)
		hits[g->units[u].side] += g->units[u].hits;
}

/* The computer plays while it must act, as the screen's loop has it. */
static void
computer_plays(struct play *p)
{
	while (play_ai_due(p))
		assert_int_equal(play_ai_step(p), 0);
	play_ai_done(p);
}

/*
 * The recap's SP lost are the hits each side's units took in the turn,
 * never more: a rout stops them at 9 (the playtest's Medway recap said
 * 11 for a unit of 9 SP).  A whole game of the computer against itself,
 * passed from hand to hand.
 */
static void
test_handoff_sp_lost_are_the_hits_taken(void **state)
{
	struct session *s = tutorial(3);
	struct play *p = play_new(s);
	int before[2], now[2], k, handoffs = 0, lost = 0;

	(void)state;
	play_set_ai(p, -1, 1);
	play_key(p, KEYM_ENTER);
	side_hits(p->g, before);
	for (k = 0; k < 200 && !p->g->over; k++) {
		line(p, "ai");
		computer_plays(p);
		if (p->mode != PLAY_HANDOFF)
			continue;
		side_hits(p->g, now);
		assert_int_equal(p->handoff.recap->sp[0], now[0] - before[0]);
		assert_int_equal(p->handoff.recap->sp[1], now[1] - before[1]);
		lost += now[0] - before[0] + now[1] - before[1];
		before[0] = now[0];
		before[1] = now[1];
		handoffs++;
		play_key(p, KEYM_ENTER);
	}
	assert_true(handoffs > 4);
	assert_true(lost > 0);
	play_free(p);
	session_free(s);
}

/*
 * Solo: when the computer's turn ends the game, no turn comes back with
 * its recap, so the end page gives it (a playtester got the end page at
 * once and never learnt what the last turn did); when the person's own
 * command ends it, the end page has none.
 */
static void
test_end_page_recaps_the_computer_turn_that_ended_the_game(void **state)
{
	int seed, by_computer = 0, by_person = 0, k;

	(void)state;
	for (seed = 1; seed <= 12 && (by_computer == 0 || by_person == 0);
	     seed++) {
		struct session *s = tutorial((uint64_t)seed);
		struct play *p = play_new(s);
		int last = -1;

		play_set_ai(p, 1, 1); /* the computer plays the Chatti */
		play_key(p, KEYM_ENTER);
		for (k = 0; k < 4000 && !p->g->over; k++) {
			if (p->mode == PLAY_HANDOFF)
				play_key(p, KEYM_ENTER);
			if (!play_ai_due(p)) {
				line(p, "ai"); /* the person's side */
				continue;
			}
			/* One command at a time: who played the last. */
			last = game_side_to_act(p->g);
			assert_int_equal(play_ai_step(p), 0);
			if (!play_ai_due(p))
				play_ai_done(p);
		}
		assert_true(p->g->over);
		assert_int_equal(p->page.kind, PAGE_OVER);
		if (last == 1) {
			by_computer++;
			assert_true(p->page.over_recap);
			assert_true(cover_has(p, "The end") ||
				    cover_has(p, "wins") ||
				    cover_has(p, "draw"));
			/* "What happened" where the person's side chose
			 * who moves first in it. */
			assert_true(cover_has(p, "did in the last turn:") ||
				    cover_has(p, "happened in the last turn:") ||
				    cover_has(p, "did nothing worth telling"));
		} else {
			by_person++;
			assert_false(p->page.over_recap);
			assert_false(cover_has(p, "did in the last turn"));
		}
		play_free(p);
		session_free(s);
	}
	assert_true(by_computer > 0);
}

/*
 * Solo, the person moving second: their end of the breakpoint phase
 * starts the next turn, whose initiative roll is then in their own
 * command's events.  The computer moves first and the recap of its turn
 * still begins with that roll: who moves first is what the returning
 * player needs.
 */
static void
test_handoff_recap_keeps_the_initiative_the_person_started(void **state)
{
	struct session *s;
	struct play *p = quiet_play(7, &s);
	char want[32];
	int k, turn, seen = 0;

	(void)state;
	play_set_ai(p, 0, 1); /* Rome holds the initiative on turn 1 */
	play_key(p, KEYM_ENTER);
	for (k = 0; k < 200 && !p->g->over && seen < 2; k++) {
		computer_plays(p);
		if (p->mode == PLAY_HANDOFF)
			play_key(p, KEYM_ENTER);
		if (p->g->over)
			break;
		/* The person's player-turn, played by `ai` at the prompt. */
		turn = p->g->turn;
		line(p, "ai");
		while (play_ai_due(p) && game_side_to_act(p->g) == 1)
			assert_int_equal(play_ai_step(p), 0);
		if (p->g->turn == turn || !play_ai_due(p))
			continue;
		/* The person's end started the turn; the computer moves. */
		computer_plays(p);
		if (p->g->over)
			break;
		assert_int_equal(p->mode, PLAY_HANDOFF);
		snprintf(want, sizeof want, "Turn %d: ", p->g->turn);
		if (!cover_has(p, want))
			fail_msg("turn %d: the recap has no initiative",
				 p->g->turn);
		seen++;
	}
	assert_true(seen > 0);
	play_free(p);
	session_free(s);
}

/*
 * An undo refused for dice says what rolled them: an end (or a hold)
 * rolls nothing itself, but the initiative roll of the turn it started
 * does, and the person is told that, not that the end rolled dice.  The
 * session's rule is the same: it is refused.
 */
static void
test_undo_refused_names_the_initiative_roll_that_followed(void **state)
{
	struct session *s;
	struct play *p = chatti_seized(&s);
	char why[256];

	(void)state;
	assert_int_equal(p->g->turn, 2);
	assert_int_not_equal(play_line(p, "undo"), 0);
	if (strstr(p->msg.text,
		   "the last command (end) cannot be undone: the "
		   "initiative roll that followed it rolled dice") == NULL)
		fail_msg("undo said: %s", p->msg.text);
	assert_int_equal(session_length(s), 6);

	/* One command further back, as the computer's are checked. */
	line(p, "second");
	assert_int_equal(session_can_undo(s, 2, why, sizeof why), -1);
	assert_string_equal(why, "end cannot be undone: the initiative roll "
				 "that followed it rolled dice");
	play_free(p);
	session_free(s);
}

/*
 * PgDn and PgUp scroll the cover a page at a time, as they do the other
 * pages, within its text; stepping through it on the map, they scroll
 * the log as on the map.
 */
static void
test_handoff_pgdn_pgup_scroll_the_cover(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);

	(void)state;
	assert_int_equal(p->mode, PLAY_HANDOFF);
	/* As the screen sets them when it draws a cover of 30 lines in
	 * 10 rows. */
	p->view.page_lines = 30;
	p->view.page_rows = 10;
	play_key(p, KEYM_NPAGE);
	assert_int_equal(p->page.top, 9);
	play_key(p, KEYM_NPAGE);
	assert_int_equal(p->page.top, 18);
	play_key(p, KEYM_NPAGE);
	assert_int_equal(p->page.top, 20);
	play_key(p, KEYM_PPAGE);
	assert_int_equal(p->page.top, 11);
	play_key(p, KEYM_PPAGE);
	play_key(p, KEYM_PPAGE);
	assert_int_equal(p->page.top, 0);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	play_free(p);
	session_free(s);
}

/*
 * The cover's title: between two people at one keyboard it is a pass, as
 * its first line says ("Pass the keyboard to Chatti"), not "Your turn",
 * which is for a game against the computer or a shared game's seat.
 */
static void
test_handoff_titled_for_the_pass_between_two_people(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);

	(void)state;
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_string_equal(play_page_title(p), " Pass the keyboard ");
	p->ai.side = 1; /* as if Chatti were the computer's */
	assert_string_equal(play_page_title(p), " Your turn ");
	assert_true(cover_has(p, "Your turn, Rome (Caecina)."));
	p->ai.side = -1;
	play_key(p, KEYM_ENTER);
	play_open_page(p, PAGE_HELP);
	assert_string_equal(play_page_title(p), " Help ");
	play_free(p);
	session_free(s);
}

/*
 * `ai` typed in a two-player game plays the side's turn and ends it: the
 * keyboard passes as after an `end`, whatever the length of the turn's
 * log.  A turn longer than the log opened What happened over the cover,
 * whose title then no longer said to pass the keyboard.
 */
static void
test_ai_typed_in_a_two_player_game_passes_the_keyboard(void **state)
{
	struct session *s = tutorial(4);
	struct play *p = play_new(s);

	(void)state;
	play_key(p, KEYM_ENTER); /* the briefing */
	p->view.log_rows = 1;	 /* every turn is longer than the log */
	line(p, "ai");
	computer_plays(p);
	assert_int_equal(p->g->player, 1);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_false(p->page.news);
	assert_string_equal(play_page_title(p), " Pass the keyboard ");
	assert_true(cover_has(p, "Pass the keyboard to Chatti."));
	play_free(p);
	session_free(s);
}

/*
 * A decision the computer must take (an advance, or first or second after
 * seizing the initiative) asks nothing of the person: a playtester read
 * "A advance, H hold" under the computer's prompt.  The same decision of
 * the person's own side is asked.  The game is played by the computer
 * for both sides until such a decision waits.
 */
static void
test_computer_decision_is_not_asked_of_the_person(void **state)
{
	struct session *s;
	struct play *p = quiet_play(3, &s);
	char q[160];
	int k, side;

	(void)state;
	play_key(p, KEYM_ENTER);
	for (k = 0; k < 2000 && !p->g->over; k++) {
		if (p->g->choosing || p->g->noffers > 0)
			break;
		p->ai.once = game_side_to_act(p->g);
		assert_int_equal(play_ai_step(p), 0);
		p->ai.once = -1;
		while (p->mode == PLAY_HANDOFF || p->mode == PLAY_PAGE)
			play_key(p, KEYM_ENTER);
	}
	if (!p->g->choosing && p->g->noffers == 0)
		fail_msg("no decision came up in the game");
	side = game_side_to_act(p->g);
	play_set_ai(p, side, 1);
	assert_false(play_question(p, q, sizeof q));
	play_set_ai(p, 1 - side, 1);
	assert_true(play_question(p, q, sizeof q));
	play_free(p);
	session_free(s);
}

/*
 * The status line says the computer is thinking only while it must act:
 * in the pause after its last command (busy still) the turn is the
 * person's, and a playtester saw "computer thinking" beside his own side.
 */
static void
test_status_thinking_only_while_the_computer_must_act(void **state)
{
	struct session *s;
	struct play *p = quiet_play(4, &s);
	const char *words[2];

	(void)state;
	play_set_ai(p, 1, 1);
	play_key(p, KEYM_ENTER);
	end_turn(p);
	assert_true(play_ai_due(p));
	play_ai_begin(p); /* as the screen's loop has it */
	assert_int_equal(play_status_words(p, words), 2);
	assert_string_equal(words[0], "computer thinking");
	while (play_ai_due(p))
		assert_int_equal(play_ai_step(p), 0);
	play_ai_begin(p); /* its last command played, the pause not over */
	assert_int_equal(play_status_words(p, words), 1);
	assert_string_equal(words[0], "your turn");
	play_ai_done(p);
	assert_int_equal(play_status_words(p, words), 1);
	/* A two-player game: no word once `ai` has played the turn. */
	play_set_ai(p, -1, 1);
	play_ai_begin(p);
	assert_int_equal(play_status_words(p, words), 0);
	play_free(p);
	session_free(s);
}

/*
 * The cover says "What Chatti did" only of a list that is all Chatti's:
 * a playtester playing alone read his own side's choice to move first
 * under the computer's name.  With the other side's choice in it, it is
 * "What happened"; with nothing of Chatti's, Chatti did nothing, but
 * the list still says what happened, under that one heading.
 */
static void
test_handoff_heading_names_only_who_did_it_all(void **state)
{
	struct session *s;
	struct play *p = charge_turn(&s);
	struct recap *r = p->handoff.recap;
	int k;

	(void)state;
	assert_int_equal(r->side, 1);
	assert_true(cover_has(p, "What Chatti did:"));
	r->item[r->n - 1].side = 0; /* as a choice of Rome's would be */
	assert_true(cover_has(p, "What happened:"));
	assert_false(cover_has(p, "What Chatti did:"));
	assert_false(cover_has(p, "did nothing worth telling"));
	for (k = 0; k < r->n; k++)
		r->item[k].side = k == 0 ? 0 : -1;
	assert_true(cover_has(p, "Chatti did nothing worth telling, but "
				 "this happened:"));
	assert_false(cover_has(p, "What happened:"));
	play_free(p);
	session_free(s);
}

/* The failed morale check among the first lead events, if any: its unit. */
static int
failed_morale_in_lead(const struct play *p)
{
	int k;

	for (k = 0; k < p->handoff.turn_lead; k++)
		if (p->handoff.turn_ev.v[k].kind == EV_MORALE &&
		    p->handoff.turn_ev.v[k].value == 0)
			return p->handoff.turn_ev.v[k].unit;
	return -1;
}

/*
 * Solo: the morale checks that the person's last end brings (a Chatti
 * unit the person's attack hurt fails and retreats) scroll past as the
 * computer begins; the recap on the person's return begins with them,
 * under a heading of their own, and the computer's doings follow.
 */
static void
test_solo_recap_begins_with_how_the_persons_turn_ended(void **state)
{
	char want[64];
	int seed, k, u, seen = 0;

	(void)state;
	for (seed = 1; seed <= 30 && seen == 0; seed++) {
		struct session *s;
		struct play *p = quiet_play((uint64_t)seed, &s);

		play_set_ai(p, 1, 1); /* the computer plays the Chatti */
		play_key(p, KEYM_ENTER);
		for (k = 0; k < 100 && !p->g->over && seen == 0; k++) {
			computer_plays(p);
			if (p->mode == PLAY_HANDOFF)
				play_key(p, KEYM_ENTER);
			if (p->g->over)
				break;
			line(p, "ai"); /* the person's side, to its end */
			while (play_ai_due(p) && game_side_to_act(p->g) == 0)
				assert_int_equal(play_ai_step(p), 0);
			if (p->g->over || p->g->player != 1)
				continue;
			u = failed_morale_in_lead(p);
			if (u < 0 || p->sc->units[u].side != 1)
				continue;
			computer_plays(p);
			if (p->g->over)
				break;
			assert_int_equal(p->mode, PLAY_HANDOFF);
			assert_true(p->handoff.recap->lead > 0);
			assert_true(cover_has(p, "How your player-turn ended:"));
			snprintf(want, sizeof want, "%s failed morale",
				 p->sc->units[u].id);
			assert_true(cover_has(p, want));
			/* The items after it are the computer's turn. */
			assert_true(cover_has(p, "What Chatti did") ||
				    cover_has(p, "What happened:") ||
				    cover_has(p, "did nothing worth telling"));
			seen++;
		}
		play_free(p);
		session_free(s);
	}
	assert_true(seen > 0);
}

/*
 * What happened over the prompt asks the decision it covers again, and
 * says that there its keys (1 and 2 here) type into the line; over the
 * map, where they answer it, it does not.
 */
static bool
news_has(const struct play *p, const char *want)
{
	return p->page.kind == PAGE_NEWS && cover_has(p, want);
}

static void
test_news_at_the_prompt_says_its_keys_type(void **state)
{
	struct session *s;
	struct play *p = chatti_seized(&s);
	const char *note = "at the prompt these keys type";

	(void)state;
	p->mode = PLAY_PROMPT;
	play_show_news(p, 3);
	/* Under the map, which the decision is about, from its end where
	 * the question is (issue 31). */
	assert_true(play_news_low(p));
	assert_true(p->page.at_end);
	assert_true(news_has(p, "Now: Chatti seized the initiative"));
	assert_true(news_has(p, note));
	play_key(p, '1');
	assert_string_equal(lineedit_text(p->edit), "1");
	assert_true(p->g->choosing);
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_true(news_has(p, "Now: Chatti seized the initiative"));
	assert_false(news_has(p, note));
	play_free(p);
	session_free(s);
}

/*
 * A side that seizes the initiative after its own player-turn is told,
 * as it chooses, that moving first plays two player-turns in a row; the
 * other player's cover then says plainly that it did, and heads each of
 * its player-turns (a playtester read the computer's two as one list of
 * 43 items, with nothing to say that a side may move twice).
 */
static void
test_seized_initiative_says_the_side_moves_twice(void **state)
{
	struct session *s;
	struct play *p = quiet_play(10, &s);
	char q[200];

	(void)state;
	/* The briefing warns of it before the first turn. */
	assert_true(cover_has(p, "a side that moved second may then move "
				 "first, two player-turns in a row (R12.2)"));
	play_key(p, KEYM_ENTER);
	end_turn(p);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	play_key(p, KEYM_ENTER);
	line(p, "pivot wb1 SE");
	end_turn(p);
	assert_true(p->g->choosing); /* seed 10: Chatti seized it */
	assert_true(play_question(p, q, sizeof q));
	assert_non_null(strstr(q, "1 moves first (twice in a row)"));
	play_hint(p, 200, q, sizeof q);
	assert_non_null(strstr(q, "1 move first (twice), 2 move second"));
	line(p, "first");
	line(p, "pivot wb2 SE");
	end_turn(p);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	assert_true(cover_has(p, "Chatti played two player-turns in a row: "
				 "the last of turn 1 and the first of turn 2."));
	assert_true(cover_has(p, "Turn 1, second player-turn: Chatti"));
	assert_true(cover_has(p, "Turn 2, first player-turn: Chatti again"));
	assert_true(cover_has(p, "Chatti chose to move first, so it plays two "
				 "player-turns in a row"));
	play_free(p);
	session_free(s);
}

/*
 * The cover's hint takes the longest form that fits the message line,
 * so that it is never cut ("Rome (Ostorius Scapula) to play: ..." left
 * "n steps through the recap on the ma" at 80 columns).
 */
static void
test_handoff_hint_fits_the_message_line(void **state)
{
	struct session *s;
	struct play *p = quiet_play(10, &s);
	char hint[256];

	(void)state;
	play_key(p, KEYM_ENTER);
	end_turn(p);
	assert_int_equal(p->mode, PLAY_HANDOFF);
	play_hint(p, 80, hint, sizeof hint);
	assert_string_equal(hint, "Chatti to play: Enter plays, n steps "
				  "through the recap on the map");
	play_hint(p, 55, hint, sizeof hint);
	assert_string_equal(hint, "Chatti to play: Enter plays, n steps "
				  "through the recap");
	play_hint(p, 50, hint, sizeof hint);
	assert_string_equal(hint, "Chatti: Enter plays, n steps through the "
				  "recap");
	play_free(p);
	session_free(s);
}

/*
 * U on the cover takes back the end that passed the keyboard, as on the
 * map, and goes back to the map of the side that ended; when it may not
 * (the end of a turn rolled the initiative), the cover says why (a
 * playtester's U there did nothing and said nothing).
 */
static void
test_handoff_u_undoes_the_end_or_says_why_not(void **state)
{
	struct session *s;
	struct play *p;
	int seed;

	(void)state;
	for (seed = 1; seed < 40; seed++) {
		p = quiet_play((uint64_t)seed, &s);
		play_key(p, KEYM_ENTER);
		end_turn(p);
		assert_int_equal(p->mode, PLAY_HANDOFF);
		assert_int_equal(p->g->player, 1);
		play_key(p, 'U');
		assert_int_equal(p->mode, PLAY_MAP);
		assert_int_equal(p->g->player, 0);
		assert_int_equal(p->g->phase, PHASE_COMBAT);
		line(p, "end");
		assert_int_equal(p->mode, PLAY_HANDOFF);
		play_key(p, KEYM_ENTER);
		end_turn(p);
		/* Rome kept the initiative: the end rolled it, and passed
		 * the keyboard. */
		if (p->mode == PLAY_HANDOFF) {
			play_key(p, 'U');
			assert_int_equal(p->mode, PLAY_HANDOFF);
			assert_int_equal(p->msg.kind, MSG_ERROR);
			assert_non_null(strstr(p->msg.text,
					       "error: U cannot undo: the last "
					       "command (end) cannot be "
					       "undone"));
			assert_int_equal(p->g->player, 0);
			assert_int_equal(p->g->turn, 2);
			play_free(p);
			session_free(s);
			return;
		}
		play_free(p);
		session_free(s);
	}
	fail_msg("Rome never kept the initiative");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_handoff_recaps_the_charge_and_its_hits),
		cmocka_unit_test(
		    test_handoff_steps_through_the_recap_on_the_map),
		cmocka_unit_test(test_handoff_takes_no_key_for_another),
		cmocka_unit_test(test_handoff_help_and_quit_as_on_the_map),
		cmocka_unit_test(test_handoff_passes_to_the_map_with_the_prompt_closed),
		cmocka_unit_test(test_handoff_leaves_out_what_was_undone),
		cmocka_unit_test(
		    test_handoff_undo_over_a_say_takes_back_the_move),
		cmocka_unit_test(test_handoff_say_names_the_side_that_spoke),
		cmocka_unit_test(
		    test_handoff_shown_when_resumed_at_the_handoff),
		cmocka_unit_test(test_handoff_after_undo_over_it_is_whole),
		cmocka_unit_test(test_handoff_sp_lost_are_the_hits_taken),
		cmocka_unit_test(
		    test_end_page_recaps_the_computer_turn_that_ended_the_game),
		cmocka_unit_test(
		    test_handoff_recap_keeps_the_initiative_the_person_started),
		cmocka_unit_test(
		    test_undo_refused_names_the_initiative_roll_that_followed),
		cmocka_unit_test(test_handoff_pgdn_pgup_scroll_the_cover),
		cmocka_unit_test(
		    test_handoff_titled_for_the_pass_between_two_people),
		cmocka_unit_test(test_news_at_the_prompt_says_its_keys_type),
		cmocka_unit_test(test_handoff_heading_names_only_who_did_it_all),
		cmocka_unit_test(
		    test_solo_recap_begins_with_how_the_persons_turn_ended),
		cmocka_unit_test(
		    test_ai_typed_in_a_two_player_game_passes_the_keyboard),
		cmocka_unit_test(
		    test_computer_decision_is_not_asked_of_the_person),
		cmocka_unit_test(
		    test_status_thinking_only_while_the_computer_must_act),
		cmocka_unit_test(
		    test_seized_initiative_says_the_side_moves_twice),
		cmocka_unit_test(test_handoff_u_undoes_the_end_or_says_why_not),
		cmocka_unit_test(test_handoff_hint_fits_the_message_line),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
