/*
 * Tab completion for the prompt, independent of what is being completed:
 * the line up to the cursor is split into words, a source callback names
 * the candidates for the word under the cursor given the words before
 * it, and complete_line() works out what to insert.  No curses, no game:
 * the command grammar lives in cmdwords.c.
 */
#ifndef ANCIENTS_UI_COMPLETE_H
#define ANCIENTS_UI_COMPLETE_H

#include <stdbool.h>
#include <stddef.h>

#define COMPLETE_MAX 1024 /* candidates kept */
#define COMPLETE_WORD 24  /* bytes of a candidate, terminator included */
#define COMPLETE_WORDS 8  /* words of the line looked at */

struct complete_list {
	char words[COMPLETE_MAX][COMPLETE_WORD]; /* in the source's order */
	int n;					 /* entries in words */
	bool nocase; /* match the prefix case-insensitively */
};

/* Adds a candidate, ignoring duplicates and overflow; cannot fail. */
void complete_add(struct complete_list *l, const char *word);

/*
 * Fills out with the candidates for word argi (0 = the verb), given the
 * nwords complete words before it.  out arrives empty.
 */
typedef void (*complete_source)(void *arg, int argi, const char *const *words,
				int nwords, struct complete_list *out);

struct complete_result {
	size_t start; /* where the word under the cursor starts */
	char replace[COMPLETE_WORD + 1]; /* text for start..cursor */
	bool unique;		      /* one match: replace ends with a space */
	struct complete_list matches; /* every candidate that matches */
};

/*
 * Completes the word that ends at cursor in line.  Returns the number of
 * matches; with one or more, res->replace holds the text to put in place
 * of line[start..cursor): the match and a space when unique, otherwise
 * the longest prefix the matches share (which may be just the word).
 */
int complete_line(const char *line, size_t cursor, complete_source src,
		  void *arg, struct complete_result *res);

#endif
