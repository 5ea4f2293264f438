/*
 * The conformance examples of the spec (tests/conformance, copied from
 * spec/examples) and the project's own situations in the same form
 * (tests/situations, each written from spec/rules.md and commands.md, its
 * name the rule it proves): each scenario is played in batch mode with seed
 * 1 and its commands; the final dump must match the expected one line for
 * line and exactly the expected number of commands must be refused.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/batch.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "session/session.h"

#define NEXAMPLES 35

static const char *
tests_dir(const char *sub)
{
	const char *top = getenv("TOP_SRCDIR");
	static char dir[4096];

	snprintf(dir, sizeof dir, "%s/tests/%s", top ? top : ".", sub);
	return dir;
}

static const char *
example_dir(void)
{
	return tests_dir("conformance");
}

static char *
slurp(FILE *f)
{
	long n;
	char *buf;

	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_non_null(buf);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	return buf;
}

/* The text from the last line starting "game " through its "end" line. */
static const char *
last_dump(const char *out)
{
	const char *p = out, *last = NULL;

	while ((p = strstr(p, "game ")) != NULL) {
		if (p == out || p[-1] == '\n')
			last = p;
		p++;
	}
	return last;
}

static int
count_errors(const char *out)
{
	const char *p = out;
	int n = 0;

	while (*p != '\0') {
		if (strncmp(p, "error:", 6) == 0)
			n++;
		p = strchr(p, '\n');
		if (p == NULL)
			break;
		p++;
	}
	return n;
}

static void
run_example_in(const char *dir, const char *name)
{
	char path[4200];
	struct anc_errs errs;
	struct scenario *sc;
	struct session *s;
	FILE *in, *out, *ef;
	char *got, *expect, *expect_dump;
	const char *dump;
	int want_errors;

	anc_errs_init(&errs);
	snprintf(path, sizeof path, "%s/%s.ini", dir, name);
	sc = scenario_load_file(path, &errs);
	if (sc == NULL && errs.n > 0)
		print_error("%s:%d: %s\n", path, errs.v[0].line, errs.v[0].msg);
	assert_non_null(sc);
	snprintf(path, sizeof path, "%s/%s.cmds", dir, name);
	in = fopen(path, "r");
	assert_non_null(in);
	out = tmpfile();
	assert_non_null(out);
	s = session_adopt(sc, name, 1);
	session_allow_dice(s, true);
	batch_play(s, in, out);
	got = slurp(out);
	snprintf(path, sizeof path, "%s/%s.expect", dir, name);
	ef = fopen(path, "r");
	assert_non_null(ef);
	expect = slurp(ef);
	assert_int_equal(sscanf(expect, "errors %d", &want_errors), 1);
	expect_dump = strchr(expect, '\n') + 1;
	dump = last_dump(got);
	if (dump == NULL || strcmp(dump, expect_dump) != 0 ||
	    count_errors(got) != want_errors)
		print_error("--- output of %s ---\n%s--- expected %d errors "
			    "and ---\n%s",
			    name, got, want_errors, expect_dump);
	assert_non_null(dump);
	assert_string_equal(dump, expect_dump);
	assert_int_equal(count_errors(got), want_errors);
	free(got);
	free(expect);
	fclose(in);
	fclose(out);
	fclose(ef);
	session_free(s);
	anc_errs_done(&errs);
}

static void
run_example(const char *name)
{
	run_example_in(example_dir(), name);
}

/*
 * Whether tests/fixtures.am (included by Makefile.am) lists the situation's
 * three files: one left out of EXTRA_DIST would be missing from the release
 * and its check with it.
 */
static void
assert_distributed(const char *name)
{
	static const char *const ext[] = { ".ini", ".cmds", ".expect" };
	const char *top = getenv("TOP_SRCDIR");
	char path[4200], want[4200];
	char *makefile;
	FILE *f;
	size_t i;

	snprintf(path, sizeof path, "%s/tests/fixtures.am", top ? top : ".");
	f = fopen(path, "r");
	assert_non_null(f);
	makefile = slurp(f);
	fclose(f);
	for (i = 0; i < sizeof ext / sizeof ext[0]; i++) {
		snprintf(want, sizeof want, "tests/situations/%s%s ", name,
			 ext[i]);
		if (strstr(makefile, want) == NULL) {
			want[strlen(want) - 1] = '\n';
			if (strstr(makefile, want) == NULL)
				fail_msg("tests/fixtures.am does not list "
					 "tests/situations/%s%s",
					 name, ext[i]);
		}
	}
	free(makefile);
}

