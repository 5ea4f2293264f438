/*
 * Tests of the screen's game logic (src/ui/play.c, playkeys.c and
 * playview.c, with describe.c and cmdwords.c): what each key and prompt
 * line does to the game, its session and save, the log and the modes,
 * without a terminal; undo, save and a save that fails; a resumed game's
 * log; and the replay viewer's keys.  Two tests play whole games of the
 * default scenario, one from the keyboard alone and one from the prompt
 * alone, choosing among the engine's legal commands at random.
 *
 * Each test of the small scenario runs with XDG_STATE_HOME and HOME in a
 * temporary directory of its own, so nothing is written elsewhere.
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
#include "session/seat.h"
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
#include "shipped.h"

/*
 * r1 (legionaries, general g1) at 0305 facing N has 0204 and 0304 in
 * front, both next to b1 (warband, 0303): it may charge but not move.
 * r2 (velites) at 0605 may move and shoot.
 */
static const char small_ini[] = "[scenario]\n"
				"title = Test\n"
				"turns = 3\n"
				"initiative = red\n"
				"[map]\n"
				"width = 7\n"
				"height = 6\n"
				"[side red]\n"
				"name = Red\n"
				"[side blue]\n"
				"name = Blue\n"
				"[unit r1]\n"
				"side = red\n"
				"type = legionaries\n"
				"hex = 0305\n"
				"facing = N\n"
				"[unit r2]\n"
				"side = red\n"
				"type = velites\n"
				"hex = 0605\n"
				"facing = N\n"
				"[unit b1]\n"
				"side = blue\n"
				"type = warband\n"
				"hex = 0303\n"
				"facing = S\n"
				"[general g1]\n"
				"side = red\n"
				"unit = r1\n";

struct fixture {
	struct session *s;
	struct play *p;
	char dir[256];	 /* the test's temporary directory */
	char state[300]; /* $XDG_STATE_HOME, inside it */
};

static struct hex
H(int col, int row) {
	struct hex h = { col, row };

	return h;
}

/* A new session of the scenario text, tied to no file. */
static struct session *
session_of(const char *text, size_t len, uint64_t seed)
{
	struct anc_errs errs;
	struct session *s;

	anc_errs_init(&errs);
	s = session_new(text, len, "test", seed, &errs);
	if (s == NULL && errs.n > 0)
		fprintf(stderr, "line %d: %s\n", errs.v[0].line, errs.v[0].msg);
	anc_errs_done(&errs);
	return s;
}

static int
rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int
setup_small(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);
	const char *tmp = getenv("TMPDIR");
	char home[320];

	if (f == NULL)
		return -1;
	snprintf(f->dir, sizeof f->dir, "%s/ancients-ui-XXXXXX",
		 tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
	if (mkdtemp(f->dir) == NULL)
		return -1;
	snprintf(f->state, sizeof f->state, "%s/state", f->dir);
	snprintf(home, sizeof home, "%s/home", f->dir);
	setenv("XDG_STATE_HOME", f->state, 1);
	setenv("HOME", home, 1);
	save_fail_at(SAVE_STEP_NONE);
	if ((f->s = session_of(small_ini, strlen(small_ini), 7)) == NULL)
		return -1;
	f->p = play_new(f->s);
	f->p->log_rows = 100; /* no news page unless a test wants it */
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct fixture *f = *state;

	play_free(f->p);
	session_free(f->s);
	nftw(f->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(f);
	return 0;
}

static void
keys(struct play *p, const char *s)
{
	for (; *s != '\0'; s++)
		play_key(p, (unsigned char)*s);
}

/* Types a line at the prompt and presses Enter. */
static void
type_line(struct play *p, const char *line)
{
	if (p->mode != PLAY_PROMPT)
		play_key(p, ':');
	assert_int_equal(p->mode, PLAY_PROMPT);
	keys(p, line);
	play_key(p, KEYM_ENTER);
}

/* Whether a log line among the newest n contains s. */
static bool
log_has(const struct play *p, int n, const char *s)
{
	int count = logbuf_count(p->log), i;

	for (i = count - 1; i >= 0 && i >= count - n; i--)
		if (strstr(logbuf_line(p->log, i, NULL, NULL), s) != NULL)
			return true;
	return false;
}

static int
unit(const struct play *p, const char *id)
{
	int u = scenario_find_unit(p->sc, id);

	assert_true(u >= 0);
	return u;
}

static void
leave_briefing(struct play *p)
{
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page, PAGE_BRIEFING);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
}

/* Tabs to unit u (of the side to play). */
static void
select_unit_by_tab(struct play *p, int u)
{
	int guard = 0;

	while (p->selected != u) {
		play_key(p, KEYM_TAB);
		assert_true(++guard < 50);
	}
}

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
	assert_int_equal(p->selected, unit(p, "r1"));
	assert_int_equal(p->cursor.col, 3);
	assert_int_equal(p->cursor.row, 5);
	assert_false(play_unsaved(p));
}

/* Whether a line of the page on show holds want. */
static bool
page_has(const struct play *p, const char *want)
{
	struct text t;
	bool found = false;
	int k;

	text_init(&t);
	play_page_text(p, &(struct theme){ true, true }, &t);
	for (k = 0; k < t.n; k++)
		if (strstr(t.v[k].text, want) != NULL)
			found = true;
	text_done(&t);
	return found;
}

/* The briefing says who plays: two at this screen, or the person against
 * the computer (it said "Two players share this screen" in both). */
static void
test_play_briefing_says_who_plays(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	assert_int_equal(p->page, PAGE_BRIEFING);
	assert_true(page_has(p, "Two players share this screen"));
	play_set_ai(p, 1, 1);
	assert_false(page_has(p, "Two players"));
	assert_true(page_has(p, "You lead Red; the computer plays Blue."));
	assert_true(page_has(p, "Press ? at any time"));
}

static void
test_play_marks_show_moves_targets_and_faces(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	const struct map *m = &p->sc->map;

	leave_briefing(p);
	/* r1 may charge b1, and its front hexes are F. */
	assert_true(p->target[unit(p, "b1")]);
	assert_int_equal(p->face[map_index(m, H(2, 4))], FACE_FRONT);
	assert_int_equal(p->face[map_index(m, H(3, 4))], FACE_FRONT);
	assert_int_equal(p->face[map_index(m, H(2, 5))], FACE_LEFT);
	assert_int_equal(p->face[map_index(m, H(4, 5))], FACE_RIGHT);
	assert_int_equal(p->face[map_index(m, H(2, 6))], FACE_REAR);
	/* Next to an enemy: no hex to move to. */
	assert_int_equal(p->mark[map_index(m, H(3, 4))], MARK_NONE);
	/* Tab to r2: it may move, straight ahead for one. */
	play_key(p, KEYM_TAB);
	assert_int_equal(p->selected, unit(p, "r2"));
	assert_int_equal(p->mark[map_index(m, H(6, 4))], MARK_MOVE);
	assert_int_equal(p->mark[map_index(m, H(3, 5))], MARK_NONE);
}

static void
test_play_keys_move_the_selected_unit(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");

	leave_briefing(p);
	play_key(p, KEYM_TAB);
	assert_int_equal(p->selected, r2);
	play_key(p, 'y'); /* 11 o'clock: 0504 */
	assert_int_equal(p->cursor.col, 5);
	assert_int_equal(p->cursor.row, 4);
	play_key(p, 'm');
	assert_int_equal(p->msg_kind, MSG_NONE);
	assert_int_equal(p->g->units[r2].hex.col, 5);
	assert_int_equal(p->g->units[r2].hex.row, 4);
	assert_true(log_has(p, 3, "Red> move r2 0504"));
	assert_true(log_has(p, 3, "Move: r2 0605 -> 0504"));
	assert_true(play_unsaved(p));
	/* The same unit again: its action is used. */
	play_key(p, 'k');
	play_key(p, 'm');
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_true(log_has(p, 1, "error: "));
	assert_int_equal(p->g->units[r2].hex.row, 4);
}

/*
 * A solo game, the computer playing side 1: the person ends the first
 * player-turn at the prompt (the computer waits meanwhile) and the
 * computer plays until the person must act.  Returns the computer's steps.
 */
static int
solo_first_turn_ended(struct play *p)
{
	int k;

	play_set_ai(p, 1, 1);
	leave_briefing(p);
	assert_false(play_ai_due(p));
	type_line(p, "end");
	type_line(p, "end");
	type_line(p, "end");
	for (k = 0; k < 200 && play_ai_due(p); k++)
		assert_int_equal(play_ai_step(p), 0);
	play_ai_done(p);
	return k;
}

/*
 * Solo play: the computer's side acts through play_ai_step() (the screen
 * calls it while play_ai_due()), each command logged as "ai: ..." and
 * journaled as itself; its turn ends when the person must act, and the
 * person's undo never takes the computer's turn back past a roll or an
 * end.  `ai` at the prompt of a two-player game plays the side to act.
 */
static void
test_play_computer_plays_its_side_and_ai_at_the_prompt(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	size_t i;
	int k;

	k = solo_first_turn_ended(p);
	assert_false(play_ai_due(p));
	assert_false(p->ai_busy);
	assert_true(k > 0);
	assert_true(p->g->over || ai_side_to_act(p->g) == 0);
	assert_true(log_has(p, 200, "ai: "));
	assert_false(log_has(p, 200, "Blue> "));
	for (i = 0; i < session_length(f->s); i++)
		assert_true(strncmp(session_command(f->s, i), "ai", 2) != 0);
	if (!p->g->over) {
		/* A say is no command of the person's: undo still has the
		 * computer's to take back first, all or none. */
		size_t n = session_length(f->s);

		type_line(p, "say your move was bold");
		assert_int_equal(session_length(f->s), n + 1);
		type_line(p, "undo");
		assert_int_equal(p->msg_kind, MSG_ERROR);
		assert_non_null(strstr(p->msg, "the computer has played"));
		assert_int_equal(session_length(f->s), n + 1);
		lineedit_clear(p->edit); /* Enter cleared it already */
	}

	/* Two players: `ai` plays Red's turn, and only that. */
	play_set_ai(p, -1, 1);
	assert_false(play_ai_due(p));
	if (p->g->over)
		return;
	type_line(p, "ai");
	assert_true(play_ai_due(p));
	k = p->g->player;
	while (play_ai_due(p))
		assert_int_equal(play_ai_step(p), 0);
	play_ai_done(p);
	assert_true(p->g->over || ai_side_to_act(p->g) != k);
	assert_false(play_ai_due(p));
}

