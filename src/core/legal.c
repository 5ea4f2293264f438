/*
 * Every legal command of the moment, for an AI, the random player of the
 * property test and the benchmark, and the screen's hints.
 */
#include "config.h"

#include <string.h>

#include "core/game.h"
#include "core/rules.h"

static int
add_simple(struct command *out, int n, int max, enum verb v)
{
	if (n >= max)
		return n;
	memset(&out[n], 0, sizeof out[n]);
	out[n].verb = v;
	out[n].unit = out[n].target = out[n].general = -1;
	return n + 1;
}

int
game_legal_commands(const struct game *g, struct command *out, int max)
{
	int n = 0;

	if (g->over)
		return 0;
	if (g->choosing) {
		n = add_simple(out, n, max, VERB_FIRST);
		return add_simple(out, n, max, VERB_SECOND);
	}
	if (g->noffers > 0)
		return legal_decisions(g, out, max);
	if (g->phase == PHASE_MOVEMENT)
		n = legal_movement(g, out, max);
	else
		n = legal_fighting(g, out, max);
	if (!game_end_blocked(g, NULL, 0))
		n = add_simple(out, n, max, VERB_END);
	return n;
}
