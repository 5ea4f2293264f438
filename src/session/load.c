/*
 * Reading sessions (session.h): a save loaded and its journal replayed,
 * the latest unfinished game found, and the lines another writer added
 * to the session's file followed.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
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
#include "session/savefile.h"
#include "session/sessionint.h"

/* --- Loading --- */

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
journal_step(struct session *s, struct savefile_span text,
	     struct savefile_span metasp, int at, bool check_digest,
	     uint64_t digest, struct events *ev, struct anc_errs *errs)
{
	struct command c;
	char why[256], shown[SAVEFILE_QUOTE_SIZE], *line, *meta;
	int r = -1;

	line = xstrndup(text.p, text.n);
	meta = metasp.p != NULL ? xstrndup(metasp.p, metasp.n) : NULL;
	savefile_quote(text, shown, sizeof shown);
	if (strcmp(line, "undo") == 0) {
		size_t k;

		if (journal_undo_check(s, &k, why, sizeof why) != 0)
			anc_errs_add(errs, at, "journal undo is refused: %s",
				     why);
		else {
			journal_rebuild(s, s->n, k);
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
			if (verb_is_query(c.verb))
				anc_errs_add(errs, at,
					     "%s does not belong in a journal",
					     verb_name(c.verb));
			else if (journal_apply_meta(s, &c, meta, ev, why,
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
	free(meta);
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
		    s, sf->cmds[i],
		    sf->version >= SAVE_VERSION_SHARED
			? sf->metas[i]
			: (struct savefile_span){ NULL, 0 },
		    sf->cmd_lines[i], sf->version >= 2,
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
	if (sf.version >= SAVE_VERSION_SHARED)
		s->version = SAVE_VERSION_SHARED;
	if (sf.ai_level > 0 && load_ai(s, &sf, errs) != 0)
		goto fail;
	if (replay_journal(s, &sf, errs) != 0)
		goto fail;
	if (sf.version >= 2) {
		/* Lines are added to this file from here on. */
		s->file.synced = true;
		s->file.good_len = sf.good_len;
		s->file.torn = sf.good_len < sf.len;
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
	s->file.path = xstrdup(path);
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

/* --- Following another writer --- */

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

	if ((fd = open(s->file.path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	buf = xmalloc(s->file.good_len + 1);
	got = pread(fd, buf, s->file.good_len, 0);
	close(fd);
	for (ssize_t i = 0; i < got; i++)
		line += buf[i] == '\n';
	free(buf);
	return got == (ssize_t)s->file.good_len ? line : 0;
}

bool
session_claim_tail(struct session *s)
{
	struct stat st;

	if (s->file.path == NULL || !s->file.synced ||
	    stat(s->file.path, &st) != 0 ||
	    (size_t)st.st_size <= s->file.good_len)
		return false;
	s->file.torn = true;
	return true;
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
	struct savefile_span sp, cmd, meta;
	struct anc_errs errs;
	struct stat st;
	uint64_t digest;
	char *buf = NULL;
	size_t len, pos = 0;
	ssize_t got;
	int fd, n = 0, line = 0;
	const char *nl;

	if (s->file.path == NULL || !s->file.synced)
		return 0;
	/* O_NONBLOCK: a FIFO put in the file's place (a shared directory
	 * may be the group's) must not block the game for ever. */
	if ((fd = open(s->file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0 ||
	    fstat(fd, &st) != 0) {
		snprintf(why, whylen, "cannot read %s: %s", s->file.path,
			 strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(why, whylen,
			 "cannot read %s: it is not a regular file",
			 s->file.path);
		close(fd);
		return -1;
	}
	if ((size_t)st.st_size <= s->file.good_len) {
		close(fd);
		return 0;
	}
	/* No save is larger (it would not load again): what grew past it,
	 * a line of no end most likely, is not read whole each time. */
	if ((uintmax_t)st.st_size > SAVE_MAX_BYTES) {
		snprintf(why, whylen,
			 "%s grew larger than a save may be (more than %lu "
			 "MB)",
			 s->file.path,
			 (unsigned long)(SAVE_MAX_BYTES / (1024 * 1024)));
		close(fd);
		return -1;
	}
	len = (size_t)st.st_size - s->file.good_len;
	buf = xmalloc(len);
	got = pread(fd, buf, len, (off_t)s->file.good_len);
	close(fd);
	if (got < 0) {
		snprintf(why, whylen, "cannot read %s: %s", s->file.path,
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
		if (savefile_journal_line(sp, s->version, &cmd, &digest,
					  &meta) != 0) {
			snprintf(why, whylen,
				 "%s:%d: a new journal line is "
				 "damaged",
				 s->file.path, file_line(s));
			n = -1;
			break;
		}
		if (journal_step(s, cmd, meta, line, true, digest, ev,
				 &errs) != 0) {
			snprintf(why, whylen, "%s:%d: %s", s->file.path,
				 file_line(s), errs.v[0].msg);
			n = -1;
			break;
		}
		pos += sp.n + 1;
		s->file.good_len += sp.n + 1;
		n++;
	}
	anc_errs_done(&errs);
	free(buf);
	return n;
}
