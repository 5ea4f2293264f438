#!/bin/sh
# End to end under valgrind (ASan cannot see inside ncurses): the help
# page, Escape and at once a resize to 20 x 5, four times over, then a
# resize back and a quit.  The panel used to be refreshed with the old
# layout after ncurses had shrunk its screen: an invalid read in
# wnoutrefresh.  Any valgrind error fails the test.  Skipped when
# valgrind is absent or the build has sanitizers (they do not mix).
. "$(dirname "$0")/lib.sh"

if ! command -v valgrind >/dev/null 2>&1; then
	echo "SKIP: valgrind is not installed"
	exit 77
fi
if grep -q '__asan_init' "$ANCIENTS" 2>/dev/null; then
	echo "SKIP: a sanitizer build does not run under valgrind"
	exit 77
fi
# valgrind is slow, more so on a loaded machine: longer waits.
E2E_TIMEOUT=${E2E_VALGRIND_TIMEOUT:-900}
real=$ANCIENTS
printf '%s\n' "#!/bin/sh" \
    "exec valgrind -q --error-exitcode=99 --log-file='$WORK/valgrind.log' \
'$real' \"\$@\"" >"$WORK/ancients-vg"
chmod +x "$WORK/ancients-vg"
ANCIENTS=$WORK/ancients-vg

start 80 24 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
n=0
while [ "$n" -lt 4 ]; do
	keys '?'
	wait_for '─ Help'
	keys Escape
	$TMUX_CMD resize-window -t game -x 20 -y 5
	wait_for 'needs'
	$TMUX_CMD resize-window -t game -x 80 -y 24
	wait_for '^ Rome (Caecina)  Turn'
	n=$((n + 1))
done
keys q y
i=0
while [ ! -f "$WORK/status" ]; do
	[ "$i" -lt "$E2E_TIMEOUT" ] || fail "the game did not exit"
	sleep 0.1
	i=$((i + 1))
done
if [ -s "$WORK/valgrind.log" ]; then
	head -n 60 "$WORK/valgrind.log" >&2
	fail "valgrind found errors"
fi
wait_status 0
echo "PASS: resizing under valgrind"
