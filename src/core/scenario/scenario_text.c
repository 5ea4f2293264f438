/*
 * How the scenario loader shows text: values quoted safely for a
 * terminal and cut to QUOTE_MAX characters, names made visible
 * (safetext.h) and cut to their fields at a character boundary, lists of names,
 * and the "did you mean" hints of unknown words.  Pure functions of their
 * arguments; the results live in buffers the caller provides.
 */
#include "config.h"

#include "core/scenario/scenario_impl.h"

#include "core/safetext.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

/* inih's isspace() blanks. */
bool
scn_is_blank(char c)
{
	return isspace((unsigned char)c) != 0;
}

const char *
scn_quote(struct quoted *q, const char *text)
{
	char shown[5];
	size_t used = 0, n;
	int chars = 0;

	while ((n = safetext_next(text, false, shown)) != 0) {
		if (chars++ == QUOTE_MAX) {
			memcpy(q->s + used, "...", 3);
			used += 3;
			break;
		}
		memcpy(q->s + used, shown, strlen(shown));
		used += strlen(shown);
		text += n;
	}
	q->s[used] = '\0';
	return q->s;
}

void
scn_copy_name(char *dst, size_t size, const char *src)
{
	safetext_copy(dst, size, src, false);
}

static int
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	int row[33], diag, up, best;

	if (la > 32 || lb > 32)
		return 99;
	for (j = 0; j <= lb; j++)
		row[j] = (int)j;
	for (i = 1; i <= la; i++) {
		diag = row[0];
		row[0] = (int)i;
		for (j = 1; j <= lb; j++) {
			up = row[j];
			best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[lb];
}

void
scn_hint_init(struct hint *h, const char *word)
{
	h->word = word;
	h->best = NULL;
	h->dist = 4;
}

/*
 * A candidate is close when it differs only in case, or by a few edits:
 * one for short words, two from 4 characters, three from 8 (the longer
 * of the two), and never more than half of it (so "a" never suggests
 * "b").
 */
void
scn_hint_try(struct hint *h, const char *cand)
{
	size_t la = strlen(h->word), lb = strlen(cand);
	int d;

	if (strcasecmp(h->word, cand) == 0)
		d = 0;
	else {
		d = edit_distance(h->word, cand);
		if ((size_t)d * 2 > (la > lb ? la : lb))
			return;
		if ((size_t)d > (la > lb ? la : lb) / 4 + 1)
			return;
	}
	if (d < h->dist) {
		h->dist = d;
		h->best = cand;
	}
}

const char *
scn_hint_text(const struct hint *h, char *buf, size_t size, const char *before,
	      const char *after)
{
	struct quoted q;

	if (h->best == NULL)
		return "";
	snprintf(buf, size, " (did you mean \"%s%s%s\"?)", before,
		 scn_quote(&q, h->best), after);
	return buf;
}

/* "\"a\"", "\"a\" and \"b\"", "\"a\", \"b\" and \"c\"" in buf. */
const char *
scn_join_names(char *buf, size_t size, const char *const *names, int n)
{
	size_t used = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && used < size; i++)
		used += (size_t)snprintf(buf + used, size - used, "%s\"%s\"",
					 i == 0	      ? ""
					 : i == n - 1 ? " and "
						      : ", ",
					 names[i]);
	return buf;
}
