/*
 * The shared-game modes of the command line (sharedcli.h): opening the
 * seat the options ask for, playing it in the terminal or in batch,
 * and what is printed before and after; --games' listing.
 */
#include "config.h"

#include "app/sharedcli.h"

#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "app/batch.h"
#include "app/newgame.h"
#include "session/savedir.h"
#include "session/session.h"
#include "session/shared.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/tui.h"

/*
 * Opens the seat the options ask for: a new game of scenario name to
 * host, or the game to join or watch.  Returns it, or NULL after printing
 * why.
 */
static struct shared *
open_seat(const struct seat_opts *so, const char *name, bool seeded,
	  uint64_t seed)
{
	struct session *s = NULL;
	struct shared *sh;
	char gname[SHARED_NAME_MAX + 8], err[1024];

	if (so->host) {
		if (so->name != NULL)
			snprintf(gname, sizeof gname, "%s", so->name);
		else if (shared_default_name(name != NULL ? name : "tutorial",
					     gname, sizeof gname, err,
					     sizeof err) != 0) {
			fprintf(stderr, "ancients: %s\n", err);
			return NULL;
		}
		if (shared_check_name(gname, err, sizeof err) != 0) {
			fprintf(stderr, "ancients: --name %s: %s\n", gname,
				err);
			return NULL;
		}
		if (!seeded)
			seed = newgame_seed();
		if ((s = newgame_session(name, seed)) == NULL)
			return NULL;
	} else
		snprintf(gname, sizeof gname, "%s",
			 so->join != NULL ? so->join : so->watch);
	sh =
	    shared_open(gname, s, so->watch != NULL, so->side, err, sizeof err);
	if (sh == NULL)
		fprintf(stderr, "ancients: %s\n", err);
	return sh;
}

/* The line that tells the opponent how to join. */
static void
print_hosting(const struct shared *sh, FILE *f)
{
	const struct scenario *sc = session_scenario(shared_session(sh));

	fprintf(f,
		"ancients: hosting %s, playing %s; the opponent joins with: "
		"ancients --join %s\n",
		shared_name(sh), sc->sides[shared_side(sh)].key,
		shared_name(sh));
}

static int
run_shared(const struct seat_opts *so, bool batch, const char *name,
	   bool seeded, uint64_t seed, bool ascii)
{
	struct tui_options opt = { .ascii = ascii };
	struct shared *sh;
	int status;

	if (!batch && tui_check() != 0)
		return 1;
	if ((sh = open_seat(so, name, seeded, seed)) == NULL)
		return 1;
	if (batch) {
		if (so->host)
			print_hosting(sh, stderr);
		status = batch_play_shared(sh, stdin, stdout);
	} else {
		opt.shared = sh;
		status = tui_run_session(shared_session(sh), &opt);
		if (status > 128 && status != 128 + SIGHUP)
			fprintf(stderr, "ancients: stopped by signal %d\n",
				status - 128);
		else if (status != 128 + SIGHUP &&
			 session_game(shared_session(sh))->over)
			printf("%s is over; watch it again with ancients "
			       "--replay %s\nIts journal: %s\n",
			       shared_name(sh), shared_name(sh),
			       session_path(shared_session(sh)));
		else if (status != 128 + SIGHUP &&
			 shared_side(sh) != SHARED_WATCHER)
			printf("Left %s; take your seat again with ancients "
			       "--join %s\n",
			       shared_name(sh), shared_name(sh));
	}
	shared_close(sh);
	return status;
}

/*
 * Whether --resume ARG means a shared game: ARG is a journal
 * (DIR/NAME.journal: the game NAME in DIR), or no save is called ARG and
 * a shared game is.  Then so joins it.  1 it does, 0 it does not, -1
 * when the shared directory may not be looked in (said).
 */
static int
resumes_shared_game(const char *arg, struct seat_opts *so)
{
	static char name[SHARED_NAME_MAX + 1], dir[4096];
	char path[4200], err[512];
	const char *base = strrchr(arg, '/');
	size_t len = strlen(arg), n;
	struct stat st;

	if (len > 8 && strcmp(arg + len - 8, ".journal") == 0) {
		base = base != NULL ? base + 1 : arg;
		n = (size_t)(arg + len - 8 - base);
		if (n == 0 || n > SHARED_NAME_MAX)
			return 0;
		memcpy(name, base, n);
		name[n] = '\0';
		snprintf(dir, sizeof dir, "%.*s", (int)(base - arg), arg);
		if (dir[0] == '\0')
			snprintf(dir, sizeof dir, ".");
		setenv("ANCIENTS_SHARED_DIR", dir, 1);
		so->join = name;
		return 1;
	}
	if (savedir_resolve(arg, path, sizeof path, err, sizeof err) == 0 &&
	    stat(path, &st) == 0)
		return 0;
	/* Through the game: the installed game's directory is closed to
	 * the player. */
	switch (shared_journal(arg, path, sizeof path, err, sizeof err)) {
	case 1:
		break;
	case -2:
		/* Not "no such game": a permission problem. */
		fprintf(stderr, "ancients: no save \"%s\"; %s\n", arg, err);
		return -1;
	default:
		return 0;
	}
	snprintf(name, sizeof name, "%s", arg);
	so->join = name;
	return 1;
}

