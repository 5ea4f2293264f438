/*
 * The recap of a player-turn (see recap.h), one pass over its events.
 * Moves and pivots become one item at the place of the first of them;
 * a failed morale check takes the retreat, push-back or removal that
 * follows it into its own sentence; a passed one has its own.  A unit
 * that moved and then charged is told once, in its charge's item (a
 * playtester read its move and its charge as the same thing told twice).
 */
#include "config.h"

#include "ui/recap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/rulenums.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

#define RECAP_MOVERS 64 /* units the moves item keeps apart */

struct mover {
	int unit;
	struct hex to;
	enum facing facing;
	bool moved;   /* changed hex, not only facing */
	bool charged; /* then charged: its charge item says where to */
};

struct builder {
	const struct scenario *sc;
	struct recap *r;
	int moves_item; /* the moves item's index, or -1 */
	struct mover movers[RECAP_MOVERS];
	int nmovers;
	int morale_item; /* the last failed morale check's item, or -1 */
	int morale_unit;
	int turn;
	bool turn_began; /* a new turn's events, before its player-turn */
	bool in_lead; /* in ev[0..lead): items of the other side's doing */
	/* Each unit's hits after its last event that gave it hits, or -1
	 * before one; from the caller's hits0 at the start when given. */
	int *hits;
};

static const char *
uid(const struct builder *b, int u)
{
	return u >= 0 && u < b->sc->nunits ? b->sc->units[u].id : "?";
}

static const char *
side_name(const struct builder *b, int side)
{
	return side >= 0 && side < 2 ? b->sc->sides[side].name : "?";
}

static int
unit_side(const struct builder *b, int u)
{
	return u >= 0 && u < b->sc->nunits ? b->sc->units[u].side : -1;
}

static const char *
hits_words(int hits, char *buf, size_t len)
{
	if (hits == 0)
		snprintf(buf, len, "no hits");
	else
		snprintf(buf, len, "%d hit%s", hits, hits == 1 ? "" : "s");
	return buf;
}

static struct hex
no_hex(void)
{
	struct hex h = { 0, 0 };

	return h;
}

/* A new item about units a and b (-1: none), looking at h. */
static struct recap_item *
item_new(struct builder *b, int a, int c, struct hex h)
{
	struct recap *r = b->r;
	struct recap_item *it;

	b->morale_item = -1;
	if (r->n >= RECAP_ITEMS_MAX) {
		r->more++;
		return NULL;
	}
	it = &r->item[r->n++];
	memset(it, 0, sizeof *it);
	it->side = b->in_lead ? 1 - r->side : r->side;
	if (a >= 0)
		it->units[it->nunits++] = a;
	if (c >= 0 && c != a)
		it->units[it->nunits++] = c;
	it->hex = h;
	return it;
}

static void item_printf(struct recap_item *it, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A new item about no unit in particular, of side's doing (-1: nobody's,
 * a roll of both or a tally). */
static struct recap_item *
item_of(struct builder *b, int side)
{
	struct recap_item *it = item_new(b, -1, -1, no_hex());

	if (it != NULL)
		it->side = side;
	return it;
}

/* Appends to an item's text (NULL: an item that did not fit). */
static void
item_printf(struct recap_item *it, const char *fmt, ...)
{
	size_t used;
	va_list ap;

	if (it == NULL)
		return;
	used = strlen(it->text);
	if (used + 1 >= sizeof it->text)
		return;
	va_start(ap, fmt);
	vsnprintf(it->text + used, sizeof it->text - used, fmt, ap);
	va_end(ap);
}

/* Notes a move or pivot of u; the moves item is made at the first. */
static void
note_mover(struct builder *b, int u, struct hex to, enum facing f, bool moved)
{
	int k;

	if (b->moves_item < 0 && b->r->n < RECAP_ITEMS_MAX) {
		b->moves_item = b->r->n;
		item_new(b, -1, -1, to);
	}
	for (k = 0; k < b->nmovers; k++)
		if (b->movers[k].unit == u)
			break;
	if (k == b->nmovers) {
		if (b->nmovers == RECAP_MOVERS)
			return;
		b->movers[b->nmovers++].unit = u;
		b->movers[k].moved = false;
		b->movers[k].charged = false;
	}
	b->movers[k].to = to;
	b->movers[k].facing = f;
	b->movers[k].moved |= moved;
}

