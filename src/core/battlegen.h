/*
 * The battle generator: two army lists, a number of points and a seed in,
 * a complete scenario file (scenario-format.md) out.  Each army buys its
 * units with the points; the defender, drawn by the seed, chooses ground
 * that suits it (woods and marsh for the Germans, hills for the
 * Caledonians); the armies deploy at the two ends of the map; a battle
 * for a hill or a village has a victory hex that both sides want.
 *
 * Pure and deterministic: no I/O, no clock, no global state; the same
 * lists, points and seed give the same bytes on every machine.
 */
#ifndef ANCIENTS_CORE_BATTLEGEN_H
#define ANCIENTS_CORE_BATTLEGEN_H

#include <stddef.h>
#include <stdint.h>

#include "core/army.h"

#define BATTLEGEN_POINTS_MIN 24
#define BATTLEGEN_POINTS_MAX 200
#define BATTLEGEN_POINTS_DEFAULT 60

/* What to generate. */
struct battlegen {
	const struct army *army[2]; /* borrowed; army[0] deploys south */
	const char *key[2];	    /* their short names: the side keys */
	int points;		    /* each side's, BATTLEGEN_POINTS_MIN-MAX */
	uint64_t seed;
};

/*
 * Writes the scenario.  Returns a new NUL-terminated text (free()), or
 * NULL with a one-line reason in err (the points do not buy an army's
 * minimum, or buy more than the map can hold).
 */
char *battlegen_write(const struct battlegen *bg, char *err, size_t errsize);

/*
 * Draws the armies not chosen (-1 in *a or *b) among n lists, from the
 * seed; two armies drawn are different when n > 1.
 */
void battlegen_draw_armies(uint64_t seed, int n, int *a, int *b);

#endif
