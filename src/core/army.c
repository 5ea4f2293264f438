/*
 * The army list loader (army.h): INI text in, struct army out, every
 * error of the file collected with its line.
 *
 * Two stages, as in the scenario loader.  A line reader hands inih
 * (ini_parse_stream) one physical line at a time: it counts lines, parses
 * section headers itself (inih calls the handler only for keys), and
 * refuses what inih would mangle or what the format forbids (an
 * over-long line, a NUL byte, an indented line: army lists have no
 * continuation lines, a line that is neither a header nor a key) by
 * handing inih an empty line instead, so inih never meets a syntax error
 * and later line numbers stay right.  The handler files each value under
 * its section and key with its line.  A last pass reads the values and
 * checks them against each other.
 *
 * One defect gives one error: the keys of a refused section are dropped
 * without further errors.  Errors are sorted by line and cut after
 * ARMY_MAX_ERRORS.
 */
#include "config.h"

#include "core/army.h"

#include <ctype.h>
#include <ini.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/inilines.h"
#include "core/readfile.h"
#include "core/safetext.h"
#include "core/xmalloc.h"

#define FILE_MAX_BYTES (1024 * 1024) /* a list is a page of text */
#define KEYS_MAX 8		     /* the most keys of one kind */
#define SHOWN_MAX 40 /* characters of a value shown in a message */

enum kind { KIND_ARMY, KIND_UNIT, KIND_GENERAL, KIND_COUNT };

enum { A_NAME, A_SIDE, A_SUMMARY, A_ADVICE, A_TERRAIN, A_NKEYS };
enum { U_TYPE, U_NAME, U_ID, U_COST, U_MIN, U_MAX, U_VETERAN, U_NKEYS };
enum { G_NAME, G_COST, G_NKEYS };

struct kind_def {
	const char *word;
	bool named; /* [unit KEY], [general ID]; else no name */
	const char *keys[KEYS_MAX + 1];
	unsigned required; /* bits of keys[] that must be given */
};

static const struct kind_def kinds[KIND_COUNT] = {
	[KIND_ARMY] = { "army",
			false,
			{ "name", "side", "summary", "advice", "terrain",
			  NULL },
			1u << A_NAME | 1u << A_SIDE },
	[KIND_UNIT] = { "unit",
			true,
			{ "type", "name", "id", "cost", "min", "max", "veteran",
			  NULL },
			1u << U_TYPE | 1u << U_COST },
	[KIND_GENERAL] = { "general",
			   true,
			   { "name", "cost", NULL },
			   1u << G_NAME | 1u << G_COST },
};

static const char *const ground_words[ARMY_GROUND_COUNT] = {
	"open", "woods", "marsh", "hills", "rough",
};

/* A section whose header was good. */
struct section {
	enum kind kind;
	char name[UNITTYPE_KEY_MAX + 1]; /* "" for [army] */
	int line;			 /* its header */
	char *val[KEYS_MAX];		 /* owned; NULL when not given */
	int vline[KEYS_MAX];		 /* the key line of each */
};

#define SEC_NONE (-2) /* before the first header */
#define SEC_DROP (-1) /* in a section whose header was refused */

struct load {
	struct ini_lines in;
	bool content; /* a line other than blanks and comments */
	long cur;     /* section being read, or SEC_NONE, SEC_DROP */
	bool refused; /* a header was refused: a section may be missing */
	struct section *secs; /* owned, in file order */
	size_t nsecs, cap;
	struct anc_errs errs;
};

