/*
 * The command language (commands.md): words in, struct command out, and
 * back.  Only the form of a command is checked here; whether it is legal
 * now is decided by the game.
 */
#include "config.h"

#include "core/command.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "core/safetext.h"
#include "core/scenario/scenario.h"
#include "core/strbuf.h"

/* The longest command is `dice` and its values; a push takes 5 words. */
#define MAX_WORDS (COMMAND_DICE_MAX + 1)
#define WORD_MAX 64

static const char *const verb_names[VERB_COUNT] = {
	"move",	  "pivot",   "charge", "push",	"general", "shoot",
	"attack", "advance", "hold",   "first", "second",  "end",
	"dump",	  "dice",    "odds",   "ai",	"say",
};

/* How each verb is written, for messages. */
static const char *const verb_usage[VERB_COUNT] = {
	"move UNIT HEX [FACING]",
	"pivot UNIT FACING",
	"charge UNIT TARGET [HEX]",
	("push UNIT move HEX [FACING] | push UNIT pivot FACING | "
	 "push UNIT charge TARGET [HEX]"),
	"general GENERAL UNIT",
	"shoot UNIT TARGET",
	"attack UNIT TARGET",
	"advance UNIT",
	"hold UNIT",
	"first",
	"second",
	"end",
	"dump",
	"dice N ...",
	"odds UNIT[,UNIT...] TARGET or odds TARGET",
	"ai",
	"say TEXT",
};

struct words {
	char w[MAX_WORDS][WORD_MAX];
	const char *at[MAX_WORDS]; /* each word as typed, in the line */
	size_t len[MAX_WORDS];
	int n;
	bool too_many; /* more words than any command takes */
	bool too_long; /* a word longer than WORD_MAX - 1 */
};

const char *
verb_name(enum verb v)
{
	return verb_names[v];
}

enum verb_kind
verb_kind(enum verb v)
{
	switch (v) {
	case VERB_DUMP:
	case VERB_ODDS:
		return VERB_KIND_QUERY;
	case VERB_SAY:
		return VERB_KIND_NOTE;
	case VERB_DICE:
		return VERB_KIND_DICE;
	case VERB_AI:
		return VERB_KIND_DIRECTIVE;
	default:
		return VERB_KIND_ACTION;
	}
}

bool
verb_is_action(enum verb v)
{
	return verb_kind(v) == VERB_KIND_ACTION;
}

bool
verb_is_query(enum verb v)
{
	return verb_kind(v) == VERB_KIND_QUERY;
}

bool
verb_is_note(enum verb v)
{
	return verb_kind(v) == VERB_KIND_NOTE;
}

bool
verb_needs_turn(enum verb v)
{
	return !verb_is_query(v) && !verb_is_note(v);
}

static bool
is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' ||
	       c == '\f';
}

/*
 * Copies a word with its control bytes and invalid UTF-8 made visible
 * (safetext.h): no name, hex or number has one, so lookups still fail as
 * they should and an error message never echoes raw control bytes.  Returns -1
 * if the word does not fit (it is cut).
 */
static int
copy_word(char *dst, size_t size, const char *src, size_t len)
{
	char raw[COMMAND_SAY_MAX * 2], shown[5];
	size_t i = 0, o = 0, n, k;

	/* Shown as safetext.h decides; the word is cut at a whole character
	 * of a bounded copy. */
	k = len < sizeof raw - 1 ? len : sizeof raw - 1;
	memcpy(raw, src, k);
	raw[k] = '\0';
	while (i < k && (n = safetext_next(raw + i, false, shown)) != 0) {
		if (o + strlen(shown) >= size)
			break;
		for (const char *c = shown; *c != '\0'; c++)
			dst[o++] = *c;
		i += n;
	}
	dst[o] = '\0';
	return i < len ? -1 : 0;
}

