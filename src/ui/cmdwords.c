/*
 * Completion words for the command language (see cmdwords.h).  Each verb's
 * words follow commands.md:
 *
 *	move UNIT HEX [FACING]		pivot UNIT FACING
 *	charge UNIT TARGET [HEX]	push UNIT move|pivot|charge ...
 *	general GEN UNIT		shoot UNIT TARGET
 *	attack UNIT TARGET		advance UNIT, hold UNIT
 *	odds UNIT TARGET
 */
#include "config.h"

#include "ui/cmdwords.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/choices.h"
#include "core/command.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

#define LEGAL_MAX 4096 /* legal commands looked at for pushes */

const char *const cmdwords_ui_verbs[] = {
	"help", "rules", "briefing", "goto", "select",
	"undo", "save",	 "quit",     NULL,
};

/* The k-th word the prompt takes first: the command language's verbs
 * but dice, then its own words; NULL past the last. */
static const char *
prompt_word(int k)
{
	if (k < VERB_DICE)
		return verb_name((enum verb)k);
	if (k + 1 < VERB_COUNT)
		return verb_name((enum verb)(k + 1));
	return cmdwords_ui_verbs[k + 1 - VERB_COUNT];
}

bool
cmdwords_known(const char *word)
{
	const char *w;
	int k;

	for (k = 0; (w = prompt_word(k)) != NULL; k++)
		if (strcasecmp(word, w) == 0)
			return true;
	return false;
}

bool
cmdwords_begins(const char *s, size_t n)
{
	const char *w;
	int k;

	for (k = 0; (w = prompt_word(k)) != NULL; k++)
		if (strlen(w) >= n && strncasecmp(s, w, n) == 0)
			return true;
	return false;
}

void
cmdwords_list(char *buf, size_t len)
{
	const char *w;
	size_t n = 0;
	int k;

	if (len == 0)
		return;
	buf[0] = '\0';
	for (k = 0; (w = prompt_word(k)) != NULL && n < len; k++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
				      n > 0 ? ", " : "", w);
}

static void
add_hex(struct complete_list *out, struct hex h)
{
	char name[HEX_NAME_SIZE];

	hex_format(h, name);
	complete_add(out, name);
}

static void
add_facings(struct complete_list *out)
{
	int f;

	out->nocase = true;
	for (f = 0; f < FACING_COUNT; f++)
		complete_add(out, facing_name((enum facing)f));
}

/* Units of the side to play, those that may act now first. */
static void
add_own_units(const struct game *g, struct complete_list *out, bool first)
{
	int u;

	for (u = 0; u < g->nunits; u++)
		if (g->units[u].on_map && g->units[u].side == g->player &&
		    (!first || game_unit_can_act(g, u) || g->push_unit == u))
			complete_add(out, g->sc->units[u].id);
	if (first)
		add_own_units(g, out, false);
}

static int
unit_word(const struct game *g, const char *word)
{
	return scenario_find_unit(g->sc, word);
}

/* The legal choices of u for a verb, or the reason there are none. */
static void
add_choices(struct cmdwords *cw, enum verb v, int u, int target,
	    struct complete_list *out)
{
	struct choices *ch = xmalloc(sizeof *ch);
	int k, n;

	n = target >= 0 ? choices_charge_hexes(cw->g, u, target, ch)
			: choices_list(cw->g, v, u, ch);
	for (k = 0; k < n; k++) {
		if (ch->unit[k] >= 0)
			complete_add(out, cw->g->sc->units[ch->unit[k]].id);
		else
			add_hex(out, ch->hex[k]);
	}
	if (n == 0)
		snprintf(cw->why, sizeof cw->why, "%.255s", ch->why);
	free(ch);
}

static void
move_words(struct cmdwords *cw, int u, int arg, struct complete_list *out)
{
	const struct game *g = cw->g;

	if (arg == 0) {
		/* The hex under the cursor first, if the move is legal. */
		struct complete_list *all = xcalloc(1, sizeof *all);
		char name[HEX_NAME_SIZE];
		int k;

		add_choices(cw, VERB_MOVE, u, -1, all);
		hex_format(cw->cursor, name);
		for (k = 0; k < all->n; k++)
			if (strcmp(all->words[k], name) == 0)
				complete_add(out, name);
		for (k = 0; k < all->n; k++)
			complete_add(out, all->words[k]);
		free(all);
	} else if (arg == 1 && game_unit_type(g, u)->cls == CLASS_NIMBLE)
		add_facings(out);
}

