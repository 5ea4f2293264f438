/*
 * Every legal command of the moment, for an AI, the random player of the
 * property test and the benchmark, and the screen's hints.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"
#include "core/xmalloc.h"

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

/* --- The cache of legal_cache_count() (game.h). --- */

/* What a unit's movement actions depend on, as last seen. */
struct seen {
	struct hex hex;
	enum facing facing;
	bool on_map;
};

/* A growing list of commands. */
struct list {
	struct command *v;	/* owned */
	int n;
	int cap;
};

/* One unit's movement actions, compact, and the hexes they depend on. */
struct actions {
	struct unit_action *v;	/* owned */
	int n;
	int cap;
	struct legal_reads reads;	/* widened by LEGAL_READS_MARGIN */
};

struct legal_cache {
	const struct scenario *sc;	/* of the game last seen; NULL: none */
	int nunits;
	struct seen *seen;	/* nunits */
	struct actions *unit;	/* nunits: legal_unit_action_list() of each */
	bool *valid;		/* nunits: unit[u] still right */
	int *acting;		/* units in the list now, in order */
	int *start;		/* where each one's actions start, after head */
	int nacting;
	bool movement;		/* the list is head, acting units, tail */
	struct list head;	/* the push, or the whole list if !movement */
	struct list tail;	/* transfers and end */
	struct unit_action *scratch;	/* LEGAL_UNIT_ACTIONS_MAX: one unit's */
	int count;
};

static void
list_reserve(struct list *l, int cap)
{
	if (l->cap >= cap)
		return;
	l->v = xreallocarray(l->v, (size_t)cap, sizeof *l->v);
	l->cap = cap;
}

/* Fills l by fill(g, out, max), growing l until the list fits. */
static void
list_fill(struct list *l, const struct game *g,
    int (*fill)(const struct game *, struct command *, int))
{
	if (l->cap < 64)
		list_reserve(l, 64);
	while ((l->n = fill(g, l->v, l->cap)) == l->cap)
		list_reserve(l, 2 * l->cap);
}

struct legal_cache *
legal_cache_new(void)
{
	return xcalloc(1, sizeof(struct legal_cache));
}

static void
forget_units(struct legal_cache *lc)
{
	int u;

	for (u = 0; u < lc->nunits; u++)
		free(lc->unit[u].v);
	free(lc->unit);
	free(lc->seen);
	free(lc->valid);
	free(lc->acting);
	free(lc->start);
	lc->unit = NULL;
	lc->seen = NULL;
	lc->valid = NULL;
	lc->acting = lc->start = NULL;
	lc->nunits = 0;
	lc->sc = NULL;
}

void
legal_cache_free(struct legal_cache *lc)
{
	if (lc == NULL)
		return;
	forget_units(lc);
	free(lc->head.v);
	free(lc->tail.v);
	free(lc->scratch);
	free(lc);
}

static void
see(struct legal_cache *lc, const struct game *g, int u)
{
	lc->seen[u].hex = g->units[u].hex;
	lc->seen[u].facing = g->units[u].facing;
	lc->seen[u].on_map = g->units[u].on_map;
}

/* Might a change at hex h alter the actions of u, kept in a? */
static bool
reaches(const struct game *g, int u, const struct actions *a, struct hex h)
{
	return h.col >= a->reads.col0 && h.col <= a->reads.col1 &&
	    h.row >= a->reads.row0 && h.row <= a->reads.row1 &&
	    hex_distance(h, g->units[u].hex) <= legal_unit_radius(g, u);
}

/*
 * Compares g with what was seen last and drops the actions of every unit
 * a change could touch: the changed unit itself, and every unit within
 * its radius of the hex a changed unit left or entered, when that hex
 * lies near the hexes the unit's actions were worked out from.
 */
