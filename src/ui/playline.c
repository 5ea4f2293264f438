/*
 * The prompt's language (see play.h): a typed line becomes a command for
 * play_apply() or one of the prompt's own words (undo, select, aim,
 * save, quit, help, ...); and Tab completes a line of that language.
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "session/session.h"
#include "session/shared.h"
#include "core/game.h"
#include "core/map.h"
#include "core/scenario/scenario.h"
#include "core/xmalloc.h"
#include "ui/cmdwords.h"
#include "ui/complete.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"

/* The next word of a line, lower-cased or not, and where the rest starts. */
static const char *
take_word(const char *line, char *word, size_t len, bool lower)
{
	size_t n = 0;

	while (*line == ' ' || *line == '\t')
		line++;
	while (*line != '\0' && *line != ' ' && *line != '\t' && *line != '#' &&
	       *line != '\r' && *line != '\n') {
		if (n + 1 < len)
			word[n++] =
			    lower ? (char)tolower((unsigned char)*line) : *line;
		line++;
	}
	word[n] = '\0';
	while (*line == ' ' || *line == '\t')
		line++;
	return line;
}

/* goto HEX and select UNIT: the prompt's way to aim the cursor. */
static int
aim_command(struct play *p, bool select, const char *rest)
{
	char arg[32], extra[32];
	struct hex h;
	int u;

	rest = take_word(rest, arg, sizeof arg, false);
	take_word(rest, extra, sizeof extra, false);
	if (arg[0] == '\0' || extra[0] != '\0') {
		play_set_msg(p, MSG_ERROR, "error: %s takes one %s",
			     select ? "select" : "goto",
			     select ? "unit ID" : "hex (CCRR)");
		return -1;
	}
	if (select) {
		u = scenario_find_unit(p->sc, arg);
		if (u < 0) {
			play_set_msg(p, MSG_ERROR, "error: there is no unit %s",
				     arg);
			return -1;
		}
		if (!p->g->units[u].on_map) {
			play_set_msg(p, MSG_ERROR,
				     "error: %s is no longer on the "
				     "map",
				     arg);
			return -1;
		}
		p->sel.cursor = p->g->units[u].hex;
		play_select(p, u);
		play_set_msg(p, MSG_INFO, "%s selected", arg);
		return 0;
	}
	if (hex_parse(arg, &h) != 0 || !map_contains(&p->sc->map, h)) {
		play_set_msg(p, MSG_ERROR, "error: %s is not a hex of this map",
			     arg);
		return -1;
	}
	p->sel.cursor = h;
	return 0;
}

/* Whether two paths name one file (both exist). */
static bool
same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return true;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	       sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/*
 * save: the game is saved as it goes; this writes it now and says where.
 * save NAME: a copy as the save NAME (a name, never a path), while the
 * game goes on saving to its own file.
 */
static int
save_command(struct play *p, const char *rest)
{
	char name[LINEEDIT_MAX], extra[LINEEDIT_MAX], path[4096], err[512];
	const char *own = session_path(p->s);

	rest = take_word(rest, name, sizeof name, false);
	take_word(rest, extra, sizeof extra, false);
	if (extra[0] != '\0') {
		play_set_msg(p, MSG_ERROR,
			     "error: save takes at most one word, a name");
		return -1;
	}
	if (name[0] == '\0') {
		if (own == NULL) {
			play_set_msg(p, MSG_ERROR,
				     "error: this game has no save file: "
				     "give it a name (save NAME)");
			return -1;
		}
		snprintf(path, sizeof path, "%s", own);
		if (session_set_file(p->s, path, err, sizeof err) != 0) {
			play_set_msg(p, MSG_ERROR, "error: %s", err);
			return -1;
		}
		play_set_msg(p, MSG_INFO, "Saved as %s", path);
	} else {
		if (session_save_as(p->s, name, path, sizeof path, err,
				    sizeof err) != 0) {
			play_set_msg(p, MSG_ERROR, "error: %s", err);
			return -1;
		}
		if (own != NULL && same_file(path, own))
			/* The name of the game's own save: no copy. */
			play_set_msg(p, MSG_INFO, "Saved as %s", path);
		else if (own != NULL)
			play_set_msg(p, MSG_INFO,
				     "Saved a copy as %s; the game goes on "
				     "saving to %s",
				     path, own);
		else
			play_set_msg(p, MSG_INFO, "Saved a copy as %s", path);
	}
	logbuf_add(p->log.buf, LOG_NOTICE, -1, p->msg.text);
	return 0;
}

