/*
 * The session's journal in memory (sessionint.h): each accepted command
 * kept with what undo needs, the rules of what may be taken back, and
 * the game rebuilt after an undo, from a mark or from the seed.
 */
#include "config.h"

#include <assert.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/game.h"
#include "core/xmalloc.h"
#include "session/savefile.h"
#include "session/sessionint.h"

#define LINE_COMMAND_MAX 1024 /* a canonical command, with room */

/* --- Playing and journaling --- */

/*
 * The events from ev0 on that rolled, the first of them: EV_MORALE,
 * EV_GENERAL_D3 or EV_INITIATIVE when what followed the command rolled
 * first, else EV_COUNT (the command's own shot, attack, push or general's
 * risk).
 */
static enum event_kind
first_roll(const struct events *ev, int ev0)
{
	int k;

	for (k = ev0; k < ev->n; k++)
		switch (ev->v[k].kind) {
		case EV_MORALE:
		case EV_GENERAL_D3:
		case EV_INITIATIVE:
			return ev->v[k].kind;
		case EV_PUSH_ROLL:
		case EV_SHOT:
		case EV_ATTACK:
		case EV_GENERAL_RISK:
		case EV_GENERAL_JOINS:
		case EV_GENERAL_KILLED:
			return EV_COUNT;
		default:
			break;
		}
	return EV_COUNT;
}

/* What rolled for entry e, when it was not e itself; NULL if it was. */
static const char *
followed_words(const struct entry *e)
{
	switch (e->followed) {
	case EV_MORALE:
		return "the morale checks";
	case EV_GENERAL_D3:
		return "the 1D3 for a general killed";
	case EV_INITIATIVE:
		return "the initiative roll";
	default:
		return NULL;
	}
}

static int entry_check(const struct entry *e, char *why, size_t whylen);

void
journal_force_dice(struct game *g, const char *meta)
{
	int dice[256], n;
	long uid;
	const char *p;

	if (meta == NULL)
		return;
	/* Past 256 dice the meta is read in pieces: its dice field only. */
	if ((n = savefile_meta(meta, strlen(meta), &uid, NULL, NULL,
			       INT_MAX)) <= 0)
		return;
	p = strrchr(meta, '\t') + 1;
	while (n > 0) {
		int k = n < 256 ? n : 256, i;

		for (i = 0; i < k; i++)
			dice[i] = p[i] - '0';
		dice_force(&g->dice, dice, k);
		p += k;
		n -= k;
	}
}

int
journal_apply(struct session *s, const struct command *c, struct events *ev,
	      char *why, size_t whylen)
{
	return journal_apply_meta(s, c, NULL, ev, why, whylen);
}

int
journal_apply_meta(struct session *s, const struct command *c,
		   const char *meta, struct events *ev, char *why,
		   size_t whylen)
{
	struct game *g = s->g;
	struct entry e;
	char line[LINE_COMMAND_MAX], refused[8];
	int ev0;
	long uid;
	int ndice = 0;

	if (meta != NULL) {
		if (c->verb == VERB_DICE ||
		    (ndice = savefile_meta(meta, strlen(meta), &uid, NULL,
					   NULL, INT_MAX)) < 0) {
			snprintf(why, whylen, "a shared game's line takes "
					      "no dice command");
			return -1;
		}
		if (dice_forced_left(&g->dice) > 0) {
			snprintf(why, whylen, "dice are queued before a "
					      "shared game's line");
			return -1;
		}
		journal_force_dice(g, meta);
	}

	e.verb = c->verb;
	e.turn = g->turn;
	e.second = g->second;
	e.player = g->player;
	e.phase = g->phase;
	e.rolled = g->dice.rolled;
	ev0 = ev->n;
	if (game_apply(g, c, ev, why, whylen) != 0) {
		if (meta != NULL)
			dice_done(&g->dice); /* the forced dice unused */
		return -1;
	}
	if (verb_is_query(c->verb))
		return 0;
	e.rolled = g->dice.rolled - e.rolled;
	/* A line's dice are exactly those its command rolled. */
	if (meta != NULL && (e.rolled != (unsigned long)ndice ||
			     dice_forced_left(&g->dice) > 0)) {
		snprintf(why, whylen,
			 "the line holds %d dice but its command rolled %lu",
			 ndice, e.rolled);
		return -1;
	}
	e.meta = meta != NULL ? xstrdup(meta) : NULL;
	e.followed = e.rolled > 0 ? first_roll(ev, ev0) : EV_COUNT;
	command_format(s->sc, c, line, sizeof line);
	e.line = xstrdup(line);
	e.cmd = *c;
	e.digest = game_digest(g);
	e.prev = s->last_action;
	if (!verb_is_note(c->verb)) {
		s->last_action = s->n;
		/* No undo ever takes back this entry, so none reaches past
		 * it. */
		if (entry_check(&e, refused, sizeof refused) != 0)
			s->frontier = s->n + 1;
	}
	if (s->n == s->cap) {
		s->cap = s->cap ? s->cap * 2 : 64;
		s->v = xreallocarray(s->v, s->cap, sizeof *s->v);
	}
	s->v[s->n++] = e;
	return 0;
}

