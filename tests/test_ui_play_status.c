/*
 * What the screen says (src/ui/playtext.c, describe.c, panel.c): the
 * status line, the hint and the questions in the message line at their
 * widths, the unit cards and panel, the log's lines for rolls, and the
 * briefing, help, rules and end pages.
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

/* Whether a line of the page on show holds want. */
static bool
page_has(const struct play *p, const char *want)
{
	struct text t;
	bool found = false;
	int k;

	text_init(&t);
	play_page_text(p, &(struct theme){ true, true }, &t);
	for (k = 0; k < t.n; k++)
		if (strstr(t.v[k].text, want) != NULL)
			found = true;
	text_done(&t);
	return found;
}

/* The briefing says who plays: two at this screen, or the person against
 * the computer (it said "Two players share this screen" in both). */
static void
test_play_briefing_says_who_plays(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;

	assert_int_equal(p->page.kind, PAGE_BRIEFING);
	assert_true(page_has(p, "Two players share this screen"));
	play_set_ai(p, 1, 1);
	assert_false(page_has(p, "Two players"));
	assert_true(page_has(p, "You lead Red; the computer plays Blue."));
	assert_true(page_has(p, "Press ? at any time"));
}

/* The small scenario with side names as long as the status line shows
 * (24 characters). */
static struct session *
long_names_session(void)
{
	static const char *const from[2] = { "name = Red\n", "name = Blue\n" };
	static const char *const to[2] = {
		"name = Rome (Ostorius Scapula)\n",
		"name = Britons (Boudica, Iceni)\n"
	};
	char text[sizeof small_ini + 128];
	const char *at;
	size_t used;
	int k;

	snprintf(text, sizeof text, "%s", small_ini);
	for (k = 0; k < 2; k++) {
		at = strstr(text, from[k]);
		assert_non_null(at);
		used = (size_t)(at - text);
		memmove(text + used + strlen(to[k]), at + strlen(from[k]),
			strlen(at + strlen(from[k])) + 1);
		memcpy(text + used, to[k], strlen(to[k]));
	}
	return session_of(text, strlen(text), 7);
}

/* The hint fits, and names its most useful keys and the help. */
static void
check_hint(const struct play *p, int width, const char *key, const char *tail)
{
	char hint[256];

	play_hint(p, width, hint, sizeof hint);
	if (text_width(hint, strlen(hint)) > width)
		fail_msg("%d columns: \"%s\" is wider", width, hint);
	if (strstr(hint, key) == NULL)
		fail_msg("%d columns: no \"%s\" in \"%s\"", width, key, hint);
	if (strlen(hint) < strlen(tail) ||
	    strcmp(hint + strlen(hint) - strlen(tail), tail) != 0)
		fail_msg("%d columns: \"%s\" does not end in \"%s\"", width,
			 hint, tail);
}

static void
test_play_hints_fit_the_message_line(void **state)
{
	struct session *s = long_names_session();
	struct play *p = play_of(s);
	char hint[256];
	int w;

	(void)state;
	leave_briefing(p);
	for (w = 48; w <= 120; w += 8) {
		check_hint(p, w, "Tab unit", "? help");
		play_key(p, 'P'); /* r1's push, armed */
		check_hint(p, w, "m move", "? help");
		play_key(p, KEYM_ESC);
		play_key(p, ':');
		check_hint(p, w, "Enter runs", "help lists them");
		play_key(p, KEYM_ESC);
	}
	/* At 80 columns the movement hint has every key of the phase. */
	play_hint(p, 80, hint, sizeof hint);
	assert_non_null(strstr(hint, "E end phase"));
	assert_non_null(strstr(hint, "P push"));
	/* Nobody here shoots or fights yet: the hint says so, not keys
	 * that would only be refused. */
	keys(p, "EE");
	check_hint(p, 80, "no unit can shoot now", "? help");
	keys(p, "EE");
	check_hint(p, 80, "no attack to make", "? help");
	play_free(p);
	session_free(s);
}

/* The log line that says why a unit cannot act, or NULL. */
static const char *
logged(const struct play *p, const char *start)
{
	int i;
	const char *line;

	for (i = 0; i < logbuf_count(p->log.buf); i++) {
		line = logbuf_line(p->log.buf, i, NULL, NULL);
		if (strncmp(line, start, strlen(start)) == 0)
			return line;
	}
	return NULL;
}

/*
 * Issue 31: archers that never shot because of their range or facing
 * were told nothing.  When the shooting phase begins, the hint names
 * the unit and its rule, and the log says why and what would fix it.
 */
static void
test_play_says_why_no_unit_can_shoot(void **state)
{
	struct session *s = session_of(small_ini, strlen(small_ini), 7);
	struct play *p = play_of(s);
	const char *line;

	(void)state;
	leave_briefing(p);
	keys(p, "EE");
	/* r2 (velites, range 2) at 0605; b1 at 0303 is farther. */
	check_hint(p, 80, "no unit can shoot now, r2: out of range, R8.2",
		   "? help");
	line = logged(p, "r2 cannot shoot: ");
	assert_non_null(line);
	assert_non_null(strstr(line, "(R8.2); "));
	assert_non_null(strstr(line, "move within 2 hexes"));
	play_free(p);
	session_free(s);
}

