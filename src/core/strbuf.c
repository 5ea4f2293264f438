/*
 * Bounded string building for event lines, dumps and commands.
 */
#include "config.h"

#include "core/strbuf.h"

#include <stdarg.h>
#include <stdio.h>

void
strbuf_init(struct strbuf *sb, char *buf, size_t len)
{
	sb->buf = buf;
	sb->len = len;
	sb->used = 0;
	if (len > 0)
		buf[0] = '\0';
}

void
strbuf_printf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (sb->used >= sb->len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(sb->buf + sb->used, sb->len - sb->used, fmt, ap);
	va_end(ap);
	if (n > 0)
		sb->used = sb->used + (size_t)n < sb->len ? sb->used + (size_t)n
							  : sb->len;
}
