/*
 * An INI text cut into physical lines for inih's ini_parse_stream(), with
 * the checks every loader of ours (scenarios, army lists) makes on a line
 * before inih may see it: a NUL byte, or more than inih's buffer holds,
 * which inih would silently cut or split.
 */
#ifndef ANCIENTS_CORE_INILINES_H
#define ANCIENTS_CORE_INILINES_H

#include <stddef.h>

#define INI_LINE_MAX_BYTES 197 /* inih's 200-byte buffer less "\r\n\0" */

struct ini_lines {
	const char *text; /* borrowed, len bytes */
	size_t len;
	size_t pos; /* start of the next line */
	int line;   /* lines taken so far: the number of the current one */
};

enum ini_line {
	INI_LINE_END,  /* no line left */
	INI_LINE_TEXT, /* a line inih may read */
	INI_LINE_NUL,  /* it holds a NUL byte */
	INI_LINE_LONG  /* longer than INI_LINE_MAX_BYTES */
};

/* text may be NULL for an empty text. */
void ini_lines_init(struct ini_lines *in, const char *text, size_t len);

/*
 * Takes the next line, its "\r\n" or "\n" dropped, as *p and *n.  For
 * INI_LINE_TEXT str (inih's buffer of num bytes) holds the line ended by
 * "\n", the form inih reads; otherwise str is an empty line, which inih
 * skips, and *p and *n are what the caller's message may quote.
 */
enum ini_line ini_lines_next(struct ini_lines *in, char *str, int num,
			     const char **p, size_t *n);

/* Makes inih's buffer an empty line: a line it is not to see. */
void ini_line_hide(char *str);

#endif
