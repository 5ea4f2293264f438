/*
 * The scenario loader: INI text in, struct scenario out, every error of
 * the file collected with the line scenario-format.md names.
 *
 * Three stages.  A line reader hands inih (ini_parse_stream) one physical
 * line at a time: it counts lines, classifies each one the way inih will
 * (blank, comment, header, key, continuation), parses section headers
 * itself since inih calls the handler only for keys, and refuses what
 * inih would mangle (an over-long line, a NUL byte, an indented line
 * that continues no key) by handing inih an empty line instead.  The
 * handler files every value under its section and key together with its
 * line, and reports what is wrong with the file's shape.  A last pass
 * reads the values (ranges and forms, the map, the types and their bases,
 * units, generals, victory hexes) and checks them against each other.
 *
 * One defect gives one error: a check that needs a value that is itself
 * in error, or that a refused line may have hidden, is skipped.  Errors
 * are sorted by line and cut after SCENARIO_MAX_ERRORS; only the lowest
 * lines are kept while loading, so junk of any size costs little memory.
 *
 * Everything the loader allocates belongs to struct load until the
 * scenario is complete; on any error it is all freed and NULL returned.
 * This is the only file of the engine that includes <ini.h> or reads
 * files.
 */
#include "config.h"

#include "core/scenario.h"

#include <ctype.h>
#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/xmalloc.h"

#define LINE_MAX_BYTES 197 /* inih's 200-byte buffer less "\r\n\0" */
#define FILE_MAX_BYTES (64UL * 1024 * 1024) /* no scenario is larger */
#define QUOTE_MAX 40 /* characters of a value shown in a message */
#define MAPKEY_MAX (LINE_MAX_BYTES + 8)

/* Section kinds, in the order of kinds[]. */
enum kind {
	KIND_SCENARIO,
	KIND_MAP,
	KIND_SIDE,
	KIND_TYPE,
	KIND_UNIT,
	KIND_GENERAL,
	KIND_VICTORY,
	KIND_COUNT
};

/* What follows the kind word inside the brackets. */
enum name_rule {
	NAME_NONE, /* nothing: the section appears at most once */
	NAME_KEY,  /* a side or type key */
	NAME_ID,   /* a unit or general ID */
};

struct key_def {
	const char *name;
	bool multi;    /* may continue on indented lines */
	bool required; /* an empty value counts as missing */
};

enum { SC_TITLE, SC_DATE, SC_SUMMARY, SC_BRIEFING, SC_TURNS, SC_INITIATIVE };
static const struct key_def scenario_keys[] = {
    {"title", false, true},    {"date", false, false},
    {"summary", false, false}, {"briefing", true, false},
    {"turns", false, true},    {"initiative", false, true},
    {NULL, false, false},
};

enum {
	MAP_WIDTH,
	MAP_HEIGHT,
	MAP_TERRAIN,
	MAP_HILLS,
	MAP_HIGH_HILLS,
	MAP_ROADS,
	MAP_FORTIFIED
};
static const struct key_def map_keys[] = {
    {"width", false, true},	 {"height", false, true},
    {"terrain", true, false},	 {"hills", true, false},
    {"high-hills", true, false}, {"roads", true, false},
    {"fortified", true, false},	 {NULL, false, false},
};

enum { SIDE_NAME };
static const struct key_def side_keys[] = {
    {"name", false, true},
    {NULL, false, false},
};

enum {
	TYPE_BASE,
	TYPE_NAME,
	TYPE_CLASS,
	TYPE_COMBAT,
	TYPE_MRANGE,
	TYPE_MDICE,
	TYPE_MOVE,
	TYPE_PUSH,
	TYPE_TRAITS
};
static const struct key_def type_keys[] = {
    {"base", false, false},	     {"name", false, false},
    {"class", false, false},	     {"combat", false, false},
    {"missile-range", false, false}, {"missile-dice", false, false},
    {"move", false, false},	     {"push", false, false},
    {"traits", false, false},	     {NULL, false, false},
};

enum {
	UNIT_SIDE,
	UNIT_TYPE,
	UNIT_HEX,
	UNIT_FACING,
	UNIT_NAME,
	UNIT_VETERAN,
	UNIT_MISSILE,
	UNIT_HITS
};
static const struct key_def unit_keys[] = {
    {"side", false, true},     {"type", false, true},
    {"hex", false, true},      {"facing", false, true},
    {"name", false, false},    {"veteran", false, false},
    {"missile", false, false}, {"hits", false, false},
    {NULL, false, false},
};

enum { GEN_SIDE, GEN_UNIT, GEN_NAME };
static const struct key_def general_keys[] = {
    {"side", false, true},
    {"unit", false, true},
    {"name", false, false},
    {NULL, false, false},
};

struct kind_def {
	const char *word; /* "unit" */
	enum name_rule rule;
	char prefix;		    /* namespace in struct load's names */
	const struct key_def *keys; /* NULL: [victory], keyed by side */
};

static const struct kind_def kinds[KIND_COUNT] = {
    {"scenario", NAME_NONE, 'o', scenario_keys},
    {"map", NAME_NONE, 'o', map_keys},
    {"side", NAME_KEY, 's', side_keys},
    {"type", NAME_KEY, 't', type_keys},
    {"unit", NAME_ID, 'i', unit_keys},	     /* units and generals */
    {"general", NAME_ID, 'i', general_keys}, /* share 'i' */
    {"victory", NAME_NONE, 'o', NULL},
};

/* A string -> int hash map with owned keys (open addressing). */
struct strmap_slot {
	char *key; /* owned; NULL if the slot is free */
	int val;
};

struct strmap {
	struct strmap_slot *v; /* owned, cap slots */
	size_t cap;	       /* 0 or a power of two */
	size_t n;	       /* keys stored */
};

/* One line of a value: the key line's own value or a continuation. */
struct vline {
	int line;
	char *text; /* owned; comments and outer blanks removed */
};

/* A key of a section and the lines of its value. */
struct kv {
	int key;	 /* index into the kind's keys[]; -1 in [victory] */
	char *name;	 /* owned: the key as written */
	int line;	 /* the key line */
	struct vline *v; /* owned, nv lines */
	size_t nv;
	size_t cap;
	bool damaged; /* a line of it was refused: lines are missing */
};

/* A section whose header was good; refused sections are not kept. */
struct section {
	enum kind kind;
	char *name;    /* owned; NULL for kinds without a name */
	int line;      /* header line */
	struct kv *kv; /* owned, nkv keys, none repeated */
	size_t nkv;
	size_t cap;
	bool damaged;	 /* a refused line may have held one of its keys */
	unsigned hinted; /* keys an unknown key was taken for (bits) */
};

/* What the reader made of the line inih is handling now. */
enum line_class {
	LINE_BLANK,
	LINE_COMMENT,
	LINE_HEADER,
	LINE_KEY,
	LINE_CONT,
	LINE_OTHER, /* refused or broken: the handler never sees it */
};

/* What a continuation line does to the key above it. */
enum cont_mode {
	CONT_DROP,   /* ignore it: the key was in error */
	CONT_TAKE,   /* append it to the value */
	CONT_REFUSE, /* the key may not continue: one error */
};

#define SEC_NONE (-2) /* before the first section header */
#define SEC_DROP (-1) /* in a section whose header was refused */

/* A hex of a hex list and the line that named it. */
struct hexref {
	struct hex hex;
	int line;
};

struct hexrefs {
	struct hexref *v; /* owned */
	size_t n;
	size_t cap;
};

/* Fields of a [type], as bits. */
enum tfield {
	TF_NAME = 1 << 0,
	TF_CLASS = 1 << 1,
	TF_COMBAT = 1 << 2,
	TF_MRANGE = 1 << 3,
	TF_MDICE = 1 << 4,
	TF_MOVE = 1 << 5,
	TF_PUSH = 1 << 6,
	TF_TRAITS = 1 << 7,
};

enum tstate {
	T_NEW,	  /* not yet seen by the loop search */
	T_WALK,	  /* on the chain being followed */
	T_READY,  /* no loop: may be resolved */
	T_DONE,	  /* resolved */
	T_FAILED, /* in a loop, or its base is unknown or failed */
};

/* A [type] section on its way to a struct unit_type. */
struct tdef {
	const struct section *sec;
	const struct unit_type *builtin; /* the built-in it edits */
	bool has_base;			 /* a base is given, good or not */
	bool base_bad;			 /* the base names no type */
	int base;			 /* tdef index of the base, or -1 */
	const struct unit_type *base_builtin; /* base when not in file */
	int base_line;
	unsigned given;	      /* enum tfield: keys given, good or bad */
	unsigned good;	      /* keys given with a good value */
	struct unit_type own; /* the good values given */
	struct unit_type val; /* the final values */
	enum tstate state;
	int walk;	 /* which loop search put it on a chain */
	bool traits_bad; /* the traits are unknown: skip what needs them */
	bool range_bad;	 /* the missile range is unknown */
	bool dice_bad;	 /* the missile dice are unknown */
	int index;	 /* in the scenario's types[] */
};

struct load {
	/* The line reader. */
	const char *text; /* borrowed, len bytes */
	size_t len;
	size_t pos;	     /* start of the next line */
	int line;	     /* lines handed to inih so far */
	enum line_class cls; /* class of the current line */
	bool have_key;	     /* inih has a key to continue (its prev_name) */
	bool skip_indented;  /* indented lines belong to a refused line */
	bool seen_header;
	bool content;	  /* a line other than blanks and comments */
	bool lost;	  /* a refused line may have been a header */
	int first_syntax; /* first line passed to inih as broken, or 0 */

	/* What the lines said. */
	struct section *secs; /* owned, in file order */
	size_t nsecs;
	size_t capsecs;
	long cur;    /* section being read, or SEC_NONE, SEC_DROP */
	long cur_kv; /* key continuation lines go to, or -1 */
	enum cont_mode cont;
	struct strmap names;	/* prefix + name of each section -> index */
	struct strmap rejected; /* prefix + name of sections refused */
	int nsides;		/* [side] sections accepted */
	bool side_rejected;	/* a [side] header was refused */
	bool unit_rejected;	/* a [unit] header was refused */