/*
 * Plays the canonical line, which the engine accepted before from the same
 * state; it is deterministic, so it accepts it again.
 */
static void
replay_line(struct session *s, const char *line, const char *meta,
	    struct events *ev)
{
	struct command c;
	char why[256];
	int r;

	r = command_parse(s->sc, line, &c, why, sizeof why);
	assert(r == 1);
	events_clear(ev);
	r = journal_apply_meta(s, &c, meta, ev, why, sizeof why);
	assert(r == 0);
	(void)r;
}

void
journal_rebuild_from(struct session *s, char *const *lines,
		     char *const *metas, size_t n)
{
	struct entry *old = s->v;
	struct game *fresh, tmp;
	size_t nold = s->n, i;
	struct events ev;

	s->v = NULL;
	s->n = s->cap = 0;
	s->last_action = SIZE_MAX;
	s->frontier = 0;
	if (s->mark_n > n) {
		game_free(s->mark);
		s->mark = NULL;
		s->mark_n = 0;
	}
	fresh = game_new(s->sc, s->seed);
	tmp = *s->g;
	*s->g = *fresh;
	*fresh = tmp;
	game_free(fresh);
	events_init(&ev);
	for (i = 0; i < n; i++)
		replay_line(s, lines[i], metas != NULL ? metas[i] : NULL,
			    &ev);
	events_done(&ev);
	for (i = 0; i < nold; i++) {
		free(old[i].line);
		free(old[i].meta);
	}
	free(old);
}

/* Puts s's game in g's place, the struct game itself kept. */
static void
game_put(struct session *s, struct game *g)
{
	struct game tmp = *s->g;

	*s->g = *g;
	*g = tmp;
	game_free(g);
}

/* Plays entry e, which the engine accepted before from the same state. */
static void
replay_entry(struct game *g, const struct entry *e, struct events *ev)
{
	char why[256];
	int r;

	events_clear(ev);
	journal_force_dice(g, e->meta);
	r = game_apply(g, &e->cmd, ev, why, sizeof why);
	assert(r == 0);
	(void)r;
}

/*
 * Undo of entry k, an action after which only say lines come, without
 * replaying the journal from the seed: the mark is brought up to the
 * first action an undo can still reach (replaying what lies between),
 * then the actions from the mark to k are played again on a copy of it.
 * A journal of many undos after many lines costs the lines once, not
 * once per undo (a save of a few thousand took minutes to load).
 * Returns false, having changed nothing, where it does not apply.
 */
static bool
undo_from_mark(struct session *s, size_t k)
{
	struct events ev;
	size_t i, *chain = NULL, nchain = 0;

	if (k < s->frontier)
		return false;
	for (i = k + 1; i < s->n; i++)
		if (!verb_is_note(s->v[i].verb))
			return false;
	events_init(&ev);
	if (s->mark == NULL) {
		s->mark = game_new(s->sc, s->seed);
		s->mark_n = 0;
	}
	for (; s->mark_n < k; s->mark_n++)
		if (!verb_is_note(s->v[s->mark_n].verb)) {
			if (s->mark_n >= s->frontier)
				break;
			replay_entry(s->mark, &s->v[s->mark_n], &ev);
		}
	/* The actions between the mark and k, last first. */
	for (i = s->v[k].prev; i != SIZE_MAX && i >= s->mark_n;
	     i = s->v[i].prev) {
		chain = xreallocarray(chain, nchain + 1, sizeof *chain);
		chain[nchain++] = i;
	}
	game_put(s, game_clone(s->mark));
	while (nchain > 0)
		replay_entry(s->g, &s->v[chain[--nchain]], &ev);
	free(chain);
	events_done(&ev);
	/* Entry k goes; the say lines after it were said in this game. */
	s->last_action = s->v[k].prev;
	free(s->v[k].line);
	free(s->v[k].meta);
	memmove(&s->v[k], &s->v[k + 1], (s->n - k - 1) * sizeof *s->v);
	s->n--;
	for (i = k; i < s->n; i++) {
		s->v[i].turn = s->g->turn;
		s->v[i].second = s->g->second;
		s->v[i].player = s->g->player;
		s->v[i].phase = s->g->phase;
		s->v[i].digest = game_digest(s->g);
		s->v[i].prev = s->last_action;
	}
	return true;
}

