/*
 * The scenario loader against scenario-format.md: good files load with
 * the values they say, and each broken file of tests/data/bad (one defect
 * apiece) gives exactly the error, line and message expected.  Fixtures
 * are found through TEST_DATA_DIR, shipped scenarios through TOP_SRCDIR;
 * large files are generated into a temporary directory, never srcdir.
 */
#include "config.h"

/* cmocka 1.1 needs these first, in this order. */
/* clang-format off */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
/* clang-format on */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/err.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

/* The scenarios of scenarios/, as dist_scenario_DATA lists them. */
static const char *const shipped[] = {
    "tutorial",	    "teutoburg",      "idistaviso",    "medway",
    "caer-caradoc", "watling-street", "mons-graupius", "tapae",
};

static char *
path_in(const char *envvar, const char *fallback, const char *rel)
{
	const char *dir = getenv(envvar);
	size_t n;
	char *p;

	if (dir == NULL)
		dir = fallback;
	n = strlen(dir) + strlen(rel) + 2;
	p = xmalloc(n);
	snprintf(p, n, "%s/%s", dir, rel);
	return p;
}

static struct scenario *
load_data(const char *rel, struct anc_errs *errs)
{
	struct scenario *sc;
	char *path = path_in("TEST_DATA_DIR", "tests/data", rel);

	sc = scenario_load_file(path, errs);
	free(path);
	return sc;
}

/* Reads a whole file into memory (for scenario_load_text()). */
static char *
slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	assert_int_equal(fseek(f, 0, SEEK_END), 0);
	n = ftell(f);
	assert_true(n >= 0);
	rewind(f);
	buf = xmalloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	fclose(f);
	buf[n] = '\0';
	*len = (size_t)n;
	return buf;
}

static void
print_errors(const char *rel, const struct anc_errs *errs)
{
	size_t i;

	for (i = 0; i < errs->n; i++)
		print_message("%s:%d: %s\n", rel, errs->v[i].line,
			      errs->v[i].msg);
}

static struct scenario *
load_good(const char *rel)
{
	struct anc_errs errs;
	struct scenario *sc;

	anc_errs_init(&errs);
	sc = load_data(rel, &errs);
	print_errors(rel, &errs);
	assert_int_equal(errs.n, 0);
	assert_non_null(sc);
	anc_errs_done(&errs);
	return sc;
}

struct want {
	int line;
	const char *msg;
};

/* A broken file gives exactly these errors, in this order, and no scenario. */
static void
expect_errors(const char *rel, const struct want *want, size_t n)
{
	struct anc_errs errs;
	struct scenario *sc;
	size_t i;

	anc_errs_init(&errs);
	sc = load_data(rel, &errs);
	if (errs.n != n)
		print_errors(rel, &errs);
	assert_null(sc);
	assert_int_equal(errs.n, n);
	for (i = 0; i < n; i++) {
		assert_string_equal(errs.v[i].msg, want[i].msg);
		assert_int_equal(errs.v[i].line, want[i].line);
	}
	anc_errs_done(&errs);
}

static void
expect_one_error(const char *rel, int line, const char *msg)
{
	struct want w = {line, msg};

	expect_errors(rel, &w, 1);
}

/*
 * Good files.
 */

static void
test_scenario_loads_format_doc_example(void **state)
{
	struct scenario *sc = load_good("good/format-example.ini");
	const struct unit_def *u;
	const struct map_cell *c;
	struct hex h;

	(void)state;
	assert_string_equal(sc->title, "Teutoburg Forest");
	assert_string_equal(sc->date, "AD 9");
	assert_int_equal(sc->turns, 10);
	assert_int_equal(sc->initiative, 1);
	assert_int_equal(sc->map.width, 12);
	assert_int_equal(sc->map.height, 8);
	assert_string_equal(sc->sides[0].key, "romans");
	assert_string_equal(sc->sides[1].name, "Cherusci (Arminius)");
	assert_int_equal(sc->nunits, 2);
	u = &sc->units[scenario_find_unit(sc, "leg17")];
	assert_string_equal(u->name, "Legio XVII");
	assert_int_equal(u->side, 0);
	assert_int_equal(u->hex.col, 5);
	assert_int_equal(u->hex.row, 6);
	assert_int_equal(u->facing, FACING_N);
	assert_true(u->veteran);
	u = &sc->units[scenario_find_unit(sc, "wb1")];
	assert_int_equal(u->hits, 2);
	assert_int_equal(u->facing, FACING_SE);
	assert_int_equal(sc->ngenerals, 1);
	assert_int_equal(sc->generals[0].unit, scenario_find_unit(sc, "leg17"));
	h.col = 4;
	h.row = 6;
	c = map_cell(&sc->map, h);
	assert_int_equal(c->terrain, TERRAIN_SETTLEMENT);
	assert_true(c->fortified);
	assert_true(c->road);
	h.col = 6;
	h.row = 3;
	assert_int_equal(map_cell(&sc->map, h)->elevation, 2);
	h.col = 8;
	h.row = 6;
	assert_int_equal(map_cell(&sc->map, h)->terrain, TERRAIN_FORD);
	assert_true(sc->victory[0].present);
	assert_false(sc->victory[1].present);
	assert_int_equal(sc->victory[0].count, 1);
	scenario_free(sc);
}

/* Shipped scenario i, loaded without an error (the test fails if not). */
static struct scenario *
load_shipped(size_t i)
{
	struct scenario *sc;
	struct anc_errs errs;
	char rel[64], *path;

	snprintf(rel, sizeof rel, "scenarios/%s.ini", shipped[i]);
	path = path_in("TOP_SRCDIR", ".", rel);
	anc_errs_init(&errs);
	sc = scenario_load_file(path, &errs);
	print_errors(path, &errs);
	assert_int_equal(errs.n, 0);
	assert_non_null(sc);
	anc_errs_done(&errs);
	free(path);
	return sc;
}

static void
test_scenario_loads_every_shipped_scenario(void **state)
{
	struct scenario *sc;
	size_t i;
	int s, count[2];

	(void)state;
	for (i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
		sc = load_shipped(i);
		/* Playable: a briefing, a general and units on each side. */
		assert_true(sc->turns >= 6 && sc->turns <= 12);
		assert_true(sc->map.width <= 16 && sc->map.height <= 12);
		assert_true(strlen(sc->briefing) > 0);
		assert_true(strchr(sc->briefing, '\n') != NULL);
		assert_true(sc->date[0] != '\0' && sc->summary[0] != '\0');
		count[0] = count[1] = 0;
		for (s = 0; s < sc->ngenerals; s++)
			count[sc->generals[s].side]++;
		assert_true(count[0] > 0 && count[1] > 0);
		scenario_free(sc);
	}
}