/*
 * `ai` at the prompt of a game against the computer plays the typing
 * player's player-turn only, as in a two-player game: the computer's own
 * turn follows as usual, and then the person has the game again.
 */
static void
test_play_ai_at_the_prompt_of_a_solo_game_plays_one_turn(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int k;

	play_set_ai(p, 1, 1);
	leave_briefing(p);
	assert_int_equal(ai_side_to_act(p->g), 0);
	type_line(p, "ai");
	assert_true(play_ai_due(p));
	for (k = 0; k < 400 && play_ai_due(p); k++)
		assert_int_equal(play_ai_step(p), 0);
	play_ai_done(p);
	assert_false(p->g->over);
	assert_int_equal(ai_side_to_act(p->g), 0);
	assert_true(p->g->turn <= 2);
	assert_false(play_ai_due(p));
	assert_int_equal(p->ai_once, -1);
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
	assert_true(p->target[b1]); /* r1 may charge it: Enter would */
	p->cursor = H(3, 3);
	play_key(p, 'i');
	assert_int_equal(p->selected, b1);
	assert_int_equal(session_length(f->s), 0);
	assert_non_null(strstr(p->msg, "b1 selected"));
	p->cursor = H(4, 4); /* nobody */
	play_key(p, 'i');
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_int_equal(p->selected, b1);
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
	assert_true(p->selected >= 0);
	snprintf(want, sizeof want, "%s is selected, Esc drops it",
		 play_uid(p, p->selected));
	assert_non_null(strstr(p->msg, want));
	assert_non_null(strstr(p->msg, "Blue to play: turn 1"));
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
	assert_int_equal(p->mode, PLAY_PROMPT);
	u = p->selected;
	assert_true(u >= 0);
	assert_non_null(strstr(p->msg, "is selected, Esc for the map"));
	assert_null(strstr(p->msg, "Esc drops it"));
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->selected, u);
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
	u = p->selected;
	assert_true(u >= 0);
	assert_true(hex_equal(p->cursor, p->g->units[u].hex));
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->selected, u);
	assert_non_null(strstr(p->msg, "Esc drops it"));
	play_key(p, KEYM_ESC);
	assert_int_equal(p->selected, -1);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->selected, u);
	p->cursor = H(1, 1); /* nobody, not marked */
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->selected, -1);
	assert_int_equal(session_length(f->s), 0);
}

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
	assert_true(p->news);
	assert_true(p->news_all);
	assert_true(p->page_at_end);
	assert_int_equal(p->news_count, logbuf_count(p->log));
	assert_string_equal(play_page_title(p), " The log ");
	play_key(p, KEYM_ESC);
	assert_false(p->news);
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
	p->cursor = p->g->units[unit(p, "r1")].hex;
	play_key(p, 'i');
	assert_int_equal(p->selected, unit(p, "r1"));
	play_key(p, 'p');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "pivot is for the movement phase"));
	play_key(p, 'a');
	assert_non_null(strstr(p->msg, "attack is for the combat phase"));
	play_key(p, 'c');
	assert_non_null(strstr(p->msg, "charge is for the movement phase"));
	play_key(p, 'M');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_non_null(strstr(p->msg, "move is for the movement phase"));
	assert_int_equal(session_length(f->s), 1);
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
	play_key(p, 'x'); /* not a facing: asked again */
	assert_int_equal(p->mode, PLAY_FACING);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	play_key(p, 'u');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->g->units[r1].facing, FACING_NE);
	assert_true(log_has(p, 2, "Red> pivot r1 NE"));
	/* A formed unit is not asked a facing for a move. */
	play_key(p, 'M');
	assert_int_equal(p->mode, PLAY_MAP);
	assert_int_equal(p->msg_kind, MSG_ERROR);
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
	assert_int_equal(p->msg_kind, MSG_ERROR);
	keys(p, "kk"); /* 0304, 0303: b1 */
	assert_int_equal(game_unit_at(p->g, p->cursor), b1);
	play_key(p, 'c');
	assert_true(log_has(p, 3, "Charge: r1 charges b1"));
	assert_true(game_unit_engaged(p->g, r1));
	play_key(p, 'E');
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
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	/* r1 must attack first: end is refused and says why. */
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "r1"));
	play_key(p, KEYM_TAB);
	assert_int_equal(p->selected, r1);
	assert_true(p->target[b1]);
	keys(p, "u"); /* 1 o'clock: b1 */
	play_key(p, 'a');
	assert_int_equal(p->msg_kind, MSG_NONE);
	assert_true(log_has(p, 4, "D6")); /* the roll, with its dice */
	assert_int_equal(p->g->units[r1].attacked, b1);
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
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_string_equal(lineedit_text(p->edit), ""); /* Enter cleared */
	assert_true(game_digest(p->g) == before);
	/* Up brings the refused line back, Down the line being typed. */
	keys(p, "mo");
	play_key(p, KEYM_UP);
	assert_string_equal(lineedit_text(p->edit), "move r2 0101");
	play_key(p, KEYM_DOWN);
	assert_string_equal(lineedit_text(p->edit), "mo");
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "move r2 0604");
	assert_int_equal(p->msg_kind, MSG_NONE);
	assert_string_equal(lineedit_text(p->edit), "");
	assert_int_equal(p->g->units[r2].hex.row, 4);
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
	assert_int_equal(p->msg_kind == MSG_ERROR, false);
	assert_true(log_has(p, 3, "xZ"));
	assert_int_equal(p->mode, PLAY_PROMPT); /* it stays open */
	for (i = 0; i < LINEEDIT_MAX - 1; i++)
		play_key(p, 'y');
	assert_int_equal(p->msg_kind == MSG_ERROR, false);
	n = logbuf_count(p->log);
	keys(p, "yyy");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "the line is full"));
	assert_int_equal(logbuf_count(p->log), n + 1); /* said once */
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
	n = logbuf_count(p->log);
	play_key(p, 0xc3); /* e acute in UTF-8, as curses reads it */
	play_key(p, 0xa9);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_int_equal(logbuf_count(p->log), n + 1); /* said once */
	assert_non_null(strstr(p->msg, "plain ASCII"));
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
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "batch"));
	/* Wider than the message line: whole in the log. */
	assert_true(strlen(p->msg) > 80);
	assert_true(log_has(p, 1, p->msg));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "fly r1 0101");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_true(strncmp(p->msg, "error: ", 7) == 0);
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
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "unknown command \"Fly\""));
	for (k = 0; k < sizeof want / sizeof want[0]; k++)
		if (strstr(p->msg, want[k]) == NULL)
			fail_msg("\"%s\" is not in \"%s\"", want[k], p->msg);
	assert_null(strstr(p->msg, "dice"));
	assert_true(log_has(p, 1, p->msg));
}

/* The prompt stays open after a refused line; a ':' typed again out of
 * habit is not a part of the command. */
static void
test_play_prompt_ignores_a_leading_colon(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "fly r1 0101");
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	type_line(p, ":move r2 0604");
	assert_int_equal(p->msg_kind, MSG_NONE);
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
	assert_non_null(strstr(p->msg, "r1"));
	assert_non_null(strstr(p->msg, "r2"));
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
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_string_equal(p->msg, "shoot is for the shooting phase; this is "
				    "the movement phase");
	lineedit_clear(p->edit);
	type_line(p, "end"); /* the shooting phase: b1 is not in r2's arc */
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	keys(p, "shoot ");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "r2")); /* the velites, not r1 */
	assert_null(strstr(p->msg, "r1"));
	lineedit_clear(p->edit);
	type_line(p, "end"); /* the combat phase: nobody in contact */
	assert_int_equal(p->g->phase, PHASE_COMBAT);
	keys(p, "attack ");
	play_key(p, KEYM_TAB);
	assert_string_equal(p->msg, "no unit may attack: none of Red's is in "
				    "contact with an enemy");
}

static void
test_play_prompt_own_commands(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	type_line(p, "goto 0101");
	assert_int_equal(p->cursor.col, 1);
	assert_int_equal(p->cursor.row, 1);
	type_line(p, "select b1");
	assert_int_equal(p->selected, unit(p, "b1"));
	assert_int_equal(p->cursor.row, 3);
	type_line(p, "goto 9999");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	/* The prompt's own refusals are in the log too. */
	assert_true(log_has(p, 1, "error: 9999 is not a hex of this map"));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "select zz");
	assert_true(log_has(p, 1, "error: there is no unit zz"));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "help");
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page, PAGE_HELP);
	/* Closing a page opened from the prompt goes back to the prompt:
	 * the keys typed next are the line's. */
	play_key(p, 'x');
	assert_int_equal(p->mode, PLAY_PROMPT);
	play_key(p, 'k');
	assert_string_equal(lineedit_text(p->edit), "k");
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "rules");
	assert_int_equal(p->page, PAGE_RULES);
}

static void
test_play_quit_asks_only_while_unsaved(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, 'E'); /* now there is a game to lose */
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
	assert_non_null(strstr(p->msg, "Nothing was played yet"));
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
	assert_non_null(strstr(p->msg, "saved either way"));
	assert_true(strlen(p->msg) <= 80);
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
	assert_int_equal(p->cursor.col, 6);
	assert_int_equal(p->selected, unit(p, "r1"));
	play_click(p, H(6, 5));
	assert_int_equal(p->selected, unit(p, "r2"));
	play_click(p, H(40, 40)); /* off the map: nothing */
	assert_int_equal(p->cursor.col, 6);
}

