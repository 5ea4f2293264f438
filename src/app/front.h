/*
 * The start menu: `ancients` with no arguments in a terminal.  It builds
 * the menu (ui/menu.h) from the installed scenarios and the saves, shows
 * it, and turns the entry picked into the command-line options it stands
 * for, which main.c then runs as if they had been typed.
 */
#ifndef ANCIENTS_APP_FRONT_H
#define ANCIENTS_APP_FRONT_H

#include <stdbool.h>

/*
 * Shows the start menu.  Returns 0 with the options of the entry picked
 * in *argv (argv0 first, NULL-ended; free with front_free()) and their
 * count in *argc, or 0 with *argv NULL when the player left; or the exit
 * status of the terminal's end (1, 128 + signal).
 */
int front_menu(const char *argv0, bool ascii, int *argc, char ***argv);
void front_free(char **argv);

#endif
