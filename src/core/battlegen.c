/*
 * The battle generator (battlegen.h).  Every choice comes from one PCG32
 * stream seeded from the seed alone, drawn in a fixed order: the armies
 * buy their units (side 0, then side 1), then the kind of battle, the
 * defender and the map's height, the terrain, and the turn limit.  The
 * text is then written from those choices alone.
 *
 * Map invariants the rest of the program relies on: deployment rows hold
 * no terrain a unit may not enter (features grow only in the band between
 * them; hills are elevation, which every unit may climb); every unit
 * stands in a hex of its own; the two deployment areas and the objective
 * are joined by hexes every unit may enter, so no battle is decided by an
 * army that cannot reach the other.
 */
#include "config.h"

#include "core/battlegen_impl.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dice.h"
#include "core/hex.h"
#include "core/xmalloc.h"

static bool
on_map(const struct gen *g, struct hex h)
{
	return h.col >= 1 && h.col <= g->w && h.row >= 1 && h.row <= g->h;
}

/* The band between the deployment areas, where features may grow. */
static bool
in_band(const struct gen *g, struct hex h)
{
	return on_map(g, h) && h.row > g->depth && h.row <= g->h - g->depth;
}

/*
 * Buying.
 */

static int
buy_army(struct gen *g, int s, char *err, size_t errsize)
{
	const struct army *a = g->bg->army[s];
	struct buy *b = &g->buy[s];
	int left = g->bg->points, i, total, r;

	b->count = xcalloc((size_t)a->nentries + 1, sizeof *b->count);
	b->general = xcalloc((size_t)a->ngenerals + 1, sizeof *b->general);
	if (army_min_cost(a) > left) {
		snprintf(err, errsize,
			 "%d points do not buy the %s list's minimum (%d "
			 "points)",
			 left, a->name, army_min_cost(a));
		return -1;
	}
	for (i = 0; i < a->nentries; i++) {
		b->count[i] = a->entries[i].min;
		b->units += b->count[i];
		left -= b->count[i] * a->entries[i].cost;
	}
	for (i = 0; i < a->ngenerals; i++)
		if (a->generals[i].cost == 0) {
			b->general[i] = true;
			b->generals++;
		}
	/* Then units and generals at random, while the points last: the
	 * entries with a minimum are the core of the army and weigh 2. */
	for (;;) {
		total = 0;
		for (i = 0; i < a->nentries; i++)
			if (b->count[i] < a->entries[i].max &&
			    a->entries[i].cost <= left && b->units < UNITS_MAX)
				total += a->entries[i].min > 0 ? 2 : 1;
		for (i = 0; i < a->ngenerals; i++)
			if (!b->general[i] && a->generals[i].cost <= left &&
			    b->generals < b->units)
				total++;
		if (total == 0)
			break;
		r = bg_rnd(g, total);
		for (i = 0; i < a->nentries; i++) {
			if (!(b->count[i] < a->entries[i].max &&
			      a->entries[i].cost <= left &&
			      b->units < UNITS_MAX))
				continue;
			r -= a->entries[i].min > 0 ? 2 : 1;
			if (r < 0) {
				b->count[i]++;
				b->units++;
				left -= a->entries[i].cost;
				break;
			}
		}
		if (r < 0)
			continue;
		for (i = 0; i < a->ngenerals; i++) {
			if (!b->general[i] && a->generals[i].cost <= left &&
			    b->generals < b->units && r-- == 0) {
				b->general[i] = true;
				b->generals++;
				left -= a->generals[i].cost;
				break;
			}
		}
	}
	if (b->units == 0) {
		snprintf(err, errsize, "%d points buy no unit of the %s list",
			 g->bg->points, a->name);
		return -1;
	}
	b->spent = g->bg->points - left;
	return 0;
}

/*
 * The map.
 */

/*
 * Whether every unit can get from one deployment area to the other (and
 * to the objective) over hexes it may enter, each band row keeping at
 * least half its hexes open to all.
 */
