/*
 * A game's journal as the session writes it (src/session/session.c,
 * savefile.c): the round trip of a whole game, every field of the format,
 * the results of applying a line, one appended line per command, durable
 * writes whose every failing step takes the command back, and a file
 * replaced behind the session's back.
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
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/session.h"
#include "core/game.h"
#include "savefx.h"

/* --- The round trip and the format --- */

static void
test_session_round_trip_whole_game(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	char err[512], *a, *b;
	size_t alen, blen, i;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	play_first(t, s, t->ncmds);
	assert_true(session_game(s)->over);
	l = load_ok(tpath(t, "g.save"));
	assert_same_game(session_game(s), session_game(l));
	assert_int_equal(session_length(l), t->ncmds);
	for (i = 0; i < session_length(l); i++)
		assert_string_equal(session_command(l, i), t->cmds[i]);
	assert_string_equal(session_label(l), "battle.ini");
	assert_true(session_seed(l) == BATTLE_SEED);
	assert_string_equal(session_path(l), tpath(t, "g.save"));
	a = session_format(s, &alen);
	b = session_format(l, &blen);
	assert_int_equal(alen, blen);
	assert_memory_equal(a, b, alen);
	free(a);
	free(b);
	session_free(l);
	session_free(s);
}

/*
 * A solo game's save says which side the computer plays and at what
 * level, on the line after the seed; a two-player save has no such line.
 * A malformed one is refused on its line.
 */
static void
test_session_solo_save_keeps_computer_side_and_level(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	struct anc_errs errs;
	char err[512], want[128], *text, *p;
	size_t len;
	int level = 0;

	assert_int_equal(session_ai(s, NULL), -1);
	session_set_ai(s, 1, 3);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	play_first(t, s, 5);
	l = load_ok(tpath(t, "g.save"));
	assert_int_equal(session_ai(l, &level), 1);
	assert_int_equal(level, 3);
	assert_same_game(session_game(s), session_game(l));
	session_free(l);
	text = slurp(tpath(t, "g.save"), &len);
	assert_non_null(text);
	snprintf(want, sizeof want, "\nseed %llu\nai %s 3\nscenario ",
		 (unsigned long long)BATTLE_SEED,
		 session_scenario(s)->sides[1].key);
	assert_non_null(strstr(text, want));

	/* A level out of range: refused on the line. */
	p = strstr(text, "\nai ") + 1;
	p[strcspn(p, "\n") - 1] = '7';
	spit(tpath(t, "bad.save"), text, len);
	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "bad.save"), &errs));
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 4);
	assert_non_null(strstr(errs.v[0].msg, "not a side and a level"));
	anc_errs_done(&errs);
	free(text);
	session_free(s);

	/* Two players: no line. */
	s = new_battle(t);
	text = session_format(s, &len);
	assert_null(strstr(text, "\nai "));
	free(text);
	session_free(s);
}

static void
test_session_file_matches_after_every_command(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	char err[512];
	int i;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	for (i = 0; i <= t->ncmds; i++) {
		if (i > 0)
			play_ok(s, t->cmds[i - 1]);
		l = load_ok(tpath(t, "g.save"));
		assert_same_game(session_game(s), session_game(l));
		assert_int_equal(session_length(l), i);
		session_free(l);
	}
	/* Only the save itself: no temporary file left behind. */
	assert_int_equal(count_files(t->home.dir), 1);
	session_free(s);
}

