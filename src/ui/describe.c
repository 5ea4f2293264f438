/*
 * The status line and the panel's text: a hex, its terrain and a unit's
 * card (describe.h).  The pages are in pages.c, the text builder in
 * text.c.
 */
#include "config.h"

#include "ui/describe.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/command.h"
#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "ui/logbuf.h"

#define NB WRAP_NBSP /* keeps a symbol with its name */

static const char *
capitalised(const char *word, char *buf, size_t len)
{
	snprintf(buf, len, "%s", word);
	if (buf[0] >= 'a' && buf[0] <= 'z')
		buf[0] = (char)(buf[0] - 'a' + 'A');
	return buf;
}

/* Columns of a UTF-8 string: one per character. */
static int
columns(const char *s)
{
	int n = 0;

	for (; *s != '\0'; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* The length of a side's name before its general's in brackets, if it
 * has one: the scenarios name a side "Rome (Agricola)". */
static size_t
side_name_stem(const char *name)
{
	const char *open = strstr(name, " (");

	return open != NULL && open != name ? (size_t)(open - name)
					    : strlen(name);
}

/* Cuts a side's name before its general's in brackets, if it has one. */
static void
short_side_name(char *name)
{
	name[side_name_stem(name)] = '\0';
}

const char *
describe_side_stem(const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%.*s", (int)side_name_stem(name), name);
	return buf;
}

/* The columns of the first n bytes of s. */
static int
columns_n(const char *s, size_t n)
{
	int cols = 0;
	size_t i;

	for (i = 0; i < n && s[i] != '\0'; i++)
		cols += ((unsigned char)s[i] & 0xc0) != 0x80;
	return cols;
}

const char *
describe_side_name(const char *name, char *buf, size_t len)
{
	size_t n = strlen(name), stem = side_name_stem(name);
	int cols;

	if (columns_n(name, n) <= DESCRIBE_SIDE_NAME_COLS) {
		snprintf(buf, len, "%s", name);
		return buf;
	}
	/* Too long whole: the side without its general, who is on the
	 * cards ("Rome (Suetonius Paulinus)": "Rome"), rather than a name
	 * cut in the general's. */
	if (columns_n(name, stem) <= DESCRIBE_SIDE_NAME_COLS) {
		snprintf(buf, len, "%.*s", (int)stem, name);
		return buf;
	}
	/* Even that is too long: 23 columns and the ellipsis. */
	for (n = 0, cols = 0; name[n] != '\0'; n++)
		if (((unsigned char)name[n] & 0xc0) != 0x80 &&
		    ++cols > DESCRIBE_SIDE_NAME_COLS - 1)
			break;
	snprintf(buf, len, "%.*s\u2026", (int)n, name);
	return buf;
}

/* What the status line shows: the game's, or the widest it can be. */
struct status_words {
	int turn;
	const char *name; /* the side to play, or the winner */
	const char *tail; /* "to play" (only in form 0), "WINS", or NULL */
	bool draw;
	const char *phase;
	int bp[2];
	int bp_start[2];
	const char *init; /* the key of the side with the initiative */
};

/* The status line's forms, fullest (0) to shortest: the last names the
 * side without its general ("Caledonians (Calgacus)": "Caledonians"). */
#define STATUS_FORMS 5

/* The status line's words in one of its forms, fullest (0) to shortest
 * (STATUS_FORMS - 1). */
static void
status_form(const struct scenario *sc, const struct status_words *w, int form,
	    char *block, size_t blocklen, char *rest, size_t restlen)
{
	const char *k0 = sc->sides[0].key, *k1 = sc->sides[1].key;
	bool to_play = w->tail != NULL && strcmp(w->tail, "WINS") != 0;
	char name[80];

	describe_side_name(w->name, name, sizeof name);
	if (form == STATUS_FORMS - 1)
		short_side_name(name);
	if (w->draw)
		snprintf(block, blocklen, " DRAW ");
	else if (w->tail != NULL && (form == 0 || !to_play))
		snprintf(block, blocklen, " %s %s ", name, w->tail);
	else
		snprintf(block, blocklen, " %s ", name);
	if (form <= 1)
		snprintf(rest, restlen,
			 "Turn %d/%d  %s  BP %s %d/%d %s %d/%d  init %s",
			 w->turn, sc->turns, w->phase, k0, w->bp[0],
			 w->bp_start[0], k1, w->bp[1], w->bp_start[1], w->init);
	else if (form == 2)
		snprintf(rest, restlen,
			 "Turn %d/%d %s BP %s %d/%d %s %d/%d init %s", w->turn,
			 sc->turns, w->phase, k0, w->bp[0], w->bp_start[0], k1,
			 w->bp[1], w->bp_start[1], w->init);
	else
		snprintf(
		    rest, restlen, "Turn %d/%d %s BP %s%s %d/%d %s%s %d/%d",
		    w->turn, sc->turns, w->phase, k0,
		    strcmp(w->init, k0) == 0 ? "*" : "", w->bp[0],
		    w->bp_start[0], k1, strcmp(w->init, k1) == 0 ? "*" : "",
		    w->bp[1], w->bp_start[1]);
}

static int
status_width(const struct scenario *sc, const struct status_words *w, int form)
{
	char block[96], rest[256];

	status_form(sc, w, form, block, sizeof block, rest, sizeof rest);
	return columns(block) + 1 + columns(rest);
}

/* The states the phase word gives way to, besides the phases. */
static const char *const status_states[] = { "Initiative", "Advance?",
					     "Game over" };

/* The widest word the status line shows for the phase or state. */
static void
widest_status_word(char *wide, size_t len)
{
	char word[16];
	int i, n = (int)(sizeof status_states / sizeof status_states[0]);

	snprintf(wide, len, "%s", status_states[0]);
	for (i = 0; i < PHASE_COUNT + n; i++) {
		if (i < PHASE_COUNT)
			capitalised(phase_name((enum phase)i), word,
				    sizeof word);
		else
			snprintf(word, sizeof word, "%s",
				 status_states[i - PHASE_COUNT]);
		if (columns(word) > columns(wide))
			snprintf(wide, len, "%s", word);
	}
}

/*
 * worst's widest status line in form, over either side named (to play,
 * or also winning: any_tail) and either holding the initiative.
 */
static int
widest_status(const struct scenario *sc, struct status_words *worst, int form,
	      bool any_tail)
{
	static const char *const tails[] = { "to play", "WINS" };
	int s, k, t, w, widest = 0;

	for (s = 0; s < 2; s++)
		for (k = 0; k < 2; k++)
			for (t = 0; t < (any_tail ? 2 : 1); t++) {
				worst->name = sc->sides[s].name;
				worst->init = sc->sides[k].key;
				worst->tail = tails[t];
				if ((w = status_width(sc, worst, form)) >
				    widest)
					widest = w;
			}
	return widest;
}

/*
 * The form is the fullest that holds the widest line of the game in
 * play: either side to play (or with end_too winning) or holding the
 * initiative, the longest phase word, the last turn and full
 * breakpoints.  So the words stay put from phase to phase and side to
 * side; without end_too, only the end may need fewer.
 */
static int
status_in(const struct game *g, int width, bool end_too, char *block,
	  size_t blocklen, char *rest, size_t restlen)
{
	const struct scenario *sc = g->sc;
	struct status_words w, worst;
	char phase[16], wide[16];
	int form;

	memset(&w, 0, sizeof w);
	w.turn = g->turn;
	/* Losses past the breakpoint leave none, not "-2/12". */
	w.bp[0] = g->bp[0] > 0 ? g->bp[0] : 0;
	w.bp[1] = g->bp[1] > 0 ? g->bp[1] : 0;
	w.bp_start[0] = g->bp_start[0];
	w.bp_start[1] = g->bp_start[1];
	w.init = sc->sides[g->initiative].key;
	w.phase = phase;
	if (g->over) {
		snprintf(phase, sizeof phase, "Game over");
		w.draw = g->winner < 0;
		w.name = w.draw ? "" : sc->sides[g->winner].name;
		w.tail = "WINS";
	} else {
		if (g->choosing)
			snprintf(phase, sizeof phase, "Initiative");
		else if (g->noffers > 0)
			snprintf(phase, sizeof phase, "Advance?");
		else
			capitalised(phase_name(g->phase), phase, sizeof phase);
		w.name = sc->sides[g->player].name;
		w.tail = "to play";
	}

	widest_status_word(wide, sizeof wide);
	worst = w;
	worst.turn = sc->turns;
	worst.draw = false;
	worst.tail = "to play";
	worst.phase = wide;
	worst.bp[0] = g->bp_start[0];
	worst.bp[1] = g->bp_start[1];
	/* With end_too, the end's words too ("Rome WINS"), so that the line
	 * keeps its form when the game ends. */
	for (form = 0; form < STATUS_FORMS - 1; form++)
		if (widest_status(sc, &worst, form, end_too) <= width)
			break;
	/* The game's words in that form, or a shorter one if they must. */
	for (; form < STATUS_FORMS - 1 && status_width(sc, &w, form) > width;
	     form++)
		;
	status_form(sc, &w, form, block, blocklen, rest, restlen);
	return g->over && g->winner >= 0 ? g->winner : g->player;
}

int
describe_status(const struct game *g, int width, char *block, size_t blocklen,
		char *rest, size_t restlen)
{
	return status_in(g, width, false, block, blocklen, rest, restlen);
}

int
describe_status_solo(const struct game *g, int width, const char *const *words,
		     int nwords, char *block, size_t blocklen, char *rest,
		     size_t restlen)
{
	char tail[256];
	int i, side;

	if (nwords <= 0)
		return describe_status(g, width, block, blocklen, rest,
				       restlen);
	/* The form is the one that leaves room for a short word, whichever
	 * word it is now, and for the end's "WINS", so that it stays the
	 * same through a solo game, its end included (issue 31: it changed
	 * there); a longer word only where the line has room for it in that
	 * form. */
	side = status_in(g, width - DESCRIBE_SOLO_WORD_COLS - 2, true, block,
			 blocklen, tail, sizeof tail);
	for (i = 0; i < nwords; i++)
		if (columns(block) + 1 + columns(words[i]) + 2 +
			columns(tail) <=
		    width)
			break;
	if (i < nwords)
		snprintf(rest, restlen, "%s  %s", words[i], tail);
	else
		snprintf(rest, restlen, "%s", tail);
	return side;
}

void
describe_status_seats(const struct game *g, int width, const char *seats,
		      char *out, size_t len)
{
	const struct scenario *sc = g->sc;
	struct status_words worst;
	char wide[16];
	int room, s, n, watchers;

	/* The game's words at their widest in the shortest form: any side
	 * to play or winning, any initiative, the longest phase word. */
	widest_status_word(wide, sizeof wide);
	memset(&worst, 0, sizeof worst);
	worst.turn = sc->turns;
	worst.phase = wide;
	for (s = 0; s < 2; s++) {
		worst.bp[s] = g->bp_start[s];
		worst.bp_start[s] = g->bp_start[s];
	}
	room = widest_status(sc, &worst, STATUS_FORMS - 1, true);
	/* The whole; the watchers' number alone ("alice/bob +2"); without
	 * the watchers ("alice/bob"); or none. */
	n = (int)strlen(seats);
	if (n > 0 && width - n - 1 >= room) {
		snprintf(out, len, "%s", seats);
		return;
	}
	n = (int)strcspn(seats, " ");
	watchers = atoi(seats + n);
	if (n > 0 && watchers > 0 &&
	    width - n - snprintf(NULL, 0, " +%d", watchers) - 1 >= room) {
		snprintf(out, len, "%.*s +%d", n, seats, watchers);
		return;
	}
	if (n > 0 && width - n - 1 >= room)
		snprintf(out, len, "%.*s", n, seats);
	else if (len > 0)
		out[0] = '\0';
}

static const char *
terrain_words(const struct map_cell *c)
{
	if (c->terrain == TERRAIN_SETTLEMENT && c->fortified)
		return "fortified settlement";
	return terrain_name((enum terrain)c->terrain);
}

const char *
describe_terrain_effect(enum terrain t, enum describe_fort fort)
{
	switch (t) {
	case TERRAIN_CLEAR:
		return "all may enter";
	case TERRAIN_WOODS:
		return "only units with the woods trait (by default velites "
		       "and warbands); attacks into it -1D6";
	case TERRAIN_ROUGH:
		return "foot only; attacks into it -1D6";
	case TERRAIN_SWAMP:
		return "nobody may enter";
	case TERRAIN_RIVER:
		return "nobody may enter";
	case TERRAIN_FORD:
	case TERRAIN_BRIDGE:
		return "all may enter; -1D6 if either side stands on it";
	case TERRAIN_SETTLEMENT:
		return fort == FORT_YES ? "all may enter; attacks into it -1D6"
		       : fort == FORT_NO
			   ? "all may enter"
			   : "all may enter; attacks into it -1D6 "
			     "only if fortified";
	default:
		return "";
	}
}

void
describe_hex(const struct game *g, struct hex h, const struct unit_deeds *deeds,
	     struct text *out)
{
	const struct scenario *sc = g->sc;
	const struct map_cell *c;
	char name[HEX_NAME_SIZE], extra[64];
	int u, s, k;

	if (!map_contains(&sc->map, h))
		return;
	c = map_cell(&sc->map, h);
	hex_format(h, name);
	text_add(out, ROLE_TITLE, "%s %s", name, terrain_words(c));
	extra[0] = '\0';
	if (c->elevation > 0)
		snprintf(extra, sizeof extra, "%s (elevation" NB "%d)",
			 c->elevation == 1 ? "hill" : "high hill",
			 c->elevation);
	if (c->road)
		snprintf(extra + strlen(extra), sizeof extra - strlen(extra),
			 "%sroad", extra[0] != '\0' ? ", " : "");
	if (extra[0] != '\0')
		text_add(out, ROLE_TEXT, "%s", extra);
	else
		text_add(out, ROLE_DIM, "flat (elevation" NB "0)");
	text_add(out, ROLE_DIM, "%s",
		 describe_terrain_effect((enum terrain)c->terrain,
					 c->fortified ? FORT_YES : FORT_NO));
	for (s = 0; s < 2; s++)
		for (k = 0; k < sc->victory[s].count; k++)
			if (hex_equal(sc->victory[s].hexes[k], h))
				text_add(out, ROLE_NOTICE, "victory hex of %s",
					 sc->sides[s].name);
	u = game_unit_at(g, h);
	if (u >= 0) {
		text_add(out, ROLE_TEXT, "%s", "");
		describe_unit(g, u, deeds != NULL ? &deeds[u] : NULL, out);
	}
}

void
describe_place(const struct game *g, struct hex h, struct text *out)
{
	const struct scenario *sc = g->sc;
	const struct map_cell *c;
	char name[HEX_NAME_SIZE], extra[64];
	int s, k;

	if (!map_contains(&sc->map, h))
		return;
	c = map_cell(&sc->map, h);
	hex_format(h, name);
	if (c->elevation > 0)
		snprintf(extra, sizeof extra, "%s (elevation" NB "%d)",
			 c->elevation == 1 ? "hill" : "high hill",
			 c->elevation);
	else
		snprintf(extra, sizeof extra, "flat");
	text_add(out, ROLE_TITLE, "%s %s, %s%s", name, terrain_words(c), extra,
		 c->road ? ", road" : "");
	for (s = 0; s < 2; s++)
		for (k = 0; k < sc->victory[s].count; k++)
			if (hex_equal(sc->victory[s].hexes[k], h))
				text_add(out, ROLE_NOTICE, "victory hex of %s",
					 sc->sides[s].name);
	text_add(out, ROLE_DIM, "%s",
		 describe_terrain_effect((enum terrain)c->terrain,
					 c->fortified ? FORT_YES : FORT_NO));
}

void
describe_unit_brief(const struct game *g, int u, struct text *out)
{
	const struct scenario *sc = g->sc;
	const struct unit *un = &g->units[u];

	text_add(out, un->side == 0 ? ROLE_SIDE0 : ROLE_SIDE1,
		 "%s %s, %s: SP" NB "%d, %s", sc->units[u].id,
		 game_unit_type(g, u)->name, sc->sides[un->side].key,
		 unit_sp(un), facing_name(un->facing));
}

const char *
describe_class(const struct unit_type *t)
{
	bool mounted = (t->traits & TRAIT_MOUNTED) != 0;
	bool light = (t->traits & TRAIT_LIGHT) != 0;

	if (t->cls == CLASS_FORMED)
		return mounted ? "formed mounted" : "formed foot";
	if (mounted)
		return "nimble mounted";
	return light ? "nimble light foot" : "nimble foot";
}

static void
add_done(char *buf, size_t len, const char *what)
{
	size_t used = strlen(buf);

	snprintf(buf + used, len - used, "%s%s", used > 0 ? ", " : "", what);
}

/* Words for a movement action: "moved", "pivoted", "charged wb2". */
static const char *
action_words(const struct scenario *sc, enum verb v, int target, char *buf,
	     size_t len)
{
	switch (v) {
	case VERB_MOVE:
		return "moved";
	case VERB_PIVOT:
		return "pivoted";
	case VERB_CHARGE:
		if (target >= 0 && target < sc->nunits)
			snprintf(buf, len, "charged" WRAP_NBSP "%s",
				 sc->units[target].id);
		else
			snprintf(buf, len, "charged");
		return buf;
	default:
		return NULL;
	}
}

/* Words for a push's action: "pushed to pivot", "pushed to charge wb2". */
static const char *
push_words(const struct scenario *sc, enum verb v, int target, char *buf,
	   size_t len)
{
	switch (v) {
	case VERB_MOVE:
		return "pushed" WRAP_NBSP "to" WRAP_NBSP "move";
	case VERB_PIVOT:
		return "pushed" WRAP_NBSP "to" WRAP_NBSP "pivot";
	case VERB_CHARGE:
		if (target >= 0 && target < sc->nunits)
			snprintf(buf, len,
				 "pushed" WRAP_NBSP "to" WRAP_NBSP
				 "charge" WRAP_NBSP "%s",
				 sc->units[target].id);
		else
			snprintf(buf, len,
				 "pushed" WRAP_NBSP "to" WRAP_NBSP "charge");
		return buf;
	default:
		return "pushed";
	}
}

void
describe_unit(const struct game *g, int u, const struct unit_deeds *d,
	      struct text *out)
{
	const struct scenario *sc = g->sc;
	const struct unit *un = &g->units[u];
	const struct unit_def *def = &sc->units[u];
	const struct unit_type *t = game_unit_type(g, u);
	unsigned traits = game_unit_traits(g, u);
	enum theme_role side_role = un->side == 0 ? ROLE_SIDE0 : ROLE_SIDE1;
	enum verb action = d != NULL ? d->action : VERB_COUNT;
	enum verb push = d != NULL ? d->push : VERB_COUNT;
	char buf[TEXT_LINE_MAX], traitbuf[TEXT_LINE_MAX], what[64], side[80];
	const char *words;

	text_add(out, side_role, "%s %s", def->id, t->name);
	/* A unit named as its type (mons-graupius's bat1, "Batavian
	 * cohorts") is named once. */
	if (def->name[0] != '\0' && strcasecmp(def->name, t->name) != 0)
		text_add(out, ROLE_TEXT, "%s", def->name);
	/* The side without its general's name (the general has a line of
	 * his own on his unit's card): one row less on a narrow panel. */
	snprintf(side, sizeof side, "%s", sc->sides[un->side].name);
	short_side_name(side);
	text_add(out, ROLE_TEXT, "%s, %s", side, describe_class(t));
	if (!un->on_map) {
		text_add(out, ROLE_ERROR,
			 "removed: routed or destroyed "
			 "(%d hits)",
			 un->hits);
		return;
	}
	text_add(out, ROLE_TEXT,
		 "SP" WRAP_NBSP "%d  hits" WRAP_NBSP "%d  facing" WRAP_NBSP
		 "%s",
		 unit_sp(un), un->hits, facing_name(un->facing));
	text_add(out, ROLE_TEXT, "engaged:" WRAP_NBSP "%s",
		 game_unit_engaged(g, u) ? "yes" : "no");
	/* What it did, in the order it could do it. */
	buf[0] = '\0';
	if (un->acted) {
		words =
		    action_words(sc, action, d != NULL ? d->action_target : -1,
				 what, sizeof what);
		add_done(buf, sizeof buf,
			 words != NULL ? words : "made its movement action");
	}
	if (un->pushed)
		add_done(buf, sizeof buf,
			 push_words(sc, push, d != NULL ? d->push_target : -1,
				    what, sizeof what));
	if (un->charged && action != VERB_CHARGE &&
	    !(un->pushed && push == VERB_CHARGE))
		add_done(buf, sizeof buf, "charged");
	if (un->shot)
		add_done(buf, sizeof buf, "shot");
	if (un->attacked >= 0) {
		snprintf(what, sizeof what, "attacked" WRAP_NBSP "%s",
			 sc->units[un->attacked].id);
		add_done(buf, sizeof buf, what);
	}
	if (un->lost_sp)
		add_done(buf, sizeof buf, "lost" WRAP_NBSP "SP");
	if (un->failed_morale)
		add_done(buf, sizeof buf, "failed" WRAP_NBSP "morale");
	text_add(out, ROLE_TEXT, "this" NB "turn: %s",
		 buf[0] != '\0' ? buf : "nothing yet");
	if (game_unit_can_act(g, u))
		text_add(out, ROLE_NOTICE, "movement action left");
	else if (g->push_unit == u && !un->pushed)
		text_add(out, ROLE_NOTICE, "may push now (P)");
	/* What it is, last: what changes comes first on a short panel.
	 * The lines every unit has before those only some have, so that
	 * the cards of two units line up row for row and Tab rewrites only
	 * what differs (issue 13). */
	/* Single spaces: in the 23 columns of the panel at 80 x 24 the
	 * line is one row, not two. */
	text_add(out, ROLE_TEXT,
		 "combat" WRAP_NBSP "%dD6 MA" WRAP_NBSP "%d push" WRAP_NBSP
		 "%d+",
		 t->combat, t->move, t->push);
	trait_format(traits, traitbuf, sizeof traitbuf);
	text_add(out, ROLE_TEXT, "traits: %s",
		 traitbuf[0] != '\0' ? traitbuf : "none");
	if (traits & TRAIT_MISSILE)
		text_add(out, ROLE_TEXT, "missile: range" WRAP_NBSP "%d, %dD6",
			 t->missile_range, t->missile_dice);
	if (un->general >= 0) {
		const struct general_def *gd = &sc->generals[un->general];

		/* "general: boudica (Boudica)" says one name twice. */
		if (gd->name[0] == '\0' || strcasecmp(gd->name, gd->id) == 0)
			text_add(out, ROLE_TITLE, "general: %s",
				 gd->name[0] != '\0' ? gd->name : gd->id);
		else
			text_add(out, ROLE_TITLE, "general: %s (%s)", gd->id,
				 gd->name);
	}
}
