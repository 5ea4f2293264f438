/*
 * Allocation that cannot fail: out of memory prints a message and aborts,
 * since a game has no sensible way to go on without the memory it asked for.
 */
#ifndef ANCIENTS_CORE_XMALLOC_H
#define ANCIENTS_CORE_XMALLOC_H

#include <stddef.h>

void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xreallocarray(void *p, size_t n, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);

#endif