static void
test_play_news_when_the_log_is_short_keeps_the_keys(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct text t;

	leave_briefing(p);
	p->log_rows = 2;
	type_line(p, "dump");
	/* Shown over the map, with the prompt still the keys' */
	assert_int_equal(p->mode, PLAY_PROMPT);
	assert_true(p->news);
	assert_int_equal(p->page, PAGE_NEWS);
	text_init(&t);
	play_page_text(p, &(struct theme){ false, false }, &t);
	assert_true(t.n >= 3);
	assert_string_equal(t.v[0].text, "Red> dump");
	assert_true(strncmp(t.v[1].text, "game turn=1", 11) == 0);
	assert_string_equal(t.v[t.n - 1].text, "end");
	text_done(&t);
	keys(p, "move q");
	assert_string_equal(lineedit_text(p->edit), "move q");
	assert_true(p->news);
	assert_false(p->quit);
	play_key(p, KEYM_CTRL('u'));
	play_key(p, KEYM_ENTER); /* an empty Enter closes it */
	assert_false(p->news);
	assert_int_equal(p->mode, PLAY_PROMPT);
	/* Over the map: Esc only closes it; other keys act on the map. */
	type_line(p, "dump");
	play_key(p, KEYM_ESC);
	assert_int_equal(p->mode, PLAY_MAP);
	assert_true(p->news);
	play_key(p, KEYM_ESC);
	assert_false(p->news);
	assert_int_equal(p->mode, PLAY_MAP);
	type_line(p, "dump");
	play_key(p, KEYM_ESC);
	play_key(p, 'E'); /* ends the phase at once */
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
	play_key(p, 'P');
	assert_true(p->push_armed);
	assert_int_equal(p->mark[map_index(&p->sc->map, H(6, 3))], MARK_MOVE);
	play_key(p, 'k'); /* 0603 */
	play_key(p, 'm');
	assert_true(log_has(p, 4, "Red> push r2 move 0603"));
	assert_true(log_has(p, 4, "Push: r2 needs"));
	assert_true(p->g->units[r2].pushed);
	assert_false(p->push_armed);
}

/* The small scenario with side names as long as the status line shows
 * (24 characters). */
static struct session *
long_names_session(void)
{
	static const char *const from[2] = { "name = Red\n", "name = Blue\n" };
	static const char *const to[2] = {
		"name = Rome (Ostorius Scapula)\n",
		"name = Britons (Boudica, Iceni)\n"
	};
	char text[sizeof small_ini + 128];
	const char *at;
	size_t used;
	int k;

	snprintf(text, sizeof text, "%s", small_ini);
	for (k = 0; k < 2; k++) {
		at = strstr(text, from[k]);
		assert_non_null(at);
		used = (size_t)(at - text);
		memmove(text + used + strlen(to[k]), at + strlen(from[k]),
			strlen(at + strlen(from[k])) + 1);
		memcpy(text + used, to[k], strlen(to[k]));
	}
	return session_of(text, strlen(text), 7);
}

/* The hint fits, and names its most useful keys and the help. */
static void
check_hint(const struct play *p, int width, const char *key, const char *tail)
{
	char hint[256];

	play_hint(p, width, hint, sizeof hint);
	if (text_width(hint, strlen(hint)) > width)
		fail_msg("%d columns: \"%s\" is wider", width, hint);
	if (strstr(hint, key) == NULL)
		fail_msg("%d columns: no \"%s\" in \"%s\"", width, key, hint);
	if (strlen(hint) < strlen(tail) ||
	    strcmp(hint + strlen(hint) - strlen(tail), tail) != 0)
		fail_msg("%d columns: \"%s\" does not end in \"%s\"", width,
			 hint, tail);
}

static void
test_play_hints_fit_the_message_line(void **state)
{
	struct session *s = long_names_session();
	struct play *p;
	char hint[256];
	int w;

	(void)state;
	assert_non_null(s);
	p = play_new(s);
	p->log_rows = 100;
	leave_briefing(p);
	for (w = 48; w <= 120; w += 8) {
		check_hint(p, w, "Tab unit", "? help");
		play_key(p, 'P'); /* r1's push, armed */
		check_hint(p, w, "m move", "? help");
		play_key(p, KEYM_ESC);
		play_key(p, ':');
		check_hint(p, w, "Enter runs", "help lists them");
		play_key(p, KEYM_ESC);
	}
	/* At 80 columns the movement hint has every key of the phase. */
	play_hint(p, 80, hint, sizeof hint);
	assert_non_null(strstr(hint, "E end phase"));
	assert_non_null(strstr(hint, "P push"));
	/* Nobody here shoots or fights yet: the hint says so, not keys
	 * that would only be refused. */
	play_key(p, 'E');
	check_hint(p, 80, "no unit can shoot now", "? help");
	play_key(p, 'E');
	check_hint(p, 80, "no attack to make", "? help");
	play_free(p);
	session_free(s);
}


/* The status line's words do not come and go between phases and
 * sides: only the numbers and names change. */
static void
status_shape(const struct game *g, int width, char *shape, size_t len)
{
	char who[96], rest[256];

	describe_status(g, width, who, sizeof who, rest, sizeof rest);
	snprintf(shape, len, "%d%d%d", strstr(who, " to play ") != NULL,
		 strstr(rest, "  ") != NULL, strchr(rest, '*') != NULL);
	/* From 70 columns even these long names fit (the screen has 80). */
	if (width >= 70 &&
	    text_width(who, strlen(who)) + 1 + text_width(rest, strlen(rest)) >
		width)
		fail_msg("%d columns: \"%s\" \"%s\" is wider", width, who,
			 rest);
}

/*
 * R11.4: a game decided by shares at the turn limit.  The end page gives
 * each side's share of its starting breakpoint lost, as the rule
 * compares them, with the decimals that tell them apart: the playtest's
 * 6 of 26 left against 7 of 30 reads like a Roman edge, but the Romans
 * lost 20/26 = 76.9% and the other side 23/30 = 76.7%.
 */
static void
test_play_end_page_gives_each_share_lost_r11_4(void **state)
{
	struct fixture *f = *state;
	struct game *g = game_clone(f->p->g);
	struct text t;
	bool reason = false, side[2] = { false, false };
	char want[320];
	int k;

	g->over = true;
	g->bp[0] = 6;
	g->bp_start[0] = 26;
	g->bp[1] = 7;
	g->bp_start[1] = 30;
	g->winner = 1;
	g->end = END_SHARE;
	text_init(&t);
	describe_end(g, &f->p->tally, &t);
	snprintf(want, sizeof want,
		 "%s had lost the smaller share of its breakpoint (R11.4): "
		 "23 of 30 lost (76.7%%), against 20 of 26 lost (76.9%%) "
		 "for %s",
		 g->sc->sides[1].name, g->sc->sides[0].name);
	for (k = 0; k < t.n; k++) {
		reason |= strstr(t.v[k].text, want) != NULL;
		side[0] |= strstr(t.v[k].text, "breakpoint 6 of 26, 20 of 26 "
					       "lost (76.9%)") != NULL;
		side[1] |= strstr(t.v[k].text, "breakpoint 7 of 30, 23 of 30 "
					       "lost (76.7%)") != NULL;
	}
	assert_true(reason);
	assert_true(side[0] && side[1]);
	text_done(&t);

	/* Equal shares: a draw, each said. */
	g->bp[0] = 2; /* 24/26 */
	g->bp_start[1] = 13;
	g->bp[1] = 1; /* 12/13, the same */
	g->winner = -1;
	g->end = END_SHARE_DRAW;
	text_init(&t);
	describe_end(g, &f->p->tally, &t);
	reason = false;
	for (k = 0; k < t.n; k++)
		reason |= strstr(t.v[k].text, "24 of 26 lost (92.3%)") !=
			      NULL &&
			  strstr(t.v[k].text, "12 of 13 lost (92.3%)") != NULL;
	assert_true(reason);
	text_done(&t);
	/* Shares that one decimal cannot tell apart get more of them. */
	g->bp_start[0] = 1000;
	g->bp[0] = 1000 - 923; /* 92.30% against 12/13 = 92.31% */
	g->winner = 0;
	g->end = END_SHARE;
	text_init(&t);
	describe_end(g, &f->p->tally, &t);
	reason = false;
	for (k = 0; k < t.n; k++)
		reason |= strstr(t.v[k].text, "923 of 1000 lost (92.30%), "
					      "against 12 of 13 lost "
					      "(92.31%)") != NULL;
	assert_true(reason);
	text_done(&t);
	game_free(g);
}

/* At 80 columns the computer's turn says so on the status line of every
 * shipped battle, though its longest names leave no room for "computer
 * thinking" (a playtest: Mons Graupius showed no word at all). */
static void
solo_word_fits(const struct scenario *sc, const char *file, void *ctx)
{
	static const char *const thinking[] = { "computer thinking",
						"thinking" };
	static const char *const to_play[] = { "computer to play", "computer" };
	static const char *const yours[] = { "your turn" };
	struct game *g;
	char block[96], rest[256];
	const char *const *words[] = { thinking, to_play, yours };
	int nwords[] = { 2, 2, 1 }, i, p;

	(void)ctx;
	g = game_new(sc, 1);
	assert_non_null(g);
	for (p = 0; p < 2; p++) {
		g->player = p; /* both sides' names */
		for (i = 0; i < 3; i++) {
			describe_status_solo(g, 80, words[i], nwords[i], block,
					     sizeof block, rest, sizeof rest);
			if (strncmp(rest, words[i][nwords[i] - 1],
				    strlen(words[i][nwords[i] - 1])) != 0 &&
			    strncmp(rest, words[i][0], strlen(words[i][0])) != 0)
				fail_msg("%s, %s to play: no \"%s\" in \"%s\" "
					 "\"%s\"",
					 file, sc->sides[p].name, words[i][0],
					 block, rest);
			if (text_width(block, strlen(block)) + 1 +
				text_width(rest, strlen(rest)) >
			    80)
				fail_msg("%s: \"%s\" \"%s\" is wider than 80",
					 file, block, rest);
		}
	}
	game_free(g);
}

static void
test_play_status_says_the_computer_plays_at_80_columns(void **state)
{
	(void)state;
	assert_int_equal(shipped_each(solo_word_fits, NULL), 8);
}

