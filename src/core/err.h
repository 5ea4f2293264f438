/*
 * Error lists for loaders that report every error of a file at once:
 * each error has the line it belongs to (0 for none) and a message.
 */
#ifndef ANCIENTS_CORE_ERR_H
#define ANCIENTS_CORE_ERR_H

#include <stddef.h>

#define ANC_ERR_MSG_MAX 200

struct anc_err {
	int line;		   /* 1-based; 0 when no line caused it */
	char msg[ANC_ERR_MSG_MAX]; /* without file name or line */
};

struct anc_errs {
	struct anc_err *v; /* owned array */
	size_t n;	   /* errors recorded */
	size_t cap;	   /* allocated slots */
};

void anc_errs_init(struct anc_errs *errs);
void anc_errs_done(struct anc_errs *errs);
/* Appends an error; cannot fail. */
void anc_errs_add(struct anc_errs *errs, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Sorts by line, keeping the order of errors on the same line. */
void anc_errs_sort(struct anc_errs *errs);

/*
 * Appends from's errors to to, sorted by line, at most max of them and
 * then "too many errors"; returns how many from held.
 */
size_t anc_errs_take_sorted(struct anc_errs *to, struct anc_errs *from,
			    size_t max);

#endif
