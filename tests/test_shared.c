/*
 * `say` and the shared game's pieces that one process can prove
 * (src/session/shared.c): game names, the default name, a name taken
 * once, whose commands a seat may give, the login in front of a say, and
 * FILE:LINE for a damaged line another process added.  Two processes at
 * once are the shell tests' (shared_race.sh, shared_kill.sh,
 * shared_cli.sh, e2e/shared.sh).
 *
 * Each test runs in a temporary home of its own (tmphome.h), which
 * ANCIENTS_SHARED_DIR also points into.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pwd.h>
#include <unistd.h>

#include "core/command.h"
#include "core/err.h"
#include "core/event.h"
#include "core/game.h"
#include "core/readfile.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/seat.h"
#include "session/shared.h"
#include "tmphome.h"

struct sfx {
	struct tmphome home;
	char *text; /* scenarios/tutorial.ini; owned */
	size_t len;
};

static int
setup(void **state)
{
	struct sfx *f = calloc(1, sizeof *f);
	const char *top = getenv("TOP_SRCDIR");
	struct anc_errs errs;
	char path[4096], sub[300];

	assert_non_null(f);
	assert_int_equal(tmphome_make(&f->home, "ancients-test-shared"), 0);
	snprintf(sub, sizeof sub, "%s/shared", f->home.dir);
	setenv("ANCIENTS_SHARED_DIR", sub, 1);
	assert_int_equal(seat_set_player("alice", NULL, 0), 0);
	snprintf(path, sizeof path, "%s/scenarios/tutorial.ini",
		 top != NULL ? top : ".");
	anc_errs_init(&errs);
	assert_int_equal(readfile(path, 1 << 20, "", &f->text, &f->len, &errs),
			 0);
	anc_errs_done(&errs);
	*state = f;
	return 0;
}

static int
teardown(void **state)
{
	struct sfx *f = *state;

	tmphome_remove(&f->home);
	free(f->text);
	free(f);
	return 0;
}

static struct session *
new_game(const struct sfx *f)
{
	struct anc_errs errs;
	struct session *s;

	anc_errs_init(&errs);
	s = session_new(f->text, f->len, "tutorial", 1, &errs);
	anc_errs_done(&errs);
	assert_non_null(s);
	return s;
}

static void
parse(const struct session *s, const char *line, struct command *c)
{
	char why[256];

	assert_int_equal(
	    command_parse(session_scenario(s), line, c, why, sizeof why), 1);
}

static void
test_say_text_is_its_words_joined_by_one_space(void **state)
{
	struct session *s = new_game(*state);
	struct command c;
	char out[256];

	parse(s, "  SAY  hold   the line\t# not said\r\n", &c);
	assert_int_equal(c.verb, VERB_SAY);
	assert_string_equal(c.text, "hold the line");
	command_format(session_scenario(s), &c, out, sizeof out);
	assert_string_equal(out, "say hold the line");
	parse(s, "say caf\xc3\xa9\x01!", &c);
	/* printable UTF-8 shows as itself, a control byte as \xNN */
	assert_string_equal(c.text, "caf\xc3\xa9\\x01!");
	session_free(s);
}

/* A word of a say may be longer than any name: a link (a playtester's
 * 70-character URL was refused as "a word is too long"). */
static void
test_say_takes_a_word_longer_than_a_name(void **state)
{
	struct session *s = new_game(*state);
	struct command c;
	char why[256], line[600], word[300];

	memset(word, 'x', 150);
	word[150] = '\0';
	snprintf(line, sizeof line, "say see https://example.org/%s now", word);
	parse(s, line, &c);
	assert_int_equal(c.verb, VERB_SAY);
	assert_string_equal(c.text, line + 4);
	/* One word past the whole line's limit is too much to say. */
	memset(word, 'y', 201);
	word[201] = '\0';
	snprintf(line, sizeof line, "say %s", word);
	assert_int_equal(
	    command_parse(session_scenario(s), line, &c, why, sizeof why), -1);
	assert_non_null(strstr(why, "at most 200 characters"));
	/* Other commands keep their limit on a word. */
	snprintf(line, sizeof line, "move %s 0405", word);
	assert_int_equal(
	    command_parse(session_scenario(s), line, &c, why, sizeof why), -1);
	assert_non_null(strstr(why, "a word is too long"));
	session_free(s);
}

