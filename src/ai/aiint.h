/*
 * The computer player's insides, shared by its files and by no one else:
 * the player's state (struct ai), the levels' budgets, and the calls the
 * search makes into the greedy policy, the enemy fields and the scoring.
 * ai.h is the interface; this header is private to src/ai/.
 */
#ifndef ANCIENTS_AI_AIINT_H
#define ANCIENTS_AI_AIINT_H

#include <stdbool.h>
#include <stdint.h>

#include "ai/ai.h"
#include "core/dice.h"
#include "core/event.h"
#include "core/game.h"

struct pathdist;

#define LEGAL_MAX 4096
#define OPTION_MAX 512
#define ROLLOUT_COMMANDS_MAX 4000

/* The search budget of each level. */
struct level {
	int rollouts;	     /* per candidate */
	int depth;	     /* player-turns played on after the candidate */
	int moves_per_unit;  /* moves kept per unit */
	int candidates;	     /* candidates kept in all */
	int refine_top;	     /* the best few, rolled out again... */
	int refine_rollouts; /* ...this many more times */
	int plan_rollouts;   /* per trial of the movement plan (AI_PLAY_PLAN) */
	unsigned play;	     /* AI_PLAY_*: how its policy and scoring play */
};

/*
 * What a level's greedy policy (its anchor and its rollouts, both sides)
 * and its scoring know beyond charging and closing in.
 */
enum {
	/* In the last turns a side short of its victory hexes sends its
	 * units at them and charges the enemies standing on them. */
	AI_PLAY_CLOCK = 1u << 0,
	/* No charge whose expected result costs the charger more than
	 * the target, unless the clock demands it. */
	AI_PLAY_CHARGES = 1u << 1,
	/* A finished game scores by its margin too, so a lost cause
	 * still prefers the nearer miss. */
	AI_PLAY_MARGIN = 1u << 2,
	/* In its movement phases each unit follows a script (goes, holds
	 * or closes in to the enemy's charge reach) chosen for it by a plan
	 * made at the start of the phase (plan.c). */
	AI_PLAY_PLAN = 1u << 3,
	/* A rollout is worth the mean of the positions at the ends of its
	 * player-turns, not the last one's alone. */
	AI_PLAY_AVERAGE = 1u << 4,
	/* At the end of its movement phases a general rides to the unit
	 * where he is worth most: one that will attack, else one that
	 * will be attacked (R9.2's +1D6, R10.2's no morale check). */
	AI_PLAY_GENERALS = 1u << 5,
	/* A unit that has moved and may push (R5.7) charges with its push
	 * when a charge is open and worth it. */
	AI_PLAY_PUSH = 1u << 6,
	/* The search weighs, for a formed unit that no move brings nearer,
	 * the pivot that lets its next move do so (R5.3); the policy
	 * itself does not turn. */
	AI_PLAY_TURN = 1u << 7,
};

/* A unit's script in the movement plan. */
enum {
	PLAN_GO,      /* the greedy policy: charge, else close in */
	PLAN_HOLD,    /* charge, else stand */
	PLAN_CAUTIOUS, /* charge, else close in to no nearer than the
			 enemy's charge reach */
	PLAN_SCRIPTS
};
/* Passes of the plan's search over the units. */
#define PLAN_PASSES 2
/* The commands the plan's rollouts may play in a movement phase. */
#define PLAN_WORK (AI_TURN_WORK / 4)

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
	int n;	    /* enemy hexes */
	int *cells; /* their map_index(), in unit order; cap */
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
	struct legal_cache *lc;
	struct greedy greedy; /* the greedy player's own */
	struct greedy roll;   /* rollouts' */
	struct events ev;
	struct move_option *moves;
	struct charge_option *charges;
	struct pathdist *paths; /* steps through the terrain, by unit kind */
	struct near near[NEAR_SLOTS];
	int near_next;	 /* the slot to replace next */
	int *near_cells; /* enemy hexes being looked up; near_cap */
	int near_cap;
	long work;     /* commands played in rollouts for this decision */
	unsigned play; /* AI_PLAY_*, from the level (0: the greedy player) */
	/* The movement plan (plan.c): a script per unit, for the phase
	 * plan_key of side plan_side, the enemy standing as plan_print. */
	unsigned char *plan;
	int plan_units;
	long plan_key; /* -1: none */
	int plan_side;
	uint64_t plan_print;
};