/*
 * `ai`: the computer plays for the side that must act now until the
 * other side must (the screen's loop plays it: play_ai_due()).
 */
static int
ai_command(struct play *p)
{
	int side = game_side_to_act(p->g);

	if (side < 0) {
		play_set_msg(p, MSG_ERROR,
			     "error: the game is over: the "
			     "computer has nothing to play");
		return -1;
	}
	if (p->seat.shared != NULL && shared_side(p->seat.shared) != side) {
		/* A shared seat: the computer plays only the side held. */
		play_set_msg(p, MSG_ERROR,
			     "error: it is %s's turn: the "
			     "computer plays only for your side",
			     p->sc->sides[side].name);
		return -1;
	}
	p->ai.once = side;
	play_set_msg(p, MSG_INFO, "The computer plays for %s",
		     p->sc->sides[side].name);
	return 0;
}

static int run_line(struct play *p, const char *line);

int
play_line(struct play *p, const char *line)
{
	int r;

	/* Logged as typed, less the ':' run_line() leaves out too. */
	p->log.typed = line + strspn(line, " \t:");
	r = run_line(p, line);
	p->log.typed = NULL;
	return r;
}

static int
run_line(struct play *p, const char *line)
{
	struct command c;
	char word[16], err[256], list[256], typed[48];
	const char *rest;
	int r, side;

	/* The prompt stays open after a refused line, so the ':' that
	 * opens it is often typed again: it is not part of the command. */
	while (*line == ' ' || *line == '\t' || *line == ':')
		line++;
	/* The prompt takes commands, the map keys: a map key alone on the
	 * line is refused, not run (A ran as the advance key while E was
	 * an unknown command).  Enter has closed the prompt: the key works
	 * now.  ? and q are words too. */
	if (line[0] != '\0' && line[0] != '?' && line[0] != 'q' &&
	    line[strspn(line + 1, " \t") + 1] == '\0' &&
	    keymap_lookup((unsigned char)line[0]) != NULL) {
		play_set_msg(p, MSG_ERROR,
			     "error: %c is a key of the map, not a command: "
			     "press it now (Enter closed the prompt)",
			     line[0]);
		return -1;
	}
	rest = take_word(line, word, sizeof word, true);
	if (strcmp(word, "help") == 0 || strcmp(word, "?") == 0 ||
	    strcmp(word, "keys") == 0) {
		play_open_page(p, PAGE_HELP);
		return 0;
	}
	if (strcmp(word, "rules") == 0) {
		play_open_page(p, PAGE_RULES);
		return 0;
	}
	if (strcmp(word, "briefing") == 0) {
		play_open_page(p, PAGE_BRIEFING);
		return 0;
	}
	if (strcmp(word, "quit") == 0 || strcmp(word, "q") == 0 ||
	    strcmp(word, "exit") == 0) {
		play_request_quit(p, true);
		return 0;
	}
	if (strcmp(word, "goto") == 0 || strcmp(word, "select") == 0)
		return aim_command(p, word[0] == 's', rest);
	if (strcmp(word, "undo") == 0) {
		take_word(rest, word, sizeof word, false);
		if (word[0] != '\0') {
			play_set_msg(p, MSG_ERROR,
				     "error: undo takes no words");
			return -1;
		}
		return play_undo(p);
	}
	if (strcmp(word, "save") == 0)
		return save_command(p, rest);
	if (word[0] != '\0' && strcmp(word, verb_name(VERB_DICE)) != 0 &&
	    !cmdwords_known(word)) {
		/* The prompt's words, not batch mode's (command_parse()). */
		cmdwords_list(list, sizeof list);
		take_word(line, typed, sizeof typed, false);
		play_set_msg(p, MSG_ERROR,
			     "error: unknown command \"%s\" (commands: %s)",
			     typed, list);
		return -1;
	}
	r = command_parse(p->sc, line, &c, err, sizeof err);
	if (r == 0)
		return 0;
	if (r < 0 && strcmp(word, verb_name(VERB_ODDS)) == 0 &&
	    strstr(err, "too many words") != NULL) {
		/* A playtester wanted the odds of a charge to a hex of his
		 * choosing: the charge itself shows them before Enter. */
		play_set_msg(p, MSG_ERROR,
			     "error: odds takes units and a target; a charge "
			     "typed with its hex shows its odds");
		return -1;
	}
	if (r < 0) {
		play_set_msg(p, MSG_ERROR, "error: %s", err);
		return -1;
	}
	if (c.verb == VERB_DICE) {
		play_set_msg(
		    p, MSG_ERROR,
		    "error: dice is for batch mode and "
		    "tests; at the prompt the dice are rolled for you");
		return -1;
	}
	if (c.verb == VERB_AI)
		return ai_command(p);
	side = p->g->player;
	if (play_apply(p, &c) != 0)
		return -1;
	/* A typed action: the cursor follows the unit that acted. */
	if (p->g->player == side && !p->g->over && c.unit >= 0 &&
	    c.verb != VERB_GENERAL && c.verb != VERB_HOLD &&
	    !verb_is_query(c.verb) && play_own_unit(p, c.unit)) {
		p->sel.cursor = p->g->units[c.unit].hex;
		if (p->sel.unit != c.unit)
			play_select(p, c.unit);
	}
	return 0;
}

