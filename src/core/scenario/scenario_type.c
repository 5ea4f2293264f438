/*
 * The [type] sections of a scenario: new unit types and edits of the
 * built-in ones (R13), each from its base when it names one.
 *
 * Each [type] is read on its own (type_read), then the bases are found
 * and every loop of bases is reported once (type_find_loops), then each
 * chain is resolved from its root without recursion (type_resolve): a
 * type's final values are its base's final values with its own on top.
 * A type whose base is unknown, failed or in a loop fails too, and what
 * depends on its values is not checked (traits_bad, range_bad, dice_bad).
 */
#include "config.h"

#include "core/scenario/scenario_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"

int
scn_type_lookup(struct load *ld, const char *key,
		const struct unit_type **builtin)
{
	char k[MAPKEY_MAX];
	int t;

	*builtin = NULL;
	if ((t = scn_strmap_get(&ld->tmap, scn_mapkey(k, 't', key))) >= 0)
		return t;
	*builtin = unittype_builtin_find(key);
	return -1;
}

void
scn_err_unknown_type(struct load *ld, int line, const char *what,
		     const char *key)
{
	char hb[80];
	struct quoted q;
	struct hint h;
	int i;

	if (scn_section_refused(ld, 't', key))
		return;
	if (!scn_err_shown(ld, line)) {
		/* Never shown: no hint, which costs a look at every type
		 * (thousands of unknown types must not take minutes). */
		scn_load_err(ld, line, "unknown %s", what);
		return;
	}
	scn_hint_init(&h, key);
	for (i = 0; i < UNITTYPE_BUILTIN_COUNT; i++)
		scn_hint_try(&h, unittype_builtin(i)->key);
	for (i = 0; i < ld->ntdefs; i++)
		scn_hint_try(&h, ld->tdefs[i].sec->name);
	scn_load_err(ld, line, "unknown %s \"%s\"%s", what, scn_quote(&q, key),
		     scn_hint_text(&h, hb, sizeof hb, "", ""));
}