static void
test_play_status_words_stay_put(void **state)
{
	struct session *s = long_names_session();
	struct play *p;
	struct text t;
	char first[100][8], now[8];
	int w, step, i;
	bool explained = false;

	(void)state;
	assert_non_null(s);
	p = play_new(s);
	p->log_rows = 100;
	leave_briefing(p);
	for (w = 40; w < 100; w++)
		status_shape(p->g, w, first[w], sizeof first[w]);
	/* Shooting, combat, then the other side's movement. */
	for (step = 0; step < 3; step++) {
		type_line(p, "end");
		assert_int_equal(p->msg_kind == MSG_ERROR, false);
		while (p->mode == PLAY_PAGE)
			play_key(p, KEYM_ESC);
		for (w = 40; w < 100; w++) {
			status_shape(p->g, w, now, sizeof now);
			assert_string_equal(now, first[w]);
		}
	}
	assert_int_equal(p->g->player, 1);
	/* Short of room, a '*' marks the initiative: the help page says
	 * what it means. */
	assert_string_equal(first[40], "001");
	text_init(&t);
	describe_help(&(struct theme){ true, true }, p->sc, p->glyphs, &t);
	for (i = 0; i < t.n; i++)
		explained |=
		    strstr(t.v[i].text, "a * after a side's key") != NULL;
	assert_true(explained);
	text_done(&t);
	play_free(p);
	session_free(s);
}

/* The panel's lines of the unit at h, joined. */
static void
panel_text(const struct play *p, struct hex h, char *buf, size_t len)
{
	struct text t;
	size_t used = 0;
	int i;

	text_init(&t);
	describe_hex(p->g, h, p->deeds, &t);
	buf[0] = '\0';
	for (i = 0; i < t.n && used < len; i++) {
		snprintf(buf + used, len - used, "%s\n", t.v[i].text);
		used = strlen(buf);
	}
	text_done(&t);
}

/* The index of the first line of a unit's card that starts with s. */
static int
card_line(const struct play *p, int u, const char *s)
{
	struct text t;
	int i, at = -1;

	text_init(&t);
	describe_unit(p->g, u, &p->deeds[u], &t);
	for (i = 0; i < t.n && at < 0; i++)
		if (strncmp(t.v[i].text, s, strlen(s)) == 0)
			at = i;
	if (strcmp(s, "") == 0)
		at = t.n; /* the number of lines */
	text_done(&t);
	return at;
}

/*
 * The lines every unit has stand in the same rows on every card, the
 * missile weapons and the general last: Tab from one unit to another
 * rewrites what differs, not the card from the first line that does
 * (issue 13).
 */
static void
test_play_cards_line_up_row_for_row(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r1 = unit(p, "r1"), r2 = unit(p, "r2");

	leave_briefing(p);
	assert_int_equal(card_line(p, r1, "combat"),
			 card_line(p, r2, "combat"));
	assert_int_equal(card_line(p, r1, "traits"),
			 card_line(p, r1, "combat") + 1);
	assert_int_equal(card_line(p, r2, "traits"),
			 card_line(p, r2, "combat") + 1);
	assert_int_equal(card_line(p, r2, "missile"),
			 card_line(p, r2, "traits") + 1);
	assert_int_equal(card_line(p, r1, "general"), card_line(p, r1, "") - 1);
	assert_int_equal(card_line(p, r1, "missile"), -1);
}

static void
test_play_panel_says_what_each_unit_did(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r1 = unit(p, "r1"), r2 = unit(p, "r2");
	struct wrap_span sp[4];
	const char *at;
	char text[2048];

	leave_briefing(p);
	type_line(p, "pivot r1 NW");
	panel_text(p, H(3, 5), text, sizeof text);
	assert_non_null(strstr(text, "this" WRAP_NBSP "turn: pivoted\n"));
	/* facing and its value wrap as one. */
	at = strstr(text, "SP" WRAP_NBSP "9  hits" WRAP_NBSP
			  "0  facing" WRAP_NBSP "NW\n");
	assert_non_null(at);
	assert_int_equal(wrap_text("SP" WRAP_NBSP "9  hits" WRAP_NBSP
				   "0  facing" WRAP_NBSP "NW",
				   22, sp, 4),
			 2);
	assert_int_equal(sp[1].len, strlen("facing" WRAP_NBSP "NW"));
	/* Undo keeps it right: r1 has done nothing now. */
	type_line(p, "undo");
	panel_text(p, H(3, 5), text, sizeof text);
	assert_non_null(strstr(text, "this" WRAP_NBSP "turn: nothing yet\n"));
	/* A charge says whom. */
	type_line(p, "charge r1 b1");
	assert_int_equal(p->msg_kind == MSG_ERROR, false);
	panel_text(p, p->g->units[r1].hex, text, sizeof text);
	assert_non_null(
	    strstr(text, "this" WRAP_NBSP "turn: charged" WRAP_NBSP "b1\n"));
	/* A move, then its push. */
	type_line(p, "move r2 0604");
	panel_text(p, H(6, 4), text, sizeof text);
	assert_non_null(strstr(text, "this" WRAP_NBSP "turn: moved\n"));
	type_line(p, "push r2 pivot NW");
	assert_true(p->g->units[r2].pushed);
	panel_text(p, H(6, 4), text, sizeof text);
	assert_non_null(strstr(text,
			       "this" WRAP_NBSP "turn: moved, pushed" WRAP_NBSP
			       "to" WRAP_NBSP "pivot"));
}

static void
test_play_t_names_what_is_missing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int before;

	leave_briefing(p);
	play_key(p, KEYM_ESC); /* nothing selected */
	assert_int_equal(p->selected, -1);
	before = logbuf_count(p->log);
	play_key(p, 't');
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "nothing is selected"));
	assert_non_null(strstr(p->msg, "Tab"));
	/* A key's refusal is in the log as well. */
	assert_int_equal(logbuf_count(p->log), before + 1);
	assert_true(log_has(p, 1, "nothing is selected"));
	play_key(p, KEYM_TAB); /* r1: b1 is its target */
	play_key(p, 't');
	assert_int_equal(p->msg_kind, MSG_NONE);
	assert_int_equal(game_unit_at(p->g, p->cursor), unit(p, "b1"));
	play_key(p, KEYM_TAB); /* r2: no enemy in reach */
	play_key(p, 't');
	assert_non_null(strstr(p->msg, "r2 has no enemy"));
}

static void
test_play_completion_leaves_out_the_units_own_hex(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	leave_briefing(p);
	play_key(p, KEYM_TAB); /* r2, the cursor on its hex 0605 */
	assert_true(hex_equal(p->cursor, H(6, 5)));
	play_key(p, ':');
	keys(p, "move r2 0");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg_kind, MSG_INFO); /* several: listed */
	assert_non_null(strstr(p->msg, "0604"));
	assert_null(strstr(p->msg, "0605"));
	/* Elsewhere the cursor's hex is offered, legal or not. */
	play_key(p, KEYM_ESC);
	play_key(p, 'h');
	play_key(p, ':');
	play_key(p, KEYM_UP); /* Esc kept the line in the history */
	play_key(p, KEYM_TAB);
	assert_non_null(strstr(p->msg, "0505"));
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
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "no enemy to shoot"));
	assert_non_null(strstr(p->msg, "shooting phase"));
	while (lineedit_text(p->edit)[0] != '\0')
		play_key(p, KEYM_BACKSPACE);
	/* No unit has anyone to attack: the message says why, the phase. */
	keys(p, "attack ");
	play_key(p, KEYM_TAB);
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_string_equal(p->msg, "attack is for the combat phase; this is "
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
	assert_int_equal(p->msg_kind, MSG_INFO);
	assert_int_equal(strncmp(p->msg, "odds: ", 6), 0);
	/* 4D6 +1 general g1, warbands are not armored: 5D6. */
	assert_non_null(
	    strstr(p->msg, "5D6 (4 base +1 general) hit on 4+, 2.5 expected"));
	assert_true(strlen(p->msg) <= 80);
	play_key(p, KEYM_BACKSPACE);
	assert_int_equal(p->msg_kind, MSG_NONE);
	play_key(p, '1');
	assert_int_equal(strncmp(p->msg, "odds: ", 6), 0);
	play_key(p, KEYM_ESC);
	assert_true(game_digest(p->g) == digest);
	/* Not a move: undo has nothing to take back. */
	type_line(p, "undo");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	/* odds with a hex points to the charge, whose odds show typed. */
	type_line(p, "ODDS r1 b1 0405");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "a charge typed with its hex shows"));
	assert_true(strlen(p->msg) <= 80);
	assert_true(game_digest(p->g) == digest);
}

/* --- Sessions: saving, undo, resuming --- */

static void
test_play_undo_takes_back_a_move(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");

	leave_briefing(p);
	play_key(p, KEYM_TAB);
	play_key(p, 'y'); /* 0504 */
	play_key(p, 'm');
	assert_int_equal(p->g->units[r2].hex.row, 4);
	assert_int_equal(session_length(f->s), 1);
	play_key(p, 'U');
	assert_int_equal(p->msg_kind, MSG_INFO);
	assert_non_null(strstr(p->msg, "move r2 0504"));
	assert_int_equal(session_length(f->s), 0);
	assert_int_equal(p->g->units[r2].hex.col, 6);
	assert_int_equal(p->g->units[r2].hex.row, 5);
	assert_true(log_has(p, 1, "Undone: move r2 0504"));
	/* The view follows: the unit selected where it stands, its moves
	 * marked again. */
	assert_int_equal(p->selected, r2);
	assert_true(hex_equal(p->cursor, H(6, 5)));
	assert_int_equal(p->mark[map_index(&p->sc->map, H(6, 4))], MARK_MOVE);
	/* Nothing left to undo: said, and the line goes. */
	type_line(p, "undo");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "nothing to undo"));
	assert_string_equal(lineedit_text(p->edit), "");
}

/* The screen's log says what a roll needed and why a breakpoint fell;
 * batch mode's line (event_format()) is its start, unchanged. */