static void
invalidate(struct legal_cache *lc, const struct game *g)
{
	int v, u;

	if (lc->sc != g->sc || lc->nunits != g->nunits) {
		forget_units(lc);
		lc->sc = g->sc;
		lc->nunits = g->nunits;
		lc->seen = xcalloc((size_t)g->nunits + 1, sizeof *lc->seen);
		lc->unit = xcalloc((size_t)g->nunits + 1, sizeof *lc->unit);
		lc->valid = xcalloc((size_t)g->nunits + 1, sizeof *lc->valid);
		lc->acting = xcalloc((size_t)g->nunits + 1,
		    sizeof *lc->acting);
		lc->start = xcalloc((size_t)g->nunits + 1, sizeof *lc->start);
		for (u = 0; u < g->nunits; u++)
			see(lc, g, u);
		return;
	}
	for (v = 0; v < g->nunits; v++) {
		const struct unit *now = &g->units[v];
		struct seen was = lc->seen[v];

		if (was.on_map == now->on_map && was.facing == now->facing &&
		    hex_equal(was.hex, now->hex))
			continue;
		see(lc, g, v);
		lc->valid[v] = false;
		for (u = 0; u < g->nunits; u++) {
			if (!lc->valid[u])
				continue;
			if ((was.on_map && reaches(g, u, &lc->unit[u],
			    was.hex)) || (now->on_map && reaches(g, u,
			    &lc->unit[u], now->hex)))
				lc->valid[u] = false;
		}
	}
}

/* The movement phase's list in parts: what game_legal_commands() builds. */
static bool
plain_movement(const struct game *g)
{
	return !g->over && !g->choosing && g->noffers == 0 &&
	    g->phase == PHASE_MOVEMENT;
}

static int
tail_fill(const struct game *g, struct command *out, int max)
{
	int n = legal_transfers(g, out, max);

	if (!game_end_blocked(g, NULL, 0))
		n = add_simple(out, n, max, VERB_END);
	return n;
}

int
legal_cache_count(struct legal_cache *lc, const struct game *g)
{
	struct actions *l;
	int u, n;

	invalidate(lc, g);
	lc->movement = plain_movement(g);
	lc->nacting = 0;
	if (!lc->movement) {
		list_fill(&lc->head, g, game_legal_commands);
		lc->count = lc->head.n;
		return lc->count;
	}
	list_reserve(&lc->head, LEGAL_UNIT_ACTIONS_MAX);
	lc->head.n = legal_push(g, lc->head.v, LEGAL_UNIT_ACTIONS_MAX);
	n = 0;
	for (u = 0; u < g->nunits; u++) {
		if (!game_unit_can_act(g, u))
			continue;
		l = &lc->unit[u];
		if (!lc->valid[u]) {
			if (lc->scratch == NULL)
				lc->scratch = xreallocarray(NULL,
				    LEGAL_UNIT_ACTIONS_MAX, sizeof *lc->scratch);
			l->n = legal_unit_action_list(g, u, lc->scratch,
			    LEGAL_UNIT_ACTIONS_MAX, &l->reads);
			l->reads.col0 -= LEGAL_READS_MARGIN;
			l->reads.col1 += LEGAL_READS_MARGIN;
			l->reads.row0 -= LEGAL_READS_MARGIN;
			l->reads.row1 += LEGAL_READS_MARGIN;
			if (l->cap < l->n) {
				l->v = xreallocarray(l->v, (size_t)l->n,
				    sizeof *l->v);
				l->cap = l->n;
			}
			if (l->n > 0)
				memcpy(l->v, lc->scratch,
				    (size_t)l->n * sizeof *l->v);
			lc->valid[u] = true;
		}
		lc->acting[lc->nacting] = u;
		lc->start[lc->nacting++] = n;
		n += l->n;
	}
	list_fill(&lc->tail, g, tail_fill);
	lc->count = lc->head.n + n + lc->tail.n;
	return lc->count;
}

void
legal_cache_nth(const struct legal_cache *lc, int i, struct command *out)
{
	int lo, hi, mid, seg;

	if (i < lc->head.n) {
		*out = lc->head.v[i];
		return;
	}
	i -= lc->head.n;
	seg = lc->nacting > 0 ? lc->start[lc->nacting - 1] +
	    lc->unit[lc->acting[lc->nacting - 1]].n : 0;
	if (i >= seg) {
		*out = lc->tail.v[i - seg];
		return;
	}
	/* The last acting unit whose actions start at or before i. */
	lo = 0;
	hi = lc->nacting - 1;
	while (lo < hi) {
		mid = (lo + hi + 1) / 2;
		if (lc->start[mid] <= i)
			lo = mid;
		else
			hi = mid - 1;
	}
	unit_action_command(lc->acting[lo], false,
	    &lc->unit[lc->acting[lo]].v[i - lc->start[lo]], out);
}
