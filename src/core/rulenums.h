/*
 * The numbers of the rules (spec/rules.md), named once: the engine plays
 * by them, and the odds and the screen quote them.  Included by game.h.
 */
#ifndef ANCIENTS_CORE_RULENUMS_H
#define ANCIENTS_CORE_RULENUMS_H

/* R3.3: a die hits on 4, 5 or 6. */
#define DIE_HITS_ON 4
/*
 * R7.2: a unit that has taken 9 hits is routed and removed at once; its
 * hits never go past it (R14.13), and a scenario starts a unit with at
 * most one fewer.
 */
#define UNIT_HITS_ROUTED 9
/* R9.5: for each 1 rolled, 2D6 for the target's general; 2 kills him. */
#define GENERAL_RISK_KILLS 2
/*
 * R10.1: a unit with at most MORALE_STEADY_HITS hits passes its morale
 * check on MORALE_PASS_STEADY or more, with more hits on
 * MORALE_PASS_SHAKEN or more.
 */
#define MORALE_STEADY_HITS 4
#define MORALE_PASS_STEADY 2
#define MORALE_PASS_SHAKEN 3
/* R5.11: a general transfers to a friendly unit at most this far away. */
#define GENERAL_RIDE_HEXES 4
/*
 * R11.1, R11.2: breakpoint points of a unit (a veteran unit) and of a
 * general at the start; a unit routed or destroyed costs its points, one
 * that failed morale and still stands 1.
 */
#define BP_UNIT 2
#define BP_VETERAN_UNIT 3
#define BP_GENERAL 2
#define BP_FAILED_MORALE 1
/* R12.2: the side without the initiative takes it rolling this much more. */
#define INITIATIVE_SEIZE_BY 2

#endif