static bool
map_passable(const struct gen *g)
{
	int n = g->w * g->h, *queue, head = 0, tail = 0, i, d, open,
	    blocked = 0;
	bool *seen, ok;
	struct hex h, nb;

	for (h.row = g->depth + 1; h.row <= g->h - g->depth; h.row++) {
		open = 0;
		for (h.col = 1; h.col <= g->w; h.col++) {
			char t = g->terrain[bg_cell(g, h)];

			if (t == '.' || t == 'v')
				open++;
			else
				blocked++;
		}
		if (2 * open < g->w)
			return false;
	}
	if (100 * blocked > BLOCKED_SHARE * g->w * (g->h - 2 * g->depth))
		return false;
	seen = xcalloc((size_t)n, sizeof *seen);
	queue = xcalloc((size_t)n, sizeof *queue);
	h.row = g->h - g->depth + 1;
	for (h.col = 1; h.col <= g->w; h.col++) {
		seen[bg_cell(g, h)] = true;
		queue[tail++] = bg_cell(g, h);
	}
	while (head < tail) {
		i = queue[head++];
		h.col = i % g->w + 1;
		h.row = i / g->w + 1;
		for (d = 0; d < DIR_COUNT; d++) {
			nb = hex_neighbour(h, (enum dir)d);
			if (!on_map(g, nb) || seen[bg_cell(g, nb)])
				continue;
			if (g->terrain[bg_cell(g, nb)] != '.' &&
			    g->terrain[bg_cell(g, nb)] != 'v')
				continue;
			seen[bg_cell(g, nb)] = true;
			queue[tail++] = bg_cell(g, nb);
		}
	}
	h.row = g->depth;
	ok = true;
	for (h.col = 1; h.col <= g->w; h.col++)
		ok = ok && seen[bg_cell(g, h)];
	if (g->objective.col > 0)
		ok = ok && seen[bg_cell(g, g->objective)];
	free(seen);
	free(queue);
	return ok;
}

/* The objective and its neighbours stay open to every unit. */
static bool
reserved(const struct gen *g, struct hex h)
{
	int d;

	if (g->objective.col == 0)
		return false;
	if (hex_equal(h, g->objective))
		return true;
	for (d = 0; d < DIR_COUNT; d++)
		if (hex_equal(h, hex_neighbour(g->objective, (enum dir)d)))
			return true;
	return false;
}

/* Grows a patch of size hexes in the band from a random hex into v. */
static int
grow_patch(struct gen *g, int size, struct hex *v, struct hex start)
{
	int n = 0, tries, k, i;
	struct hex nb;

	v[n++] = start;
	for (tries = 0; n < size && tries < 20 * size; tries++) {
		k = bg_rnd(g, n);
		nb = hex_neighbour(v[k], (enum dir)bg_rnd(g, DIR_COUNT));
		if (!in_band(g, nb))
			continue;
		for (i = 0; i < n; i++)
			if (hex_equal(v[i], nb))
				break;
		if (i == n)
			v[n++] = nb;
	}
	return n;
}

static struct hex
band_hex(struct gen *g)
{
	struct hex h;

	h.col = 1 + bg_rnd(g, g->w);
	h.row = g->depth + 1 + bg_rnd(g, g->h - 2 * g->depth);
	return h;
}

/* One feature of a kind of ground; undone if it would block the way. */
static void
add_feature(struct gen *g, enum army_ground ground, bool high)
{
	static const int base[] = { 0, 3, 2, 3, 2 },
			 spread[] = { 0, 4, 3, 5, 3 };
	struct hex v[16];
	int n = g->w * g->h, k, i, size, idx = 0;
	char *keep = xmalloc((size_t)n);
	char code;

	while ((1u << idx) != (unsigned)ground)
		idx++;
	memcpy(keep, g->terrain, (size_t)n);
	size = base[idx] + bg_rnd(g, spread[idx]);
	k = grow_patch(g, size, v, band_hex(g));
	if (ground == GROUND_HILLS) {
		for (i = 0; i < k; i++)
			if (g->elev[bg_cell(g, v[i])] == 0)
				g->elev[bg_cell(g, v[i])] = 1;
		if (high && k >= 5)
			g->elev[bg_cell(g, v[0])] = 2;
		g->ground |= ground;
		free(keep);
		return;
	}
	code = ground == GROUND_WOODS	? 'w'
	       : ground == GROUND_MARSH ? 's'
					: 'r';
	for (i = 0; i < k; i++)
		if (g->terrain[bg_cell(g, v[i])] == '.' && !reserved(g, v[i]))
			g->terrain[bg_cell(g, v[i])] = code;
	if (map_passable(g))
		g->ground |= ground;
	else
		memcpy(g->terrain, keep, (size_t)n);
	free(keep);
}

