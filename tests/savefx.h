/*
 * The fixture of the saved-game tests (tests/test_session_*.c,
 * test_savedir.c, test_savetext.c): a battle, tests/data/saves/battle.ini
 * with seed 3, and the commands of battle.cmds (all accepted), in a
 * private home (tests/tmphome.h) made fresh for each test, so nothing is
 * written to the source tree or the real home directory.  Register a test
 * with TEST(fn) to get its struct tfx as *state.  Also: reading and
 * writing whole files, playing commands that must be accepted, loading a
 * save that must load, and comparing two games.
 *
 * Include after <cmocka.h>.
 */
#ifndef ANCIENTS_TESTS_SAVEFX_H
#define ANCIENTS_TESTS_SAVEFX_H

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/event.h"
#include "core/game.h"
#include "session/session.h"
#include "tmphome.h"

#define BATTLE_SEED 3
#define GOOD_COMMANDS 20 /* journal length of good.save */

struct tfx {
	struct tmphome home; /* the test's directory, HOME and XDG_STATE_HOME */
	char saves[320];     /* the save directory inside it */
	char *text;	     /* battle.ini; owned */
	size_t len;
	char **cmds; /* battle.cmds, one command each; owned */
	int ncmds;
};

static inline const char *
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
static inline char *
slurp(const char *path, size_t *lenp)
{
	size_t len = 0, cap = 4096, got;
	char *buf;
	FILE *f = fopen(path, "rb");

	if (lenp != NULL)
		*lenp = 0;
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

static inline void
spit(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static inline int
setup(void **state)
{
	struct tfx *t = calloc(1, sizeof *t);
	char *cmds, *p, *nl;
	int cap = 0;

	if (t == NULL || tmphome_make(&t->home, "ancients-save") != 0)
		return -1;
	snprintf(t->saves, sizeof t->saves, "%s/ancients", t->home.state);
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

static inline int
teardown(void **state)
{
	struct tfx *t = *state;
	int i;

	tmphome_remove(&t->home);
	for (i = 0; i < t->ncmds; i++)
		free(t->cmds[i]);
	free(t->cmds);
	free(t->text);
	free(t);
	return 0;
}

#define TEST(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

/* A path in the test's directory. */
static inline const char *
tpath(const struct tfx *t, const char *name)
{
	static char path[4][512];
	static int next;
	char *p = path[next++ % 4];

	snprintf(p, sizeof path[0], "%s/%s", t->home.dir, name);
	return p;
}

static inline struct session *
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
static inline void
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

static inline void
play_first(const struct tfx *t, struct session *s, int n)
{
	int i;

	for (i = 0; i < n; i++)
		play_ok(s, t->cmds[i]);
}

static inline struct session *
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

static inline char *
dump_of(const struct game *g)
{
	char *buf = malloc(16384);

	assert_non_null(buf);
	game_dump(g, buf, 16384);
	return buf;
}

static inline void
assert_same_game(const struct game *a, const struct game *b)
{
	char *da = dump_of(a), *db = dump_of(b);

	assert_string_equal(da, db);
	assert_true(game_digest(a) == game_digest(b));
	free(da);
	free(db);
}

/* FNV-1a 64, written out again so the test does not trust session.c's. */
static inline uint64_t
fnv(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037ULL;

	while (n-- > 0) {
		h ^= (unsigned char)*p++;
		h *= 1099511628211ULL;
	}
	return h;
}

static inline int
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

#endif