/* Splits a line into words, stopping at '#'. */
static void
split_words(const char *line, struct words *ws)
{
	const char *p = line, *start;
	size_t len;

	ws->n = 0;
	ws->too_many = ws->too_long = false;
	for (;;) {
		while (*p != '\0' && is_space(*p))
			p++;
		if (*p == '\0' || *p == '#')
			return;
		start = p;
		while (*p != '\0' && *p != '#' && !is_space(*p))
			p++;
		len = (size_t)(p - start);
		if (ws->n == MAX_WORDS) {
			ws->too_many = true;
			return;
		}
		if (copy_word(ws->w[ws->n], WORD_MAX, start, len) != 0)
			ws->too_long = true;
		ws->at[ws->n] = start;
		ws->len[ws->n] = len;
		ws->n++;
	}
}

static int
parse_unit(const struct scenario *sc, const char *word, int *out, char *err,
	   size_t errlen)
{
	if ((*out = scenario_find_unit(sc, word)) >= 0)
		return 0;
	if (scenario_find_general(sc, word) >= 0)
		snprintf(err, errlen, "\"%s\" is a general, not a unit", word);
	else
		snprintf(err, errlen, "there is no unit \"%s\"", word);
	return -1;
}

static int
parse_hex_word(const char *word, struct hex *out, char *err, size_t errlen)
{
	if (hex_parse(word, out) == 0)
		return 0;
	/* Four digits that name no hex: a column or row 00. */
	if (strlen(word) == 4 && strspn(word, "0123456789") == 4)
		snprintf(err, errlen,
			 "\"%s\" is not a hex: columns and rows are numbered "
			 "from 01 (0305 is column 3, row 5)",
			 word);
	else
		snprintf(err, errlen,
			 "\"%s\" is not a hex: write four digits, column then "
			 "row (0305)",
			 word);
	return -1;
}

static int
parse_facing_word(const char *word, enum facing *out, char *err, size_t errlen)
{
	if (facing_parse(word, out) == 0)
		return 0;
	snprintf(err, errlen,
		 "\"%s\" is not a facing: use N, NE, SE, S, SW or NW", word);
	return -1;
}

static int
parse_verb(const char *word, enum verb *out)
{
	int v;

	for (v = 0; v < VERB_COUNT; v++) {
		if (strcasecmp(word, verb_names[v]) == 0) {
			*out = (enum verb)v;
			return 0;
		}
	}
	return -1;
}

/* Checks the count of words after the verb (or after `push UNIT ACTION`). */
static int
check_count(const struct words *ws, int first, int min, int max,
	    enum verb usage_of, char *err, size_t errlen)
{
	int have = ws->n - first;

	if (have < min) {
		snprintf(err, errlen, "%s needs more words: %s",
			 verb_names[usage_of], verb_usage[usage_of]);
		return -1;
	}
	if (max == 0 && (have > 0 || ws->too_many)) {
		snprintf(err, errlen, "%s takes no words",
			 verb_names[usage_of]);
		return -1;
	}
	if (have > max || ws->too_many) {
		snprintf(err, errlen, "too many words after %s: %s",
			 verb_names[usage_of], verb_usage[usage_of]);
		return -1;
	}
	return 0;
}

