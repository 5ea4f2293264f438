/*
 * Reading a save (src/session/session.c, savefile.c, replay.c): the corpus
 * of broken saves in tests/data/saves and variants made on the fly, each
 * refused with its exact message and line and left unchanged; the good
 * fixture and a save of 0.1.0 resumed; a torn last line; following a file
 * another session writes; and the replay API.
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

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/replay.h"
#include "session/session.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "savefx.h"

/* --- The corpus of broken saves --- */

static void
test_session_load_corpus(void **state)
{
	static const struct {
		const char *file;
		int line;
		const char *msg;
	} cases[] = {
		{ "empty.save", 1, "the file is empty: not a save" },
		{ "not-a-save.save", 1,
		  "not an ancients save: the first line "
		  "should be \"ancients-save 2\"" },
		{ "binary-junk.save", 1,
		  "line holds a NUL byte: this is not "
		  "a save file" },
		{ "wrong-version.save", 1,
		  "save format version 4 is not "
		  "supported: this program reads version 1, 2 or 3" },
		{ "bad-version.save", 1,
		  "\"one\" is not a save format "
		  "version" },
		{ "missing-label.save", 2,
		  "expected \"label TEXT\", found "
		  "\"seed 3\"" },
		{ "bad-seed.save", 3,
		  "\"3x\" is not a seed (a decimal "
		  "number)" },
		{ "bad-scenario-count.save", 4,
		  "\"0\" is not a number of "
		  "scenario lines (1 to 10000000)" },
		{ "truncated-header.save", 4,
		  "the save is truncated: the line "
		  "\"scenario N\" is missing" },
		{ "truncated-scenario.save", 41,
		  "the save is truncated: the "
		  "scenario text ends after 36 of 77 lines" },
		{ "bad-scenario.save", 67,
		  "scenario text: unknown facing "
		  "\"Q\" (N, NE, SE, S, SW or NW)" },
		{ "bad-journal-count.save", 82,
		  "\"-1\" is not a number of "
		  "commands (0 to 10000000)" },
		{ "illegal-command.save", 84,
		  "journal command \"move wb1 "
		  "0101\" is refused: move is for the movement phase; this "
		  "is the shooting phase" },
		{ "unknown-command.save", 86,
		  "journal command \"fly leg1 "
		  "0405\": unknown command \"fly\" (commands: move, pivot, "
		  "charge, push, general, shoot, attack, advance, hold, "
		  "first, second, end, dump, dice, odds, ai, say)" },
		{ "dump-in-journal.save", 86,
		  "dump does not belong in a "
		  "journal" },
		{ "blank-command.save", 86,
		  "expected a command in the "
		  "journal, found \"\"" },
		{ "nul-byte.save", 90,
		  "line holds a NUL byte: this is not a "
		  "save file" },
		{ "truncated.save", 91,
		  "the save is truncated: the journal "
		  "ends after 8 of 20 commands" },
		{ "truncated-midline.save", 96,
		  "the last line is incomplete: "
		  "the save is truncated" },
		{ "edited-command.save", 103,
		  "the replayed game does not "
		  "match the saved digest: the save was edited or damaged" },
		{ "edited-digest.save", 103,
		  "the replayed game does not match "
		  "the saved digest: the save was edited or damaged" },
		{ "bad-digest.save", 103,
		  "\"XYZ\" is not a digest (16 "
		  "lowercase hex digits)" },
		{ "no-checksum.save", 104,
		  "the save is truncated: the line "
		  "\"checksum HEX\" is missing" },
		{ "edited-label.save", 104,
		  "the checksum does not match the "
		  "file: the save was edited or damaged" },
		{ "edited-checksum.save", 104,
		  "the checksum does not match the "
		  "file: the save was edited or damaged" },
		{ "bad-checksum.save", 104,
		  "\"12345\" is not a checksum (16 "
		  "lowercase hex digits)" },
		{ "trailing-text.save", 105,
		  "unexpected text after the "
		  "checksum line" },
	};
	struct anc_errs errs;
	struct stat st1, st2;
	char *before, *after;
	size_t i, len1, len2;
	const char *path;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		path = data_path(cases[i].file);
		before = slurp(path, &len1);
		assert_non_null(before);
		assert_int_equal(stat(path, &st1), 0);
		anc_errs_init(&errs);
		assert_null(session_load(path, &errs));
		if (errs.n != 1)
			fail_msg("%s: %zu errors", cases[i].file, errs.n);
		if (errs.v[0].line != cases[i].line ||
		    strcmp(errs.v[0].msg, cases[i].msg) != 0)
			fail_msg("%s:%d: %s", cases[i].file, errs.v[0].line,
				 errs.v[0].msg);
		anc_errs_done(&errs);
		/* The replay refuses it the same way. */
		anc_errs_init(&errs);
		assert_null(replay_open(path, &errs));
		assert_int_equal(errs.n, 1);
		assert_int_equal(errs.v[0].line, cases[i].line);
		anc_errs_done(&errs);
		after = slurp(path, &len2);
		assert_int_equal(len1, len2);
		assert_memory_equal(before, after, len1);
		assert_int_equal(stat(path, &st2), 0);
		assert_true(st1.st_mtim.tv_sec == st2.st_mtim.tv_sec &&
			    st1.st_mtim.tv_nsec == st2.st_mtim.tv_nsec);
		free(before);
		free(after);
	}
}

