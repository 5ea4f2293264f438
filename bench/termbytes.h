/*
 * What a stream written to a terminal is made of: attribute strings,
 * cursor movement, characters, and what the same screen would cost
 * with the shortest attribute strings.  For bench/ptybench; the stream
 * is fed as it is read, in pieces of any size.
 */
#ifndef ANCIENTS_BENCH_TERMBYTES_H
#define ANCIENTS_BENCH_TERMBYTES_H

#include <stddef.h>

/* The attributes a run of characters is drawn with. */
struct term_attrs {
	unsigned char bold, dim, underline, reverse;
	short fg, bg; /* -1: the terminal's default */
};

struct termbytes {
	/* Counts since the last termbytes_take(). */
	long attr_bytes;      /* SGR strings and character-set designations */
	long move_bytes;      /* cursor addresses, scrolling regions, scrolls */
	long other_bytes;     /* other controls: erase, modes, ... */
	long text_bytes;      /* the characters themselves, UTF-8 */
	long cells;	      /* characters drawn (UTF-8 sequences) */
	long lean_attr_bytes; /* attribute strings a lean driver sends */

	/* Parser and screen state, kept across pieces and takes. */
	struct term_attrs now;	/* as the stream has set them */
	struct term_attrs sent; /* as the lean driver last sent them */
	char seq[64];		/* an escape sequence being read */
	size_t seqlen;
};

void termbytes_init(struct termbytes *);
void termbytes_feed(struct termbytes *, const char *buf, size_t len);
/* Copies the counts into *out and zeroes them (the state stays). */
void termbytes_take(struct termbytes *, struct termbytes *out);

#endif