/* Parses a movement action's words, starting at words[at]. */
static int
parse_action(const struct scenario *sc, const struct words *ws, int at,
	     enum verb action, enum verb usage_of, struct command *c, char *err,
	     size_t errlen)
{
	switch (action) {
	case VERB_MOVE:
		if (check_count(ws, at, 1, 2, usage_of, err, errlen) != 0 ||
		    parse_hex_word(ws->w[at], &c->hex, err, errlen) != 0)
			return -1;
		c->has_hex = true;
		if (ws->n == at + 2) {
			if (parse_facing_word(ws->w[at + 1], &c->facing, err,
					      errlen) != 0)
				return -1;
			c->has_facing = true;
		}
		return 0;
	case VERB_PIVOT:
		if (check_count(ws, at, 1, 1, usage_of, err, errlen) != 0 ||
		    parse_facing_word(ws->w[at], &c->facing, err, errlen) != 0)
			return -1;
		c->has_facing = true;
		return 0;
	case VERB_CHARGE:
		if (check_count(ws, at, 1, 2, usage_of, err, errlen) != 0 ||
		    parse_unit(sc, ws->w[at], &c->target, err, errlen) != 0)
			return -1;
		if (ws->n == at + 2) {
			if (parse_hex_word(ws->w[at + 1], &c->hex, err,
					   errlen) != 0)
				return -1;
			c->has_hex = true;
		}
		return 0;
	default:
		snprintf(err, errlen,
			 "a push is followed by move, pivot or "
			 "charge: %s",
			 verb_usage[VERB_PUSH]);
		return -1;
	}
}

static int
parse_dice(const struct words *ws, struct command *c, char *err, size_t errlen)
{
	int i;

	if (ws->n < 2) {
		snprintf(err, errlen,
			 "dice needs at least one value 1-6: "
			 "dice N ...");
		return -1;
	}
	if (ws->too_many) {
		snprintf(err, errlen,
			 "too many dice in one command (at most "
			 "%d)",
			 COMMAND_DICE_MAX);
		return -1;
	}
	for (i = 1; i < ws->n; i++) {
		const char *w = ws->w[i];

		if (w[0] < '1' || w[0] > '6' || w[1] != '\0') {
			snprintf(err, errlen,
				 "\"%s\" is not a die: dice takes "
				 "values 1-6",
				 w);
			return -1;
		}
		c->dice[c->ndice++] = (unsigned char)(w[0] - '0');
	}
	return 0;
}

/*
 * The text of `say`: its words joined by single spaces, each made safe
 * (so it shows on any terminal and fits on one journal line: no tab, no
 * newline) from the line as typed, since a word of it may be longer than
 * any name (a link).
 */
static int
parse_say(const struct words *ws, struct command *c, char *err, size_t errlen)
{
	char word[COMMAND_SAY_MAX + 1];
	size_t len = 0, n;
	int i;

	if (ws->n < 2) {
		snprintf(err, errlen, "say needs something to say: say TEXT");
		return -1;
	}
	for (i = 1; i < ws->n; i++) {
		if (ws->too_many ||
		    copy_word(word, sizeof word, ws->at[i], ws->len[i]) != 0 ||
		    len + (i > 1) + (n = strlen(word)) > COMMAND_SAY_MAX) {
			snprintf(err, errlen,
				 "too much to say in one line (at most "
				 "%d characters)",
				 COMMAND_SAY_MAX);
			return -1;
		}
		if (i > 1)
			c->text[len++] = ' ';
		memcpy(c->text + len, word, n);
		len += n;
	}
	c->text[len] = '\0';
	return 0;
}

/* "unknown command", with every verb of the language (verb_names). */
static void
unknown_verb(const char *word, char *err, size_t errlen)
{
	size_t n;
	int v;

	n = (size_t)snprintf(err, errlen,
			     "unknown command \"%s\" (commands:", word);
	for (v = 0; v < VERB_COUNT && n < errlen; v++)
		n += (size_t)snprintf(err + n, errlen - n, "%s %s",
				      v > 0 ? "," : "", verb_names[v]);
	if (n < errlen)
		snprintf(err + n, errlen - n, ")");
}

/*
 * odds UNIT TARGET, odds U1,U2,... TARGET (several units on one target)
 * or odds TARGET (every unit that could act on it).
 */
static int
parse_odds(const struct scenario *sc, const struct words *ws,
	   struct command *c, char *err, size_t errlen)
{
	char list[WORD_MAX], *w, *save = NULL;
	int k, u;

