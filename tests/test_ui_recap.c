/*
 * Tests of the player-turn recap (src/ui/recap.c): the events of a
 * player-turn, built by hand as the engine reports them, and the few
 * sentences the player who was away should read, with the units each
 * one is about.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"
#include "ui/recap.h"

#define SCN                                                                    \
	FX_HEAD FX_MAP("8", "8")                                               \
	    FX_UNIT("leg1", "a", "legionaries", "0404", "N")                   \
		FX_UNIT("leg2", "a", "legionaries", "0504", "N")               \
		    FX_UNIT("wb1", "b", "warband", "0402", "S")                \
			FX_UNIT("wb2", "b", "warband", "0502", "S")            \
			    FX_GENERAL("arm", "b", "wb2")

enum { LEG1, LEG2, WB1, WB2 };

static struct hex
H(int col, int row) {
	struct hex h = { col, row };

	return h;
}

static struct event *
add(struct events *ev, enum event_kind k, int unit, int other)
{
	struct event *e = events_add(ev, k);

	e->unit = unit;
	e->other = other;
	return e;
}

/* The initiative roll of R12.2: side won it, dice[0] against dice[1]. */
static void
add_initiative(struct events *ev, int side, int die0, int die1)
{
	struct event *e = add(ev, EV_INITIATIVE, -1, -1);

	e->value2 = 0;
	e->side = side;
	e->dice[0] = die0;
	e->dice[1] = die1;
}

/* side loses lost points of its breakpoint, down to left of start
 * (R11.3). */
static void
add_breakpoint_loss(struct events *ev, int side, int lost, int left,
    int start)
{
	struct event *e = add(ev, EV_BREAKPOINT_LOSS, -1, -1);

	e->side = side;
	e->value = lost;
	e->value2 = left;
	e->need = start;
}

/* Finds the item whose text holds want; fails the test if none does. */
static const struct recap_item *
item_with(const struct recap *r, const char *want)
{
	int k;

	for (k = 0; k < r->n; k++)
		if (strstr(r->item[k].text, want) != NULL)
			return &r->item[k];
	for (k = 0; k < r->n; k++)
		print_error("item %d: %s\n", k, r->item[k].text);
	fail_msg("no item says \"%s\"", want);
	return NULL;
}

/* The case: a warband charges leg1 and its attack lands 4 hits;
 * the recap says so and names both units, the target first. */
static void
test_recap_lists_charge_and_hits_of_attack(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	const struct recap_item *it;
	struct event *e;

	fx_load(f, SCN);
	events_init(&ev);
	add(&ev, EV_PLAYER_TURN, -1, -1)->side = 1;
	e = add(&ev, EV_CHARGE, WB1, LEG1);
	e->to = H(4, 3);
	add(&ev, EV_PHASE, -1, -1)->value = PHASE_COMBAT;
	e = add(&ev, EV_ATTACK, WB1, LEG1);
	e->calc.base = 4;
	e->calc.mod[MOD_FEROCIOUS] = 1;
	e->calc.total = 5;
	e->hits = 4;
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.side, 1);
	it = item_with(&r, "wb1 charged leg1, into 0403");
	assert_int_equal(it->nunits, 2);
	assert_int_equal(it->units[0], WB1);
	assert_int_equal(it->hex.col, 4);
	assert_int_equal(it->hex.row, 3);
	it = item_with(&r, "wb1 attacked leg1: 5D6, 4 hits");
	assert_int_equal(it->units[0], LEG1); /* look at the target */
	assert_int_equal(it->units[1], WB1);
	item_with(&r, "SP lost: Side A 4, Side B 0");
	assert_int_equal(r.sp[0], 4);
	assert_int_equal(r.sp[1], 0);
	events_done(&ev);
}

/* Moves and pivots are one item, each unit once at where it ended up,
 * placed where the first move happened; a flank attack says so. */
static void
test_recap_moves_are_one_item_at_their_place(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;
	const struct recap_item *it;

	fx_load(f, SCN);
	events_init(&ev);
	e = add(&ev, EV_MOVE, LEG1, -1);
	e->to = H(4, 3);
	e = add(&ev, EV_PIVOT, LEG2, -1);
	e->to = H(5, 4);
	e->facing = FACING_NE;
	e = add(&ev, EV_MOVE, LEG1, -1);
	e->to = H(4, 2);
	e = add(&ev, EV_ATTACK, LEG2, WB2);
	e->calc.base = 4;
	e->calc.mod[MOD_FLANK] = 1;
	e->calc.total = 5;
	e->hits = 1;
	recap_build(f->sc, 0, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 3);
	assert_string_equal(
	    r.item[0].text,
	    "Side A moved 2 units: leg1 to 0402, leg2 faces NE");
	assert_int_equal(r.item[0].nunits, 2);
	assert_int_equal(r.item[0].hex.col, 4);
	assert_int_equal(r.item[0].hex.row, 2);
	it = &r.item[1];
	assert_string_equal(it->text,
			    "leg2 attacked wb2 in the flank: 5D6, 1 hit");
	assert_string_equal(r.item[2].text, "SP lost: Side A 0, Side B 1");
	events_done(&ev);
}

