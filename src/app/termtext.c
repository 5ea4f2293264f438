/*
 * Text for the plain terminal (termtext.h).
 */
#include "config.h"

#include "app/termtext.h"

#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "ui/logbuf.h"

int
termtext_width(void)
{
	struct winsize ws;

	if (!isatty(STDOUT_FILENO))
		return 0;
	if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 80;
}

void
termtext_print_wrapped(FILE *out, const char *text, int width)
{
	struct wrap_span span[16];
	int n, i;

	/* Too narrow to be worth it, or too long for the spans: as it is.
	 * The last column stays free: some terminals wrap on reaching it. */
	if (width < 20 ||
	    (n = wrap_text(text, width - 1, span,
			   (int)(sizeof span / sizeof span[0]))) >
		(int)(sizeof span / sizeof span[0])) {
		fputs(text, out);
		return;
	}
	for (i = 0; i < n; i++)
		fprintf(out, "%s%.*s", i > 0 ? "\n" : "", (int)span[i].len,
			text + span[i].start);
}
