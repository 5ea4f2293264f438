/*
 * Tests of the prompt's pure parts: the line editor and its history
 * (src/ui/lineedit.c) and tab completion (src/ui/complete.c), with a
 * small fake grammar standing in for the game's.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/complete.h"
#include "ui/lineedit.h"

static int
setup(void **state)
{
	struct lineedit *le = calloc(1, sizeof *le);

	if (le == NULL)
		return -1;
	lineedit_init(le);
	*state = le;
	return 0;
}

static int
teardown(void **state)
{
	free(*state);
	return 0;
}

static void
type(struct lineedit *le, const char *s)
{
	for (; *s != '\0'; s++)
		assert_true(lineedit_insert(le, (unsigned char)*s));
}

static void
test_lineedit_insert_and_move(void **state)
{
	struct lineedit *le = *state;

	type(le, "mve");
	assert_string_equal(lineedit_text(le), "mve");
	assert_true(lineedit_op(le, LE_LEFT));
	assert_true(lineedit_op(le, LE_LEFT));
	type(le, "o");
	assert_string_equal(lineedit_text(le), "move");
	assert_int_equal(le->cur, 2);
	assert_true(lineedit_op(le, LE_END));
	assert_int_equal(le->cur, 4);
	assert_false(lineedit_op(le, LE_RIGHT)); /* already at the end */
	assert_true(lineedit_op(le, LE_HOME));
	assert_false(lineedit_op(le, LE_LEFT));
	assert_false(lineedit_insert(le, '\t')); /* not printable */
	assert_false(lineedit_insert(le, 0x80));
	assert_string_equal(lineedit_text(le), "move");
}

static void
test_lineedit_deletes(void **state)
{
	struct lineedit *le = *state;

	type(le, "move leg1 0404");
	assert_true(lineedit_op(le, LE_BACKSPACE));
	assert_string_equal(lineedit_text(le), "move leg1 040");
	assert_true(lineedit_op(le, LE_KILL_WORD));
	assert_string_equal(lineedit_text(le), "move leg1 ");
	assert_true(lineedit_op(le, LE_KILL_WORD));
	assert_string_equal(lineedit_text(le), "move ");
	assert_true(lineedit_op(le, LE_HOME));
	assert_true(lineedit_op(le, LE_DELETE));
	assert_string_equal(lineedit_text(le), "ove ");
	assert_false(lineedit_op(le, LE_BACKSPACE)); /* at the start */
	assert_true(lineedit_op(le, LE_WORD_RIGHT));
	assert_int_equal(le->cur, 3);
	assert_true(lineedit_op(le, LE_KILL_END));
	assert_string_equal(lineedit_text(le), "ove");
	assert_true(lineedit_op(le, LE_WORD_LEFT));
	assert_int_equal(le->cur, 0);
	assert_true(lineedit_op(le, LE_KILL_LINE));
	assert_string_equal(lineedit_text(le), "");
}

static void
test_lineedit_full_line_refuses_more(void **state)
{
	struct lineedit *le = *state;
	int i;

	for (i = 0; i < LINEEDIT_MAX - 1; i++)
		assert_true(lineedit_insert(le, 'x'));
	assert_false(lineedit_insert(le, 'x'));
	assert_int_equal(strlen(lineedit_text(le)), LINEEDIT_MAX - 1);
}

static void
test_lineedit_history_keeps_the_new_line(void **state)
{
	struct lineedit *le = *state;

	lineedit_history_add(le, "move leg1 0404");
	lineedit_history_add(le, "end");
	lineedit_history_add(le, "end"); /* repeat: once */
	lineedit_history_add(le, "   "); /* blank: never */
	assert_int_equal(le->nhist, 2);
	lineedit_clear(le);
	type(le, "piv");
	assert_true(lineedit_op(le, LE_HIST_PREV));
	assert_string_equal(lineedit_text(le), "end");
	assert_true(lineedit_op(le, LE_HIST_PREV));
	assert_string_equal(lineedit_text(le), "move leg1 0404");
	assert_false(lineedit_op(le, LE_HIST_PREV)); /* oldest */
	assert_true(lineedit_op(le, LE_BACKSPACE));  /* edit a copy */
	assert_true(lineedit_op(le, LE_HIST_NEXT));
	assert_string_equal(lineedit_text(le), "end");
	assert_true(lineedit_op(le, LE_HIST_NEXT));
	assert_string_equal(lineedit_text(le), "piv"); /* back again */
	assert_false(lineedit_op(le, LE_HIST_NEXT));
	assert_string_equal(le->hist[0], "move leg1 0404");
}

static void
test_lineedit_history_drops_the_oldest(void **state)
{
	struct lineedit *le = *state;
	char line[16];
	int i;

	for (i = 0; i < LINEEDIT_HISTORY + 5; i++) {
		snprintf(line, sizeof line, "cmd%d", i);
		lineedit_history_add(le, line);
	}
	assert_int_equal(le->nhist, LINEEDIT_HISTORY);
	assert_string_equal(le->hist[0], "cmd5");
	snprintf(line, sizeof line, "cmd%d", LINEEDIT_HISTORY + 4);
	assert_string_equal(le->hist[LINEEDIT_HISTORY - 1], line);
}

