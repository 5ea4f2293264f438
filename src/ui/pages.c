/*
 * The pages a player reads whole (describe.h): the briefing before the
 * battle, the help (keys, commands, the map's symbols), the rules of the
 * battle's unit types, terrain and dice, and the summary at its end.
 * Text only, read from the scenario and the game; the pager draws it.
 */
#include "config.h"

#include "ui/describe.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "core/event.h"
#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "core/unittype.h"
#include "ui/keymap.h"
#include "ui/logbuf.h"

#define NB WRAP_NBSP /* keeps a symbol with its name */

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
		 "moves first in turn 1.  From turn 2 on, a roll 2 higher "
		 "seizes it: a side that moved second may then move first, "
		 "two player-turns in a row (R12.2).",
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

	text_add(out, ROLE_TITLE, "Keys and the prompt: one rule");
	text_add(out, ROLE_TEXT,
		 "  Keys act on the map; commands are typed at the prompt, "
		 "and Enter runs the line and closes the prompt, refused or "
		 "not: the next key is the map's again.");
	text_add(out, ROLE_TEXT,
		 "  A lowercase key never changes the game by itself: m c s a "
		 "g, and p after its facing, name their command in the message "
		 "line; Enter, Space or the same key again plays it, any other "
		 "key drops it.  Enter on a marked hex, the capitals E U A H M "
		 "and the answers 1 2 act at once.  Every command played is in "
		 "the log.");
	text_add(out, ROLE_TEXT,
		 "  A command typed on the map without ':' lands at the prompt: "
		 "lowercase letters in a row that begin a command word (mo, "
		 "ch, sh, und), or a letter that is no key, open it with "
		 "them.");
	text_add(out, ROLE_TEXT, "%s", "");
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
		 "  odds UNIT[,UNIT] TARGET, odds TARGET  (the chances "
		 "before a roll)");
	text_add(out, ROLE_TEXT,
		 "  ai  (the computer plays the turn of the side to act)");
	text_add(out, ROLE_TEXT,
		 "  save [NAME]  (every command is saved as it is played; "
		 "NAME also writes the game as it stands as the save NAME, "
		 "while this game goes on saving to its own file; resumed, "
		 "NAME plays on and saves to itself)");
	text_add(out, ROLE_TEXT,
		 "  say TEXT  (a line for the other player and the watchers, "
		 "kept in the game)");
	text_add(out, ROLE_DIM,
		 "  Hexes are CCRR (0405: column 4, row 5); "
		 "facings N NE SE S SW NW.");
	text_add(
	    out, ROLE_DIM,
	    "  Tab completes verbs, units, hexes and "
	    "facings; Enter runs the line and closes the prompt; up and "
	    "down recall earlier lines; Esc returns to the map, the line "
	    "kept in that history.");
	text_add(out, ROLE_DIM,
		 "  What happened, over the map when the log is too short, "
		 "takes no key: Esc closes it and any other key acts.");
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
	/* ASCII (TERM=linux): the compact map's facings are signs, one of
	 * them a hill's too, which a playtester could not read. */
	if (!th->unicode)
		text_add(out, ROLE_TEXT,
			 "  Facings in ASCII: on the compact map ^ / > v < \\ "
			 "right after a unit's letter point N NE SE S SW NW "
			 "(L^9: legionaries facing N, 9 SP); on the detailed "
			 "map they are the letters N NE SE S SW NW.  A ^ or %% "
			 "that follows no unit's letter is a hill or a high "
			 "hill.");
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
			 "it hides the mark, the panel says it still.",
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
			 glyphs[i], t->name, describe_class(t), t->combat,
			 missile, t->move, t->push);
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
	    "the general (2D6: a 2 kills).");
	describe_battle_traits(sc, out);
	text_add(out, ROLE_TEXT, "%s", "");
	text_add(out, ROLE_TITLE, "Terrain (R6)");
	for (i = 0; i < TERRAIN_COUNT; i++)
		text_add(out, ROLE_TEXT, "  %-11s %s",
			 terrain_name((enum terrain)i),
			 describe_terrain_effect((enum terrain)i, FORT_EITHER));
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
	/* Past the breakpoint: all of it and how much more, not "14 of 12
	 * lost (116.7%)" (issue 31). */
	if (lost[s] > g->bp_start[s])
		snprintf(buf, len, "all %d lost and %ld more", g->bp_start[s],
			 lost[s] - g->bp_start[s]);
	else
		snprintf(buf, len, "%ld of %d lost (%.*f%%)", lost[s],
			 g->bp_start[s], dec,
			 100.0 * (double)lost[s] / (double)start[s]);
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
			 l >= 0 && g->bp[l] > 0 ? g->bp[l] : 0);
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
			 "  morale checks passed %d, failed %d; generals "
			 "killed %d of %d; breakpoint %d of %d, %s",
			 t->morale_passed[s], t->morale_failed[s], dead, gens,
			 g->bp[s] > 0 ? g->bp[s] : 0, g->bp_start[s], share);
	}
}
