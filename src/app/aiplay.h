/*
 * The computer at the prompt and in batch mode: the `ai` command and
 * `--ai SIDE`.  It chooses commands with src/ai and plays them through
 * the caller's apply function (a bare game or a saved session), so what
 * is recorded is always the concrete command, never `ai`.
 */
#ifndef ANCIENTS_APP_AIPLAY_H
#define ANCIENTS_APP_AIPLAY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/command.h"
#include "core/event.h"

struct game;

/* How the caller plays a command and what the game is after it. */
struct aiplay_host {
	void *ctx;
	/* As game_apply(): 0 accepted, -1 refused with why. */
	int (*apply)(void *ctx, const struct command *c, struct events *ev,
		     char *why, size_t whylen);
	const struct game *(*game)(void *ctx);
};

struct aiplay;

/*
 * The computer players of a game seeded with game_seed, at level (1-3);
 * auto_side is the side played by itself (-1: none, only `ai`).
 */
struct aiplay *aiplay_new(uint64_t game_seed, int level, int auto_side);
void aiplay_free(struct aiplay *ap);

/*
 * Plays for the side that must act now until the other side must act or
 * the game ends, writing `ai: COMMAND` and the command's events to out
 * for each command.  Returns 0, or -1 after an `error:` line if the game
 * refused a command (a bug) or the game is over.
 */
int aiplay_turn(struct aiplay *ap, const struct aiplay_host *h, FILE *out);

/* Plays the automatic side's commands, if it must act now.  As above. */
int aiplay_auto(struct aiplay *ap, const struct aiplay_host *h, FILE *out);

/* The side named key in g ("romans"), or -1. */
int aiplay_side_parse(const struct game *g, const char *key);

#endif
