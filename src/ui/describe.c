/*
 * Text of the status line, the panel and the pages (see describe.h).
 */
#include "config.h"

#include "ui/describe.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "core/xmalloc.h"
#include "ui/keymap.h"
#include "ui/logbuf.h"

#define NB WRAP_NBSP /* keeps a symbol with its name */

void
text_init(struct text *t)
{
	memset(t, 0, sizeof *t);
}

void
text_clear(struct text *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].text);
	t->n = 0;
}

void
text_done(struct text *t)
{
	text_clear(t);
	free(t->v);
	memset(t, 0, sizeof *t);
}

void
text_add(struct text *t, enum theme_role role, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	s = xmalloc((size_t)n + 1);
	s[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 32 : t->cap * 2;
		t->v = xreallocarray(t->v, (size_t)t->cap, sizeof *t->v);
	}
	t->v[t->n].role = role;
	t->v[t->n].text = s;
	t->n++;
}

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

const char *
describe_side_name(const char *name, char *buf, size_t len)
{
	size_t n = 0;
	int cols = 0;

	while (name[n] != '\0') {
		if (((unsigned char)name[n] & 0xc0) != 0x80 && ++cols > 24)
			break;
		n++;
	}
	if (name[n] == '\0') {
		snprintf(buf, len, "%s", name);
		return buf;
	}
	/* 23 columns and the ellipsis. */
	while (n > 0 && cols > 24) {
		n--;
		if (((unsigned char)name[n] & 0xc0) != 0x80)
			cols--;
	}
	snprintf(buf, len, "%.*s\u2026", (int)n, name);
	return buf;
}

/* Cuts a side's name before its general's in brackets, if it has one:
 * the scenarios name a side "Rome (Agricola)". */
static void
short_side_name(char *name)
{
	char *open = strstr(name, " (");

	if (open != NULL && open != name)
		*open = '\0';
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
 * play: either side to play or holding the initiative, the longest phase
 * word, the last turn and full breakpoints.  So the words stay put from
 * phase to phase and side to side; only the end may need fewer.
 */
int
describe_status(const struct game *g, int width, char *block, size_t blocklen,
		char *rest, size_t restlen)
{
	const struct scenario *sc = g->sc;
	struct status_words w, worst;
	char phase[16], wide[16];
	int form;

	memset(&w, 0, sizeof w);
	w.turn = g->turn;
	w.bp[0] = g->bp[0];
	w.bp[1] = g->bp[1];
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
	for (form = 0; form < STATUS_FORMS - 1; form++)
		if (widest_status(sc, &worst, form, false) <= width)
			break;
	/* The game's words in that form, or a shorter one if they must. */
	for (; form < STATUS_FORMS - 1 && status_width(sc, &w, form) > width;
	     form++)
		;
	status_form(sc, &w, form, block, blocklen, rest, restlen);
	return g->over && g->winner >= 0 ? g->winner : g->player;
}

int
describe_status_solo(const struct game *g, int width, const char *const *words,
		     int nwords, char *block, size_t blocklen, char *rest,
		     size_t restlen)
{
	char tail[256];
	int i, side, len;

	for (i = 0; i < nwords; i++) {
		len = columns(words[i]);
		side = describe_status(g, width - len - 2, block, blocklen,
				       tail, sizeof tail);
		if (columns(block) + 1 + columns(tail) + len + 2 <= width) {
			snprintf(rest, restlen, "%s  %s", words[i], tail);
			return side;
		}
	}
	return describe_status(g, width, block, blocklen, rest, restlen);
}

void
describe_status_seats(const struct game *g, int width, const char *seats,
		      char *out, size_t len)
{
	const struct scenario *sc = g->sc;
	struct status_words worst;
	char wide[16];
	int room, s, n;

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
	/* The whole, then without the watchers ("alice/bob"), or none. */
	n = (int)strlen(seats);
	if (n > 0 && width - n - 1 >= room) {
		snprintf(out, len, "%s", seats);
		return;
	}
	n = (int)strcspn(seats, " ");
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

/* Whether a settlement is fortified: known on a hex, either on the page. */
enum fort {
	FORT_NO,
	FORT_YES,
	FORT_EITHER,
};

/* What R6 says of a terrain, for the panel and the rules page. */
static const char *
terrain_effect(enum terrain t, enum fort fort)
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
		 terrain_effect((enum terrain)c->terrain,
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
		 terrain_effect((enum terrain)c->terrain,
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
		 9 - un->hits, facing_name(un->facing));
}

static const char *
class_words(const struct unit_type *t)
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
	char buf[TEXT_LINE_MAX], traitbuf[TEXT_LINE_MAX], what[64];
	const char *words;

	text_add(out, side_role, "%s %s", def->id, t->name);
	/* A unit named as its type (mons-graupius's bat1, "Batavian
	 * cohorts") is named once. */
	if (def->name[0] != '\0' && strcasecmp(def->name, t->name) != 0)
		text_add(out, ROLE_TEXT, "%s", def->name);
	text_add(out, ROLE_TEXT, "%s, %s", sc->sides[un->side].name,
		 class_words(t));
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
		 9 - un->hits, un->hits, facing_name(un->facing));
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
		text_add(out, ROLE_NOTICE, "may make its movement action");
	else if (g->push_unit == u && !un->pushed)
		text_add(out, ROLE_NOTICE, "may push now (P)");
	/* What it is, last: what changes comes first on a short panel.
	 * The lines every unit has before those only some have, so that
	 * the cards of two units line up row for row and Tab rewrites only
	 * what differs (issue 13). */
	text_add(out, ROLE_TEXT,
		 "combat" WRAP_NBSP "%dD6  MA" WRAP_NBSP "%d  push" WRAP_NBSP
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

		text_add(out, ROLE_TITLE, "general: %s%s%s%s", gd->id,
			 gd->name[0] != '\0' ? " (" : "", gd->name,
			 gd->name[0] != '\0' ? ")" : "");
	}
}