static void
test_save_format_every_field(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *fresh;
	char err[512], expect[128], line[256], *text, *p;
	size_t len;
	int i, n;

	play_first(t, s, 5);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	text = slurp(tpath(t, "g.save"), &len);
	assert_non_null(text);
	p = text;
#define LINE(str)                                                              \
	do {                                                                   \
		assert_memory_equal(p, str "\n", strlen(str) + 1);             \
		p += strlen(str) + 1;                                          \
	} while (0)
	LINE("ancients-save 2");
	LINE("label battle.ini");
	LINE("seed 3");
	LINE("scenario 77");
	assert_memory_equal(p, t->text, t->len);
	p += t->len;
	snprintf(expect, sizeof expect, "journal %016" PRIx64 "\n",
		 fnv(text, (size_t)(p - text)));
	assert_memory_equal(p, expect, strlen(expect));
	p += strlen(expect);
	/* Each command, the digest after it, the check of the two. */
	fresh = new_battle(t);
	for (i = 0; i < 5; i++) {
		play_ok(fresh, t->cmds[i]);
		n = snprintf(line, sizeof line, "%s\t%016" PRIx64, t->cmds[i],
			     game_digest(session_game(fresh)));
		snprintf(line + n, sizeof line - (size_t)n,
			 "\t%016" PRIx64 "\n", fnv(line, (size_t)n));
		assert_memory_equal(p, line, strlen(line));
		p += strlen(line);
	}
	assert_int_equal(len, (size_t)(p - text));
	session_free(fresh);
#undef LINE
	free(text);
	session_free(s);
}

static void
test_session_new_adds_final_newline(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	struct session *s, *l;
	char err[512], *text;
	size_t len;

	assert_int_equal(t->text[t->len - 1], '\n');
	anc_errs_init(&errs);
	s = session_new(t->text, t->len - 1, "x", 9, &errs);
	assert_non_null(s);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	text = slurp(tpath(t, "g.save"), &len);
	assert_non_null(strstr(text, "unit = wb2\njournal "));
	free(text);
	l = load_ok(tpath(t, "g.save"));
	assert_same_game(session_game(s), session_game(l));
	session_free(l);
	session_free(s);
	anc_errs_done(&errs);
}

static void
test_session_new_rejects_bad_scenario(void **state)
{
	static const char bad[] = "[scenario]\ntitle = x\nturns = 0\n";
	struct anc_errs errs;

	(void)state;
	anc_errs_init(&errs);
	assert_null(session_new(bad, strlen(bad), "x", 1, &errs));
	assert_true(errs.n > 0);
	anc_errs_done(&errs);
	anc_errs_init(&errs);
	assert_null(session_new("", 0, "x", 1, &errs));
	assert_true(errs.n > 0);
	anc_errs_done(&errs);
}

static void
test_session_new_label_control_characters(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	struct session *s, *l;
	char err[512];

	anc_errs_init(&errs);
	s = session_new(t->text, t->len, "a\nb\tc\x7f", 1, &errs);
	assert_non_null(s);
	assert_string_equal(session_label(s), "a?b?c?");
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	l = load_ok(tpath(t, "g.save"));
	assert_string_equal(session_label(l), "a?b?c?");
	session_free(l);
	session_free(s);
	anc_errs_done(&errs);
}

static void
test_session_seed_extremes(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	struct session *s, *l;
	char err[512];

	anc_errs_init(&errs);
	s = session_new(t->text, t->len, "", UINT64_MAX, &errs);
	assert_non_null(s);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	l = load_ok(tpath(t, "g.save"));
	assert_true(session_seed(l) == UINT64_MAX);
	assert_string_equal(session_label(l), "");
	session_free(l);
	session_free(s);
	anc_errs_done(&errs);
}

/* --- Applying lines --- */

static void
test_session_apply_line_results(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	struct command c;
	struct events ev;
	char why[512], err[512], *before, *after;
	struct stat st1, st2;

	events_init(&ev);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	before = slurp(tpath(t, "g.save"), NULL);
	assert_int_equal(stat(tpath(t, "g.save"), &st1), 0);

	assert_int_equal(
	    session_apply_line(s, "  # nothing\n", &c, &ev, why, sizeof why),
	    SESSION_EMPTY);
	assert_int_equal(
	    session_apply_line(s, "fly leg1", &c, &ev, why, sizeof why),
	    SESSION_REFUSED);
	assert_non_null(strstr(why, "unknown command \"fly\""));
	assert_int_equal(
	    session_apply_line(s, "attack leg1 wb1", &c, &ev, why, sizeof why),
	    SESSION_REFUSED);
	assert_string_equal(why, "attack is for the combat phase; this is "
				 "the movement phase");
	assert_int_equal(
	    session_apply_line(s, "dump", &c, &ev, why, sizeof why),
	    SESSION_OK);
	assert_int_equal(c.verb, VERB_DUMP);
	assert_int_equal(session_length(s), 0);
	assert_int_equal(ev.n, 0);
	after = slurp(tpath(t, "g.save"), NULL);
	assert_string_equal(before, after);
	assert_int_equal(stat(tpath(t, "g.save"), &st2), 0);
	assert_int_equal(st1.st_ino, st2.st_ino); /* not rewritten */
	free(after);

	assert_int_equal(session_apply_line(s, "MOVE leg1 0405 # go\r\n", &c,
					    &ev, why, sizeof why),
			 SESSION_OK);
	assert_int_equal(c.verb, VERB_MOVE);
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.v[0].kind, EV_MOVE);
	assert_int_equal(session_length(s), 1);
	assert_string_equal(session_command(s, 0), "move leg1 0405");
	after = slurp(tpath(t, "g.save"), NULL);
	assert_non_null(strstr(after, "\nmove leg1 0405\t"));
	free(after);
	free(before);
	events_done(&ev);
	session_free(s);
}