static void
make_map(struct gen *g)
{
	const struct army *def = g->bg->army[g->defender];
	const struct army *att = g->bg->army[!g->defender];
	int most = g->buy[0].units > g->buy[1].units ? g->buy[0].units
						     : g->buy[1].units;
	int n, i, j, k;
	struct hex v[16];
	unsigned extra;

	g->w = most + 3;
	if (g->w < WIDTH_MIN)
		g->w = WIDTH_MIN;
	if (g->w > WIDTH_MAX)
		g->w = WIDTH_MAX;
	g->depth = (most + g->w - 3) / (g->w - 2);
	if (g->depth < 2)
		g->depth = 2;
	g->h = 2 * g->depth + 7 + 2 * bg_rnd(g, 2);
	n = g->w * g->h;
	g->terrain = xmalloc((size_t)n);
	memset(g->terrain, '.', (size_t)n);
	g->elev = xcalloc((size_t)n, 1);
	g->occupied = xcalloc((size_t)n, sizeof *g->occupied);
	g->objective.col = g->objective.row = 0;
	if (g->kind != BATTLE_PITCHED) {
		g->objective.col = (g->w + 1) / 2;
		g->objective.row = (g->h + 1) / 2;
	}
	if (g->kind == BATTLE_HILL) {
		k = grow_patch(g, 5 + bg_rnd(g, 3), v, g->objective);
		for (i = 0; i < k; i++)
			g->elev[bg_cell(g, v[i])] = 1;
		g->ground |= GROUND_HILLS;
	} else if (g->kind == BATTLE_VILLAGE)
		g->terrain[bg_cell(g, g->objective)] = 'v';
	/* The defender's ground three times over, the attacker's once,
	 * unless the defender wants open ground: then it keeps the
	 * attacker's out. */
	for (j = 1; j < ARMY_GROUND_COUNT; j++) {
		for (i = 0; i < 3; i++)
			if (def->ground & 1u << j)
				add_feature(g, (enum army_ground)(1u << j),
					    true);
		if ((att->ground & 1u << j) && !(def->ground & GROUND_OPEN))
			add_feature(g, (enum army_ground)(1u << j), false);
	}
	/* And some ground of no army's choosing: the field is never bare. */
	extra = def->ground & GROUND_OPEN ? 1 : 1 + (unsigned)bg_rnd(g, 2);
	while (extra-- > 0) {
		static const enum army_ground any[] = {
			GROUND_WOODS,
			GROUND_HILLS,
			GROUND_ROUGH,
			GROUND_HILLS,
		};

		add_feature(g, any[bg_rnd(g, 4)], false);
	}
}

/*
 * Deployment.
 */

static bool
id_taken(const struct gen *g, const char *id)
{
	int i;

	for (i = 0; i < g->nids; i++)
		if (strcmp(g->ids[i], id) == 0)
			return true;
	return false;
}

static void
id_take(struct gen *g, const char *id)
{
	g->ids = xreallocarray(g->ids, (size_t)g->nids + 1, sizeof *g->ids);
	snprintf(g->ids[g->nids++], sizeof g->ids[0], "%s", id);
}

/* A unit ID: stem and the first number free. */
static void
unit_id(struct gen *g, const char *stem, char *out)
{
	int k;

	for (k = 1;; k++) {
		snprintf(out, ARMY_GENERAL_ID_MAX + 1, "%s%d", stem, k);
		if (!id_taken(g, out))
			break;
	}
	id_take(g, out);
}

/* A general's ID: as the list has it, else cut and numbered. */
static void
general_id(struct gen *g, const char *id, char *out)
{
	char stem[16];
	int k;

	snprintf(out, ARMY_GENERAL_ID_MAX + 1, "%.*s", ARMY_GENERAL_ID_MAX, id);
	/* Five letters and at most three digits: never longer than an ID. */
	for (k = 2; id_taken(g, out) && k < 1000; k++) {
		snprintf(stem, sizeof stem, "%.5s%d", id, k);
		snprintf(out, ARMY_GENERAL_ID_MAX + 1, "%.*s",
			 ARMY_GENERAL_ID_MAX, stem);
	}
	id_take(g, out);
}

/* The row of deployment row k (0 the front) of side s. */
static int
deploy_row(const struct gen *g, int s, int k)
{
	return s == 0 ? g->h - g->depth + 1 + k : g->depth - k;
}

/* A free hex of side s: rows from start on, then the rows before it;
 * in each row from the centre outwards, right first. */
static struct hex
free_slot(struct gen *g, int s, int start)
{
	struct hex h;
	int kk, k, c, off;

	for (kk = 0; kk < g->depth; kk++) {
		k = (start + kk) % g->depth;
		h.row = deploy_row(g, s, k);
		for (off = 0; off < 2 * g->w; off++) {
			c = (g->w + 1) / 2 +
			    (off % 2 == 0 ? off / 2 : -(off + 1) / 2);
			if (c < 1 || c > g->w)
				continue;
			h.col = c;
			if (!g->occupied[bg_cell(g, h)])
				return h;
		}
	}
	h.col = h.row = 0; /* never: the rows hold UNITS_MAX */
	return h;
}

/* 0 formed foot, 1 mounted, 2 light foot: the order of deployment. */
static int
category(const struct unit_type *t)
{
	if (t->traits & TRAIT_MOUNTED)
		return 1;
	if (t->traits & TRAIT_LIGHT)
		return 2;
	return 0;
}

/*
 * The generals: the commander with the first unit deployed (the centre
 * of the front), the others spread along the line; one to a unit.
 */