static void
test_session_load_good_fixture(void **state)
{
	struct tfx *t = *state;
	struct session *s = load_ok(data_path("good.save")), *fresh;
	size_t i;

	/* The committed save still replays: the format and the engine's
	 * replay have not drifted. */
	assert_int_equal(session_length(s), GOOD_COMMANDS);
	fresh = new_battle(t);
	play_first(t, fresh, GOOD_COMMANDS);
	assert_same_game(session_game(s), session_game(fresh));
	for (i = 0; i < GOOD_COMMANDS; i++)
		assert_string_equal(session_command(s, i), t->cmds[i]);
	assert_string_equal(session_scenario(s)->title, "Save test battle");
	session_free(fresh);
	session_free(s);
}

/*
 * fuzz_save's finding (tests/data/saves/torn-last-line-fuzz.save,
 * minimized): a tutorial game whose whole last journal line has a
 * damaged digest.  The reader is right to load it: it is what a crash
 * while the line was written leaves, dropped with a notice.  Its rewrite
 * is then exactly the file without that line, never more and never a
 * changed byte, which is what the fuzz target now expects.
 */
static void
test_session_torn_last_line_rewrites_the_lines_before(void **state)
{
	struct session *s;
	char *file, *text, *last;
	size_t len, tlen;

	(void)state;
	file = slurp(data_path("torn-last-line-fuzz.save"), &len);
	assert_non_null(file);
	assert_true(len > 1 && file[len - 1] == '\n');
	s = load_ok(data_path("torn-last-line-fuzz.save"));
	assert_non_null(session_notice(s));
	assert_non_null(strstr(session_notice(s), "dropped"));
	text = session_format(s, &tlen);
	/* The start of the file's last line. */
	for (last = file + len - 1; last > file && last[-1] != '\n'; last--)
		;
	assert_int_equal(tlen, (size_t)(last - file));
	assert_memory_equal(text, file, tlen);
	free(text);
	free(file);
	session_free(s);
}

/*
 * A save written by 0.1.0 (format 1, tests/data/saves/v010-battle.save,
 * made by that release's `--batch --save` with the first 25 commands of
 * battle.cmds) still resumes to the state 0.1.0 dumped for it, replays to
 * the same state, and takes further commands.
 */
