/*
 * The start menu (front.h).  Every entry is a command line:
 *
 *	Tutorial			ancients tutorial
 *	Battles > NAME			ancients NAME
 *	Play the computer > NAME > SIDE > LEVEL
 *					ancients --ai SIDE --ai-level N NAME
 *	Random battle > ARMY > ENEMY > POINTS > OPPONENT
 *					ancients [--ai SIDE --ai-level N |
 *					--host --side SIDE] FILE
 *	Resume a saved game > SAVE	ancients --resume FILE
 *
 *	Play a friend > Host > NAME > SIDE
 *					ancients --host --side SIDE NAME
 *	Play a friend > GAME > Join	ancients --join GAME
 *	Play a friend > GAME > Watch	ancients --watch GAME
 *
 * A random battle is generated when it is picked, with a fresh seed,
 * and kept as FILE (battle-SEED.ini in the save directory): the game,
 * its saves and its replay hold it like any scenario.
 */
#include "config.h"

#include "app/front.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "app/armycat.h"
#include "app/catalog.h"
#include "app/generate.h"
#include "core/battlegen.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "session/savedir.h"
#include "session/session.h"
#include "session/shared.h"
#include "ui/menu.h"
#include "ui/tui.h"

#define SAVES_SHOWN 40
#define RANDOM_MARK "--random-battle" /* a random battle's leaf, for us */

/*
 * The latest unfinished autosave, even when a finished game was saved
 * since: first on the menu.
 */
static void
add_continue(struct menu_entry *root)
{
	struct session *s;
	struct menu_entry *e;
	const struct scenario *sc;
	const struct game *g;
	char path[4096], label[200], detail[4400], err[512];
	const char *args[2];

	if ((s = session_latest_unfinished(path, sizeof path, err,
					   sizeof err)) == NULL)
		return;
	sc = session_scenario(s);
	g = session_game(s);
	snprintf(label, sizeof label, "Continue: %.22s, turn %d/%d", sc->title,
		 g->turn, sc->turns);
	e = menu_add(root, label);
	snprintf(detail, sizeof detail,
		 "The last unfinished game: %s, turn %d of %d, %s to "
		 "play.",
		 sc->title, g->turn, sc->turns,
		 sc->sides[g->choosing ? g->initiative : g->player].name);
	menu_set_detail(e, detail);
	args[0] = "--resume";
	args[1] = path;
	menu_set_args(e, args, 2);
	session_free(s);
}

/*
 * Reflows text for a narrower column: a single line break becomes a
 * space, a blank line stays a paragraph break.  Returns a new string.
 */
static char *
reflow(const char *text)
{
	char *t = xstrdup(text), *p;

	for (p = t; *p != '\0'; p++)
		if (*p == '\n' && p[1] != '\n' && (p == t || p[-1] != '\n'))
			*p = ' ';
	return t;
}

static char *battle_text(const struct scenario *sc);

/* Host a shared game: battle, then the side the host plays. */
static void
add_hosting(struct menu_entry *host, const struct catalog_item *v, long n)
{
	struct menu_entry *b, *side;
	char label[160], *text;
	const char *args[4];
	long i;
	int k;

	for (i = 0; i < n; i++) {
		const struct scenario *sc = v[i].sc;

		if (sc == NULL)
			continue;
		b = menu_add(host, sc->title);
		text = battle_text(sc);
		menu_set_detail(b, text);
		free(text);
		for (k = 0; k < 2; k++) {
			snprintf(label, sizeof label, "You lead %s",
				 sc->sides[k].name);
			side = menu_add(b, label);
			args[0] = "--host";
			args[1] = "--side";
			args[2] = sc->sides[k].key;
			args[3] = v[i].name;
			menu_set_args(side, args, 4);
		}
	}
}

