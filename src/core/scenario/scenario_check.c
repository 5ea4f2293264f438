/*
 * The last stage of the scenario loader: reading the values the first
 * stage filed (numbers, yes/no, side keys), the sections every scenario
 * needs, the two sides, [scenario], the units, the generals and the
 * victory hexes, and the checks between them: two units in one hex, a
 * unit in terrain it may not enter, a general on a missing unit or one of
 * the other side, two generals on one unit, a side without units.  The
 * map and the types have files of their own.
 *
 * A check that needs a value that is itself in error, or that a refused
 * line may have hidden, is skipped: one defect gives one error.
 */
#include "config.h"

#include "core/scenario/scenario_impl.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/map.h"
#include "core/rulenums.h"
#include "core/safetext.h"
#include "core/xmalloc.h"

/*
 * Sections and values.
 */

const struct kv *
scn_sec_kv(const struct section *s, int key)
{
	long at = scn_section_find(s, key);

	return at >= 0 ? &s->kv[at] : NULL;
}

const char *
scn_sec_text(const struct section *s, int key, int *line)
{
	const struct kv *kv = scn_sec_kv(s, key);

	if (kv == NULL || kv->nv == 0 || kv->v[0].text[0] == '\0')
		return NULL;
	if (line != NULL)
		*line = kv->v[0].line;
	return kv->v[0].text;
}

const struct section *
scn_find_once(struct load *ld, enum kind kind)
{
	char k[MAPKEY_MAX];
	int at;

	at = scn_strmap_get(&ld->names,
			    scn_mapkey(k, 'o', scenario_kinds[kind].word));
	return at >= 0 ? &ld->secs[at] : NULL;
}

int
scn_count_kind(const struct load *ld, enum kind kind)
{
	size_t i;
	int n = 0;

	for (i = 0; i < ld->nsecs; i++)
		if (ld->secs[i].kind == kind)
			n++;
	return n;
}

bool
scn_section_refused(const struct load *ld, char prefix, const char *name)
{
	char k[MAPKEY_MAX];

	return ld->lost ||
	       scn_strmap_get(&ld->rejected, scn_mapkey(k, prefix, name)) >= 0;
}

bool
scn_sec_require(struct load *ld, const struct section *s)
{
	const struct key_def *keys = scenario_kinds[s->kind].keys;
	const char *names[16];
	const struct kv *kv;
	char list[160], lb[80];
	int key, missing = 0;

	if (s->damaged || keys == NULL)
		return false;
	for (key = 0; keys[key].name != NULL; key++) {
		if (!keys[key].required || (s->hinted & (1u << key)))
			continue;
		kv = scn_sec_kv(s, key);
		if (kv != NULL && (kv->damaged || scn_sec_text(s, key, NULL)))
			continue;
		names[missing++] = keys[key].name;
	}
	if (missing > 0)
		scn_load_err(ld, s->line, "missing %s in %s",
			     scn_join_names(list, sizeof list, names, missing),
			     scn_sec_label(s, lb, sizeof lb));
	return missing > 0;
}

/*
 * The one-line value of a key, unless a refused line may have cut it:
 * VAL_OK with *text set (and *line, if not NULL), VAL_ABSENT or VAL_BAD.
 */
static enum val
sec_value(const struct section *s, int key, const char **text, int *line)
{
	const struct kv *kv = scn_sec_kv(s, key);

	if (kv != NULL && kv->damaged)
		return VAL_BAD;
	if ((*text = scn_sec_text(s, key, line)) == NULL)
		return VAL_ABSENT;
	return VAL_OK;
}