static void
charge_words(struct cmdwords *cw, int u, const char *target, int arg,
	     struct complete_list *out)
{
	int t = target != NULL ? unit_word(cw->g, target) : -1;

	if (arg == 0)
		add_choices(cw, VERB_CHARGE, u, -1, out);
	else if (t >= 0)
		add_choices(cw, VERB_CHARGE, u, t, out);
}

/* push UNIT ACTION ...: words after the action, from the legal pushes. */
static void
push_words(const struct cmdwords *cw, int u, const char *const *words,
	   int nwords, struct complete_list *out)
{
	const struct game *g = cw->g;
	struct command *legal;
	enum verb action;
	int n, k, arg = nwords - 3, t = -1;

	if (strcasecmp(words[2], "pivot") == 0) {
		if (arg == 0)
			add_facings(out);
		return;
	}
	if (strcasecmp(words[2], "move") == 0)
		action = VERB_MOVE;
	else if (strcasecmp(words[2], "charge") == 0)
		action = VERB_CHARGE;
	else
		return;
	if (action == VERB_MOVE && arg == 1) {
		if (game_unit_type(g, u)->cls == CLASS_NIMBLE)
			add_facings(out);
		return;
	}
	if (action == VERB_CHARGE && arg == 1)
		t = unit_word(g, words[3]);
	legal = xcalloc(LEGAL_MAX, sizeof *legal);
	n = game_legal_commands(g, legal, LEGAL_MAX);
	for (k = 0; k < n; k++) {
		const struct command *c = &legal[k];

		if (c->verb != VERB_PUSH || c->unit != u || c->action != action)
			continue;
		if (action == VERB_MOVE && arg == 0)
			add_hex(out, c->hex);
		else if (action == VERB_CHARGE && arg == 0)
			complete_add(out, g->sc->units[c->target].id);
		else if (action == VERB_CHARGE && arg == 1 && c->target == t)
			add_hex(out, c->hex);
	}
	free(legal);
}

/*
 * Units that have a target now; with none, why not: the reason of the
 * first unit that could have one at all (a shooter, an engaged unit),
 * not of a unit that never could ("aux1 has no missile weapons").
 */
static void
actor_words(struct cmdwords *cw, bool shoot, struct complete_list *out)
{
	const struct game *g = cw->g;
	struct choices *ch = xmalloc(sizeof *ch);
	enum verb v = shoot ? VERB_SHOOT : VERB_ATTACK;
	int u, first = -1;

	for (u = 0; u < g->nunits; u++) {
		if (!g->units[u].on_map || g->units[u].side != g->player)
			continue;
		if (first < 0 &&
		    (shoot ? (game_unit_traits(g, u) & TRAIT_MISSILE) != 0
			   : game_unit_engaged(g, u)))
			first = u;
		if (choices_list(g, v, u, ch) > 0)
			complete_add(out, g->sc->units[u].id);
	}
	/* The phase or a pending decision first: game_verb_check() says it. */
	if (out->n == 0 &&
	    game_verb_check(g, v, cw->why, sizeof cw->why) == 0) {
		if (first >= 0) {
			choices_list(g, v, first, ch);
			snprintf(cw->why, sizeof cw->why, "%.200s", ch->why);
		} else
			snprintf(cw->why, sizeof cw->why,
				 shoot ? "no unit may shoot: none of %.40s's "
					 "has missile weapons"
				       : "no unit may attack: none of %.40s's "
					 "is in contact with an enemy",
				 g->sc->sides[g->player].name);
	}
	free(ch);
}

/*
 * A verb that acts with one of the side's units, given a unit: whether
 * the verb may be given now and the unit is the side's to command; if
 * not, the reason in cw->why.  Asked before the unit's choices, whose
 * reason would speak of its enemies ("no enemy to charge: ch2 belongs to
 * britons") when the unit is not the player's at all: a player had typed
 * the enemy he meant to charge where his own unit goes.
 */
