/*
 * What the screens of a shared game say (src/ui/playseat.c, play.c,
 * describe.c), as a three-account playtest of issue 31 met them: an undo
 * said once; the message line of a seat that waits giving way to the
 * hint (who plays now) when the other side plays; the join command whole
 * at 80 columns whatever the game's name; the watchers' number shown at
 * 80 columns, on the status line or in the log.
 *
 * Two seats of one game in one process, with XDG_STATE_HOME, HOME and
 * ANCIENTS_SHARED_DIR in a temporary directory (playfix.h).
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
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "session/seat.h"
#include "session/session.h"
#include "session/shared.h"
#include "core/err.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/describe.h"
#include "ui/keymap.h"
#include "ui/logbuf.h"
#include "ui/play.h"
#include "ui/playint.h"
#include "playfix.h"

/* The log lines among the newest n that contain s. */
static int
log_count(const struct play *p, int n, const char *s)
{
	int count = logbuf_count(p->log.buf), i, k = 0;

	for (i = count - 1; i >= 0 && i >= count - n; i--)
		if (strstr(logbuf_line(p->log.buf, i, NULL, NULL), s) != NULL)
			k++;
	return k;
}

/* A seat of game name for player who: the host's (side, with a new
 * game) when host, else a joining or watching one. */
static struct shared *
seat(const struct fixture *f, const char *name, const char *who, bool host,
     const char *side)
{
	char dir[400], err[512];
	struct shared *sh;

	snprintf(dir, sizeof dir, "%s/shared", f->home.dir);
	setenv("ANCIENTS_SHARED_DIR", dir, 1);
	assert_int_equal(seat_set_player(who, err, sizeof err), 0);
	sh = shared_open(name,
			 host ? session_of(small_ini, strlen(small_ini), 7)
			      : NULL,
			 side == NULL, side, err, sizeof err);
	if (sh == NULL)
		fail_msg("%s: %s", who, err);
	return sh;
}

static struct play *
screen_of(struct shared *sh)
{
	struct play *p = play_new(shared_session(sh));

	play_set_shared(p, sh);
	p->view.log_rows = 100;
	if (p->mode == PLAY_PAGE)
		play_key(p, KEYM_ENTER); /* the briefing */
	return p;
}

/* An undo is said once: in the log, not again in the message line
 * below it (a playtester read "Undone:" twice). */
static void
test_undo_is_said_once(void **state)
{
	struct fixture *f = *state;
	struct shared *red = seat(f, "duel", "alice", true, "red");
	struct shared *blue = seat(f, "duel", "bob", false, "blue");
	struct play *pr = screen_of(red), *pb = screen_of(blue);
	char hint[256];

	type_line(pr, "move r2 0604");
	type_line(pr, "undo");
	assert_int_equal(session_length(shared_session(red)), 0);
	assert_int_equal(log_count(pr, 3, "Undone: move r2 0604"), 1);
	assert_null(strstr(pr->msg.text, "Undone"));
	/* The other seat is told once too. */
	play_follow(pb);
	assert_int_equal(log_count(pb, 5, "took back: move r2 0604"), 1);
	assert_null(strstr(pb->msg.text, "took back"));
	play_hint(pb, 80, hint, sizeof hint);
	assert_int_equal(strncmp(hint, "waiting", 7), 0);
	play_free(pb);
	play_free(pr);
	shared_close(blue);
	shared_close(red);
}

/*
 * The seat that waits: its message line's news from before ("Playing
 * blue in duel", "Red to play: turn 1, movement") gives way, when the
 * other side plays, to the hint that says the seat waits (the status
 * line says for whom); a say alone leaves the acting seat's message be.
 */
static void
test_waiting_seat_hint_follows_the_other_sides_play(void **state)
{
	struct fixture *f = *state;
	struct shared *red = seat(f, "duel", "alice", true, "red");
	struct shared *blue = seat(f, "duel", "bob", false, "blue");
	struct play *pr = screen_of(red), *pb = screen_of(blue);
	char hint[256];

	play_set_msg(pb, MSG_INFO, "Playing blue in duel");
	type_line(pr, "move r2 0604");
	assert_true(play_follow(pb));
	assert_int_equal(pb->msg.kind, MSG_NONE);
	play_hint(pb, 80, hint, sizeof hint);
	assert_int_equal(strncmp(hint, "waiting", 7), 0);
	type_line(pr, "end");
	play_set_msg(pb, MSG_INFO, "Red to play: turn 1, movement");
	assert_true(play_follow(pb));
	assert_int_equal(pb->msg.kind, MSG_NONE);
	/* Blue talks while Red acts: Red's message stays. */
	play_set_msg(pr, MSG_INFO, "r2 selected");
	type_line(pb, "say hello");
	assert_true(play_follow(pr));
	assert_string_equal(pr->msg.text, "r2 selected");
	play_free(pb);
	play_free(pr);
	shared_close(blue);
	shared_close(red);
}

