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
 * first new command) is written whole, atomically (savewrite_durable());
 * after that each command is one line added with one write() and one
 * fdatasync().  A torn last line (a crash mid-write) is dropped on load
 * and cut off before the next line is added.  Version 1 (0.1.0: the whole
 * journal counted, then the digest and a checksum of the file) is read.
 *
 * This file: a session's life, its verbs (apply, undo) and the file it
 * writes.  The journal in memory and undo are in journal.c, loading and
 * following in load.c, the durable writes in savewrite.c.
 */
#include "config.h"

#include "session/session.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "session/savedir.h"
#include "session/osdice.h"
#include "session/savefile.h"
#include "session/savewrite.h"
#include "session/sessionint.h"

struct session *
session_alloc(struct scenario *sc, const char *label, size_t labellen,
	      uint64_t seed)
{
	struct session *s = xcalloc(1, sizeof *s);

	s->sc = sc;
	s->seed = seed;
	s->ai_side = -1;
	s->version = SAVE_VERSION;
	s->file.fd = -1;
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
	for (i = 0; i < s->n; i++) {
		free(s->v[i].line);
		free(s->v[i].meta);
	}
	free(s->v);
	if (s->file.fd >= 0)
		close(s->file.fd);
	game_free(s->g);
	game_free(s->mark);
	scenario_free(s->sc);
	free(s->label);
	free(s->file.path);
	free(s);
}

/* --- Writing --- */

char *
session_format(const struct session *s, size_t *lenp)
{
	struct savebuf b = { NULL, 0, 0 };
	size_t i, lines = 0;

	for (i = 0; i < s->sc->source_len; i++)
		lines += s->sc->source[i] == '\n';
	savebuf_printf(&b, "%s %d\n", SAVE_MAGIC, s->version);
	savebuf_printf(&b, "label %s\n", s->label);
	savebuf_printf(&b, "seed %" PRIu64 "\n", s->seed);
	if (s->ai_side >= 0)
		savebuf_printf(&b, "ai %s %d\n", s->sc->sides[s->ai_side].key,
			       s->ai_level);
	savebuf_printf(&b, "scenario %zu\n", lines);
	savebuf_add(&b, s->sc->source, s->sc->source_len);
	savebuf_printf(&b, "journal %016" PRIx64 "\n",
		       savefile_checksum(b.p, b.len));
	for (i = 0; i < s->n; i++)
		savebuf_journal_line(&b, s->v[i].line, s->v[i].digest,
				     s->v[i].meta);
	if (lenp != NULL)
		*lenp = b.len;
	return b.p;
}

/*
 * Writes s whole to path; returns savewrite_durable()'s result.  With own set
 * (path is s's file), s's file state follows: the file is now this
 * journal in format 2, to be added to.
 */
static int
write_session(struct session *s, const char *path, bool own, char *err,
	      size_t errlen)
{
	size_t len;
	char *text = session_format(s, &len);
	int r = savewrite_durable(path, text, len, err, errlen);

	free(text);
	if (own && r != -1) {
		/* The file was replaced: a descriptor open on it is stale. */
		if (s->file.fd >= 0)
			close(s->file.fd);
		s->file.fd = -1;
		s->file.synced = r == 0;
		s->file.torn = false;
		s->file.good_len = len;
	}
	return r;
}

/*
 * A format 3 line's "UID<TAB>PLAYER<TAB>DICE" for this session's author,
 * with the n dice (1-6) in dice, into buf (a line of dice is long:
 * grown with xmalloc when buf is too short, then returned new; else buf).
 */
static char *
author_meta(const struct session *s, const unsigned char *dice, int n,
	    char *buf, size_t len)
{
	size_t need = 64 + (size_t)n, at;
	char *p = need <= len ? buf : xmalloc(need);
	int i;

	at = (size_t)snprintf(p, need <= len ? len : need, "%ld\t%s\t",
			      s->author_uid,
			      s->author[0] != '\0' ? s->author : "someone");
	if (n == 0)
		p[at++] = '-';
	for (i = 0; i < n; i++)
		p[at++] = (char)('0' + dice[i]);
	p[at] = '\0';
	return p;
}

/*
 * Puts journal entry i (or, with undo set, an undo line) on disk: added
 * as a line, or, when the file does not hold the journal yet, the whole
 * file written.  Returns 0, or -1/-2 as savewrite_durable().
 */
static int
save_entry(struct session *s, bool undo, char *err, size_t errlen)
{
	struct savebuf b = { NULL, 0, 0 };
	int r;

	if (!s->file.synced)
		return write_session(s, s->file.path, true, err, errlen);
	if (undo) {
		char meta[96];

		author_meta(s, NULL, 0, meta, sizeof meta);
		savebuf_journal_line(&b, "undo", game_digest(s->g),
				     s->version >= SAVE_VERSION_SHARED ? meta
								       : NULL);
	} else
		savebuf_journal_line(&b, s->v[s->n - 1].line,
				     s->v[s->n - 1].digest,
				     s->v[s->n - 1].meta);
	r = savewrite_append(&s->file, b.p, b.len, err, errlen);
	free(b.p);
	return r;
}

