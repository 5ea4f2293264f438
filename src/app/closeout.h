/*
 * Output that could not be written is an error: at exit, standard output
 * is flushed and closed, and if any write to it failed the program says
 * so on standard error and exits with status 1, whatever main returned.
 * A script then never takes truncated output (`> /dev/full`, a full disk)
 * for success.  A failed write to standard error also makes the status 1.
 */
#ifndef ANCIENTS_APP_CLOSEOUT_H
#define ANCIENTS_APP_CLOSEOUT_H

/* Registers the check with atexit(); call first thing in main. */
void closeout_install(void);

#endif
