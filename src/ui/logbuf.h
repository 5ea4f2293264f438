/*
 * The game log: the newest LOGBUF_LINES lines of events, commands,
 * refusals and notices, each with a kind that decides its colour, kept
 * whole however long (the log view wraps them).  Also the word wrapping
 * the log view and the text screens share.  No curses.
 */
#ifndef ANCIENTS_UI_LOGBUF_H
#define ANCIENTS_UI_LOGBUF_H

#include <stddef.h>

#define LOGBUF_LINES 2000 /* lines kept */
#define LOGBUF_WIDTH 240  /* room for an event's or a command's line */

enum logbuf_kind {
	LOG_EVENT,   /* what the engine reported */
	LOG_COMMAND, /* a command as given, "Rome> move ..." */
	LOG_ERROR,   /* a refusal */
	LOG_NOTICE,  /* a turn, a phase, the end of the game */
};

struct logbuf {
	char *text[LOGBUF_LINES];	  /* ring of lines, owned */
	unsigned char kind[LOGBUF_LINES]; /* enum logbuf_kind */
	signed char side[LOGBUF_LINES];	  /* side a command came from, or -1 */
	int head;			  /* slot of the oldest line */
	int n;				  /* lines held */
};

/* An empty log; logbuf_done() frees its lines. */
void logbuf_init(struct logbuf *lb);
void logbuf_done(struct logbuf *lb);
/* Empties the log. */
void logbuf_clear(struct logbuf *lb);
/* Appends a copy of a line, whole; the oldest goes when full. */
void logbuf_add(struct logbuf *lb, enum logbuf_kind kind, int side,
		const char *text);
int logbuf_count(const struct logbuf *lb);
/* Takes the newest line away (none: nothing). */
void logbuf_drop_newest(struct logbuf *lb);
/* Line i, 0 the oldest; kind and side may be NULL. */
const char *logbuf_line(const struct logbuf *lb, int i, enum logbuf_kind *kind,
			int *side);

/* One screen line of wrapped text: bytes [start, start + len). */
struct wrap_span {
	size_t start;
	size_t len;
};

/*
 * A space that wrap_text() never breaks at, to keep a label with its value
 * ("facing" WRAP_NBSP "NW"); the screen draws it as a space.
 */
#define WRAP_NBSP "\x1f"
#define WRAP_NBSP_CHAR '\x1f'

/*
 * Splits text into lines of at most width columns (UTF-8 sequences count
 * one column each), breaking at spaces where it can, else after a '/' (a
 * path longer than the line), and at '\n' always.
 * Fills up to max spans and returns how many lines the whole text needs
 * (which may exceed max).  Empty text is one empty line.
 */
int wrap_text(const char *text, int width, struct wrap_span *out, int max);
/* Columns a UTF-8 string takes (one per character). */
int text_width(const char *s, size_t len);
/*
 * s in at most width columns, into buf: whole if it fits, else cut and
 * ended by more (the theme's ellipsis, "..." in ASCII), with no blank
 * left before it.  The one way the screen cuts a line of text short.
 */
void text_fit(const char *s, int width, const char *more, char *buf,
	      size_t len);

#endif
