/*
 * Tests of the start menu's model (src/ui/menu.c): moving, opening a
 * screen, going back, picking a leaf (its options), leaving, and keys
 * that do nothing.
 */
#include "config.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ui/keymap.h"
#include "ui/menu.h"

/* Root: "Tutorial" (ancients tutorial), "Battles" > "A" (ancients a),
 * "B" (ancients b), an entry with no options, and "Quit". */
static void
build(struct menu_entry *root)
{
	struct menu_entry *b;
	const char *t[] = { "tutorial" }, *a[] = { "a" },
		   *bb[] = { "--ai", "x", "b" };

	memset(root, 0, sizeof *root);
	menu_set_args(menu_add(root, "Tutorial"), t, 1);
	b = menu_add(root, "Battles");
	menu_add(root, "(nothing)");
	menu_add(root, "Quit")->quit = true;
	b = &root->kids[1];
	menu_set_detail(menu_add(b, "A"), "briefing of A");
	menu_set_args(&b->kids[0], a, 1);
	menu_set_args(menu_add(b, "B"), bb, 3);
}

static void
test_menu_moves_opens_and_picks(void **state)
{
	struct menu_entry root;
	struct menu m;

	(void)state;
	build(&root);
	menu_init(&m, &root);
	assert_int_equal(menu_current(&m), 0);
	assert_true(menu_key(&m, KEYM_UP, 10)); /* stays at the top */
	assert_int_equal(menu_current(&m), 0);
	assert_true(menu_key(&m, 'j', 10));
	assert_true(menu_key(&m, KEYM_ENTER, 10));
	assert_false(m.done);
	assert_ptr_equal(menu_screen(&m), &root.kids[1]);
	assert_true(menu_key(&m, KEYM_DOWN, 10));
	assert_true(menu_key(&m, KEYM_DOWN, 10)); /* stays at the end */
	assert_int_equal(menu_current(&m), 1);
	assert_true(menu_key(&m, 'l', 10));
	assert_true(m.done);
	assert_ptr_equal(m.picked, &root.kids[1].kids[1]);
	assert_string_equal(m.picked->args[0], "--ai");
	assert_string_equal(m.picked->args[2], "b");
	assert_null(m.picked->args[3]);
	menu_entry_done(&root);
}

static void
test_menu_back_leave_and_dead_keys(void **state)
{
	struct menu_entry root;
	struct menu m;

	(void)state;
	build(&root);
	menu_init(&m, &root);
	assert_false(menu_key(&m, 'x', 10)); /* does nothing */
	menu_key(&m, 'j', 10);
	menu_key(&m, KEYM_ENTER, 10);
	assert_true(menu_key(&m, KEYM_ESC, 10)); /* back */
	assert_false(m.done);
	assert_ptr_equal(menu_screen(&m), &root);
	assert_int_equal(menu_current(&m), 1);
	menu_key(&m, 'j', 10);
	assert_true(menu_key(&m, KEYM_ENTER, 10)); /* (nothing): no pick */
	assert_false(m.done);
	menu_key(&m, 'G', 10);
	menu_key(&m, KEYM_ENTER, 10); /* Quit */
	assert_true(m.done);
	assert_null(m.picked);

	menu_init(&m, &root);
	assert_true(menu_key(&m, 'q', 10)); /* q on the first screen */
	assert_true(m.done);
	assert_null(m.picked);
	menu_entry_done(&root);
}

static void
test_menu_scrolls_list_and_detail(void **state)
{
	struct menu_entry root;
	struct menu m;
	char label[8];
	int i;

	(void)state;
	memset(&root, 0, sizeof root);
	for (i = 0; i < 30; i++) {
		snprintf(label, sizeof label, "e%d", i);
		menu_add(&root, label);
	}
	menu_init(&m, &root);
	for (i = 0; i < 25; i++)
		menu_key(&m, 'j', 10);
	assert_int_equal(menu_current(&m), 25);
	assert_int_equal(m.top, 16); /* the chosen entry in view */
	menu_key(&m, 'g', 10);
	assert_int_equal(m.top, 0);
	menu_key(&m, KEYM_NPAGE, 10);
	assert_int_equal(m.detail_top, 9);
	menu_key(&m, KEYM_PPAGE, 10);
	menu_key(&m, KEYM_PPAGE, 10);
	assert_int_equal(m.detail_top, 0);
	menu_entry_done(&root);
}