/* No unit starts next to an enemy: the first player cannot just attack. */
static void
test_scenario_shipped_units_start_apart(void **state)
{
	struct scenario *sc;
	size_t i;
	int a, b;

	(void)state;
	for (i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
		sc = load_shipped(i);
		for (a = 0; a < sc->nunits; a++)
			for (b = a + 1; b < sc->nunits; b++)
				if (sc->units[a].side != sc->units[b].side)
					assert_true(
					    hex_distance(sc->units[a].hex,
							 sc->units[b].hex) > 1);
		scenario_free(sc);
	}
}

/*
 * The briefing page shows each line of a briefing as a line of its own,
 * wrapped only where it is wider than the page's text, 76 columns at 80
 * (a border and a space each side): a longer line of a shipped briefing
 * broke into a stub of two words in the middle of a sentence.
 */
static void
test_scenario_shipped_briefing_lines_fit_80_columns(void **state)
{
	struct scenario *sc;
	const char *p, *nl;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof shipped / sizeof shipped[0]; i++) {
		sc = load_shipped(i);
		for (p = sc->briefing; *p != '\0'; p = nl + (*nl != '\0')) {
			nl = strchr(p, '\n');
			if (nl == NULL)
				nl = p + strlen(p);
			if (nl - p > 76)
				fail_msg("%s: a briefing line of %d columns: "
					 "%.*s",
					 shipped[i], (int)(nl - p), (int)(nl - p),
					 p);
		}
		scenario_free(sc);
	}
}

static void
test_scenario_load_text_keeps_source(void **state)
{
	struct anc_errs errs;
	struct scenario *sc;
	char *path, *text;
	size_t len;

	(void)state;
	path = path_in("TOP_SRCDIR", ".", "scenarios/tutorial.ini");
	text = slurp(path, &len);
	anc_errs_init(&errs);
	sc = scenario_load_text(text, len, &errs);
	assert_int_equal(errs.n, 0);
	assert_non_null(sc);
	assert_string_equal(sc->title, "Tutorial");
	assert_int_equal(sc->source_len, len);
	assert_memory_equal(sc->source, text, len);
	scenario_free(sc);
	anc_errs_done(&errs);
	free(text);
	free(path);
}

/* The same text loads the same from memory as from its file. */
static void
test_scenario_load_text_equals_load_file(void **state)
{
	struct scenario *a, *b;
	struct anc_errs errs;
	char *path, *text;
	size_t len;
	int i;

	(void)state;
	path = path_in("TEST_DATA_DIR", "tests/data", "good/features.ini");
	text = slurp(path, &len);
	anc_errs_init(&errs);
	a = scenario_load_text(text, len, &errs);
	b = scenario_load_file(path, &errs);
	assert_int_equal(errs.n, 0);
	assert_int_equal(a->nunits, b->nunits);
	assert_int_equal(a->ntypes, b->ntypes);
	for (i = 0; i < a->ntypes; i++)
		assert_memory_equal(&a->types[i], &b->types[i],
				    sizeof a->types[i]);
	assert_memory_equal(a->map.cells, b->map.cells,
			    (size_t)(a->map.width * a->map.height) *
				sizeof *a->map.cells);
	scenario_free(a);
	scenario_free(b);
	anc_errs_done(&errs);
	free(text);
	free(path);
}

static void
test_scenario_type_inheritance_values(void **state)
{
	struct scenario *sc = load_good("good/features.ini");
	const struct unit_type *t;

	(void)state;
	assert_int_equal(sc->ntypes, UNITTYPE_BUILTIN_COUNT + 4);
	/* A built-in key edits the built-in, in place. */
	t = &sc->types[scenario_find_type(sc, "auxilia")];
	assert_int_equal(scenario_find_type(sc, "auxilia"), 1);
	assert_int_equal(t->combat, 4);
	assert_string_equal(t->name, "Auxilia");
	/* base copies the edited values first. */
	t = &sc->types[scenario_find_type(sc, "batavi")];
	assert_int_equal(scenario_find_type(sc, "batavi"),
			 UNITTYPE_BUILTIN_COUNT);
	assert_string_equal(t->name, "Batavian auxilia");
	assert_int_equal(t->cls, CLASS_FORMED);
	assert_int_equal(t->combat, 4);
	assert_int_equal(t->move, 3);
	assert_int_equal(t->push, 3);
	assert_int_equal(t->traits, 0);
	/* A base further down the file. */
	t = &sc->types[scenario_find_type(sc, "late")];
	assert_string_equal(t->name, "Late chariots");
	assert_int_equal(t->cls, CLASS_NIMBLE);
	assert_int_equal(t->move, 4);
	assert_int_equal(t->traits, TRAIT_MOUNTED);
	/* A new type without base, named by its key. */
	t = &sc->types[scenario_find_type(sc, "chariots")];
	assert_string_equal(t->name, "chariots");
	assert_int_equal(t->combat, 3);
	/* traits replace the base's list; missile values are inherited. */
	t = &sc->types[scenario_find_type(sc, "slingers")];
	assert_int_equal(t->traits, TRAIT_LIGHT | TRAIT_MISSILE);
	assert_int_equal(t->missile_range, 3);
	assert_int_equal(t->missile_dice, 2);
	assert_int_equal(t->move, 3);
	/* A built-in edited from another base keeps its key and name. */
	t = &sc->types[scenario_find_type(sc, "legionaries")];
	assert_string_equal(t->name, "Legionaries");
	assert_int_equal(t->combat, 4);
	assert_int_equal(t->traits, TRAIT_ARMORED);
	/* Untouched built-ins keep the R13 values. */
	t = &sc->types[scenario_find_type(sc, "warband")];
	assert_int_equal(t->push, 4);
	scenario_free(sc);
}

static void
test_scenario_unit_values_case_and_missile(void **state)
{
	struct scenario *sc = load_good("good/features.ini");
	const struct unit_def *u;

	(void)state;
	u = &sc->units[scenario_find_unit(sc, "bat1")];
	assert_int_equal(u->facing, FACING_NE);
	assert_true(u->veteran);
	assert_int_equal(u->type, scenario_find_type(sc, "batavi"));
	u = &sc->units[scenario_find_unit(sc, "sl1")];
	assert_false(u->missile); /* missile = No */
	assert_int_equal(u->hits, 3);
	assert_false(u->veteran);
	u = &sc->units[scenario_find_unit(sc, "vel1")];
	assert_true(u->missile); /* the type's default */
	assert_string_equal(u->name, "Velites in the woods");
	u = &sc->units[scenario_find_unit(sc, "ch1")];
	assert_int_equal(u->side, 1);
	assert_int_equal(u->facing, FACING_SW);
	assert_false(u->missile);
	assert_int_equal(scenario_find_general(sc, "arm"), 0);
	assert_string_equal(sc->generals[0].name, "Arminius");
	assert_int_equal(sc->generals[0].unit, scenario_find_unit(sc, "ch1"));
	assert_int_equal(scenario_find_unit(sc, "arm"), -1);
	assert_int_equal(scenario_find_side(sc, "germani"), 1);
	assert_int_equal(scenario_find_side(sc, "draw"), -1);
	scenario_free(sc);
}