static void
test_play_log_says_what_rolls_needed(void **state)
{
	struct fixture *f = *state;
	const struct scenario *sc = f->p->sc;
	struct event e;
	char line[LOGBUF_WIDTH];

	memset(&e, 0, sizeof e);
	e.kind = EV_ATTACK;
	e.unit = unit(f->p, "r1");
	e.other = unit(f->p, "b1");
	e.calc.base = e.calc.total = 3;
	e.ndice = 3;
	e.dice[0] = 6;
	e.dice[1] = 4;
	e.dice[2] = 1;
	e.hits = 2;
	e.value = 2;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Combat: r1 attacks b1: 3D6 base = 3D6, "
				  "hits on 4+, rolls [6 4 1]: 2 hits, b1 has "
				  "2 hits");

	memset(&e, 0, sizeof e);
	e.kind = EV_GENERAL_RISK;
	e.general = 0;
	e.ndice = 2;
	e.dice[0] = 1;
	e.dice[1] = 3;
	e.value = 4;
	event_screen_text(sc, &e, line, sizeof line);
	assert_non_null(strstr(line, "= 4: unhurt (a 2 kills him)"));

	memset(&e, 0, sizeof e);
	e.kind = EV_GENERAL_D3;
	e.side = 0;
	e.general = 0;
	e.ndice = 1;
	e.dice[0] = 5;
	e.value = 3;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Breakpoint: red pays 1D3 for general g1: "
				  "the die shows 5, halved up: 3 points");

	memset(&e, 0, sizeof e);
	e.kind = EV_BREAKPOINT_LOSS;
	e.side = 0;
	e.value = 6;
	e.value2 = 4;
	e.need = 10;
	e.lost[0] = 1;
	e.lost[1] = 1;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Breakpoint: red loses 6 (now 4 of 10): "
				  "1 failed morale x1, 1 routed x2, 3 for "
				  "generals (1D3)");

	memset(&e, 0, sizeof e);
	e.kind = EV_INITIATIVE;
	e.side = e.value2 = 0;
	e.ndice = 2;
	e.dice[0] = 3;
	e.dice[1] = 4;
	event_screen_text(sc, &e, line, sizeof line);
	assert_non_null(strstr(line, "red keeps the initiative and moves "
				     "first (seizing needs 5+ against 3)"));
	e.dice[0] = 5;
	event_screen_text(sc, &e, line, sizeof line);
	assert_non_null(strstr(line, "(against a 5 nothing could seize it)"));
}

/* The questions fit the 80 columns of the message line (issue 12: "press
 * 1 to move first or 2 to move se..."), and so do the quit questions. */
static void
test_play_questions_fit_80_columns(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct game *g = (struct game *)p->g; /* the test's own */
	char q[160];

	leave_briefing(p);
	assert_false(play_question(p, q, sizeof q));
	g->choosing = true;
	assert_true(play_question(p, q, sizeof q));
	assert_string_equal(q, "Red seized the initiative: 1 moves first, 2 "
			       "moves second");
	/* The longest a side's name is shown, 24 characters. */
	assert_true(strlen(q) - strlen("Red") + 24 <= 80);
	g->choosing = false;
	play_key(p, 'q');
	assert_true(strlen(p->msg) <= 80);
	play_key(p, 'n');
	type_line(p, "move r2 0604");
	play_key(p, KEYM_ESC);
	play_key(p, 'q');
	assert_true(strlen(p->msg) <= 80);
}

/* The question says "1 moves first" or "A advance, H hold": typed at the
 * prompt, 1 and 2, A and H answer it too, never an unknown command. */
static void
test_play_prompt_takes_the_questions_1_and_2(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct game *g = (struct game *)p->g; /* the test's own */

	leave_briefing(p);
	g->choosing = true;
	type_line(p, "1");
	assert_null(strstr(p->msg, "unknown command"));
	assert_false(g->choosing);
	/* "r1 may advance into 0101: A advance, H hold" */
	g->noffers = 1;
	g->offers[0].unit = unit(p, "r1");
	g->offers[0].to = g->units[unit(p, "r1")].hex;
	type_line(p, "H");
	assert_null(strstr(p->msg, "unknown command"));
	assert_true(log_has(p, 5, "hold r1"));
}

/* With several units asked to advance, the question names the one A and
 * H act on: the selected unit first (the playtest's "aux1 may advance"
 * while H held eq1). */
static void
test_play_advance_question_names_the_unit_the_keys_answer_for(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct game *g = (struct game *)p->g; /* the test's own */
	int r1 = unit(p, "r1"), r2 = unit(p, "r2");
	char q[160];

	leave_briefing(p);
	g->noffers = 2;
	g->offers[0].unit = r1;
	g->offers[0].to = g->units[r1].hex;
	g->offers[1].unit = r2;
	g->offers[1].to = H(6, 4);
	play_select(p, r2);
	p->cursor = g->units[r1].hex; /* the other one under the cursor */
	assert_true(play_question(p, q, sizeof q));
	assert_string_equal(q, "r2 may advance into 0604: A advance, H hold");
	play_clear_msg(p);
	play_hint(p, 80, q, sizeof q);
	assert_non_null(strstr(q, "r2 may advance"));
	play_key(p, 'H');
	assert_true(log_has(p, 5, "hold r2"));
	/* Typed at the prompt, H means the same unit. */
	g->noffers = 1;
	g->offers[0].unit = r1;
	type_line(p, "H");
	assert_true(log_has(p, 5, "hold r1"));
}

/* Whether some line of t holds needle. */
static bool
text_has(const struct text *t, const char *needle)
{
	int k;

	for (k = 0; k < t->n; k++)
		if (strstr(t->v[k].text, needle) != NULL)
			return true;
	return false;
}

/*
 * The help names the letter of every type that stands in the battle and
 * of no other (a fixed list named types a battle lacked and missed its
 * own: Tapae's falxmen, the Batavians at Mons Graupius); the rules page,
 * headed "Unit types in this battle", lists exactly those types, each
 * with its letter.
 */
static void
help_and_rules_name_the_battles_types(const struct scenario *sc,
				      const char *file, void *ctx)
{
	char *glyphs = calloc((size_t)sc->ntypes + 1, 1);
	struct text help, rules;
	char want[160], line[160];
	bool used;
	int i, u;

	(void)ctx;
	assert_non_null(glyphs);
	theme_unit_glyphs(sc, glyphs);
	text_init(&help);
	text_init(&rules);
	describe_help(&(struct theme){ true, true }, sc, glyphs, &help);
	describe_rules(sc, glyphs, &rules);
	for (i = 0; i < sc->ntypes; i++) {
		used = false;
		for (u = 0; u < sc->nunits; u++)
			used |= sc->units[u].type == i;
		snprintf(want, sizeof want, "%c" WRAP_NBSP "%s", glyphs[i],
			 sc->types[i].name);
		snprintf(line, sizeof line, "  %c %s ", glyphs[i],
			 sc->types[i].name);
		if (text_has(&help, want) != used ||
		    text_has(&rules, line) != used)
			fail_msg("%s: type %s (%c), %s in the battle: help %d, "
				 "rules %d",
				 file, sc->types[i].key, glyphs[i],
				 used ? "" : "not", text_has(&help, want),
				 text_has(&rules, line));
	}
	/* The flag of a victory hex is explained where the map shows one. */
	if (text_has(&help, "a victory hex") !=
	    (sc->victory[0].count + sc->victory[1].count > 0))
		fail_msg("%s: the help's victory flag does not match the "
			 "battle's victory hexes",
			 file);
	text_done(&help);
	text_done(&rules);
	free(glyphs);
}

static void
test_play_help_and_rules_name_the_letters_of_the_battles_types(void **state)
{
	(void)state;
	assert_true(shipped_each(help_and_rules_name_the_battles_types, NULL) >=
		    8);
}

/*
 * The rules page says what every trait of the battle's units does, and
 * names no other: the cards list "impetuous" and "barbarian", and a
 * playtester found their meaning only in the man page.
 */
static void
rules_explain_the_battles_traits(const struct scenario *sc, const char *file,
				 void *ctx)
{
	struct text rules;
	char line[64];
	unsigned have = 0;
	int u, i;

	(void)ctx;
	for (u = 0; u < sc->nunits; u++) {
		have |= sc->types[sc->units[u].type].traits;
		if (sc->units[u].veteran)
			have |= TRAIT_VETERAN;
	}
	text_init(&rules);
	describe_rules(sc, "LAWSVEXPTIBCDFGHJKMNOQRUYZ", &rules);
	assert_true(text_has(&rules, "Traits in this battle"));
	for (i = 0; i < TRAIT_COUNT; i++) {
		unsigned t = 1u << i;

		snprintf(line, sizeof line, "  %-13s ",
			 trait_name((enum trait)t));
		if (text_has(&rules, line) != ((have & t) != 0))
			fail_msg("%s: trait %s %s on the rules page", file,
				 trait_name((enum trait)t),
				 (have & t) ? "missing" : "wrongly");
	}
	text_done(&rules);
}

static void
test_play_rules_explain_the_battles_traits(void **state)
{
	(void)state;
	assert_true(shipped_each(rules_explain_the_battles_traits, NULL) >= 8);
}

/* odds is a command of the prompt like the others: the help lists it. */
static void
test_play_help_lists_odds(void **state)
{
	struct fixture *f = *state;
	struct text t;
	bool found = false;
	int k;

	text_init(&t);
	describe_help(&(struct theme){ true, true }, f->p->sc, f->p->glyphs,
		      &t);
	for (k = 0; k < t.n; k++)
		if (strstr(t.v[k].text, "odds UNIT TARGET") != NULL)
			found = true;
	text_done(&t);
	assert_true(found);
}

/* Watling Street's "Rome (Suetonius Paulinus)" is 25 columns: cut to the
 * status line's 24 it lost its ')' and read as a typo; cut, it ends in an
 * ellipsis. */
static void
test_play_long_side_name_is_cut_with_an_ellipsis(void **state)
{
	char buf[80];

	(void)state;
	assert_string_equal(describe_side_name("Red", buf, sizeof buf), "Red");
	assert_string_equal(
	    describe_side_name("Rome (Suetonius Paulinu)", buf, sizeof buf),
	    "Rome (Suetonius Paulinu)");
	assert_string_equal(
	    describe_side_name("Rome (Suetonius Paulinus)", buf, sizeof buf),
	    "Rome (Suetonius Paulinu\u2026");
	assert_string_equal(describe_side_name("\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9",
					       buf, sizeof buf),
			    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
			    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
			    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u2026");
}

/* While the computer plays, the prompt line says so and how to skip:
 * it does not invite the person to type for the computer's side. */
static void
test_play_prompt_says_the_computer_is_playing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char label[64];

	play_set_ai(p, 1, 1);
	leave_briefing(p);
	play_prompt_label(p, label, sizeof label);
	assert_string_equal(label, "Red");
	assert_non_null(strstr(play_prompt_idle(p), "to type a command"));
	p->ai_busy = true;
	play_prompt_label(p, label, sizeof label);
	assert_string_equal(label, "Computer");
	assert_non_null(strstr(play_prompt_idle(p), "any key skips"));
	p->ai_busy = false;
}

