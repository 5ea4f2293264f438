/*
 * Saved games (src/app/save.c, savedir.c, replay.c, savetext.c): the
 * round trip, every field of the format, durable writes and their
 * failures, undo, save names and the XDG directory rules, the replay API,
 * the text outputs, and the corpus of broken saves in tests/data/saves,
 * each refused with its exact message and line and left unchanged.
 *
 * Every test runs in its own temporary directory with XDG_STATE_HOME and
 * HOME pointing inside it, so nothing is written to the source tree or to
 * the real home directory.  The fixture game is tests/data/saves/battle.ini
 * with seed 3 and the commands of battle.cmds (all accepted).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "app/batch.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/savedir.h"
#include "app/savetext.h"
#include "app/termtext.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "randplay.h"

#define BATTLE_SEED 3
#define GOOD_COMMANDS 20 /* journal length of good.save */

struct tfx {
	char dir[256];	 /* this test's temporary directory */
	char state[300]; /* $XDG_STATE_HOME */
	char saves[320]; /* the save directory inside it */
	char *text;	 /* battle.ini; owned */
	size_t len;
	char **cmds; /* battle.cmds, one command each; owned */
	int ncmds;
};

/* --- Helpers --- */

static const char *
data_path(const char *name)
{
	static char path[4][4096];
	static int next;
	const char *dir = getenv("TEST_DATA_DIR");
	char *p = path[next++ % 4];

	snprintf(p, sizeof path[0], "%s/saves/%s", dir ? dir : "tests/data",
		 name);
	return p;
}

/* The whole file, NUL-terminated; NULL if it cannot be read. */
static char *
slurp(const char *path, size_t *lenp)
{
	size_t len = 0, cap = 4096, got;
	char *buf;
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		return NULL;
	buf = malloc(cap);
	assert_non_null(buf);
	while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
		len += got;
		if (cap - len - 1 == 0) {
			cap *= 2;
			buf = realloc(buf, cap);
			assert_non_null(buf);
		}
	}
	fclose(f);
	buf[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return buf;
}