static void load_err(struct load *ld, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
load_err(struct load *ld, int line, const char *fmt, ...)
{
	char msg[ANC_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	anc_errs_add(&ld->errs, line, "%s", msg);
}

/* A value as a message shows it: cut, and safe for a terminal. */
static const char *
shown(char buf[SHOWN_MAX * 4 + 4], const char *text)
{
	char cut[SHOWN_MAX + 4];
	size_t n = strlen(text);

	if (n > SHOWN_MAX) {
		memcpy(cut, text, SHOWN_MAX - 3);
		memcpy(cut + SHOWN_MAX - 3, "...", 4);
		text = cut;
	}
	return safetext_copy(buf, SHOWN_MAX * 4 + 4, text, false);
}

static bool
is_blank(char c)
{
	return isspace((unsigned char)c) != 0;
}

/* The edit distance of two short words, for "did you mean". */
static int
distance(const char *a, const char *b)
{
	int d[32], prev, tmp, i, j, la = (int)strlen(a), lb = (int)strlen(b);

	if (la > 30 || lb > 30)
		return 99;
	for (j = 0; j <= lb; j++)
		d[j] = j;
	for (i = 1; i <= la; i++) {
		prev = d[0];
		d[0] = i;
		for (j = 1; j <= lb; j++) {
			tmp = d[j];
			d[j] = a[i - 1] == b[j - 1] ? prev : 1 + prev;
			if (d[j] > tmp + 1)
				d[j] = tmp + 1;
			if (d[j] > d[j - 1] + 1)
				d[j] = d[j - 1] + 1;
			prev = tmp;
		}
	}
	return d[lb];
}

/* " (did you mean "X"?)" for the closest of words, or "". */
static const char *
hint(char *buf, size_t size, const char *word, const char *const *words, int n)
{
	int i, best = -1, bestd = 3 + (int)strlen(word) / 9, dd;

	for (i = 0; i < n; i++) {
		dd = distance(word, words[i]);
		if (dd < bestd) {
			bestd = dd;
			best = i;
		}
	}
	if (best < 0)
		buf[0] = '\0';
	else
		snprintf(buf, size, " (did you mean \"%s\"?)", words[best]);
	return buf;
}

static bool
key_chars_valid(const char *s, size_t max, bool lower_only)
{
	size_t i;

	if (!(s[0] >= 'a' && s[0] <= 'z') &&
	    (lower_only || !(s[0] >= 'A' && s[0] <= 'Z')))
		return false;
	for (i = 0; s[i] != '\0'; i++) {
		char c = s[i];

		if (i == max)
			return false;
		if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		      c == '-' || (!lower_only && c >= 'A' && c <= 'Z')))
			return false;
	}
	return true;
}

bool
army_key_valid(const char *key)
{
	return key_chars_valid(key, UNITTYPE_KEY_MAX, true) &&
	       strcmp(key, "draw") != 0;
}

const char *
army_ground_name(enum army_ground g)
{
	int i;

	for (i = 0; i < ARMY_GROUND_COUNT; i++)
		if (g == 1u << i)
			return ground_words[i];
	return "?";
}

/*
 * The line reader and the handler.
 */

/* Opens the section a header names, or refuses it (cur = SEC_DROP). */
static void
section_open(struct load *ld, char *inner)
{
	char *word[3], *p, *save, b1[SHOWN_MAX * 4 + 4], hb[80];
	const char *kw[KIND_COUNT];
	struct section *s;
	int nwords = 0, kind;
	bool was_refused = ld->refused;
	size_t i;

	ld->cur = SEC_DROP;
	ld->refused = true; /* until the header proves good */
	for (p = strtok_r(inner, " \t\v\f\r\n", &save); p != NULL;
	     p = strtok_r(NULL, " \t\v\f\r\n", &save)) {
		if (nwords < 3)
			word[nwords] = p;
		nwords++;
	}
	if (nwords == 0) {
		load_err(ld, ld->in.line, "empty section header \"[]\"");
		return;
	}
	for (kind = 0; kind < KIND_COUNT; kind++) {
		kw[kind] = kinds[kind].word;
		if (strcmp(word[0], kinds[kind].word) == 0)
			break;
	}
	if (kind == KIND_COUNT) {
		load_err(ld, ld->in.line, "unknown section \"[%s]\"%s",
			 shown(b1, word[0]),
			 hint(hb, sizeof hb, word[0], kw, KIND_COUNT));
		return;
	}
	if (!kinds[kind].named && nwords > 1) {
		load_err(ld, ld->in.line, "section [%s] takes no name",
			 kinds[kind].word);
		return;
	}
	if (kinds[kind].named && nwords != 2) {
		load_err(ld, ld->in.line, "section [%s] takes one name: [%s %s]",
			 kinds[kind].word, kinds[kind].word,
			 kind == KIND_UNIT ? "KEY" : "ID");
		return;
	}
	if (kind == KIND_UNIT &&
	    !key_chars_valid(word[1], UNITTYPE_KEY_MAX, true)) {
		load_err(ld, ld->in.line,
			 "bad unit key \"%s\" (1-20 of a-z, 0-9 and \"-\", "
			 "starting with a letter)",
			 shown(b1, word[1]));
		return;
	}
	if (kind == KIND_GENERAL &&
	    !key_chars_valid(word[1], ARMY_GENERAL_ID_MAX, false)) {
		load_err(ld, ld->in.line,
			 "bad general ID \"%s\" (1-8 letters, digits and "
			 "\"-\", starting with a letter)",
			 shown(b1, word[1]));
		return;
	}
	for (i = 0; i < ld->nsecs; i++) {
		s = &ld->secs[i];
		if (s->kind != (enum kind)kind ||
		    strcmp(s->name, nwords > 1 ? word[1] : "") != 0)
			continue;
		load_err(ld, ld->in.line,
			 "repeated section [%s%s%s] (first at "
			 "line %d)",
			 kinds[kind].word, nwords > 1 ? " " : "",
			 nwords > 1 ? word[1] : "", s->line);
		return;
	}
	if (ld->nsecs == ld->cap) {
		ld->cap = ld->cap ? 2 * ld->cap : 16;
		ld->secs = xreallocarray(ld->secs, ld->cap, sizeof *ld->secs);
	}
	s = &ld->secs[ld->nsecs];
	memset(s, 0, sizeof *s);
	s->kind = (enum kind)kind;
	if (nwords > 1)
		snprintf(s->name, sizeof s->name, "%s", word[1]);
	s->line = ld->in.line;
	ld->cur = (long)ld->nsecs++;
	ld->refused = was_refused;
}

