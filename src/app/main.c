/*
 * Options, wiring and exit status.  Every mode loads a scenario through
 * the catalog and hands it to the batch player or, as a session that
 * autosaves (save.h), to the curses game; or loads a save to continue,
 * list or replay it.  A plain start offers to resume an unfinished
 * autosave first.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "ai/ai.h"
#include "app/aiplay.h"
#include "app/batch.h"
#include "app/simulate.h"
#include "app/catalog.h"
#include "app/front.h"
#include "app/closeout.h"
#include "session/replay.h"
#include "session/session.h"
#include "session/privilege.h"
#include "session/seat.h"
#include "session/savedir.h"
#include "session/shared.h"
#include "app/savetext.h"
#include "app/termtext.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "ui/tui.h"

#define EXIT_USAGE 64

/* The options the start menu picked (front.h); kept to the end. */
static char **menu_argv;

enum mode {
	MODE_PLAY,
	MODE_BATCH,
	MODE_CHECK,
	MODE_LIST,
	MODE_SAVES,
	MODE_REPLAY,
	MODE_GAMES,
};

/* A shared game's options (--host, --join, --watch, --side, --name). */
struct seat_opts {
	bool host;
	const char *join;  /* --join GAME */
	const char *watch; /* --watch GAME */
	const char *side;  /* --side SIDE */
	const char *name;  /* --name GAME */
};

static void
usage(FILE *f)
{
	fprintf(
	    f,
	    "usage: ancients [--ascii] [--seed N] [SCENARIO]\n"
	    "       ancients [--ascii] --ai SIDE [--ai-level N] [--ai-delay "
	    "MS]\n"
	    "                [--seed N] [SCENARIO]\n"
	    "       ancients [--ascii] --resume [SAVE]\n"
	    "       ancients --batch [--seed N] [--save FILE] [SCENARIO]\n"
	    "       ancients --batch --ai SIDE [--ai-level N] [--seed N] "
	    "[SCENARIO]\n"
	    "       ancients --simulate N [--players P,Q] [--ai-level N] "
	    "[--jobs J]\n"
	    "                [--seed S] [--swap] [--format tsv] SCENARIO...\n"
	    "       ancients --batch --resume [SAVE]\n"
	    "       ancients --replay SAVE\n"
	    "       ancients --check FILE...\n"
	    "       ancients --list\n"
	    "       ancients --saves\n"
	    "       ancients [--batch] --host [--side SIDE] [--name GAME] "
	    "[--seed N] [SCENARIO]\n"
	    "       ancients [--batch] --join GAME [--side SIDE]\n"
	    "       ancients --watch GAME\n"
	    "       ancients --games\n"
	    "\n"
	    "SCENARIO is a file path or the short name of an installed\n"
	    "scenario (see --list); without one, the built-in tutorial.\n"
	    "Every game in the terminal is saved after each command;\n"
	    "started with no SCENARIO, --seed, --ai or --resume, the game\n"
	    "offers to resume the most recent autosave of an unfinished game.\n"
	    "SAVE is a file path or the name of a save (see --saves);\n"
	    "without one, the most recent autosave of an unfinished game.\n"
	    "  --ai SIDE    the computer plays SIDE (a side's key)\n"
	    "  --ai-delay MS  the pause between the computer's commands\n"
	    "               on the screen (default 300; 0 none)\n"
	    "  --ai-level N the computer's strength: 1, 2 (default) or 3\n"
	    "  --ascii      draw with ASCII only\n"
	    "  --batch      read commands from standard input, no terminal\n"
	    "  --check      validate scenario files and report every error\n"
	    "  --games      list the shared games\n"
	    "  --host       open a shared game and play a side of it\n"
	    "  --join GAME  play the free side of the shared game GAME\n"
	    "  --name GAME  (host) the shared game's name\n"
	    "  --player NAME  the player's name in shared games (for a\n"
	    "               launcher; default the login)\n"
	    "  --list       list the installed scenarios\n"
	    "  --replay     show the saved game SAVE command by command\n"
	    "  --resume     continue a saved game, saving every command\n"
	    "  --save FILE  (batch) save the new game to FILE, which must\n"
	    "               not exist, after every command\n"
	    "  --saves      list the saved games, most recent first\n"
	    "  --seed N     seed the dice (a decimal number)\n"
	    "  --side SIDE  (host, join) the side to play: its key\n"
	    "  --watch GAME follow the shared game GAME, read-only\n"
	    "  --help       show this help\n"
	    "  --version    show the version\n");
}

