/*
 * A text: the lines a panel, a log or a page shows, each whole however
 * long, with the theme role it is drawn in.  The describe functions
 * fill one and the drawing code wraps it.  Embedded by value: text_init()
 * before use, text_done() frees every line.
 */
#ifndef ANCIENTS_UI_TEXT_H
#define ANCIENTS_UI_TEXT_H

#include "ui/theme.h"

struct text_line {
	enum theme_role role;
	char *text; /* owned; whole, however long */
};

struct text {
	struct text_line *v; /* owned */
	int n;		     /* lines */
	int cap;	     /* allocated */
};

void text_init(struct text *t);
void text_done(struct text *t);
/* Drops every line, keeping the room for new ones. */
void text_clear(struct text *t);
/* Appends a line, whole; cannot fail. */
void text_add(struct text *t, enum theme_role role, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
