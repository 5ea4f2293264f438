/*
 * Whole games through the play controller (src/ui/play.c and its
 * parts): two games of the default scenario, one from the keyboard alone
 * and one from the prompt alone, choosing among the engine's legal
 * commands at random; the computer playing its side and the prompt's
 * `ai`; and two seats of a shared game.
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
#include "playfix.h"

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
	assert_false(p->ai.busy);
	assert_true(k > 0);
	assert_true(p->g->over || game_side_to_act(p->g) == 0);
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
		assert_int_equal(p->msg.kind, MSG_ERROR);
		assert_non_null(strstr(p->msg.text, "the computer has played"));
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
	assert_true(p->g->over || game_side_to_act(p->g) != k);
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
	assert_int_equal(game_side_to_act(p->g), 0);
	type_line(p, "ai");
	assert_true(play_ai_due(p));
	for (k = 0; k < 400 && play_ai_due(p); k++)
		assert_int_equal(play_ai_step(p), 0);
	play_ai_done(p);
	assert_false(p->g->over);
	assert_int_equal(game_side_to_act(p->g), 0);
	assert_true(p->g->turn <= 2);
	assert_false(play_ai_due(p));
	assert_int_equal(p->ai.once, -1);
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

	while (!hex_equal(p->sel.cursor, h)) {
		best = -1;
		for (d = 0; d < DIR_COUNT; d++) {
			struct hex n =
			    hex_neighbour(p->sel.cursor, (enum dir)d);

			if (map_contains(&p->sc->map, n) &&
			    hex_distance(n, h) < hex_distance(p->sel.cursor, h))
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
	assert_int_equal(p->sel.unit, u);
}

/* A lowercase key makes its command ready; Enter plays it. */
static void
confirm(struct play *p)
{
	assert_true(p->sel.ready);
	play_key(p, KEYM_ENTER);
}

static void
target_key(struct play *p, int target, int key)
{
	cursor_to(p, p->g->units[target].hex);
	play_key(p, key);
	confirm(p);
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
		play_key(p, 'E'); /* shows it */
		play_key(p, 'E'); /* plays it */
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
		} else {
			play_key(p, 'm');
			confirm(p);
		}
		break;
	case VERB_PIVOT:
		play_key(p, 'p');
		play_key(p, facing_key(c->facing));
		confirm(p);
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
	p->view.log_rows = 6;
	pcg32_seed(&rng, seed, 99);
	play_key(p, KEYM_ENTER); /* the briefing */
	while (!p->g->over) {
		assert_true(randplay_pick(p->g, &rng, buf, &c) == 0);
		commands = (unsigned long)logbuf_count(p->log.buf);
		give(p, &c);
		if (p->msg.kind == MSG_ERROR)
			fail_msg("step %d refused: %s", steps, p->msg.text);
		assert_true((unsigned long)logbuf_count(p->log.buf) >
				commands ||
			    logbuf_count(p->log.buf) == LOGBUF_LINES);
		while ((p->mode == PLAY_PAGE || p->mode == PLAY_HANDOFF) &&
		       !p->g->over)
			play_key(p, KEYM_ENTER);
		assert_true(++steps < 5000);
	}
	/* The news of the last command, then the end page. */
	while (p->mode == PLAY_PAGE && p->page.kind != PAGE_OVER)
		play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page.kind, PAGE_OVER);
	assert_true(log_has(p, 10, "Result: "));
	/* Nobody's turn: the prompt says so, not the last side's name. */
	play_prompt_label(p, label, sizeof label);
	assert_string_equal(label, "Game over");
	print_message(
	    "seed %llu: %d commands, turn %d: %s\n", (unsigned long long)seed,
	    steps, p->g->turn,
	    logbuf_line(p->log.buf, logbuf_count(p->log.buf) - 1, NULL, NULL));
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

	snprintf(dir, sizeof dir, "%s/shared", f->home.dir);
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
	assert_int_equal(pb->sel.unit, -1);
	assert_int_equal(pw->sel.unit, -1);
	play_prompt_label(pb, label, sizeof label);
	assert_string_equal(label, "Blue");
	play_prompt_label(pw, label, sizeof label);
	assert_string_equal(label, "Watching");
	assert_null(strstr(play_prompt_idle(pw), "to type a command"));
	assert_non_null(strstr(play_prompt_idle(pw), "no commands"));
	play_request_quit(pb, false);
	assert_int_equal(pb->mode, PLAY_CONFIRM_QUIT);
	assert_non_null(strstr(pb->msg.text, "ancients --join duel"));
	assert_null(strstr(pb->msg.text, "--resume"));
	play_request_quit(pw, false);
	assert_non_null(strstr(pw->msg.text, "Stop watching duel?"));
	play_free(pw);
	play_free(pb);
	shared_close(watcher);
	shared_close(blue);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_play_computer_plays_its_side_and_ai_at_the_prompt),
		SMALL(test_play_ai_at_the_prompt_of_a_solo_game_plays_one_turn),
		cmocka_unit_test(
		    test_play_shared_seats_give_way_before_the_breakpoints),
		SMALL(test_play_shared_prompt_is_the_seats_own),
		cmocka_unit_test(test_play_whole_game_by_keys),
		cmocka_unit_test(test_play_whole_game_by_prompt),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