void
describe_briefing(const struct scenario *sc, enum describe_players who,
		  int ai_side, struct text *out)
{
	int s, u, n;
	const char *p, *nl;

	text_add(out, ROLE_TITLE, "%s", sc->title);
	if (sc->date[0] != '\0')
		text_add(out, ROLE_DIM, "%s", sc->date);
	if (sc->summary[0] != '\0')
		text_add(out, ROLE_TEXT, "%s", sc->summary);
	text_add(out, ROLE_TEXT, "%s", "");
	for (p = sc->briefing; *p != '\0'; p = nl + (*nl != '\0')) {
		nl = strchr(p, '\n');
		if (nl == NULL)
			nl = p + strlen(p);
		text_add(out, ROLE_TEXT, "%.*s", (int)(nl - p), p);
	}
	if (sc->briefing[0] != '\0')
		text_add(out, ROLE_TEXT, "%s", "");
	for (s = 0; s < 2; s++) {
		for (n = 0, u = 0; u < sc->nunits; u++)
			n += sc->units[u].side == s;
		text_add(out, s == 0 ? ROLE_SIDE0 : ROLE_SIDE1,
			 "%s (%s): %d unit%s", sc->sides[s].name,
			 sc->sides[s].key, n, n == 1 ? "" : "s");
	}
	text_add(out, ROLE_TEXT,
		 "%d turn%s; %s holds the initiative and "
		 "moves first in turn 1.",
		 sc->turns, sc->turns == 1 ? "" : "s",
		 sc->sides[sc->initiative].name);
	text_add(out, ROLE_TEXT, "%s", "");
	if (who == PLAYERS_HOTSEAT)
		text_add(out, ROLE_DIM,
			 "Two players share this screen and play in "
			 "turn.  Press ? at any time for the keys and "
			 "commands.");
	else if (who == PLAYERS_COMPUTER && ai_side >= 0 && ai_side < 2)
		text_add(out, ROLE_DIM,
			 "You lead %s; the computer plays %s.  Press ? at "
			 "any time for the keys and commands.",
			 sc->sides[1 - ai_side].name, sc->sides[ai_side].name);
	else
		text_add(out, ROLE_DIM,
			 "Press ? at any time for the keys and commands.");
}

/* Whether some unit of sc's battle is of type t. */
static bool
type_in_battle(const struct scenario *sc, int t)
{
	int u;

	for (u = 0; u < sc->nunits; u++)
		if (sc->units[u].type == t)
			return true;
	return false;
}

