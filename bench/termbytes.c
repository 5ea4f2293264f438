/*
 * Sorts a terminal stream's bytes (see termbytes.h).  Understands what
 * ncurses sends to an xterm or a vt100: CSI sequences, character-set
 * designations, two-byte escapes and C0 controls.
 *
 * The lean driver: the same characters at the same places, but before
 * each character whose attributes differ from the last ones it sent, a
 * single SGR string with only what changed (`\33[22m` for bold off, a
 * colour alone), or a reset and what is on, whichever is shorter.  It
 * is what an ideal curses would send for the same screen: what is left
 * above it is the characters and the cursor's moves, the information.
 */
#include "config.h"

#include "termbytes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const struct term_attrs plain = { 0, 0, 0, 0, -1, -1 };

void
termbytes_init(struct termbytes *t)
{
	memset(t, 0, sizeof *t);
	t->now = plain;
	t->sent = plain;
}

void
termbytes_take(struct termbytes *t, struct termbytes *out)
{
	*out = *t;
	t->attr_bytes = t->move_bytes = t->other_bytes = 0;
	t->text_bytes = t->cells = t->lean_attr_bytes = 0;
}

/* Reads one parameter of an SGR list; *p moves past it and its ';'. */
static int
next_param(const char **p)
{
	int v = atoi(*p);

	while (**p >= '0' && **p <= '9')
		(*p)++;
	if (**p == ';')
		(*p)++;
	return v;
}

static void
apply_sgr(struct term_attrs *a, const char *params)
{
	const char *p = params;

	if (*p == '\0') {
		*a = plain;
		return;
	}
	while (*p != '\0') {
		int v = next_param(&p);

		if (v == 0)
			*a = plain;
		else if (v == 1)
			a->bold = 1;
		else if (v == 2)
			a->dim = 1;
		else if (v == 4)
			a->underline = 1;
		else if (v == 7)
			a->reverse = 1;
		else if (v == 22)
			a->bold = a->dim = 0;
		else if (v == 24)
			a->underline = 0;
		else if (v == 27)
			a->reverse = 0;
		else if (v >= 30 && v <= 37)
			a->fg = (short)(v - 30);
		else if (v >= 90 && v <= 97)
			a->fg = (short)(v - 90 + 8);
		else if (v == 39)
			a->fg = -1;
		else if (v >= 40 && v <= 47)
			a->bg = (short)(v - 40);
		else if (v >= 100 && v <= 107)
			a->bg = (short)(v - 100 + 8);
		else if (v == 49)
			a->bg = -1;
		else if ((v == 38 || v == 48) && next_param(&p) == 5) {
			short c = (short)next_param(&p);

			if (v == 38)
				a->fg = c;
			else
				a->bg = c;
		}
		if (*p != '\0' && (*p < '0' || *p > '9'))
			p++; /* a ':' or other separator: skip it */
	}
}

/* Appends ";code" for a colour (fg: base 30, bg: base 40). */
static void
add_colour(char *list, size_t size, short c, int base)
{
	size_t len = strlen(list);

	if (c < 0)
		snprintf(list + len, size - len, ";%d", base + 9);
	else if (c < 8)
		snprintf(list + len, size - len, ";%d", base + c);
	else if (c < 16)
		snprintf(list + len, size - len, ";%d", base + 60 + c - 8);
	else
		snprintf(list + len, size - len, ";%d;5;%d", base + 8, c);
}

static void
add_code(char *list, size_t size, int code)
{
	size_t len = strlen(list);

	snprintf(list + len, size - len, ";%d", code);
}

