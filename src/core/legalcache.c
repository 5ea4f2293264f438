/*
 * The legal cache (legal_cache_count(), _nth() and _apply() in game.h):
 * game_legal_commands()'s list, in the same order, for a caller that asks
 * again after every command.  It keeps each unit's movement actions
 * (legal_unit_action_list()) with the hexes they were worked out from,
 * and works out again only those of units near what changed.
 */
#include "config.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/rules.h"
#include "core/xmalloc.h"

/* What a unit's movement actions depend on, as last seen. */
struct seen {
	struct hex hex;
	enum facing facing;
	bool on_map;
};

/* A growing list of commands. */
struct list {
	struct command *v; /* owned */
	int n;
	int cap;
};

/* One unit's movement actions, compact, and the hexes they depend on. */
struct actions {
	struct unit_action *v; /* owned */
	int n;
	int cap;
	struct legal_reads reads; /* widened by LEGAL_READS_MARGIN */
	/*
	 * The rows of reads.rows that hold the hexes asked (before the
	 * margin); they are exact when reads.exact.  reads.rows is NULL on
	 * maps too wide for a row in 64 bits.
	 */
	int row0, row1;
};

/*
 * The cache as it stood after the first position it was asked about
 * with its scenario (the start of a game, as a rule): what a unit's
 * actions depend on is where the units stand, so a game seen again in
 * that position (the next game, the next playout from one position) has
 * them back without a search.
 */
struct snapshot {
	bool taken;
	int turn, second; /* when it was taken: a cheap first test */
	struct seen *seen;
	bool *valid;
	struct actions *unit;
	unsigned char *next[2];
};