static void
test_session_v010_save_resumes_and_replays(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	struct session *s, *again;
	struct replay *r;
	size_t len;
	char *data = slurp(data_path("v010-battle.save"), &len);
	char *want = slurp(data_path("v010-battle.dump"), NULL);
	char *got;

	spit(tpath(t, "v010.save"), data, len);
	s = load_ok(tpath(t, "v010.save"));
	assert_int_equal(session_length(s), 25);
	got = dump_of(session_game(s));
	assert_string_equal(got, want);
	anc_errs_init(&errs);
	r = replay_open(data_path("v010-battle.save"), &errs);
	assert_non_null(r);
	assert_int_equal(replay_length(r), 25);
	assert_same_game(replay_state_at(r, 25, NULL), session_game(s));
	replay_free(r);
	anc_errs_done(&errs);
	play_ok(s, "end");
	again = load_ok(tpath(t, "v010.save"));
	assert_int_equal(session_length(again), 26);
	assert_same_game(session_game(again), session_game(s));
	session_free(again);
	session_free(s);
	free(got);
	free(want);
	free(data);
}

static void
test_session_load_file_errors(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	int fd;

	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "missing.save"), &errs));
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 0);
	assert_string_equal(errs.v[0].msg, "cannot open: No such file or "
					   "directory");
	anc_errs_done(&errs);

	anc_errs_init(&errs);
	assert_null(session_load(t->home.dir, &errs));
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 0);
	assert_string_equal(errs.v[0].msg, "cannot read: Is a directory");
	anc_errs_done(&errs);

	fd = open(tpath(t, "big.save"), O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)SAVE_MAX_BYTES + 1), 0);
	close(fd);
	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "big.save"), &errs));
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 0);
	assert_string_equal(errs.v[0].msg, "file too large for a save (more "
					   "than 16 MB)");
	anc_errs_done(&errs);
}

/* Every scenario error is reported, moved to the file's lines. */
static void
test_session_load_scenario_errors_all(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	char *text, *p;
	size_t len;

	text = slurp(data_path("good.save"), &len);
	assert_non_null(text);
	p = strstr(text, "facing = N\n"); /* leg1, scenario line 33 */
	assert_non_null(p);
	p[9] = 'Q';
	p = strstr(text, "type = warband"); /* wb1, scenario line 55 */
	assert_non_null(p);
	memcpy(p, "type = warbanq", 14);
	spit(tpath(t, "two.save"), text, len);
	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "two.save"), &errs));
	assert_int_equal(errs.n, 2);
	assert_int_equal(errs.v[0].line, 4 + 33);
	assert_string_equal(errs.v[0].msg, "scenario text: unknown facing "
					   "\"Q\" (N, NE, SE, S, SW or NW)");
	assert_int_equal(errs.v[1].line, 4 + 55);
	assert_memory_equal(errs.v[1].msg, "scenario text: ", 15);
	anc_errs_done(&errs);
	free(text);
}