/* The shared games open now: join a free side, or watch. */
static void
add_shared_games(struct menu_entry *friend)
{
	struct shared_game *g;
	struct menu_entry *e, *k;
	char err[512], label[160], detail[600];
	const char *args[2];
	size_t n, i;

	if (shared_games(&g, &n, err, sizeof err) != 0)
		n = 0, g = NULL;
	for (i = 0; i < n; i++) {
		if (g[i].error != NULL || g[i].over)
			continue;
		snprintf(label, sizeof label, "%s: %.24s, turn %d", g[i].name,
			 g[i].title, g[i].turn);
		e = menu_add(friend, label);
		snprintf(detail, sizeof detail,
			 "%s, turn %d.\n%s: %s\n%s: %s\nwatchers: %d",
			 g[i].title, g[i].turn, g[i].side_key[0],
			 g[i].who.held[0] ? g[i].who.login[0] : "free",
			 g[i].side_key[1],
			 g[i].who.held[1] ? g[i].who.login[1] : "free",
			 g[i].who.watchers);
		menu_set_detail(e, detail);
		args[1] = g[i].name;
		if (!g[i].who.held[0] || !g[i].who.held[1]) {
			k = menu_add(e, "Join: take the free side");
			args[0] = "--join";
			menu_set_args(k, args, 2);
		}
		k = menu_add(e, "Watch");
		args[0] = "--watch";
		menu_set_args(k, args, 2);
	}
	shared_games_free(g, n);
}

/* A battle's detail: its date, summary, length and briefing. */
static char *
battle_text(const struct scenario *sc)
{
	size_t len =
	    strlen(sc->summary) + strlen(sc->briefing) + strlen(sc->date) + 256;
	char *t = xmalloc(len), *b = reflow(sc->briefing);

	snprintf(t, len, "%s%s%s\n%d turns: %s against %s.\n\n%s", sc->date,
		 sc->date[0] != '\0' ? ". " : "", sc->summary, sc->turns,
		 sc->sides[0].name, sc->sides[1].name, b);
	free(b);
	return t;
}

static void
add_battles(struct menu_entry *battles, struct menu_entry *solo,
	    const struct catalog_item *v, long n)
{
	static const char *const levels[] = {
		"Level 1: quick",
		"Level 2: the default",
		"Level 3: strongest, slowest",
	};
	struct menu_entry *b, *s, *side, *lv;
	char label[160], level[4], *text;
	const char *args[8];
	long i;
	int k, l;

	for (i = 0; i < n; i++) {
		const struct scenario *sc = v[i].sc;

		if (sc == NULL)
			continue;
		text = battle_text(sc);
		snprintf(label, sizeof label, "%s", sc->title);
		b = menu_add(battles, label);
		menu_set_detail(b, text);
		args[0] = v[i].name;
		menu_set_args(b, args, 1);
		s = menu_add(solo, label);
		menu_set_detail(s, text);
		for (k = 1; k >= 0; k--) { /* k: the computer's side */
			snprintf(label, sizeof label, "You lead %s",
				 sc->sides[1 - k].name);
			side = menu_add(s, label);
			snprintf(label, sizeof label,
				 "You play %s (%s); the computer plays %s "
				 "(%s).",
				 sc->sides[1 - k].name, sc->sides[1 - k].key,
				 sc->sides[k].name, sc->sides[k].key);
			menu_set_detail(side, label);
			for (l = 1; l <= 3; l++) {
				lv = menu_add(side, levels[l - 1]);
				snprintf(level, sizeof level, "%d", l);
				args[0] = "--ai";
				args[1] = sc->sides[k].key;
				args[2] = "--ai-level";
				args[3] = level;
				args[4] = v[i].name;
				menu_set_args(lv, args, 5);
			}
			side->start = AI_LEVEL_DEFAULT - AI_LEVEL_MIN;
		}
		free(text);
	}
}

/* A save's name: its file name less ".save". */
static void
save_name(const char *path, char *name, size_t size)
{
	const char *base = strrchr(path, '/');
	size_t n;

	base = base != NULL ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".save") == 0)
		n -= 5;
	snprintf(name, size, "%.*s", (int)(n < size ? n : size - 1), base);
}