static int
parse_seed(const char *text, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (text[0] < '0' || text[0] > '9')
		return -1;
	errno = 0;
	v = strtoull(text, &end, 10);
	if (errno != 0 || *end != '\0')
		return -1;
	*out = (uint64_t)v;
	return 0;
}

/* A seed for a game that was given none; printed so it can be replayed. */
static uint64_t
fresh_seed(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return ((uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec ^
		(uint64_t)getpid() << 16) %
	       10000000000ULL;
}

/* Prints a loader's errors as ancients: FILE:LINE: message. */
static void
print_errors(const char *path, const struct anc_errs *errs)
{
	size_t i;

	for (i = 0; i < errs->n; i++) {
		if (errs->v[i].line > 0)
			fprintf(stderr, "ancients: %s:%d: %s\n", path,
				errs->v[i].line, errs->v[i].msg);
		else
			fprintf(stderr, "ancients: %s: %s\n", path,
				errs->v[i].msg);
	}
}

/*
 * Finds the save a --resume argument names (NULL: the most recent
 * autosave of an unfinished game) and loads it.  Returns a new session, or NULL
 * after printing why.
 */
static struct session *
open_save(const char *arg, char *path, size_t pathlen)
{
	struct anc_errs errs;
	struct session *s;
	char err[512];
	int r;

	if (arg == NULL) {
		s = session_latest_unfinished(path, pathlen, err, sizeof err);
		if (s == NULL)
			fprintf(stderr, "ancients: %s\n", err);
		else if (session_notice(s) != NULL)
			fprintf(stderr, "ancients: %s: %s\n", path,
				session_notice(s));
		return s;
	}
	r = savedir_resolve(arg, path, pathlen, err, sizeof err);
	if (r != 0) {
		fprintf(stderr, "ancients: %s\n", err);
		return NULL;
	}
	anc_errs_init(&errs);
	if ((s = session_load(path, &errs)) == NULL)
		print_errors(path, &errs);
	else if (session_notice(s) != NULL)
		fprintf(stderr, "ancients: %s: %s\n", path, session_notice(s));
	anc_errs_done(&errs);
	return s;
}

/* How a new game's save names its scenario. */
static const char *
scenario_label(const char *name)
{
	return name != NULL ? name : "(built-in tutorial)";
}

/*
 * A new session of the scenario name (NULL: the built-in one) with the
 * seed.  Returns it, or NULL after printing why.
 */
static struct session *
new_session(const char *name, uint64_t seed)
{
	struct scenario *sc;

	if ((sc = catalog_open(name)) == NULL)
		return NULL;
	return session_adopt(sc, scenario_label(name), seed);
}

/* The --ai options: the side's key (NULL: none), the level and the
 * pause between commands on the screen. */
struct ai_opts {
	const char *side;
	int level;
	int delay;
};

/* The side --ai names in s's game: 0 or 1, -1 for none, or -2 after
 * saying that there is no such side. */
static int
batch_ai_side(struct session *s, const struct ai_opts *o)
{
	const struct game *g = session_game(s);
	int side;

	if (o->side == NULL)
		return -1;
	if ((side = aiplay_side_parse(g, o->side)) < 0) {
		fprintf(stderr, "ancients: --ai %s: no such side (%s or %s)\n",
			o->side, g->sc->sides[0].key, g->sc->sides[1].key);
		return -2;
	}
	return side;
}

/* Batch mode on s with the computer playing o->side whenever it must. */
static int
run_batch_ai(struct session *s, const struct ai_opts *o)
{
	struct aiplay *ap;
	int side, status;

	if ((side = batch_ai_side(s, o)) == -2)
		return EXIT_USAGE;
	ap = aiplay_new(session_seed(s), o->level, side);
	status = batch_play_ai(s, stdin, stdout, ap);
	aiplay_free(ap);
	return status;
}

static int
run_batch(const char *name, bool seeded, uint64_t seed, const char *file,
	  const struct ai_opts *ai)
{
	struct session *s;
	struct stat st;
	char err[512];
	int status;

	if (file != NULL && stat(file, &st) == 0) {
		if (!S_ISREG(st.st_mode))
			fprintf(stderr,
				"ancients: %s exists and is no file: --save "
				"writes a new file\n",
				file);
		else
			fprintf(stderr,
				"ancients: %s exists: continue it with "
				"--batch --resume %s\n",
				file, file);
		return 1;
	}
	if (!seeded)
		seed = fresh_seed();
	if ((s = new_session(name, seed)) == NULL)
		return 1;
	/* A wrong --ai prints no seed and leaves no save behind. */
	if (batch_ai_side(s, ai) == -2) {
		session_free(s);
		return EXIT_USAGE;
	}
	if (file != NULL && session_set_file(s, file, err, sizeof err) != 0) {
		fprintf(stderr, "ancients: %s\n", err);
		session_free(s);
		return 1;
	}
	if (!seeded)
		printf("seed %" PRIu64 "\n", seed);
	session_allow_dice(s, true);
	status = run_batch_ai(s, ai);
	session_free(s);
	return status;
}

static int
run_batch_resume(const char *arg, const struct ai_opts *ai)
{
	struct session *s;
	char path[4096];
	int status;

	if ((s = open_save(arg, path, sizeof path)) == NULL)
		return 1;
	session_allow_dice(s, true);
	status = run_batch_ai(s, ai);
	session_free(s);
	return status;
}

/*
 * The file --replay ARG shows: a save as --resume takes it, else the
 * journal of the shared game ARG.  0, or -1 after saying why.
 */
static int
replay_path(const char *arg, char *path, size_t len, bool *shared)
{
	char err[512], why[512];
	int found;

	*shared = false;
	if (savedir_resolve(arg, path, len, err, sizeof err) == 0)
		return 0;
	found = shared_journal(arg, path, len, why, sizeof why);
	*shared = found > 0;
	if (found > 0)
		return 0;
	if (found < 0)
		fprintf(stderr, "ancients: %s\n", why);
	else if (shared_check_name(arg, why, sizeof why) == 0)
		fprintf(stderr,
			"ancients: %s, nor a shared game of that name "
			"(ancients --games lists them)\n",
			err);
	else
		fprintf(stderr, "ancients: %s\n", err);
	return -1;
}

static int
run_replay(const char *arg, bool ascii)
{
	struct tui_options opt = { .ascii = ascii };
	struct anc_errs errs;
	struct replay *r;
	char path[4096];
	int status;
	bool shared;

	if (replay_path(arg, path, sizeof path, &shared) != 0)
		return 1;
	anc_errs_init(&errs);
	/* A shared game's journal is read through the game (a set-group-ID
	 * install's directory is closed to players). */
	if (shared)
		privilege_raise();
	r = replay_open(path, &errs);
	if (shared)
		privilege_lower();
	if (r == NULL) {
		print_errors(path, &errs);
		anc_errs_done(&errs);
		return 1;
	}
	anc_errs_done(&errs);
	if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		status = tui_replay(r, &opt);
		replay_free(r);
		if (status > 128 && status != 128 + SIGHUP)
			fprintf(stderr, "ancients: stopped by signal %d\n",
				status - 128);
		return status;
	}
	savetext_replay(r, path, stdout);
	replay_free(r);
	return fflush(stdout) == 0 ? 0 : 1;
}

