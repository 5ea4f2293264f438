/*
 * Tests of the command language (commands.md): case rules, comments, `\r`,
 * word counts, hexes, facings and dice values; the canonical form that
 * command_format() writes and its round trip through command_parse(); and
 * the promise that a refused command changes nothing and takes no dice.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"

static const char words_ini[] = FX_HEAD FX_MAP("8", "8")
    FX_UNIT("vel", "a", "velites", "0406", "N")
    FX_UNIT("u", "a", "auxilia", "0403", "S")
    FX_UNIT("t", "b", "auxilia", "0404", "N")
    FX_GENERAL("gen", "a", "vel");

/* Parses a line; returns command_parse()'s result. */
static int
parse(const struct fx *f, const char *line, struct command *c)
{
	char err[256];

	return command_parse(f->sc, line, c, err, sizeof err);
}

/* A line that must be an error whose message holds a phrase. */
#define assert_parse_error(f, line, phrase)                                  \
	do {                                                                 \
		struct command c_;                                           \
		char err_[256] = "";                                         \
		int r_ = command_parse((f)->sc, (line), &c_, err_,           \
		    sizeof err_);                                            \
		if (r_ != -1 || strstr(err_, (phrase)) == NULL)              \
			fail_msg("\"%s\": result %d, \"%s\" lacks \"%s\"",   \
			    (line), r_, err_, (phrase));                     \
	} while (0)

/* A line that must parse and print back as canon. */
#define assert_canonical(f, line, canon)                                     \
	do {                                                                 \
		struct command c_, d_;                                       \
		char buf_[256], again_[256];                                 \
		assert_int_equal(parse((f), (line), &c_), 1);                \
		command_format((f)->sc, &c_, buf_, sizeof buf_);             \
		assert_string_equal(buf_, (canon));                          \
		assert_int_equal(parse((f), buf_, &d_), 1);                  \
		command_format((f)->sc, &d_, again_, sizeof again_);         \
		assert_string_equal(again_, (canon));                        \
	} while (0)

static void
test_command_verbs_and_facings_ignore_case(void **state)
{
	struct fx *f = *state;
	struct command c;

	fx_load(f, words_ini);
	assert_int_equal(parse(f, "MOVE vel 0305 ne", &c), 1);
	assert_int_equal(c.verb, VERB_MOVE);
	assert_int_equal(c.unit, fx_unit(f, "vel"));
	assert_true(hex_equal(c.hex, (struct hex){ 3, 5 }));
	assert_true(c.has_facing);
	assert_int_equal(c.facing, FACING_NE);
	assert_int_equal(parse(f, "Pivot vel sW", &c), 1);
	assert_int_equal(c.verb, VERB_PIVOT);
	assert_int_equal(c.facing, FACING_SW);
	assert_int_equal(parse(f, "eNd", &c), 1);
	assert_int_equal(c.verb, VERB_END);
	assert_int_equal(parse(f, "PUSH vel PIVOT n", &c), 1);
	assert_int_equal(c.action, VERB_PIVOT);
	assert_int_equal(c.facing, FACING_N);
	fx_do(f, "MoVe vel 0305 Nw");
	fx_assert_unit(f, "vel", "0305", "NW", 0);
}

static void
test_command_ids_are_case_sensitive(void **state)
{
	struct fx *f = *state;

	fx_load(f, words_ini);
	assert_parse_error(f, "move VEL 0305", "no unit \"VEL\"");
	assert_parse_error(f, "attack u T", "no unit \"T\"");
	assert_parse_error(f, "general GEN vel", "no general \"GEN\"");
}

