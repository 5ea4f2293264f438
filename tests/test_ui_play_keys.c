/*
 * The map's keys (src/ui/playkeys.c, through play.c): selecting and
 * moving units, the marks of where they may go, facing, charge, attack
 * and end by keys, Enter and clicks on a hex, the card, quitting, and the
 * news over the map when the log is too short.
 *
 * Each test of the small scenario runs with XDG_STATE_HOME and HOME in a
 * temporary directory of its own (playfix.h), so nothing is written
 * elsewhere.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <ftw.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ai/ai.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/shared.h"
#include "core/err.h"
#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "ui/describe.h"
#include "ui/eventtext.h"
#include "ui/playint.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"
#include "ui/play.h"
#include "ui/theme.h"
#include "randplay.h"
#include "shipped.h"
#include "playfix.h"

static void
test_play_new_opens_on_the_briefing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct text t;

	text_init(&t);
	play_page_text(p, &(struct theme){ true, true }, &t);
	assert_true(t.n > 0);
	assert_string_equal(t.v[0].text, "Test");
	text_done(&t);
	leave_briefing(p);
	/* The first unit with something to do is selected. */
	assert_int_equal(p->sel.unit, unit(p, "r1"));
	assert_int_equal(p->sel.cursor.col, 3);
	assert_int_equal(p->sel.cursor.row, 5);
	assert_false(play_unsaved(p));
}

static void
test_play_marks_show_moves_targets_and_faces(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	const struct map *m = &p->sc->map;

	leave_briefing(p);
	/* r1 may charge b1, and its front hexes are F. */
	assert_true(p->marks.target[unit(p, "b1")]);
	assert_int_equal(p->marks.face[map_index(m, H(2, 4))], FACE_FRONT);
	assert_int_equal(p->marks.face[map_index(m, H(3, 4))], FACE_FRONT);
	assert_int_equal(p->marks.face[map_index(m, H(2, 5))], FACE_LEFT);
	assert_int_equal(p->marks.face[map_index(m, H(4, 5))], FACE_RIGHT);
	assert_int_equal(p->marks.face[map_index(m, H(2, 6))], FACE_REAR);
	/* Next to an enemy: no hex to move to. */
	assert_int_equal(p->marks.mark[map_index(m, H(3, 4))], MARK_NONE);
	/* Tab to r2: it may move, straight ahead for one. */
	play_key(p, KEYM_TAB);
	assert_int_equal(p->sel.unit, unit(p, "r2"));
	assert_int_equal(p->marks.mark[map_index(m, H(6, 4))], MARK_MOVE);
	assert_int_equal(p->marks.mark[map_index(m, H(3, 5))], MARK_NONE);
}

static void
test_play_keys_move_the_selected_unit(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");

	leave_briefing(p);
	play_key(p, KEYM_TAB);
	assert_int_equal(p->sel.unit, r2);
	play_key(p, 'y'); /* 11 o'clock: 0504 */
	assert_int_equal(p->sel.cursor.col, 5);
	assert_int_equal(p->sel.cursor.row, 4);
	/* m makes the move ready and says it; Enter plays it. */
	play_key(p, 'm');
	assert_int_equal(p->msg.kind, MSG_INFO);
	assert_string_equal(p->msg.text, "move r2 0504: Enter or m plays it; "
					 "any other key drops it");
	assert_int_equal(p->g->units[r2].hex.row, 5);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_int_equal(p->g->units[r2].hex.col, 5);
	assert_int_equal(p->g->units[r2].hex.row, 4);
	assert_true(log_has(p, 3, "Red> move r2 0504"));
	assert_true(log_has(p, 3, "Move: r2 0605 -> 0504"));
	assert_true(play_unsaved(p));
	/* The same unit again: its action is used. */
	play_key(p, 'k');
	play_key(p, 'm');
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_true(log_has(p, 1, "error: "));
	assert_int_equal(p->g->units[r2].hex.row, 4);
}

/* i selects the unit under the cursor, so that the panel shows its card,
 * and never acts on it: on a target, where Enter would charge. */