/*
 * After the curses game: where the game is saved and how to go on, once
 * the terminal is restored.  Nothing after a hangup: the terminal is gone.
 */
static void
report_end(const struct session *s, int status)
{
	const char *path = session_path(s);
	char latest[4096], err[512], how[4200];
	struct session *latest_s = NULL;
	struct stat st;

	if (status == 1 || status == 128 + SIGHUP)
		return;
	if (path == NULL || stat(path, &st) != 0) {
		if (status == 0)
			printf("Nothing was played, so nothing was saved.\n");
		else
			fprintf(stderr,
				"ancients: stopped by signal %d; "
				"nothing was played\n",
				status - 128);
		return;
	}
	/* What a bare --resume takes: the latest unfinished autosave. */
	if (!session_game(s)->over &&
	    (latest_s = session_latest_unfinished(latest, sizeof latest, err,
						  sizeof err)) != NULL &&
	    strcmp(latest, path) == 0)
		snprintf(how, sizeof how, "ancients --resume");
	else
		snprintf(how, sizeof how, "ancients --resume %s", path);
	session_free(latest_s);
	if (status == 0 && session_game(s)->over)
		printf("Saved as %s; watch it again with ancients --replay "
		       "%s\n",
		       path, path);
	else if (status == 0)
		printf("Saved as %s; resume with %s\n", path, how);
	else
		fprintf(stderr,
			"ancients: stopped by signal %d; saved as %s; "
			"resume with %s\n",
			status - 128, path, how);
}

