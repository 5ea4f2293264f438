#!/bin/sh
# End to end: every key's answer goes to the terminal in one write()
# (issue 13).  ncurses 6.4 flushes after each cursor movement of an
# update until its screen has been suspended and resumed once; the game
# does that once at start (tui.c), so that an update is one write, one
# packet over SSH.  The game runs under strace, which logs its write()
# calls on the terminal; after each key the count must have grown by
# exactly one.  Skipped where strace is missing or may not trace.
. "$(dirname "$0")/lib.sh"

if ! command -v strace >/dev/null 2>&1; then
	echo "SKIP: strace is not installed"
	exit 77
fi
if ! strace -qq -o /dev/null true >/dev/null 2>&1; then
	echo "SKIP: strace may not trace here (ptrace not permitted)"
	exit 77
fi

TRACE=$WORK/trace
REAL=$ANCIENTS
ANCIENTS=$WORK/traced
# LeakSanitizer cannot work under ptrace (a sanitizer build would fail
# at exit): leaks are the other tests' business.
printf '%s\n' '#!/bin/sh' \
    "ASAN_OPTIONS=\"\${ASAN_OPTIONS:+\$ASAN_OPTIONS:}detect_leaks=0\"" \
    'export ASAN_OPTIONS' \
    "exec strace -qq -e trace=write -o '$TRACE' '$REAL' \"\$@\"" >"$ANCIENTS"
chmod +x "$ANCIENTS"

# writes: the game's write() calls on the terminal so far.
writes() {
	grep -c '^write(1,' "$TRACE" 2>/dev/null || echo 0
}

# one_write WHAT KEY...: the keys' answer is exactly one write().
one_write() {
	what=$1
	shift
	before=$(steady writes)
	keys "$@"
	wait_change writes "$before" "$what: nothing written"
	after=$(steady writes)
	[ $((after - before)) -eq 1 ] ||
	    fail "$what: $((after - before)) write() calls, wanted 1"
}

start 80 24 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
keys Enter
wait_for 'Movement'
one_write "a cursor step" h
one_write "a cursor step back" l
one_write "a step up the column" k
one_write "a step down the column" j
one_write "Tab to the next unit" Tab
one_write "Tab to another unit" Tab
one_write "a cursor step off the unit" h
one_write "a full redraw" C-l
one_write "the prompt opened" :
one_write "a character typed" e
one_write "the prompt closed" Escape
keys q
wait_for 'Quit?'
keys y
wait_exit 0
echo "PASS: every key's answer was one write() (cursor, Tab, redraw, prompt)"