/* "L legionaries, A auxilia, ..." for the types of sc's battle. */
static void
battle_letters(const struct scenario *sc, const char *glyphs, char *buf,
	       size_t len)
{
	size_t n = 0;
	int i, w;

	buf[0] = '\0';
	for (i = 0; i < sc->ntypes && n < len; i++) {
		if (!type_in_battle(sc, i))
			continue;
		w = snprintf(buf + n, len - n, "%s%c" NB "%s",
			     n > 0 ? ", " : "", glyphs[i], sc->types[i].name);
		if (w < 0)
			break;
		n += (size_t)w;
	}
}

void
describe_help(const struct theme *th, const struct scenario *sc,
	      const char *glyphs, struct text *out)
{
	const struct key_binding *b;
	char letters[512];
	int n, i;

	text_add(out, ROLE_TITLE, "Keys on the map");
	b = keymap_table(&n);
	for (i = 0; i < n; i++)
		if (b[i].name != NULL)
			text_add(out, ROLE_TEXT, "  %-11s %s", b[i].name,
				 b[i].help);
	text_add(out, ROLE_TEXT, "  %-11s %s", "facing",
		 "after p or M: y k u / b j n (or 1-6) = NW N NE / SW S SE");
	text_add(out, ROLE_TEXT, "  %-11s %s", "mouse",
		 "click a hex to put the cursor there; click again to select");
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "Commands at the prompt (press : to type)");
	text_add(out, ROLE_TEXT,
		 "  move UNIT HEX [FACING]    pivot UNIT "
		 "FACING");
	text_add(out, ROLE_TEXT,
		 "  charge UNIT TARGET [HEX]  push UNIT "
		 "move|pivot|charge ...");
	text_add(out, ROLE_TEXT,
		 "  general GEN UNIT          shoot UNIT "
		 "TARGET");
	text_add(out, ROLE_TEXT,
		 "  attack UNIT TARGET        advance UNIT, "
		 "hold UNIT");
	text_add(out, ROLE_TEXT,
		 "  first, second             end (the "
		 "phase), dump");
	text_add(out, ROLE_TEXT,
		 "  help, rules, briefing, goto HEX, select "
		 "UNIT, quit");
	text_add(out, ROLE_TEXT,
		 "  undo (the last command, if it rolled no die)");
	text_add(out, ROLE_TEXT,
		 "  odds UNIT TARGET  (the dice and chances of an action; "
		 "rolls nothing)");
	text_add(out, ROLE_TEXT,
		 "  ai  (the computer plays the turn of the side to act)");
	text_add(out, ROLE_TEXT,
		 "  save [NAME]  (every command is saved as it is played; "
		 "NAME keeps a copy)");
	text_add(out, ROLE_TEXT,
		 "  say TEXT  (a line for the other player and the watchers, "
		 "kept in the game)");
	text_add(out, ROLE_DIM,
		 "  Hexes are CCRR (0405: column 4, row 5); "
		 "facings N NE SE S SW NW.");
	text_add(
	    out, ROLE_DIM,
	    "  Tab completes verbs, units, hexes and "
	    "facings; Enter clears the line, run or refused; up and down "
	    "recall earlier lines; Esc returns to the map, the line kept in "
	    "that history.");
	text_add(out, ROLE_DIM,
		 "  What happened, over the map when the log is too short, "
		 "takes no key: typing goes on at the prompt, and on the map "
		 "Esc closes it and any other key acts.");
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "On the map");
	text_add(
	    out, ROLE_TEXT,
	    "  Hexes are named CCRR.  The column numbers "
	    "on top stand over the odd rows; even rows are shifted half a "
	    "hex right, so a hex there belongs to the column half a hex to "
	    "its left.  The panel names the hex under the cursor and its "
	    "unit, and shows the whole card of the selected unit: Tab, "
	    "Enter, a click or i selects one.");
	text_add(out, ROLE_TEXT,
		 "  A unit: type letter, facing %s, "
		 "strength points left, %s with a general (on the compact "
		 "map the unit is underlined%s instead).",
		 th->unicode ? "arrow" : "letters", theme_general_glyph(th),
		 th->colour ? "" : " and bold");
	battle_letters(sc, glyphs, letters, sizeof letters);
	text_add(out, ROLE_TEXT,
		 "  In this battle: %s.  A type the scenario makes shows a "
		 "letter of its name; r lists the types with their values.",
		 letters);
	if (!th->colour)
		text_add(out, ROLE_TEXT,
			 "  The second side's letters are "
			 "lower case.");
	text_add(out, ROLE_TEXT,
		 "  %s" NB "the selected unit may move there; %s" NB
		 "in its shooting arc; F L R B its front, flanks and rear "
		 "(a hill's mark then stands just left of the letter).",
		 theme_mark_glyph(th, MARK_MOVE),
		 theme_mark_glyph(th, MARK_ARC));
	text_add(out, ROLE_TEXT,
		 "  %s...%s" NB "an enemy it may charge, shoot or "
		 "attack (%s" NB "between two side by side); %s...%s" NB
		 "the selected unit.",
		 theme_target_bracket(th, 0), theme_target_bracket(th, 1),
		 theme_target_bracket(th, 2), theme_selected_mark(th, 0),
		 theme_selected_mark(th, 1));
	text_add(
	    out, ROLE_TEXT,
	    "  Terrain: %s" NB "woods, %s" NB "rough, %s" NB "swamp, "
	    "%s" NB "river, %s" NB "ford, %s" NB "bridge, %s" NB "settlement, "
	    "%s" NB "fortified settlement; %s" NB "hill, %s" NB "high hill, "
	    "%s" NB "road.",
	    theme_terrain_glyph(th, TERRAIN_WOODS, false),
	    theme_terrain_glyph(th, TERRAIN_ROUGH, false),
	    theme_terrain_glyph(th, TERRAIN_SWAMP, false),
	    theme_terrain_glyph(th, TERRAIN_RIVER, false),
	    theme_terrain_glyph(th, TERRAIN_FORD, false),
	    theme_terrain_glyph(th, TERRAIN_BRIDGE, false),
	    theme_terrain_glyph(th, TERRAIN_SETTLEMENT, false),
	    theme_fortified_glyph(th), theme_elevation_glyph(th, 1),
	    theme_elevation_glyph(th, 2), theme_road_glyph(th));
	if (sc->victory[0].count + sc->victory[1].count > 0)
		text_add(out, ROLE_TEXT,
			 "  %s" NB "a victory hex: a side must hold it at the "
			 "end (the briefing says whose); a unit standing on "
			 "it hides the flag, the panel says it still.",
			 theme_victory_glyph(th));
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "The status line");
	text_add(out, ROLE_TEXT,
		 "  The side to play, the turn and the number of turns, the "
		 "phase, each side's breakpoint now and at the start (BP rome "
		 "12/12) and the side that holds the initiative (init rome).  "
		 "Where the line is too short for \"init\", a * after a "
		 "side's key marks the initiative instead (BP rome* 12/12).");
}