	/* The errors, at most 2 * (SCENARIO_MAX_ERRORS + 1) at a time. */
	struct anc_errs errs;
	bool overflow; /* some were dropped */

	/* The last pass. */
	struct scenario *sc; /* owned until returned */
	int side_sec[2];     /* section of each side */
	bool map_ok;	     /* width and height are good: the map exists */
	bool *known;	     /* per cell: the terrain is known */
	struct tdef *tdefs;  /* owned, one per [type] */
	int ntdefs;
	struct strmap tmap;   /* type key -> tdef index */
	struct strmap umap;   /* unit ID -> unit index */
	bool *unit_side_ok;   /* per unit: its side was read */
	bool *unit_traits_ok; /* per unit: its type's traits are known */
	bool unit_side_lost;  /* a unit's side could not be read */
};

static void load_err(struct load *, int, const char *, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Small helpers.
 */

static uint32_t
strmap_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s != '\0')
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static struct strmap_slot *
strmap_slot(const struct strmap *m, const char *key)
{
	size_t i;

	i = strmap_hash(key) & (m->cap - 1);
	while (m->v[i].key != NULL && strcmp(m->v[i].key, key) != 0)
		i = (i + 1) & (m->cap - 1);
	return &m->v[i];
}

/* The value stored for key, or -1. */
static int
strmap_get(const struct strmap *m, const char *key)
{
	const struct strmap_slot *slot;

	if (m->cap == 0)
		return -1;
	slot = strmap_slot(m, key);
	return slot->key != NULL ? slot->val : -1;
}

/* Stores key -> val, replacing an older value. */
static void
strmap_put(struct strmap *m, const char *key, int val)
{
	struct strmap old = *m;
	struct strmap_slot *slot;
	size_t i;

	if (2 * (m->n + 1) > m->cap) {
		m->cap = old.cap != 0 ? old.cap * 2 : 32;
		m->v = xcalloc(m->cap, sizeof *m->v);
		m->n = 0;
		for (i = 0; i < old.cap; i++) {
			if (old.v[i].key == NULL)
				continue;
			*strmap_slot(m, old.v[i].key) = old.v[i];
			m->n++;
		}
		free(old.v);
	}
	slot = strmap_slot(m, key);
	if (slot->key == NULL) {
		slot->key = xstrdup(key);
		m->n++;
	}
	slot->val = val;
}

static void
strmap_done(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->v[i].key);
	free(m->v);
	memset(m, 0, sizeof *m);
}

/* Writes prefix and name into buf, the key of a namespace. */
static const char *
mapkey(char buf[MAPKEY_MAX], char prefix, const char *name)
{
	snprintf(buf, MAPKEY_MAX, "%c%s", prefix, name);
	return buf;
}

/* Bytes in the valid, printable UTF-8 sequence at p; 0 if none. */
static size_t
utf8_len(const unsigned char *p)
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
	return n;
}

/* A value shown in a message: cut, and safe for a terminal. */
struct quoted {
	char s[QUOTE_MAX * 4 + 4];
};

static const char *
quote(struct quoted *q, const char *text)
{
	const unsigned char *p = (const unsigned char *)text;
	size_t used = 0, n;
	int chars = 0;

	while (*p != '\0') {
		if (chars++ == QUOTE_MAX) {
			memcpy(q->s + used, "...", 3);
			used += 3;
			break;
		}
		if (*p >= 0x80 && (n = utf8_len(p)) != 0) {
			memcpy(q->s + used, p, n);
			used += n;
			p += n;
		} else if (*p < 0x20 || *p >= 0x7f) {
			snprintf(q->s + used, 5, "\\x%02x", *p++);
			used += 4;
		} else
			q->s[used++] = (char)*p++;
	}
	q->s[used] = '\0';
	return q->s;
}

/* Copies src into a name field of size bytes, cut at a character. */
static void
copy_name(char *dst, size_t size, const char *src)
{
	size_t n = strlen(src);

	if (n >= size) {
		n = size - 1;
		while (n > 0 && ((unsigned char)src[n] & 0xc0) == 0x80)
			n--;
	}
	memcpy(dst, src, n);
	dst[n] = '\0';
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

/* The closest candidate to a word that is not one of them. */
struct hint {
	const char *word;
	const char *best; /* NULL while none is close enough */
	int dist;
};

static void
hint_init(struct hint *h, const char *word)
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
static void
hint_try(struct hint *h, const char *cand)
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

/* " (did you mean "X"?)" or "", in buf. */
static const char *
hint_text(const struct hint *h, char *buf, size_t size, const char *before,
	  const char *after)
{
	struct quoted q;

	if (h->best == NULL)
		return "";
	snprintf(buf, size, " (did you mean \"%s%s%s\"?)", before,
		 quote(&q, h->best), after);
	return buf;
}

/* Side and type keys: 1-20 of a-z, 0-9, '-', starting with a letter. */
static bool
key_valid(const char *s)
{
	size_t i;

	if (s[0] < 'a' || s[0] > 'z')
		return false;
	for (i = 0; s[i] != '\0'; i++) {
		if (i == UNITTYPE_KEY_MAX)
			return false;
		if (!((s[i] >= 'a' && s[i] <= 'z') ||
		      (s[i] >= '0' && s[i] <= '9') || s[i] == '-'))
			return false;
	}
	return true;
}

/* Unit and general IDs: 1-8 ASCII letters, digits, '-', letter first. */
static bool
id_valid(const char *s)
{
	size_t i;

	if (!isalpha((unsigned char)s[0]) || (unsigned char)s[0] >= 0x80)
		return false;
	for (i = 0; s[i] != '\0'; i++) {
		if (i == SCENARIO_ID_MAX)
			return false;
		if ((unsigned char)s[i] >= 0x80 ||
		    !(isalnum((unsigned char)s[i]) || s[i] == '-'))
			return false;
	}
	return true;
}

/* inih's isspace() blanks. */
static bool
is_blank(char c)
{
	return isspace((unsigned char)c) != 0;
}

/*
 * Where inih's find_chars_or_comment() stops: at one of chars, or at a
 * ';' that follows white space, or at the end.
 */
static char *
find_chars_or_comment(char *s, const char *chars)
{
	bool was_space = false;

	while (*s != '\0' && (chars == NULL || strchr(chars, *s) == NULL) &&
	       !(was_space && *s == ';')) {
		was_space = is_blank(*s);
		s++;
	}
	return s;
}

static void
rstrip(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && is_blank(s[n - 1]))
		s[--n] = '\0';
}

/*
 * Errors.
 */

/*
 * Records an error.  Once there are twice as many as can be shown, only
 * the lowest lines are kept: errors of later lines can never be shown.
 */
