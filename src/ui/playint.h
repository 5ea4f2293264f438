/*
 * The play module's internal interface: what play.c (the play's state,
 * highlights, commands and pages) and playkeys.c (what keys do) share.
 * Not for the rest of the UI; the public face is play.h.
 */
#ifndef ANCIENTS_UI_PLAYINT_H
#define ANCIENTS_UI_PLAYINT_H

#include <stdbool.h>

#include "core/command.h"
#include "ui/play.h"

/* Sets the message line's text and kind. */
void play_set_msg(struct play *p, enum play_msg kind, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Empties the message line: it shows a hint again. */
void play_clear_msg(struct play *p);
/* A unit's ID. */
const char *play_uid(const struct play *p, int u);
/* Whether u is a unit on the map of the side to play. */
bool play_own_unit(const struct play *p, int u);
/* Selects u (-1: none), drops a half-made push, redoes the marks. */
void play_select(struct play *p, int u);
/* Recomputes the highlights of the selected unit from the engine. */
void play_update_marks(struct play *p);
/* The next (dir 1) or previous (-1) unit after the selection with
 * something to do, else of the side to play; -1 if none. */
int play_next_unit(const struct play *p, int dir);
/*
 * Applies a command, logs it and its events, and moves the screen on
 * (marks, the next player-turn, news and end pages).  Returns 0, or -1
 * when the engine refused it (reason in msg and the log).
 */
int play_apply(struct play *p, const struct command *c);
/* Shows a page over the map; play_close_page() returns from it. */
void play_open_page(struct play *p, enum play_page page);
void play_close_page(struct play *p);
/* Quits, or asks first while the game is unsaved. */
void play_request_quit(struct play *p);

#endif