/* The length of the shortest SGR string from `from` to `to`. */
static long
lean_sgr_len(const struct term_attrs *from, const struct term_attrs *to)
{
	char diff[96] = "", reset[96] = "0";
	long d, r;

	if ((from->bold && !to->bold) || (from->dim && !to->dim)) {
		add_code(diff, sizeof diff, 22);
		if (to->bold)
			add_code(diff, sizeof diff, 1);
		if (to->dim)
			add_code(diff, sizeof diff, 2);
	} else {
		if (to->bold && !from->bold)
			add_code(diff, sizeof diff, 1);
		if (to->dim && !from->dim)
			add_code(diff, sizeof diff, 2);
	}
	if (to->underline != from->underline)
		add_code(diff, sizeof diff, to->underline ? 4 : 24);
	if (to->reverse != from->reverse)
		add_code(diff, sizeof diff, to->reverse ? 7 : 27);
	if (to->fg != from->fg)
		add_colour(diff, sizeof diff, to->fg, 30);
	if (to->bg != from->bg)
		add_colour(diff, sizeof diff, to->bg, 40);

	if (to->bold)
		add_code(reset, sizeof reset, 1);
	if (to->dim)
		add_code(reset, sizeof reset, 2);
	if (to->underline)
		add_code(reset, sizeof reset, 4);
	if (to->reverse)
		add_code(reset, sizeof reset, 7);
	if (to->fg >= 0)
		add_colour(reset, sizeof reset, to->fg, 30);
	if (to->bg >= 0)
		add_colour(reset, sizeof reset, to->bg, 40);

	/* "\33[" + the list without its leading ';' + "m"; a bare reset
	 * is "\33[m". */
	d = diff[0] == '\0' ? 0 : 3 + (long)strlen(diff) - 1;
	r = strcmp(reset, "0") == 0 ? 3 : 3 + (long)strlen(reset);
	return d < r ? d : r;
}

static void
count_text(struct termbytes *t, unsigned char c)
{
	t->text_bytes++;
	if ((c & 0xc0) == 0x80)
		return; /* a UTF-8 continuation byte: same character */
	t->cells++;
	if (memcmp(&t->now, &t->sent, sizeof t->now) != 0) {
		t->lean_attr_bytes += lean_sgr_len(&t->sent, &t->now);
		t->sent = t->now;
	}
}

/* A complete escape sequence in t->seq. */
static void
end_sequence(struct termbytes *t)
{
	long n = (long)t->seqlen;
	char final = t->seq[t->seqlen - 1];

	t->seqlen = 0;
	if (t->seq[1] == '(' || t->seq[1] == ')') {
		t->attr_bytes += n; /* G0/G1 designation, part of ncurses'
				       attribute strings */
		return;
	}
	if (t->seq[1] != '[') {
		if (final == 'M' || final == 'D' || final == 'E' ||
		    final == '7' || final == '8')
			t->move_bytes += n; /* index, reverse index, save... */
		else
			t->other_bytes += n;
		return;
	}
	switch (final) {
	case 'm':
		t->seq[n - 1] = '\0'; /* the parameters alone */
		apply_sgr(&t->now, t->seq + 2);
		t->attr_bytes += n;
		break;
	case 'H':
	case 'f':
	case 'd':
	case 'G':
	case 'A':
	case 'B':
	case 'C':
	case 'D':
	case 'E':
	case 'F':
	case 'r':
	case 'S':
	case 'T':
	case '`':
		t->move_bytes += n;
		break;
	default:
		t->other_bytes += n;
		break;
	}
}

void
termbytes_feed(struct termbytes *t, const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char c = (unsigned char)buf[i];

		if (t->seqlen > 0) {
			if (t->seqlen < sizeof t->seq - 1)
				t->seq[t->seqlen++] = (char)c;
			else
				t->seqlen++; /* too long: counted, not kept */
			if (t->seqlen == 2 && c != '[') {
				if (c != '(' && c != ')') {
					t->seq[t->seqlen] = '\0';
					end_sequence(t);
				}
			} else if (t->seqlen == 3 &&
				   (t->seq[1] == '(' || t->seq[1] == ')'))
				end_sequence(t);
			else if (t->seqlen > 2 && c >= 0x40 && c <= 0x7e) {
				if (t->seqlen >= sizeof t->seq - 1) {
					t->other_bytes += (long)t->seqlen;
					t->seqlen = 0;
				} else
					end_sequence(t);
			}
			continue;
		}
		if (c == 0x1b) {
			t->seq[0] = (char)c;
			t->seqlen = 1;
		} else if (c == '\r' || c == '\n' || c == '\b')
			t->move_bytes++;
		else if (c < 0x20 || c == 0x7f)
			t->other_bytes++;
		else
			count_text(t, c);
	}
}