static void
test_session_dice_only_when_allowed(void **state)
{
	struct tfx *t = *state;
	struct anc_errs errs;
	struct session *s;
	struct events ev;
	char why[512];

	anc_errs_init(&errs);
	s = session_new(t->text, t->len, "x", 1, &errs);
	events_init(&ev);
	assert_int_equal(
	    session_apply_line(s, "dice 6", NULL, &ev, why, sizeof why),
	    SESSION_REFUSED);
	assert_string_equal(
	    why, "dice is for batch mode only, never in a shared game");
	assert_int_equal(session_length(s), 0);
	session_allow_dice(s, true);
	assert_int_equal(
	    session_apply_line(s, "dice 6", NULL, &ev, why, sizeof why),
	    SESSION_OK);
	assert_int_equal(session_length(s), 1);
	events_done(&ev);
	session_free(s);
	anc_errs_done(&errs);
}

/* The failures of save_steps[from..to) on s, which plays cmds[k] next. */
static const struct {
	enum save_step step;
	const char *msg;
} save_steps[] = {
	/* Adding a line to the journal: */
	{ SAVE_STEP_WRITE, "the command was not played: cannot write " },
	{ SAVE_STEP_FSYNC, "the command was not played: cannot sync " },
	/* Writing the file whole (a format 1 save's first command): */
	{ SAVE_STEP_CREATE, "the command was not played: cannot "
			    "create a file in " },
	{ SAVE_STEP_WRITE, "the command was not played: cannot write " },
	{ SAVE_STEP_FSYNC, "the command was not played: cannot sync " },
	{ SAVE_STEP_CLOSE, "the command was not played: cannot close " },
	{ SAVE_STEP_RENAME, "the command was not played: cannot "
			    "replace " },
	{ SAVE_STEP_DIRSYNC, "the command was not played: cannot sync "
			     "directory " },
};

static void
check_not_saved(const struct tfx *t, struct session *s, const char *cmd,
		size_t from, size_t to)
{
	const struct game *g0 = session_game(s);
	size_t n0 = session_length(s), i;
	struct session *l;
	struct events ev;
	char why[512], *before, *after, *d0, *d1;

	events_init(&ev);
	before = slurp(session_path(s), NULL);
	d0 = dump_of(session_game(s));
	for (i = from; i < to; i++) {
		events_clear(&ev);
		save_fail_at(save_steps[i].step);
		assert_int_equal(
		    session_apply_line(s, cmd, NULL, &ev, why, sizeof why),
		    SESSION_NOT_SAVED);
		assert_memory_equal(why, save_steps[i].msg,
				    strlen(save_steps[i].msg));
		assert_non_null(strstr(why, "Input/output error"));
		assert_int_equal(ev.n, 0);
		assert_int_equal(session_length(s), n0);
		assert_ptr_equal(session_game(s), g0);
		d1 = dump_of(session_game(s));
		assert_string_equal(d0, d1);
		free(d1);
		/* The file still holds the game as it was. */
		after = slurp(session_path(s), NULL);
		if (save_steps[i].step != SAVE_STEP_DIRSYNC)
			assert_string_equal(before, after);
		free(after);
		l = load_ok(session_path(s));
		assert_same_game(session_game(s), session_game(l));
		session_free(l);
		assert_int_equal(count_files(t->home.dir), 1);
	}
	/* Once the disk works again, so does the game. */
	play_ok(s, cmd);
	l = load_ok(session_path(s));
	assert_same_game(session_game(s), session_game(l));
	session_free(l);
	free(d0);
	free(before);
	events_done(&ev);
}

