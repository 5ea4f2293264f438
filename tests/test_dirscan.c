/*
 * Tests of the directory listing every scan of the game goes through
 * (src/core/dirscan.c): what the keep function accepts is gathered and
 * sorted, what it refuses leaves nothing, a walk of element size 0 sees
 * every entry and keeps none, the caller's opener is the one used, a
 * directory that cannot be opened says so with errno, and a listing
 * takes a missing directory for an empty one.  Each test lists a
 * temporary directory of its own (tmphome.h).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "core/dirscan.h"
#include "tmphome.h"

static void
touch(const struct tmphome *h, const char *name)
{
	char *path = dirscan_path(h->dir, name, "");
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fclose(f);
	free(path);
}

static int
setup(void **state)
{
	struct tmphome *h = calloc(1, sizeof *h);

	if (h == NULL || tmphome_make(h, "ancients-test-dirscan") != 0)
		return -1;
	*state = h;
	return 0;
}

static int
teardown(void **state)
{
	tmphome_remove(*state);
	free(*state);
	return 0;
}

/* Keeps the names ending in .ini that are not hidden, as copies. */
static bool
keep_ini(const char *dir, const char *name, void *slot, void *arg)
{
	char **kept = slot;

	(void)dir;
	(void)arg;
	if (name[0] == '.' || !dirscan_has_suffix(name, ".ini"))
		return false;
	*kept = strdup(name);
	return *kept != NULL;
}

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void
test_kept_entries_come_back_sorted_and_refused_ones_do_not(void **state)
{
	const struct tmphome *h = *state;
	const struct dirscan how = { .size = sizeof(char *),
				     .keep = keep_ini,
				     .cmp = by_name };
	char **v;
	long n, i;

	touch(h, "zama.ini");
	touch(h, "cannae.ini");
	touch(h, ".hidden.ini");
	touch(h, "notes.txt");
	touch(h, "ilerda.ini");
	v = dirscan(h->dir, &how, &n);
	assert_int_equal(n, 3);
	assert_non_null(v);
	assert_string_equal(v[0], "cannae.ini");
	assert_string_equal(v[1], "ilerda.ini");
	assert_string_equal(v[2], "zama.ini");
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static void
test_nothing_kept_is_no_array_and_zero(void **state)
{
	const struct tmphome *h = *state;
	const struct dirscan how = { .size = sizeof(char *), .keep = keep_ini };
	long n = -7;

	touch(h, "notes.txt");
	assert_null(dirscan(h->dir, &how, &n));
	assert_int_equal(n, 0);
}

/* Counts every entry it is shown and keeps none. */
static bool
count_entry(const char *dir, const char *name, void *slot, void *arg)
{
	int *seen = arg;

	(void)dir;
	(void)name;
	assert_null(slot);
	(*seen)++;
	return false;
}

static void
test_walk_of_size_zero_sees_every_entry_and_keeps_none(void **state)
{
	const struct tmphome *h = *state;
	int seen = 0;
	const struct dirscan how = { .keep = count_entry, .arg = &seen };
	long n = -7;

	touch(h, "a.save");
	touch(h, ".a.save.Xy12Zq");
	assert_null(dirscan(h->dir, &how, &n));
	assert_int_equal(n, 0);
	assert_int_equal(seen, 4); /* the two files, "." and ".." */
}

static int opened;

static DIR *
counting_open(const char *dir)
{
	opened++;
	return opendir(dir);
}

static void
test_the_callers_opener_opens_the_directory(void **state)
{
	const struct tmphome *h = *state;
	const struct dirscan how = { .size = sizeof(char *),
				     .keep = keep_ini,
				     .open = counting_open };
	char **v;
	long n;

	touch(h, "zama.ini");
	opened = 0;
	v = dirscan(h->dir, &how, &n);
	assert_int_equal(opened, 1);
	assert_int_equal(n, 1);
	free(v[0]);
	free(v);
}

static void
test_missing_directory_is_minus_one_with_errno(void **state)
{
	const struct tmphome *h = *state;
	const struct dirscan how = { .size = sizeof(char *), .keep = keep_ini };
	char *missing = dirscan_path(h->dir, "nowhere", "");
	long n = 0;

	errno = 0;
	assert_null(dirscan(missing, &how, &n));
	assert_int_equal(n, -1);
	assert_int_equal(errno, ENOENT);
	free(missing);
}

static void
test_listing_of_a_missing_directory_is_empty(void **state)
{
	const struct tmphome *h = *state;
	const struct dirscan how = { .size = sizeof(char *), .keep = keep_ini };
	char *missing = dirscan_path(h->dir, "nowhere", ""), err[256] = "";
	long n = -7;

	assert_null(dirscan_listing(missing, &how, &n, err, sizeof err));
	assert_int_equal(n, 0);
	assert_string_equal(err, "");
	free(missing);
}

static void
test_listing_of_an_unreadable_directory_says_why(void **state)
{
	const struct tmphome *h = *state;
	const struct dirscan how = { .size = sizeof(char *), .keep = keep_ini };
	char *file = dirscan_path(h->dir, "zama.ini", ""), err[600], want[600];
	long n = 0;

	touch(h, "zama.ini");
	assert_null(dirscan_listing(file, &how, &n, err, sizeof err));
	assert_int_equal(n, -1);
	snprintf(want, sizeof want, "cannot read %s: %s", file,
		 strerror(ENOTDIR));
	assert_string_equal(err, want);
	free(file);
}

static void
test_suffix_is_the_end_of_the_name(void **state)
{
	(void)state;
	assert_true(dirscan_has_suffix("zama.ini", ".ini"));
	assert_true(dirscan_has_suffix(".ini", ".ini"));
	assert_false(dirscan_has_suffix("zama.ini.bak", ".ini"));
	assert_false(dirscan_has_suffix("ini", ".ini"));
}

static void
test_path_joins_directory_name_and_suffix(void **state)
{
	char *p = dirscan_path("/var/games", "duel", ".journal");

	(void)state;
	assert_string_equal(p, "/var/games/duel.journal");
	free(p);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
		    test_kept_entries_come_back_sorted_and_refused_ones_do_not,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_nothing_kept_is_no_array_and_zero, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_walk_of_size_zero_sees_every_entry_and_keeps_none,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_the_callers_opener_opens_the_directory, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_missing_directory_is_minus_one_with_errno, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_listing_of_a_missing_directory_is_empty, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_listing_of_an_unreadable_directory_says_why, setup,
		    teardown),
		cmocka_unit_test(test_suffix_is_the_end_of_the_name),
		cmocka_unit_test(test_path_joins_directory_name_and_suffix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
