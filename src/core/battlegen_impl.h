/*
 * The battle generator's internal interface, shared by its two files and
 * by nothing else: battlegen.c makes every choice (the armies, the map,
 * the deployment), battletext.c writes the scenario from them.
 */
#ifndef ANCIENTS_CORE_BATTLEGEN_IMPL_H
#define ANCIENTS_CORE_BATTLEGEN_IMPL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/army.h"
#include "core/battlegen.h"
#include "core/dice.h"
#include "core/hex.h"

#define WIDTH_MIN 12
#define WIDTH_MAX 30
#define UNITS_MAX 40	/* a side's units: three rows of WIDTH_MAX hold them */
#define WRAP_COLUMNS 72 /* briefing lines */
#define HEXES_PER_LINE 12 /* hex list lines */
#define STREAM 0x67656e	  /* "gen": the generator's PCG32 stream */
#define BLOCKED_SHARE 30  /* at most this % of the band is impassable */

enum battle_kind { BATTLE_PITCHED, BATTLE_HILL, BATTLE_VILLAGE };

/* A growing text. */
struct out {
	char *s;
	size_t n, cap;
};

/* What one side bought. */
struct buy {
	int *count;    /* per entry of its list; owned */
	bool *general; /* per general of its list; owned */
	int units;     /* units bought */
	int generals;  /* generals that come */
	int spent;     /* points */
};

/* A unit on the map. */
struct placed {
	int side;
	int entry; /* in its army's entries[] */
	struct hex hex;
	char id[ARMY_GENERAL_ID_MAX + 1];
};

/* A general with his unit. */
struct placed_general {
	int side;
	int general; /* in its army's generals[] */
	int unit;    /* in struct gen's units[] */
	char id[ARMY_GENERAL_ID_MAX + 1];
};

struct gen {
	const struct battlegen *bg;
	struct pcg32 rng;
	struct buy buy[2];
	char key[2][UNITTYPE_KEY_MAX + 1];
	char name[2][UNITTYPE_NAME_MAX + 1];
	enum battle_kind kind;
	int defender;	      /* chose the ground; the other side moves first */
	int w, h;	      /* the map */
	int depth;	      /* deployment rows of each side */
	char *terrain;	      /* w * h codes; owned */
	unsigned char *elev;  /* w * h, 0-2; owned */
	bool *occupied;	      /* w * h; owned */
	struct hex objective; /* col 0 in a pitched battle */
	unsigned ground;      /* enum army_ground: what the map holds */
	int turns;
	struct placed *units; /* owned, side 0's first */
	int nunits;
	struct placed_general *generals; /* owned, side 0's first */
	int ngenerals;
	char (*ids)[ARMY_GENERAL_ID_MAX + 1]; /* owned: IDs taken */
	int nids;
};

static inline int
bg_rnd(struct gen *g, int n)
{
	return n <= 1 ? 0 : (int)pcg32_bounded(&g->rng, (uint32_t)n);
}

static inline int
bg_cell(const struct gen *g, struct hex h)
{
	return (h.row - 1) * g->w + (h.col - 1);
}

/* Appends formatted text to o; cannot fail. */
void bg_out_printf(struct out *o, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Writes the scenario of the choices in g to o. */
void bg_write_text(const struct gen *g, struct out *o);

#endif
