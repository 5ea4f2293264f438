/*
 * Batch mode (commands.md): commands on a stream, one line of output per
 * event, `error:` lines for refused commands and `dump` on demand.
 */
#ifndef ANCIENTS_APP_BATCH_H
#define ANCIENTS_APP_BATCH_H

#include <stdint.h>
#include <stdio.h>

struct game;

/*
 * Reads commands from in until end of file and plays them on g, writing
 * to out.  Returns the exit status: 0, or 1 if any command was refused.
 */
int batch_play(struct game *g, FILE *in, FILE *out);

/*
 * The same with the computer players of ap (app/aiplay.h): its automatic
 * side plays whenever it must act, before the first line too, and `ai`
 * plays the side to act.  ap NULL: `ai` at level 2, no automatic side.
 * Output is flushed after every input line.
 */
struct aiplay;
int batch_play_ai(struct game *g, FILE *in, FILE *out, struct aiplay *ap);

#endif