/* The status line's words do not come and go between phases and
 * sides: only the numbers and names change. */
static void
status_shape(const struct game *g, int width, char *shape, size_t len)
{
	char who[96], rest[256];

	describe_status(g, width, who, sizeof who, rest, sizeof rest);
	snprintf(shape, len, "%d%d%d", strstr(who, " to play ") != NULL,
		 strstr(rest, "  ") != NULL, strchr(rest, '*') != NULL);
	/* From 70 columns even these long names fit (the screen has 80). */
	if (width >= 70 &&
	    text_width(who, strlen(who)) + 1 + text_width(rest, strlen(rest)) >
		width)
		fail_msg("%d columns: \"%s\" \"%s\" is wider", width, who,
			 rest);
}

/*
 * R11.4: a game decided by shares at the turn limit.  The end page gives
 * each side's share of its starting breakpoint lost, as the rule
 * compares them, with the decimals that tell them apart: the playtest's
 * 6 of 26 left against 7 of 30 reads like a Roman edge, but the Romans
 * lost 20/26 = 76.9% and the other side 23/30 = 76.7%.
 */
static void
test_play_end_page_gives_each_share_lost_r11_4(void **state)
{
	struct fixture *f = *state;
	struct game *g = game_clone(f->p->g);
	struct text t;
	bool reason = false, side[2] = { false, false };
	char want[320];
	int k;

	g->over = true;
	g->bp[0] = 6;
	g->bp_start[0] = 26;
	g->bp[1] = 7;
	g->bp_start[1] = 30;
	g->winner = 1;
	g->end = END_SHARE;
	text_init(&t);
	describe_end(g, &f->p->log.tally, &t);
	snprintf(want, sizeof want,
		 "%s had lost the smaller share of its breakpoint (R11.4): "
		 "23 of 30 lost (76.7%%), against 20 of 26 lost (76.9%%) "
		 "for %s",
		 g->sc->sides[1].name, g->sc->sides[0].name);
	for (k = 0; k < t.n; k++) {
		reason |= strstr(t.v[k].text, want) != NULL;
		side[0] |= strstr(t.v[k].text, "breakpoint 6 of 26, 20 of 26 "
					       "lost (76.9%)") != NULL;
		side[1] |= strstr(t.v[k].text, "breakpoint 7 of 30, 23 of 30 "
					       "lost (76.7%)") != NULL;
	}
	assert_true(reason);
	assert_true(side[0] && side[1]);
	text_done(&t);

	/* Equal shares: a draw, each said. */
	g->bp[0] = 2; /* 24/26 */
	g->bp_start[1] = 13;
	g->bp[1] = 1; /* 12/13, the same */
	g->winner = -1;
	g->end = END_SHARE_DRAW;
	text_init(&t);
	describe_end(g, &f->p->log.tally, &t);
	reason = false;
	for (k = 0; k < t.n; k++)
		reason |=
		    strstr(t.v[k].text, "24 of 26 lost (92.3%)") != NULL &&
		    strstr(t.v[k].text, "12 of 13 lost (92.3%)") != NULL;
	assert_true(reason);
	text_done(&t);
	/* Shares that one decimal cannot tell apart get more of them. */
	g->bp_start[0] = 1000;
	g->bp[0] = 1000 - 923; /* 92.30% against 12/13 = 92.31% */
	g->winner = 0;
	g->end = END_SHARE;
	text_init(&t);
	describe_end(g, &f->p->log.tally, &t);
	reason = false;
	for (k = 0; k < t.n; k++)
		reason |= strstr(t.v[k].text, "923 of 1000 lost (92.30%), "
					      "against 12 of 13 lost "
					      "(92.31%)") != NULL;
	assert_true(reason);
	text_done(&t);
	game_free(g);
}

/*
 * Losses past the breakpoint (an army quits with its breakpoint at -2 of
 * 12): the status line and the end page say none is left and how much
 * more was lost, not "-2/12" and "14 of 12 lost (116.7%)".
 */
static void
test_play_breakpoint_past_zero_reads_as_spent(void **state)
{
	struct fixture *f = *state;
	struct game *g = game_clone(f->p->g);
	char who[96], rest[256];
	struct text t;
	bool spent = false;
	int k;

	g->over = true;
	g->bp_start[0] = 12;
	g->bp[0] = -2;
	g->winner = 1;
	g->end = END_BREAKPOINT;
	describe_status(g, 80, who, sizeof who, rest, sizeof rest);
	assert_null(strstr(rest, "-2"));
	assert_non_null(strstr(rest, " 0/12"));
	text_init(&t);
	describe_end(g, &f->p->log.tally, &t);
	for (k = 0; k < t.n; k++) {
		assert_null(strstr(t.v[k].text, "-2"));
		assert_null(strstr(t.v[k].text, "116"));
		spent |= strstr(t.v[k].text, "breakpoint 0 of 12, all 12 lost "
					     "and 2 more") != NULL;
	}
	assert_true(spent);
	text_done(&t);
	game_free(g);
}

/* At 80 columns the computer's turn says so on the status line of every
 * shipped battle, though its longest names leave no room for "computer
 * thinking" (a playtest: Mons Graupius showed no word at all). */