/* A unit that moved and then charged (a push charge) is told once, in
 * its charge's item: its move's hex and the charge's are one unit's (a
 * playtest read "wb1 to 0403" and "wb1 charged leg1, into 0303" as two
 * units), and the moves item leaves it out (a later playtest read "wb1
 * to 0402 then charged" and the charge's item as the same told twice). */
static void
test_recap_a_move_then_a_charge_is_told_once(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;

	fx_load(f, SCN);
	events_init(&ev);
	add(&ev, EV_PLAYER_TURN, -1, -1)->side = 1;
	e = add(&ev, EV_MOVE, WB2, -1);
	e->to = H(5, 3);
	e = add(&ev, EV_MOVE, WB1, -1);
	e->to = H(4, 2);
	e = add(&ev, EV_CHARGE, WB1, LEG1);
	e->to = H(4, 3);
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 2);
	assert_string_equal(r.item[0].text, "Side B moved 1 unit: wb2 to 0503");
	assert_int_equal(r.item[0].nunits, 1);
	assert_string_equal(r.item[1].text,
			    "wb1 moved to 0402, then charged leg1, into 0403");
	/* All its movers charged: no moves item at all, and what came
	 * after it moves up. */
	events_clear(&ev);
	e = add(&ev, EV_PIVOT, WB2, -1);
	e->to = H(5, 2);
	e->facing = FACING_SE;
	e = add(&ev, EV_CHARGE, WB2, LEG2);
	e->to = H(5, 3);
	e = add(&ev, EV_ATTACK, WB2, LEG2);
	e->calc.total = 4;
	e->hits = 1;
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 3);
	assert_string_equal(r.item[0].text,
			    "wb2 faced SE, then charged leg2, into 0503");
	assert_string_equal(r.item[1].text, "wb2 attacked leg2: 4D6, 1 hit");
	assert_true(r.tally);
	events_done(&ev);
}

/* A big army's moves (Mons Graupius has 13 units a side) are all named,
 * in one item; "and N more" is for what no line could hold. */
static void
test_recap_moves_of_a_whole_army_are_named(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;
	char text[4096], id[16], want[32];
	int u, n = 16;

	snprintf(text, sizeof text, "%s", FX_HEAD FX_MAP("20", "8"));
	for (u = 0; u < n; u++)
		snprintf(text + strlen(text), sizeof text - strlen(text),
			 "\n[unit leg%d]\nside = a\ntype = legionaries\n"
			 "hex = %02d05\nfacing = N\n",
			 u + 1, u + 1);
	strcat(text, FX_UNIT("wb1", "b", "warband", "0101", "S"));
	fx_load(f, text);
	events_init(&ev);
	for (u = 0; u < n; u++) {
		e = add(&ev, EV_MOVE, u, -1);
		e->to = H(u + 1, 4);
	}
	recap_build(f->sc, 0, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 1);
	for (u = 0; u < n; u++) {
		snprintf(id, sizeof id, "leg%d", u + 1);
		snprintf(want, sizeof want, "%s to %02d04", id, u + 1);
		if (strstr(r.item[0].text, want) == NULL)
			fail_msg("no \"%s\" in: %s", want, r.item[0].text);
	}
	assert_null(strstr(r.item[0].text, "more"));
	events_done(&ev);
}

/* A failed morale check and the retreat, rout and removal that follow
 * read as one sentence; a passed check has its own (issue 31: only the
 * failures were listed); a general killed, a lost breakpoint and the
 * next turn's initiative each get a line. */
static void
test_recap_morale_rout_general_and_breakpoint(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;
	const struct recap_item *it;

	fx_load(f, SCN);
	events_init(&ev);
	e = add(&ev, EV_MORALE, WB1, -1);
	e->need = 4;
	e->dice[0] = 2;
	e->value = 0;
	e = add(&ev, EV_RETREAT, WB1, -1);
	e->to = H(4, 1);
	e = add(&ev, EV_MORALE, WB2, -1);
	e->need = 3;
	e->dice[0] = 5;
	e->value = 1;
	e = add(&ev, EV_ROUTED, WB2, -1);
	e->from = H(5, 2);
	e = add(&ev, EV_GENERAL_KILLED, -1, -1);
	e->general = 0;
	e->value = 2;
	add_breakpoint_loss(&ev, 1, 3, 5, 8);
	add(&ev, EV_TURN, -1, -1)->value = 2;
	add_initiative(&ev, 1, 2, 5);
	recap_build(f->sc, 0, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 6);
	it = item_with(&r, "wb1 failed morale (needed 4+, rolled 2), "
			   "retreated to 0401");
	assert_int_equal(it->hex.row, 1);
	it = item_with(&r, "wb2 passed morale (needed 3+, rolled 5)");
	assert_int_equal(it->units[0], WB2);
	it = item_with(&r, "wb2 routed and was removed from 0502");
	assert_int_equal(it->units[0], WB2);
	item_with(&r, "General arm (Side B) was killed");
	item_with(&r, "Side B lost 3 breakpoints: now 5 of 8");
	item_with(&r, "Turn 2: Side B seized the initiative: 5 against "
		      "Side A's 2");
	events_done(&ev);
}

