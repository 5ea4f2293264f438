/*
 * Shared games (shared.h): a seat taken (a side's lock or a watcher's),
 * appending under the journal's lock, and noticing new lines (inotify,
 * else polling).  The directory, games' names, presence and the listing
 * of games are in sharedir.c.
 */
#include "config.h"

#include "session/shared.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/inotify.h>
#endif

#include "core/dirscan.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "session/privilege.h"
#include "session/seat.h"
#include "session/sharedir.h"

struct shared {
	struct session *s; /* owned */
	char name[SHARED_NAME_MAX + 1];
	char *dir;	/* owned */
	char *journal;	/* owned */
	char *lockpath; /* owned: the side's or the watcher's lock file */
	int side;	/* 0, 1 or SHARED_WATCHER */
	int lockfd;	/* holds the POSIX lock on lockpath */
	int jfd;	/* the journal, read-only, for flock(); players */
	int ino;	/* inotify, or -1 */
	off_t seen;	/* the journal's size at the last follow */
	unsigned mode;	/* of the files made: 0600, 0660 in a group dir */
	int dirfd;	/* the shared directory */
	int lock_wait;	/* ms to wait for the journal's lock, -1 for ever */
	struct seat_id id; /* who this process plays for */
	char login[SHARED_LOGIN_MAX + 1];
};

/* The message for --host with the name of a game that exists. */
static void
host_exists(const char *name, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 "there is a game called %s already: join it with ancients "
		 "--join %s, or choose another --name",
		 name, name);
}

/*
 * Takes the POSIX write lock on path (created with mode), writing "LOGIN
 * PID" into it.  Returns the descriptor, or -1 (errno EAGAIN: held).
 */
static int
take_lock(const char *path, unsigned mode, const char *login)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char text[64];
	int fd, n, e;

	/* Never through a symlink, never a FIFO: a file the game made. */
	fd = sharedir_open(path, O_RDWR | O_CREAT, mode);
	if (fd < 0)
		return -1;
	if (fcntl(fd, F_SETLK, &fl) != 0) {
		e = errno == EACCES ? EAGAIN : errno;
		close(fd);
		errno = e;
		return -1;
	}
	(void)fchmod(fd, (mode_t)mode);
	n = snprintf(text, sizeof text, "%s %ld\n", login, (long)getpid());
	if (ftruncate(fd, 0) != 0 || pwrite(fd, text, (size_t)n, 0) != n) {
		/* Only the --games listing reads it: the lock is what counts.
		 */
	}
	return fd;
}

void
shared_presence(const struct shared *sh, struct shared_presence *p)
{
	sharedir_presence(sh->dir, sh->name, session_scenario(sh->s), sh->side,
			  sh->login, p);
}

static void
start_notify(struct shared *sh)
{
	struct stat st;

	sh->ino = -1;
#ifdef __linux__
	/* ANCIENTS_SHARED_POLL set: the polling every system has (tests). */
	if (getenv("ANCIENTS_SHARED_POLL") == NULL)
		sh->ino = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
	privilege_raise();
	if (sh->ino >= 0 &&
	    inotify_add_watch(sh->ino, sh->journal,
			      IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) < 0) {
		close(sh->ino);
		sh->ino = -1;
	}
	privilege_lower();
#endif
	sh->seen = fstat(sh->jfd, &st) == 0 ? st.st_size : 0;
}

/*
 * Takes side (or the first free one, side < 0) for sh: its lock, and its
 * seat, which must be free or this player's (docs/security.md).  0 or
 * -1, err.
 */
