/*
 * The game as the screen plays it: a session (session/session.h), its
 * log, the prompt's line, the cursor and selection, the mode the keys are
 * in, and the page or question on show.  Keys and prompt lines come in;
 * commands go to the session as struct commands through session_apply(),
 * the same way whether typed or pressed, so each is on disk before the
 * screen shows it, and every command and event lands in the log.  A play
 * may also only show a replay (play_new_viewer()): then playview.c owns
 * the keys and nothing is played.  Nothing here calls curses, so tests drive
 * it key by key; tui.c only translates keys and draws what it finds here.
 */
#ifndef ANCIENTS_UI_PLAY_H
#define ANCIENTS_UI_PLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/command.h"
#include "core/event.h"
#include "core/hex.h"
#include "ui/describe.h"
#include "ui/theme.h"

struct game;
struct scenario;
struct logbuf;
struct lineedit;
struct recap;
struct replay;
struct session;
struct ai;
struct shared;

enum play_mode {
	PLAY_MAP,	   /* keys move the cursor and act */
	PLAY_PROMPT,	   /* keys edit the command line */
	PLAY_FACING,	   /* the next key names a facing */
	PLAY_CONFIRM_QUIT, /* y quits, any other key goes back to
			    * where q was pressed */
	PLAY_PAGE,	   /* a page of text covers the map; any other
			    * key than scrolling goes back to the mode
			    * it was opened from (page_back) */
	PLAY_HANDOFF,	   /* hot-seat: the player-turn passed; the
			    * recap of the other side's (playrecap.c)
			    * until Enter or Esc */
};

enum play_page {
	PAGE_BRIEFING, /* the scenario, before the first turn */
	PAGE_HELP,     /* keys and commands */
	PAGE_RULES,    /* unit types and modifiers */
	PAGE_NEWS,     /* what a command set off, when the log is
			* too short to show it all: never a mode, only
			* shown (news) over the map while the keys go
			* on to the map or the prompt */
	PAGE_OVER,     /* who won and the battle's summary */
	PAGE_HANDOFF,  /* PLAY_HANDOFF's cover: pass the keyboard */
};

enum play_msg {
	MSG_NONE, /* the message line shows a hint */
	MSG_INFO,
	MSG_ERROR,
};

/*
 * The parts of a play, each with one concern.  Other files of the UI
 * (tui.c, panel.c, mapview.c) read them; they change them only through
 * the functions below (play_set_view(), play_page_drawn(), ...), never by
 * writing a field: the play keeps them consistent with each other.
 */

/* The page or window of text on show over the map. */
struct play_pages {
	enum play_page kind;
	enum play_mode back; /* PLAY_PAGE, PLAY_CONFIRM_QUIT: the mode to
			      * go back to */
	bool news;	     /* PAGE_NEWS is shown over the map, in PLAY_MAP
			      * or PLAY_PROMPT; no key is its own (see
			      * playkeys.c) */
	int top;	     /* first page line shown */
	int news_count;	     /* PAGE_NEWS: the newest lines of the log */
	bool news_all;	     /* PAGE_NEWS is the whole log (L) */
	bool at_end;	     /* the next draw of the page shows its end */
	bool over_shown;     /* PAGE_OVER has been shown */
	bool over_recap;     /* PAGE_OVER recaps the computer's last turn
			      * (handoff.recap), which ended the game */
};

/* What the screen's view holds, as the terminal told it
 * (play_set_view(), play_page_drawn()). */
struct play_view {
	int log_rows;	     /* lines the log view shows */
	int log_cols;	     /* its width, 0 if unknown: then each log line
			      * counts as one screen line */
	int page_rows;	     /* lines the page view shows */
	int page_lines;	     /* lines the page on show has wrapped */
	int card_rows;	     /* rows the layout gave the unit's card, 0 if
			      * unknown (play_set_card_rows()) */
	int news_rows;	     /* lines What happened shows under the map
			      * while a decision is asked, 0 if unknown */
	bool compact;	     /* the compact map (compact.h) is on show */
	bool compact_chosen; /* ... as the player chose with z; else the
			      * screen picks what shows the whole map */
};

/* The cursor, the selection and a half-made command's question. */
struct play_sel {
	struct hex cursor;
	int unit;	    /* the selected unit, or -1 */
	bool push_armed;    /* the next move, charge or pivot is a push */
	enum verb ask_verb; /* PLAY_FACING: VERB_PIVOT or VERB_MOVE */
	bool ask_push;	    /* ... as a push */
	struct hex ask_hex; /* ... VERB_MOVE's destination */
	bool ready;	    /* a lowercase key's command waits for Enter
			     * or the key again (playtype.c) */
	struct command ready_cmd; /* ... that command */
	int ready_key;		  /* ... and that key */
	char run[16];	    /* the printable keys typed on the map in a
			     * row, newest last, NUL-ended: a command
			     * typed there opens the prompt */
	bool key_refused;   /* the last map key's refusal is the log's
			     * newest line */
};

