/*
 * The prompt's language (src/ui/playline.c): what a typed line does, the
 * prompt's own words, what it refuses and why, its history, Tab's
 * completion and what Tab says when nothing fits, odds, and the
 * questions answered with 1 and 2.
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

/* Esc leaves the prompt without its half-typed line, which the next ':'
 * would have run on into ("Lcharge"); Up brings it back. */
static void
test_play_esc_drops_the_line_into_history(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, ':');
	keys(p, "L");
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
	play_key(p, ':');
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_string_equal(lineedit_text(p->edit), "");
	play_key(p, KEYM_UP);
	assert_string_equal(lineedit_text(p->edit), "L");
	assert_int_equal(session_length(f->s), 0);
}

static void
test_play_prompt_enter_clears_refused_lines_up_recalls(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");
	uint64_t before;

	leave_briefing(p);
	before = game_digest(p->g);
	type_line(p, "move r2 0101");
	/* Enter closes the prompt, refused or not. */
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_true(game_digest(p->g) == before);
	play_key(p, ':');
	assert_string_equal(lineedit_text(p->edit), ""); /* Enter cleared */
	/* Up brings the refused line back, Down the line being typed. */
	keys(p, "mo");
	play_key(p, KEYM_UP);
	assert_string_equal(lineedit_text(p->edit), "move r2 0101");
	play_key(p, KEYM_DOWN);
	assert_string_equal(lineedit_text(p->edit), "mo");
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "move r2 0604");
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_string_equal(lineedit_text(p->edit), "");
	assert_int_equal(p->g->units[r2].hex.row, 4);
	play_key(p, ':');
	play_key(p, KEYM_UP);
	assert_string_equal(lineedit_text(p->edit), "move r2 0604");
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
}

/* A non-ASCII letter typed at the prompt is left out, and said once: the
 * command language is plain ASCII. */
/* The prompt holds a `say` of the 200 bytes it may have; past the line's
 * room a key is refused once, in words, not dropped silently. */
static void
test_play_prompt_takes_a_whole_say_and_says_when_full(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char text[COMMAND_SAY_MAX + 1];
	size_t n;
	int i;

	leave_briefing(p);
	for (i = 0; i < COMMAND_SAY_MAX; i++)
		text[i] = i % 10 == 9 ? ' ' : 'x';
	text[COMMAND_SAY_MAX - 1] = 'Z';
	text[COMMAND_SAY_MAX] = '\0';
	play_key(p, ':');
	keys(p, "say ");
	keys(p, text);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->msg.kind == MSG_ERROR, false);
	assert_true(log_has(p, 3, "xZ"));
	play_key(p, ':');
	for (i = 0; i < LINEEDIT_MAX - 1; i++)
		play_key(p, 'y');
	assert_int_equal(p->msg.kind == MSG_ERROR, false);
	n = logbuf_count(p->log.buf);
	keys(p, "yyy");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "the line is full"));
	assert_int_equal(logbuf_count(p->log.buf), n + 1); /* said once */
	assert_int_equal(strlen(lineedit_text(p->edit)), LINEEDIT_MAX - 1);
}

static void
test_play_prompt_says_it_leaves_out_non_ascii(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	size_t n;

	leave_briefing(p);
	play_key(p, ':');
	keys(p, "m");
	n = logbuf_count(p->log.buf);
	play_key(p, 0xc3); /* e acute in UTF-8, as curses reads it */
	play_key(p, 0xa9);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_int_equal(logbuf_count(p->log.buf), n + 1); /* said once */
	assert_non_null(strstr(p->msg.text, "plain ASCII"));
	keys(p, "ve");
	assert_string_equal(lineedit_text(p->edit), "mve");
	assert_int_equal(p->mode, PLAY_PROMPT);
}

static void
test_play_prompt_refuses_dice_and_bad_words(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	uint64_t before;

	leave_briefing(p);
	before = game_digest(p->g);
	type_line(p, "dice 6 6 6");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "batch"));
	/* Wider than the message line: whole in the log. */
	assert_true(strlen(p->msg.text) > 80);
	assert_true(log_has(p, 1, p->msg.text));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "fly r1 0101");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_true(strncmp(p->msg.text, "error: ", 7) == 0);
	assert_true(game_digest(p->g) == before);
	assert_false(play_unsaved(p));
}

/* An unknown word: the list of commands is what the prompt takes, its
 * own words included and dice (refused here) left out. */
