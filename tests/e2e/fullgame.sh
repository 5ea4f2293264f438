#!/bin/sh
# End to end: two complete hot-seat games of the default scenario at
# 80 x 24, one from the keyboard alone and one from the prompt alone.
# Each opens with a move and a charge, then ends phases, answering what
# the game asks (initiative, advances, compulsory attacks) until the end
# page names the winner.  Every step waits for the screen to change.
. "$(dirname "$0")/lib.sh"

status_line() {
	screen | sed -n 1p
}

msg_line() {
	screen | sed -n 23p
}

# step CMD...: runs CMD, then waits until the screen differs.
step() {
	before=$(screen)
	"$@"
	wait_change screen "$before" "no change after: $*"
}

# end_phase: E shows the end of the phase, a second E plays it (or the
# first is refused, and says why).
end_phase() {
	step keys E
	if msg_line | grep -q 'E again or Enter ends'; then
		step keys E
	fi
}

# step_line LINE: types LINE at the prompt, then presses Enter and waits
# until the screen differs from how it looked with the line typed (the
# command is saved before the screen shows it, so the typing alone must
# not count as the change).
step_line() {
	to_prompt
	$TMUX_CMD send-keys -t game -l "$1"
	wait_for "> $1\$"
	step keys Enter
}

# dismiss: closes the news page a command may have opened, and the
# hot-seat handoff.
dismiss() {
	while screen | grep -q '─ What happened\|─ Pass the keyboard'; do
		step keys Enter
	done
}

# The end page: who won and the battle's summary; then quitting needs no
# confirmation, as the game is over.
check_end() {
	expect 'The end' "the end page"
	expect 'wins\|A draw' "the result"
	expect 'units lost [0-9]* of [0-9]*' "the losses"
	expect 'generals killed' "the generals"
}

# --- The keyboard alone ---
start 80 24 xterm-256color "$UTF8" --seed 4
wait_for 'Briefing'
step keys Enter
step keys k m			# leg1 up to 0405: made ready,
wait_for 'move leg1 0405: Enter or m plays it'
step keys Enter			# and played
wait_for 'Move: leg1 0406 -> 0405'
end_phase
end_phase
end_phase			# Rome's combat: nothing to fight
wait_for '^ Chatti '
dismiss
step keys Tab			# wb1 was selected: Tab to wb2
wait_for 'wb2 Warband'
step keys t			# the cursor to its target, leg1
wait_for 'leg1 Legionaries'
step keys c a			# the a drops the charge: nothing played
wait_for 'attack is for the combat phase'
step keys c Enter
wait_for 'Charge: wb2 charges leg1'
n=0 attacks=0 choices=0 advances=0
while ! screen | grep -q 'The end'; do
	n=$((n + 1))
	[ "$n" -lt 400 ] || fail "the game did not end in 400 steps"
	if screen | grep -q '─ What happened\|─ Help\|─ Briefing\|─ Pass the keyboard'; then
		step keys Enter
	elif status_line | grep -q '  Initiative  '; then
		step keys 1
		choices=$((choices + 1))
	elif status_line | grep -q '  Advance?  '; then
		step keys H
		advances=$((advances + 1))
	elif msg_line | grep -q 'must still attack'; then
		step keys Tab t a a
		wait_for 'Combat: '
		attacks=$((attacks + 1))
	else
		end_phase
	fi
done
check_end
echo "keys: $n steps, $attacks attacks, $choices initiative choices," \
    "$advances advances; $(screen | grep -m 1 'wins\|A draw' | sed 's/^[│ ]*//; s/[│ ]*$//')"
keys Enter
wait_gone 'The end'
expect 'WINS\|DRAW' "the result in the status line"
keys q
wait_exit 0

# --- The prompt alone ---
start 80 24 xterm-256color "$UTF8" --seed 4
wait_for 'Briefing'
step keys Enter
step keys :
type_line 'move leg1 0405'
wait_for 'Move: leg1 0406 -> 0405'
for i in 1 2 3; do
	step_line 'end'
done
wait_for '^ Chatti '
dismiss
step_line 'charge wb2 leg1'
wait_for 'Charge: wb2 charges leg1'
n=0 attacks=0 choices=0 advances=0
while ! screen | grep -q 'The end'; do
	n=$((n + 1))
	[ "$n" -lt 400 ] || fail "the game did not end in 400 steps"
	if screen | grep -q '─ Pass the keyboard'; then
		# The handoff: Enter goes back to where the player was.
		step keys Enter
	elif screen | grep -q '─ What happened\|─ Help\|─ Briefing'; then
		# Enter closes what happened; Enter had closed the
		# prompt too: the keys are the map's.
		step keys Enter
		expect '> press : to type a command' \
		    "the map's keys after what happened"
	elif status_line | grep -q '  Initiative  '; then
		step_line 'first'
		choices=$((choices + 1))
	elif status_line | grep -q '  Advance?  '; then
		advances=$((advances + 1))
		unit=$(msg_line | sed -n 's/^ *\([A-Za-z][A-Za-z0-9-]*\) may advance.*/\1/p')
		[ -n "$unit" ] || fail "no unit named in the advance question"
		step_line "hold $unit"
	elif msg_line | grep -q 'must still attack'; then
		unit=$(msg_line | sed -n 's/.*(R9\.1): \([A-Za-z0-9-]*\).*/\1/p')
		[ -n "$unit" ] || fail "no unit named in the refusal"
		to_prompt
		keys C-u
		# Tab completes the target when there is one; else the
		# message line lists them and the first is typed.
		keys -l "attack $unit "
		wait_for "> attack $unit\$"
		step keys Tab
		if ! screen | sed -n 24p | grep -q "attack $unit [A-Za-z]"; then
			target=$(msg_line | awk '{ print $1 }')
			keys -l "$target"
		fi
		step keys Enter
		wait_for "Combat: $unit attacks"
		attacks=$((attacks + 1))
	else
		step_line 'end'
	fi
done
check_end
echo "prompt: $n steps, $attacks attacks, $choices initiative choices," \
    "$advances advances; $(screen | grep -m 1 'wins\|A draw' | sed 's/^[│ ]*//; s/[│ ]*$//')"
keys Enter
wait_gone 'The end'
to_prompt
type_line 'quit'
wait_exit 0
wait_joined "Saved as $XDG_STATE_HOME/ancients/autosave-.*\\.save; watch it again with ancients --replay "
echo "PASS: two whole games at 80 x 24, by keys and by the prompt"
