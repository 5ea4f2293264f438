/*
 * Sessions and their save files.  A session owns its scenario (parsed from
 * the text it will save), its game and its journal; the game is always the
 * journal replayed from the seed.  The file format (docs/save-format.md):
 *
 *	ancients-save 1
 *	label LABEL
 *	seed SEED
 *	scenario N		N lines of scenario text follow, as loaded
 *	journal M		M canonical commands follow, one a line
 *	digest HEX16		game_digest() after the last command
 *	checksum HEX16		FNV-1a 64 of every byte before this line
 *
 * Loading has savefile.c check the structure, then loads the scenario
 * text, replays the journal and compares the digest and the checksum,
 * reporting the first thing wrong with the line it is on.  Writing
 * replaces the whole file atomically (write_durable()).
 */
#include "config.h"

#include "session/session.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "session/savedir.h"
#include "session/savefile.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

#define LINE_COMMAND_MAX 1024 /* a canonical command, with room */

/* One journal line and what the rules need to know to undo it. */
struct entry {
	char *line; /* canonical command; owned */
	struct command cmd; /* the same, parsed */
	enum verb verb;
	int turn;	      /* when it was given: turn, */
	int second;	      /* player-turn within it (0 or 1), */
	int player;	      /* side to play */
	enum phase phase;     /* and phase */
	unsigned long rolled; /* dice it rolled, forced or not */
};

struct session {
	struct scenario *sc; /* owned; parsed from the text it saves */
	struct game *g;	     /* owned; the journal replayed from seed */
	char *label;	     /* owned; one line, no newline */
	uint64_t seed;
	struct entry *v; /* the journal; owned */
	size_t n;	 /* commands in it */
	size_t cap;	 /* allocated entries */
	char *path;	 /* owned; written after each command, or NULL */
	bool allow_dice; /* `dice` accepted (batch mode) */
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
static int
play(struct session *s, const struct command *c, struct events *ev, char *why,
     size_t whylen)
{
	struct game *g = s->g;
	struct entry e;
	char line[LINE_COMMAND_MAX];

	e.verb = c->verb;
	e.turn = g->turn;
	e.second = g->second;
	e.player = g->player;
	e.phase = g->phase;
	e.rolled = g->dice.rolled;
	if (game_apply(g, c, ev, why, whylen) != 0)
		return -1;
	if (c->verb == VERB_DUMP || c->verb == VERB_ODDS)
		return 0;
	e.rolled = g->dice.rolled - e.rolled;
	command_format(s->sc, c, line, sizeof line);
	e.line = xstrdup(line);
	e.cmd = *c;
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
	r = play(s, &c, ev, why, sizeof why);
	assert(r == 0);
	(void)r;
}

/*
 * Rebuilds the game from the seed and the first n journal lines, in the
 * same struct game, so that pointers to it stay good.
 */
static void
rebuild(struct session *s, size_t n)
{
	struct entry *old = s->v;
	struct game *fresh, tmp;
	size_t nold = s->n, i;
	struct events ev;

	assert(n <= nold);
	s->v = NULL;
	s->n = s->cap = 0;
	fresh = game_new(s->sc, s->seed);
	tmp = *s->g;
	*s->g = *fresh;
	*fresh = tmp;
	game_free(fresh);
	events_init(&ev);
	for (i = 0; i < n; i++)
		replay_line(s, old[i].line, &ev);
	events_done(&ev);
	for (i = 0; i < nold; i++)
		free(old[i].line);
	free(old);
}

static struct session *
session_alloc(struct scenario *sc, const char *label, size_t labellen,
	      uint64_t seed)
{
	struct session *s = xcalloc(1, sizeof *s);

	s->sc = sc;
	s->seed = seed;
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
	game_free(s->g);
	scenario_free(s->sc);
	free(s->label);
	free(s->path);
	free(s);
}

/* --- Writing --- */

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
	buf_printf(&b, "scenario %zu\n", lines);
	buf_add(&b, s->sc->source, s->sc->source_len);
	buf_printf(&b, "journal %zu\n", s->n);
	for (i = 0; i < s->n; i++)
		buf_printf(&b, "%s\n", s->v[i].line);
	buf_printf(&b, "digest %016" PRIx64 "\n", game_digest(s->g));
	buf_printf(&b, "checksum %016" PRIx64 "\n",
		   savefile_checksum(b.p, b.len));
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

/* Writes s to path; returns write_durable()'s result. */
static int
write_session(const struct session *s, const char *path, char *err,
	      size_t errlen)
{
	size_t len;
	char *text = session_format(s, &len);
	int r = write_durable(path, text, len, err, errlen);

	free(text);
	return r;
}

int
session_set_file(struct session *s, const char *path, char *err, size_t errlen)
{
	if (write_session(s, path, err, errlen) != 0)
		return -1;
	free(s->path);
	s->path = xstrdup(path);
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
		snprintf(why, whylen, "dice is for batch mode only");
		return SESSION_REFUSED;
	}
	if (play(s, c, ev, why, whylen) != 0)
		return SESSION_REFUSED;
	if (s->n == n0 || s->path == NULL)
		return SESSION_OK;
	r = write_session(s, s->path, err, sizeof err);
	if (r == 0)
		return SESSION_OK;
	/* Not on disk: not played.  If the new file did replace the old one
	 * (only its directory failed to sync), put the old one back. */
	rebuild(s, n0);
	ev->n = ev0;
	if (r == -2)
		write_session(s, s->path, ignored, sizeof ignored);
	snprintf(why, whylen, "the command was not played: %s", err);
	return SESSION_NOT_SAVED;
}

