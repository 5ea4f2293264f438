/*
 * The odds as text (see odds.h): a few short lines, each starting
 * "odds: " so that a reader or a script tells them from events, and none
 * starting with a word that commands.md reserves for a dump.
 */
#include "config.h"

#include "core/odds.h"

#include "core/game.h"
#include "core/strbuf.h"

#define PER_LINE 4 /* chances of hits shown on one line */

static const char *
uid(const struct game *g, int u)
{
	return g->sc->units[u].id;
}

static const char *
side_key(const struct game *g, int side)
{
	return g->sc->sides[side].key;
}

/* The phase an action is made in (a charge's attack follows later). */
static const char *
action_phase(enum verb action)
{
	return action == VERB_SHOOT    ? "shooting"
	       : action == VERB_ATTACK ? "combat"
				       : "movement";
}

static double
pct(double p)
{
	return p * 100.0;
}

/* "odds: U charges T, contact ..." and "odds: U attacks T: dice". */
static int
format_action(struct strbuf *sb, const struct game *g, const struct odds *o)
{
	char dice[160], hex[HEX_NAME_SIZE];
	const char *tid = uid(g, o->target);
	int lines = 0;

	dice_calc_format(&o->calc, dice, sizeof dice);
	if (o->action == VERB_CHARGE) {
		hex_format(o->from, hex);
		strbuf_printf(sb,
			      "odds: %s charges %s, contact from %s "
			      "facing %s, then attacks in the combat phase\n",
			      uid(g, o->unit), tid, hex,
			      facing_name(o->facing));
		lines++;
	}
	if (o->pivot) {
		strbuf_printf(sb,
			      "odds: %s pivots to face %s (R5.5), then attacks "
			      "in the combat phase\n",
			      uid(g, o->unit), facing_name(o->facing));
		lines++;
	}
	if (o->push && o->p_fatigue > 0) {
		strbuf_printf(sb,
			      "odds: as a push (R5.7): %s needs %d+ to push "
			      "freely; fails %.1f%% and loses 1 SP first\n",
			      uid(g, o->unit), o->push_need,
			      pct(o->p_fatigue));
		lines++;
	} else if (o->push) {
		strbuf_printf(sb,
			      "odds: as a push (R5.7): a barbarian's push "
			      "charge rolls nothing and loses nothing\n");
		lines++;
	}
	strbuf_printf(sb, "odds: %s %s %s: %s, hits on %d+\n", uid(g, o->unit),
		      o->action == VERB_SHOOT ? "shoots" : "attacks", tid, dice,
		      o->need);
	return lines + 1;
}

/*
 * "odds: 0 hits 3.1%, ..." for k = 0 .. last, PER_LINE a line, after the
 * line begun before; returns the lines, that one included.
 */
static int
format_hits(struct strbuf *sb, const double *p_hits, int last)
{
	int k, lines = 1;

	for (k = 0; k <= last; k++) {
		if (k % PER_LINE == 0) {
			strbuf_printf(sb, "\nodds: ");
			lines++;
		} else
			strbuf_printf(sb, ", ");
		strbuf_printf(sb, "%d hit%s %.1f%%", k, k == 1 ? "" : "s",
			      pct(p_hits[k]));
	}
	strbuf_printf(sb, "\n");
	return lines;
}

/* What becomes of the target: routed, morale, its general. */
static int
format_target(struct strbuf *sb, const struct game *g, int target,
	      const struct odds *o, double p_routed, double p_test,
	      double p_fail, double p_general)
{
	const char *tid = uid(g, target);
	int lines = 0;

	strbuf_printf(sb, "odds: %s has %d hit%s: routed (%d hits) %.1f%%",
		      tid, o->target_hits, o->target_hits == 1 ? "" : "s",
		      UNIT_HITS_ROUTED, pct(p_routed));
	if (o->target_veteran)
		strbuf_printf(sb, ", veteran: no morale test\n");
	else if (o->target_general)
		strbuf_printf(sb,
			      ", tests morale (only if its general "
			      "falls) %.1f%%, fails %.1f%%\n",
			      pct(p_test), pct(p_fail));
	else
		strbuf_printf(sb,
			      ", tests morale %.1f%%, fails and retreats "
			      "%.1f%%\n",
			      pct(p_test), pct(p_fail));
	lines++;
	if (o->target_tests_anyway) {
		strbuf_printf(sb, "odds: %s already lost SP this turn\n", tid);
		lines++;
	}
	if (o->target_general) {
		strbuf_printf(sb,
			      "odds: each 1 risks %s's general (2D6, "
			      "dies on a 2): general lost %.1f%%\n",
			      tid, pct(p_general));
		lines++;
	}
	return lines;
}

