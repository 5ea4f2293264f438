/*
 * The computer player (ai.h).
 *
 * The searching player looks one command ahead: it lists the legal
 * commands of the moment, prunes the moves to the few most promising per
 * unit, and scores each remaining candidate by rollouts: the position is
 * copied, the candidate applied, and both sides play on with the greedy
 * policy for a fixed number of player-turns (dice from the player's own
 * stream, the same streams for every candidate so that candidates are
 * compared on the same luck).  The end position is scored by breakpoint
 * distance, hits on the units still standing and victory hexes held; a
 * won or lost game scores +1 or -1.  docs/ai.md says why.
 */
#include "config.h"

#include "ai/ai.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "core/dice.h"
#include "core/event.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "ai/pathdist.h"

#define LEGAL_MAX 4096
#define OPTION_MAX 512
#define ROLLOUT_COMMANDS_MAX 4000

/* The search budget of each level. */
struct level {
	int rollouts;	    /* per candidate */
	int depth;	    /* player-turns played on after the candidate */
	int moves_per_unit; /* moves kept per unit */
	int candidates;	    /* candidates kept in all */
	int refine_top;	    /* the best few, rolled out again... */
	int refine_rollouts; /* ...this many more times */
};

static const struct level levels[AI_LEVEL_MAX + 1] = {
	[1] = { 8, 1, 1, 12, 0, 0 },
	[2] = { 48, 3, 2, 20, 0, 0 },
	[3] = { 48, 3, 2, 20, 4, 96 },
};

#define SEEDS_MAX 512
#define REFINE_MAX 8

/* Rollouts of the anchor that measure what one costs. */
#define PROBE_ROLLOUTS 2
/* Fewer rollouts a candidate than this judge little against the
 * anchor's noise: the greedy policy's own choice is played instead. */
#define MIN_ROLLOUTS 12

/* The greedy policy's memory of which units it has tried this phase. */
struct greedy {
	long key;	      /* turn, player-turn, player and phase */
	unsigned char *tried; /* per unit */
	int nunits;
};

/*
 * Steps to the nearest enemy from every hex, for one kind of unit and one
 * placing of the enemy: the enemy stands still through a movement phase,
 * while the greedy policy weighs every move of every unit against it.
 */
#define NEAR_SLOTS 8
struct near {
	const struct map *map; /* NULL: empty */
	unsigned allow;
	int n;		     /* enemy hexes */
	int *cells;	     /* their map_index(), in unit order; cap */
	int cap;
	unsigned char *dist; /* per cell */
	int ncells;
	/*
	 * A cell's distance is worked out when first asked (dist[c] holds
	 * it while stamp[c] == gen), as the search asks about few; once the
	 * cells asked have cost more than a search from every enemy at once
	 * (pathdist_nearest()), that fills them all.
	 */
	bool full;
	long work;
	unsigned *stamp;
	unsigned gen;
};

