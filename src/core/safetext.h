/*
 * How text from a file or from another player is shown (docs/safe-text.md):
 * the one place that decides.  Printable UTF-8 passes through unchanged;
 * ESC is shown as "\e"; every other byte that is not part of a printable
 * character (C0 controls, DEL, the C1 controls U+0080-U+009F, invalid or
 * overlong UTF-8) is shown as "\xNN".  A newline may be kept where a text
 * has lines (a briefing).  The result can go to any terminal, log or file
 * without changing the screen.  Pure functions; no I/O.
 */
#ifndef ANCIENTS_CORE_SAFETEXT_H
#define ANCIENTS_CORE_SAFETEXT_H

#include <stdbool.h>
#include <stddef.h>

#define SAFETEXT_SHOWN_MAX 4 /* the longest form of one byte: \xNN */

/*
 * Bytes in the valid, printable UTF-8 character at p (not ASCII); 0 if p
 * does not start one (C1 controls, overlongs, surrogates, past U+10FFFF).
 */
size_t safetext_char_len(const unsigned char *p);

/*
 * Shows the character at p: writes its display form to out (at least 5
 * bytes, NUL-terminated) and returns the number of bytes of p it stands
 * for (0 at the end of the string).
 */
size_t safetext_next(const char *p, bool keep_newline, char out[5]);

/* Whether text shows as itself (nothing to make visible). */
bool safetext_is_clean(const char *text, bool keep_newline);

/*
 * Copies text made visible into dst of size bytes, cut at a whole
 * character or escape when it does not fit.  Returns dst.
 */
char *safetext_copy(char *dst, size_t size, const char *text,
		    bool keep_newline);

/*
 * For a message about a bad line: at most max bytes of text[0, len) made
 * visible into dst of size bytes, with "..." after them when the text is
 * longer.  text need not end in a NUL.  Returns dst.
 */
char *safetext_excerpt(char *dst, size_t size, const char *text, size_t len,
		       size_t max);

/* The room safetext_excerpt() needs to show max bytes whole. */
#define SAFETEXT_EXCERPT_SIZE(max) ((max)*SAFETEXT_SHOWN_MAX + 4)

/* The same in a new string (free it); cannot fail. */
char *safetext_dup(const char *text, bool keep_newline);

#endif
