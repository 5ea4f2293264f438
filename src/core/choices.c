/*
 * Legal choices (see choices.h).  The lists come from the engine's
 * queries (game_move_options, game_charge_options, game_shoot_targets,
 * game_attack_targets, odds_compute); the reason for an empty list is
 * what game_apply() says when the command is tried on a copy of the game
 * against the nearest enemy, so no rule is written twice.
 */
#include "config.h"

#include "core/choices.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cannot.h"
#include "core/game.h"
#include "core/odds.h"
#include "core/unit.h"
#include "core/xmalloc.h"

static void
add_unit(struct choices *out, int v)
{
	int i;

	for (i = 0; i < out->n; i++)
		if (out->unit[i] == v)
			return;
	if (out->n == CHOICES_MAX)
		return;
	out->unit[out->n] = v;
	out->hex[out->n] = (struct hex){ 0, 0 };
	out->n++;
}

static void
add_hex(struct choices *out, struct hex h)
{
	if (out->n == CHOICES_MAX)
		return;
	out->unit[out->n] = -1;
	out->hex[out->n++] = h;
}

/* Tries c on a copy and writes the refusal, prefixed, into out->why. */
static void
reason(const struct game *g, const struct command *c, const char *lead,
       struct choices *out)
{
	struct game *copy = game_clone(g);
	struct events ev;
	char why[CHOICES_WHY - 64];

	events_init(&ev);
	if (game_apply(copy, c, &ev, why, sizeof why) != 0)
		snprintf(out->why, sizeof out->why, "%s: %s", lead, why);
	else
		snprintf(out->why, sizeof out->why, "%s", lead);
	events_done(&ev);
	game_free(copy);
}

static void
target_reason(const struct game *g, enum verb verb, int u, struct choices *out)
{
	struct command c;
	struct cannot no;
	char lead[64];
	int t = unit_nearest_enemy(g, u, NULL);

	snprintf(lead, sizeof lead, "no enemy to %s", verb_name(verb));
	/* In their own phase, the rule that stops a shot or an attack. */
	if (game_verb_check(g, verb, NULL, 0) == 0 &&
	    (verb == VERB_SHOOT ? cannot_shoot(g, u, &no)
	     : verb == VERB_ATTACK ? cannot_attack(g, u, &no)
				   : false)) {
		snprintf(out->why, sizeof out->why, "%s: %s: %s%s%s%s%s%s",
			 lead, g->sc->units[u].id, no.why, no.rule[0] != '\0' ? " (" : "", no.rule,
			 no.rule[0] != '\0' ? ")" : "",
			 no.fix[0] != '\0' ? "; " : "", no.fix);
		return;
	}
	if (t < 0) {
		snprintf(out->why, sizeof out->why,
			 "%s: no enemy is left on "
			 "the field",
			 lead);
		return;
	}
	memset(&c, 0, sizeof c);
	c.verb = verb;
	c.unit = u;
	c.target = t;
	c.general = -1;
	reason(g, &c, lead, out);
}

static int
move_choices(const struct game *g, int u, struct choices *out)
{
	int cells = g->sc->map.width * g->sc->map.height, n, k, d;
	struct move_option *mo = xcalloc((size_t)cells, sizeof *mo);
	struct command c;

	n = game_move_options(g, u, mo, cells);
	for (k = 0; k < n; k++)
		add_hex(out, mo[k].hex);
	free(mo);
	if (out->n > 0)
		return out->n;
	/* Why not: the engine's word on a step to a neighbouring hex. */
	memset(&c, 0, sizeof c);
	c.verb = VERB_MOVE;
	c.unit = u;
	c.target = c.general = -1;
	c.has_hex = true;
	c.hex = g->units[u].hex;
	for (d = 0; d < DIR_COUNT; d++) {
		c.hex = hex_neighbour(g->units[u].hex, (enum dir)d);
		if (map_contains(&g->sc->map, c.hex) &&
		    game_unit_at(g, c.hex) < 0)
			break;
	}
	reason(g, &c, "no hex to move to", out);
	return 0;
}

int
choices_list(const struct game *g, enum verb verb, int u, struct choices *out)
{
	struct charge_option *co;
	struct odds o;
	int *t, n, k;

	out->n = 0;
	out->why[0] = '\0';
	if (u < 0 || u >= g->nunits) {
		snprintf(out->why, sizeof out->why, "no such unit");
		return 0;
	}
	t = xcalloc((size_t)g->nunits + 1, sizeof *t);
	switch (verb) {
	case VERB_MOVE:
		free(t);
		return move_choices(g, u, out);
	case VERB_CHARGE:
		co = xcalloc(CHOICES_MAX, sizeof *co);
		n = game_charge_options(g, u, co, CHOICES_MAX);
		for (k = 0; k < n; k++)
			add_unit(out, co[k].target);
		free(co);
		break;
	case VERB_SHOOT:
		n = game_shoot_targets(g, u, t, g->nunits);
		for (k = 0; k < n; k++)
			add_unit(out, t[k]);
		break;
	case VERB_ATTACK:
		n = game_attack_targets(g, u, t, g->nunits);
		for (k = 0; k < n; k++)
			add_unit(out, t[k]);
		break;
	case VERB_ODDS:
		for (k = 0; k < g->nunits; k++)
			if (odds_compute(g, u, k, &o, NULL, 0) == 0)
				add_unit(out, k);
		break;
	default:
		snprintf(out->why, sizeof out->why, "%s takes no target",
			 verb_name(verb));
		free(t);
		return 0;
	}
	free(t);
	if (out->n == 0)
		target_reason(g,
			      verb == VERB_ODDS
				  ? g->phase == PHASE_SHOOTING ? VERB_SHOOT
				    : g->phase == PHASE_COMBAT ? VERB_ATTACK
							       : VERB_CHARGE
				  : verb,
			      u, out);
	return out->n;
}

int
choices_charge_hexes(const struct game *g, int u, int target,
		     struct choices *out)
{
	struct charge_option *co = xcalloc(CHOICES_MAX, sizeof *co);
	struct command c;
	int n, k;

	out->n = 0;
	out->why[0] = '\0';
	n = game_charge_options(g, u, co, CHOICES_MAX);
	for (k = 0; k < n; k++)
		if (co[k].target == target)
			add_hex(out, co[k].hex);
	free(co);
	if (out->n == 0) {
		memset(&c, 0, sizeof c);
		c.verb = VERB_CHARGE;
		c.unit = u;
		c.target = target;
		c.general = -1;
		reason(g, &c, "no contact hex", out);
	}
	return out->n;
}