/* While the computer plays, the hint line says so, not the person's keys
 * ("Chatti moves: Tab unit, m move..."), at any width. */
static void
test_play_hint_says_the_computer_is_playing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char hint[256];
	int w;

	play_set_ai(p, 1, 1);
	leave_briefing(p);
	type_line(p, "end");
	type_line(p, "end");
	type_line(p, "end");
	play_key(p, KEYM_ESC);
	assert_int_equal(ai_side_to_act(p->g), 1);
	play_clear_msg(p);
	p->ai_busy = true;
	for (w = 40; w <= 100; w += 20) {
		play_hint(p, w, hint, sizeof hint);
		assert_true((int)strlen(hint) <= w);
		assert_null(strstr(hint, "m move"));
		assert_null(strstr(hint, "Tab"));
		assert_non_null(strstr(hint, "any key skips"));
	}
	play_hint(p, 80, hint, sizeof hint);
	assert_string_equal(hint, "the computer plays Blue: any key skips to "
				  "the end of its turn");
	p->ai_busy = false;
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
		assert_int_equal(p->msg_kind, MSG_ERROR);
		assert_string_equal(p->msg, cases[k].why);
		assert_string_equal(lineedit_text(p->edit), cases[k].line);
	}
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
	p->log_rows = 3;
	p->log_cols = 0; /* unknown: a line is a line */
	type_line(p, "move r2 0604");
	assert_false(p->news);
	type_line(p, "undo");
	p->log_cols = 12;
	type_line(p, "move r2 0604");
	assert_true(p->news);
}

/* An end of phase rolled nothing: U takes it back, in one line. */
static void
test_play_undo_takes_back_an_end_of_phase(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int lines;

	leave_briefing(p);
	type_line(p, "end");
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	play_key(p, KEYM_ESC);
	lines = logbuf_count(p->log);
	play_key(p, 'U');
	assert_int_equal(p->g->phase, PHASE_MOVEMENT);
	assert_int_equal(session_length(f->s), 0);
	assert_int_equal(logbuf_count(p->log), lines + 1);
	assert_true(log_has(p, 1, "Undone: end; back to Red's movement"));
	assert_string_equal(p->msg, "Undone: end; back to Red's movement");
}

static void
test_play_undo_is_refused_after_dice(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	uint64_t before;
	size_t n;

	leave_briefing(p);
	type_line(p, "charge r1 b1");
	type_line(p, "end");
	type_line(p, "end");
	type_line(p, "attack r1 b1");
	assert_int_equal(p->msg_kind == MSG_ERROR, false);
	n = session_length(f->s);
	before = game_digest(p->g);
	type_line(p, "undo");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "attack r1 b1"));
	assert_non_null(strstr(p->msg, "rolled dice"));
	assert_true(log_has(p, 1, "error: "));
	assert_int_equal(session_length(f->s), n);
	assert_true(game_digest(p->g) == before);
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "undo now");
	assert_non_null(strstr(p->msg, "undo takes no words"));
}

static void
test_play_save_takes_a_name_not_a_path(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct anc_errs errs;
	struct session *s;
	char path[512];

	leave_briefing(p);
	type_line(p, "save"); /* this session has no file */
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "no save file"));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "save ../../x");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "\"../../x\" is not a save name"));
	assert_string_equal(lineedit_text(p->edit), "");
	snprintf(path, sizeof path, "%s/x.save", f->dir);
	assert_int_equal(access(path, F_OK), -1);
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "move r2 0604");
	type_line(p, "save first");
	assert_int_equal(p->msg_kind, MSG_INFO);
	snprintf(path, sizeof path, "%s/ancients/first.save", f->state);
	assert_non_null(strstr(p->msg, path));
	assert_true(log_has(p, 1, path));
	anc_errs_init(&errs);
	s = session_load(path, &errs);
	anc_errs_done(&errs);
	assert_non_null(s);
	assert_int_equal(session_length(s), 1);
	assert_true(game_digest(session_game(s)) == game_digest(p->g));
	session_free(s);
	/* The copy is a copy: the game itself is still tied to no file. */
	assert_null(session_path(f->s));
	assert_true(play_unsaved(p));
}

static void
test_play_autosaved_game_is_on_disk_and_quits_at_once(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct anc_errs errs;
	struct session *s;
	char err[256], msg[sizeof p->msg], name[256], line[300];

	assert_int_equal(session_autosave_new(f->s, err, sizeof err), 0);
	leave_briefing(p);
	type_line(p, "move r2 0604");
	assert_int_equal(p->msg_kind, MSG_NONE);
	/* On disk by the time the screen shows it. */
	anc_errs_init(&errs);
	s = session_load(session_path(f->s), &errs);
	anc_errs_done(&errs);
	assert_non_null(s);
	assert_int_equal(session_length(s), 1);
	session_free(s);
	assert_false(play_unsaved(p));
	type_line(p, "save");
	assert_int_equal(p->msg_kind, MSG_INFO);
	snprintf(msg, sizeof msg, "Saved as %s", session_path(f->s));
	assert_string_equal(p->msg, msg);
	/* The name of its own save: saved, no copy of itself. */
	snprintf(name, sizeof name, "%s", strrchr(session_path(f->s), '/') + 1);
	*strrchr(name, '.') = '\0';
	snprintf(line, sizeof line, "save %s", name);
	type_line(p, line);
	assert_int_equal(p->msg_kind, MSG_INFO);
	assert_string_equal(p->msg, msg);
	type_line(p, "quit"); /* no question: it is all saved */
	assert_true(p->quit);
}

static void
test_play_a_command_not_saved_did_not_happen(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r2 = unit(p, "r2");
	char err[256];

	assert_int_equal(session_autosave_new(f->s, err, sizeof err), 0);
	leave_briefing(p);
	save_fail_at(SAVE_STEP_FSYNC);
	type_line(p, "move r2 0604");
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_non_null(strstr(p->msg, "error: the command was not played"));
	assert_true(log_has(p, 1, "error: the command was not played"));
	assert_true(log_has(p, 2, "Red> move r2 0604"));
	assert_int_equal(p->g->units[r2].hex.row, 5);
	assert_int_equal(session_length(f->s), 0);
	assert_string_equal(lineedit_text(p->edit), "");
	/* The same by key. */
	play_key(p, KEYM_ESC);
	save_fail_at(SAVE_STEP_WRITE);
	select_unit_by_tab(p, r2);
	play_key(p, 'k');
	play_key(p, 'm');
	assert_int_equal(p->msg_kind, MSG_ERROR);
	assert_int_equal(p->g->units[r2].hex.row, 5);
	/* The disk is back: it plays. */
	play_key(p, 'm');
	assert_int_equal(p->g->units[r2].hex.row, 4);
	assert_int_equal(session_length(f->s), 1);
}

/*
 * Plays up to n random legal commands at the prompt, fewer if the game
 * ends; digests[k] gets the game's digest after k of them (digests[0]:
 * before any).  Returns how many it played.
 */
static int
play_random(struct play *p, int n, uint64_t seed, uint64_t *digests)
{
	struct command *buf = calloc(RANDPLAY_MAX_COMMANDS, sizeof *buf);
	struct command c;
	struct pcg32 rng;
	char line[256];
	int k;

	assert_non_null(buf);
	pcg32_seed(&rng, seed, 5);
	digests[0] = game_digest(p->g);
	for (k = 1; k <= n && !p->g->over; k++) {
		assert_true(randplay_pick(p->g, &rng, buf, &c) == 0);
		command_format(p->sc, &c, line, sizeof line);
		type_line(p, line);
		assert_int_equal(p->msg_kind == MSG_ERROR, false);
		while (p->mode == PLAY_PAGE)
			play_key(p, KEYM_ESC);
		digests[k] = game_digest(p->g);
	}
	free(buf);
	return k - 1;
}

static void
test_play_resumed_game_shows_the_same_game_and_log(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p, *q;
	struct anc_errs errs;
	struct session *s;
	uint64_t digests[31];
	char path[512], err[256];
	int i;

	snprintf(path, sizeof path, "%s/game.save", f->dir);
	assert_int_equal(session_set_file(f->s, path, err, sizeof err), 0);
	leave_briefing(p);
	play_random(p, 30, 3, digests);
	anc_errs_init(&errs);
	s = session_load(path, &errs);
	anc_errs_done(&errs);
	assert_non_null(s);
	q = play_new(s);
	assert_true(game_digest(q->g) == game_digest(p->g));
	assert_true(q->g == session_game(s));
	if (!q->g->over) {
		assert_int_equal(q->mode, PLAY_MAP);
		assert_int_equal(q->msg_kind, MSG_INFO);
	}
	/* The log is the one the game had, line for line. */
	assert_int_equal(logbuf_count(q->log), logbuf_count(p->log));
	for (i = 0; i < logbuf_count(p->log); i++)
		assert_string_equal(logbuf_line(q->log, i, NULL, NULL),
				    logbuf_line(p->log, i, NULL, NULL));
	assert_memory_equal(&q->tally, &p->tally, sizeof p->tally);
	assert_memory_equal(q->deeds, p->deeds,
			    (size_t)p->sc->nunits * sizeof *p->deeds);
	play_free(q);
	session_free(s);
}

/* --- The replay viewer --- */