int
session_set_file(struct session *s, const char *path, char *err, size_t errlen)
{
	char *old = s->file.path;

	s->file.path = xstrdup(path);
	if (write_session(s, path, true, err, errlen) != 0) {
		free(s->file.path);
		s->file.path = old;
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
	free(s->file.path);
	s->file.path = xstrdup(path);
	if (s->file.fd >= 0)
		close(s->file.fd);
	s->file.fd = -1;
	s->file.synced = false;
	return 0;
}

int
session_publish(struct session *s, const char *path, unsigned mode, char *err,
		size_t errlen)
{
	char *tmp, *slash, *old = s->file.path;
	size_t dirlen;
	int r;

	slash = strrchr(path, '/');
	dirlen = slash != NULL ? (size_t)(slash - path) + 1 : 0;
	tmp = xmalloc(dirlen + 32);
	snprintf(tmp, dirlen + 32, "%.*s.new-%ld", (int)dirlen, path,
		 (long)getpid());
	s->file.path = xstrdup(tmp);
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
		/* The new name on disk too, as savewrite_durable() does. */
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
	free(s->file.path);
	if (r != 0) {
		s->file.path = old;
		s->file.synced = false;
		if (s->file.fd >= 0)
			close(s->file.fd);
		s->file.fd = -1;
		return -1;
	}
	free(old);
	s->file.path = xstrdup(path);
	return 0;
}

/* --- Playing --- */

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
	/* A shared game never takes dice: its refusal after the end
	 * names what it does take (issue 31: a say was told "only dump and
	 * dice are accepted"). */
	if (s->version >= SAVE_VERSION_SHARED && s->g->over &&
	    !verb_is_query(c->verb)) {
		snprintf(why, whylen,
			 "the game is over: its journal takes nothing more, "
			 "not even a say; dump shows how it ended");
		return SESSION_REFUSED;
	}
	/* commands.md: once the game is over only dump and dice are
	 * accepted, and while a decision is pending only the decision.
	 * The game takes a say at any time (journals written before this
	 * rule hold some, and must load), so the rule is kept here, for
	 * the commands given now. */
	if (verb_is_note(c->verb) &&
	    (s->g->over || s->g->choosing || s->g->noffers > 0) &&
	    game_verb_check(s->g, c->verb, why, whylen) != 0)
		return SESSION_REFUSED;
	if (s->version >= SAVE_VERSION_SHARED) {
		/* A shared game's dice come from the system now, and go
		 * into the command's own line. */
		unsigned char *dice = NULL;
		char metabuf[96], *meta;
		int nd = 0;

		if (c->verb == VERB_DICE) {
			snprintf(why, whylen, "dice is for batch mode only, "
					      "never in a shared game");
			return SESSION_REFUSED;
		}
		if (verb_needs_turn(c->verb) &&
		    (nd = osdice_draw(s->g, c, &dice, why, whylen)) < 0)
			return SESSION_REFUSED;
		meta = author_meta(s, dice, nd, metabuf, sizeof metabuf);
		r = journal_apply_meta(s, c, meta, ev, why, whylen);
		if (meta != metabuf)
			free(meta);
		free(dice);
		if (r != 0)
			return SESSION_REFUSED;
	} else if (journal_apply(s, c, ev, why, whylen) != 0)
		return SESSION_REFUSED;
	if (s->n == n0 || s->file.path == NULL)
		return SESSION_OK;
	r = save_entry(s, false, err, sizeof err);
	if (r == 0)
		return SESSION_OK;
	/* Not on disk: not played.  If the new file did replace the old one
	 * (only its directory failed to sync), put the old one back. */
	journal_rebuild(s, n0, SIZE_MAX);
	ev->n = ev0;
	if (r == -2)
		write_session(s, s->file.path, true, ignored, sizeof ignored);
	snprintf(why, whylen, "the command was not played: %s", err);
	return SESSION_NOT_SAVED;
}

int
session_undo(struct session *s, char *why, size_t whylen)
{
	char err[512], ignored[256], **keep, **metas;
	size_t at, n = s->n, i;
	int r = 0;

	if (journal_undo_check(s, &at, why, whylen) != 0)
		return -1;
	/* The journal as it was, to put back if the undo is not saved. */
	keep = xreallocarray(NULL, n, sizeof *keep);
	metas = xreallocarray(NULL, n, sizeof *metas);
	for (i = 0; i < n; i++) {
		keep[i] = xstrdup(s->v[i].line);
		metas[i] = s->v[i].meta != NULL ? xstrdup(s->v[i].meta) : NULL;
	}
	journal_rebuild(s, n, at);
	if (s->file.path != NULL &&
	    (r = save_entry(s, true, err, sizeof err)) != 0) {
		journal_rebuild_from(s, keep, metas, n);
		if (r == -2)
			write_session(s, s->file.path, true, ignored,
				      sizeof ignored);
		snprintf(why, whylen, "nothing was undone: %s", err);
	}
	for (i = 0; i < n; i++) {
		free(keep[i]);
		free(metas[i]);
	}
	free(keep);
	free(metas);
	return r != 0 ? -1 : 0;
}

int
session_save_as(struct session *s, const char *name, char *path, size_t pathlen,
		char *err, size_t errlen)
{
	char buf[4096];

	if (savedir_name_path(name, true, buf, sizeof buf, err, errlen) != 0)
		return -1;
	if (write_session(s, buf,
			  strcmp(buf, s->file.path ? s->file.path : "") == 0,
			  err, errlen) != 0)
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
	return s->file.path;
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

void
session_set_author(struct session *s, long uid, const char *player)
{
	s->version = SAVE_VERSION_SHARED;
	s->author_uid = uid;
	snprintf(s->author, sizeof s->author, "%s", player);
}

int
session_version(const struct session *s)
{
	return s->version;
}

const char *
session_command_meta(const struct session *s, size_t i)
{
	return s->v[i].meta;
}

void
session_force_dice(const struct session *s, size_t i, struct game *g)
{
	journal_force_dice(g, s->v[i].meta);
}
