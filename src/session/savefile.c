/*
 * Reading a save file's structure (savefile.h): one pass over the lines
 * with a cursor, stopping at the first thing out of place.
 */
#include "config.h"

#include "session/savefile.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/readfile.h"
#include "core/xmalloc.h"

#define COUNT_MAX 10000000 /* scenario lines or journal commands */

/* Where the reading is. */
struct cursor {
	const char *buf; /* the whole file */
	size_t len;
	size_t pos; /* start of the next line */
	int line;   /* lines read so far */
};

void
savefile_quote(struct savefile_span sp, char *out, size_t outlen)
{
	assert(outlen >= SAVEFILE_QUOTE_SIZE);
	safetext_excerpt(out, outlen, sp.p, sp.n, SAVEFILE_QUOTE_MAX);
}

/*
 * Reads the next line into *sp, without its newline.  Returns 1; 0 at the
 * end of the file; -1 after adding an error: a NUL byte, or a last line
 * with no newline (the file was cut short).
 */
static int
next_line(struct cursor *cu, struct savefile_span *sp, struct anc_errs *errs)
{
	const char *p = cu->buf + cu->pos, *nl;
	size_t rest = cu->len - cu->pos;

	if (rest == 0)
		return 0;
	cu->line++;
	nl = memchr(p, '\n', rest);
	sp->p = p;
	sp->n = nl != NULL ? (size_t)(nl - p) : rest;
	if (memchr(p, '\0', sp->n) != NULL) {
		anc_errs_add(errs, cu->line,
			     "line holds a NUL byte: this is not a save file");
		return -1;
	}
	if (nl == NULL) {
		anc_errs_add(
		    errs, cu->line,
		    "the last line is incomplete: the save is truncated");
		return -1;
	}
	cu->pos += sp->n + 1;
	return 1;
}

/*
 * Reads the line "KEY VALUE" (form shows how it should look); returns 0
 * with VALUE in *val, or -1 after adding an error.
 */
static int
key_line(struct cursor *cu, const char *key, const char *form,
	 struct savefile_span *val, struct anc_errs *errs)
{
	size_t k = strlen(key);
	struct savefile_span sp;
	char shown[SAVEFILE_QUOTE_SIZE];
	int r = next_line(cu, &sp, errs);

	if (r < 0)
		return -1;
	if (r == 0) {
		anc_errs_add(
		    errs, cu->line + 1,
		    "the save is truncated: the line \"%s\" is missing", form);
		return -1;
	}
	if (sp.n < k + 1 || memcmp(sp.p, key, k) != 0 || sp.p[k] != ' ') {
		savefile_quote(sp, shown, sizeof shown);
		anc_errs_add(errs, cu->line, "expected \"%s\", found \"%s\"",
			     form, shown);
		return -1;
	}
	val->p = sp.p + k + 1;
	val->n = sp.n - k - 1;
	return 0;
}

/* A decimal number of 1-20 digits that fits in 64 bits. */
static int
parse_u64(struct savefile_span sp, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (sp.n == 0 || sp.n > 20)
		return -1;
	for (i = 0; i < sp.n; i++) {
		if (sp.p[i] < '0' || sp.p[i] > '9')
			return -1;
		if (v > (UINT64_MAX - (uint64_t)(sp.p[i] - '0')) / 10)
			return -1;
		v = v * 10 + (uint64_t)(sp.p[i] - '0');
	}
	*out = v;
	return 0;
}

