/*
 * Save names and the save directory (src/session/savedir.c): which names
 * are allowed, the XDG rules for the directory, a directory that cannot be
 * made or whose path does not fit, save-as, autosaves and the latest
 * unfinished one, and the scan that lists and resolves saves.
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

#include "session/savedir.h"
#include "session/session.h"
#include "app/savetext.h"
#include "core/game.h"
#include "savefx.h"

static void
test_savedir_check_name(void **state)
{
	static const struct {
		const char *name;
		const char *msg; /* NULL: accepted */
	} cases[] = {
		{ "ok", NULL },
		{ "Game-2_final.v3", NULL },
		{ "a.save", NULL },
		{ "a..b", NULL },
		{ "", "a save needs a name" },
		{ "../../x", "\"../../x\" is not a save name: use only "
			     "letters, digits, '-', '_' and '.'" },
		{ "a/b", "\"a/b\" is not a save name: use only letters, "
			 "digits, '-', '_' and '.'" },
		{ "my game", "\"my game\" is not a save name: use only "
			     "letters, digits, '-', '_' and '.'" },
		{ "x\ny", "\"x\\x0ay\" is not a save name: use only letters, "
			  "digits, '-', '_' and '.'" },
		{ ".hidden", "\".hidden\" is not a save name: it may not "
			     "start with '.'" },
		{ "..", "\"..\" is not a save name: it may not start with "
			"'.'" },
		{ "\xc3\xa9t\xc3\xa9",
		  "\"\xc3\xa9t\xc3\xa9\" is not a save name: use only "
		  "letters, digits, '-', '_' and '.'" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		  "aaaaa",
		  "a save name has at most 64 characters" },
		{ "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
		  "aaaa",
		  NULL },
	};
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		strcpy(err, "");
		if (cases[i].msg == NULL) {
			assert_int_equal(
			    savedir_check_name(cases[i].name, err, sizeof err),
			    0);
		} else {
			assert_int_equal(
			    savedir_check_name(cases[i].name, err, sizeof err),
			    -1);
			assert_string_equal(err, cases[i].msg);
		}
	}
}