static void
test_play_i_shows_a_card_and_never_acts(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int b1 = unit(p, "b1");

	leave_briefing(p);
	assert_true(p->marks.target[b1]); /* r1 may charge it: Enter would */
	p->sel.cursor = H(3, 3);
	play_key(p, 'i');
	assert_int_equal(p->sel.unit, b1);
	assert_int_equal(session_length(f->s), 0);
	assert_non_null(strstr(p->msg.text, "b1 selected"));
	p->sel.cursor = H(4, 4); /* nobody */
	play_key(p, 'i');
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_int_equal(p->sel.unit, b1);
}

/* A player-turn starts with a unit selected, and the message line says
 * which and how to drop it: Enter on one of its marks would move it. */
static void
test_play_turn_start_says_which_unit_is_selected(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char want[64];

	leave_briefing(p);
	type_line(p, "end");
	type_line(p, "end");
	type_line(p, "end");
	assert_int_equal(p->g->player, 1);
	assert_int_equal(p->mode, PLAY_HANDOFF); /* the hot-seat cover */
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_true(p->sel.unit >= 0);
	snprintf(want, sizeof want, "%s is selected, Esc drops it",
		 play_uid(p, p->sel.unit));
	assert_non_null(strstr(p->msg.text, want));
	assert_non_null(strstr(p->msg.text, "Blue to play: turn 1"));
}

/*
 * Against the computer the person who ended the turn at the prompt gets
 * the game back at the prompt: the turn's message must give the prompt's
 * Esc (back to the map, the selection kept), not the map's (drops it).
 */
static void
test_play_turn_back_at_the_prompt_gives_the_prompts_esc(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int k, u;

	solo_first_turn_ended(p);
	if (p->g->over)
		return;
	for (k = 0; k < 4 && p->mode == PLAY_HANDOFF; k++)
		play_key(p, KEYM_ENTER); /* the "Your turn" cover */
	/* Enter closed the prompt after the last end: the map's keys. */
	assert_int_equal(p->mode, PLAY_MAP);
	u = p->sel.unit;
	assert_true(u >= 0);
	assert_non_null(strstr(p->msg.text, "is selected, Esc drops it"));
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->sel.unit, -1);
}

/* The turn opens with a unit selected under the cursor: Enter on it, a
 * new player's way to select it, keeps it (and its marks); Esc or Enter
 * on an empty unmarked hex drops it. */
static void
test_play_enter_on_the_selected_unit_keeps_it(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int u;

	leave_briefing(p);
	u = p->sel.unit;
	assert_true(u >= 0);
	assert_true(hex_equal(p->sel.cursor, p->g->units[u].hex));
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->sel.unit, u);
	assert_non_null(strstr(p->msg.text, "Esc drops it"));
	play_key(p, KEYM_ESC);
	assert_int_equal(p->sel.unit, -1);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->sel.unit, u);
	p->sel.cursor = H(1, 1); /* nobody, not marked */
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->sel.unit, -1);
	assert_int_equal(session_length(f->s), 0);
}

/* L opens the whole log over the map, to be drawn from its end; any other
 * key closes it, as the news window. */
static void
test_play_l_shows_the_whole_log(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "end");
	type_line(p, "end");
	play_key(p, KEYM_ESC);
	play_key(p, 'L');
	assert_true(p->page.news);
	assert_true(p->page.news_all);
	assert_true(p->page.at_end);
	assert_int_equal(p->page.news_count, logbuf_count(p->log.buf));
	assert_string_equal(play_page_title(p), " The log ");
	play_key(p, KEYM_ESC);
	assert_false(p->page.news);
}

/*
 * q closes the whole log (L) as it closes the help and the briefing: a
 * playtester's q there opened the quit question.  Over the map's own
 * What happened, whose keys act on the map, q still asks to quit.
 */
static void
test_play_q_closes_the_log_as_it_closes_the_help(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "end");
	play_key(p, '?');
	assert_int_equal(p->mode, PLAY_PAGE);
	play_key(p, 'q');
	assert_int_equal(p->mode, PLAY_MAP);
	play_key(p, 'L');
	assert_true(p->page.news_all);
	play_key(p, 'q');
	assert_false(p->page.news);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_false(p->quit);
	play_show_news(p, 2);
	assert_true(p->page.news);
	assert_false(p->page.news_all);
	play_key(p, 'q');
	assert_false(p->page.news);
	assert_int_equal(p->mode, PLAY_CONFIRM_QUIT);
}

