/*
 * Tests of the dice: the PCG32 generator against the reference demo's
 * published output, bounded draws, the forced queue (batch mode, journals),
 * D3 (R11.2) and deep copies.
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <string.h>

#include "core/dice.h"

/*
 * The reference demo (pcg32-demo, pcg-c-basic), seeded with
 * pcg32_srandom_r(&rng, 42, 54), prints for round 1: six 32-bit outputs,
 * then 65 coins (boundedrand 2, 1 = H), then 33 rolls (boundedrand 6, + 1),
 * all from one continuing stream.
 */
static const uint32_t ref_numbers[6] = {
	0xa15c02b7, 0x7b47f409, 0xba1d3330, 0x83d2f293, 0xbfa4784b, 0xcbed606e,
};
static const char ref_coins[] =
    "HHTTTHTHHHTHTTTHHHHHTTTHHHTHTHTHTTHTTTHHHHHHTTTTHHTTTTTHTTTTTTTHT";
static const int ref_rolls[33] = {
	3, 4, 1, 1, 2, 2, 3, 2, 4, 3, 2, 4, 3, 3, 5, 2, 3,
	1, 3, 1, 5, 1, 4, 1, 5, 6, 4, 6, 6, 2, 6, 3, 3,
};

static void
test_pcg32_reference_vectors(void **state)
{
	struct pcg32 r;
	int i;

	(void)state;
	pcg32_seed(&r, 42, 54);
	for (i = 0; i < 6; i++)
		assert_int_equal(pcg32_next(&r), ref_numbers[i]);
}

static void
test_pcg32_seed_state(void **state)
{
	struct pcg32 r;

	(void)state;
	/* the reference demo's state dump after seeding: inc = 2*54+1 */
	pcg32_seed(&r, 42, 54);
	assert_true(r.inc == 109);
	assert_true(r.state == UINT64_C(1753877967969059832));
}

static void
test_pcg32_reference_coins_and_rolls(void **state)
{
	struct pcg32 r;
	int i;

	(void)state;
	pcg32_seed(&r, 42, 54);
	for (i = 0; i < 6; i++)
		pcg32_next(&r);
	assert_int_equal(strlen(ref_coins), 65);
	for (i = 0; i < 65; i++)
		assert_int_equal(pcg32_bounded(&r, 2) ? 'H' : 'T',
				 ref_coins[i]);
	for (i = 0; i < 33; i++)
		assert_int_equal((int)pcg32_bounded(&r, 6) + 1, ref_rolls[i]);
}

static void
test_pcg32_streams_differ(void **state)
{
	struct pcg32 a, b, c;
	int i, same_ab = 0, same_ac = 0;

	(void)state;
	pcg32_seed(&a, 42, 54);
	pcg32_seed(&b, 42, 55);
	pcg32_seed(&c, 43, 54);
	for (i = 0; i < 100; i++) {
		uint32_t x = pcg32_next(&a);

		same_ab += x == pcg32_next(&b);
		same_ac += x == pcg32_next(&c);
	}
	assert_true(same_ab < 3);
	assert_true(same_ac < 3);
}

static void
test_pcg32_bounded_in_range(void **state)
{
	static const uint32_t bounds[] = {
		1, 2, 3, 6, 7, 100, 1000003, UINT32_C(0x80000001), UINT32_MAX,
	};
	struct pcg32 r;
	size_t b;
	int i;

	(void)state;
	pcg32_seed(&r, 7, 54);
	for (b = 0; b < sizeof bounds / sizeof bounds[0]; b++)
		for (i = 0; i < 2000; i++)
			assert_true(pcg32_bounded(&r, bounds[b]) < bounds[b]);
	for (i = 0; i < 100; i++)
		assert_int_equal(pcg32_bounded(&r, 1), 0);
}

static void
test_pcg32_bounded_six_is_fair(void **state)
{
	struct pcg32 r;
	int count[6] = { 0 }, i;

	(void)state;
	pcg32_seed(&r, 2024, 54);
	for (i = 0; i < 60000; i++)
		count[pcg32_bounded(&r, 6)]++;
	/* 10000 expected each; sd about 91, so 600 is over 6 sd */
	for (i = 0; i < 6; i++) {
		assert_true(count[i] > 9400);
		assert_true(count[i] < 10600);
	}
}

static void
test_dice_init_uses_stream_54(void **state)
{
	struct dice d;
	struct pcg32 r;
	int i;

	(void)state;
	dice_init(&d, 42);
	pcg32_seed(&r, 42, 54);
	assert_true(d.rng.state == r.state);
	assert_true(d.rng.inc == r.inc);
	assert_int_equal(dice_forced_left(&d), 0);
	assert_int_equal(d.rolled, 0);
	for (i = 0; i < 100; i++) {
		int v = dice_d6(&d);

		assert_int_equal(v, (int)pcg32_bounded(&r, 6) + 1);
		assert_in_range(v, 1, 6);
	}
	assert_int_equal(d.rolled, 100);
	dice_done(&d);
}

