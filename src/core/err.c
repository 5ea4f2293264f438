/*
 * A growable list of (line, message) pairs.
 */
#include "config.h"

#include "core/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/xmalloc.h"

void
anc_errs_init(struct anc_errs *errs)
{
	errs->v = NULL;
	errs->n = 0;
	errs->cap = 0;
}

void
anc_errs_done(struct anc_errs *errs)
{
	free(errs->v);
	anc_errs_init(errs);
}

void
anc_errs_add(struct anc_errs *errs, int line, const char *fmt, ...)
{
	va_list ap;

	if (errs->n == errs->cap) {
		errs->cap = errs->cap ? errs->cap * 2 : 16;
		errs->v = xreallocarray(errs->v, errs->cap, sizeof *errs->v);
	}
	errs->v[errs->n].line = line;
	va_start(ap, fmt);
	vsnprintf(errs->v[errs->n].msg, sizeof errs->v[errs->n].msg, fmt, ap);
	va_end(ap);
	errs->n++;
}

void
anc_errs_sort(struct anc_errs *errs)
{
	size_t i, j;
	struct anc_err tmp;

	/* Insertion sort: stable, and lists are short. */
	for (i = 1; i < errs->n; i++) {
		tmp = errs->v[i];
		for (j = i; j > 0 && errs->v[j - 1].line > tmp.line; j--)
			errs->v[j] = errs->v[j - 1];
		errs->v[j] = tmp;
	}
}

size_t
anc_errs_take_sorted(struct anc_errs *to, struct anc_errs *from, size_t max)
{
	size_t i, n;

	anc_errs_sort(from);
	n = from->n > max ? max : from->n;
	for (i = 0; i < n; i++)
		anc_errs_add(to, from->v[i].line, "%s", from->v[i].msg);
	if (from->n > max)
		anc_errs_add(to, 0, "too many errors");
	return from->n;
}
