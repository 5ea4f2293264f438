/*
 * What the screen says, as text: the status line, the panel for a hex or
 * a unit (describe.c), and the pages: briefing, help, rules and the
 * end-of-game summary (pages.c).  Everything is read from a const game
 * through the engine's queries; no curses, and nothing here decides a
 * rule.
 *
 * Text comes as lines (text.h), each with the role it is drawn in and,
 * for lines about one side, that side.  The drawing code wraps long
 * lines.
 */
#ifndef ANCIENTS_UI_DESCRIBE_H
#define ANCIENTS_UI_DESCRIBE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/command.h"
#include "core/hex.h"
#include "core/map.h"
#include "ui/text.h"
#include "ui/theme.h"

struct game;
struct scenario;
struct unit_type;

#define TEXT_LINE_MAX 200 /* room for a list of traits and the like */

/*
 * A side's name in at most DESCRIBE_SIDE_NAME_COLS columns for the
 * status line, the prompt and the questions.  A longer one drops its
 * general's in brackets ("Rome (Suetonius Paulinus)": "Rome"), never
 * cut in the middle of the general's; one still too long ends in an
 * ellipsis, so that it reads as cut.
 */
#define DESCRIBE_SIDE_NAME_COLS 24
const char *describe_side_name(const char *name, char *buf, size_t len);
/* A side's name without its general's in brackets ("Rome"). */
const char *describe_side_stem(const char *name, char *buf, size_t len);

/*
 * The status line in two parts for a line of width columns: a block
 * naming the side to play (" Rome to play ", or at game end the winner)
 * and the rest: turn of total, phase, both breakpoints now and at their
 * start (by side key) and the side holding the initiative.  Where the
 * line is short the words get fewer: "to play" goes first, then the
 * double spaces, then "init KEY" becomes a '*' after that side's key,
 * then the side's name loses its general's in brackets.
 * How few is decided by the widest line the game can show in play, not
 * by the moment's, so the words do not come and go between phases.
 * Returns the side the block is about (drawn in its colour).
 */
int describe_status(const struct game *g, int width, char *block,
		    size_t blocklen, char *rest, size_t restlen);

/*
 * The same with a word first in the rest (solo play: "computer
 * thinking"), the first of words[0..nwords) that the line has room for.
 * The status's words are in the form that leaves room for a word of
 * DESCRIBE_SOLO_WORD_COLS, whatever the word, and for the end's words,
 * so that the form stays put through a solo game to its end; no word
 * if none fits.  With no words, as describe_status().
 */
#define DESCRIBE_SOLO_WORD_COLS 9 /* "your turn", "computer", "you won" */
int describe_status_solo(const struct game *g, int width,
			 const char *const *words, int nwords, char *block,
			 size_t blocklen, char *rest, size_t restlen);

/*
 * A shared game's seats ("alice/bob 2 watching", who holds the sides)
 * for the right end of a status line of width columns: into out, as much
 * as leaves room for the game's words at their widest in their shortest
 * form (any side to play or winning, the longest phase word, game over
 * included), so that they give way before any of the game's figures and
 * do not come and go between phases: the whole, the watchers' number
 * alone ("alice/bob +2"), without the watchers ("alice/bob"), or "".
 */
void describe_status_seats(const struct game *g, int width, const char *seats,
			   char *out, size_t len);

/*
 * What a unit did this player-turn: which action it made and which its
 * push made, copied from the engine's struct unit (action, push_action).
 * VERB_COUNT when none; the targets are a charge's, else -1.
 */
struct unit_deeds {
	enum verb action; /* VERB_MOVE, VERB_PIVOT or VERB_CHARGE */
	int action_target;
	enum verb push; /* the push's action, the same verbs */
	int push_target;
};

/* The panel: the hex (terrain, elevation, road) and any unit on it;
 * deeds, per unit, may be NULL. */
void describe_hex(const struct game *g, struct hex h,
		  const struct unit_deeds *deeds, struct text *out);
/*
 * The hex alone, short, for the panel: its number, terrain, elevation
 * and road on the first line ("0406 woods, hill (elevation 1), road"),
 * a victory hex's line, then what the terrain does.
 */
void describe_place(const struct game *g, struct hex h, struct text *out);
/* A unit on one line: id, type, side's key, SP and facing ("leg1
 * Legionaries, rome: SP 9, N"), in its side's role. */
void describe_unit_brief(const struct game *g, int u, struct text *out);
/* A unit's lines: type, SP, hits, facing, traits, MA, push, general,
 * engaged, what it did this player-turn (d: its deeds, or NULL).  A
 * label and its value are joined by WRAP_NBSP, to wrap as one. */
void describe_unit(const struct game *g, int u, const struct unit_deeds *d,
		   struct text *out);

/* Whether a settlement is fortified: known on a hex, either on the
 * rules page. */
enum describe_fort {
	FORT_NO,
	FORT_YES,
	FORT_EITHER,
};

/* What R6 says of terrain t, for the panel and the rules page. */
const char *describe_terrain_effect(enum terrain t, enum describe_fort fort);

/* A unit type's class in words ("formed foot", "nimble light foot"),
 * for its card and the rules page. */
const char *describe_class(const struct unit_type *t);

/* The pages (pages.c). */

/* Who plays the battle, for the briefing's last words. */
enum describe_players {
	PLAYERS_HOTSEAT,  /* two people at this screen */
	PLAYERS_COMPUTER, /* against the computer, which plays ai_side */
	PLAYERS_OTHER	  /* a shared game or a replay: not said */
};

/* Title, date, summary, briefing, the sides, the turn limit and who
 * plays (ai_side: the computer's side, for PLAYERS_COMPUTER). */
void describe_briefing(const struct scenario *sc, enum describe_players who,
		       int ai_side, struct text *out);
/* Every key of the map view, every command of the prompt, and the map's
 * symbols as the theme draws them; the letters of the unit types of sc's
 * battle as glyphs (theme_unit_glyphs) gives them. */
void describe_help(const struct theme *th, const struct scenario *sc,
		   const char *glyphs, struct text *out);
/* The unit types that stand in sc's battle with their letters (glyphs,
 * as theme_unit_glyphs), the terrain and the dice modifiers. */
void describe_rules(const struct scenario *sc, const char *glyphs,
		    struct text *out);

/* What each side lost in a game, for the summary (counted from events). */
struct battle_tally {
	int routed[2];	      /* units routed (9 hits) */
	int destroyed[2];     /* units destroyed with no retreat */
	int morale_failed[2]; /* failed morale checks */
	int morale_passed[2]; /* passed ones */
};

/* Who won and why, and what each side lost. */
void describe_end(const struct game *g, const struct battle_tally *t,
		  struct text *out);

/* Words for why the game ended ("Germans quit the field ..."). */
void describe_end_reason(const struct game *g, char *buf, size_t len);

#endif
