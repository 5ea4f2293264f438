/*
 * The shared directory and its files (shared.h, sharedir.h): where the
 * directory is, games' names and the paths of their files, who holds a
 * side or watches (read from the lock files, never taking a lock), and
 * the listing of the games there (--games).  Seats, locks taken and
 * commands applied under the journal's lock are in shared.c.
 */
#include "config.h"

#include "session/sharedir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "core/dirscan.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "session/privilege.h"
#include "session/savedir.h"
#include "session/seat.h"
#include "session/shared.h"

/* --- The directory and games' names --- */

int
shared_dir(char *buf, size_t len, bool create, char *err, size_t errlen)
{
	const char *env = getenv("ANCIENTS_SHARED_DIR");
	char base[4096];
	struct stat st;
	int n;

	/* Set-group-ID: the installed directory, whatever the environment
	 * says (docs/security.md); the package makes it. */
	if (privilege_held()) {
		snprintf(buf, len, "%s", SHARED_GAMES_DIR);
		privilege_raise();
		n = lstat(buf, &st);
		privilege_lower();
		if (n != 0 || !S_ISDIR(st.st_mode)) {
			snprintf(err, errlen,
				 "the shared games' directory %s is missing: "
				 "reinstall the game's package",
				 buf);
			return -1;
		}
		return 0;
	}
	if (env != NULL && env[0] != '\0')
		n = snprintf(buf, len, "%s", env);
	else {
		if (savedir_path(base, sizeof base, create, err, errlen) != 0)
			return -1;
		n = snprintf(buf, len, "%s/shared", base);
	}
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen,
			 "the shared games' directory's path is "
			 "too long");
		return -1;
	}
	if (create && mkdir(buf, 0700) != 0 && errno != EEXIST) {
		snprintf(err, errlen, "cannot create %s: %s", buf,
			 strerror(errno));
		return -1;
	}
	return 0;
}

bool
sharedir_name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_';
}

int
shared_check_name(const char *name, char *err, size_t errlen)
{
	size_t i;

	for (i = 0; name[i] != '\0'; i++)
		if (!sharedir_name_char(name[i]) || i >= SHARED_NAME_MAX)
			break;
	if (i > 0 && name[i] == '\0')
		return 0;
	if (i == 0 && name[0] == '\0')
		snprintf(err, errlen, "a shared game needs a name");
	else if (i >= SHARED_NAME_MAX)
		snprintf(err, errlen,
			 "a game's name has at most %d "
			 "characters",
			 SHARED_NAME_MAX);
	else
		snprintf(err, errlen,
			 "a game's name is letters, digits, - "
			 "and _ only: character %zu is not one",
			 i + 1);
	return -1;
}

int
shared_journal(const char *name, char *buf, size_t len, char *err,
	       size_t errlen)
{
	char dir[4096], why[128];
	struct stat st;
	int n;

	if (shared_check_name(name, why, sizeof why) != 0)
		return 0;
	if (shared_dir(dir, sizeof dir, false, err, errlen) != 0)
		return -1;
	n = snprintf(buf, len, "%s/%s" JOURNAL_SUFFIX, dir, name);
	if (n < 0 || (size_t)n >= len) {
		snprintf(err, errlen, "the path of %s's journal is too long",
			 name);
		return -1;
	}
	if (sharedir_stat(buf, &st) == 0)
		return 1;
	if (errno == ENOENT || errno == ENOTDIR)
		return 0;
	/* Not "no such game": this account may not look (issue 31). */
	snprintf(err, errlen,
		 "cannot look for a shared game called %s in %s: %s (this "
		 "account may not read the shared games' directory; its "
		 "owner or the game's install must let it)",
		 name, dir, strerror(errno));
	return -2;
}