struct legal_cache {
	const struct scenario *sc; /* of the game last seen; NULL: none */
	int nunits;
	struct seen *seen;    /* nunits */
	struct actions *unit; /* nunits: legal_unit_action_list() of each */
	bool *valid;	      /* nunits: unit[u] still right */
	int *acting;	      /* units in the list now, in order */
	int *start;	      /* where each one's actions start, after head */
	int nacting;
	/* By map index, how many units of side s stand next to the hex. */
	unsigned char *next[2];
	bool movement;	  /* the list is head, acting units, tail */
	int push;	  /* head: the push unit's actions, or -1 */
	struct list head; /* the push, or the whole list if !movement */
	/* The tail: the transfers open, then end when not blocked. */
	struct transfer_pair *transfers;
	int ntransfers, captransfers;
	bool tail_end;
	/*
	 * What the tail was made from: the player, each general's side, unit
	 * and transfer (tail_gen, ngenerals), and the units as seen then
	 * (any unit seen to change since clears tail_ok).
	 */
	bool tail_ok;
	int tail_player;
	struct general *tail_gen; /* ngenerals */
	int ngenerals;
	struct unit_action *scratch; /* LEGAL_UNIT_ACTIONS_MAX: one unit's */
	int count;
	/*
	 * The hexes units of a side entered, left or turned in, in order,
	 * not yet compared with every unit's actions: a unit's actions are
	 * compared with those from log[checked[u]] on when they are asked
	 * for (still_valid()), not at every change.
	 */
	struct logged {
		struct hex hex;
		int side;
	} * log;
	int nlog, caplog;
	int *checked; /* nunits */
	struct snapshot snap;
	bool snap_due; /* take it once the list is made */
	bool at_snap;  /* nothing seen to change since it was taken or put */
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

/* Frees the n units' action lists and the array that holds them. */
static void
free_actions(struct actions *unit, int n)
{
	int u;

	if (unit != NULL)
		for (u = 0; u < n; u++) {
			free(unit[u].v);
			free(unit[u].reads.rows);
			free(unit[u].reads.crows);
		}
	free(unit);
}

static void
forget_snapshot(struct legal_cache *lc)
{
	struct snapshot *sn = &lc->snap;

	free_actions(sn->unit, lc->nunits);
	free(sn->seen);
	free(sn->valid);
	free(sn->next[0]);
	free(sn->next[1]);
	memset(sn, 0, sizeof *sn);
	lc->snap_due = false;
	lc->at_snap = false;
}

/* Copies one unit's actions (with its rows when a map has them). */
static void
copy_actions(struct actions *dst, const struct actions *src, int height)
{
	uint64_t *rows = dst->reads.rows, *crows = dst->reads.crows;

	if (dst->cap < src->n) {
		dst->v = xreallocarray(dst->v, (size_t)src->n, sizeof *dst->v);
		dst->cap = src->n;
	}
	if (src->n > 0)
		memcpy(dst->v, src->v, (size_t)src->n * sizeof *dst->v);
	dst->n = src->n;
	dst->reads = src->reads;
	dst->reads.rows = rows;
	dst->reads.crows = crows;
	if (rows != NULL) {
		memcpy(rows, src->reads.rows, (size_t)height * sizeof *rows);
		memcpy(crows, src->reads.crows, (size_t)height * sizeof *crows);
	}
	dst->row0 = src->row0;
	dst->row1 = src->row1;
}

static void check_all(struct legal_cache *lc, const struct game *g);

/* Takes the snapshot of the cache as it stands, at g. */
static void
take_snapshot(struct legal_cache *lc, const struct game *g)
{
	struct snapshot *sn = &lc->snap;
	size_t cells = (size_t)g->sc->map.width * (size_t)g->sc->map.height;
	int u, h = g->sc->map.height;

	check_all(lc, g);
	sn->turn = g->turn;
	sn->second = g->second;
	sn->seen = xcalloc((size_t)lc->nunits + 1, sizeof *sn->seen);
	sn->valid = xcalloc((size_t)lc->nunits + 1, sizeof *sn->valid);
	sn->unit = xcalloc((size_t)lc->nunits + 1, sizeof *sn->unit);
	sn->next[0] = xmalloc(cells);
	sn->next[1] = xmalloc(cells);
	memcpy(sn->seen, lc->seen, (size_t)lc->nunits * sizeof *sn->seen);
	memcpy(sn->valid, lc->valid, (size_t)lc->nunits * sizeof *sn->valid);
	memcpy(sn->next[0], lc->next[0], cells);
	memcpy(sn->next[1], lc->next[1], cells);
	for (u = 0; u < lc->nunits; u++) {
		if (lc->unit[u].reads.rows != NULL) {
			sn->unit[u].reads.rows =
			    xcalloc((size_t)h, sizeof(uint64_t));
			sn->unit[u].reads.crows =
			    xcalloc((size_t)h, sizeof(uint64_t));
		}
		if (lc->valid[u])
			copy_actions(&sn->unit[u], &lc->unit[u], h);
	}
	sn->taken = true;
	lc->at_snap = true;
}

/* Does every unit of g stand as in the snapshot? */
static bool
at_snapshot(const struct legal_cache *lc, const struct game *g)
{
	const struct seen *was = lc->snap.seen;
	int v;

	if (!lc->snap.taken || g->turn != lc->snap.turn ||
	    g->second != lc->snap.second)
		return false;
	for (v = 0; v < g->nunits; v++)
		if (was[v].on_map != g->units[v].on_map ||
		    was[v].facing != g->units[v].facing ||
		    !hex_equal(was[v].hex, g->units[v].hex))
			return false;
	return true;
}

/* Puts the cache back as the snapshot has it. */
static void
put_snapshot(struct legal_cache *lc, const struct game *g)
{
	const struct snapshot *sn = &lc->snap;
	size_t cells = (size_t)g->sc->map.width * (size_t)g->sc->map.height;
	int u;

	memcpy(lc->seen, sn->seen, (size_t)lc->nunits * sizeof *lc->seen);
	memcpy(lc->valid, sn->valid, (size_t)lc->nunits * sizeof *lc->valid);
	memcpy(lc->next[0], sn->next[0], cells);
	memcpy(lc->next[1], sn->next[1], cells);
	for (u = 0; u < lc->nunits; u++)
		if (sn->valid[u])
			copy_actions(&lc->unit[u], &sn->unit[u],
				     g->sc->map.height);
	lc->nlog = 0;
	memset(lc->checked, 0, (size_t)lc->nunits * sizeof *lc->checked);
	lc->tail_ok = false;
	lc->at_snap = true;
}

static void
forget_units(struct legal_cache *lc)
{
	forget_snapshot(lc);
	free_actions(lc->unit, lc->nunits);
	free(lc->seen);
	free(lc->valid);
	free(lc->acting);
	free(lc->start);
	free(lc->log);
	free(lc->checked);
	lc->log = NULL;
	lc->checked = NULL;
	lc->nlog = lc->caplog = 0;
	free(lc->next[0]);
	free(lc->next[1]);
	lc->next[0] = lc->next[1] = NULL;
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
	free(lc->transfers);
	free(lc->tail_gen);
	free(lc->scratch);
	free(lc);
}

/*
 * Does u stand as seen?  The hex and the facing follow one another in
 * both structures: compared as one run of bytes, two loads a side.
 */
_Static_assert(offsetof(struct unit, facing) ==
		       offsetof(struct unit, hex) + sizeof(struct hex) &&
		   offsetof(struct seen, facing) ==
		       offsetof(struct seen, hex) + sizeof(struct hex),
	       "the hex and the facing follow one another");
static inline bool
seen_same(const struct seen *s, const struct unit *u)
{
	return memcmp(&s->hex, &u->hex,
		      sizeof(struct hex) + sizeof(enum facing)) == 0 &&
	       s->on_map == u->on_map;
}

static void
see(struct legal_cache *lc, const struct game *g, int u)
{
	lc->seen[u].hex = g->units[u].hex;
	lc->seen[u].facing = g->units[u].facing;
	lc->seen[u].on_map = g->units[u].on_map;
}

/* Counts a unit of side in or out (by = 1 or -1) of the hexes next to h. */
static void
count_next(struct legal_cache *lc, const struct game *g, int side, struct hex h,
	   int by)
{
	const struct map *m = &g->sc->map;
	const struct map_link *l = &m->links[map_index(m, h)];
	int d;

	for (d = 0; d < DIR_COUNT; d++)
		if (l->next[d] >= 0)
			lc->next[side][l->next[d]] += (unsigned char)by;
}

/*
 * Is some hex of a row set (rows, in rows row0 to row1 and columns col0
 * to col1) within k of h?  Not when h is more than k rows or columns
 * from that rectangle (a step moves one row or column at most).  Else
 * row by row: the hexes within k of h in one row are a run of columns.
 */
static inline __attribute__((always_inline)) bool
rows_within(const uint64_t *rows, int row0, int row1, int col0, int col1,
	    const struct map *m, struct hex h, int k)
{
	int dr, row, lo, hi, half = (h.row - 1) >> 1;
	uint64_t mask;

	if (h.row + k < row0 || h.row - k > row1 || h.col + k < col0 ||
	    h.col - k > col1)
		return false;
	for (dr = -k; dr <= k; dr++) {
		row = h.row + dr;
		if (row < row0 || row > row1)
			continue;
		/* Axial: q from -k to k - dr (dr >= 0), -k - dr to k. */
		lo = h.col + (dr >= 0 ? -k : -k - dr) + ((row - 1) >> 1) - half;
		hi = h.col + (dr >= 0 ? k - dr : k) + ((row - 1) >> 1) - half;
		if (lo < 1)
			lo = 1;
		if (hi > m->width)
			hi = m->width;
		if (lo > hi)
			continue;
		mask = (~(uint64_t)0 >> (63 - (hi - 1))) &
		       (~(uint64_t)0 << (lo - 1));
		if (rows[row - 1] & mask)
			return true;
	}
	return false;
}

/* Is a hex u's searches asked about (A, with u's hex) within k of h? */
static bool
asked_within(const struct actions *a, const struct map *m, struct hex h, int k)
{
	return rows_within(a->reads.rows, a->row0, a->row1,
			   a->reads.col0 + LEGAL_READS_MARGIN,
			   a->reads.col1 - LEGAL_READS_MARGIN, m, h, k);
}

/* Is a hex a charge's path of u may end in (C) within k of h? */
static bool
path_end_within(const struct actions *a, const struct map *m, struct hex h,
		int k)
{
	return rows_within(a->reads.crows, a->reads.crow0, a->reads.crow1,
			   a->reads.ccol0, a->reads.ccol1, m, h, k);
}

/*
 * Might a unit of side `side` entering, leaving or turning in hex h alter
 * the actions of u, kept in a?  First the rectangle and radius of the
 * hexes u's searches asked about.  Then, when the hexes asked are known
 * one by one (the set A, with u's hex) and the hexes a charge's path may
 * end in (C: the last hex before contact), what they read:
 *   - any unit in a hex of A: may it be passed, may u end there?
 *   - an enemy next to a hex of A: it closes the hex (R4.3), or engages
 *     u; or within 2 of C: as a charge's target, its contact hex is next
 *     to a hex of C;
 *   - a friend next to such an enemy (within 2 of C): in its contact
 *     hex, or holding one of its faces (R4.4).
 * The enemies within 2 of C are as when u's actions were worked out:
 * any that came or went or turned since was a change near enough.
 * When no enemy was within reach, u's charges searched no path: then
 * an enemy that comes within reach counts, however far.
 */
static bool
reaches(const struct game *g, int u, const struct actions *a, struct hex h,
	int side)
{
	const struct map *m = &g->sc->map;
	struct hex n;
	int d, v;

	bool enemy = side != g->units[u].side;

	/* An enemy within reach of a unit whose charges searched nothing. */
	if (h.col < a->reads.col0 || h.col > a->reads.col1 ||
	    h.row < a->reads.row0 || h.row > a->reads.row1)
		return enemy && a->reads.enemy_radius >= 0 &&
		       hex_within(h, g->units[u].hex, a->reads.enemy_radius);
	if (enemy && a->reads.enemy_radius >= 0 &&
	    hex_within(h, g->units[u].hex, a->reads.enemy_radius))
		return true;
	if (a->reads.rows == NULL || !a->reads.exact)
		return hex_distance(h, g->units[u].hex) <=
		       legal_unit_radius(g, u);
	if (enemy)
		return asked_within(a, m, h, 1) || path_end_within(a, m, h, 2);
	if (asked_within(a, m, h, 0))
		return true;
	if (!path_end_within(a, m, h, 3))
		return false;
	for (d = 0; d < DIR_COUNT; d++) {
		n = hex_neighbour(h, (enum dir)d);
		if (!map_contains(m, n))
			continue;
		v = g->occupant[map_index(m, n)];
		if (v >= 0 && g->units[v].side != side &&
		    path_end_within(a, m, n, 2))
			return true;
	}
	return false;
}

/*
 * Might a unit seen as was and now alter the tail (tail_same())?  Only
 * when it came, went or moved, of the side the tail was made for, within
 * 4 of one of that side's generals (the general's own unit is 0 away);
 * a change of general is tail_same()'s to see.
 */
static bool
tail_touched(const struct legal_cache *lc, const struct game *g,
	     const struct seen *was, const struct unit *now)
{
	struct hex at;
	int k;

	if (now->side != lc->tail_player ||
	    (was->on_map == now->on_map && hex_equal(was->hex, now->hex)))
		return false;
	for (k = 0; k < g->ngenerals; k++) {
		if (g->generals[k].side != now->side || g->generals[k].unit < 0)
			continue;
		at = g->units[g->generals[k].unit].hex;
		if ((was->on_map && hex_distance(at, was->hex) <= 4) ||
		    (now->on_map && hex_distance(at, now->hex) <= 4))
			return true;
	}
	return false;
}

static void
log_change(struct legal_cache *lc, struct hex h, int side)
{
	if (lc->nlog == lc->caplog) {
		lc->caplog = lc->caplog > 0 ? 2 * lc->caplog : 64;
		lc->log =
		    xreallocarray(lc->log, (size_t)lc->caplog, sizeof *lc->log);
	}
	lc->log[lc->nlog].hex = h;
	lc->log[lc->nlog++].side = side;
}

/*
 * Are u's actions still right?  Not when some change logged since they
 * were last compared reaches them (reaches(), with g as it stands: a
 * friend's change next to an enemy since gone counts all the same, as
 * the enemy's going is logged too and reaches them).
 */
static bool
still_valid(struct legal_cache *lc, const struct game *g, int u)
{
	int k;

	if (!lc->valid[u])
		return false;
	for (k = lc->checked[u]; k < lc->nlog; k++)
		if (reaches(g, u, &lc->unit[u], lc->log[k].hex,
			    lc->log[k].side)) {
			lc->valid[u] = false;
			return false;
		}
	lc->checked[u] = lc->nlog;
	return true;
}

/* Compares every unit's actions with the log, which is then emptied. */
static void
check_all(struct legal_cache *lc, const struct game *g)
{
	int u;

	for (u = 0; u < lc->nunits; u++)
		still_valid(lc, g, u);
	lc->nlog = 0;
	memset(lc->checked, 0, (size_t)lc->nunits * sizeof *lc->checked);
}

/*
 * Notes that unit v of g no longer stands as seen: its own actions are
 * dropped, the counts of units next to hexes follow it, and the hexes it
 * left and entered are logged for the other units' actions.
 */
static __attribute__((noinline)) void
unit_changed(struct legal_cache *lc, const struct game *g, int v)
{
	const struct unit *now = &g->units[v];
	struct seen was = lc->seen[v]; /* see() overwrites it */

	see(lc, g, v);
	lc->valid[v] = false;
	lc->at_snap = false;
	if (lc->tail_ok && tail_touched(lc, g, &was, now))
		lc->tail_ok = false;
	if (was.on_map)
		count_next(lc, g, now->side, was.hex, -1);
	if (now->on_map)
		count_next(lc, g, now->side, now->hex, 1);
	if (was.on_map)
		log_change(lc, was.hex, now->side);
	/* A unit that turned where it stands: one hex. */
	if (now->on_map && !(was.on_map && hex_equal(was.hex, now->hex)))
		log_change(lc, now->hex, now->side);
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
	const struct unit *units;
	const struct seen *seen;
	int v, u;
	size_t cells;

	if (lc->sc != g->sc || lc->nunits != g->nunits) {
		forget_units(lc);
		lc->sc = g->sc;
		lc->nunits = g->nunits;
		lc->tail_ok = false;
		lc->seen = xcalloc((size_t)g->nunits + 1, sizeof *lc->seen);
		lc->unit = xcalloc((size_t)g->nunits + 1, sizeof *lc->unit);
		lc->valid = xcalloc((size_t)g->nunits + 1, sizeof *lc->valid);
		lc->acting = xcalloc((size_t)g->nunits + 1, sizeof *lc->acting);
		lc->start = xcalloc((size_t)g->nunits + 1, sizeof *lc->start);
		lc->checked =
		    xcalloc((size_t)g->nunits + 1, sizeof *lc->checked);
		cells = (size_t)g->sc->map.width * (size_t)g->sc->map.height;
		lc->next[0] = xcalloc(cells, 1);
		lc->next[1] = xcalloc(cells, 1);
		if (g->sc->map.width <= LEGAL_ROWS_MAX_WIDTH)
			for (u = 0; u < g->nunits; u++) {
				lc->unit[u].reads.rows =
				    xcalloc((size_t)g->sc->map.height,
					    sizeof(uint64_t));
				lc->unit[u].reads.crows =
				    xcalloc((size_t)g->sc->map.height,
					    sizeof(uint64_t));
			}
		for (u = 0; u < g->nunits; u++) {
			see(lc, g, u);
			if (g->units[u].on_map)
				count_next(lc, g, g->units[u].side,
					   g->units[u].hex, 1);
		}
		lc->snap_due = true;
		return;
	}
	if (!lc->at_snap && at_snapshot(lc, g)) {
		put_snapshot(lc, g);
		return;
	}
	/* A tight look for changes; each one seen to apart. */
	units = g->units;
	seen = lc->seen;
	for (v = 0; v < g->nunits; v++)
		if (!seen_same(&seen[v], &units[v]))
			unit_changed(lc, g, v);
	if (lc->nlog > 16 * g->nunits + 64)
		check_all(lc, g);
}

/* The movement phase's list in parts: what game_legal_commands() builds. */
static bool
plain_movement(const struct game *g)
{
	return !g->over && !g->choosing && g->noffers == 0 &&
	       g->phase == PHASE_MOVEMENT;
}

/* Makes the tail of g's movement phase: its transfers, and end. */
static void
tail_make(struct legal_cache *lc, const struct game *g)
{
	int most = g->ngenerals * g->nunits; /* a general to every unit */

	if (lc->captransfers < most) {
		lc->transfers = xreallocarray(lc->transfers, (size_t)most,
					      sizeof *lc->transfers);
		lc->captransfers = most;
	}
	lc->ntransfers = legal_transfer_pairs(g, lc->transfers, most);
	lc->tail_end = !game_end_blocked(g, NULL, 0);
}

/*
 * Is the tail made last still the movement phase's tail of g?  In the
 * movement phase it is every transfer open (the player's generals not
 * dead and not transferred, the units of their side within 4 of them
 * with no general) and end, which is never refused there.
 */
static bool
tail_same(const struct legal_cache *lc, const struct game *g)
{
	int k;

	if (!lc->tail_ok || lc->tail_player != g->player ||
	    lc->ngenerals != g->ngenerals)
		return false;
	for (k = 0; k < g->ngenerals; k++)
		if (lc->tail_gen[k].side != g->generals[k].side ||
		    lc->tail_gen[k].unit != g->generals[k].unit ||
		    lc->tail_gen[k].transferred != g->generals[k].transferred)
			return false;
	return true;
}

static void
tail_keep(struct legal_cache *lc, const struct game *g)
{
	if (lc->ngenerals != g->ngenerals) {
		free(lc->tail_gen);
		lc->tail_gen =
		    xcalloc((size_t)g->ngenerals + 1, sizeof *lc->tail_gen);
		lc->ngenerals = g->ngenerals;
	}
	if (g->ngenerals > 0)
		memcpy(lc->tail_gen, g->generals,
		       (size_t)g->ngenerals * sizeof *lc->tail_gen);
	lc->tail_player = g->player;
	lc->tail_ok = true;
}

/* The actions of u as the game stands, worked out again if dropped. */
static const struct actions *
unit_actions(struct legal_cache *lc, const struct game *g, int u)
{
	struct actions *l = &lc->unit[u];

	if (still_valid(lc, g, u))
		return l;
	if (lc->scratch == NULL)
		lc->scratch = xreallocarray(NULL, LEGAL_UNIT_ACTIONS_MAX,
					    sizeof *lc->scratch);
	l->n =
	    legal_unit_action_list(g, u, lc->scratch, LEGAL_UNIT_ACTIONS_MAX,
				   &l->reads, lc->next[1 - g->units[u].side]);
	l->row0 = l->reads.row0;
	l->row1 = l->reads.row1;
	l->reads.col0 -= LEGAL_READS_MARGIN;
	l->reads.col1 += LEGAL_READS_MARGIN;
	l->reads.row0 -= LEGAL_READS_MARGIN;
	l->reads.row1 += LEGAL_READS_MARGIN;
	if (l->cap < l->n) {
		l->v = xreallocarray(l->v, (size_t)l->n, sizeof *l->v);
		l->cap = l->n;
	}
	if (l->n > 0)
		memcpy(l->v, lc->scratch, (size_t)l->n * sizeof *l->v);
	lc->valid[u] = true;
	lc->checked[u] = lc->nlog;
	return l;
}

int
legal_cache_count(struct legal_cache *lc, const struct game *g)
{
	const struct actions *l;
	int u, n, p = g->push_unit;

	invalidate(lc, g);
	lc->movement = plain_movement(g);
	lc->nacting = 0;
	lc->push = -1;
	if (!lc->movement) {
		list_fill(&lc->head, g, game_legal_commands);
		lc->count = lc->head.n;
		return lc->count;
	}
	/*
	 * The push open now, if any (legal_push()): its unit's actions,
	 * made commands by legal_cache_nth().
	 */
	lc->head.n = 0;
	if (p >= 0 && !g->units[p].pushed && g->units[p].on_map) {
		lc->push = p;
		lc->head.n = unit_actions(lc, g, p)->n;
	}
	n = 0;
	for (u = 0; u < g->nunits; u++) {
		const struct unit *un = &g->units[u];

		/* game_unit_can_act(), the phase known to be movement. */
		if (!un->on_map || un->side != g->player || un->acted)
			continue;
		l = unit_actions(lc, g, u);
		lc->acting[lc->nacting] = u;
		lc->start[lc->nacting++] = n;
		n += l->n;
	}
	if (!tail_same(lc, g)) {
		tail_make(lc, g);
		tail_keep(lc, g);
	}
	lc->count = lc->head.n + n + lc->ntransfers + lc->tail_end;
	if (lc->snap_due) {
		take_snapshot(lc, g);
		lc->snap_due = false;
	}
	return lc->count;
}

/*
 * A listed command carries no dice and no text: its fields up to the
 * dice are all it holds (ndice 0 among them), and its text is empty.
 * The 128 dice and 200 bytes of text after them are not copied.
 */
static void
copy_listed(struct command *out, const struct command *c)
{
	memcpy(out, c, offsetof(struct command, dice));
	out->text[0] = '\0';
}

void
legal_cache_nth(const struct legal_cache *lc, int i, struct command *out)
{
	int lo, hi, mid, seg;

	if (i < lc->head.n) {
		if (lc->push >= 0)
			unit_action_command(lc->push, true,
					    &lc->unit[lc->push].v[i], out);
		else
			copy_listed(out, &lc->head.v[i]);
		return;
	}
	i -= lc->head.n;
	seg = lc->nacting > 0 ? lc->start[lc->nacting - 1] +
				    lc->unit[lc->acting[lc->nacting - 1]].n
			      : 0;
	if (i >= seg + lc->ntransfers) {
		/* End, as add_simple() makes it. */
		memset(out, 0, offsetof(struct command, dice));
		out->text[0] = '\0';
		out->verb = VERB_END;
		out->unit = out->target = out->general = -1;
		return;
	}
	if (i >= seg) {
		transfer_command(lc->transfers[i - seg].general,
				 lc->transfers[i - seg].unit, out);
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
			    &lc->unit[lc->acting[lo]].v[i - lc->start[lo]],
			    out);
}

int
legal_cache_commands(struct legal_cache *lc, const struct game *g,
		     struct command *out, int max)
{
	int n = legal_cache_count(lc, g), i;

