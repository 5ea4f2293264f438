/*
 * Undo (src/session/session.c): which commands may be taken back, the
 * game after an undo is the game replayed without the command (on the
 * file too), a long journal undoes quickly, and an undo that cannot be
 * saved leaves game and file as they were.
 *
 * Each test runs in a private home (tests/tmphome.h) on the battle of
 * tests/savefx.h.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "session/session.h"
#include "core/game.h"
#include "randplay.h"
#include "savefx.h"

/* --- Undo --- */

static void
check_undo(struct session *s, const char *line, const char *file)
{
	struct game *before = game_clone(session_game(s));
	struct session *l;
	char why[512];
	size_t n = session_length(s);

	play_ok(s, line);
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	assert_int_equal(session_length(s), n);
	assert_same_game(before, session_game(s));
	if (file != NULL) {
		l = load_ok(file);
		assert_same_game(before, session_game(l));
		assert_int_equal(session_length(l), n);
		session_free(l);
	}
	game_free(before);
}

static void
test_session_undo_allowed(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	const struct game *g0 = session_game(s);
	struct game *start;
	char err[512], why[512];

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	check_undo(s, "move leg1 0405", tpath(t, "g.save"));
	check_undo(s, "pivot leg2 NE", tpath(t, "g.save"));
	check_undo(s, "charge vel1 wb2", tpath(t, "g.save"));
	check_undo(s, "general caecina leg2", tpath(t, "g.save"));
	/* Several in a row, back to the start. */
	start = game_clone(session_game(s));
	play_ok(s, "move leg1 0405");
	play_ok(s, "pivot leg2 NE");
	play_ok(s, "general caecina leg2");
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	assert_same_game(start, session_game(s));
	assert_ptr_equal(session_game(s), g0); /* rebuilt in place */
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_string_equal(why, "there is nothing to undo");
	game_free(start);
	session_free(s);
}

/*
 * An advance that rolled nothing is taken back, though it ended the
 * player-turn: tests/batch/skirmish.cmds to its second advance, in turn
 * 2, which hands over to the Germani without a roll.  The advance is
 * offered again; a hold likewise.
 */
static void
test_session_undo_takes_back_advance_and_hold(void **state)
{
	struct anc_errs errs;
	struct session *s;
	char *text, *cmds, *line, *save = NULL, why[512];
	size_t len;
	int n;

	(void)state;
	text = slurp(data_path("../../batch/skirmish.ini"), &len);
	cmds = slurp(data_path("../../batch/skirmish.cmds"), NULL);
	assert_non_null(text);
	assert_non_null(cmds);
	anc_errs_init(&errs);
	s = session_new(text, len, "skirmish.ini", 7, &errs);
	assert_non_null(s);
	anc_errs_done(&errs);
	session_allow_dice(s, true);
	for (line = strtok_r(cmds, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save)) {
		if (line[0] == '#')
			continue;
		if (strcmp(line, "advance leg") == 0)
			break;
		play_ok(s, line);
	}
	assert_non_null(line);
	n = (int)session_length(s);
	assert_int_equal(session_game(s)->noffers, 2);
	check_undo(s, "advance leg", NULL);
	assert_int_equal(session_game(s)->noffers, 2);
	check_undo(s, "hold leg", NULL);
	play_ok(s, "advance leg");
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	assert_int_equal((int)session_length(s), n);
	session_free(s);
	free(cmds);
	free(text);
}

/* Adds the journal line "TEXT<TAB>DIGEST<TAB>CHECK" to the file f. */
static void
put_journal_line(FILE *f, const char *text, uint64_t digest)
{
	char line[256];
	int n = snprintf(line, sizeof line, "%s\t%016" PRIx64, text, digest);

	fprintf(f, "%s\t%016" PRIx64 "\n", line, fnv(line, (size_t)n));
}

/* Plays line on s, and puts it on f with the digest of the game after. */
static void
play_put(struct session *s, FILE *f, const char *line)
{
	play_ok(s, line);
	put_journal_line(f, line, game_digest(session_game(s)));
}

static void
undo_put(struct session *s, FILE *f)
{
	char why[512];

	assert_int_equal(session_undo(s, why, sizeof why), 0);
	put_journal_line(f, "undo", game_digest(session_game(s)));
}

/*
 * An undo costs the actions it takes back, not the whole journal: each
 * undo replayed the journal from the seed, so a save of a few thousand
 * say lines and undos after them took minutes to load (a crafted 16 MB
 * one, hours), and undo in a long game slowed down likewise.  The game
 * and the journal come out as if the undone commands were never played.
 */
static void
test_session_undo_in_long_journal_is_quick(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	struct game *start;
	char err[512];
	clock_t c0;
	FILE *f;
	int i;

	for (i = 0; i < 4000; i++)
		play_ok(s, "say the long wait");
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	session_free(s);
	/* The same game, tied to no file: the test adds the lines. */
	s = new_battle(t);
	for (i = 0; i < 4000; i++)
		play_ok(s, "say the long wait");
	start = game_clone(session_game(s));
	f = fopen(tpath(t, "g.save"), "ab");
	assert_non_null(f);
	c0 = clock();
	for (i = 0; i < 1000; i++) {
		play_put(s, f, "move leg1 0405");
		play_put(s, f, "say a word");
		play_put(s, f, "pivot leg2 NE");
		undo_put(s, f); /* the pivot */
		undo_put(s, f); /* the move, over the say */
	}
	assert_int_equal(fclose(f), 0);
	assert_same_game(start, session_game(s));
	assert_int_equal(session_length(s), 5000);
	assert_string_equal(session_command(s, 4999), "say a word");
	l = load_ok(tpath(t, "g.save"));
	assert_same_game(start, session_game(l));
	assert_int_equal(session_length(l), 5000);
	/* It was about 2 x 4000 x 2000 commands replayed; now 3000. */
	assert_true(clock() - c0 < 5 * CLOCKS_PER_SEC);
	session_free(l);
	session_free(s);
	game_free(start);
}