static void
test_say_refuses_nothing_to_say_and_too_much(void **state)
{
	struct session *s = new_game(*state);
	struct command c;
	char why[256], line[400];

	assert_int_equal(
	    command_parse(session_scenario(s), "say # x", &c, why, sizeof why),
	    -1);
	assert_non_null(strstr(why, "say needs something to say"));
	memset(line, 0, sizeof line);
	strcpy(line, "say");
	for (int i = 0; i < 40; i++)
		strcat(line, " word1");
	assert_int_equal(
	    command_parse(session_scenario(s), line, &c, why, sizeof why), -1);
	assert_non_null(strstr(why, "at most 200 characters"));
	session_free(s);
}

static void
test_say_is_journaled_and_changes_nothing_in_the_game(void **state)
{
	struct session *s = new_game(*state);
	uint64_t before = game_digest(session_game(s));
	struct events ev;
	char why[256];

	events_init(&ev);
	assert_int_equal(
	    session_apply_line(s, "say hello", NULL, &ev, why, sizeof why),
	    SESSION_OK);
	assert_int_equal(game_digest(session_game(s)), before);
	assert_int_equal(session_length(s), 1);
	assert_string_equal(session_command(s, 0), "say hello");
	assert_int_equal(ev.n, 1);
	assert_int_equal(ev.v[0].kind, EV_SAY);
	assert_string_equal(ev.v[0].text, "hello");
	/* A say is no action: nothing to undo. */
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_string_equal(why, "there is nothing to undo");
	events_done(&ev);
	session_free(s);
}

/* Plays line on s, which must accept it. */
static void
play(struct session *s, const char *line)
{
	struct events ev;
	char why[256];

	events_init(&ev);
	assert_int_equal(
	    session_apply_line(s, line, NULL, &ev, why, sizeof why),
	    SESSION_OK);
	events_done(&ev);
}

/* Loads the save at path, which must load. */
static struct session *
load(const char *path)
{
	struct anc_errs errs;
	struct session *s;

	anc_errs_init(&errs);
	s = session_load(path, &errs);
	if (s == NULL)
		fail_msg("%s:%d: %s", path, errs.n > 0 ? errs.v[0].line : 0,
			 errs.n > 0 ? errs.v[0].msg : "?");
	anc_errs_done(&errs);
	return s;
}

static void
test_undo_steps_over_say_lines_and_keeps_them(void **state)
{
	struct sfx *f = *state;
	struct session *s = new_game(f), *again;
	uint64_t start = game_digest(session_game(s));
	struct replay *r;
	struct anc_errs errs;
	char why[256], path[300];

	snprintf(path, sizeof path, "%s/steps.save", f->home.dir);
	assert_int_equal(session_set_file(s, path, why, sizeof why), 0);
	play(s, "move leg1 0405");
	play(s, "say nice ford");
	play(s, "say thanks");
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	/* The move is taken back; the words stay, in their order. */
	assert_int_equal(game_digest(session_game(s)), start);
	assert_int_equal(session_length(s), 2);
	assert_string_equal(session_command(s, 0), "say nice ford");
	assert_string_equal(session_command(s, 1), "say thanks");
	/* Nothing but words is left: nothing to undo. */
	assert_int_equal(session_undo(s, why, sizeof why), -1);
	assert_string_equal(why, "there is nothing to undo");
	/* The journal (move, say, say, undo) loads and replays the same,
	 * its digests checked line by line. */
	again = load(path);
	assert_int_equal(game_digest(session_game(again)), start);
	assert_int_equal(session_length(again), 2);
	assert_string_equal(session_command(again, 1), "say thanks");
	session_free(again);
	anc_errs_init(&errs);
	r = replay_open(path, &errs);
	assert_non_null(r);
	anc_errs_done(&errs);
	assert_int_equal(replay_length(r), 2);
	assert_string_equal(replay_command(r, 1), "say nice ford");
	replay_free(r);
	session_free(s);
}