/* The initiative's line puts each side's roll with its name: the holder
 * keeps it unless the other rolls 2 more (R12.2), and says so (issue 31:
 * "kept the initiative: 5 against Chatti's 6" puzzled a player). */
static void
test_recap_initiative_names_each_roll(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	static const unsigned char rolls[3][2] = { { 2, 3 },
						   { 5, 6 },
						   { 1, 6 } };
	int k;

	fx_load(f, SCN);
	events_init(&ev);
	for (k = 0; k < 3; k++) {
		add_initiative(&ev, rolls[k][1] >= rolls[k][0] + 2 ? 1 : 0,
		    rolls[k][0], rolls[k][1]);
	}
	recap_build(f->sc, 0, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 3);
	item_with(&r, "Side A kept the initiative: Side B rolled 3 against "
		      "its 2, and only 2 more (4+) seizes it (R12.2)");
	item_with(&r, "Side A kept the initiative: Side B rolled 6 against "
		      "its 5, and only 2 more seizes it (R12.2), which no die "
		      "rolls against a 5");
	item_with(&r, "Side B seized the initiative: 6 against Side A's 1");
	events_done(&ev);
}

/* A long turn keeps RECAP_ITEMS_MAX items and counts the rest. */
static void
test_recap_counts_what_does_not_fit(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	int k;

	fx_load(f, SCN);
	events_init(&ev);
	for (k = 0; k < RECAP_ITEMS_MAX + 5; k++)
		add(&ev, EV_SHOT, LEG1, WB1)->calc.total = 2;
	recap_build(f->sc, 0, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, RECAP_ITEMS_MAX);
	assert_int_equal(r.more, 5);
	assert_string_equal(r.item[0].text, "leg1 shot at wb1: 2D6, no hits");
	events_done(&ev);
}

/* Medway: batavi1 (9 SP) took 4, 3 and 4 hits and routed; it lost 9 SP,
 * not the 11 hits rolled.  The third attack's value is the rout's 9. */
static void
test_recap_sp_lost_stop_at_the_rout(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;
	int hits[] = { 4, 3, 4 }, k, after = 0;

	fx_load(f, SCN);
	events_init(&ev);
	for (k = 0; k < 3; k++) {
		e = add(&ev, EV_ATTACK, WB1, LEG1);
		e->calc.total = 5;
		e->hits = hits[k];
		after = after + hits[k] > 9 ? 9 : after + hits[k];
		e->value = after;
	}
	add(&ev, EV_ROUTED, LEG1, -1);
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.sp[0], 9);
	item_with(&r, "SP lost: Side A 9, Side B 0");
	events_done(&ev);
}

/* A unit that came into the turn with 5 hits and took 6 lost the 4 SP it
 * had left: the hits before the turn come from the caller. */
static void
test_recap_sp_lost_count_the_hits_from_before_the_turn(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;
	int hits0[] = { 5, 0, 0, 8 };

	fx_load(f, SCN);
	events_init(&ev);
	e = add(&ev, EV_SHOT, WB1, LEG1);
	e->calc.total = 8;
	e->hits = 6;
	e->value = 9;
	add(&ev, EV_ROUTED, LEG1, -1);
	e = add(&ev, EV_IMPETUOUS, WB2, -1);
	e->value = 9;
	recap_build(f->sc, 1, ev.v, ev.n, 0, hits0, &r);
	assert_int_equal(r.sp[0], 4);
	assert_int_equal(r.sp[1], 1);
	events_done(&ev);
}

/*
 * A side that moved second and then, having seized the initiative,
 * first: each turn's moves are an item of their own, in the order of
 * the turns (a playtester read turn 2's moves and turn 1's as one, ahead
 * of the initiative between them); the choice of who moves first is the
 * choosing side's, whoever the recap is about.
 */
