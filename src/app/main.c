/*
 * The program: reads the command line (options.h) and runs the mode it
 * asks for, returning its exit status.  A game of one's own is a
 * session (session/session.h) of a scenario the catalog finds, or of a
 * save to continue, played by the batch player or in the terminal,
 * where it autosaves after every command; a plain start offers to
 * resume an unfinished autosave first.  The listings and --replay take
 * no game to play.  The shared games' modes are in sharedcli.c,
 * --simulate in simulate.c, --generate and --list-armies in generate.c.
 */
#include "config.h"

#include <inttypes.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/aiplay.h"
#include "app/batch.h"
#include "app/simulate.h"
#include "app/generate.h"
#include "app/catalog.h"
#include "app/front.h"
#include "app/closeout.h"
#include "app/newgame.h"
#include "app/options.h"
#include "app/sharedcli.h"
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

/* The options the start menu picked (front.h); kept to the end. */
static char **menu_argv;

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
		seed = newgame_seed();
	if ((s = newgame_session(name, seed)) == NULL)
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
	if ((s = newgame_session(name, seeded ? seed : newgame_seed())) == NULL)
		return 1;
	if (session_autosave_new(s, err, sizeof err) != 0) {
		fprintf(stderr, "ancients: cannot save games: %s\n", err);
		session_free(s);
		return 1;
	}
	return play_session(s, ascii, ai);
}

/*
 * The modes that take no game to play (--check, --list, --games,
 * --saves, --replay).  Returns -1 for the others.
 */
static int
run_listing(const struct options *o)
{
	if (o->mode == MODE_CHECK) {
		if (o->nargs < 1) {
			fprintf(stderr, "ancients: --check needs at least one "
					"scenario file\n");
			return EXIT_USAGE;
		}
		return catalog_check(o->args, o->nargs);
	}
	if (o->mode != MODE_LIST && o->mode != MODE_GAMES &&
	    o->mode != MODE_SAVES && o->mode != MODE_REPLAY)
		return -1;
	if (o->nargs > 0) {
		options_usage(stderr);
		return EXIT_USAGE;
	}
	switch (o->mode) {
	case MODE_LIST:
		return catalog_list();
	case MODE_GAMES:
		return sharedcli_list();
	case MODE_SAVES:
		return savetext_list(stdout, stderr);
	default:
		return run_replay(o->replay_file, o->ascii);
	}
}

/* A game of one's own: new or resumed, in the terminal or in batch. */
static int
run_game_cli(struct options *o)
{
	bool batch = o->mode == MODE_BATCH;
	const char *name;
	int status;

	if (o->so.side != NULL || o->so.name != NULL) {
		fprintf(stderr, "ancients: --side and --name are for a shared "
				"game (--host, --join)\n");
		return EXIT_USAGE;
	}
	if (o->save_file != NULL && (!batch || o->resume)) {
		fprintf(stderr, "ancients: --save starts a new batch game: "
				"use it with --batch and without --resume\n");
		return EXIT_USAGE;
	}
	if (o->save_file != NULL && o->save_file[0] == '\0') {
		fprintf(stderr,
			"ancients: --save needs a file name, not \"\"\n");
		return EXIT_USAGE;
	}
	if (o->resume && o->seeded) {
		fprintf(stderr, "ancients: --seed and --resume do not go "
				"together: a save keeps its own seed\n");
		return EXIT_USAGE;
	}
	if (o->resume && o->ai.side != NULL && !batch) {
		fprintf(stderr,
			"ancients: --ai and --resume do not go "
			"together: a solo save keeps the computer's side and "
			"level\n");
		return EXIT_USAGE;
	}
	if (o->nargs > 1) {
		fprintf(stderr, "ancients: one %s at a time (got %d)\n",
			o->resume ? "save" : "scenario", o->nargs);
		return EXIT_USAGE;
	}
	name = o->nargs == 1 ? o->args[0] : NULL;
	if (o->resume && name != NULL &&
	    (status = sharedcli_resume(name, o)) >= 0)
		return status;
	if (o->resume)
		return batch ? run_batch_resume(name, &o->ai)
			     : run_resume_play(name, o->ascii, &o->ai);
	if (batch)
		return run_batch(name, o->seeded, o->seed, o->save_file,
				 &o->ai);
	return run_play(name, o->seeded, o->seed, o->ascii, &o->ai);
}

int
main(int argc, char **argv)
{
	struct options o;
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
	/* Commands of their own, with options of their own. */
	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--generate") == 0)
			return generate_main(argc, argv);
		if (strcmp(argv[i], "--list-armies") == 0)
			return generate_list_armies(argc, argv);
	}
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
	if ((status = options_parse(argc, argv, &o)) >= 0)
		return status;
	if ((status = run_listing(&o)) >= 0)
		return status;
	if (o.so.host || o.so.join != NULL || o.so.watch != NULL)
		return sharedcli_run(&o);
	return run_game_cli(&o);
}
