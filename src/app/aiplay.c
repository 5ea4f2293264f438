/*
 * The `ai` command and `--ai SIDE` (aiplay.h).
 */
#include "config.h"

#include "app/aiplay.h"

#include <stdlib.h>
#include <string.h>

#include "ai/ai.h"
#include "core/game.h"
#include "core/xmalloc.h"

/* A side's turn never takes more commands than this; more is a bug. */
#define TURN_COMMANDS_MAX 10000

struct aiplay {
	struct ai *ai[2]; /* made when first needed */
	uint64_t seed;
	int level;
	int auto_side;
	struct events ev;
};

struct aiplay *
aiplay_new(uint64_t game_seed, int level, int auto_side)
{
	struct aiplay *ap = xcalloc(1, sizeof *ap);

	ap->seed = game_seed;
	ap->level = level;
	ap->auto_side = auto_side;
	events_init(&ap->ev);
	return ap;
}

void
aiplay_free(struct aiplay *ap)
{
	if (ap == NULL)
		return;
	ai_free(ap->ai[0]);
	ai_free(ap->ai[1]);
	events_done(&ap->ev);
	free(ap);
}

int
aiplay_side_parse(const struct game *g, const char *key)
{
	int s;

	for (s = 0; s < 2; s++)
		if (strcmp(g->sc->sides[s].key, key) == 0)
			return s;
	return -1;
}

/* Plays while side must act; 0, or -1 after an error line. */
static int
play_side(struct aiplay *ap, const struct aiplay_host *h, int side, FILE *out)
{
	const struct game *g = h->game(h->ctx);
	struct command c;
	char text[512], why[768];
	int k, i;

	if (ap->ai[side] == NULL)
		ap->ai[side] =
		    ai_new(AI_SEARCH, ap->level, ai_seed_for(ap->seed, side));
	for (k = 0; k < TURN_COMMANDS_MAX && game_side_to_act(g) == side; k++) {
		if (ai_choose(ap->ai[side], g, &c) != 0)
			break;
		command_format(g->sc, &c, text, sizeof text);
		fprintf(out, "ai: %s\n", text);
		events_clear(&ap->ev);
		if (h->apply(h->ctx, &c, &ap->ev, why, sizeof why) != 0) {
			fprintf(out, "error: %s\n", why);
			return -1;
		}
		g = h->game(h->ctx);
		for (i = 0; i < ap->ev.n; i++) {
			event_format(g->sc, &ap->ev.v[i], text, sizeof text);
			fprintf(out, "%s\n", text);
		}
	}
	return 0;
}

int
aiplay_turn(struct aiplay *ap, const struct aiplay_host *h, FILE *out)
{
	int side = game_side_to_act(h->game(h->ctx));

	if (side < 0) {
		fprintf(out, "error: the game is over: only dump and dice "
			     "are accepted\n");
		return -1;
	}
	return play_side(ap, h, side, out);
}

int
aiplay_auto(struct aiplay *ap, const struct aiplay_host *h, FILE *out)
{
	if (ap->auto_side < 0 ||
	    game_side_to_act(h->game(h->ctx)) != ap->auto_side)
		return 0;
	return play_side(ap, h, ap->auto_side, out);
}