static void
test_scenario_hex_list_ranges(void **state)
{
	struct scenario *sc = load_good("good/features.ini");
	struct hex h;
	int col, row, elev;

	(void)state;
	/* hills = 0101-0103 0201 / 0301; high-hills = 0801-0601 */
	for (row = 1; row <= 5; row++) {
		for (col = 1; col <= 8; col++) {
			h.col = col;
			h.row = row;
			elev = 0;
			if ((col == 1 && row <= 3) ||
			    (row == 1 && (col == 2 || col == 3)))
				elev = 1;
			if (row == 1 && col >= 6)
				elev = 2;
			assert_int_equal(map_cell(&sc->map, h)->elevation,
					 elev);
			assert_int_equal(map_cell(&sc->map, h)->road, row == 5);
			assert_int_equal(map_cell(&sc->map, h)->fortified,
					 row == 4 && (col == 4 || col == 5));
		}
	}
	/* A hex listed twice counts once. */
	assert_int_equal(sc->victory[0].count, 2);
	assert_int_equal(sc->victory[0].hexes[0].col, 4);
	assert_int_equal(sc->victory[0].hexes[1].col, 5);
	assert_int_equal(sc->victory[1].count, 1);
	scenario_free(sc);
}

static void
test_scenario_continuation_lines_and_comments(void **state)
{
	struct scenario *sc = load_good("good/features.ini");
	static const char *const rows[] = {
	    "..ww....", "..w.....", "..~f~...", "rsbvv...", "........",
	};
	struct hex h;
	int col, row;

	(void)state;
	/* '#' is an ordinary character; "; " starts a comment. */
	assert_string_equal(sc->title, "Features # not a comment");
	assert_string_equal(sc->date, "AD 14"); /* "date: AD 14" */
	assert_string_equal(sc->summary, "Inline comments");
	assert_int_equal(sc->turns, 12);
	/* Key line included, comments and blank lines left out. */
	assert_string_equal(sc->briefing,
			    "First line of the briefing.\n"
			    "Second line\nThird line, after a blank line.");
	/* Rows with and without spaces, tab-indented, commented. */
	for (row = 1; row <= 5; row++) {
		for (col = 1; col <= 8; col++) {
			h.col = col;
			h.row = row;
			assert_int_equal(
			    terrain_code(
				(enum terrain)map_cell(&sc->map, h)->terrain),
			    rows[row - 1][col - 1]);
		}
	}
	scenario_free(sc);
}

static void
test_scenario_accepts_crlf_and_bom(void **state)
{
	struct scenario *sc = load_good("good/crlf-bom.ini");

	(void)state;
	assert_string_equal(sc->title, "Base");
	assert_string_equal(sc->sides[1].name, "Germans");
	scenario_free(sc);
}

static void
test_scenario_accepts_line_of_197_bytes(void **state)
{
	struct scenario *sc = load_good("good/line-197.ini");

	(void)state;
	assert_int_equal(strlen(sc->summary), 187);
	scenario_free(sc);
}

/* Errors are appended after what the list already holds. */
static void
test_scenario_appends_to_error_list(void **state)
{
	struct anc_errs errs;

	(void)state;
	anc_errs_init(&errs);
	anc_errs_add(&errs, 99, "earlier");
	assert_null(load_data("bad/turns-zero.ini", &errs));
	assert_int_equal(errs.n, 2);
	assert_string_equal(errs.v[0].msg, "earlier");
	assert_int_equal(errs.v[1].line, 6);
	anc_errs_done(&errs);
}

/*
 * Broken files: one defect, one error, at the line the format names.
 */

#define BAD(name, file, line, msg)                                             \
	static void name(void **state)                                         \
	{                                                                      \
		(void)state;                                                   \
		expect_one_error("bad/" file, line, msg);                      \
	}

/* Lines */
BAD(test_scenario_rejects_long_line_at_its_line, "line-too-long.ini", 5,
    "line too long (240 bytes, at most 197)")
BAD(test_scenario_rejects_line_of_198_bytes, "line-198-bytes.ini", 5,
    "line too long (198 bytes, at most 197)")
BAD(test_scenario_rejects_nul_byte_at_its_line, "nul-byte.ini", 22,
    "line holds a NUL byte")
BAD(test_scenario_long_terrain_row_is_one_error, "long-terrain-row.ini", 14,
    "line too long (243 bytes, at most 197)")
BAD(test_scenario_long_header_is_one_error, "long-header.ini", 24,
    "line too long (206 bytes, at most 197)")

/* Syntax */
BAD(test_scenario_rejects_key_line_without_equals, "syntax-no-equals.ini", 3,
    "expected \"key = value\" or \"[section]\", not \"title Base\"")
BAD(test_scenario_rejects_header_without_bracket, "syntax-header-unclosed.ini",
    9, "section header without \"]\"")
BAD(test_scenario_rejects_text_after_bracket, "header-trailing-text.ini", 9,
    "text after \"]\" in section header: \"big\"")
BAD(test_scenario_rejects_empty_header, "header-empty.ini", 39,
    "empty section header \"[]\"")
BAD(test_scenario_empty_header_for_map_is_one_error, "header-empty-for-map.ini",
    9, "empty section header \"[]\"")
BAD(test_scenario_rejects_key_outside_section, "key-outside-section.ini", 2,
    "key \"title\" is outside any section")
BAD(test_scenario_rejects_key_line_without_key, "key-empty-name.ini", 7,
    "no key before \"=\"")

/* Sections */
BAD(test_scenario_rejects_unknown_section_with_hint, "unknown-section.ini", 33,
    "unknown section \"[units wb1]\" (did you mean \"[unit wb1]\"?)")
BAD(test_scenario_section_kinds_are_case_sensitive, "unknown-section-case.ini",
    2, "unknown section \"[Scenario]\" (did you mean \"[scenario]\"?)")
BAD(test_scenario_rejects_repeated_section_at_later_header,
    "repeated-section.ini", 43, "repeated section [map] (first at line 9)")
BAD(test_scenario_rejects_repeated_side_at_later_header, "repeated-side.ini",
    43, "repeated section [side romans] (first at line 21)")
BAD(test_scenario_repeated_side_for_second_is_one_error,
    "repeated-side-for-second.ini", 24,
    "repeated section [side romans] (first at line 21)")
BAD(test_scenario_rejects_unit_without_id, "unit-no-id.ini", 33,
    "section [unit] needs an ID")
BAD(test_scenario_rejects_unit_with_two_ids, "unit-two-ids.ini", 33,
    "section [unit] takes one name, not \"wb1\" and \"wb2\"")
BAD(test_scenario_rejects_name_on_map_section, "map-with-name.ini", 9,
    "section [map] takes no name, not \"big\"")