static void
test_dice_d6_reference_rolls(void **state)
{
	struct dice d;
	int i;

	(void)state;
	dice_init(&d, 42);
	for (i = 0; i < 6; i++)
		pcg32_next(&d.rng);
	for (i = 0; i < 65; i++)
		pcg32_bounded(&d.rng, 2);
	for (i = 0; i < 33; i++)
		assert_int_equal(dice_d6(&d), ref_rolls[i]);
	dice_done(&d);
}

static void
test_dice_same_seed_same_rolls(void **state)
{
	struct dice a, b, c;
	int i, differ = 0;

	(void)state;
	dice_init(&a, 12345);
	dice_init(&b, 12345);
	dice_init(&c, 12346);
	for (i = 0; i < 1000; i++) {
		int x = dice_d6(&a);

		assert_int_equal(x, dice_d6(&b));
		differ += x != dice_d6(&c);
	}
	assert_true(differ > 500);
	dice_done(&a);
	dice_done(&b);
	dice_done(&c);
}

static void
test_dice_force_queue_order_then_generator(void **state)
{
	static const int first[] = { 6, 1, 3 }, second[] = { 2, 5 };
	struct dice d;
	struct pcg32 r;
	int i;

	(void)state;
	dice_init(&d, 99);
	pcg32_seed(&r, 99, 54);
	dice_force(&d, first, 3);
	dice_force(&d, second, 2);
	assert_int_equal(dice_forced_left(&d), 5);
	assert_int_equal(dice_d6(&d), 6);
	assert_int_equal(dice_d6(&d), 1);
	assert_int_equal(dice_forced_left(&d), 3);
	assert_int_equal(dice_d6(&d), 3);
	assert_int_equal(dice_d6(&d), 2);
	assert_int_equal(dice_d6(&d), 5);
	assert_int_equal(dice_forced_left(&d), 0);
	/* forced dice use no generator output: it starts where it was */
	for (i = 0; i < 20; i++)
		assert_int_equal(dice_d6(&d), (int)pcg32_bounded(&r, 6) + 1);
	assert_int_equal(d.rolled, 25);
	dice_done(&d);
}

static void
test_dice_force_interleaved_and_refilled(void **state)
{
	static const int a[] = { 1, 2 }, b[] = { 3 }, c[] = { 4, 4, 6 };
	struct dice d;
	struct pcg32 r;

	(void)state;
	dice_init(&d, 5);
	pcg32_seed(&r, 5, 54);
	dice_force(&d, a, 2);
	assert_int_equal(dice_d6(&d), 1);
	dice_force(&d, b, 1); /* appended behind the unused 2 */
	assert_int_equal(dice_d6(&d), 2);
	assert_int_equal(dice_d6(&d), 3);
	assert_int_equal(dice_d6(&d), (int)pcg32_bounded(&r, 6) + 1);
	dice_force(&d, c, 3); /* the queue was drained: starts anew */
	assert_int_equal(dice_forced_left(&d), 3);
	assert_int_equal(dice_d6(&d), 4);
	assert_int_equal(dice_d6(&d), 4);
	assert_int_equal(dice_d6(&d), 6);
	assert_int_equal(dice_d6(&d), (int)pcg32_bounded(&r, 6) + 1);
	dice_force(&d, c, 0);
	assert_int_equal(dice_forced_left(&d), 0);
	assert_int_equal(dice_d6(&d), (int)pcg32_bounded(&r, 6) + 1);
	assert_int_equal(d.rolled, 9);
	dice_done(&d);
}

static void
test_dice_force_many(void **state)
{
	int v[1000], i;
	struct dice d;

	(void)state;
	for (i = 0; i < 1000; i++)
		v[i] = 1 + (i * 7) % 6;
	dice_init(&d, 1);
	for (i = 0; i < 10; i++)
		dice_force(&d, v + 100 * i, 100);
	assert_int_equal(dice_forced_left(&d), 1000);
	for (i = 0; i < 1000; i++)
		assert_int_equal(dice_d6(&d), v[i]);
	assert_int_equal(dice_forced_left(&d), 0);
	dice_done(&d);
}

