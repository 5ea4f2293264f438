/*
 * What the command line says about saves (src/app/savetext.c,
 * termtext.c): the replay and list outputs, the resume question, wrapped
 * at spaces, and its answers; and batch mode's output, the same with a
 * save as without.
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
#include <time.h>
#include <unistd.h>

#include "app/batch.h"
#include "app/savetext.h"
#include "app/termtext.h"
#include "session/replay.h"
#include "session/session.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "savefx.h"

/* What batch mode prints for input on a new battle with no file. */
static char *
run_batch_play(const struct tfx *t, const char *input)
{
	struct session *s = new_battle(t);
	char *out = NULL;
	size_t outlen = 0;
	FILE *in, *o;

	in = fmemopen((void *)input, strlen(input), "r");
	assert_non_null(in);
	o = open_memstream(&out, &outlen);
	assert_non_null(o);
	batch_play(s, in, o);
	fclose(o);
	fclose(in);
	session_free(s);
	return out;
}

static void
test_batch_same_output_with_a_save(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	char *input, *want, *got = NULL, err[512], *p;
	size_t gotlen = 0, cap = 1 << 16;
	FILE *in, *o;
	int i, status;

	input = malloc(cap);
	assert_non_null(input);
	p = input;
	p += sprintf(p, "dump\nfly away\n\n# a comment\n");
	for (i = 0; i < t->ncmds; i++) {
		p += sprintf(p, "%s\n", t->cmds[i]);
		if (i % 10 == 0)
			p += sprintf(p, "dump\nattack leg1 wb9\n");
	}
	p += sprintf(p, "dump\nend\n");
	want = run_batch_play(t, input);

	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	in = fmemopen(input, strlen(input), "r");
	assert_non_null(in);
	o = open_memstream(&got, &gotlen);
	assert_non_null(o);
	status = batch_play(s, in, o);
	fclose(o);
	fclose(in);
	assert_int_equal(status, 1);
	assert_string_equal(got, want);
	l = load_ok(tpath(t, "g.save"));
	assert_same_game(session_game(s), session_game(l));
	assert_int_equal(session_length(l), t->ncmds);
	session_free(l);
	free(got);

	/* A save that fails prints an error line and the status says so. */
	got = NULL;
	session_free(s);
	s = new_battle(t);
	assert_int_equal(
	    session_set_file(s, tpath(t, "h.save"), err, sizeof err), 0);
	save_fail_at(SAVE_STEP_WRITE);
	in = fmemopen((void *)"move leg1 0405\n", 15, "r");
	o = open_memstream(&got, &gotlen);
	assert_int_equal(batch_play(s, in, o), 1);
	fclose(o);
	fclose(in);
	assert_memory_equal(got,
			    "error: the command was not played: cannot "
			    "write ",
			    48);
	assert_int_equal(session_length(s), 0);
	free(got);
	free(want);
	free(input);
	session_free(s);
}

static void
test_savetext_replay(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	struct replay *r;
	char *out = NULL, *d, *line2;
	size_t len = 0;
	FILE *o;

	play_first(t, s, 6);
	r = replay_new(s);
	o = open_memstream(&out, &len);
	assert_non_null(o);
	savetext_replay(r, "x.save", o);
	fclose(o);
	line2 = strchr(out, '\n') + 1;
	assert_memory_equal(
	    out,
	    "Replay of x.save: Save test battle, 6 "
	    "commands\nTurn 1 of 6 begins\n[1] rome: end\n  Phase: shooting\n",
	    strlen("Replay of x.save: Save test battle, 6 commands\nTurn 1 "
		   "of 6 begins\n[1] rome: end\n  Phase: shooting\n"));
	assert_non_null(strstr(line2, "\n[4] chatti: charge wb2 vel1 0504\n"
				      "  Charge: "));
	assert_non_null(strstr(line2, "\n[5] chatti: dice 4 4 5 3\n[6] "
				      "chatti: pivot wb1 N\n  Pivot: "));
	d = dump_of(session_game(s));
	assert_string_equal(out + strlen(out) - strlen(d), d);
	free(d);
	free(out);
	replay_free(r);
	session_free(s);
}

