/*
 * Writing a generated battle (battlegen_impl.h): the scenario file of the
 * choices battlegen.c made, in the order scenario-format.md shows, with
 * a briefing that says what each side has and what it must do.  Lines
 * stay far within the format's 197 bytes: names are at most 64, the
 * briefing is wrapped at WRAP_COLUMNS and hex lists at HEXES_PER_LINE.
 */
#include "config.h"

#include "core/battlegen_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

void
bg_out_printf(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int need;

	va_start(ap, fmt);
	need = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (need < 0)
		return;
	if (o->n + (size_t)need + 1 > o->cap) {
		while (o->n + (size_t)need + 1 > o->cap)
			o->cap = o->cap ? 2 * o->cap : 4096;
		o->s = xreallocarray(o->s, o->cap, 1);
	}
	va_start(ap, fmt);
	vsnprintf(o->s + o->n, o->cap - o->n, fmt, ap);
	va_end(ap);
	o->n += (size_t)need;
}

static const char *
ground_words(unsigned ground, char *buf, size_t size)
{
	const char *w[ARMY_GROUND_COUNT];
	int n = 0, i;
	size_t used = 0;

	for (i = 1; i < ARMY_GROUND_COUNT; i++)
		if (ground & 1u << i)
			w[n++] = i == 1	  ? "woods"
				 : i == 2 ? "marsh"
				 : i == 3 ? "hills"
					  : "rough ground";
	if (n == 0) {
		snprintf(buf, size, "open ground");
		return buf;
	}
	buf[0] = '\0';
	for (i = 0; i < n; i++) {
		used += (size_t)snprintf(buf + used, size - used, "%s%s",
					 i == 0	      ? ""
					 : i == n - 1 ? " and "
						      : ", ",
					 w[i]);
		if (used >= size)
			break;
	}
	return buf;
}

/* A briefing paragraph: words wrapped, each line continuing the key. */
struct wrap {
	struct out *o;
	int col;    /* characters on the current line */
	bool first; /* no line written yet: the key line's value comes next */
};

static void
wrap_para(struct wrap *w, const char *text)
{
	const char *p = text, *e;
	int len;

	if (w->first) {
		bg_out_printf(w->o, "briefing =");
		w->col = (int)strlen("briefing =");
		w->first = false;
	} else {
		bg_out_printf(w->o, "\n ");
		w->col = 1;
	}
	while (*p != '\0') {
		while (*p == ' ')
			p++;
		if (*p == '\0')
			break;
		e = strchr(p, ' ');
		len = e != NULL ? (int)(e - p) : (int)strlen(p);
		if (w->col > 1 && w->col + 1 + len > WRAP_COLUMNS) {
			bg_out_printf(w->o, "\n ");
			w->col = 1;
		}
		bg_out_printf(w->o, " %.*s", len, p);
		w->col += 1 + len;
		p += len;
	}
}