static void
test_play_prompt_unknown_command_lists_what_it_takes(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	static const char *const want[] = {
		"move", "odds",	  "ai",	  "say",  "help", "rules",
		"goto", "select", "undo", "save", "quit", "briefing",
	};
	size_t k;

	leave_briefing(p);
	type_line(p, "Fly r1 0101");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "unknown command \"Fly\""));
	for (k = 0; k < sizeof want / sizeof want[0]; k++)
		if (strstr(p->msg.text, want[k]) == NULL)
			fail_msg("\"%s\" is not in \"%s\"", want[k],
				 p->msg.text);
	assert_null(strstr(p->msg.text, "dice"));
	assert_true(log_has(p, 1, p->msg.text));
}

/* A ':' typed again out of habit is not a part of the command. */
static void
test_play_prompt_ignores_a_leading_colon(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "fly r1 0101");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	type_line(p, ":move r2 0604");
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_int_equal(p->g->units[unit(p, "r2")].hex.row, 4);
}

static void
test_play_prompt_tab_completes(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, ':');
	keys(p, "mo");
	play_key(p, KEYM_TAB);
	assert_string_equal(lineedit_text(p->edit), "move ");
	keys(p, "r");
	play_key(p, KEYM_TAB); /* r1 and r2 */
	assert_string_equal(lineedit_text(p->edit), "move r");
	assert_non_null(strstr(p->msg.text, "r1"));
	assert_non_null(strstr(p->msg.text, "r2"));
	keys(p, "2");
	play_key(p, KEYM_TAB);
	assert_string_equal(lineedit_text(p->edit), "move r2 ");
	keys(p, "0604");
	play_key(p, KEYM_TAB);
	assert_string_equal(lineedit_text(p->edit), "move r2 0604 ");
	keys(p, "s");
	play_key(p, KEYM_TAB); /* S, SE, SW */
	assert_string_equal(lineedit_text(p->edit), "move r2 0604 S");
	keys(p, "w");
	play_key(p, KEYM_TAB);
	assert_string_equal(lineedit_text(p->edit), "move r2 0604 SW ");
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->g->units[unit(p, "r2")].facing, FACING_SW);
}

/* Tab after shoot or attack with no unit able to act says why with the
 * reason of a unit that could: a shooter, an engaged unit; not "aux1 has
 * no missile weapons (aux1)" (playtest). */
static void
test_play_prompt_tab_says_why_no_unit_may_act(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, ':');
	keys(p, "shoot ");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_string_equal(p->msg.text,
			    "shoot is for the shooting phase; this is "
			    "the movement phase");
	lineedit_clear(p->edit);
	type_line(p, "end"); /* the shooting phase: b1 is not in r2's arc */
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	keys(p, "shoot ");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "r2")); /* the velites, not r1 */
	assert_null(strstr(p->msg.text, "r1"));
	lineedit_clear(p->edit);
	type_line(p, "end"); /* the combat phase: nobody in contact */
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	keys(p, "attack ");
	play_key(p, KEYM_TAB);
	assert_string_equal(p->msg.text,
			    "no unit may attack: none of Red's is in "
			    "contact with an enemy");
}

static void
test_play_prompt_own_commands(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "goto 0101");
	assert_int_equal(p->sel.cursor.col, 1);
	assert_int_equal(p->sel.cursor.row, 1);
	type_line(p, "select b1");
	assert_int_equal(p->sel.unit, unit(p, "b1"));
	assert_int_equal(p->sel.cursor.row, 3);
	type_line(p, "goto 9999");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	/* The prompt's own refusals are in the log too. */
	assert_true(log_has(p, 1, "error: 9999 is not a hex of this map"));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "select zz");
	assert_true(log_has(p, 1, "error: there is no unit zz"));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "help");
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page.kind, PAGE_HELP);
	/* Enter closed the prompt: closing the page goes back to the map,
	 * whose keys the next ones are. */
	play_key(p, 'x');
	assert_int_equal(p->mode, PLAY_MAP);
	play_key(p, 'k');
	assert_int_equal(p->sel.cursor.row, 2);
	assert_string_equal(lineedit_text(p->edit), "");
	type_line(p, "rules");
	assert_int_equal(p->page.kind, PAGE_RULES);
}

/* The line of a refused command is in the log with its refusal, just
 * before it (issue 31: the refusal alone did not say what was refused),
 * once, whether the prompt or the engine refused it. */