static void
solo_word_fits(const struct scenario *sc, const char *file, void *ctx)
{
	static const char *const thinking[] = { "computer thinking",
						"thinking" };
	static const char *const to_play[] = { "computer to play", "computer" };
	static const char *const yours[] = { "your turn" };
	struct game *g;
	char block[96], rest[256];
	const char *const *words[] = { thinking, to_play, yours };
	int nwords[] = { 2, 2, 1 }, i, p;

	(void)ctx;
	g = game_new(sc, 1);
	assert_non_null(g);
	for (p = 0; p < 2; p++) {
		g->player = p; /* both sides' names */
		for (i = 0; i < 3; i++) {
			describe_status_solo(g, 80, words[i], nwords[i], block,
					     sizeof block, rest, sizeof rest);
			if (strncmp(rest, words[i][nwords[i] - 1],
				    strlen(words[i][nwords[i] - 1])) != 0 &&
			    strncmp(rest, words[i][0], strlen(words[i][0])) !=
				0)
				fail_msg("%s, %s to play: no \"%s\" in \"%s\" "
					 "\"%s\"",
					 file, sc->sides[p].name, words[i][0],
					 block, rest);
			if (text_width(block, strlen(block)) + 1 +
				text_width(rest, strlen(rest)) >
			    80)
				fail_msg("%s: \"%s\" \"%s\" is wider than 80",
					 file, block, rest);
		}
	}
	game_free(g);
}

static void
test_play_status_says_the_computer_plays_at_80_columns(void **state)
{
	(void)state;
	assert_int_equal(shipped_each(solo_word_fits, NULL), 8);
}

/* The form of a solo status line's rest after its word: whether it
 * keeps double spaces and whether the initiative is a '*'. */
static void
solo_shape(const struct play *p, int width, char *shape, size_t len)
{
	const char *words[2];
	char block[96], rest[256];
	const char *tail;
	int n = play_status_words(p, words);

	assert_true(n > 0);
	describe_status_solo(p->g, width, words, n, block, sizeof block, rest,
			     sizeof rest);
	tail = strstr(rest, "  ");
	assert_non_null(tail);
	tail += 2;
	snprintf(shape, len, "%d%d", strstr(tail, "  ") != NULL,
		 strchr(tail, '*') != NULL);
	if (text_width(block, strlen(block)) + 1 +
		text_width(rest, strlen(rest)) >
	    width)
		fail_msg("%d columns: \"%s\" \"%s\" is wider", width, block,
			 rest);
}

/*
 * A solo game's status line keeps its form to the end: the game's end
 * had no word, so the line took its fullest form there (issue 31); it
 * now says who won in the word's place.
 */
static void
test_play_solo_status_keeps_its_form_at_the_end(void **state)
{
	struct session *s = long_names_session();
	struct play *p = play_of(s);
	struct game *g;
	char during[8], end[8];
	const char *words[2];
	int w;

	(void)state;
	play_set_ai(p, 1, 1);
	leave_briefing(p);
	g = (struct game *)p->g; /* the test's own */
	for (w = 70; w <= 100; w += 2) {
		g->over = false;
		solo_shape(p, w, during, sizeof during);
		g->over = true;
		g->winner = 0;
		solo_shape(p, w, end, sizeof end);
		if (strcmp(during, end) != 0)
			fail_msg("%d columns: the form went from %s to %s at "
				 "the end",
				 w, during, end);
	}
	assert_int_equal(play_status_words(p, words), 1);
	assert_string_equal(words[0], "you won");
	g->winner = 1;
	play_status_words(p, words);
	assert_string_equal(words[0], "you lost");
	g->over = false;
	play_free(p);
	session_free(s);
}

static void
test_play_status_words_stay_put(void **state)
{
	struct session *s = long_names_session();
	struct play *p = play_of(s);
	struct text t;
	char first[100][8], now[8];
	int w, step, i;
	bool explained = false;

	(void)state;
	leave_briefing(p);
	for (w = 40; w < 100; w++)
		status_shape(p->g, w, first[w], sizeof first[w]);
	/* Shooting, combat, then the other side's movement. */
	for (step = 0; step < 3; step++) {
		type_line(p, "end");
		assert_int_equal(p->msg.kind == MSG_ERROR, false);
		while (p->mode == PLAY_PAGE)
			play_key(p, KEYM_ESC);
		for (w = 40; w < 100; w++) {
			status_shape(p->g, w, now, sizeof now);
			assert_string_equal(now, first[w]);
		}
	}
	assert_int_equal(p->g->player, 1);
	/* Short of room, a '*' marks the initiative: the help page says
	 * what it means. */
	assert_string_equal(first[40], "001");
	text_init(&t);
	describe_help(&(struct theme){ true, true }, p->sc, p->glyphs, &t);
	for (i = 0; i < t.n; i++)
		explained |=
		    strstr(t.v[i].text, "a * after a side's key") != NULL;
	assert_true(explained);
	text_done(&t);
	play_free(p);
	session_free(s);
}