/* One situation of tests/situations; its name is the test's state. */
static void
test_situation(void **state)
{
	assert_distributed(*state);
	run_example_in(tests_dir("situations"), *state);
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * The situations are found in their directory, so adding one is adding its
 * three files; each runs as a test named after it.
 */
static int
run_situations(void)
{
	DIR *d = opendir(tests_dir("situations"));
	struct dirent *de;
	struct CMUnitTest *tests = NULL;
	char **names = NULL;
	size_t n = 0, cap = 0, len, i;
	int failed;

	if (d == NULL) {
		print_error("cannot open %s\n", tests_dir("situations"));
		return 1;
	}
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len <= 4 || strcmp(de->d_name + len - 4, ".ini") != 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 32;
			names = realloc(names, cap * sizeof *names);
			assert_non_null(names);
		}
		names[n] = strndup(de->d_name, len - 4);
		assert_non_null(names[n]);
		n++;
	}
	closedir(d);
	if (n == 0)
		return 0;
	qsort(names, n, sizeof *names, by_name);
	tests = calloc(n, sizeof *tests);
	assert_non_null(tests);
	for (i = 0; i < n; i++) {
		tests[i].name = names[i];
		tests[i].test_func = test_situation;
		tests[i].initial_state = names[i];
	}
	failed = _cmocka_run_group_tests("situations", tests, n, NULL, NULL);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	free(tests);
	return failed;
}

static void
test_LOS_hexside_both_blocked(void **state)
{
	(void)state;
	run_example("LOS-hexside-both-blocked");
}

static void
test_LOS_hexside_one_side_blocked(void **state)
{
	(void)state;
	run_example("LOS-hexside-one-side-blocked");
}

static void
test_LOS_hexside_unit_and_woods(void **state)
{
	(void)state;
	run_example("LOS-hexside-unit-and-woods");
}

static void
test_LOS_hexside_woods_one_side(void **state)
{
	(void)state;
	run_example("LOS-hexside-woods-one-side");
}

static void
test_LOS_high_hill_blocks(void **state)
{
	(void)state;
	run_example("LOS-high-hill-blocks");
}

static void
test_LOS_hill_blocks(void **state)
{
	(void)state;
	run_example("LOS-hill-blocks");
}

static void
test_LOS_hill_not_higher_than_both(void **state)
{
	(void)state;
	run_example("LOS-hill-not-higher-than-both");
}

static void
test_R10_1_morale_3plus(void **state)
{
	(void)state;
	run_example("R10.1-morale-3plus");
}

static void
test_R10_3_empty_before_friend(void **state)
{
	(void)state;
	run_example("R10.3-empty-before-friend");
}

static void
test_R10_3_farther_from_enemy(void **state)
{
	(void)state;
	run_example("R10.3-farther-from-enemy");
}

static void
test_R10_3_tie_lower_clock(void **state)
{
	(void)state;
	run_example("R10.3-tie-lower-clock");
}

static void
test_R10_6_end_refused_while_pending(void **state)
{
	(void)state;
	run_example("R10.6-end-refused-while-pending");
}

static void
test_R10_6_two_attackers(void **state)
{
	(void)state;
	run_example("R10.6-two-attackers");
}

static void
test_R10_7_join_tie_lowest_hex(void **state)
{
	(void)state;
	run_example("R10.7-join-tie-lowest-hex");
}

static void
test_R11_3_draw(void **state)
{
	(void)state;
	run_example("R11.3-draw");
}

static void
test_R11_4_both_hold_share_draw(void **state)
{
	(void)state;
	run_example("R11.4-both-hold-share-draw");
}

static void
test_R11_4_game_over_refuses(void **state)
{
	(void)state;
	run_example("R11.4-game-over-refuses");
}

static void
test_R11_4_share(void **state)
{
	(void)state;
	run_example("R11.4-share");
}

static void
test_R11_4_victory_hexes(void **state)
{
	(void)state;
	run_example("R11.4-victory-hexes");
}

static void
test_R12_2_holder_rolls_first_turn3(void **state)
{
	(void)state;
	run_example("R12.2-holder-rolls-first-turn3");
}

static void
test_R12_2_seize_by_3(void **state)
{
	(void)state;
	run_example("R12.2-seize-by-3");
}

static void
test_R4_3_charge_path_avoids_enemy_zone(void **state)
{
	(void)state;
	run_example("R4.3-charge-path-avoids-enemy-zone");
}

static void
test_R4_4_rear_taken(void **state)
{
	(void)state;
	run_example("R4.4-rear-taken");
}

static void
test_R5_11_transfer_then_push_reroll(void **state)
{
	(void)state;
	run_example("R5.11-transfer-then-push-reroll");
}

