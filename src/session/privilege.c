/*
 * The set-group-ID privilege (privilege.h): lowered at start, raised
 * only around the shared directory's files, and the checks that keep a
 * symlink, FIFO or foreign file in that directory from being used.
 */
#include "config.h"

#include "session/privilege.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Process-wide, as the credentials they mirror. */
static bool held;	/* the binary runs set-group-ID */
static gid_t real_gid;	/* the player's group */
static gid_t game_gid;	/* the set-group-ID group */
static int depth;	/* privilege_raise() calls not yet lowered */

/*
 * Whether the running binary is set-group-ID to gid: true also when the
 * player's own group is the game's (a launcher running every player as
 * games:games), where the effective and real groups are the same.
 */
static bool
exe_setgid_to(gid_t gid)
{
	struct stat st;

	return stat("/proc/self/exe", &st) == 0 && (st.st_mode & S_ISGID) &&
	       st.st_gid == gid;
}

int
privilege_init(void)
{
	real_gid = getgid();
	game_gid = getegid();
	depth = 0;
	if (geteuid() != getuid())
		return -1; /* never meant to be set-user-ID */
	if (game_gid != real_gid) {
		/* The saved group keeps the game's group for raising. */
		if (setresgid(real_gid, real_gid, game_gid) != 0 ||
		    getegid() != real_gid)
			return -1;
		held = true;
	} else
		held = exe_setgid_to(real_gid);
	return 0;
}

bool
privilege_held(void)
{
	return held;
}

gid_t
privilege_group(void)
{
	return held ? game_gid : getgid();
}

void
privilege_raise(void)
{
	if (depth++ == 0 && held && game_gid != real_gid)
		(void)setresgid((gid_t)-1, game_gid, (gid_t)-1);
}

void
privilege_lower(void)
{
	if (depth > 0 && --depth == 0 && held && game_gid != real_gid) {
		/* Failing to lower is not a state to run on. */
		if (setresgid((gid_t)-1, real_gid, (gid_t)-1) != 0)
			_exit(70);
	}
}

int
privilege_open_dir(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd, e;

	privilege_raise();
	fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	e = errno;
	privilege_lower();
	if (fd < 0) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(e));
		errno = e;
		return -1;
	}
	if (fstat(fd, &st) != 0 ||
	    (held && ((st.st_mode & S_IWOTH) || st.st_gid != game_gid))) {
		snprintf(err, errlen,
			 "%s is not the game's own directory (it must belong "
			 "to the game's group and not be writable by others)",
			 path);
		close(fd);
		errno = EPERM;
		return -1;
	}
	return fd;
}

bool
privilege_file_ok(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	       st.st_nlink == 1 && (!held || st.st_gid == game_gid);
}

int
privilege_openat(int dirfd, const char *name, int flags, mode_t mode)
{
	int fd, fl;

	if (name[0] == '\0' || strchr(name, '/') != NULL ||
	    strcmp(name, ".") == 0 || strcmp(name, "..") == 0) {
		errno = EINVAL;
		return -1;
	}
	privilege_raise();
	fd = openat(dirfd, name, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC,
		    mode);
	fl = errno;
	privilege_lower();
	if (fd < 0) {
		errno = fl;
		return -1;
	}
	if (!privilege_file_ok(fd)) {
		close(fd);
		errno = EPERM;
		return -1;
	}
	if ((fl = fcntl(fd, F_GETFL)) >= 0)
		(void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	return fd;
}
