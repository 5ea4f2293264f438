/*
 * The text builder (text.h): lines appended whole, each in its own
 * allocation, in an array that doubles as it fills.
 */
#include "config.h"

#include "ui/text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

void
text_init(struct text *t)
{
	memset(t, 0, sizeof *t);
}

void
text_clear(struct text *t)
{
	int i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].text);
	t->n = 0;
}

void
text_done(struct text *t)
{
	text_clear(t);
	free(t->v);
	memset(t, 0, sizeof *t);
}

void
text_add(struct text *t, enum theme_role role, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	s = xmalloc((size_t)n + 1);
	s[0] = '\0';
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	if (t->n == t->cap) {
		t->cap = t->cap == 0 ? 32 : t->cap * 2;
		t->v = xreallocarray(t->v, (size_t)t->cap, sizeof *t->v);
	}
	t->v[t->n].role = role;
	t->v[t->n].text = s;
	t->n++;
}