struct ai {
	enum ai_kind kind;
	int level;
	struct pcg32 rng;
	struct command *legal; /* LEGAL_MAX */
	struct greedy greedy;  /* the greedy player's own */
	struct greedy roll;    /* rollouts' */
	struct events ev;
	struct move_option *moves;
	struct charge_option *charges;
	struct pathdist *paths; /* steps through the terrain, by unit kind */
	struct near near[NEAR_SLOTS];
	int near_next;	  /* the slot to replace next */
	int *near_cells;  /* enemy hexes being looked up; near_cap */
	int near_cap;
	long work; /* commands played in rollouts for this decision */
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
	ai->moves = xmalloc(OPTION_MAX * sizeof *ai->moves);
	ai->charges = xmalloc(OPTION_MAX * sizeof *ai->charges);
	ai->paths = pathdist_new();
	ai->greedy.key = ai->roll.key = -1;
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
ai_side_to_act(const struct game *g)
{
	if (g->over)
		return -1;
	if (g->choosing)
		return g->initiative;
	if (g->noffers > 0)
		return g->units[g->offers[0].unit].side;
	return g->player;
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

static void
command_blank(struct command *c, enum verb v, int unit)
{
	memset(c, 0, sizeof *c);
	c->verb = v;
	c->unit = unit;
	c->target = c->general = -1;
}

/* Steps unit u would take from h to a, through the terrain it may enter. */
static int
unit_steps(struct ai *ai, const struct game *g, int u, struct hex h,
	   struct hex a)
{
	return pathdist_steps(ai->paths, &g->sc->map,
			      terrain_allowed(game_unit_traits(g, u)), h, a);
}

/*
 * Steps from every hex to the nearest enemy of unit u, by the terrain u
 * may enter (PATH_NONE: none it can reach), per cell of the map; NULL
 * when no enemy stands on the map.  Kept while the enemy stands where it
 * stood, so that a phase's moves cost one search, not one per move and
 * enemy.
 */
static struct near *
enemy_field(struct ai *ai, const struct game *g, int u)
{
	const struct map *m = &g->sc->map;
	unsigned allow = terrain_allowed(game_unit_traits(g, u));
	int v, n = 0, side = g->units[u].side, cells = m->width * m->height;
	struct near *nr;

	if (ai->near_cap < g->nunits) {
		free(ai->near_cells);
		ai->near_cells = xmalloc((size_t)g->nunits * sizeof(int));
		ai->near_cap = g->nunits;
	}
	for (v = 0; v < g->nunits; v++)
		if (g->units[v].on_map && g->units[v].side != side)
			ai->near_cells[n++] = map_index(m, g->units[v].hex);
	if (n == 0)
		return NULL;
	for (v = 0; v < NEAR_SLOTS; v++) {
		nr = &ai->near[v];
		if (nr->map == m && nr->allow == allow && nr->n == n &&
		    nr->ncells == cells &&
		    memcmp(nr->cells, ai->near_cells, (size_t)n * sizeof(int)) ==
			0)
			return nr;
	}
	nr = &ai->near[ai->near_next];
	ai->near_next = (ai->near_next + 1) % NEAR_SLOTS;
	if (nr->cap < n) {
		free(nr->cells);
		nr->cells = xmalloc((size_t)g->nunits * sizeof(int));
		nr->cap = g->nunits;
	}
	if (nr->ncells != cells) {
		free(nr->dist);
		free(nr->stamp);
		nr->dist = xmalloc((size_t)cells);
		nr->stamp = xcalloc((size_t)cells, sizeof *nr->stamp);
		nr->gen = 0;
		nr->ncells = cells;
	}
	memcpy(nr->cells, ai->near_cells, (size_t)n * sizeof(int));
	nr->n = n;
	nr->allow = allow;
	nr->map = m;
	nr->full = false;
	nr->work = 0;
	if (++nr->gen == 0) {
		memset(nr->stamp, 0, (size_t)cells * sizeof *nr->stamp);
		nr->gen = 1;
	}
	return nr;
}

/* Steps from h to the nearest enemy of field f (enemy_field()). */
static int
field_steps(struct ai *ai, const struct game *g, struct near *f,
	    struct hex h)
{
	const struct map *m = &g->sc->map;
	int c, i, d, best;

	if (f == NULL)
		return PATH_NONE;
	c = map_index(m, h);
	if (f->full || f->stamp[c] == f->gen)
		return f->dist[c];
	if (f->work > f->ncells &&
	    pathdist_nearest(ai->paths, m, f->allow, f->cells, f->n,
			     f->dist) == 0) {
		f->full = true;
		return f->dist[c];
	}
	best = PATH_NONE;
	for (i = 0; i < f->n; i++) {
		d = pathdist_steps(ai->paths, m, f->allow, h,
				   map_hex_at(m, f->cells[i]));
		if (d < best)
			best = d;
	}
	f->work += f->n;
	f->stamp[c] = f->gen;
	f->dist[c] = (unsigned char)best;
	return best;
}

/* --- The greedy policy --- */

/*
 * Is h a victory hex of either side?  A unit standing on one keeps it:
 * its own side must hold it at the end, or the enemy must and is kept
 * off it.  Without this the greedy policy, and the rollouts built on it,
 * walked off every hill and defile towards the nearest enemy.
 */
static bool
on_victory_hex(const struct game *g, struct hex h)
{
	return scenario_victory_hex(g->sc, h);
}

/*
 * Does pivoting engaged unit u to facing turn it away from the enemies
 * next to it: fewer of them in front, or more on its flanks and rear (the
 * rear counting double)?  Such a pivot forgoes the unit's attack and
 * offers the enemy a flank; a playtester watched the search choose it.
 */
static bool
pivot_turns_away(const struct game *g, int u, enum facing to)
{
	const struct unit *un = &g->units[u];
	int d, e, front[2] = { 0, 0 }, exposed[2] = { 0, 0 }, k;
	enum facing f[2] = { un->facing, to };
	enum face face;

	for (d = 0; d < 6; d++) {
		e = game_unit_at(g, hex_neighbour(un->hex, (enum dir)d));
		if (e < 0 || g->units[e].side == un->side)
			continue;
		for (k = 0; k < 2; k++) {
			face = facing_face_of_dir(f[k], (enum dir)d);
			front[k] += face == FACE_FRONT;
			exposed[k] += face == FACE_REAR	  ? 2
				      : face != FACE_FRONT ? 1
							   : 0;
		}
	}
	return front[1] < front[0] || exposed[1] > exposed[0];
}

static void
greedy_sync(struct greedy *gr, const struct game *g)
{
	long key =
	    (((long)g->turn * 2 + g->second) * 2 + g->player) * PHASE_COUNT +
	    (long)g->phase;

	if (gr->nunits < g->nunits) {
		free(gr->tried);
		gr->tried = xcalloc((size_t)g->nunits, 1);
		gr->nunits = g->nunits;
		gr->key = -1;
	}
	if (gr->key != key) {
		memset(gr->tried, 0, (size_t)gr->nunits);
		gr->key = key;
	}
}

/* Uniform pick among the legal commands. */
static int
random_choose(struct ai *ai, const struct game *g, struct pcg32 *rng,
	      struct command *out)
{
	int n = game_legal_commands(g, ai->legal, LEGAL_MAX);

	if (n == 0)
		return -1;
	*out = ai->legal[pcg32_bounded(rng, (uint32_t)n)];
	return 0;
}

/* The movement action the greedy policy takes with u, if any. */
static bool
greedy_unit_move(struct ai *ai, const struct game *g, struct pcg32 *rng, int u,
		 struct command *out)
{
	const struct unit *un = &g->units[u];
	struct near *field;
	int n, i, d, best, bestn = 0, pick = -1, here;

	if (on_victory_hex(g, un->hex))
		return false;
	n = game_charge_options(g, u, ai->charges, OPTION_MAX);
	if (n > 0) {
		i = (int)pcg32_bounded(rng, (uint32_t)n);
		command_blank(out, VERB_CHARGE, u);
		out->target = ai->charges[i].target;
		out->hex = ai->charges[i].hex;
		out->has_hex = true;
		return true;
	}
	if (game_unit_engaged(g, u))
		return false;
	field = enemy_field(ai, g, u);
	here = field_steps(ai, g, field, un->hex);
	n = game_move_options(g, u, ai->moves, OPTION_MAX);
	best = here;
	for (i = 0; i < n; i++) {
		d = field_steps(ai, g, field, ai->moves[i].hex);
		if (d < best) {
			best = d;
			pick = i;
			bestn = 1;
		} else if (d == best && pick >= 0 &&
			   pcg32_bounded(rng, (uint32_t)++bestn) == 0) {
			pick = i;
		}
	}
	if (pick < 0)
		return false;
	command_blank(out, VERB_MOVE, u);
	out->hex = ai->moves[pick].hex;
	out->has_hex = true;
	return true;
}

/*
 * Charge, then attack, shoot, advance, then step towards the nearest
 * enemy; end the phase when nothing is left; a random legal command if
 * even ending is refused.
 */
static int
greedy_choose(struct ai *ai, struct greedy *gr, const struct game *g,
	      struct pcg32 *rng, struct command *out)
{
	int u, n, i, targets[16];

	if (g->over)
		return -1;
	if (g->choosing) {
		command_blank(out, VERB_FIRST, -1);
		return 0;
	}
	if (g->noffers > 0) {
		u = g->offers[0].unit;
		command_blank(out,
			      on_victory_hex(g, g->units[u].hex) ? VERB_HOLD
								 : VERB_ADVANCE,
			      u);
		return 0;
	}
	greedy_sync(gr, g);
	for (u = 0; u < g->nunits; u++) {
		if (gr->tried[u] || !g->units[u].on_map ||
		    g->units[u].side != g->player)
			continue;
		gr->tried[u] = 1;
		switch (g->phase) {
		case PHASE_MOVEMENT:
			if (game_unit_can_act(g, u) &&
			    greedy_unit_move(ai, g, rng, u, out))
				return 0;
			break;
		case PHASE_SHOOTING:
			n = game_shoot_targets(g, u, targets, 16);
			if (n > 0) {
				command_blank(out, VERB_SHOOT, u);
				i = (int)pcg32_bounded(rng, (uint32_t)n);
				out->target = targets[i];
				return 0;
			}
			break;
		case PHASE_COMBAT:
			n = game_attack_targets(g, u, targets, 16);
			if (n > 0) {
				command_blank(out, VERB_ATTACK, u);
				i = (int)pcg32_bounded(rng, (uint32_t)n);
				out->target = targets[i];
				return 0;
			}
			break;
		default:
			break;
		}
	}
	if (!game_end_blocked(g, NULL, 0)) {
		command_blank(out, VERB_END, -1);
		return 0;
	}
	return random_choose(ai, g, rng, out);
}

/* --- Scoring --- */

/* Steps for unit u from h to the nearest hex some side must hold (99:
 * none). */
static int
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
			d = unit_steps(ai, g, u, g->units[u].hex,
				       vd->hexes[i]);
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
		hits += g->units[u].on_map ? g->units[u].hits / 9.0 : 1.0;
	}
	if (n > 0)
		v -= 0.5 * hits / n;
	/* Victory hexes decide only at the end: they weigh more as it nears. */
	late =
	    (double)(g->turn - 1) / (g->sc->turns > 1 ? g->sc->turns - 1 : 1);
	v += (0.15 + 0.6 * late * late) * victory_progress(ai, g, s);
	return v;
}