/* Each failing step of a durable write: the command is taken back. */
static void
test_session_apply_line_not_saved(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	char err[512];
	size_t len;
	char *data;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	play_first(t, s, 3);
	check_not_saved(t, s, t->cmds[3], 0, 2);
	session_free(s);

	/* A format 1 save is written whole, as format 2, on its first new
	 * command. */
	unlink(tpath(t, "g.save"));
	data = slurp(data_path("v010-battle.save"), &len);
	spit(tpath(t, "v1.save"), data, len);
	free(data);
	s = load_ok(tpath(t, "v1.save"));
	check_not_saved(t, s, "end", 2,
			sizeof save_steps / sizeof save_steps[0]);
	session_free(s);
}

/*
 * A save replaced on disk behind a running game (another game's "save
 * NAME" of the same name, a mv over it) or removed is not written to:
 * the line went to the file no longer there, was reported saved, and
 * was lost.  The command is not played; the file in its place is left
 * as it is.
 */
static void
test_session_apply_refuses_replaced_file(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	struct events ev;
	char err[512], why[512], *before, *after;
	size_t blen, alen, n;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	play_first(t, s, 3);
	before = slurp(tpath(t, "g.save"), &blen);
	spit(tpath(t, "copy.save"), before, blen);
	assert_int_equal(rename(tpath(t, "copy.save"), tpath(t, "g.save")), 0);
	n = session_length(s);
	events_init(&ev);
	assert_int_equal(
	    session_apply_line(s, t->cmds[3], NULL, &ev, why, sizeof why),
	    SESSION_NOT_SAVED);
	assert_non_null(strstr(why, "g.save was replaced or removed"));
	assert_int_equal(session_length(s), n);
	after = slurp(tpath(t, "g.save"), &alen);
	assert_int_equal(alen, blen);
	assert_memory_equal(after, before, blen);
	assert_int_equal(unlink(tpath(t, "g.save")), 0);
	events_clear(&ev);
	assert_int_equal(
	    session_apply_line(s, t->cmds[3], NULL, &ev, why, sizeof why),
	    SESSION_NOT_SAVED);
	assert_non_null(strstr(why, "g.save was replaced or removed"));
	assert_int_equal(session_length(s), n);
	events_done(&ev);
	free(before);
	free(after);
	session_free(s);
}

static void
test_session_set_file_failures(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	char err[512];

	assert_int_equal(
	    session_set_file(s, tpath(t, "no/such/g.save"), err, sizeof err),
	    -1);
	assert_memory_equal(err, "cannot create a file in ", 24);
	assert_non_null(strstr(err, "No such file or directory"));
	assert_null(session_path(s));
	assert_int_equal(mkdir(tpath(t, "adir"), 0700), 0);
	assert_int_equal(session_set_file(s, tpath(t, "adir"), err, sizeof err),
			 -1);
	assert_memory_equal(err, "cannot replace ", 15);
	assert_null(session_path(s));
	/* Nothing but the directory was left. */
	assert_int_equal(count_files(t->home.dir), 1);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	assert_int_equal(session_set_file(s, tpath(t, "adir"), err, sizeof err),
			 -1);
	assert_string_equal(session_path(s), tpath(t, "g.save"));
	session_free(s);
}

static off_t
file_size(const char *path)
{
	struct stat st;

	assert_int_equal(stat(path, &st), 0);
	return st.st_size;
}

/*
 * Format 2's journal is append-only: each command adds exactly its own
 * line, "COMMAND<TAB>DIGEST<TAB>CHECK", to the same file (never
 * rewritten or renamed); undo adds an "undo" line.
 */