static void
add_saves(struct menu_entry *resume)
{
	struct save_entry *v;
	struct anc_errs errs;
	struct session *s;
	struct menu_entry *e;
	const struct scenario *sc;
	const struct game *g;
	char err[512], label[200], when[32], detail[4400], name[256];
	const char *args[2];
	size_t n, i;
	struct tm tm;

	if (savedir_scan(&v, &n, err, sizeof err) != 0)
		n = 0, v = NULL;
	for (i = 0; i < n && i < SAVES_SHOWN; i++) {
		anc_errs_init(&errs);
		s = session_load(v[i].path, &errs);
		anc_errs_done(&errs);
		if (s == NULL)
			continue;
		sc = session_scenario(s);
		g = session_game(s);
		if (localtime_r(&v[i].mtime.tv_sec, &tm) == NULL ||
		    strftime(when, sizeof when, "%m-%d %H:%M", &tm) == 0)
			snprintf(when, sizeof when, "?");
		/* A save the player named is listed by its name, the
		 * autosaves by when they were last played. */
		save_name(v[i].path, name, sizeof name);
		snprintf(label, sizeof label, "%.16s %.20s %d/%d%s",
			 strncmp(name, "autosave-", 9) == 0 ? when : name,
			 sc->title, g->turn, sc->turns, g->over ? " over" : "");
		e = menu_add(resume, label);
		snprintf(detail, sizeof detail,
			 "%s, turn %d of %d, %s.\n%s\nSaved as %s, last "
			 "played %s.",
			 sc->title, g->turn, sc->turns,
			 g->over	  ? "the game is over"
			 : g->player == 0 ? sc->sides[0].name
					  : sc->sides[1].name,
			 session_ai(s, NULL) >= 0 ? "Against the computer."
						  : "Two players.",
			 name, when);
		menu_set_detail(e, detail);
		args[0] = "--resume";
		args[1] = v[i].path;
		menu_set_args(e, args, 2);
		session_free(s);
	}
	if (resume->nkids == 0)
		menu_add(resume, "(no saved games yet)");
	savedir_entries_free(v, n);
}

/* The screens of an army choice: drawn, or each list; add() goes on. */
static void add_armies(struct menu_entry *screen, const struct armycat *c,
		       const char *const *chosen, int depth, const char *mine);

/* The last screen: the opponent, each a leaf. */
static void
add_opponents(struct menu_entry *screen, const char *a, const char *b,
	      const char *points)
{
	static const char *const label[] = {
		"Computer, level 1: quick",
		"Computer, level 2: the default",
		"Computer, level 3: strongest",
		"A friend at this keyboard",
		"A friend at another terminal",
	};
	static const char *const word[] = { "ai1", "ai2", "ai3", "hotseat",
					    "host" };
	const char *args[5];
	struct menu_entry *e;
	int i;

	for (i = 0; i < 5; i++) {
		e = menu_add(screen, label[i]);
		args[0] = RANDOM_MARK;
		args[1] = a;
		args[2] = b;
		args[3] = points;
		args[4] = word[i];
		menu_set_args(e, args, 5);
		e->no_command = true;
		menu_set_detail(e, i < 3    ? "You lead the first army, the "
					      "computer the second."
				   : i == 3 ? "Two players take turns at one "
					      "keyboard."
					    : "The screen then says what your "
					      "friend types to join.");
	}
	screen->start = AI_LEVEL_DEFAULT - AI_LEVEL_MIN;
}

static void
add_points(struct menu_entry *screen, const char *a, const char *b)
{
	static const char *const label[] = {
		"40 points: a small battle",
		"60 points: the usual",
		"90 points: a large battle",
	};
	static const char *const value[] = { "40", "60", "90" };
	struct menu_entry *e;
	int i;

	for (i = 0; i < 3; i++) {
		e = menu_add(screen, label[i]);
		menu_set_detail(e, "Each side buys its army with as many "
				   "points from its list.");
	}
	for (i = 0; i < 3; i++)
		add_opponents(&screen->kids[i], a, b, value[i]);
	screen->start = 1;
}

