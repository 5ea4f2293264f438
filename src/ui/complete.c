/*
 * Completion (see complete.h).  Words are separated by blanks; a '#'
 * starts a comment, after which nothing completes.
 */
#include "config.h"

#include "ui/complete.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

void
complete_add(struct complete_list *l, const char *word)
{
	int i;

	if (l->n == COMPLETE_MAX || strlen(word) >= COMPLETE_WORD)
		return;
	for (i = 0; i < l->n; i++)
		if (strcmp(l->words[i], word) == 0)
			return;
	strcpy(l->words[l->n++], word);
}

static bool
has_prefix(const char *word, const char *prefix, size_t n, bool nocase)
{
	return nocase ? strncasecmp(word, prefix, n) == 0
		      : strncmp(word, prefix, n) == 0;
}

static size_t
common_prefix(const struct complete_list *l, bool nocase)
{
	size_t len = strlen(l->words[0]), k;
	int i;

	for (i = 1; i < l->n; i++) {
		for (k = 0; k < len; k++) {
			char a = l->words[0][k], b = l->words[i][k];

			if (nocase ? tolower((unsigned char)a) !=
					 tolower((unsigned char)b)
				   : a != b)
				break;
		}
		len = k;
	}
	return len;
}

int
complete_line(const char *line, size_t cursor, complete_source src, void *arg,
	      struct complete_result *res)
{
	char words[COMPLETE_WORDS][COMPLETE_WORD];
	const char *ptrs[COMPLETE_WORDS];
	struct complete_list cand;
	size_t i = 0, start, plen;
	int nwords = 0, k;

	memset(res, 0, sizeof *res);
	for (;;) {
		while (i < cursor && (line[i] == ' ' || line[i] == '\t'))
			i++;
		start = i;
		while (i < cursor && line[i] != ' ' && line[i] != '\t')
			i++;
		if (memchr(line + start, '#', i - start) != NULL)
			return 0;
		if (i == cursor)
			break;
		if (nwords == COMPLETE_WORDS || i - start >= COMPLETE_WORD)
			return 0;
		memcpy(words[nwords], line + start, i - start);
		words[nwords][i - start] = '\0';
		ptrs[nwords] = words[nwords];
		nwords++;
	}
	plen = cursor - start;
	if (plen >= COMPLETE_WORD)
		return 0;
	res->start = start;

	memset(&cand, 0, sizeof cand);
	src(arg, nwords, ptrs, nwords, &cand);
	res->matches.nocase = cand.nocase;
	for (k = 0; k < cand.n; k++)
		if (has_prefix(cand.words[k], line + start, plen, cand.nocase))
			complete_add(&res->matches, cand.words[k]);
	if (res->matches.n == 0)
		return 0;
	if (res->matches.n == 1) {
		res->unique = true;
		strcpy(res->replace, res->matches.words[0]);
		strcat(res->replace, " ");
		return 1;
	}
	plen = common_prefix(&res->matches, cand.nocase);
	if (plen < cursor - start) {
		/* Case-insensitive matches that share less than was typed. */
		memcpy(res->replace, line + start, cursor - start);
		res->replace[cursor - start] = '\0';
	} else {
		memcpy(res->replace, res->matches.words[0], plen);
		res->replace[plen] = '\0';
	}
	return res->matches.n;
}
