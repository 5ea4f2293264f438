/*
 * The check of the output streams at exit (closeout.h).
 */
#include "config.h"

#include "app/closeout.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void
closeout(void)
{
	bool failed;
	int err = 0;

	errno = 0;
	failed = fflush(stdout) != 0;
	if (failed)
		err = errno;
	failed |= ferror(stdout) != 0;
	errno = 0;
	/* A standard output closed before we started (>&-) with nothing
	 * written to it is no error. */
	if (fclose(stdout) != 0 && !(errno == EBADF && !failed)) {
		failed = true;
		if (err == 0)
			err = errno;
	}
	if (failed) {
		if (err != 0)
			fprintf(stderr,
				"ancients: cannot write standard output: %s\n",
				strerror(err));
		else
			fprintf(stderr,
				"ancients: cannot write standard output\n");
		fflush(stderr);
		_exit(EXIT_FAILURE);
	}
	if (fflush(stderr) != 0 || ferror(stderr) != 0)
		_exit(EXIT_FAILURE);
}

void
closeout_install(void)
{
	if (atexit(closeout) != 0) {
		fprintf(stderr, "ancients: atexit failed\n");
		exit(EXIT_FAILURE);
	}
}
