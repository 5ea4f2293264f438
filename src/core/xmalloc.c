/*
 * The only place the engine talks to stderr: when memory runs out.
 */
#include "config.h"

#include "core/xmalloc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
xmalloc_fail(size_t size)
{
	fprintf(stderr, "ancients: out of memory (%zu bytes)\n", size);
	abort();
}

void *
xmalloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (p == NULL)
		xmalloc_fail(size);
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		xmalloc_fail(n * size);
	return p;
}

void *
xreallocarray(void *p, size_t n, size_t size)
{
	void *q;
	size_t bytes;

	if (size != 0 && n > SIZE_MAX / size)
		xmalloc_fail(SIZE_MAX);
	bytes = n * size;
	q = realloc(p, bytes != 0 ? bytes : 1);
	if (q == NULL)
		xmalloc_fail(n * size);
	return q;
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}
