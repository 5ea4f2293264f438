/*
 * The play's texts (see play.h): the page on show, the hint under the
 * map and the prompt's label.
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <stdio.h>
#include <string.h>

#include "session/shared.h"
#include "core/cannot.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/logbuf.h"

void
play_page_text(const struct play *p, const struct theme *th, struct text *out)
{
	int n, i;
	enum logbuf_kind kind;
	int side;
	const char *line;
	char q[160];

	switch (p->page.kind) {
	case PAGE_BRIEFING:
		describe_briefing(p->sc,
				  p->seat.shared != NULL || p->viewer
				      ? PLAYERS_OTHER
				  : p->ai.side >= 0 ? PLAYERS_COMPUTER
						    : PLAYERS_HOTSEAT,
				  p->ai.side, out);
		break;
	case PAGE_HELP:
		describe_help(th, p->sc, p->glyphs, out);
		break;
	case PAGE_RULES:
		describe_rules(p->sc, p->glyphs, out);
		break;
	case PAGE_NEWS:
		n = logbuf_count(p->log.buf);
		for (i = n - p->page.news_count; i < n; i++) {
			if (i < 0)
				continue;
			line = logbuf_line(p->log.buf, i, &kind, &side);
			text_add(out,
				 kind == LOG_NOTICE    ? ROLE_TITLE
				 : kind == LOG_COMMAND ? ROLE_LOG_COMMAND
				 : kind == LOG_ERROR   ? ROLE_ERROR
						       : ROLE_TEXT,
				 "%s", line);
		}
		/* The window covers no question: it says it again.  At the
		 * prompt its keys go into the line: say how to answer. */
		if (play_question(p, q, sizeof q)) {
			text_add(out, ROLE_NOTICE, "Now: %s", q);
			if (p->mode == PLAY_PROMPT)
				text_add(out, ROLE_NOTICE, "%s",
					 "(at the prompt these keys type: "
					 "answer with the command, or Esc "
					 "for the map's keys)");
		}
		break;
	case PAGE_OVER:
		describe_end(p->g, &p->log.tally, out);
		if (p->page.over_recap)
			play_recap_items(p, out, true);
		break;
	case PAGE_HANDOFF:
		play_recap_text(p, out);
		break;
	}
}

const char *
play_page_title(const struct play *p)
{
	static const char *const titles[] = {
		" Briefing ",	   " Help ",	" Rules ",
		" What happened ", " The end ", " Your turn ",
	};

	if (p->page.kind == PAGE_HANDOFF && p->seat.shared == NULL &&
	    p->ai.side < 0)
		return " Pass the keyboard ";
	if (p->page.kind == PAGE_NEWS && p->page.news_all)
		return " The log ";
	return titles[p->page.kind];
}

/* Whether a unit of the side to play may shoot, or attack, now. */
static bool
side_can_act(const struct game *g, enum phase phase)
{
	int u, target;

	for (u = 0; u < g->nunits; u++)
		if (phase == PHASE_SHOOTING
			? game_shoot_targets(g, u, &target, 1) > 0
			: game_attack_targets(g, u, &target, 1) > 0)
			return true;
	return false;
}

/*
 * A hint of width columns at most: "LEAD: item, item, ..., TAIL".  Items
 * come most useful first and the last of them go when the line is short,
 * each only after the shorter lead was tried; the tail always stays.
 */
static void
fit_hint(char *buf, size_t len, int width, const char *lead,
	 const char *short_lead, const char *const *items, int n,
	 const char *tail)
{
	const char *leads[2] = { lead, short_lead };
	size_t used;
	int k, l, i;

	for (k = n; k >= 0; k--)
		for (l = 0; l < 2; l++) {
			if (leads[l] == NULL)
				continue;
			snprintf(buf, len, "%s: ", leads[l]);
			for (i = 0; i < k; i++) {
				used = strlen(buf);
				snprintf(buf + used, len - used, "%s, ",
					 items[i]);
			}
			used = strlen(buf);
			snprintf(buf + used, len - used, "%s", tail);
			if (text_width(buf, strlen(buf)) <= width)
				return;
		}
	snprintf(buf, len, "%s", tail);
}

#define NITEMS(a) ((int)(sizeof(a) / sizeof(a)[0]))

/*
 * The hint of a phase in which no unit can act: "no unit can shoot now",
 * then, from the engine, the first unit that looks as if it should and
 * its rule ("sag1: facing, R8.2"; the log has the whole reason), then the
 * key that ends the phase.  none[1] is why, filled here.
 */