static void
test_command_hash_starts_a_comment_anywhere(void **state)
{
	struct fx *f = *state;
	struct command c;

	fx_load(f, words_ini);
	assert_int_equal(parse(f, "end#x", &c), 1);
	assert_int_equal(c.verb, VERB_END);
	assert_int_equal(parse(f, "move vel 0305#NE", &c), 1);
	assert_false(c.has_facing);
	assert_int_equal(parse(f, "move vel 0305 SE # and then some", &c), 1);
	assert_int_equal(c.facing, FACING_SE);
	assert_int_equal(parse(f, "dice 3#4 5", &c), 1);
	assert_int_equal(c.ndice, 1);
	assert_int_equal(c.dice[0], 3);
	assert_int_equal(parse(f, "# move vel 0305", &c), 0);
	assert_int_equal(parse(f, "   #", &c), 0);
	/* A comment does not hide missing words. */
	assert_parse_error(f, "pivot vel # N", "needs more words");
}

static void
test_command_blank_lines_do_nothing(void **state)
{
	struct fx *f = *state;
	struct command c;

	fx_load(f, words_ini);
	assert_int_equal(parse(f, "", &c), 0);
	assert_int_equal(parse(f, "\n", &c), 0);
	assert_int_equal(parse(f, " \t \r\n", &c), 0);
}

static void
test_command_carriage_return_is_white_space(void **state)
{
	struct fx *f = *state;
	struct command c;

	fx_load(f, words_ini);
	assert_int_equal(parse(f, "end\r\n", &c), 1);
	assert_int_equal(c.verb, VERB_END);
	assert_int_equal(parse(f, "move vel 0305 S\r\n", &c), 1);
	assert_int_equal(c.facing, FACING_S);
	assert_int_equal(parse(f, "pivot\rvel\rN\r", &c), 1);
	assert_int_equal(c.verb, VERB_PIVOT);
}

static void
test_command_extra_words_are_an_error(void **state)
{
	static const char *const lines[] = {
		"end now", "dump all", "first x", "second x",
		"pivot vel N S", "move vel 0305 NE x", "attack u t t",
		"shoot vel t u", "advance u u", "hold u now",
		"general gen u vel", "charge vel t 0405 x",
		"push vel pivot N S", "push vel move 0305 N x",
		"push vel charge t 0405 0406",
	};
	struct fx *f = *state;
	size_t i;

	fx_load(f, words_ini);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		assert_parse_error(f, lines[i],
		    strncmp(lines[i], "end", 3) == 0 ||
		    strncmp(lines[i], "dump", 4) == 0 ||
		    strncmp(lines[i], "first", 5) == 0 ||
		    strncmp(lines[i], "second", 6) == 0 ? "takes no words" :
		    "too many words");
}

static void
test_command_missing_words_are_an_error(void **state)
{
	static const char *const lines[] = {
		"move vel", "move", "pivot vel", "charge vel", "attack u",
		"shoot vel", "advance", "hold", "general gen", "push vel",
		"push vel move", "push vel pivot", "push vel charge",
	};
	struct fx *f = *state;
	size_t i;

	fx_load(f, words_ini);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		assert_parse_error(f, lines[i], "needs more words");
}

static void
test_command_unknown_verbs_and_push_actions(void **state)
{
	struct fx *f = *state;

	fx_load(f, words_ini);
	assert_parse_error(f, "fly vel 0305", "unknown command \"fly\"");
	assert_parse_error(f, "push vel attack t", "not \"attack\"");
	assert_parse_error(f, "push vel push vel pivot N", "not \"push\"");
	assert_parse_error(f, "push vel end", "not \"end\"");
}

static void
test_command_units_and_generals_are_told_apart(void **state)
{
	struct fx *f = *state;

	fx_load(f, words_ini);
	assert_parse_error(f, "move gen 0305", "\"gen\" is a general, not a "
	    "unit");
	assert_parse_error(f, "general vel u", "\"vel\" is a unit, not a "
	    "general");
	assert_parse_error(f, "general gen gen", "is a general, not a unit");
	assert_parse_error(f, "general nobody u", "no general \"nobody\"");
}

