/*
 * Formatting into a caller's fixed buffer, piece by piece, always
 * terminated and never past its end (what does not fit is cut).
 */
#ifndef ANCIENTS_CORE_STRBUF_H
#define ANCIENTS_CORE_STRBUF_H

#include <stddef.h>

struct strbuf {
	char *buf;   /* borrowed */
	size_t len;  /* size of buf */
	size_t used; /* characters written, or len once full */
};

/* Starts an empty string in buf; cannot fail. */
void strbuf_init(struct strbuf *sb, char *buf, size_t len);
/* Appends formatted text; cannot fail. */
void strbuf_printf(struct strbuf *sb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