/* The position's worth to side s, in [-1, 1]. */
static double
evaluate(struct ai *ai, const struct game *g, int s)
{
	double v;

	if (g->over)
		return g->winner == s ? 1.0 : g->winner < 0 ? 0.0 : -1.0;
	v = 0.4 * (side_standing(ai, g, s) - side_standing(ai, g, 1 - s));
	return v > 0.9 ? 0.9 : v < -0.9 ? -0.9 : v;
}

/* --- The search --- */

static int
player_turn_index(const struct game *g)
{
	return g->turn * 2 + g->second;
}

/* A copy of g whose dice come from seed only: no forced dice. */
static struct game *
rollout_game(const struct game *g, uint64_t seed)
{
	struct game *r = game_clone(g);

	r->dice.head = r->dice.len;
	pcg32_seed(&r->dice.rng, seed, 0x3d6);
	return r;
}

static double
rollout(struct ai *ai, const struct game *g, const struct command *first,
	int side, int depth, uint64_t seed)
{
	struct game *r = rollout_game(g, seed);
	struct pcg32 rng;
	struct command c;
	char why[256];
	int stop = player_turn_index(g) + depth, k;
	double v;

	pcg32_seed(&rng, seed, 0x9d);
	ai->roll.key = -1; /* a fresh game: every unit untried */
	events_clear(&ai->ev);
	if (game_apply(r, first, &ai->ev, why, sizeof why) != 0) {
		game_free(r);
		return -2; /* never chosen */
	}
	for (k = 0; k < ROLLOUT_COMMANDS_MAX && !r->over &&
		    player_turn_index(r) < stop;
	     k++) {
		if (greedy_choose(ai, &ai->roll, r, &rng, &c) != 0)
			break;
		events_clear(&ai->ev);
		if (game_apply(r, &c, &ai->ev, why, sizeof why) != 0 &&
		    (random_choose(ai, r, &rng, &c) != 0 ||
		     game_apply(r, &c, &ai->ev, why, sizeof why) != 0))
			break;
	}
	ai->work += k + 1;
	v = evaluate(ai, r, side);
	game_free(r);
	return v;
}