/* Plays s in the terminal, then says where it is saved. */
static int
play_session(struct session *s, bool ascii, const struct ai_opts *ai)
{
	struct tui_options opt = { .ascii = ascii, .ai_delay = ai->delay };
	const struct game *g = session_game(s);
	int status, side;

	/* A new solo game; a resumed one plays on as its save says. */
	if (ai->side != NULL) {
		if ((side = aiplay_side_parse(g, ai->side)) < 0) {
			fprintf(stderr,
				"ancients: --ai %s: no such side "
				"(%s or %s)\n",
				ai->side, g->sc->sides[0].key,
				g->sc->sides[1].key);
			session_free(s);
			return EXIT_USAGE;
		}
		session_set_ai(s, side, ai->level);
	}

	status = tui_run_session(s, &opt);
	report_end(s, status);
	session_free(s);
	return status;
}

static int
run_resume_play(const char *arg, bool ascii, const struct ai_opts *ai)
{
	struct session *s;
	char path[4096];

	if ((s = open_save(arg, path, sizeof path)) == NULL)
		return 1;
	return play_session(s, ascii, ai);
}

/*
 * A plain start: if an autosave holds an unfinished game (the most
 * recent such), asks on the terminal whether to resume it (no unless the
 * answer is yes).  Returns the session to resume, or NULL for a new game.
 */
static struct session *
offer_resume(void)
{
	struct session *s;
	struct stat st;
	char path[4096], err[512], question[512], line[560], *answer = NULL;
	size_t cap = 0;
	bool yes;

	s = session_latest_unfinished(path, sizeof path, err, sizeof err);
	if (s == NULL)
		return NULL;
	if (stat(path, &st) != 0) {
		session_free(s);
		return NULL;
	}
	savetext_resume_question(s, st.st_mtime, question, sizeof question);
	/* The answer's hint wraps with the words before it. */
	snprintf(line, sizeof line, "%s [y/N]", question);
	termtext_print_wrapped(stdout, line, termtext_width());
	printf(" ");
	fflush(stdout);
	yes = getline(&answer, &cap, stdin) > 0 && savetext_answer_yes(answer);
	free(answer);
	if (!yes) {
		session_free(s);
		return NULL;
	}
	return s;
}

static int
run_play(const char *name, bool seeded, uint64_t seed, bool ascii,
	 const struct ai_opts *ai)
{
	struct session *s = NULL;
	char err[512];

	if (tui_check() != 0)
		return 1;
	if (name == NULL && !seeded && ai->side == NULL &&
	    (s = offer_resume()) != NULL)
		return play_session(s, ascii, ai);
	if ((s = new_session(name, seeded ? seed : fresh_seed())) == NULL)
		return 1;
	if (session_autosave_new(s, err, sizeof err) != 0) {
		fprintf(stderr, "ancients: cannot save games: %s\n", err);
		session_free(s);
		return 1;
	}
	return play_session(s, ascii, ai);
}

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
		if ((s = new_session(name, seeded ? seed : fresh_seed())) ==
		    NULL)
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
 * a shared game is.  Then so joins it.
 */
static bool
shared_resume(const char *arg, struct seat_opts *so)
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
			return false;
		memcpy(name, base, n);
		name[n] = '\0';
		snprintf(dir, sizeof dir, "%.*s", (int)(base - arg), arg);
		if (dir[0] == '\0')
			snprintf(dir, sizeof dir, ".");
		setenv("ANCIENTS_SHARED_DIR", dir, 1);
		so->join = name;
		return true;
	}
	if (savedir_resolve(arg, path, sizeof path, err, sizeof err) == 0 &&
	    stat(path, &st) == 0)
		return false;
	if (shared_check_name(arg, err, sizeof err) != 0 ||
	    shared_dir(dir, sizeof dir, false, err, sizeof err) != 0)
		return false;
	snprintf(path, sizeof path, "%s/%s.journal", dir, arg);
	if (stat(path, &st) != 0)
		return false;
	snprintf(name, sizeof name, "%s", arg);
	so->join = name;
	return true;
}

