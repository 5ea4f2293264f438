/*
 * The army list loader (core/army.h): the shipped lists load with the
 * values they say, and each broken list (one defect apiece, in
 * tests/data/armies) gives exactly the error, at the line, expected.
 */
#include "config.h"

/* cmocka 1.1 needs these first, in this order. */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
/* clang-format on */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/army.h"
#include "core/err.h"

static struct army *
load_rel(const char *envvar, const char *rel, struct anc_errs *errs)
{
	const char *dir = getenv(envvar);
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", dir != NULL ? dir : ".", rel);
	return army_load_file(path, errs);
}

static void
test_army_shipped_lists_load(void **state)
{
	static const char *const names[] = {
		"armies/britons.ini", "armies/caledonians.ini",
		"armies/dacians.ini", "armies/germans.ini",
		"armies/romans.ini",
	};
	struct anc_errs errs;
	struct army *a;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		anc_errs_init(&errs);
		a = load_rel("TOP_SRCDIR", names[i], &errs);
		if (a == NULL)
			fail_msg("%s: %s (line %d)", names[i],
				 errs.n ? errs.v[0].msg : "?",
				 errs.n ? errs.v[0].line : 0);
		assert_true(a->nentries > 0);
		assert_true(a->ngenerals > 0);
		army_free(a);
		anc_errs_done(&errs);
	}
}

/* One unit type, one price: the lists agree on every type's cost (a
 * veteran unit pays one point more). */
static void
test_army_shipped_lists_price_each_type_alike(void **state)
{
	static const char *const names[] = {
		"armies/britons.ini", "armies/caledonians.ini",
		"armies/dacians.ini", "armies/germans.ini",
		"armies/romans.ini",
	};
	int price[UNITTYPE_BUILTIN_COUNT], t, e, gen = -1;
	struct anc_errs errs;
	struct army *a;
	size_t i;

	(void)state;
	for (t = 0; t < UNITTYPE_BUILTIN_COUNT; t++)
		price[t] = -1;
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		anc_errs_init(&errs);
		a = load_rel("TOP_SRCDIR", names[i], &errs);
		assert_non_null(a);
		for (e = 0; e < a->nentries; e++) {
			const struct army_entry *en = &a->entries[e];
			int base = en->cost - (en->veteran ? 1 : 0);

			for (t = 0; unittype_builtin(t) != en->type; t++)
				;
			if (price[t] < 0)
				price[t] = base;
			if (price[t] != base)
				fail_msg("%s: %s costs %d, elsewhere %d",
					 names[i], en->key, base, price[t]);
		}
		for (e = 0; e < a->ngenerals; e++) {
			if (a->generals[e].cost == 0)
				continue;
			if (gen < 0)
				gen = a->generals[e].cost;
			assert_int_equal(a->generals[e].cost, gen);
		}
		army_free(a);
		anc_errs_done(&errs);
	}
}

static void
test_army_good_list_has_its_values(void **state)
{
	static const char text[] = "; a list\n"
				   "[army]\n"
				   "name = Test list\n"
				   "side = Testers\n"
				   "terrain = woods hills\n"
				   "\n"
				   "[unit legio]\n"
				   "type = legionaries\n"
				   "cost = 5\n"
				   "min = 2\n"
				   "max = 4\n"
				   "veteran = YES\n"
				   "[unit vel]\n"
				   "type = velites\n"
				   "cost = 3\n"
				   "[general boss]\n"
				   "name = The boss\n"
				   "cost = 0\n";
	struct anc_errs errs;
	struct army *a;

	(void)state;
	anc_errs_init(&errs);
	a = army_load_text(text, sizeof text - 1, &errs);
	assert_non_null(a);
	assert_string_equal(a->name, "Test list");
	assert_string_equal(a->side, "Testers");
	assert_int_equal(a->ground, GROUND_WOODS | GROUND_HILLS);
	assert_int_equal(a->nentries, 2);
	assert_string_equal(a->entries[0].stem, "leg");
	assert_string_equal(a->entries[0].name, "Legionaries");
	assert_int_equal(a->entries[0].min, 2);
	assert_int_equal(a->entries[0].max, 4);
	assert_true(a->entries[0].veteran);
	assert_int_equal(a->entries[1].min, 0);
	assert_int_equal(a->entries[1].max, ARMY_COUNT_MAX);
	assert_int_equal(army_min_cost(a), 10);
	assert_string_equal(a->generals[0].name, "The boss");
	army_free(a);
	anc_errs_done(&errs);
}

struct bad {
	const char *file; /* in tests/data/armies */
	int line;
	const char *msg;
};