int
shared_default_name(const char *label, char *buf, size_t len, char *err,
		    size_t errlen)
{
	char dir[4096], base[SHARED_NAME_MAX - 4], *path;
	const char *p = strrchr(label, '/');
	struct stat st;
	size_t n = 0;
	int i;

	p = p != NULL ? p + 1 : label;
	for (; *p != '\0' && *p != '.' && n + 1 < sizeof base; p++)
		if (sharedir_name_char(*p))
			base[n++] = *p;
	if (n == 0)
		n = (size_t)snprintf(base, sizeof base, "tutorial");
	base[n] = '\0';
	if (shared_dir(dir, sizeof dir, false, err, errlen) != 0)
		return -1;
	for (i = 1; i < 1000; i++) {
		snprintf(buf, len, "%s-%d", base, i);
		path = dirscan_path(dir, buf, JOURNAL_SUFFIX);
		n = sharedir_stat(path, &st) == 0;
		free(path);
		if (n == 0)
			return 0;
	}
	snprintf(err, errlen,
		 "no free name for a game of %s: give one with "
		 "--name",
		 base);
	return -1;
}

/* --- Files of the directory --- */

int
sharedir_open(const char *path, int flags, unsigned mode)
{
	const char *slash = strrchr(path, '/');
	char *dir, err[256];
	int dfd, fd, e;

	if (slash == NULL) {
		errno = EINVAL;
		return -1;
	}
	dir = xstrndup(path, slash > path ? (size_t)(slash - path) : 1);
	dfd = privilege_open_dir(dir, err, sizeof err);
	free(dir);
	if (dfd < 0)
		return -1;
	fd = privilege_openat(dfd, slash + 1, flags, (mode_t)mode);
	e = errno;
	close(dfd);
	errno = e;
	return fd;
}

int
sharedir_stat(const char *path, struct stat *st)
{
	int r, e;

	privilege_raise();
	r = lstat(path, st);
	e = errno;
	privilege_lower();
	errno = e;
	return r;
}

int
sharedir_unlink(const char *path)
{
	int r, e;

	privilege_raise();
	r = unlink(path);
	e = errno;
	privilege_lower();
	errno = e;
	return r;
}

void
sharedir_safe_name(const char *text, char *buf, size_t len)
{
	size_t i, o = 0;

	for (i = 0; text[i] != '\0' && o + 1 < len; i++)
		if (sharedir_name_char(text[i]) || text[i] == '.' ||
		    text[i] == '@')
			buf[o++] = text[i];
	buf[o] = '\0';
}

/* --- Who is at a game --- */

/* Never takes the lock, so it never gets in a joining player's way. */
bool
sharedir_lock_held(const char *path, char *login, size_t len)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	struct stat st;
	char text[64];
	ssize_t n;
	int fd;

	if (login != NULL && len > 0)
		login[0] = '\0';
	/* Never a FIFO (it would block --games), a symlink or a file
	 * the game did not make: only such a file is a lock. */
	if ((fd = sharedir_open(path, O_RDONLY, 0)) < 0)
		return false;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    fcntl(fd, F_GETLK, &fl) != 0 || fl.l_type == F_UNLCK) {
		close(fd);
		return false;
	}
	n = pread(fd, text, sizeof text - 1, 0);
	close(fd);
	if (login != NULL && n > 0) {
		/* Whoever could write it, only a name's characters leave. */
		text[n] = '\0';
		text[strcspn(text, " \n")] = '\0';
		sharedir_safe_name(text, login, len);
	}
	return true;
}

char *
sharedir_side_lock(const char *dir, const char *name, const char *key)
{
	size_t n = strlen(key) + 8;
	char *suffix = xmalloc(n), *p;

	snprintf(suffix, n, ".%s.lock", key);
	p = dirscan_path(dir, name, suffix);
	free(suffix);
	return p;
}

/* The directory's entries are listed with the game's privilege, the
 * files in it then opened one by one with the checks of privilege.h. */
static DIR *
open_shared(const char *dir)
{
	DIR *d;
	int e;

	privilege_raise();
	d = opendir(dir);
	e = errno;
	privilege_lower();
	errno = e;
	return d;
}

/* What sharedir_presence() looks for: the watchers of one game. */
struct watch_scan {
	char prefix[SHARED_NAME_MAX + 16]; /* NAME.watch. */
	size_t plen;
	int my_side;
	struct shared_presence *p;
};