static void
spit(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
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
setup(void **state)
{
	struct tfx *t = calloc(1, sizeof *t);
	const char *tmp = getenv("TMPDIR");
	char *cmds, *p, *nl;
	int cap = 0;

	if (t == NULL)
		return -1;
	snprintf(t->dir, sizeof t->dir, "%s/ancients-save-XXXXXX",
		 tmp != NULL && tmp[0] == '/' ? tmp : "/tmp");
	if (mkdtemp(t->dir) == NULL)
		return -1;
	snprintf(t->state, sizeof t->state, "%s/state", t->dir);
	snprintf(t->saves, sizeof t->saves, "%s/ancients", t->state);
	setenv("XDG_STATE_HOME", t->state, 1);
	p = malloc(strlen(t->dir) + 8);
	if (p == NULL)
		return -1;
	sprintf(p, "%s/home", t->dir);
	setenv("HOME", p, 1);
	free(p);
	if ((t->text = slurp(data_path("battle.ini"), &t->len)) == NULL ||
	    (cmds = slurp(data_path("battle.cmds"), NULL)) == NULL)
		return -1;
	for (p = cmds; (nl = strchr(p, '\n')) != NULL; p = nl + 1) {
		if (t->ncmds == cap) {
			cap = cap ? cap * 2 : 128;
			t->cmds =
			    realloc(t->cmds, (size_t)cap * sizeof *t->cmds);
			if (t->cmds == NULL)
				return -1;
		}
		t->cmds[t->ncmds++] = strndup(p, (size_t)(nl - p));
	}
	free(cmds);
	save_fail_at(SAVE_STEP_NONE);
	*state = t;
	return 0;
}

static int
teardown(void **state)
{
	struct tfx *t = *state;
	int i;

	nftw(t->dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	for (i = 0; i < t->ncmds; i++)
		free(t->cmds[i]);
	free(t->cmds);
	free(t->text);
	free(t);
	return 0;
}

#define TEST(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

/* A path in the test's directory. */
static const char *
tpath(const struct tfx *t, const char *name)
{
	static char path[4][512];
	static int next;
	char *p = path[next++ % 4];

	snprintf(p, sizeof path[0], "%s/%s", t->dir, name);
	return p;
}

static struct session *
new_battle(const struct tfx *t)
{
	struct anc_errs errs;
	struct session *s;

	anc_errs_init(&errs);
	s = session_new(t->text, t->len, "battle.ini", BATTLE_SEED, &errs);
	assert_non_null(s);
	assert_int_equal(errs.n, 0);
	anc_errs_done(&errs);
	session_allow_dice(s, true);
	return s;
}

/* Plays a command that must be accepted. */
static void
play_ok(struct session *s, const char *line)
{
	struct events ev;
	char why[512] = "";
	enum session_result r;

	events_init(&ev);
	r = session_apply_line(s, line, NULL, &ev, why, sizeof why);
	if (r != SESSION_OK)
		fail_msg("\"%s\" not accepted: %s", line, why);
	events_done(&ev);
}

static void
play_first(const struct tfx *t, struct session *s, int n)
{
	int i;

	for (i = 0; i < n; i++)
		play_ok(s, t->cmds[i]);
}

static struct session *
load_ok(const char *path)
{
	struct anc_errs errs;
	struct session *s;

	anc_errs_init(&errs);
	s = session_load(path, &errs);
	if (s == NULL)
		fail_msg("%s:%d: %s", path, errs.n ? errs.v[0].line : 0,
			 errs.n ? errs.v[0].msg : "?");
	anc_errs_done(&errs);
	return s;
}

static char *
dump_of(const struct game *g)
{
	char *buf = malloc(16384);

	assert_non_null(buf);
	game_dump(g, buf, 16384);
	return buf;
}

static void
assert_same_game(const struct game *a, const struct game *b)
{
	char *da = dump_of(a), *db = dump_of(b);

	assert_string_equal(da, db);
	assert_true(game_digest(a) == game_digest(b));
	free(da);
	free(db);
}

/* FNV-1a 64, written out again so the test does not trust session.c's. */
static uint64_t
fnv(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	while (n-- > 0) {
		h ^= (unsigned char)*p++;
		h *= 1099511628211ULL;
	}
	return h;
}

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

static int
count_files(const char *dir)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	int n = 0;

	assert_non_null(d);
	while ((de = readdir(d)) != NULL)
		n += strcmp(de->d_name, ".") != 0 &&
		     strcmp(de->d_name, "..") != 0;
	closedir(d);
	return n;
}

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
	assert_int_equal(count_files(t->dir), 1);
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
	assert_string_equal(why, "dice is for batch mode only, never in a shared game");
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
		assert_int_equal(count_files(t->dir), 1);
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
	assert_int_equal(session_apply_line(s, t->cmds[3], NULL, &ev, why,
					    sizeof why),
			 SESSION_NOT_SAVED);
	assert_non_null(strstr(why, "g.save was replaced or removed"));
	assert_int_equal(session_length(s), n);
	after = slurp(tpath(t, "g.save"), &alen);
	assert_int_equal(alen, blen);
	assert_memory_equal(after, before, blen);
	assert_int_equal(unlink(tpath(t, "g.save")), 0);
	events_clear(&ev);
	assert_int_equal(session_apply_line(s, t->cmds[3], NULL, &ev, why,
					    sizeof why),
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
	assert_int_equal(count_files(t->dir), 1);
	assert_int_equal(
	    session_set_file(s, tpath(t, "g.save"), err, sizeof err), 0);
	assert_int_equal(session_set_file(s, tpath(t, "adir"), err, sizeof err),
			 -1);
	assert_string_equal(session_path(s), tpath(t, "g.save"));
	session_free(s);
}

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
			if (r <= 2 && session_can_undo(s, 1, why, sizeof why) == 0) {
				assert_int_equal(session_undo(s, why, sizeof why),
						 0);
				undos++;
				assert_true(nbefore > 0);
				assert_same_game(before[--nbefore], g);
				game_free(before[nbefore]);
				continue;
			}
			before[nbefore++] = game_clone(g);
			assert_int_equal(randplay_pick(g, &rng, buf, &c), 0);
			assert_int_equal(session_apply(s, &c, &ev, why, sizeof why),
					 SESSION_OK);
		}
		while (nbefore > 0)
			game_free(before[--nbefore]);
		assert_int_equal(
		    session_set_file(s, tpath(t, "u.save"), err, sizeof err), 0);
		l = load_ok(tpath(t, "u.save"));
		assert_same_game(session_game(l), session_game(s));
		session_free(l);
		session_free(s);
	}
	assert_true(undos > 50);
	events_done(&ev);
	free(buf);
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
	assert_int_equal(session_apply_line(b, t->cmds[8], NULL, &ev, why,
					    sizeof why),
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

static void
test_session_undo_without_file(void **state)
{
	struct tfx *t = *state;
	struct session *s = new_battle(t);

	check_undo(s, "move leg1 0405", NULL);
	assert_null(session_path(s));
	assert_int_equal(count_files(t->dir), 0);
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

/* --- Names, the save directory and autosaves --- */

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
		{ "\xc3\xa9t\xc3\xa9", "\"\xc3\xa9t\xc3\xa9\" is not a save name: use only "
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
	assert_int_equal(stat(t->state, &st), -1);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 0);
	assert_int_equal(stat(t->saves, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_int_equal(stat(t->state, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);

	/* Relative or empty: ignored, as the XDG rules say. */
	setenv("XDG_STATE_HOME", "relative/dir", 1);
	snprintf(want, sizeof want, "%s/home/.local/state/ancients", t->dir);
	assert_int_equal(savedir_path(buf, sizeof buf, true, err, sizeof err),
			 0);
	assert_string_equal(buf, want);
	assert_int_equal(stat(want, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	snprintf(want, sizeof want, "%s/home/.local", t->dir);
	assert_int_equal(stat(want, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0700);
	setenv("XDG_STATE_HOME", "", 1);
	assert_int_equal(savedir_path(buf, sizeof buf, false, err, sizeof err),
			 0);
	snprintf(want, sizeof want, "%s/home/.local/state/ancients", t->dir);
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
	setenv("XDG_STATE_HOME", t->state, 1);
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
	snprintf(want, sizeof want, "%s/%s", t->dir, name);
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
	assert_int_equal(stat(t->state, &st), -1); /* nothing made */

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
	assert_null(session_load(t->dir, &errs));
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

/* --- Replay --- */

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

/* --- Text outputs --- */

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
	snprintf(want, sizeof want,
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
	setenv("XDG_STATE_HOME", t->state, 1);
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
	assert_int_equal(chdir(t->dir), 0);
	assert_int_equal(session_set_file(s, "rel.save", err, sizeof err), 0);
	play_ok(s, t->cmds[0]);
	l = load_ok("rel.save");
	assert_same_game(session_game(s), session_game(l));
	session_free(l);
	assert_int_equal(chdir(cwd), 0);
	assert_int_equal(count_files(t->dir), 1);
	session_free(s);
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
		TEST(test_session_undo_allowed),
		TEST(test_journal_one_appended_line_per_command),
		TEST(test_journal_torn_last_line_dropped),
		TEST(test_session_follow_two_sessions),
		TEST(test_session_undo_without_file),
		TEST(test_session_undo_refused),
		cmocka_unit_test(test_session_undo_takes_back_advance_and_hold),
		TEST(test_session_apply_refuses_replaced_file),
		TEST(test_session_follow_refuses_file_too_large),
		TEST(test_session_follow_refuses_fifo),
		TEST(test_session_undo_in_long_journal_is_quick),
		TEST(test_session_undo_matches_replay_from_seed),
		TEST(test_session_undo_not_saved),
		TEST(test_savedir_check_name),
		TEST(test_savedir_path_xdg_rules),
		TEST(test_savedir_mkdir_failure),
		TEST(test_session_save_as),
		TEST(test_session_autosave),
		TEST(test_savedir_scan_and_resolve),
		TEST(test_session_load_corpus),
		TEST(test_session_load_good_fixture),
		TEST(test_session_torn_last_line_rewrites_the_lines_before),
		TEST(test_session_v010_save_resumes_and_replays),
		TEST(test_session_load_file_errors),
		TEST(test_session_load_scenario_errors_all),
		TEST(test_replay_steps_any_order),
		TEST(test_replay_open_file),
		TEST(test_batch_same_output_with_a_save),
		TEST(test_savetext_replay),
		TEST(test_savetext_list),
		TEST(test_savedir_path_too_long_everywhere),
		TEST(test_session_relative_path),
		TEST(test_session_load_line_variants),
		TEST(test_savetext_resume_question),
		cmocka_unit_test(test_termtext_wraps_the_question_at_spaces),
		TEST(test_savetext_answer_yes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
