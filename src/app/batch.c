/*
 * Batch mode (commands.md): one command a line from a stream, each
 * event printed as a line, refusals as "error: ...", `dump` as the state
 * dump.  The same scenario, seed and input always give the same output.
 * Every line goes through the session (session_apply_line()), the same
 * path as a command typed on the screen.
 */
#include "config.h"

#include "app/batch.h"

#include <stdio.h>
#include <stdlib.h>

#include "ai/ai.h"
#include "app/aiplay.h"
#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/odds.h"
#include "core/xmalloc.h"
#include "session/session.h"

/* Room for a whole dump. */
static size_t
dump_size(const struct game *g)
{
	return 256 + (size_t)g->nunits * 128 + (size_t)g->ngenerals * 96;
}

static int
host_apply(void *ctx, const struct command *c, struct events *ev, char *why,
    size_t whylen)
{
	struct session *s = ctx;
	char line[512];

	/* Through the text, so the journal holds what the printer writes. */
	command_format(session_game(s)->sc, c, line, sizeof line);
	return session_apply_line(s, line, NULL, ev, why, whylen) ==
	    SESSION_OK ? 0 : -1;
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
	char why[768], text[512], odds[ODDS_TEXT_MAX], *line = NULL, *dump;
	size_t cap = 0, dumplen = dump_size(g);
	int status = 0, i;

	events_init(&ev);
	dump = xmalloc(dumplen);
	if (ap == NULL)
		ap = own = aiplay_new(session_seed(s), AI_LEVEL_DEFAULT, -1);
	if (aiplay_auto(ap, &host, out) != 0)
		status = 1;
	fflush(out);
	while (getline(&line, &cap, in) >= 0) {
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
			for (i = 0; i < ev.n; i++) {
				event_format(g->sc, &ev.v[i], text,
					     sizeof text);
				fprintf(out, "%s\n", text);
			}
			if (c.verb == VERB_DUMP) {
				game_dump(g, dump, dumplen);
				fputs(dump, out);
			}
			if (c.verb == VERB_ODDS &&
			    odds_text(g, c.unit, c.target, odds,
				      sizeof odds) >= 0)
				fputs(odds, out);
			break;
		}
		if (aiplay_auto(ap, &host, out) != 0)
			status = 1;
		g = session_game(s);
		fflush(out);
	}
	aiplay_free(own);
	free(line);
	free(dump);
	events_done(&ev);
	fflush(out);
	return status;
}
