/*
 * The engine's internal interface: the pieces of the rules that the
 * action modules (movement, fighting, morale) and the turn sequence share.
 * Not for use outside src/core; the public face is game.h.
 */
#ifndef ANCIENTS_CORE_RULES_H
#define ANCIENTS_CORE_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "core/game.h"
#include "core/unit.h"

/*
 * Formats a refusal into why (nothing when whylen is 0, as queries pass);
 * always returns -1, for `return refuse(...)`.
 */
int refuse(char *why, size_t whylen, const char *fmt, ...)
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
int general_command(struct game *g, const struct command *c,
    struct events *ev, char *why, size_t whylen);

/* --- fight.c: phases 2 and 3 --- */
int shoot_command(struct game *g, const struct command *c, struct events *ev,
    char *why, size_t whylen);
int attack_command(struct game *g, const struct command *c,
    struct events *ev, char *why, size_t whylen);
/* Is the line of sight between two hexes clear (R8.2, R14.1)? */
bool los_clear(const struct game *g, struct hex from, struct hex to);
/* Units that must still attack (R9.1); returns the count. */
int attacks_due(const struct game *g, int *out, int max);

/* --- morale.c: phase 4 --- */
/* Runs every morale check and retreat, then offers advances (R10). */
void morale_phase(struct game *g, struct events *ev);
int advance_command(struct game *g, const struct command *c,
    struct events *ev, char *why, size_t whylen);
int hold_command(struct game *g, const struct command *c, struct events *ev,
    char *why, size_t whylen);

/* --- legal commands, by phase (move.c, fight.c, morale.c) --- */
int legal_movement(const struct game *g, struct command *out, int max);
int legal_fighting(const struct game *g, struct command *out, int max);
int legal_decisions(const struct game *g, struct command *out, int max);

/* --- game.c: sequence --- */
/* Phase 5 and on: breakpoints, the next player-turn, initiative, the end. */
void game_after_morale(struct game *g, struct events *ev);

#endif