static void
test_command_a_hex_is_exactly_four_digits(void **state)
{
	static const char *const lines[] = {
		"move vel 305", "move vel 03055", "move vel 0a05",
		"move vel 0005", "move vel 0300", "move vel -305",
		"move vel +305", "move vel 03 05", "charge vel t 04o5",
		"push vel move 305",
	};
	struct fx *f = *state;
	size_t i;

	fx_load(f, words_ini);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		assert_parse_error(f, lines[i], "is not a hex");
	/* Four digits off the map parse; the game refuses them. */
	fx_refuse_why(f, "move vel 9999", "off the map");
	/* Four digits with a column or row 00 are four digits: the refusal
	 * says what is wrong with them instead. */
	assert_parse_error(f, "move vel 0005", "\"0005\" is not a hex: columns "
	    "and rows are numbered from 01 (0305 is column 3, row 5)");
	assert_parse_error(f, "move vel 0300", "numbered from 01");
	assert_parse_error(f, "move vel 305", "\"305\" is not a hex: write "
	    "four digits, column then row (0305)");
}

static void
test_command_facings_are_the_six_vertices(void **state)
{
	static const char *const lines[] = {
		"pivot vel E", "pivot vel W", "pivot vel north",
		"pivot vel NNE", "pivot vel 12", "move vel 0305 ENE",
		"push vel pivot up",
	};
	struct fx *f = *state;
	size_t i;

	fx_load(f, words_ini);
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		assert_parse_error(f, lines[i], "is not a facing");
}

/* commands.md: one `dice` command carries at most 128 values. */
static void
test_command_dice_take_at_most_128_values(void **state)
{
	struct fx *f = *state;
	struct command c;
	char line[8 + 2 * (COMMAND_DICE_MAX + 1)];
	int i;

	fx_load(f, words_ini);
	strcpy(line, "dice");
	for (i = 0; i < COMMAND_DICE_MAX; i++)
		strcat(line, " 4");
	assert_int_equal(parse(f, line, &c), 1);
	assert_int_equal(c.ndice, COMMAND_DICE_MAX);
	strcat(line, " 4");
	assert_parse_error(f, line, "at most 128");
}

static void
test_command_dice_take_values_one_to_six(void **state)
{
	static const char *const lines[] = {
		"dice 0", "dice 7", "dice 12", "dice 1 2 x", "dice 3.0",
		"dice -1", "dice 1 2 3 9",
	};
	struct fx *f = *state;
	struct command c;
	size_t i;

	fx_load(f, words_ini);
	assert_parse_error(f, "dice", "at least one value");
	for (i = 0; i < sizeof lines / sizeof lines[0]; i++)
		assert_parse_error(f, lines[i], "is not a die");
	assert_int_equal(dice_forced_left(&f->g->dice), 0);
	assert_int_equal(parse(f, "dice 1 6 3", &c), 1);
	assert_int_equal(c.ndice, 3);
	assert_int_equal(c.dice[1], 6);
	/* Dice left over stay queued, in order. */
	fx_do(f, "dice 1 6 3");
	fx_do(f, "dice 2");
	assert_int_equal(dice_forced_left(&f->g->dice), 4);
	assert_int_equal(dice_d6(&f->g->dice), 1);
	assert_int_equal(dice_d6(&f->g->dice), 6);
	assert_int_equal(dice_d6(&f->g->dice), 3);
	assert_int_equal(dice_d6(&f->g->dice), 2);
}

static void
test_command_words_too_long(void **state)
{
	struct fx *f = *state;
	char line[128];

	fx_load(f, words_ini);
	snprintf(line, sizeof line, "move %0100d 0305", 7);
	assert_parse_error(f, line, "too long");
}