/* A screen opens on its entry's default child (the level screen on the
 * default level), and Up still reaches the ones above it. */
static void
test_menu_opens_a_screen_on_its_default(void **state)
{
	struct menu_entry root = { 0 }, *side;
	struct menu m;

	(void)state;
	side = menu_add(&root, "You lead Rome");
	menu_add(side, "Level 1");
	menu_add(side, "Level 2");
	menu_add(side, "Level 3");
	side->start = 1;
	menu_init(&m, &root);
	assert_int_equal(menu_current(&m), 0);
	assert_true(menu_key(&m, KEYM_ENTER, 10));
	assert_ptr_equal(menu_screen(&m), side);
	assert_int_equal(menu_current(&m), 1);
	assert_true(menu_key(&m, KEYM_UP, 10));
	assert_int_equal(menu_current(&m), 0);
	menu_entry_done(&root);
}

/* A label too long for its column is cut and ends in an ellipsis, never
 * cut silently ("Continue: Teutoburg Forest, turn" read as whole). */
static void
test_menu_label_cut_ends_in_an_ellipsis(void **state)
{
	char buf[64];

	(void)state;
	menu_label_fit("Tutorial", 10, true, buf, sizeof buf);
	assert_string_equal(buf, "Tutorial");
	menu_label_fit("Tutorial!!", 10, true, buf, sizeof buf);
	assert_string_equal(buf, "Tutorial!!");
	menu_label_fit("Continue: Teutoburg Forest, turn 3", 20, true, buf,
		       sizeof buf);
	assert_string_equal(buf, "Continue: Teutoburg\xe2\x80\xa6");
	menu_label_fit("Continue: Teutoburg Forest, turn 3", 20, false, buf,
		       sizeof buf);
	assert_string_equal(buf, "Continue: Teutobu...");
	/* UTF-8 counts by characters: "Ch\xc3\xa2teau" is 7 columns. */
	menu_label_fit("Ch\xc3\xa2teau fort", 8, true, buf, sizeof buf);
	assert_string_equal(buf, "Ch\xc3\xa2teau\xe2\x80\xa6");
	menu_label_fit("abcdef", 2, false, buf, sizeof buf);
	assert_string_equal(buf, "ab");
}

/* What an entry runs is shown as a command line a shell would take. */
static void
test_menu_shows_the_command_line_of_a_leaf(void **state)
{
	struct menu_entry root = { 0 }, *leaf, *inner;
	const char *args[] = { "--resume", "/tmp/my saves/it's.save" };
	const char *level[] = { "--ai", "chatti", "--ai-level", "2",
				"tutorial" };
	char line[256], *text;

	(void)state;
	inner = menu_add(&root, "Battles");
	menu_set_detail(inner, "The shipped battles.");
	leaf = menu_add(&root, "Level 2");
	menu_set_args(leaf, level, 5);
	menu_command_line(leaf, line, sizeof line);
	assert_string_equal(line, "ancients --ai chatti --ai-level 2 tutorial");
	/* No detail of its own: the command line alone. */
	text = menu_detail_text(leaf);
	assert_string_equal(text, line);
	free(text);
	/* An inner entry runs nothing: its detail alone. */
	inner = &root.kids[0];
	text = menu_detail_text(inner);
	assert_string_equal(text, "The shipped battles.");
	free(text);
	menu_command_line(inner, line, sizeof line);
	assert_string_equal(line, "");
	leaf = menu_add(&root, "A save");
	menu_set_detail(leaf, "Tutorial, turn 2 of 6.");
	menu_set_args(leaf, args, 2);
	text = menu_detail_text(leaf);
	assert_string_equal(text, "Tutorial, turn 2 of 6.\n\nancients --resume "
				  "'/tmp/my saves/it'\\''s.save'");
	free(text);
	/* Cut to the room given, never past it. */
	menu_command_line(leaf, line, 12);
	assert_string_equal(line, "ancients --");
	menu_entry_done(&root);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_menu_moves_opens_and_picks),
		cmocka_unit_test(test_menu_opens_a_screen_on_its_default),
		cmocka_unit_test(test_menu_label_cut_ends_in_an_ellipsis),
		cmocka_unit_test(test_menu_back_leave_and_dead_keys),
		cmocka_unit_test(test_menu_scrolls_list_and_detail),
		cmocka_unit_test(test_menu_shows_the_command_line_of_a_leaf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
