/*
 * An event as the screen's log says it (see eventtext.h).
 */
#include "config.h"

#include "ui/eventtext.h"

#include <stdio.h>
#include <string.h>

#include "core/event.h"
#include "core/rulenums.h"
#include "core/scenario/scenario.h"

static const char *
plural(int n)
{
	return n == 1 ? "" : "s";
}

/* Appends "N what" to buf (len bytes), after ", " unless first. */
static void
add_part(char *buf, size_t len, int n, const char *what)
{
	size_t used = strlen(buf);

	if (n > 0 && used + 1 < len)
		snprintf(buf + used, len - used, "%s%d %s",
			 used > 0 ? ", " : "", n, what);
}

/* R11.2's sum: "1 failed morale x1, 1 routed x2, 3 for generals". */
static void
breakpoint_why(const struct event *e, char *buf, size_t len)
{
	int gen = e->value - e->lost[0] - 2 * e->lost[1] - 3 * e->lost[2];

	buf[0] = '\0';
	add_part(buf, len, e->lost[0], "failed morale x1");
	add_part(buf, len, e->lost[1], "routed x2");
	add_part(buf, len, e->lost[2], "veteran routed x3");
	add_part(buf, len, gen, "for generals (1D3)");
}

void
event_screen_text(const struct scenario *sc, const struct event *e, char *buf,
		  size_t len)
{
	char line[512], *at;
	size_t n;

	event_format(sc, e, line, sizeof line);
	switch (e->kind) {
	case EV_SHOT:
	case EV_ATTACK:
		/* "2D6 base = 2D6, hits on 4+, rolls [4 2]: 1 hit" */
		at = strstr(line, ", rolls ");
		if (at != NULL) {
			n = (size_t)(at - line);
			snprintf(buf, len, "%.*s, hits on %d+%s", (int)n, line,
				 DIE_HITS_ON, at);
			return;
		}
		break;
	case EV_GENERAL_RISK:
		snprintf(buf, len, "%s (a 2 kills him)", line);
		return;
	case EV_GENERAL_D3:
		snprintf(buf, len,
			 "Breakpoint: %s pays 1D3 for general %s: the die "
			 "shows %d, halved up: %d point%s",
			 sc->sides[e->side].key, sc->generals[e->general].id,
			 e->dice[0], e->value, plural(e->value));
		return;
	case EV_BREAKPOINT_LOSS: {
		char why[160];

		breakpoint_why(e, why, sizeof why);
		snprintf(buf, len, "%s: %s", line, why);
		return;
	}
	case EV_INITIATIVE:
		/* R12.2: the other side seizes it on 2 more than the holder. */
		if (e->dice[0] + 2 <= 6)
			snprintf(buf, len, "%s (seizing needs %d+ against %d)",
				 line, e->dice[0] + 2, e->dice[0]);
		else
			snprintf(buf, len,
				 "%s (against a %d nothing could seize it)",
				 line, e->dice[0]);
		return;
	default:
		break;
	}
	snprintf(buf, len, "%s", line);
}
