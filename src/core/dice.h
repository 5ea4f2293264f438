/*
 * Where every die comes from: first the forced queue (batch mode's `dice`
 * command, journals), then the seeded generator.  The generator is PCG32
 * exactly as commands.md pins it, so a journal replays the same game in
 * every version.  State lives in struct game; nothing here is global.
 */
#ifndef ANCIENTS_CORE_DICE_H
#define ANCIENTS_CORE_DICE_H

#include <stddef.h>
#include <stdint.h>

struct pcg32 {
	uint64_t state; /* all values are possible */
	uint64_t inc;	/* stream selector; always odd */
};

struct dice {
	struct pcg32 rng;
	unsigned char *forced; /* queue of forced results 1-6; owned */
	size_t head;	       /* next forced die */
	size_t len;	       /* dice queued in all, used ones included */
	size_t cap;
	unsigned long rolled; /* dice rolled so far, forced or not */
};

/* The reference pcg32_srandom_r / pcg32_random_r / pcg32_boundedrand_r. */
void pcg32_seed(struct pcg32 *rng, uint64_t initstate, uint64_t initseq);
uint32_t pcg32_next(struct pcg32 *rng);
uint32_t pcg32_bounded(struct pcg32 *rng, uint32_t bound);

/* Seeds with pcg32_srandom_r(&rng, seed, 54) and an empty queue. */
void dice_init(struct dice *d, uint64_t seed);
void dice_done(struct dice *d);
/* Deep copy into an uninitialised dst. */
void dice_copy(struct dice *dst, const struct dice *src);
/*
 * Drops the forced dice not used yet and seeds the generator with
 * pcg32_seed(seed, stream): a look-ahead copy of a game (the computer
 * player's) rolls its own dice from then on, never the game's.
 */
void dice_reseed(struct dice *d, uint64_t seed, uint64_t stream);
/* Appends forced results; each value must be 1-6. */
void dice_force(struct dice *d, const int *values, int n);
/* Forced dice not used yet. */
size_t dice_forced_left(const struct dice *d);
/* One die, 1-6. */
int dice_d6(struct dice *d);
/* One D3 (R11.2): a die halved upward. */
int dice_d3(struct dice *d);

#endif