/* Variants of good.save, each with one line changed, made on the fly. */
static void
test_session_load_line_variants(void **state)
{
	static const struct {
		int line;	  /* of good.save to change */
		const char *text; /* its new text; NULL: remove it */
		int err_line;
		const char *msg;
	} cases[] = {
		{ 2, "x123456789012345678901234567890123456789012345678901234",
		  2,
		  "expected \"label TEXT\", found "
		  "\"x123456789012345678901234567890123456789...\"" },
		{ 3, NULL, 3, "expected \"seed N\", found \"scenario 77\"" },
		{ 3, "seed ", 3, "\"\" is not a seed (a decimal number)" },
		{ 3, "seed 123456789012345678901", 3,
		  "\"123456789012345678901\" is not a seed (a decimal "
		  "number)" },
		{ 3, "seed 18446744073709551616", 3,
		  "\"18446744073709551616\" is not a seed (a decimal number)" },
		{ 1, "ancients-save", 1,
		  "not an ancients save: the first line should be "
		  "\"ancients-save 2\"" },
		{ 1, "ancients-save 1 ", 1,
		  "\"1 \" is not a save format version" },
		{ 5, "; an edited comment", 0, NULL }, /* see below */
		{ 82, "journals 20", 82,
		  "expected \"journal N\", found \"journals 20\"" },
		{ 103, NULL, 103,
		  "expected \"digest HEX\", found \"checksum "
		  "921a114be762b7b1\"" },
		{ 103, "digest 0123456789abcdeg", 103,
		  "\"0123456789abcdeg\" is not a digest (16 lowercase hex "
		  "digits)" },
		{ 103, "digest 0123456789ABCDEF", 103,
		  "\"0123456789ABCDEF\" is not a digest (16 lowercase hex "
		  "digits)" },
	};
	struct tfx *t = *state;
	struct anc_errs errs;
	char *good, *p, *lines[200], *text;
	size_t len, i;
	int n = 0, k, err_line;
	FILE *f;

	good = slurp(data_path("good.save"), &len);
	assert_non_null(good);
	for (p = good; *p != '\0'; p = strchr(p, '\n') + 1)
		lines[n++] = p;
	assert_int_equal(n, 104);
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		f = fopen(tpath(t, "v.save"), "wb");
		assert_non_null(f);
		for (k = 0; k < n; k++) {
			if (k + 1 != cases[i].line)
				fwrite(lines[k], 1,
				       (size_t)(strchr(lines[k], '\n') -
						lines[k]) +
					   1,
				       f);
			else if (cases[i].text != NULL)
				fprintf(f, "%s\n", cases[i].text);
		}
		assert_int_equal(fclose(f), 0);
		anc_errs_init(&errs);
		assert_null(session_load(tpath(t, "v.save"), &errs));
		assert_true(errs.n >= 1);
		err_line = cases[i].err_line;
		if (cases[i].msg == NULL) {
			/* A comment of the scenario text: it still loads
			 * and the journal replays; only the checksum can
			 * tell. */
			assert_int_equal(errs.v[0].line, 104);
			assert_string_equal(errs.v[0].msg,
					    "the checksum does not match the "
					    "file: the save was edited or "
					    "damaged");
		} else if (errs.v[0].line != err_line ||
			   strcmp(errs.v[0].msg, cases[i].msg) != 0) {
			fail_msg("case %zu: %d: %s", i, errs.v[0].line,
				 errs.v[0].msg);
		}
		anc_errs_done(&errs);
	}
	/* A NUL byte inside the scenario text. */
	text = malloc(len);
	assert_non_null(text);
	memcpy(text, good, len);
	text[lines[9] - good + 2] = '\0';
	spit(tpath(t, "v.save"), text, len);
	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "v.save"), &errs));
	assert_int_equal(errs.v[0].line, 10);
	assert_string_equal(errs.v[0].msg,
			    "line holds a NUL byte: this is not a save file");
	anc_errs_done(&errs);
	/* Cut short inside a header line. */
	spit(tpath(t, "v.save"), good, (size_t)(lines[2] - good) + 3);
	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "v.save"), &errs));
	assert_int_equal(errs.v[0].line, 3);
	assert_string_equal(
	    errs.v[0].msg,
	    "the last line is incomplete: the save is truncated");
	anc_errs_done(&errs);
	free(text);
	free(good);
}

/* --- Following another writer --- */

/*
 * Two sessions on one file, as the shared game has them: what one adds,
 * the other follows (commands and undo), and the other way round.
 */
static void
test_session_follow_two_sessions(void **state)
{
	struct tfx *t = *state;
	struct session *a = new_battle(t), *b;
	struct events ev;
	char err[512], why[512];
	int fd;

	events_init(&ev);
	assert_int_equal(
	    session_set_file(a, tpath(t, "g.save"), err, sizeof err), 0);
	b = load_ok(tpath(t, "g.save"));
	assert_int_equal(session_follow(b, &ev, why, sizeof why), 0);
	play_ok(a, "move leg1 0405");
	assert_int_equal(session_undo(a, why, sizeof why), 0);
	play_first(t, a, 8);
	assert_int_equal(session_follow(b, &ev, why, sizeof why), 10);
	assert_true(ev.n > 0);
	assert_int_equal(session_length(b), 8);
	assert_same_game(session_game(a), session_game(b));
	assert_int_equal(session_follow(b, &ev, why, sizeof why), 0);
	/* A line still being written waits for the next call. */
	fd = open(tpath(t, "g.save"), O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "end\t", 4), 4);
	close(fd);
	assert_int_equal(session_follow(b, &ev, why, sizeof why), 0);
	assert_int_equal(session_length(b), 8);
	/* b can't add to a file that grew behind its back. */
	events_clear(&ev);
	assert_int_equal(
	    session_apply_line(b, t->cmds[8], NULL, &ev, why, sizeof why),
	    SESSION_NOT_SAVED);
	assert_non_null(strstr(why, "changed on disk"));
	session_free(a);
	session_free(b);
	events_done(&ev);

	/* The other way: b plays, a follows. */
	a = new_battle(t);
	assert_int_equal(
	    session_set_file(a, tpath(t, "h.save"), err, sizeof err), 0);
	b = load_ok(tpath(t, "h.save"));
	session_allow_dice(b, true);
	play_first(t, b, 5);
	events_init(&ev);
	assert_int_equal(session_follow(a, &ev, why, sizeof why), 5);
	assert_same_game(session_game(a), session_game(b));
	play_ok(a, t->cmds[5]);
	assert_int_equal(session_follow(b, &ev, why, sizeof why), 1);
	assert_same_game(session_game(a), session_game(b));
	events_done(&ev);
	session_free(a);
	session_free(b);
}

