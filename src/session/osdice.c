/*
 * A shared game's dice from getrandom() (osdice.h): a dry run of the
 * command on a copy of the game with a generator seeded from the
 * operating system, whose dice are then forced into the real game.
 */
#include "config.h"

#include "session/osdice.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>

#include "core/dice.h"
#include "core/xmalloc.h"

int
osdice_random(void *buf, size_t len)
{
	unsigned char *p = buf;
	ssize_t n;

	while (len > 0) {
		n = getrandom(p, len, 0);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int
osdice_draw(const struct game *g, const struct command *c,
	    unsigned char **vals, char *why, size_t whylen)
{
	struct game *copy;
	struct events ev;
	struct pcg32 rng;
	uint64_t seed[2];
	unsigned long before, n, i;

	*vals = NULL;
	if (dice_forced_left(&g->dice) > 0) {
		snprintf(why, whylen, "the game has forced dice queued");
		return -1;
	}
	if (osdice_random(seed, sizeof seed) != 0) {
		snprintf(why, whylen, "no randomness from the system: %s",
			 strerror(errno));
		return -1;
	}
	copy = game_clone(g);
	pcg32_seed(&copy->dice.rng, seed[0], seed[1]);
	rng = copy->dice.rng;
	before = copy->dice.rolled;
	events_init(&ev);
	if (game_apply(copy, c, &ev, why, whylen) != 0) {
		events_done(&ev);
		game_free(copy);
		return -1;
	}
	n = copy->dice.rolled - before;
	events_done(&ev);
	game_free(copy);
	if (n == 0)
		return 0;
	/* The same generator from the same state gives the same dice:
	 * dice_d6() is 1 + pcg32_bounded(6) once the queue is empty. */
	*vals = xmalloc(n);
	for (i = 0; i < n; i++)
		(*vals)[i] = (unsigned char)(1 + pcg32_bounded(&rng, 6));
	return (int)n;
}