/* Counts a watcher's lock file that is held; removes a dead one's. */
static bool
count_watcher(const char *dir, const char *name, void *slot, void *arg)
{
	struct watch_scan *ws = arg;
	char *path;
	long pid;

	(void)slot;
	if (strncmp(name, ws->prefix, ws->plen) != 0)
		return false;
	pid = strtol(name + ws->plen, NULL, 10);
	if (ws->my_side == SHARED_WATCHER && pid == (long)getpid()) {
		ws->p->watchers++;
		return false;
	}
	path = dirscan_path(dir, name, "");
	if (sharedir_lock_held(path, NULL, 0))
		ws->p->watchers++;
	else if (pid > 0 && kill((pid_t)pid, 0) != 0 && errno == ESRCH)
		sharedir_unlink(path); /* a watcher that died */
	free(path);
	return false;
}

void
sharedir_presence(const char *dir, const char *name, const struct scenario *sc,
		  int my_side, const char *my_login, struct shared_presence *p)
{
	struct watch_scan ws = { .my_side = my_side, .p = p };
	const struct dirscan how = { .keep = count_watcher,
				     .arg = &ws,
				     .open = open_shared };
	char *path;
	long n;
	int i;

	memset(p, 0, sizeof *p);
	for (i = 0; i < 2; i++) {
		if (my_side == i) {
			p->held[i] = true;
			snprintf(p->login[i], sizeof p->login[i], "%s",
				 my_login);
			continue;
		}
		path = sharedir_side_lock(dir, name, sc->sides[i].key);
		p->held[i] =
		    sharedir_lock_held(path, p->login[i], sizeof p->login[i]);
		free(path);
	}
	ws.plen = (size_t)snprintf(ws.prefix, sizeof ws.prefix,
				   "%s" WATCH_INFIX, name);
	(void)dirscan(dir, &how, &n); /* keeps nothing */
}

/* --- The games there --- */

/*
 * The clean-up rule of a set-group-ID install (docs/security.md): a
 * finished game goes 7 days
 * after its last line, an unfinished or damaged one after 30 days with
 * no line; never while a process holds one of its sides.
 */
static bool
stale(const struct shared_game *gm, time_t now)
{
	time_t age = now - gm->mtime;

	/* Only the installed game's directory is everyone's to fill; a
	 * player's own directory is his to keep. */
	if (!privilege_held())
		return false;
	if (gm->who.held[0] || gm->who.held[1] || gm->who.watchers > 0)
		return false;
	if (gm->error == NULL && gm->over)
		return age > SHARED_KEEP_FINISHED;
	return age > SHARED_KEEP_IDLE;
}

/* Removes game gm's files: the journal first, so it is gone at once. */
static void
remove_game(const char *dir, const struct shared_game *gm)
{
	static const char *const suffixes[] = { ".lock", ".seat" };
	char file[SHARED_NAME_MAX + 64], *path;
	int i, k;

	path = dirscan_path(dir, gm->name, JOURNAL_SUFFIX);
	sharedir_unlink(path);
	free(path);
	for (i = 0; i < 2; i++)
		for (k = 0; k < 2 && gm->side_key[i][0] != '\0'; k++) {
			snprintf(file, sizeof file, ".%s%s", gm->side_key[i],
				 suffixes[k]);
			path = dirscan_path(dir, gm->name, file);
			sharedir_unlink(path);
			free(path);
		}
}

static int
by_mtime(const void *a, const void *b)
{
	const struct shared_game *x = a, *y = b;

	return (x->mtime < y->mtime) - (x->mtime > y->mtime);
}

