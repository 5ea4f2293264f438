#!/bin/sh
# End to end: a game played for three turns at the prompt, with an undo
# of a move, an undo refused after a shot and a save name refused, is
# killed with SIGHUP by closing its terminal (tmux kill-session, as a
# dropped SSH connection would) and resumes exactly where it stopped:
# the same status line, map and panel, and the same state as a clean
# batch run of the same commands.  Then a plain start offers to resume
# it (no by default), --saves lists it, and the replay viewer steps
# through it command by command and turn by turn.
. "$(dirname "$0")/lib.sh"

SAVES=$XDG_STATE_HOME/ancients

# The game: seed 4, the built-in tutorial.  Chatti seizes the initiative
# in turn 3 and moves second; the last command is Chatti's, in turn 3.
cat >"$WORK/cmds" <<'CMDS'
move leg1 0405
move leg2 0605
end
shoot vel1 wb2
end
end
move wb3 0704
move wb4 0803
end
end
end
pivot aux1 NE
move eq1 0806
end
end
end
move wb1 0303
end
end
end
second
move aux1 0306
end
end
end
pivot wb1 SE
CMDS

# refused LINE WHY: types LINE; it is refused saying WHY, and Enter
# closed the prompt all the same.
refused() {
	to_prompt
	$TMUX_CMD send-keys -t game -l "$1"
	wait_for "> $1\$"
	keys Enter
	wait_for "$2"
	wait_for '> press : to type a command'
}

# The top of the screen: the status line, the map and the panel, down to
# the log's rule.
top() {
	screen | sed '/── Log /,$d'
}

dump_of() {
	sed -n '/^game /,/^end$/p'
}

# --- Three turns at the prompt ---
start 100 40 xterm-256color "$UTF8" --seed 4
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
to_prompt
n=0
while IFS= read -r line <&3; do
	n=$((n + 1))
	run "$line"
	case $n in
	1)
		# Undo takes a move back; the move is made again.
		run 'undo'
		wait_for 'Undone: move leg1 0405'
		expect_not 'Took back' "a second wording of the undo"
		run 'move leg1 0405'
		;;
	4)
		# A shot rolled dice: it stays.
		refused 'undo' 'shoot vel1 wb2) rolled dice and cannot be undone'
		refused 'save ../../x' '"../../x" is not a save name'
		;;
	esac
done 3<"$WORK/cmds"
[ -z "$(ls -A "$WORK" | grep -x 'x\|x.save')" ] ||
    fail "save ../../x wrote outside the save directory"
expect '^ Chatti .*Turn 3/6  Movement' "turn 3, Chatti moving"
save=$(ls "$SAVES"/autosave-*.save)
[ "$(echo "$save" | wc -l)" = 1 ] || fail "not one autosave: $save"
# Saves may hold what another player typed: only their owner reads them.
[ "$(stat -c %a "$SAVES")" = 700 ] ||
    fail "the save directory is mode $(stat -c %a "$SAVES"), not 700"
run 'select wb1'
before=$(top)
pid=$(game_pid)

# --- The terminal goes away ---
$TMUX_CMD kill-session -t game
i=0
while kill -0 "$pid" 2>/dev/null; do
	[ "$i" -lt "$E2E_TIMEOUT" ] || fail "the game outlived its terminal"
	sleep 0.1
	i=$((i + 1))
done
if grep -q -e 'Sanitizer\|runtime error' "$WORK/stderr"; then
	fail "the sanitizers found a fault"
fi
[ -z "$(ls -A "$SAVES" | grep -v '^autosave-.*\.save$')" ] ||
    fail "a temporary file was left in the save directory"

# The save is the game: the same state as a clean batch run.
{ cat "$WORK/cmds"; echo dump; } | "$ANCIENTS" --batch --seed 4 |
    dump_of >"$WORK/want" || fail "the batch run refused a command"
echo dump | "$ANCIENTS" --batch --resume "$save" | dump_of >"$WORK/got" ||
    fail "the save does not resume in batch mode"
[ -s "$WORK/want" ] || fail "no dump from the batch run"
cmp -s "$WORK/want" "$WORK/got" ||
    fail "the save's state differs: $(diff "$WORK/want" "$WORK/got")"

# --- ancients --resume: the screen as it was ---
start 100 40 xterm-256color "$UTF8" --resume
wait_for 'Resumed: turn 3, movement phase, Chatti to play'
expect 'Chatti> pivot wb1 SE' "the log rebuilt from the save"
to_prompt
run 'select wb1'
after=$(top)
if [ "$after" != "$before" ]; then
	printf '%s\n' "$before" >"$WORK/before"
	printf '%s\n' "$after" >"$WORK/after"
	fail "the resumed screen differs: $(diff "$WORK/before" "$WORK/after")"