/*
 * What each trait of the battle's units does (R13.1), in the man page's
 * words: the cards and the table above name them ("impetuous",
 * "barbarian") and a playtester found their meaning nowhere in the game.
 */
static void
describe_battle_traits(const struct scenario *sc, struct text *out)
{
	static const struct {
		unsigned trait;
		const char *what;
	} means[] = {
		{ TRAIT_ARMORED, "attackers, shooting or in combat, roll 1D6 "
				 "less" },
		{ TRAIT_IGNORES_ARMOR, "the target's armor does not count" },
		{ TRAIT_IMPETUOUS, "loses 1 SP if its combat attack rolls a 1 "
				   "(no morale check)" },
		{ TRAIT_FEROCIOUS, "+1D6 in combat in a player-turn in which "
				   "it charged" },
		{ TRAIT_BARBARIAN, "a push that is a charge costs no roll and "
				   "no loss" },
		{ TRAIT_VETERAN, "never checks morale; counts 3 towards the "
				 "breakpoint" },
		{ TRAIT_MISSILE, "may shoot, if it made no movement action and "
				 "is not engaged" },
		{ TRAIT_LIGHT, "may pass through friendly light units" },
		{ TRAIT_WOODS, "may enter woods" },
		{ TRAIT_MOUNTED, "may not enter rough ground" },
	};
	unsigned have = 0;
	size_t k;
	int u;

	for (u = 0; u < sc->nunits; u++) {
		have |= sc->types[sc->units[u].type].traits;
		if (sc->units[u].veteran)
			have |= TRAIT_VETERAN;
	}
	if (have == 0)
		return;
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "Traits in this battle (R13.1)");
	for (k = 0; k < sizeof means / sizeof means[0]; k++)
		if (have & means[k].trait)
			text_add(out, ROLE_TEXT, "  %-13s %s",
				 trait_name((enum trait)means[k].trait),
				 means[k].what);
}