/* u charged: the move or pivot it made before (NULL: none), which its
 * charge's item then tells and the moves item leaves out. */
static const struct mover *
mark_charged(struct builder *b, int u)
{
	int k;

	for (k = 0; k < b->nmovers; k++)
		if (b->movers[k].unit == u) {
			b->movers[k].charged = true;
			return &b->movers[k];
		}
	return NULL;
}

/* The part (player-turn) items go into now. */
static struct recap_part *
part_now(struct builder *b)
{
	return &b->r->part[b->r->nparts - 1];
}

/*
 * side's player-turn begins: a new part, from the new turn's initiative
 * if one was rolled for it, unless the part now has no item of its own
 * before that (the recap began with it), which it then becomes.
 */
static void
part_begin(struct builder *b, int side)
{
	struct recap *r = b->r;
	struct recap_part *pt = part_now(b);
	int first = r->n, k;

	if (b->turn_began)
		for (k = r->n - 1; k >= pt->first; k--)
			if (r->item[k].turn_start)
				first = k;
	if (pt->first < first) {
		if (r->nparts == RECAP_PARTS)
			return;
		pt = &r->part[r->nparts++];
	}
	pt->first = first;
	pt->turn = b->turn;
	pt->side = side;
	pt->order = b->turn_began ? 1 : 2;
	b->turn_began = false;
}

/* Fills in the turn and order of the parts before the first new turn,
 * from the part after each. */
static void
parts_finish(struct recap *r)
{
	struct recap_part *pt, *next;
	int k;

	for (k = r->nparts - 2; k >= 0; k--) {
		pt = &r->part[k];
		next = &r->part[k + 1];
		if (pt->turn == 0 && next->turn > 0)
			pt->turn = next->order == 2 ? next->turn
						    : next->turn - 1;
		if (pt->order == 0 && next->order > 0)
			pt->order = next->order == 2 ? 1 : 2;
	}
}

/* Whether side, choosing or keeping the move first, plays its second
 * player-turn in a row: the player-turn before was its own. */
static bool
moves_again(struct builder *b, int side)
{
	return part_now(b)->side == side;
}

/* Takes item k out of the list, and what points past it back one. */
static void
item_remove(struct builder *b, int k)
{
	struct recap *r = b->r;
	int i;

	memmove(&r->item[k], &r->item[k + 1],
		(size_t)(r->n - k - 1) * sizeof r->item[0]);
	r->n--;
	if (r->lead > k)
		r->lead--;
	for (i = 0; i < r->nparts; i++)
		if (r->part[i].first > k)
			r->part[i].first--;
	if (b->morale_item > k)
		b->morale_item--;
	else if (b->morale_item == k)
		b->morale_item = -1;
}

/*
 * Writes the moves item once every move is known: the units that moved
 * or pivoted and did not charge after it (their charge's item tells the
 * move); none of them, no item.
 */
