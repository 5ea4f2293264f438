/*
 * Reading a whole file into memory, with a size limit, for the loaders
 * (scenarios here, saved games in src/app).
 */
#ifndef ANCIENTS_CORE_READFILE_H
#define ANCIENTS_CORE_READFILE_H

#include <stddef.h>

#include "core/err.h"

/*
 * The one size limit: a save holds its scenario's text and the journal
 * of the game, and must load again, so a save may be ANC_SAVE_MAX_BYTES
 * and a scenario half of that, checked when it loads, before any game of
 * it starts; the other half is the journal's room, far more than the
 * longest game writes.
 */
#define ANC_SAVE_MAX_BYTES (16UL * 1024 * 1024)
#define ANC_SCENARIO_MAX_BYTES (ANC_SAVE_MAX_BYTES / 2)

/*
 * Reads path into a new buffer of *len bytes (free it with free()).
 * Larger than max bytes, unreadable or absent: returns -1 with one error
 * (line 0) in errs; "toolarge" ends the size message ("file too large"
 * + toolarge + " (more than N MB)").
 */
int readfile(const char *path, size_t max, const char *toolarge, char **out,
	     size_t *len, struct anc_errs *errs);

#endif
