/*
 * Event lists and their text.  Every line a player reads about a roll says
 * which dice were rolled, why that many, and what they did.  No line
 * starts with "game ", "army ", "unit ", "general " or is "end", so that
 * batch output and dumps never mix (commands.md).
 */
#include "config.h"

#include "core/event.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/strbuf.h"
#include "core/xmalloc.h"

static const char *const mod_names[MOD_COUNT] = {
	"general", "flank", "rear", "ferocious", "armored",
	"woods",   "rough", "ford", "fortified", "uphill",
};

const char *
dice_mod_name(enum dice_mod m)
{
	return mod_names[m];
}

void
events_init(struct events *ev)
{
	ev->v = NULL;
	ev->n = ev->cap = 0;
}

void
events_done(struct events *ev)
{
	free(ev->v);
	events_init(ev);
}

void
events_clear(struct events *ev)
{
	ev->n = 0;
}

struct event *
events_add(struct events *ev, enum event_kind kind)
{
	struct event *e;

	if (ev->n == ev->cap) {
		ev->cap = ev->cap ? ev->cap * 2 : 32;
		ev->v = xreallocarray(ev->v, (size_t)ev->cap, sizeof *ev->v);
	}
	e = &ev->v[ev->n++];
	/* Only a say has text: the rest of its 201 bytes is not cleared. */
	memset(e, 0, offsetof(struct event, text));
	e->text[0] = '\0';
	e->kind = kind;
	e->side = e->unit = e->other = e->general = -1;
	return e;
}

void
dice_calc_format(const struct dice_calc *calc, char *buf, size_t len)
{
	struct strbuf o;
	int m, sum = calc->base;

	strbuf_init(&o, buf, len);
	strbuf_printf(&o, "%dD6 base", calc->base);
	for (m = 0; m < MOD_COUNT; m++) {
		if (calc->mod[m] == 0)
			continue;
		strbuf_printf(&o, " %+d %s", calc->mod[m], mod_names[m]);
		sum += calc->mod[m];
	}
	if (sum < 1)
		strbuf_printf(&o, " (at least 1)");
	strbuf_printf(&o, " = %dD6", calc->total);
}

static void
put_dice(struct strbuf *o, const struct event *e, int from, int count)
{
	int i;

	strbuf_printf(o, "[");
	for (i = from; i < from + count && i < e->ndice; i++)
		strbuf_printf(o, "%s%d", i > from ? " " : "", e->dice[i]);
	strbuf_printf(o, "]");
}

static const char *
plural(int n)
{
	return n == 1 ? "" : "s";
}

static const char *
ev_side_key(const struct scenario *sc, int side)
{
	return side >= 0 && side < 2 ? sc->sides[side].key : "?";
}

static const char *
ev_unit_id(const struct scenario *sc, int u)
{
	return u >= 0 && u < sc->nunits ? sc->units[u].id : "?";
}

static const char *
general_id(const struct scenario *sc, int g)
{
	return g >= 0 && g < sc->ngenerals ? sc->generals[g].id : "?";
}

static void
format_roll(const struct scenario *sc, const struct event *e, struct strbuf *o)
{
	char calc[160];

	dice_calc_format(&e->calc, calc, sizeof calc);
	strbuf_printf(o, "%s: %s %s %s: %s, rolls ",
		      e->kind == EV_SHOT ? "Shooting" : "Combat",
		      ev_unit_id(sc, e->unit),
		      e->kind == EV_SHOT ? "shoots" : "attacks",
		      ev_unit_id(sc, e->other), calc);
	put_dice(o, e, 0, e->ndice);
	strbuf_printf(o, ": %d hit%s, %s has %d hit%s", e->hits,
		      plural(e->hits), ev_unit_id(sc, e->other), e->value,
		      plural(e->value));
}

static const char *const end_reasons[] = {
	"",
	"the other army quit the field",
	"both armies quit the field in the same breakpoint phase",
	"it holds its victory hexes",
	"it lost the smaller share of its breakpoint",
	"both lost the same share of their breakpoints",
};