static void
test_play_enter_acts_on_a_marked_hex(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");

	leave_briefing(p);
	play_key(p, KEYM_TAB);
	play_key(p, 'k'); /* 0604 */
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->g->units[r2].hex.col, 6);
	assert_int_equal(p->g->units[r2].hex.row, 4);
}

/* A key whose command is not for this phase says so at once: p did not
 * ask for a facing first, nor a and c for a cursor on an enemy
 * (playtest). */
static void
test_play_order_keys_out_of_phase_say_the_phase(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "end"); /* the shooting phase */
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
	p->sel.cursor = p->g->units[unit(p, "r1")].hex;
	play_key(p, 'i');
	assert_int_equal(p->sel.unit, unit(p, "r1"));
	play_key(p, 'p');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "pivot is for the movement phase"));
	play_key(p, 'a');
	assert_non_null(strstr(p->msg.text, "attack is for the combat phase"));
	play_key(p, 'c');
	assert_non_null(
	    strstr(p->msg.text, "charge is for the movement phase"));
	play_key(p, 'M');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_non_null(strstr(p->msg.text, "move is for the movement phase"));
	assert_int_equal(session_length(f->s), 1);
}

/*
 * A command typed on the map without ':' lands in the prompt and changes
 * nothing before Enter (issue 31: the g of "leg1" moved a general, the 1
 * answered "first"); Enter runs it and closes the prompt, so that the
 * key pressed next is the map's (an E landed in the line).
 */
static void
test_play_command_typed_on_the_map_opens_the_prompt(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	static const char *const typed[] = { "move r2 0604", "general g1 r2",
					     "charge r1 b1", "shoot r2 b1",
					     "attack r1 b1", "pivot r1 ne",
					     "push r1 pivot ne", "quit",
					     "undo", "end" };
	uint64_t before;
	size_t k;

	leave_briefing(p);
	before = game_digest(p->g);
	for (k = 0; k < sizeof typed / sizeof typed[0]; k++) {
		p->sel.cursor = p->g->units[unit(p, "r1")].hex;
		play_select(p, unit(p, "r1"));
		keys(p, typed[k]);
		assert_int_equal(p->mode, PLAY_PROMPT);
		assert_string_equal(lineedit_text(p->edit), typed[k]);
		assert_true(game_digest(p->g) == before);
		assert_int_equal(session_length(f->s), 0);
		assert_false(p->quit);
		play_key(p, KEYM_ESC);
	}
	/* The s of a "say" refused as the shoot key, the m of a "move"
	 * refused as a move to the unit's own hex: not in the log. */
	keys(p, "say hi");
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_false(log_has(p, 3, "shoot"));
	play_key(p, KEYM_ESC);
	p->sel.cursor = p->g->units[unit(p, "r2")].hex;
	play_select(p, unit(p, "r2"));
	keys(p, "mo");
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_false(log_has(p, 3, "move r2 0605"));
	assert_false(log_has(p, 3, "error"));
	play_key(p, KEYM_ESC);
	/* Enter runs it and gives the keys back to the map. */
	keys(p, "move r2 0604");
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->g->units[unit(p, "r2")].hex.row, 4);
	play_key(p, 'E');
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	assert_string_equal(lineedit_text(p->edit), "");
	/* The cursor's own letters walk: u n is no "un(do)". */
	keys(p, "unun");
	assert_int_equal(p->mode, PLAY_MAP);
}

static void
test_play_pivot_asks_one_facing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r1 = unit(p, "r1");

	leave_briefing(p);
	play_key(p, 'p');
	assert_int_equal(p->mode, PLAY_FACING);
	play_key(p, KEYM_DOWN + 100); /* no key at all: asked again */
	assert_int_equal(p->mode, PLAY_FACING);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	/* p is lowercase: its pivot is made ready, p again plays it. */
	play_key(p, 'u');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->g->units[r1].facing, FACING_N);
	assert_non_null(strstr(p->msg.text, "pivot r1 NE: Enter or p"));
	play_key(p, 'p');
	assert_int_equal(p->g->units[r1].facing, FACING_NE);
	assert_true(log_has(p, 2, "Red> pivot r1 NE"));
	/* Another letter leaves the question for the map: the i of a
	 * "pivot" typed there opens the prompt with "pi". */
	play_key(p, 'p');
	play_key(p, 'i');
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_string_equal(lineedit_text(p->edit), "pi");
	play_key(p, KEYM_ESC);
	/* A formed unit is not asked a facing for a move. */
	play_key(p, 'M');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->msg.kind, MSG_ERROR);
}

