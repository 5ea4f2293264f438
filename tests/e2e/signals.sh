#!/bin/sh
# End to end: however a signal ends the game, the move made before it is
# saved, and the exit status says which signal.  SIGTERM and SIGINT (^C)
# restore the terminal and say where the save is; SIGHUP (a dropped SSH
# connection) writes nothing more to the terminal, not even to restore
# it.  Without a terminal the game refuses to start.
. "$(dirname "$0")/lib.sh"

# signal_test SIGNAL STATUS: a game with a move made, then the signal.
signal_test() {
	start 80 24 xterm-256color "$UTF8" --seed 2
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	keys k m m
	wait_for 'Move: leg1'
	pid=$(game_pid)
	[ -n "$pid" ] || fail "no game process"
	if [ "$1" = INT ]; then
		keys C-c
	else
		kill -"$1" "$pid"
	fi
}

# saved_move: the newest save holds the move leg1 made.
saved_move() {
	save=$(ls -t "$XDG_STATE_HOME"/ancients/autosave-*.save | head -n 1)
	[ -f "$save" ] || fail "$1: no save"
	echo dump | "$ANCIENTS" --batch --resume "$save" >"$WORK/dump" ||
	    fail "$1: the save does not resume"
	grep -q '^unit leg1 .* hex=0405 ' "$WORK/dump" ||
	    fail "$1: the move is not in the save"
	rm -f "$save"
}

signal_test TERM
wait_exit 143
grep -q 'stopped by signal 15; saved as .*; resume with ancients --resume' \
    "$WORK/stderr" || fail "SIGTERM: no word on stderr"
saved_move SIGTERM
signal_test INT
wait_exit 130
saved_move SIGINT

# SIGHUP: the status, but not a byte more to the terminal: the screen is
# left as it was (alternate screen on) and nothing is said.
signal_test HUP
wait_status 129
[ "$($TMUX_CMD display -p -t game '#{alternate_on}')" = 1 ] ||
    fail "SIGHUP: the game wrote to the terminal after the hangup"
expect 'Move: leg1' "SIGHUP: the game's screen left as it was"
[ ! -s "$WORK/stderr" ] || fail "SIGHUP: the game wrote on stderr"
saved_move SIGHUP

# No terminal: a clear refusal, nothing drawn, nothing saved.
if out=$("$ANCIENTS" --seed 1 </dev/null 2>&1 >/dev/null); then
	fail "started without a terminal"
fi
case $out in
*"needs a terminal"*) ;;
*) fail "without a terminal it said: $out" ;;
esac
[ -z "$(ls "$XDG_STATE_HOME/ancients")" ] ||
    fail "a game without a terminal left a save"
echo "PASS: signals end the game with its save; the terminal as it should be"