static void
test_an_undo_right_after_its_command_replays_as_before(void **state)
{
	struct sfx *f = *state;
	struct session *s = new_game(f), *again;
	uint64_t digest;
	char why[256], path[300];

	/* The journals undo made before say lines were stepped over. */
	snprintf(path, sizeof path, "%s/plain.save", f->home.dir);
	assert_int_equal(session_set_file(s, path, why, sizeof why), 0);
	play(s, "say hello");
	play(s, "move leg1 0405");
	play(s, "move leg2 0605");
	assert_int_equal(session_undo(s, why, sizeof why), 0);
	play(s, "say oops");
	digest = game_digest(session_game(s));
	again = load(path);
	assert_int_equal(game_digest(session_game(again)), digest);
	assert_int_equal(session_length(again), 3);
	assert_string_equal(session_command(again, 0), "say hello");
	assert_string_equal(session_command(again, 1), "move leg1 0405");
	assert_string_equal(session_command(again, 2), "say oops");
	session_free(again);
	session_free(s);
}

static void
test_shared_names_are_letters_digits_dash_underscore_up_to_32(void **state)
{
	char err[256];

	(void)state;
	assert_int_equal(shared_check_name("duel-2_b", err, sizeof err), 0);
	assert_int_equal(shared_check_name("12345678901234567890123456789012",
					   err, sizeof err),
			 0);
	assert_int_equal(shared_check_name("123456789012345678901234567890123",
					   err, sizeof err),
			 -1);
	assert_non_null(strstr(err, "at most 32"));
	assert_int_equal(shared_check_name("", err, sizeof err), -1);
	assert_int_equal(shared_check_name("../etc", err, sizeof err), -1);
	assert_non_null(strstr(err, "character 1"));
	assert_int_equal(shared_check_name("a.b", err, sizeof err), -1);
	assert_int_equal(shared_check_name("a b", err, sizeof err), -1);
}

static void
test_shared_default_name_is_the_scenario_and_a_free_number(void **state)
{
	struct sfx *f = *state;
	char name[64], err[256], path[300];
	FILE *fp;

	assert_int_equal(shared_default_name("/x/y/medway.ini", name,
					     sizeof name, err, sizeof err),
			 0);
	assert_string_equal(name, "medway-1");
	assert_int_equal(shared_dir(path, sizeof path, true, err, sizeof err),
			 0);
	snprintf(path, sizeof path, "%s/shared/medway-1.journal", f->home.dir);
	assert_non_null(fp = fopen(path, "w"));
	fclose(fp);
	assert_int_equal(
	    shared_default_name("medway", name, sizeof name, err, sizeof err),
	    0);
	assert_string_equal(name, "medway-2");
	assert_int_equal(shared_default_name("scenarios/tutorial.ini", name,
					     sizeof name, err, sizeof err),
			 0);
	assert_string_equal(name, "tutorial-1");
}

static void
test_shared_host_takes_a_name_once(void **state)
{
	struct sfx *f = *state;
	struct shared *a, *b;
	char err[512];

	a = shared_open("duel", new_game(f), false, NULL, err, sizeof err);
	assert_non_null(a);
	assert_int_equal(shared_side(a), 0);
	b = shared_open("duel", new_game(f), false, "chatti", err, sizeof err);
	assert_null(b);
	assert_non_null(strstr(err, "there is a game called duel already"));
	shared_close(a);
}

