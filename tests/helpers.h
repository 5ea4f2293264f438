/*
 * Shared fixtures for the rule tests (style.md 2.10): a scenario built
 * from inline INI text, a game on it, commands applied as a player types
 * them, forced dice, and readers for units and for the dice of a roll.
 *
 * Include after <cmocka.h>.  Each test gets a fresh struct fx through
 * FX_TEST (setup and teardown); fx_load() fills it.  The checking helpers
 * are macros that pass the caller's file and line, so a failure points at
 * the test, not at this header.  The game is seeded with 1, but every test
 * forces the dice it needs and fx_no_dice_left() proves that no more were
 * taken.
 */
#ifndef ANCIENTS_TESTS_HELPERS_H
#define ANCIENTS_TESTS_HELPERS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/scenario/scenario.h"

/* Pieces of scenario text; the arguments are string literals. */
#define FX_HEAD_TURNS(turns, initiative)                                     \
	"[scenario]\ntitle = test\nturns = " turns "\ninitiative = "          \
	initiative "\n\n[side a]\nname = Side A\n\n[side b]\nname = Side B\n\n"
#define FX_HEAD FX_HEAD_TURNS("6", "a")
#define FX_MAP(width, height)                                                \
	"[map]\nwidth = " width "\nheight = " height "\n"
#define FX_UNIT(id, side, type, hex, facing)                                 \
	"\n[unit " id "]\nside = " side "\ntype = " type "\nhex = " hex       \
	"\nfacing = " facing "\n"
#define FX_GENERAL(id, side, unit)                                           \
	"\n[general " id "]\nside = " side "\nunit = " unit "\n"

struct fx {
	struct scenario *sc;	/* owned */
	struct game *g;		/* owned */
	struct events ev;	/* events of the last accepted command */
	char why[256];		/* reason of the last refusal */
};

static inline int
fx_setup(void **state)
{
	struct fx *f = calloc(1, sizeof *f);

	if (f == NULL)
		return -1;
	events_init(&f->ev);
	*state = f;
	return 0;
}

static inline int
fx_teardown(void **state)
{
	struct fx *f = *state;

	game_free(f->g);
	scenario_free(f->sc);
	events_done(&f->ev);
	free(f);
	return 0;
}

#define FX_TEST(fn) cmocka_unit_test_setup_teardown(fn, fx_setup, fx_teardown)

/* Loads the scenario text and starts a game; fails with the loader's errors. */
static inline void
fx_load_at(struct fx *f, const char *text, const char *file, int line)
{
	struct anc_errs errs;
	size_t i;

	anc_errs_init(&errs);
	f->sc = scenario_load_text(text, strlen(text), &errs);
	if (f->sc == NULL) {
		for (i = 0; i < errs.n; i++)
			print_error("scenario:%d: %s\n", errs.v[i].line,
			    errs.v[i].msg);
		anc_errs_done(&errs);
		print_error("%s:%d: the test's scenario does not load\n", file,
		    line);
		_fail(file, line);
	}
	anc_errs_done(&errs);
	f->g = game_new(f->sc, 1);
}
#define fx_load(f, text) fx_load_at((f), (text), __FILE__, __LINE__)

/* Replaces the fixture's game (if any) with one on new scenario text. */
static inline void
fx_reload_at(struct fx *f, const char *text, const char *file, int line)
{
	game_free(f->g);
	scenario_free(f->sc);
	f->g = NULL;
	f->sc = NULL;
	fx_load_at(f, text, file, line);
}
#define fx_reload(f, text) fx_reload_at((f), (text), __FILE__, __LINE__)

/* Parses a command line that must be well formed. */
static inline void
fx_parse_at(struct fx *f, const char *cmd, struct command *c,
    const char *file, int line)
{
	char err[256];

	if (command_parse(f->sc, cmd, c, err, sizeof err) != 1) {
		print_error("%s:%d: \"%s\" does not parse: %s\n", file, line,
		    cmd, err);
		_fail(file, line);
	}
}

/* Applies a command that must be accepted; its events land in f->ev. */
static inline void
fx_do_at(struct fx *f, const char *cmd, const char *file, int line)
{
	struct command c;

	fx_parse_at(f, cmd, &c, file, line);
	events_clear(&f->ev);
	if (game_apply(f->g, &c, &f->ev, f->why, sizeof f->why) != 0) {
		print_error("%s:%d: \"%s\" was refused: %s\n", file, line, cmd,
		    f->why);
		_fail(file, line);
	}
}
#define fx_do(f, cmd) fx_do_at((f), (cmd), __FILE__, __LINE__)