/* The host is told the command that joins, whole at 80 columns, for a
 * game's name of the most characters. */
static void
test_join_hint_is_whole_at_80_columns(void **state)
{
	static const char name[] = "a-name-of-thirty-two-characters1";
	struct fixture *f = *state;
	struct shared *red;
	struct play *pr;
	char want[80];

	assert_int_equal(strlen(name), SHARED_NAME_MAX);
	red = seat(f, name, "alice", true, "red");
	pr = play_new(shared_session(red));
	play_set_shared(pr, red);
	snprintf(want, sizeof want, "ancients --join %s", name);
	assert_non_null(strstr(pr->msg.text, want));
	assert_true(text_width(pr->msg.text, strlen(pr->msg.text)) <= 80);
	play_free(pr);
	shared_close(red);
	/* A short name keeps the side as well. */
	red = seat(f, "g1", "alice", true, "red");
	pr = play_new(shared_session(red));
	play_set_shared(pr, red);
	assert_string_equal(pr->msg.text, "Playing red in g1; the other side "
					  "joins with: ancients --join g1");
	play_free(pr);
	shared_close(red);
}

/* A watcher's coming and going is news in the players' logs, with the
 * number watching.  The watcher is another process: a process does not
 * see its own record locks. */
static void
test_watchers_are_news_in_the_log(void **state)
{
	struct fixture *f = *state;
	struct shared *red = seat(f, "duel", "alice", true, "red");
	struct play *pr = screen_of(red);
	int ready[2], done[2];
	pid_t pid;
	char c;

	assert_int_equal(pipe(ready), 0);
	assert_int_equal(pipe(done), 0);
	if ((pid = fork()) == 0) {
		struct shared *w = seat(f, "duel", "carol", false, NULL);

		c = w != NULL ? 'y' : 'n';
		(void)!write(ready[1], &c, 1);
		(void)!read(done[0], &c, 1);
		_exit(0); /* its lock goes with it */
	}
	assert_true(pid > 0);
	assert_int_equal(read(ready[0], &c, 1), 1);
	assert_int_equal(c, 'y');
	play_update_seats(pr);
	assert_int_equal(log_count(pr, 2, "A watcher came: 1 watching"), 1);
	assert_non_null(strstr(pr->seat.status, "1 watching"));
	assert_int_equal(write(done[1], "x", 1), 1);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	play_update_seats(pr);
	assert_int_equal(log_count(pr, 2, "A watcher left: 0 watching"), 1);
	close(ready[0]);
	close(ready[1]);
	close(done[0]);
	close(done[1]);
	play_free(pr);
	shared_close(red);
}

/* At 80 columns, where the status line has room for two logins it has
 * room for the watchers' number beside them, in short, in every shipped
 * battle.  (Where it has none, the log says it.) */
static void
watchers_fit(const struct scenario *sc, const char *file, void *ctx)
{
	char shown[64];
	struct game *g = game_new(sc, 1);

	describe_status_seats(g, 80, "alice/bob 2 watching", shown,
			      sizeof shown);
	if (shown[0] != '\0' && strstr(shown, "2") == NULL)
		fail_msg("%s: the status line shows \"%s\"", file, shown);
	if (shown[0] != '\0')
		(*(int *)ctx)++;
	game_free(g);
}

static void
test_watchers_show_on_the_status_line_at_80_columns(void **state)
{
	int shown = 0;

	(void)state;
	assert_true(shipped_each(watchers_fit, &shown) > 0);
	assert_true(shown > 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_undo_is_said_once),
		SMALL(test_waiting_seat_hint_follows_the_other_sides_play),
		SMALL(test_join_hint_is_whole_at_80_columns),
		SMALL(test_watchers_are_news_in_the_log),
		cmocka_unit_test(
		    test_watchers_show_on_the_status_line_at_80_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
