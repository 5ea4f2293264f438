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

/* --- legal commands, by phase (move.c, fight.c, morale.c) --- */
int legal_movement(const struct game *g, struct command *out, int max);
/* Its three parts, in the order of the list (move.c). */
/* The most legal_unit_actions() can return: pivots, moves, charges. */
#define LEGAL_UNIT_ACTIONS_MAX                                                 \
	(FACING_COUNT + HEX_MAX_DIM * HEX_MAX_DIM / 16 + 64)
int legal_push(const struct game *g, struct command *out, int max);
int legal_unit_actions(const struct game *g, int u, struct command *out,
		       int max);
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
int legal_transfers(const struct game *g, struct command *out, int max);
/*
 * The same transfers, compact; transfer_command() makes the command of
 * one as unit_action_command() does.
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
int legal_fighting(const struct game *g, struct command *out, int max);
int legal_decisions(const struct game *g, struct command *out, int max);

/* --- game.c: sequence --- */
/* Phase 5 and on: breakpoints, the next player-turn, initiative, the end. */
void game_after_morale(struct game *g, struct events *ev);

#endif
