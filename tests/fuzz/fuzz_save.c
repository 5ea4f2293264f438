/*
 * libFuzzer target: the save reader on any bytes (tests/fuzz/README.md).
 * A file either loads or is refused with at least one error, each with a
 * message; a save of the current version that loads (its scenario, every
 * journal command and its checks all good) writes back exactly the same
 * bytes, except a torn last journal line (docs/save-format.md: what a
 * crash while it was written leaves): loading drops it with a notice, so
 * the rewrite is the input without that one last line.  An older version that loads is written in the current one,
 * which must load again and write back the same.  The reader takes a
 * path: each input goes through one temporary file.
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "session/savefile.h"
#include "session/session.h"

#define STR_(x) #x
#define STR(x) STR_(x)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[64];

static void
fail(const char *what)
{
	fprintf(stderr, "fuzz_save: %s\n", what);
	abort();
}

static void
remove_file(void)
{
	unlink(path);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct anc_errs errs;
	static const char current[] = SAVE_MAGIC " " STR(SAVE_VERSION) "\n";
	struct session *s;
	const void *nl;
	char *text, *again;
	bool torn;
	size_t len, len2, i;
	FILE *f;

	if (path[0] == '\0') {
		const char *dir = getenv("TMPDIR");

		snprintf(path, sizeof path, "%.40s/fuzz-save.%ld",
			 dir != NULL && dir[0] == '/' ? dir : "/tmp",
			 (long)getpid());
		atexit(remove_file);
	}
	if ((f = fopen(path, "wb")) == NULL ||
	    fwrite(data, 1, size, f) != size || fclose(f) != 0)
		fail("cannot write the temporary file");
	anc_errs_init(&errs);
	s = session_load(path, &errs);
	if (s == NULL) {
		if (errs.n == 0)
			fail("refused with no error");
		for (i = 0; i < errs.n; i++)
			if (errs.v[i].msg[0] == '\0')
				fail("an error without a message");
		anc_errs_done(&errs);
		return 0;
	}
	text = session_format(s, &len);
	torn = session_notice(s) != NULL;
	session_free(s);
	if (size >= sizeof current - 1 &&
	    memcmp(data, current, sizeof current - 1) == 0) {
		if (!torn && (len != size || memcmp(text, data, size) != 0))
			fail("a save that loads writes back different bytes");
		if (torn && (len >= size || memcmp(text, data, len) != 0))
			fail("a save with a torn last line writes back more "
			     "than the lines before it");
		/* What was dropped is one line: a newline only at its end. */
		nl = torn ? memchr(data + len, '\n', size - len) : NULL;
		if (nl != NULL && (const uint8_t *)nl != data + size - 1)
			fail("a torn line's drop takes more than the last line");
	} else {
		/* An older version: its rewrite is a save of today's. */
		if ((f = fopen(path, "wb")) == NULL ||
		    fwrite(text, 1, len, f) != len || fclose(f) != 0)
			fail("cannot write the temporary file");
		if ((s = session_load(path, &errs)) == NULL)
			fail("an old save's rewrite does not load");
		again = session_format(s, &len2);
		if (len2 != len || memcmp(again, text, len) != 0)
			fail("an old save's rewrite writes back different "
			     "bytes");
		free(again);
		session_free(s);
	}
	free(text);
	anc_errs_done(&errs);
	return 0;
}
