#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include "core/hex.h"

static void
test_R1_3_neighbour_odd_row(void **state)
{
	struct hex h = { 3, 5 }, n = hex_neighbour(h, DIR_1);

	(void)state;
	assert_int_equal(n.col, 3);
	assert_int_equal(n.row, 4);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_R1_3_neighbour_odd_row),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