/*
 * --games: two lines a game, so that each fits 80 columns (one line ran
 * to 95-110: issue 31).  The first says who is there, "NAME  SIDE=LOGIN
 * SIDE=LOGIN  N watching"; the second, indented, the game: "TITLE: turn
 * 3, rome to play, movement; last active 23:14" (today's hour, or the
 * day: 2026-12-04) or "TITLE: over, rome won; ...".
 */
int
sharedcli_list(void)
{
	static const char *const phases[] = { "movement", "shooting", "combat",
					      "morale", "breakpoint" };
	struct shared_game *v;
	struct tm tm, today;
	time_t now = time(NULL);
	char err[512], when[32], side[2][32 + 1 + SHARED_LOGIN_MAX + 1],
	    watching[32];
	size_t n, i;
	int k, status = 0;

	if (shared_games(&v, &n, err, sizeof err) != 0) {
		fprintf(stderr, "ancients: %s\n", err);
		return 1;
	}
	if (n == 0)
		printf("No shared games: open one with ancients --host\n");
	localtime_r(&now, &today);
	for (i = 0; i < n; i++) {
		/* Today's hour, or the day. */
		localtime_r(&v[i].mtime, &tm);
		strftime(when, sizeof when,
			 tm.tm_year == today.tm_year &&
				 tm.tm_yday == today.tm_yday
			     ? "%H:%M"
			     : "%Y-%m-%d",
			 &tm);
		if (v[i].error != NULL) {
			printf("%s  (damaged)\n  last written %s\n",
			       v[i].name, when);
			fprintf(stderr, "ancients: %s\n", v[i].error);
			status = 1;
			continue;
		}
		for (k = 0; k < 2; k++)
			snprintf(side[k], sizeof side[k], "%s=%s",
				 v[i].side_key[k],
				 v[i].who.held[k] ? v[i].who.login[k] : "free");
		watching[0] = '\0';
		if (v[i].who.watchers > 0)
			snprintf(watching, sizeof watching, "  %d watching",
				 v[i].who.watchers);
		printf("%s  %s %s%s\n", v[i].name, side[0], side[1], watching);
		if (v[i].over)
			printf("  %s: over, %s%s; last active %s\n", v[i].title,
			       v[i].winner >= 0 ? v[i].side_key[v[i].winner]
						: "a draw",
			       v[i].winner >= 0 ? " won" : "", when);
		else
			printf("  %s: turn %d, %s to play, %s; last active %s\n",
			       v[i].title, v[i].turn,
			       v[i].side_key[v[i].player], phases[v[i].phase],
			       when);
	}
	shared_games_free(v, n);
	return status;
}

int
sharedcli_run(const struct options *o)
{
	const struct seat_opts *so = &o->so;

	if ((so->host + (so->join != NULL) + (so->watch != NULL)) > 1) {
		fprintf(stderr, "ancients: --host, --join and --watch do not "
				"go together\n");
		return EXIT_USAGE;
	}
	if (o->resume || o->save_file != NULL ||
	    (!so->host && (o->nargs > 0 || o->seeded)) ||
	    (so->watch != NULL &&
	     (so->side != NULL || o->mode == MODE_BATCH))) {
		fprintf(stderr, "ancients: a shared game takes: --host "
				"[--side SIDE] [--name GAME] [--seed N] "
				"[SCENARIO], --join GAME [--side SIDE] or "
				"--watch GAME\n");
		return EXIT_USAGE;
	}
	if (o->nargs > 1) {
		fprintf(stderr,
			"ancients: one scenario at a time "
			"(got %d)\n",
			o->nargs);
		return EXIT_USAGE;
	}
	return run_shared(so, o->mode == MODE_BATCH,
			  o->nargs == 1 ? o->args[0] : NULL, o->seeded, o->seed,
			  o->ascii);
}

int
sharedcli_resume(const char *arg, struct options *o)
{
	switch (resumes_shared_game(arg, &o->so)) {
	case 0:
		return -1;
	case -1:
		return 1;
	default:
		break;
	}
	return run_shared(&o->so, o->mode == MODE_BATCH, NULL, false, 0,
			  o->ascii);
}