struct candidate {
	struct command c;
	int rank; /* smaller: more promising before search */
};

static int
cmp_candidate(const void *a, const void *b)
{
	const struct candidate *x = a, *y = b;

	return (x->rank > y->rank) - (x->rank < y->rank);
}

/* Adds the move of legal[i..k) that ends nearest a victory hex, if new. */
static void
add_objective_move(struct ai *ai, const struct game *g, int i, int k,
		   struct candidate *cand, int *m, int max)
{
	int j, q, d, best = -1, bestd = 99;

	for (j = i; j < k; j++) {
		d = objective_distance(ai, g, ai->legal[j].unit,
				       ai->legal[j].hex);
		if (d < bestd) {
			bestd = d;
			best = j;
		}
	}
	if (best < 0 || bestd >= 99 || *m >= max ||
	    bestd >= objective_distance(ai, g, ai->legal[i].unit,
				       g->units[ai->legal[i].unit].hex))
		return;
	for (q = 0; q < *m; q++)
		if (cand[q].c.verb == VERB_MOVE &&
		    cand[q].c.unit == ai->legal[best].unit &&
		    hex_equal(cand[q].c.hex, ai->legal[best].hex))
			return;
	cand[*m].c = ai->legal[best];
	cand[*m].rank = 12 + bestd / 2;
	(*m)++;
}

