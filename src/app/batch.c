/*
 * Batch mode (commands.md): one command a line from a stream, each
 * event printed as a line, refusals as "error: ...", `dump` as the state
 * dump.  The same scenario, seed and input always give the same output.
 * Every line goes through the session (session_apply_line()), the same
 * path as a command typed on the screen.
 */
#include "config.h"

#include "app/batch.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "ai/ai.h"
#include "app/aiplay.h"
#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/odds.h"
#include "core/xmalloc.h"
#include "session/session.h"
#include "session/shared.h"

/*
 * The longest input line, its newline included: far more than any
 * command (a say is 200 characters) with a comment, and a bound, so that
 * input with no newline (/dev/zero) cannot take all memory.
 */
#define LINE_MAX_BYTES 65536

/* Prints events, one line each. */
static void
print_events(const struct game *g, const struct events *ev, FILE *out)
{
	char text[512];
	int i;

	for (i = 0; i < ev->n; i++) {
		event_format(g->sc, &ev->v[i], text, sizeof text);
		fprintf(out, "%s\n", text);
	}
}

/* What an accepted command prints: its events, a dump, odds. */
static void
print_accepted(const struct game *g, const struct command *c,
	       const struct events *ev, char *dump, size_t dumplen, FILE *out)
{
	char odds[ODDS_TEXT_MAX];

	print_events(g, ev, out);
	if (c->verb == VERB_DUMP) {
		game_dump(g, dump, dumplen);
		fputs(dump, out);
	}
	if (c->verb == VERB_ODDS &&
	    odds_command_text(g, c, odds, sizeof odds) >= 0)
		fputs(odds, out);
}

/*
 * Reads one line of in into line (LINE_MAX_BYTES), its newline kept, a
 * NUL after it, its length in *n.  Returns 0; 1 for a line too long,
 * which is read to its end and dropped, the error printed; -1 at the end
 * of the input.
 */
static int
read_line(FILE *in, char *line, ssize_t *n, FILE *out)
{
	size_t len = 0;
	bool cut = false;
	int ch = EOF;

	while ((ch = getc(in)) != EOF) {
		if (len < LINE_MAX_BYTES - 1)
			line[len++] = (char)ch;
		else
			cut = true;
		if (ch == '\n')
			break;
	}
	line[len] = '\0';
	*n = (ssize_t)len;
	if (cut) {
		fprintf(out,
			"error: the line is too long (more than %d bytes)\n",
			LINE_MAX_BYTES - 1);
		fflush(out);
		return 1;
	}
	return len == 0 ? -1 : 0;
}

/* Whether the input ended in a read error (a directory, a closed
 * descriptor), which is said: it is no end of the commands. */
static int
read_failed(FILE *in)
{
	if (!ferror(in))
		return 0;
	fprintf(stderr, "ancients: cannot read the commands: %s\n",
		strerror(errno));
	return 1;
}

/* A line read whole that holds a NUL byte would be cut short at it, and
 * "end<NUL>x" read as "end": it is refused instead.  Returns whether
 * line (n bytes) was refused so. */
static bool
refuse_nul(const char *line, ssize_t n, FILE *out)
{
	if (n < 0 || memchr(line, '\0', (size_t)n) == NULL)
		return false;
	fprintf(out, "error: the line holds a NUL byte\n");
	fflush(out);
	return true;
}

static int
host_apply(void *ctx, const struct command *c, struct events *ev, char *why,
	   size_t whylen)
{
	struct session *s = ctx;
	char line[512];

	/* Through the text, so the journal holds what the printer writes. */
	command_format(session_game(s)->sc, c, line, sizeof line);
	return session_apply_line(s, line, NULL, ev, why, whylen) == SESSION_OK
		   ? 0
		   : -1;
}

static const struct game *
host_game(void *ctx)
{
	return session_game(ctx);
}

int
batch_play(struct session *s, FILE *in, FILE *out)
{
	return batch_play_ai(s, in, out, NULL);
}

int
batch_play_ai(struct session *s, FILE *in, FILE *out, struct aiplay *ap)
{
	const struct game *g = session_game(s);
	struct aiplay_host host = { s, host_apply, host_game };
	struct aiplay *own = NULL;
	struct events ev;
	struct command c;
	char why[768], *line, *dump;
	size_t dumplen = game_dump_size(g);
	ssize_t n;
	int status = 0, r;

	events_init(&ev);
	dump = xmalloc(dumplen);
	line = xmalloc(LINE_MAX_BYTES);
	if (ap == NULL)
		ap = own = aiplay_new(session_seed(s), AI_LEVEL_DEFAULT, -1);
	if (aiplay_auto(ap, &host, out) != 0)
		status = 1;
	fflush(out);
	while ((r = read_line(in, line, &n, out)) >= 0) {
		if (r > 0 || refuse_nul(line, n, out)) {
			status = 1;
			continue;
		}
		events_clear(&ev);
		if (command_parse(g->sc, line, &c, why, sizeof why) == 1 &&
		    c.verb == VERB_AI) {
			if (aiplay_turn(ap, &host, out) != 0 ||
			    aiplay_auto(ap, &host, out) != 0)
				status = 1;
			g = session_game(s);
			fflush(out);
			continue;
		}
		switch (session_apply_line(s, line, &c, &ev, why, sizeof why)) {
		case SESSION_EMPTY:
			continue;
		case SESSION_REFUSED:
		case SESSION_NOT_SAVED:
			fprintf(out, "error: %s\n", why);
			status = 1;
			break;
		case SESSION_OK:
			print_accepted(g, &c, &ev, dump, dumplen, out);
			break;
		}
		if (aiplay_auto(ap, &host, out) != 0)
			status = 1;
		g = session_game(s);
		fflush(out);
	}
	status |= read_failed(in);
	aiplay_free(own);
	free(line);
	free(dump);
	events_done(&ev);
	fflush(out);
	return status;
}