/* The selected unit's highlights and what units did (playmarks.c). */
struct play_marks {
	unsigned char *mark;	  /* per map cell: enum theme_mark; owned */
	signed char *face;	  /* per map cell: enum face, or -1; owned */
	bool *target;		  /* per unit: the selection may act on it;
				   * owned */
	struct unit_deeds *deeds; /* per unit: its action and push this
				   * player-turn, from the engine; owned */
	struct command *legal;	  /* the push marks' legal list, kept for
				   * the next; owned */
	int legal_cap;		  /* its room */
};

/* The message line under the map. */
struct play_msgline {
	enum play_msg kind;
	char text[1024]; /* an answer to the last key or line; an error
			  * is in the log as well, whole */
};

/* The log (playlog.c) and the battle's tally counted from its events. */
struct play_log {
	struct logbuf *buf;	   /* owned */
	int back;		   /* lines scrolled back from the newest */
	struct battle_tally tally; /* counted from events */
	const char *typed;	   /* a line play_line() runs, until it or
				    * its command is logged: a refusal
				    * logs it first (play_set_msg()) */
};

/* The computer (playai.c): the side it plays by itself (-1: none,
 * hot-seat), a side it plays once at the prompt's `ai` (-1: none), its
 * strength, and its players, made when first needed. */
struct play_ai {
	int side;
	int once;
	int level;
	struct ai *players[2]; /* owned */
	bool busy;	       /* the computer is playing: the status says so */
	int since;	       /* the computer's commands at the journal's end,
				* after the person's last */
	int unit;	       /* the unit of the computer's last command, or
				* -1 */
	int lines;	       /* log lines its turn added so far (the recap) */
	bool handback;	       /* its turn handed the game back: recap it */
};

/* A seat in a shared game (playseat.c). */
struct play_seat {
	struct shared *shared; /* the seat, or NULL; borrowed */
	char status[96];       /* who holds each side and how many watch,
				* for the status line */
	int held[2];	       /* whether each side was held at the last
				* look, -1 before the first */
	char login[2][40];     /* and by whom, for "alice left" */
	int watchers;	       /* how many watched at the last look, -1
				* before the first */
	char stopped[768];     /* why the journal cannot be followed, or "" */
};

/* The hot-seat handoff (playrecap.c). */
struct play_handoff {
	bool on;		   /* show it when the side to play changes */
	struct events turn_ev;	   /* events since the last handoff */
	int *turn_marks;	   /* turn_ev.n before each command; owned */
	int nturn_marks;	   /* commands in turn_ev */
	int turn_marks_cap;	   /* allocated */
	int *turn_hits;		   /* each unit's hits before turn_ev; owned */
	int turn_lead;		   /* turn_ev's first events that end the
				    * person's player-turn, kept for the
				    * computer's recap */
	struct recap *recap;	   /* the handoff's recap; owned */
	int recap_at;		   /* item on the map, -1: the cover */
	enum play_mode recap_back; /* the mode the handoff came over */
	struct hex recap_cursor;   /* cursor and selection to go back to */
	int recap_selected;
};

struct play {
	const struct scenario *sc; /* borrowed from the session or replay */
	struct session *s;	   /* borrowed: the game played; NULL in a
				    * viewer */
	const struct game *g;	   /* the session's game, or the replay's
				    * state on show; borrowed */
	bool viewer;		   /* shows a replay: plays nothing */
	struct replay *replay;	   /* viewer: the game shown; borrowed */
	int view_k;		   /* viewer: commands played in the state
				    * on show */
	struct events ev;	   /* the last command's events */
	struct lineedit *edit;	   /* owned: the prompt's line */
	char *glyphs; /* each unit type's letter (theme_unit_glyphs); owned */

	enum play_mode mode;
	bool quit;   /* the player asked to quit */
	bool redraw; /* repaint everything (^L): play_take_redraw() */

	struct play_pages page;
	struct play_view view;
	struct play_sel sel;
	struct play_marks marks;
	struct play_msgline msg;
	struct play_log log;
	struct play_ai ai;
	struct play_seat seat;
	struct play_handoff handoff;
};

/*
 * Plays the session s, which must outlive the play.  A game with nothing
 * played opens on the briefing; a resumed one on the map, its log
 * rebuilt from the journal.  Returns a new play; free with play_free()
 * (s stays the caller's).  Cannot fail.
 */
struct play *play_new(struct session *s);
/*
 * The replay viewer: a play that shows the states of r (which must
 * outlive it) and plays nothing; its keys step through the journal
 * (playview.c).  Opens on the state before the first command.  Cannot
 * fail.
 */
struct play *play_new_viewer(struct replay *r);
void play_free(struct play *p);

/*
 * Plays the shared game sh (a seat of p's session): commands go through
 * shared_apply(), and play_follow() shows what the others add.
 */
