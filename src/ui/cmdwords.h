/*
 * The command language's words for tab completion: verbs, then unit IDs,
 * hexes, facings and general IDs as each verb takes them (commands.md),
 * drawn from what the engine's queries allow now.  Targets and hexes are
 * only the legal ones (core/choices.h); when there are none, the reason
 * is left in the struct cmdwords.  A complete_source for complete_line(); no
 * curses.
 */
#ifndef ANCIENTS_UI_CMDWORDS_H
#define ANCIENTS_UI_CMDWORDS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/hex.h"
#include "ui/complete.h"

struct game;

struct cmdwords {
	const struct game *g; /* borrowed */
	struct hex cursor;    /* offered where a hex is wanted */
	char why[256];	      /* set when nothing is legal: why not */
};

/* Words of the prompt's own commands (help, quit, ...), NULL-ended. */
extern const char *const cmdwords_ui_verbs[];

/* Whether the prompt takes word (any case) as a command's first word:
 * a verb of the command language but dice, or one of its own words. */
bool cmdwords_known(const char *word);
/* Whether the first n bytes of s (any case) begin a word of
 * cmdwords_known(). */
bool cmdwords_begins(const char *s, size_t n);
/* The words of cmdwords_known(), comma-separated, for a message. */
void cmdwords_list(char *buf, size_t len);

/* The complete_source: arg is a struct cmdwords. */
void cmdwords_source(void *arg, int argi, const char *const *words, int nwords,
		     struct complete_list *out);

#endif
