/*
 * The start menu's model (see menu.h).
 */
#include "config.h"

#include "ui/menu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/xmalloc.h"
#include "ui/keymap.h"
#include "ui/logbuf.h"

struct menu_entry *
menu_add(struct menu_entry *e, const char *label)
{
	struct menu_entry *k;

	e->kids = xreallocarray(e->kids, (size_t)e->nkids + 1, sizeof *e->kids);
	k = &e->kids[e->nkids++];
	memset(k, 0, sizeof *k);
	k->label = xstrdup(label);
	return k;
}

void
menu_set_args(struct menu_entry *e, const char *const *args, int n)
{
	int i;

	for (i = 0; i < n && i < MENU_ARGS_MAX - 1; i++)
		e->args[i] = xstrdup(args[i]);
	e->args[i] = NULL;
}

/* Appends s to buf, which holds *used bytes, as far as len allows. */
static void
append(char *buf, size_t len, size_t *used, const char *s)
{
	size_t n = strlen(s);

	if (*used + n >= len)
		n = *used + 1 < len ? len - *used - 1 : 0;
	memcpy(buf + *used, s, n);
	*used += n;
	buf[*used] = '\0';
}

void
menu_command_line(const struct menu_entry *e, char *buf, size_t len)
{
	static const char plain[] = "abcdefghijklmnopqrstuvwxyz"
				    "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
				    "0123456789-_./,:=+@%";
	size_t used = 0;
	const char *a;
	char ch[2] = { 0, 0 };
	int i;

	if (len == 0)
		return;
	buf[0] = '\0';
	if (e->args[0] == NULL)
		return;
	append(buf, len, &used, "ancients");
	for (i = 0; e->args[i] != NULL; i++) {
		a = e->args[i];
		append(buf, len, &used, " ");
		if (a[0] != '\0' && a[strspn(a, plain)] == '\0') {
			append(buf, len, &used, a);
			continue;
		}
		/* In single quotes; a quote itself as '\''. */
		append(buf, len, &used, "'");
		for (; *a != '\0'; a++) {
			ch[0] = *a;
			append(buf, len, &used, *a == '\'' ? "'\\''" : ch);
		}
		append(buf, len, &used, "'");
	}
}

char *
menu_detail_text(const struct menu_entry *e)
{
	char line[2048], *text;
	size_t len;

	line[0] = '\0';
	if (!e->no_command)
		menu_command_line(e, line, sizeof line);
	if (line[0] == '\0')
		return e->detail != NULL ? xstrdup(e->detail) : NULL;
	if (e->detail == NULL)
		return xstrdup(line);
	len = strlen(e->detail) + strlen(line) + 3;
	text = xmalloc(len);
	snprintf(text, len, "%s\n\n%s", e->detail, line);
	return text;
}

void
menu_set_detail(struct menu_entry *e, const char *text)
{
	free(e->detail);
	e->detail = xstrdup(text);
}


void
menu_label_fit(const char *label, int width, bool unicode, char *buf,
	       size_t len)
{
	text_fit(label, width, unicode ? "\xe2\x80\xa6" : "...", buf, len);
}

void
menu_entry_done(struct menu_entry *e)
{
	int i;

	for (i = 0; i < e->nkids; i++)
		menu_entry_done(&e->kids[i]);
	free(e->kids);
	for (i = 0; i < MENU_ARGS_MAX && e->args[i] != NULL; i++)
		free(e->args[i]);
	free(e->label);
	free(e->detail);
	memset(e, 0, sizeof *e);
}

void
menu_init(struct menu *m, const struct menu_entry *root)
{
	memset(m, 0, sizeof *m);
	m->root = root;
	m->stack[0] = root;
}

const struct menu_entry *
menu_screen(const struct menu *m)
{
	return m->stack[m->depth];
}

int
menu_current(const struct menu *m)
{
	return m->at[m->depth];
}

/* Moves the choice to i (clamped) and keeps it in the rows shown. */
static void
go(struct menu *m, int i, int rows)
{
	int n = menu_screen(m)->nkids;

	if (i >= n)
		i = n - 1;
	if (i < 0)
		i = 0;
	m->at[m->depth] = i;
	m->detail_top = 0;
	if (rows < 1)
		rows = 1;
	if (i < m->top)
		m->top = i;
	if (i >= m->top + rows)
		m->top = i - rows + 1;
}

static void
back(struct menu *m)
{
	if (m->depth == 0) {
		m->done = true;
		return;
	}
	m->depth--;
	m->top = 0;
	m->detail_top = 0;
}

static void
open_current(struct menu *m, int rows)
{
	const struct menu_entry *s = menu_screen(m), *e;

	if (s->nkids == 0)
		return;
	e = &s->kids[menu_current(m)];
	if (e->quit) {
		m->done = true;
		return;
	}
	if (e->nkids == 0) {
		if (e->args[0] == NULL && !e->quit)
			return; /* a line that says something, nothing more */
		m->picked = e;
		m->done = true;
		return;
	}
	if (m->depth + 1 >= MENU_DEPTH_MAX)
		return;
	m->depth++;
	m->stack[m->depth] = e;
	m->at[m->depth] = 0;
	m->top = 0;
	go(m, e->start, rows);
}

bool
menu_key(struct menu *m, int key, int rows)
{
	int i = menu_current(m), page = rows > 1 ? rows - 1 : 1;

	switch (key) {
	case KEYM_UP:
	case 'k':
		go(m, i - 1, rows);
		return true;
	case KEYM_DOWN:
	case 'j':
		go(m, i + 1, rows);
		return true;
	case KEYM_HOME:
	case 'g':
		go(m, 0, rows);
		return true;
	case KEYM_END:
	case 'G':
		go(m, menu_screen(m)->nkids - 1, rows);
		return true;
	case KEYM_ENTER:
	case KEYM_RIGHT:
	case 'l':
		open_current(m, rows);
		return true;
	case KEYM_ESC:
	case KEYM_LEFT:
	case 'q':
	case 'h':
		back(m);
		return true;
	case KEYM_NPAGE:
	case ' ':
		m->detail_top += page;
		return true;
	case KEYM_PPAGE:
	case 'b':
		m->detail_top -= page;
		if (m->detail_top < 0)
			m->detail_top = 0;
		return true;
	default:
		return false;
	}
}
