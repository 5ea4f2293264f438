/*
 * The engine's internal interface: the pieces of the rules that the
 * action modules (movement, fighting, morale) and the turn sequence share.
 * Not for use outside src/core; the public face is game.h.
 */
#ifndef ANCIENTS_CORE_RULES_H
#define ANCIENTS_CORE_RULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/game.h"
#include "core/unit.h"

/*
 * Formats a refusal into why (nothing when whylen is 0, as queries pass);
 * always returns -1, for `return rules_refuse(...)`.
 */
int rules_refuse(char *why, size_t whylen, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * A copy of g at the start of side's next player-turn as the position
 * stands now: side is the phasing player, in its movement phase, with
 * nothing yet done this player-turn (no unit has moved, shot, attacked
 * or lost SP; no decision pending).  For pricing what side could do;
 * free with game_free().
 */
struct game *game_forecast(const struct game *g, int side);

/* --- odds.c: the arithmetic of the odds, shared with oddsgroup.c --- */
/* x to the power n >= 0. */
double odds_power(double x, int n);
/* The chance that n dice roll exactly h hits and k ones (R8.3, R9.2). */
double odds_roll_chance(int n, int h, int k);

/* --- move.c: phase 1 --- */
int move_command(struct game *g, const struct command *c, struct events *ev,
		 char *why, size_t whylen);
int pivot_command(struct game *g, const struct command *c, struct events *ev,
		  char *why, size_t whylen);
int charge_command(struct game *g, const struct command *c, struct events *ev,
		   char *why, size_t whylen);
int push_command(struct game *g, const struct command *c, struct events *ev,
		 char *why, size_t whylen);
int general_command(struct game *g, const struct command *c, struct events *ev,
		    char *why, size_t whylen);

/* --- fight.c: phases 2 and 3 --- */
int shoot_command(struct game *g, const struct command *c, struct events *ev,
		  char *why, size_t whylen);
int attack_command(struct game *g, const struct command *c, struct events *ev,
		   char *why, size_t whylen);
/*
 * The first step of the line from one hex to another that blocks it
 * (R8.2, R14.1): its hex and what is in it (both hexes of a hexside pair,
 * which blocks only when both do).  Returns how many hexes: 0 when the
 * line is clear.
 */
int los_blocked_at(const struct game *g, struct hex from, struct hex to,
		   struct hex at[2], const char *what[2]);
/* Is the line of sight between two hexes clear (R8.2, R14.1)? */
bool los_clear(const struct game *g, struct hex from, struct hex to);
/*
 * The dice of a shot (R8.3) or an attack (R9.2) as the engine would roll
 * them now, every modifier by name; shared by the rolls and the odds.
 */
void fight_shot_calc(const struct game *g, int u, int target,
		     struct dice_calc *calc);
void fight_attack_calc(const struct game *g, int u, int target,
		       struct dice_calc *calc);
/* May u shoot (R8.1, R8.2) or attack (R9.1) target now?  0, or -1 why. */
int fight_check_shot(const struct game *g, int u, int target, char *why,
		     size_t whylen);
int fight_check_attack(const struct game *g, int u, int target, char *why,
		       size_t whylen);
/* Units that must still attack (R9.1); returns the count. */
int attacks_due(const struct game *g, int *out, int max);

/* --- morale.c: phase 4 --- */
/* Runs every morale check and retreat, then offers advances (R10). */
void morale_phase(struct game *g, struct events *ev);
int advance_command(struct game *g, const struct command *c, struct events *ev,
		    char *why, size_t whylen);
int hold_command(struct game *g, const struct command *c, struct events *ev,
		 char *why, size_t whylen);

/*
 * --- legal commands, by phase: game_legal_commands() (legal.c) lists
 * the movement phase's, fight.c and morale.c the others' ---
 */
int legal_fighting(const struct game *g, struct command *out, int max);
int legal_decisions(const struct game *g, struct command *out, int max);
/*
 * The movement phase's list, by unit (legal.c), in the order of the
 * list and compact for the legal cache (legalcache.c).
 */
/* The most legal_unit_actions() can return: pivots, moves, charges. */
#define LEGAL_UNIT_ACTIONS_MAX                                                 \
	(FACING_COUNT + HEX_MAX_DIM * HEX_MAX_DIM / 16 + 64)
/*
 * legal_unit_actions() compact, for the legal cache: a command is 380
 * bytes, an action 16.  unit_action_command() makes the command (as a
 * push's action with push): a pivot has a facing and no hex, a move or
 * a charge a hex and no facing.  With each move and charge, what its
 * check found (the hexes moved, a charge's pre-pivot and facing at
 * contact), so that unit_action_apply() need not search again.
 */
struct unit_action {
	struct hex hex;
	int target;
	unsigned char verb;   /* enum verb */
	unsigned char facing; /* enum facing: the command's */
	unsigned char cost;   /* move, charge: hexes moved */
	unsigned char charge; /* charge: pre-pivot + 1, end facing << 2 */
};
/*
 * The rectangle of hexes whose state a unit's actions were worked out
 * from, but for a margin: the unit's hex and every hex its searches asked
 * about.  What the actions read lies within 3 hexes of it: a hex's
 * neighbours (may it be passed?), a charge's contact hex, its target and
 * the target's neighbours (R4.4).  A unit that enters, leaves or turns
 * in a hex further away changes nothing of them.
 */
struct legal_reads {
	int col0, col1, row0, row1;
	/*
	 * When not NULL (maps of at most LEGAL_ROWS_MAX_WIDTH columns), one
	 * mask a map row: bit col - 1 of rows[row - 1] is set for the unit's
	 * hex and each hex its searches asked about, in rows row0 to row1
	 * (the others are left as they were).  exact tells whether they are
	 * all there; false when a search asked beyond the rows it clears.
	 */
	uint64_t *rows;
	bool exact;
	/*
	 * With rows: the hexes a charge's path may stand in one step before
	 * contact (reached by a charge search within MA - 2, or the unit's
	 * hex), by row as in rows, in rows crow0 to crow1 and columns ccol0
	 * to ccol1 (none when crow0 > crow1).  An enemy's face is only
	 * reached from next to one.
	 */
	uint64_t *crows;
	int crow0, crow1, ccol0, ccol1;
	/*
	 * An enemy that enters, leaves or turns within this many hexes of
	 * the unit may open a charge though no hex asked is near it: the
	 * unit's MA when no enemy was within reach, so that its charge
	 * searches did not run; -1 when they ran or the unit is engaged.
	 */
	int enemy_radius;
};
#define LEGAL_READS_MARGIN 3
#define LEGAL_ROWS_MAX_WIDTH 64
/*
 * With enemies_next (by map index, how many units of the other side than
 * u's stand next to the hex), the searches read it instead of asking each
 * hex's neighbours; NULL: they ask.
 */
int legal_unit_action_list(const struct game *g, int u, struct unit_action *out,
			   int max, struct legal_reads *reads,
			   const unsigned char *enemies_next);
/*
 * Writes the fields of c up to ndice (0) and an empty text; the dice and
 * the text's bytes after its end are left as they were.
 */
void unit_action_command(int u, bool push, const struct unit_action *a,
			 struct command *c);
/*
 * Carries out c, whose action (a push's with VERB_PUSH) is a, listed by
 * legal_unit_action_list() for c->unit as g stands, in a movement phase
 * where c is legal: what game_apply() does with c, without the checks
 * and the path search the listing has made.
 */
int unit_action_apply(struct game *g, const struct command *c,
		      const struct unit_action *a, struct events *ev);
/*
 * The transfers of generals open now, compact; transfer_command() makes
 * the command of one as unit_action_command() does.
 */
struct transfer_pair {
	int general;
	int unit;
};
int legal_transfer_pairs(const struct game *g, struct transfer_pair *out,
			 int max);
void transfer_command(int general, int u, struct command *c);
/* How far from u a change can alter legal_unit_actions(g, u): MA + 3. */
int legal_unit_radius(const struct game *g, int u);

/* --- path.c: the path search of moves and charges (R4.3) --- */
/* Hexes on the largest map. */
#define CELLS_MAX (HEX_MAX_DIM * HEX_MAX_DIM)

/*
 * Distances from a start hex over hexes a moving unit may pass (R4.3).
 * Only the rectangle of rows and columns a search of max steps can touch
 * is set; reach_dist() answers -1 for every hex outside it.
 */
struct reach {
	int col0, col1, row0, row1; /* the rectangle set, inclusive */
	/*
	 * The hexes reached but the start, by map index i: bit i % 64 of
	 * reached[i / 64], in the words from the rectangle's first hex to
	 * its last.  Not with a stop.
	 */
	uint64_t reached[CELLS_MAX / 64 + 1];
	short dist[CELLS_MAX]; /* < 0 unreached (-2: closed); by map index */
};

/* reach_dist() for the hex of map index i. */
static inline int
reach_dist_at(const struct reach *r, const struct map *m, int i)
{
	const struct map_link *l = &m->links[i];

	if (l->col < r->col0 || l->col > r->col1 || l->row < r->row0 ||
	    l->row > r->row1)
		return -1;
	return r->dist[i];
}

/* The distance to an on-map hex, or less than 0 when not reached. */
static inline int
reach_dist(const struct reach *r, const struct map *m, struct hex h)
{
	if (h.col < r->col0 || h.col > r->col1 || h.row < r->row0 ||
	    h.row > r->row1)
		return -1;
	return r->dist[map_index(m, h)];
}

static inline bool
unit_is_formed(const struct game *g, int u)
{
	return game_unit_type(g, u)->cls == CLASS_FORMED;
}

/*
 * What a search asks of the moving unit again and again, asked once: its
 * side, whether it is light, and the terrains it may enter; and which
 * hexes it may pass, remembered for every search of one unit (a move and
 * three charge pivots ask about the same hexes).
 */
struct mover {
	const struct game *g;
	const struct map *m;
	int u;
	int side;
	bool light;
	bool formed;
	unsigned allow; /* bit t: may enter terrain t (terrain_allowed()) */
	int col0, col1, row0, row1; /* where open[] is kept */
	/* 0 not asked, 1 open, 2 closed, 3 next to an enemy, not asked */
	unsigned char open[CELLS_MAX];
	/*
	 * The unit's hex and every hex asked: by row in rows when not NULL
	 * (legal_reads.rows), else their rectangle in asked when track.
	 */
	struct legal_reads asked;
	bool track;
	uint64_t *rows;
	/* With rows, the charges' path ends (legal_reads.crows). */
	uint64_t *crows;
	int crow0, crow1, ccol0, ccol1;
	bool far;	      /* asked about a hex outside row0 .. row1 */
	bool charge_searched; /* charge_options() searched paths */
	/* By map index, how many enemies are next to it; NULL: not known */
	const unsigned char *enemies_next;
};
/*
 * Sets mv up for the searches of unit u.  With enemies_next (by map
 * index, how many units of the other side than u's stand next to the
 * hex), they read it instead of asking each hex's neighbours; NULL: they
 * ask.
 */
void mover_init(struct mover *mv, const struct game *g, int u,
		const unsigned char *enemies_next);
/*
 * Breadth-first search from the unit's hex up to max steps.  A formed
 * unit steps only into its two front hexes for the given facing (R5.3);
 * a nimble one into any neighbour (R5.4).  With stop, a map index, it
 * ends as soon as that hex is reached: its distance is then known (a
 * breadth-first search reaches a hex first by a shortest path), the
 * others' are not.
 */
void path_search(struct mover *mv, enum facing f, int max, struct reach *r,
		 int stop);

/* --- move.c: a unit's destinations, for the listing (legal.c) --- */
/*
 * Destinations of a move by u, whether or not it may act now: into out,
 * or when out is NULL into acts, as copies of *like with the hex and the
 * cost set.  With shared, its searches use that mover; with keep, the
 * move's search is left there.
 */
int move_options(const struct game *g, int u, struct move_option *out,
		 struct unit_action *acts, const struct unit_action *like,
		 int max, struct mover *shared, struct reach *keep);
/*
 * Charges open to u against every enemy, whether or not it may act now;
 * with moved (the search of u's move, facing as it stands), no search
 * for charges without a pivot.
 */
int all_charge_options(const struct game *g, int u, struct charge_option *out,
		       int max, struct mover *shared,
		       const struct reach *moved);

/* --- game.c: sequence --- */
/* Phase 5 and on: breakpoints, the next player-turn, initiative, the end. */
void game_after_morale(struct game *g, struct events *ev);

#endif
