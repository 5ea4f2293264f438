/*
 * Text for the plain terminal, before or without curses: its width, and
 * lines broken at spaces to fit it, so that a question never breaks in
 * the middle of a word.
 */
#ifndef ANCIENTS_APP_TERMTEXT_H
#define ANCIENTS_APP_TERMTEXT_H

#include <stdio.h>

/* Columns of the terminal on standard output (80 when it does not say),
 * or 0 when standard output is not a terminal. */
int termtext_width(void);
/*
 * Writes text to out in lines of at most width columns, broken at spaces
 * (width 0: one line as it is), with no newline after the last line, so
 * that an answer can follow it on the same line.
 */
void termtext_print_wrapped(FILE *out, const char *text, int width);

#endif