/* The panel's lines of the unit at h, joined. */
static void
panel_text(const struct play *p, struct hex h, char *buf, size_t len)
{
	struct text t;
	size_t used = 0;
	int i;

	text_init(&t);
	describe_hex(p->g, h, p->marks.deeds, &t);
	buf[0] = '\0';
	for (i = 0; i < t.n && used < len; i++) {
		snprintf(buf + used, len - used, "%s\n", t.v[i].text);
		used = strlen(buf);
	}
	text_done(&t);
}

/* The index of the first line of a unit's card that starts with s. */
static int
card_line(const struct play *p, int u, const char *s)
{
	struct text t;
	int i, at = -1;

	text_init(&t);
	describe_unit(p->g, u, &p->marks.deeds[u], &t);
	for (i = 0; i < t.n && at < 0; i++)
		if (strncmp(t.v[i].text, s, strlen(s)) == 0)
			at = i;
	if (strcmp(s, "") == 0)
		at = t.n; /* the number of lines */
	text_done(&t);
	return at;
}

/*
 * The lines every unit has stand in the same rows on every card, the
 * missile weapons and the general last: Tab from one unit to another
 * rewrites what differs, not the card from the first line that does
 * (issue 13).
 */
static void
test_play_cards_line_up_row_for_row(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r1 = unit(p, "r1"), r2 = unit(p, "r2");

	leave_briefing(p);
	assert_int_equal(card_line(p, r1, "combat"),
			 card_line(p, r2, "combat"));
	assert_int_equal(card_line(p, r1, "traits"),
			 card_line(p, r1, "combat") + 1);
	assert_int_equal(card_line(p, r2, "traits"),
			 card_line(p, r2, "combat") + 1);
	assert_int_equal(card_line(p, r2, "missile"),
			 card_line(p, r2, "traits") + 1);
	assert_int_equal(card_line(p, r1, "general"), card_line(p, r1, "") - 1);
	assert_int_equal(card_line(p, r1, "missile"), -1);
}

static void
test_play_panel_says_what_each_unit_did(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int r1 = unit(p, "r1"), r2 = unit(p, "r2");
	struct wrap_span sp[4];
	const char *at;
	char text[2048];

	leave_briefing(p);
	type_line(p, "pivot r1 NW");
	panel_text(p, H(3, 5), text, sizeof text);
	assert_non_null(strstr(text, "this" WRAP_NBSP "turn: pivoted\n"));
	/* facing and its value wrap as one. */
	at = strstr(text, "SP" WRAP_NBSP "9  hits" WRAP_NBSP
			  "0  facing" WRAP_NBSP "NW\n");
	assert_non_null(at);
	assert_int_equal(wrap_text("SP" WRAP_NBSP "9  hits" WRAP_NBSP
				   "0  facing" WRAP_NBSP "NW",
				   22, sp, 4),
			 2);
	assert_int_equal(sp[1].len, strlen("facing" WRAP_NBSP "NW"));
	/* Undo keeps it right: r1 has done nothing now. */
	type_line(p, "undo");
	panel_text(p, H(3, 5), text, sizeof text);
	assert_non_null(strstr(text, "this" WRAP_NBSP "turn: nothing yet\n"));
	/* A charge says whom. */
	type_line(p, "charge r1 b1");
	assert_int_equal(p->msg.kind == MSG_ERROR, false);
	panel_text(p, p->g->units[r1].hex, text, sizeof text);
	assert_non_null(
	    strstr(text, "this" WRAP_NBSP "turn: charged" WRAP_NBSP "b1\n"));
	/* A move, then its push. */
	type_line(p, "move r2 0604");
	panel_text(p, H(6, 4), text, sizeof text);
	assert_non_null(strstr(text, "this" WRAP_NBSP "turn: moved\n"));
	type_line(p, "push r2 pivot NW");
	assert_true(p->g->units[r2].pushed);
	panel_text(p, H(6, 4), text, sizeof text);
	assert_non_null(strstr(text,
			       "this" WRAP_NBSP "turn: moved, pushed" WRAP_NBSP
			       "to" WRAP_NBSP "pivot"));
}

static void
test_play_t_names_what_is_missing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	int before;

	leave_briefing(p);
	play_key(p, KEYM_ESC); /* nothing selected */
	assert_int_equal(p->sel.unit, -1);
	before = logbuf_count(p->log.buf);
	play_key(p, 't');
	assert_int_equal(p->msg.kind, MSG_ERROR);
	assert_non_null(strstr(p->msg.text, "nothing is selected"));
	assert_non_null(strstr(p->msg.text, "Tab"));
	/* A key's refusal is in the log as well. */
	assert_int_equal(logbuf_count(p->log.buf), before + 1);
	assert_true(log_has(p, 1, "nothing is selected"));
	play_key(p, KEYM_TAB); /* r1: b1 is its target */
	play_key(p, 't');
	assert_int_equal(p->msg.kind, MSG_NONE);
	assert_int_equal(game_unit_at(p->g, p->sel.cursor), unit(p, "b1"));
	play_key(p, KEYM_TAB); /* r2: no enemy in reach */
	play_key(p, 't');
	assert_non_null(strstr(p->msg.text, "r2 has no enemy"));
}