/*
 * Undo, taken from the mark, leaves the game as it was before the
 * command it takes back: random games with say lines and runs of undos,
 * each undo checked against a copy of the game kept before the command;
 * the journal saved whole then loads (each line's digest right).
 */
static void
test_session_undo_matches_replay_from_seed(void **state)
{
	struct tfx *t = *state;
	struct command *buf = calloc(RANDPLAY_MAX_COMMANDS, sizeof *buf), c;
	struct session *s, *l;
	struct game *before[300];
	struct events ev;
	struct pcg32 rng;
	char err[512], why[512];
	int seed, step, nbefore, undos = 0;

	assert_non_null(buf);
	events_init(&ev);
	for (seed = 1; seed <= 6; seed++) {
		pcg32_seed(&rng, (uint64_t)seed, 11);
		s = new_battle(t);
		nbefore = 0;
		for (step = 0; step < 300 && !session_game(s)->over; step++) {
			const struct game *g = session_game(s);
			uint32_t r = pcg32_bounded(&rng, 8);

			events_clear(&ev);
			if (r == 0 && !g->choosing && g->noffers == 0) {
				play_ok(s, "say words");
				continue;
			}
			if (r <= 2 &&
			    session_can_undo(s, 1, why, sizeof why) == 0) {
				assert_int_equal(
				    session_undo(s, why, sizeof why), 0);
				undos++;
				assert_true(nbefore > 0);
				assert_same_game(before[--nbefore], g);
				game_free(before[nbefore]);
				continue;
			}
			before[nbefore++] = game_clone(g);
			assert_int_equal(randplay_pick(g, &rng, buf, &c), 0);
			assert_int_equal(
			    session_apply(s, &c, &ev, why, sizeof why),
			    SESSION_OK);
		}
		while (nbefore > 0)
			game_free(before[--nbefore]);
		assert_int_equal(
		    session_set_file(s, tpath(t, "u.save"), err, sizeof err),
		    0);
		l = load_ok(tpath(t, "u.save"));
		assert_same_game(session_game(l), session_game(s));
		session_free(l);
		session_free(s);
	}
	assert_true(undos > 50);
	events_done(&ev);
	free(buf);
}

static void
test_session_undo_without_file(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);

	check_undo(s, "move leg1 0405", NULL);
	assert_null(session_path(s));
	assert_int_equal(count_files(t->home.dir), 0);
	session_free(s);
}

static void
test_session_undo_refused(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	char why[512], *d0, *d1;
	uint64_t h;

	/* ... charge wb2 vel1 0504, dice 4 4 5 3, pivot wb1 N, push wb1
	 * pivot SW: the push rolls the forced 4. */
	play_first(t, s, 7);
	assert_string_equal(session_command(s, 6), "push wb1 pivot SW");
	d0 = dump_of(session_game(s));
	h = game_digest(session_game(s));
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_string_equal(why, "the last command (push wb1 pivot SW) "
				 "rolled dice and cannot be undone");
	d1 = dump_of(session_game(s));
	assert_string_equal(d0, d1);
	assert_true(game_digest(session_game(s)) == h);
	assert_int_equal(session_length(s), 7);
	free(d1);
	free(d0);
	play_ok(s, "dice 1");
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_string_equal(why, "the last command (dice 1) sets the dice "
				 "to come and cannot be undone");
	/* An end of phase that rolled nothing is taken back like a move. */
	check_undo(s, "end", NULL);
	assert_int_equal(session_length(s), 8);
	session_free(s);
}

static void
test_session_undo_not_saved(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	char err[512], why[512], *before, *after, *d0, *d1;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	play_ok(s, "move leg1 0405");
	before = slurp(tpath(t, "g.save"), NULL);
	d0 = dump_of(session_game(s));
	save_fail_at(SAVE_STEP_FSYNC);
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_memory_equal(why, "nothing was undone: cannot sync ", 32);
	d1 = dump_of(session_game(s));
	assert_string_equal(d0, d1);
	assert_int_equal(session_length(s), 1);
	after = slurp(tpath(t, "g.save"), NULL);
	assert_string_equal(before, after);
	free(after);
	free(d1);
	/* The write failing: nothing of the undo line is left. */
	save_fail_at(SAVE_STEP_WRITE);
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_memory_equal(why, "nothing was undone: cannot write ", 33);
	d1 = dump_of(session_game(s));
	assert_string_equal(d0, d1);
	after = slurp(tpath(t, "g.save"), NULL);
	assert_string_equal(before, after);
	free(after);
	free(d1);
	free(d0);
	free(before);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_session_undo_allowed),
		TEST(test_session_undo_without_file),
		TEST(test_session_undo_refused),
		cmocka_unit_test(test_session_undo_takes_back_advance_and_hold),
		TEST(test_session_undo_in_long_journal_is_quick),
		TEST(test_session_undo_matches_replay_from_seed),
		TEST(test_session_undo_not_saved),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