void play_set_shared(struct play *p, struct shared *sh);
/*
 * Shared: plays the lines the others added to the journal, each logged
 * as a command and its events, and refreshes p->seat.status.  Returns whether
 * anything changed on screen.  A journal that cannot be followed stops
 * the game for this screen: p->seat.stopped says why, and commands are
 * refused from then on.
 */
bool play_follow(struct play *p);
/* Shared: refreshes p->seat.status; returns whether it changed. */
bool play_update_seats(struct play *p);

/* Viewer: shows the state after the first k commands (0 to the
 * journal's length). */
void play_view_goto(struct play *p, int k);

/*
 * Solo play: the computer plays side (-1: nobody) at level (1-3).  Call
 * before the first key.
 */
void play_set_ai(struct play *p, int side, int level);
/* The computer's turn begins: the status says it is playing until
 * play_ai_done(). */
void play_ai_begin(struct play *p);
/*
 * Whether the computer must play now: the side to act is the computer's
 * (or the one the prompt's `ai` named), and the map or the prompt is on
 * show (the computer waits while a page or a question is open).
 */
bool play_ai_due(const struct play *p);
/*
 * Plays one command of the computer's: it goes to the log as
 * `ai: COMMAND` with its events, and the cursor goes to the unit that
 * acted.  Returns 0, or -1 when nothing could be played (the reason is
 * in msg and the log).
 */
int play_ai_step(struct play *p);
/* The computer's turn is over (or skipped to its end): the status says
 * whose turn it is and the prompt's `ai` is spent. */
void play_ai_done(struct play *p);

/*
 * What the screen tells the play of its view, at every new layout.
 * play_fit_map(): whether the detailed map shows whole; if not, the
 * compact one is on show (view.compact), unless the player chose with z.
 * play_set_view(): the lines and columns of the log and the lines of the
 * page, in the layout of the map on show.
 */
void play_fit_map(struct play *p, bool detailed_fits);
void play_set_view(struct play *p, int log_rows, int log_cols, int page_rows);
/* The rows the layout gave the panel's card (layout_fit_card()). */
void play_set_card_rows(struct play *p, int rows);
/* The lines of text What happened shows under the map (layout_news_low(),
 * less its frame) while a decision is asked. */
void play_set_news_rows(struct play *p, int rows);
/*
 * Whether What happened is on show while the person is asked a decision
 * (an advance, the initiative): then it stands under the map, not over it,
 * its newest lines and the question in view.
 */
bool play_news_low(const struct play *p);
/* The lines of text the page on show has room for. */
int play_page_rows(const struct play *p);
/*
 * The page on show was drawn and wrapped to lines.  Returns true when it
 * must be drawn again: it was to open at its end (play_show_log()), and
 * now its top is where its end is at the bottom.
 */
bool play_page_drawn(struct play *p, int lines);
/* The news over the map goes (a click on the map). */
void play_hide_news(struct play *p);
/* Whether everything must be repainted (^L); asking clears it. */
bool play_take_redraw(struct play *p);

/* Whether commands were played that are on no disk (a session tied to
 * no file). */
bool play_unsaved(const struct play *p);

/* Handles one key (a character or KEYM_*), the viewer's in a viewer.
 * Returns false when the key did nothing at all. */
bool play_key(struct play *p, int key);
/* A mouse click on a hex: the cursor goes there; a click on the cursor's
 * hex is Enter (not in a viewer). */
void play_click(struct play *p, struct hex h);
/*
 * Runs one prompt line: a command of commands.md or one of the prompt's
 * own (help, rules, briefing, goto, select, undo, save, quit).  Returns 0
 * when done, -1 when refused (the reason is in msg and, whole, in the
 * log).
 */
int play_line(struct play *p, const char *line);

/* The text of the page on show (for PLAY_PAGE). */
void play_page_text(const struct play *p, const struct theme *th,
		    struct text *out);
/* The page's title for its frame: " Briefing ", " Your turn "; the
 * handoff between two people at one keyboard is " Pass the keyboard ". */
const char *play_page_title(const struct play *p);
/*
 * The message line when there is no message: what to do now, in at most
 * width columns.  The most useful keys come first and go last; "? help"
 * is always there while a game is played.
 */
void play_hint(const struct play *p, int width, char *buf, size_t len);
/*
 * The prompt line's label (without the '>') and the dim words it shows
 * while the line is empty and not being edited.
 */
void play_prompt_label(const struct play *p, char *buf, size_t len);
/* The status line's word for solo play or the prompt's `ai` ("computer
 * thinking", "your turn"..., at a solo game's end "you won"), long form
 * first; how many (0: none). */
int play_status_words(const struct play *p, const char *words[2]);
const char *play_prompt_idle(const struct play *p);
/* The unit at the cursor, or -1. */
int play_unit_at_cursor(const struct play *p);

#endif