static void
type_read_traits(struct load *ld, struct tdef *t)
{
	char buf[INI_LINE_MAX_BYTES + 1], hb[80], *tok, *save;
	const char *text;
	struct quoted q;
	enum trait tr;
	struct hint h;
	bool ok = true;
	int line, i;

	t->given |= TF_TRAITS;
	text = scn_sec_text(t->sec, TYPE_TRAITS, &line);
	if (text == NULL) { /* "traits =": none at all */
		if (scn_sec_kv(t->sec, TYPE_TRAITS)->damaged)
			ok = false;
		text = "";
	}
	snprintf(buf, sizeof buf, "%s", text);
	for (tok = strtok_r(buf, " \t", &save); tok != NULL;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (trait_parse(tok, &tr) != 0) {
			scn_hint_init(&h, tok);
			for (i = 0; i < TRAIT_COUNT; i++)
				if (1u << i != TRAIT_VETERAN)
					scn_hint_try(
					    &h,
					    trait_name((enum trait)(1u << i)));
			scn_load_err(ld, line, "unknown trait \"%s\"%s",
				     scn_quote(&q, tok),
				     scn_hint_text(&h, hb, sizeof hb, "", ""));
			ok = false;
		} else if (tr == TRAIT_VETERAN) {
			scn_load_err(ld, line,
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
		{ TYPE_COMBAT, TF_COMBAT, 1, 9 },
		{ TYPE_MRANGE, TF_MRANGE, 1, 6 },
		{ TYPE_MDICE, TF_MDICE, 1, 9 },
		{ TYPE_MOVE, TF_MOVE, 2, 20 },
		{ TYPE_PUSH, TF_PUSH, 2, 6 },
	};
	const struct section *s = t->sec;
	const char *text;
	struct quoted q;
	enum val r;
	int i, v = 0, line;

	t->base = -1;
	t->builtin = unittype_builtin_find(s->name);
	if (scn_sec_kv(s, TYPE_BASE) != NULL) {
		t->has_base = true;
		t->base_line = scn_sec_kv(s, TYPE_BASE)->line;
		if (scn_sec_text(s, TYPE_BASE, NULL) == NULL)
			t->has_base = scn_sec_kv(s, TYPE_BASE)->damaged;
		t->base_bad = t->has_base; /* until it is found */
	}
	if (scn_sec_kv(s, TYPE_NAME) != NULL) {
		t->given |= TF_NAME;
		if ((text = scn_sec_text(s, TYPE_NAME, NULL)) != NULL) {
			scn_copy_name(t->own.name, sizeof t->own.name, text);
			t->good |= TF_NAME;
		}
	}
	if (scn_sec_kv(s, TYPE_CLASS) != NULL) {
		t->given |= TF_CLASS;
		if ((text = scn_sec_text(s, TYPE_CLASS, &line)) == NULL)
			;
		else if (strcmp(text, "formed") == 0) {
			t->own.cls = CLASS_FORMED;
			t->good |= TF_CLASS;
		} else if (strcmp(text, "nimble") == 0) {
			t->own.cls = CLASS_NIMBLE;
			t->good |= TF_CLASS;
		} else
			scn_load_err(ld, line,
				     "class \"%s\" is not formed or "
				     "nimble",
				     scn_quote(&q, text));
	}
	for (i = 0; i < (int)(sizeof nums / sizeof nums[0]); i++) {
		if (scn_sec_kv(s, nums[i].key) == NULL)
			continue;
		t->given |= nums[i].field;
		r = scn_get_num(ld, s, nums[i].key, nums[i].min, nums[i].max,
				&v);
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
	if (scn_sec_kv(s, TYPE_TRAITS) != NULL)
		type_read_traits(ld, t);
}

/* The tdef index of the base of type i, if in the file and known; -1. */
static int
type_next(const struct load *ld, int i)
{
	const struct tdef *t = &ld->tdefs[i];

	return t->has_base && !t->base_bad ? t->base : -1;
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
		    (text = scn_sec_text(td[i].sec, TYPE_BASE, NULL)) == NULL)
			continue;
		td[i].base = scn_type_lookup(ld, text, &bt);
		td[i].base_builtin = bt;
		td[i].base_bad = td[i].base < 0 && bt == NULL;
		if (td[i].base_bad)
			scn_err_unknown_type(ld, td[i].base_line, "base type",
					     text);
	}
	for (i = 0; i < ld->ntdefs; i++) {
		if (td[i].state != T_NEW)
			continue;
		for (j = i; j >= 0 && td[j].state == T_NEW;
		     j = type_next(ld, j)) {
			td[j].state = T_WALK;
			td[j].walk = i;
		}
		if (j >= 0 && td[j].state == T_WALK && td[j].walk == i) {
			first = j;
			for (k = type_next(ld, j); k != j; k = type_next(ld, k))
				if (k < first)
					first = k;
			used = (size_t)snprintf(msg, sizeof msg,
						"loop of base "
						"types: %s",
						td[first].sec->name);
			k = first;
			do {
				k = type_next(ld, k);
				if (used < sizeof msg)
					used += (size_t)snprintf(
					    msg + used, sizeof msg - used,
					    " -> %s", td[k].sec->name);
				td[k].state = T_FAILED;
				td[k].traits_bad = td[k].range_bad =
				    td[k].dice_bad = true;
			} while (k != first);
			scn_load_err(ld, td[first].base_line, "%s", msg);
		}
		for (j = i; j >= 0 && td[j].state == T_WALK && td[j].walk == i;
		     j = type_next(ld, j))
			td[j].state = T_READY;
	}
}

/* Resolves one type whose base is resolved (or that has none). */
static void
type_resolve(struct load *ld, struct tdef *t)
{
	static const char *const need_names[] = { "class", "combat", "move",
						  "push" };
	static const unsigned need_fields[] = { TF_CLASS, TF_COMBAT, TF_MOVE,
						TF_PUSH };
	static const int need_keys[] = { TYPE_CLASS, TYPE_COMBAT, TYPE_MOVE,
					 TYPE_PUSH };
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
			scn_load_err(
			    ld, t->sec->line,
			    "new type \"%s\" has no "
			    "base, so it needs %s",
			    t->sec->name,
			    scn_join_names(list, sizeof list, nlist, missing));
	}
	scn_copy_name(v->key, sizeof v->key, t->sec->name);
	if (t->good & TF_NAME)
		memcpy(v->name, own->name, sizeof v->name);
	else if (t->builtin != NULL)
		memcpy(v->name, t->builtin->name, sizeof v->name);
	else
		scn_copy_name(v->name, sizeof v->name, t->sec->name);
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
			scn_load_err(ld, t->sec->line,
				     "type \"%s\" has the "
				     "missile trait but no %s",
				     t->sec->name, list);
	}
	t->state = T_DONE;
}

void
scn_pass_types(struct load *ld)
{
	struct scenario *sc = ld->sc;
	struct tdef *t;
	char k[MAPKEY_MAX];
	int i, j, n = scn_count_kind(ld, KIND_TYPE), *stack, depth, nnew = 0;
	size_t s;

	ld->tdefs = xcalloc((size_t)n + 1, sizeof *ld->tdefs);
	for (s = 0; s < ld->nsecs; s++) {
		if (ld->secs[s].kind != KIND_TYPE)
			continue;
		t = &ld->tdefs[ld->ntdefs];
		t->sec = &ld->secs[s];
		scn_strmap_put(&ld->tmap, scn_mapkey(k, 't', t->sec->name),
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
		     j = type_next(ld, j)) {
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