/* The impetuous attacker's own loss (R9.4). */
static int
format_impetuous(struct strbuf *sb, const struct game *g,
		 const struct odds *o, double p)
{
	if (p <= 0)
		return 0;
	strbuf_printf(sb, "odds: %s is impetuous: loses 1 SP on any 1 %.1f%%",
		      uid(g, o->unit), pct(p));
	if (o->p_self_routed > 0)
		strbuf_printf(sb, ", which routs it");
	if (o->p_self_general > 0 && p == o->p_impetuous)
		strbuf_printf(sb, ", its general lost %.1f%%",
			      pct(o->p_self_general));
	strbuf_printf(sb, "\n");
	return 1;
}

int
odds_format(const struct game *g, const struct odds *o, char *buf, size_t len)
{
	struct strbuf sb;
	int lines = 0;

	strbuf_init(&sb, buf, len);
	if (o->forecast) {
		strbuf_printf(&sb,
			      "odds: the next %s phase of %s, if nothing "
			      "moves before it:\n",
			      action_phase(o->action), side_key(g, o->side));
		lines++;
	}
	lines += format_action(&sb, g, o);
	strbuf_printf(&sb, "odds: expected hits %.2f", o->expected);
	lines += format_hits(&sb, o->p_hits, o->calc.total);
	lines += format_target(&sb, g, o->target, o, o->p_routed, o->p_test,
			       o->p_fail, o->p_general);
	lines += format_impetuous(&sb, g, o, o->p_impetuous);
	return lines;
}

int
odds_group_format(const struct game *g, const struct odds_group *o,
		  char *buf, size_t len)
{
	struct strbuf sb;
	int m, dice = 0, last, lines = 0;

	strbuf_init(&sb, buf, len);
	if (o->forecast) {
		strbuf_printf(&sb,
			      "odds: the next player-turn of %s, if nothing "
			      "moves before it:\n",
			      side_key(g, o->side));
		lines++;
	}
	for (m = 0; m < o->n; m++) {
		lines += format_action(&sb, g, &o->member[m]);
		dice += o->member[m].calc.total;
	}
	strbuf_printf(&sb,
		      "odds: together, %d roll%s while %s stands: expected "
		      "hits %.2f",
		      o->n, o->n == 1 ? "" : "s", uid(g, o->target),
		      o->expected);
	last = dice < o->cap - 1 ? dice : o->cap - 1;
	lines += format_hits(&sb, o->p_hits, last);
	lines += format_target(&sb, g, o->target, &o->member[0], o->p_routed,
			       o->p_test, o->p_fail, o->p_general);
	for (m = 0; m < o->n; m++)
		lines += format_impetuous(&sb, g, &o->member[m],
					  o->p_impetuous[m]);
	return lines;
}

int
odds_text(const struct game *g, int u, int target, char *buf, size_t len)
{
	struct odds o;

	if (odds_compute(g, u, target, &o, buf, len) != 0)
		return -1;
	return odds_format(g, &o, buf, len);
}

void
odds_summary(const struct game *g, const struct odds *o, char *buf, size_t len)
{
	struct strbuf sb;
	int m;
	bool any = false;

	strbuf_init(&sb, buf, len);
	/* Short, for 80 columns: "6D6 (3 base +1 general +2 rear)". */
	strbuf_printf(&sb, "odds: ");
	if (o->forecast)
		strbuf_printf(&sb, "next %s of %s: ",
			      action_phase(o->action), side_key(g, o->side));
	if (o->pivot)
		strbuf_printf(&sb, "pivoted to %s: ", facing_name(o->facing));
	strbuf_printf(&sb, "%dD6", o->calc.total);
	for (m = 0; m < MOD_COUNT; m++) {
		if (o->calc.mod[m] == 0)
			continue;
		if (!any)
			strbuf_printf(&sb, " (%d base", o->calc.base);
		strbuf_printf(&sb, " %+d %s", o->calc.mod[m],
			      dice_mod_name((enum dice_mod)m));
		any = true;
	}
	if (any)
		strbuf_printf(&sb, ")");
	strbuf_printf(&sb, " hit on %d+, %.1f expected; routs %.0f%%", o->need,
		      o->expected, pct(o->p_routed));
	if (!o->target_veteran)
		strbuf_printf(&sb, ", retreats %.0f%%", pct(o->p_fail));
	if (o->target_general)
		strbuf_printf(&sb, ", general lost %.1f%%", pct(o->p_general));
	if (o->p_impetuous > 0)
		strbuf_printf(&sb, "; self -1 SP %.0f%%", pct(o->p_impetuous));
}