BAD(test_scenario_rejects_third_side_at_its_header, "third-side.ini", 27,
    "a third side \"gauls\": a scenario has exactly two")
BAD(test_scenario_rejects_missing_map_without_line, "missing-section-map.ini",
    0, "missing section [map]")
BAD(test_scenario_rejects_missing_scenario_without_line,
    "missing-section-scenario.ini", 0, "missing section [scenario]")
BAD(test_scenario_rejects_single_side_without_line, "one-side.ini", 0,
    "only one [side] section: a scenario has two sides")
BAD(test_scenario_rejects_side_without_units_at_header,
    "side-without-units.ini", 24, "side \"germans\" has no units")

/* Keys */
BAD(test_scenario_rejects_unknown_key_with_hint, "unknown-key.ini", 3,
    "unknown key \"Title\" in [scenario] (did you mean \"title\"?)")
BAD(test_scenario_rejects_unknown_unit_key_with_hint, "unknown-key-unit.ini",
    36, "unknown key \"hexes\" in [unit wb1] (did you mean \"hex\"?)")
BAD(test_scenario_rejects_repeated_key_at_second, "repeated-key.ini", 7,
    "repeated key \"turns\" in [scenario] (first at line 6)")
BAD(test_scenario_rejects_continuation_of_one_line_key,
    "continuation-not-allowed.ini", 4,
    "\"title\" takes one line: it may not continue on an indented line")
BAD(test_scenario_rejects_indented_line_after_header,
    "indented-after-header.ini", 25,
    "indented line after a section header (keys start in column 1)")
BAD(test_scenario_indented_header_is_one_error, "indented-header.ini", 9,
    "\"initiative\" takes one line: it may not continue on an indented line")
BAD(test_scenario_indented_header_after_header_is_one_error,
    "indented-header-after-header.ini", 22,
    "indented line after a section header (keys start in column 1)")
BAD(test_scenario_rejects_missing_key_at_header, "missing-key.ini", 33,
    "missing \"facing\" in [unit wb1]")
BAD(test_scenario_empty_required_value_counts_as_missing,
    "missing-key-empty.ini", 2, "missing \"title\" in [scenario]")
BAD(test_scenario_rejects_side_without_name_at_header,
    "missing-key-side-name.ini", 24, "missing \"name\" in [side germans]")

/* Values */
BAD(test_scenario_rejects_turns_out_of_range, "turns-zero.ini", 6,
    "turns \"0\" is out of range (1-99)")
BAD(test_scenario_rejects_turns_not_a_number, "turns-not-number.ini", 6,
    "turns \"six\" is not a number")
BAD(test_scenario_numbers_are_plain_digits, "turns-signed.ini", 6,
    "turns \"+6\" is not a number")
BAD(test_scenario_rejects_width_over_99, "width-too-big.ini", 10,
    "width \"100\" is out of range (1-99)")
BAD(test_scenario_rejects_hits_over_8, "hits-too-many.ini", 38,
    "hits \"9\" is out of range (0-8)")
BAD(test_scenario_rejects_unknown_facing, "facing-bad.ini", 37,
    "unknown facing \"E\" (N, NE, SE, S, SW or NW)")
BAD(test_scenario_rejects_veteran_not_yes_or_no, "veteran-bad.ini", 32,
    "veteran \"maybe\" is not yes or no")
BAD(test_scenario_rejects_initiative_of_no_side, "initiative-not-side.ini", 7,
    "initiative \"gauls\" is not one of the two sides")
BAD(test_scenario_rejects_unit_of_no_side_with_hint, "unit-side-not-side.ini",
    34,
    "side \"german\" is not one of the two sides (did you mean "
    "\"germans\"?)")
BAD(test_scenario_rejects_unknown_unit_type_with_hint, "unit-type-unknown.ini",
    29, "unknown type \"legionary\" (did you mean \"legionaries\"?)")
BAD(test_scenario_rejects_id_of_nine_characters, "id-too-long.ini", 33,
    "bad ID \"warbands1\" (1-8 letters, digits and \"-\", starting with "
    "a letter)")
BAD(test_scenario_rejects_id_starting_with_digit, "id-bad-start.ini", 39,
    "bad ID \"1varus\" (1-8 letters, digits and \"-\", starting with a "
    "letter)")
BAD(test_scenario_rejects_upper_case_side_key, "side-key-upper.ini", 24,
    "bad side key \"Germans\" (1-20 of a-z, 0-9 and \"-\", starting with a "
    "letter)")
BAD(test_scenario_rejects_draw_as_side_key, "side-key-draw.ini", 24,
    "\"draw\" cannot be a side key")
BAD(test_scenario_rejects_duplicated_id_across_units_and_generals,
    "duplicate-id.ini", 39, "duplicated ID \"leg1\" (first at line 27)")
BAD(test_scenario_duplicated_id_of_sides_only_unit_is_one_error,
    "duplicate-id-other-side.ini", 33,
    "duplicated ID \"leg1\" (first at line 27)")
BAD(test_scenario_duplicated_id_of_general_then_unit_is_one_error,
    "duplicate-id-general-first.ini", 31,
    "duplicated ID \"leg1\" (first at line 27)")

/* Map */
BAD(test_scenario_rejects_too_few_rows_at_terrain_line,
    "terrain-too-few-rows.ini", 12, "terrain has 3 rows, not 4")
BAD(test_scenario_rejects_too_many_rows_at_first_extra_row,
    "terrain-too-many-rows.ini", 17, "terrain has more than 4 rows")
BAD(test_scenario_rejects_short_row_at_its_line, "terrain-row-short.ini", 15,
    "terrain row 3 has 5 codes, not 6")
BAD(test_scenario_rejects_unknown_terrain_code_at_row_line,
    "terrain-unknown-code.ini", 15, "unknown terrain code \"x\"")
BAD(test_scenario_terrain_codes_are_case_sensitive,
    "terrain-unknown-code-key-line.ini", 12, "unknown terrain code \"W\"")
BAD(test_scenario_rejects_hill_off_map, "hex-list-off-map.ini", 17,
    "hex \"0705\" is off the 6 x 4 map")
BAD(test_scenario_rejects_hex_not_four_digits, "hex-list-bad-form.ini", 17,
    "bad hex \"12a4\" (four digits CCRR, or a range CCRR-CCRR)")
BAD(test_scenario_rejects_column_00, "hex-list-zero.ini", 17,
    "hex \"0002\" is off the 6 x 4 map")
BAD(test_scenario_rejects_diagonal_range, "hex-range-diagonal.ini", 17,
    "hex range \"0101-0202\" is not within one column or row")
BAD(test_scenario_rejects_range_off_map, "hex-range-off-map.ini", 17,
    "hex range \"0601-0609\" is off the 6 x 4 map")