fi
$TMUX_CMD send-keys -t game -l 'dump'
keys Enter
wait_for 'unit wb1 side=chatti type=warband hex=0303 facing=SE hits=0'
if screen | grep -q '─ What happened'; then
	keys Enter
	wait_gone '─ What happened'
fi
to_prompt
type_line 'quit'
wait_exit 0
wait_joined "Saved as $save; resume with ancients --resume\$"

# --- A start with no scenario, --seed, --ai or --resume offers it; the answer
# is no unless it is yes.  (With no arguments at all the start menu
# offers it instead: tests/e2e/menu.sh.) ---
start 100 40 xterm-256color "$UTF8" --ascii
wait_joined 'Resume the unfinished game of Tutorial (turn 3/6, Chatti to play, saved [0-9-]* [0-9:]*)? \[y/N\]'
keys Enter
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
wait_for '^ Rome (Caecina) .*Turn 1/6  Movement'
keys q y
wait_exit 0
wait_joined 'Nothing was played, so nothing was saved\.'
start 100 40 xterm-256color "$UTF8" --ascii
wait_joined 'Resume the unfinished game of Tutorial'
keys y Enter
wait_for 'Resumed: turn 3, movement phase, Chatti to play'
keys q y
wait_exit 0
# Only the game itself was saved: the refused new game left no file.
[ "$(ls "$SAVES")" = "$(basename "$save")" ] ||
    fail "the save directory holds: $(ls "$SAVES")"
# --ai asks nothing: it starts a new game against the computer (the
# man page and --help said only a scenario, --seed or --resume did).
start 100 40 xterm-256color "$UTF8" --ai chatti --ai-delay 0
wait_for 'Briefing'
expect_not 'Resume the unfinished' "the offer with --ai"
keys Enter
wait_gone 'Briefing'
keys q y
wait_exit 0

# --- ancients --saves ---
"$ANCIENTS" --saves >"$WORK/saves" || fail "--saves failed"
grep -q "^[0-9-]* [0-9:]*  3/6    chatti  *Tutorial  $save\$" "$WORK/saves" ||
    fail "--saves: $(cat "$WORK/saves")"

# --- The replay viewer ---
total=$(wc -l <"$WORK/cmds")
start 100 40 xterm-256color "$UTF8" --replay "$save"
wait_for "The start of the battle: 0 of $total commands"
expect '^ Rome (Caecina) .*Turn 1/6  Movement' "the state before any command"
expect '^Replay> n p command' "the viewer's keys on the prompt line"
# The card's place promises no key the viewer does not take (Tab, Enter
# and i are the game's; a playtester tried them here and got nothing).
expect_not 'Tab, Enter or i' "the game's selection keys in the viewer"
expect 'n steps on' "the viewer's own hint where the card goes"
keys n
wait_for "Command 1 of $total, turn 1: Rome (Caecina)> move leg1 0405"
expect 'Move: leg1 0406 -> 0405' "the command's events in the log"
keys n n n
wait_for "Command 4 of $total, turn 1: Rome (Caecina)> shoot vel1 wb2"
expect '  Shooting  ' "the phase after the shot"
expect 'Shooting: vel1 shoots wb2: 2D6.*rolls \[4 2\]' "the shot's dice"
keys p
wait_for "Command 3 of $total, turn 1: Rome (Caecina)> end"
expect_not 'vel1 shoots' "the shot in the log before it was made"
# To turn 3 by number: the state after the command that began it.
keys g
wait_for '^Go to turn> *$'
keys 3 Enter
wait_for '^ Chatti .*Turn 3/6  Initiative'
# The footer agrees with the status line: the end of turn 2 began turn 3.
wait_for '(turn 2): .*> end; now turn 3$'
expect 'Chatti seizes the initiative' "the log up to turn 3"
expect_not 'Initiative: Chatti chooses' "the log beyond the state shown"
keys N
wait_for "Command $total of $total, turn 3: Chatti> pivot wb1 SE (the last)"
keys P
wait_for '^ Chatti .*Turn 3/6  Initiative'
keys '<'
wait_for "The start of the battle: 0 of $total commands"
keys '>'
wait_for "(the last)"
keys q
wait_exit 0

# Without a terminal, the replay is text.
"$ANCIENTS" --replay "$save" </dev/null >"$WORK/replay.txt" ||
    fail "the text replay failed"
grep -q "^\[$total\] chatti: pivot wb1 SE\$" "$WORK/replay.txt" ||
    fail "the text replay: $(head -n 3 "$WORK/replay.txt")"
echo "PASS: a game killed by SIGHUP resumes as it was; offer, saves, replay"