enum val
scn_get_num(struct load *ld, const struct section *s, int key, int min, int max,
	    int *out)
{
	const char *text, *p;
	struct quoted q;
	enum val r;
	long v = 0;
	int line;

	if ((r = sec_value(s, key, &text, &line)) != VAL_OK)
		return r;
	for (p = text; *p >= '0' && *p <= '9'; p++)
		if (v <= 1000000)
			v = v * 10 + (*p - '0');
	if (*p != '\0') {
		scn_load_err(ld, line, "%s \"%s\" is not a number",
			     scenario_kinds[s->kind].keys[key].name,
			     scn_quote(&q, text));
		return VAL_BAD;
	}
	if (v < min || v > max) {
		scn_load_err(ld, line, "%s \"%s\" is out of range (%d-%d)",
			     scenario_kinds[s->kind].keys[key].name,
			     scn_quote(&q, text), min, max);
		return VAL_BAD;
	}
	*out = (int)v;
	return VAL_OK;
}

static enum val
get_bool(struct load *ld, const struct section *s, int key, bool *out)
{
	const char *text;
	struct quoted q;
	enum val r;
	int line;

	if ((r = sec_value(s, key, &text, &line)) != VAL_OK)
		return r;
	if (strcasecmp(text, "yes") == 0)
		*out = true;
	else if (strcasecmp(text, "no") == 0)
		*out = false;
	else {
		scn_load_err(ld, line, "%s \"%s\" is not yes or no",
			     scenario_kinds[s->kind].keys[key].name,
			     scn_quote(&q, text));
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
	char hb[80];
	struct quoted q;
	struct hint h;
	int i;

	for (i = 0; i < 2 && i < ld->nsides; i++)
		if (strcmp(ld->secs[ld->side_sec[i]].name, text) == 0)
			return i;
	if (ld->nsides < 2 || scn_section_refused(ld, 's', text))
		return -1;
	scn_hint_init(&h, text);
	for (i = 0; i < 2; i++)
		scn_hint_try(&h, ld->secs[ld->side_sec[i]].name);
	scn_load_err(ld, line, "%s \"%s\" is not one of the two sides%s", what,
		     scn_quote(&q, text),
		     scn_hint_text(&h, hb, sizeof hb, "", ""));
	return -1;
}

/* The sections every scenario has: errors of no line, in this order. */
void
scn_pass_sections(struct load *ld)
{
	if (ld->lost)
		return;
	if (scn_find_once(ld, KIND_SCENARIO) == NULL)
		scn_load_err(ld, 0, "missing section [scenario]");
	if (scn_find_once(ld, KIND_MAP) == NULL)
		scn_load_err(ld, 0, "missing section [map]");
}

void
scn_pass_sides(struct load *ld)
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
		scn_copy_name(sd->key, sizeof sd->key, s->name);
		scn_sec_require(ld, s);
		if ((name = scn_sec_text(s, SIDE_NAME, NULL)) != NULL)
			scn_copy_name(sd->name, sizeof sd->name, name);
	}
	if (n < 2 && !ld->lost && !ld->side_rejected)
		scn_load_err(ld, 0,
			     n == 0 ? "missing sections [side]: a scenario "
				      "has two sides"
				    : "only one [side] section: a scenario "
				      "has two sides");
}

/* The briefing's lines joined with newlines, empty ones left out, made
 * visible (safetext.h). */
static char *
join_lines(const struct kv *kv)
{
	size_t i, len = 0;
	char *out, *text;

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
	text = safetext_dup(out, true);
	free(out);
	return text;
}

/* Replaces *dst with the key's one-line value made visible, if it has
 * one. */
static void
set_text(char **dst, const struct section *s, int key)
{
	const char *text;

	if ((text = scn_sec_text(s, key, NULL)) != NULL) {
		free(*dst);
		*dst = safetext_dup(text, false);
	}
}