BAD(test_scenario_rejects_empty_hex_list, "hex-list-empty.ini", 18,
    "empty hex list for \"roads\"")
BAD(test_scenario_rejects_bad_hex_at_its_continuation_line,
    "hex-list-continued-bad.ini", 19,
    "bad hex \"0x04\" (four digits CCRR, or a range CCRR-CCRR)")
BAD(test_scenario_rejects_hex_in_both_hill_lists_at_later_line,
    "both-hills.ini", 18, "hex \"0102\" is in both hills and high-hills")
BAD(test_scenario_both_hill_lists_error_at_later_line_either_order,
    "both-hills-earlier.ini", 19,
    "hex \"0102\" is in both hills and high-hills")
BAD(test_scenario_rejects_fortified_hex_not_settlement,
    "fortified-not-settlement.ini", 19,
    "fortified hex \"0101\" is clear, not a settlement")

/* Units */
BAD(test_scenario_rejects_unit_off_map, "unit-off-map.ini", 36,
    "hex \"0705\" is off the 6 x 4 map")
BAD(test_scenario_rejects_unit_hex_not_four_digits, "unit-hex-bad.ini", 36,
    "bad hex \"31\" (four digits CCRR)")
BAD(test_scenario_rejects_unit_in_woods_at_hex_line, "unit-in-woods.ini", 42,
    "unit \"leg2\" stands in woods, which legionaries may not enter")
BAD(test_scenario_rejects_unit_in_river_at_hex_line, "unit-in-river.ini", 36,
    "unit \"aux1\" stands in river, which auxilia may not enter")
BAD(test_scenario_rejects_mounted_unit_in_rough, "mounted-in-rough.ini", 36,
    "unit \"eq1\" stands in rough, which equites may not enter")
BAD(test_scenario_rejects_two_units_in_one_hex_at_later_line,
    "two-units-one-hex.ini", 36,
    "units \"leg1\" and \"aux1\" both stand in hex \"0204\"")
BAD(test_scenario_rejects_missile_yes_without_trait,
    "missile-yes-without-trait.ini", 38,
    "missile \"yes\", but type \"auxilia\" has no missile trait")

/* Generals */
BAD(test_scenario_rejects_general_on_enemy_unit_at_unit_line,
    "general-other-side.ini", 41,
    "general \"varus\" of side \"romans\" is on unit \"wb1\" of side "
    "\"germans\"")
BAD(test_scenario_rejects_general_on_missing_unit_at_unit_line,
    "general-missing-unit.ini", 41,
    "general \"varus\" is on unit \"leg9\", which does not exist")
BAD(test_scenario_rejects_two_generals_on_one_unit_at_later_line,
    "two-generals-one-unit.ini", 45,
    "generals \"varus\" and \"legate\" are both on unit \"leg1\"")

/* Types */
BAD(test_scenario_rejects_unknown_base_with_hint, "type-base-unknown.ini", 44,
    "unknown base type \"warbands\" (did you mean \"warband\"?)")
BAD(test_scenario_rejects_base_loop_at_first_type_base_line,
    "type-base-loop.ini", 44, "loop of base types: a -> b -> a")
BAD(test_scenario_base_loop_names_first_type_of_the_loop,
    "type-base-loop-later.ini", 47, "loop of base types: y -> z -> y")
BAD(test_scenario_rejects_type_based_on_itself, "type-base-self.ini", 44,
    "loop of base types: auxilia -> auxilia")
BAD(test_scenario_rejects_new_type_without_base_and_move,
    "type-new-incomplete.ini", 43,
    "new type \"falxmen\" has no base, so it needs \"move\" and \"push\"")
BAD(test_scenario_rejects_missile_trait_without_range_and_dice,
    "type-missile-no-range.ini", 43,
    "type \"slingers\" has the missile trait but no \"missile-range\" and "
    "\"missile-dice\"")
BAD(test_scenario_rejects_veteran_as_type_trait, "type-trait-veteran.ini", 45,
    "trait \"veteran\" is set per unit (veteran = yes), not per type")
BAD(test_scenario_rejects_unknown_trait_with_hint, "type-trait-unknown.ini", 45,
    "unknown trait \"armoured\" (did you mean \"armored\"?)")
BAD(test_scenario_rejects_unknown_class, "type-class-bad.ini", 45,
    "class \"heavy\" is not formed or nimble")
BAD(test_scenario_rejects_move_below_2, "type-move-too-low.ini", 45,
    "move \"1\" is out of range (2-20)")
BAD(test_scenario_rejects_upper_case_type_key, "type-key-bad.ini", 43,
    "bad type key \"Guard\" (1-20 of a-z, 0-9 and \"-\", starting with a "
    "letter)")

/* Victory */
BAD(test_scenario_rejects_victory_for_no_side, "victory-not-side.ini", 44,
    "[victory] key \"gauls\" is not one of the two sides")
BAD(test_scenario_rejects_empty_victory_list, "victory-empty.ini", 44,
    "empty hex list for \"romans\"")
BAD(test_scenario_rejects_repeated_victory_key, "victory-repeated-key.ini", 45,
    "repeated key \"romans\" in [victory] (first at line 44)")

/* Whole files */
BAD(test_scenario_rejects_file_cut_in_header, "truncated-header.ini", 43,
    "section header without \"]\"")
BAD(test_scenario_rejects_empty_file, "empty.ini", 0, "file is empty")
BAD(test_scenario_rejects_file_of_comments, "comments-only.ini", 0,
    "file is empty")

static void
test_scenario_rejects_file_cut_in_terrain(void **state)
{
	static const struct want want[] = {
	    {0, "missing sections [side]: a scenario has two sides"},
	    {12, "terrain has 2 rows, not 4"},
	};

	(void)state;
	expect_errors("bad/truncated-terrain.ini", want, 2);
}

static void
test_scenario_reports_every_error_in_line_order(void **state)
{
	static const struct want want[] = {
	    {7, "unknown key \"colour\" in [scenario]"},
	    {27, "unit \"leg1\" stands in woods, which legionaries may not "
		 "enter"},
	    {35, "hits \"12\" is out of range (0-8)"},
	    {36, "expected \"key = value\" or \"[section]\", not \"this "
		 "line is no key\""},
	};

	(void)state;
	expect_errors("bad/several-errors.ini", want, 4);
}

static void
test_scenario_stops_after_50_errors(void **state)
{
	struct anc_errs errs;
	char msg[64];
	int i;

	(void)state;
	anc_errs_init(&errs);
	assert_null(load_data("bad/too-many-errors.ini", &errs));
	assert_int_equal(errs.n, SCENARIO_MAX_ERRORS + 1);
	for (i = 0; i < SCENARIO_MAX_ERRORS; i++) {
		snprintf(msg, sizeof msg, "unknown key \"k%d\" in [unit leg1]",
			 i);
		assert_int_equal(errs.v[i].line, 27 + i);
		assert_string_equal(errs.v[i].msg, msg);
	}
	assert_int_equal(errs.v[SCENARIO_MAX_ERRORS].line, 0);
	assert_string_equal(errs.v[SCENARIO_MAX_ERRORS].msg, "too many errors");
	anc_errs_done(&errs);
}