static void
test_play_refused_line_is_logged_with_its_refusal(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	static const char *const lines[] = { "move zz 0101", "fly r1 0101",
					     "goto 9999", "move r2 0101" };
	int k, n;

	leave_briefing(p);
	for (k = 0; k < 4; k++) {
		type_line(p, lines[k]);
		n = logbuf_count(p->log.buf);
		assert_int_equal(p->msg.kind, MSG_ERROR);
		assert_string_equal(logbuf_line(p->log.buf, n - 1, NULL, NULL),
				    p->msg.text);
		assert_non_null(strstr(
		    logbuf_line(p->log.buf, n - 2, NULL, NULL), "Red> "));
		assert_non_null(strstr(
		    logbuf_line(p->log.buf, n - 2, NULL, NULL),
		    k < 3 ? lines[k] : "move r2 0101"));
		assert_null(strstr(logbuf_line(p->log.buf, n - 3, NULL, NULL),
				   "Red> "));
	}
}

static void
test_play_completion_leaves_out_the_units_own_hex(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, KEYM_TAB); /* r2, the cursor on its hex 0605 */
	assert_true(hex_equal(p->sel.cursor, H(6, 5)));
	play_key(p, ':');
	keys(p, "move r2 0");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg.kind, MSG_INFO); /* several: listed */
	assert_non_null(strstr(p->msg.text, "0604"));
	assert_null(strstr(p->msg.text, "0605"));
	/* Elsewhere the cursor's hex is offered, legal or not. */
	play_key(p, KEYM_ESC);
	play_key(p, 'h');
	play_key(p, ':');
	play_key(p, KEYM_UP); /* Esc kept the line in the history */
	play_key(p, KEYM_TAB);
	assert_non_null(strstr(p->msg.text, "0505"));
}

static void
test_play_completion_offers_legal_targets_or_says_why(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, ':');
	keys(p, "charge r1 ");
	play_key(p, KEYM_TAB); /* b1, the only enemy it may charge */
	assert_string_equal(lineedit_text(p->edit), "charge r1 b1 ");
	while (lineedit_text(p->edit)[0] != '\0')
		play_key(p, KEYM_BACKSPACE);
	keys(p, "shoot r2 ");
	play_key(p, KEYM_TAB);
	assert_string_equal(lineedit_text(p->edit), "shoot r2 ");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	/* The phase, not "no enemy to shoot": enemies there are. */
	assert_string_equal(p->msg.text,
			    "shoot is for the shooting phase; this is "
			    "the movement phase");
	while (lineedit_text(p->edit)[0] != '\0')
		play_key(p, KEYM_BACKSPACE);
	/* No unit has anyone to attack: the message says why, the phase. */
	keys(p, "attack ");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_string_equal(p->msg.text,
			    "attack is for the combat phase; this is "
			    "the movement phase");
}

static void
test_play_prompt_odds_logs_and_changes_nothing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	uint64_t digest;

	leave_briefing(p);
	digest = game_digest(p->g);
	type_line(p, "odds r1 b1");
	assert_true(log_has(p, 12, "odds: r1 charges b1"));
	assert_true(log_has(p, 12, "hits on 4+"));
	assert_true(game_digest(p->g) == digest);
	/* Typed, before Enter: the odds in the message line. */
	if (p->mode == PLAY_PAGE)
		play_key(p, KEYM_ENTER); /* the news page, if it opened */
	if (p->mode != PLAY_PROMPT)
		play_key(p, ':');
	keys(p, "charge r1 b1");
	assert_int_equal(p->msg.kind, MSG_INFO);
	assert_int_equal(strncmp(p->msg.text, "odds: ", 6), 0);
	/* 4D6 +1 general g1, warbands are not armored: 5D6. */
	assert_non_null(strstr(
	    p->msg.text, "5D6 (4 base +1 general) hit on 4+, 2.5 expected"));
	assert_true(strlen(p->msg.text) <= 80);
	play_key(p, KEYM_BACKSPACE);
	assert_int_equal(p->msg.kind, MSG_NONE);
	play_key(p, '1');
	assert_int_equal(strncmp(p->msg.text, "odds: ", 6), 0);
	play_key(p, KEYM_ESC);
	assert_true(game_digest(p->g) == digest);
	/* Not a move: undo has nothing to take back. */
	type_line(p, "undo");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	/* odds with a hex points to the charge, whose odds show typed. */
	type_line(p, "ODDS r1 b1 0405");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(
	    strstr(p->msg.text, "a charge typed with its hex shows"));
	assert_true(strlen(p->msg.text) <= 80);
	assert_true(game_digest(p->g) == digest);
}

/*
 * The prompt takes commands, the map keys (issue 31: A typed at the
 * prompt ran as the advance key, E was an unknown command): a map key
 * alone on the line is refused with what to do, and as Enter closed the
 * prompt, the same key pressed next does its work.
 */