/* A '[' in column 1: false if inih must not see the line. */
static bool
reader_header(struct load *ld, char *t)
{
	char *end = strchr(t, ']'), *r, b1[SHOWN_MAX * 4 + 4];

	if (end == NULL) {
		load_err(ld, ld->in.line, "section header without \"]\"");
		ld->cur = SEC_DROP;
		ld->refused = true;
		return false;
	}
	for (r = end + 1; is_blank(*r); r++)
		;
	if (*r != '\0' && !(*r == ';' && r > end + 1)) {
		size_t n = strlen(r);

		while (n > 0 && is_blank(r[n - 1]))
			r[--n] = '\0';
		load_err(ld, ld->in.line,
			 "text after \"]\" in section header: \"%s\"",
			 shown(b1, r));
		ld->cur = SEC_DROP;
		ld->refused = true;
		return false;
	}
	*end = '\0';
	section_open(ld, t + 1);
	return ld->cur >= 0;
}

/* Classifies a line (a copy: this may write into it); false: hide it. */
static bool
reader_classify(struct load *ld, char *s)
{
	char *t = s, *eq, b1[SHOWN_MAX * 4 + 4];
	size_t n;

	if (ld->in.line == 1 && (unsigned char)s[0] == 0xef &&
	    (unsigned char)s[1] == 0xbb && (unsigned char)s[2] == 0xbf)
		s = t = s + 3; /* inih skips a UTF-8 BOM */
	while (is_blank(*t))
		t++;
	if (*t == '\0' || *t == ';' || *t == '#')
		return true;
	ld->content = true;
	if (t > s) {
		load_err(ld, ld->in.line,
			 "indented line (an army list has no continuation "
			 "lines: keys and headers start in column 1)");
		return false;
	}
	if (*t == '[')
		return reader_header(ld, t);
	/* inih splits a key line at its first '=' or ':'. */
	eq = t + strcspn(t, "=:");
	if (*eq == '\0') {
		n = strlen(t);
		while (n > 0 && is_blank(t[n - 1]))
			t[--n] = '\0';
		load_err(ld, ld->in.line,
			 "expected \"key = value\" or \"[section]\", not "
			 "\"%s\"",
			 shown(b1, t));
		return false;
	}
	return true;
}

/* ini_parse_stream()'s reader: one physical line per call. */
static char *
reader_next(char *str, int num, void *stream)
{
	struct load *ld = stream;
	char copy[INI_LINE_MAX_BYTES + 3];
	const char *p;
	size_t n;

	switch (ini_lines_next(&ld->in, str, num, &p, &n)) {
	case INI_LINE_END:
		return NULL;
	case INI_LINE_TEXT:
		memcpy(copy, str, n + 2);
		if (!reader_classify(ld, copy))
			ini_line_hide(str);
		return str;
	case INI_LINE_NUL:
		load_err(ld, ld->in.line, "line holds a NUL byte");
		break;
	case INI_LINE_LONG:
		load_err(ld, ld->in.line,
			 "line too long (%zu bytes, at most %d)", n,
			 INI_LINE_MAX_BYTES);
		break;
	}
	/* A refused line: a refused header loses its section. */
	ld->content = true;
	if (p[0] == '[') {
		ld->cur = SEC_DROP;
		ld->refused = true;
	}
	return str;
}

