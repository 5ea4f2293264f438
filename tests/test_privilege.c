/*
 * What privilege_openat() accepts in the shared directory
 * (src/session/privilege.c): a file the game made, and nothing else -
 * a symlink is never followed, a FIFO never blocks, a directory, a
 * device-like node or a hard-linked file is refused - and the privilege
 * calls nest.  Run unprivileged (the test binary is not set-group-ID);
 * the set-group-ID install is tests/hostile_accounts.sh's.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/privilege.h"

struct dir {
	char path[128];
	int fd;
};

static int
setup(void **state)
{
	struct dir *d = calloc(1, sizeof *d);
	char err[256];

	assert_non_null(d);
	snprintf(d->path, sizeof d->path, "/tmp/ancients-test-priv.XXXXXX");
	assert_non_null(mkdtemp(d->path));
	assert_int_equal(privilege_init(), 0);
	d->fd = privilege_open_dir(d->path, err, sizeof err);
	assert_true(d->fd >= 0);
	*state = d;
	return 0;
}

static int
teardown(void **state)
{
	struct dir *d = *state;
	char cmd[200];

	close(d->fd);
	snprintf(cmd, sizeof cmd, "rm -rf %s", d->path);
	assert_int_equal(system(cmd), 0);
	free(d);
	return 0;
}

/* A path in the test directory. */
static const char *
in(const struct dir *d, const char *name)
{
	static char buf[256];

	snprintf(buf, sizeof buf, "%s/%s", d->path, name);
	return buf;
}

static void
test_privilege_a_file_the_game_makes_opens(void **state)
{
	struct dir *d = *state;
	int fd = privilege_openat(d->fd, "g.journal",
				  O_RDWR | O_CREAT | O_EXCL, 0600);

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "x\n", 2), 2);
	assert_false(fcntl(fd, F_GETFL) & O_NONBLOCK);
	assert_true(fcntl(fd, F_GETFD) & FD_CLOEXEC);
	close(fd);
	fd = privilege_openat(d->fd, "g.journal", O_RDONLY, 0);
	assert_true(fd >= 0);
	close(fd);
}

static void
test_privilege_a_symlink_is_never_followed(void **state)
{
	struct dir *d = *state;
	char target[256];
	struct stat st;
	int fd;

	snprintf(target, sizeof target, "%s", in(d, "victim"));
	fd = open(target, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, "keep\n", 5), 5);
	close(fd);
	assert_int_equal(symlink(target, in(d, "g.rome.lock")), 0);
	errno = 0;
	assert_int_equal(privilege_openat(d->fd, "g.rome.lock",
					  O_RDWR | O_CREAT, 0600),
			 -1);
	assert_int_equal(errno, ELOOP);
	assert_int_equal(stat(target, &st), 0);
	assert_int_equal(st.st_size, 5); /* untouched */
}

static void
test_privilege_a_fifo_is_refused_without_blocking(void **state)
{
	struct dir *d = *state;

	assert_int_equal(mkfifo(in(d, "g.journal"), 0600), 0);
	/* Blocking here would hang the test; the suite's timeout says so. */
	errno = 0;
	assert_int_equal(privilege_openat(d->fd, "g.journal", O_RDONLY, 0),
			 -1);
	assert_int_equal(errno, EPERM);
	assert_int_equal(privilege_openat(d->fd, "g.journal", O_WRONLY, 0),
			 -1);
}

static void
test_privilege_a_directory_is_refused(void **state)
{
	struct dir *d = *state;

	assert_int_equal(mkdir(in(d, "g.journal"), 0700), 0);
	assert_int_equal(privilege_openat(d->fd, "g.journal", O_RDONLY, 0),
			 -1);
}

static void
test_privilege_a_hard_linked_file_is_refused(void **state)
{
	struct dir *d = *state;
	char first[256];
	int fd;

	snprintf(first, sizeof first, "%s", in(d, "mine"));
	fd = open(first, O_WRONLY | O_CREAT, 0600);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(link(first, in(d, "g.journal")), 0);
	errno = 0;
	assert_int_equal(privilege_openat(d->fd, "g.journal", O_RDWR, 0),
			 -1);
	assert_int_equal(errno, EPERM);
}

static void
test_privilege_a_name_is_one_path_component(void **state)
{
	struct dir *d = *state;

	errno = 0;
	assert_int_equal(privilege_openat(d->fd, "../etc-passwd", O_RDONLY,
					  0),
			 -1);
	assert_int_equal(errno, EINVAL);
	assert_int_equal(privilege_openat(d->fd, "..", O_RDONLY, 0), -1);
	assert_int_equal(privilege_openat(d->fd, "", O_RDONLY, 0), -1);
}

static void
test_privilege_a_symlinked_directory_is_refused(void **state)
{
	struct dir *d = *state;
	char err[256];

	assert_int_equal(symlink(d->path, in(d, "link")), 0);
	assert_int_equal(privilege_open_dir(in(d, "link"), err, sizeof err),
			 -1);
	assert_non_null(strstr(err, "cannot open"));
}

static void
test_privilege_unprivileged_raise_and_lower_nest_and_change_nothing(
    void **state)
{
	gid_t g = getegid();

	(void)state;
	assert_false(privilege_held());
	assert_int_equal(privilege_group(), getgid());
	privilege_raise();
	privilege_raise();
	privilege_lower();
	assert_int_equal(getegid(), g);
	privilege_lower();
	privilege_lower(); /* one too many is harmless */
	assert_int_equal(getegid(), g);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_file_the_game_makes_opens, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_symlink_is_never_followed, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_fifo_is_refused_without_blocking, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_directory_is_refused, setup, teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_hard_linked_file_is_refused, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_name_is_one_path_component, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_a_symlinked_directory_is_refused, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(
		    test_privilege_unprivileged_raise_and_lower_nest_and_change_nothing,
		    setup, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
