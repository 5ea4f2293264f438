/*
 * The physical lines of an INI text, as both loaders hand them to inih
 * (see inilines.h).
 */
#include "core/inilines.h"

#include <string.h>

void
ini_lines_init(struct ini_lines *in, const char *text, size_t len)
{
	in->text = text != NULL ? text : "";
	in->len = text != NULL ? len : 0;
	in->pos = 0;
	in->line = 0;
}

void
ini_line_hide(char *str)
{
	str[0] = '\n';
	str[1] = '\0';
}

enum ini_line
ini_lines_next(struct ini_lines *in, char *str, int num, const char **p,
	       size_t *n)
{
	const char *nl;
	size_t full;

	if (in->pos >= in->len)
		return INI_LINE_END;
	*p = in->text + in->pos;
	nl = memchr(*p, '\n', in->len - in->pos);
	full = nl != NULL ? (size_t)(nl - *p) : in->len - in->pos;
	in->pos += full + (nl != NULL);
	*n = full;
	if (*n > 0 && (*p)[*n - 1] == '\r')
		(*n)--;
	in->line++;
	if (memchr(*p, '\0', *n) != NULL) {
		ini_line_hide(str);
		return INI_LINE_NUL;
	}
	/* inih's buffer must hold the line, "\n" and "\0". */
	if (*n > INI_LINE_MAX_BYTES || num < 3 || *n > (size_t)num - 3) {
		ini_line_hide(str);
		return INI_LINE_LONG;
	}
	memcpy(str, *p, *n);
	str[*n] = '\n';
	str[*n + 1] = '\0';
	return INI_LINE_TEXT;
}