/* ini_parse_stream()'s handler: files a value under its key. */
static int
handler(void *user, const char *section, const char *name, const char *value)
{
	struct load *ld = user;
	const struct kind_def *kd;
	char b1[SHOWN_MAX * 4 + 4], hb[80];
	struct section *s;
	int k, nk;

	(void)section; /* the reader knows the section better */
	if (ld->cur == SEC_DROP)
		return 1;
	if (ld->cur == SEC_NONE) {
		load_err(ld, ld->in.line, "key \"%s\" outside any section",
			 shown(b1, name));
		return 1;
	}
	s = &ld->secs[ld->cur];
	kd = &kinds[s->kind];
	if (name[0] == '\0') {
		load_err(ld, ld->in.line, "a key with no name before \"=\"");
		return 1;
	}
	for (nk = 0; kd->keys[nk] != NULL; nk++)
		;
	for (k = 0; k < nk; k++)
		if (strcmp(name, kd->keys[k]) == 0)
			break;
	if (k == nk) {
		load_err(ld, ld->in.line, "unknown key \"%s\" in [%s]%s",
			 shown(b1, name), kd->word,
			 hint(hb, sizeof hb, name, kd->keys, nk));
		return 1;
	}
	if (s->val[k] != NULL) {
		load_err(ld, ld->in.line, "repeated key \"%s\" (first at line %d)",
			 name, s->vline[k]);
		return 1;
	}
	s->val[k] = xstrdup(value);
	s->vline[k] = ld->in.line;
	return 1;
}

/*
 * The last pass: values.
 */

/* A given, non-empty value of key k, or NULL. */
static const char *
value_of(const struct section *s, int k)
{
	return s->val[k] != NULL && s->val[k][0] != '\0' ? s->val[k] : NULL;
}

static void
require_keys(struct load *ld, const struct section *s)
{
	const struct kind_def *kd = &kinds[s->kind];
	int k;

	for (k = 0; kd->keys[k] != NULL; k++)
		if ((kd->required & 1u << k) && value_of(s, k) == NULL)
			load_err(ld, s->line, "[%s%s%s] lacks \"%s\"", kd->word,
				 s->name[0] ? " " : "", s->name, kd->keys[k]);
}

/* Plain decimal digits in min-max; false (reported) otherwise. */
static bool
get_num(struct load *ld, const struct section *s, int k, int min, int max,
	int *out)
{
	const char *v = value_of(s, k);
	char b1[SHOWN_MAX * 4 + 4];
	long n = 0;
	size_t i;

	if (v == NULL)
		return false;
	for (i = 0; v[i] != '\0'; i++) {
		if (v[i] < '0' || v[i] > '9' || i >= 6)
			break;
		n = n * 10 + (v[i] - '0');
	}
	if (v[i] != '\0' || n < min || n > max) {
		load_err(ld, s->vline[k],
			 "%s must be a number from %d to %d, "
			 "not \"%s\"",
			 kinds[s->kind].keys[k], min, max, shown(b1, v));
		return false;
	}
	*out = (int)n;
	return true;
}

/* A display text of at most max bytes, printable; false (reported). */
static bool
get_text(struct load *ld, const struct section *s, int k, char *dst, size_t max)
{
	const char *v = value_of(s, k);

	if (v == NULL)
		return false;
	if (strlen(v) > max) {
		load_err(ld, s->vline[k],
			 "%s too long (%zu bytes, at most %zu)",
			 kinds[s->kind].keys[k], strlen(v), max);
		return false;
	}
	if (!safetext_is_clean(v, false)) {
		load_err(ld, s->vline[k],
			 "%s holds a control character or bytes that are "
			 "not UTF-8",
			 kinds[s->kind].keys[k]);
		return false;
	}
	memcpy(dst, v, strlen(v) + 1);
	return true;
}