static int
claim_side(struct shared *sh, int side, char *err, size_t errlen)
{
	const struct scenario *sc = session_scenario(sh->s);
	char who[SHARED_LOGIN_MAX + 1], owner[SEAT_SHOWN_MAX + 1], *path;
	int i, r;

	for (i = side < 0 ? 0 : side; i < 2; i++) {
		/* Another player's seat is never taken, held or not. */
		r = seat_owner(sh->dirfd, sh->name, sc->sides[i].key, owner,
			       sizeof owner);
		if (r < 0) {
			snprintf(err, errlen,
				 "the seat of %s in %s is not the game's "
				 "own file: it cannot be taken",
				 sc->sides[i].key, sh->name);
			return -1;
		}
		if (r == 1 && !seat_is(sh->dirfd, sh->name, sc->sides[i].key,
				       sh->id.uid, sh->id.player)) {
			if (side >= 0) {
				snprintf(err, errlen,
					 "%s in %s is %s's seat: watch with "
					 "ancients --watch %s",
					 sc->sides[i].name, sh->name, owner,
					 sh->name);
				return -1;
			}
			continue;
		}
		path = sharedir_side_lock(sh->dir, sh->name, sc->sides[i].key);
		sh->lockfd = take_lock(path, sh->mode, sh->login);
		if (sh->lockfd >= 0) {
			if (seat_claim(sh->dirfd, sh->name, sc->sides[i].key,
				       &sh->id, owner, sizeof owner) != 0) {
				/* Another took it between our looks. */
				close(sh->lockfd);
				sh->lockfd = -1;
				free(path);
				if (side >= 0) {
					snprintf(err, errlen,
						 "%s in %s was just taken",
						 sc->sides[i].name, sh->name);
					return -1;
				}
				continue;
			}
			sh->lockpath = path;
			sh->side = i;
			return 0;
		}
		if (errno != EAGAIN) {
			snprintf(err, errlen, "cannot lock %s: %s", path,
				 strerror(errno));
			free(path);
			return -1;
		}
		sharedir_lock_held(path, who, sizeof who);
		free(path);
		if (side >= 0) {
			snprintf(err, errlen,
				 "%s in %s is taken (by %s): "
				 "watch with ancients --watch %s",
				 sc->sides[i].name, sh->name,
				 who[0] != '\0' ? who : "someone", sh->name);
			return -1;
		}
	}
	snprintf(err, errlen,
		 "both sides of %s are taken: watch it with "
		 "ancients --watch %s",
		 sh->name, sh->name);
	return -1;
}

static int
claim_watch(struct shared *sh, char *err, size_t errlen)
{
	char suffix[64];

	snprintf(suffix, sizeof suffix, WATCH_INFIX "%ld", (long)getpid());
	sh->lockpath = dirscan_path(sh->dir, sh->name, suffix);
	sh->lockfd = take_lock(sh->lockpath, sh->mode, sh->login);
	if (sh->lockfd < 0) {
		snprintf(err, errlen, "cannot lock %s: %s", sh->lockpath,
			 strerror(errno));
		return -1;
	}
	sh->side = SHARED_WATCHER;
	return 0;
}

/* The index of the side a --side argument names, or -1 with err. */
static int
find_side(const struct scenario *sc, const char *side, char *err, size_t errlen)
{
	int i;

	if (side == NULL)
		return -1;
	for (i = 0; i < 2; i++)
		if (strcasecmp(side, sc->sides[i].key) == 0 ||
		    strcasecmp(side, sc->sides[i].name) == 0)
			return i;
	snprintf(err, errlen,
		 "there is no side \"%.40s\" in %s: the sides "
		 "are %s and %s",
		 side, sc->title, sc->sides[0].key, sc->sides[1].key);
	return -2;
}

/* Whether the player may open one more game (docs/security.md). */
static int
check_limits(const struct shared *sh, char *err, size_t errlen)
{
	int mine, all;

	/* The installed game's directory is everyone's: limits there.  A
	 * player's own directory (or his friends') is theirs to fill. */
	if (!privilege_held())
		return 0;
	if (shared_count_open(sh->id.uid, sh->id.player, &mine, &all, err,
			      errlen) != 0)
		return -1;
	if (mine >= SHARED_OPEN_PER_PLAYER) {
		snprintf(err, errlen,
			 "you already sit in %d unfinished games, at most "
			 "%d: finish or leave one first (ancients --games "
			 "lists them)",
			 mine, SHARED_OPEN_PER_PLAYER);
		return -1;
	}
	if (all >= SHARED_GAMES_MAX) {
		snprintf(err, errlen,
			 "there are %d shared games, at most %d: wait for "
			 "one to finish",
			 all, SHARED_GAMES_MAX);
		return -1;
	}
	return 0;
}

