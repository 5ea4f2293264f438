/*
 * The play's highlights and marks (see play.h): where the selected unit
 * may move, face, charge, shoot or attack, its pushes, and what each unit
 * did this player-turn, all asked of the engine.
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "core/xmalloc.h"

#define LEGAL_FIRST 256 /* room for the legal list at first */

/* --- Highlights of the selected unit --- */

static void
mark_hex(struct play *p, struct hex h, enum theme_mark m)
{
	if (map_contains(&p->sc->map, h))
		p->marks.mark[map_index(&p->sc->map, h)] = (unsigned char)m;
}

/*
 * The legal commands now, in p->marks.legal, which is kept from one call to
 * the next and grows until the list fits: a move's marks come between
 * the save and the screen, and a fresh 1.5 MB for every move cost its
 * page faults each time (issue 13: Enter to the screen).
 */
static int
legal_list(struct play *p)
{
	int n;

	for (;;) {
		if (p->marks.legal == NULL) {
			if (p->marks.legal_cap == 0)
				p->marks.legal_cap = LEGAL_FIRST;
			p->marks.legal = xcalloc((size_t)p->marks.legal_cap,
						 sizeof *p->marks.legal);
		}
		n = game_legal_commands(p->g, p->marks.legal,
					p->marks.legal_cap);
		if (n < p->marks.legal_cap)
			return n;
		free(p->marks.legal);
		p->marks.legal = NULL;
		p->marks.legal_cap *= 2;
	}
}

/* Push marks: the legal pushes of the unit whose push window is open. */
static void
mark_pushes(struct play *p, int u)
{
	int n = legal_list(p), k;
	const struct command *legal = p->marks.legal;

	for (k = 0; k < n; k++) {
		if (legal[k].verb != VERB_PUSH || legal[k].unit != u)
			continue;
		if (legal[k].action == VERB_MOVE)
			mark_hex(p, legal[k].hex, MARK_MOVE);
		else if (legal[k].action == VERB_CHARGE)
			p->marks.target[legal[k].target] = true;
	}
}

void
play_update_marks(struct play *p)
{
	const struct game *g = p->g;
	const struct map *m = &p->sc->map;
	int cells = m->width * m->height, u = p->sel.unit, n, k, i;
	const struct unit *un;
	const struct unit_type *t;
	struct move_option *mo;
	struct charge_option co[256];
	struct hex arc[64];
	int tg[64];

	memset(p->marks.mark, MARK_NONE, (size_t)cells);
	memset(p->marks.face, -1, (size_t)cells);
	memset(p->marks.target, 0, (size_t)g->nunits * sizeof *p->marks.target);
	if (u < 0 || !g->units[u].on_map)
		return;
	un = &g->units[u];
	t = game_unit_type(g, u);
	for (i = 0; i < DIR_COUNT; i++) {
		struct hex h = hex_neighbour(un->hex, (enum dir)i);

		if (map_contains(m, h))
			p->marks.face[map_index(m, h)] =
			    (signed char)facing_face_of_dir(un->facing,
							    (enum dir)i);
	}
	if (p->sel.push_armed) {
		mark_pushes(p, u);
		return;
	}
	if ((g->phase == PHASE_SHOOTING || un->side != g->player) &&
	    (game_unit_traits(g, u) & TRAIT_MISSILE) && t->missile_range > 0) {
		n = hex_arc(un->hex, un->facing, t->missile_range, arc, 64);
		for (k = 0; k < n; k++)
			mark_hex(p, arc[k], MARK_ARC);
	}
	if (un->side != g->player)
		return;
	switch (g->phase) {
	case PHASE_MOVEMENT:
		mo = xcalloc((size_t)cells, sizeof *mo);
		n = game_move_options(g, u, mo, cells);
		for (k = 0; k < n; k++)
			mark_hex(p, mo[k].hex, MARK_MOVE);
		free(mo);
		n = game_charge_options(g, u, co, 256);
		for (k = 0; k < n; k++)
			p->marks.target[co[k].target] = true;
		if (g->push_unit == u && !un->pushed)
			mark_pushes(p, u);
		break;
	case PHASE_SHOOTING:
		n = game_shoot_targets(g, u, tg, 64);
		for (k = 0; k < n; k++)
			p->marks.target[tg[k]] = true;
		break;
	case PHASE_COMBAT:
		n = game_attack_targets(g, u, tg, 64);
		for (k = 0; k < n; k++)
			p->marks.target[tg[k]] = true;
		break;
	default:
		break;
	}
}

/* --- What each unit did this player-turn --- */

/* What each unit did this player-turn, as the engine keeps it. */
void
play_update_deeds(struct play *p)
{
	const struct game *g = p->g;
	struct unit_deeds *d;
	int u;

	for (u = 0; u < p->sc->nunits; u++) {
		d = &p->marks.deeds[u];
		d->action = d->push = VERB_COUNT;
		d->action_target = d->push_target = -1;
		if (g == NULL || u >= g->nunits)
			continue;
		d->action = g->units[u].action;
		d->action_target = g->units[u].action_target;
		d->push = g->units[u].push_action;
		d->push_target = g->units[u].push_target;
	}
}