static void
finish_moves(struct builder *b)
{
	struct recap_item *it;
	char hx[HEX_NAME_SIZE], part[64];
	int k, shown = 0, n = 0;

	if (b->moves_item < 0)
		return;
	for (k = 0; k < b->nmovers; k++)
		n += !b->movers[k].charged;
	if (n == 0) {
		item_remove(b, b->moves_item);
		b->moves_item = -1;
		return;
	}
	it = &b->r->item[b->moves_item];
	snprintf(it->text, sizeof it->text, "%s moved %d unit%s: ",
		 side_name(b, b->r->side), n, n == 1 ? "" : "s");
	for (k = 0; k < b->nmovers; k++) {
		const struct mover *m = &b->movers[k];

		if (m->charged)
			continue;
		hex_format(m->to, hx);
		if (m->moved)
			snprintf(part, sizeof part, "%s%s to %s",
				 shown > 0 ? ", " : "", uid(b, m->unit), hx);
		else
			snprintf(part, sizeof part, "%s%s faces %s",
				 shown > 0 ? ", " : "", uid(b, m->unit),
				 facing_name(m->facing));
		/*
		 * Room for the part and, unless it is the last, an "and N
		 * more": the last never gives way to "and 1 more".
		 */
		if (strlen(it->text) + strlen(part) +
			(shown + 1 < n ? 16 : 0) >=
		    sizeof it->text)
			break;
		item_printf(it, "%s", part);
		if (shown == 0)
			it->hex = m->to;
		shown++;
		if (it->nunits < RECAP_UNITS)
			it->units[it->nunits++] = m->unit;
	}
	if (shown < n)
		item_printf(it, " and %d more", n - shown);
}

/*
 * u took hits that left it with after hits (the event's value, at most 9,
 * the rout): the SP it lost.  Past the rout the hits rolled are more than
 * the SP it had left, which are 9 less the hits it had before.
 */
static void
add_sp(struct builder *b, int u, int hits, int after)
{
	int side = unit_side(b, u), sp = hits;

	if (side < 0 || side >= 2)
		return;
	if (after >= UNIT_HITS_ROUTED && b->hits[u] >= 0 &&
	    UNIT_HITS_ROUTED - b->hits[u] < sp)
		sp = UNIT_HITS_ROUTED - b->hits[u] > 0
			 ? UNIT_HITS_ROUTED - b->hits[u]
			 : 0;
	b->hits[u] = after;
	b->r->sp[side] += sp;
}

/* Appends to the failed morale check of u, or starts an item. */
static struct recap_item *
follow_morale(struct builder *b, int u, struct hex h)
{
	struct recap_item *it;

	if (b->morale_item >= 0 && b->morale_unit == u) {
		it = &b->r->item[b->morale_item];
		item_printf(it, ", ");
		it->hex = h;
		return it;
	}
	it = item_new(b, u, -1, h);
	item_printf(it, "%s ", uid(b, u));
	return it;
}

static void
roll(struct builder *b, const struct event *e, const char *verb)
{
	/* The target first: the viewer looks where it stands. */
	struct recap_item *it = item_new(b, e->other, e->unit, no_hex());
	char hits[24];

	item_printf(it, "%s %s %s", uid(b, e->unit), verb, uid(b, e->other));
	if (e->calc.mod[MOD_REAR] > 0)
		item_printf(it, " in the rear");
	else if (e->calc.mod[MOD_FLANK] > 0)
		item_printf(it, " in the flank");
	item_printf(it, ": %dD6, %s", e->calc.total,
		    hits_words(e->hits, hits, sizeof hits));
	add_sp(b, e->other, e->hits, e->value);
}

