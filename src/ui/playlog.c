/*
 * The play's log and the battle's tally (see play.h): the lines a game's
 * start, each command (a person's or the computer's), a refusal and what
 * a command set off add to the log, and the routs, losses and failed
 * morale counted from the events as they go by.
 */
#include "config.h"

#include "ui/playint.h"

#include <stdio.h>
#include <string.h>

#include "session/shared.h"
#include "core/cannot.h"
#include "core/game.h"
#include "core/odds.h"
#include "core/scenario/scenario.h"
#include "ui/eventtext.h"
#include "ui/logbuf.h"

static enum logbuf_kind
event_log_kind(enum event_kind k)
{
	switch (k) {
	case EV_TURN:
	case EV_INITIATIVE:
	case EV_INITIATIVE_CHOICE:
	case EV_PLAYER_TURN:
	case EV_PHASE:
	case EV_BREAKPOINT_LOSS:
	case EV_GENERAL_D3:
	case EV_ARMY_QUITS:
	case EV_GAME_OVER:
		return LOG_NOTICE;
	default:
		return LOG_EVENT;
	}
}

static void
tally_event(struct play *p, const struct event *e)
{
	int side = e->unit >= 0 ? p->sc->units[e->unit].side : e->side;

	if (side < 0 || side > 1)
		return;
	switch (e->kind) {
	case EV_ROUTED:
		p->log.tally.routed[side]++;
		break;
	case EV_DESTROYED:
		p->log.tally.destroyed[side]++;
		break;
	case EV_MORALE:
		if (!e->value)
			p->log.tally.morale_failed[side]++;
		else
			p->log.tally.morale_passed[side]++;
		break;
	default:
		break;
	}
}

void
play_log_start(struct play *p, const struct game *g, uint64_t seed)
{
	char line[128];

	snprintf(line, sizeof line, "%s: turn 1 of %d, seed %llu", p->sc->title,
		 p->sc->turns, (unsigned long long)seed);
	logbuf_add(p->log.buf, LOG_NOTICE, -1, line);
	snprintf(line, sizeof line, "== %s (%s): player-turn begins ==",
		 p->sc->sides[g->player].name, p->sc->sides[g->player].key);
	logbuf_add(p->log.buf, LOG_NOTICE, g->player, line);
}

int
play_log_side(const struct play *p)
{
	/* A shared game: the seat's own side, whoever is to act. */
	if (p->seat.shared != NULL)
		return shared_side(p->seat.shared) < 2
			   ? shared_side(p->seat.shared)
			   : -1;
	return p->g->player;
}

void
play_log_command(struct play *p, int side, const char *cmd)
{
	char text[LOGBUF_WIDTH];

	p->log.typed = NULL; /* logged, as typed or as the command made */

	snprintf(text, sizeof text, "%.40s> %.180s",
		 side >= 0 ? p->sc->sides[side].name : "Watching", cmd);
	logbuf_add(p->log.buf, LOG_COMMAND, side, text);
}

void
play_log_ai_command(struct play *p, int side, const char *cmd)
{
	char text[LOGBUF_WIDTH];

	snprintf(text, sizeof text, "ai: %.200s", cmd);
	logbuf_add(p->log.buf, LOG_COMMAND, side, text);
}

void
play_log_error(struct play *p, const char *why)
{
	play_set_msg(p, MSG_ERROR, "error: %s", why);
}

int
play_log_events(struct play *p, const struct events *ev)
{
	return play_log_events_by(p, ev, -1);
}

int
play_log_events_by(struct play *p, const struct events *ev, int speaker)
{
	char text[LOGBUF_WIDTH];
	int k;

	for (k = 0; k < ev->n; k++) {
		const struct event *e = &ev->v[k];

		if (e->kind == EV_SAY && speaker >= 0)
			snprintf(text, sizeof text, "> %.30s: %s",
				 p->sc->sides[speaker].name, e->text);
		else
			event_screen_text(p->sc, e, text, sizeof text);
		logbuf_add(p->log.buf, event_log_kind(e->kind),
			   e->kind == EV_PLAYER_TURN ? e->side : -1, text);
		tally_event(p, e);
	}
	return ev->n;
}

int
play_log_odds(struct play *p, const struct command *c)
{
	char buf[ODDS_TEXT_MAX], *line, *save = NULL;
	int n = 0;

	if (odds_command_text(p->g, c, buf, sizeof buf) < 0)
		return 0;
	for (line = strtok_r(buf, "\n", &save); line != NULL;
	     line = strtok_r(NULL, "\n", &save), n++)
		logbuf_add(p->log.buf, LOG_EVENT, -1, line);
	return n;
}

bool
play_cannot_worth_saying(const struct game *g, int u, enum phase phase,
			 struct cannot *c)
{
	const struct unit *un = &g->units[u];

	if (!un->on_map || un->side != g->player)
		return false;
	if (phase == PHASE_SHOOTING)
		return cannot_shoot(g, u, c) && c->kind != CANNOT_NO_MISSILE &&
		       c->kind != CANNOT_SHOT && c->kind != CANNOT_NO_ENEMY;
	if (phase == PHASE_COMBAT)
		return cannot_attack(g, u, c) && c->kind == CANNOT_NOT_FRONT;
	return false;
}

int
play_log_cannot(struct play *p)
{
	const struct game *g = p->g;
	struct cannot c;
	char line[LOGBUF_WIDTH];
	int u, n = 0;

	for (u = 0; u < g->nunits; u++) {
		if (!play_cannot_worth_saying(g, u, g->phase, &c))
			continue;
		cannot_format(&c, p->sc->units[u].id,
			      g->phase == PHASE_SHOOTING ? "shoot" : "attack",
			      line, sizeof line);
		logbuf_add(p->log.buf, LOG_NOTICE, g->player, line);
		n++;
	}
	return n;
}

int
play_log_screen_lines(const struct play *p, int n)
{
	struct wrap_span sp[1];
	int count = logbuf_count(p->log.buf), i, rows = 0;

	if (p->view.log_cols <= 1)
		return n;
	for (i = count - n; i < count; i++)
		if (i >= 0)
			rows +=
			    wrap_text(logbuf_line(p->log.buf, i, NULL, NULL),
				      p->view.log_cols - 1, sp, 1);
	return rows;
}