/* A finished game that ends in a draw: the conformance example R11.3. */
static struct session *
drawn_game(void)
{
	const char *top = getenv("TOP_SRCDIR");
	char path[4096], *text, *cmds, *line, *nl, why[256];
	struct anc_errs errs;
	struct session *s;
	struct events ev;
	size_t len;

	snprintf(path, sizeof path, "%s/tests/conformance/R11.3-draw.ini",
		 top ? top : ".");
	text = slurp(path, &len);
	assert_non_null(text);
	snprintf(path, sizeof path, "%s/tests/conformance/R11.3-draw.cmds",
		 top ? top : ".");
	cmds = slurp(path, NULL);
	assert_non_null(cmds);
	anc_errs_init(&errs);
	s = session_new(text, len, "R11.3-draw.ini", 1, &errs);
	assert_non_null(s);
	session_allow_dice(s, true);
	events_init(&ev);
	for (line = cmds; (nl = strchr(line, '\n')) != NULL; line = nl + 1) {
		*nl = '\0';
		assert_int_not_equal(
		    session_apply_line(s, line, NULL, &ev, why, sizeof why),
		    SESSION_REFUSED);
	}
	assert_true(session_game(s)->over);
	assert_int_equal(session_game(s)->winner, -1);
	events_done(&ev);
	anc_errs_done(&errs);
	free(cmds);
	free(text);
	return s;
}

static void
set_mtime(const char *path, long sec)
{
	struct timespec ts[2];

	ts[0].tv_sec = ts[1].tv_sec = sec;
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static void
test_savetext_list(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *d = drawn_game();
	char *out = NULL, *errout = NULL, err[512], want[4096], path[4096];
	const char *p, *q;
	size_t len = 0, errlen = 0;
	FILE *o, *e;
	int i, fd;

	o = open_memstream(&out, &len);
	e = open_memstream(&errout, &errlen);
	assert_int_equal(savetext_list(o, e), 0);
	fclose(o);
	fclose(e);
	snprintf(want, sizeof want, "no saves in %s\n", t->saves);
	assert_string_equal(out, want);
	assert_string_equal(errout, "");
	free(out);
	free(errout);

	play_first(t, s, 3);
	assert_int_equal(
	    session_save_as(s, "early", path, sizeof path, err, sizeof err), 0);
	set_mtime(path, 1000000000);
	for (i = 3; i < t->ncmds; i++)
		play_ok(s, t->cmds[i]);
	assert_int_equal(
	    session_save_as(s, "over", path, sizeof path, err, sizeof err), 0);
	set_mtime(path, 1000000100);
	assert_int_equal(
	    session_save_as(d, "draw", path, sizeof path, err, sizeof err), 0);
	set_mtime(path, 1000000150);
	snprintf(path, sizeof path, "%s/broken.save", t->saves);
	spit(path, "ancients-save 7\n", 16);
	set_mtime(path, 1000000200);
	snprintf(path, sizeof path, "%s/big.save", t->saves);
	fd = open(path, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, (off_t)SAVE_MAX_BYTES + 1), 0);
	close(fd);
	set_mtime(path, 999999999);

	out = errout = NULL;
	o = open_memstream(&out, &len);
	e = open_memstream(&errout, &errlen);
	assert_int_equal(savetext_list(o, e), 1);
	fclose(o);
	fclose(e);
	/* Most recent first; dates are local time, so not compared. */
	assert_memory_equal(out,
			    "MODIFIED          TURN   TO PLAY         "
			    "SCENARIO          FILE\n",
			    64);
	p = out;
	static const char *const rows[] = {
		"  -      -               (damaged)         %s/broken.save\n",
		"  1/6    over, a draw    acceptance        %s/draw.save\n",
		"  6/6    over, rome won  Save test battle  %s/over.save\n",
		"  1/6    chatti          Save test battle  %s/early.save\n",
		"  -      -               (damaged)         %s/big.save\n",
	};
	for (i = 0; i < 5; i++) {
		snprintf(want, sizeof want, rows[i], t->saves);
		q = strstr(p, want);
		if (q == NULL)
			fail_msg("row %d not found in:\n%s", i, out);
		p = q + strlen(want);
	}
	assert_string_equal(p, "");
	snprintf(
	    want, sizeof want,
	    "ancients: %s/broken.save:1: save format "
	    "version 7 is not supported: this program reads version 1, 2 or 3\n"
	    "ancients: %s/big.save: file too large for a save (more than "
	    "16 MB)\n",
	    t->saves, t->saves);
	assert_string_equal(errout, want);
	free(out);
	free(errout);
	session_free(d);
	session_free(s);
}

