/*
 * An event as the screen's log says it: event_format()'s line (which
 * batch mode prints, and which stays as commands.md fixes it) with what a
 * new player also wants to read: what a roll needed, how a general's 1D3
 * became points, why a breakpoint fell and why the initiative stays or
 * passes; a side by its name ("Rome"), not its key, a breakpoint spent
 * as none left, and a general as nobody's "him".  Words only: every
 * figure comes from the event.
 */
#ifndef ANCIENTS_UI_EVENTTEXT_H
#define ANCIENTS_UI_EVENTTEXT_H

#include <stddef.h>

struct event;
struct scenario;

/* Writes the log line of e, at most len bytes with the terminator. */
void event_screen_text(const struct scenario *sc, const struct event *e,
		       char *buf, size_t len);

#endif