/* The screen's log says what a roll needed and why a breakpoint fell;
 * batch mode's line (event_format()) is its start, unchanged. */
static void
test_play_log_says_what_rolls_needed(void **state)
{
	struct fixture *f = *state;
	const struct scenario *sc = f->p->sc;
	struct event e;
	char line[LOGBUF_WIDTH];

	memset(&e, 0, sizeof e);
	e.kind = EV_ATTACK;
	e.unit = unit(f->p, "r1");
	e.other = unit(f->p, "b1");
	e.calc.base = e.calc.total = 3;
	e.ndice = 3;
	e.dice[0] = 6;
	e.dice[1] = 4;
	e.dice[2] = 1;
	e.hits = 2;
	e.value = 2;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Combat: r1 attacks b1: 3D6 base = 3D6, "
				  "hits on 4+, rolls [6 4 1]: 2 hits, b1 has "
				  "2 hits");

	memset(&e, 0, sizeof e);
	e.kind = EV_GENERAL_RISK;
	e.general = 0;
	e.ndice = 2;
	e.dice[0] = 1;
	e.dice[1] = 3;
	e.value = 4;
	event_screen_text(sc, &e, line, sizeof line);
	assert_non_null(strstr(line, "= 4: unhurt (a 2 kills the general)"));

	memset(&e, 0, sizeof e);
	e.kind = EV_GENERAL_D3;
	e.side = 0;
	e.general = 0;
	e.ndice = 1;
	e.dice[0] = 5;
	e.value = 3;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Breakpoint: Red pays 1D3 for general g1: "
				  "the die shows 5, halved up: 3 points");

	memset(&e, 0, sizeof e);
	e.kind = EV_BREAKPOINT_LOSS;
	e.side = 0;
	e.value = 6;
	e.value2 = 4;
	e.need = 10;
	e.lost[0] = 1;
	e.lost[1] = 1;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Breakpoint: Red loses 6 (now 4 of 10): "
				  "1 failed morale x1, 1 routed x2, 3 for "
				  "generals (1D3)");
}

/*
 * The log's lines name a side as the player knows it, not by its key
 * ("romans loses 1" read as a typo); batch mode's line (commands.md)
 * keeps the key.  Past the breakpoint the log says so, not "now -2".
 * Why the holder keeps the initiative is said (R12.2), and a general is
 * nobody's "him" (Boudica).
 */
static void
test_play_log_names_sides_and_says_why(void **state)
{
	struct fixture *f = *state;
	const struct scenario *sc = f->p->sc;
	struct event e;
	char line[LOGBUF_WIDTH], batch[LOGBUF_WIDTH];

	memset(&e, 0, sizeof e);
	e.kind = EV_BREAKPOINT_LOSS;
	e.side = 1;
	e.value = 3;
	e.value2 = -2;
	e.need = 10;
	e.lost[1] = 1;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Breakpoint: Blue loses 3 (now 0 of 10, 2 "
				  "past it): 1 routed x2, 1 for generals "
				  "(1D3)");
	event_format(sc, &e, batch, sizeof batch);
	assert_string_equal(batch, "Breakpoint: blue loses 3 (now -2 of 10)");

	memset(&e, 0, sizeof e);
	e.kind = EV_INITIATIVE;
	e.side = e.value2 = 0;
	e.ndice = 2;
	e.dice[0] = 3;
	e.dice[1] = 4;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Initiative: Blue rolls 4 against Red's 3: "
				  "Red keeps the initiative and moves first, "
				  "as Blue needed 2 more than 3 to seize it "
				  "(R12.2)");
	event_format(sc, &e, batch, sizeof batch);
	assert_non_null(strstr(batch, "red keeps the initiative"));
	e.dice[0] = 5;
	e.dice[1] = 6;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Initiative: Blue rolls 6 against Red's 5: "
				  "Red keeps the initiative and moves first, "
				  "as seizing it takes 2 more than 5, which "
				  "no die rolls (R12.2)");
	e.side = 1;
	e.dice[0] = 2;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Initiative: Blue rolls 6 against Red's 2, "
				  "2 more (R12.2): Blue seizes the initiative "
				  "and chooses to move first or second");

	memset(&e, 0, sizeof e);
	e.kind = EV_INITIATIVE_CHOICE;
	e.side = 1;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "Initiative: Blue chooses to move second");

	memset(&e, 0, sizeof e);
	e.kind = EV_GENERAL_KILLED;
	e.general = 0;
	e.value = 2;
	e.dice[0] = 1;
	event_screen_text(sc, &e, line, sizeof line);
	assert_null(strstr(line, " his "));
	assert_string_equal(line, "General: g1 falls with the unit (rolled 1, "
				  "a 1 kills)");
	e.kind = EV_GENERAL_JOINS;
	e.unit = unit(f->p, "r1");
	e.dice[0] = 4;
	event_screen_text(sc, &e, line, sizeof line);
	assert_string_equal(line, "General: g1 survives the unit's loss "
				  "(rolled 4) and joins r1");
}

/* The questions fit the 80 columns of the message line (issue 12: "press
 * 1 to move first or 2 to move se..."), and so do the quit questions. */
