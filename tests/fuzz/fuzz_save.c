/*
 * libFuzzer target: the save reader on any bytes (tests/fuzz/README.md).
 * A file either loads or is refused with at least one error, each with a
 * message; a save that loads (its checksum, its scenario, every journal
 * command and the digest all good) writes back exactly the same bytes.
 * The reader takes a path: each input goes through one temporary file.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/err.h"
#include "session/session.h"

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
	struct session *s;
	char *text;
	size_t len, i;
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
	if (len != size || memcmp(text, data, size) != 0)
		fail("a save that loads writes back different bytes");
	free(text);
	session_free(s);
	anc_errs_done(&errs);
	return 0;
}
