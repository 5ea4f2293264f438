#!/bin/sh
# End to end at 80 x 24: the briefing, the map, the cursor and the panel,
# a mouse click, a move by keys, commands at the prompt (a refused one keeps its line),
# the phase in the status line, a shot with its dice in the log, and a
# quit that needs no question (the game is saved) and restores the
# terminal.
. "$(dirname "$0")/lib.sh"

start 80 24 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
expect 'Tutorial' "the scenario's title"
keys Enter
wait_for 'Movement'
expect '^ Rome (Caecina) ' "the side to play in the status line"
expect 'Turn 1/6' "the turn in the status line"
expect '^01 ' "the row ruler"
expect '^ *01  *02  *03' "the column ruler"
expect '0406 clear' "the panel on the cursor's hex"
expect 'leg1 Legionaries' "the unit under the cursor"

# A mouse click (xterm's SGR report, as the terminal would send it) puts
# the cursor on the hex clicked: column 14, line 10 is hex 0204.
$TMUX_CMD send-keys -t game -l "$(printf '\033[<0;14;10M\033[<0;14;10m')"
wait_for '0204 clear'

# The cursor back to leg1 by keys (n: 5 o'clock, l: 3 o'clock, n), up
# the column, then m moves the selected leg1 there.
keys n l n
wait_for '0406 clear'
keys k
wait_for '0405 clear'
keys m
wait_for 'Move: leg1 0406 -> 0405'
expect '^05 .*L↑9★' "leg1 (with its general) in row 5"
expect_not '^06 .*L↑9★' "leg1 still in row 6"

# The prompt: a refused command shows why and keeps the line.
keys :
type_line 'move leg1 0101'
wait_for 'error:'
expect '> move leg1 0101$' "the refused line kept at the prompt"
keys C-u
type_line 'end'
wait_for '  Shooting  '
wait_for 'Phase: shooting'	# the phase change in the log

# A shot: the log shows the roll with its dice.
type_line 'shoot vel1 wb2'
wait_for 'Shooting: vel1 shoots wb2: 2D6.*rolls \[[1-6] [1-6]\]'
if screen | grep -q 'What happened'; then
	keys Enter
	wait_gone 'What happened'
fi

# Back to the map; E ends the phase by key.
keys Escape
keys E
wait_for '  Combat  '

# q quits at once, as every command is already saved, and says where.
keys q
wait_exit 0
expect_not 'Quit anyway' "a question on quitting a saved game"
wait_joined "Saved as $XDG_STATE_HOME/ancients/autosave-.*\\.save; resume with ancients --resume\$"
echo "PASS: screen at 80 x 24"
