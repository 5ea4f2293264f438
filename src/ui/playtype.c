/*
 * Typing on the map (see playint.h): the one rule that keeps keys and
 * the prompt apart.  A whole command typed on the map without ':' ran
 * as single keys ("move leg1 0304": the g of leg1 moved a general), so:
 *
 * - a lowercase key never changes the game by itself: m, c, s, a, g and
 *   p's facing make their command ready, named in the message line, and
 *   Enter, Space or the same key again plays it; any other key drops it;
 *   so does E, whose end says what it ends;
 * - the printable keys typed on the map in a row are remembered: when
 *   the last two or more of them begin a command word ("mo", "ch",
 *   "und", in lowercase, not only the cursor's letters), or a letter
 *   that is no key of the map comes, the prompt opens with those
 *   letters in it and takes the rest of the line.
 *
 * So a command typed on the map lands in the prompt, and the keys before
 * its second letter only moved the cursor or made a command ready.
 */
#include "config.h"

#include "ui/play.h"
#include "ui/playint.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "core/game.h"
#include "ui/cmdwords.h"
#include "ui/keymap.h"
#include "ui/lineedit.h"
#include "ui/logbuf.h"

#define LINE_MAX_CMD 256 /* a canonical command line */

/* A move, pivot, charge or push: what costs a shooter its shot. */
static bool
is_movement_action(enum verb v)
{
	return v == VERB_MOVE || v == VERB_PIVOT || v == VERB_CHARGE ||
	       v == VERB_PUSH;
}

/*
 * What an end does, from the game before (g) and after it (after), as
 * the message that shows it before it is played: the phase it ends, and
 * the player-turn, and how many of the side's units could still act in
 * it ("E again or Enter ends the movement phase (2 may still move)").
 */
static void
end_words(const struct game *g, const struct game *after, int key, char *buf,
	  size_t len)
{
	static const char *const verbs[] = { "move", "shoot", "attack" };
	size_t used;
	int u, t, left = 0;

	for (u = 0; u < g->nunits; u++) {
		if (!g->units[u].on_map || g->units[u].side != g->player)
			continue;
		if (g->phase == PHASE_MOVEMENT)
			left += game_unit_can_act(g, u);
		else if (g->phase == PHASE_SHOOTING)
			left += game_shoot_targets(g, u, &t, 1) > 0;
		else if (g->phase == PHASE_COMBAT)
			left += game_attack_targets(g, u, &t, 1) > 0;
	}
	snprintf(buf, len, "%c again or Enter ends the %s phase", key,
		 phase_name(g->phase));
	used = strlen(buf);
	if (after->over)
		snprintf(buf + used, len - used, " and the game");
	else if (after->player != g->player || after->turn != g->turn)
		snprintf(buf + used, len - used, " and the player-turn");
	used = strlen(buf);
	if (left > 0 && g->phase <= PHASE_COMBAT)
		snprintf(buf + used, len - used, " (%d may still %s)", left,
			 verbs[g->phase]);
	used = strlen(buf);
	snprintf(buf + used, len - used, "; any other key drops it");
}

void
play_ready(struct play *p, const struct command *c, int key)
{
	char cmd[LINE_MAX_CMD], why[512], what[160];
	struct game *copy = game_clone(p->g);
	struct events ev;
	int r, target;

	/* Tried on a copy: a refusal is said at once, as Enter would. */
	events_init(&ev);
	r = game_apply(copy, c, &ev, why, sizeof why);
	events_done(&ev);
	if (r == 0 && c->verb == VERB_END)
		end_words(p->g, copy, key, what, sizeof what);
	game_free(copy);
	command_format(p->sc, c, cmd, sizeof cmd);
	p->sel.ready = false;
	if (r != 0) {
		play_log_command(p, play_log_side(p), cmd);
		play_log_error(p, why);
		return;
	}
	p->sel.ready = true;
	p->sel.ready_cmd = *c;
	p->sel.ready_key = key;
	/* An end says what it ends (E E E once ended a whole player-turn
	 * with no word). */
	if (c->verb == VERB_END) {
		play_set_msg(p, MSG_INFO, "%s", what);
		return;
	}
	/* A movement action of a shooter that could shoot: said before
	 * it is played, not refused (R8.1). */
	if (is_movement_action(c->verb) &&
	    play_shot_at_stake(p, c->unit, &target)) {
		play_set_msg(p, MSG_INFO,
			     "%s: then %s may not shoot %s (R8.1); Enter or "
			     "%c plays it, any other key drops it",
			     cmd, play_uid(p, c->unit), play_uid(p, target),
			     key);
		return;
	}
	play_set_msg(p, MSG_INFO,
		     "%s: Enter or %c plays it; any other key drops it", cmd,
		     key);
}

bool
play_ready_key(struct play *p, int key)
{
	struct command c;

	if (!p->sel.ready)
		return false;
	p->sel.ready = false;
	if (key == KEYM_ENTER || key == ' ' || key == p->sel.ready_key ||
	    key == KEYM_ESC)
		p->sel.run[0] = '\0';
	if (key == KEYM_ENTER || key == ' ' || key == p->sel.ready_key) {
		c = p->sel.ready_cmd;
		play_apply(p, &c);
		return true;
	}
	if (key == KEYM_ESC) {
		play_set_msg(p, MSG_INFO, "dropped; nothing was played");
		return true;
	}
	play_clear_msg(p);
	return false;
}

/* The keys that only move the cursor: "un" of two of them is a walk
 * along a row, not the start of undo. */
static bool
all_cursor_keys(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strchr("hjklyubn", s[i]) == NULL)
			return false;
	return true;
}

void
play_run_note(struct play *p, int key)
{
	char *run = p->sel.run;
	size_t len = strlen(run);

	if (key <= 0x20 || key >= 0x7f) {
		run[0] = '\0'; /* Space, Enter, Tab, arrows: a new run */
		return;
	}
	if (len + 1 >= sizeof p->sel.run) {
		memmove(run, run + 1, len);
		len--;
	}
	run[len++] = (char)key;
	run[len] = '\0';
}

bool
play_typed_word(struct play *p, int key)
{
	char *run = p->sel.run;
	size_t len, low, n, best = 0;

	play_run_note(p, key);
	if (key <= 0x20 || key >= 0x7f)
		return false;
	len = strlen(run);
	/* The longest tail of the run that begins a command word, typed
	 * in lowercase: capitals are keys that act at once (the E and n of
	 * an end and a cursor move are no "en"). */
	for (low = 0; low < len && islower((unsigned char)run[len - 1 - low]);
	     low++)
		;
	for (n = low; n >= 1; n--)
		if (cmdwords_begins(run + len - n, n)) {
			best = n;
			break;
		}
	if (best < 2 || all_cursor_keys(run + len - best, best)) {
		/* A letter that is no key: typing, whatever it spells. */
		if (!isalpha(key) || keymap_lookup(key) != NULL)
			return false;
		if (best == 0)
			best = 1;
	}
	/* The refusal of the word's first letter as a key ("shoot is for
	 * the shooting phase" of a "say") was no refusal of anything meant. */
	for (; p->sel.key_refused > 0; p->sel.key_refused--)
		logbuf_drop_newest(p->log.buf);
	p->sel.ready = false;
	p->mode = PLAY_PROMPT;
	lineedit_clear(p->edit);
	lineedit_insert_str(p->edit, run + len - best);
	run[0] = '\0';
	play_set_msg(p, MSG_INFO,
		     "typed on the map: the prompt took it (Enter runs the "
		     "line, Esc drops it)");
	return true;
}
