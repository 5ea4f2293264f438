/*
 * Sessions and their save files.  A session owns its scenario (parsed from
 * the text it will save), its game and its journal; the game is always the
 * journal replayed from the seed.  The file format (docs/save-format.md),
 * version 2:
 *
 *	ancients-save 2
 *	label LABEL
 *	seed SEED
 *	scenario N		N lines of scenario text follow, as loaded
 *	journal CHECK		FNV-1a 64 of every byte before this line
 *	COMMAND<TAB>DIGEST<TAB>CHECK	one line per accepted command or undo
 *
 * The journal is append-only: a new file (or a save of format 1, on its
 * first new command) is written whole, atomically (write_durable()); after
 * that each command is one line added with one write() and one
 * fdatasync().  A torn last line (a crash mid-write) is dropped on load
 * and cut off before the next line is added.  Version 1 (0.1.0: the whole
 * journal counted, then the digest and a checksum of the file) is read.
 */
#include "config.h"

#include "session/session.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session/savedir.h"
#include "session/savefile.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

#define LINE_COMMAND_MAX 1024 /* a canonical command, with room */

/* One journal line and what the rules need to know to undo it. */
struct entry {
	char *line;	    /* canonical command; owned */
	struct command cmd; /* the same, parsed */
	enum verb verb;
	int turn;	      /* when it was given: turn, */
	int second;	      /* player-turn within it (0 or 1), */
	int player;	      /* side to play */
	enum phase phase;     /* and phase */
	unsigned long rolled; /* dice it rolled, forced or not */
	/* What rolled first when it was not the command's own action: the
	 * morale checks, a killed general's 1D3 or the initiative of the
	 * phases it ended (EV_MORALE, EV_GENERAL_D3, EV_INITIATIVE); else
	 * EV_COUNT.  Only for the words of a refused undo. */
	enum event_kind followed;
	uint64_t digest; /* game_digest() after it */
	size_t prev;	 /* the entry before it that is no say, or SIZE_MAX */
};

struct session {
	struct scenario *sc; /* owned; parsed from the text it saves */
	struct game *g;	     /* owned; the journal replayed from seed */
	char *label;	     /* owned; one line, no newline */
	uint64_t seed;
	int ai_side;	 /* solo: the computer's side, or -1 */
	int ai_level;	 /* ... and its level (1-3) */
	struct entry *v; /* the journal; owned */
	size_t n;	 /* commands in it */
	size_t cap;	 /* allocated entries */
	char *path;	 /* owned; written after each command, or NULL */
	bool allow_dice; /* `dice` accepted (batch mode) */
	/* The file at path: */
	int fd;		  /* open for adding lines, or -1 */
	bool synced;	  /* holds this journal in format 2 up to good_len; if
			     not, the next write writes it whole */
	bool torn;	  /* bytes after good_len are a torn line to cut */
	size_t good_len;  /* bytes of whole, checked lines */
	char notice[160]; /* what loading dropped, or "" */
	/* Undo without replaying from the seed (undo_from_mark()): */
	size_t last_action; /* the last entry that is no say, or SIZE_MAX */
	size_t frontier;    /* no undo reaches an entry before this one */
	struct game *mark;  /* owned, or NULL: the game after ... */
	size_t mark_n;	    /* ... the first mark_n entries, no further
			       than the first action from the frontier on */
};

/* The next durable write fails here (tests only). */
static enum save_step fault_step = SAVE_STEP_NONE;

void
save_fail_at(enum save_step step)
{
	fault_step = step;
}

static bool
fault(enum save_step step)
{
	if (fault_step != step)
		return false;
	fault_step = SAVE_STEP_NONE;
	errno = EIO;
	return true;
}

/* --- A growing text buffer --- */

struct buf {
	char *p;    /* owned; NUL-terminated */
	size_t len; /* bytes used, not counting the NUL */
	size_t cap;
};

static void
buf_reserve(struct buf *b, size_t more)
{
	if (b->len + more + 1 <= b->cap)
		return;
	while (b->len + more + 1 > b->cap)
		b->cap = b->cap ? b->cap * 2 : 4096;
	b->p = xreallocarray(b->p, b->cap, 1);
}