static void
test_play_questions_fit_80_columns(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct game *g = (struct game *)p->g; /* the test's own */
	char q[160];

	leave_briefing(p);
	assert_false(play_question(p, q, sizeof q));
	g->choosing = true;
	assert_true(play_question(p, q, sizeof q));
	assert_string_equal(q, "Red seized the initiative: 1 moves first, 2 "
			       "moves second");
	/* The longest a side's name is shown, 24 characters. */
	assert_true(strlen(q) - strlen("Red") + 24 <= 80);
	g->choosing = false;
	play_key(p, 'q');
	assert_true(strlen(p->msg.text) <= 80);
	play_key(p, 'n');
	type_line(p, "move r2 0604");
	play_key(p, KEYM_ESC);
	play_key(p, 'q');
	assert_true(strlen(p->msg.text) <= 80);
}

/* With several units asked to advance, the question names the one A and
 * H act on: the selected unit first (the playtest's "aux1 may advance"
 * while H held eq1). */
static void
test_play_advance_question_names_the_unit_the_keys_answer_for(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	struct game *g = (struct game *)p->g; /* the test's own */
	int r1 = unit(p, "r1"), r2 = unit(p, "r2");
	char q[160];

	leave_briefing(p);
	g->noffers = 2;
	g->offers[0].unit = r1;
	g->offers[0].to = g->units[r1].hex;
	g->offers[1].unit = r2;
	g->offers[1].to = H(6, 4);
	play_select(p, r2);
	p->sel.cursor = g->units[r1].hex; /* the other one under the cursor */
	assert_true(play_question(p, q, sizeof q));
	assert_string_equal(q, "r2 may advance into 0604: A advance, H hold");
	play_clear_msg(p);
	play_hint(p, 80, q, sizeof q);
	assert_non_null(strstr(q, "r2 may advance"));
	play_key(p, 'H');
	assert_true(log_has(p, 5, "hold r2"));
	/* Pressed again, H answers for the unit the question names. */
	g->noffers = 1;
	g->offers[0].unit = r1;
	play_key(p, 'H');
	assert_true(log_has(p, 5, "hold r1"));
}

/* Whether some line of t holds needle. */
static bool
text_has(const struct text *t, const char *needle)
{
	int k;

	for (k = 0; k < t->n; k++)
		if (strstr(t->v[k].text, needle) != NULL)
			return true;
	return false;
}

/* Whether the help page of p's battle, in Unicode and colour, holds want. */
static bool
help_has(const struct play *p, const char *want)
{
	struct text t;
	bool found;

	text_init(&t);
	describe_help(&(struct theme){ true, true }, p->sc, p->glyphs, &t);
	found = text_has(&t, want);
	text_done(&t);
	return found;
}

/*
 * The help names the letter of every type that stands in the battle and
 * of no other (a fixed list named types a battle lacked and missed its
 * own: Tapae's falxmen, the Batavians at Mons Graupius); the rules page,
 * headed "Unit types in this battle", lists exactly those types, each
 * with its letter.
 */
static void
help_and_rules_name_the_battles_types(const struct scenario *sc,
				      const char *file, void *ctx)
{
	char *glyphs = calloc((size_t)sc->ntypes + 1, 1);
	struct text help, rules;
	char want[160], line[160];
	bool used;
	int i, u;

	(void)ctx;
	assert_non_null(glyphs);
	theme_unit_glyphs(sc, glyphs);
	text_init(&help);
	text_init(&rules);
	describe_help(&(struct theme){ true, true }, sc, glyphs, &help);
	describe_rules(sc, glyphs, &rules);
	for (i = 0; i < sc->ntypes; i++) {
		used = false;
		for (u = 0; u < sc->nunits; u++)
			used |= sc->units[u].type == i;
		snprintf(want, sizeof want, "%c" WRAP_NBSP "%s", glyphs[i],
			 sc->types[i].name);
		snprintf(line, sizeof line, "  %c %s ", glyphs[i],
			 sc->types[i].name);
		if (text_has(&help, want) != used ||
		    text_has(&rules, line) != used)
			fail_msg("%s: type %s (%c), %s in the battle: help %d, "
				 "rules %d",
				 file, sc->types[i].key, glyphs[i],
				 used ? "" : "not", text_has(&help, want),
				 text_has(&rules, line));
	}
	/* The flag of a victory hex is explained where the map shows one. */
	if (text_has(&help, "a victory hex") !=
	    (sc->victory[0].count + sc->victory[1].count > 0))
		fail_msg("%s: the help's victory flag does not match the "
			 "battle's victory hexes",
			 file);
	text_done(&help);
	text_done(&rules);
	free(glyphs);
}

static void
test_play_help_and_rules_name_the_letters_of_the_battles_types(void **state)
{
	(void)state;
	assert_true(shipped_each(help_and_rules_name_the_battles_types, NULL) >=
		    8);
}

/*
 * The rules page says what every trait of the battle's units does, and
 * names no other: the cards list "impetuous" and "barbarian", and a
 * playtester found their meaning only in the man page.
 */