static void
test_scenario_rejects_binary_junk(void **state)
{
	struct anc_errs errs;
	size_t i;

	(void)state;
	anc_errs_init(&errs);
	assert_null(load_data("bad/binary-junk.ini", &errs));
	assert_int_equal(errs.n, SCENARIO_MAX_ERRORS + 1);
	assert_int_equal(errs.v[0].line, 0);
	assert_string_equal(errs.v[0].msg, "missing section [scenario]");
	assert_int_equal(errs.v[3].line, 1);
	assert_int_equal(errs.v[5].line, 3);
	assert_string_equal(errs.v[5].msg, "line holds a NUL byte");
	for (i = 1; i < SCENARIO_MAX_ERRORS; i++)
		assert_true(errs.v[i].line >= errs.v[i - 1].line);
	/* Messages quote junk safely: no control characters. */
	for (i = 0; i < errs.n; i++)
		assert_true(strpbrk(errs.v[i].msg, "\x01\x02\x03\x1b\t\r\n") ==
			    NULL);
	assert_string_equal(errs.v[SCENARIO_MAX_ERRORS].msg, "too many errors");
	anc_errs_done(&errs);
}

static void
test_scenario_rejects_unreadable_file(void **state)
{
	struct anc_errs errs;

	(void)state;
	anc_errs_init(&errs);
	assert_null(load_data("bad/no-such-file.ini", &errs));
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 0);
	assert_string_equal(errs.v[0].msg,
			    "cannot open: No such file or directory");
	anc_errs_done(&errs);
	anc_errs_init(&errs);
	assert_null(load_data("bad", &errs)); /* a directory */
	assert_int_equal(errs.n, 1);
	assert_int_equal(errs.v[0].line, 0);
	assert_string_equal(errs.v[0].msg, "cannot read: Is a directory");
	anc_errs_done(&errs);
}

/* Text from memory is bounded by len, NULs and all. */
static void
test_scenario_load_text_finds_nul_bytes(void **state)
{
	static const char text[] = "[scenario]\ntitle = A\0B\nturns = 1\n";
	struct anc_errs errs;

	(void)state;
	anc_errs_init(&errs);
	assert_null(scenario_load_text(text, sizeof text - 1, &errs));
	assert_true(errs.n >= 1);
	assert_int_equal(errs.v[errs.n - 1].line, 2);
	assert_string_equal(errs.v[errs.n - 1].msg, "line holds a NUL byte");
	anc_errs_done(&errs);
}

/*
 * Ten megabytes, generated into a temporary directory.
 */

struct tmpfile {
	char dir[256];
	char path[300];
};

static FILE *
tmp_create(struct tmpfile *t)
{
	const char *tmp = getenv("TMPDIR");
	FILE *f;

	if (tmp == NULL || *tmp == '\0')
		tmp = "/tmp";
	snprintf(t->dir, sizeof t->dir, "%s/test_scenario.XXXXXX", tmp);
	assert_non_null(mkdtemp(t->dir));
	snprintf(t->path, sizeof t->path, "%s/big.ini", t->dir);
	f = fopen(t->path, "w");
	assert_non_null(f);
	return f;
}

static void
tmp_remove(struct tmpfile *t)
{
	assert_int_equal(unlink(t->path), 0);
	assert_int_equal(rmdir(t->dir), 0);
}

#define BIG_BYTES (7L * 1024 * 1024) /* under the 8 MB limit (readfile.h) */

static void
test_scenario_loads_7mb_file(void **state)
{
	struct anc_errs errs;
	struct scenario *sc;
	struct tmpfile t;
	char *base, *text;
	size_t len;
	long lines = 0;
	FILE *f;

	(void)state;
	base = path_in("TEST_DATA_DIR", "tests/data", "good/base.ini");
	text = slurp(base, &len);
	/* A briefing of 7 MB, then the rest of a good scenario. */
	f = tmp_create(&t);
	fputs("[scenario]\nbriefing = A very long briefing.\n", f);
	while (ftell(f) < BIG_BYTES)
		fprintf(f,
			"  Line %ld of a briefing that goes on and on ; "
			"with a comment\n",
			++lines);
	fputs(strstr(text, "title = "), f);
	fclose(f);

	anc_errs_init(&errs);
	sc = scenario_load_file(t.path, &errs);
	print_errors(t.path, &errs);
	assert_int_equal(errs.n, 0);
	assert_non_null(sc);
	assert_true(sc->source_len > (size_t)BIG_BYTES);
	assert_true(strlen(sc->briefing) > (size_t)BIG_BYTES / 2);
	assert_non_null(strstr(sc->briefing, "\nLine 1 of a briefing that "
					     "goes on and on\nLine 2 "));
	assert_int_equal(sc->nunits, 2);
	scenario_free(sc);
	anc_errs_done(&errs);
	free(text);
	free(base);
	tmp_remove(&t);
}

static void
test_scenario_7mb_of_junk_stops_after_50_errors(void **state)
{
	struct anc_errs errs;
	struct tmpfile t;
	long n = 0;
	FILE *f;
	int i;

	(void)state;
	f = tmp_create(&t);
	while (ftell(f) < BIG_BYTES) {
		if (++n % 7 == 0)
			fprintf(f, "%0250ld\n", n); /* too long */
		else
			fprintf(f, "junk %ld\n", n);
	}
	fclose(f);
	anc_errs_init(&errs);
	assert_null(scenario_load_file(t.path, &errs));
	assert_int_equal(errs.n, SCENARIO_MAX_ERRORS + 1);
	assert_int_equal(errs.v[0].line, 0); /* no [scenario] */
	assert_int_equal(errs.v[3].line, 1);
	assert_string_equal(
	    errs.v[3].msg,
	    "expected \"key = value\" or \"[section]\", not \"junk 1\"");
	assert_int_equal(errs.v[9].line, 7);
	assert_string_equal(errs.v[9].msg,
			    "line too long (250 bytes, at most 197)");
	for (i = 3; i < SCENARIO_MAX_ERRORS; i++)
		assert_int_equal(errs.v[i].line, i - 2);
	assert_string_equal(errs.v[SCENARIO_MAX_ERRORS].msg, "too many errors");
	anc_errs_done(&errs);
	tmp_remove(&t);
}

/*
 * "A hex listed twice counts once": a list keeps each hex once, so 7 MB
 * of the same ranges cost no more than one.  (They were kept one entry
 * per hex named, some 900 MB here, enough to abort on a small machine.)
 * The file is loaded in a child, whose peak memory wait4() reports.
 */
