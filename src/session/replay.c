/*
 * Replays, built on a session's journal (its commands, parsed once by the
 * session, are not copied): a mark (turn, player, phase) for every
 * state, a copy of the game every REPLAY_STRIDE commands, and one working
 * game that steps forward from the nearest copy.  Invariant: ev holds the
 * events of command k (none when k is 0) and cur is the state after k.
 */
#include "config.h"

#include "session/replay.h"

#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "session/savefile.h"
#include "session/session.h"
#include "core/command.h"
#include "core/xmalloc.h"

struct replay {
	struct session *own;	   /* owned, when opened from a file */
	const struct session *s;   /* the journal; borrowed (or own) */
	const struct scenario *sc; /* borrowed from the session */
	uint64_t seed;
	int n;			   /* commands */
	struct replay_mark *marks; /* n + 1; owned */
	struct game **ckpt;	   /* state after j * REPLAY_STRIDE; owned */
	int nckpt;
	struct game *cur; /* state after k commands; owned */
	int k;
	struct events ev; /* events of command k */
};

static void
mark(struct replay_mark *m, const struct game *g)
{
	m->turn = g->turn;
	m->player = g->player;
	m->phase = g->phase;
	m->over = g->over;
}

/* Applies command k + 1 to cur, its events into ev. */
static void
step(struct replay *r)
{
	char why[256];
	int rc;

	events_clear(&r->ev);
	session_force_dice(r->s, (size_t)r->k, r->cur);
	rc = game_apply(r->cur, session_command_parsed(r->s, (size_t)r->k),
			&r->ev, why, sizeof why);
	assert(rc == 0);
	(void)rc;
	r->k++;
}

struct replay *
replay_new(const struct session *s)
{
	struct replay *r = xcalloc(1, sizeof *r);

	r->s = s;
	r->sc = session_scenario(s);
	r->seed = session_seed(s);
	r->n = (int)session_length(s);
	r->marks = xcalloc((size_t)r->n + 1, sizeof *r->marks);
	r->nckpt = r->n / REPLAY_STRIDE + 1;
	r->ckpt = xcalloc((size_t)r->nckpt, sizeof *r->ckpt);
	events_init(&r->ev);
	r->cur = game_new(r->sc, r->seed);
	mark(&r->marks[0], r->cur);
	r->ckpt[0] = game_clone(r->cur);
	while (r->k < r->n) {
		step(r);
		mark(&r->marks[r->k], r->cur);
		if (r->k % REPLAY_STRIDE == 0)
			r->ckpt[r->k / REPLAY_STRIDE] = game_clone(r->cur);
	}
	return r;
}

struct replay *
replay_open(const char *path, struct anc_errs *errs)
{
	struct session *s = session_load(path, errs);
	struct replay *r;

	if (s == NULL)
		return NULL;
	r = replay_new(s);
	r->own = s;
	return r;
}

void
replay_free(struct replay *r)
{
	int i;

	if (r == NULL)
		return;
	free(r->marks);
	for (i = 0; i < r->nckpt; i++)
		game_free(r->ckpt[i]);
	free(r->ckpt);
	game_free(r->cur);
	events_done(&r->ev);
	session_free(r->own);
	free(r);
}

const struct scenario *
replay_scenario(const struct replay *r)
{
	return r->sc;
}

uint64_t
replay_seed(const struct replay *r)
{
	return r->seed;
}

int
replay_length(const struct replay *r)
{
	return r->n;
}

bool
replay_author(const struct replay *r, int k, long *uid, char *player)
{
	const char *meta = session_command_meta(r->s, (size_t)k - 1);

	return meta != NULL &&
	       savefile_meta(meta, strlen(meta), uid, player, NULL,
			     INT_MAX) >= 0;
}

const char *
replay_command(const struct replay *r, int k)
{
	assert(k >= 1 && k <= r->n);
	return session_command(r->s, (size_t)k - 1);
}

const struct replay_mark *
replay_mark(const struct replay *r, int k)
{
	assert(k >= 0 && k <= r->n);
	return &r->marks[k];
}

const struct game *
replay_state_at(struct replay *r, int k, const struct events **ev)
{
	int from;

	assert(k >= 0 && k <= r->n);
	if (k != r->k) {
		/* Command k's events need state k - 1 and one step. */
		from = k == 0 ? 0 : (k - 1) / REPLAY_STRIDE * REPLAY_STRIDE;
		if (r->k > k || r->k < from || k == 0) {
			game_free(r->cur);
			r->cur = game_clone(r->ckpt[from / REPLAY_STRIDE]);
			r->k = from;
			events_clear(&r->ev);
		}
		while (r->k < k)
			step(r);
	}
	if (ev != NULL)
		*ev = &r->ev;
	return r->cur;
}

int
replay_turn_start(const struct replay *r, int turn)
{
	int k;

	for (k = 0; k <= r->n; k++)
		if (r->marks[k].turn == turn)
			return k;
	return -1;
}