/* Loads the journal of sh's game; 0, or -1 with err. */
static int
load_journal(struct shared *sh, char *err, size_t errlen)
{
	struct anc_errs errs;
	int fd;

	/* Only a file the game made: no FIFO, no symlink. */
	if ((fd = sharedir_open(sh->journal, O_RDONLY, 0)) < 0) {
		if (errno == ENOENT)
			snprintf(err, errlen,
				 "there is no shared game called "
				 "%s (ancients --games lists them)",
				 sh->name);
		else
			snprintf(err, errlen,
				 "%s is not a journal the game made: %s",
				 sh->journal, strerror(errno));
		return -1;
	}
	close(fd);
	anc_errs_init(&errs);
	privilege_raise();
	sh->s = session_load(sh->journal, &errs);
	privilege_lower();
	if (sh->s == NULL) {
		if (errs.n > 0 && errs.v[0].line > 0)
			snprintf(err, errlen, "%s:%d: %s", sh->journal,
				 errs.v[0].line, errs.v[0].msg);
		else
			snprintf(err, errlen, "%s: %s", sh->journal,
				 errs.n > 0 ? errs.v[0].msg : "?");
	}
	anc_errs_done(&errs);
	return sh->s != NULL ? 0 : -1;
}

struct shared *
shared_open(const char *name, struct session *s, bool watch,
	    const char *side_arg, char *err, size_t errlen)
{
	int side, r;
	struct shared *sh;
	struct stat st;
	char dir[4096];

	if (shared_check_name(name, err, errlen) != 0 ||
	    shared_dir(dir, sizeof dir, s != NULL, err, errlen) != 0) {
		session_free(s);
		return NULL;
	}
	sh = xcalloc(1, sizeof *sh);
	snprintf(sh->name, sizeof sh->name, "%s", name);
	sh->dir = xstrdup(dir);
	sh->journal = dirscan_path(dir, name, JOURNAL_SUFFIX);
	sh->lockfd = sh->jfd = sh->ino = -1;
	sh->lock_wait = SHARED_LOCK_WAIT_MS;
	seat_identity(&sh->id);
	snprintf(sh->login, sizeof sh->login, "%s", sh->id.shown);
	if ((sh->dirfd = privilege_open_dir(dir, err, errlen)) < 0) {
		session_free(s);
		free(sh->dir);
		free(sh->journal);
		free(sh);
		return NULL;
	}
	/* The game's group plays: a set-group-ID install, or a group's
	 * set-group-ID directory. */
	sh->mode = privilege_held() ||
			   (fstat(sh->dirfd, &st) == 0 && (st.st_mode & S_ISGID))
		       ? 0660
		       : 0600;
	if (s != NULL) {
		sh->s = s;
		/* Before a side is claimed: a side of the same key in the
		 * game of that name would be "taken", which misleads.  The
		 * link below still settles a race between two hosts. */
		if (sharedir_stat(sh->journal, &st) == 0) {
			host_exists(name, err, errlen);
			goto fail;
		}
		if (check_limits(sh, err, errlen) != 0)
			goto fail;
		if ((side = find_side(session_scenario(s), side_arg, err,
				      errlen)) < -1)
			goto fail;
		/* A seat left by a game of this name before is not ours. */
		if (claim_side(sh, side < 0 ? 0 : side, err, errlen) != 0)
			goto fail;
		session_set_author(s, sh->id.uid, sh->id.player);
		privilege_raise();
		r = session_publish(s, sh->journal, sh->mode, err, errlen);
		privilege_lower();
		if (r != 0) {
			if (strstr(err, "exists") != NULL)
				host_exists(name, err, errlen);
			goto fail;
		}
	} else {
		if (load_journal(sh, err, errlen) != 0)
			goto fail;
		/* A journal of format 2 (from before) goes on as it was. */
		if (session_version(sh->s) >= 3)
			session_set_author(sh->s, sh->id.uid, sh->id.player);
		if (watch) {
			if (claim_watch(sh, err, errlen) != 0)
				goto fail;
		} else if ((side = find_side(session_scenario(sh->s), side_arg,
					     err, errlen)) < -1 ||
			   claim_side(sh, side, err, errlen) != 0)
			goto fail;
	}
	if ((sh->jfd = sharedir_open(sh->journal, O_RDONLY, 0)) < 0) {
		snprintf(err, errlen, "cannot open %s: %s", sh->journal,
			 strerror(errno));
		goto fail;
	}
	start_notify(sh);
	return sh;
fail:
	shared_close(sh);
	return NULL;
}