extern const struct level ai_levels[AI_LEVEL_MAX + 1];

/* --- greedy.c: the greedy policy, the rollouts' too --- */

/* A command of verb v for unit, no target, general, hex or facing. */
void command_blank(struct command *c, enum verb v, int unit);
/* Is h a victory hex of either side? */
bool on_victory_hex(const struct game *g, struct hex h);
/* Uniform pick among the legal commands; -1 when there is none. */
int random_choose(struct ai *ai, const struct game *g, struct pcg32 *rng,
		  struct command *out);
/* The last turns, in which a side that would not win at the turn limit
 * must act. */
#define CLOCK_TURNS 2
/* Does the clock press side s: few turns left, and the game, ended now,
 * would not be its win (its victory hexes, else the share rule)? */
bool clock_presses(const struct game *g, int s);
/* Does u charging target at contact cost u more, in expected
 * breakpoints and strength, than it costs the target? */
bool charge_costs_more(const struct game *g, int u, int target,
		       struct hex contact);
/* Is c a charge (or a push charge) the level's policy will not make
 * (AI_PLAY_CHARGES), the clock not pressing? */
bool bad_charge(struct ai *ai, const struct game *g, const struct command *c);
/* The transfer of a general of the phasing side to where he is worth
 * more (AI_PLAY_GENERALS), into out; false when none is. */
bool general_ride(const struct game *g, struct command *out);
/* The pivot of formed unit u, which no move brings nearer the enemy
 * (or the hexes its side wants), to the facing whose front hexes are
 * nearest, into out; false when there is none or u can close in. */
bool turn_to_close_in(struct ai *ai, const struct game *g, int u,
		      struct command *out);
/* The greedy policy's choice, remembering in gr which units it tried. */
int greedy_choose(struct ai *ai, struct greedy *gr, const struct game *g,
		  struct pcg32 *rng, struct command *out);

/* --- nearest.c: steps to a hex or to the nearest enemy --- */

int unit_steps(struct ai *ai, const struct game *g, int u, struct hex h,
	       struct hex a);
struct near *enemy_field(struct ai *ai, const struct game *g, int u);
int field_steps(struct ai *ai, const struct game *g, struct near *f,
		struct hex h);

/* --- evaluate.c: a position's worth --- */

/* Steps for unit u from h to the nearest hex some side must hold (99:
 * none). */
int objective_distance(struct ai *ai, const struct game *g, int u,
		       struct hex h);
/* The position's worth to side s: -0.9 to 0.9 unfinished, about -1, 0
 * or 1 finished. */
double evaluate(struct ai *ai, const struct game *g, int s);

/* --- plan.c: the movement plan --- */

/* The phase g is in, as a number: turn, player-turn, player, phase. */
long plan_phase_key(const struct game *g);
/* Unit u's script (PLAN_*) in g's movement phase. */
int plan_script(const struct ai *ai, const struct game *g, int u);
/* Makes the plan for the movement phase g is in, unless made already. */
void plan_make(struct ai *ai, const struct game *g);

/* --- search.c: the one-ply search scored by rollouts --- */

/* Plays first (if not NULL) on a copy of g with dice from seed, then the
 * greedy policy for depth player-turns; the end's worth to side. */
double rollout(struct ai *ai, const struct game *g,
	       const struct command *first, int side, int depth,
	       uint64_t seed);

int search_choose(struct ai *ai, const struct game *g, struct command *out);

#endif