static void
test_R11_2_dice_d3_mapping(void **state)
{
	static const int faces[] = { 1, 2, 3, 4, 5, 6 };
	static const int want[] = { 1, 1, 2, 2, 3, 3 };
	struct dice d, twin;
	int i;

	(void)state;
	dice_init(&d, 77);
	dice_force(&d, faces, 6);
	for (i = 0; i < 6; i++)
		assert_int_equal(dice_d3(&d), want[i]);
	assert_int_equal(d.rolled, 6);
	/* from the generator: the D6 it rolls, halved upward */
	dice_copy(&twin, &d);
	for (i = 0; i < 300; i++) {
		int six = dice_d6(&twin), three = dice_d3(&d);

		assert_in_range(three, 1, 3);
		assert_int_equal(three, want[six - 1]);
	}
	assert_int_equal(d.rolled, 306);
	dice_done(&d);
	dice_done(&twin);
}

static void
test_dice_copy_independent(void **state)
{
	static const int q[] = { 1, 2, 3 }, more[] = { 6, 6 };
	struct dice d, c;
	int i, x;

	(void)state;
	dice_init(&d, 31);
	dice_force(&d, q, 3);
	assert_int_equal(dice_d6(&d), 1);
	dice_copy(&c, &d);
	assert_int_equal(dice_forced_left(&c), 2);
	assert_int_equal(c.rolled, 1);
	/* the copy rolls what the original would have */
	assert_int_equal(dice_d6(&c), 2);
	assert_int_equal(dice_d6(&c), 3);
	x = dice_d6(&c);
	/* forcing into the copy leaves the original alone */
	dice_force(&c, more, 2);
	assert_int_equal(dice_forced_left(&d), 2);
	assert_int_equal(dice_d6(&d), 2);
	assert_int_equal(dice_d6(&d), 3);
	assert_int_equal(dice_d6(&d), x);
	/* freeing the original does not disturb the copy */
	dice_done(&d);
	assert_int_equal(dice_d6(&c), 6);
	assert_int_equal(dice_d6(&c), 6);
	for (i = 0; i < 10; i++)
		assert_in_range(dice_d6(&c), 1, 6);
	dice_done(&c);
}

static void
test_dice_copy_of_empty_queue(void **state)
{
	static const int one[] = { 4 };
	struct dice d, c;
	int i;

	(void)state;
	dice_init(&d, 8);
	dice_copy(&c, &d);
	for (i = 0; i < 50; i++)
		assert_int_equal(dice_d6(&c), dice_d6(&d));
	dice_force(&c, one, 1);
	assert_int_equal(dice_forced_left(&d), 0);
	assert_int_equal(dice_d6(&c), 4);
	dice_done(&c);
	dice_done(&d);
}

static void
test_dice_reseed_drops_forced_and_rolls_the_new_stream(void **state)
{
	static const int q[] = { 6, 6, 6 };
	struct dice d, e;
	struct pcg32 ref;
	int i;

	(void)state;
	dice_init(&d, 12);
	dice_force(&d, q, 3);
	dice_init(&e, 99);
	dice_reseed(&d, 77, 0x3d6);
	dice_reseed(&e, 77, 0x3d6);
	assert_int_equal(dice_forced_left(&d), 0);
	pcg32_seed(&ref, 77, 0x3d6);
	for (i = 0; i < 50; i++) {
		int die = dice_d6(&d);

		assert_int_equal(die, (int)pcg32_bounded(&ref, 6) + 1);
		/* the game's own seed and queue are forgotten */
		assert_int_equal(die, dice_d6(&e));
	}
	dice_done(&d);
	dice_done(&e);
}

static void
test_dice_done_twice_is_safe(void **state)
{
	static const int one[] = { 2 };
	struct dice d;

	(void)state;
	dice_init(&d, 3);
	dice_force(&d, one, 1);
	dice_done(&d);
	assert_null(d.forced);
	assert_int_equal(dice_forced_left(&d), 0);
	dice_done(&d);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pcg32_reference_vectors),
		cmocka_unit_test(test_pcg32_seed_state),
		cmocka_unit_test(test_pcg32_reference_coins_and_rolls),
		cmocka_unit_test(test_pcg32_streams_differ),
		cmocka_unit_test(test_pcg32_bounded_in_range),
		cmocka_unit_test(test_pcg32_bounded_six_is_fair),
		cmocka_unit_test(test_dice_init_uses_stream_54),
		cmocka_unit_test(test_dice_d6_reference_rolls),
		cmocka_unit_test(test_dice_same_seed_same_rolls),
		cmocka_unit_test(test_dice_force_queue_order_then_generator),
		cmocka_unit_test(test_dice_force_interleaved_and_refilled),
		cmocka_unit_test(test_dice_force_many),
		cmocka_unit_test(test_R11_2_dice_d3_mapping),
		cmocka_unit_test(test_dice_copy_independent),
		cmocka_unit_test(test_dice_copy_of_empty_queue),
		cmocka_unit_test(
		    test_dice_reseed_drops_forced_and_rolls_the_new_stream),
		cmocka_unit_test(test_dice_done_twice_is_safe),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