static void
load_err(struct load *ld, int line, const char *fmt, ...)
{
	char msg[ANC_ERR_MSG_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	anc_errs_add(&ld->errs, line, "%s", msg);
	if (ld->errs.n >= 2 * (SCENARIO_MAX_ERRORS + 1)) {
		anc_errs_sort(&ld->errs);
		ld->errs.n = SCENARIO_MAX_ERRORS + 1;
		ld->overflow = true;
	}
}

/* "[unit leg1]" */
static const char *
sec_label(const struct section *s, char *buf, size_t size)
{
	struct quoted q;

	if (s->name == NULL)
		snprintf(buf, size, "[%s]", kinds[s->kind].word);
	else
		snprintf(buf, size, "[%s %s]", kinds[s->kind].word,
			 quote(&q, s->name));
	return buf;
}

/* "\"a\"", "\"a\" and \"b\"", "\"a\", \"b\" and \"c\"" in buf. */
static const char *
join_names(char *buf, size_t size, const char *const *names, int n)
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

/*
 * The first stage: sections and keys as the lines give them.
 */

static void
section_damage(struct load *ld)
{
	if (ld->cur >= 0)
		ld->secs[ld->cur].damaged = true;
}

/* An indented "[...]": a header moved off column 1 by mistake. */
static bool
looks_like_header(const char *t)
{
	return t[0] == '[' && strchr(t, ']') != NULL;
}

/* A refused line may have been a header: what follows belongs nowhere. */
static void
header_lost(struct load *ld)
{
	ld->cur = SEC_DROP;
	ld->cur_kv = -1;
	ld->cont = CONT_DROP;
	ld->lost = true;
	ld->skip_indented = true;
}

static void
section_reject(struct load *ld, enum kind kind, const char *name)
{
	char k[MAPKEY_MAX];

	if (name != NULL)
		strmap_put(&ld->rejected, mapkey(k, kinds[kind].prefix, name),
			   1);
	if (kind == KIND_SIDE)
		ld->side_rejected = true;
	if (kind == KIND_UNIT)
		ld->unit_rejected = true;
	ld->cur = SEC_DROP;
}

/* Checks a header's kind and name, and opens the section if good. */
static void
section_open(struct load *ld, char *inner)
{
	char *word[3], *p, *save, k[MAPKEY_MAX], hb[120], lb[80], tail[64];
	const struct kind_def *kd;
	struct section *s;
	struct quoted q1, q2;
	struct hint h;
	int nwords = 0, kind, at;

	for (p = strtok_r(inner, " \t\v\f\r\n", &save); p != NULL;
	     p = strtok_r(NULL, " \t\v\f\r\n", &save)) {
		if (nwords < 3)
			word[nwords] = p;
		nwords++;
	}
	ld->cur = SEC_DROP;
	if (nwords == 0) {
		load_err(ld, ld->line, "empty section header \"[]\"");
		return;
	}
	for (kind = 0; kind < KIND_COUNT; kind++)
		if (strcmp(word[0], kinds[kind].word) == 0)
			break;
	if (kind == KIND_COUNT) {
		hint_init(&h, word[0]);
		for (kind = 0; kind < KIND_COUNT; kind++)
			hint_try(&h, kinds[kind].word);
		tail[0] = hb[0] = '\0';
		if (nwords > 1)
			snprintf(tail, sizeof tail, " %s", quote(&q2, word[1]));
		if (h.best != NULL)
			snprintf(hb, sizeof hb, " (did you mean \"[%s%s]\"?)",
				 h.best, tail);
		load_err(ld, ld->line, "unknown section \"[%s%s]\"%s",
			 quote(&q1, word[0]), tail, hb);
		ld->lost = true; /* it may have been any section */
		return;
	}
	kd = &kinds[kind];
	if (kd->rule == NAME_NONE) {
		if (nwords > 1)
			load_err(ld, ld->line,
				 "section [%s] takes no name, "
				 "not \"%s\"",
				 kd->word, quote(&q1, word[1]));
	} else if (nwords == 1) {
		load_err(ld, ld->line, "section [%s] needs %s", kd->word,
			 kd->rule == NAME_ID ? "an ID" : "a key");
		section_reject(ld, (enum kind)kind, NULL);
		return;
	} else if (nwords > 2) {
		load_err(ld, ld->line,
			 "section [%s] takes one name, not "
			 "\"%s\" and \"%s\"",
			 kd->word, quote(&q1, word[1]), quote(&q2, word[2]));
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	} else if (kd->rule == NAME_ID && !id_valid(word[1])) {
		load_err(ld, ld->line,
			 "bad ID \"%s\" (1-8 letters, digits "
			 "and \"-\", starting with a letter)",
			 quote(&q1, word[1]));
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	} else if (kd->rule == NAME_KEY && !key_valid(word[1])) {
		load_err(ld, ld->line,
			 "bad %s key \"%s\" (1-20 of a-z, 0-9 "
			 "and \"-\", starting with a letter)",
			 kd->word, quote(&q1, word[1]));
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	} else if (kind == KIND_SIDE && strcmp(word[1], "draw") == 0) {
		load_err(ld, ld->line, "\"draw\" cannot be a side key");
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	}

	mapkey(k, kd->prefix, kd->rule == NAME_NONE ? kd->word : word[1]);
	if ((at = strmap_get(&ld->names, k)) >= 0) {
		if (kd->rule == NAME_ID)
			load_err(ld, ld->line,
				 "duplicated ID \"%s\" (first "
				 "at line %d)",
				 word[1], ld->secs[at].line);
		else
			load_err(ld, ld->line,
				 "repeated section %s (first "
				 "at line %d)",
				 sec_label(&ld->secs[at], lb, sizeof lb),
				 ld->secs[at].line);
		return;
	}
	if (kind == KIND_SIDE && ld->nsides == 2) {
		load_err(ld, ld->line,
			 "a third side \"%s\": a scenario has "
			 "exactly two",
			 word[1]);
		section_reject(ld, KIND_SIDE, word[1]);
		return;
	}
	if (kind == KIND_SIDE)
		ld->nsides++;

	if (ld->nsecs == ld->capsecs) {
		ld->capsecs = ld->capsecs ? ld->capsecs * 2 : 16;
		ld->secs =
		    xreallocarray(ld->secs, ld->capsecs, sizeof *ld->secs);
	}
	s = &ld->secs[ld->nsecs];
	memset(s, 0, sizeof *s);
	s->kind = (enum kind)kind;
	s->name = kd->rule == NAME_NONE ? NULL : xstrdup(word[1]);
	s->line = ld->line;
	strmap_put(&ld->names, k, (int)ld->nsecs);
	ld->cur = (long)ld->nsecs++;
}

/* A line starting with '[' in column 1. */
static void
reader_header(struct load *ld, char *t)
{
	struct quoted q;
	char *end, *r;

	end = find_chars_or_comment(t + 1, "]");
	if (*end != ']') {
		load_err(ld, ld->line, "section header without \"]\"");
		if (ld->first_syntax == 0)
			ld->first_syntax = ld->line;
		header_lost(ld);
		return;
	}
	/* inih forgets the key above at every good header. */
	ld->cls = LINE_HEADER;
	ld->have_key = false;
	ld->seen_header = true;
	ld->cur_kv = -1;
	ld->cont = CONT_DROP;
	r = end + 1;
	while (is_blank(*r))
		r++;
	if (*r != '\0' && !(*r == ';' && r > end + 1)) {
		rstrip(r);
		load_err(ld, ld->line,
			 "text after \"]\" in section header: "
			 "\"%s\"",
			 quote(&q, r));
	}
	*end = '\0';
	section_open(ld, t + 1);
}

/* A line in column 1 that is not a header: a key line, or broken. */
static void
reader_key(struct load *ld, char *t)
{
	struct quoted q;
	char *end;

	end = find_chars_or_comment(t, "=:");
	if (*end == '=' || *end == ':') {
		ld->cls = LINE_KEY;
		ld->have_key = true;
		return;
	}
	rstrip(t);
	load_err(ld, ld->line,
		 "expected \"key = value\" or \"[section]\", "
		 "not \"%s\"",
		 quote(&q, t));
	if (ld->first_syntax == 0)
		ld->first_syntax = ld->line;
	section_damage(ld);
	ld->skip_indented = true;
	ld->cur_kv = -1;
	ld->cont = CONT_DROP;
}

/*
 * Classifies a line inih will see (a copy of it: this may write into
 * it).  Returns false if inih must get an empty line instead.
 */
static bool
reader_classify(struct load *ld, char *line)
{
	char *s = line, *t;

	if (ld->line == 1 && (unsigned char)s[0] == 0xef &&
	    (unsigned char)s[1] == 0xbb && (unsigned char)s[2] == 0xbf)
		s += 3; /* inih skips a UTF-8 BOM */
	t = s;
	while (is_blank(*t))
		t++;
	if (*t == '\0') {
		ld->cls = LINE_BLANK;
		return true;
	}
	if (*t == ';' || *t == '#') {
		ld->cls = LINE_COMMENT;
		return true;
	}
	ld->content = true;
	if (t > s) {
		if (ld->skip_indented)
			return false;
		if (!ld->have_key) {
			load_err(ld, ld->line,
				 ld->seen_header
				     ? "indented line after a section header "
				       "(keys start in column 1)"
				     : "indented line before any key");
			section_damage(ld);
			ld->skip_indented = true;
			if (looks_like_header(t))
				header_lost(ld);
			return false;
		}
		ld->cls = LINE_CONT;
		return true;
	}
	ld->skip_indented = false;
	if (*t == '[')
		reader_header(ld, t);
	else
		reader_key(ld, t);
	return true;
}

/*
 * A line that inih will not see (too long, or with a NUL).  Guess from
 * its start what it was, so that what it may have held is not reported
 * missing and its continuation lines are not misread.
 */
static void
reader_refuse(struct load *ld, const char *p, size_t n)
{
	size_t bom = 0, i;

	if (ld->line == 1 && n >= 3 && (unsigned char)p[0] == 0xef &&
	    (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf)
		bom = 3;
	for (i = bom; i < n && p[i] != '\0' && is_blank(p[i]); i++)
		;
	if (i < n && (p[i] == ';' || p[i] == '#'))
		return; /* a comment */
	ld->content = true;
	if (i > bom) {
		/* A lost continuation: the value lacks a line. */
		if (!ld->skip_indented && ld->have_key) {
			if (ld->cont == CONT_TAKE) {
				ld->secs[ld->cur].kv[ld->cur_kv].damaged = true;
				section_damage(ld);
			} else
				ld->cont = CONT_DROP;
		}
		return;
	}
	if (i < n && p[i] == '[') {
		header_lost(ld);
		return;
	}
	/* A lost key line, or junk. */
	section_damage(ld);
	ld->skip_indented = true;
	ld->cur_kv = -1;
	ld->cont = CONT_DROP;
}

/* ini_parse_stream()'s reader: one physical line per call. */
static char *
reader_next(char *str, int num, void *stream)
{
	struct load *ld = stream;
	char copy[LINE_MAX_BYTES + 3];
	const char *p, *nl;
	size_t full, n;

	if (ld->pos >= ld->len)
		return NULL;
	p = ld->text + ld->pos;
	nl = memchr(p, '\n', ld->len - ld->pos);
	full = nl != NULL ? (size_t)(nl - p) : ld->len - ld->pos;
	ld->pos += full + (nl != NULL);
	n = full;
	if (n > 0 && p[n - 1] == '\r')
		n--;
	ld->line++;
	ld->cls = LINE_OTHER;
	if (memchr(p, '\0', n) != NULL) {
		load_err(ld, ld->line, "line holds a NUL byte");
		reader_refuse(ld, p, n);
	} else if (n > LINE_MAX_BYTES || num < 3 || n > (size_t)num - 3) {
		load_err(ld, ld->line, "line too long (%zu bytes, at most %d)",
			 n, LINE_MAX_BYTES);
		reader_refuse(ld, p, n);
	} else {
		memcpy(str, p, n);
		str[n] = '\n';
		str[n + 1] = '\0';
		memcpy(copy, str, n + 2);
		if (reader_classify(ld, copy))
			return str;
	}
	str[0] = '\n';
	str[1] = '\0';
	return str;
}

static struct kv *
section_add_kv(struct section *s, int key, const char *name, int line)
{
	struct kv *kv;

	if (s->nkv == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 8;
		s->kv = xreallocarray(s->kv, s->cap, sizeof *s->kv);
	}
	kv = &s->kv[s->nkv++];
	memset(kv, 0, sizeof *kv);
	kv->key = key;
	kv->name = xstrdup(name);
	kv->line = line;
	return kv;
}

static void
kv_push(struct kv *kv, int line, const char *text)
{
	if (kv->nv == kv->cap) {
		kv->cap = kv->cap ? kv->cap * 2 : 4;
		kv->v = xreallocarray(kv->v, kv->cap, sizeof *kv->v);
	}
	kv->v[kv->nv].line = line;
	kv->v[kv->nv].text = xstrdup(text);
	kv->nv++;
}

/* The key's index in s, or -1. */
static long
section_find(const struct section *s, int key)
{
	size_t i;

	for (i = 0; i < s->nkv; i++)
		if (s->kv[i].key == key)
			return (long)i;
	return -1;
}

/* A key line: inih split it into name and value. */
static void
on_key(struct load *ld, const char *name, const char *value)
{
	char k[MAPKEY_MAX], lb[80], hb[80];
	const struct key_def *keys;
	struct section *s;
	struct quoted q;
	struct hint h;
	long at;
	int key;

	ld->cur_kv = -1;
	ld->cont = CONT_DROP;
	if (ld->cur == SEC_NONE) {
		load_err(ld, ld->line, "key \"%s\" is outside any section",
			 quote(&q, name));
		return;
	}
	if (ld->cur == SEC_DROP)
		return;
	s = &ld->secs[ld->cur];
	if (*name == '\0') {
		load_err(ld, ld->line, "no key before \"=\"");
		s->damaged = true;
		return;
	}
	keys = kinds[s->kind].keys;
	if (keys == NULL) {
		key = -1;
		if ((at = strmap_get(&ld->names, mapkey(k, 'v', name))) >= 0) {
			load_err(ld, ld->line,
				 "repeated key \"%s\" in "
				 "[victory] (first at line %ld)",
				 quote(&q, name), at);
			return;
		}
		strmap_put(&ld->names, k, ld->line);
	} else {
		for (key = 0; keys[key].name != NULL; key++)
			if (strcmp(keys[key].name, name) == 0)
				break;
		if (keys[key].name == NULL) {
			hint_init(&h, name);
			for (key = 0; keys[key].name != NULL; key++)
				hint_try(&h, keys[key].name);
			load_err(ld, ld->line, "unknown key \"%s\" in %s%s",
				 quote(&q, name), sec_label(s, lb, sizeof lb),
				 hint_text(&h, hb, sizeof hb, "", ""));
			/* "Title" is the title: it is not missing too. */
			for (key = 0; h.best != NULL && keys[key].name; key++)
				if (keys[key].name == h.best)
					s->hinted |= 1u << key;
			return;
		}
		if ((at = section_find(s, key)) >= 0) {
			load_err(ld, ld->line,
				 "repeated key \"%s\" in %s "
				 "(first at line %d)",
				 name, sec_label(s, lb, sizeof lb),
				 s->kv[at].line);
			return;
		}
	}
	kv_push(section_add_kv(s, key, name, ld->line), ld->line, value);
	ld->cur_kv = (long)s->nkv - 1;
	ld->cont = key < 0 || keys[key].multi ? CONT_TAKE : CONT_REFUSE;
}

/* An indented line: inih passes it as another value of the key above. */
static void
on_continuation(struct load *ld, const char *value)
{
	struct kv *kv;
	char *text, *end;

	if (ld->cont == CONT_DROP)
		return;
	kv = &ld->secs[ld->cur].kv[ld->cur_kv];
	if (ld->cont == CONT_REFUSE) {
		load_err(ld, ld->line,
			 "\"%s\" takes one line: it may not "
			 "continue on an indented line",
			 kv->name);
		ld->cont = CONT_DROP;
		if (looks_like_header(value))
			header_lost(ld);
		return;
	}
	/* inih 55 leaves inline comments on continuation lines. */
	text = xstrdup(value);
	end = find_chars_or_comment(text, NULL);
	*end = '\0';
	rstrip(text);
	if (*text != '\0')
		kv_push(kv, ld->line, text);
	free(text);
}

static int
load_handler(void *user, const char *section, const char *name,
	     const char *value)
{
	struct load *ld = user;

	(void)section; /* the reader keeps its own, uncut */
	if (value == NULL)
		value = "";
	if (ld->cls == LINE_KEY)
		on_key(ld, name, value);
	else if (ld->cls == LINE_CONT)
		on_continuation(ld, value);
	return 1; /* go on: every error is collected */
}

/*
 * The last stage: values, and the checks between them.
 */

static const struct kv *
sec_kv(const struct section *s, int key)
{
	long at = section_find(s, key);

	return at >= 0 ? &s->kv[at] : NULL;
}

/* The one-line value of a key: NULL when absent, empty or refused. */
static const char *
sec_text(const struct section *s, int key, int *line)
{
	const struct kv *kv = sec_kv(s, key);

	if (kv == NULL || kv->nv == 0 || kv->v[0].text[0] == '\0')
		return NULL;
	if (line != NULL)
		*line = kv->v[0].line;
	return kv->v[0].text;
}

/* Reports the required keys a section lacks; true if it lacks any. */
static bool
sec_require(struct load *ld, const struct section *s)
{
	const struct key_def *keys = kinds[s->kind].keys;
	const char *names[16];
	const struct kv *kv;
	char list[160], lb[80];
	int key, missing = 0;

	if (s->damaged || keys == NULL)
		return false;
	for (key = 0; keys[key].name != NULL; key++) {
		if (!keys[key].required || (s->hinted & (1u << key)))
			continue;
		kv = sec_kv(s, key);
		if (kv != NULL && (kv->damaged || sec_text(s, key, NULL)))
			continue;
		names[missing++] = keys[key].name;
	}
	if (missing > 0)
		load_err(ld, s->line, "missing %s in %s",
			 join_names(list, sizeof list, names, missing),
			 sec_label(s, lb, sizeof lb));
	return missing > 0;
}

enum val {
	VAL_ABSENT, /* not given, or empty */
	VAL_OK,
	VAL_BAD, /* in error (reported), or unreadable */
};

static enum val
get_num(struct load *ld, const struct section *s, int key, int min, int max,
	int *out)
{
	const struct kv *kv = sec_kv(s, key);
	const char *text, *p;
	struct quoted q;
	long v = 0;
	int line;

	if (kv != NULL && kv->damaged)
		return VAL_BAD;
	if ((text = sec_text(s, key, &line)) == NULL)
		return VAL_ABSENT;
	for (p = text; *p >= '0' && *p <= '9'; p++)
		if (v <= 1000000)
			v = v * 10 + (*p - '0');
	if (*p != '\0') {
		load_err(ld, line, "%s \"%s\" is not a number",
			 kinds[s->kind].keys[key].name, quote(&q, text));
		return VAL_BAD;
	}
	if (v < min || v > max) {
		load_err(ld, line, "%s \"%s\" is out of range (%d-%d)",
			 kinds[s->kind].keys[key].name, quote(&q, text), min,
			 max);
		return VAL_BAD;
	}
	*out = (int)v;
	return VAL_OK;
}

static enum val
get_bool(struct load *ld, const struct section *s, int key, bool *out)
{
	const struct kv *kv = sec_kv(s, key);
	const char *text;
	struct quoted q;
	int line;

	if (kv != NULL && kv->damaged)
		return VAL_BAD;
	if ((text = sec_text(s, key, &line)) == NULL)
		return VAL_ABSENT;
	if (strcasecmp(text, "yes") == 0)
		*out = true;
	else if (strcasecmp(text, "no") == 0)
		*out = false;
	else {
		load_err(ld, line, "%s \"%s\" is not yes or no",
			 kinds[s->kind].keys[key].name, quote(&q, text));
		return VAL_BAD;
	}
	return VAL_OK;
}

/*
 * The side a value names: its index, or -1 after an error (or in
 * silence when the error lies elsewhere: a refused side, a missing one).
 */
static int
get_side(struct load *ld, const char *text, int line, const char *what)
{
	char k[MAPKEY_MAX], hb[80];
	struct quoted q;
	struct hint h;
	int i;

	for (i = 0; i < 2 && i < ld->nsides; i++)
		if (strcmp(ld->secs[ld->side_sec[i]].name, text) == 0)
			return i;
	if (ld->nsides < 2 || ld->lost ||
	    strmap_get(&ld->rejected, mapkey(k, 's', text)) >= 0)
		return -1;
	hint_init(&h, text);
	for (i = 0; i < 2; i++)
		hint_try(&h, ld->secs[ld->side_sec[i]].name);
	load_err(ld, line, "%s \"%s\" is not one of the two sides%s", what,
		 quote(&q, text), hint_text(&h, hb, sizeof hb, "", ""));
	return -1;
}

static const struct section *find_once(struct load *, enum kind);

/* The sections every scenario has: errors of no line, in this order. */
static void
pass_sections(struct load *ld)
{
	if (ld->lost)
		return;
	if (find_once(ld, KIND_SCENARIO) == NULL)
		load_err(ld, 0, "missing section [scenario]");
	if (find_once(ld, KIND_MAP) == NULL)
		load_err(ld, 0, "missing section [map]");
}

static void
pass_sides(struct load *ld)
{
	struct side_def *sd;
	const struct section *s;
	const char *name;
	size_t i;
	int n = 0;

	for (i = 0; i < ld->nsecs; i++) {
		s = &ld->secs[i];
		if (s->kind != KIND_SIDE)
			continue;
		ld->side_sec[n] = (int)i;
		sd = &ld->sc->sides[n++];
		copy_name(sd->key, sizeof sd->key, s->name);
		sec_require(ld, s);
		if ((name = sec_text(s, SIDE_NAME, NULL)) != NULL)
			copy_name(sd->name, sizeof sd->name, name);
	}
	if (n < 2 && !ld->lost && !ld->side_rejected)
		load_err(ld, 0,
			 n == 0 ? "missing sections [side]: a scenario "
				  "has two sides"
				: "only one [side] section: a scenario "
				  "has two sides");
}

static const struct section *
find_once(struct load *ld, enum kind kind)
{
	char k[MAPKEY_MAX];
	int at;

	at = strmap_get(&ld->names, mapkey(k, 'o', kinds[kind].word));
	return at >= 0 ? &ld->secs[at] : NULL;
}

/* The briefing's lines joined with newlines, empty ones left out. */
static char *
join_lines(const struct kv *kv)
{
	size_t i, len = 0;
	char *out;

	for (i = 0; kv != NULL && i < kv->nv; i++)
		len += strlen(kv->v[i].text) + 1;
	out = xmalloc(len + 1);
	len = 0;
	for (i = 0; kv != NULL && i < kv->nv; i++) {
		if (kv->v[i].text[0] == '\0')
			continue;
		if (len > 0)
			out[len++] = '\n';
		memcpy(out + len, kv->v[i].text, strlen(kv->v[i].text));
		len += strlen(kv->v[i].text);
	}
	out[len] = '\0';
	return out;
}

static void
pass_scenario(struct load *ld)
{
	struct scenario *sc = ld->sc;
	const struct section *s;
	const char *text;
	int line;

	if ((s = find_once(ld, KIND_SCENARIO)) == NULL)
		return;
	sec_require(ld, s);
	if ((text = sec_text(s, SC_TITLE, NULL)) != NULL) {
		free(sc->title);
		sc->title = xstrdup(text);
	}
	if ((text = sec_text(s, SC_DATE, NULL)) != NULL) {
		free(sc->date);
		sc->date = xstrdup(text);
	}
	if ((text = sec_text(s, SC_SUMMARY, NULL)) != NULL) {
		free(sc->summary);
		sc->summary = xstrdup(text);
	}
	free(sc->briefing);
	sc->briefing = join_lines(sec_kv(s, SC_BRIEFING));
	get_num(ld, s, SC_TURNS, 1, 99, &sc->turns);
	if ((text = sec_text(s, SC_INITIATIVE, &line)) != NULL &&
	    !sec_kv(s, SC_INITIATIVE)->damaged)
		sc->initiative = get_side(ld, text, line, "initiative");
}

static void
hexrefs_add(struct hexrefs *r, struct hex h, int line)
{
	if (r->n == r->cap) {
		r->cap = r->cap ? r->cap * 2 : 16;
		r->v = xreallocarray(r->v, r->cap, sizeof *r->v);
	}
	r->v[r->n].hex = h;
	r->v[r->n].line = line;
	r->n++;
}

/* Four digits CCRR: 0 (a part may be 00, which no map holds) or -1. */
static int
parse_hex4(const char *s, struct hex *out)
{
	int i;

	for (i = 0; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	out->col = (s[0] - '0') * 10 + (s[1] - '0');
	out->row = (s[2] - '0') * 10 + (s[3] - '0');
	return 0;
}

/* Off the map, or off any map when the map's size is unknown. */
static bool
off_map(const struct load *ld, struct hex h)
{
	return h.col < 1 || h.row < 1 ||
	       (ld->map_ok && !map_contains(&ld->sc->map, h));
}

static void
err_off_map(struct load *ld, int line, const char *what, const char *tok)
{
	struct quoted q;

	if (ld->map_ok)
		load_err(ld, line, "%s \"%s\" is off the %d x %d map", what,
			 quote(&q, tok), ld->sc->map.width, ld->sc->map.height);
	else
		load_err(ld, line, "%s \"%s\" is off the map", what,
			 quote(&q, tok));
}

/*
 * Reads a hex list: tokens CCRR or CCRR-CCRR.  Each bad token is an
 * error at its line.  Hexes go to out only if the map is known.
 */
static void
read_hexlist(struct load *ld, const struct kv *kv, struct hexrefs *out)
{
	char buf[LINE_MAX_BYTES + 1], *tok, *save;
	struct hex a, b, h;
	struct quoted q;
	size_t i, ntok = 0;
	int lo, hi, v;

	for (i = 0; i < kv->nv; i++) {
		snprintf(buf, sizeof buf, "%s", kv->v[i].text);
		for (tok = strtok_r(buf, " \t\v\f\r", &save); tok != NULL;
		     tok = strtok_r(NULL, " \t\v\f\r", &save)) {
			ntok++;
			if (strlen(tok) == 4 && parse_hex4(tok, &a) == 0) {
				if (off_map(ld, a))
					err_off_map(ld, kv->v[i].line, "hex",
						    tok);
				else if (ld->map_ok)
					hexrefs_add(out, a, kv->v[i].line);
				continue;
			}
			if (strlen(tok) != 9 || tok[4] != '-' ||
			    parse_hex4(tok, &a) != 0 ||
			    parse_hex4(tok + 5, &b) != 0) {
				load_err(ld, kv->v[i].line,
					 "bad hex \"%s\" "
					 "(four digits CCRR, or a range "
					 "CCRR-CCRR)",
					 quote(&q, tok));
				continue;
			}
			if (a.col != b.col && a.row != b.row) {
				load_err(ld, kv->v[i].line,
					 "hex range \"%s\" "
					 "is not within one column or row",
					 quote(&q, tok));
				continue;
			}
			if (off_map(ld, a) || off_map(ld, b)) {
				err_off_map(ld, kv->v[i].line, "hex range",
					    tok);
				continue;
			}
			if (!ld->map_ok)
				continue;
			lo = a.col == b.col ? a.row : a.col;
			hi = a.col == b.col ? b.row : b.col;
			if (lo > hi) {
				v = lo;
				lo = hi;
				hi = v;
			}
			for (v = lo; v <= hi; v++) {
				h.col = a.col == b.col ? a.col : v;
				h.row = a.col == b.col ? v : a.row;
				hexrefs_add(out, h, kv->v[i].line);
			}
		}
	}
	if (ntok == 0 && !kv->damaged)
		load_err(ld, kv->line, "empty hex list for \"%s\"", kv->name);
}

/* One row of terrain codes; fills row r of the map if it fits. */
static void
read_terrain_row(struct load *ld, const struct vline *vl, int r)
{
	const unsigned char *p = (const unsigned char *)vl->text;
	char code[8], bad[8][8];
	struct map_cell *cells = ld->sc->map.cells;
	unsigned char row[HEX_MAX_DIM];
	bool rowknown[HEX_MAX_DIM];
	struct quoted q;
	int ncodes = 0, nbad = 0, t, i, w = ld->sc->map.width;
	size_t n;

	while (*p != '\0') {
		if (is_blank((char)*p)) {
			p++;
			continue;
		}
		n = *p >= 0x80 ? utf8_len(p) : 0;
		if (n == 0)
			n = 1;
		memcpy(code, p, n);
		code[n] = '\0';
		p += n;
		t = n == 1 ? terrain_from_code(code[0]) : -1;
		if (t < 0) {
			for (i = 0; i < nbad; i++)
				if (strcmp(bad[i], code) == 0)
					break;
			if (i == nbad && nbad < 8) {
				memcpy(bad[nbad++], code, n + 1);
				load_err(ld, vl->line,
					 "unknown terrain code "
					 "\"%s\"",
					 quote(&q, code));
			}
		}
		if (ncodes < HEX_MAX_DIM) {
			row[ncodes] = (unsigned char)(t < 0 ? 0 : t);
			rowknown[ncodes] = t >= 0;
		}
		ncodes++;
	}
	if (!ld->map_ok)
		return;
	if (ncodes != w) {
		load_err(ld, vl->line, "terrain row %d has %d codes, not %d",
			 r + 1, ncodes, w);
		for (i = 0; i < w; i++)
			ld->known[r * w + i] = false;
		return;
	}
	for (i = 0; i < w; i++) {
		cells[r * w + i].terrain = row[i];
		ld->known[r * w + i] = rowknown[i];
	}
}

static void
read_terrain(struct load *ld, const struct kv *kv)
{
	int rows = 0, i, h = ld->sc->map.height, w = ld->sc->map.width;
	size_t v;

	for (v = 0; v < kv->nv; v++) {
		if (kv->v[v].text[0] == '\0')
			continue;
		if (ld->map_ok && rows >= h) {
			if (rows++ == h)
				load_err(ld, kv->v[v].line,
					 "terrain has more "
					 "than %d rows",
					 h);
			continue;
		}
		read_terrain_row(ld, &kv->v[v], rows++);
	}
	if (!ld->map_ok || rows >= h)
		return;
	if (!kv->damaged)
		load_err(ld, kv->line, "terrain has %d rows, not %d", rows, h);
	for (i = rows * w; i < w * h; i++)
		ld->known[i] = false;
}

static void
pass_map(struct load *ld)
{
	static const int lists[] = {MAP_HILLS, MAP_HIGH_HILLS, MAP_ROADS,
				    MAP_FORTIFIED};
	struct hexrefs refs[4];
	struct map *m = &ld->sc->map;
	const struct section *s;
	struct map_cell *c;
	const struct kv *kv;
	int w = 0, h = 0, *hill_line = NULL, i, idx, later;
	bool wok, hok, *done = NULL;
	char name[HEX_NAME_SIZE];
	size_t j;

	if ((s = find_once(ld, KIND_MAP)) == NULL)
		return;
	sec_require(ld, s);
	wok = get_num(ld, s, MAP_WIDTH, 1, HEX_MAX_DIM, &w) == VAL_OK;
	hok = get_num(ld, s, MAP_HEIGHT, 1, HEX_MAX_DIM, &h) == VAL_OK;
	if (wok && hok) {
		map_init(m, w, h);
		ld->map_ok = true;
		ld->known = xmalloc((size_t)w * (size_t)h * sizeof *ld->known);
		for (i = 0; i < w * h; i++)
			ld->known[i] = true;
	}
	if ((kv = sec_kv(s, MAP_TERRAIN)) != NULL)
		read_terrain(ld, kv);

	memset(refs, 0, sizeof refs);
	for (i = 0; i < 4; i++)
		if ((kv = sec_kv(s, lists[i])) != NULL)
			read_hexlist(ld, kv, &refs[i]);
	if (ld->map_ok) {
		hill_line = xcalloc((size_t)w * (size_t)h, sizeof *hill_line);
		done = xcalloc((size_t)w * (size_t)h, sizeof *done);
		for (j = 0; j < refs[0].n; j++) {
			idx = map_index(m, refs[0].v[j].hex);
			if (hill_line[idx] == 0)
				hill_line[idx] = refs[0].v[j].line;
			m->cells[idx].elevation = 1;
		}
		for (j = 0; j < refs[1].n; j++) {
			idx = map_index(m, refs[1].v[j].hex);
			if (hill_line[idx] != 0 && !done[idx]) {
				done[idx] = true;
				later = refs[1].v[j].line > hill_line[idx]
					    ? refs[1].v[j].line
					    : hill_line[idx];
				hex_format(refs[1].v[j].hex, name);
				load_err(ld, later,
					 "hex \"%s\" is in both "
					 "hills and high-hills",
					 name);
			}
			m->cells[idx].elevation = 2;
		}
		for (j = 0; j < refs[2].n; j++)
			map_cell_mut(m, refs[2].v[j].hex)->road = true;
		memset(done, 0, (size_t)w * (size_t)h * sizeof *done);
		for (j = 0; j < refs[3].n; j++) {
			idx = map_index(m, refs[3].v[j].hex);
			c = &m->cells[idx];
			if (c->terrain == TERRAIN_SETTLEMENT)
				c->fortified = true;
			else if (ld->known[idx] && !done[idx]) {
				done[idx] = true;
				hex_format(refs[3].v[j].hex, name);
				load_err(
				    ld, refs[3].v[j].line,
				    "fortified hex "
				    "\"%s\" is %s, not a settlement",
				    name,
				    terrain_name((enum terrain)c->terrain));
			}
		}
	}
	for (i = 0; i < 4; i++)
		free(refs[i].v);
	free(hill_line);
	free(done);
}

/*
 * Types.
 */

/* The type a key names: a tdef index, or -1 with *builtin set, or -1. */
static int
type_lookup(struct load *ld, const char *key, const struct unit_type **builtin)
{
	char k[MAPKEY_MAX];
	int t;

	*builtin = NULL;
	if ((t = strmap_get(&ld->tmap, mapkey(k, 't', key))) >= 0)
		return t;
	*builtin = unittype_builtin_find(key);
	return -1;
}

/* An unknown type key: an error unless its [type] was refused. */
static void
err_unknown_type(struct load *ld, int line, const char *what, const char *key)
{
	char k[MAPKEY_MAX], hb[80];
	struct quoted q;
	struct hint h;
	int i;

	if (ld->lost || strmap_get(&ld->rejected, mapkey(k, 't', key)) >= 0)
		return;
	hint_init(&h, key);
	for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
		hint_try(&h, unittype_builtin(i)->key);
	for (i = 0; i < ld->ntdefs; i++)
		hint_try(&h, ld->tdefs[i].sec->name);
	load_err(ld, line, "unknown %s \"%s\"%s", what, quote(&q, key),
		 hint_text(&h, hb, sizeof hb, "", ""));
}

static void
type_read_traits(struct load *ld, struct tdef *t)
{
	char buf[LINE_MAX_BYTES + 1], hb[80], *tok, *save;
	const char *text;
	struct quoted q;
	enum trait tr;
	struct hint h;
	bool ok = true;
	int line, i;

	t->given |= TF_TRAITS;
	text = sec_text(t->sec, TYPE_TRAITS, &line);
	if (text == NULL) { /* "traits =": none at all */
		if (sec_kv(t->sec, TYPE_TRAITS)->damaged)
			ok = false;
		text = "";
	}
	snprintf(buf, sizeof buf, "%s", text);
	for (tok = strtok_r(buf, " \t", &save); tok != NULL;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (trait_parse(tok, &tr) != 0) {
			hint_init(&h, tok);
			for (i = 0; i < TRAIT_COUNT; i++)
				if (1u << i != TRAIT_VETERAN)
					hint_try(&h, trait_name((enum trait)(
							 1u << i)));
			load_err(ld, line, "unknown trait \"%s\"%s",
				 quote(&q, tok),
				 hint_text(&h, hb, sizeof hb, "", ""));
			ok = false;
		} else if (tr == TRAIT_VETERAN) {
			load_err(ld, line,
				 "trait \"veteran\" is set per unit "
				 "(veteran = yes), not per type");
			ok = false;
		} else
			t->own.traits |= tr;
	}
	if (ok)
		t->good |= TF_TRAITS;
}

/* Reads the keys of one [type] and checks each value on its own. */
static void
type_read(struct load *ld, struct tdef *t)
{
	static const struct {
		int key;
		unsigned field;
		int min, max;
	} nums[] = {
	    {TYPE_COMBAT, TF_COMBAT, 1, 9}, {TYPE_MRANGE, TF_MRANGE, 1, 6},
	    {TYPE_MDICE, TF_MDICE, 1, 9},   {TYPE_MOVE, TF_MOVE, 2, 20},
	    {TYPE_PUSH, TF_PUSH, 2, 6},
	};
	const struct section *s = t->sec;
	const char *text;
	struct quoted q;
	enum val r;
	int i, v = 0, line;

	t->base = -1;
	t->builtin = unittype_builtin_find(s->name);
	if (sec_kv(s, TYPE_BASE) != NULL) {
		t->has_base = true;
		t->base_line = sec_kv(s, TYPE_BASE)->line;
		if (sec_text(s, TYPE_BASE, NULL) == NULL)
			t->has_base = sec_kv(s, TYPE_BASE)->damaged;
		t->base_bad = t->has_base; /* until it is found */
	}
	if (sec_kv(s, TYPE_NAME) != NULL) {
		t->given |= TF_NAME;
		if ((text = sec_text(s, TYPE_NAME, NULL)) != NULL) {
			copy_name(t->own.name, sizeof t->own.name, text);
			t->good |= TF_NAME;
		}
	}
	if (sec_kv(s, TYPE_CLASS) != NULL) {
		t->given |= TF_CLASS;
		if ((text = sec_text(s, TYPE_CLASS, &line)) == NULL)
			;
		else if (strcmp(text, "formed") == 0) {
			t->own.cls = CLASS_FORMED;
			t->good |= TF_CLASS;
		} else if (strcmp(text, "nimble") == 0) {
			t->own.cls = CLASS_NIMBLE;
			t->good |= TF_CLASS;
		} else
			load_err(ld, line,
				 "class \"%s\" is not formed or "
				 "nimble",
				 quote(&q, text));
	}
	for (i = 0; i < (int)(sizeof nums / sizeof nums[0]); i++) {
		if (sec_kv(s, nums[i].key) == NULL)
			continue;
		t->given |= nums[i].field;
		r = get_num(ld, s, nums[i].key, nums[i].min, nums[i].max, &v);
		if (r != VAL_OK)
			continue;
		t->good |= nums[i].field;
		switch (nums[i].field) {
		case TF_COMBAT:
			t->own.combat = v;
			break;
		case TF_MRANGE:
			t->own.missile_range = v;
			break;
		case TF_MDICE:
			t->own.missile_dice = v;
			break;
		case TF_MOVE:
			t->own.move = v;
			break;
		default:
			t->own.push = v;
			break;
		}
	}
	if (sec_kv(s, TYPE_TRAITS) != NULL)
		type_read_traits(ld, t);
}

/* Finds each type's base, then reports every loop of bases once. */
static void
type_find_loops(struct load *ld)
{
	struct tdef *td = ld->tdefs;
	char msg[ANC_ERR_MSG_MAX];
	const struct unit_type *bt;
	const char *text;
	size_t used;
	int i, j, k, first;

	for (i = 0; i < ld->ntdefs; i++) {
		if (!td[i].has_base ||
		    (text = sec_text(td[i].sec, TYPE_BASE, NULL)) == NULL)
			continue;
		td[i].base = type_lookup(ld, text, &bt);
		td[i].base_builtin = bt;
		td[i].base_bad = td[i].base < 0 && bt == NULL;
		if (td[i].base_bad)
			err_unknown_type(ld, td[i].base_line, "base type",
					 text);
	}
#define NEXT(x) (td[(x)].has_base && !td[(x)].base_bad ? td[(x)].base : -1)
	for (i = 0; i < ld->ntdefs; i++) {
		if (td[i].state != T_NEW)
			continue;
		for (j = i; j >= 0 && td[j].state == T_NEW; j = NEXT(j)) {
			td[j].state = T_WALK;
			td[j].walk = i;
		}
		if (j >= 0 && td[j].state == T_WALK && td[j].walk == i) {
			first = j;
			for (k = NEXT(j); k != j; k = NEXT(k))
				if (k < first)
					first = k;
			used = (size_t)snprintf(msg, sizeof msg,
						"loop of base "
						"types: %s",
						td[first].sec->name);
			k = first;
			do {
				k = NEXT(k);
				if (used < sizeof msg)
					used += (size_t)snprintf(
					    msg + used, sizeof msg - used,
					    " -> %s", td[k].sec->name);
				td[k].state = T_FAILED;
				td[k].traits_bad = td[k].range_bad =
				    td[k].dice_bad = true;
			} while (k != first);
			load_err(ld, td[first].base_line, "%s", msg);
		}
		for (j = i; j >= 0 && td[j].state == T_WALK && td[j].walk == i;
		     j = NEXT(j))
			td[j].state = T_READY;
	}
#undef NEXT
}

/* Resolves one type whose base is resolved (or that has none). */
static void
type_resolve(struct load *ld, struct tdef *t)
{
	static const char *const need_names[] = {"class", "combat", "move",
						 "push"};
	static const unsigned need_fields[] = {TF_CLASS, TF_COMBAT, TF_MOVE,
					       TF_PUSH};
	static const int need_keys[] = {TYPE_CLASS, TYPE_COMBAT, TYPE_MOVE,
					TYPE_PUSH};
	const char *nlist[4];
	const struct tdef *b = NULL;
	const struct unit_type *own = &t->own;
	struct unit_type *v = &t->val;
	char list[80];
	size_t used = 0;
	int i, missing = 0;

	if (t->has_base &&
	    (t->base_bad ||
	     (t->base >= 0 && ld->tdefs[t->base].state == T_FAILED))) {
		t->state = T_FAILED;
		t->traits_bad = t->range_bad = t->dice_bad = true;
		return;
	}
	if (t->has_base && t->base >= 0) {
		b = &ld->tdefs[t->base];
		*v = b->val;
		t->traits_bad = b->traits_bad;
		t->range_bad = b->range_bad;
		t->dice_bad = b->dice_bad;
	} else if (t->has_base)
		*v = *t->base_builtin;
	else if (t->builtin != NULL)
		*v = *t->builtin;
	else {
		memset(v, 0, sizeof *v);
		list[0] = '\0';
		for (i = 0; i < 4; i++) {
			if (t->given & need_fields[i])
				continue;
			if (t->sec->hinted & (1u << need_keys[i]))
				continue;
			nlist[missing++] = need_names[i];
		}
		if (missing > 0 && !t->sec->damaged)
			load_err(ld, t->sec->line,
				 "new type \"%s\" has no "
				 "base, so it needs %s",
				 t->sec->name,
				 join_names(list, sizeof list, nlist, missing));
	}
	copy_name(v->key, sizeof v->key, t->sec->name);
	if (t->good & TF_NAME)
		memcpy(v->name, own->name, sizeof v->name);
	else if (t->builtin != NULL)
		memcpy(v->name, t->builtin->name, sizeof v->name);
	else
		copy_name(v->name, sizeof v->name, t->sec->name);
	if (t->good & TF_CLASS)
		v->cls = own->cls;
	if (t->good & TF_COMBAT)
		v->combat = own->combat;
	if (t->good & TF_MOVE)
		v->move = own->move;
	if (t->good & TF_PUSH)
		v->push = own->push;
	if (t->given & TF_MRANGE) {
		t->range_bad = !(t->good & TF_MRANGE);
		v->missile_range = own->missile_range;
	}
	if (t->given & TF_MDICE) {
		t->dice_bad = !(t->good & TF_MDICE);
		v->missile_dice = own->missile_dice;
	}
	if (t->given & TF_TRAITS) {
		t->traits_bad = !(t->good & TF_TRAITS);
		v->traits = own->traits;
	}
	if (!t->traits_bad && (v->traits & TRAIT_MISSILE)) {
		missing = 0;
		list[0] = '\0';
		used = 0;
		if (v->missile_range == 0 && !t->range_bad) {
			used += (size_t)snprintf(list, sizeof list,
						 "\"missile-range\"");
			missing++;
			t->range_bad = true;
		}
		if (v->missile_dice == 0 && !t->dice_bad) {
			snprintf(list + used, sizeof list - used,
				 "%s"
				 "\"missile-dice\"",
				 missing++ ? " and " : "");
			t->dice_bad = true;
		}
		if (missing > 0 && !t->sec->damaged)
			load_err(ld, t->sec->line,
				 "type \"%s\" has the "
				 "missile trait but no %s",
				 t->sec->name, list);
	}
	t->state = T_DONE;
}

static void
pass_types(struct load *ld)
{
	struct scenario *sc = ld->sc;
	struct tdef *t;
	char k[MAPKEY_MAX];
	int i, j, n = 0, *stack, depth, nnew = 0;
	size_t s;

	for (s = 0; s < ld->nsecs; s++)
		if (ld->secs[s].kind == KIND_TYPE)
			n++;
	ld->tdefs = xcalloc((size_t)n + 1, sizeof *ld->tdefs);
	for (s = 0; s < ld->nsecs; s++) {
		if (ld->secs[s].kind != KIND_TYPE)
			continue;
		t = &ld->tdefs[ld->ntdefs];
		t->sec = &ld->secs[s];
		strmap_put(&ld->tmap, mapkey(k, 't', t->sec->name),
			   ld->ntdefs++);
	}
	for (i = 0; i < n; i++)
		type_read(ld, &ld->tdefs[i]);
	type_find_loops(ld);

	/* Resolve each chain from its root: no recursion, chains are long. */
	stack = xcalloc((size_t)n + 1, sizeof *stack);
	for (i = 0; i < n; i++) {
		depth = 0;
		for (j = i; j >= 0 && ld->tdefs[j].state == T_READY;
		     j = ld->tdefs[j].has_base && !ld->tdefs[j].base_bad
			     ? ld->tdefs[j].base
			     : -1) {
			stack[depth++] = j;
			ld->tdefs[j].state = T_WALK;
		}
		while (depth > 0)
			type_resolve(ld, &ld->tdefs[stack[--depth]]);
	}
	free(stack);

	for (i = 0; i < n; i++)
		if (ld->tdefs[i].builtin == NULL)
			nnew++;
	sc->ntypes = UNITTYPE_BUILTIN_COUNT + nnew;
	sc->types = xcalloc((size_t)sc->ntypes, sizeof *sc->types);
	for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
		sc->types[i] = *unittype_builtin(i);
	nnew = 0;
	for (i = 0; i < n; i++) {
		t = &ld->tdefs[i];
		if (t->builtin != NULL)
			t->index = (int)(t->builtin - unittype_builtin(0));
		else
			t->index = UNITTYPE_BUILTIN_COUNT + nnew++;
		sc->types[t->index] = t->val;
		if (!(t->val.traits & TRAIT_MISSILE)) {
			sc->types[t->index].missile_range = 0;
			sc->types[t->index].missile_dice = 0;
		}
	}
}

/*
 * Units, generals, victory.
 */

static void
unit_read(struct load *ld, const struct section *s, int k, int *occupant)
{
	struct unit_def *u = &ld->sc->units[k];
	const struct unit_type *bt, *ut = NULL;
	const char *text;
	char name[HEX_NAME_SIZE];
	struct quoted q, q2;
	struct hex h;
	bool hex_ok = false, traits_ok = false, b;
	int line, hex_line = 0, idx, t;

	copy_name(u->id, sizeof u->id, s->name);
	u->side = u->type = -1;
	sec_require(ld, s);
	if ((text = sec_text(s, UNIT_SIDE, &line)) != NULL &&
	    !sec_kv(s, UNIT_SIDE)->damaged)
		u->side = get_side(ld, text, line, "side");
	ld->unit_side_ok[k] = u->side >= 0;
	if ((text = sec_text(s, UNIT_TYPE, &line)) != NULL &&
	    !sec_kv(s, UNIT_TYPE)->damaged) {
		t = type_lookup(ld, text, &bt);
		if (t >= 0) {
			u->type = ld->tdefs[t].index;
			ut = &ld->tdefs[t].val;
			traits_ok = !ld->tdefs[t].traits_bad;
		} else if (bt != NULL) {
			u->type = (int)(bt - unittype_builtin(0));
			ut = bt;
			traits_ok = true;
		} else
			err_unknown_type(ld, line, "type", text);
	}
	ld->unit_traits_ok[k] = traits_ok;
	if ((text = sec_text(s, UNIT_HEX, &hex_line)) != NULL &&
	    !sec_kv(s, UNIT_HEX)->damaged) {
		if (strlen(text) != 4 || parse_hex4(text, &h) != 0)
			load_err(ld, hex_line,
				 "bad hex \"%s\" (four digits "
				 "CCRR)",
				 quote(&q, text));
		else if (off_map(ld, h))
			err_off_map(ld, hex_line, "hex", text);
		else if (ld->map_ok) {
			u->hex = h;
			hex_ok = true;
		}
	}
	if ((text = sec_text(s, UNIT_FACING, &line)) != NULL &&
	    !sec_kv(s, UNIT_FACING)->damaged &&
	    facing_parse(text, &u->facing) != 0)
		load_err(ld, line,
			 "unknown facing \"%s\" (N, NE, SE, S, SW "
			 "or NW)",
			 quote(&q, text));
	if ((text = sec_text(s, UNIT_NAME, NULL)) != NULL)
		copy_name(u->name, sizeof u->name, text);
	if (get_bool(ld, s, UNIT_VETERAN, &b) == VAL_OK)
		u->veteran = b;
	get_num(ld, s, UNIT_HITS, 0, 8, &u->hits);
	u->missile = ut != NULL && (ut->traits & TRAIT_MISSILE) != 0;
	if (get_bool(ld, s, UNIT_MISSILE, &b) == VAL_OK) {
		if (!b)
			u->missile = false;
		else if (ut != NULL && traits_ok &&
			 !(ut->traits & TRAIT_MISSILE)) {
			sec_text(s, UNIT_MISSILE, &line);
			load_err(ld, line,
				 "missile \"yes\", but type \"%s\" "
				 "has no missile trait",
				 ut->key);
		}
	}
	if (!hex_ok)
		return;
	idx = map_index(&ld->sc->map, u->hex);
	hex_format(u->hex, name);
	if (occupant[idx] != 0)
		load_err(ld, hex_line,
			 "units \"%s\" and \"%s\" both stand in "
			 "hex \"%s\"",
			 ld->sc->units[occupant[idx] - 1].id, u->id, name);
	else
		occupant[idx] = k + 1;
	if (ut != NULL && traits_ok && ld->known[idx] &&
	    !terrain_allows((enum terrain)ld->sc->map.cells[idx].terrain,
			    ut->traits))
		load_err(
		    ld, hex_line,
		    "unit \"%s\" stands in %s, which %s "
		    "may not enter",
		    u->id,
		    terrain_name((enum terrain)ld->sc->map.cells[idx].terrain),
		    quote(&q2, ut->key));
}

static void
pass_units(struct load *ld)
{
	struct scenario *sc = ld->sc;
	int n = 0, k = 0, *occupant;
	char key[MAPKEY_MAX];
	size_t s;

	for (s = 0; s < ld->nsecs; s++)
		if (ld->secs[s].kind == KIND_UNIT)
			n++;
	sc->units = xcalloc((size_t)n + 1, sizeof *sc->units);
	sc->nunits = n;
	ld->unit_side_ok = xcalloc((size_t)n + 1, sizeof *ld->unit_side_ok);
	ld->unit_traits_ok = xcalloc((size_t)n + 1, sizeof *ld->unit_traits_ok);
	occupant = xcalloc(
	    ld->map_ok ? (size_t)sc->map.width * (size_t)sc->map.height : 1,
	    sizeof *occupant);
	for (s = 0; s < ld->nsecs; s++) {
		if (ld->secs[s].kind != KIND_UNIT)
			continue;
		strmap_put(&ld->umap, mapkey(key, 'u', ld->secs[s].name), k);
		unit_read(ld, &ld->secs[s], k, occupant);
		if (!ld->unit_side_ok[k])
			ld->unit_side_lost = true;
		k++;
	}
	free(occupant);
}

static void
pass_generals(struct load *ld)
{
	struct scenario *sc = ld->sc;
	const struct section *s;
	struct general_def *g;
	const struct unit_def *u;
	char key[MAPKEY_MAX];
	const char *text;
	struct quoted q;
	int n = 0, k = 0, line, *general_of;
	size_t i;

	for (i = 0; i < ld->nsecs; i++)
		if (ld->secs[i].kind == KIND_GENERAL)
			n++;
	sc->generals = xcalloc((size_t)n + 1, sizeof *sc->generals);
	sc->ngenerals = n;
	general_of = xcalloc((size_t)sc->nunits + 1, sizeof *general_of);
	for (i = 0; i < ld->nsecs; i++) {
		s = &ld->secs[i];
		if (s->kind != KIND_GENERAL)
			continue;
		g = &sc->generals[k++];
		copy_name(g->id, sizeof g->id, s->name);
		g->side = g->unit = -1;
		sec_require(ld, s);
		if ((text = sec_text(s, GEN_NAME, NULL)) != NULL)
			copy_name(g->name, sizeof g->name, text);
		if ((text = sec_text(s, GEN_SIDE, &line)) != NULL &&
		    !sec_kv(s, GEN_SIDE)->damaged)
			g->side = get_side(ld, text, line, "side");
		if ((text = sec_text(s, GEN_UNIT, &line)) == NULL ||
		    sec_kv(s, GEN_UNIT)->damaged)
			continue;
		g->unit = strmap_get(&ld->umap, mapkey(key, 'u', text));
		if (g->unit < 0) {
			if (!ld->lost && strmap_get(&ld->rejected,
						    mapkey(key, 'i', text)) < 0)
				load_err(ld, line,
					 "general \"%s\" is on unit "
					 "\"%s\", which does not exist",
					 g->id, quote(&q, text));
			continue;
		}
		u = &sc->units[g->unit];
		if (g->side >= 0 && ld->unit_side_ok[g->unit] &&
		    u->side != g->side) {
			load_err(ld, line,
				 "general \"%s\" of side \"%s\" is "
				 "on unit \"%s\" of side \"%s\"",
				 g->id, sc->sides[g->side].key, u->id,
				 sc->sides[u->side].key);
			continue;
		}
		if (general_of[g->unit] != 0) {
			load_err(ld, line,
				 "generals \"%s\" and \"%s\" are "
				 "both on unit \"%s\"",
				 sc->generals[general_of[g->unit] - 1].id,
				 g->id, u->id);
			continue;
		}
		general_of[g->unit] = k;
	}
	free(general_of);
}

static void
pass_victory(struct load *ld)
{
	struct victory_def *v;
	const struct section *s;
	const struct kv *kv;
	struct hexrefs refs;
	bool *seen = NULL;
	size_t i, j;
	int side, idx;

	if ((s = find_once(ld, KIND_VICTORY)) == NULL)
		return;
	if (ld->map_ok)
		seen = xcalloc((size_t)ld->sc->map.width *
				   (size_t)ld->sc->map.height,
			       sizeof *seen);
	for (i = 0; i < s->nkv; i++) {
		kv = &s->kv[i];
		side = get_side(ld, kv->name, kv->line, "[victory] key");
		memset(&refs, 0, sizeof refs);
		read_hexlist(ld, kv, &refs);
		if (side >= 0 && ld->map_ok) {
			v = &ld->sc->victory[side];
			v->present = true;
			v->hexes = xcalloc(refs.n + 1, sizeof *v->hexes);
			memset(seen, 0,
			       (size_t)ld->sc->map.width *
				   (size_t)ld->sc->map.height * sizeof *seen);
			for (j = 0; j < refs.n; j++) {
				idx = map_index(&ld->sc->map, refs.v[j].hex);
				if (!seen[idx]) {
					seen[idx] = true;
					v->hexes[v->count++] = refs.v[j].hex;
				}
			}
		}
		free(refs.v);
	}
	free(seen);
}

/* A side without units is an error at its header. */
static void
pass_side_units(struct load *ld)
{
	int count[2] = {0, 0}, i;

	if (ld->nsides < 2 || ld->unit_side_lost || ld->unit_rejected ||
	    ld->lost)
		return;
	for (i = 0; i < ld->sc->nunits; i++)
		count[ld->sc->units[i].side]++;
	for (i = 0; i < 2; i++)
		if (count[i] == 0)
			load_err(ld, ld->secs[ld->side_sec[i]].line,
				 "side "
				 "\"%s\" has no units",
				 ld->sc->sides[i].key);
}

/*
 * Loading.
 */

static void
load_done(struct load *ld)
{
	struct section *s;
	size_t i, j, v;

	for (i = 0; i < ld->nsecs; i++) {
		s = &ld->secs[i];
		for (j = 0; j < s->nkv; j++) {
			for (v = 0; v < s->kv[j].nv; v++)
				free(s->kv[j].v[v].text);
			free(s->kv[j].v);
			free(s->kv[j].name);
		}
		free(s->kv);
		free(s->name);
	}
	free(ld->secs);
	strmap_done(&ld->names);
	strmap_done(&ld->rejected);
	strmap_done(&ld->tmap);
	strmap_done(&ld->umap);
	free(ld->known);
	free(ld->tdefs);
	free(ld->unit_side_ok);
	free(ld->unit_traits_ok);
	anc_errs_done(&ld->errs);
}

struct scenario *
scenario_load_text(const char *text, size_t len, struct anc_errs *errs)
{
	struct scenario *sc;
	struct load ld;
	size_t i;
	int r;

	memset(&ld, 0, sizeof ld);
	anc_errs_init(&ld.errs);
	ld.text = text != NULL ? text : "";
	ld.len = text != NULL ? len : 0;
	ld.cur = SEC_NONE;
	ld.cur_kv = -1;
	ld.cont = CONT_DROP;

	r = ini_parse_stream(reader_next, &ld, load_handler, &ld);
	if (r > 0 && r != ld.first_syntax)
		load_err(&ld, r, "syntax error");

	ld.sc = sc = xcalloc(1, sizeof *sc);
	sc->title = xstrdup("");
	sc->date = xstrdup("");
	sc->summary = xstrdup("");
	sc->briefing = xstrdup("");
	if (!ld.content) {
		if (ld.errs.n == 0)
			load_err(&ld, 0, "file is empty");
	} else {
		pass_sections(&ld);
		pass_sides(&ld);
		pass_scenario(&ld);
		pass_map(&ld);
		pass_types(&ld);
		pass_units(&ld);
		pass_generals(&ld);
		pass_victory(&ld);
		pass_side_units(&ld);
	}

	anc_errs_sort(&ld.errs);
	if (ld.errs.n > SCENARIO_MAX_ERRORS) {
		ld.errs.n = SCENARIO_MAX_ERRORS;
		ld.overflow = true;
	}
	for (i = 0; i < ld.errs.n; i++)
		anc_errs_add(errs, ld.errs.v[i].line, "%s", ld.errs.v[i].msg);
	if (ld.overflow)
		anc_errs_add(errs, 0, "too many errors");
	if (ld.errs.n > 0 || ld.overflow) {
		scenario_free(sc);
		sc = NULL;
	} else {
		sc->source = xmalloc(ld.len + 1);
		memcpy(sc->source, ld.text, ld.len);
		sc->source[ld.len] = '\0';
		sc->source_len = ld.len;
	}
	load_done(&ld);
	return sc;
}

struct scenario *
scenario_load_file(const char *path, struct anc_errs *errs)
{
	struct scenario *sc;
	size_t len = 0, cap = 0, got;
	char *buf = NULL;
	FILE *f;

	if ((f = fopen(path, "rb")) == NULL) {
		anc_errs_add(errs, 0, "cannot open: %s", strerror(errno));
		return NULL;
	}
	for (;;) {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = xreallocarray(buf, cap, 1);
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
		if (got == 0 || len > FILE_MAX_BYTES)
			break;
	}
	if (ferror(f)) {
		anc_errs_add(errs, 0, "cannot read: %s", strerror(errno));
		sc = NULL;
	} else if (len > FILE_MAX_BYTES) {
		anc_errs_add(errs, 0, "file too large (more than %lu MB)",
			     FILE_MAX_BYTES / (1024 * 1024));
		sc = NULL;
	} else
		sc = scenario_load_text(buf, len, errs);
	fclose(f);
	free(buf);
	return sc;
}

void
scenario_free(struct scenario *sc)
{
	int i;

	if (sc == NULL)
		return;
	free(sc->title);
	free(sc->date);
	free(sc->summary);
	free(sc->briefing);
	map_done(&sc->map);
	free(sc->types);
	free(sc->units);
	free(sc->generals);
	for (i = 0; i < 2; i++)
		free(sc->victory[i].hexes);
	free(sc->source);
	free(sc);
}

int
scenario_find_unit(const struct scenario *sc, const char *id)
{
	int i;

	for (i = 0; i < sc->nunits; i++)
		if (strcmp(sc->units[i].id, id) == 0)
			return i;
	return -1;
}

int
scenario_find_general(const struct scenario *sc, const char *id)
{
	int i;

	for (i = 0; i < sc->ngenerals; i++)
		if (strcmp(sc->generals[i].id, id) == 0)
			return i;
	return -1;
}

int
scenario_find_side(const struct scenario *sc, const char *key)
{
	int i;

	for (i = 0; i < 2; i++)
		if (strcmp(sc->sides[i].key, key) == 0)
			return i;
	return -1;
}

int
scenario_find_type(const struct scenario *sc, const char *key)
{
	int i;

	for (i = 0; i < sc->ntypes; i++)
		if (strcmp(sc->types[i].key, key) == 0)
			return i;
	return -1;
}