static void
buf_add(struct buf *b, const char *data, size_t n)
{
	buf_reserve(b, n);
	memcpy(b->p + b->len, data, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void buf_printf(struct buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	assert(n >= 0);
	buf_reserve(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

/* --- Playing and journaling --- */

/*
 * Applies c to s's game; an accepted game command goes into the journal
 * with what undo needs.  Returns 0, or -1 with why (nothing changed).
 */
/*
 * The events from ev0 on that rolled, the first of them: EV_MORALE,
 * EV_GENERAL_D3 or EV_INITIATIVE when what followed the command rolled
 * first, else EV_COUNT (the command's own shot, attack, push or general's
 * risk).
 */
static enum event_kind
first_roll(const struct events *ev, int ev0)
{
	int k;

	for (k = ev0; k < ev->n; k++)
		switch (ev->v[k].kind) {
		case EV_MORALE:
		case EV_GENERAL_D3:
		case EV_INITIATIVE:
			return ev->v[k].kind;
		case EV_PUSH_ROLL:
		case EV_SHOT:
		case EV_ATTACK:
		case EV_GENERAL_RISK:
		case EV_GENERAL_JOINS:
		case EV_GENERAL_KILLED:
			return EV_COUNT;
		default:
			break;
		}
	return EV_COUNT;
}

/* What rolled for entry e, when it was not e itself; NULL if it was. */
static const char *
followed_words(const struct entry *e)
{
	switch (e->followed) {
	case EV_MORALE:
		return "the morale checks";
	case EV_GENERAL_D3:
		return "the 1D3 for a general killed";
	case EV_INITIATIVE:
		return "the initiative roll";
	default:
		return NULL;
	}
}

static int entry_check(const struct entry *e, char *why, size_t whylen);

static int
apply_and_journal(struct session *s, const struct command *c, struct events *ev,
		  char *why, size_t whylen)
{
	struct game *g = s->g;
	struct entry e;
	char line[LINE_COMMAND_MAX], refused[8];
	int ev0;

	e.verb = c->verb;
	e.turn = g->turn;
	e.second = g->second;
	e.player = g->player;
	e.phase = g->phase;
	e.rolled = g->dice.rolled;
	ev0 = ev->n;
	if (game_apply(g, c, ev, why, whylen) != 0)
		return -1;
	if (c->verb == VERB_DUMP || c->verb == VERB_ODDS)
		return 0;
	e.rolled = g->dice.rolled - e.rolled;
	e.followed = e.rolled > 0 ? first_roll(ev, ev0) : EV_COUNT;
	command_format(s->sc, c, line, sizeof line);
	e.line = xstrdup(line);
	e.cmd = *c;
	e.digest = game_digest(g);
	e.prev = s->last_action;
	if (c->verb != VERB_SAY) {
		s->last_action = s->n;
		/* No undo ever takes back this entry, so none reaches past
		 * it. */
		if (entry_check(&e, refused, sizeof refused) != 0)
			s->frontier = s->n + 1;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->v = xreallocarray(s->v, s->cap, sizeof *s->v);
	}
	s->v[s->n++] = e;
	return 0;
}

/*
 * Plays the canonical line, which the engine accepted before from the same
 * state; it is deterministic, so it accepts it again.
 */
static void
replay_line(struct session *s, const char *line, struct events *ev)
{
	struct command c;
	char why[256];
	int r;

	r = command_parse(s->sc, line, &c, why, sizeof why);
	assert(r == 1);
	events_clear(ev);
	r = apply_and_journal(s, &c, ev, why, sizeof why);
	assert(r == 0);
	(void)r;
}

/*
 * Rebuilds the game from the seed and lines[0..n), canonical lines the
 * engine accepted in that order before, in the same struct game, so that
 * pointers to it stay good.  lines may be the journal's own.
 */
static void
rebuild_from(struct session *s, char *const *lines, size_t n)
{
	struct entry *old = s->v;
	struct game *fresh, tmp;
	size_t nold = s->n, i;
	struct events ev;

	s->v = NULL;
	s->n = s->cap = 0;
	s->last_action = SIZE_MAX;
	s->frontier = 0;
	if (s->mark_n > n) {
		game_free(s->mark);
		s->mark = NULL;
		s->mark_n = 0;
	}
	fresh = game_new(s->sc, s->seed);
	tmp = *s->g;
	*s->g = *fresh;
	*fresh = tmp;
	game_free(fresh);
	events_init(&ev);
	for (i = 0; i < n; i++)
		replay_line(s, lines[i], &ev);
	events_done(&ev);
	for (i = 0; i < nold; i++)
		free(old[i].line);
	free(old);
}

/* Puts s's game in g's place, the struct game itself kept. */
static void
game_put(struct session *s, struct game *g)
{
	struct game tmp = *s->g;

	*s->g = *g;
	*g = tmp;
	game_free(g);
}

/* Plays entry e, which the engine accepted before from the same state. */
static void
replay_entry(struct game *g, const struct entry *e, struct events *ev)
{
	char why[256];
	int r;

	events_clear(ev);
	r = game_apply(g, &e->cmd, ev, why, sizeof why);
	assert(r == 0);
	(void)r;
}

/*
 * Undo of entry k, an action after which only say lines come, without
 * replaying the journal from the seed: the mark is brought up to the
 * first action an undo can still reach (replaying what lies between),
 * then the actions from the mark to k are played again on a copy of it.
 * A journal of many undos after many lines costs the lines once, not
 * once per undo (a save of a few thousand took minutes to load).
 * Returns false, having changed nothing, where it does not apply.
 */
static bool
undo_from_mark(struct session *s, size_t k)
{
	struct events ev;
	size_t i, *chain = NULL, nchain = 0;

	if (k < s->frontier)
		return false;
	for (i = k + 1; i < s->n; i++)
		if (s->v[i].verb != VERB_SAY)
			return false;
	events_init(&ev);
	if (s->mark == NULL) {
		s->mark = game_new(s->sc, s->seed);
		s->mark_n = 0;
	}
	for (; s->mark_n < k; s->mark_n++)
		if (s->v[s->mark_n].verb != VERB_SAY) {
			if (s->mark_n >= s->frontier)
				break;
			replay_entry(s->mark, &s->v[s->mark_n], &ev);
		}
	/* The actions between the mark and k, last first. */
	for (i = s->v[k].prev; i != SIZE_MAX && i >= s->mark_n;
	     i = s->v[i].prev) {
		chain = xreallocarray(chain, nchain + 1, sizeof *chain);
		chain[nchain++] = i;
	}
	game_put(s, game_clone(s->mark));
	while (nchain > 0)
		replay_entry(s->g, &s->v[chain[--nchain]], &ev);
	free(chain);
	events_done(&ev);
	/* Entry k goes; the say lines after it were said in this game. */
	s->last_action = s->v[k].prev;
	free(s->v[k].line);
	memmove(&s->v[k], &s->v[k + 1], (s->n - k - 1) * sizeof *s->v);
	s->n--;
	for (i = k; i < s->n; i++) {
		s->v[i].turn = s->g->turn;
		s->v[i].second = s->g->second;
		s->v[i].player = s->g->player;
		s->v[i].phase = s->g->phase;
		s->v[i].digest = game_digest(s->g);
		s->v[i].prev = s->last_action;
	}
	return true;
}

/*
 * Rebuilds the game from the first n journal lines, without line skip
 * (SIZE_MAX: none): what undo takes back, the say lines after it kept.
 */
static void
rebuild(struct session *s, size_t n, size_t skip)
{
	char **lines;
	size_t i, k = 0;

	assert(n <= s->n);
	if (skip != SIZE_MAX && n == s->n && undo_from_mark(s, skip))
		return;
	if (skip < s->mark_n) {
		game_free(s->mark);
		s->mark = NULL;
		s->mark_n = 0;
	}
	lines = xreallocarray(NULL, n > 0 ? n : 1, sizeof *lines);
	for (i = 0; i < n; i++)
		if (i != skip)
			lines[k++] = s->v[i].line;
	rebuild_from(s, lines, k);
	free(lines);
}

static struct session *
session_alloc(struct scenario *sc, const char *label, size_t labellen,
	      uint64_t seed)
{
	struct session *s = xcalloc(1, sizeof *s);

	s->sc = sc;
	s->seed = seed;
	s->ai_side = -1;
	s->fd = -1;
	s->last_action = SIZE_MAX;
	s->label = xstrndup(label, labellen);
	s->g = game_new(sc, seed);
	return s;
}

struct session *
session_new(const char *text, size_t len, const char *label, uint64_t seed,
	    struct anc_errs *errs)
{
	struct scenario *sc;
	char *copy;

	/* The saved text must be the text played: end it with a newline
	 * before parsing, as a save stores whole lines. */
	copy = xmalloc(len + 2);
	memcpy(copy, text, len);
	if (len > 0 && copy[len - 1] != '\n')
		copy[len++] = '\n';
	copy[len] = '\0';
	sc = scenario_load_text(copy, len, errs);
	free(copy);
	if (sc == NULL)
		return NULL;
	return session_adopt(sc, label, seed);
}

struct session *
session_adopt(struct scenario *sc, const char *label, uint64_t seed)
{
	struct session *s;
	size_t i;

	/* The saved text must be the text played, in whole lines. */
	if (sc->source_len > 0 && sc->source[sc->source_len - 1] != '\n') {
		sc->source = xreallocarray(sc->source, sc->source_len + 2, 1);
		sc->source[sc->source_len++] = '\n';
		sc->source[sc->source_len] = '\0';
	}
	s = session_alloc(sc, label, strlen(label), seed);
	for (i = 0; s->label[i] != '\0'; i++)
		if ((unsigned char)s->label[i] < 0x20 || s->label[i] == 0x7f)
			s->label[i] = '?';
	return s;
}

void
session_free(struct session *s)
{
	size_t i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++)
		free(s->v[i].line);
	free(s->v);
	if (s->fd >= 0)
		close(s->fd);
	game_free(s->g);
	game_free(s->mark);
	scenario_free(s->sc);
	free(s->label);
	free(s->path);
	free(s);
}

/* --- Writing --- */

/* Adds the journal line "TEXT<TAB>DIGEST<TAB>CHECK" to b. */
static void
buf_journal_line(struct buf *b, const char *text, uint64_t digest)
{
	size_t start = b->len;

	buf_printf(b, "%s\t%016" PRIx64, text, digest);
	buf_printf(b, "\t%016" PRIx64 "\n",
		   savefile_checksum(b->p + start, b->len - start));
}

char *
session_format(const struct session *s, size_t *lenp)
{
	struct buf b = { NULL, 0, 0 };
	size_t i, lines = 0;

	for (i = 0; i < s->sc->source_len; i++)
		lines += s->sc->source[i] == '\n';
	buf_printf(&b, "%s %d\n", SAVE_MAGIC, SAVE_VERSION);
	buf_printf(&b, "label %s\n", s->label);
	buf_printf(&b, "seed %" PRIu64 "\n", s->seed);
	if (s->ai_side >= 0)
		buf_printf(&b, "ai %s %d\n", s->sc->sides[s->ai_side].key,
			   s->ai_level);
	buf_printf(&b, "scenario %zu\n", lines);
	buf_add(&b, s->sc->source, s->sc->source_len);
	buf_printf(&b, "journal %016" PRIx64 "\n",
		   savefile_checksum(b.p, b.len));
	for (i = 0; i < s->n; i++)
		buf_journal_line(&b, s->v[i].line, s->v[i].digest);
	if (lenp != NULL)
		*lenp = b.len;
	return b.p;
}

/*
 * Replaces path with data so that a crash leaves the old file or the new
 * one: a temporary file in the same directory, written, fsync()ed and
 * renamed over path, then the directory fsync()ed.  Returns 0; -1 with
 * err when path is untouched; -2 with err when path was replaced but the
 * directory could not be synced (the new file may not survive a crash).
 */
static int
write_durable(const char *path, const char *data, size_t len, char *err,
	      size_t errlen)
{
	const char *slash = strrchr(path, '/'), *base;
	char *dir, *tmp;
	size_t off = 0;
	ssize_t w;
	int fd, dfd, r = -1;

	/* "x" is in ".", "/x" in "/", "a/b/x" in "a/b". */
	dir = slash == NULL
		  ? xstrdup(".")
		  : xstrndup(path, slash == path ? 1 : (size_t)(slash - path));
	base = slash == NULL ? path : slash + 1;
	tmp = xmalloc(strlen(dir) + strlen(base) + 16);
	sprintf(tmp, "%s/.%s.XXXXXX", dir, base);
	if (fault(SAVE_STEP_CREATE) || (fd = mkstemp(tmp)) == -1) {
		snprintf(err, errlen, "cannot create a file in %s: %s", dir,
			 strerror(errno));
		goto out;
	}
	while (off < len) {
		w = fault(SAVE_STEP_WRITE) ? -1
					   : write(fd, data + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			snprintf(err, errlen, "cannot write %s: %s", tmp,
				 strerror(errno));
			close(fd);
			goto fail;
		}
		off += (size_t)w;
	}
	if (fault(SAVE_STEP_FSYNC) || fsync(fd) != 0) {
		snprintf(err, errlen, "cannot sync %s: %s", tmp,
			 strerror(errno));
		close(fd);
		goto fail;
	}
	if (close(fd) != 0 || fault(SAVE_STEP_CLOSE)) {
		snprintf(err, errlen, "cannot close %s: %s", tmp,
			 strerror(errno));
		goto fail;
	}
	if (fault(SAVE_STEP_RENAME) || rename(tmp, path) != 0) {
		snprintf(err, errlen, "cannot replace %s: %s", path,
			 strerror(errno));
		goto fail;
	}
	r = -2;
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd == -1 || fault(SAVE_STEP_DIRSYNC) || fsync(dfd) != 0) {
		snprintf(err, errlen, "cannot sync directory %s: %s", dir,
			 strerror(errno));
		if (dfd != -1)
			close(dfd);
		goto out;
	}
	close(dfd);
	r = 0;
	goto out;
fail:
	unlink(tmp);
out:
	free(tmp);
	free(dir);
	return r;
}

/*
 * Writes s whole to path; returns write_durable()'s result.  With own set
 * (path is s's file), s's file state follows: the file is now this
 * journal in format 2, to be added to.
 */
static int
write_session(struct session *s, const char *path, bool own, char *err,
	      size_t errlen)
{
	size_t len;
	char *text = session_format(s, &len);
	int r = write_durable(path, text, len, err, errlen);

	free(text);
	if (own && r != -1) {
		/* The file was replaced: a descriptor open on it is stale. */
		if (s->fd >= 0)
			close(s->fd);
		s->fd = -1;
		s->synced = r == 0;
		s->torn = false;
		s->good_len = len;
	}
	return r;
}

/* The refusal of a save's path that is no regular file (a FIFO...). */
static int
not_a_file(const struct session *s, char *err, size_t errlen)
{
	snprintf(err, errlen,
		 "%s is not a regular file: a save is only written to a file "
		 "of its own",
		 s->path);
	return -1;
}

/*
 * Adds one journal line to s's file: one write() and one fdatasync() at
 * the end of the good lines, cutting a torn line first.  Returns 0, or -1
 * with err and the file's good lines as they were.
 */
static int
append_line(struct session *s, const char *text, size_t len, char *err,
	    size_t errlen)
{
	struct stat st, now;
	ssize_t w;

	if (s->fd < 0) {
		s->fd = fault(SAVE_STEP_CREATE)
			    ? -1
			    : open(s->path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW |
						O_NONBLOCK);
		/* A symlink planted at the save's path is never written
		 * through: it could point at any file of the player's.
		 * O_NONBLOCK: a FIFO there must not hang the game. */
		if (s->fd < 0 && errno == ELOOP) {
			snprintf(
			    err, errlen,
			    "%s is a symbolic link: a save is only written "
			    "to a file of its own",
			    s->path);
			return -1;
		}
		if (s->fd < 0 && errno == ENXIO) /* a FIFO, no reader */
			return not_a_file(s, err, errlen);
		if (s->fd < 0) {
			snprintf(err, errlen, "cannot open %s: %s", s->path,
				 strerror(errno));
			return -1;
		}
	}
	if (fstat(s->fd, &st) != 0) {
		snprintf(err, errlen, "cannot read %s: %s", s->path,
			 strerror(errno));
		return -1;
	}
	if (!S_ISREG(st.st_mode))
		return not_a_file(s, err, errlen);
	/* A file renamed over the save, or the save removed, leaves the
	 * descriptor on a file no longer there: a line added to it would
	 * be reported saved, and lost. */
	if (lstat(s->path, &now) != 0 || now.st_dev != st.st_dev ||
	    now.st_ino != st.st_ino) {
		snprintf(err, errlen,
			 "%s was replaced or removed since it was read "
			 "(another game saved over it?)",
			 s->path);
		return -1;
	}
	if ((size_t)st.st_size != s->good_len && !s->torn) {
		snprintf(err, errlen,
			 "%s changed on disk since it was read (another game "
			 "added to it?)",
			 s->path);
		return -1;
	}
	if (s->torn && ftruncate(s->fd, (off_t)s->good_len) != 0) {
		snprintf(err, errlen, "cannot cut the torn line off %s: %s",
			 s->path, strerror(errno));
		return -1;
	}
	s->torn = false;
	do
		w = fault(SAVE_STEP_WRITE)
			? -1
			: pwrite(s->fd, text, len, (off_t)s->good_len);
	while (w < 0 && errno == EINTR);
	if (w < 0 || (size_t)w != len) {
		snprintf(err, errlen, "cannot write %s: %s", s->path,
			 w < 0 ? strerror(errno) : "short write");
		goto undo;
	}
	if (fault(SAVE_STEP_FSYNC) || fdatasync(s->fd) != 0) {
		snprintf(err, errlen, "cannot sync %s: %s", s->path,
			 strerror(errno));
		goto undo;
	}
	s->good_len += len;
	return 0;
undo:
	/* Whatever got there is not a line of the game. */
	if (ftruncate(s->fd, (off_t)s->good_len) != 0)
		s->torn = true;
	return -1;
}

/*
 * Puts journal entry i (or, with undo set, an undo line) on disk: added
 * as a line, or, when the file does not hold the journal yet, the whole
 * file written.  Returns 0, or -1/-2 as write_durable().
 */
static int
save_entry(struct session *s, bool undo, char *err, size_t errlen)
{
	struct buf b = { NULL, 0, 0 };
	int r;

	if (!s->synced)
		return write_session(s, s->path, true, err, errlen);
	buf_journal_line(&b, undo ? "undo" : s->v[s->n - 1].line,
			 undo ? game_digest(s->g) : s->v[s->n - 1].digest);
	r = append_line(s, b.p, b.len, err, errlen);
	free(b.p);
	return r;
}

int
session_set_file(struct session *s, const char *path, char *err, size_t errlen)
{
	char *old = s->path;

	s->path = xstrdup(path);
	if (write_session(s, path, true, err, errlen) != 0) {
		free(s->path);
		s->path = old;
		return -1;
	}
	free(old);
	return 0;
}

int
session_autosave_new(struct session *s, char *err, size_t errlen)
{
	char path[4096];

	if (savedir_autosave_path(path, sizeof path, err, errlen) != 0)
		return -1;
	free(s->path);
	s->path = xstrdup(path);
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
	s->synced = false;
	return 0;
}

void
session_allow_dice(struct session *s, bool allow)
{
	s->allow_dice = allow;
}

enum session_result
session_apply_line(struct session *s, const char *line, struct command *out,
		   struct events *ev, char *why, size_t whylen)
{
	struct command c;
	int r;

	r = command_parse(s->sc, line, &c, why, whylen);
	if (r == 0)
		return SESSION_EMPTY;
	if (r < 0)
		return SESSION_REFUSED;
	if (out != NULL)
		*out = c;
	return session_apply(s, &c, ev, why, whylen);
}

enum session_result
session_apply(struct session *s, const struct command *c, struct events *ev,
	      char *why, size_t whylen)
{
	char err[512], ignored[256];
	int ev0 = ev->n, r;
	size_t n0 = s->n;

	if (c->verb == VERB_DICE && !s->allow_dice) {
		snprintf(why, whylen,
			 "dice is for batch mode only, never in a shared game");
		return SESSION_REFUSED;
	}
	/* commands.md: once the game is over only dump and dice are
	 * accepted, and while a decision is pending only the decision.
	 * The game takes a say at any time (journals written before this
	 * rule hold some, and must load), so the rule is kept here, for
	 * the commands given now. */
	if (c->verb == VERB_SAY &&
	    (s->g->over || s->g->choosing || s->g->noffers > 0) &&
	    game_verb_check(s->g, c->verb, why, whylen) != 0)
		return SESSION_REFUSED;
	if (apply_and_journal(s, c, ev, why, whylen) != 0)
		return SESSION_REFUSED;
	if (s->n == n0 || s->path == NULL)
		return SESSION_OK;
	r = save_entry(s, false, err, sizeof err);
	if (r == 0)
		return SESSION_OK;
	/* Not on disk: not played.  If the new file did replace the old one
	 * (only its directory failed to sync), put the old one back. */
	rebuild(s, n0, SIZE_MAX);
	ev->n = ev0;
	if (r == -2)
		write_session(s, s->path, true, ignored, sizeof ignored);
	snprintf(why, whylen, "the command was not played: %s", err);
	return SESSION_NOT_SAVED;
}

/* Whether journal entry e may be taken back; 0, or -1 with why. */
static int
entry_check(const struct entry *e, char *why, size_t whylen)
{
	if (e->rolled > 0 && followed_words(e) != NULL) {
		snprintf(why, whylen,
			 "the last command (%s) cannot be undone: %s that "
			 "followed it rolled dice",
			 e->line, followed_words(e));
		return -1;
	}
	if (e->rolled > 0) {
		snprintf(
		    why, whylen,
		    "the last command (%s) rolled dice and cannot be undone",
		    e->line);
		return -1;
	}
	/* Any other action that rolled nothing reveals nothing (nothing is
	 * hidden in this game): an advance, a hold, an end of phase.  Not
	 * the dice to come, nor a word said to the other side. */
	switch (e->verb) {
	case VERB_MOVE:
	case VERB_PIVOT:
	case VERB_CHARGE:
	case VERB_PUSH:
	case VERB_GENERAL:
	case VERB_SHOOT:
	case VERB_ATTACK:
	case VERB_ADVANCE:
	case VERB_HOLD:
	case VERB_FIRST:
	case VERB_SECOND:
	case VERB_END:
		return 0;
	case VERB_DICE:
		snprintf(why, whylen,
			 "the last command (%s) sets the dice to come and "
			 "cannot be undone",
			 e->line);
		return -1;
	default:
		snprintf(why, whylen,
			 "the last command (%s) cannot be undone: it is no "
			 "action of the game",
			 e->line);
		return -1;
	}
}

/*
 * The index of the k-th command from the end (0: the last) that is no
 * say: a say is words, never an action, so undo steps over it and leaves
 * it where it is.  Returns whether there is one.
 */
static bool
action_back(const struct session *s, size_t k, size_t *at)
{
	size_t i;

	for (i = s->n; i-- > 0;)
		if (s->v[i].verb != VERB_SAY && k-- == 0) {
			*at = i;
			return true;
		}
	return false;
}

bool
session_undo_target(const struct session *s, size_t *at)
{
	return action_back(s, 0, at);
}

int
session_command_side(const struct session *s, size_t i)
{
	assert(i < s->n);
	return s->v[i].player;
}

int
session_can_undo(const struct session *s, size_t k, char *why, size_t whylen)
{
	size_t i, at;

	if (k > 0 && !action_back(s, k - 1, &at)) {
		snprintf(why, whylen, "there is nothing to undo");
		return -1;
	}
	for (i = 0; i < k; i++) {
		action_back(s, i, &at);
		if (entry_check(&s->v[at], why, whylen) != 0) {
			/* Not the last command: say which. */
			const struct entry *e = &s->v[at];

			if (i > 0 && followed_words(e) != NULL)
				snprintf(why, whylen,
					 "%s cannot be undone: %s that "
					 "followed it rolled dice",
					 e->line, followed_words(e));
			else if (i > 0)
				snprintf(why, whylen,
					 "%s rolled dice and cannot be undone",
					 e->line);
			return -1;
		}
	}
	return 0;
}

/*
 * Whether the last command that is no say may be taken back
 * (session_undo()'s rules); its index in at.  Returns 0, or -1 with why.
 */
static int
undo_check(const struct session *s, size_t *at, char *why, size_t whylen)
{
	if (!action_back(s, 0, at)) {
		snprintf(why, whylen, "there is nothing to undo");
		return -1;
	}
	return entry_check(&s->v[*at], why, whylen);
}

int
session_undo(struct session *s, char *why, size_t whylen)
{
	char err[512], ignored[256], **keep;
	size_t at, n = s->n, i;
	int r = 0;

	if (undo_check(s, &at, why, whylen) != 0)
		return -1;
	/* The journal as it was, to put back if the undo is not saved. */
	keep = xreallocarray(NULL, n, sizeof *keep);
	for (i = 0; i < n; i++)
		keep[i] = xstrdup(s->v[i].line);
	rebuild(s, n, at);
	if (s->path != NULL &&
	    (r = save_entry(s, true, err, sizeof err)) != 0) {
		rebuild_from(s, keep, n);
		if (r == -2)
			write_session(s, s->path, true, ignored,
				      sizeof ignored);
		snprintf(why, whylen, "nothing was undone: %s", err);
	}
	for (i = 0; i < n; i++)
		free(keep[i]);
	free(keep);
	return r != 0 ? -1 : 0;
}

int
session_save_as(struct session *s, const char *name, char *path, size_t pathlen,
		char *err, size_t errlen)
{
	char buf[4096];

	if (savedir_name_path(name, true, buf, sizeof buf, err, errlen) != 0)
		return -1;
	if (write_session(s, buf, strcmp(buf, s->path ? s->path : "") == 0, err,
			  errlen) != 0)
		return -1;
	if (path != NULL && pathlen > 0)
		snprintf(path, pathlen, "%s", buf);
	return 0;
}

const struct game *
session_game(const struct session *s)
{
	return s->g;
}

const struct scenario *
session_scenario(const struct session *s)
{
	return s->sc;
}

const char *
session_path(const struct session *s)
{
	return s->path;
}

const char *
session_label(const struct session *s)
{
	return s->label;
}

void
session_set_ai(struct session *s, int side, int level)
{
	s->ai_side = side;
	s->ai_level = level;
}

int
session_ai(const struct session *s, int *level)
{
	if (level != NULL)
		*level = s->ai_level;
	return s->ai_side;
}

uint64_t
session_seed(const struct session *s)
{
	return s->seed;
}

size_t
session_length(const struct session *s)
{
	return s->n;
}

const char *
session_command(const struct session *s, size_t i)
{
	assert(i < s->n);
	return s->v[i].line;
}

const struct command *
session_command_parsed(const struct session *s, size_t i)
{
	assert(i < s->n);
	return &s->v[i].cmd;
}

/* --- Reading --- */

/* Loads the scenario text, its errors moved to the file's lines. */
static struct scenario *
load_scenario(const struct savefile *sf, struct anc_errs *errs)
{
	struct anc_errs sub;
	struct scenario *sc;
	size_t i;

	anc_errs_init(&sub);
	sc = scenario_load_text(sf->text.p, sf->text.n, &sub);
	for (i = 0; i < sub.n; i++)
		anc_errs_add(errs,
			     sub.v[i].line > 0
				 ? sf->text_line + sub.v[i].line - 1
				 : sf->scenario_line,
			     "scenario text: %s", sub.v[i].msg);
	anc_errs_done(&sub);
	return sc;
}

/*
 * Plays journal line text (span, file line at; "undo" takes the last
 * command back) on s, then checks the game against digest unless
 * check_digest is false.  Returns 0, or -1 after adding an error.
 */
static int
journal_step(struct session *s, struct savefile_span text, int at,
	     bool check_digest, uint64_t digest, struct events *ev,
	     struct anc_errs *errs)
{
	struct command c;
	char why[256], shown[SAVEFILE_QUOTE_SIZE], *line;
	int r = -1;

	line = xstrndup(text.p, text.n);
	savefile_quote(text, shown, sizeof shown);
	if (strcmp(line, "undo") == 0) {
		size_t k;

		if (undo_check(s, &k, why, sizeof why) != 0)
			anc_errs_add(errs, at, "journal undo is refused: %s",
				     why);
		else {
			rebuild(s, s->n, k);
			r = 0;
		}
	} else
		switch (command_parse(s->sc, line, &c, why, sizeof why)) {
		case 0:
			anc_errs_add(
			    errs, at,
			    "expected a command in the journal, found \"%s\"",
			    shown);
			break;
		case 1:
			if (c.verb == VERB_DUMP || c.verb == VERB_ODDS)
				anc_errs_add(errs, at,
					     "%s does not belong in a journal",
					     verb_name(c.verb));
			else if (apply_and_journal(s, &c, ev, why,
						   sizeof why) != 0)
				anc_errs_add(
				    errs, at,
				    "journal command \"%s\" is refused: %s",
				    shown, why);
			else
				r = 0;
			break;
		default:
			anc_errs_add(errs, at, "journal command \"%s\": %s",
				     shown, why);
			break;
		}
	free(line);
	if (r == 0 && check_digest && game_digest(s->g) != digest) {
		anc_errs_add(errs, at,
			     "the replayed game does not match this line's "
			     "digest: the save was edited or damaged");
		r = -1;
	}
	return r;
}

/* Replays the journal into s.  Returns 0, or -1 after adding an error. */
static int
replay_journal(struct session *s, const struct savefile *sf,
	       struct anc_errs *errs)
{
	struct events ev;
	size_t i;
	int r = 0;

	events_init(&ev);
	for (i = 0; i < sf->ncmds && r == 0; i++) {
		events_clear(&ev);
		r = journal_step(
		    s, sf->cmds[i], sf->cmd_lines[i], sf->version >= 2,
		    sf->version >= 2 ? sf->digests[i] : 0, &ev, errs);
	}
	events_done(&ev);
	return r;
}

/* The "ai SIDE LEVEL" line of a solo save; 0, or -1 with an error. */
static int
load_ai(struct session *s, const struct savefile *sf, struct anc_errs *errs)
{
	int side;

	for (side = 0; side < 2; side++)
		if (strlen(s->sc->sides[side].key) == sf->ai_side.n &&
		    memcmp(s->sc->sides[side].key, sf->ai_side.p,
			   sf->ai_side.n) == 0) {
			s->ai_side = side;
			s->ai_level = sf->ai_level;
			return 0;
		}
	anc_errs_add(errs, sf->ai_line,
		     "the computer's side is not a side of the scenario "
		     "(%s or %s)",
		     s->sc->sides[0].key, s->sc->sides[1].key);
	return -1;
}

struct session *
session_load(const char *path, struct anc_errs *errs)
{
	struct savefile sf;
	struct session *s;
	struct scenario *sc;

	if (savefile_read(path, &sf, errs) != 0)
		return NULL;
	if ((sc = load_scenario(&sf, errs)) == NULL) {
		savefile_done(&sf);
		return NULL;
	}
	s = session_alloc(sc, sf.label.p, sf.label.n, sf.seed);
	if (sf.ai_level > 0 && load_ai(s, &sf, errs) != 0)
		goto fail;
	if (replay_journal(s, &sf, errs) != 0)
		goto fail;
	if (sf.version >= 2) {
		/* Lines are added to this file from here on. */
		s->synced = true;
		s->good_len = sf.good_len;
		s->torn = sf.good_len < sf.len;
		snprintf(s->notice, sizeof s->notice, "%s", sf.notice);
		goto done;
	}
	if (game_digest(s->g) != sf.digest) {
		anc_errs_add(errs, sf.digest_line,
			     "the replayed game does not match the saved "
			     "digest: the save was edited or damaged");
		goto fail;
	}
	if (savefile_checksum(sf.buf, sf.checksum_off) != sf.checksum) {
		anc_errs_add(errs, sf.checksum_line,
			     "the checksum does not match the file: the save "
			     "was edited or damaged");
		goto fail;
	}
done:
	s->path = xstrdup(path);
	savefile_done(&sf);
	return s;
fail:
	session_free(s);
	savefile_done(&sf);
	return NULL;
}

struct session *
session_latest_unfinished(char *path, size_t len, char *err, size_t errlen)
{
	struct save_entry *v;
	struct anc_errs errs;
	struct session *s = NULL;
	char dir[4096];
	size_t n, i, seen = 0;

	if (savedir_scan(&v, &n, err, errlen) != 0)
		return NULL;
	for (i = 0; i < n && seen < SESSION_UNFINISHED_SCAN && s == NULL; i++) {
		if (!v[i].autosave || strlen(v[i].path) >= len)
			continue;
		seen++;
		anc_errs_init(&errs);
		s = session_load(v[i].path, &errs);
		anc_errs_done(&errs);
		if (s != NULL && (s->g->over || session_length(s) == 0)) {
			session_free(s);
			s = NULL;
		} else if (s != NULL)
			snprintf(path, len, "%s", v[i].path);
	}
	savedir_entries_free(v, n);
	if (s == NULL && savedir_path(dir, sizeof dir, false, err, errlen) == 0)
		snprintf(err, errlen,
			 "no unfinished game to resume in %s (ancients --saves "
			 "lists them all)",
			 dir);
	return s;
}

const char *
session_notice(const struct session *s)
{
	return s->notice[0] != '\0' ? s->notice : NULL;
}

/* The file line that starts at good_len, for a message (0: unknown). */
static int
file_line(const struct session *s)
{
	char *buf;
	ssize_t got;
	int fd, line = 1;

	if ((fd = open(s->path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	buf = xmalloc(s->good_len + 1);
	got = pread(fd, buf, s->good_len, 0);
	close(fd);
	for (ssize_t i = 0; i < got; i++)
		line += buf[i] == '\n';
	free(buf);
	return got == (ssize_t)s->good_len ? line : 0;
}

bool
session_claim_tail(struct session *s)
{
	struct stat st;

	if (s->path == NULL || !s->synced || stat(s->path, &st) != 0 ||
	    (size_t)st.st_size <= s->good_len)
		return false;
	s->torn = true;
	return true;
}

int
session_publish(struct session *s, const char *path, unsigned mode, char *err,
		size_t errlen)
{
	char *tmp, *slash, *old = s->path;
	size_t dirlen;
	int r;

	slash = strrchr(path, '/');
	dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
	tmp = xmalloc(dirlen + 32);
	snprintf(tmp, dirlen + 32, "%.*s.new-%ld", (int)dirlen, path,
		 (long)getpid());
	s->path = xstrdup(tmp);
	r = write_session(s, tmp, true, err, errlen);
	if (r == 0 && chmod(tmp, (mode_t)mode) != 0) {
		snprintf(err, errlen, "cannot set the mode of %s: %s", tmp,
			 strerror(errno));
		r = -1;
	}
	/* link() never replaces: the name is the game's, and taken once. */
	if (r == 0 && link(tmp, path) != 0) {
		snprintf(err, errlen,
			 errno == EEXIST ? "%s exists already"
					 : "cannot create %s: %s",
			 path, strerror(errno));
		r = -1;
	}
	unlink(tmp);
	if (r == 0) {
		/* The new name on disk too, as write_durable() does. */
		int dfd;

		tmp[dirlen > 0 ? dirlen : 0] = '\0';
		dfd = open(dirlen > 0 ? tmp : ".",
			   O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (dfd >= 0) {
			(void)fsync(dfd);
			close(dfd);
		}
	}
	free(tmp);
	free(s->path);
	if (r != 0) {
		s->path = old;
		s->synced = false;
		if (s->fd >= 0)
			close(s->fd);
		s->fd = -1;
		return -1;
	}
	free(old);
	s->path = xstrdup(path);
	return 0;
}

int
session_follow(struct session *s, struct events *ev, char *why, size_t whylen)
{
	return session_follow_n(s, ev, INT_MAX, why, whylen);
}

int
session_follow_n(struct session *s, struct events *ev, int max, char *why,
		 size_t whylen)
{
	struct savefile_span sp, cmd;
	struct anc_errs errs;
	struct stat st;
	uint64_t digest;
	char *buf = NULL;
	size_t len, pos = 0;
	ssize_t got;
	int fd, n = 0, line = 0;
	const char *nl;

	if (s->path == NULL || !s->synced)
		return 0;
	/* O_NONBLOCK: a FIFO put in the file's place (a shared directory
	 * may be the group's) must not block the game for ever. */
	if ((fd = open(s->path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0 ||
	    fstat(fd, &st) != 0) {
		snprintf(why, whylen, "cannot read %s: %s", s->path,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, whylen,
			 "cannot read %s: it is not a regular file", s->path);
		close(fd);
		return -1;
	}
	if ((size_t)st.st_size <= s->good_len) {
		close(fd);
		return 0;
	}
	/* No save is larger (it would not load again): what grew past it,
	 * a line of no end most likely, is not read whole each time. */
	if ((uintmax_t)st.st_size > SAVE_MAX_BYTES) {
		snprintf(why, whylen,
			 "%s grew larger than a save may be (more than %lu "
			 "MB)",
			 s->path,
			 (unsigned long)(SAVE_MAX_BYTES / (1024 * 1024)));
		close(fd);
		return -1;
	}
	len = (size_t)st.st_size - s->good_len;
	buf = xmalloc(len);
	got = pread(fd, buf, len, (off_t)s->good_len);
	close(fd);
	if (got < 0) {
		snprintf(why, whylen, "cannot read %s: %s", s->path,
			 strerror(errno));
		free(buf);
		return -1;
	}
	len = (size_t)got;
	anc_errs_init(&errs);
	/* Only whole lines: one being written is read next time. */
	while (n < max && pos < len &&
	       (nl = memchr(buf + pos, '\n', len - pos)) != NULL) {
		sp.p = buf + pos;
		sp.n = (size_t)(nl - sp.p);
		line++;
		if (savefile_journal_line(sp, &cmd, &digest) != 0) {
			snprintf(why, whylen,
				 "%s:%d: a new journal line is "
				 "damaged",
				 s->path, file_line(s));
			n = -1;
			break;
		}
		if (journal_step(s, cmd, line, true, digest, ev, &errs) != 0) {
			snprintf(why, whylen, "%s:%d: %s", s->path,
				 file_line(s), errs.v[0].msg);
			n = -1;
			break;
		}
		pos += sp.n + 1;
		s->good_len += sp.n + 1;
		n++;
	}
	anc_errs_done(&errs);
	free(buf);
	return n;
}