static void
test_recap_moves_of_two_turns_stay_apart(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;

	fx_load(f, SCN);
	events_init(&ev);
	add(&ev, EV_MOVE, WB1, -1)->to = H(4, 3);
	add(&ev, EV_TURN, -1, -1)->value = 2;
	add_initiative(&ev, 1, 1, 6);
	e = add(&ev, EV_INITIATIVE_CHOICE, -1, -1);
	e->side = 1;
	e->value = 1;
	add(&ev, EV_MOVE, WB2, -1)->to = H(5, 3);
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 4);
	assert_string_equal(r.item[0].text, "Side B moved 1 unit: wb1 to 0403");
	assert_non_null(strstr(r.item[1].text, "Turn 2: Side B seized"));
	assert_non_null(strstr(r.item[2].text, "Side B chose to move first"));
	assert_string_equal(r.item[3].text, "Side B moved 1 unit: wb2 to 0503");
	assert_int_equal(r.item[1].side, -1); /* a roll of both sides */
	assert_int_equal(r.item[2].side, 1);
	/* Recapped for side A (the computer's turn), the same choice is
	 * side B's doing, not A's. */
	recap_build(f->sc, 0, ev.v + 1, 3, 0, NULL, &r);
	assert_int_equal(r.n, 2);
	assert_int_equal(r.item[0].side, -1);
	assert_int_equal(r.item[1].side, 1);
	events_done(&ev);
}

/*
 * A side that seized the initiative after its second player-turn and
 * chose to move first played two in a row: the recap tells its two
 * player-turns apart (a playtester read them as one list of 43 items),
 * each with its turn and order, the new turn's rolls in the player-turn
 * they decide, and the choice says plainly that it plays twice.
 */
static void
test_recap_tells_two_player_turns_in_a_row_apart(void **state)
{
	struct fx *f = *state;
	struct events ev;
	struct recap r;
	struct event *e;

	fx_load(f, SCN);
	events_init(&ev);
	add(&ev, EV_PLAYER_TURN, -1, -1)->side = 1;
	add(&ev, EV_MOVE, WB1, -1)->to = H(4, 3);
	add_breakpoint_loss(&ev, 0, 1, 9, 10);
	add(&ev, EV_TURN, -1, -1)->value = 2;
	add_initiative(&ev, 1, 2, 5);
	e = add(&ev, EV_INITIATIVE_CHOICE, -1, -1);
	e->side = 1;
	e->value = 1;
	add(&ev, EV_PLAYER_TURN, -1, -1)->side = 1;
	add(&ev, EV_MOVE, WB2, -1)->to = H(5, 3);
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_int_equal(r.n, 5);
	assert_int_equal(r.nparts, 2);
	assert_int_equal(r.part[0].first, 0);
	assert_int_equal(r.part[0].turn, 1);
	assert_int_equal(r.part[0].order, 2);
	assert_int_equal(r.part[0].side, 1);
	assert_int_equal(r.part[1].first, 2); /* from the initiative on */
	assert_int_equal(r.part[1].turn, 2);
	assert_int_equal(r.part[1].order, 1);
	assert_int_equal(r.part[1].side, 1);
	assert_non_null(strstr(r.item[2].text, "Turn 2: Side B seized"));
	assert_string_equal(r.item[3].text,
			    "Side B chose to move first, so it plays two "
			    "player-turns in a row");
	assert_string_equal(r.item[4].text, "Side B moved 1 unit: wb2 to 0503");
	/* Moving second after seizing it is no second player-turn. */
	ev.v[5].value = 0;
	ev.v[6].side = 0;
	ev.n = 7;
	recap_build(f->sc, 1, ev.v, ev.n, 0, NULL, &r);
	assert_string_equal(r.item[3].text, "Side B chose to move second");
	assert_int_equal(r.nparts, 2);
	assert_int_equal(r.part[1].side, 0);
	events_done(&ev);
}

/* Nothing happened: no items at all. */
static void
test_recap_of_nothing_is_empty(void **state)
{
	struct fx *f = *state;
	struct recap r;

	fx_load(f, SCN);
	recap_build(f->sc, 1, NULL, 0, 0, NULL, &r);
	assert_int_equal(r.n, 0);
	assert_int_equal(r.more, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_recap_lists_charge_and_hits_of_attack),
		FX_TEST(test_recap_moves_are_one_item_at_their_place),
		FX_TEST(test_recap_moves_of_a_whole_army_are_named),
		FX_TEST(test_recap_a_move_then_a_charge_is_told_once),
		FX_TEST(test_recap_morale_rout_general_and_breakpoint),
		FX_TEST(test_recap_initiative_names_each_roll),
		FX_TEST(test_recap_counts_what_does_not_fit),
		FX_TEST(test_recap_sp_lost_stop_at_the_rout),
		FX_TEST(test_recap_sp_lost_count_the_hits_from_before_the_turn),
		FX_TEST(test_recap_moves_of_two_turns_stay_apart),
		FX_TEST(test_recap_tells_two_player_turns_in_a_row_apart),
		FX_TEST(test_recap_of_nothing_is_empty),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
