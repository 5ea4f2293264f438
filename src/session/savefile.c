/*
 * Reading a save file's structure (savefile.h): one pass over the lines
 * with a cursor, stopping at the first thing out of place.
 */
#include "config.h"

#include "session/savefile.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
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
	size_t i, n = sp.n < SAVEFILE_QUOTE_MAX ? sp.n : SAVEFILE_QUOTE_MAX;

	assert(outlen >= SAVEFILE_QUOTE_SIZE);
	for (i = 0; i < n; i++)
		out[i] = (unsigned char)sp.p[i] < 0x20 ||
				 (unsigned char)sp.p[i] >= 0x7f
			     ? '?'
			     : sp.p[i];
	if (sp.n > n) {
		memcpy(out + n, "...", 3);
		n += 3;
	}
	out[n] = '\0';
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

/* The structure of the file: every line in its place.  Returns 0 or -1. */
static int
parse_structure(struct cursor *cu, struct savefile *sf, struct anc_errs *errs)
{
	struct savefile_span sp, val;
	char shown[SAVEFILE_QUOTE_SIZE];
	uint64_t v;
	size_t i, count, cap = 0;
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
	if (v != SAVE_VERSION) {
		anc_errs_add(errs, 1,
			     "save format version %" PRIu64
			     " is not supported: this program reads version %d",
			     v, SAVE_VERSION);
		return -1;
	}

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

	if (key_line(cu, "scenario", "scenario N", &val, errs) != 0)
		return -1;
	sf->scenario_line = cu->line;
	if (parse_u64(val, &v) != 0 || v < 1 || v > COUNT_MAX) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(
		    errs, cu->line,
		    "\"%s\" is not a number of scenario lines (1 to %d)", shown,
		    COUNT_MAX);
		return -1;
	}
	count = (size_t)v;
	sf->text_line = cu->line + 1;
	sf->text.p = cu->buf + cu->pos;
	for (i = 0; i < count; i++) {
		r = next_line(cu, &sp, errs);
		if (r < 0)
			return -1;
		if (r == 0) {
			anc_errs_add(errs, cu->line + 1,
				     "the save is truncated: the scenario text "
				     "ends after %zu of %zu lines",
				     i, count);
			return -1;
		}
	}
	sf->text.n = (size_t)(cu->buf + cu->pos - sf->text.p);

	if (key_line(cu, "journal", "journal N", &val, errs) != 0)
		return -1;
	if (parse_u64(val, &v) != 0 || v > COUNT_MAX) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(errs, cu->line,
			     "\"%s\" is not a number of commands (0 to %d)",
			     shown, COUNT_MAX);
		return -1;
	}
	count = (size_t)v;
	for (i = 0; i < count; i++) {
		r = next_line(cu, &sp, errs);
		if (r < 0)
			return -1;
		if (r == 0) {
			anc_errs_add(errs, cu->line + 1,
				     "the save is truncated: the journal ends "
				     "after %zu of %zu commands",
				     i, count);
			return -1;
		}
		if (sf->ncmds == cap) {
			cap = cap ? cap * 2 : 64;
			sf->cmds =
			    xreallocarray(sf->cmds, cap, sizeof *sf->cmds);
			sf->cmd_lines = xreallocarray(sf->cmd_lines, cap,
						      sizeof *sf->cmd_lines);
		}
		sf->cmds[sf->ncmds] = sp;
		sf->cmd_lines[sf->ncmds++] = cu->line;
	}

	if (key_line(cu, "digest", "digest HEX", &val, errs) != 0)
		return -1;
	sf->digest_line = cu->line;
	if (parse_hex64(val, &sf->digest) != 0) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(errs, cu->line,
			     "\"%s\" is not a digest (16 lowercase hex digits)",
			     shown);
		return -1;
	}
	sf->checksum_off = cu->pos;
	if (key_line(cu, "checksum", "checksum HEX", &val, errs) != 0)
		return -1;
	sf->checksum_line = cu->line;
	if (parse_hex64(val, &sf->checksum) != 0) {
		savefile_quote(val, shown, sizeof shown);
		anc_errs_add(
		    errs, cu->line,
		    "\"%s\" is not a checksum (16 lowercase hex digits)",
		    shown);
		return -1;
	}
	if (cu->pos < cu->len) {
		anc_errs_add(errs, cu->line + 1,
			     "unexpected text after the checksum line");
		return -1;
	}
	return 0;
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