/*
 * The candidates worth searching: every decision, charge, shot, attack,
 * push charge and end; the pivots of engaged units; per unit the moves
 * that end nearest the enemy.  Returns the count.
 */
static int
search_candidates(struct ai *ai, const struct game *g, int n,
		  struct candidate *cand, int max)
{
	const struct level *lv = &levels[ai->level];
	const struct command *c;
	struct near *field;
	int i, k, m = 0, kept, d;

	for (i = 0; i < n && m < max; i++) {
		c = &ai->legal[i];
		switch (c->verb) {
		case VERB_MOVE:
			continue; /* below */
		case VERB_PIVOT:
			if (!game_unit_engaged(g, c->unit) ||
			    pivot_turns_away(g, c->unit, c->facing))
				continue;
			break;
		case VERB_PUSH:
			if (c->action != VERB_CHARGE)
				continue;
			break;
		case VERB_GENERAL:
			continue;
		default:
			break;
		}
		cand[m].c = *c;
		cand[m].rank = c->verb == VERB_END ? 50 : 0;
		m++;
	}
	/* Moves: the legal list holds each unit's moves together. */
	for (i = 0; i < n; i = k) {
		for (k = i; k < n && ai->legal[k].verb == ai->legal[i].verb &&
			    ai->legal[k].unit == ai->legal[i].unit;
		     k++)
			;
		if (ai->legal[i].verb != VERB_MOVE)
			continue;
		field = enemy_field(ai, g, ai->legal[i].unit);
		for (kept = 0; kept < lv->moves_per_unit && m < max; kept++) {
			int best = -1, bestd = 4 * PATH_NONE + 4, j;

			for (j = i; j < k; j++) {
				if (ai->legal[j].has_facing &&
				    ai->legal[j].facing !=
					g->units[ai->legal[j].unit].facing)
					continue;
				d = field_steps(ai, g, field, ai->legal[j].hex) *
					4 +
				    (int)(pcg32_next(&ai->rng) & 3);
				if (d < bestd) {
					bool dup = false;
					int q;

					for (q = 0; q < m; q++)
						if (cand[q].c.verb ==
							VERB_MOVE &&
						    cand[q].c.unit ==
							ai->legal[j].unit &&
						    hex_equal(cand[q].c.hex,
							      ai->legal[j].hex))
							dup = true;
					if (!dup) {
						best = j;
						bestd = d;
					}
				}
			}
			if (best < 0)
				break;
			cand[m].c = ai->legal[best];
			cand[m].rank = 10 + bestd / 4 + kept * 4;
			m++;
		}
		add_objective_move(ai, g, i, k, cand, &m, max);
	}
	qsort(cand, (size_t)m, sizeof *cand, cmp_candidate);
	if (m > lv->candidates) {
		/* Keep the end of the phase among the searched. */
		for (i = lv->candidates; i < m; i++)
			if (cand[i].c.verb == VERB_END)
				cand[lv->candidates - 1] = cand[i];
		m = lv->candidates;
	}
	return m;
}