static void
test_R5_6_formed_prepivot(void **state)
{
	(void)state;
	run_example("R5.6-formed-prepivot");
}

static void
test_R5_6_nimble_charge_facing(void **state)
{
	(void)state;
	run_example("R5.6-nimble-charge-facing");
}

static void
test_R5_6_nimble_charge_hex(void **state)
{
	(void)state;
	run_example("R5.6-nimble-charge-hex");
}

static void
test_R5_7_fatigue_rout(void **state)
{
	(void)state;
	run_example("R5.7-fatigue-rout");
}

static void
test_R5_7_push_after_charge_pivot_only(void **state)
{
	(void)state;
	run_example("R5.7-push-after-charge-pivot-only");
}

static void
test_R5_7_push_not_immediate(void **state)
{
	(void)state;
	run_example("R5.7-push-not-immediate");
}

static void
test_R6_ford_attacker(void **state)
{
	(void)state;
	run_example("R6-ford-attacker");
}

static void
test_R6_2_charge_into_woods_target(void **state)
{
	(void)state;
	run_example("R6.2-charge-into-woods-target");
}

static void
test_R8_3_min_one_die(void **state)
{
	(void)state;
	run_example("R8.3-min-one-die");
}

static void
test_R9_4_impetuous_rout(void **state)
{
	(void)state;
	run_example("R9.4-impetuous-rout");
}

static void
test_R9_5_shooting_risk(void **state)
{
	(void)state;
	run_example("R9.5-shooting-risk");
}

/* Every example in the directory is one of the tests above. */
static void
test_conformance_directory_has_no_untested_example(void **state)
{
	DIR *d = opendir(example_dir());
	struct dirent *de;
	size_t len;
	int n = 0;

	(void)state;
	assert_non_null(d);
	while ((de = readdir(d)) != NULL) {
		len = strlen(de->d_name);
		if (len > 4 && strcmp(de->d_name + len - 4, ".ini") == 0)
			n++;
	}
	closedir(d);
	assert_int_equal(n, NEXAMPLES);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_LOS_hexside_both_blocked),
		cmocka_unit_test(test_LOS_hexside_one_side_blocked),
		cmocka_unit_test(test_LOS_hexside_unit_and_woods),
		cmocka_unit_test(test_LOS_hexside_woods_one_side),
		cmocka_unit_test(test_LOS_high_hill_blocks),
		cmocka_unit_test(test_LOS_hill_blocks),
		cmocka_unit_test(test_LOS_hill_not_higher_than_both),
		cmocka_unit_test(test_R10_1_morale_3plus),
		cmocka_unit_test(test_R10_3_empty_before_friend),
		cmocka_unit_test(test_R10_3_farther_from_enemy),
		cmocka_unit_test(test_R10_3_tie_lower_clock),
		cmocka_unit_test(test_R10_6_end_refused_while_pending),
		cmocka_unit_test(test_R10_6_two_attackers),
		cmocka_unit_test(test_R10_7_join_tie_lowest_hex),
		cmocka_unit_test(test_R11_3_draw),
		cmocka_unit_test(test_R11_4_both_hold_share_draw),
		cmocka_unit_test(test_R11_4_game_over_refuses),
		cmocka_unit_test(test_R11_4_share),
		cmocka_unit_test(test_R11_4_victory_hexes),
		cmocka_unit_test(test_R12_2_holder_rolls_first_turn3),
		cmocka_unit_test(test_R12_2_seize_by_3),
		cmocka_unit_test(test_R4_3_charge_path_avoids_enemy_zone),
		cmocka_unit_test(test_R4_4_rear_taken),
		cmocka_unit_test(test_R5_11_transfer_then_push_reroll),
		cmocka_unit_test(test_R5_6_formed_prepivot),
		cmocka_unit_test(test_R5_6_nimble_charge_facing),
		cmocka_unit_test(test_R5_6_nimble_charge_hex),
		cmocka_unit_test(test_R5_7_fatigue_rout),
		cmocka_unit_test(test_R5_7_push_after_charge_pivot_only),
		cmocka_unit_test(test_R5_7_push_not_immediate),
		cmocka_unit_test(test_R6_ford_attacker),
		cmocka_unit_test(test_R6_2_charge_into_woods_target),
		cmocka_unit_test(test_R8_3_min_one_die),
		cmocka_unit_test(test_R9_4_impetuous_rout),
		cmocka_unit_test(test_R9_5_shooting_risk),
		cmocka_unit_test(
		    test_conformance_directory_has_no_untested_example),
	};

	int failed =
	    cmocka_run_group_tests_name("conformance", tests, NULL, NULL);

	return failed + run_situations();
}