static void
test_command_format_is_canonical_and_round_trips(void **state)
{
	struct fx *f = *state;

	fx_load(f, words_ini);
	assert_canonical(f, "MOVE vel 0305 ne # go", "move vel 0305 NE");
	assert_canonical(f, "move  vel\t0305", "move vel 0305");
	assert_canonical(f, "pivot vel sw\r", "pivot vel SW");
	assert_canonical(f, "charge vel t", "charge vel t");
	assert_canonical(f, "Charge vel t 0405", "charge vel t 0405");
	assert_canonical(f, "push vel MOVE 0305 se", "push vel move 0305 SE");
	assert_canonical(f, "push vel move 0305", "push vel move 0305");
	assert_canonical(f, "push vel pivot nw", "push vel pivot NW");
	assert_canonical(f, "push vel charge t", "push vel charge t");
	assert_canonical(f, "push vel charge t 0405",
	    "push vel charge t 0405");
	assert_canonical(f, "GENERAL gen u", "general gen u");
	assert_canonical(f, "shoot vel t", "shoot vel t");
	assert_canonical(f, "attack u t#x", "attack u t");
	assert_canonical(f, "advance u", "advance u");
	assert_canonical(f, "hold u", "hold u");
	assert_canonical(f, "first", "first");
	assert_canonical(f, "SECOND", "second");
	assert_canonical(f, "end#x", "end");
	assert_canonical(f, "dump", "dump");
	assert_canonical(f, "dice 1  6\t2", "dice 1 6 2");
}

/*
 * A refused command changes nothing (commands.md): fx_refuse() checks the
 * digest (state and dice position), the dice rolled and the queue.
 */
static void
test_command_refused_commands_take_no_dice(void **state)
{
	struct fx *f = *state;
	uint64_t digest;

	fx_load(f, words_ini);
	fx_dice(f, "6 6 6 6 6");
	digest = game_digest(f->g);
	fx_do(f, "dump");
	assert_true(game_digest(f->g) == digest);
	fx_refuse(f, "push vel pivot S");	/* no action yet */
	fx_refuse(f, "charge u t");		/* engaged */
	fx_refuse(f, "move vel 0404");		/* occupied */
	fx_refuse(f, "shoot vel t");		/* wrong phase */
	fx_refuse(f, "general gen t");		/* enemy */
	fx_refuse(f, "advance u");		/* nothing pending */
	fx_refuse(f, "second");			/* nothing seized */
	assert_int_equal(dice_forced_left(&f->g->dice), 5);
	assert_true(game_digest(f->g) == digest);
}

static void
test_command_refused_push_and_attack_take_no_dice(void **state)
{
	struct fx *f = *state;

	fx_load(f, words_ini);
	fx_do(f, "move vel 0407");
	fx_dice(f, "1 1 1 1");
	/* The action is checked before the push die is rolled. */
	fx_refuse_why(f, "push vel move 0404", "held by t");
	fx_refuse_why(f, "push vel charge u", "not an enemy");
	fx_refuse_why(f, "push vel pivot N", "already faces N");
	fx_do(f, "end");
	fx_refuse_why(f, "shoot vel u", "used a movement action");
	fx_refuse_why(f, "shoot u t", "no missile weapons");
	fx_do(f, "end");
	fx_refuse_why(f, "attack vel t", "not an enemy in one of vel's front");
	fx_refuse_why(f, "end", "(R9.1): u");
	assert_int_equal(dice_forced_left(&f->g->dice), 4);
	fx_do(f, "attack u t");
	assert_int_equal(dice_forced_left(&f->g->dice), 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_command_verbs_and_facings_ignore_case),
		FX_TEST(test_command_ids_are_case_sensitive),
		FX_TEST(test_command_hash_starts_a_comment_anywhere),
		FX_TEST(test_command_blank_lines_do_nothing),
		FX_TEST(test_command_carriage_return_is_white_space),
		FX_TEST(test_command_extra_words_are_an_error),
		FX_TEST(test_command_missing_words_are_an_error),
		FX_TEST(test_command_unknown_verbs_and_push_actions),
		FX_TEST(test_command_units_and_generals_are_told_apart),
		FX_TEST(test_command_a_hex_is_exactly_four_digits),
		FX_TEST(test_command_facings_are_the_six_vertices),
		FX_TEST(test_command_dice_take_values_one_to_six),
		FX_TEST(test_command_dice_take_at_most_128_values),
		FX_TEST(test_command_words_too_long),
		FX_TEST(test_command_format_is_canonical_and_round_trips),
		FX_TEST(test_command_refused_commands_take_no_dice),
		FX_TEST(test_command_refused_push_and_attack_take_no_dice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