/* Fills gm from the journal of game name. */
static void
read_game(const char *dir, struct shared_game *gm)
{
	struct anc_errs errs;
	struct session *s = NULL;
	const struct game *g;
	struct stat st;
	char *path = dirscan_path(dir, gm->name, JOURNAL_SUFFIX), msg[600];
	int i, fd;

	gm->mtime = sharedir_stat(path, &st) == 0 ? st.st_mtime : 0;
	anc_errs_init(&errs);
	/* Only a file the game made is read (no FIFO, no symlink). */
	if ((fd = sharedir_open(path, O_RDONLY, 0)) < 0)
		anc_errs_add(&errs, 0, "not a journal the game made: %s",
			     strerror(errno));
	else {
		close(fd);
		privilege_raise();
		s = session_load(path, &errs);
		privilege_lower();
	}
	if (s == NULL) {
		snprintf(msg, sizeof msg, "%s:%d: %s", path,
			 errs.n > 0 ? errs.v[0].line : 0,
			 errs.n > 0 ? errs.v[0].msg : "?");
		gm->error = xstrdup(msg);
		gm->title = xstrdup("?");
	} else {
		g = session_game(s);
		gm->title = xstrdup(session_scenario(s)->title);
		gm->turn = g->turn;
		gm->player = g->player;
		gm->phase = g->phase;
		gm->over = g->over;
		gm->winner = g->winner;
		for (i = 0; i < 2; i++)
			snprintf(gm->side_key[i], sizeof gm->side_key[i], "%s",
				 session_scenario(s)->sides[i].key);
		sharedir_presence(dir, gm->name, session_scenario(s), -1, NULL,
				  &gm->who);
	}
	anc_errs_done(&errs);
	session_free(s);
	free(path);
}

/* What shared_games() needs beside an entry of the directory. */
struct games_scan {
	time_t now;
	char *err;
	size_t errlen;
};

/* A game: NAME.journal with NAME a game's name; a stale one is removed. */
static bool
keep_game(const char *dir, const char *name, void *slot, void *arg)
{
	struct games_scan *gs = arg;
	struct shared_game *gm = slot;
	size_t len = strlen(name), m = strlen(JOURNAL_SUFFIX);

	if (len <= m || !dirscan_has_suffix(name, JOURNAL_SUFFIX) ||
	    len - m > SHARED_NAME_MAX)
		return false;
	memset(gm, 0, sizeof *gm);
	snprintf(gm->name, sizeof gm->name, "%.*s", (int)(len - m), name);
	if (shared_check_name(gm->name, gs->err, gs->errlen) != 0)
		return false;
	read_game(dir, gm);
	if (stale(gm, gs->now)) {
		remove_game(dir, gm);
		free(gm->title);
		free(gm->error);
		return false;
	}
	return true;
}

int
shared_games(struct shared_game **out, size_t *n, char *err, size_t errlen)
{
	struct games_scan gs = { time(NULL), err, errlen };
	const struct dirscan how = { .size = sizeof **out,
				     .keep = keep_game,
				     .arg = &gs,
				     .cmp = by_mtime,
				     .open = open_shared };
	char dir[4096];
	long k;

	*out = NULL;
	*n = 0;
	if (shared_dir(dir, sizeof dir, false, err, errlen) != 0)
		return -1;
	*out = dirscan_listing(dir, &how, &k, err, errlen);
	if (k < 0)
		return -1;
	*n = (size_t)k;
	return 0;
}

void
shared_games_free(struct shared_game *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].title);
		free(v[i].error);
	}
	free(v);
}

int
shared_count_open(long uid, const char *player, int *mine, int *all,
		  char *err, size_t errlen)
{
	struct shared_game *v;
	char dir[4096];
	size_t n, i;
	int dfd, k;

	*mine = *all = 0;
	if (shared_games(&v, &n, err, errlen) != 0 ||
	    shared_dir(dir, sizeof dir, false, err, errlen) != 0)
		return -1;
	if ((dfd = privilege_open_dir(dir, err, errlen)) < 0) {
		shared_games_free(v, n);
		return -1;
	}
	*all = (int)n;
	for (i = 0; i < n; i++) {
		if (v[i].error != NULL || v[i].over)
			continue;
		for (k = 0; k < 2; k++)
			if (seat_is(dfd, v[i].name, v[i].side_key[k], uid,
				    player)) {
				(*mine)++;
				break;
			}
	}
	close(dfd);
	shared_games_free(v, n);
	return 0;
}