static void
one_event(struct builder *b, const struct event *e)
{
	struct recap_item *it;
	char hx[HEX_NAME_SIZE];

	hex_format(e->to, hx);
	switch (e->kind) {
	case EV_TURN:
		/* A recap that runs into the next turn (the side moved
		 * second, then first) tells each turn's moves apart. */
		finish_moves(b);
		b->moves_item = -1;
		b->nmovers = 0;
		b->turn = e->value;
		if (!b->in_lead) {
			if (part_now(b)->turn == 0)
				part_now(b)->turn = e->value - 1;
			if (part_now(b)->order == 0)
				part_now(b)->order = 2;
			b->turn_began = true;
		}
		break;
	case EV_PLAYER_TURN:
		if (!b->in_lead)
			part_begin(b, e->side);
		break;
	case EV_MOVE:
		note_mover(b, e->unit, e->to, e->facing, true);
		break;
	case EV_PIVOT:
		note_mover(b, e->unit, e->to, e->facing, false);
		break;
	case EV_ADVANCE:
		it = item_new(b, e->unit, -1, e->to);
		item_printf(it, "%s advanced into %s", uid(b, e->unit), hx);
		break;
	case EV_CHARGE: {
		const struct mover *m = mark_charged(b, e->unit);
		char from[HEX_NAME_SIZE];

		it = item_new(b, e->unit, e->other, e->to);
		item_printf(it, "%s ", uid(b, e->unit));
		if (m != NULL && m->moved) {
			hex_format(m->to, from);
			item_printf(it, "moved to %s, then ", from);
		} else if (m != NULL)
			item_printf(it, "faced %s, then ",
				    facing_name(m->facing));
		item_printf(it, "charged %s, into %s", uid(b, e->other), hx);
		break;
	}
	case EV_FATIGUE:
		it = item_new(b, e->unit, -1, e->to);
		item_printf(it, "%s lost 1 SP to a failed push",
			    uid(b, e->unit));
		add_sp(b, e->unit, 1, e->value);
		break;
	case EV_SHOT:
		roll(b, e, "shot at");
		break;
	case EV_ATTACK:
		roll(b, e, "attacked");
		break;
	case EV_IMPETUOUS:
		it = item_new(b, e->unit, -1, e->to);
		item_printf(it, "%s lost 1 SP for rolling 1s (impetuous)",
			    uid(b, e->unit));
		add_sp(b, e->unit, 1, e->value);
		break;
	case EV_GENERAL_KILLED:
		it = item_new(b, e->unit, -1, e->to);
		item_printf(it, "General %s (%s) %s",
			    b->sc->generals[e->general].id,
			    side_name(b, b->sc->generals[e->general].side),
			    e->value == 3 ? "left the field, counted as killed"
					  : "was killed");
		break;
	case EV_GENERAL_JOINS:
		it = item_new(b, e->unit, -1, e->to);
		item_printf(it, "General %s survived and joined %s",
			    b->sc->generals[e->general].id, uid(b, e->unit));
		break;
	case EV_ROUTED:
		hex_format(e->from, hx);
		it = item_new(b, e->unit, -1, e->from);
		item_printf(it, "%s routed and was removed from %s",
			    uid(b, e->unit), hx);
		break;
	case EV_MORALE:
		/* Passed checks too: a recap with only the failures left
		 * the player unsure whether the others were rolled. */
		if (e->value) {
			it = item_new(b, e->unit, -1, e->to);
			item_printf(it, "%s passed morale (needed %d+, rolled %d)",
				    uid(b, e->unit), e->need, e->dice[0]);
			break;
		}
		it = item_new(b, e->unit, -1, e->to);
		item_printf(it, "%s failed morale (needed %d+, rolled %d)",
			    uid(b, e->unit), e->need, e->dice[0]);
		if (it != NULL) {
			b->morale_item = b->r->n - 1;
			b->morale_unit = e->unit;
		}
		break;
	case EV_RETREAT:
		it = follow_morale(b, e->unit, e->to);
		item_printf(it, "retreated to %s", hx);
		break;
	case EV_RETREAT_BLOCKED:
		it = follow_morale(b, e->unit, e->from);
		item_printf(it, "could not retreat and lost 1 SP");
		add_sp(b, e->unit, 1, e->value);
		break;
	case EV_DESTROYED:
		it = follow_morale(b, e->unit, e->from);
		item_printf(it, "was destroyed (enemies in both rear hexes)");
		break;
	case EV_PUSHED_BACK:
		it = item_new(b, e->unit, e->other, e->to);
		item_printf(it, "%s was pushed back to %s by %s",
			    uid(b, e->unit), hx, uid(b, e->other));
		break;
	case EV_BREAKPOINT_LOSS:
		it = item_new(b, -1, -1, no_hex());
		item_printf(it, "%s lost %d breakpoint%s: now %d of %d",
			    side_name(b, e->side), e->value,
			    e->value == 1 ? "" : "s",
			    e->value2 > 0 ? e->value2 : 0, e->need);
		if (e->value2 < 0) /* not "now -2 of 12" */
			item_printf(it, ", %d past it", -e->value2);
		break;
	case EV_ARMY_QUITS:
		it = item_new(b, -1, -1, no_hex());
		item_printf(it, "%s quit the field", side_name(b, e->side));
		break;
	case EV_GAME_OVER:
		it = item_of(b, -1);
		if (e->side < 0)
			item_printf(it, "The battle ends in a draw");
		else
			item_printf(it, "%s won the battle",
				    side_name(b, e->side));
		break;
	case EV_INITIATIVE:
		it = item_of(b, -1); /* a roll of both: nobody's doing */
		if (it != NULL)
			it->turn_start = true;
		if (b->turn > 0)
			item_printf(it, "Turn %d: ", b->turn);
		/* R12.2: dice[0] is the holder's (value2), dice[1] the
		 * other side's, which seizes it with 2 more.  Each side's
		 * number goes with its name. */
		if (e->side != e->value2)
			item_printf(it,
				    "%s seized the initiative: %d against "
				    "%s's %d",
				    side_name(b, e->side), e->dice[1],
				    side_name(b, e->value2), e->dice[0]);
		else if (e->dice[0] + 2 <= 6) /* why it stays (issue 31) */
			item_printf(it,
				    "%s kept the initiative: %s rolled %d "
				    "against its %d, and only 2 more (%d+) "
				    "seizes it (R12.2)",
				    side_name(b, e->side),
				    side_name(b, 1 - e->side), e->dice[1],
				    e->dice[0], e->dice[0] + 2);
		else
			item_printf(it,
				    "%s kept the initiative: %s rolled %d "
				    "against its %d, and only 2 more seizes "
				    "it (R12.2), which no die rolls against "
				    "a %d",
				    side_name(b, e->side),
				    side_name(b, 1 - e->side), e->dice[1],
				    e->dice[0], e->dice[0]);
		if (e->side == e->value2 && moves_again(b, e->side))
			item_printf(it, "; it moves first, so it plays two "
					"player-turns in a row");
		break;
	case EV_INITIATIVE_CHOICE:
		it = item_of(b, e->side);
		if (it != NULL)
			it->turn_start = true;
		item_printf(it, "%s chose to move %s", side_name(b, e->side),
			    e->value ? "first" : "second");
		/* Said plainly: a playtester saw the computer move twice
		 * and nothing on the screen said it may. */
		if (e->value && moves_again(b, e->side))
			item_printf(it, ", so it plays two player-turns in a "
					"row");
		break;
	default:
		break;
	}
}

