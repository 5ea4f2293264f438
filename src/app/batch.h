/*
 * Batch mode (commands.md): commands on a stream, one line of output per
 * event, `error:` lines for refused commands and `dump` on demand.
 */
#ifndef ANCIENTS_APP_BATCH_H
#define ANCIENTS_APP_BATCH_H

#include <stdio.h>

struct session;

/*
 * Reads commands from in until end of file and plays them through s,
 * writing to out; each accepted command is saved (if s is tied to a file)
 * before its events are printed, and one that cannot be saved prints an
 * `error:` line.  `dice` is refused unless session_allow_dice().  Returns
 * the exit status: 0, or 1 if any command was refused or not saved.
 */
int batch_play(struct session *s, FILE *in, FILE *out);

/*
 * The same with the computer players of ap (app/aiplay.h): its automatic
 * side plays whenever it must act, before the first line too, and `ai`
 * plays the side to act; the journal records the commands they chose.
 * ap NULL: `ai` at level 2, no automatic side.  Output is flushed after
 * every input line.
 */
struct aiplay;
int batch_play_ai(struct session *s, FILE *in, FILE *out, struct aiplay *ap);

struct shared;

/*
 * batch_play() for one seat of a shared game: a command for the side
 * held waits until that side is to act, printing what the other side
 * plays meanwhile (say, dump and odds do not wait).  A journal that
 * cannot be followed stops it with "ancients: FILE:LINE: message" on
 * standard error.  Returns 0, or 1 if anything was refused.
 */
int batch_play_shared(struct shared *sh, FILE *in, FILE *out);

#endif
