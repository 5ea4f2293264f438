/*
 * The searching player's scoring of a position at a rollout's end: +1,
 * -1 or 0 for a finished game, else the difference of the two sides'
 * standing (breakpoints left, hits taken, progress towards their victory
 * hexes, weighing more as the turn limit nears).  docs/ai.md says why.
 */
#include "config.h"

#include "ai/aiint.h"
#include "core/scenario/scenario.h"

/* Steps for unit u from h to the nearest hex some side must hold (99:
 * none). */
int
objective_distance(struct ai *ai, const struct game *g, int u, struct hex h)
{
	const struct victory_def *vd;
	int s, i, d, best = 99;

	for (s = 0; s < 2; s++) {
		vd = &g->sc->victory[s];
		for (i = 0; vd->present && i < vd->count; i++) {
			d = unit_steps(ai, g, u, h, vd->hexes[i]);
			if (d < best)
				best = d;
		}
	}
	return best;
}

/*
 * How far side s is towards its victory hexes, 0-1: a hex it holds
 * counts 1, one it does not hold counts more the nearer its nearest unit.
 */
static double
victory_progress(struct ai *ai, const struct game *g, int s)
{
	const struct victory_def *vd = &g->sc->victory[s];
	double sum = 0;
	int i, u, d, best;

	if (!vd->present || vd->count == 0)
		return 0;
	for (i = 0; i < vd->count; i++) {
		u = game_unit_at(g, vd->hexes[i]);
		if (u >= 0 && g->units[u].side == s) {
			sum += 1;
			continue;
		}
		best = 99;
		for (u = 0; u < g->nunits; u++) {
			if (!g->units[u].on_map || g->units[u].side != s)
				continue;
			d = unit_steps(ai, g, u, g->units[u].hex, vd->hexes[i]);
			if (d < best)
				best = d;
		}
		if (best < 8)
			sum += 0.5 * (1 - best / 8.0);
	}
	return sum / vd->count;
}

static double
side_standing(struct ai *ai, const struct game *g, int s)
{
	double v = 0, hits = 0, late;
	int u, n = 0;

	if (g->bp_start[s] > 0)
		v = (double)g->bp[s] / g->bp_start[s];
	for (u = 0; u < g->nunits; u++) {
		if (g->units[u].side != s)
			continue;
		n++;
		hits += g->units[u].on_map
			    ? (double)g->units[u].hits / UNIT_HITS_ROUTED
			    : 1.0;
	}
	if (n > 0)
		v -= 0.5 * hits / n;
	/* Victory hexes decide only at the end: they weigh more as it nears. */
	late =
	    (double)(g->turn - 1) / (g->sc->turns > 1 ? g->sc->turns - 1 : 1);
	v += (0.15 + 0.6 * late * late) * victory_progress(ai, g, s);
	return v;
}

/* The position's worth to side s: -0.9 to 0.9 unfinished, about -1, 0
 * or 1 finished. */
double
evaluate(struct ai *ai, const struct game *g, int s)
{
	double v, end;

	v = g->over && !(ai->play & AI_PLAY_MARGIN)
		? 0
		: 0.4 * (side_standing(ai, g, s) - side_standing(ai, g, 1 - s));
	v = v > 0.9 ? 0.9 : v < -0.9 ? -0.9 : v;
	if (!g->over)
		return v;
	end = g->winner == s ? 1.0 : g->winner < 0 ? 0.0 : -1.0;
	/* The margin (AI_PLAY_MARGIN) orders games of the same result only:
	 * every won game scores above every unfinished one. */
	return end + 0.1 * v;
}