static void
test_shared_seat_refuses_the_other_sides_command(void **state)
{
	struct sfx *f = *state;
	struct events ev, other;
	struct shared *sh;
	struct command c;
	char err[512];

	sh = shared_open("duel", new_game(f), false, "Chatti", err, sizeof err);
	assert_non_null(sh);
	assert_int_equal(shared_side(sh), 1);
	events_init(&ev);
	events_init(&other);
	parse(shared_session(sh), "end", &c);
	assert_int_equal(shared_apply(sh, &c, &other, &ev, err, sizeof err),
			 SESSION_REFUSED);
	assert_string_equal(err, "it is Rome's turn");
	/* Looking is anyone's; saying too, with the login in front. */
	parse(shared_session(sh), "dump", &c);
	assert_int_equal(shared_apply(sh, &c, &other, &ev, err, sizeof err),
			 SESSION_OK);
	parse(shared_session(sh), "say your move", &c);
	assert_int_equal(shared_apply(sh, &c, &other, &ev, err, sizeof err),
			 SESSION_OK);
	assert_string_equal(session_command(shared_session(sh), 0),
			    "say alice (chatti): your move");
	assert_string_equal(ev.v[0].text, "alice (chatti): your move");
	events_done(&ev);
	events_done(&other);
	shared_close(sh);
}

static void
test_shared_watcher_gives_no_commands(void **state)
{
	struct sfx *f = *state;
	struct shared_presence who;
	struct shared *host, *w;
	struct events ev, other;
	struct command c;
	char err[512];

	host = shared_open("duel", new_game(f), false, NULL, err, sizeof err);
	assert_non_null(host);
	w = shared_open("duel", NULL, true, NULL, err, sizeof err);
	assert_non_null(w);
	assert_int_equal(shared_side(w), SHARED_WATCHER);
	shared_presence(w, &who);
	assert_int_equal(who.watchers, 1);
	events_init(&ev);
	events_init(&other);
	parse(shared_session(w), "say hi", &c);
	assert_int_equal(shared_apply(w, &c, &other, &ev, err, sizeof err),
			 SESSION_REFUSED);
	assert_non_null(strstr(err, "a watcher gives no commands"));
	events_done(&ev);
	events_done(&other);
	shared_close(w);
	shared_close(host);
}

/* Plays line for seat sh, which must accept it. */
static void
seat_play(struct shared *sh, const char *line)
{
	struct events ev, other;
	struct command c;
	char why[512];

	parse(shared_session(sh), line, &c);
	events_init(&ev);
	events_init(&other);
	if (shared_apply(sh, &c, &other, &ev, why, sizeof why) != SESSION_OK)
		fail_msg("%s: %s", line, why);
	events_done(&ev);
	events_done(&other);
}

static int
seat_undo(struct shared *sh, char *why, size_t whylen)
{
	struct events other;
	int r;

	events_init(&other);
	r = shared_undo(sh, &other, why, whylen);
	events_done(&other);
	return r;
}

static void
test_shared_undo_takes_back_only_the_seats_own_commands(void **state)
{
	struct sfx *f = *state;
	struct shared *rome, *chatti;
	const struct game *g;
	char why[512];

	rome = shared_open("duel", new_game(f), false, NULL, why, sizeof why);
	assert_non_null(rome);
	assert_int_equal(seat_set_player("bob", NULL, 0), 0);
	chatti = shared_open("duel", NULL, false, "chatti", why, sizeof why);
	assert_non_null(chatti);
	g = session_game(shared_session(chatti));
	seat_play(rome, "move leg1 0405");
	seat_play(rome, "end");
	seat_play(rome, "end");
	seat_play(rome, "end");
	/* Chatti's turn now: Rome's end is Rome's to take back, and Rome
	 * may not, the turn having passed. */
	assert_int_equal(seat_undo(chatti, why, sizeof why), -1);
	assert_string_equal(why, "the last command (end) is Rome's: a player "
				 "takes back only his own side's commands");
	assert_int_equal(g->player, 1);
	assert_int_equal(session_length(shared_session(chatti)), 4);
	assert_int_equal(seat_undo(rome, why, sizeof why), -1);
	assert_string_equal(why, "it is Chatti's turn");
	/* Chatti's own move is his to take back, over Rome's say. */
	seat_play(chatti, "move wb1 0303");
	seat_play(rome, "say nice ford");
	assert_int_equal(seat_undo(rome, why, sizeof why), -1);
	assert_string_equal(why, "the last command (move wb1 0303) is "
				 "Chatti's: a player takes back only his own "
				 "side's commands");
	assert_int_equal(seat_undo(chatti, why, sizeof why), 0);
	assert_int_equal(session_length(shared_session(chatti)), 5);
	/* Both seats are alice's, as on a server with one login: the
	 * side in the signature tells who spoke. */
	assert_string_equal(session_command(shared_session(chatti), 4),
			    "say alice (rome): nice ford");
	/* Rome follows the undo line to the same game. */
	seat_play(rome, "say ok");
	assert_int_equal(game_digest(session_game(shared_session(rome))),
			 game_digest(g));
	shared_close(chatti);
	shared_close(rome);
}