void
shared_close(struct shared *sh)
{
	if (sh == NULL)
		return;
	if (sh->side == SHARED_WATCHER && sh->lockpath != NULL &&
	    sh->lockfd >= 0)
		sharedir_unlink(sh->lockpath);
	if (sh->lockfd >= 0)
		close(sh->lockfd); /* the side is free */
	if (sh->jfd >= 0)
		close(sh->jfd);
	if (sh->ino >= 0)
		close(sh->ino);
	if (sh->dirfd >= 0)
		close(sh->dirfd);
	session_free(sh->s);
	free(sh->dir);
	free(sh->journal);
	free(sh->lockpath);
	free(sh);
}

struct session *
shared_session(const struct shared *sh)
{
	return sh->s;
}

const char *
shared_name(const struct shared *sh)
{
	return sh->name;
}

int
shared_side(const struct shared *sh)
{
	return sh->side;
}

const char *
shared_login(const struct shared *sh)
{
	return sh->login;
}

int
shared_fd(const struct shared *sh)
{
	return sh->ino;
}

int
shared_follow(struct shared *sh, struct events *ev, char *why, size_t whylen)
{
	return shared_follow_n(sh, ev, INT_MAX, why, whylen);
}

int
shared_follow_n(struct shared *sh, struct events *ev, int max, char *why,
		size_t whylen)
{
	char buf[4096];
	struct stat st;
	int n;

	if (sh->ino >= 0)
		while (read(sh->ino, buf, sizeof buf) > 0)
			;
	if (fstat(sh->jfd, &st) == 0)
		sh->seen = st.st_size;
	privilege_raise();
	n = session_follow_n(sh->s, ev, max, why, whylen);
	privilege_lower();
	return n;
}

int
shared_wait(struct shared *sh, int timeout_ms)
{
	struct pollfd pfd = { .fd = sh->ino, .events = POLLIN };
	struct timespec nap;
	struct stat st;
	int r, left = timeout_ms, step;

	if (sh->ino >= 0) {
		do
			r = poll(&pfd, 1, timeout_ms);
		while (r < 0 && errno == EINTR);
		return r > 0;
	}
	for (;;) {
		if (fstat(sh->jfd, &st) == 0 && st.st_size != sh->seen)
			return 1;
		if (left == 0)
			return 0;
		step =
		    left < 0 || left > SHARED_POLL_MS ? SHARED_POLL_MS : left;
		nap.tv_sec = 0;
		nap.tv_nsec = (long)step * 1000000L;
		nanosleep(&nap, NULL);
		if (left > 0)
			left -= step;
	}
}

void
shared_set_lock_wait(struct shared *sh, int ms)
{
	sh->lock_wait = ms;
}

/*
 * The journal's writers' lock, for one command.  Another player holds it
 * for one command only; waited for at most sh->lock_wait ms, so that a
 * held lock never freezes a screen.  0, or -1 with why (who holds it).
 */
static int
lock_journal(struct shared *sh, char *why, size_t whylen)
{
	struct timespec nap = { 0, 5 * 1000000L };
	struct shared_presence p;
	int waited = 0, other;

	if (sh->lock_wait < 0) {
		while (flock(sh->jfd, LOCK_EX) != 0)
			if (errno != EINTR)
				goto busy;
		return 0;
	}
	for (;;) {
		if (flock(sh->jfd, LOCK_EX | LOCK_NB) == 0)
			return 0;
		if ((errno != EWOULDBLOCK && errno != EINTR) ||
		    waited >= sh->lock_wait)
			break;
		nanosleep(&nap, NULL);
		waited += 5;
	}
busy:
	shared_presence(sh, &p);
	other = sh->side == 0 ? 1 : 0;
	snprintf(why, whylen,
		 "the journal of %s is busy: %s has held its lock for %d ms; "
		 "give the command again",
		 sh->name,
		 p.held[other] ? p.login[other] : "another process", waited);
	return -1;
}

static void
unlock_journal(struct shared *sh)
{
	flock(sh->jfd, LOCK_UN);
}

/* Follows under the lock; -1 with why when the journal cannot be read. */
static int
catch_up(struct shared *sh, struct events *ev_other, char *why, size_t whylen)
{
	if (shared_follow(sh, ev_other, why, whylen) < 0)
		return -1;
	privilege_raise();
	session_claim_tail(sh->s);
	privilege_lower();
	return 0;
}

/* "the Britons'", "Rome's": side's name to " (", possessive. */
static void
side_owner(const struct shared *sh, int side, char *buf, size_t len)
{
	const char *name = session_scenario(sh->s)->sides[side].name;
	int n = (int)strcspn(name, "(");

	while (n > 0 && name[n - 1] == ' ')
		n--;
	if (n > 0 && name[n - 1] == 's')
		snprintf(buf, len, "the %.*s'", n, name);
	else
		snprintf(buf, len, "%.*s's", n, name);
}