static void
test_savedir_path_xdg_rules(void **state)
{
	struct tfx *t = *state;
	char buf[4096], want[4096], err[256];
	struct stat st;

	/* XDG_STATE_HOME, absolute: used, not created unless asked. */
	assert_int_equal(savedir_path(buf, sizeof buf, false, err, sizeof err),
			 0);
	assert_string_equal(buf, t->saves);
	assert_int_equal(stat(t->home.state, &st), -1);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 0);
	assert_int_equal(stat(t->saves, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(t->home.state, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);

	/* Relative or empty: ignored, as the XDG rules say. */
	setenv("XDG_STATE_HOME", "relative/dir", 1);
	snprintf(want, sizeof want, "%s/home/.local/state/ancients",
		 t->home.dir);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 0);
	assert_string_equal(buf, want);
	assert_int_equal(stat(want, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	snprintf(want, sizeof want, "%s/home/.local", t->home.dir);
	assert_int_equal(stat(want, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	setenv("XDG_STATE_HOME", "", 1);
	assert_int_equal(savedir_path(buf, sizeof buf, false, err, sizeof err),
			 0);
	snprintf(want, sizeof want, "%s/home/.local/state/ancients",
		 t->home.dir);
	assert_string_equal(buf, want);
	unsetenv("XDG_STATE_HOME");
	assert_int_equal(savedir_path(buf, sizeof buf, false, err, sizeof err),
			 0);
	assert_string_equal(buf, want);

	/* No usable HOME: the password database's home (not created). */
	setenv("HOME", "not/absolute", 1);
	assert_int_equal(savedir_path(buf, sizeof buf, false, err, sizeof err),
			 0);
	assert_non_null(strstr(buf, "/.local/state/ancients"));
	assert_int_equal(buf[0], '/');

	/* A file where the directory should be. */
	setenv("XDG_STATE_HOME", t->home.state, 1);
	assert_int_equal(rmdir(t->saves), 0);
	spit(t->saves, "x", 1);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 -1);
	snprintf(want, sizeof want, "%s exists and is not a directory",
		 t->saves);
	assert_string_equal(err, want);

	/* A path too long for the buffer. */
	assert_int_equal(savedir_path(buf, 10, false, err, sizeof err), -1);
	assert_string_equal(err, "the save directory's path is too long");
}

static void
test_savedir_mkdir_failure(void **state)
{
	struct tfx *t = *state;
	char buf[4096], want[900], err[512], name[300];

	/* A file in the way of a parent directory. */
	spit(tpath(t, "file"), "x", 1);
	snprintf(want, sizeof want, "%s/sub", tpath(t, "file"));
	setenv("XDG_STATE_HOME", want, 1);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 -1);
	snprintf(want, sizeof want, "%s exists and is not a directory",
		 tpath(t, "file"));
	assert_string_equal(err, want);

	/* mkdir() itself failing: a name longer than any file name. */
	memset(name, 'n', 299);
	name[299] = '\0';
	snprintf(want, sizeof want, "%s/%s", t->home.dir, name);
	setenv("XDG_STATE_HOME", want, 1);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 -1);
	assert_memory_equal(err, "cannot create ", 14);
	assert_non_null(strstr(err, ": File name too long"));
}

static void
test_session_save_as(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	char path[4096], want[4096], err[512];
	struct stat st;

	play_first(t, s, 7);
	assert_int_equal(
	    session_save_as(s, "../../x", path, sizeof path, err, sizeof err),
	    -1);
	assert_string_equal(err, "\"../../x\" is not a save name: use only "
				 "letters, digits, '-', '_' and '.'");
	assert_int_equal(stat(t->home.state, &st), -1); /* nothing made */

	assert_int_equal(
	    session_save_as(s, "first", path, sizeof path, err, sizeof err), 0);
	snprintf(want, sizeof want, "%s/first.save", t->saves);
	assert_string_equal(path, want);
	assert_int_equal(stat(t->saves, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_null(session_path(s)); /* a copy: s stays untied */
	l = load_ok(path);
	assert_same_game(session_game(s), session_game(l));
	session_free(l);

	/* ".save" is not doubled; an existing save is replaced. */
	assert_int_equal(session_save_as(s, "first.save", path, sizeof path,
					 err, sizeof err),
			 0);
	assert_string_equal(path, want);
	play_ok(s, t->cmds[7]);
	assert_int_equal(session_save_as(s, "first", NULL, 0, err, sizeof err),
			 0);
	l = load_ok(want);
	assert_int_equal(session_length(l), 8);
	session_free(l);

	save_fail_at(SAVE_STEP_RENAME);
	assert_int_equal(
	    session_save_as(s, "second", path, sizeof path, err, sizeof err),
	    -1);
	assert_memory_equal(err, "cannot replace ", 15);
	session_free(s);
}

/* The path of the latest unfinished autosave, asserted found. */
static void
latest_unfinished_is(const char *want)
{
	struct session *l;
	char latest[4096], err[512];

	l = session_latest_unfinished(latest, sizeof latest, err, sizeof err);
	if (l == NULL)
		fail_msg("no latest unfinished autosave: %s", err);
	assert_string_equal(latest, want);
	session_free(l);
}

static void
test_session_autosave(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *s2 = new_battle(t), *l,
		       *s3 = new_battle(t);
	char err[512], latest[4096];
	const char *p;
	struct stat st;
	struct timespec ts[2];

	assert_null(
	    session_latest_unfinished(latest, sizeof latest, err, sizeof err));
	assert_memory_equal(err, "no unfinished game to resume in ", 32);
	assert_non_null(strstr(err, t->saves));

	assert_int_equal(session_autosave_new(s, err, sizeof err), 0);
	p = session_path(s);
	assert_non_null(p);
	assert_memory_equal(p, t->saves, strlen(t->saves));
	assert_memory_equal(p + strlen(t->saves), "/autosave-", 10);
	assert_string_equal(p + strlen(p) - 5, ".save");
	assert_int_equal(stat(p, &st), -1); /* first command writes it */
	play_ok(s, "move leg1 0405");
	assert_int_equal(stat(p, &st), 0);

	/* A second game at the same second gets another name. */
	assert_int_equal(session_autosave_new(s2, err, sizeof err), 0);
	assert_string_not_equal(session_path(s), session_path(s2));
	play_ok(s2, "pivot leg2 NE");

	/* The most recently modified is the one to resume. */
	ts[0].tv_sec = ts[1].tv_sec = 1000000000;
	ts[0].tv_nsec = ts[1].tv_nsec = 0;
	assert_int_equal(utimensat(AT_FDCWD, session_path(s2), ts, 0), 0);
	latest_unfinished_is(session_path(s));
	ts[0].tv_sec = ts[1].tv_sec = 2000000000;
	assert_int_equal(utimensat(AT_FDCWD, session_path(s2), ts, 0), 0);
	latest_unfinished_is(session_path(s2));
	l = load_ok(session_path(s2));
	assert_same_game(session_game(s2), session_game(l));
	session_free(l);
	/* A named save, even newer, is not an autosave. */
	assert_int_equal(session_save_as(s, "named", NULL, 0, err, sizeof err),
			 0);
	ts[0].tv_sec = ts[1].tv_sec = 2100000000;
	snprintf(latest, sizeof latest, "%s/named.save", t->saves);
	assert_int_equal(utimensat(AT_FDCWD, latest, ts, 0), 0);
	latest_unfinished_is(session_path(s2));
	/* Nor is a finished game, even newer, one to resume (--resume took
	 * it, and showed a battle already over). */
	assert_int_equal(session_autosave_new(s3, err, sizeof err), 0);
	play_first(t, s3, t->ncmds);
	assert_true(session_game(s3)->over);
	ts[0].tv_sec = ts[1].tv_sec = 2200000000;
	assert_int_equal(utimensat(AT_FDCWD, session_path(s3), ts, 0), 0);
	latest_unfinished_is(session_path(s2));
	/* A path longer than the caller's room is passed over. */
	assert_null(session_latest_unfinished(latest, 10, err, sizeof err));
	assert_memory_equal(err, "no unfinished game to resume in ", 32);
	session_free(s3);
	session_free(s2);
	session_free(s);
}

static void
test_savedir_scan_and_resolve(void **state)
{
	struct tfx *t = *state;
	struct save_entry *v;
	char buf[4096], want[4096], err[512];
	struct timespec ts[2];
	size_t n;
	int i;
	const char *names[] = { "b.save", "a.save", "autosave-1.save" };

	assert_int_equal(savedir_scan(&v, &n, err, sizeof err), 0);
	assert_int_equal(n, 0);
	savedir_entries_free(v, n);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 0);
	for (i = 0; i < 3; i++) {
		snprintf(want, sizeof want, "%s/%s", t->saves, names[i]);
		spit(want, "x", 1);
		ts[0].tv_sec = ts[1].tv_sec = 1000000000 + i;
		ts[0].tv_nsec = ts[1].tv_nsec = 0;
		assert_int_equal(utimensat(AT_FDCWD, want, ts, 0), 0);
	}
	snprintf(want, sizeof want, "%s/.hidden.save", t->saves);
	spit(want, "x", 1);
	snprintf(want, sizeof want, "%s/notes.txt", t->saves);
	spit(want, "x", 1);
	snprintf(want, sizeof want, "%s/dir.save", t->saves);
	assert_int_equal(mkdir(want, 0700), 0);
	assert_int_equal(savedir_scan(&v, &n, err, sizeof err), 0);
	assert_int_equal(n, 3);
	for (i = 0; i < 3; i++) {
		snprintf(want, sizeof want, "%s/%s", t->saves, names[2 - i]);
		assert_string_equal(v[i].path, want);
		assert_int_equal(v[i].autosave, i == 0);
	}
	savedir_entries_free(v, n);

	/* Ties: nanoseconds, then the name, last first. */
	for (i = 0; i < 3; i++) {
		snprintf(want, sizeof want, "%s/%s", t->saves, names[i]);
		ts[0].tv_sec = ts[1].tv_sec = 1000000000;
		ts[0].tv_nsec = ts[1].tv_nsec = i == 2 ? 5 : 0;
		assert_int_equal(utimensat(AT_FDCWD, want, ts, 0), 0);
	}
	assert_int_equal(savedir_scan(&v, &n, err, sizeof err), 0);
	assert_int_equal(n, 3);
	assert_non_null(strstr(v[0].path, "/autosave-1.save"));
	assert_non_null(strstr(v[1].path, "/b.save"));
	assert_non_null(strstr(v[2].path, "/a.save"));
	savedir_entries_free(v, n);

	/* A name means the save directory; a path or a file here, itself. */
	assert_int_equal(savedir_resolve("a", buf, sizeof buf, err, sizeof err),
			 0);
	snprintf(want, sizeof want, "%s/a.save", t->saves);
	assert_string_equal(buf, want);
	assert_int_equal(
	    savedir_resolve("a.save", buf, sizeof buf, err, sizeof err), 0);
	assert_string_equal(buf, want);
	assert_int_equal(
	    savedir_resolve("./x/../a", buf, sizeof buf, err, sizeof err), 0);
	assert_string_equal(buf, "./x/../a");
	assert_int_equal(
	    savedir_resolve("zz", buf, sizeof buf, err, sizeof err), -1);
	snprintf(want, sizeof want,
		 "no save \"zz\": no such file here or in "
		 "%s",
		 t->saves);
	assert_string_equal(err, want);
	assert_int_equal(
	    savedir_resolve("/etc/passwd", buf, 5, err, sizeof err), -1);
	assert_string_equal(err, "the save's path is too long");
	assert_int_equal(savedir_resolve("a", buf, 5, err, sizeof err), -1);
	assert_string_equal(err, "the save's path is too long");

	/* An unreadable directory. */
	assert_int_equal(rmdir(tpath(t, "state/ancients/dir.save")), 0);
	setenv("XDG_STATE_HOME", tpath(t, "file"), 1);
	spit(tpath(t, "file"), "x", 1);
	assert_int_equal(savedir_scan(&v, &n, err, sizeof err), -1);
	assert_memory_equal(err, "cannot read ", 12);
	assert_non_null(strstr(err, "Not a directory"));
}

/* A save directory whose path does not fit: every caller says so. */
static void
test_savedir_path_too_long_everywhere(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);
	struct save_entry *v;
	char *xdg, buf[4096], err[512], *out = NULL, *errout = NULL;
	size_t n, len = 0, errlen = 0;
	FILE *o, *e;

	xdg = malloc(4200);
	assert_non_null(xdg);
	memset(xdg, 'x', 4199);
	xdg[0] = '/';
	xdg[4199] = '\0';
	setenv("XDG_STATE_HOME", xdg, 1);
	free(xdg);
	assert_int_equal(savedir_scan(&v, &n, err, sizeof err), -1);
	assert_string_equal(err, "the save directory's path is too long");
	assert_null(
	    session_latest_unfinished(buf, sizeof buf, err, sizeof err));
	assert_string_equal(err, "the save directory's path is too long");
	assert_int_equal(session_autosave_new(s, err, sizeof err), -1);
	assert_string_equal(err, "the save directory's path is too long");
	assert_null(session_path(s));
	assert_int_equal(savedir_resolve("a", buf, sizeof buf, err, sizeof err),
			 -1);
	assert_string_equal(err, "the save directory's path is too long");
	o = open_memstream(&out, &len);
	e = open_memstream(&errout, &errlen);
	assert_int_equal(savetext_list(o, e), 1);
	fclose(o);
	fclose(e);
	assert_string_equal(out, "");
	assert_string_equal(errout, "ancients: the save directory's path is "
				    "too long\n");
	free(out);
	free(errout);

	/* The directory fits but not the file's name in the buffer. */
	setenv("XDG_STATE_HOME", t->home.state, 1);
	assert_int_equal(savedir_autosave_path(buf, 20, err, sizeof err), -1);
	assert_string_equal(err, "the save's path is too long");
	assert_int_equal(
	    savedir_name_path("a", false, buf, 20, err, sizeof err), -1);
	assert_string_equal(err, "the save's path is too long");
	session_free(s);
}

/* Saves in the working directory, named without a '/'. */
static void
test_session_relative_path(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t), *l;
	char err[512], cwd[4096];

	assert_non_null(getcwd(cwd, sizeof cwd));
	assert_int_equal(chdir(t->home.dir), 0);
	assert_int_equal(session_set_file(s, "rel.save", err, sizeof err), 0);
	play_ok(s, t->cmds[0]);
	l = load_ok("rel.save");
	assert_same_game(session_game(s), session_game(l));
	session_free(l);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(count_files(t->home.dir), 1);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		TEST(test_savedir_check_name),
		TEST(test_savedir_path_xdg_rules),
		TEST(test_savedir_mkdir_failure),
		TEST(test_session_save_as),
		TEST(test_session_autosave),
		TEST(test_savedir_scan_and_resolve),
		TEST(test_savedir_path_too_long_everywhere),
		TEST(test_session_relative_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