	if (n > max)
		n = max;
	for (i = 0; i < n; i++) {
		/* All zero around the fields, as game_legal_commands(). */
		memset(&out[i], 0, sizeof out[i]);
		legal_cache_nth(lc, i, &out[i]);
	}
	return n;
}

/*
 * The action of u's list the command c names (a push's action with
 * push), or NULL: the same verb, hex and target, as unit_action_command()
 * would make it.
 */
static const struct unit_action *
listed_action(const struct actions *l, const struct command *c, enum verb verb)
{
	int k;

	if (verb == VERB_PIVOT ? !c->has_facing || c->has_hex
			       : !c->has_hex || c->has_facing)
		return NULL;
	for (k = 0; k < l->n; k++) {
		const struct unit_action *a = &l->v[k];

		if (a->verb != verb)
			continue;
		if (verb == VERB_PIVOT
			? a->facing == c->facing
			: hex_equal(a->hex, c->hex) &&
			      (verb == VERB_MOVE || a->target == c->target))
			return a;
	}
	return NULL;
}

int
legal_cache_apply(struct legal_cache *lc, struct game *g,
		  const struct command *c, struct events *ev, char *why,
		  size_t whylen)
{
	const struct unit_action *a = NULL;
	const struct unit *un;
	enum verb verb = c->verb == VERB_PUSH ? c->action : c->verb;

	/*
	 * Only for a game the cache has seen (its units known), in a
	 * movement phase with nothing pending, a unit that may act now, and
	 * an action its list has as the game stands (brought up to date
	 * first): that action is legal, and was checked when listed.
	 */
	if (lc->sc == g->sc && lc->nunits == g->nunits && plain_movement(g) &&
	    (verb == VERB_MOVE || verb == VERB_PIVOT || verb == VERB_CHARGE) &&
	    c->unit >= 0 && c->unit < g->nunits) {
		un = &g->units[c->unit];
		if (un->on_map && un->side == g->player &&
		    (c->verb == VERB_PUSH
			 ? g->push_unit == c->unit && !un->pushed
			 : !un->acted)) {
			invalidate(lc, g);
			a = listed_action(unit_actions(lc, g, c->unit), c,
					  verb);
		}
	}
	if (a == NULL)
		return game_apply(g, c, ev, why, whylen);
	if (whylen > 0)
		why[0] = '\0';
	return unit_action_apply(g, c, a, ev);
}