/* Exactly 16 lowercase hex digits. */
static int
parse_hex64(struct savefile_span sp, uint64_t *out)
{
	uint64_t v = 0;
	size_t i;

	if (sp.n != 16)
		return -1;
	for (i = 0; i < sp.n; i++) {
		char c = sp.p[i];

		if (c >= '0' && c <= '9')
			v = v << 4 | (uint64_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v << 4 | (uint64_t)(c - 'a' + 10);
		else
			return -1;
	}
	*out = v;
	return 0;
}

/* Adds a journal line (span sp, file line at) to sf. */
static void
add_cmd(struct savefile *sf, struct savefile_span sp, int at, uint64_t digest,
	struct savefile_span meta)
{
	if (sf->ncmds == sf->cap) {
		sf->cap = sf->cap ? sf->cap * 2 : 64;
		sf->cmds = xreallocarray(sf->cmds, sf->cap, sizeof *sf->cmds);
		sf->cmd_lines = xreallocarray(sf->cmd_lines, sf->cap,
					      sizeof *sf->cmd_lines);
		sf->digests =
		    xreallocarray(sf->digests, sf->cap, sizeof *sf->digests);
		sf->metas =
		    xreallocarray(sf->metas, sf->cap, sizeof *sf->metas);
	}
	sf->metas[sf->ncmds] = meta;
	sf->cmds[sf->ncmds] = sp;
	sf->digests[sf->ncmds] = digest;
	sf->cmd_lines[sf->ncmds++] = at;
}

/*
 * Reads a "KEY N" line and the N lines after it (what and unit name them
 * in the messages; min is the least N allowed); block gets the N lines.  With
 * journal set, each line is a journal command of format 1.  Returns 0, or
 * -1 after adding an error.
 */
static int
counted_block(struct cursor *cu, struct savefile *sf, const char *key,
	      const char *what, const char *unit, size_t min, bool journal,
	      struct savefile_span *block, struct anc_errs *errs)
{
	struct savefile_span sp, val;
	char shown[SAVEFILE_QUOTE_SIZE], form[32];
	uint64_t v;
	size_t i, count;
	int r;

	snprintf(form, sizeof form, "%s N", key);
	if (key_line(cu, key, form, &val, errs) != 0)
		return -1;
	if (parse_u64(val, &v) != 0 || v < min || v > COUNT_MAX) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(errs, cu->line,
			     "\"%s\" is not a number of %s (%zu to %d)", shown,
			     what, min, COUNT_MAX);
		return -1;
	}
	count = (size_t)v;
	block->p = cu->buf + cu->pos;
	for (i = 0; i < count; i++) {
		r = next_line(cu, &sp, errs);
		if (r < 0)
			return -1;
		if (r == 0) {
			anc_errs_add(errs, cu->line + 1,
				     "the save is truncated: the %s ends "
				     "after %zu of %zu %s",
				     journal ? "journal" : "scenario text", i,
				     count, unit);
			return -1;
		}
		if (journal)
			add_cmd(sf, sp, cu->line, 0,
				(struct savefile_span){ NULL, 0 });
	}
	block->n = (size_t)(cu->buf + cu->pos - block->p);
	return 0;
}

/* A 16-hex-digit field of a line, or -1 with what it should be. */
static int
hex_field(struct savefile_span sp, const char *what, int at, uint64_t *out,
	  struct anc_errs *errs)
{
	char shown[SAVEFILE_QUOTE_SIZE];

	if (parse_hex64(sp, out) == 0)
		return 0;
	savefile_quote(sp, shown, sizeof shown);
	anc_errs_add(errs, at, "\"%s\" is not a %s (16 lowercase hex digits)",
		     shown, what);
	return -1;
}

/* Format 1 after the scenario: journal N, commands, digest, checksum. */
static int
parse_v1_tail(struct cursor *cu, struct savefile *sf, struct anc_errs *errs)
{
	struct savefile_span val, block;

	if (counted_block(cu, sf, "journal", "commands", "commands", 0, true,
			  &block, errs) != 0)
		return -1;
	if (key_line(cu, "digest", "digest HEX", &val, errs) != 0)
		return -1;
	sf->digest_line = cu->line;
	if (hex_field(val, "digest", cu->line, &sf->digest, errs) != 0)
		return -1;
	sf->checksum_off = cu->pos;
	if (key_line(cu, "checksum", "checksum HEX", &val, errs) != 0)
		return -1;
	sf->checksum_line = cu->line;
	if (hex_field(val, "checksum", cu->line, &sf->checksum, errs) != 0)
		return -1;
	if (cu->pos < cu->len) {
		anc_errs_add(errs, cu->line + 1,
			     "unexpected text after the checksum line");
		return -1;
	}
	sf->good_len = sf->len;
	return 0;
}

/* The last tab in n bytes at p, or NULL. */
static const char *
last_tab(const char *p, size_t n)
{
	while (n > 0)
		if (p[--n] == '\t')
			return p + n;
	return NULL;
}

/* The next tab from p on, up to end, or NULL. */
static const char *
next_tab(const char *p, const char *end)
{
	return memchr(p, '\t', (size_t)(end - p));
}

static bool
player_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';
}

