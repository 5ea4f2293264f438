/*
 * The start menu on the screen (see menuview.h).  Fits 80x24: a title
 * line, a blank, the entries (left, at most 34 columns when there is a
 * detail to show) and the detail (right: the entry's text and, for one
 * that starts something, the command line it runs), a blank and the key
 * line.
 */
#include "config.h"

#include "ui/menuview.h"

#include <stdlib.h>
#include <string.h>

#include "ui/logbuf.h"

#define LIST_WIDTH 34
#define DETAIL_LINES 400

int
menuview_rows(int height)
{
	return height > 5 ? height - 4 : 1;
}

/* Writes at most width columns of s at y, x. */
static void
put(WINDOW *w, int y, int x, int width, const char *s, size_t len)
{
	size_t i = 0;
	int cols = 0;

	while (i < len && s[i] != '\0' && cols < width) {
		i++;
		while (i < len && ((unsigned char)s[i] & 0xc0) == 0x80)
			i++;
		cols++;
	}
	if (width > 0)
		mvwaddnstr(w, y, x, s, (int)i);
}

static void
draw_detail(WINDOW *w, struct menu *m, const char *text, int y, int x, int rows,
	    int width)
{
	static struct wrap_span sp[DETAIL_LINES];
	int n, i, shown;

	n = wrap_text(text, width, sp, DETAIL_LINES);
	if (n > DETAIL_LINES)
		n = DETAIL_LINES;
	if (m->detail_top > n - rows)
		m->detail_top = n - rows > 0 ? n - rows : 0;
	shown = n - m->detail_top < rows ? n - m->detail_top : rows;
	for (i = 0; i < shown; i++)
		put(w, y + i, x, width, text + sp[m->detail_top + i].start,
		    sp[m->detail_top + i].len);
	if (n > rows) {
		char more[48];

		snprintf(more, sizeof more, "[%d-%d of %d: PgUp/PgDn]",
			 m->detail_top + 1, m->detail_top + shown, n);
		wattrset(w, A_DIM);
		put(w, y + rows, x, width, more, strlen(more));
		wattrset(w, A_NORMAL);
	}
}

void
menuview_draw(WINDOW *w, struct menu *m, bool unicode)
{
	const struct menu_entry *s = menu_screen(m), *cur;
	int lines, cols, rows, lw, i, k;
	char title[160], *detail;
	const char *keys;

	getmaxyx(w, lines, cols);
	rows = menuview_rows(lines);
	werase(w);
	wattrset(w, A_REVERSE);
	for (i = 0; i < cols; i++)
		mvwaddch(w, 0, i, ' ');
	snprintf(title, sizeof title, " 3D6 Ancients%s%s",
		 m->depth > 0 ? ": " : "", m->depth > 0 ? s->label : "");
	put(w, 0, 0, cols, title, strlen(title));
	wattrset(w, A_NORMAL);
	cur = s->nkids > 0 ? &s->kids[menu_current(m)] : NULL;
	detail = cur != NULL ? menu_detail_text(cur) : NULL;
	lw = detail != NULL && cols >= 60 ? LIST_WIDTH : cols - 2;
	/* Keep the chosen entry in view after a resize. */
	if (menu_current(m) >= m->top + rows)
		m->top = menu_current(m) - rows + 1;
	for (k = 0; k < rows && m->top + k < s->nkids; k++) {
		const struct menu_entry *e = &s->kids[m->top + k];
		bool on = m->top + k == menu_current(m);
		char label[256];

		menu_label_fit(e->label, lw - 1, unicode, label, sizeof label);
		wattrset(w, on ? A_REVERSE : A_NORMAL);
		put(w, 2 + k, 1, 1, on ? ">" : " ", 1);
		put(w, 2 + k, 2, lw - 1, label, strlen(label));
		if (on)
			for (i = getcurx(w); i < lw + 1; i++)
				mvwaddch(w, 2 + k, i, ' ');
	}
	wattrset(w, A_NORMAL);
	if (lw == LIST_WIDTH)
		draw_detail(w, m, detail, 2, LIST_WIDTH + 3, rows - 1,
			    cols - LIST_WIDTH - 4);
	free(detail);
	keys = unicode ? "\xe2\x86\x91\xe2\x86\x93/jk choose  Enter open  "
			 "PgUp/PgDn scroll  q/Esc back"
		       : "up/down/jk choose  Enter open  PgUp/PgDn scroll  "
			 "q/Esc back";
	wattrset(w, A_DIM);
	put(w, lines - 1, 1, cols - 2, keys, strlen(keys));
	wattrset(w, A_NORMAL);
}