void
recap_build(const struct scenario *sc, int side, const struct event *ev, int n,
	    int lead, const int *hits0, struct recap *out)
{
	struct builder b;
	struct recap_item *it;
	int k;

	memset(out, 0, sizeof *out);
	memset(&b, 0, sizeof b);
	out->side = side;
	b.sc = sc;
	b.r = out;
	b.moves_item = b.morale_item = -1;
	b.hits =
	    xcalloc(sc->nunits > 0 ? (size_t)sc->nunits : 1, sizeof *b.hits);
	for (k = 0; k < sc->nunits; k++)
		b.hits[k] = hits0 != NULL ? hits0[k] : -1;
	out->nparts = 1;
	out->part[0].side = side;
	b.in_lead = lead > 0 && side >= 0;
	for (k = 0; k < n; k++) {
		if (b.in_lead && k == lead) {
			out->lead = out->part[0].first = out->n;
			b.in_lead = false;
		}
		one_event(&b, &ev[k]);
	}
	if (b.in_lead)
		out->lead = out->part[0].first = out->n;
	b.in_lead = false;
	free(b.hits);
	finish_moves(&b);
	parts_finish(out);
	if (out->sp[0] + out->sp[1] > 0) {
		it = item_of(&b, -1);
		item_printf(it, "SP lost: %s %d, %s %d", sc->sides[0].name,
			    out->sp[0], sc->sides[1].name, out->sp[1]);
		out->tally = it != NULL;
	}
}