/*
 * Waits until it is sh's side to act (or the game is over), printing what
 * the other side plays meanwhile.  Returns 0, or -1 after printing why the
 * journal cannot be followed.
 */
static int
wait_turn(struct shared *sh, struct events *ev, FILE *out)
{
	const struct game *g = session_game(shared_session(sh));
	char why[768];

	for (;;) {
		events_clear(ev);
		if (shared_follow(sh, ev, why, sizeof why) < 0) {
			fprintf(stderr, "ancients: %s\n", why);
			return -1;
		}
		print_events(g, ev, out);
		fflush(out);
		if (g->over || g->player == shared_side(sh))
			return 0;
		shared_wait(sh, 1000);
	}
}

/* The computer plays a shared seat through the journal's lock. */
struct seat_host {
	struct shared *sh;
	FILE *out;
};

static int
seat_apply(void *ctx, const struct command *c, struct events *ev, char *why,
	   size_t whylen)
{
	struct seat_host *h = ctx;
	struct command copy = *c;
	struct events other;
	enum session_result r;

	events_init(&other);
	r = shared_apply(h->sh, &copy, &other, ev, why, whylen);
	print_events(session_game(shared_session(h->sh)), &other, h->out);
	events_done(&other);
	return r == SESSION_OK ? 0 : -1;
}

static const struct game *
seat_game(void *ctx)
{
	struct seat_host *h = ctx;

	return session_game(shared_session(h->sh));
}

int
batch_play_shared(struct shared *sh, FILE *in, FILE *out)
{
	struct seat_host seat = { sh, out };
	struct aiplay_host host = { &seat, seat_apply, seat_game };
	struct aiplay *ap = NULL;
	struct session *s = shared_session(sh);
	const struct game *g = session_game(s);
	struct events ev, other;
	struct command c;
	char why[768], *line, *dump;
	size_t dumplen = game_dump_size(g);
	ssize_t n;
	int status = 0, r;

	events_init(&ev);
	events_init(&other);
	/* No screen to keep alive: wait for the journal as long as it takes. */
	shared_set_lock_wait(sh, -1);
	dump = xmalloc(dumplen);
	line = xmalloc(LINE_MAX_BYTES);
	while ((r = read_line(in, line, &n, out)) >= 0) {
		if (r > 0 || refuse_nul(line, n, out)) {
			status = 1;
			continue;
		}
		events_clear(&ev);
		events_clear(&other);
		r = command_parse(session_scenario(s), line, &c, why,
				  sizeof why);
		if (r == 0)
			continue;
		if (r > 0 && verb_needs_turn(c.verb) &&
		    shared_side(sh) != SHARED_WATCHER &&
		    wait_turn(sh, &other, out) != 0) {
			status = 1;
			break;
		}
		if (r > 0 && c.verb == VERB_AI) {
			if (ap == NULL)
				ap = aiplay_new(session_seed(s),
						AI_LEVEL_DEFAULT, -1);
			if (aiplay_turn(ap, &host, out) != 0)
				status = 1;
			fflush(out);
			continue;
		}
		switch (r < 0 ? SESSION_REFUSED
			      : shared_apply(sh, &c, &other, &ev, why,
					     sizeof why)) {
		case SESSION_EMPTY:
			break;
		case SESSION_REFUSED:
			print_events(g, &other, out);
			fprintf(out, "error: %s\n", why);
			status = 1;
			break;
		case SESSION_NOT_SAVED:
			print_events(g, &other, out);
			fprintf(out, "error: %s\n", why);
			status = 1;
			if (strstr(why, ".journal:") != NULL) {
				fprintf(stderr, "ancients: %s\n", why);
				goto done;
			}
			break;
		case SESSION_OK:
			print_events(g, &other, out);
			print_accepted(g, &c, &ev, dump, dumplen, out);
			break;
		}
		fflush(out);
	}
	status |= read_failed(in);
done:
	aiplay_free(ap);
	free(line);
	free(dump);
	events_done(&ev);
	events_done(&other);
	fflush(out);
	return status;
}