static void
test_play_prompt_refuses_a_map_key_which_then_works(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct game *g = (struct game *)p->g; /* the test's own */

	leave_briefing(p);
	g->choosing = true;
	type_line(p, "1");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_string_equal(p->msg.text,
			    "error: 1 is a key of the map, not a command: "
			    "press it now (Enter closed the prompt)");
	assert_true(g->choosing);
	assert_int_equal(p->mode, PLAY_MAP);
	play_key(p, '1');
	assert_false(g->choosing);
	/* "r1 may advance into 0101: A advance, H hold" */
	g->noffers = 1;
	g->offers[0].unit = unit(p, "r1");
	g->offers[0].to = g->units[unit(p, "r1")].hex;
	type_line(p, "H");
	assert_non_null(strstr(p->msg.text, "H is a key of the map"));
	assert_false(log_has(p, 5, "hold r1"));
	play_key(p, 'H');
	assert_true(log_has(p, 5, "hold r1"));
	type_line(p, "E");
	assert_non_null(strstr(p->msg.text, "E is a key of the map"));
	assert_int_equal(p->g->phase, PHASE_MOVEMENT);
	keys(p, "EE");
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
}

/*
 * Tab after an enemy's ID where the player's unit goes says so, not "no
 * enemy to charge: b1 belongs to blue" (issue 31: `charge ch2 ` at
 * Watling Street, the player meaning to charge ch2).
 */
static void
test_play_tab_on_an_enemy_unit_names_whose_it_is(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, ':');
	keys(p, "charge b1 ");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_string_equal(p->msg.text,
			    "b1 is Blue's, not yours: charge names your unit "
			    "first, then the enemy");
	play_key(p, KEYM_CTRL('u'));
	keys(p, "move b1 ");
	play_key(p, KEYM_TAB);
	assert_string_equal(p->msg.text, "b1 is Blue's, not yours to move");
	/* The phase comes first, as Enter would say it. */
	play_key(p, KEYM_CTRL('u'));
	keys(p, "shoot b1 ");
	play_key(p, KEYM_TAB);
	assert_string_equal(p->msg.text,
			    "shoot is for the shooting phase; this is "
			    "the movement phase");
	/* One's own unit still completes. */
	play_key(p, KEYM_CTRL('u'));
	keys(p, "charge r1 ");
	play_key(p, KEYM_TAB);
	assert_string_equal(lineedit_text(p->edit), "charge r1 b1 ");
}

/* Tab with nothing to offer says why, whatever the line (issue 12:
 * "nothing to complete here" gave no reason). */
static void
test_play_tab_with_nothing_says_why(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	static const struct {
		const char *line, *why;
	} cases[] = {
		{ "mvoe ", "mvoe is not a command: Tab on an empty line lists "
			   "them" },
		{ "move zz ", "there is no unit zz" },
		{ "move zz", "nothing that fits here starts with zz" },
		{ "end ", "nothing more to complete: Enter runs the line" },
	};
	size_t k;

	leave_briefing(p);
	play_key(p, ':');
	for (k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		play_key(p, KEYM_CTRL('u'));
		keys(p, cases[k].line);
		play_key(p, KEYM_TAB);
		assert_int_equal(p->msg.kind, MSG_ERROR);
		assert_string_equal(p->msg.text, cases[k].why);
		assert_string_equal(lineedit_text(p->edit), cases[k].line);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_play_esc_drops_the_line_into_history),
		SMALL(test_play_prompt_enter_clears_refused_lines_up_recalls),
		SMALL(test_play_tab_on_an_enemy_unit_names_whose_it_is),
		SMALL(test_play_prompt_takes_a_whole_say_and_says_when_full),
		SMALL(test_play_prompt_says_it_leaves_out_non_ascii),
		SMALL(test_play_prompt_refuses_dice_and_bad_words),
		SMALL(test_play_prompt_unknown_command_lists_what_it_takes),
		SMALL(test_play_prompt_ignores_a_leading_colon),
		SMALL(test_play_prompt_tab_completes),
		SMALL(test_play_completion_offers_legal_targets_or_says_why),
		SMALL(test_play_prompt_odds_logs_and_changes_nothing),
		SMALL(test_play_prompt_tab_says_why_no_unit_may_act),
		SMALL(test_play_prompt_own_commands),
		SMALL(test_play_refused_line_is_logged_with_its_refusal),
		SMALL(test_play_completion_leaves_out_the_units_own_hex),
		SMALL(test_play_tab_with_nothing_says_why),
		SMALL(test_play_prompt_refuses_a_map_key_which_then_works),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
