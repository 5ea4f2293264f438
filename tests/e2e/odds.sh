#!/bin/sh
# End to end at 80 x 24: the odds before a roll.  Typing a whole charge
# at the prompt shows its odds in the message line before Enter; Tab
# offers only the enemies the unit may charge and says why when there
# are none; `odds UNIT TARGET` puts the whole table in the log and plays
# nothing (q still quits at once, nothing having been played).
. "$(dirname "$0")/lib.sh"

start 80 24 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'

# vel1 (velites, 2D6) may charge wb2 from 0404: the odds as it is typed.
keys :
$TMUX_CMD send-keys -t game -l 'charge vel1 wb2'
wait_for 'odds: 2D6 hit on 4+, 1.0 expected; routs 0%'
keys C-u
wait_gone 'odds: 2D6 hit'

# leg1 can charge nobody: Tab says why, the line is left as it was.
$TMUX_CMD send-keys -t game -l 'charge leg1 '
keys Tab
wait_for 'no enemy to charge: leg1 cannot reach'
keys C-u

# The table, in the log (or the page of what happened, if it is longer).
type_line 'odds vel1 wb2'
wait_for 'odds: 0 hits 25.0%, 1 hit 50.0%, 2 hits 25.0%'
expect 'odds: vel1 charges wb2, contact from 0404' "the charge's contact hex"
if screen | grep -q 'What happened'; then
	keys Enter
	wait_gone 'What happened'
fi
keys Escape

# Nothing was played: q asks all the same, y quits, nothing to save.
keys q y
wait_exit 0
echo "PASS: odds at 80 x 24"