int
savefile_meta(const char *meta, size_t len, long *uid, char *player,
	      int *dice, int max)
{
	const char *end = meta + len, *t1, *t2, *p;
	unsigned long u = 0;
	int n = 0;

	if ((t1 = next_tab(meta, end)) == NULL || t1 == meta ||
	    (t2 = next_tab(t1 + 1, end)) == NULL || t2 == t1 + 1 ||
	    t2 - t1 - 1 > 32 || t2 + 1 == end)
		return -1;
	for (p = meta; p < t1; p++) {
		if (*p < '0' || *p > '9' || u > 999999999UL)
			return -1;
		u = u * 10 + (unsigned long)(*p - '0');
	}
	for (p = t1 + 1; p < t2; p++)
		if (!player_char(*p))
			return -1;
	if (player != NULL) {
		memcpy(player, t1 + 1, (size_t)(t2 - t1 - 1));
		player[t2 - t1 - 1] = '\0';
	}
	*uid = (long)u;
	p = t2 + 1;
	if (end - p == 1 && *p == '-')
		return 0;
	for (; p < end; p++) {
		if (*p < '1' || *p > '6' || n >= max)
			return -1;
		if (dice != NULL)
			dice[n] = *p - '0';
		n++;
	}
	return n;
}

int
savefile_journal_line(struct savefile_span sp, int version,
		      struct savefile_span *cmd, uint64_t *digest,
		      struct savefile_span *meta)
{
	const char *t1, *t2, *end = sp.p + sp.n;
	struct savefile_span d, c;
	uint64_t check;
	long uid;

	if (memchr(sp.p, '\0', sp.n) != NULL ||
	    (t2 = last_tab(sp.p, sp.n)) == NULL)
		return -1;
	c.p = t2 + 1;
	c.n = sp.n - (size_t)(c.p - sp.p);
	if (parse_hex64(c, &check) != 0 ||
	    savefile_checksum(sp.p, (size_t)(t2 - sp.p)) != check)
		return -1;
	if (meta != NULL)
		meta->p = NULL, meta->n = 0;
	if (version >= SAVE_VERSION_SHARED) {
		/* COMMAND has no tab: the fields are counted from the left. */
		if ((t1 = next_tab(sp.p, t2)) == NULL ||
		    (end = next_tab(t1 + 1, t2)) == NULL ||
		    savefile_meta(end + 1, (size_t)(t2 - end - 1), &uid, NULL,
				  NULL, INT_MAX) < 0)
			return -1;
		if (meta != NULL) {
			meta->p = end + 1;
			meta->n = (size_t)(t2 - end - 1);
		}
		t2 = end;
	} else if ((t1 = last_tab(sp.p, (size_t)(t2 - sp.p))) == NULL)
		return -1;
	d.p = t1 + 1;
	d.n = (size_t)(t2 - d.p);
	if (parse_hex64(d, digest) != 0)
		return -1;
	cmd->p = sp.p;
	cmd->n = (size_t)(t1 - sp.p);
	return 0;
}

/*
 * Format 2 after the scenario: "journal CHECK" (the checksum of every
 * byte before it), then one checked line per command or undo up to the
 * end of the file.  A last line that is incomplete or fails its check
 * was torn by a crash while it was written: it is dropped, with a note.
 */
static int
parse_v2_tail(struct cursor *cu, struct savefile *sf, struct anc_errs *errs)
{
	struct savefile_span val, sp, cmd, meta;
	const char *p, *nl;
	size_t off = cu->pos, rest;
	uint64_t check, digest;

	if (key_line(cu, "journal", "journal CHECK", &val, errs) != 0)
		return -1;
	if (hex_field(val, "checksum", cu->line, &check, errs) != 0)
		return -1;
	if (savefile_checksum(cu->buf, off) != check) {
		anc_errs_add(errs, cu->line,
			     "the checksum does not match the header and "
			     "scenario: the save was edited or damaged");
		return -1;
	}
	sf->journal_line = cu->line;
	while (cu->pos < cu->len) {
		p = cu->buf + cu->pos;
		rest = cu->len - cu->pos;
		nl = memchr(p, '\n', rest);
		sp.p = p;
		sp.n = nl != NULL ? (size_t)(nl - p) : rest;
		cu->line++;
		if (nl != NULL && savefile_journal_line(sp, sf->version, &cmd,
							&digest, &meta) == 0) {
			add_cmd(sf, cmd, cu->line, digest, meta);
			cu->pos += sp.n + 1;
			continue;
		}
		if (nl == NULL || cu->pos + sp.n + 1 == cu->len) {
			snprintf(sf->notice, sizeof sf->notice,
				 "line %d: the last journal line is %s (the "
				 "game stopped while saving it): dropped, the "
				 "game goes on from the line before",
				 cu->line,
				 nl == NULL ? "incomplete" : "damaged");
			break;
		}
		anc_errs_add(errs, cu->line,
			     "journal line damaged (its check does not match): "
			     "the save was edited or damaged");
		return -1;
	}
	sf->good_len = cu->pos;
	return 0;
}