static void
test_lineedit_view_keeps_the_cursor_in_the_field(void **state)
{
	struct lineedit *le = *state;

	type(le, "0123456789");
	assert_int_equal(lineedit_view(le, 20), 0);
	assert_int_equal(lineedit_view(le, 5), 6); /* "6789" + cursor */
	assert_true(lineedit_op(le, LE_HOME));
	assert_int_equal(lineedit_view(le, 5), 0);
}

/*
 * A grammar like the game's: verbs, then "move UNIT HEX FACING" and
 * "pivot UNIT FACING"; units leg1 leg2 Wb3; hexes 0404 0405 0504.
 */
static void
fake_source(void *arg, int argi, const char *const *words, int nwords,
	    struct complete_list *out)
{
	static const char *const verbs[] = { "move", "pivot", "push", "end" };
	static const char *const facings[] = {
		"N", "NE", "SE", "S", "SW", "NW"
	};
	int *calls = arg, i;

	(*calls)++;
	assert_int_equal(argi, nwords);
	if (argi == 0) {
		out->nocase = true;
		for (i = 0; i < 4; i++)
			complete_add(out, verbs[i]);
	} else if (argi == 1) {
		complete_add(out, "leg1");
		complete_add(out, "leg2");
		complete_add(out, "Wb3");
	} else if (argi == 2 && strcmp(words[0], "move") == 0) {
		complete_add(out, "0404");
		complete_add(out, "0405");
		complete_add(out, "0504");
	} else if ((argi == 2 && strcmp(words[0], "pivot") == 0) || argi == 3) {
		out->nocase = true;
		for (i = 0; i < 6; i++)
			complete_add(out, facings[i]);
	}
}

static int
complete(const char *line, struct complete_result *res)
{
	int calls = 0, n;

	n = complete_line(line, strlen(line), fake_source, &calls, res);
	return n;
}

static void
test_complete_line_verbs(void **state)
{
	struct complete_result res;

	(void)state;
	assert_int_equal(complete("mo", &res), 1);
	assert_true(res.unique);
	assert_int_equal(res.start, 0);
	assert_string_equal(res.replace, "move ");
	assert_int_equal(complete("PI", &res), 1); /* verbs: any case */
	assert_string_equal(res.replace, "pivot ");
	assert_int_equal(complete("p", &res), 2);
	assert_false(res.unique);
	assert_string_equal(res.replace, "p");
	assert_int_equal(complete("", &res), 4);
	assert_string_equal(res.replace, "");
	assert_int_equal(complete("x", &res), 0);
}

static void
test_complete_line_units_hexes_facings(void **state)
{
	struct complete_result res;

	(void)state;
	assert_int_equal(complete("move l", &res), 2);
	assert_int_equal(res.start, 5);
	assert_string_equal(res.replace, "leg"); /* shared prefix */
	assert_int_equal(res.matches.n, 2);
	assert_string_equal(res.matches.words[0], "leg1");
	assert_string_equal(res.matches.words[1], "leg2");
	assert_int_equal(complete("move w", &res), 0); /* IDs: exact case */
	assert_int_equal(complete("move W", &res), 1);
	assert_string_equal(res.replace, "Wb3 ");
	assert_int_equal(complete("move  leg1   05", &res), 1);
	assert_int_equal(res.start, 13);
	assert_string_equal(res.replace, "0504 ");
	assert_int_equal(complete("move leg1 0404 n", &res), 3);
	assert_string_equal(res.replace, "N");
	assert_int_equal(complete("pivot leg2 sw", &res), 1);
	assert_string_equal(res.replace, "SW ");
}

static void
test_complete_line_stops_at_comments_and_long_lines(void **state)
{
	struct complete_result res;

	(void)state;
	assert_int_equal(complete("move # le", &res), 0);
	assert_int_equal(complete("a b c d e f g h i j k", &res), 0);
}

static void
test_complete_add_skips_duplicates(void **state)
{
	struct complete_list l;
	int i;

	(void)state;
	memset(&l, 0, sizeof l);
	complete_add(&l, "a");
	complete_add(&l, "a");
	complete_add(&l, "a-word-that-is-far-too-long-to-keep");
	assert_int_equal(l.n, 1);
	for (i = 0; i < COMPLETE_MAX + 10; i++) {
		char w[8];

		snprintf(w, sizeof w, "w%d", i);
		complete_add(&l, w);
	}
	assert_int_equal(l.n, COMPLETE_MAX);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_lineedit_insert_and_move,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_lineedit_deletes, setup,
						teardown),
		cmocka_unit_test_setup_teardown(
		    test_lineedit_full_line_refuses_more, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_lineedit_history_keeps_the_new_line, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_lineedit_history_drops_the_oldest, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_lineedit_view_keeps_the_cursor_in_the_field, setup,
		    teardown),
		cmocka_unit_test(test_complete_line_verbs),
		cmocka_unit_test(test_complete_line_units_hexes_facings),
		cmocka_unit_test(
		    test_complete_line_stops_at_comments_and_long_lines),
		cmocka_unit_test(test_complete_add_skips_duplicates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