static void
test_play_charge_attack_and_end_by_keys(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r1 = unit(p, "r1"), b1 = unit(p, "b1");
	char who[64], rest[256];

	leave_briefing(p);
	play_key(p, 'c'); /* cursor on r1 itself */
	assert_int_equal(p->msg.kind, MSG_ERROR);
	keys(p, "kk"); /* 0304, 0303: b1 */
	assert_int_equal(game_unit_at(p->g, p->sel.cursor), b1);
	play_key(p, 'c');
	assert_false(game_unit_engaged(p->g, r1)); /* ready, not played */
	play_key(p, KEYM_ENTER);
	assert_true(log_has(p, 3, "Charge: r1 charges b1"));
	assert_true(game_unit_engaged(p->g, r1));
	play_key(p, 'E');
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	describe_status(p->g, 80, who, sizeof who, rest, sizeof rest);
	assert_string_equal(who, " Red to play ");
	assert_string_equal(rest, "Turn 1/3  Shooting  BP red 6/6 blue 2/2  "
				  "init red");
	/*
	 * Shorter: fewer words, never the turn, phase or breakpoints; how
	 * few is set by the widest line of the game (" Blue to play ",
	 * "Initiative", "init blue"), so 66 columns have no "to play" even
	 * though this line would fit.
	 */
	describe_status(p->g, 67, who, sizeof who, rest, sizeof rest);
	assert_string_equal(who, " Red to play ");
	describe_status(p->g, 66, who, sizeof who, rest, sizeof rest);
	assert_string_equal(who, " Red ");
	assert_string_equal(rest, "Turn 1/3  Shooting  BP red 6/6 blue 2/2  "
				  "init red");
	describe_status(p->g, 56, who, sizeof who, rest, sizeof rest);
	assert_string_equal(who, " Red ");
	assert_string_equal(rest, "Turn 1/3 Shooting BP red 6/6 blue 2/2 "
				  "init red");
	describe_status(p->g, 55, who, sizeof who, rest, sizeof rest);
	assert_string_equal(rest, "Turn 1/3 Shooting BP red* 6/6 blue 2/2");
	play_key(p, 'E');
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	/* r1 must attack first: end is refused and says why. */
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "r1"));
	play_key(p, KEYM_TAB);
	assert_int_equal(p->sel.unit, r1);
	assert_true(p->marks.target[b1]);
	keys(p, "u"); /* 1 o'clock: b1 */
	play_key(p, 'a');
	assert_int_equal(p->g->units[r1].attacked, -1); /* ready */
	play_key(p, 'a');
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_true(log_has(p, 4, "D6")); /* the roll, with its dice */
	assert_int_equal(p->g->units[r1].attacked, b1);
}

static void
test_play_quit_asks_only_while_unsaved(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	keys(p, "EE"); /* now there is a game to lose */
	play_key(p, 'q');
	assert_int_equal(p->mode, PLAY_CONFIRM_QUIT);
	assert_false(p->quit);
	play_key(p, 'n');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_false(p->quit);
	type_line(p, "quit");
	assert_int_equal(p->mode, PLAY_CONFIRM_QUIT);
	play_key(p, 'y');
	assert_true(p->quit);
}

static void
test_play_q_asks_even_when_nothing_was_played(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, 'q');
	assert_int_equal(p->mode, PLAY_CONFIRM_QUIT);
	assert_non_null(strstr(p->msg.text, "Nothing was played yet"));
	assert_false(p->quit);
	play_key(p, 'q'); /* only y quits */
	assert_false(p->quit);
	assert_int_equal(p->mode, PLAY_MAP);
	/* y quits. */
	play_key(p, 'q');
	play_key(p, 'y');
	assert_true(p->quit);
}

static void
test_play_q_on_a_saved_game_says_it_is_saved(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char err[256];

	assert_int_equal(session_autosave_new(f->s, err, sizeof err), 0);
	leave_briefing(p);
	type_line(p, "move r2 0604");
	play_key(p, KEYM_ESC);
	play_key(p, 'q');
	assert_int_equal(p->mode, PLAY_CONFIRM_QUIT);
	assert_non_null(strstr(p->msg.text, "saved either way"));
	assert_true(strlen(p->msg.text) <= 80);
	play_key(p, 'n');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_false(p->quit);
	type_line(p, "quit"); /* typed: meant, and all saved */
	assert_true(p->quit);
}