/* Is c the same command as d? */
static bool
same_command(const struct command *c, const struct command *d)
{
	return c->verb == d->verb && c->action == d->action &&
	       c->unit == d->unit && c->target == d->target &&
	       c->general == d->general && c->has_hex == d->has_hex &&
	       (!c->has_hex || hex_equal(c->hex, d->hex)) &&
	       c->has_facing == d->has_facing &&
	       (!c->has_facing || c->facing == d->facing);
}

/* A candidate's rollouts, each less the anchor's on the same dice. */
struct tally {
	double sum, sq;
	int n;
};

/* The paired mean less one standard error: what the candidate surely
 * gains over the anchor. */
static double
tally_lower(const struct tally *t)
{
	double mean = t->sum / t->n;

	return mean - sqrt(fmax(t->sq / t->n - mean * mean, 0) / t->n);
}

/* Rolls c out on seeds [from, to), each against the anchor's base. */
static void
tally_roll(struct ai *ai, const struct game *g, const struct command *c,
	   int side, const uint64_t *seeds, const double *base, int from,
	   int to, struct tally *t)
{
	const struct level *lv = &levels[ai->level];
	double d;
	int r;

	for (r = from; r < to; r++) {
		d = rollout(ai, g, c, side, lv->depth, seeds[r]) - base[r];
		t->sum += d;
		t->sq += d * d;
		t->n++;
	}
}

/* Draws seeds and the anchor's rollouts on them for [from, to). */
static void
anchor_roll(struct ai *ai, const struct game *g, const struct command *c,
	    int side, uint64_t *seeds, double *base, int from, int to)
{
	const struct level *lv = &levels[ai->level];
	int r;

	for (r = from; r < to; r++)
		seeds[r] = (uint64_t)pcg32_next(&ai->rng) << 32 |
			   pcg32_next(&ai->rng);
	for (r = from; r < to; r++)
		base[r] = rollout(ai, g, c, side, lv->depth, seeds[r]);
}

/* The want best of m candidates by lower, the anchor aside, best
 * first, into top; returns how many. */
static int
best_few(const double *lower, int m, int anchor, int want, int *top)
{
	int i, k, n = 0;

	for (i = 0; i < m; i++) {
		if (i == anchor)
			continue;
		for (k = n; k > 0 && lower[top[k - 1]] < lower[i]; k--)
			if (k < want)
				top[k] = top[k - 1];
		if (k < want) {
			top[k] = i;
			if (n < want)
				n++;
		}
	}
	return n;
}

/* This decision's share of AI_TURN_WORK: the side's units on the map share
 * the player-turn's. */
static long
decision_work(const struct game *g, int side)
{
	int u, own = 0;

	for (u = 0; u < g->nunits; u++)
		own += g->units[u].on_map && g->units[u].side == side;
	return AI_TURN_WORK / (own > 0 ? own : 1);
}

/* How many rollouts each of n commands can have within what is left of
 * budget, one rollout having cost per (at most want). */
static int
affordable(long budget, long spent, long per, int n, int want)
{
	long left = budget - spent, r;

	if (left <= 0)
		return 0;
	r = left / ((per > 0 ? per : 1) * (n > 0 ? n : 1));
	return r < want ? (int)r : want;
}