static void para_printf(struct wrap *w, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
para_printf(struct wrap *w, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	wrap_para(w, buf);
}

/* "Legionary cohorts (3), Auxiliary cohorts (2); the legate" */
static void
forces_text(const struct gen *g, int s, char *buf, size_t size)
{
	const struct army *a = g->bg->army[s];
	size_t used = 0;
	int e, i, n = 0;

	buf[0] = '\0';
	for (e = 0; e < a->nentries && used < size; e++) {
		if (g->buy[s].count[e] == 0)
			continue;
		used += (size_t)snprintf(buf + used, size - used, "%s%s (%d)",
					 n++ ? ", " : "", a->entries[e].name,
					 g->buy[s].count[e]);
	}
	n = 0;
	for (i = 0; i < a->ngenerals && used < size; i++) {
		if (!g->buy[s].general[i])
			continue;
		used += (size_t)snprintf(
		    buf + used, size - used, "%s%s",
		    n++ ? ", " : "; generals: ", a->generals[i].name);
	}
}

static void
write_briefing(const struct gen *g, struct out *o)
{
	static const char *const what[] = { "", "the hill", "the village" };
	char gw[128], forces[900], hexname[HEX_NAME_SIZE];
	struct wrap w = { o, 0, true };
	int s;

	para_printf(
	    &w,
	    "A random battle of %d points a side (seed %llu).  "
	    "%s chose the field: %s%s.  First move: %s.",
	    g->bg->points, (unsigned long long)g->bg->seed,
	    g->name[g->defender],
	    (g->bg->army[g->defender]->ground & GROUND_OPEN) && g->ground != 0
		? "open ground, with "
		: "",
	    ground_words(g->ground, gw, sizeof gw), g->name[!g->defender]);
	if (g->objective.col > 0)
		hex_format(g->objective, hexname);
	for (s = 0; s < 2; s++) {
		const struct army *a = g->bg->army[s];

		forces_text(g, s, forces, sizeof forces);
		para_printf(&w, "%s (%s, %d points, from the %s): %s.",
			    g->name[s], a->name, g->buy[s].spent,
			    s == 0 ? "south" : "north", forces);
		if (g->objective.col > 0)
			para_printf(&w,
				    "Aim: break the enemy's army, or stand on "
				    "%s (%s) at the end of turn %d.",
				    what[g->kind], hexname, g->turns);
		else
			para_printf(&w,
				    "Aim: break the enemy's army; if both "
				    "stand after turn %d, lose the smaller "
				    "share of yours.",
				    g->turns);
		if (a->advice[0] != '\0')
			para_printf(&w, "%s", a->advice);
	}
	bg_out_printf(o, "\n");
}

static void
hexlist(struct out *o, const char *key, const struct gen *g, int elev,
	char code)
{
	char name[HEX_NAME_SIZE];
	struct hex h;
	int n = 0;

	for (h.col = 1; h.col <= g->w; h.col++)
		for (h.row = 1; h.row <= g->h; h.row++) {
			if (elev > 0 ? g->elev[bg_cell(g, h)] != elev
				     : g->terrain[bg_cell(g, h)] != code)
				continue;
			hex_format(h, name);
			if (n == 0)
				bg_out_printf(o, "%s =", key);
			else if (n % HEXES_PER_LINE == 0)
				bg_out_printf(o, "\n ");
			bg_out_printf(o, " %s", name);
			n++;
		}
	if (n > 0)
		bg_out_printf(o, "\n");
}

void
bg_write_text(const struct gen *g, struct out *o)
{
	static const char *const kind_title[] = { "", " at the hill",
						  " for the village" };
	static const char *const kind_summary[] = { "A pitched battle",
						    "A battle for a hill",
						    "A battle for a village" };
	char hexname[HEX_NAME_SIZE], gw[128];
	struct hex h;
	int s, i;

	bg_out_printf(o,
		      "; A random battle: ancients --generate --armies %s,%s "
		      "--points %d --seed %llu\n",
		      g->bg->key[0], g->bg->key[1], g->bg->points,
		      (unsigned long long)g->bg->seed);
	bg_out_printf(o, "[scenario]\n");
	bg_out_printf(o, "title = %s against %s%s\n", g->name[0], g->name[1],
		      kind_title[g->kind]);
	bg_out_printf(o,
		      "summary = %s, %d points a side; the field: %s "
		      "(seed %llu).\n",
		      kind_summary[g->kind], g->bg->points,
		      ground_words(g->ground, gw, sizeof gw),
		      (unsigned long long)g->bg->seed);
	write_briefing(g, o);
	bg_out_printf(o, "turns = %d\n", g->turns);
	bg_out_printf(o, "initiative = %s\n", g->key[!g->defender]);

	bg_out_printf(o, "\n[map]\nwidth = %d\nheight = %d\nterrain =\n", g->w,
		      g->h);
	for (h.row = 1; h.row <= g->h; h.row++) {
		bg_out_printf(o, "  %s", h.row % 2 == 0 ? " " : "");
		for (h.col = 1; h.col <= g->w; h.col++)
			bg_out_printf(o, "%s%c", h.col > 1 ? " " : "",
				      g->terrain[bg_cell(g, h)]);
		bg_out_printf(o, "\n");
	}
	hexlist(o, "hills", g, 1, 0);
	hexlist(o, "high-hills", g, 2, 0);

	for (s = 0; s < 2; s++)
		bg_out_printf(o, "\n[side %s]\nname = %s\n", g->key[s],
			      g->name[s]);

	for (i = 0; i < g->nunits; i++) {
		const struct placed *p = &g->units[i];
		const struct army_entry *e =
		    &g->bg->army[p->side]->entries[p->entry];

		hex_format(p->hex, hexname);
		bg_out_printf(o,
			      "\n[unit %s]\nside = %s\ntype = %s\nname = %s\n"
			      "hex = %s\nfacing = %s\n",
			      p->id, g->key[p->side], e->type->key, e->name,
			      hexname, p->side == 0 ? "N" : "S");
		if (e->veteran)
			bg_out_printf(o, "veteran = yes\n");
	}

	for (i = 0; i < g->ngenerals; i++) {
		const struct placed_general *pg = &g->generals[i];

		bg_out_printf(o,
			      "\n[general %s]\nside = %s\nname = %s\n"
			      "unit = %s\n",
			      pg->id, g->key[pg->side],
			      g->bg->army[pg->side]->generals[pg->general].name,
			      g->units[pg->unit].id);
	}
	if (g->objective.col > 0) {
		hex_format(g->objective, hexname);
		bg_out_printf(o, "\n[victory]\n%s = %s\n%s = %s\n", g->key[0],
			      hexname, g->key[1], hexname);
	}
}