static void
test_play_click_moves_the_cursor_then_selects(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_click(p, H(6, 5));
	assert_int_equal(p->sel.cursor.col, 6);
	assert_int_equal(p->sel.unit, unit(p, "r1"));
	play_click(p, H(6, 5));
	assert_int_equal(p->sel.unit, unit(p, "r2"));
	play_click(p, H(40, 40)); /* off the map: nothing */
	assert_int_equal(p->sel.cursor.col, 6);
}

static void
test_play_news_when_the_log_is_short_keeps_the_keys(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct text t;

	leave_briefing(p);
	p->view.log_rows = 2;
	type_line(p, "dump");
	/* Shown over the map; Enter closed the prompt. */
	assert_int_equal(p->mode, PLAY_MAP);
	assert_true(p->page.news);
	assert_int_equal(p->page.kind, PAGE_NEWS);
	text_init(&t);
	play_page_text(p, &(struct theme){ false, false }, &t);
	assert_true(t.n >= 3);
	assert_string_equal(t.v[0].text, "Red> dump");
	assert_true(strncmp(t.v[1].text, "game turn=1", 11) == 0);
	assert_string_equal(t.v[t.n - 1].text, "end");
	text_done(&t);
	/* At the prompt, under the window, the keys type the line. */
	play_key(p, ':');
	keys(p, "move q");
	assert_string_equal(lineedit_text(p->edit), "move q");
	assert_true(p->page.news);
	assert_false(p->quit);
	play_key(p, KEYM_CTRL('u'));
	play_key(p, KEYM_ENTER); /* an empty Enter closes it */
	assert_false(p->page.news);
	assert_int_equal(p->mode, PLAY_PROMPT);
	play_key(p, KEYM_ESC);
	/* Over the map: Esc only closes it; other keys act on the map. */
	type_line(p, "dump");
	assert_int_equal(p->mode, PLAY_MAP);
	assert_true(p->page.news);
	play_key(p, KEYM_ESC);
	assert_false(p->page.news);
	assert_int_equal(p->mode, PLAY_MAP);
	type_line(p, "dump");
	play_key(p, 'E'); /* shows the end, then plays it */
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
}

static void
test_play_push_key_arms_the_next_action(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");

	leave_briefing(p);
	play_key(p, KEYM_TAB);
	play_key(p, 'k');
	play_key(p, 'm'); /* r2 to 0604 */
	play_key(p, 'm');
	play_key(p, 'P');
	assert_true(p->sel.push_armed);
	assert_int_equal(p->marks.mark[map_index(&p->sc->map, H(6, 3))],
			 MARK_MOVE);
	play_key(p, 'k'); /* 0603 */
	play_key(p, 'm');
	play_key(p, KEYM_ENTER);
	assert_true(log_has(p, 4, "Red> push r2 move 0603"));
	assert_true(log_has(p, 4, "Push: r2 needs"));
	assert_true(p->g->units[r2].pushed);
	assert_false(p->sel.push_armed);
}

/* What happened opens when a command's lines, wrapped as the log view
 * wraps them, outgrow it, not only when there are more lines than rows
 * (a long roll once pushed its own first line out of sight). */
static void
test_play_news_counts_wrapped_lines(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	p->view.log_rows = 3;
	p->view.log_cols = 0; /* unknown: a line is a line */
	type_line(p, "move r2 0604");
	assert_false(p->page.news);
	type_line(p, "undo");
	p->view.log_cols = 12;
	type_line(p, "move r2 0604");
	assert_true(p->page.news);
}

/*
 * E shows the end before it plays it, as m shows a move: what it ends,
 * and how many units could still act in the phase; a second E or Enter
 * plays it, any other key drops it (a playtester's E E E ended a whole
 * player-turn with no word).
 */
static void
test_play_e_shows_the_end_then_plays_it(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_MOVEMENT);
	assert_string_equal(p->msg.text,
			    "E again or Enter ends the movement phase (2 may "
			    "still move); any other key drops it");
	play_key(p, KEYM_ESC);
	assert_int_equal(p->g->phase, PHASE_MOVEMENT);
	assert_string_equal(p->msg.text, "dropped; nothing was played");
	play_key(p, 'E');
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	keys(p, "EE");
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	play_key(p, 'E');
	assert_non_null(strstr(p->msg.text, "E again or Enter ends the "
					    "combat phase and the player-turn"));
	play_key(p, 'E');
	assert_int_equal(p->g->player, 1);
}