static const struct bad bad[] = {
	{ "empty.ini", 0, "file is empty" },
	{ "no-army.ini", 0, "no [army] section" },
	{ "unknown-section.ini", 5,
	  "unknown section \"[units]\" (did you mean \"unit\"?)" },
	{ "unknown-key.ini", 8,
	  "unknown key \"cots\" in [unit] (did you mean \"cost\"?)" },
	{ "repeated-key.ini", 9, "repeated key \"cost\" (first at line 8)" },
	{ "repeated-section.ini", 10,
	  "repeated section [unit wb] (first at line 6)" },
	{ "unknown-type.ini", 7,
	  "unknown unit type \"legionary\" (did you mean \"legionaries\"?)" },
	{ "cost-zero.ini", 8, "cost must be a number from 1 to 99, not \"0\"" },
	{ "cost-missing.ini", 6, "[unit wb] lacks \"cost\"" },
	{ "min-over-max.ini", 10, "min 5 is more than max 3" },
	{ "veteran-bad.ini", 9, "veteran must be yes or no, not \"maybe\"" },
	{ "indented.ini", 4,
	  "indented line (an army list has no continuation lines: keys and "
	  "headers start in column 1)" },
	{ "no-equals.ini", 9,
	  "expected \"key = value\" or \"[section]\", not \"cost 4\"" },
	{ "line-too-long.ini", 4, "line too long (210 bytes, at most 197)" },
	{ "unknown-terrain.ini", 4,
	  "unknown terrain \"wood\" (open, woods, marsh, hills or rough) (did "
	  "you mean \"woods\"?)" },
	{ "no-commander.ini", 1,
	  "the list has no general of cost 0 (its commander, who always "
	  "comes)" },
	{ "no-units.ini", 1, "the list has no [unit] entry" },
	{ "missing-side.ini", 1, "[army] lacks \"side\"" },
	{ "bad-id.ini", 8,
	  "bad id \"9x\" (1-5 letters, digits and \"-\", starting with a "
	  "letter)" },
	{ "name-too-long.ini", 2, "name too long (70 bytes, at most 64)" },
	{ "control-char.ini", 3,
	  "side holds a control character or bytes that are not UTF-8" },
	{ "header-trailing.ini", 6,
	  "text after \"]\" in section header: \"x\"" },
	{ "unit-key-bad.ini", 6,
	  "bad unit key \"Warband\" (1-20 of a-z, 0-9 and \"-\", starting with "
	  "a letter)" },
	{ "key-outside.ini", 1, "key \"name\" outside any section" },
};

static void
test_army_bad_lists_give_their_error_at_its_line(void **state)
{
	struct anc_errs errs;
	struct army *a;
	char rel[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		snprintf(rel, sizeof rel, "armies/%s", bad[i].file);
		anc_errs_init(&errs);
		a = load_rel("TEST_DATA_DIR", rel, &errs);
		if (a != NULL)
			fail_msg("%s loaded", bad[i].file);
		if (errs.n != 1 || errs.v[0].line != bad[i].line ||
		    strcmp(errs.v[0].msg, bad[i].msg) != 0)
			fail_msg("%s: %zu errors, the first at line %d: %s",
				 bad[i].file, errs.n,
				 errs.n ? errs.v[0].line : -1,
				 errs.n ? errs.v[0].msg : "");
		anc_errs_done(&errs);
	}
}

static void
test_army_missing_file_is_one_error(void **state)
{
	struct anc_errs errs;

	(void)state;
	anc_errs_init(&errs);
	assert_null(army_load_file("/nonexistent/army.ini", &errs));
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 0);
	anc_errs_done(&errs);
}

/* A NUL byte inih would cut the line at is refused with its line. */
static void
test_army_nul_byte_is_refused_at_its_line(void **state)
{
	static const char text[] = "[army]\nside = rome\nname = Ro\0me\n";
	struct anc_errs errs;
	size_t i;

	(void)state;
	anc_errs_init(&errs);
	assert_null(army_load_text(text, sizeof text - 1, &errs));
	for (i = 0; i < errs.n; i++)
		if (strcmp(errs.v[i].msg, "line holds a NUL byte") == 0)
			break;
	if (i == errs.n)
		fail_msg("no NUL error among %zu", errs.n);
	assert_int_equal(errs.v[i].line, 3);
	anc_errs_done(&errs);
}

/* Errors past ARMY_MAX_ERRORS are summed up in one last line. */
static void
test_army_too_many_errors_end_in_one_line(void **state)
{
	char text[4096];
	struct anc_errs errs;
	size_t n = 0;
	int i;

	(void)state;
	n += (size_t)snprintf(text + n, sizeof text - n, "[army]\n");
	for (i = 0; i < ARMY_MAX_ERRORS + 5; i++)
		n += (size_t)snprintf(text + n, sizeof text - n, "k%d = 1\n",
				      i);
	anc_errs_init(&errs);
	assert_null(army_load_text(text, n, &errs));
	assert_int_equal(errs.n, ARMY_MAX_ERRORS + 1);
	assert_int_equal(errs.v[ARMY_MAX_ERRORS].line, 0);
	assert_string_equal(errs.v[ARMY_MAX_ERRORS].msg, "too many errors");
	anc_errs_done(&errs);
}

static void
test_army_key_valid_as_a_side_key(void **state)
{
	(void)state;
	assert_true(army_key_valid("romans"));
	assert_true(army_key_valid("late-roman2"));
	assert_false(army_key_valid("Romans"));
	assert_false(army_key_valid("2romans"));
	assert_false(army_key_valid("draw"));
	assert_false(army_key_valid("a-very-long-army-name-x"));
	assert_false(army_key_valid(""));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_army_shipped_lists_load),
		cmocka_unit_test(test_army_shipped_lists_price_each_type_alike),
		cmocka_unit_test(test_army_good_list_has_its_values),
		cmocka_unit_test(
		    test_army_bad_lists_give_their_error_at_its_line),
		cmocka_unit_test(test_army_missing_file_is_one_error),
		cmocka_unit_test(test_army_nul_byte_is_refused_at_its_line),
		cmocka_unit_test(test_army_too_many_errors_end_in_one_line),
		cmocka_unit_test(test_army_key_valid_as_a_side_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