static int
load_repeated_ranges(const char *path)
{
	struct anc_errs errs;
	struct scenario *sc;
	struct hex h = {1, 50}, far = {99, 99};
	int bad;

	anc_errs_init(&errs);
	sc = scenario_load_file(path, &errs);
	if (sc == NULL)
		return 1;
	bad = map_cell(&sc->map, h)->elevation != 1 ||
	      map_cell(&sc->map, far)->elevation != 0 ||
	      sc->victory[0].count != 99 || sc->victory[1].count != 1 ||
	      sc->victory[0].hexes[0].row != 1 ||
	      sc->victory[0].hexes[98].row != 99;
	scenario_free(sc);
	anc_errs_done(&errs);
	return bad ? 2 : 0;
}

static void
test_scenario_repeated_hex_ranges_kept_once(void **state)
{
	struct rusage ru;
	struct tmpfile t;
	pid_t pid;
	int status, i;
	FILE *f;

	(void)state;
	f = tmp_create(&t);
	fputs("[scenario]\ntitle = Ranges\nturns = 1\ninitiative = a\n"
	      "[map]\nwidth = 99\nheight = 99\nhills = 0101-0199\n",
	      f);
	while (ftell(f) < BIG_BYTES / 2) {
		fputs(" ", f);
		for (i = 0; i < 19; i++)
			fputs(" 0101-0199", f);
		fputs("\n", f);
	}
	fputs("[victory]\na = 0101-0199\n", f);
	while (ftell(f) < BIG_BYTES) {
		fputs(" ", f);
		for (i = 0; i < 19; i++)
			fputs(" 0199-0101", f);
		fputs("\n", f);
	}
	fputs("b = 9999 9999-9999\n"
	      "[side a]\nname = A\n[side b]\nname = B\n"
	      "[unit u1]\nside = a\ntype = auxilia\nhex = 0101\n"
	      "facing = N\n"
	      "[unit u2]\nside = b\ntype = auxilia\nhex = 9999\n"
	      "facing = S\n",
	      f);
	fclose(f);

	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0)
		_exit(load_repeated_ranges(t.path));
	assert_int_equal(wait4(pid, &status, 0, &ru), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	/* kB; sanitizers included, some 50 MB */
	print_message("peak %ld kB\n", ru.ru_maxrss);
	assert_true(ru.ru_maxrss < 300L * 1024);
	tmp_remove(&t);
}

/*
 * A "did you mean" hint looks at every type of the file; only errors
 * that can still be shown (among the first 50 by line) look for one.
 * Otherwise 60,000 types with unknown bases took minutes.
 */