static void
read_army(struct load *ld, const struct section *s, struct army *a)
{
	char *copy, *w, *save, b1[SHOWN_MAX * 4 + 4], hb[80];
	const char *v;
	int i;

	require_keys(ld, s);
	get_text(ld, s, A_NAME, a->name, UNITTYPE_NAME_MAX);
	get_text(ld, s, A_SIDE, a->side, UNITTYPE_NAME_MAX);
	get_text(ld, s, A_SUMMARY, a->summary, ARMY_TEXT_MAX);
	get_text(ld, s, A_ADVICE, a->advice, ARMY_TEXT_MAX);
	a->ground = 0;
	if ((v = value_of(s, A_TERRAIN)) != NULL) {
		copy = xstrdup(v);
		for (w = strtok_r(copy, " \t", &save); w != NULL;
		     w = strtok_r(NULL, " \t", &save)) {
			for (i = 0; i < ARMY_GROUND_COUNT; i++)
				if (strcmp(w, ground_words[i]) == 0)
					break;
			if (i == ARMY_GROUND_COUNT)
				load_err(ld, s->vline[A_TERRAIN],
					 "unknown terrain \"%s\" (open, woods, "
					 "marsh, hills or rough)%s",
					 shown(b1, w),
					 hint(hb, sizeof hb, w, ground_words,
					      ARMY_GROUND_COUNT));
			else
				a->ground |= 1u << i;
		}
		free(copy);
	}
	if (a->ground == 0)
		a->ground = GROUND_OPEN;
}

/* The default ID stem: the key's first three letters and digits. */
static void
default_stem(const char *key, char stem[ARMY_STEM_MAX + 1])
{
	size_t i, n = 0;

	for (i = 0; key[i] != '\0' && n < 3; i++)
		if (key[i] != '-')
			stem[n++] = key[i];
	stem[n] = '\0';
}

static void
read_entry(struct load *ld, const struct section *s, struct army_entry *e)
{
	const char *v;
	char b1[SHOWN_MAX * 4 + 4], hb[80];
	const char *typekeys[UNITTYPE_BUILTIN_COUNT];
	int i, line_min = 0;
	bool min_ok, max_ok;

	require_keys(ld, s);
	snprintf(e->key, sizeof e->key, "%s", s->name);
	if ((v = value_of(s, U_TYPE)) != NULL) {
		e->type = unittype_builtin_find(v);
		if (e->type == NULL) {
			for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
				typekeys[i] = unittype_builtin(i)->key;
			load_err(ld, s->vline[U_TYPE],
				 "unknown unit type \"%s\"%s", shown(b1, v),
				 hint(hb, sizeof hb, v, typekeys,
				      UNITTYPE_BUILTIN_COUNT));
		}
	}
	if (!get_text(ld, s, U_NAME, e->name, UNITTYPE_NAME_MAX) &&
	    e->type != NULL)
		snprintf(e->name, sizeof e->name, "%s", e->type->name);
	if ((v = value_of(s, U_ID)) != NULL) {
		if (!key_chars_valid(v, ARMY_STEM_MAX, false))
			load_err(ld, s->vline[U_ID],
				 "bad id \"%s\" (1-5 letters, digits and "
				 "\"-\", starting with a letter)",
				 shown(b1, v));
		else
			snprintf(e->stem, sizeof e->stem, "%s", v);
	} else
		default_stem(e->key, e->stem);
	get_num(ld, s, U_COST, 1, ARMY_COST_MAX, &e->cost);
	e->min = 0;
	e->max = ARMY_COUNT_MAX;
	min_ok = value_of(s, U_MIN) == NULL ||
		 get_num(ld, s, U_MIN, 0, ARMY_COUNT_MAX, &e->min);
	max_ok = value_of(s, U_MAX) == NULL ||
		 get_num(ld, s, U_MAX, 1, ARMY_COUNT_MAX, &e->max);
	if (min_ok && max_ok && e->min > e->max) {
		line_min = s->vline[U_MIN] > s->vline[U_MAX] ? s->vline[U_MIN]
							     : s->vline[U_MAX];
		load_err(ld, line_min, "min %d is more than max %d", e->min,
			 e->max);
	}
	if ((v = value_of(s, U_VETERAN)) != NULL) {
		if (strcasecmp(v, "yes") == 0)
			e->veteran = true;
		else if (strcasecmp(v, "no") != 0)
			load_err(ld, s->vline[U_VETERAN],
				 "veteran must be yes or no, not \"%s\"",
				 shown(b1, v));
	}
}

