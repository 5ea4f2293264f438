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

#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/safetext.h"

/* Reads one line of any length; returns NULL at end of file. */
static char *
read_line(FILE *in, char **buf, size_t *cap)
{
	ssize_t n = getline(buf, cap, in);

	if (n < 0)
		return NULL;
	return *buf;
}

int
batch_play(struct game *g, FILE *in, FILE *out)
{
	struct events ev;
	struct command c;
	char err[256], shown[256 * SAFETEXT_SHOWN_MAX], text[512];
	char *line = NULL, *dump;
	size_t cap = 0, dumplen;
	int status = 0, i, r;

	events_init(&ev);
	dumplen = 256 + (size_t)g->nunits * 128 + (size_t)g->ngenerals * 96;
	dump = malloc(dumplen);
	if (dump == NULL) {
		fprintf(stderr, "ancients: out of memory\n");
		return 1;
	}
	while (read_line(in, &line, &cap) != NULL) {
		if (memchr(line, '\0', strlen(line) + 1) != line + strlen(line))
			line[strlen(line)] = '\0';
		r = command_parse(g->sc, line, &c, err, sizeof err);
		if (r == 0)
			continue;
		if (r < 0) {
			/* The reason may quote the line: show it safely. */
			fprintf(out, "error: %s\n",
				safetext_copy(shown, sizeof shown, err, false));
			status = 1;
			continue;
		}
		events_clear(&ev);
		if (game_apply(g, &c, &ev, err, sizeof err) != 0) {
			fprintf(out, "error: %s\n", err);
			status = 1;
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
	}
	free(line);
	free(dump);
	events_done(&ev);
	fflush(out);
	return status;
}
