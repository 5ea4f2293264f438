/*
 * What the tests of the play controller (tests/test_ui_play*.c and
 * tests/test_ui_handoff.c) share: a small scenario and its fixture, which
 * gives each test a temporary home (XDG_STATE_HOME and HOME) and a play
 * of a new session; the default scenario's session; and the keys and
 * lines a test types.
 */
#ifndef ANCIENTS_TESTS_PLAYFIX_H
#define ANCIENTS_TESTS_PLAYFIX_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

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
#include "tmphome.h"

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
	struct tmphome home; /* the test's temporary directory */
};

static inline struct hex
H(int col, int row) {
	struct hex h = { col, row };

	return h;
}

/* A new session of the scenario text, tied to no file. */
static inline struct session *
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

/* A play of session s as the fixture makes one: no news page unless a
 * test wants it.  For a test that needs its own scenario. */
static inline struct play *
play_of(struct session *s)
{
	struct play *p;

	assert_non_null(s);
	p = play_new(s);
	p->view.log_rows = 100;
	return p;
}

static inline int
setup_small(void **state)
{
	struct fixture *f = calloc(1, sizeof *f);

	if (f == NULL || tmphome_make(&f->home, "ancients-ui") != 0)
		return -1;
	save_fail_at(SAVE_STEP_NONE);
	if ((f->s = session_of(small_ini, strlen(small_ini), 7)) == NULL)
		return -1;
	f->p = play_of(f->s);
	*state = f;
	return 0;
}

static inline int
teardown(void **state)
{
	struct fixture *f = *state;

	play_free(f->p);
	session_free(f->s);
	tmphome_remove(&f->home);
	free(f);
	return 0;
}

static inline void
keys(struct play *p, const char *s)
{
	for (; *s != '\0'; s++)
		play_key(p, (unsigned char)*s);
}

/* Types a line at the prompt and presses Enter. */
static inline void
type_line(struct play *p, const char *line)
{
	if (p->mode != PLAY_PROMPT)
		play_key(p, ':');
	assert_int_equal(p->mode, PLAY_PROMPT);
	keys(p, line);
	play_key(p, KEYM_ENTER);
}

/* Whether a log line among the newest n contains s. */
static inline bool
log_has(const struct play *p, int n, const char *s)
{
	int count = logbuf_count(p->log.buf), i;

	for (i = count - 1; i >= 0 && i >= count - n; i--)
		if (strstr(logbuf_line(p->log.buf, i, NULL, NULL), s) != NULL)
			return true;
	return false;
}

static inline int
unit(const struct play *p, const char *id)
{
	int u = scenario_find_unit(p->sc, id);

	assert_true(u >= 0);
	return u;
}

static inline void
leave_briefing(struct play *p)
{
	assert_int_equal(p->mode, PLAY_PAGE);
	assert_int_equal(p->page.kind, PAGE_BRIEFING);
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->mode, PLAY_MAP);
}

/*
 * A solo game, the computer playing side 1: the person ends the first
 * player-turn at the prompt (the computer waits meanwhile) and the
 * computer plays until the person must act.  Returns the computer's steps.
 */
static inline int
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

/* A session of the default scenario, tied to no file. */
static inline struct session *
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

/* A test of the small scenario, in its fixture. */
#define SMALL(t) cmocka_unit_test_setup_teardown(t, setup_small, teardown)

#endif
