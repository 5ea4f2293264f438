/*
 * Legal choices (core/choices.h): on every shipped-like position a few
 * phases deep, every listed target or hex is accepted by the engine,
 * every unit or hex not listed is refused, and an empty list carries a
 * reason a player can read.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"
#include "core/choices.h"
#include "core/odds.h"

/* Is c accepted by the engine now?  Tried on a copy. */
static bool
accepted(const struct game *g, const struct command *c)
{
	struct game *copy = game_clone(g);
	struct events ev;
	char why[256];
	int r;

	events_init(&ev);
	r = game_apply(copy, c, &ev, why, sizeof why);
	events_done(&ev);
	game_free(copy);
	return r == 0;
}

static bool
listed_unit(const struct choices *ch, int v)
{
	int i;

	for (i = 0; i < ch->n; i++)
		if (ch->unit[i] == v)
			return true;
	return false;
}

static bool
listed_hex(const struct choices *ch, struct hex h)
{
	int i;

	for (i = 0; i < ch->n; i++)
		if (hex_equal(ch->hex[i], h))
			return true;
	return false;
}

/* Every unit verb and move, for every unit: listed iff accepted. */
static void
check_all(const struct game *g)
{
	static const enum verb verbs[] = { VERB_CHARGE, VERB_SHOOT, VERB_ATTACK,
					   VERB_ODDS };
	struct choices *ch = calloc(1, sizeof *ch);
	struct command c;
	struct hex h;
	size_t i;
	int u, v, n;

	assert_non_null(ch);
	for (u = 0; u < g->nunits; u++) {
		for (i = 0; i < sizeof verbs / sizeof verbs[0]; i++) {
			n = choices_list(g, verbs[i], u, ch);
			if (n == 0)
				assert_true(strlen(ch->why) > 10);
			for (v = 0; v < g->nunits; v++) {
				memset(&c, 0, sizeof c);
				c.verb = verbs[i];
				c.unit = u;
				c.target = v;
				c.general = -1;
				if (listed_unit(ch, v) != accepted(g, &c))
					fail_msg("%s %s %s: listed %d",
						 verb_name(verbs[i]),
						 g->sc->units[u].id,
						 g->sc->units[v].id,
						 listed_unit(ch, v));
			}
		}
		n = choices_list(g, VERB_MOVE, u, ch);
		if (n == 0)
			assert_true(strlen(ch->why) > 10);
		for (h.col = 1; h.col <= g->sc->map.width; h.col++)
			for (h.row = 1; h.row <= g->sc->map.height; h.row++) {
				memset(&c, 0, sizeof c);
				c.verb = VERB_MOVE;
				c.unit = u;
				c.target = c.general = -1;
				c.hex = h;
				c.has_hex = true;
				assert_true(listed_hex(ch, h) ==
					    accepted(g, &c));
			}
	}
	free(ch);
}

#define SCENE                                                                  \
	FX_HEAD FX_MAP("8", "8") FX_UNIT("wb", "a", "warband", "0406", "N")    \
	    FX_UNIT("sag", "a", "sagittarii", "0606", "N")                     \
		FX_UNIT("leg", "b", "legionaries", "0404", "N")                \
		    FX_UNIT("aux", "b", "auxilia", "0603", "S")                \
			FX_GENERAL("gen", "a", "wb")

static void
test_choices_listed_iff_accepted_through_a_turn(void **state)
{
	struct fx *f = *state;

	fx_load(f, SCENE);
	check_all(f->g);
	fx_do(f, "charge wb leg");
	check_all(f->g);
	fx_do(f, "end");
	check_all(f->g);
	fx_do(f, "end");
	check_all(f->g);
}

static void
test_choices_say_why_there_are_none(void **state)
{
	struct fx *f = *state;
	struct choices ch;

	fx_load(f, SCENE);
	/* Movement phase: no shooting yet. */
	assert_int_equal(choices_list(f->g, VERB_SHOOT, fx_unit(f, "sag"), &ch),
			 0);
	assert_non_null(strstr(ch.why, "shooting phase"));
	fx_do(f, "move sag 0605");
	assert_int_equal(choices_list(f->g, VERB_MOVE, fx_unit(f, "sag"), &ch),
			 0);
	assert_non_null(strstr(ch.why, "already used its movement"));
	fx_do(f, "end");
	/* It moved: R8.1. */
	assert_int_equal(choices_list(f->g, VERB_SHOOT, fx_unit(f, "sag"), &ch),
			 0);
	assert_non_null(strstr(ch.why, "R8.1"));
	fx_do(f, "end");
	/* wb is in no contact: nothing to attack, and why. */
	assert_int_equal(choices_list(f->g, VERB_ATTACK, fx_unit(f, "wb"), &ch),
			 0);
	assert_non_null(strstr(ch.why, "no enemy to attack: "));
	/* The rule and the fix (issue 31). */
	assert_non_null(strstr(ch.why, "not in contact with an enemy (R9.1)"));
	assert_non_null(strstr(ch.why, "; charge "));
}

static void
test_choices_charge_hexes_are_contact_hexes(void **state)
{
	struct fx *f = *state;
	struct choices ch;
	struct command c;
	int n, i;

	fx_load(f, SCENE);
	n = choices_charge_hexes(f->g, fx_unit(f, "wb"), fx_unit(f, "leg"),
				 &ch);
	assert_true(n > 0);
	for (i = 0; i < n; i++) {
		memset(&c, 0, sizeof c);
		c.verb = VERB_CHARGE;
		c.unit = fx_unit(f, "wb");
		c.target = fx_unit(f, "leg");
		c.general = -1;
		c.hex = ch.hex[i];
		c.has_hex = true;
		assert_true(accepted(f->g, &c));
	}
	assert_int_equal(choices_charge_hexes(f->g, fx_unit(f, "sag"),
					      fx_unit(f, "sag"), &ch),
			 0);
	assert_true(strlen(ch.why) > 10);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_choices_listed_iff_accepted_through_a_turn),
		FX_TEST(test_choices_say_why_there_are_none),
		FX_TEST(test_choices_charge_hexes_are_contact_hexes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
