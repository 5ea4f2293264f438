/*
 * The start menu (front.h).  Every entry is a command line:
 *
 *	Tutorial			ancients tutorial
 *	Battles > NAME			ancients NAME
 *	Play the computer > NAME > SIDE > LEVEL
 *					ancients --ai SIDE --ai-level N NAME
 *	Resume a saved game > SAVE	ancients --resume FILE
 *
 *	Play a friend > Host > NAME > SIDE
 *					ancients --host --side SIDE NAME
 *	Play a friend > GAME > Join	ancients --join GAME
 *	Play a friend > GAME > Watch	ancients --watch GAME
 */
#include "config.h"

#include "app/front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ai/ai.h"
#include "app/catalog.h"
#include "core/game.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "session/savedir.h"
#include "session/session.h"
#include "session/shared.h"
#include "ui/menu.h"
#include "ui/tui.h"

#define SAVES_SHOWN 40

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

static void
add_saves(struct menu_entry *resume)
{
	struct save_entry *v;
	struct anc_errs errs;
	struct session *s;
	struct menu_entry *e;
	const struct scenario *sc;
	const struct game *g;
	char err[512], label[200], when[32], detail[4400];
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
		snprintf(label, sizeof label, "%s %.20s %d/%d%s", when,
			 sc->title, g->turn, sc->turns, g->over ? " over" : "");
		e = menu_add(resume, label);
		snprintf(detail, sizeof detail,
			 "%s, turn %d of %d, %s.\n%s", sc->title, g->turn,
			 sc->turns,
			 g->over	  ? "the game is over"
			 : g->player == 0 ? sc->sides[0].name
					  : sc->sides[1].name,
			 session_ai(s, NULL) >= 0 ? "Against the computer."
						  : "Two players.");
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

/* The menu: built fresh each time (the saves change). */
static void
build(struct menu_entry *root, const struct catalog_item *v, long n)
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
	menu_set_detail(menu_add(root, "Resume a saved game"),
			"Every game is saved after each command.");
	menu_set_detail(menu_add(root, "Play a friend on this machine"),
			"Two terminals, one game: host a battle and tell "
			"your friend its name, or join or watch a game "
			"open now.");
	menu_add(root, "Quit")->quit = true;
	add_battles(&root->kids[first], &root->kids[first + 1], v, n);
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
	long n;
	int status, k;

	*argv = NULL;
	*argc = 0;
	n = catalog_installed(&v);
	if (n < 0)
		n = 0;
	build(&root, v, n);
	catalog_items_free(v, n);
	status = tui_menu(&root, &opt, &picked);
	if (status == 0 && picked != NULL) {
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
