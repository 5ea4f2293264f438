/*
 * The plain-text faces of saved games: the text replay (`--replay` when
 * standard output is not a terminal), the listing of `--saves` and the
 * question a plain start asks about an unfinished game.
 */
#ifndef ANCIENTS_APP_SAVETEXT_H
#define ANCIENTS_APP_SAVETEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <time.h>

struct replay;
struct session;

/*
 * Prints the replay turn by turn: a heading, each command with its number
 * and the side to play, its events indented, and the final state dump.
 * name is the file's name for the heading.  Cannot fail.
 */
void savetext_replay(struct replay *r, const char *name, FILE *out);

/*
 * `ancients --saves`: one line per save in the save directory, most
 * recent first (modified, turn, side to play, scenario title, file); a
 * save that does not load is listed as damaged and its error printed on
 * errout as FILE:LINE: message.  Returns the exit status.
 */
int savetext_list(FILE *out, FILE *errout);

/*
 * The question for a plain start, when the latest autosave (s, last
 * written at saved) holds an unfinished game: "Resume the unfinished
 * game of Tutorial (turn 3/6, Rome (Caecina) to play, saved 2026-03-01
 * 12:00)?".  Cannot fail (cut to len).
 */
void savetext_resume_question(const struct session *s, time_t saved, char *buf,
			      size_t len);

/*
 * Whether an answer to a yes/no question whose default is no says yes:
 * "y" or "yes" in any case, with blanks and a newline around; anything
 * else, an empty line too, is no.
 */
bool savetext_answer_yes(const char *answer);

#endif
