/*
 * Batch mode (commands.md): one command a line from a stream, each
 * event printed as a line, refusals as "error: ...", `dump` as the state
 * dump.  The same scenario, seed and input always give the same output.
 */
#include "config.h"

#include "app/batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "app/aiplay.h"
#include "core/command.h"
#include "core/event.h"
#include "core/game.h"

/* Reads one line of any length; returns NULL at end of file. */
static char *
read_line(FILE *in, char **buf, size_t *cap)
{
	ssize_t n = getline(buf, cap, in);

	if (n < 0)
		return NULL;
	return *buf;
}

static int
host_apply(void *ctx, const struct command *c, struct events *ev, char *why,
    size_t whylen)
{
	return game_apply(ctx, c, ev, why, whylen);
}

static const struct game *
host_game(void *ctx)
{
	return ctx;
}

int
batch_play(struct game *g, FILE *in, FILE *out)
{
	return batch_play_ai(g, in, out, NULL);
}

int
batch_play_ai(struct game *g, FILE *in, FILE *out, struct aiplay *ap)
{
	struct aiplay_host host = { g, host_apply, host_game };
	struct aiplay *own = NULL;
	struct events ev;
	struct command c;
	char err[256], text[512], *line = NULL, *dump;
	size_t cap = 0, dumplen;
	int status = 0, i, r;

	events_init(&ev);
	dumplen = 256 + (size_t)g->nunits * 128 + (size_t)g->ngenerals * 96;
	dump = malloc(dumplen);
	if (dump == NULL) {
		fprintf(stderr, "ancients: out of memory\n");
		return 1;
	}
	if (ap == NULL)
		ap = own = aiplay_new(g->seed, AI_LEVEL_DEFAULT, -1);
	if (aiplay_auto(ap, &host, out) != 0)
		status = 1;
	fflush(out);
	while (read_line(in, &line, &cap) != NULL) {
		if (memchr(line, '\0', strlen(line) + 1) != line + strlen(line))
			line[strlen(line)] = '\0';
		r = command_parse(g->sc, line, &c, err, sizeof err);
		if (r == 0)
			continue;
		if (r < 0) {
			fprintf(out, "error: %s\n", err);
			status = 1;
			fflush(out);
			continue;
		}
		if (c.verb == VERB_AI) {
			if (aiplay_turn(ap, &host, out) != 0 ||
			    aiplay_auto(ap, &host, out) != 0)
				status = 1;
			fflush(out);
			continue;
		}
		events_clear(&ev);
		if (game_apply(g, &c, &ev, err, sizeof err) != 0) {
			fprintf(out, "error: %s\n", err);
			status = 1;
			fflush(out);
			continue;
		}
		for (i = 0; i < ev.n; i++) {
			event_format(g->sc, &ev.v[i], text, sizeof text);
			fprintf(out, "%s\n", text);
		}
		if (c.verb == VERB_DUMP) {
			game_dump(g, dump, dumplen);
			fputs(dump, out);
		}
		if (aiplay_auto(ap, &host, out) != 0)
			status = 1;
		fflush(out);
	}
	aiplay_free(own);
	free(line);
	free(dump);
	events_done(&ev);
	fflush(out);
	return status;
}
