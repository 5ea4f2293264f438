#!/bin/sh
# End to end: one shared game on three screens (docs/shared-games.md).
# Alice hosts, bob joins in another tmux session: alice's move shows on
# bob's screen; bob's move of a Roman unit is refused (it is Rome's
# turn); bob's `say` shows on alice's; carol watches, sees both and
# cannot play; alice is hung up (SIGHUP), her side is free at once on
# bob's status line and in his log, she rejoins with --join and the game
# goes on.  Each prompt is the seat's own side ("Watching" for carol,
# told what she can do), quitting names --join, bob cannot undo Rome's
# end, and leaving a finished game says how to replay it.
. "$(dirname "$0")/lib.sh"

ANCIENTS_SHARED_DIR=$WORK/shared
export ANCIENTS_SHARED_DIR
$TMUX_CMD kill-server >/dev/null 2>&1 || true
RUNS=$((RUNS + 1))
TMUX_CMD="tmux -u -f /dev/null -L anc-$$-$RUNS"

# seat NAME LOGIN ARGS...: a session NAME running the game as LOGIN.
seat() {
	name=$1 login=$2
	shift 2
	printf '%s\n' "#!/bin/sh" \
	    "TERM=xterm-256color LANG='$UTF8' LC_ALL='$UTF8' \
XDG_STATE_HOME='$XDG_STATE_HOME' ANCIENTS_SHARED_DIR='$ANCIENTS_SHARED_DIR' \
sh -c 'echo \$\$ >\"$WORK/$name.pid\"; exec \"\$0\" \"\$@\"' \
\"$ANCIENTS\" --player $login $* 2>\"$WORK/$name.err\"" \
	    "echo \$? >\"$WORK/$name.status\"" \
	    "exec cat >/dev/null" >"$WORK/$name.sh"
	chmod +x "$WORK/$name.sh"
	$TMUX_CMD new-session -d -s "$name" -x 100 -y 30 "$WORK/$name.sh" ||
	    fail "tmux could not start $name"
	$TMUX_CMD set-option -g status off >/dev/null
}

shot() {
	$TMUX_CMD capture-pane -p -t "$1" 2>/dev/null
}

# on NAME REGEX: waits until NAME's screen shows it.
on() {
	i=0
	while [ "$i" -lt "$E2E_TIMEOUT" ]; do
		if shot "$1" | grep -q -e "$2"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	echo "--- $1's screen ---" >&2
	shot "$1" >&2
	cat "$WORK/$1.err" >&2 2>/dev/null
	fail "timed out waiting for /$2/ on $1's screen"
}

# cmd NAME LINE: types a command at NAME's prompt, from the map or the
# prompt, whatever was left on the line.
cmd() {
	$TMUX_CMD send-keys -t "$1" Escape
	$TMUX_CMD send-keys -t "$1" : C-u
	$TMUX_CMD send-keys -t "$1" -l "$2"
	$TMUX_CMD send-keys -t "$1" Enter
}

seat alice alice --host --name e2e --seed 1 tutorial
on alice 'Briefing'
on alice 'ancients --join e2e'
seat bob bob --join e2e
on bob 'Briefing'
on alice 'alice/bob'
$TMUX_CMD send-keys -t alice Enter
$TMUX_CMD send-keys -t bob Enter

# Alice moves: bob's screen shows it.
cmd alice 'move leg1 0405'
on alice 'Move: leg1 0406 -> 0405'
on bob 'Move: leg1 0406 -> 0405'

# Bob tries a move: not his turn.
cmd bob 'move leg2 0605'
on bob "it is Rome's turn"

# Bob says something: alice reads it.  He types at his own side's
# prompt, not at Rome's, whose turn it is.
$TMUX_CMD send-keys -t bob Escape
$TMUX_CMD send-keys -t bob : C-u
$TMUX_CMD send-keys -t bob -l 'say hello alice'
on bob 'Chatti> say hello alice'
$TMUX_CMD send-keys -t bob Enter
on alice '> bob (chatti): hello alice'
$TMUX_CMD send-keys -t bob Escape
on bob 'waiting: Rome (Caecina) to play'

# Carol watches: she sees both, counts as a watcher, and cannot play.
seat carol carol --watch e2e
on carol 'alice/bob 1 watching'
on carol 'Move: leg1 0406 -> 0405'
on carol '> bob (chatti): hello alice'
on alice 'alice/bob 1 watching'
# Nothing is selected on a screen whose seat does not act (no marks of
# the other side's unit); Enter selects the unit under the cursor, Enter
# again keeps it and says so; Esc drops it, and the hint line shows again.
$TMUX_CMD send-keys -t carol Enter
on carol 'leg1 selected'
$TMUX_CMD send-keys -t carol Enter
on carol 'leg1 is selected; Esc drops it'
$TMUX_CMD send-keys -t carol Escape
on carol 'watching: Rome (Caecina) to play'
on carol 'watching: no commands; Tab, or : goto HEX, looks around'
cmd carol 'end'
on carol 'Watching> end'
on carol 'a watcher gives no commands'
cmd alice 'move leg2 0605'
on carol 'Move: leg2 0606 -> 0605'