static void
rules_explain_the_battles_traits(const struct scenario *sc, const char *file,
				 void *ctx)
{
	struct text rules;
	char line[64];
	unsigned have = 0;
	int u, i;

	(void)ctx;
	for (u = 0; u < sc->nunits; u++) {
		have |= sc->types[sc->units[u].type].traits;
		if (sc->units[u].veteran)
			have |= TRAIT_VETERAN;
	}
	text_init(&rules);
	describe_rules(sc, "LAWSVEXPTIBCDFGHJKMNOQRUYZ", &rules);
	assert_true(text_has(&rules, "Traits in this battle"));
	for (i = 0; i < TRAIT_COUNT; i++) {
		unsigned t = 1u << i;

		snprintf(line, sizeof line, "  %-13s ",
			 trait_name((enum trait)t));
		if (text_has(&rules, line) != ((have & t) != 0))
			fail_msg("%s: trait %s %s on the rules page", file,
				 trait_name((enum trait)t),
				 (have & t) ? "missing" : "wrongly");
	}
	text_done(&rules);
}

static void
test_play_rules_explain_the_battles_traits(void **state)
{
	(void)state;
	assert_true(shipped_each(rules_explain_the_battles_traits, NULL) >= 8);
}

/* odds is a command of the prompt like the others: the help lists it. */
static void
test_play_help_lists_odds(void **state)
{
	struct fixture *f = *state;

	assert_true(help_has(f->p, "odds UNIT[,UNIT] TARGET"));
}

/*
 * Under ASCII (TERM=linux) the help explains the compact map's facing
 * signs, ^ among them, which is also a hill's (a playtester could not
 * read "L^9"); with Unicode arrows it needs no such line.
 */
static void
test_play_help_explains_the_ascii_facings(void **state)
{
	struct fixture *f = *state;
	struct text t;
	bool found = false;
	int k, pass;

	for (pass = 0; pass < 2; pass++) {
		found = false;
		text_init(&t);
		describe_help(&(struct theme){ pass == 0, true }, f->p->sc,
			      f->p->glyphs, &t);
		for (k = 0; k < t.n; k++)
			if (strstr(t.v[k].text, "^ / > v < \\ right after a "
						"unit's letter point N NE SE S "
						"SW NW") != NULL &&
			    strstr(t.v[k].text, "is a hill") != NULL)
				found = true;
		text_done(&t);
		assert_true(found == (pass == 1));
	}
}

/*
 * The help says what save NAME does, exactly: the copy, resumed, plays on
 * and is saved to (a playtester read "NAME keeps a copy", resumed it, and
 * found it rewritten by his next command).  The behaviour it states is
 * checked too: a command played in the resumed copy is in its file.
 */
static void
test_play_help_says_a_resumed_save_copy_is_saved_to(void **state)
{
	struct fixture *f = *state;
	struct session *copy;
	struct anc_errs errs;
	struct events ev;
	char path[4096], err[512];
	size_t before;

	assert_true(help_has(f->p, "resumed, NAME plays on and saves to "
				   "itself"));
	leave_briefing(f->p);
	type_line(f->p, "move r2 0604");
	type_line(f->p, "save snap");
	assert_int_equal(session_save_as(f->s, "snap", path, sizeof path, err,
					 sizeof err),
			 0);
	anc_errs_init(&errs);
	copy = session_load(path, &errs);
	anc_errs_done(&errs);
	assert_non_null(copy);
	before = session_length(copy);
	events_init(&ev);
	assert_int_equal(session_apply_line(copy, "end", NULL, &ev, err,
					    sizeof err),
			 SESSION_OK);
	events_done(&ev);
	session_free(copy);
	anc_errs_init(&errs);
	copy = session_load(path, &errs);
	anc_errs_done(&errs);
	assert_non_null(copy);
	assert_int_equal(session_length(copy), before + 1);
	session_free(copy);
}

/* Watling Street's "Rome (Suetonius Paulinus)" is 25 columns: cut to the
 * status line's 24 it read "Rome (Suetonius Paulinu…>" at the prompt (a
 * playtest); it drops the general's name instead.  Only a name too long
 * without it is cut, and then ends in an ellipsis. */
static void
test_play_long_side_name_drops_its_general_not_cut(void **state)
{
	char buf[80];

	(void)state;
	assert_string_equal(describe_side_name("Red", buf, sizeof buf), "Red");
	assert_string_equal(
	    describe_side_name("Rome (Suetonius Paulinu)", buf, sizeof buf),
	    "Rome (Suetonius Paulinu)");
	assert_string_equal(
	    describe_side_name("Rome (Suetonius Paulinus)", buf, sizeof buf),
	    "Rome");
	assert_string_equal(
	    describe_side_name("The very long name of an army (Gen)", buf,
			       sizeof buf),
	    "The very long name of a\u2026");
	assert_string_equal(describe_side_name("\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9"
					       "\u00e9\u00e9\u00e9\u00e9\u00e9",
					       buf, sizeof buf),
			    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
			    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9"
			    "\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u2026");
}

/* While the computer plays, the prompt line says so and how to skip:
 * it does not invite the person to type for the computer's side. */