static void
test_follow_names_the_file_and_line_of_a_damaged_line(void **state)
{
	struct sfx *f = *state;
	struct shared *host, *w;
	struct events ev;
	char err[512], path[300], want[400];
	FILE *fp;

	host = shared_open("duel", new_game(f), false, NULL, err, sizeof err);
	assert_non_null(host);
	w = shared_open("duel", NULL, true, NULL, err, sizeof err);
	assert_non_null(w);
	snprintf(path, sizeof path, "%s/shared/duel.journal", f->home.dir);
	assert_non_null(fp = fopen(path, "a"));
	fputs("end\t0000000000000000\t0000000000000000\n", fp);
	fclose(fp);
	events_init(&ev);
	assert_int_equal(shared_follow(w, &ev, err, sizeof err), -1);
	/* The header is 5 lines and the tutorial's text; count them. */
	assert_non_null(fp = fopen(path, "r"));
	int lines = 0, ch;
	while ((ch = fgetc(fp)) != EOF)
		lines += ch == '\n';
	fclose(fp);
	snprintf(want, sizeof want, "%s:%d: a new journal line is damaged",
		 path, lines);
	assert_string_equal(err, want);
	events_done(&ev);
	shared_close(w);
	shared_close(host);
}


/* The journal's last line's tab-separated fields (at most 8), in buf. */
static int
last_line_fields(const struct sfx *f, char *buf, size_t len, char **fld)
{
	char path[300], *p, *line;
	FILE *fp;
	int n = 0;

	snprintf(path, sizeof path, "%s/shared/duel.journal", f->home.dir);
	fp = fopen(path, "r");
	assert_non_null(fp);
	buf[0] = '\0';
	while (fgets(buf + strlen(buf) * 0, (int)len, fp) != NULL)
		if ((line = strchr(buf, '\n')) != NULL && line[1] == '\0')
			*line = '\0';
	fclose(fp);
	for (p = buf; n < 8; n++) {
		fld[n] = p;
		if ((p = strchr(p, '\t')) == NULL) {
			n++;
			break;
		}
		*p++ = '\0';
	}
	return n;
}

/* docs/security.md: each line of a shared game says who gave it and the
 * dice it rolled, drawn from the system; a journal replays exactly. */
static void
test_shared_lines_name_uid_player_and_the_dice_they_rolled(void **state)
{
	struct sfx *f = *state;
	struct shared *rome, *chatti;
	struct anc_errs errs;
	struct session *again;
	char why[512], buf[1024], *fld[8], path[300], uid[32];
	int i, n;

	rome = shared_open("duel", new_game(f), false, NULL, why, sizeof why);
	assert_non_null(rome);
	assert_int_equal(seat_set_player("bob", NULL, 0), 0);
	chatti = shared_open("duel", NULL, false, "chatti", why, sizeof why);
	assert_non_null(chatti);
	for (i = 0; i < 3; i++)
		seat_play(rome, "end");
	n = last_line_fields(f, buf, sizeof buf, fld);
	snprintf(uid, sizeof uid, "%ld", (long)getuid());
	assert_int_equal(n, 6);
	assert_string_equal(fld[0], "end");
	assert_string_equal(fld[2], uid);
	assert_string_equal(fld[3], "alice");
	assert_string_equal(fld[4], "-");
	/* Chatti's last end rolls turn 2's initiative: two dice. */
	for (i = 0; i < 3; i++)
		seat_play(chatti, "end");
	n = last_line_fields(f, buf, sizeof buf, fld);
	assert_int_equal(n, 6);
	assert_string_equal(fld[3], "bob");
	assert_int_equal(strlen(fld[4]), 2);
	for (i = 0; i < 2; i++)
		assert_true(fld[4][i] >= '1' && fld[4][i] <= '6');
	snprintf(path, sizeof path, "%s/shared/duel.journal", f->home.dir);
	anc_errs_init(&errs);
	again = session_load(path, &errs);
	assert_non_null(again);
	assert_int_equal(session_version(again), 3);
	assert_true(game_digest(session_game(again)) ==
		    game_digest(session_game(shared_session(chatti))));
	anc_errs_done(&errs);
	session_free(again);
	shared_close(chatti);
	shared_close(rome);
}