static void
fit_none(char *buf, size_t len, int width, const struct game *g,
	 enum phase phase, const char *lead, const char *short_lead,
	 const char **none, char *why, size_t whylen)
{
	struct cannot c;
	int u, n = 3;

	why[0] = '\0';
	for (u = 0; u < g->nunits && why[0] == '\0'; u++)
		if (play_cannot_worth_saying(g, u, phase, &c))
			snprintf(why, whylen, "%s: %s, %.*s",
				 g->sc->units[u].id, c.word,
				 (int)strcspn(c.rule, ","), c.rule);
	if (why[0] == '\0') {
		none[1] = none[2];
		n = 2;
	}
	fit_hint(buf, len, width, lead, short_lead, none, n, "? help");
}

bool
play_shot_at_stake(const struct play *p, int u, int *target)
{
	return u >= 0 && u < p->g->nunits && play_own_unit(p, u) &&
	       game_shoot_targets_if_unmoved(p->g, u, target, 1) > 0;
}

void
play_hint(const struct play *p, int width, char *buf, size_t len)
{
	const struct game *g = p->g;
	const char *side = p->sc->sides[g->player].name;
	char lead[96];

	if (p->mode == PLAY_HANDOFF) {
		play_recap_hint(p, width, buf, len);
		return;
	}
	if (p->ai.busy && !p->viewer && !g->over) {
		/* Its turn: none of the person's keys are for now. */
		int acting = game_side_to_act(g);

		snprintf(lead, sizeof lead, "the computer plays %s",
			 p->sc->sides[acting >= 0 ? acting : g->player].name);
		fit_hint(buf, len, width, lead, "the computer plays", NULL, 0,
			 "any key skips to the end of its turn");
		return;
	}
	if (p->mode == PLAY_PAGE) {
		snprintf(buf, len,
			 "up/down, PgUp/PgDn scroll; any other key goes back "
			 "to the %s",
			 p->page.back == PLAY_PROMPT	? "prompt"
			 : p->page.back == PLAY_HANDOFF ? "recap"
							: "map");
		return;
	}
	if (p->viewer) {
		snprintf(buf, len,
			 p->mode == PLAY_PROMPT
			     ? "type a turn number and Enter; Esc cancels"
			     : "a replay: nothing here changes the game");
		return;
	}
	switch (p->mode) {
	case PLAY_FACING:
		snprintf(buf, len,
			 "%s %s: which facing? y=NW k=N u=NE b=SW "
			 "j=S n=SE (Esc cancels)",
			 p->sel.ask_verb == VERB_PIVOT ? "pivot" : "move",
			 p->sel.unit >= 0 ? play_uid(p, p->sel.unit) : "");
		return;
	case PLAY_CONFIRM_QUIT:
		snprintf(buf, len, "Quit? y quits, any other key plays on");
		return;
	case PLAY_PROMPT: {
		static const char *const items[] = { "Enter runs",
						     "Tab completes",
						     "Esc back to the map",
						     "Up recalls" };

		fit_hint(buf, len, width, "type a command", NULL, items,
			 NITEMS(items), "help lists them");
		return;
	}
	default:
		break;
	}
	if (g->over) {
		static const char *const items[] = { "q quits", "B briefing",
						     "PgUp scrolls the log" };

		fit_hint(buf, len, width, "the game is over", NULL, items,
			 NITEMS(items), "? help");
	} else if (p->seat.shared != NULL &&
		   shared_side(p->seat.shared) != g->player) {
		/* The other side's turn: look, read, talk. */
		static const char *const items[] = { "Tab looks at units",
						     "PgUp scrolls the log",
						     ": say TEXT talks" };
		bool watch = shared_side(p->seat.shared) == SHARED_WATCHER;

		snprintf(lead, sizeof lead, "%s %s to play",
			 watch ? "watching:" : "waiting:", side);
		fit_hint(buf, len, width, lead, "waiting", items,
			 NITEMS(items) - watch, "? help");
	} else if (g->choosing) {
		static const char *const items[] = { "1 move first",
						     "2 move second" };
		static const char *const twice[] = {
			"1 move first (twice)", "2 move second"
		};

		snprintf(lead, sizeof lead, "%s seized the initiative", side);
		fit_hint(buf, len, width, lead, "initiative",
			 play_choice_twice(p) ? twice : items, NITEMS(items),
			 "? help");
	} else if (g->noffers > 0) {
		static const char *const items[] = { "A advance", "H hold",
						     "Tab picks the unit" };

		snprintf(lead, sizeof lead, "%s may advance",
			 play_uid(p, play_advance_unit(p)));
		fit_hint(buf, len, width, lead, "advance?", items,
			 NITEMS(items), "? help");
	} else if (p->sel.push_armed) {
		static const char *const items[] = { "m move", "c charge",
						     "p pivot", "Esc cancels",
						     "M move+facing" };

		snprintf(lead, sizeof lead, "push %s",
			 play_uid(p, p->sel.unit));
		fit_hint(buf, len, width, lead, "push", items, NITEMS(items),
			 "? help");
	} else if (g->phase == PHASE_MOVEMENT) {
		static const char *const items[] = { "Tab unit",    "m move",
						     "c charge",    "p pivot",
						     "E end phase", "P push" };

		char stay[96];
		int t;

		snprintf(lead, sizeof lead, "%s moves", side);
		/* A shooter that could shoot: moving costs the shot, and a
		 * playtester learnt it only from the shot's refusal. */
		if (play_shot_at_stake(p, p->sel.unit, &t)) {
			snprintf(lead, sizeof lead,
				 "%s may shoot %s if it does not move (R8.1)",
				 play_uid(p, p->sel.unit), play_uid(p, t));
			snprintf(stay, sizeof stay,
				 "%s: a move costs its shot (R8.1)",
				 play_uid(p, p->sel.unit));
			fit_hint(buf, len, width, lead, stay, items,
				 NITEMS(items), "? help");
			return;
		}
		fit_hint(buf, len, width, lead, "movement", items,
			 NITEMS(items), "? help");
	} else if (g->phase == PHASE_SHOOTING) {
		static const char *const items[] = { "Tab unit",
						     "t next target", "s shoot",
						     "E end phase" };
		char why[64];
		const char *none[] = { "no unit can shoot now", why,
				       "E end phase" };
		bool can = side_can_act(g, PHASE_SHOOTING);

		snprintf(lead, sizeof lead, "%s shoots", side);
		if (can)
			fit_hint(buf, len, width, lead, "shooting", items,
				 NITEMS(items), "? help");
		else
			fit_none(buf, len, width, g, PHASE_SHOOTING, lead,
				 "shooting", none, why, sizeof why);
	} else {
		static const char *const items[] = {
			"Tab unit", "t next target", "a attack", "E end phase"
		};
		char why[64];
		const char *none[] = { "no attack to make", why,
				       "E end phase" };
		bool can = side_can_act(g, PHASE_COMBAT);

		snprintf(lead, sizeof lead, "%s fights", side);
		if (can)
			fit_hint(buf, len, width, lead, "combat", items,
				 NITEMS(items), "? help");
		else
			fit_none(buf, len, width, g, PHASE_COMBAT, lead,
				 "combat", none, why, sizeof why);
	}
}

