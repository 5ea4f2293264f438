/*
 * Why a unit cannot shoot or attack (core/cannot.h, issue 31): each
 * reason names its rule and the fix, and the shot's and the attack's
 * refusals say the same.  Archers that face away from the enemy are told
 * which way to pivot (R8.2, R2.4); a unit that moved (R8.1), is engaged
 * (R8.1), is out of range or has its line blocked (R8.2) is told so; a
 * unit with an enemy on its flank is told the facing that puts the enemy
 * in front (R9.1).
 *
 * Hexes (R1.3): from 0404 (an even row), direction 1 is 0503, 3 is 0504,
 * 5 is 0505, 7 is 0405, 9 is 0304 and 11 is 0403.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "helpers.h"
#include "core/cannot.h"

static void
assert_has(const char *text, const char *want)
{
	if (strstr(text, want) == NULL)
		fail_msg("\"%s\" lacks \"%s\"", text, want);
}

static void
test_R8_2_archers_facing_away_are_told_which_way_to_pivot(void **state)
{
	struct fx *f = *state;
	struct cannot c;
	char line[512];

	/* s faces N; t is two hexes to its right (direction 3 twice),
	 * within range 3 but outside the arc of directions 11 and 1.
	 * Facing NE (fronts 1 and 3) holds it, one vertex clockwise. */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("s", "a", "sagittarii", "0404", "N")
			   FX_UNIT("t", "b", "auxilia", "0604", "S"));
	fx_do(f, "end");
	assert_true(cannot_shoot(f->g, fx_unit(f, "s"), &c));
	assert_int_equal(c.kind, CANNOT_FACING);
	assert_int_equal(c.enemy, fx_unit(f, "t"));
	assert_has(c.rule, "R8.2");
	assert_has(c.fix, "face NE");
	cannot_format(&c, "s", "shoot", line, sizeof line);
	assert_has(line, "s cannot shoot: t, 2 hexes away, is outside its "
			 "forward arc facing N (R8.2, R2.4); pivot it to face "
			 "NE");
	/* The refusal of the shot says the rule and the fix too. */
	fx_refuse_why(f, "shoot s t", "(R8.2): pivot it to face NE");
}

static void
test_R8_1_a_unit_that_moved_or_is_engaged_is_told_so(void **state)
{
	struct fx *f = *state;
	struct cannot c;

	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("s", "a", "sagittarii", "0404", "N")
			   FX_UNIT("v", "a", "velites", "0707", "N")
			       FX_UNIT("t", "b", "auxilia", "0402", "S")
				   FX_UNIT("e", "b", "auxilia", "0706", "S"));
	fx_script(f, "pivot s NE;end");
	assert_true(cannot_shoot(f->g, fx_unit(f, "s"), &c));
	assert_int_equal(c.kind, CANNOT_MOVED);
	assert_has(c.rule, "R8.1");
	assert_has(c.fix, "leave it unmoved");
	fx_refuse_why(f, "shoot s t", "(R8.1); to shoot, leave it unmoved");
	/* v has e next to it (0706 is its direction 1 neighbour). */
	assert_true(cannot_shoot(f->g, fx_unit(f, "v"), &c));
	assert_int_equal(c.kind, CANNOT_ENGAGED);
	assert_int_equal(c.enemy, fx_unit(f, "e"));
	assert_has(c.rule, "R8.1");
	fx_refuse_why(f, "shoot v e", "(R8.1)");
}

static void
test_R8_2_out_of_range_or_line_blocked_is_told_so(void **state)
{
	struct fx *f = *state;
	struct cannot c;

	/* t is 4 hexes ahead of sagittarii with range 3. */
	fx_load(f, FX_HEAD FX_MAP("8", "9")
		       FX_UNIT("s", "a", "sagittarii", "0408", "N")
			   FX_UNIT("t", "b", "auxilia", "0404", "S"));
	fx_do(f, "end");
	assert_true(cannot_shoot(f->g, fx_unit(f, "s"), &c));
	assert_int_equal(c.kind, CANNOT_RANGE);
	assert_has(c.why, "the nearest, t, is 4 hexes away");
	assert_has(c.fix, "move within 3 hexes");

	/* A friend at 0403 stands on the line from 0404 to 0302. */
	fx_reload(f, FX_HEAD FX_MAP("8", "8")
			 FX_UNIT("s", "a", "sagittarii", "0404", "N")
			     FX_UNIT("f", "a", "auxilia", "0403", "N")
				 FX_UNIT("t", "b", "auxilia", "0302", "S"));
	fx_do(f, "end");
	assert_true(cannot_shoot(f->g, fx_unit(f, "s"), &c));
	assert_int_equal(c.kind, CANNOT_SIGHT);
	assert_has(c.why, "at 0403");
	assert_has(c.rule, "R8.2");
	assert_true(c.fix[0] != '\0');
}

static void
test_R9_1_an_enemy_on_the_flank_is_told_the_facing(void **state)
{
	struct fx *f = *state;
	struct cannot c;

	/* t stands on a's right flank (0504, direction 3 of 0404). */
	fx_load(f, FX_HEAD FX_MAP("8", "8")
		       FX_UNIT("a", "a", "auxilia", "0404", "N")
			   FX_UNIT("t", "b", "auxilia", "0504", "NW")
			       FX_UNIT("far", "a", "auxilia", "0108", "N"));
	fx_script(f, "end;end");
	assert_true(cannot_attack(f->g, fx_unit(f, "a"), &c));
	assert_int_equal(c.kind, CANNOT_NOT_FRONT);
	assert_has(c.why, "t is on its right flank");
	assert_has(c.rule, "R9.1");
	assert_has(c.fix, "pivot it to face NE");
	fx_refuse_why(f, "attack a t", "(R9.1): pivot it to face NE");
	/* far touches nobody: a charge is the way. */
	assert_true(cannot_attack(f->g, fx_unit(f, "far"), &c));
	assert_int_equal(c.kind, CANNOT_NO_CONTACT);
	assert_has(c.fix, "charge t");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		FX_TEST(test_R8_2_archers_facing_away_are_told_which_way_to_pivot),
		FX_TEST(test_R8_1_a_unit_that_moved_or_is_engaged_is_told_so),
		FX_TEST(test_R8_2_out_of_range_or_line_blocked_is_told_so),
		FX_TEST(test_R9_1_an_enemy_on_the_flank_is_told_the_facing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
