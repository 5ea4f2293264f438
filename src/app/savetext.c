/*
 * Text output for saved games: batch mode on a session, the text replay
 * and the saves listing.  The batch output is batch.c's, line for line.
 */
#include "config.h"

#include "app/savetext.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "session/replay.h"
#include "session/session.h"
#include "session/savedir.h"
#include "core/command.h"
#include "core/event.h"
#include "core/game.h"
#include "core/safetext.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"

void
savetext_replay(struct replay *r, const char *name, FILE *out)
{
	const struct scenario *sc = replay_scenario(r);
	const struct replay_mark *m;
	const struct events *ev;
	const struct game *g;
	char text[512], *dump, *shown = safetext_dup(name, false),
						player[40];
	int k, i, n = replay_length(r);
	long uid;

	fprintf(out, "Replay of %s: %s, %d command%s\n", shown, sc->title, n,
		n == 1 ? "" : "s");
	free(shown);
	g = replay_state_at(r, 0, NULL);
	fprintf(out, "Turn 1 of %d begins\n", sc->turns);
	for (k = 1; k <= n; k++) {
		m = replay_mark(r, k - 1);
		g = replay_state_at(r, k, &ev);
		/* A shared game's line says who gave it (docs/security.md). */
		if (replay_author(r, k, &uid, player))
			fprintf(out, "[%d] %s: %s  (uid %ld %s)\n", k,
				sc->sides[m->player].key, replay_command(r, k),
				uid, player);
		else
			fprintf(out, "[%d] %s: %s\n", k,
				sc->sides[m->player].key, replay_command(r, k));
		for (i = 0; i < ev->n; i++) {
			event_format(sc, &ev->v[i], text, sizeof text);
			fprintf(out, "  %s\n", text);
		}
	}
	dump = xmalloc(game_dump_size(g));
	game_dump(g, dump, game_dump_size(g));
	fputs(dump, out);
	free(dump);
}

/* One line of the listing. */
struct row {
	char modified[32];
	char turn[16];
	char play[48];
	char title[64];
	char *path; /* the file's path made visible; owned */
};

static void
row_fill(struct row *w, const struct save_entry *e, struct session *s)
{
	const struct scenario *sc;
	const struct game *g;
	struct tm tm;

	w->path = safetext_dup(e->path, false);
	if (localtime_r(&e->mtime.tv_sec, &tm) == NULL ||
	    strftime(w->modified, sizeof w->modified, "%Y-%m-%d %H:%M", &tm) ==
		0)
		strcpy(w->modified, "?");
	if (s == NULL) {
		strcpy(w->turn, "-");
		strcpy(w->play, "-");
		strcpy(w->title, "(damaged)");
		return;
	}
	sc = session_scenario(s);
	g = session_game(s);
	snprintf(w->turn, sizeof w->turn, "%d/%d", g->turn, sc->turns);
	if (g->over && g->winner < 0)
		snprintf(w->play, sizeof w->play, "over, a draw");
	else if (g->over)
		snprintf(w->play, sizeof w->play, "over, %s won",
			 sc->sides[g->winner].key);
	else
		snprintf(
		    w->play, sizeof w->play, "%s",
		    sc->sides[g->choosing ? g->initiative : g->player].key);
	snprintf(w->title, sizeof w->title, "%s", sc->title);
}

int
savetext_list(FILE *out, FILE *errout)
{
	struct save_entry *v;
	struct anc_errs errs;
	struct session *s;
	struct row *rows;
	char err[512], dir[4096];
	size_t n, i, j;
	int wp = 7, ws = 8, status = 0, len;

	if (savedir_path(dir, sizeof dir, false, err, sizeof err) != 0 ||
	    savedir_scan(&v, &n, err, sizeof err) != 0) {
		fprintf(errout, "ancients: %s\n", err);
		return 1;
	}
	if (n == 0) {
		fprintf(out, "no saves in %s\n", dir);
		savedir_entries_free(v, n);
		return 0;
	}
	rows = xcalloc(n, sizeof *rows);
	for (i = 0; i < n; i++) {
		anc_errs_init(&errs);
		s = session_load(v[i].path, &errs);
		row_fill(&rows[i], &v[i], s);
		for (j = 0; j < errs.n; j++) {
			if (errs.v[j].line > 0)
				fprintf(errout, "ancients: %s:%d: %s\n",
					rows[i].path, errs.v[j].line,
					errs.v[j].msg);
			else
				fprintf(errout, "ancients: %s: %s\n",
					rows[i].path, errs.v[j].msg);
		}
		if (s == NULL)
			status = 1;
		anc_errs_done(&errs);
		session_free(s);
		if ((len = (int)strlen(rows[i].play)) > wp)
			wp = len;
		if ((len = (int)strlen(rows[i].title)) > ws)
			ws = len;
	}
	/* Turns are 1-99: "99/99" fits the TURN column. */
	fprintf(out, "%-16s  %-5s  %-*s  %-*s  %s\n", "MODIFIED", "TURN", wp,
		"TO PLAY", ws, "SCENARIO", "FILE");
	for (i = 0; i < n; i++)
		fprintf(out, "%-16s  %-5s  %-*s  %-*s  %s\n", rows[i].modified,
			rows[i].turn, wp, rows[i].play, ws, rows[i].title,
			rows[i].path);
	for (i = 0; i < n; i++)
		free(rows[i].path);
	free(rows);
	savedir_entries_free(v, n);
	return status;
}

void
savetext_resume_question(const struct session *s, time_t saved, char *buf,
			 size_t len)
{
	const struct scenario *sc = session_scenario(s);
	const struct game *g = session_game(s);
	char when[32];
	struct tm tm;

	if (localtime_r(&saved, &tm) == NULL ||
	    strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm) == 0)
		strcpy(when, "?");
	snprintf(buf, len,
		 "Resume the unfinished game of %s (turn %d/%d, %s to play, "
		 "saved %s)?",
		 sc->title, g->turn, sc->turns,
		 sc->sides[g->choosing ? g->initiative : g->player].name, when);
}

bool
savetext_answer_yes(const char *answer)
{
	size_t n;

	answer += strspn(answer, " \t");
	n = strcspn(answer, " \t\r\n");
	if (answer[n + strspn(answer + n, " \t\r\n")] != '\0')
		return false;
	return (n == 1 && strncasecmp(answer, "y", 1) == 0) ||
	       (n == 3 && strncasecmp(answer, "yes", 3) == 0);
}