static bool
unit_may_act(struct cmdwords *cw, const char *verb, int u)
{
	const struct game *g = cw->g;
	const char *id = g->sc->units[u].id;
	int v;

	for (v = 0; v < VERB_COUNT; v++)
		if (strcasecmp(verb, verb_name((enum verb)v)) == 0)
			break;
	if (v < VERB_COUNT &&
	    game_verb_check(g, (enum verb)v, cw->why, sizeof cw->why) != 0)
		return false;
	if (!g->units[u].on_map) {
		snprintf(cw->why, sizeof cw->why, "%s is no longer on the map",
			 id);
		return false;
	}
	if (g->units[u].side == g->player)
		return true;
	if (strcasecmp(verb, "charge") == 0 || strcasecmp(verb, "shoot") == 0 ||
	    strcasecmp(verb, "attack") == 0)
		snprintf(cw->why, sizeof cw->why,
			 "%s is %.60s's, not yours: %s names your unit first, "
			 "then the enemy",
			 id, g->sc->sides[g->units[u].side].name, verb);
	else
		snprintf(cw->why, sizeof cw->why, "%s is %.60s's, not yours to %s",
			 id, g->sc->sides[g->units[u].side].name, verb);
	return false;
}

void
cmdwords_source(void *arg, int argi, const char *const *words, int nwords,
		struct complete_list *out)
{
	struct cmdwords *cw = arg;
	const struct game *g = cw->g;
	const char *verb;
	int v, u = -1, k;

	(void)argi;
	if (nwords == 0) {
		out->nocase = true;
		for (k = 0; prompt_word(k) != NULL; k++)
			complete_add(out, prompt_word(k));
		return;
	}
	verb = words[0];
	if (nwords >= 2)
		u = unit_word(g, words[1]);
	if (strcasecmp(verb, "move") == 0 || strcasecmp(verb, "pivot") == 0 ||
	    strcasecmp(verb, "charge") == 0 || strcasecmp(verb, "push") == 0) {
		if (nwords == 1) {
			if (strcasecmp(verb, "push") == 0 && g->push_unit >= 0)
				complete_add(out,
					     g->sc->units[g->push_unit].id);
			add_own_units(g, out, true);
			return;
		}
		if (u < 0 || !unit_may_act(cw, verb, u))
			return;
		if (strcasecmp(verb, "move") == 0)
			move_words(cw, u, nwords - 2, out);
		else if (strcasecmp(verb, "pivot") == 0 && nwords == 2)
			add_facings(out);
		else if (strcasecmp(verb, "charge") == 0 && nwords <= 3)
			charge_words(cw, u, nwords == 3 ? words[2] : NULL,
				     nwords - 2, out);
		else if (strcasecmp(verb, "push") == 0 && nwords == 2) {
			out->nocase = true;
			complete_add(out, "move");
			complete_add(out, "pivot");
			complete_add(out, "charge");
		} else if (strcasecmp(verb, "push") == 0)
			push_words(cw, u, words, nwords, out);
	} else if (strcasecmp(verb, "general") == 0) {
		if (nwords == 1) {
			for (k = 0; k < g->ngenerals; k++)
				if (g->generals[k].unit >= 0 &&
				    g->generals[k].side == g->player)
					complete_add(out,
						     g->sc->generals[k].id);
		} else if (nwords == 2)
			add_own_units(g, out, false);
	} else if (strcasecmp(verb, "shoot") == 0 ||
		   strcasecmp(verb, "attack") == 0) {
		bool shoot = strcasecmp(verb, "shoot") == 0;

		if (nwords == 1)
			actor_words(cw, shoot, out);
		else if (nwords == 2 && u >= 0 && unit_may_act(cw, verb, u))
			add_choices(cw, shoot ? VERB_SHOOT : VERB_ATTACK, u, -1,
				    out);
	} else if (strcasecmp(verb, "odds") == 0) {
		if (nwords == 1)
			add_own_units(g, out, false);
		else if (nwords == 2 && u >= 0)
			add_choices(cw, VERB_ODDS, u, -1, out);
	} else if (strcasecmp(verb, "advance") == 0 ||
		   strcasecmp(verb, "hold") == 0) {
		if (nwords == 1)
			for (k = 0; k < g->noffers; k++)
				complete_add(
				    out, g->sc->units[g->offers[k].unit].id);
	} else if (strcasecmp(verb, "select") == 0) {
		if (nwords == 1)
			for (v = 0; v < g->nunits; v++)
				if (g->units[v].on_map)
					complete_add(out, g->sc->units[v].id);
	} else if (strcasecmp(verb, "goto") == 0) {
		if (nwords == 1) {
			add_hex(out, cw->cursor);
			for (v = 0; v < g->nunits; v++)
				if (g->units[v].on_map)
					add_hex(out, g->units[v].hex);
		}
	}
}