	if (check_count(ws, 1, 1, 2, VERB_ODDS, err, errlen) != 0)
		return -1;
	if (ws->n == 2) {
		c->ngroup = -1;
		return parse_unit(sc, ws->w[1], &c->target, err, errlen);
	}
	if (parse_unit(sc, ws->w[2], &c->target, err, errlen) != 0)
		return -1;
	if (strchr(ws->w[1], ',') == NULL)
		return parse_unit(sc, ws->w[1], &c->unit, err, errlen);
	snprintf(list, sizeof list, "%s", ws->w[1]);
	for (w = strtok_r(list, ",", &save); w != NULL;
	     w = strtok_r(NULL, ",", &save)) {
		if (c->ngroup == COMMAND_GROUP_MAX) {
			snprintf(err, errlen,
				 "odds takes at most %d units together",
				 COMMAND_GROUP_MAX);
			return -1;
		}
		if (parse_unit(sc, w, &u, err, errlen) != 0)
			return -1;
		for (k = 0; k < c->ngroup; k++)
			if (c->group[k] == u) {
				snprintf(err, errlen,
					 "%s is listed twice", w);
				return -1;
			}
		c->group[c->ngroup++] = u;
	}
	if (c->ngroup == 0) {
		snprintf(err, errlen, "odds needs a unit before the target");
		return -1;
	}
	c->unit = c->group[0];
	if (c->ngroup == 1)
		c->ngroup = 0; /* "leg," is leg */
	return 0;
}

int
command_parse(const struct scenario *sc, const char *line, struct command *c,
	      char *err, size_t errlen)
{
	static struct words empty;
	struct words ws = empty;
	enum verb v;
	bool known;

	memset(c, 0, sizeof *c);
	c->unit = c->target = c->general = -1;
	split_words(line, &ws);
	if (ws.n == 0)
		return 0;
	known = parse_verb(ws.w[0], &v) == 0;
	/* A say's words are not names: no limit on one but the line's. */
	if (known && v == VERB_SAY) {
		c->verb = v;
		return parse_say(&ws, c, err, errlen) == 0 ? 1 : -1;
	}
	if (ws.too_long) {
		snprintf(err, errlen,
			 "a word is too long (more than %d "
			 "characters)",
			 WORD_MAX - 1);
		return -1;
	}
	if (!known) {
		unknown_verb(ws.w[0], err, errlen);
		return -1;
	}
	c->verb = v;
	switch (v) {
	case VERB_MOVE:
	case VERB_PIVOT:
	case VERB_CHARGE:
		if (check_count(&ws, 1, 1, 99, v, err, errlen) != 0 ||
		    parse_unit(sc, ws.w[1], &c->unit, err, errlen) != 0 ||
		    parse_action(sc, &ws, 2, v, v, c, err, errlen) != 0)
			return -1;
		return 1;
	case VERB_PUSH:
		if (check_count(&ws, 1, 2, 99, v, err, errlen) != 0 ||
		    parse_unit(sc, ws.w[1], &c->unit, err, errlen) != 0)
			return -1;
		if (parse_verb(ws.w[2], &c->action) != 0 ||
		    (c->action != VERB_MOVE && c->action != VERB_PIVOT &&
		     c->action != VERB_CHARGE)) {
			snprintf(err, errlen,
				 "a push is followed by move, "
				 "pivot or charge, not \"%s\"",
				 ws.w[2]);
			return -1;
		}
		if (parse_action(sc, &ws, 3, c->action, v, c, err, errlen) != 0)
			return -1;
		return 1;
	case VERB_GENERAL:
		if (check_count(&ws, 1, 2, 2, v, err, errlen) != 0)
			return -1;
		if ((c->general = scenario_find_general(sc, ws.w[1])) < 0) {
			if (scenario_find_unit(sc, ws.w[1]) >= 0)
				snprintf(err, errlen,
					 "\"%s\" is a unit, not a "
					 "general",
					 ws.w[1]);
			else
				snprintf(err, errlen,
					 "there is no general "
					 "\"%s\"",
					 ws.w[1]);
			return -1;
		}
		if (parse_unit(sc, ws.w[2], &c->unit, err, errlen) != 0)
			return -1;
		return 1;
	case VERB_ODDS:
		return parse_odds(sc, &ws, c, err, errlen) == 0 ? 1 : -1;
	case VERB_SHOOT:
	case VERB_ATTACK:
		if (check_count(&ws, 1, 2, 2, v, err, errlen) != 0 ||
		    parse_unit(sc, ws.w[1], &c->unit, err, errlen) != 0 ||
		    parse_unit(sc, ws.w[2], &c->target, err, errlen) != 0)
			return -1;
		return 1;
	case VERB_ADVANCE:
	case VERB_HOLD:
		if (check_count(&ws, 1, 1, 1, v, err, errlen) != 0 ||
		    parse_unit(sc, ws.w[1], &c->unit, err, errlen) != 0)
			return -1;
		return 1;
	case VERB_DICE:
		return parse_dice(&ws, c, err, errlen) == 0 ? 1 : -1;
	default:
		if (check_count(&ws, 1, 0, 0, v, err, errlen) != 0)
			return -1;
		return 1;
	}
}

