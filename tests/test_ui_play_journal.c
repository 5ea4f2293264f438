/*
 * What the journal keeps (src/ui/play.c over the session): undo and what
 * it refuses, saving under a name, an autosaved game, a command that
 * could not be saved did not happen, a resumed game's log, and the
 * replay viewer stepping through the journal.
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

/* Tabs to unit u (of the side to play). */
static void
select_unit_by_tab(struct play *p, int u)
{
	int guard = 0;

	while (p->sel.unit != u) {
		play_key(p, KEYM_TAB);
		assert_true(++guard < 50);
	}
}

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
	play_key(p, 'm');
	assert_int_equal(p->g->units[r2].hex.row, 4);
	assert_int_equal(session_length(f->s), 1);
	play_key(p, 'U');
	/* Said once, in the log below; the message line gives way to the
	 * hint. */
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_int_equal(session_length(f->s), 0);
	assert_int_equal(p->g->units[r2].hex.col, 6);
	assert_int_equal(p->g->units[r2].hex.row, 5);
	assert_true(log_has(p, 1, "Undone: move r2 0504"));
	/* The view follows: the unit selected where it stands, its moves
	 * marked again. */
	assert_int_equal(p->sel.unit, r2);
	assert_true(hex_equal(p->sel.cursor, H(6, 5)));
	assert_int_equal(p->marks.mark[map_index(&p->sc->map, H(6, 4))],
			 MARK_MOVE);
	/* Nothing left to undo: said, and the line goes. */
	type_line(p, "undo");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "nothing to undo"));
	assert_string_equal(lineedit_text(p->edit), "");
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
	lines = logbuf_count(p->log.buf);
	play_key(p, 'U');
	assert_int_equal(p->g->phase, PHASE_MOVEMENT);
	assert_int_equal(session_length(f->s), 0);
	assert_int_equal(logbuf_count(p->log.buf), lines + 1);
	assert_true(log_has(p, 1, "Undone: end; back to Red's movement"));
	/* Once: the message line gives way to the hint. */
	assert_int_equal(p->msg.kind, MSG_NONE);
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
	assert_int_equal(p->msg.kind == MSG_ERROR, false);
	n = session_length(f->s);
	before = game_digest(p->g);
	type_line(p, "undo");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "attack r1 b1"));
	assert_non_null(strstr(p->msg.text, "rolled dice"));
	assert_true(log_has(p, 1, "error: "));
	assert_int_equal(session_length(f->s), n);
	assert_true(game_digest(p->g) == before);
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "undo now");
	assert_non_null(strstr(p->msg.text, "undo takes no words"));
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
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "no save file"));
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "save ../../x");
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "\"../../x\" is not a save name"));
	assert_string_equal(lineedit_text(p->edit), "");
	snprintf(path, sizeof path, "%s/x.save", f->home.dir);
	assert_int_equal(access(path, F_OK), -1);
	play_key(p, KEYM_CTRL('u'));
	type_line(p, "move r2 0604");
	type_line(p, "save first");
	assert_int_equal(p->msg.kind, MSG_INFO);
	snprintf(path, sizeof path, "%s/ancients/first.save", f->home.state);
	assert_non_null(strstr(p->msg.text, path));
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
	char err[256], msg[sizeof p->msg.text], name[256], line[300];

	assert_int_equal(session_autosave_new(f->s, err, sizeof err), 0);
	leave_briefing(p);
	type_line(p, "move r2 0604");
	assert_int_equal(p->msg.kind, MSG_NONE);
	/* On disk by the time the screen shows it. */
	anc_errs_init(&errs);
	s = session_load(session_path(f->s), &errs);
	anc_errs_done(&errs);
	assert_non_null(s);
	assert_int_equal(session_length(s), 1);
	session_free(s);
	assert_false(play_unsaved(p));
	type_line(p, "save");
	assert_int_equal(p->msg.kind, MSG_INFO);
	snprintf(msg, sizeof msg, "Saved as %s", session_path(f->s));
	assert_string_equal(p->msg.text, msg);
	/* The name of its own save: saved, no copy of itself. */
	snprintf(name, sizeof name, "%s", strrchr(session_path(f->s), '/') + 1);
	*strrchr(name, '.') = '\0';
	snprintf(line, sizeof line, "save %s", name);
	type_line(p, line);
	assert_int_equal(p->msg.kind, MSG_INFO);
	assert_string_equal(p->msg.text, msg);
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
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(
	    strstr(p->msg.text, "error: the command was not played"));
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
	play_key(p, KEYM_ENTER);
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_int_equal(p->g->units[r2].hex.row, 5);
	/* The disk is back: it plays. */
	play_key(p, 'm');
	play_key(p, KEYM_ENTER);
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
		assert_int_equal(p->msg.kind == MSG_ERROR, false);
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

	snprintf(path, sizeof path, "%s/game.save", f->home.dir);
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
		assert_int_equal(q->msg.kind, MSG_INFO);
	}
	/* The log is the one the game had, line for line. */
	assert_int_equal(logbuf_count(q->log.buf), logbuf_count(p->log.buf));
	for (i = 0; i < logbuf_count(p->log.buf); i++)
		assert_string_equal(logbuf_line(q->log.buf, i, NULL, NULL),
				    logbuf_line(p->log.buf, i, NULL, NULL));
	assert_memory_equal(&q->log.tally, &p->log.tally, sizeof p->log.tally);
	assert_memory_equal(q->marks.deeds, p->marks.deeds,
			    (size_t)p->sc->nunits * sizeof *p->marks.deeds);
	play_free(q);
	session_free(s);
}

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
	assert_non_null(strstr(v->msg.text, " 0 of "));
	assert_int_equal(logbuf_count(v->log.buf), 2); /* title, first turn */
	/* Forward and back, one command at a time. */
	play_key(v, 'n');
	assert_int_equal(v->view_k, 1);
	assert_true(game_digest(v->g) == digests[1]);
	assert_non_null(strstr(v->msg.text, "Command 1 of "));
	assert_non_null(strstr(v->msg.text, ", turn 1: Red> "));
	assert_non_null(strstr(v->msg.text, session_command(f->s, 0)));
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
			assert_true(v->sel.unit >= 0);
			assert_true(v->g->units[v->sel.unit].on_map);
			assert_false(seen[v->sel.unit]); /* each once */
			seen[v->sel.unit] = true;
			assert_true(hex_equal(v->sel.cursor,
					      v->g->units[v->sel.unit].hex));
			if (first < 0)
				first = v->sel.unit;
		}
		play_key(v, KEYM_TAB);
		assert_int_equal(v->sel.unit, first); /* round again */
		u = v->sel.unit;
		play_key(v, KEYM_TAB);
		play_key(v, KEYM_BTAB);
		assert_int_equal(v->sel.unit, u);
		assert_int_equal(v->view_k, 2);
		assert_int_equal(v->msg.kind, MSG_INFO);
	}
	/* The play keys do nothing here: no command is played, and the
	 * log stays the game's. */
	k = logbuf_count(v->log.buf);
	play_key(v, 'E');
	assert_int_equal(v->view_k, 2);
	assert_int_equal(v->msg.kind, MSG_ERROR);
	assert_int_equal(logbuf_count(v->log.buf), k);
	assert_int_equal((int)session_length(f->s), n);
	/* The end and the start. */
	play_key(v, KEYM_END);
	assert_int_equal(v->view_k, n);
	assert_true(game_digest(v->g) == digests[n]);
	assert_memory_equal(v->marks.deeds, p->marks.deeds,
			    (size_t)p->sc->nunits * sizeof *p->marks.deeds);
	assert_non_null(strstr(v->msg.text, "(the last)"));
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
	assert_int_equal(v->msg.kind, MSG_ERROR);
	assert_non_null(strstr(v->msg.text, "no turn 99"));
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_play_undo_takes_back_a_move),
		SMALL(test_play_undo_takes_back_an_end_of_phase),
		SMALL(test_play_undo_is_refused_after_dice),
		SMALL(test_play_save_takes_a_name_not_a_path),
		SMALL(test_play_autosaved_game_is_on_disk_and_quits_at_once),
		SMALL(test_play_a_command_not_saved_did_not_happen),
		SMALL(test_play_resumed_game_shows_the_same_game_and_log),
		SMALL(test_play_viewer_steps_through_the_journal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
