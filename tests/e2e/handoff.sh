#!/bin/sh
# End to end at 80 x 24: the hot-seat handoff.  When the player-turn
# passes, a cover asks to pass the keyboard and recaps what the other
# side did, from the engine's events: with seed 10 the Chatti warband
# wb2 charges leg1 and its attack lands 4 hits, and Rome's player reads
# both.  n and p step through the recap on the map; a key that is not
# the handoff's (e here) is not taken for a map key, ? and q do what
# they do on the map; Enter plays on, the prompt the other player used
# closed.
. "$(dirname "$0")/lib.sh"

# run_until LINE WANT: types LINE at the prompt and waits for WANT.
run_until() {
	to_prompt
	$TMUX_CMD send-keys -t game -l "$1"
	wait_for "> $1\$"
	keys Enter
	wait_for "$2"
}

start 80 24 xterm-256color "$UTF8" --seed 10
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
run_until 'move leg1 0405' 'Move: leg1 0406 -> 0405'
run_until 'end' 'Phase: shooting'
run_until 'end' 'Phase: combat\|Phase: morale'
run_until 'end' '─ Pass the keyboard'
expect 'Pass the keyboard to Chatti' "the handoff names the next side"
expect 'What Rome (Caecina) did:' "the recap names who played"
expect 'moved 1 unit: leg1 to 0405' "Rome's move in the recap"
keys Enter
wait_gone '─ Pass the keyboard'
# Rome ended the turn at the prompt; Chatti starts on the map with the
# prompt closed, so its first keys are map keys.
wait_for '> press : to type a command'
keys Tab
wait_for 'wb[0-9] Warband'
prompt_line | grep -q '> press : to type a command' ||
    fail "Tab went into the prompt line: $(prompt_line)"
run_until 'charge wb2 leg1' 'Charge: wb2 charges leg1'
run_until 'end' 'Phase: shooting'
run_until 'end' 'Phase: combat'
run_until 'attack wb2 leg1' 'Combat: wb2 attacks leg1'
run_until 'end' '─ Pass the keyboard'
expect 'Pass the keyboard to Rome (Caecina)' "the handoff back to Rome"
expect 'What Chatti did:' "the recap of the Chatti turn"
expect '1\. wb2 charged leg1, into 0404' "the charge in the recap"
expect '2\. wb2 attacked leg1: 5D6, 4 hits' "the hits in the recap"
expect 'SP lost: Rome (Caecina) 4, Chatti 0' "the SP lost"
expect_not 'leg1 to 0405' "Rome's own moves, recapped already"

# A key that is not the handoff's neither acts nor closes the cover.
keys e
wait_for 'Enter plays as Rome'
expect '─ Pass the keyboard' "the cover after e"
# ? and q as on the map: the help closes back to the cover, q asks.
keys '?'
wait_for 'Keys on the map'
keys Enter
wait_for '─ Pass the keyboard'
keys q
wait_for 'Quit? .* y quits, n plays on'
keys n
wait_for 'not quitting'
wait_for '─ Pass the keyboard'

# Stepping: the map with the item on the message line.
keys n
wait_for '1/4 wb2 charged leg1, into 0404'
expect_not '─ Pass the keyboard' "the map while stepping"
expect '^ *04 ' "the map's rows while stepping"
keys n
wait_for '2/4 wb2 attacked leg1: 5D6, 4 hits'
keys p p
wait_for '─ Pass the keyboard'
keys Enter
wait_gone '─ Pass the keyboard'
wait_for 'Rome (Caecina) to play: turn 2'
to_prompt
type_line 'quit'
wait_exit 0
echo "PASS: the handoff recaps the charge and its 4 hits, and steps through it"
