/*
 * The [map] section of a scenario: its size, its terrain rows (one code
 * per hex, white space optional) and its hex lists (hills, high-hills,
 * roads, fortified), and hex names wherever they appear (CCRR, and the
 * CCRR-CCRR runs of hex lists).
 *
 * The map exists only when width and height are good (ld->map_ok); until
 * then hexes are checked against any map.  ld->known marks the cells
 * whose terrain was read, so that no check trusts a guessed terrain.
 */
#include "config.h"

#include "core/scenario/scenario_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/map.h"
#include "core/safetext.h"
#include "core/xmalloc.h"

/* Adds a hex of the (known) map, unless the list has it already. */
static void
hexrefs_add(const struct load *ld, struct hexrefs *r, struct hex h, int line)
{
	const struct map *m = &ld->sc->map;
	int idx = map_index(m, h);

	if (r->seen == NULL)
		r->seen = xcalloc((size_t)m->width * (size_t)m->height,
				  sizeof *r->seen);
	if (r->seen[idx])
		return;
	r->seen[idx] = true;
	r->v = scn_array_grow(r->v, r->n, &r->cap, 16, sizeof *r->v);
	r->v[r->n].hex = h;
	r->v[r->n].line = line;
	r->n++;
}

void
scn_hexrefs_done(struct hexrefs *r)
{
	free(r->v);
	free(r->seen);
	memset(r, 0, sizeof *r);
}

int
scn_parse_hex4(const char *s, struct hex *out)
{
	int i;

	for (i = 0; i < 4; i++)
		if (s[i] < '0' || s[i] > '9')
			return -1;
	out->col = (s[0] - '0') * 10 + (s[1] - '0');
	out->row = (s[2] - '0') * 10 + (s[3] - '0');
	return 0;
}

bool
scn_off_map(const struct load *ld, struct hex h)
{
	return h.col < 1 || h.row < 1 ||
	       (ld->map_ok && !map_contains(&ld->sc->map, h));
}

void
scn_err_off_map(struct load *ld, int line, const char *what, const char *tok)
{
	struct quoted q;

	if (ld->map_ok)
		scn_load_err(ld, line, "%s \"%s\" is off the %d x %d map", what,
			     scn_quote(&q, tok), ld->sc->map.width,
			     ld->sc->map.height);
	else
		scn_load_err(ld, line, "%s \"%s\" is off the map", what,
			     scn_quote(&q, tok));
}

void
scn_read_hexlist(struct load *ld, const struct kv *kv, struct hexrefs *out)
{
	char buf[INI_LINE_MAX_BYTES + 1], *tok, *save;
	struct hex a, b, h;
	struct quoted q;
	size_t i, ntok = 0;
	int lo, hi, v;

	for (i = 0; i < kv->nv; i++) {
		snprintf(buf, sizeof buf, "%s", kv->v[i].text);
		for (tok = strtok_r(buf, " \t\v\f\r", &save); tok != NULL;
		     tok = strtok_r(NULL, " \t\v\f\r", &save)) {
			ntok++;
			if (strlen(tok) == 4 && scn_parse_hex4(tok, &a) == 0) {
				if (scn_off_map(ld, a))
					scn_err_off_map(ld, kv->v[i].line,
							"hex", tok);
				else if (ld->map_ok)
					hexrefs_add(ld, out, a, kv->v[i].line);
				continue;
			}
			if (strlen(tok) != 9 || tok[4] != '-' ||
			    scn_parse_hex4(tok, &a) != 0 ||
			    scn_parse_hex4(tok + 5, &b) != 0) {
				scn_load_err(ld, kv->v[i].line,
					     "bad hex \"%s\" "
					     "(four digits CCRR, or a range "
					     "CCRR-CCRR)",
					     scn_quote(&q, tok));
				continue;
			}
			if (a.col != b.col && a.row != b.row) {
				scn_load_err(ld, kv->v[i].line,
					     "hex range \"%s\" "
					     "is not within one column or row",
					     scn_quote(&q, tok));
				continue;
			}
			if (scn_off_map(ld, a) || scn_off_map(ld, b)) {
				scn_err_off_map(ld, kv->v[i].line, "hex range",
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
				hexrefs_add(ld, out, h, kv->v[i].line);
			}
		}
	}
	if (ntok == 0 && !kv->damaged)
		scn_load_err(ld, kv->line, "empty hex list for \"%s\"",
			     kv->name);
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
		if (scn_is_blank((char)*p)) {
			p++;
			continue;
		}
		n = *p >= 0x80 ? safetext_char_len(p) : 0;
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
				scn_load_err(ld, vl->line,
					     "unknown terrain code "
					     "\"%s\"",
					     scn_quote(&q, code));
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
		scn_load_err(ld, vl->line,
			     "terrain row %d has %d codes, not %d", r + 1,
			     ncodes, w);
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
				scn_load_err(ld, kv->v[v].line,
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
		scn_load_err(ld, kv->line, "terrain has %d rows, not %d", rows,
			     h);
	for (i = rows * w; i < w * h; i++)
		ld->known[i] = false;
}

void
scn_pass_map(struct load *ld)
{
	static const int lists[] = { MAP_HILLS, MAP_HIGH_HILLS, MAP_ROADS,
				     MAP_FORTIFIED };
	struct hexrefs refs[4];
	struct map *m = &ld->sc->map;
	const struct section *s;
	struct map_cell *c;
	const struct kv *kv;
	int w = 0, h = 0, *hill_line = NULL, i, idx, later;
	bool wok, hok, *done = NULL;
	char name[HEX_NAME_SIZE];
	size_t j;

	if ((s = scn_find_once(ld, KIND_MAP)) == NULL)
		return;
	scn_sec_require(ld, s);
	wok = scn_get_num(ld, s, MAP_WIDTH, 1, HEX_MAX_DIM, &w) == VAL_OK;
	hok = scn_get_num(ld, s, MAP_HEIGHT, 1, HEX_MAX_DIM, &h) == VAL_OK;
	if (wok && hok) {
		map_init(m, w, h);
		ld->map_ok = true;
		ld->known = xmalloc((size_t)w * (size_t)h * sizeof *ld->known);
		for (i = 0; i < w * h; i++)
			ld->known[i] = true;
	}
	if ((kv = scn_sec_kv(s, MAP_TERRAIN)) != NULL)
		read_terrain(ld, kv);

	memset(refs, 0, sizeof refs);
	for (i = 0; i < 4; i++)
		if ((kv = scn_sec_kv(s, lists[i])) != NULL)
			scn_read_hexlist(ld, kv, &refs[i]);
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
				scn_load_err(ld, later,
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
				scn_load_err(
				    ld, refs[3].v[j].line,
				    "fortified hex "
				    "\"%s\" is %s, not a settlement",
				    name,
				    terrain_name((enum terrain)c->terrain));
			}
		}
	}
	for (i = 0; i < 4; i++)
		scn_hexrefs_done(&refs[i]);
	free(hill_line);
	free(done);
}