/* Applies each of several commands, separated by ';'. */
static inline void
fx_script_at(struct fx *f, const char *cmds, const char *file, int line)
{
	char buf[512], *p, *semi;

	snprintf(buf, sizeof buf, "%s", cmds);
	for (p = buf; p != NULL; p = semi) {
		semi = strchr(p, ';');
		if (semi != NULL)
			*semi++ = '\0';
		fx_do_at(f, p, file, line);
	}
}
#define fx_script(f, cmds) fx_script_at((f), (cmds), __FILE__, __LINE__)

/*
 * Applies a well-formed command that must be refused, and checks that it
 * changed nothing: the digest (state and dice position) and the count of
 * dice rolled are as before.  Returns the reason.
 */
static inline const char *
fx_refuse_at(struct fx *f, const char *cmd, const char *file, int line)
{
	struct command c;
	struct events ev;
	uint64_t digest = game_digest(f->g);
	unsigned long rolled = f->g->dice.rolled;
	size_t left = dice_forced_left(&f->g->dice);
	int r;

	fx_parse_at(f, cmd, &c, file, line);
	events_init(&ev);
	r = game_apply(f->g, &c, &ev, f->why, sizeof f->why);
	if (r == 0) {
		print_error("%s:%d: \"%s\" was accepted\n", file, line, cmd);
		events_done(&ev);
		_fail(file, line);
	}
	_assert_int_equal(ev.n, 0, file, line);
	events_done(&ev);
	_assert_true(f->why[0] != '\0', "a reason", file, line);
	_assert_true(game_digest(f->g) == digest, "digest unchanged", file,
	    line);
	_assert_int_equal(f->g->dice.rolled, rolled, file, line);
	_assert_int_equal(dice_forced_left(&f->g->dice), left, file, line);
	return f->why;
}
#define fx_refuse(f, cmd) fx_refuse_at((f), (cmd), __FILE__, __LINE__)

/* A refusal whose reason contains a phrase. */
#define fx_refuse_why(f, cmd, phrase)                                        \
	do {                                                                 \
		const char *why_ = fx_refuse((f), (cmd));                    \
		if (strstr(why_, (phrase)) == NULL)                          \
			fail_msg("reason \"%s\" lacks \"%s\"", why_,         \
			    (phrase));                                       \
	} while (0)

/* Queues forced dice: fx_dice(f, "6 6 1"). */
static inline void
fx_dice_at(struct fx *f, const char *values, const char *file, int line)
{
	char cmd[256];

	snprintf(cmd, sizeof cmd, "dice %s", values);
	fx_do_at(f, cmd, file, line);
}
#define fx_dice(f, values) fx_dice_at((f), (values), __FILE__, __LINE__)

/* Every forced die has been used. */
#define fx_no_dice_left(f)                                                   \
	assert_int_equal(dice_forced_left(&(f)->g->dice), 0)

/* --- units --- */

static inline int
fx_unit_at(const struct fx *f, const char *id, const char *file, int line)
{
	int u = scenario_find_unit(f->sc, id);

	if (u < 0) {
		print_error("%s:%d: no unit \"%s\"\n", file, line, id);
		_fail(file, line);
	}
	return u;
}
#define fx_unit(f, id) fx_unit_at((f), (id), __FILE__, __LINE__)
#define fx_u(f, id) (&(f)->g->units[fx_unit((f), (id))])
#define fx_hits(f, id) (fx_u((f), (id))->hits)

static inline int
fx_general_at(const struct fx *f, const char *id, const char *file, int line)
{
	int k = scenario_find_general(f->sc, id);

	if (k < 0) {
		print_error("%s:%d: no general \"%s\"\n", file, line, id);
		_fail(file, line);
	}
	return k;
}
#define fx_general(f, id) fx_general_at((f), (id), __FILE__, __LINE__)

/* The ID of the unit a general is with, or "-" when he is dead. */
static inline const char *
fx_general_with_at(const struct fx *f, const char *id, const char *file,
    int line)
{
	int u = f->g->generals[fx_general_at(f, id, file, line)].unit;

	return u < 0 ? "-" : f->sc->units[u].id;
}
#define fx_general_with(f, id) fx_general_with_at((f), (id), __FILE__, __LINE__)

/*
 * A unit's hex ("-" when removed), facing and hits, as the dump shows
 * them: fx_assert_unit(f, "aux1", "0404", "N", 3).
 */