static void
test_play_viewer_steps_through_the_journal(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p, *v;
	struct replay *r;
	uint64_t digests[41];
	int n, k, t2;

	leave_briefing(p);
	n = play_random(p, 40, 8, digests);
	assert_int_equal(n, (int)session_length(f->s));
	print_message("viewer: %d commands, to turn %d\n", n, p->g->turn);
	r = replay_new(f->s);
	v = play_new_viewer(r);
	assert_true(v->viewer);
	assert_int_equal(v->view_k, 0);
	assert_true(game_digest(v->g) == digests[0]);
	assert_non_null(strstr(v->msg, " 0 of "));
	assert_int_equal(logbuf_count(v->log), 2); /* title, first turn */
	/* Forward and back, one command at a time. */
	play_key(v, 'n');
	assert_int_equal(v->view_k, 1);
	assert_true(game_digest(v->g) == digests[1]);
	assert_non_null(strstr(v->msg, "Command 1 of "));
	assert_non_null(strstr(v->msg, ", turn 1: Red> "));
	assert_non_null(strstr(v->msg, session_command(f->s, 0)));
	assert_true(log_has(v, 10, session_command(f->s, 0)));
	play_key(v, KEYM_RIGHT);
	play_key(v, ' ');
	assert_int_equal(v->view_k, 3);
	assert_true(game_digest(v->g) == digests[3]);
	play_key(v, 'p');
	assert_int_equal(v->view_k, 2);
	assert_true(game_digest(v->g) == digests[2]);
	/* Tab and S-Tab: each unit on the map in turn, its card shown,
	 * with no command played. */
	{
		int first = -1, u, on = 0;
		bool seen[64] = { false };

		assert_true(v->g->nunits <= 64);
		for (u = 0; u < v->g->nunits; u++)
			on += v->g->units[u].on_map;
		for (k = 0; k < on; k++) {
			play_key(v, KEYM_TAB);
			assert_true(v->selected >= 0);
			assert_true(v->g->units[v->selected].on_map);
			assert_false(seen[v->selected]); /* each once */
			seen[v->selected] = true;
			assert_true(hex_equal(v->cursor,
					      v->g->units[v->selected].hex));
			if (first < 0)
				first = v->selected;
		}
		play_key(v, KEYM_TAB);
		assert_int_equal(v->selected, first); /* round again */
		u = v->selected;
		play_key(v, KEYM_TAB);
		play_key(v, KEYM_BTAB);
		assert_int_equal(v->selected, u);
		assert_int_equal(v->view_k, 2);
		assert_int_equal(v->msg_kind, MSG_INFO);
	}
	/* The play keys do nothing here: no command is played, and the
	 * log stays the game's. */
	k = logbuf_count(v->log);
	play_key(v, 'E');
	assert_int_equal(v->view_k, 2);
	assert_int_equal(v->msg_kind, MSG_ERROR);
	assert_int_equal(logbuf_count(v->log), k);
	assert_int_equal((int)session_length(f->s), n);
	/* The end and the start. */
	play_key(v, KEYM_END);
	assert_int_equal(v->view_k, n);
	assert_true(game_digest(v->g) == digests[n]);
	assert_memory_equal(v->deeds, p->deeds,
			    (size_t)p->sc->nunits * sizeof *p->deeds);
	assert_non_null(strstr(v->msg, "(the last)"));
	play_key(v, 'n');
	assert_int_equal(v->view_k, n);
	play_key(v, KEYM_HOME);
	assert_int_equal(v->view_k, 0);
	/* By turns, and to a turn by number. */
	t2 = replay_turn_start(r, 2);
	assert_true(t2 > 0);
	play_key(v, 'N');
	assert_int_equal(v->view_k, t2);
	assert_int_equal(v->g->turn, 2);
	play_key(v, 'n');
	play_key(v, 'P');
	assert_int_equal(v->view_k, t2);
	play_key(v, 'P');
	assert_int_equal(v->view_k, 0);
	play_key(v, 'g');
	assert_int_equal(v->mode, PLAY_PROMPT);
	keys(v, "2");
	play_key(v, KEYM_ENTER);
	assert_int_equal(v->mode, PLAY_MAP);
	assert_int_equal(v->view_k, t2);
	play_key(v, 'g');
	keys(v, "99");
	play_key(v, KEYM_ENTER);
	assert_int_equal(v->mode, PLAY_PROMPT);
	assert_int_equal(v->msg_kind, MSG_ERROR);
	assert_non_null(strstr(v->msg, "no turn 99"));
	play_key(v, KEYM_ESC);
	assert_int_equal(v->mode, PLAY_MAP);
	assert_int_equal(v->view_k, t2);
	/* Every state is the one the game had. */
	for (k = n; k >= 0; k--) {
		play_view_goto(v, k);
		assert_true(game_digest(v->g) == digests[k]);
	}
	play_key(v, 'q');
	assert_true(v->quit);
	play_free(v);
	replay_free(r);
}

/* The unit card of every unit of sc names it once: a unit named as its
 * type (mons-graupius's bat1 "Batavian cohorts", a type named so too) has
 * no second line saying it again; any other name has its line. */
static void
card_names_once(const struct scenario *sc, const char *file, void *ctx)
{
	struct game *g = game_new(sc, 1);
	struct text t;
	int u, k, *named = ctx, seen;

	for (u = 0; u < sc->nunits; u++) {
		const char *type = game_unit_type(g, u)->name;

		text_init(&t);
		describe_unit(g, u, NULL, &t);
		for (k = 1, seen = 0; k < t.n; k++) {
			if (strcasecmp(t.v[k].text, type) == 0)
				fail_msg("%s: %s's card names \"%s\" twice",
					 file, sc->units[u].id, type);
			seen += strcmp(t.v[k].text, sc->units[u].name) == 0;
		}
		if (strcasecmp(sc->units[u].name, type) == 0)
			(*named)++;
		else if (sc->units[u].name[0] != '\0')
			assert_int_equal(seen, 1);
		text_done(&t);
	}
	game_free(g);
}

static void
test_play_unit_card_names_a_unit_named_as_its_type_once(void **state)
{
	int named = 0;

	(void)state;
	assert_true(shipped_each(card_names_once, &named) > 0);
	assert_true(named > 0); /* bat1, ch2, aux1... */
}

/* --- Whole games --- */

/* A session of the default scenario, tied to no file. */
static struct session *
load_default(uint64_t seed)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[4096];
	struct anc_errs errs;
	struct scenario *sc;
	struct session *s;

	snprintf(path, sizeof path, "%s/scenarios/tutorial.ini",
		 top != NULL ? top : ".");
	anc_errs_init(&errs);
	sc = scenario_load_file(path, &errs);
	anc_errs_done(&errs);
	if (sc == NULL)
		return NULL;
	s = session_of(sc->source, sc->source_len, seed);
	scenario_free(sc);
	return s;
}

/* Where a unit may shoot, the shooting hint gives its keys: the
 * tutorial's velites have the Chatti in range on turn 1. */
static void
test_play_hint_gives_the_shooting_keys_when_a_shot_is_open(void **state)
{
	struct session *s = load_default(42);
	struct play *p = play_new(s);

	(void)state;
	p->log_rows = 100;
	leave_briefing(p);
	play_key(p, 'E');
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	check_hint(p, 80, "s shoot", "? help");
	play_free(p);
	session_free(s);
}

static int
dir_key(enum dir d)
{
	static const int k[DIR_COUNT] = { 'u', 'l', 'n', 'b', 'h', 'y' };

	return k[d];
}

static int
facing_key(enum facing f)
{
	static const int k[FACING_COUNT] = { 'k', 'u', 'n', 'j', 'b', 'y' };

	return k[f];
}

/* Moves the cursor to h with the six direction keys. */
static void
cursor_to(struct play *p, struct hex h)
{
	int guard = 0, d, best;

	while (!hex_equal(p->cursor, h)) {
		best = -1;
		for (d = 0; d < DIR_COUNT; d++) {
			struct hex n = hex_neighbour(p->cursor, (enum dir)d);

			if (map_contains(&p->sc->map, n) &&
			    hex_distance(n, h) < hex_distance(p->cursor, h))
				best = d;
		}
		assert_true(best >= 0);
		play_key(p, dir_key((enum dir)best));
		assert_true(++guard < 400);
	}
}

static void
select_by_keys(struct play *p, int u)
{
	cursor_to(p, p->g->units[u].hex);
	play_key(p, KEYM_ESC);
	play_key(p, KEYM_ESC);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->selected, u);
}

static void
target_key(struct play *p, int target, int key)
{
	cursor_to(p, p->g->units[target].hex);
	play_key(p, key);
}

/* Gives command c with keys only. */
static void
command_by_keys(struct play *p, const struct command *c)
{
	enum verb v = c->verb == VERB_PUSH ? c->action : c->verb;

	switch (c->verb) {
	case VERB_FIRST:
		play_key(p, '1');
		return;
	case VERB_SECOND:
		play_key(p, '2');
		return;
	case VERB_END:
		play_key(p, 'E');
		return;
	case VERB_GENERAL:
		select_by_keys(p, p->g->generals[c->general].unit);
		target_key(p, c->unit, 'g');
		return;
	default:
		break;
	}
	select_by_keys(p, c->unit);
	if (c->verb == VERB_PUSH)
		play_key(p, 'P');
	switch (v) {
	case VERB_MOVE:
		cursor_to(p, c->hex);
		if (c->has_facing) {
			play_key(p, 'M');
			play_key(p, facing_key(c->facing));
		} else
			play_key(p, 'm');
		break;
	case VERB_PIVOT:
		play_key(p, 'p');
		play_key(p, facing_key(c->facing));
		break;
	case VERB_CHARGE:
		target_key(p, c->target, 'c');
		break;
	case VERB_SHOOT:
		target_key(p, c->target, 's');
		break;
	case VERB_ATTACK:
		target_key(p, c->target, 'a');
		break;
	case VERB_ADVANCE:
		play_key(p, 'A');
		break;
	case VERB_HOLD:
		play_key(p, 'H');
		break;
	default:
		fail_msg("no keys for verb %d", (int)v);
	}
}

static void
command_by_prompt(struct play *p, const struct command *c)
{
	char line[256];

	command_format(p->sc, c, line, sizeof line);
	type_line(p, line);
}

/*
 * Plays the default scenario to its end, every command given by the
 * driver (keys or prompt); every command must be accepted and the end
 * page must come up.
 */
