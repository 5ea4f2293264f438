#!/bin/sh
# End to end: playing alone.  With --ai the computer answers the player's
# `end` with its own turn, each command in the log as `ai: COMMAND`; the
# status line says whose turn it is; a key cuts its pauses short; undo
# takes back the person's own command, never the computer's turn; the
# save says who plays the computer, so --resume goes on solo, and its
# journal holds the concrete commands (never `ai`).  `ai` at the prompt
# plays the turn of the side to act, and only that one.
. "$(dirname "$0")/lib.sh"

SAVES=$XDG_STATE_HOME/ancients

# refused LINE WHY: types LINE; it is refused saying WHY, and Enter
# closed the prompt.
refused() {
	to_prompt
	$TMUX_CMD send-keys -t game -l "$1"
	wait_for "> $1\$"
	keys Enter
	wait_for "$2"
	wait_for '> press : to type a command'
}

# hand_over LINE: types LINE, which ends the player's turn, at the prompt;
# the computer answers (not run: its ':' would close the cover that
# follows).
hand_over() {
	to_prompt
	$TMUX_CMD send-keys -t game -l "$1"
	wait_for "> $1\$"
	keys Enter
}

# begin ARGS...: a 100x40 game; the briefing closed, the prompt open.
begin() {
	start 100 40 xterm-256color "$UTF8" "$@"
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	to_prompt
}

# --- The computer answers the player's turn ---
begin --ai chatti --seed 4 --ai-delay 0
expect '^ Rome (Caecina) to play  your turn  Turn 1/6' "your turn, at once"
run 'move leg1 0405'
run 'end'
run 'end'
hand_over 'end'
wait_for '^ Rome (Caecina) to play  your turn  Turn 2/6'
# The turn comes back with the recap of what the computer did.
wait_for '│ Your turn, Rome (Caecina)\.'
expect '│ What Chatti did:' "the recap of the computer's turn"
expect 'wb2 attacked vel1' "the computer's attack in the recap"
keys Enter
wait_gone 'Your turn, Rome'
wait_for '^ai: second$'
screen | grep -q '^Chatti> ' && fail "a computer's command logged as typed"
# The computer's turn is not the player's to take back...
refused 'undo' 'error: the computer has played since your last command'
# ...the player's own command is.
run 'move eq1 0806'
run 'undo'
wait_for 'Undone: move eq1 0806'
refused 'undo' 'error: the computer has played since your last command'
to_prompt
type_line 'quit'
wait_exit 0
save=$(ls "$SAVES"/autosave-*.save)
[ "$(echo "$save" | wc -l)" = 1 ] || fail "not one autosave: $save"
grep -qx 'ai chatti 2' "$save" || fail "the save does not say who plays"
sed -n '/^journal /,$p' "$save" | grep -q '^ai' &&
    fail "the journal holds an ai command: $(cat "$save")"
grep -q '^second	' "$save" || fail "the computer's choice is not journaled"
# The journal replays without the computer.
echo dump | "$ANCIENTS" --batch --resume "$save" >"$WORK/dump" ||
    fail "the solo save does not replay in batch mode"
grep -q '^game turn=2 player=rome' "$WORK/dump" ||
    fail "the replayed save is not in turn 2: $(cat "$WORK/dump")"

# --- --resume plays on alone ---
start 100 40 xterm-256color "$UTF8" --resume
# Left at the handoff: the recap of the computer's turn again.
wait_for '│ Your turn, Rome (Caecina)\.'
keys Enter
wait_gone 'Your turn, Rome'
wait_for '^ Rome (Caecina) to play  your turn  Turn 2/6'
expect '^ai: second$' "the log rebuilt with the computer's commands"
run 'end'
run 'end'
run 'attack vel1 wb2'
hand_over 'end'
wait_for '  your turn  Turn 3/6'
wait_for '│ Your turn, Rome (Caecina)\.'
keys Enter
wait_gone 'Your turn, Rome'
n=$(grep -c '^ai	\|^ai ' "$save")
[ "$n" = 1 ] || fail "the save has $n ai lines"
to_prompt
type_line 'quit'
wait_exit 0

# end_turn: ends the movement, shooting and combat phases, the last at
# the prompt without waiting: the computer's turn follows.
end_turn() {
	run 'end'
	run 'end'
	to_prompt
	$TMUX_CMD send-keys -t game -l 'end'
	keys Enter
}