/*
 * A file followed that grows past the 16 MB a save may be (another
 * player's process writing a line of no end) is refused at once: each
 * call read all of the new bytes into memory, however many.
 */
static void
test_session_follow_refuses_file_too_large(void **state)
{
	struct tfx *t = *state;
	struct session *a = new_battle(t), *b;
	struct events ev;
	char err[512], why[512], chunk[65536];
	int fd, i;

	events_init(&ev);
	assert_int_equal(
	    session_set_file(a, tpath(t, "g.save"), err, sizeof err), 0);
	b = load_ok(tpath(t, "g.save"));
	memset(chunk, 'x', sizeof chunk);
	fd = open(tpath(t, "g.save"), O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	for (i = 0; i < 16 * 16 + 1; i++)
		assert_int_equal(write(fd, chunk, sizeof chunk),
				 (ssize_t)sizeof chunk);
	close(fd);
	assert_int_equal(session_follow(b, &ev, why, sizeof why), -1);
	assert_non_null(strstr(why, "grew larger than a save may be"));
	assert_int_equal(session_length(b), 0);
	session_free(a);
	session_free(b);
	events_done(&ev);
}

/*
 * A FIFO put in the followed file's place (a shared directory may be the
 * group's) is refused at once: the open() for reading blocked for ever,
 * and every player's game with it.  (alarm(): a hang fails the test.)
 */
static void
test_session_follow_refuses_fifo(void **state)
{
	struct tfx *t = *state;
	struct session *a = new_battle(t), *b;
	struct events ev;
	char err[512], why[512];

	events_init(&ev);
	assert_int_equal(
	    session_set_file(a, tpath(t, "g.save"), err, sizeof err), 0);
	b = load_ok(tpath(t, "g.save"));
	assert_int_equal(unlink(tpath(t, "g.save")), 0);
	assert_int_equal(mkfifo(tpath(t, "g.save"), 0600), 0);
	alarm(10);
	assert_int_equal(session_follow(b, &ev, why, sizeof why), -1);
	alarm(0);
	assert_non_null(strstr(why, "g.save: it is not a regular file"));
	session_free(a);
	session_free(b);
	events_done(&ev);
}

/* --- Replay --- */

static void
assert_same_events(const struct scenario *sc, const struct events *a,
		   const struct events *b)
{
	char ta[512], tb[512];
	int i;

	assert_int_equal(a->n, b->n);
	for (i = 0; i < a->n; i++) {
		event_format(sc, &a->v[i], ta, sizeof ta);
		event_format(sc, &b->v[i], tb, sizeof tb);
		assert_string_equal(ta, tb);
	}
}

static void
test_replay_steps_any_order(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	struct replay *r;
	struct game *g;
	const struct events *rev;
	const struct game *rg;
	uint64_t *digest;
	struct events *evs;
	char why[256];
	struct command c;
	int k, i, n = t->ncmds;
	static const int order[] = { 0,	 5, 4, 95, 33, 32, 31,
				     64, 1, 2, 90, 65, 0,  40 };

	assert_true(n > 2 * REPLAY_STRIDE);
	play_first(t, s, n);
	/* The expected states and events, by a plain replay. */
	digest = calloc((size_t)n + 1, sizeof *digest);
	evs = calloc((size_t)n + 1, sizeof *evs);
	assert_non_null(digest);
	assert_non_null(evs);
	g = game_new(session_scenario(s), BATTLE_SEED);
	digest[0] = game_digest(g);
	events_init(&evs[0]);
	for (k = 1; k <= n; k++) {
		events_init(&evs[k]);
		assert_int_equal(command_parse(session_scenario(s),
					       t->cmds[k - 1], &c, why,
					       sizeof why),
				 1);
		assert_int_equal(game_apply(g, &c, &evs[k], why, sizeof why),
				 0);
		digest[k] = game_digest(g);
	}
	r = replay_new(s);
	assert_int_equal(replay_length(r), n);
	/* Forward, then backward, then jumps. */
	for (k = 0; k <= n; k++) {
		rg = replay_state_at(r, k, &rev);
		assert_true(game_digest(rg) == digest[k]);
		assert_same_events(session_scenario(s), rev, &evs[k]);
		if (k > 0)
			assert_string_equal(replay_command(r, k),
					    t->cmds[k - 1]);
		assert_int_equal(replay_mark(r, k)->turn, rg->turn);
		assert_int_equal(replay_mark(r, k)->player, rg->player);
		assert_int_equal(replay_mark(r, k)->phase, rg->phase);
		assert_int_equal(replay_mark(r, k)->over, rg->over);
	}
	for (k = n; k >= 0; k--) {
		rg = replay_state_at(r, k, &rev);
		assert_true(game_digest(rg) == digest[k]);
		assert_int_equal(rev->n, evs[k].n);
	}
	for (i = 0; i < (int)(sizeof order / sizeof order[0]); i++) {
		k = order[i] <= n ? order[i] : n;
		rg = replay_state_at(r, k, NULL);
		assert_true(game_digest(rg) == digest[k]);
		rg = replay_state_at(r, k, &rev);
		assert_int_equal(rev->n, evs[k].n);
	}
	/* Turns: each starts where the marks say, the first at 0. */
	assert_int_equal(replay_turn_start(r, 1), 0);
	for (i = 2; i <= 6; i++) {
		k = replay_turn_start(r, i);
		assert_true(k > 0);
		assert_int_equal(replay_mark(r, k)->turn, i);
		assert_int_equal(replay_mark(r, k - 1)->turn, i - 1);
	}
	assert_int_equal(replay_turn_start(r, 7), -1);
	assert_ptr_equal(replay_scenario(r), session_scenario(s));
	for (k = 0; k <= n; k++)
		events_done(&evs[k]);
	free(evs);
	free(digest);
	replay_free(r);
	game_free(g);
	session_free(s);
}

static void
test_replay_open_file(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	struct replay *r;
	struct session *s;
	const struct game *g;

	anc_errs_init(&errs);
	r = replay_open(data_path("good.save"), &errs);
	assert_non_null(r);
	assert_int_equal(errs.n, 0);
	assert_int_equal(replay_length(r), GOOD_COMMANDS);
	s = new_battle(t);
	play_first(t, s, GOOD_COMMANDS);
	g = replay_state_at(r, GOOD_COMMANDS, NULL);
	assert_same_game(g, session_game(s));
	g = replay_state_at(r, 0, NULL);
	assert_int_equal(g->turn, 1);
	replay_free(r);
	replay_free(NULL);
	session_free(s);
	anc_errs_done(&errs);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_session_follow_two_sessions),
		TEST(test_session_follow_refuses_file_too_large),
		TEST(test_session_follow_refuses_fifo),
		TEST(test_session_load_corpus),
		TEST(test_session_load_good_fixture),
		TEST(test_session_torn_last_line_rewrites_the_lines_before),
		TEST(test_session_v010_save_resumes_and_replays),
		TEST(test_session_load_file_errors),
		TEST(test_session_load_scenario_errors_all),
		TEST(test_replay_steps_any_order),
		TEST(test_replay_open_file),
		TEST(test_session_load_line_variants),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