static bool
undoable(enum verb v)
{
	return v == VERB_MOVE || v == VERB_PIVOT || v == VERB_CHARGE ||
	       v == VERB_GENERAL;
}

int
session_undo(struct session *s, char *why, size_t whylen)
{
	const struct entry *e;
	struct events ev;
	char err[512], ignored[256], *line;
	int r;

	if (s->n == 0) {
		snprintf(why, whylen, "there is nothing to undo");
		return -1;
	}
	e = &s->v[s->n - 1];
	if (e->rolled > 0) {
		snprintf(
		    why, whylen,
		    "the last command (%s) rolled dice and cannot be undone",
		    e->line);
		return -1;
	}
	if (!undoable(e->verb)) {
		snprintf(why, whylen,
			"the last command (%s) cannot be undone: only move, "
			"pivot, charge and general can",
			e->line);
		return -1;
	}
	/* Defensive: none of those four ends a phase or a player-turn. */
	if (e->turn != s->g->turn || e->second != s->g->second ||
	    e->player != s->g->player || e->phase != s->g->phase) {
		snprintf(why, whylen,
			"the last command was not made by the player to play "
			"in this phase and cannot be undone");
		return -1;
	}
	line = xstrdup(e->line);
	rebuild(s, s->n - 1);
	if (s->path != NULL &&
	    (r = write_session(s, s->path, err, sizeof err)) != 0) {
		events_init(&ev);
		replay_line(s, line, &ev);
		events_done(&ev);
		if (r == -2)
			write_session(s, s->path, ignored, sizeof ignored);
		snprintf(why, whylen, "nothing was undone: %s", err);
		free(line);
		return -1;
	}
	free(line);
	return 0;
}

int
session_save_as(struct session *s, const char *name, char *path, size_t pathlen,
		char *err, size_t errlen)
{
	char buf[4096];

	if (savedir_name_path(name, true, buf, sizeof buf, err, errlen) != 0)
		return -1;
	if (write_session(s, buf, err, errlen) != 0)
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

/* Replays the journal into s.  Returns 0, or -1 after adding an error. */
static int
replay_journal(struct session *s, const struct savefile *sf,
	       struct anc_errs *errs)
{
	struct command c;
	struct events ev;
	char why[256], shown[SAVEFILE_QUOTE_SIZE], *line;
	size_t i;
	int r = 0, at;

	events_init(&ev);
	for (i = 0; i < sf->ncmds && r == 0; i++) {
		line = xstrndup(sf->cmds[i].p, sf->cmds[i].n);
		savefile_quote(sf->cmds[i], shown, sizeof shown);
		at = sf->cmd_lines[i];
		events_clear(&ev);
		r = -1;
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
			else if (play(s, &c, &ev, why, sizeof why) != 0)
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
	}
	events_done(&ev);
	return r;
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
	if (replay_journal(s, &sf, errs) != 0)
		goto fail;
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
	s->path = xstrdup(path);
	savefile_done(&sf);
	return s;
fail:
	session_free(s);
	savefile_done(&sf);
	return NULL;
}