static void
play_whole_game(void (*give)(struct play *, const struct command *),
		uint64_t seed)
{
	struct session *s = load_default(seed);
	struct command *buf = calloc(RANDPLAY_MAX_COMMANDS, sizeof *buf);
	struct command c;
	struct pcg32 rng;
	struct play *p;
	int steps = 0;
	unsigned long commands;
	char label[64];

	assert_non_null(s);
	assert_non_null(buf);
	p = play_new(s);
	p->log_rows = 6;
	pcg32_seed(&rng, seed, 99);
	play_key(p, KEYM_ENTER); /* the briefing */
	while (!p->g->over) {
		assert_true(randplay_pick(p->g, &rng, buf, &c) == 0);
		commands = (unsigned long)logbuf_count(p->log);
		give(p, &c);
		if (p->msg_kind == MSG_ERROR)
			fail_msg("step %d refused: %s", steps, p->msg);
		assert_true((unsigned long)logbuf_count(p->log) > commands ||
			    logbuf_count(p->log) == LOGBUF_LINES);
		while ((p->mode == PLAY_PAGE || p->mode == PLAY_HANDOFF) &&
		       !p->g->over)
			play_key(p, KEYM_ENTER);
		assert_true(++steps < 5000);
	}
	/* The news of the last command, then the end page. */
	while (p->mode == PLAY_PAGE && p->page != PAGE_OVER)
		play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page, PAGE_OVER);
	assert_true(log_has(p, 10, "Result: "));
	/* Nobody's turn: the prompt says so, not the last side's name. */
	play_prompt_label(p, label, sizeof label);
	assert_string_equal(label, "Game over");
	print_message(
	    "seed %llu: %d commands, turn %d: %s\n", (unsigned long long)seed,
	    steps, p->g->turn,
	    logbuf_line(p->log, logbuf_count(p->log) - 1, NULL, NULL));
	play_key(p, KEYM_ENTER);
	if (p->mode == PLAY_PROMPT)
		type_line(p, "quit");
	else
		play_key(p, 'q');
	assert_true(p->quit); /* over: nothing to confirm */
	play_free(p);
	free(buf);
	session_free(s);
}

static void
test_play_whole_game_by_keys(void **state)
{
	(void)state;
	play_whole_game(command_by_keys, 11);
	play_whole_game(command_by_keys, 12);
}

static void
test_play_whole_game_by_prompt(void **state)
{
	(void)state;
	play_whole_game(command_by_prompt, 21);
	play_whole_game(command_by_prompt, 22);
}

/*
 * A shared game's seats give way before the game's figures: at 80
 * columns, with two logins and a watcher at the right, the status line
 * at the game's end keeps both breakpoints whole (a playtest lost the
 * Britons' "6/24" to "alice/dave 1 watching"), in every shipped battle.
 */
static void
seats_leave_the_figures(const struct scenario *sc, const char *file, void *ctx)
{
	const char *seats = "alice/dave 1 watching";
	char shown[64], block[96], rest[256], want[32];
	struct game *g = game_new(sc, 1);
	int winner, used, width;

	(void)ctx;
	for (winner = 0; winner < 2; winner++) {
		g->over = true;
		g->winner = winner;
		g->turn = sc->turns;
		g->bp[0] = g->bp_start[0] / 2;
		g->bp[1] = g->bp_start[1] / 4;
		describe_status_seats(g, 80, seats, shown, sizeof shown);
		width = shown[0] != '\0' ? 80 - (int)strlen(shown) - 1 : 80;
		describe_status(g, width, block, sizeof block, rest,
				sizeof rest);
		used = text_width(block, strlen(block)) + 1 +
		       text_width(rest, strlen(rest));
		snprintf(want, sizeof want, "%d/%d", g->bp[1], g->bp_start[1]);
		if (used > width ||
		    strcmp(rest + strlen(rest) - strlen(want), want) != 0)
			fail_msg("%s: \"%s\" \"%s\" in %d columns beside "
				 "\"%s\"",
				 file, block, rest, width, shown);
		/* Where there is room the seats stay whole. */
		describe_status_seats(g, 120, seats, shown, sizeof shown);
		assert_string_equal(shown, seats);
	}
	game_free(g);
}

static void
test_play_shared_seats_give_way_before_the_breakpoints(void **state)
{
	(void)state;
	assert_true(shipped_each(seats_leave_the_figures, NULL) > 0);
}

/*
 * A shared game's prompt is the seat's own: its side's name whoever is
 * to act, "Watching" for a watcher, who is told what he can do rather
 * than to type a command; the quit question names the --join (or
 * --watch) the exit line names.
 */
static void
test_play_shared_prompt_is_the_seats_own(void **state)
{
	struct fixture *f = *state;
	struct shared *blue, *watcher;
	struct play *pb, *pw;
	char dir[400], err[512], label[64];

	snprintf(dir, sizeof dir, "%s/shared", f->dir);
	setenv("ANCIENTS_SHARED_DIR", dir, 1);
	assert_int_equal(seat_set_player("bob", NULL, 0), 0);
	blue = shared_open("duel", session_of(small_ini, strlen(small_ini), 7),
			   false, "blue", err, sizeof err);
	assert_non_null(blue);
	watcher = shared_open("duel", NULL, true, NULL, err, sizeof err);
	assert_non_null(watcher);
	pb = play_new(shared_session(blue));
	play_set_shared(pb, blue);
	pw = play_new(shared_session(watcher));
	play_set_shared(pw, watcher);
	/* Red is to play: Blue's player still types as Blue, and neither
	 * his screen nor the watcher's selects a Red unit with its marks. */
	assert_int_equal(pb->g->player, 0);
	assert_int_equal(pb->selected, -1);
	assert_int_equal(pw->selected, -1);
	play_prompt_label(pb, label, sizeof label);
	assert_string_equal(label, "Blue");
	play_prompt_label(pw, label, sizeof label);
	assert_string_equal(label, "Watching");
	assert_null(strstr(play_prompt_idle(pw), "to type a command"));
	assert_non_null(strstr(play_prompt_idle(pw), "no commands"));
	play_request_quit(pb, false);
	assert_int_equal(pb->mode, PLAY_CONFIRM_QUIT);
	assert_non_null(strstr(pb->msg, "ancients --join duel"));
	assert_null(strstr(pb->msg, "--resume"));
	play_request_quit(pw, false);
	assert_non_null(strstr(pw->msg, "Stop watching duel?"));
	play_free(pw);
	play_free(pb);
	shared_close(watcher);
	shared_close(blue);
}

#define SMALL(t) cmocka_unit_test_setup_teardown(t, setup_small, teardown)

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_play_new_opens_on_the_briefing),
		SMALL(test_play_briefing_says_who_plays),
		SMALL(test_play_marks_show_moves_targets_and_faces),
		SMALL(test_play_keys_move_the_selected_unit),
		SMALL(test_play_turn_start_says_which_unit_is_selected),
		SMALL(test_play_enter_on_the_selected_unit_keeps_it),
		SMALL(test_play_esc_drops_the_line_into_history),
		SMALL(test_play_l_shows_the_whole_log),
		SMALL(test_play_enter_acts_on_a_marked_hex),
		SMALL(test_play_i_shows_a_card_and_never_acts),
		SMALL(test_play_cards_line_up_row_for_row),
		SMALL(test_play_computer_plays_its_side_and_ai_at_the_prompt),
		SMALL(test_play_ai_at_the_prompt_of_a_solo_game_plays_one_turn),
		SMALL(test_play_prompt_says_the_computer_is_playing),
		SMALL(test_play_hint_says_the_computer_is_playing),
		SMALL(test_play_order_keys_out_of_phase_say_the_phase),
		SMALL(test_play_pivot_asks_one_facing),
		SMALL(test_play_charge_attack_and_end_by_keys),
		SMALL(test_play_prompt_enter_clears_refused_lines_up_recalls),
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
		SMALL(test_play_quit_asks_only_while_unsaved),
		SMALL(test_play_q_asks_even_when_nothing_was_played),
		SMALL(test_play_q_on_a_saved_game_says_it_is_saved),
		SMALL(test_play_click_moves_the_cursor_then_selects),
		SMALL(test_play_news_when_the_log_is_short_keeps_the_keys),
		SMALL(test_play_push_key_arms_the_next_action),
		cmocka_unit_test(
		    test_play_shared_seats_give_way_before_the_breakpoints),
		SMALL(test_play_shared_prompt_is_the_seats_own),
		cmocka_unit_test(test_play_hints_fit_the_message_line),
		cmocka_unit_test(
		    test_play_hint_gives_the_shooting_keys_when_a_shot_is_open),
		cmocka_unit_test(test_play_status_words_stay_put),
		SMALL(test_play_end_page_gives_each_share_lost_r11_4),
		cmocka_unit_test(
		    test_play_unit_card_names_a_unit_named_as_its_type_once),
		cmocka_unit_test(
		    test_play_status_says_the_computer_plays_at_80_columns),
		SMALL(test_play_panel_says_what_each_unit_did),
		SMALL(test_play_t_names_what_is_missing),
		SMALL(test_play_completion_leaves_out_the_units_own_hex),
		SMALL(test_play_undo_takes_back_a_move),
		SMALL(test_play_undo_takes_back_an_end_of_phase),
		SMALL(test_play_news_counts_wrapped_lines),
		SMALL(test_play_tab_with_nothing_says_why),
		SMALL(test_play_questions_fit_80_columns),
		SMALL(test_play_prompt_takes_the_questions_1_and_2),
		SMALL(
		    test_play_advance_question_names_the_unit_the_keys_answer_for),
		cmocka_unit_test(
		    test_play_long_side_name_is_cut_with_an_ellipsis),
		cmocka_unit_test(
		    test_play_help_and_rules_name_the_letters_of_the_battles_types),
		cmocka_unit_test(test_play_rules_explain_the_battles_traits),
		SMALL(test_play_help_lists_odds),
		SMALL(test_play_turn_back_at_the_prompt_gives_the_prompts_esc),
		SMALL(test_play_log_says_what_rolls_needed),
		SMALL(test_play_undo_is_refused_after_dice),
		SMALL(test_play_save_takes_a_name_not_a_path),
		SMALL(test_play_autosaved_game_is_on_disk_and_quits_at_once),
		SMALL(test_play_a_command_not_saved_did_not_happen),
		SMALL(test_play_resumed_game_shows_the_same_game_and_log),
		SMALL(test_play_viewer_steps_through_the_journal),
		cmocka_unit_test(test_play_whole_game_by_keys),
		cmocka_unit_test(test_play_whole_game_by_prompt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
