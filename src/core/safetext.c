/*
 * Text made safe to show (safetext.h, docs/safe-text.md).
 */
#include "config.h"

#include "core/safetext.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

/* The length of a valid, printable UTF-8 sequence at p of 2-4 bytes;
 * 0 if p does not start one (C1 controls, overlongs, surrogates). */
size_t
safetext_char_len(const unsigned char *p)
{
	size_t n, i;

	if (p[0] < 0xc2 || p[0] > 0xf4)
		return 0;
	n = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
	for (i = 1; i < n; i++)
		if ((p[i] & 0xc0) != 0x80)
			return 0;
	if (p[0] == 0xc2 && p[1] < 0xa0) /* C1 controls */
		return 0;
	if (p[0] == 0xe0 && p[1] < 0xa0) /* overlong */
		return 0;
	if (p[0] == 0xed && p[1] >= 0xa0) /* surrogates */
		return 0;
	if (p[0] == 0xf0 && p[1] < 0x90) /* overlong */
		return 0;
	if (p[0] == 0xf4 && p[1] >= 0x90) /* past U+10FFFF */
		return 0;
	return n;
}

size_t
safetext_next(const char *text, bool keep_newline, char out[5])
{
	const unsigned char *p = (const unsigned char *)text;
	size_t n;

	if (*p == '\0') {
		out[0] = '\0';
		return 0;
	}
	if (*p >= 0x80 && (n = safetext_char_len(p)) != 0) {
		memcpy(out, p, n);
		out[n] = '\0';
		return n;
	}
	if (*p == 0x1b)
		memcpy(out, "\\e", 3);
	else if (*p == '\n' && keep_newline)
		memcpy(out, "\n", 2);
	else if (*p < 0x20 || *p >= 0x7f)
		snprintf(out, 5, "\\x%02x", *p);
	else {
		out[0] = (char)*p;
		out[1] = '\0';
	}
	return 1;
}

bool
safetext_is_clean(const char *text, bool keep_newline)
{
	char shown[5];
	size_t n;

	while ((n = safetext_next(text, keep_newline, shown)) != 0) {
		if (strlen(shown) != n || memcmp(shown, text, n) != 0)
			return false;
		text += n;
	}
	return true;
}

char *
safetext_copy(char *dst, size_t size, const char *text, bool keep_newline)
{
	char shown[5];
	size_t used = 0, n, len;

	if (size == 0)
		return dst;
	while ((n = safetext_next(text, keep_newline, shown)) != 0) {
		len = strlen(shown);
		if (used + len >= size)
			break;
		memcpy(dst + used, shown, len);
		used += len;
		text += n;
	}
	dst[used] = '\0';
	return dst;
}

char *
safetext_dup(const char *text, bool keep_newline)
{
	size_t size = strlen(text) * SAFETEXT_SHOWN_MAX + 1;

	return safetext_copy(xmalloc(size), size, text, keep_newline);
}

char *
safetext_excerpt(char *dst, size_t size, const char *text, size_t len,
		 size_t max)
{
	size_t n = len < max ? len : max, used;
	char *part;

	if (size < 4) {
		if (size > 0)
			dst[0] = '\0';
		return dst;
	}
	/* safetext_next() reads whole characters up to a NUL */
	part = xmalloc(n + 1);
	memcpy(part, text, n);
	part[n] = '\0';
	safetext_copy(dst, size - 3, part, false);
	free(part);
	if (len > n) {
		used = strlen(dst);
		memcpy(dst + used, "...", 4);
	}
	return dst;
}