static void
place_generals(struct gen *g)
{
	struct placed_general *pg;
	int s, j, k, first, nu;

	g->generals =
	    xcalloc((size_t)(g->buy[0].generals + g->buy[1].generals) + 1,
		    sizeof *g->generals);
	for (s = 0; s < 2; s++) {
		const struct army *a = g->bg->army[s];

		first = s == 0 ? 0 : g->buy[0].units;
		nu = g->buy[s].units;
		for (j = k = 0; j < a->ngenerals; j++) {
			if (!g->buy[s].general[j] || k >= nu)
				continue;
			pg = &g->generals[g->ngenerals++];
			pg->side = s;
			pg->general = j;
			pg->unit = first + k * nu / g->buy[s].generals;
			general_id(g, a->generals[j].id, pg->id);
			k++;
		}
	}
}

static void
deploy(struct gen *g)
{
	int s, cat, e, k;
	struct placed *p;

	g->units = xcalloc((size_t)(g->buy[0].units + g->buy[1].units),
			   sizeof *g->units);
	for (s = 0; s < 2; s++) {
		const struct army *a = g->bg->army[s];

		for (cat = 0; cat < 3; cat++)
			for (e = 0; e < a->nentries; e++) {
				if (category(a->entries[e].type) != cat)
					continue;
				for (k = 0; k < g->buy[s].count[e]; k++) {
					p = &g->units[g->nunits++];
					p->side = s;
					p->entry = e;
					p->hex = free_slot(g, s, cat == 2);
					g->occupied[bg_cell(g, p->hex)] = true;
					unit_id(g, a->entries[e].stem, p->id);
				}
			}
	}
	place_generals(g);
}

static void
name_sides(struct gen *g)
{
	int s;

	for (s = 0; s < 2; s++) {
		snprintf(g->key[s], sizeof g->key[s], "%s", g->bg->key[s]);
		snprintf(g->name[s], sizeof g->name[s], "%s",
			 g->bg->army[s]->side);
	}
	if (strcmp(g->key[0], g->key[1]) == 0) {
		snprintf(g->key[0], sizeof g->key[0], "%.18s-1", g->bg->key[0]);
		snprintf(g->key[1], sizeof g->key[1], "%.18s-2", g->bg->key[1]);
	}
	if (strcmp(g->name[0], g->name[1]) == 0)
		snprintf(g->name[1], sizeof g->name[1], "%.53s (rivals)",
			 g->bg->army[1]->side);
}

static void
gen_done(struct gen *g)
{
	int s;

	for (s = 0; s < 2; s++) {
		free(g->buy[s].count);
		free(g->buy[s].general);
	}
	free(g->terrain);
	free(g->elev);
	free(g->occupied);
	free(g->units);
	free(g->generals);
	free(g->ids);
}

char *
battlegen_write(const struct battlegen *bg, char *err, size_t errsize)
{
	struct gen g;
	struct out o = { NULL, 0, 0 };
	int s;

	memset(&g, 0, sizeof g);
	g.bg = bg;
	pcg32_seed(&g.rng, bg->seed, STREAM);
	if (bg->points < BATTLEGEN_POINTS_MIN ||
	    bg->points > BATTLEGEN_POINTS_MAX) {
		snprintf(err, errsize, "points must be from %d to %d, not %d",
			 BATTLEGEN_POINTS_MIN, BATTLEGEN_POINTS_MAX,
			 bg->points);
		return NULL;
	}
	for (s = 0; s < 2; s++)
		if (buy_army(&g, s, err, errsize) != 0) {
			gen_done(&g);
			return NULL;
		}
	name_sides(&g);
	g.kind = (enum battle_kind)(bg_rnd(&g, 10) < 4 ? BATTLE_PITCHED
						       : 1 + bg_rnd(&g, 2));
	g.defender = bg_rnd(&g, 2);
	make_map(&g);
	g.turns = (g.h - 2 * g.depth) / 2 + 6 + bg_rnd(&g, 3);
	deploy(&g);
	bg_write_text(&g, &o);
	gen_done(&g);
	return o.s;
}

void
battlegen_draw_armies(uint64_t seed, int n, int *a, int *b)
{
	struct pcg32 rng;

	pcg32_seed(&rng, seed, STREAM + 1);
	if (n <= 0)
		return;
	if (*a < 0) {
		*a = (int)pcg32_bounded(&rng, (uint32_t)n);
		if (*b >= 0 && *a == *b && n > 1)
			*a = (*a + 1 +
			      (int)pcg32_bounded(&rng, (uint32_t)(n - 1))) %
			     n;
	}
	if (*b < 0) {
		*b = (int)pcg32_bounded(&rng, (uint32_t)n);
		if (*b == *a && n > 1)
			*b = (*b + 1 +
			      (int)pcg32_bounded(&rng, (uint32_t)(n - 1))) %
			     n;
	}
}
