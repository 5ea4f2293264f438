#!/bin/sh
# End to end: the terminal is restored however the game ends: SIGTERM,
# SIGHUP (a dropped SSH connection), SIGINT (^C), and the exit status
# says which; without a terminal the game refuses to start.
. "$(dirname "$0")/lib.sh"

# signal_test SIGNAL STATUS: a game with a move made, then the signal.
signal_test() {
	start 80 24 xterm-256color "$UTF8" --seed 2
	wait_for 'Briefing'
	keys Enter
	wait_for 'Movement'
	keys k m
	wait_for 'Move: leg1'
	pid=$(game_pid)
	[ -n "$pid" ] || fail "no game process"
	if [ "$1" = INT ]; then
		keys C-c
	else
		kill -"$1" "$pid"
	fi
	wait_exit "$2"
}

signal_test TERM 143
grep -q 'stopped by signal 15' "$WORK/stderr" ||
    fail "SIGTERM: no word on stderr"
signal_test HUP 129
signal_test INT 130

# No terminal: a clear refusal, nothing drawn.
if out=$("$ANCIENTS" --seed 1 </dev/null 2>&1 >/dev/null); then
	fail "started without a terminal"
fi
case $out in
*"needs a terminal"*) ;;
*) fail "without a terminal it said: $out" ;;
esac
echo "PASS: signals and errors restore the terminal"
