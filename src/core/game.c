/*
 * The game state and the turn sequence (R3): setting up from a scenario,
 * dispatching commands to the phase modules, ending phases, morale's
 * hand-over to the breakpoint phase (R11), initiative (R12) and the end of
 * the game.  Also the state dump and digest.
 *
 * Invariants: occupant[] holds exactly the units with on_map set; a unit
 * has at most one general and general.unit / unit.general agree; nothing
 * changes when game_apply() refuses.
 */
#include "config.h"

#include "core/game.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/odds.h"
#include "core/rules.h"
#include "core/strbuf.h"
#include "core/xmalloc.h"

static const char *const phase_names[PHASE_COUNT] = {
	"movement", "shooting", "combat", "morale", "breakpoint",
};

const char *
phase_name(enum phase p)
{
	return phase_names[p];
}

int
rules_refuse(char *why, size_t whylen, const char *fmt, ...)
{
	va_list ap;

	if (whylen > 0) {
		va_start(ap, fmt);
		vsnprintf(why, whylen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* Clears what "this player-turn" means (R14.10). */
static void
clear_player_turn(struct game *g)
{
	int u, k;

	for (u = 0; u < g->nunits; u++) {
		struct unit *un = &g->units[u];

		un->acted = un->pushed = un->charged = un->shot = false;
		un->lost_sp = un->failed_morale = un->removed_now = false;
		un->attacked = -1;
		un->action = un->push_action = VERB_COUNT;
		un->action_target = un->push_target = -1;
	}
	for (k = 0; k < g->ngenerals; k++)
		g->generals[k].transferred = g->generals[k].killed_now = false;
	g->push_unit = -1;
	g->noffers = 0;
}

/* Clears the player-turn's state and opens phase 1. */
static void
begin_player_turn(struct game *g, struct events *ev)
{
	struct event *e;

	clear_player_turn(g);
	g->phase = PHASE_MOVEMENT;
	e = events_add(ev, EV_PLAYER_TURN);
	e->side = g->player;
	e = events_add(ev, EV_PHASE);
	e->side = g->player;
	e->value = PHASE_MOVEMENT;
}

struct game *
game_new(const struct scenario *sc, uint64_t seed)
{
	struct game *g = xcalloc(1, sizeof *g);
	int u, k, cells = sc->map.width * sc->map.height;

	g->sc = sc;
	g->seed = seed;
	dice_init(&g->dice, seed);
	g->nunits = sc->nunits;
	g->units = xcalloc((size_t)sc->nunits, sizeof *g->units);
	g->ngenerals = sc->ngenerals;
	g->generals = xcalloc((size_t)sc->ngenerals + 1, sizeof *g->generals);
	g->occupant = xmalloc((size_t)cells * sizeof *g->occupant);
	for (k = 0; k < cells; k++)
		g->occupant[k] = -1;
	g->offers = xcalloc((size_t)sc->nunits, sizeof *g->offers);
	g->scratch_order =
	    xcalloc((size_t)sc->nunits, sizeof *g->scratch_order);
	g->scratch_vacated =
	    xcalloc((size_t)sc->nunits, sizeof *g->scratch_vacated);

	/* R11.1: 2 a unit, 3 a veteran unit, 2 a general. */
	for (u = 0; u < sc->nunits; u++) {
		const struct unit_def *d = &sc->units[u];
		struct unit *un = &g->units[u];

		un->side = d->side;
		un->type = d->type;
		un->facing = d->facing;
		un->hits = d->hits;
		un->veteran = d->veteran;
		un->missile = d->missile;
		un->general = -1;
		un->attacked = -1;
		un->action = un->push_action = VERB_COUNT;
		un->action_target = un->push_target = -1;
		unit_place(g, u, d->hex);
		g->bp_start[d->side] += d->veteran ? BP_VETERAN_UNIT : BP_UNIT;
	}
	for (k = 0; k < sc->ngenerals; k++) {
		g->generals[k].side = sc->generals[k].side;
		g->generals[k].unit = sc->generals[k].unit;
		g->units[sc->generals[k].unit].general = k;
		g->bp_start[sc->generals[k].side] += BP_GENERAL;
	}
	g->bp[0] = g->bp_start[0];
	g->bp[1] = g->bp_start[1];
	g->turn = 1;
	g->initiative = sc->initiative;
	g->player = sc->initiative;
	g->push_unit = -1;
	g->winner = -1;
	return g;
}

void
game_free(struct game *g)
{
	if (g == NULL)
		return;
	dice_done(&g->dice);
	free(g->units);
	free(g->generals);
	free(g->occupant);
	free(g->offers);
	free(g->scratch_order);
	free(g->scratch_vacated);
	free(g);
}

struct game *
game_clone(const struct game *src)
{
	struct game *g = xmalloc(sizeof *g);
	int cells = src->sc->map.width * src->sc->map.height;

	*g = *src;
	g->units = xmalloc((size_t)src->nunits * sizeof *g->units + 1);
	memcpy(g->units, src->units, (size_t)src->nunits * sizeof *g->units);
	g->generals =
	    xmalloc(((size_t)src->ngenerals + 1) * sizeof *g->generals);
	memcpy(g->generals, src->generals,
	       (size_t)src->ngenerals * sizeof *g->generals);
	g->occupant = xmalloc((size_t)cells * sizeof *g->occupant);
	memcpy(g->occupant, src->occupant, (size_t)cells * sizeof *g->occupant);
	g->offers = xmalloc((size_t)src->nunits * sizeof *g->offers + 1);
	memcpy(g->offers, src->offers,
	       (size_t)src->noffers * sizeof *g->offers);
	g->scratch_order =
	    xcalloc((size_t)src->nunits, sizeof *g->scratch_order);
	g->scratch_vacated =
	    xcalloc((size_t)src->nunits, sizeof *g->scratch_vacated);
	dice_copy(&g->dice, &src->dice);
	return g;
}

struct game *
game_forecast(const struct game *g, int side)
{
	struct game *f = game_clone(g);

	f->choosing = false;
	f->player = side;
	clear_player_turn(f);
	f->phase = PHASE_MOVEMENT;
	return f;
}

int
game_side_to_act(const struct game *g)
{
	if (g->over)
		return -1;
	if (g->choosing)
		return g->initiative;
	if (g->noffers > 0)
		return g->units[g->offers[0].unit].side;
	return g->player;
}

static int
units_on_map(const struct game *g, int side)
{
	int u, n = 0;

	for (u = 0; u < g->nunits; u++)
		if (g->units[u].on_map && g->units[u].side == side)
			n++;
	return n;
}

static void
finish(struct game *g, int winner, enum game_end why, struct events *ev)
{
	struct event *e;

	g->over = true;
	g->winner = winner;
	g->end = why;
	g->phase = PHASE_BREAKPOINT;
	g->push_unit = -1;
	e = events_add(ev, EV_GAME_OVER);
	e->side = winner;
	e->value = why;
}

/* R11.4: the last turn has ended with neither army broken. */
static void
finish_on_turns(struct game *g, struct events *ev)
{
	bool holds[2];
	int s, k;
	long a, b;

	for (s = 0; s < 2; s++) {
		const struct victory_def *vd = &g->sc->victory[s];

		holds[s] = vd->present && vd->count > 0;
		for (k = 0; holds[s] && k < vd->count; k++) {
			int v = game_unit_at(g, vd->hexes[k]);

			if (v < 0 || g->units[v].side != s)
				holds[s] = false;
		}
	}
	if (holds[0] != holds[1]) {
		finish(g, holds[0] ? 0 : 1, END_VICTORY_HEXES, ev);
		return;
	}
	/* Shares lost, compared exactly as fractions (R14.18). */
	a = (long)(g->bp_start[0] - g->bp[0]) * g->bp_start[1];
	b = (long)(g->bp_start[1] - g->bp[1]) * g->bp_start[0];
	if (a == b)
		finish(g, -1, END_SHARE_DRAW, ev);
	else
		finish(g, a < b ? 0 : 1, END_SHARE, ev);
}

/* R12.2: from turn 2 on, both roll; a margin of 2 seizes it. */
static void
begin_turn(struct game *g, struct events *ev)
{
	struct event *e;
	int holder = g->initiative, other = 1 - holder, hd, od;

	g->turn++;
	g->second = 0;
	e = events_add(ev, EV_TURN);
	e->value = g->turn;
	hd = dice_d6(&g->dice);
	od = dice_d6(&g->dice);
	e = events_add(ev, EV_INITIATIVE);
	e->value2 = holder;
	e->dice[0] = (unsigned char)hd;
	e->dice[1] = (unsigned char)od;
	e->ndice = 2;
	if (od >= hd + INITIATIVE_SEIZE_BY) {
		g->initiative = other;
		g->player = other;
		g->phase = PHASE_MOVEMENT;
		g->choosing = true;
		g->push_unit = -1;
		e->side = other;
		return;
	}
	e->side = holder;
	g->player = holder;
	begin_player_turn(g, ev);
}

/* R11.2, R11.3 and on to the next player-turn. */
void
game_after_morale(struct game *g, struct events *ev)
{
	struct event *e;
	bool quits[2];
	int s, u, k, loss;

	g->phase = PHASE_BREAKPOINT;
	g->noffers = 0;
	e = events_add(ev, EV_PHASE);
	e->side = g->player;
	e->value = PHASE_BREAKPOINT;
	for (s = 0; s < 2; s++) {
		int lost[3] = { 0, 0, 0 };

		loss = 0;
		for (u = 0; u < g->nunits; u++) {
			const struct unit *un = &g->units[u];

			if (un->side != s)
				continue;
			if (un->removed_now) {
				loss += un->veteran ? BP_VETERAN_UNIT : BP_UNIT;
				lost[un->veteran ? 2 : 1]++;
			} else if (un->failed_morale && un->on_map) {
				loss += BP_FAILED_MORALE;
				lost[0]++;
			}
		}
		/* R14.17: generals' 1D3 by army, then scenario order. */
		for (k = 0; k < g->ngenerals; k++) {
			int d, pts;

			if (g->generals[k].side != s ||
			    !g->generals[k].killed_now)
				continue;
			d = dice_d6(&g->dice);
			pts = (d + 1) / 2;
			e = events_add(ev, EV_GENERAL_D3);
			e->side = s;
			e->general = k;
			e->dice[0] = (unsigned char)d;
			e->ndice = 1;
			e->value = pts;
			loss += pts;
		}
		if (loss > 0) {
			g->bp[s] -= loss;
			e = events_add(ev, EV_BREAKPOINT_LOSS);
			e->side = s;
			e->value = loss;
			e->value2 = g->bp[s];
			e->need = g->bp_start[s];
			memcpy(e->lost, lost, sizeof e->lost);
		}
	}
	for (s = 0; s < 2; s++) {
		int left = units_on_map(g, s);

		quits[s] = g->bp[s] <= 0 || left == 0;
		if (quits[s]) {
			e = events_add(ev, EV_ARMY_QUITS);
			e->side = s;
			e->value = g->bp[s];
			e->value2 = left;
		}
	}
	if (quits[0] && quits[1]) {
		finish(g, -1, END_BOTH_BROKEN, ev);
		return;
	}
	if (quits[0] || quits[1]) {
		finish(g, quits[0] ? 1 : 0, END_BREAKPOINT, ev);
		return;
	}
	if (g->second == 0) {
		g->second = 1;
		g->player = 1 - g->player;
		begin_player_turn(g, ev);
		return;
	}
	if (g->turn >= g->sc->turns) {
		finish_on_turns(g, ev);
		return;
	}
	begin_turn(g, ev);
}

static void
enter_phase(struct game *g, enum phase p, struct events *ev)
{
	struct event *e;

	g->phase = p;
	g->push_unit = -1;
	e = events_add(ev, EV_PHASE);
	e->side = g->player;
	e->value = p;
}

static int
end_command(struct game *g, struct events *ev, char *why, size_t whylen)
{
	if (game_end_blocked(g, why, whylen))
		return -1;
	switch (g->phase) {
	case PHASE_MOVEMENT:
		enter_phase(g, PHASE_SHOOTING, ev);
		break;
	case PHASE_SHOOTING:
		enter_phase(g, PHASE_COMBAT, ev);
		break;
	default:
		enter_phase(g, PHASE_MORALE, ev);
		morale_phase(g, ev);
		if (g->noffers == 0)
			game_after_morale(g, ev);
		break;
	}
	return 0;
}

static int
choose_command(struct game *g, const struct command *c, struct events *ev,
	       char *why, size_t whylen)
{
	struct event *e;

	if (!g->choosing)
		return rules_refuse(why, whylen,
				    "%s is only for a side that has "
				    "just seized the initiative",
				    verb_name(c->verb));
	g->choosing = false;
	e = events_add(ev, EV_INITIATIVE_CHOICE);
	e->side = g->initiative;
	e->value = c->verb == VERB_FIRST;
	g->player = c->verb == VERB_FIRST ? g->initiative : 1 - g->initiative;
	begin_player_turn(g, ev);
	return 0;
}

bool
game_end_blocked(const struct game *g, char *why, size_t whylen)
{
	int due[64], n, i;
	size_t used;

	if (whylen > 0)
		why[0] = '\0';
	if (g->over) {
		rules_refuse(why, whylen, "the game is over");
		return true;
	}
	if (g->choosing) {
		rules_refuse(why, whylen,
			     "%s has seized the initiative and must "
			     "choose: first or second",
			     rules_side_key(g, g->initiative));
		return true;
	}
	if (g->noffers > 0) {
		rules_refuse(why, whylen,
			     "advances are pending: answer advance or "
			     "hold for %s",
			     rules_unit_id(g, g->offers[0].unit));
		for (i = 1; i < g->noffers && whylen > 0; i++) {
			used = strlen(why);
			if (used < whylen)
				snprintf(why + used, whylen - used, ", %s",
					 rules_unit_id(g, g->offers[i].unit));
		}
		return true;
	}
	if (g->phase != PHASE_COMBAT)
		return false;
	n = attacks_due(g, due, 64);
	if (n == 0)
		return false;
	if (whylen == 0)
		return true;
	rules_refuse(why, whylen,
		     "%s must still attack an enemy in front (R9.1): "
		     "%s",
		     n == 1 ? "a unit" : "units", rules_unit_id(g, due[0]));
	for (i = 1; i < n; i++) {
		used = strlen(why);
		if (used < whylen)
			snprintf(why + used, whylen - used, ", %s",
				 rules_unit_id(g, due[i]));
	}
	return true;
}

static const enum phase verb_phase[VERB_COUNT] = {
	[VERB_MOVE] = PHASE_MOVEMENT,	 [VERB_PIVOT] = PHASE_MOVEMENT,
	[VERB_CHARGE] = PHASE_MOVEMENT,	 [VERB_PUSH] = PHASE_MOVEMENT,
	[VERB_GENERAL] = PHASE_MOVEMENT, [VERB_SHOOT] = PHASE_SHOOTING,
	[VERB_ATTACK] = PHASE_COMBAT,
};

int
game_verb_check(const struct game *g, enum verb v, char *why, size_t whylen)
{
	if (g->over)
		return rules_refuse(why, whylen,
				    "the game is over: only dump and "
				    "dice are accepted");
	if (g->choosing && v != VERB_FIRST && v != VERB_SECOND)
		return rules_refuse(why, whylen,
				    "%s has seized the initiative and "
				    "must first choose: first or second",
				    rules_side_key(g, g->initiative));
	if (g->noffers > 0 && v != VERB_ADVANCE && v != VERB_HOLD) {
		game_end_blocked(g, why, whylen);
		return -1;
	}
	switch (v) {
	case VERB_FIRST:
	case VERB_SECOND:
	case VERB_ADVANCE:
	case VERB_HOLD:
	case VERB_END:
		return 0;
	default:
		break;
	}
	if (g->phase != verb_phase[v])
		return rules_refuse(why, whylen,
				    "%s is for the %s phase; this is "
				    "the %s phase",
				    verb_name(v), phase_name(verb_phase[v]),
				    phase_name(g->phase));
	return 0;
}

int
game_apply(struct game *g, const struct command *c, struct events *ev,
	   char *why, size_t whylen)
{
	int values[COMMAND_DICE_MAX], i;

	if (whylen > 0)
		why[0] = '\0';
	switch (c->verb) {
	case VERB_DUMP:
		return 0;
	case VERB_AI:
		return rules_refuse(why, whylen,
				    "ai is played by the program "
				    "around the game, not by the game itself");
	case VERB_ODDS: {
		/* Changes nothing: only whether the odds can be given. */
		return odds_command_check(g, c, why, whylen);
	}
	case VERB_DICE:
		for (i = 0; i < c->ndice; i++)
			values[i] = c->dice[i];
		dice_force(&g->dice, values, c->ndice);
		return 0;
	case VERB_SAY:
		/* Words only: the game does not change. */
		snprintf(events_add(ev, EV_SAY)->text, COMMAND_SAY_MAX + 1,
			 "%s", c->text);
		return 0;
	default:
		break;
	}
	if (game_verb_check(g, c->verb, why, whylen) != 0)
		return -1;
	switch (c->verb) {
	case VERB_FIRST:
	case VERB_SECOND:
		return choose_command(g, c, ev, why, whylen);
	case VERB_ADVANCE:
		return advance_command(g, c, ev, why, whylen);
	case VERB_HOLD:
		return hold_command(g, c, ev, why, whylen);
	case VERB_END:
		return end_command(g, ev, why, whylen);
	default:
		break;
	}
	switch (c->verb) {
	case VERB_MOVE:
		return move_command(g, c, ev, why, whylen);
	case VERB_PIVOT:
		return pivot_command(g, c, ev, why, whylen);
	case VERB_CHARGE:
		return charge_command(g, c, ev, why, whylen);
	case VERB_PUSH:
		return push_command(g, c, ev, why, whylen);
	case VERB_GENERAL:
		return general_command(g, c, ev, why, whylen);
	case VERB_SHOOT:
		return shoot_command(g, c, ev, why, whylen);
	case VERB_ATTACK:
		return attack_command(g, c, ev, why, whylen);
	default:
		return rules_refuse(why, whylen, "%s cannot be played now",
				    verb_name(c->verb));
	}
}

size_t
game_dump_size(const struct game *g)
{
	return 256 + (size_t)g->nunits * 128 + (size_t)g->ngenerals * 96;
}

void
game_dump(const struct game *g, char *buf, size_t len)
{
	struct strbuf o;
	const struct scenario *sc = g->sc;
	char hex[HEX_NAME_SIZE];
	int s, u, k;

	strbuf_init(&o, buf, len);
	strbuf_printf(
	    &o, "game turn=%d player=%s phase=%s initiative=%s over=%s",
	    g->turn, rules_side_key(g, g->player), phase_name(g->phase),
	    rules_side_key(g, g->initiative), g->over ? "yes" : "no");
	if (g->over)
		strbuf_printf(&o, " winner=%s",
			      g->winner < 0 ? "draw"
					    : rules_side_key(g, g->winner));
	strbuf_printf(&o, "\n");
	for (s = 0; s < 2; s++)
		strbuf_printf(&o, "army %s bp=%d start=%d\n",
			      rules_side_key(g, s), g->bp[s], g->bp_start[s]);
	for (u = 0; u < g->nunits; u++) {
		const struct unit *un = &g->units[u];

		if (un->on_map)
			hex_format(un->hex, hex);
		else
			strcpy(hex, "-");
		strbuf_printf(
		    &o,
		    "unit %s side=%s type=%s hex=%s facing=%s hits=%d "
		    "engaged=%s\n",
		    sc->units[u].id, rules_side_key(g, un->side),
		    sc->types[un->type].key, hex, facing_name(un->facing),
		    un->hits, game_unit_engaged(g, u) ? "yes" : "no");
	}
	for (k = 0; k < g->ngenerals; k++)
		strbuf_printf(&o, "general %s side=%s unit=%s\n",
			      sc->generals[k].id,
			      rules_side_key(g, g->generals[k].side),
			      g->generals[k].unit < 0
				  ? "-"
				  : sc->units[g->generals[k].unit].id);
	strbuf_printf(&o, "end\n");
}

static uint64_t
fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= b[i];
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t
game_digest(const struct game *g)
{
	uint64_t h = 14695981039346656037ULL;
	int u, k, v;

	h = fnv(h, &g->turn, sizeof g->turn);
	h = fnv(h, &g->player, sizeof g->player);
	h = fnv(h, &g->second, sizeof g->second);
	v = (int)g->phase;
	h = fnv(h, &v, sizeof v);
	h = fnv(h, &g->initiative, sizeof g->initiative);
	v = g->choosing * 2 + g->over;
	h = fnv(h, &v, sizeof v);
	h = fnv(h, &g->winner, sizeof g->winner);
	h = fnv(h, g->bp, sizeof g->bp);
	h = fnv(h, &g->push_unit, sizeof g->push_unit);
	for (u = 0; u < g->nunits; u++) {
		const struct unit *un = &g->units[u];
		int f[12] = {
			un->hex.col,
			un->hex.row,
			(int)un->facing,
			un->hits,
			un->on_map,
			un->general,
			un->acted,
			un->pushed,
			un->charged,
			un->shot,
			un->attacked,
			un->lost_sp * 4 + un->failed_morale * 2 + un->removed_now
		};

		h = fnv(h, f, sizeof f);
	}
	for (k = 0; k < g->ngenerals; k++) {
		int f[3] = { g->generals[k].unit, g->generals[k].transferred,
			     g->generals[k].killed_now };

		h = fnv(h, f, sizeof f);
	}
	for (k = 0; k < g->noffers; k++) {
		int f[3] = { g->offers[k].unit, g->offers[k].to.col,
			     g->offers[k].to.row };

		h = fnv(h, f, sizeof f);
	}
	h = fnv(h, &g->dice.rng, sizeof g->dice.rng);
	if (dice_forced_left(&g->dice) > 0)
		h = fnv(h, g->dice.forced + g->dice.head,
			dice_forced_left(&g->dice));
	return h;
}