void
describe_rules(const struct scenario *sc, const char *glyphs,
	       struct text *out)
{
	char traits[128], missile[32];
	int i, m;

	text_add(out, ROLE_TITLE, "Unit types in this battle");
	text_add(out, ROLE_DIM, "  %-22s %-18s %-6s %-9s %-3s %s",
		 "type (letter)", "class", "combat", "missile", "MA", "push");
	for (i = 0; i < sc->ntypes; i++) {
		const struct unit_type *t = &sc->types[i];

		if (!type_in_battle(sc, i))
			continue;

		if (t->traits & TRAIT_MISSILE)
			snprintf(missile, sizeof missile, "%d, %dD6",
				 t->missile_range, t->missile_dice);
		else
			snprintf(missile, sizeof missile, "-");
		trait_format(t->traits, traits, sizeof traits);
		text_add(out, ROLE_TEXT,
			 "  %c %-20.20s %-18s %dD6    %-9s %-3d "
			 "%d+",
			 glyphs[i], t->name, class_words(t), t->combat, missile,
			 t->move, t->push);
		if (traits[0] != '\0')
			text_add(out, ROLE_DIM, "      traits: %s", traits);
	}
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "Dice of an attack or a shot (R8.3, R9.2)");
	text_add(out, ROLE_TEXT,
		 "  the unit's combat or missile dice, "
		 "then:");
	for (m = 0; m < MOD_COUNT; m++) {
		static const char *const why[MOD_COUNT] = {
			"+1D6 a general is with the attacker (combat)",
			"+1D6 the attacker stands on the target's flank",
			"+2D6 the attacker stands in the target's rear",
			"+1D6 a ferocious attacker that charged this turn",
			"-1D6 the target is armored (not vs ignores-armor)",
			"-1D6 the target stands in woods",
			"-1D6 the target stands in rough",
			"-1D6 either unit stands on a ford or bridge",
			"-1D6 the target holds a fortified settlement",
			"-1D6 the target stands higher than the attacker",
		};

		text_add(out, ROLE_TEXT, "  %-10s %s",
			 dice_mod_name((enum dice_mod)m), why[m]);
	}
	text_add(
	    out, ROLE_TEXT,
	    "  at least 1D6 is rolled; each 4, 5 or 6 "
	    "is a hit (1 SP).  Every 1 against a unit with a general risks "
	    "him (2D6: 2 kills).");
	describe_battle_traits(sc, out);
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "Terrain (R6)");
	for (i = 0; i < TERRAIN_COUNT; i++)
		text_add(out, ROLE_TEXT, "  %-11s %s",
			 terrain_name((enum terrain)i),
			 terrain_effect((enum terrain)i, FORT_EITHER));
	text_add(out, ROLE_TEXT,
		 "  a hill is elevation 1, a high hill 2; "
		 "a road gives +1 MA to a move from road to road.");
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "Morale and breakpoint (R10, R11)");
	text_add(out, ROLE_TEXT,
		 "  a unit that lost SP checks in phase 4: "
		 "1D6, 2+ with 1-4 hits, 3+ with 5-8; units with a general and "
		 "veterans do not check.");
	text_add(out, ROLE_TEXT,
		 "  a failed check retreats 1 hex to the "
		 "rear, keeping its facing; the attacker may advance.");
	text_add(
	    out, ROLE_TEXT,
	    "  breakpoint: 2 per unit (3 veteran) and "
	    "2 per general; it drops 1 per failed check, 2 (3) per unit lost, "
	    "1D3 per general killed.  At 0 the army quits the field.");
}

/*
 * The share of its starting breakpoint side s has lost, as R11.4 and
 * R14.18 compare them: "23 of 30 lost (76.7%)".  The percentages get the
 * decimals that tell two different shares apart (a fraction's own digits
 * at most 4, then the fraction says it).
 */