static void
format_action(const struct scenario *sc, const struct command *c,
	      enum verb action, struct strbuf *sb)
{
	char hex[HEX_NAME_SIZE];

	switch (action) {
	case VERB_MOVE:
		hex_format(c->hex, hex);
		strbuf_printf(sb, " %s", hex);
		if (c->has_facing)
			strbuf_printf(sb, " %s", facing_name(c->facing));
		break;
	case VERB_PIVOT:
		strbuf_printf(sb, " %s", facing_name(c->facing));
		break;
	case VERB_CHARGE:
		strbuf_printf(sb, " %s", sc->units[c->target].id);
		if (c->has_hex) {
			hex_format(c->hex, hex);
			strbuf_printf(sb, " %s", hex);
		}
		break;
	default:
		break;
	}
}

void
command_format(const struct scenario *sc, const struct command *c, char *buf,
	       size_t len)
{
	struct strbuf sb;
	int i;

	strbuf_init(&sb, buf, len);
	strbuf_printf(&sb, "%s", verb_names[c->verb]);
	switch (c->verb) {
	case VERB_MOVE:
	case VERB_PIVOT:
	case VERB_CHARGE:
		strbuf_printf(&sb, " %s", sc->units[c->unit].id);
		format_action(sc, c, c->verb, &sb);
		break;
	case VERB_PUSH:
		strbuf_printf(&sb, " %s %s", sc->units[c->unit].id,
			      verb_names[c->action]);
		format_action(sc, c, c->action, &sb);
		break;
	case VERB_GENERAL:
		strbuf_printf(&sb, " %s %s", sc->generals[c->general].id,
			      sc->units[c->unit].id);
		break;
	case VERB_ODDS:
		for (i = 0; i < c->ngroup; i++)
			strbuf_printf(&sb, "%s%s", i == 0 ? " " : ",",
				      sc->units[c->group[i]].id);
		if (c->ngroup == 0)
			strbuf_printf(&sb, " %s", sc->units[c->unit].id);
		strbuf_printf(&sb, " %s", sc->units[c->target].id);
		break;
	case VERB_SHOOT:
	case VERB_ATTACK:
		strbuf_printf(&sb, " %s %s", sc->units[c->unit].id,
			      sc->units[c->target].id);
		break;
	case VERB_ADVANCE:
	case VERB_HOLD:
		strbuf_printf(&sb, " %s", sc->units[c->unit].id);
		break;
	case VERB_DICE:
		for (i = 0; i < c->ndice; i++)
			strbuf_printf(&sb, " %d", c->dice[i]);
		break;
	case VERB_SAY:
		strbuf_printf(&sb, " %s", c->text);
		break;
	default:
		break;
	}
}