/* --games: one line a game, most recent first. */
static int
run_games(void)
{
	static const char *const phases[] = { "movement", "shooting", "combat",
					      "morale", "breakpoint" };
	struct shared_game *v;
	struct tm tm;
	char err[512], when[32], side[2][96];
	size_t n, i;
	int k, status = 0;

	if (shared_games(&v, &n, err, sizeof err) != 0) {
		fprintf(stderr, "ancients: %s\n", err);
		return 1;
	}
	if (n == 0)
		printf("No shared games: open one with ancients --host\n");
	for (i = 0; i < n; i++) {
		localtime_r(&v[i].mtime, &tm);
		strftime(when, sizeof when, "%Y-%m-%d %H:%M", &tm);
		if (v[i].error != NULL) {
			printf("%-16s %s  (damaged)\n", v[i].name, when);
			fprintf(stderr, "ancients: %s\n", v[i].error);
			status = 1;
			continue;
		}
		for (k = 0; k < 2; k++)
			snprintf(side[k], sizeof side[k], "%s=%s",
				 v[i].side_key[k],
				 v[i].who.held[k] ? v[i].who.login[k] : "free");
		if (v[i].over)
			printf("%-16s %s  %s  over, %s%s  %s %s  watchers=%d\n",
			       v[i].name, when, v[i].title,
			       v[i].winner >= 0 ? v[i].side_key[v[i].winner]
						: "a draw",
			       v[i].winner >= 0 ? " won" : "", side[0],
			       side[1], v[i].who.watchers);
		else
			printf("%-16s %s  %s  turn %d %s %s  %s %s  "
			       "watchers=%d\n",
			       v[i].name, when, v[i].title, v[i].turn,
			       v[i].side_key[v[i].player], phases[v[i].phase],
			       side[0], side[1], v[i].who.watchers);
	}
	shared_games_free(v, n);
	return status;
}

/* The command line, parsed. */
struct cli {
	enum mode mode;
	struct seat_opts so;
	struct ai_opts ai;
	bool seeded, ascii, resume;
	uint64_t seed;
	const char *save_file;	 /* --save FILE */
	const char *replay_file; /* --replay SAVE */
	char **args;		 /* the operands */
	int nargs;
};

/* A millisecond option's value, 0-60000; -1 when it is not one. */
static long
parse_delay(const char *text)
{
	unsigned long ms;
	char *end;

	errno = 0;
	ms = strtoul(text, &end, 10);
	if (text[0] < '0' || text[0] > '9' || *end != '\0' || errno != 0 ||
	    ms > 60000)
		return -1;
	return (long)ms;
}

/*
 * Reads the options into c.  Returns -1 to go on, else the exit status
 * (--help, --version, a usage error, each already reported).
 */
