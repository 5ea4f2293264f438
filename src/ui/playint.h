/*
 * The play module's internal interface: what play.c (the play's state,
 * commands and pages), playlog.c (the log and tally), playseat.c (a
 * shared game's seat), playai.c (the computer's turn), playmarks.c (the
 * highlights), playline.c (the prompt's language), playtext.c (the
 * texts), playkeys.c (what keys do), playrecap.c (the handoff) and
 * playview.c (the replay viewer) share.  Not for the rest of the UI; the
 * public face is play.h.
 */
#ifndef ANCIENTS_UI_PLAYINT_H
#define ANCIENTS_UI_PLAYINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/command.h"
#include "core/game.h"
#include "ui/play.h"

/* A play of a game of sc with nothing on show yet: no session, no game. */
struct play *play_alloc(const struct scenario *sc);
/* Sets the message line's text and kind; an error goes to the log as
 * well (not in a viewer, whose log is the replay's). */
void play_set_msg(struct play *p, enum play_msg kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Empties the message line: it shows a hint again. */
void play_clear_msg(struct play *p);
/* A unit's ID. */
const char *play_uid(const struct play *p, int u);
/* Whether u is a unit on the map of the side to play. */
bool play_own_unit(const struct play *p, int u);
/*
 * At a turn's start: names the selection in the message line ("Rome to
 * play: turn 2; leg1 is selected, Esc drops it") when it is the person's
 * to command (not a watcher's, the other seat's or the computer's);
 * returns whether it did.
 */
bool play_say_turn_selection(struct play *p);
/* Selects u (-1: none), drops a half-made push, redoes the marks. */
void play_select(struct play *p, int u);
/* Recomputes the highlights of the selected unit from the engine. */
void play_update_marks(struct play *p);
/* The next (dir 1) or previous (-1) unit after the selection with
 * something to do, else of the side to play; -1 if none. */
int play_next_unit(const struct play *p, int dir);
/*
 * Plays a command: its canonical line goes to the session (which saves
 * it before it returns), the log gets the command and its events, and the
 * screen moves on (marks, the next player-turn, news and end pages).
 * Returns 0, or -1 when it was refused or could not be saved (reason in
 * msg and the log; nothing happened).
 */
int play_apply(struct play *p, const struct command *c);
/*
 * play_apply(), for a person or (by_ai) the computer, whose command is
 * logged as "ai: COMMAND" and never opens the news page: its turn goes
 * by in the log.
 */
int play_apply_as(struct play *p, const struct command *c, bool by_ai);
/* What a turn or a decision now asks of the players, after a command
 * (the game was old_player's at old_turn before it). */
void play_announce(struct play *p, int old_player, int old_turn);
/*
 * Puts the cursor on and selects the first unit with work, if any; in a
 * shared game selects it only on the screen of the seat whose side acts
 * (the other seat and watchers saw the other side's move marks at every
 * turn), the cursor going there on every screen.
 */
void play_focus_first_unit(struct play *p);
/*
 * Takes back the last command (session_undo()) and shows the game as it
 * was.  Returns 0, or -1 with the reason in msg and the log.
 */
int play_undo(struct play *p);
/* Copies what each unit did this player-turn, from the game on show (the
 * engine's struct unit), into p->marks.deeds. */
void play_update_deeds(struct play *p);
/* Shows a page over the map; play_close_page() returns to the map. */
void play_open_page(struct play *p, enum play_page page);
void play_close_page(struct play *p);
/*
 * Shows the state after the first k commands of r (0 to its length):
 * p->g becomes that state (borrowed from r until r's next call), and the
 * log and the battle's tally are what a game played to there had.
 */
void play_show_replay(struct play *p, struct replay *r, int k);
/*
 * Tab at the prompt (playline.c): completes the word before the cursor
 * with what the game allows there (cmdwords_source()); several matches
 * are listed in the message line, and no match says why.
 */
void play_complete_prompt(struct play *p);
/* Scrolls the log back (delta > 0) or forward, within what it holds. */
void play_scroll_log(struct play *p, int delta);
/* PgUp and PgDn: the log a page older or newer.  Returns whether key was
 * one of them (the map, the prompt and the viewer share this). */
bool play_log_page_key(struct play *p, int key);
/* The viewer's keys (playview.c), for any mode but PLAY_PAGE. */
bool play_view_key(struct play *p, int key);
/*
 * Quits, or asks first: always for the q key (typed false), for a typed
 * quit only while commands are unsaved (play_unsaved()); never once the
 * game is over.
 */
void play_request_quit(struct play *p, bool typed);
/* The unit A and H answer for while advances are pending: the selected
 * unit if it may advance, else the one under the cursor, else the first
 * asked; -1 when none is pending. */
int play_advance_unit(const struct play *p);
/*
 * Whether a movement action of u now costs it a shot it could make in
 * this player-turn's shooting phase (R8.1): the first such target in
 * *target.  For the warning before it moves, which never refuses.
 */
bool play_shot_at_stake(const struct play *p, int u, int *target);
/* Whether the side choosing after seizing the initiative played the
 * player-turn before: moving first, it plays two in a row (R12.2). */
bool play_choice_twice(const struct play *p);
/* The decision the game waits for (a seized initiative, an advance),
 * as the message line asks it; false when there is none. */
bool play_question(const struct play *p, char *buf, size_t len);
/* Shows the newest lines of the log over the map (PAGE_NEWS), leaving
 * the mode as it is; not over a page. */
void play_show_news(struct play *p, int lines);
/* L: the whole log in the same window, opening at its newest lines. */
void play_show_log(struct play *p);

/* The log (playlog.c).  Its first lines: the battle, its seed and the
 * first player-turn (g is the game before any command). */
void play_log_start(struct play *p, const struct game *g, uint64_t seed);
/* The side whose commands this screen gives: the side to play, a shared
 * seat's own side, -1 for a watcher. */
int play_log_side(const struct play *p);
/* A command as side gave it: "Rome> move leg1 0405"; side -1, a shared
 * game's watcher: "Watching> end". */
void play_log_command(struct play *p, int side, const char *cmd);
/* A command of the computer's: "ai: move wb2 0506". */
void play_log_ai_command(struct play *p, int side, const char *cmd);
/* A refusal, in the message line and the log. */
void play_log_error(struct play *p, const char *why);
/* Logs and counts (p->log.tally) what a command set off; returns the lines
 * added. */
int play_log_events(struct play *p, const struct events *ev);
/* The same, a say line named as said by side speaker (-1: as it is). */
int play_log_events_by(struct play *p, const struct events *ev,
		       int speaker);
/* The odds lines of an `odds` command (odds.h); returns the lines added. */
int play_log_odds(struct play *p, const struct command *c);

struct cannot;
/*
 * Whether the engine's reason that u cannot shoot (phase shooting) or
 * attack (combat) now is worth telling the player: u is the phasing
 * player's and looks as if it should (a missile unit that may not shoot;
 * a unit in contact with no enemy in front), with the reason in *c.
 */
bool play_cannot_worth_saying(const struct game *g, int u, enum phase phase,
			      struct cannot *c);
/*
 * At the start of a shooting or combat phase: a log line for each unit
 * worth it, "sag1 cannot shoot: WHY (RULE); FIX".  Returns the lines.
 */
int play_log_cannot(struct play *p);
/* The screen lines the newest n log lines take, wrapped as the log view
 * wraps them (panel_log_draw()). */
int play_log_screen_lines(const struct play *p, int n);

/*
 * A shared game's seat (playseat.c): plays c under the shared journal's
 * lock; what the others added just before is logged as events, c itself
 * is the caller's to log.  0, or -1 with why.
 */
int play_seat_apply(struct play *p, const struct command *c, char *why,
		    size_t whylen);

/*
 * The computer (playai.c): counts its commands at the journal's end (a
 * resumed solo game, or one taken back to before the person's last
 * command) into p->ai.since: those made where its side was to act.
 */
void play_count_ai_tail(struct play *p);

/*
 * Typing on the map (playtype.c).  play_ready() makes c ready for a
 * lowercase key (said in the message line, or refused at once);
 * play_ready_key() plays it for Enter, Space or that key, drops it for
 * Esc (both true) or for any other key (false: the key goes on).
 * play_typed_word() adds a map key to the run typed and opens the
 * prompt with the run's tail when it begins a command word or the key is
 * a letter the map has no use for (true); play_run_note() only adds it.
 */
void play_ready(struct play *p, const struct command *c, int key);
bool play_ready_key(struct play *p, int key);
bool play_typed_word(struct play *p, int key);
void play_run_note(struct play *p, int key);

/* z: the compact map or the detailed one, as the player's choice. */
void play_toggle_compact(struct play *p);
/* The handoff (playrecap.c).  play_turn_note() adds a command's events
 * to the player-turn's, play_turn_unnote() takes the last one's back,
 * play_turn_clear() forgets them all: the next start from the game
 * from (the units' hits, for the SP lost). */
void play_turn_note(struct play *p, const struct events *ev);
void play_turn_unnote(struct play *p);
void play_turn_clear(struct play *p, const struct game *from);
/* play_turn_clear() of the person's player-turn in a solo game, never
 * recapped, but for the start of a new turn its last command made (the
 * initiative): the recap of the computer's turn begins with it. */
void play_turn_forget(struct play *p, const struct game *from);
/* Rebuilds them from the journal, after an undo over a handoff. */
void play_turn_rebuild(struct play *p);
/* Builds the recap of what side did since the last handoff into
 * p->handoff.recap and forgets those events. */
void play_recap_turn(struct play *p, int side);
/* Shows the handoff to the side now to play, with p->handoff.recap. */
void play_handoff_open(struct play *p);
/* Both: the recap of side's turn, then the handoff. */
void play_handoff(struct play *p, int side);
/* The keys of PLAY_HANDOFF. */
bool play_recap_key(struct play *p, int key);
/* PAGE_HANDOFF's text and PLAY_HANDOFF's hint. */
void play_recap_text(const struct play *p, struct text *out);
/* The recap's items after a blank line, under "What SIDE did:" (or "...
 * did in the last turn:", on the end page). */
void play_recap_items(const struct play *p, struct text *out, bool last_turn);
void play_recap_hint(const struct play *p, int width, char *buf, size_t len);

#endif
