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
#include "ui/describe.h"

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

static const char *
gen_id(const struct scenario *sc, int g)
{
	return g >= 0 && g < sc->ngenerals ? sc->generals[g].id : "?";
}

/*
 * A side as a log line's subject: its name without its general's
 * ("Rome", not the key "romans"), whole where both sides' names would
 * read the same without.
 */
static const char *
side_word(const struct scenario *sc, int side, char *buf, size_t len)
{
	char other[80];

	if (side < 0 || side > 1) {
		snprintf(buf, len, "?");
		return buf;
	}
	describe_side_stem(sc->sides[side].name, buf, len);
	describe_side_stem(sc->sides[1 - side].name, other, sizeof other);
	if (strcmp(buf, other) == 0)
		snprintf(buf, len, "%s", sc->sides[side].name);
	return buf;
}

/* A breakpoint after a loss: "5 of 8", or past it "0 of 8, 2 past it"
 * rather than "-2 of 8". */
static void
bp_words(int bp, int start, char *buf, size_t len)
{
	if (bp >= 0)
		snprintf(buf, len, "%d of %d", bp, start);
	else
		snprintf(buf, len, "0 of %d, %d past it", start, -bp);
}

/* R12.2's roll in words: who rolled what, and why the holder keeps it. */
static void
initiative_words(const struct scenario *sc, const struct event *e, char *buf,
		 size_t len)
{
	char holder[80], other[80];
	int h = e->value2;

	side_word(sc, h, holder, sizeof holder);
	side_word(sc, 1 - h, other, sizeof other);
	if (e->side != h)
		snprintf(buf, len,
			 "Initiative: %s rolls %d against %s's %d, 2 more "
			 "(R12.2): %s seizes the initiative and chooses to "
			 "move first or second",
			 other, e->dice[1], holder, e->dice[0], other);
	else if (e->dice[0] + 2 <= 6)
		snprintf(buf, len,
			 "Initiative: %s rolls %d against %s's %d: %s keeps "
			 "the initiative and moves first, as %s needed 2 "
			 "more than %d to seize it (R12.2)",
			 other, e->dice[1], holder, e->dice[0], holder, other,
			 e->dice[0]);
	else
		snprintf(buf, len,
			 "Initiative: %s rolls %d against %s's %d: %s keeps "
			 "the initiative and moves first, as seizing it "
			 "takes 2 more than %d, which no die rolls (R12.2)",
			 other, e->dice[1], holder, e->dice[0], holder,
			 e->dice[0]);
}

void
event_screen_text(const struct scenario *sc, const struct event *e, char *buf,
		  size_t len)
{
	char line[512], *at, side[80], bp[48];
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
		snprintf(buf, len, "%s (a 2 kills the general)", line);
		return;
	/* The generals' lines without "his": a general may be a woman
	 * (Boudica). */
	case EV_GENERAL_KILLED:
		if (e->value == 2)
			snprintf(buf, len,
				 "General: %s falls with the unit (rolled %d, "
				 "a 1 kills)",
				 gen_id(sc, e->general), e->dice[0]);
		else if (e->value == 3)
			snprintf(buf, len,
				 "General: %s survives the unit's loss "
				 "(rolled %d) but finds no friendly unit "
				 "without a general and leaves the field "
				 "(counted as killed)",
				 gen_id(sc, e->general), e->dice[0]);
		else
			break;
		return;
	case EV_GENERAL_JOINS:
		snprintf(buf, len,
			 "General: %s survives the unit's loss (rolled %d) "
			 "and joins %s",
			 gen_id(sc, e->general), e->dice[0],
			 e->unit >= 0 && e->unit < sc->nunits
			     ? sc->units[e->unit].id
			     : "?");
		return;
	case EV_GENERAL_D3:
		snprintf(buf, len,
			 "Breakpoint: %s pays 1D3 for general %s: the die "
			 "shows %d, halved up: %d point%s",
			 side_word(sc, e->side, side, sizeof side),
			 gen_id(sc, e->general), e->dice[0], e->value,
			 plural(e->value));
		return;
	case EV_BREAKPOINT_LOSS: {
		char why[160];

		breakpoint_why(e, why, sizeof why);
		bp_words(e->value2, e->need, bp, sizeof bp);
		snprintf(buf, len, "Breakpoint: %s loses %d (now %s): %s",
			 side_word(sc, e->side, side, sizeof side), e->value,
			 bp, why);
		return;
	}
	case EV_INITIATIVE:
		initiative_words(sc, e, buf, len);
		return;
	case EV_INITIATIVE_CHOICE:
		snprintf(buf, len, "Initiative: %s chooses to move %s",
			 side_word(sc, e->side, side, sizeof side),
			 e->value ? "first" : "second");
		return;
	default:
		break;
	}
	snprintf(buf, len, "%s", line);
}
