/*
 * PCG32, as in M.E. O'Neill's minimal C reference (pcg_basic), which
 * commands.md names; the arithmetic is restated here from the published
 * algorithm.
 */
#include "config.h"

#include "core/dice.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

#define PCG32_MULT 6364136223846793005ULL

uint32_t
pcg32_next(struct pcg32 *rng)
{
	uint64_t old = rng->state;
	uint32_t xorshifted, rot;

	rng->state = old * PCG32_MULT + rng->inc;
	xorshifted = (uint32_t)(((old >> 18u) ^ old) >> 27u);
	rot = (uint32_t)(old >> 59u);
	return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
}

void
pcg32_seed(struct pcg32 *rng, uint64_t initstate, uint64_t initseq)
{
	rng->state = 0U;
	rng->inc = (initseq << 1u) | 1u;
	pcg32_next(rng);
	rng->state += initstate;
	pcg32_next(rng);
}

uint32_t
pcg32_bounded(struct pcg32 *rng, uint32_t bound)
{
	/* Reject the low values that would bias the modulo. */
	uint32_t threshold = -bound % bound, r;

	for (;;) {
		r = pcg32_next(rng);
		if (r >= threshold)
			return r % bound;
	}
}

void
dice_init(struct dice *d, uint64_t seed)
{
	memset(d, 0, sizeof *d);
	pcg32_seed(&d->rng, seed, 54);
}

void
dice_done(struct dice *d)
{
	free(d->forced);
	d->forced = NULL;
	d->head = d->len = d->cap = 0;
}

void
dice_copy(struct dice *dst, const struct dice *src)
{
	*dst = *src;
	dst->forced = NULL;
	dst->cap = 0;
	if (src->len > 0) {
		dst->cap = src->len;
		dst->forced = xmalloc(src->len);
		memcpy(dst->forced, src->forced, src->len);
	}
}

void
dice_reseed(struct dice *d, uint64_t seed, uint64_t stream)
{
	d->head = d->len;
	pcg32_seed(&d->rng, seed, stream);
}

void
dice_force(struct dice *d, const int *values, int n)
{
	int i;

	if (d->head == d->len)
		d->head = d->len = 0; /* all used: start the queue afresh */
	if (d->len + (size_t)n > d->cap) {
		d->cap = (d->len + (size_t)n) * 2;
		d->forced = xreallocarray(d->forced, d->cap, 1);
	}
	for (i = 0; i < n; i++) {
		assert(values[i] >= 1 && values[i] <= 6);
		d->forced[d->len++] = (unsigned char)values[i];
	}
}

size_t
dice_forced_left(const struct dice *d)
{
	return d->len - d->head;
}

int
dice_d6(struct dice *d)
{
	d->rolled++;
	if (d->head < d->len)
		return d->forced[d->head++];
	return 1 + (int)pcg32_bounded(&d->rng, 6);
}

int
dice_d3(struct dice *d)
{
	return (dice_d6(d) + 1) / 2;
}