static void
add_armies(struct menu_entry *screen, const struct armycat *c,
	   const char *const *chosen, int depth, const char *mine)
{
	char detail[600], label[100];
	struct menu_entry *e;
	int i;

	snprintf(label, sizeof label, "%s: drawn at random",
		 depth == 0 ? "Your army" : "The enemy");
	e = menu_add(screen, label);
	menu_set_detail(e, depth == 0
			       ? "Your army is drawn when the battle "
				 "is made."
			       : "The enemy is drawn when the battle is "
				 "made, another army than yours if yours "
				 "is drawn too.");
	for (i = 0; i < c->n; i++) {
		snprintf(label, sizeof label, "%s: %s",
			 depth == 0 ? "Your army" : "The enemy",
			 c->armies[i]->name);
		e = menu_add(screen, label);
		snprintf(detail, sizeof detail, "%s\n\n%s",
			 c->armies[i]->summary, c->armies[i]->advice);
		menu_set_detail(e, detail);
	}
	for (i = 0; i <= c->n; i++) {
		const char *key = i == 0 ? "random" : chosen[i - 1];

		if (depth == 0)
			add_armies(&screen->kids[i], c, chosen, 1, key);
		else
			add_points(&screen->kids[i], mine, key);
	}
}

static void
add_random(struct menu_entry *random, const struct armycat *c)
{
	add_armies(random, c, (const char *const *)c->keys, 0, NULL);
}

/*
 * A random battle picked: make it with a fresh seed, keep it in the
 * save directory, and give the options that play it against the
 * opponent picked.  Returns 0, or 1 after saying why on stderr.
 */
static int
random_battle(const char *argv0, char *const *pick, int *argc, char ***argv)
{
	char err[512], dir[4096], path[4200], level[2], *text;
	struct anc_errs errs;
	struct scenario *sc;
	struct armycat c;
	uint64_t seed;
	const char *args[8];
	int a, b, n = 0, k;
	FILE *f;

	if (armycat_load(&c) != 0) {
		armycat_done(&c);
		return 1;
	}
	a = armycat_find(&c, pick[1]);
	b = armycat_find(&c, pick[2]);
	seed = generate_fresh_seed();
	text = generate_text(&c, a, b, atoi(pick[3]), seed, err, sizeof err);
	armycat_done(&c);
	if (text == NULL) {
		fprintf(stderr, "ancients: %s\n", err);
		return 1;
	}
	anc_errs_init(&errs);
	sc = scenario_load_text(text, strlen(text), &errs);
	anc_errs_done(&errs);
	if (sc == NULL ||
	    savedir_path(dir, sizeof dir, true, err, sizeof err) != 0) {
		fprintf(stderr, "ancients: %s\n",
			sc == NULL ? "the battle made does not load (a bug)"
				   : err);
		scenario_free(sc);
		free(text);
		return 1;
	}
	snprintf(path, sizeof path, "%s/battle-%llu.ini", dir,
		 (unsigned long long)seed);
	errno = 0;
	if ((f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) != 0) {
		fprintf(stderr, "ancients: cannot write %s: %s\n", path,
			strerror(errno));
		scenario_free(sc);
		free(text);
		return 1;
	}
	free(text);
	if (strncmp(pick[4], "ai", 2) == 0) {
		snprintf(level, sizeof level, "%c", pick[4][2]);
		args[n++] = "--ai";
		args[n++] = sc->sides[1].key;
		args[n++] = "--ai-level";
		args[n++] = level;
	} else if (strcmp(pick[4], "host") == 0) {
		args[n++] = "--host";
		args[n++] = "--side";
		args[n++] = sc->sides[0].key;
	}
	args[n++] = path;
	*argv = xcalloc((size_t)n + 2, sizeof **argv);
	(*argv)[0] = xstrdup(argv0);
	for (k = 0; k < n; k++)
		(*argv)[k + 1] = xstrdup(args[k]);
	*argc = n + 1;
	scenario_free(sc);
	return 0;
}