/* "it is the Britons' turn", "it is Rome's turn". */
static void
whose_turn(const struct shared *sh, char *why, size_t whylen)
{
	char owner[80];

	side_owner(sh, session_game(sh->s)->player, owner, sizeof owner);
	snprintf(why, whylen, "it is %s turn", owner);
}

enum session_result
shared_apply(struct shared *sh, struct command *c, struct events *ev_other,
	     struct events *ev, char *why, size_t whylen)
{
	const struct game *g = session_game(sh->s);
	char text[COMMAND_SAY_MAX + 1];
	enum session_result r;
	struct stat st;

	if (verb_is_query(c->verb)) {
		if (shared_follow(sh, ev_other, why, whylen) < 0)
			return SESSION_NOT_SAVED;
		return session_apply(sh->s, c, ev, why, whylen);
	}
	if (sh->side == SHARED_WATCHER) {
		snprintf(why, whylen,
			 "you are watching %s: a watcher gives no "
			 "commands",
			 sh->name);
		return SESSION_REFUSED;
	}
	if (fstat(sh->jfd, &st) == 0 && st.st_size >= SHARED_JOURNAL_MAX) {
		snprintf(why, whylen,
			 "the journal of %s is full (%ld kB): it takes no "
			 "more lines",
			 sh->name, SHARED_JOURNAL_MAX / 1024);
		return SESSION_REFUSED;
	}
	if (lock_journal(sh, why, whylen) != 0)
		return SESSION_REFUSED;
	if (catch_up(sh, ev_other, why, whylen) != 0) {
		unlock_journal(sh);
		return SESSION_NOT_SAVED;
	}
	if (verb_needs_turn(c->verb) && !g->over && g->player != sh->side) {
		unlock_journal(sh);
		whose_turn(sh, why, whylen);
		return SESSION_REFUSED;
	}
	if (verb_is_note(c->verb)) {
		/* "LOGIN (SIDE): TEXT", cut to fit: on a server where every
		 * player has the one login, the side tells who spoke. */
		size_t n, t = strlen(c->text);

		_Static_assert(SHARED_LOGIN_MAX + UNITTYPE_KEY_MAX + 5 <
				   COMMAND_SAY_MAX,
			       "a say line's signature leaves room for text");
		snprintf(text, sizeof text, "%s (%s): ", sh->login,
			 session_scenario(sh->s)->sides[sh->side].key);
		n = strlen(text);
		if (t > COMMAND_SAY_MAX - n)
			t = COMMAND_SAY_MAX - n;
		memcpy(text + n, c->text, t);
		text[n + t] = '\0';
		memcpy(c->text, text, sizeof text);
	}
	privilege_raise();
	r = session_apply(sh->s, c, ev, why, whylen);
	privilege_lower();
	unlock_journal(sh);
	return r;
}

int
shared_undo(struct shared *sh, struct events *ev_other, char *why,
	    size_t whylen)
{
	const struct game *g = session_game(sh->s);
	char owner[80];
	size_t at;
	int r, side;

	if (sh->side == SHARED_WATCHER) {
		snprintf(why, whylen,
			 "you are watching %s: a watcher gives no "
			 "commands",
			 sh->name);
		return -1;
	}
	if (lock_journal(sh, why, whylen) != 0)
		return -1;
	if (catch_up(sh, ev_other, why, whylen) != 0) {
		unlock_journal(sh);
		return -1;
	}
	/* A player takes back his own side's commands only: never the
	 * other's, not even the end that handed him the turn. */
	if (session_undo_target(sh->s, &at) &&
	    (side = session_command_side(sh->s, at)) != sh->side) {
		unlock_journal(sh);
		side_owner(sh, side, owner, sizeof owner);
		snprintf(why, whylen,
			 "the last command (%s) is %s: a player takes back "
			 "only his own side's commands",
			 session_command(sh->s, at), owner);
		return -1;
	}
	if (!g->over && g->player != sh->side) {
		unlock_journal(sh);
		whose_turn(sh, why, whylen);
		return -1;
	}
	privilege_raise();
	r = session_undo(sh->s, why, whylen);
	privilege_lower();
	unlock_journal(sh);
	return r;
}
