/*
 * A unit card's rows on the screen (see cardfit.h).
 */
#include "config.h"

#include "ui/cardfit.h"

#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/describe.h"
#include "ui/layout.h"
#include "ui/logbuf.h"

#define CARDFIT_JOINED_MAX 2048 /* a joined card's bytes */

int
cardfit_rows(const struct text *card, int width)
{
	struct wrap_span sp[1];
	int i, ind, rows = 0;

	for (i = 0; i < card->n; i++) {
		const char *s = card->v[i].text;

		for (ind = 0; s[ind] == ' ' && ind < width / 2; ind++)
			;
		rows += wrap_text(s + ind, width - ind, sp, 1);
	}
	return rows;
}

void
cardfit_join(const struct text *card, char *buf, size_t len)
{
	size_t used;
	int i;

	snprintf(buf, len, "%s", CARDFIT_STRIP_PREFIX);
	for (i = 0; i < card->n; i++) {
		used = strlen(buf);
		if (card->v[i].text[0] == '\0' || used + 1 >= len)
			continue;
		snprintf(buf + used, len - used, "%s%s", i == 0 ? "" : "; ",
			 card->v[i].text);
	}
}

int
cardfit_joined_rows(const struct text *card, int width)
{
	char buf[CARDFIT_JOINED_MAX];
	struct wrap_span sp[1];

	cardfit_join(card, buf, sizeof buf);
	return wrap_text(buf, width, sp, 1);
}

int
cardfit_need(const struct scenario *sc, int width, int joined)
{
	struct game *g = game_new(sc, 1);
	struct text t;
	int u, rows, most = 0;

	text_init(&t);
	for (u = 0; u < sc->nunits; u++) {
		text_clear(&t);
		describe_unit(g, u, NULL, &t);
		rows = joined ? cardfit_joined_rows(&t, width)
			      : cardfit_rows(&t, width);
		if (rows > most)
			most = rows;
	}
	text_done(&t);
	game_free(g);
	return most + (joined ? CARDFIT_PLAY_ROWS_JOINED : CARDFIT_PLAY_ROWS);
}

int
cardfit_layout(struct layout *l, const struct scenario *sc)
{
	int need;

	if (!l->fits)
		return 0;
	need = cardfit_need(sc, l->panel.w - CARDFIT_PANEL_MARGIN,
			    l->panel_below);
	layout_fit_card(l, need);
	return need;
}