static void
read_general(struct load *ld, const struct section *s, struct army_general *g)
{
	require_keys(ld, s);
	/* The section line checked its length (at most ARMY_GENERAL_ID_MAX). */
	snprintf(g->id, sizeof g->id, "%.*s", ARMY_GENERAL_ID_MAX, s->name);
	get_text(ld, s, G_NAME, g->name, UNITTYPE_NAME_MAX);
	get_num(ld, s, G_COST, 0, ARMY_COST_MAX, &g->cost);
}

static void
read_all(struct load *ld, struct army *a)
{
	const struct section *army = NULL;
	size_t i;
	int ne = 0, ng = 0, commanders = 0;

	for (i = 0; i < ld->nsecs; i++) {
		if (ld->secs[i].kind == KIND_UNIT)
			ne++;
		else if (ld->secs[i].kind == KIND_GENERAL)
			ng++;
		else
			army = &ld->secs[i];
	}
	a->entries = xcalloc((size_t)ne + 1, sizeof *a->entries);
	a->generals = xcalloc((size_t)ng + 1, sizeof *a->generals);
	for (i = 0; i < ld->nsecs; i++) {
		const struct section *s = &ld->secs[i];

		if (s->kind == KIND_ARMY)
			read_army(ld, s, a);
		else if (s->kind == KIND_UNIT)
			read_entry(ld, s, &a->entries[a->nentries++]);
		else {
			read_general(ld, s, &a->generals[a->ngenerals]);
			if (value_of(s, G_COST) != NULL &&
			    a->generals[a->ngenerals].cost == 0)
				commanders++;
			a->ngenerals++;
		}
	}
	for (i = 0; i < ld->nsecs; i++)
		if (ld->secs[i].kind == KIND_GENERAL &&
		    value_of(&ld->secs[i], G_COST) == NULL)
			commanders++; /* its cost is in error: not this one */
	/* A refused header may have been the missing section. */
	if (ld->refused)
		return;
	if (army == NULL) {
		load_err(ld, 0, "no [army] section");
		return;
	}
	if (ne == 0)
		load_err(ld, army->line, "the list has no [unit] entry");
	if (commanders == 0)
		load_err(ld, army->line,
			 "the list has no general of cost 0 (its commander, "
			 "who always comes)");
}

static void
load_done(struct load *ld)
{
	size_t i;
	int k;

	for (i = 0; i < ld->nsecs; i++)
		for (k = 0; k < KEYS_MAX; k++)
			free(ld->secs[i].val[k]);
	free(ld->secs);
	anc_errs_done(&ld->errs);
}

struct army *
army_load_text(const char *text, size_t len, struct anc_errs *errs)
{
	struct army *a;
	struct load ld;

	if (len > FILE_MAX_BYTES) {
		anc_errs_add(errs, 0, "file too large (more than %d MB)",
			     FILE_MAX_BYTES / (1024 * 1024));
		return NULL;
	}
	memset(&ld, 0, sizeof ld);
	anc_errs_init(&ld.errs);
	ini_lines_init(&ld.in, text, len);
	ld.cur = SEC_NONE;
	ini_parse_stream(reader_next, &ld, handler, &ld);

	a = xcalloc(1, sizeof *a);
	if (!ld.content) {
		if (ld.errs.n == 0)
			load_err(&ld, 0, "file is empty");
	} else
		read_all(&ld, a);
	if (anc_errs_take_sorted(errs, &ld.errs, ARMY_MAX_ERRORS) > 0) {
		army_free(a);
		a = NULL;
	}
	load_done(&ld);
	return a;
}

struct army *
army_load_file(const char *path, struct anc_errs *errs)
{
	struct army *a;
	size_t len;
	char *buf;

	if (readfile(path, FILE_MAX_BYTES, "", &buf, &len, errs) != 0)
		return NULL;
	a = army_load_text(buf, len, errs);
	free(buf);
	return a;
}

void
army_free(struct army *a)
{
	if (a == NULL)
		return;
	free(a->entries);
	free(a->generals);
	free(a);
}

int
army_min_cost(const struct army *a)
{
	int i, sum = 0;

	for (i = 0; i < a->nentries; i++)
		sum += a->entries[i].min * a->entries[i].cost;
	return sum;
}