# A resize redraws at once on a screen that waits (curses sees the
# SIGWINCH only when it is asked for a key): too small, then big again.
$TMUX_CMD resize-window -t carol -x 70 -y 20
on carol 'needs a terminal of at least 80 x 24; this one is 70 x 20'
$TMUX_CMD resize-window -t carol -x 100 -y 30
on carol 'alice/bob 1 watching'
$TMUX_CMD resize-window -t bob -x 70 -y 20
on bob 'needs a terminal of at least 80 x 24; this one is 70 x 20'
$TMUX_CMD resize-window -t bob -x 100 -y 30
on bob 'alice/bob 1 watching'

# Quitting says how to sit down again, as the exit line does.
$TMUX_CMD send-keys -t alice Escape
$TMUX_CMD send-keys -t alice q
on alice 'Quit? Sit down again with ancients --join e2e\. y quits'
$TMUX_CMD send-keys -t alice n

# Alice hangs up: her side is free at once, and she takes it again.
kill -HUP "$(cat "$WORK/alice.pid")"
i=0
while [ ! -f "$WORK/alice.status" ]; do
	[ "$i" -lt "$E2E_TIMEOUT" ] || fail "alice's game did not exit on SIGHUP"
	sleep 0.1
	i=$((i + 1))
done
on bob '(free)/bob'
# The log says so too, and how the seat is taken again.
on bob 'alice left: Rome (Caecina) is free; ancients --join e2e takes it'
on carol 'alice left: Rome (Caecina) is free'
seat alice2 alice --join e2e
on alice2 'Move: leg2 0606 -> 0605'
on bob 'alice/bob'
on bob 'alice plays Rome (Caecina)'
cmd alice2 'end'
on bob 'Phase: shooting'
on carol 'Phase: shooting'
cmd alice2 'end'
cmd alice2 'end'
# Bob's turn: his screen recaps what Rome did (no keyboard to pass).
on bob 'Your turn, Chatti\.'
on bob 'moved 2 units: leg1 to 0405, leg2 to 0605'
$TMUX_CMD send-keys -t bob Enter
on bob 'Chatti.*player-turn begins'
# Rome's end handed bob the turn: it is not his to take back.
cmd bob 'undo'
on bob "(end) is Rome's: a player takes back only his own side's commands"
cmd bob 'move wb1 0303'
on alice2 'Move: wb1 0302 -> 0303'
on carol 'Move: wb1 0302 -> 0303'
# His own move is his to take back; the others read which it was.
cmd bob 'undo'
on alice2 'Chatti took back: move wb1 0303'
on carol 'Chatti took back: move wb1 0303'

# The journal replays to what was played.
"$ANCIENTS" --replay "$ANCIENTS_SHARED_DIR/e2e.journal" >"$WORK/replay" ||
    fail "the journal does not replay"
grep -q '^  > bob (chatti): hello alice$' "$WORK/replay" ||
    fail "the say line is not in the replay"
# A finished game: leaving it says where its journal is and how to
# replay it (a save played to its end by the computer, as a journal).
awk 'BEGIN { for (i = 0; i < 150; i++) print "ai" }' |
    "$ANCIENTS" --batch --seed 1 --save "$WORK/done.save" tutorial \
    >/dev/null 2>&1
cp "$WORK/done.save" "$ANCIENTS_SHARED_DIR/done.journal" ||
    fail "no finished game to join"
# Erin watches the end of the game come in, one line at a time: when
# it ends, her message line says nothing of a side to play.
n=$(grep -n '^journal ' "$WORK/done.save" | cut -d: -f1)
total=$(wc -l <"$WORK/done.save")
[ "$((total - n))" -gt 30 ] || fail "the finished game is too short"
head -n "$((total - 30))" "$WORK/done.save" \
    >"$ANCIENTS_SHARED_DIR/ending.journal"
seat erin erin --watch ending
on erin 'Watching>'
tail -n 30 "$WORK/done.save" | while IFS= read -r line; do
	printf '%s\n' "$line" >>"$ANCIENTS_SHARED_DIR/ending.journal"
	sleep 0.05
done
on erin 'WINS\|DRAW'
on erin 'The end'
on erin 'PgUp/PgDn scroll'
shot erin | grep -q 'to play: turn' &&
    fail "erin's message line says a side is to play after the end: $(shot erin | tail -2)"
seat dave dave --join done
on dave 'WINS\|DRAW'
# The end page comes up first: Esc to the map, then q.
$TMUX_CMD send-keys -t dave Escape
on dave 'Game over> press'
$TMUX_CMD send-keys -t dave q
on dave '^done is over; watch it again with ancients --replay done$'
on dave "^Its journal: $ANCIENTS_SHARED_DIR/done.journal"
echo "PASS: a shared game on three screens"