# --- A key skips the computer's pauses ---
begin --ai chatti --seed 4 --ai-delay 60000
end_turn
wait_for '  computer thinking  '
wait_for '^ai: '
keys x
# Without the key this would take a minute per command.
wait_for '  your turn  Turn 2/6'
wait_for '│ Your turn, Rome (Caecina)\.'
expect_not 'error' "the skipping key went nowhere"
keys Enter
wait_gone 'Your turn, Rome'
# The turn was ended at the prompt; Enter closed it: the map's keys.
wait_for '> press : to type a command'
to_prompt
type_line 'quit'
wait_exit 0

# --- Behind the "too small" page the computer waits: it played on unseen
# (a playtest), each pause only a pause.
rm -f "$SAVES"/autosave-*.save
begin --ai chatti --seed 4 --ai-delay 800
end_turn
wait_for '^ai: '
$TMUX_CMD resize-window -t game -x 70 -y 20
wait_for 'The computer waits until the game can be seen\.'
save=$(ls "$SAVES"/autosave-*.save)
before=$(wc -l <"$save")
# Three of its pauses: it would have played three commands.
sleep 2.5
after=$(wc -l <"$save")
[ "$before" = "$after" ] ||
    fail "the computer played $((after - before)) commands unseen"
expect 'The computer waits' "the computer's wait said"
$TMUX_CMD resize-window -t game -x 100 -y 40
wait_for '  your turn  Turn 2/6' 300
wait_for '│ Your turn, Rome (Caecina)\.'
keys Enter
wait_gone 'Your turn, Rome'
# On the person's own turn the page does not say the computer waits.
$TMUX_CMD resize-window -t game -x 70 -y 20
wait_for 'Enlarge the window'
expect_not 'The computer waits' "the computer's wait said on your turn"
$TMUX_CMD resize-window -t game -x 100 -y 40
wait_gone 'Enlarge the window'
to_prompt
type_line 'quit'
wait_exit 0

# --- `ai` at the prompt of a two-player game ---
begin --seed 4
# `ai` plays Rome's whole turn and ends it: the handoff page follows, as
# after an `end` (run would close that page to reopen the prompt).
hand_over 'ai'
wait_for '^ Chatti .*to play  Turn 1/6'
# Two people: the keyboard passes, with the recap of Rome's turn.
wait_for '│ Pass the keyboard to Chatti\.'
keys Enter
wait_gone 'Pass the keyboard'
wait_for '^ai: end$'
expect_not 'your turn' "a two-player game's status"
to_prompt
type_line 'quit'
wait_exit 0

# --- `ai` at the prompt of a game against the computer: the person's
# turn, then the computer's own, and the game comes back (it played on
# to the end of the game: the playtest's seed 5).
begin --ai chatti --seed 5 --ai-delay 0
hand_over 'ai'
wait_for '^ Rome (Caecina) to play  your turn  Turn 2/6'
wait_for '│ Your turn, Rome (Caecina)\.'
expect_not 'WINS' "the computer played the game to its end"
expect 'What Chatti did:' "the recap of the computer's turn"
keys Enter
wait_gone 'Your turn, Rome'
to_prompt
type_line 'quit'
wait_exit 0

# --- The status line at 80 columns: the solo word never pushes the
# breakpoints off its end (Watling Street's long names leave no room).
start 80 24 xterm-256color "$UTF8" --ai britons --ai-delay 0 --seed 4 \
    watling-street
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
wait_for '^ Rome .*BP romans [0-9]*/29 britons\*\{0,1\} [0-9]*/34$'
# the Britons moved first: their recap is up; Enter closes it
wait_for '─ Your turn'
keys Enter
wait_gone '─ Your turn'
keys q y
wait_exit 0

# --- Options ---
"$ANCIENTS" --ai romans --seed 4 </dev/null >/dev/null 2>"$WORK/err" &&
    fail "--ai with no such side was accepted"
"$ANCIENTS" --ai chatti --resume </dev/null >/dev/null 2>"$WORK/err"
[ $? = 64 ] || fail "--ai with --resume: not a usage error"
grep -q 'a solo save keeps' "$WORK/err" || fail "--ai --resume: $(cat "$WORK/err")"
"$ANCIENTS" --ai chatti --ai-delay x </dev/null >/dev/null 2>"$WORK/err"
[ $? = 64 ] || fail "--ai-delay x: not a usage error"
# Two sides for the computer: a usage error, not the last one silently.
"$ANCIENTS" --ai rome --ai chatti </dev/null >/dev/null 2>"$WORK/err"
[ $? = 64 ] || fail "--ai given two sides: not a usage error"
grep -q '"rome" and "chatti"' "$WORK/err" || fail "--ai twice: $(cat "$WORK/err")"
echo "PASS: solo"
