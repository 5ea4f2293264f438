/*
 * The session's insides, shared by the files of src/session/ that make it
 * up (session.c, journal.c, load.c) and by no one else: the public face
 * is session.h.
 */
#ifndef ANCIENTS_SESSION_SESSIONINT_H
#define ANCIENTS_SESSION_SESSIONINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "session/savewrite.h"
#include "session/session.h"

/* One journal line and what the rules need to know to undo it. */
struct entry {
	char *line;	    /* canonical command; owned */
	char *meta;	    /* format 3: "UID<TAB>PLAYER<TAB>DICE"; owned, or
			       NULL */
	struct command cmd; /* the same, parsed */
	enum verb verb;
	int turn;	      /* when it was given: turn, */
	int second;	      /* player-turn within it (0 or 1), */
	int player;	      /* side to play */
	enum phase phase;     /* and phase */
	unsigned long rolled; /* dice it rolled, forced or not */
	/* What rolled first when it was not the command's own action: the
	 * morale checks, a killed general's 1D3 or the initiative of the
	 * phases it ended (EV_MORALE, EV_GENERAL_D3, EV_INITIATIVE); else
	 * EV_COUNT.  Only for the words of a refused undo. */
	enum event_kind followed;
	uint64_t digest; /* game_digest() after it */
	size_t prev;	 /* the entry before it that is no say, or SIZE_MAX */
};

struct session {
	struct scenario *sc; /* owned; parsed from the text it saves */
	struct game *g;	     /* owned; the journal replayed from seed */
	char *label;	     /* owned; one line, no newline */
	uint64_t seed;
	int version; /* the format written: 2, or 3 for a shared game */
	long author_uid;	 /* format 3: who writes the new lines */
	char author[33];	 /* ... and the player's name */
	int ai_side;		  /* solo: the computer's side, or -1 */
	int ai_level;		  /* ... and its level (1-3) */
	struct entry *v;	  /* the journal; owned */
	size_t n;		  /* commands in it */
	size_t cap;		  /* allocated entries */
	bool allow_dice;	  /* `dice` accepted (batch mode) */
	struct journal_file file; /* its save (file.path NULL: none) */
	char notice[160];	  /* what loading dropped, or "" */
	/* Undo without replaying from the seed (undo_from_mark()): */
	size_t last_action; /* the last entry that is no say, or SIZE_MAX */
	size_t frontier;    /* no undo reaches an entry before this one */
	struct game *mark;  /* owned, or NULL: the game after ... */
	size_t mark_n;	    /* ... the first mark_n entries, no further
			       than the first action from the frontier on */
};

/* session.c: a new session of scenario sc (now s's), tied to no file. */
struct session *session_alloc(struct scenario *sc, const char *label,
			      size_t labellen, uint64_t seed);

/*
 * journal.c: applies c to s's game; an accepted game command goes into
 * the journal with what undo needs.  Returns 0, or -1 with why (nothing
 * changed).
 */
int journal_apply(struct session *s, const struct command *c, struct events *ev,
		  char *why, size_t whylen);
/*
 * The same for a line of format 3 whose meta ("UID<TAB>PLAYER<TAB>DICE",
 * or NULL) says which dice the command rolled: they are forced, and must
 * be exactly the dice it rolls.
 */
int journal_apply_meta(struct session *s, const struct command *c,
		       const char *meta, struct events *ev, char *why,
		       size_t whylen);
/* Forces the dice meta names into g (none for NULL or "-"). */
void journal_force_dice(struct game *g, const char *meta);
/*
 * Rebuilds the game from the seed and lines[0..n), canonical lines the
 * engine accepted in that order before, in the same struct game, so that
 * pointers to it stay good.  lines may be the journal's own; metas
 * (NULL: none) their format 3 fields.
 */
void journal_rebuild_from(struct session *s, char *const *lines,
			  char *const *metas, size_t n);
/*
 * Rebuilds the game from the first n journal lines, without line skip
 * (SIZE_MAX: none): what undo takes back, the say lines after it kept.
 */
void journal_rebuild(struct session *s, size_t n, size_t skip);
/*
 * Whether the last command that is no say may be taken back
 * (session_undo()'s rules); its index in at.  Returns 0, or -1 with why.
 */
int journal_undo_check(const struct session *s, size_t *at, char *why,
		       size_t whylen);

#endif