void
scn_pass_scenario(struct load *ld)
{
	struct scenario *sc = ld->sc;
	const struct section *s;
	const char *text;
	int line;

	if ((s = scn_find_once(ld, KIND_SCENARIO)) == NULL)
		return;
	scn_sec_require(ld, s);
	set_text(&sc->title, s, SC_TITLE);
	set_text(&sc->date, s, SC_DATE);
	set_text(&sc->summary, s, SC_SUMMARY);
	free(sc->briefing);
	sc->briefing = join_lines(scn_sec_kv(s, SC_BRIEFING));
	scn_get_num(ld, s, SC_TURNS, 1, 99, &sc->turns);
	if (sec_value(s, SC_INITIATIVE, &text, &line) == VAL_OK)
		sc->initiative = get_side(ld, text, line, "initiative");
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

	scn_copy_name(u->id, sizeof u->id, s->name);
	u->side = u->type = -1;
	scn_sec_require(ld, s);
	if (sec_value(s, UNIT_SIDE, &text, &line) == VAL_OK)
		u->side = get_side(ld, text, line, "side");
	ld->unit_side_ok[k] = u->side >= 0;
	if (sec_value(s, UNIT_TYPE, &text, &line) == VAL_OK) {
		t = scn_type_lookup(ld, text, &bt);
		if (t >= 0) {
			u->type = ld->tdefs[t].index;
			ut = &ld->tdefs[t].val;
			traits_ok = !ld->tdefs[t].traits_bad;
		} else if (bt != NULL) {
			u->type = (int)(bt - unittype_builtin(0));
			ut = bt;
			traits_ok = true;
		} else
			scn_err_unknown_type(ld, line, "type", text);
	}
	ld->unit_traits_ok[k] = traits_ok;
	if (sec_value(s, UNIT_HEX, &text, &hex_line) == VAL_OK) {
		if (strlen(text) != 4 || scn_parse_hex4(text, &h) != 0)
			scn_load_err(ld, hex_line,
				     "bad hex \"%s\" (four digits "
				     "CCRR)",
				     scn_quote(&q, text));
		else if (scn_off_map(ld, h))
			scn_err_off_map(ld, hex_line, "hex", text);
		else if (ld->map_ok) {
			u->hex = h;
			hex_ok = true;
		}
	}
	if (sec_value(s, UNIT_FACING, &text, &line) == VAL_OK &&
	    facing_parse(text, &u->facing) != 0)
		scn_load_err(ld, line,
			     "unknown facing \"%s\" (N, NE, SE, S, SW "
			     "or NW)",
			     scn_quote(&q, text));
	if ((text = scn_sec_text(s, UNIT_NAME, NULL)) != NULL)
		scn_copy_name(u->name, sizeof u->name, text);
	if (get_bool(ld, s, UNIT_VETERAN, &b) == VAL_OK)
		u->veteran = b;
	scn_get_num(ld, s, UNIT_HITS, 0, UNIT_HITS_ROUTED - 1, &u->hits);
	u->missile = ut != NULL && (ut->traits & TRAIT_MISSILE) != 0;
	if (get_bool(ld, s, UNIT_MISSILE, &b) == VAL_OK) {
		if (!b)
			u->missile = false;
		else if (ut != NULL && traits_ok &&
			 !(ut->traits & TRAIT_MISSILE)) {
			scn_sec_text(s, UNIT_MISSILE, &line);
			scn_load_err(ld, line,
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
		scn_load_err(ld, hex_line,
			     "units \"%s\" and \"%s\" both stand in "
			     "hex \"%s\"",
			     ld->sc->units[occupant[idx] - 1].id, u->id, name);
	else
		occupant[idx] = k + 1;
	if (ut != NULL && traits_ok && ld->known[idx] &&
	    !terrain_allows((enum terrain)ld->sc->map.cells[idx].terrain,
			    ut->traits))
		scn_load_err(
		    ld, hex_line,
		    "unit \"%s\" stands in %s, which %s "
		    "may not enter",
		    u->id,
		    terrain_name((enum terrain)ld->sc->map.cells[idx].terrain),
		    scn_quote(&q2, ut->key));
}

void
scn_pass_units(struct load *ld)
{
	struct scenario *sc = ld->sc;
	int n = scn_count_kind(ld, KIND_UNIT), k = 0, *occupant;
	char key[MAPKEY_MAX];
	size_t s;

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
		scn_strmap_put(&ld->umap,
			       scn_mapkey(key, 'u', ld->secs[s].name), k);
		unit_read(ld, &ld->secs[s], k, occupant);
		if (!ld->unit_side_ok[k])
			ld->unit_side_lost = true;
		k++;
	}
	free(occupant);
}

void
scn_pass_generals(struct load *ld)
{
	struct scenario *sc = ld->sc;
	const struct section *s;
	struct general_def *g;
	const struct unit_def *u;
	char key[MAPKEY_MAX];
	const char *text;
	struct quoted q;
	int n = scn_count_kind(ld, KIND_GENERAL), k = 0, line, *general_of;
	size_t i;

	sc->generals = xcalloc((size_t)n + 1, sizeof *sc->generals);
	sc->ngenerals = n;
	general_of = xcalloc((size_t)sc->nunits + 1, sizeof *general_of);
	for (i = 0; i < ld->nsecs; i++) {
		s = &ld->secs[i];
		if (s->kind != KIND_GENERAL)
			continue;
		g = &sc->generals[k++];
		scn_copy_name(g->id, sizeof g->id, s->name);
		g->side = g->unit = -1;
		scn_sec_require(ld, s);
		if ((text = scn_sec_text(s, GEN_NAME, NULL)) != NULL)
			scn_copy_name(g->name, sizeof g->name, text);
		if (sec_value(s, GEN_SIDE, &text, &line) == VAL_OK)
			g->side = get_side(ld, text, line, "side");
		if (sec_value(s, GEN_UNIT, &text, &line) != VAL_OK)
			continue;
		g->unit = scn_strmap_get(&ld->umap, scn_mapkey(key, 'u', text));
		if (g->unit < 0) {
			if (!scn_section_refused(ld, 'i', text))
				scn_load_err(ld, line,
					     "general \"%s\" is on unit "
					     "\"%s\", which does not exist",
					     g->id, scn_quote(&q, text));
			continue;
		}
		u = &sc->units[g->unit];
		if (g->side >= 0 && ld->unit_side_ok[g->unit] &&
		    u->side != g->side) {
			scn_load_err(ld, line,
				     "general \"%s\" of side \"%s\" is "
				     "on unit \"%s\" of side \"%s\"",
				     g->id, sc->sides[g->side].key, u->id,
				     sc->sides[u->side].key);
			continue;
		}
		if (general_of[g->unit] != 0) {
			scn_load_err(ld, line,
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

void
scn_pass_victory(struct load *ld)
{
	struct victory_def *v;
	const struct section *s;
	const struct kv *kv;
	struct hexrefs refs;
	size_t i, j;
	int side;

	if ((s = scn_find_once(ld, KIND_VICTORY)) == NULL)
		return;
	for (i = 0; i < s->nkv; i++) {
		kv = &s->kv[i];
		side = get_side(ld, kv->name, kv->line, "[victory] key");
		memset(&refs, 0, sizeof refs);
		scn_read_hexlist(ld, kv, &refs); /* each hex once */
		if (side >= 0 && ld->map_ok) {
			v = &ld->sc->victory[side];
			v->present = true;
			v->hexes = xcalloc(refs.n + 1, sizeof *v->hexes);
			for (j = 0; j < refs.n; j++)
				v->hexes[v->count++] = refs.v[j].hex;
		}
		scn_hexrefs_done(&refs);
	}
}

/* A side without units is an error at its header. */
void
scn_pass_side_units(struct load *ld)
{
	int count[2] = { 0, 0 }, i;

	if (ld->nsides < 2 || ld->unit_side_lost || ld->unit_rejected ||
	    ld->lost)
		return;
	for (i = 0; i < ld->sc->nunits; i++)
		count[ld->sc->units[i].side]++;
	for (i = 0; i < 2; i++)
		if (count[i] == 0)
			scn_load_err(ld, ld->secs[ld->side_sec[i]].line,
				     "side "
				     "\"%s\" has no units",
				     ld->sc->sides[i].key);
}