/* A side is bound to the uid and player who took it, held or not. */
static void
test_shared_seat_is_bound_to_the_player_who_took_it(void **state)
{
	struct sfx *f = *state;
	struct shared *sh;
	char why[512];

	sh = shared_open("duel", new_game(f), false, "rome", why, sizeof why);
	assert_non_null(sh);
	shared_close(sh); /* alice has left: Rome is free, and hers */
	assert_int_equal(seat_set_player("bob", NULL, 0), 0);
	assert_null(shared_open("duel", NULL, false, "rome", why, sizeof why));
	if (strstr(why, "in duel is alice's seat") == NULL)
		fail_msg("%s", why);
	sh = shared_open("duel", NULL, false, NULL, why, sizeof why);
	assert_non_null(sh);
	assert_int_equal(shared_side(sh), 1); /* the free side not hers */
	shared_close(sh);
	assert_int_equal(seat_set_player("alice", NULL, 0), 0);
	sh = shared_open("duel", NULL, false, "rome", why, sizeof why);
	assert_non_null(sh);
	shared_close(sh);
}

/* The player is the account's login, whatever LOGNAME says. */
static void
test_shared_logname_names_nobody(void **state)
{
	struct sfx *f = *state;
	struct shared *sh;
	struct passwd *pw = getpwuid(getuid());
	char why[512], buf[1024], *fld[8], want[200];

	assert_non_null(pw);
	assert_int_equal(seat_set_player(NULL, NULL, 0), 0);
	setenv("LOGNAME", "mallory", 1);
	setenv("USER", "mallory", 1);
	sh = shared_open("duel", new_game(f), false, NULL, why, sizeof why);
	assert_non_null(sh);
	assert_string_equal(shared_login(sh), pw->pw_name);
	seat_play(sh, "say hi");
	last_line_fields(f, buf, sizeof buf, fld);
	snprintf(want, sizeof want, "say %s (rome): hi", pw->pw_name);
	assert_string_equal(fld[0], want);
	assert_string_equal(fld[3], pw->pw_name);
	shared_close(sh);
	unsetenv("LOGNAME");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)
		T(test_say_text_is_its_words_joined_by_one_space),
		T(test_say_takes_a_word_longer_than_a_name),
		T(test_say_refuses_nothing_to_say_and_too_much),
		T(test_say_is_journaled_and_changes_nothing_in_the_game),
		T(test_shared_names_are_letters_digits_dash_underscore_up_to_32),
		T(test_shared_default_name_is_the_scenario_and_a_free_number),
		T(test_shared_host_takes_a_name_once),
		T(test_shared_seat_refuses_the_other_sides_command),
		T(test_shared_watcher_gives_no_commands),
		T(test_undo_steps_over_say_lines_and_keeps_them),
		T(test_an_undo_right_after_its_command_replays_as_before),
		T(test_shared_undo_takes_back_only_the_seats_own_commands),
		T(test_follow_names_the_file_and_line_of_a_damaged_line),
		T(test_shared_lines_name_uid_player_and_the_dice_they_rolled),
		T(test_shared_seat_is_bound_to_the_player_who_took_it),
		T(test_shared_logname_names_nobody),
#undef T
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