/*
 * The search is anchored on the greedy policy's own choice: another
 * candidate replaces it only when its rollouts, played on the same dice,
 * beat the anchor's by more than one standard error of the paired
 * differences.  Noise alone then never makes the player worse than the
 * policy it searches with.  A level that refines rolls its best few
 * candidates out again on fresh dice before it decides: with many
 * candidates, one of them beats the anchor by luck in the first round.
 */
static int
search_choose(struct ai *ai, const struct game *g, struct command *out)
{
	const struct level *lv = &levels[ai->level];
	struct candidate cand[257];
	struct tally tally[257];
	uint64_t seeds[SEEDS_MAX];
	double base[SEEDS_MAX], lower[257], bestv;
	struct pcg32 grng;
	int n, m, i, k, best, side = ai_side_to_act(g), anchor = -1;
	int top[REFINE_MAX], ntop, want = lv->refine_top;
	int rollouts, refine, all, probe;
	long budget = decision_work(g, side), per;

	n = game_legal_commands(g, ai->legal, LEGAL_MAX);
	if (n == 0)
		return -1;
	if (n == 1) {
		*out = ai->legal[0];
		return 0;
	}
	m = search_candidates(ai, g, n, cand, 256);
	/* The anchor: what the greedy policy plays here. */
	pcg32_seed(&grng, pcg32_next(&ai->rng), 0x6e);
	ai->roll.key = -1;
	if (greedy_choose(ai, &ai->roll, g, &grng, &cand[m].c) == 0) {
		for (i = 0; i < m; i++)
			if (same_command(&cand[i].c, &cand[m].c))
				anchor = i;
		if (anchor < 0)
			anchor = m++;
	}
	if (m == 0) {
		*out = ai->legal[pcg32_bounded(&ai->rng, (uint32_t)n)];
		return 0;
	}
	if (m == 1) {
		*out = cand[0].c;
		return 0;
	}
	if (anchor < 0)
		anchor = 0;
	/* The anchor's first rollouts say what one costs, and so how many
	 * the budget allows each candidate. */
	probe = lv->rollouts < PROBE_ROLLOUTS ? lv->rollouts : PROBE_ROLLOUTS;
	anchor_roll(ai, g, &cand[anchor].c, side, seeds, base, 0, probe);
	per = ai->work / probe;
	rollouts = affordable(budget, 0, per, m, lv->rollouts);
	if (rollouts < lv->rollouts && rollouts < MIN_ROLLOUTS) {
		*out = cand[anchor].c;
		return 0;
	}
	anchor_roll(ai, g, &cand[anchor].c, side, seeds, base, probe,
		    rollouts);
	for (i = 0; i < m; i++) {
		tally[i] = (struct tally){ 0, 0, 0 };
		if (i != anchor)
			tally_roll(ai, g, &cand[i].c, side, seeds, base, 0,
				   rollouts, &tally[i]);
		lower[i] = i == anchor ? 0 : tally_lower(&tally[i]);
	}
	if (want > REFINE_MAX)
		want = REFINE_MAX;
	refine = want > 0 ? affordable(budget, ai->work, per, want + 1,
				       lv->refine_rollouts)
			  : 0;
	all = rollouts + refine;
	if (want > 0 && all <= SEEDS_MAX &&
	    (refine == lv->refine_rollouts || refine >= MIN_ROLLOUTS)) {
		ntop = best_few(lower, m, anchor, want, top);
		anchor_roll(ai, g, &cand[anchor].c, side, seeds, base,
			    rollouts, all);
		for (k = 0; k < ntop; k++) {
			tally_roll(ai, g, &cand[top[k]].c, side, seeds, base,
				   rollouts, all, &tally[top[k]]);
			lower[top[k]] = tally_lower(&tally[top[k]]);
		}
		/* Only the refined ones may displace the anchor. */
		for (i = 0; i < m; i++)
			if (i != anchor && tally[i].n < all)
				lower[i] = 0;
	}
	best = anchor;
	bestv = 0;
	for (i = 0; i < m; i++)
		if (i != anchor && lower[i] > bestv) {
			bestv = lower[i];
			best = i;
		}
	*out = cand[best].c;
	return 0;
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
