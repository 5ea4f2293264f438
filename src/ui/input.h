/*
 * Keys from curses, in the codes of keymap.h: special keys, Enter and
 * Backspace in their several spellings, Alt (Esc) b and f, and mouse
 * clicks with where they fell.
 */
#ifndef ANCIENTS_UI_INPUT_H
#define ANCIENTS_UI_INPUT_H

#include <curses.h>
#include <stdbool.h>

/* How long a read waits before the caller gets to look at signals. */
#define INPUT_TICK_MS 250

/*
 * Teaches curses the common spellings of Home, End, the arrows and the
 * page keys that the terminal's description may not list (a terminal
 * inside tmux sends tmux's, whatever TERM says).  After newterm().
 */
void input_init(void);

/*
 * Whether to ask the terminal for mouse clicks, from the environment:
 * not under GNU screen ($STY set, or TERM screen* outside tmux), which
 * holds a lone Esc while a window reports the mouse, waiting for the
 * rest of a mouse sequence: Esc did nothing until the next key.
 */
bool input_mouse_wanted(void);

/*
 * Waits for a key on w, at most INPUT_TICK_MS (the window's timeout).
 * Returns false when none came (or only an escape sequence curses did
 * not know, dropped whole); otherwise sets *key to a character or a
 * KEYM_* code, and for KEYM_MOUSE sets *my, *mx to the screen position
 * of a button-1 click.
 */
bool input_read(WINDOW *w, int *key, int *my, int *mx);

/*
 * Whether the terminal behind descriptor fd is gone: it hung up, or
 * reads on it fail or find end of file.  Asked when input_read() found no
 * key, so keys still buffered are read first.  Without this a game whose
 * terminal vanished with no SIGHUP would spin on reads that end at once.
 * *strikes counts the times in a row fd read as ready though curses found
 * nothing there (end of file); the caller zeroes it when a key comes.
 */
#define INPUT_GONE_STRIKES 3
bool input_gone(int fd, int *strikes);

#endif