static void
test_play_prompt_says_the_computer_is_playing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char label[64];

	play_set_ai(p, 1, 1);
	leave_briefing(p);
	play_prompt_label(p, label, sizeof label);
	assert_string_equal(label, "Red");
	assert_non_null(strstr(play_prompt_idle(p), "to type a command"));
	play_ai_begin(p);
	play_prompt_label(p, label, sizeof label);
	assert_string_equal(label, "Computer");
	assert_non_null(strstr(play_prompt_idle(p), "any key skips"));
	p->ai.busy = false;
}

/* While the computer plays, the hint line says so, not the person's keys
 * ("Chatti moves: Tab unit, m move..."), at any width. */
static void
test_play_hint_says_the_computer_is_playing(void **state)
{
	struct fixture *f = *state;
	struct play *p = f->p;
	char hint[256];
	int w;

	play_set_ai(p, 1, 1);
	leave_briefing(p);
	type_line(p, "end");
	type_line(p, "end");
	type_line(p, "end");
	play_key(p, KEYM_ESC);
	assert_int_equal(game_side_to_act(p->g), 1);
	play_clear_msg(p);
	play_ai_begin(p);
	for (w = 40; w <= 100; w += 20) {
		play_hint(p, w, hint, sizeof hint);
		assert_true((int)strlen(hint) <= w);
		assert_null(strstr(hint, "m move"));
		assert_null(strstr(hint, "Tab"));
		assert_non_null(strstr(hint, "any key skips"));
	}
	play_hint(p, 80, hint, sizeof hint);
	assert_string_equal(hint, "the computer plays Blue: any key skips to "
				  "the end of its turn");
	p->ai.busy = false;
}

/* The unit card of every unit of sc names it once: a unit named as its
 * type (mons-graupius's bat1 "Batavian cohorts", a type named so too) has
 * no second line saying it again; any other name has its line. */
static void
card_names_once(const struct scenario *sc, const char *file, void *ctx)
{
	struct game *g = game_new(sc, 1);
	struct text t;
	int u, k, *named = ctx, seen;

	for (u = 0; u < sc->nunits; u++) {
		const char *type = game_unit_type(g, u)->name;

		text_init(&t);
		describe_unit(g, u, NULL, &t);
		for (k = 1, seen = 0; k < t.n; k++) {
			if (strcasecmp(t.v[k].text, type) == 0)
				fail_msg("%s: %s's card names \"%s\" twice",
					 file, sc->units[u].id, type);
			seen += strcmp(t.v[k].text, sc->units[u].name) == 0;
		}
		if (strcasecmp(sc->units[u].name, type) == 0)
			(*named)++;
		else if (sc->units[u].name[0] != '\0')
			assert_int_equal(seen, 1);
		text_done(&t);
	}
	game_free(g);
}

static void
test_play_unit_card_names_a_unit_named_as_its_type_once(void **state)
{
	int named = 0;

	(void)state;
	assert_true(shipped_each(card_names_once, &named) > 0);
	assert_true(named > 0); /* bat1, ch2, aux1... */
}

/* Where a unit may shoot, the shooting hint gives its keys: the
 * tutorial's velites have the Chatti in range on turn 1. */
static void
test_play_hint_gives_the_shooting_keys_when_a_shot_is_open(void **state)
{
	struct session *s = load_default(42);
	struct play *p = play_of(s);

	(void)state;
	leave_briefing(p);
	keys(p, "EE");
	assert_int_equal(p->g->phase, PHASE_SHOOTING);
	check_hint(p, 80, "s shoot", "? help");
	play_free(p);
	session_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		SMALL(test_play_briefing_says_who_plays),
		SMALL(test_play_cards_line_up_row_for_row),
		SMALL(test_play_prompt_says_the_computer_is_playing),
		SMALL(test_play_hint_says_the_computer_is_playing),
		cmocka_unit_test(test_play_hints_fit_the_message_line),
		cmocka_unit_test(test_play_says_why_no_unit_can_shoot),
		cmocka_unit_test(
		    test_play_hint_gives_the_shooting_keys_when_a_shot_is_open),
		cmocka_unit_test(test_play_status_words_stay_put),
		cmocka_unit_test(
		    test_play_solo_status_keeps_its_form_at_the_end),
		SMALL(test_play_end_page_gives_each_share_lost_r11_4),
		cmocka_unit_test(
		    test_play_unit_card_names_a_unit_named_as_its_type_once),
		cmocka_unit_test(
		    test_play_status_says_the_computer_plays_at_80_columns),
		SMALL(test_play_panel_says_what_each_unit_did),
		SMALL(test_play_t_names_what_is_missing),
		SMALL(test_play_questions_fit_80_columns),
		SMALL(
		    test_play_advance_question_names_the_unit_the_keys_answer_for),
		cmocka_unit_test(
		    test_play_long_side_name_drops_its_general_not_cut),
		cmocka_unit_test(
		    test_play_help_and_rules_name_the_letters_of_the_battles_types),
		cmocka_unit_test(test_play_rules_explain_the_battles_traits),
		SMALL(test_play_help_lists_odds),
		SMALL(test_play_help_says_a_resumed_save_copy_is_saved_to),
		SMALL(test_play_help_explains_the_ascii_facings),
		SMALL(test_play_log_says_what_rolls_needed),
		SMALL(test_play_log_names_sides_and_says_why),
		SMALL(test_play_breakpoint_past_zero_reads_as_spent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
