/*
 * The text of a save file (docs/save-format.md), read and taken apart:
 * every line checked to be in its place, the pieces pointing into the
 * file's text.  Nothing is played here: load.c loads the scenario text,
 * replays the journal and compares the digest and the checksum.
 */
#ifndef ANCIENTS_SESSION_SAVEFILE_H
#define ANCIENTS_SESSION_SAVEFILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/readfile.h"
#include "core/safetext.h"

#define SAVE_MAGIC "ancients-save"	  /* the first line's word */
#define SAVE_VERSION 2			  /* the format written (1 is read) */
#define SAVE_VERSION_SHARED 3 /* a shared game's journal (docs/security.md) */
#define SAVE_MAX_BYTES ANC_SAVE_MAX_BYTES /* larger files are refused */
#define SAVEFILE_QUOTE_MAX 40 /* bytes of a bad line shown in a message */
#define SAVEFILE_QUOTE_SIZE SAFETEXT_EXCERPT_SIZE(SAVEFILE_QUOTE_MAX)

/* Some bytes of the file: not NUL-terminated, no newline. */
struct savefile_span {
	const char *p;
	size_t n;
};

struct savefile {
	char *buf; /* the whole file; owned */
	size_t len;
	int version; /* 1 (0.1.0), 2 (the append-only journal) or 3 (a
			shared game's: each line with its author and dice) */
	struct savefile_span label;
	uint64_t seed;
	struct savefile_span ai_side; /* format 2, solo: "ai SIDE LEVEL" */
	int ai_level;		      /* 1-3, or 0: no "ai" line */
	int ai_line;
	struct savefile_span text;  /* the scenario text, whole lines */
	int text_line;		    /* the file line of its first line */
	int scenario_line;	    /* the "scenario N" line */
	struct savefile_span *cmds; /* the journal's lines; owned */
	int *cmd_lines;		    /* their file lines; owned */
	uint64_t *digests;	    /* format 2: the digest after each; owned */
	struct savefile_span *metas; /* format 3: "UID<TAB>PLAYER<TAB>DICE"
					of each; owned */
	size_t ncmds;
	size_t cap;
	int journal_line; /* format 2: the "journal CHECK" line */
	size_t good_len;  /* bytes up to the last whole line */
	char notice[160]; /* format 2: a dropped torn line, or "" */
	/* Format 1 only: */
	uint64_t digest;
	int digest_line;
	uint64_t checksum;
	int checksum_line;
	size_t checksum_off; /* bytes before the checksum line */
};

/*
 * Reads the file at path (at most SAVE_MAX_BYTES) and checks its
 * structure: the magic word and version, each keyword line in its place,
 * the numbers well formed, the counted lines all there, no NUL byte, a
 * final newline; format 1: nothing after the checksum line; format 2:
 * the header's checksum and every journal line's check (a torn last line
 * is dropped and sf->notice says so).  Returns 0 with *sf
 * filled (free with savefile_done()), or -1 with one error in errs, on
 * the line it is about (0: the file cannot be read), and nothing to free.
 */
int savefile_read(const char *path, struct savefile *sf, struct anc_errs *errs);
void savefile_done(struct savefile *sf);

/*
 * One journal line of format 2, "COMMAND<TAB>DIGEST<TAB>CHECK" (sp, no
 * newline; CHECK is savefile_checksum() of "COMMAND<TAB>DIGEST"): returns
 * 0 with the command and the digest, or -1 if it is not whole or its
 * check does not match.  Format 3 (version 3) has
 * "COMMAND<TAB>DIGEST<TAB>UID<TAB>PLAYER<TAB>DICE<TAB>CHECK", CHECK of
 * all before its tab; meta then gets "UID<TAB>PLAYER<TAB>DICE", each
 * field checked (savefile_meta()).
 */
int savefile_journal_line(struct savefile_span sp, int version,
			  struct savefile_span *cmd, uint64_t *digest,
			  struct savefile_span *meta);

/*
 * Takes a format 3 line's "UID<TAB>PLAYER<TAB>DICE" apart: the uid, the
 * player (1-32 of A-Z a-z 0-9 . - _) into player (33 bytes), and the
 * dice ("-" or 1-6 digits, at most max) into dice.  Returns how many dice,
 * or -1 when a field is not well formed.
 */
int savefile_meta(const char *meta, size_t len, long *uid, char *player,
		  int *dice, int max);

/* FNV-1a 64 of n bytes: the checksum line's value.  Cannot fail. */
uint64_t savefile_checksum(const char *p, size_t n);

/*
 * Writes up to SAVEFILE_QUOTE_MAX bytes of sp into out (at least
 * SAVEFILE_QUOTE_SIZE bytes), made visible as docs/safe-text.md says and "..."
 * when cut, for a message.
 */
void savefile_quote(struct savefile_span sp, char *out, size_t outlen);

#endif