static inline void
fx_assert_unit_at(const struct fx *f, const char *id, const char *hex,
    const char *facing, int hits, const char *file, int line)
{
	const struct unit *un = &f->g->units[fx_unit_at(f, id, file, line)];
	char name[HEX_NAME_SIZE];

	if (un->on_map)
		hex_format(un->hex, name);
	else
		snprintf(name, sizeof name, "-");
	_assert_string_equal(name, hex, file, line);
	_assert_string_equal(facing_name(un->facing), facing, file, line);
	_assert_int_equal(un->hits, hits, file, line);
}
#define fx_assert_unit(f, id, hex, facing, hits)                             \
	fx_assert_unit_at((f), (id), (hex), (facing), (hits), __FILE__,      \
	    __LINE__)

/* --- events of the last accepted command --- */

static inline int
fx_count(const struct fx *f, enum event_kind kind)
{
	int i, n = 0;

	for (i = 0; i < f->ev.n; i++)
		if (f->ev.v[i].kind == kind)
			n++;
	return n;
}

/* The nth (from 0) event of a kind; fails if there is none. */
static inline const struct event *
fx_event_at(const struct fx *f, enum event_kind kind, int nth,
    const char *file, int line)
{
	int i;

	for (i = 0; i < f->ev.n; i++)
		if (f->ev.v[i].kind == kind && nth-- == 0)
			return &f->ev.v[i];
	print_error("%s:%d: no such event (kind %d)\n", file, line, (int)kind);
	_fail(file, line);
	return NULL;
}
#define fx_event(f, kind, nth) fx_event_at((f), (kind), (nth), __FILE__,    \
	__LINE__)

/* The position of the first event of a kind in the list, or -1. */
static inline int
fx_index(const struct fx *f, enum event_kind kind)
{
	int i;

	for (i = 0; i < f->ev.n; i++)
		if (f->ev.v[i].kind == kind)
			return i;
	return -1;
}

/* Dice modifiers written as designated initialisers. */
struct fx_mods {
	int v[MOD_COUNT];
};
#define MODS(...) ((struct fx_mods){ .v = { __VA_ARGS__ } })
#define NOMODS MODS(0)

/*
 * Checks a roll's dice_calc: the base, every modifier (those not named
 * must be 0), the total, and that exactly total dice were rolled.
 */
static inline void
fx_assert_calc_at(const struct event *e, int base, struct fx_mods mods,
    int total, const char *file, int line)
{
	int m;

	_assert_int_equal(e->calc.base, base, file, line);
	for (m = 0; m < MOD_COUNT; m++) {
		if (e->calc.mod[m] != mods.v[m])
			print_error("%s:%d: modifier %s is %d, expected %d\n",
			    file, line, dice_mod_name((enum dice_mod)m),
			    e->calc.mod[m], mods.v[m]);
		_assert_int_equal(e->calc.mod[m], mods.v[m], file, line);
	}
	_assert_int_equal(e->calc.total, total, file, line);
	_assert_int_equal(e->ndice, total, file, line);
}
#define fx_assert_calc(e, base, mods, total)                                 \
	fx_assert_calc_at((e), (base), (mods), (total), __FILE__, __LINE__)

/*
 * Finds the last command's attack (EV_ATTACK) or shot (EV_SHOT) and checks
 * its dice and hits: fx_assert_roll(f, EV_ATTACK, 4, MODS([MOD_FLANK] =
 * 1), 5, 2).
 */
static inline const struct event *
fx_assert_roll_at(const struct fx *f, enum event_kind kind, int base,
    struct fx_mods mods, int total, int hits, const char *file, int line)
{
	const struct event *e = fx_event_at(f, kind, 0, file, line);

	fx_assert_calc_at(e, base, mods, total, file, line);
	_assert_int_equal(e->hits, hits, file, line);
	return e;
}
#define fx_assert_roll(f, kind, base, mods, total, hits)                     \
	fx_assert_roll_at((f), (kind), (base), (mods), (total), (hits),      \
	    __FILE__, __LINE__)

/* The state dump as text, into a buffer the fixture does not own. */
static inline void
fx_dump(const struct fx *f, char *buf, size_t len)
{
	game_dump(f->g, buf, len);
}

/* Does the dump hold this exact line (without its newline)? */
static inline int
fx_dump_has(const struct fx *f, const char *want)
{
	char buf[8192], *p, *nl;

	game_dump(f->g, buf, sizeof buf);
	for (p = buf; *p != '\0'; p = nl + 1) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			return 0;
		if ((size_t)(nl - p) == strlen(want) &&
		    strncmp(p, want, strlen(want)) == 0)
			return 1;
	}
	return 0;
}
#define fx_assert_dump_has(f, want)                                          \
	do {                                                                 \
		if (!fx_dump_has((f), (want))) {                             \
			char dump_[8192];                                    \
			fx_dump((f), dump_, sizeof dump_);                   \
			fail_msg("dump lacks \"%s\":\n%s", (want), dump_);   \
		}                                                            \
	} while (0)

#endif