static void
share_words(const struct game *g, int s, char *buf, size_t len)
{
	long lost[2], start[2];
	int k, dec;

	for (k = 0; k < 2; k++) {
		lost[k] = (long)g->bp_start[k] - g->bp[k];
		start[k] = g->bp_start[k] > 0 ? g->bp_start[k] : 1;
	}
	for (dec = 1; dec < 4; dec++) {
		char a[32], b[32];

		snprintf(a, sizeof a, "%.*f", dec,
			 100.0 * (double)lost[0] / (double)start[0]);
		snprintf(b, sizeof b, "%.*f", dec,
			 100.0 * (double)lost[1] / (double)start[1]);
		if (strcmp(a, b) != 0 ||
		    lost[0] * start[1] == lost[1] * start[0])
			break;
	}
	snprintf(buf, len, "%ld of %d lost (%.*f%%)", lost[s], g->bp_start[s],
		 dec, 100.0 * (double)lost[s] / (double)start[s]);
}

void
describe_end_reason(const struct game *g, char *buf, size_t len)
{
	const struct scenario *sc = g->sc;
	int w = g->winner, l = w >= 0 ? 1 - w : -1;
	char share[2][64];

	share_words(g, w >= 0 ? w : 0, share[0], sizeof share[0]);
	share_words(g, w >= 0 ? l : 1, share[1], sizeof share[1]);

	switch (g->end) {
	case END_BREAKPOINT:
		snprintf(buf, len,
			 "%s quit the field: its breakpoint fell to "
			 "%d",
			 l >= 0 ? sc->sides[l].name : "an army",
			 l >= 0 ? g->bp[l] : 0);
		break;
	case END_BOTH_BROKEN:
		snprintf(buf, len,
			 "both armies quit the field in the same "
			 "phase");
		break;
	case END_VICTORY_HEXES:
		snprintf(buf, len,
			 "%s held its victory hexes at the end of "
			 "the last turn",
			 w >= 0 ? sc->sides[w].name : "");
		break;
	case END_SHARE:
		snprintf(buf, len,
			 "after the last turn %s had lost the "
			 "smaller share of its breakpoint (R11.4): %s, "
			 "against %s for %s",
			 w >= 0 ? sc->sides[w].name : "", share[0], share[1],
			 l >= 0 ? sc->sides[l].name : "");
		break;
	case END_SHARE_DRAW:
		snprintf(buf, len,
			 "after the last turn both had lost the "
			 "same share of their breakpoints (R11.4): %s %s, "
			 "%s %s",
			 sc->sides[0].name, share[0], sc->sides[1].name,
			 share[1]);
		break;
	default:
		snprintf(buf, len, "the game is not over");
		break;
	}
}

void
describe_end(const struct game *g, const struct battle_tally *t,
	     struct text *out)
{
	const struct scenario *sc = g->sc;
	char why[320], share[64];
	int s, u, k, units, lost, sp, gens, dead;

	if (g->winner >= 0)
		text_add(out,
			 g->winner == 0 ? ROLE_STATUS_SIDE0 : ROLE_STATUS_SIDE1,
			 "%s wins", sc->sides[g->winner].name);
	else
		text_add(out, ROLE_TITLE, "A draw");
	describe_end_reason(g, why, sizeof why);
	text_add(out, ROLE_TEXT, "%s, in turn %d of %d.", why, g->turn,
		 sc->turns);
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "The battle");
	for (s = 0; s < 2; s++) {
		units = lost = sp = gens = dead = 0;
		for (u = 0; u < g->nunits; u++) {
			if (g->units[u].side != s)
				continue;
			units++;
			lost += !g->units[u].on_map;
			sp += g->units[u].hits - sc->units[u].hits;
		}
		for (k = 0; k < g->ngenerals; k++) {
			if (g->generals[k].side != s)
				continue;
			gens++;
			dead += g->generals[k].unit < 0;
		}
		text_add(out, s == 0 ? ROLE_SIDE0 : ROLE_SIDE1, "%s",
			 sc->sides[s].name);
		text_add(out, ROLE_TEXT,
			 "  units lost %d of %d (%d routed, %d "
			 "destroyed); %d SP lost",
			 lost, units, t->routed[s], t->destroyed[s], sp);
		share_words(g, s, share, sizeof share);
		text_add(out, ROLE_TEXT,
			 "  morale checks failed %d; generals "
			 "killed %d of %d; breakpoint %d of %d, %s",
			 t->morale_failed[s], dead, gens, g->bp[s],
			 g->bp_start[s], share);
	}
}