static void
test_journal_one_appended_line_per_command(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	struct stat st1, st2;
	char err[512], why[512], *text;
	off_t before;
	size_t len;
	int i;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	assert_int_equal(stat(tpath(t, "g.save"), &st1), 0);
	before = file_size(tpath(t, "g.save"));
	play_ok(s, "move leg1 0405");
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	/* command, tab, 16 hex, tab, 16 hex, newline */
	assert_int_equal(file_size(tpath(t, "g.save")) - before,
			 (off_t)strlen("move leg1 0405") + 35 + 4 + 35);
	text = slurp(tpath(t, "g.save"), &len);
	assert_true(len > 36);
	assert_memory_equal(text + len - 35 - 4, "undo\t", 5);
	free(text);
	play_ok(s, "dump");
	assert_int_equal(file_size(tpath(t, "g.save")), before + 14 + 74);
	for (i = 0; i < 12; i++) {
		before = file_size(tpath(t, "g.save"));
		play_ok(s, t->cmds[i]);
		assert_int_equal(file_size(tpath(t, "g.save")) - before,
				 (off_t)strlen(t->cmds[i]) + 35);
	}
	assert_int_equal(stat(tpath(t, "g.save"), &st2), 0);
	assert_int_equal(st1.st_ino, st2.st_ino);
	l = load_ok(tpath(t, "g.save"));
	assert_int_equal(session_length(l), 12);
	assert_same_game(session_game(s), session_game(l));
	assert_null(session_notice(l));
	session_free(l);
	session_free(s);
}

/*
 * A crash while a line is written leaves a torn last line: loading drops
 * it with a notice, never plays it, and the next command cuts it off.  A
 * damaged line before the last one is an error.
 */
static void
test_journal_torn_last_line_dropped(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	struct anc_errs errs;
	char err[512], *text, *p;
	size_t good;
	int fd;

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	play_first(t, s, 6);
	text = slurp(tpath(t, "g.save"), &good);
	/* Half a line, no newline. */
	fd = open(tpath(t, "g.save"), O_WRONLY | O_APPEND);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "move leg1 04", 12), 12);
	close(fd);
	l = load_ok(tpath(t, "g.save"));
	assert_int_equal(session_length(l), 6);
	assert_same_game(session_game(s), session_game(l));
	assert_non_null(session_notice(l));
	assert_non_null(strstr(session_notice(l), "incomplete"));
	assert_non_null(strstr(session_notice(l), "dropped"));
	/* Playing on cuts the torn bytes off first. */
	play_ok(l, t->cmds[6]);
	session_free(l);
	l = load_ok(tpath(t, "g.save"));
	assert_int_equal(session_length(l), 7);
	assert_null(session_notice(l));
	session_free(l);

	/* A whole last line that fails its check is dropped too. */
	spit(tpath(t, "g.save"), text, good);
	p = text + good - 2; /* the check's last digit */
	*p = *p == '0' ? '1' : '0';
	spit(tpath(t, "g.save"), text, good);
	l = load_ok(tpath(t, "g.save"));
	assert_int_equal(session_length(l), 5);
	assert_non_null(strstr(session_notice(l), "damaged"));
	session_free(l);

	/* The same damage before the last line: not loaded. */
	memcpy(text + good, "end\t0000000000000000\t0000000000000000\n", 38);
	spit(tpath(t, "g.save"), text, good + 38);
	anc_errs_init(&errs);
	assert_null(session_load(tpath(t, "g.save"), &errs));
	assert_int_equal(errs.n, 1);
	assert_non_null(strstr(errs.v[0].msg, "journal line damaged"));
	anc_errs_done(&errs);
	free(text);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_session_round_trip_whole_game),
		TEST(test_session_solo_save_keeps_computer_side_and_level),
		TEST(test_session_file_matches_after_every_command),
		TEST(test_save_format_every_field),
		TEST(test_session_new_adds_final_newline),
		TEST(test_session_new_rejects_bad_scenario),
		TEST(test_session_new_label_control_characters),
		TEST(test_session_seed_extremes),
		TEST(test_session_apply_line_results),
		TEST(test_session_dice_only_when_allowed),
		TEST(test_session_apply_line_not_saved),
		TEST(test_session_set_file_failures),
		TEST(test_journal_one_appended_line_per_command),
		TEST(test_journal_torn_last_line_dropped),
		TEST(test_session_apply_refuses_replaced_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
