/*
 * The first stage of the scenario loader: the format's sections and keys,
 * and what the lines of a file say about them.
 *
 * scn_reader_next() hands inih (ini_parse_stream) one physical line at a
 * time.  It counts lines, classifies each one the way inih will (blank,
 * comment, header, key, continuation), parses section headers itself
 * since inih calls the handler only for keys, and refuses what inih would
 * mangle (an over-long line, a NUL byte, an indented line that continues
 * no key) by handing inih an empty line instead; it guesses what a
 * refused line held, so that nothing it hid is reported missing.
 * scn_load_handler() files every value under its section and key with its
 * line.  Together they report what is wrong with the file's shape:
 * unknown, repeated or badly named sections, unknown or repeated keys,
 * continuations of keys that take one line.
 *
 * The section and key tables below are the format's vocabulary
 * (scenario-format.md); the key indices are in scenario_impl.h.
 */
#include "config.h"

#include "core/scenario/scenario_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

static const struct key_def scenario_keys[SC_NKEYS + 1] = {
	[SC_TITLE] = { "title", false, true },
	[SC_DATE] = { "date", false, false },
	[SC_SUMMARY] = { "summary", false, false },
	[SC_BRIEFING] = { "briefing", true, false },
	[SC_TURNS] = { "turns", false, true },
	[SC_INITIATIVE] = { "initiative", false, true },
	[SC_NKEYS] = { NULL, false, false },
};

static const struct key_def map_keys[MAP_NKEYS + 1] = {
	[MAP_WIDTH] = { "width", false, true },
	[MAP_HEIGHT] = { "height", false, true },
	[MAP_TERRAIN] = { "terrain", true, false },
	[MAP_HILLS] = { "hills", true, false },
	[MAP_HIGH_HILLS] = { "high-hills", true, false },
	[MAP_ROADS] = { "roads", true, false },
	[MAP_FORTIFIED] = { "fortified", true, false },
	[MAP_NKEYS] = { NULL, false, false },
};

static const struct key_def side_keys[SIDE_NKEYS + 1] = {
	[SIDE_NAME] = { "name", false, true },
	[SIDE_NKEYS] = { NULL, false, false },
};

static const struct key_def type_keys[TYPE_NKEYS + 1] = {
	[TYPE_BASE] = { "base", false, false },
	[TYPE_NAME] = { "name", false, false },
	[TYPE_CLASS] = { "class", false, false },
	[TYPE_COMBAT] = { "combat", false, false },
	[TYPE_MRANGE] = { "missile-range", false, false },
	[TYPE_MDICE] = { "missile-dice", false, false },
	[TYPE_MOVE] = { "move", false, false },
	[TYPE_PUSH] = { "push", false, false },
	[TYPE_TRAITS] = { "traits", false, false },
	[TYPE_NKEYS] = { NULL, false, false },
};

static const struct key_def unit_keys[UNIT_NKEYS + 1] = {
	[UNIT_SIDE] = { "side", false, true },
	[UNIT_TYPE] = { "type", false, true },
	[UNIT_HEX] = { "hex", false, true },
	[UNIT_FACING] = { "facing", false, true },
	[UNIT_NAME] = { "name", false, false },
	[UNIT_VETERAN] = { "veteran", false, false },
	[UNIT_MISSILE] = { "missile", false, false },
	[UNIT_HITS] = { "hits", false, false },
	[UNIT_NKEYS] = { NULL, false, false },
};

static const struct key_def general_keys[GEN_NKEYS + 1] = {
	[GEN_SIDE] = { "side", false, true },
	[GEN_UNIT] = { "unit", false, true },
	[GEN_NAME] = { "name", false, false },
	[GEN_NKEYS] = { NULL, false, false },
};

const struct kind_def scenario_kinds[KIND_COUNT] = {
	[KIND_SCENARIO] = { "scenario", NAME_NONE, 'o', scenario_keys },
	[KIND_MAP] = { "map", NAME_NONE, 'o', map_keys },
	[KIND_SIDE] = { "side", NAME_KEY, 's', side_keys },
	[KIND_TYPE] = { "type", NAME_KEY, 't', type_keys },
	/* units and generals share one namespace, 'i' */
	[KIND_UNIT] = { "unit", NAME_ID, 'i', unit_keys },
	[KIND_GENERAL] = { "general", NAME_ID, 'i', general_keys },
	[KIND_VICTORY] = { "victory", NAME_NONE, 'o', NULL },
};

/*
 * Names and inih's notions.
 */

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
		was_space = scn_is_blank(*s);
		s++;
	}
	return s;
}

static void
rstrip(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && scn_is_blank(s[n - 1]))
		s[--n] = '\0';
}

const char *
scn_sec_label(const struct section *s, char *buf, size_t size)
{
	struct quoted q;

	if (s->name == NULL)
		snprintf(buf, size, "[%s]", scenario_kinds[s->kind].word);
	else
		snprintf(buf, size, "[%s %s]", scenario_kinds[s->kind].word,
			 scn_quote(&q, s->name));
	return buf;
}