void
journal_rebuild(struct session *s, size_t n, size_t skip)
{
	char **lines, **metas;
	size_t i, k = 0;

	assert(n <= s->n);
	if (skip != SIZE_MAX && n == s->n && undo_from_mark(s, skip))
		return;
	if (skip < s->mark_n) {
		game_free(s->mark);
		s->mark = NULL;
		s->mark_n = 0;
	}
	lines = xreallocarray(NULL, n > 0 ? n : 1, sizeof *lines);
	metas = xreallocarray(NULL, n > 0 ? n : 1, sizeof *metas);
	for (i = 0; i < n; i++)
		if (i != skip) {
			metas[k] = s->v[i].meta;
			lines[k++] = s->v[i].line;
		}
	journal_rebuild_from(s, lines, metas, k);
	free(lines);
	free(metas);
}

/* --- What undo may take back --- */

/* Whether journal entry e may be taken back; 0, or -1 with why. */
static int
entry_check(const struct entry *e, char *why, size_t whylen)
{
	if (e->rolled > 0 && followed_words(e) != NULL) {
		snprintf(why, whylen,
			 "the last command (%s) cannot be undone: %s that "
			 "followed it rolled dice",
			 e->line, followed_words(e));
		return -1;
	}
	if (e->rolled > 0) {
		snprintf(
		    why, whylen,
		    "the last command (%s) rolled dice and cannot be undone",
		    e->line);
		return -1;
	}
	/* Any other action that rolled nothing reveals nothing (nothing is
	 * hidden in this game): an advance, a hold, an end of phase.  Not
	 * the dice to come, nor a word said to the other side. */
	switch (e->verb) {
	case VERB_MOVE:
	case VERB_PIVOT:
	case VERB_CHARGE:
	case VERB_PUSH:
	case VERB_GENERAL:
	case VERB_SHOOT:
	case VERB_ATTACK:
	case VERB_ADVANCE:
	case VERB_HOLD:
	case VERB_FIRST:
	case VERB_SECOND:
	case VERB_END:
		return 0;
	case VERB_DICE:
		snprintf(why, whylen,
			 "the last command (%s) sets the dice to come and "
			 "cannot be undone",
			 e->line);
		return -1;
	default:
		snprintf(why, whylen,
			 "the last command (%s) cannot be undone: it is no "
			 "action of the game",
			 e->line);
		return -1;
	}
}

/*
 * The index of the k-th command from the end (0: the last) that is no
 * say: a say is words, never an action, so undo steps over it and leaves
 * it where it is.  Returns whether there is one.
 */
static bool
action_back(const struct session *s, size_t k, size_t *at)
{
	size_t i;

	for (i = s->n; i-- > 0;)
		if (!verb_is_note(s->v[i].verb) && k-- == 0) {
			*at = i;
			return true;
		}
	return false;
}

bool
session_undo_target(const struct session *s, size_t *at)
{
	return action_back(s, 0, at);
}

int
session_command_side(const struct session *s, size_t i)
{
	assert(i < s->n);
	return s->v[i].player;
}

int
session_can_undo(const struct session *s, size_t k, char *why, size_t whylen)
{
	size_t i, at;

	if (k > 0 && !action_back(s, k - 1, &at)) {
		snprintf(why, whylen, "there is nothing to undo");
		return -1;
	}
	for (i = 0; i < k; i++) {
		action_back(s, i, &at);
		if (entry_check(&s->v[at], why, whylen) != 0) {
			/* Not the last command: say which. */
			const struct entry *e = &s->v[at];

			if (i > 0 && followed_words(e) != NULL)
				snprintf(why, whylen,
					 "%s cannot be undone: %s that "
					 "followed it rolled dice",
					 e->line, followed_words(e));
			else if (i > 0)
				snprintf(why, whylen,
					 "%s rolled dice and cannot be undone",
					 e->line);
			return -1;
		}
	}
	return 0;
}

int
journal_undo_check(const struct session *s, size_t *at, char *why,
		   size_t whylen)
{
	if (!action_back(s, 0, at)) {
		snprintf(why, whylen, "there is nothing to undo");
		return -1;
	}
	return entry_check(&s->v[*at], why, whylen);
}