/* --- Completion (Tab) --- */

/* Whether word is a verb or one of the prompt's own words. */
static bool
known_verb(const char *word)
{
	int v;

	for (v = 0; v < VERB_COUNT; v++)
		if (strcasecmp(word, verb_name((enum verb)v)) == 0)
			return true;
	for (v = 0; cmdwords_ui_verbs[v] != NULL; v++)
		if (strcasecmp(word, cmdwords_ui_verbs[v]) == 0)
			return true;
	return false;
}

/*
 * Why Tab found nothing, when the rules gave no reason: the line's words
 * before the cursor, read as far as needed.
 */
static void
why_no_completion(const struct play *p, char *buf, size_t len)
{
	char words[3][LINEEDIT_MAX];
	const char *s = lineedit_text(p->edit);
	size_t cur = p->edit->cur, i = 0, n;
	int nw = 0;
	bool partial;

	memset(words, 0, sizeof words);
	while (i < cur && nw < 3) {
		while (i < cur && s[i] == ' ')
			i++;
		for (n = 0; i < cur && s[i] != ' ' && n + 1 < LINEEDIT_MAX; i++)
			words[nw][n++] = s[i];
		if (n > 0)
			nw++;
	}
	partial = cur > 0 && s[cur - 1] != ' ';
	if (nw >= 2 || (nw == 1 && !partial)) {
		if (!known_verb(words[0])) {
			snprintf(buf, len,
				 "%.40s is not a command: Tab on an empty "
				 "line lists them",
				 words[0]);
			return;
		}
		if ((nw >= 3 || (nw == 2 && !partial)) &&
		    scenario_find_unit(p->sc, words[1]) < 0 &&
		    scenario_find_general(p->sc, words[1]) < 0) {
			snprintf(buf, len, "there is no unit %.40s", words[1]);
			return;
		}
	}
	if (partial) {
		for (i = cur; i > 0 && s[i - 1] != ' '; i--)
			;
		snprintf(buf, len, "nothing that fits here starts with %.*s",
			 (int)(cur - i < 40 ? cur - i : 40), s + i);
	} else
		snprintf(buf, len,
			 "nothing more to complete: Enter runs the line");
}

void
play_complete_prompt(struct play *p)
{
	struct complete_result *res = xmalloc(sizeof *res);
	struct cmdwords cw = { p->g, p->sel.cursor, "" };
	size_t cur = p->edit->cur, used, k;
	int n;

	n = complete_line(lineedit_text(p->edit), cur, cmdwords_source, &cw,
			  res);
	if (n == 0) {
		char why[160];

		if (cw.why[0] != '\0')
			play_set_msg(p, MSG_ERROR, "%s", cw.why);
		else {
			why_no_completion(p, why, sizeof why);
			play_set_msg(p, MSG_ERROR, "%s", why);
		}
	} else {
		lineedit_delete_back(p->edit, cur - res->start);
		lineedit_insert_str(p->edit, res->replace);
		if (n == 1)
			play_clear_msg(p);
		else {
			/* List the matches, as many as the line holds. */
			used = 0;
			p->msg.text[0] = '\0';
			for (k = 0; k < (size_t)res->matches.n &&
				    used + 30 < sizeof p->msg.text;
			     k++) {
				snprintf(p->msg.text + used,
					 sizeof p->msg.text - used, "%s ",
					 res->matches.words[k]);
				used = strlen(p->msg.text);
			}
			p->msg.kind = MSG_INFO;
		}
	}
	free(res);
}