/*
 * A shooter that could shoot this turn is warned, before it moves, that
 * a movement action costs it the shot (R8.1): in the hint line while it
 * is selected and in the message that shows the move before it is
 * played.  The move stays legal: the same key again plays it.  A playtester
 * learnt it only from the shot's refusal, too late.
 */
static void
test_play_moving_a_shooter_warns_it_costs_the_shot(void **state)
{
	static const char ini[] = "[scenario]\ntitle = Test\nturns = 3\n"
				  "initiative = red\n[map]\nwidth = 7\n"
				  "height = 6\n[side red]\nname = Red\n"
				  "[side blue]\nname = Blue\n"
				  "[unit s1]\nside = red\ntype = velites\n"
				  "hex = 0405\nfacing = N\n"
				  "[unit r1]\nside = red\n"
				  "type = legionaries\nhex = 0105\n"
				  "facing = N\n"
				  "[unit b1]\nside = blue\ntype = warband\n"
				  "hex = 0403\nfacing = S\n";
	struct session *s = session_of(ini, strlen(ini), 7);
	struct play *p = play_of(s);
	char hint[256];
	int s1;

	(void)state;
	leave_briefing(p);
	s1 = unit(p, "s1");
	/* r1 has no missiles: nothing to warn of. */
	play_select(p, unit(p, "r1"));
	play_clear_msg(p);
	play_hint(p, 200, hint, sizeof hint);
	assert_null(strstr(hint, "R8.1"));
	play_select(p, s1);
	play_clear_msg(p);
	play_hint(p, 200, hint, sizeof hint);
	assert_non_null(
	    strstr(hint, "s1 may shoot b1 if it does not move (R8.1)"));
	play_hint(p, 40, hint, sizeof hint);
	assert_non_null(strstr(hint, "s1: a move costs its shot (R8.1)"));
	p->sel.cursor = H(5, 5);
	play_key(p, 'm');
	assert_true(p->sel.ready);
	assert_non_null(strstr(p->msg.text, "move s1 0505: then s1 may not "
					    "shoot b1 (R8.1)"));
	assert_int_equal(p->g->units[s1].hex.col, 4);
	play_key(p, 'm'); /* warned, not refused */
	assert_int_equal(p->g->units[s1].hex.col, 5);
	play_select(p, s1);
	play_clear_msg(p);
	play_hint(p, 200, hint, sizeof hint);
	assert_null(strstr(hint, "R8.1"));
	play_free(p);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_play_new_opens_on_the_briefing),
		SMALL(test_play_marks_show_moves_targets_and_faces),
		SMALL(test_play_keys_move_the_selected_unit),
		SMALL(test_play_turn_start_says_which_unit_is_selected),
		SMALL(test_play_enter_on_the_selected_unit_keeps_it),
		SMALL(test_play_l_shows_the_whole_log),
		SMALL(test_play_q_closes_the_log_as_it_closes_the_help),
		SMALL(test_play_enter_acts_on_a_marked_hex),
		SMALL(test_play_i_shows_a_card_and_never_acts),
		SMALL(test_play_order_keys_out_of_phase_say_the_phase),
		SMALL(test_play_command_typed_on_the_map_opens_the_prompt),
		SMALL(test_play_pivot_asks_one_facing),
		SMALL(test_play_charge_attack_and_end_by_keys),
		SMALL(test_play_quit_asks_only_while_unsaved),
		SMALL(test_play_q_asks_even_when_nothing_was_played),
		SMALL(test_play_q_on_a_saved_game_says_it_is_saved),
		SMALL(test_play_click_moves_the_cursor_then_selects),
		SMALL(test_play_news_when_the_log_is_short_keeps_the_keys),
		SMALL(test_play_push_key_arms_the_next_action),
		SMALL(test_play_news_counts_wrapped_lines),
		SMALL(test_play_turn_back_at_the_prompt_gives_the_prompts_esc),
		cmocka_unit_test(
		    test_play_moving_a_shooter_warns_it_costs_the_shot),
		SMALL(test_play_e_shows_the_end_then_plays_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
