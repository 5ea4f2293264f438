/*
 * Tests of the unit card's room on the screen (src/ui/cardfit.c and
 * layout_fit_card()): at the least size, 80 x 24, the selected unit's
 * whole card shows on every shipped battle, beside the detailed map and
 * in the strip under the compact one, the log keeping the rest (issue
 * 31: the card was cut after two lines while the log held empty rows).
 */
#include "config.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdbool.h>
#include <string.h>

#include "core/game.h"
#include "ui/cardfit.h"
#include "ui/compact.h"
#include "ui/describe.h"
#include "ui/geom.h"
#include "ui/layout.h"
#include "shipped.h"

struct fit {
	int cols, lines;
	int battles; /* shipped battles measured */
};

/* The layout the screen makes for sc's map, detailed or compact. */
static void
lay_out(struct layout *l, const struct scenario *sc, bool compact, int cols,
	int lines)
{
	const struct map *m = &sc->map;

	if (compact)
		layout_compute_compact(l, cols, lines,
				       compact_map_width(m->width, m->height),
				       compact_map_height(m->height));
	else
		layout_compute(l, cols, lines, geom_map_width(m->width),
			       geom_map_height(m->height));
}

static void
assert_apart(const struct rect *a, const struct rect *b)
{
	assert_true(a->y + a->h <= b->y || b->y + b->h <= a->y ||
		    a->x + a->w <= b->x || b->x + b->w <= a->x);
}

/* The rows the card of u takes in l's panel, and the rows it has. */
static void
card_rows(const struct layout *l, const struct game *g, int u,
	  const struct unit_deeds *d, int *takes, int *has)
{
	int width = l->panel.w - CARDFIT_PANEL_MARGIN;
	struct text t;

	text_init(&t);
	describe_unit(g, u, d, &t);
	*takes = l->panel_below ? cardfit_joined_rows(&t, width)
				: cardfit_rows(&t, width);
	*has = l->panel.h - (l->panel_below ? 1 : LAYOUT_HOVER_H);
	text_done(&t);
}

/* The longest unit ID of the side that is not s: a charge's target. */
static int
longest_enemy(const struct scenario *sc, int s)
{
	int u, best = -1;

	for (u = 0; u < sc->nunits; u++)
		if (sc->units[u].side != s &&
		    (best < 0 ||
		     strlen(sc->units[u].id) > strlen(sc->units[best].id)))
			best = u;
	return best;
}

/*
 * Every unit's card of sc whole on both maps: as the battle starts, and
 * after a busy player-turn (it charged and attacked the enemy with the
 * longest ID and lost SP), the log keeping its least lines.
 */
static void
every_card_whole(const struct scenario *sc, const char *file, void *ctx)
{
	struct fit *f = ctx;
	struct layout l;
	struct game *g;
	int compact, u, takes, has;

	for (compact = 0; compact < 2; compact++) {
		lay_out(&l, sc, compact, f->cols, f->lines);
		assert_true(l.fits);
		cardfit_layout(&l, sc);
		assert_true(l.log.h >= LAYOUT_LOG_LEAST_H);
		assert_int_equal(l.log_rows, l.log.h - 1);
		assert_int_equal(l.log.y + l.log.h, l.msg.y);
		assert_apart(&l.map, &l.panel);
		assert_apart(&l.panel, &l.log);
		assert_apart(&l.map, &l.log);
		g = game_new(sc, 1);
		for (u = 0; u < sc->nunits; u++) {
			struct unit_deeds d = { VERB_CHARGE, -1, VERB_COUNT,
						-1 };

			card_rows(&l, g, u, NULL, &takes, &has);
			if (takes > has)
				fail_msg("%s, %s map, %dx%d: %s's card takes "
					 "%d rows, has %d",
					 file, compact ? "compact" : "detailed",
					 f->cols, f->lines, sc->units[u].id,
					 takes, has);
			d.action_target = longest_enemy(sc, sc->units[u].side);
			g->units[u].acted = true;
			g->units[u].charged = true;
			g->units[u].attacked = d.action_target;
			g->units[u].lost_sp = true;
			card_rows(&l, g, u, &d, &takes, &has);
			if (takes > has)
				fail_msg("%s, %s map, %dx%d: %s's busy card "
					 "takes %d rows, has %d",
					 file, compact ? "compact" : "detailed",
					 f->cols, f->lines, sc->units[u].id,
					 takes, has);
		}
		game_free(g);
	}
	f->battles++;
}

static void
test_card_every_unit_whole_at_80x24_on_both_maps(void **state)
{
	struct fit f = { 80, 24, 0 };

	(void)state;
	assert_true(shipped_each(every_card_whole, &f) >= 8);
	assert_true(f.battles >= 8);
}

/* A bigger screen only gives more room. */
static void
test_card_every_unit_whole_on_bigger_screens(void **state)
{
	static const int sizes[][2] = { { 100, 30 }, { 120, 40 }, { 81, 25 } };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
		struct fit f = { sizes[i][0], sizes[i][1], 0 };

		assert_true(shipped_each(every_card_whole, &f) >= 8);
	}
}

/* The card takes what it needs from the log, never the log's least. */
static void
test_card_takes_rows_from_the_log_down_to_its_least(void **state)
{
	struct layout l, before;

	(void)state;
	/* The strip under a 16 x 12 compact map: three lines, as much as
	 * two card rows need. */
	layout_compute_compact(&l, 80, 24, compact_map_width(16, 12),
			       compact_map_height(12));
	before = l;
	layout_fit_card(&l, 2);
	assert_memory_equal(&l, &before, sizeof l);
	/* Four rows: two more, from the log. */
	layout_fit_card(&l, 4);
	assert_int_equal(l.panel.h, 5);
	assert_int_equal(l.log.y, before.log.y + 2);
	assert_int_equal(l.log.h, before.log.h - 2);
	assert_int_equal(l.log_rows, l.log.h - 1);
	assert_int_equal(l.map.h, before.map.h);
	/* Forty: the log keeps its least. */
	l = before;
	layout_fit_card(&l, 40);
	assert_int_equal(l.log.h, LAYOUT_LOG_LEAST_H);
	assert_int_equal(l.panel.y + l.panel.h, l.log.y);
	/* Beside the detailed map, the map and the panel grow together. */
	layout_compute(&l, 80, 24, geom_map_width(16), geom_map_height(12));
	before = l;
	layout_fit_card(&l, before.panel.h - LAYOUT_HOVER_H + 1);
	assert_int_equal(l.panel.h, before.panel.h + 1);
	assert_int_equal(l.map.h, before.map.h + 1);
	assert_int_equal(l.log.y, before.log.y + 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(
		    test_card_every_unit_whole_at_80x24_on_both_maps),
		cmocka_unit_test(test_card_every_unit_whole_on_bigger_screens),
		cmocka_unit_test(
		    test_card_takes_rows_from_the_log_down_to_its_least),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