static void
test_savetext_resume_question(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	char q[256], when[32], want[256];
	time_t saved = 1772366400; /* 2026-03-01 12:00 UTC */
	struct tm tm;

	localtime_r(&saved, &tm);
	strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
	savetext_resume_question(s, saved, q, sizeof q);
	snprintf(want, sizeof want,
		 "Resume the unfinished game of Save test battle (turn 1/6, "
		 "Rome to play, saved %s)?",
		 when);
	assert_string_equal(q, want);
	play_first(t, s, GOOD_COMMANDS);
	savetext_resume_question(s, saved, q, sizeof q);
	assert_non_null(strstr(q, "Save test battle (turn "));
	/* Cut to fit, never overrun. */
	savetext_resume_question(s, saved, q, 10);
	assert_string_equal(q, "Resume th");
	session_free(s);
}

/*
 * The question goes to the plain terminal, which wrapped it wherever the
 * line ran out ("sav" / "ed"): broken at spaces into lines that leave the
 * last column free, and nothing lost or added but the breaks.
 */
static void
test_termtext_wraps_the_question_at_spaces(void **state)
{
	const char *q = "Resume the unfinished game of Tutorial (turn 1/6, "
			"Rome (Caecina) to play, saved 2026-12-01 21:58)? "
			"[y/N]";
	char out[512], joined[512], *line, *save = NULL;
	int width;
	FILE *f;

	(void)state;
	for (width = 20; width <= 200; width += 10) {
		assert_non_null(f = fmemopen(out, sizeof out, "w"));
		termtext_print_wrapped(f, q, width);
		fclose(f);
		assert_int_not_equal(out[strlen(out) - 1], '\n');
		joined[0] = '\0';
		for (line = strtok_r(out, "\n", &save); line != NULL;
		     line = strtok_r(NULL, "\n", &save)) {
			assert_true((int)strlen(line) <= width - 1);
			assert_int_not_equal(line[0], ' ');
			if (joined[0] != '\0')
				strcat(joined, " ");
			strcat(joined, line);
		}
		assert_string_equal(joined, q);
	}
	/* Not a terminal (width 0): one line as it is. */
	assert_non_null(f = fmemopen(out, sizeof out, "w"));
	termtext_print_wrapped(f, q, 0);
	fclose(f);
	assert_string_equal(out, q);
}

static void
test_savetext_answer_yes(void **state)
{
	static const char *const yes[] = { "y\n",     "Y\n",	 "yes\n",
					   "YES\r\n", "  y  \n", "\tYes",
					   "y" };
	static const char *const no[] = { "\n",	    "",	    "n\n",
					  "no\n",   "yy\n", "yess\n",
					  "y es\n", "ja\n", "y n\n" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof yes / sizeof yes[0]; i++)
		if (!savetext_answer_yes(yes[i]))
			fail_msg("\"%s\" is not yes", yes[i]);
	for (i = 0; i < sizeof no / sizeof no[0]; i++)
		if (savetext_answer_yes(no[i]))
			fail_msg("\"%s\" is yes", no[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_batch_same_output_with_a_save),
		TEST(test_savetext_replay),
		TEST(test_savetext_list),
		TEST(test_savetext_resume_question),
		cmocka_unit_test(test_termtext_wraps_the_question_at_spaces),
		TEST(test_savetext_answer_yes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
