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
 * line, and reports what is wrong with the file's shape
 * (scenario_read.c).  A last pass reads the values (ranges and forms, the
 * map, the types and their bases, units, generals, victory hexes) and
 * checks them against each other (scenario_check.c, scenario_map.c,
 * scenario_type.c).
 *
 * This file owns the public API, the order of the stages, and struct
 * load's lifetime with what every stage uses: error collection, the name
 * indexes (struct strmap) and growing arrays.
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

#include "core/scenario/scenario.h"

#include <errno.h>
#include <ini.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/readfile.h"
#include "core/scenario/scenario_impl.h"
#include "core/xmalloc.h"

/* No scenario is larger (readfile.h): its saves must load again. */
#define FILE_MAX_BYTES ANC_SCENARIO_MAX_BYTES

/*
 * Errors.
 */

void
scn_load_err(struct load *ld, int line, const char *fmt, ...)
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
		/* Sorted: a later error of this line or after sorts after
		 * these 50 (the sort is stable), so it is never shown. */
		ld->cutoff = ld->errs.v[SCENARIO_MAX_ERRORS - 1].line;
	}
}

bool
scn_err_shown(const struct load *ld, int line)
{
	return !ld->overflow || line < ld->cutoff;
}

/*
 * The name indexes.
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

int
scn_strmap_get(const struct strmap *m, const char *key)
{
	const struct strmap_slot *slot;

	if (m->cap == 0)
		return -1;
	slot = strmap_slot(m, key);
	return slot->key != NULL ? slot->val : -1;
}

void
scn_strmap_put(struct strmap *m, const char *key, int val)
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

void
scn_strmap_done(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->v[i].key);
	free(m->v);
	memset(m, 0, sizeof *m);
}

const char *
scn_mapkey(char buf[MAPKEY_MAX], char prefix, const char *name)
{
	snprintf(buf, MAPKEY_MAX, "%c%s", prefix, name);
	return buf;
}

/* Bytes in the valid, printable UTF-8 sequence at p; 0 if none. */

void *
scn_array_grow(void *v, size_t n, size_t *cap, size_t first, size_t size)
{
	if (n == *cap) {
		*cap = *cap ? *cap * 2 : first;
		v = xreallocarray(v, *cap, size);
	}
	return v;
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
	scn_strmap_done(&ld->names);
	scn_strmap_done(&ld->rejected);
	scn_strmap_done(&ld->tmap);
	scn_strmap_done(&ld->umap);
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

	/* The same limit from memory as from a file (a save's copy). */
	if (len > FILE_MAX_BYTES) {
		anc_errs_add(errs, 0, "file too large (more than %lu MB)",
			     (unsigned long)(FILE_MAX_BYTES / (1024 * 1024)));
		return NULL;
	}
	memset(&ld, 0, sizeof ld);
	anc_errs_init(&ld.errs);
	ini_lines_init(&ld.in, text, len);
	ld.cur = SEC_NONE;
	ld.cur_kv = -1;
	ld.cont = CONT_DROP;

	r = ini_parse_stream(scn_reader_next, &ld, scn_load_handler, &ld);
	if (r > 0 && r != ld.first_syntax)
		scn_load_err(&ld, r, "syntax error");

	ld.sc = sc = xcalloc(1, sizeof *sc);
	sc->title = xstrdup("");
	sc->date = xstrdup("");
	sc->summary = xstrdup("");
	sc->briefing = xstrdup("");
	if (!ld.content) {
		if (ld.errs.n == 0)
			scn_load_err(&ld, 0, "file is empty");
	} else {
		scn_pass_sections(&ld);
		scn_pass_sides(&ld);
		scn_pass_scenario(&ld);
		scn_pass_map(&ld);
		scn_pass_types(&ld);
		scn_pass_units(&ld);
		scn_pass_generals(&ld);
		scn_pass_victory(&ld);
		scn_pass_side_units(&ld);
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
		sc->source = xmalloc(ld.in.len + 1);
		memcpy(sc->source, ld.in.text, ld.in.len);
		sc->source[ld.in.len] = '\0';
		sc->source_len = ld.in.len;
	}
	load_done(&ld);
	return sc;
}

struct scenario *
scenario_load_file(const char *path, struct anc_errs *errs)
{
	struct scenario *sc;
	size_t len;
	char *buf;

	if (readfile(path, FILE_MAX_BYTES, "", &buf, &len, errs) != 0)
		return NULL;
	sc = scenario_load_text(buf, len, errs);
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

bool
scenario_victory_hex(const struct scenario *sc, struct hex h)
{
	int s, i;

	for (s = 0; s < 2; s++)
		for (i = 0; sc->victory[s].present && i < sc->victory[s].count;
		     i++)
			if (hex_equal(h, sc->victory[s].hexes[i]))
				return true;
	return false;
}