void
event_format(const struct scenario *sc, const struct event *e, char *buf,
	     size_t len)
{
	struct strbuf o;
	char from[HEX_NAME_SIZE], to[HEX_NAME_SIZE];

	strbuf_init(&o, buf, len);
	hex_format(e->from, from);
	hex_format(e->to, to);
	switch (e->kind) {
	case EV_TURN:
		strbuf_printf(&o, "Turn %d of %d begins", e->value, sc->turns);
		break;
	case EV_INITIATIVE:
		strbuf_printf(&o,
			      "Initiative: %s (holder) rolls %d, %s rolls %d: ",
			      ev_side_key(sc, e->value2), e->dice[0],
			      ev_side_key(sc, 1 - e->value2), e->dice[1]);
		if (e->side == e->value2)
			strbuf_printf(&o,
				      "%s keeps the initiative and moves first",
				      ev_side_key(sc, e->side));
		else
			strbuf_printf(&o,
				      "%s seizes the initiative and chooses to "
				      "move first or second",
				      ev_side_key(sc, e->side));
		break;
	case EV_INITIATIVE_CHOICE:
		strbuf_printf(&o, "Initiative: %s chooses to move %s",
			      ev_side_key(sc, e->side),
			      e->value ? "first" : "second");
		break;
	case EV_PLAYER_TURN:
		strbuf_printf(&o, "== %s (%s): player-turn begins ==",
			      sc->sides[e->side].name,
			      ev_side_key(sc, e->side));
		break;
	case EV_PHASE:
		strbuf_printf(&o, "Phase: %s",
			      phase_name((enum phase)e->value));
		break;
	case EV_MOVE:
		strbuf_printf(&o, "Move: %s %s -> %s (%d hex%s), facing %s",
			      ev_unit_id(sc, e->unit), from, to, e->value,
			      e->value == 1 ? "" : "es",
			      facing_name(e->facing));
		break;
	case EV_PIVOT:
		strbuf_printf(&o, "Pivot: %s from %s to %s",
			      ev_unit_id(sc, e->unit),
			      facing_name((enum facing)e->value2),
			      facing_name(e->facing));
		break;
	case EV_CHARGE:
		strbuf_printf(
		    &o, "Charge: %s charges %s, %s -> %s (%d hex%s), facing %s",
		    ev_unit_id(sc, e->unit), ev_unit_id(sc, e->other), from, to,
		    e->value, e->value == 1 ? "" : "es",
		    facing_name(e->facing));
		if (e->value2 != 0)
			strbuf_printf(&o, " after a free pivot of 1 vertex");
		break;
	case EV_PUSH_ROLL:
		strbuf_printf(&o, "Push: %s needs %d+, rolls %d",
			      ev_unit_id(sc, e->unit), e->need, e->dice[0]);
		if (e->ndice > 1)
			strbuf_printf(&o, ", general's re-roll %d", e->dice[1]);
		strbuf_printf(&o, ": %s",
			      e->value ? "success" : "failure, 1 SP lost");
		break;
	case EV_PUSH_FREE:
		strbuf_printf(&o,
			      "Push: %s charges on; barbarians roll nothing",
			      ev_unit_id(sc, e->unit));
		break;
	case EV_FATIGUE:
		strbuf_printf(&o, "Fatigue: %s loses 1 SP (%d hit%s)",
			      ev_unit_id(sc, e->unit), e->value,
			      plural(e->value));
		break;
	case EV_TRANSFER:
		strbuf_printf(&o, "General: %s rides from %s to %s",
			      general_id(sc, e->general),
			      ev_unit_id(sc, e->other),
			      ev_unit_id(sc, e->unit));
		break;
	case EV_SHOT:
	case EV_ATTACK:
		format_roll(sc, e, &o);
		break;
	case EV_GENERAL_RISK:
		strbuf_printf(&o,
			      "Risk: general %s, for a 1 rolled, rolls 2D6 ",
			      general_id(sc, e->general));
		put_dice(&o, e, 0, 2);
		strbuf_printf(&o, " = %d: %s", e->value,
			      e->value == 2 ? "killed" : "unhurt");
		break;
	case EV_GENERAL_KILLED:
		if (e->value == 1)
			strbuf_printf(&o, "General: %s is killed",
				      general_id(sc, e->general));
		else if (e->value == 2)
			strbuf_printf(&o,
				      "General: %s falls with his unit "
				      "(rolled %d, a 1 kills)",
				      general_id(sc, e->general), e->dice[0]);
		else
			strbuf_printf(
			    &o,
			    "General: %s survives his unit's loss "
			    "(rolled %d) but finds no friendly unit without a "
			    "general and leaves the field (counted as killed)",
			    general_id(sc, e->general), e->dice[0]);
		break;
	case EV_GENERAL_JOINS:
		strbuf_printf(
		    &o,
		    "General: %s survives his unit's loss (rolled %d) "
		    "and joins %s",
		    general_id(sc, e->general), e->dice[0],
		    ev_unit_id(sc, e->unit));
		break;
	case EV_IMPETUOUS:
		strbuf_printf(&o,
			      "Impetuous: %s rolled a 1 and loses 1 SP (%d "
			      "hit%s)",
			      ev_unit_id(sc, e->unit), e->value,
			      plural(e->value));
		break;
	case EV_ROUTED:
		strbuf_printf(&o, "Rout: %s is routed and removed from %s",
			      ev_unit_id(sc, e->unit), from);
		break;
	case EV_MORALE:
		strbuf_printf(
		    &o, "Morale: %s (%d hit%s) needs %d+, rolls %d: %s",
		    ev_unit_id(sc, e->unit), e->value2, plural(e->value2),
		    e->need, e->dice[0], e->value ? "passes" : "fails");
		break;
	case EV_MORALE_EXEMPT:
		strbuf_printf(&o, "Morale: %s needs no check (%s)",
			      ev_unit_id(sc, e->unit),
			      e->value == 1 ? "general attached" : "veteran");
		break;
	case EV_RETREAT:
		strbuf_printf(&o, "Retreat: %s %s -> %s, facing %s",
			      ev_unit_id(sc, e->unit), from, to,
			      facing_name(e->facing));
		break;
	case EV_PUSHED_BACK:
		strbuf_printf(&o, "Retreat: %s is pushed back %s -> %s by %s",
			      ev_unit_id(sc, e->unit), from, to,
			      ev_unit_id(sc, e->other));
		break;
	case EV_RETREAT_BLOCKED:
		strbuf_printf(
		    &o,
		    "Retreat: %s cannot retreat from %s and loses 1 SP (%d "
		    "hit%s)",
		    ev_unit_id(sc, e->unit), from, e->value, plural(e->value));
		break;
	case EV_DESTROYED:
		strbuf_printf(&o,
			      "Retreat: %s has enemies in both rear hexes and "
			      "is destroyed",
			      ev_unit_id(sc, e->unit));
		break;
	case EV_ADVANCE_OFFER:
		strbuf_printf(
		    &o,
		    "Advance? %s may advance into %s (advance %s or hold %s)",
		    ev_unit_id(sc, e->unit), to, ev_unit_id(sc, e->unit),
		    ev_unit_id(sc, e->unit));
		break;
	case EV_ADVANCE:
		strbuf_printf(&o, "Advance: %s %s -> %s",
			      ev_unit_id(sc, e->unit), from, to);
		break;
	case EV_HOLD:
		strbuf_printf(&o, "Hold: %s holds its ground",
			      ev_unit_id(sc, e->unit));
		break;
	case EV_BREAKPOINT_LOSS:
		strbuf_printf(&o, "Breakpoint: %s loses %d (now %d of %d)",
			      ev_side_key(sc, e->side), e->value, e->value2,
			      e->need);
		break;
	case EV_GENERAL_D3:
		strbuf_printf(&o,
			      "Breakpoint: %s pays 1D3 for general %s: "
			      "rolls %d, so %d point%s",
			      ev_side_key(sc, e->side),
			      general_id(sc, e->general), e->dice[0], e->value,
			      plural(e->value));
		break;
	case EV_ARMY_QUITS:
		strbuf_printf(&o,
			      "Breakpoint: %s quits the field (breakpoint %d, "
			      "%d unit%s left)",
			      sc->sides[e->side].name, e->value, e->value2,
			      plural(e->value2));
		break;
	case EV_GAME_OVER:
		if (e->side < 0)
			strbuf_printf(&o, "Result: a draw, as %s",
				      end_reasons[e->value]);
		else
			strbuf_printf(&o, "Result: %s wins, as %s",
				      sc->sides[e->side].name,
				      end_reasons[e->value]);
		break;
	case EV_SAY:
		strbuf_printf(&o, "> %s", e->text);
		break;
	default:
		strbuf_printf(&o, "(event %d)", (int)e->kind);
		break;
	}
}