/*
 * Format 2, a solo game: the optional line "ai SIDE LEVEL" after the seed
 * (the side's key, checked against the scenario by load.c, and 1-3).
 * Returns 0 (with sf->ai_level 0 when the line is absent) or -1.
 */
static int
parse_ai_line(struct cursor *cu, struct savefile *sf, struct anc_errs *errs)
{
	struct savefile_span val;
	char shown[SAVEFILE_QUOTE_SIZE];
	const char *sp;

	if (cu->len - cu->pos < 3 || memcmp(cu->buf + cu->pos, "ai ", 3) != 0)
		return 0;
	if (key_line(cu, "ai", "ai SIDE LEVEL", &val, errs) != 0)
		return -1;
	sp = memchr(val.p, ' ', val.n);
	if (sp == NULL || sp == val.p || val.p + val.n - sp != 2 ||
	    sp[1] < '1' || sp[1] > '3') {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(errs, cu->line,
			     "\"%s\" is not a side and a level (1-3) for the "
			     "computer",
			     shown);
		return -1;
	}
	sf->ai_side.p = val.p;
	sf->ai_side.n = (size_t)(sp - val.p);
	sf->ai_level = sp[1] - '0';
	sf->ai_line = cu->line;
	return 0;
}

/* The structure of the file: every line in its place.  Returns 0 or -1. */
static int
parse_structure(struct cursor *cu, struct savefile *sf, struct anc_errs *errs)
{
	struct savefile_span sp, val;
	char shown[SAVEFILE_QUOTE_SIZE];
	uint64_t v;
	int r;

	r = next_line(cu, &sp, errs);
	if (r < 0)
		return -1;
	if (r == 0) {
		anc_errs_add(errs, 1, "the file is empty: not a save");
		return -1;
	}
	if (sp.n < sizeof SAVE_MAGIC ||
	    memcmp(sp.p, SAVE_MAGIC " ", sizeof SAVE_MAGIC) != 0) {
		anc_errs_add(
		    errs, 1,
		    "not an ancients save: the first line should be \"%s %d\"",
		    SAVE_MAGIC, SAVE_VERSION);
		return -1;
	}
	val.p = sp.p + sizeof SAVE_MAGIC;
	val.n = sp.n - sizeof SAVE_MAGIC;
	if (parse_u64(val, &v) != 0) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(errs, 1, "\"%s\" is not a save format version",
			     shown);
		return -1;
	}
	if (v != 1 && v != SAVE_VERSION && v != SAVE_VERSION_SHARED) {
		anc_errs_add(errs, 1,
			     "save format version %" PRIu64
			     " is not supported: this program reads version "
			     "1, %d or %d",
			     v, SAVE_VERSION, SAVE_VERSION_SHARED);
		return -1;
	}
	sf->version = (int)v;

	if (key_line(cu, "label", "label TEXT", &sf->label, errs) != 0)
		return -1;
	if (key_line(cu, "seed", "seed N", &val, errs) != 0)
		return -1;
	if (parse_u64(val, &sf->seed) != 0) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(errs, cu->line,
			     "\"%s\" is not a seed (a decimal number)", shown);
		return -1;
	}

	if (sf->version >= 2 && parse_ai_line(cu, sf, errs) != 0)
		return -1;

	sf->scenario_line = cu->line + 1;
	sf->text_line = cu->line + 2;
	if (counted_block(cu, sf, "scenario", "scenario lines", "lines", 1,
			  false, &sf->text, errs) != 0)
		return -1;
	return sf->version == 1 ? parse_v1_tail(cu, sf, errs)
				: parse_v2_tail(cu, sf, errs);
}

int
savefile_read(const char *path, struct savefile *sf, struct anc_errs *errs)
{
	struct cursor cu;

	memset(sf, 0, sizeof *sf);
	if (readfile(path, SAVE_MAX_BYTES, " for a save", &sf->buf, &sf->len,
		     errs) != 0)
		return -1;
	cu.buf = sf->buf;
	cu.len = sf->len;
	cu.pos = 0;
	cu.line = 0;
	if (parse_structure(&cu, sf, errs) != 0) {
		savefile_done(sf);
		return -1;
	}
	return 0;
}

void
savefile_done(struct savefile *sf)
{
	free(sf->buf);
	free(sf->cmds);
	free(sf->cmd_lines);
	free(sf->digests);
	free(sf->metas);
	memset(sf, 0, sizeof *sf);
}

uint64_t
savefile_checksum(const char *p, size_t n)
{
	uint64_t h = 14695981039346656037ULL;
	size_t i;

	for (i = 0; i < n; i++) {
		h ^= (unsigned char)p[i];
		h *= 1099511628211ULL;
	}
	return h;
}