static int
parse_options(int argc, char **argv, struct cli *c)
{
	static const struct option longopts[] = {
		{ "ai", required_argument, NULL, 'A' },
		{ "ai-delay", required_argument, NULL, 'y' },
		{ "ai-level", required_argument, NULL, 'E' },
		{ "ascii", no_argument, NULL, 'a' },
		{ "batch", no_argument, NULL, 'b' },
		{ "check", no_argument, NULL, 'c' },
		{ "games", no_argument, NULL, 'G' },
		{ "host", no_argument, NULL, 'H' },
		{ "join", required_argument, NULL, 'J' },
		{ "name", required_argument, NULL, 'N' },
		{ "player", required_argument, NULL, 'P' },
		{ "side", required_argument, NULL, 'D' },
		{ "watch", required_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "replay", required_argument, NULL, 'p' },
		{ "resume", no_argument, NULL, 'r' },
		{ "save", required_argument, NULL, 'S' },
		{ "saves", no_argument, NULL, 'L' },
		{ "seed", required_argument, NULL, 's' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	long ms;
	int ch;

	while ((ch = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (ch) {
		case 'A':
			/* One side: the computer plays it, the person the
			 * other (the simulator plays both). */
			if (c->ai.side != NULL &&
			    strcmp(c->ai.side, optarg) != 0) {
				fprintf(stderr,
					"ancients: --ai names the one side the "
					"computer plays: \"%s\" and \"%s\" "
					"were given (--simulate plays both)\n",
					c->ai.side, optarg);
				return EXIT_USAGE;
			}
			c->ai.side = optarg;
			break;
		case 'y':
			if ((ms = parse_delay(optarg)) < 0) {
				fprintf(stderr,
					"ancients: --ai-delay takes "
					"milliseconds from 0 to 60000, not "
					"\"%s\"\n",
					optarg);
				return EXIT_USAGE;
			}
			c->ai.delay = (int)ms;
			break;
		case 'E':
			if (strlen(optarg) != 1 || optarg[0] < '1' ||
			    optarg[0] > '0' + AI_LEVEL_MAX) {
				fprintf(stderr,
					"ancients: --ai-level takes "
					"1, 2 or 3, not \"%s\"\n",
					optarg);
				return EXIT_USAGE;
			}
			c->ai.level = optarg[0] - '0';
			break;
		case 'a':
			c->ascii = true;
			break;
		case 'b':
			c->mode = MODE_BATCH;
			break;
		case 'c':
			c->mode = MODE_CHECK;
			break;
		case 'G':
			c->mode = MODE_GAMES;
			break;
		case 'H':
			c->so.host = true;
			break;
		case 'J':
			c->so.join = optarg;
			break;
		case 'N':
			c->so.name = optarg;
			break;
		case 'P': {
			char err[128];

			/* A launcher's name for its player (docs/server.md). */
			if (seat_set_player(optarg, err, sizeof err) != 0) {
				fprintf(stderr, "ancients: %s\n", err);
				return EXIT_USAGE;
			}
			break;
		}
		case 'D':
			c->so.side = optarg;
			break;
		case 'W':
			c->so.watch = optarg;
			break;
		case 'l':
			c->mode = MODE_LIST;
			break;
		case 'L':
			c->mode = MODE_SAVES;
			break;
		case 'p':
			c->mode = MODE_REPLAY;
			c->replay_file = optarg;
			break;
		case 'r':
			c->resume = true;
			break;
		case 'S':
			c->save_file = optarg;
			break;
		case 's':
			if (parse_seed(optarg, &c->seed) != 0) {
				fprintf(stderr,
					"ancients: --seed takes a "
					"whole number from 0 to %" PRIu64
					", not "
					"\"%s\"\n",
					UINT64_MAX, optarg);
				return EXIT_USAGE;
			}
			c->seeded = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("%s\n", PACKAGE_STRING);
			return 0;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	c->args = argv + optind;
	c->nargs = argc - optind;
	return -1;
}

/*
 * The modes that take no game to play (--check, --list, --games,
 * --saves, --replay).  Returns -1 for the others.
 */
static int
run_listing(const struct cli *c)
{
	if (c->mode == MODE_CHECK) {
		if (c->nargs < 1) {
			fprintf(stderr, "ancients: --check needs at least one "
					"scenario file\n");
			return EXIT_USAGE;
		}
		return catalog_check(c->args, c->nargs);
	}
	if (c->mode != MODE_LIST && c->mode != MODE_GAMES &&
	    c->mode != MODE_SAVES && c->mode != MODE_REPLAY)
		return -1;
	if (c->nargs > 0) {
		usage(stderr);
		return EXIT_USAGE;
	}
	switch (c->mode) {
	case MODE_LIST:
		return catalog_list();
	case MODE_GAMES:
		return run_games();
	case MODE_SAVES:
		return savetext_list(stdout, stderr);
	default:
		return run_replay(c->replay_file, c->ascii);
	}
}

/* --host, --join or --watch, checked and started. */
static int
run_shared_cli(struct cli *c)
{
	const struct seat_opts *so = &c->so;

	if ((so->host + (so->join != NULL) + (so->watch != NULL)) > 1) {
		fprintf(stderr, "ancients: --host, --join and --watch do not "
				"go together\n");
		return EXIT_USAGE;
	}
	if (c->resume || c->save_file != NULL ||
	    (!so->host && (c->nargs > 0 || c->seeded)) ||
	    (so->watch != NULL &&
	     (so->side != NULL || c->mode == MODE_BATCH))) {
		fprintf(stderr, "ancients: a shared game takes: --host "
				"[--side SIDE] [--name GAME] [--seed N] "
				"[SCENARIO], --join GAME [--side SIDE] or "
				"--watch GAME\n");
		return EXIT_USAGE;
	}
	if (c->nargs > 1) {
		fprintf(stderr,
			"ancients: one scenario at a time "
			"(got %d)\n",
			c->nargs);
		return EXIT_USAGE;
	}
	return run_shared(so, c->mode == MODE_BATCH,
			  c->nargs == 1 ? c->args[0] : NULL, c->seeded, c->seed,
			  c->ascii);
}

/* A game of one's own: new or resumed, in the terminal or in batch. */
static int
run_game_cli(struct cli *c)
{
	bool batch = c->mode == MODE_BATCH;
	const char *name;

	if (c->so.side != NULL || c->so.name != NULL) {
		fprintf(stderr, "ancients: --side and --name are for a shared "
				"game (--host, --join)\n");
		return EXIT_USAGE;
	}
	if (c->save_file != NULL && (!batch || c->resume)) {
		fprintf(stderr, "ancients: --save starts a new batch game: "
				"use it with --batch and without --resume\n");
		return EXIT_USAGE;
	}
	if (c->save_file != NULL && c->save_file[0] == '\0') {
		fprintf(stderr,
			"ancients: --save needs a file name, not \"\"\n");
		return EXIT_USAGE;
	}
	if (c->resume && c->seeded) {
		fprintf(stderr, "ancients: --seed and --resume do not go "
				"together: a save keeps its own seed\n");
		return EXIT_USAGE;
	}
	if (c->resume && c->ai.side != NULL && !batch) {
		fprintf(stderr,
			"ancients: --ai and --resume do not go "
			"together: a solo save keeps the computer's side and "
			"level\n");
		return EXIT_USAGE;
	}
	if (c->nargs > 1) {
		fprintf(stderr, "ancients: one %s at a time (got %d)\n",
			c->resume ? "save" : "scenario", c->nargs);
		return EXIT_USAGE;
	}
	name = c->nargs == 1 ? c->args[0] : NULL;
	if (c->resume && name != NULL && shared_resume(name, &c->so))
		return run_shared(&c->so, batch, NULL, false, 0, c->ascii);
	if (c->resume)
		return batch ? run_batch_resume(name, &c->ai)
			     : run_resume_play(name, c->ascii, &c->ai);
	if (batch)
		return run_batch(name, c->seeded, c->seed, c->save_file,
				 &c->ai);
	return run_play(name, c->seeded, c->seed, c->ascii, &c->ai);
}

int
main(int argc, char **argv)
{
	struct cli c = {
		.mode = MODE_PLAY,
		.ai = { NULL, AI_LEVEL_DEFAULT, TUI_AI_DELAY_DEFAULT },
	};
	int i, status;

	/* Set-group-ID: lowered before anything reads a path or a variable. */
	if (privilege_init() != 0) {
		fprintf(stderr, "ancients: cannot lower the set-group-ID "
				"privilege: not running privileged\n");
		return 1;
	}
	closeout_install();
	for (i = 1; i < argc; i++)
		if (strncmp(argv[i], "--simulate", 10) == 0)
			return simulate_main(argc, argv);
	/* A launcher names its player first (docs/server.md); with no
	 * other argument the start menu still comes. */
	if (argc >= 3 && strcmp(argv[1], "--player") == 0) {
		char err[128];

		if (seat_set_player(argv[2], err, sizeof err) != 0) {
			fprintf(stderr, "ancients: %s\n", err);
			return EXIT_USAGE;
		}
		argv[2] = argv[0];
		argv += 2;
		argc -= 2;
	}
	/* No arguments in a terminal: the start menu picks them. */
	if (argc == 1 && isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
		status = front_menu(argv[0], false, &argc, &menu_argv);
		if (status != 0 || menu_argv == NULL)
			return status;
		argv = menu_argv;
	}
	if ((status = parse_options(argc, argv, &c)) >= 0)
		return status;
	if ((status = run_listing(&c)) >= 0)
		return status;
	if (c.so.host || c.so.join != NULL || c.so.watch != NULL)
		return run_shared_cli(&c);
	return run_game_cli(&c);
}