static void
test_scenario_many_unknown_bases_check_quickly(void **state)
{
	struct anc_errs errs;
	struct tmpfile t;
	clock_t start;
	double secs;
	FILE *f;
	long i;

	(void)state;
	f = tmp_create(&t);
	for (i = 0; i < 60000; i++)
		fprintf(f, "[type t%ld]\nbase = q%ld\n", i, i);
	fclose(f);
	anc_errs_init(&errs);
	start = clock();
	assert_null(scenario_load_file(t.path, &errs));
	secs = (double)(clock() - start) / CLOCKS_PER_SEC;
	print_message("%.2f s\n", secs);
	assert_true(secs < 20.0);
	assert_int_equal(errs.n, SCENARIO_MAX_ERRORS + 1);
	/* no [scenario], [map] or [side]: three errors without a line */
	assert_int_equal(errs.v[3].line, 2);
	assert_string_equal(errs.v[3].msg,
			    "unknown base type \"q0\" (did you mean \"t0\"?)");
	assert_int_equal(errs.v[SCENARIO_MAX_ERRORS - 1].line, 94);
	assert_string_equal(errs.v[SCENARIO_MAX_ERRORS - 1].msg,
			    "unknown base type \"q46\" (did you mean "
			    "\"t46\"?)");
	assert_string_equal(errs.v[SCENARIO_MAX_ERRORS].msg, "too many errors");
	anc_errs_done(&errs);
	tmp_remove(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_scenario_loads_format_doc_example),
	    cmocka_unit_test(test_scenario_loads_every_shipped_scenario),
	    cmocka_unit_test(test_scenario_shipped_units_start_apart),
	    cmocka_unit_test(test_scenario_shipped_briefing_lines_fit_80_columns),
	    cmocka_unit_test(test_scenario_load_text_keeps_source),
	    cmocka_unit_test(test_scenario_load_text_equals_load_file),
	    cmocka_unit_test(test_scenario_type_inheritance_values),
	    cmocka_unit_test(test_scenario_unit_values_case_and_missile),
	    cmocka_unit_test(test_scenario_hex_list_ranges),
	    cmocka_unit_test(test_scenario_continuation_lines_and_comments),
	    cmocka_unit_test(test_scenario_accepts_crlf_and_bom),
	    cmocka_unit_test(test_scenario_accepts_line_of_197_bytes),
	    cmocka_unit_test(test_scenario_appends_to_error_list),

	    cmocka_unit_test(test_scenario_rejects_long_line_at_its_line),
	    cmocka_unit_test(test_scenario_rejects_line_of_198_bytes),
	    cmocka_unit_test(test_scenario_rejects_nul_byte_at_its_line),
	    cmocka_unit_test(test_scenario_long_terrain_row_is_one_error),
	    cmocka_unit_test(test_scenario_long_header_is_one_error),

	    cmocka_unit_test(test_scenario_rejects_key_line_without_equals),
	    cmocka_unit_test(test_scenario_rejects_header_without_bracket),
	    cmocka_unit_test(test_scenario_rejects_text_after_bracket),
	    cmocka_unit_test(test_scenario_rejects_empty_header),
	    cmocka_unit_test(test_scenario_empty_header_for_map_is_one_error),
	    cmocka_unit_test(test_scenario_rejects_key_outside_section),
	    cmocka_unit_test(test_scenario_rejects_key_line_without_key),

	    cmocka_unit_test(test_scenario_rejects_unknown_section_with_hint),
	    cmocka_unit_test(test_scenario_section_kinds_are_case_sensitive),
	    cmocka_unit_test(
		test_scenario_rejects_repeated_section_at_later_header),
	    cmocka_unit_test(
		test_scenario_rejects_repeated_side_at_later_header),
	    cmocka_unit_test(
		test_scenario_repeated_side_for_second_is_one_error),
	    cmocka_unit_test(test_scenario_rejects_unit_without_id),
	    cmocka_unit_test(test_scenario_rejects_unit_with_two_ids),
	    cmocka_unit_test(test_scenario_rejects_name_on_map_section),
	    cmocka_unit_test(test_scenario_rejects_third_side_at_its_header),
	    cmocka_unit_test(test_scenario_rejects_missing_map_without_line),
	    cmocka_unit_test(
		test_scenario_rejects_missing_scenario_without_line),
	    cmocka_unit_test(test_scenario_rejects_single_side_without_line),
	    cmocka_unit_test(
		test_scenario_rejects_side_without_units_at_header),

	    cmocka_unit_test(test_scenario_rejects_unknown_key_with_hint),
	    cmocka_unit_test(test_scenario_rejects_unknown_unit_key_with_hint),
	    cmocka_unit_test(test_scenario_rejects_repeated_key_at_second),
	    cmocka_unit_test(
		test_scenario_rejects_continuation_of_one_line_key),
	    cmocka_unit_test(test_scenario_rejects_indented_line_after_header),
	    cmocka_unit_test(test_scenario_indented_header_is_one_error),
	    cmocka_unit_test(
		test_scenario_indented_header_after_header_is_one_error),
	    cmocka_unit_test(test_scenario_rejects_missing_key_at_header),
	    cmocka_unit_test(
		test_scenario_empty_required_value_counts_as_missing),
	    cmocka_unit_test(test_scenario_rejects_side_without_name_at_header),

	    cmocka_unit_test(test_scenario_rejects_turns_out_of_range),
	    cmocka_unit_test(test_scenario_rejects_turns_not_a_number),
	    cmocka_unit_test(test_scenario_numbers_are_plain_digits),
	    cmocka_unit_test(test_scenario_rejects_width_over_99),
	    cmocka_unit_test(test_scenario_rejects_hits_over_8),
	    cmocka_unit_test(test_scenario_rejects_unknown_facing),
	    cmocka_unit_test(test_scenario_rejects_veteran_not_yes_or_no),
	    cmocka_unit_test(test_scenario_rejects_initiative_of_no_side),
	    cmocka_unit_test(test_scenario_rejects_unit_of_no_side_with_hint),
	    cmocka_unit_test(test_scenario_rejects_unknown_unit_type_with_hint),
	    cmocka_unit_test(test_scenario_rejects_id_of_nine_characters),
	    cmocka_unit_test(test_scenario_rejects_id_starting_with_digit),
	    cmocka_unit_test(test_scenario_rejects_upper_case_side_key),
	    cmocka_unit_test(test_scenario_rejects_draw_as_side_key),
	    cmocka_unit_test(
		test_scenario_rejects_duplicated_id_across_units_and_generals),
	    cmocka_unit_test(
		test_scenario_duplicated_id_of_sides_only_unit_is_one_error),
	    cmocka_unit_test(
		test_scenario_duplicated_id_of_general_then_unit_is_one_error),

	    cmocka_unit_test(
		test_scenario_rejects_too_few_rows_at_terrain_line),
	    cmocka_unit_test(
		test_scenario_rejects_too_many_rows_at_first_extra_row),
	    cmocka_unit_test(test_scenario_rejects_short_row_at_its_line),
	    cmocka_unit_test(
		test_scenario_rejects_unknown_terrain_code_at_row_line),
	    cmocka_unit_test(test_scenario_terrain_codes_are_case_sensitive),
	    cmocka_unit_test(test_scenario_rejects_hill_off_map),
	    cmocka_unit_test(test_scenario_rejects_hex_not_four_digits),
	    cmocka_unit_test(test_scenario_rejects_column_00),
	    cmocka_unit_test(test_scenario_rejects_diagonal_range),
	    cmocka_unit_test(test_scenario_rejects_range_off_map),
	    cmocka_unit_test(test_scenario_rejects_empty_hex_list),
	    cmocka_unit_test(
		test_scenario_rejects_bad_hex_at_its_continuation_line),
	    cmocka_unit_test(
		test_scenario_rejects_hex_in_both_hill_lists_at_later_line),
	    cmocka_unit_test(
		test_scenario_both_hill_lists_error_at_later_line_either_order),
	    cmocka_unit_test(
		test_scenario_rejects_fortified_hex_not_settlement),

	    cmocka_unit_test(test_scenario_rejects_unit_off_map),
	    cmocka_unit_test(test_scenario_rejects_unit_hex_not_four_digits),
	    cmocka_unit_test(test_scenario_rejects_unit_in_woods_at_hex_line),
	    cmocka_unit_test(test_scenario_rejects_unit_in_river_at_hex_line),
	    cmocka_unit_test(test_scenario_rejects_mounted_unit_in_rough),
	    cmocka_unit_test(
		test_scenario_rejects_two_units_in_one_hex_at_later_line),
	    cmocka_unit_test(test_scenario_rejects_missile_yes_without_trait),

	    cmocka_unit_test(
		test_scenario_rejects_general_on_enemy_unit_at_unit_line),
	    cmocka_unit_test(
		test_scenario_rejects_general_on_missing_unit_at_unit_line),
	    cmocka_unit_test(
		test_scenario_rejects_two_generals_on_one_unit_at_later_line),

	    cmocka_unit_test(test_scenario_rejects_unknown_base_with_hint),
	    cmocka_unit_test(
		test_scenario_rejects_base_loop_at_first_type_base_line),
	    cmocka_unit_test(
		test_scenario_base_loop_names_first_type_of_the_loop),
	    cmocka_unit_test(test_scenario_rejects_type_based_on_itself),
	    cmocka_unit_test(
		test_scenario_rejects_new_type_without_base_and_move),
	    cmocka_unit_test(
		test_scenario_rejects_missile_trait_without_range_and_dice),
	    cmocka_unit_test(test_scenario_rejects_veteran_as_type_trait),
	    cmocka_unit_test(test_scenario_rejects_unknown_trait_with_hint),
	    cmocka_unit_test(test_scenario_rejects_unknown_class),
	    cmocka_unit_test(test_scenario_rejects_move_below_2),
	    cmocka_unit_test(test_scenario_rejects_upper_case_type_key),

	    cmocka_unit_test(test_scenario_rejects_victory_for_no_side),
	    cmocka_unit_test(test_scenario_rejects_empty_victory_list),
	    cmocka_unit_test(test_scenario_rejects_repeated_victory_key),

	    cmocka_unit_test(test_scenario_rejects_file_cut_in_header),
	    cmocka_unit_test(test_scenario_rejects_file_cut_in_terrain),
	    cmocka_unit_test(test_scenario_rejects_empty_file),
	    cmocka_unit_test(test_scenario_rejects_file_of_comments),
	    cmocka_unit_test(test_scenario_reports_every_error_in_line_order),
	    cmocka_unit_test(test_scenario_stops_after_50_errors),
	    cmocka_unit_test(test_scenario_rejects_binary_junk),
	    cmocka_unit_test(test_scenario_rejects_unreadable_file),
	    cmocka_unit_test(test_scenario_load_text_finds_nul_bytes),
	    cmocka_unit_test(test_scenario_loads_7mb_file),
	    cmocka_unit_test(test_scenario_7mb_of_junk_stops_after_50_errors),
	    cmocka_unit_test(test_scenario_repeated_hex_ranges_kept_once),
	    cmocka_unit_test(test_scenario_many_unknown_bases_check_quickly),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