/*
 * Sections and keys as the lines give them.
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

/*
 * A line that may have been a key line gives the handler no key (it was
 * refused, or has no "="): its section may lack that key, and the
 * indented lines after it continue nothing.
 */
static void
key_line_lost(struct load *ld)
{
	section_damage(ld);
	ld->skip_indented = true;
	ld->cur_kv = -1;
	ld->cont = CONT_DROP;
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
		scn_strmap_put(&ld->rejected,
			       scn_mapkey(k, scenario_kinds[kind].prefix, name),
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
		scn_load_err(ld, ld->in.line, "empty section header \"[]\"");
		ld->lost = true; /* it may have been any section */
		return;
	}
	for (kind = 0; kind < KIND_COUNT; kind++)
		if (strcmp(word[0], scenario_kinds[kind].word) == 0)
			break;
	if (kind == KIND_COUNT) {
		scn_hint_init(&h, word[0]);
		for (kind = 0; kind < KIND_COUNT; kind++)
			scn_hint_try(&h, scenario_kinds[kind].word);
		tail[0] = hb[0] = '\0';
		if (nwords > 1)
			snprintf(tail, sizeof tail, " %s",
				 scn_quote(&q2, word[1]));
		if (h.best != NULL)
			snprintf(hb, sizeof hb, " (did you mean \"[%s%s]\"?)",
				 h.best, tail);
		scn_load_err(ld, ld->in.line, "unknown section \"[%s%s]\"%s",
			     scn_quote(&q1, word[0]), tail, hb);
		ld->lost = true; /* it may have been any section */
		return;
	}
	kd = &scenario_kinds[kind];
	if (kd->rule == NAME_NONE) {
		if (nwords > 1)
			scn_load_err(ld, ld->in.line,
				     "section [%s] takes no name, "
				     "not \"%s\"",
				     kd->word, scn_quote(&q1, word[1]));
	} else if (nwords == 1) {
		scn_load_err(ld, ld->in.line, "section [%s] needs %s", kd->word,
			     kd->rule == NAME_ID ? "an ID" : "a key");
		section_reject(ld, (enum kind)kind, NULL);
		return;
	} else if (nwords > 2) {
		scn_load_err(ld, ld->in.line,
			     "section [%s] takes one name, not "
			     "\"%s\" and \"%s\"",
			     kd->word, scn_quote(&q1, word[1]),
			     scn_quote(&q2, word[2]));
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	} else if (kd->rule == NAME_ID && !id_valid(word[1])) {
		scn_load_err(ld, ld->in.line,
			     "bad ID \"%s\" (1-8 letters, digits "
			     "and \"-\", starting with a letter)",
			     scn_quote(&q1, word[1]));
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	} else if (kd->rule == NAME_KEY && !key_valid(word[1])) {
		scn_load_err(ld, ld->in.line,
			     "bad %s key \"%s\" (1-20 of a-z, 0-9 "
			     "and \"-\", starting with a letter)",
			     kd->word, scn_quote(&q1, word[1]));
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	} else if (kind == KIND_SIDE && strcmp(word[1], "draw") == 0) {
		scn_load_err(ld, ld->in.line, "\"draw\" cannot be a side key");
		section_reject(ld, (enum kind)kind, word[1]);
		return;
	}

	scn_mapkey(k, kd->prefix, kd->rule == NAME_NONE ? kd->word : word[1]);
	if ((at = scn_strmap_get(&ld->names, k)) >= 0) {
		if (kd->rule == NAME_ID)
			scn_load_err(ld, ld->in.line,
				     "duplicated ID \"%s\" (first "
				     "at line %d)",
				     word[1], ld->secs[at].line);
		else
			scn_load_err(
			    ld, ld->in.line,
			    "repeated section %s (first "
			    "at line %d)",
			    scn_sec_label(&ld->secs[at], lb, sizeof lb),
			    ld->secs[at].line);
		/* Its keys are dropped: a side or unit fewer is this
		 * defect, not another; so is a unit of this ID missing
		 * where a general came first and took the ID. */
		section_reject(ld, (enum kind)kind,
			       kd->rule == NAME_ID ? word[1] : NULL);
		return;
	}
	if (kind == KIND_SIDE && ld->nsides == 2) {
		scn_load_err(ld, ld->in.line,
			     "a third side \"%s\": a scenario has "
			     "exactly two",
			     word[1]);
		section_reject(ld, KIND_SIDE, word[1]);
		return;
	}
	if (kind == KIND_SIDE)
		ld->nsides++;

	ld->secs = scn_array_grow(ld->secs, ld->nsecs, &ld->capsecs, 16,
				  sizeof *ld->secs);
	s = &ld->secs[ld->nsecs];
	memset(s, 0, sizeof *s);
	s->kind = (enum kind)kind;
	s->name = kd->rule == NAME_NONE ? NULL : xstrdup(word[1]);
	s->line = ld->in.line;
	scn_strmap_put(&ld->names, k, (int)ld->nsecs);
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
		scn_load_err(ld, ld->in.line, "section header without \"]\"");
		if (ld->first_syntax == 0)
			ld->first_syntax = ld->in.line;
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
	while (scn_is_blank(*r))
		r++;
	if (*r != '\0' && !(*r == ';' && r > end + 1)) {
		rstrip(r);
		scn_load_err(ld, ld->in.line,
			     "text after \"]\" in section header: "
			     "\"%s\"",
			     scn_quote(&q, r));
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
	scn_load_err(ld, ld->in.line,
		     "expected \"key = value\" or \"[section]\", "
		     "not \"%s\"",
		     scn_quote(&q, t));
	if (ld->first_syntax == 0)
		ld->first_syntax = ld->in.line;
	key_line_lost(ld);
}

/* The length of the UTF-8 BOM that inih skips at the start, or 0. */
static size_t
reader_bom(const struct load *ld, const char *p, size_t n)
{
	if (ld->in.line == 1 && n >= 3 && (unsigned char)p[0] == 0xef &&
	    (unsigned char)p[1] == 0xbb && (unsigned char)p[2] == 0xbf)
		return 3;
	return 0;
}

/*
 * Classifies a line inih will see (a copy of it: this may write into
 * it).  Returns false if inih must get an empty line instead.
 */
static bool
reader_classify(struct load *ld, char *line)
{
	char *s = line, *t;

	s += reader_bom(ld, s, strlen(s));
	t = s;
	while (scn_is_blank(*t))
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
			scn_load_err(
			    ld, ld->in.line,
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
	size_t bom = reader_bom(ld, p, n), i;

	for (i = bom; i < n && p[i] != '\0' && scn_is_blank(p[i]); i++)
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
	key_line_lost(ld);
}

char *
scn_reader_next(char *str, int num, void *stream)
{
	struct load *ld = stream;
	char copy[INI_LINE_MAX_BYTES + 3];
	const char *p;
	size_t n;

	ld->cls = LINE_OTHER;
	switch (ini_lines_next(&ld->in, str, num, &p, &n)) {
	case INI_LINE_END:
		return NULL;
	case INI_LINE_TEXT:
		memcpy(copy, str, n + 2);
		if (!reader_classify(ld, copy))
			ini_line_hide(str);
		return str;
	case INI_LINE_NUL:
		scn_load_err(ld, ld->in.line, "line holds a NUL byte");
		break;
	case INI_LINE_LONG:
		scn_load_err(ld, ld->in.line,
			     "line too long (%zu bytes, at most %d)", n,
			     INI_LINE_MAX_BYTES);
		break;
	}
	reader_refuse(ld, p, n);
	return str;
}

static struct kv *
section_add_kv(struct section *s, int key, const char *name, int line)
{
	struct kv *kv;

	s->kv = scn_array_grow(s->kv, s->nkv, &s->cap, 8, sizeof *s->kv);
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
	kv->v = scn_array_grow(kv->v, kv->nv, &kv->cap, 4, sizeof *kv->v);
	kv->v[kv->nv].line = line;
	kv->v[kv->nv].text = xstrdup(text);
	kv->nv++;
}

long
scn_section_find(const struct section *s, int key)
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
		scn_load_err(ld, ld->in.line, "key \"%s\" is outside any section",
			     scn_quote(&q, name));
		return;
	}
	if (ld->cur == SEC_DROP)
		return;
	s = &ld->secs[ld->cur];
	if (*name == '\0') {
		scn_load_err(ld, ld->in.line, "no key before \"=\"");
		s->damaged = true;
		return;
	}
	keys = scenario_kinds[s->kind].keys;
	if (keys == NULL) {
		key = -1;
		if ((at = scn_strmap_get(&ld->names,
					 scn_mapkey(k, 'v', name))) >= 0) {
			scn_load_err(ld, ld->in.line,
				     "repeated key \"%s\" in "
				     "[victory] (first at line %ld)",
				     scn_quote(&q, name), at);
			return;
		}
		scn_strmap_put(&ld->names, k, ld->in.line);
	} else {
		for (key = 0; keys[key].name != NULL; key++)
			if (strcmp(keys[key].name, name) == 0)
				break;
		if (keys[key].name == NULL) {
			scn_hint_init(&h, name);
			for (key = 0; keys[key].name != NULL; key++)
				scn_hint_try(&h, keys[key].name);
			scn_load_err(ld, ld->in.line, "unknown key \"%s\" in %s%s",
				     scn_quote(&q, name),
				     scn_sec_label(s, lb, sizeof lb),
				     scn_hint_text(&h, hb, sizeof hb, "", ""));
			/* "Title" is the title: it is not missing too. */
			for (key = 0; h.best != NULL && keys[key].name; key++)
				if (keys[key].name == h.best)
					s->hinted |= 1u << key;
			return;
		}
		if ((at = scn_section_find(s, key)) >= 0) {
			scn_load_err(ld, ld->in.line,
				     "repeated key \"%s\" in %s "
				     "(first at line %d)",
				     name, scn_sec_label(s, lb, sizeof lb),
				     s->kv[at].line);
			return;
		}
	}
	kv_push(section_add_kv(s, key, name, ld->in.line), ld->in.line, value);
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
		scn_load_err(ld, ld->in.line,
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
		kv_push(kv, ld->in.line, text);
	free(text);
}

int
scn_load_handler(void *user, const char *section, const char *name,
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
