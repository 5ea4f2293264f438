/*
 * The computer player's public face (ai.h): making and freeing a player,
 * naming and seeding one, and ai_choose(), which hands the decision to
 * the random, greedy (greedy.c) or searching (search.c) player.
 */
#include "config.h"

#include "ai/ai.h"

#include <stdlib.h>
#include <string.h>

#include "ai/aiint.h"
#include "ai/pathdist.h"
#include "core/xmalloc.h"

/* The search budget of each level (struct level, aiint.h). */
const struct level ai_levels[AI_LEVEL_MAX + 1] = {
	[1] = { 8, 1, 1, 12, 0, 0, 0, 0 },
	[2] = { 48, 3, 2, 20, 0, 0, 0, 0 },
	[3] = { 48, 3, 2, 20, 4, 96, 32,
		AI_PLAY_CLOCK | AI_PLAY_CHARGES | AI_PLAY_MARGIN |
		    AI_PLAY_PLAN | AI_PLAY_AVERAGE | AI_PLAY_GENERALS |
		    AI_PLAY_PUSH | AI_PLAY_TURN },
};

struct ai *
ai_new(enum ai_kind kind, int level, uint64_t seed)
{
	struct ai *ai = xcalloc(1, sizeof *ai);

	if (level < AI_LEVEL_MIN || level > AI_LEVEL_MAX)
		level = AI_LEVEL_DEFAULT;
	ai->kind = kind;
	ai->level = level;
	pcg32_seed(&ai->rng, seed, 0xa1);
	ai->legal = xmalloc(LEGAL_MAX * sizeof *ai->legal);
	ai->lc = legal_cache_new();
	ai->moves = xmalloc(OPTION_MAX * sizeof *ai->moves);
	ai->charges = xmalloc(OPTION_MAX * sizeof *ai->charges);
	ai->paths = pathdist_new();
	ai->greedy.key = ai->roll.key = ai->plan_key = -1;
	if (kind == AI_SEARCH)
		ai->play = ai_levels[level].play;
	events_init(&ai->ev);
	return ai;
}

void
ai_free(struct ai *ai)
{
	int i;

	if (ai == NULL)
		return;
	free(ai->legal);
	legal_cache_free(ai->lc);
	free(ai->moves);
	free(ai->charges);
	pathdist_free(ai->paths);
	for (i = 0; i < NEAR_SLOTS; i++) {
		free(ai->near[i].cells);
		free(ai->near[i].dist);
		free(ai->near[i].stamp);
	}
	free(ai->near_cells);
	free(ai->greedy.tried);
	free(ai->roll.tried);
	free(ai->plan);
	events_done(&ai->ev);
	free(ai);
}

uint64_t
ai_seed_for(uint64_t game_seed, int side)
{
	/* A fixed odd multiplier spreads the sides apart (splitmix64). */
	uint64_t z = game_seed + 0x9e3779b97f4a7c15ULL * (uint64_t)(side + 1);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

int
ai_kind_parse(const char *word, enum ai_kind *kind, int *level)
{
	if (strcmp(word, "ai") == 0) {
		*kind = AI_SEARCH;
		return 0;
	}
	if (strncmp(word, "ai", 2) == 0 && word[2] >= '0' + AI_LEVEL_MIN &&
	    word[2] <= '0' + AI_LEVEL_MAX && word[3] == '\0') {
		*kind = AI_SEARCH;
		*level = word[2] - '0';
		return 0;
	}
	if (strcmp(word, "greedy") == 0) {
		*kind = AI_GREEDY;
		return 0;
	}
	if (strcmp(word, "random") == 0) {
		*kind = AI_RANDOM;
		return 0;
	}
	return -1;
}

long
ai_work(const struct ai *ai)
{
	return ai->work;
}

int
ai_choose(struct ai *ai, const struct game *g, struct command *out)
{
	ai->work = 0;
	if (g->over)
		return -1;
	switch (ai->kind) {
	case AI_RANDOM:
		return random_choose(ai, g, &ai->rng, out);
	case AI_GREEDY:
		return greedy_choose(ai, &ai->greedy, g, &ai->rng, out);
	case AI_SEARCH:
	default:
		return search_choose(ai, g, out);
	}
}
