/*
 * How text from files is shown (safetext.h, docs/safe-text.md).
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "core/safetext.h"

static void
shown(const char *in, bool keep_newline, const char *want)
{
	char *got = safetext_dup(in, keep_newline);

	assert_string_equal(got, want);
	free(got);
}

static void
test_printable_text_shows_as_itself(void **state)
{
	(void)state;
	shown("Teutoburg, AD 9", false, "Teutoburg, AD 9");
	shown("Légion \\ ★ 𝔄", false, "Légion \\ ★ 𝔄");
	assert_true(safetext_is_clean("Légion ★", false));
}

static void
test_escape_sequences_are_made_visible(void **state)
{
	(void)state;
	shown("Tu\033]2;pwned\a\033[31mtorial", false,
	      "Tu\\e]2;pwned\\x07\\e[31mtorial");
	shown("a\tb\rc\x7f", false, "a\\x09b\\x0dc\\x7f");
	assert_false(safetext_is_clean("a\033b", false));
}

static void
test_c1_controls_and_bad_utf8_are_made_visible(void **state)
{
	(void)state;
	shown("\xc2\x9b"
	      "2J",
	      false, "\\xc2\\x9b2J"); /* C1 CSI */
	shown("\x9b"
	      "31m",
	      false, "\\x9b31m");			 /* 8-bit CSI */
	shown("\xc0\x9b", false, "\\xc0\\x9b");		 /* overlong */
	shown("\xe0\x82\x9b", false, "\\xe0\\x82\\x9b"); /* overlong */
	shown("\xed\xa0\x80", false, "\\xed\\xa0\\x80"); /* surrogate */
	shown("\xf4\x90\x80\x80", false, "\\xf4\\x90\\x80\\x80");
	shown("\xe2\x98", false, "\\xe2\\x98"); /* cut short */
}

static void
test_newline_kept_only_in_lines(void **state)
{
	(void)state;
	shown("one\ntwo", true, "one\ntwo");
	shown("one\ntwo", false, "one\\x0atwo");
}

static void
test_copy_cuts_at_a_whole_escape_or_character(void **state)
{
	char buf[6];

	(void)state;
	assert_string_equal(safetext_copy(buf, sizeof buf, "abcd\033", false),
			    "abcd");
	assert_string_equal(safetext_copy(buf, sizeof buf, "abc\x01", false),
			    "abc");
	assert_string_equal(safetext_copy(buf, sizeof buf, "abc★", false),
			    "abc");
	assert_string_equal(safetext_copy(buf, sizeof buf, "ab★", false),
			    "ab★");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_printable_text_shows_as_itself),
		cmocka_unit_test(test_escape_sequences_are_made_visible),
		cmocka_unit_test(
		    test_c1_controls_and_bad_utf8_are_made_visible),
		cmocka_unit_test(test_newline_kept_only_in_lines),
		cmocka_unit_test(test_copy_cuts_at_a_whole_escape_or_character),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