/*
 * Solo play, or the prompt's `ai`: whether the computer is playing or it
 * is the person's turn, first in the status line's rest; into words, in
 * a long and, for the computer, a short form.  Returns how many (0: no
 * word).
 */
int
play_status_words(const struct play *p, const char *words[2])
{
	/* Busy and due: the pause after its last command is the person's
	 * turn already. */
	bool thinking = p->ai.busy && play_ai_due(p);

	if (p->viewer || (p->ai.side < 0 && !thinking))
		return 0;
	if (p->g->over) {
		/* A word still, so that the status line keeps its form at
		 * the end of a solo game (issue 31). */
		if (p->ai.side < 0)
			return 0;
		words[0] = p->g->winner < 0		 ? "a draw"
			   : p->g->winner == p->ai.side ? "you lost"
							 : "you won";
		return 1;
	}
	if (thinking) {
		words[0] = "computer thinking";
		words[1] = "thinking";
	} else if (game_side_to_act(p->g) == p->ai.side) {
		words[0] = "computer to play";
		words[1] = "computer";
	} else {
		words[0] = "your turn";
		return 1;
	}
	return 2;
}

void
play_prompt_label(const struct play *p, char *buf, size_t len)
{
	if (p->viewer)
		snprintf(buf, len, "%s",
			 p->mode == PLAY_PROMPT ? "Go to turn" : "Replay");
	else if (p->ai.busy)
		snprintf(buf, len, "Computer");
	else if (p->g->over) /* nobody's turn */
		snprintf(buf, len, "Game over");
	else if (p->seat.shared != NULL &&
		 shared_side(p->seat.shared) == SHARED_WATCHER)
		snprintf(buf, len, "Watching");
	else if (p->seat.shared !=
		 NULL) /* whose turn or not, the seat's side */
		describe_side_name(
		    p->sc->sides[shared_side(p->seat.shared)].name, buf, len);
	else
		describe_side_name(p->sc->sides[p->g->player].name, buf, len);
}

const char *
play_prompt_idle(const struct play *p)
{
	if (!p->viewer &&
	    (p->mode == PLAY_PAGE || p->mode == PLAY_CONFIRM_QUIT) &&
	    p->page.back == PLAY_PROMPT)
		return ""; /* the prompt is where the keys go back to */
	if (p->ai.busy)
		return "the computer is playing: any key skips to the end of "
		       "its turn";
	if (p->seat.shared != NULL &&
	    shared_side(p->seat.shared) == SHARED_WATCHER)
		return "watching: no commands; Tab, or : goto HEX, looks "
		       "around; ? for help";
	return p->viewer ? "n p command, N P turn, Tab unit, g go to turn, "
			   "Home End, q quit"
			 : "press : to type a command, ? for help";
}