/* The menu: built fresh each time (the saves change). */
static void
build(struct menu_entry *root, const struct catalog_item *v, long n,
      const struct armycat *armies)
{
	struct menu_entry *e, *friend;
	const char *args[1] = { "tutorial" };
	char *text;
	int first;
	long i;

	memset(root, 0, sizeof *root);
	root->label = xstrdup("3D6 Ancients");
	for (i = 0; i < n; i++)
		if (strcmp(v[i].name, "tutorial") == 0 && v[i].sc != NULL)
			break;
	add_continue(root);
	if (i < n) {
		e = menu_add(root, "Tutorial: learn to play");
		text = reflow(v[i].sc->briefing);
		menu_set_detail(e, text);
		free(text);
		menu_set_args(e, args, 1);
	}
	/* The entries first, then their screens: menu_add() moves the
	 * entries of the screen it adds to. */
	first = root->nkids;
	menu_set_detail(menu_add(root, "Battles"),
			"The historical battles, for two players at one "
			"keyboard.  Choose one to read its briefing.");
	menu_set_detail(menu_add(root, "Play against the computer"),
			"Choose a battle, the side you lead and how strong "
			"the computer is.");
	if (armies->n > 0)
		menu_set_detail(menu_add(root, "Random battle"),
				"A new battle every time: choose or draw the "
				"two armies, the points each buys its army "
				"with, and your opponent.  The battle is kept "
				"in the save directory as battle-SEED.ini: "
				"play it again with ancients FILE.");
	menu_set_detail(menu_add(root, "Resume a saved game"),
			"Every game is saved after each command.");
	menu_set_detail(menu_add(root, "Play a friend on this machine"),
			"Two terminals, one game: host a battle and tell "
			"your friend its name, or join or watch a game "
			"open now.");
	menu_add(root, "Quit")->quit = true;
	add_battles(&root->kids[first], &root->kids[first + 1], v, n);
	if (armies->n > 0)
		add_random(&root->kids[first + 2], armies);
	first += armies->n > 0;
	add_saves(&root->kids[first + 2]);
	friend = &root->kids[first + 3];
	menu_set_detail(menu_add(friend, "Host a new game"),
			"Choose a battle and your side; the screen then says "
			"what your friend types to join.");
	add_shared_games(friend);
	add_hosting(&friend->kids[0], v, n);
}

int
front_menu(const char *argv0, bool ascii, int *argc, char ***argv)
{
	struct tui_options opt = { .ascii = ascii };
	struct catalog_item *v;
	struct menu_entry root;
	const struct menu_entry *picked;
	struct armycat armies;
	long n;
	int status, k;

	*argv = NULL;
	*argc = 0;
	n = catalog_installed(&v);
	if (n < 0)
		n = 0;
	/* Without good army lists the menu has no random battles; the
	 * lists' errors wait for --list-armies. */
	if (armycat_load_quiet(&armies) != 0) {
		armycat_done(&armies);
		memset(&armies, 0, sizeof armies);
	}
	build(&root, v, n, &armies);
	armycat_done(&armies);
	catalog_items_free(v, n);
	status = tui_menu(&root, &opt, &picked);
	if (status == 0 && picked != NULL &&
	    strcmp(picked->args[0], RANDOM_MARK) == 0)
		status = random_battle(argv0, picked->args, argc, argv);
	else if (status == 0 && picked != NULL) {
		*argv = xcalloc(MENU_ARGS_MAX + 1, sizeof **argv);
		(*argv)[0] = xstrdup(argv0);
		for (k = 0; picked->args[k] != NULL; k++)
			(*argv)[k + 1] = xstrdup(picked->args[k]);
		*argc = k + 1;
	}
	menu_entry_done(&root);
	return status;
}

void
front_free(char **argv)
{
	int i;

	if (argv == NULL)
		return;
	for (i = 0; argv[i] != NULL; i++)
		free(argv[i]);
	free(argv);
}
