#!/bin/sh
# End to end at 80 x 24: the briefing, the map, the cursor and the panel,
# a mouse click, a move by keys, commands at the prompt (Enter clears a
# refused one, Up recalls it), the phase in the status line, a shot with
# its dice in the log, and a quit that asks, says the game is saved and
# restores the terminal.  Along the way, what a play-tester found: the
# help page wraps its long lines and names every map symbol, hints fit
# the message line, the status line keeps its words from phase to
# phase, the panel says what a unit did, a page opened from the prompt
# goes back to the prompt, long errors are whole in the log, t without a
# selection says how to select, completion leaves out the unit's own
# hex, and saving under the game's own name says it saved.
. "$(dirname "$0")/lib.sh"

msg_line() {
	screen | sed -n 23p
}

start 80 24 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
expect 'Tutorial' "the scenario's title"
keys Enter
wait_gone 'Briefing'
expect '^ Rome (Caecina) ' "the side to play in the status line"
expect 'Turn 1/6' "the turn in the status line"
expect '^01 ' "the row ruler"
expect '^ *01  *02  *03' "the column ruler"
expect '0406 clear' "the panel on the cursor's hex"
expect 'leg1 Legionaries' "the unit under the cursor"
# The hint fits the line and ends with the help key.
msg_line | grep -q 'Tab unit, m move, .*E end phase.*, ? help$' ||
    fail "the movement hint: $(msg_line)"
[ "$(width "$(msg_line)")" -le 80 ] || fail "the hint is wider than 80"
# The status line's words, as they stay for the whole game at 80 columns
# (the widest, "Initiative" and "init chatti", leave no room for "to
# play").
expect '^ Rome (Caecina)  Turn 1/6  Movement  BP rome 12/12 chatti 12/12  init rome$' \
    "the status line in movement"

# The help page: its long lines wrap whole, and the map's symbols are
# all in the legend, each its own.
keys '?'
wait_for '─ Help'
# A page at a time until the map's part shows (the pages above it
# grow), then a line at a time until the legend's line shows.
scroll_until NPage 'The panel names the hex under the cursor' 10 \
    "'The panel names the hex' in the help"
scroll_until Down '║⌂║ fortified settlement' 30 "fortified settlement on the help page"
expect '≈ river, ƒ ford, ╪ bridge,' "ford and bridge in the legend"
expect '║⌂║ fortified settlement; △ hill, ▲ high hill, ═ road\.' \
    "the fortified settlement in the legend"
keys NPage
wait_for 'too short for "init", a \*'  # the * explained
keys q
wait_gone '─ Help'

# At 80 x 24 the tutorial opens on the compact map, which shows it
# whole; z switches to the detailed one, which the rest of this test uses.
expect '^08 ' "the last row on the compact map"
keys z
wait_for 'The detailed map; z for the whole battlefield'
wait_for '┌─────┬'

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
wait_for 'move leg1 0405: Enter or m plays it; any other key drops it'
keys Enter
wait_for 'Move: leg1 0406 -> 0405'
expect '^05 .*L↑9★' "leg1 (with its general) in row 5"
expect_not '^06 .*L↑9★' "leg1 still in row 6"
expect 'this turn: moved$' "what leg1 did, in the panel"

# t with nothing selected says so, and how to select.
keys Escape
keys t
wait_for 'nothing is selected: press Tab to select one of your units'

# The prompt: a refused command shows why and Enter closes the prompt
# all the same; : and Up bring it back.
keys :
type_line 'move leg1 0101'
wait_for 'error:'
wait_for '^Rome (Caecina)> press : to type a command'
keys :
wait_for '^Rome (Caecina)> *$'
keys Up
wait_for '> move leg1 0101$'
keys C-u
# A refusal that fits the message line is shown there once, not in the
# log right above it too (a long one, as this, is whole in the log).
type_line 'select nosuch'
wait_for '^error: there is no unit nosuch'
[ "$(screen | grep -c '^error: there is no unit nosuch')" = 1 ] ||
    fail "the refusal is shown twice"
# Completion leaves out the hex the unit stands in (the cursor's).
type_line 'goto 0606'
wait_for '0606 settlement'
$TMUX_CMD send-keys -t game -l 'move leg2 0'
keys Tab
wait_for '^0605 0705 *$'
keys C-u
# A pivot: the panel says so, and keeps "facing" with its value.
type_line 'pivot leg2 NW'
wait_for 'Pivot: leg2 from N to NW'
wait_for 'this turn: pivoted$'
expect ' facing NW$' "the facing on one line"
expect_not ' facing$' "the facing's label alone"
# An error wider than the message line: cut there, whole in the log.
type_line 'dice 1 2 3'
wait_for 'rolled for…$'
expect '^ you$' "the end of the error, wrapped in the log"
type_line 'end'
wait_for '^ Rome (Caecina)  Turn 1/6  Shooting  BP'
wait_for 'Phase: shooting'	# the phase change in the log
keys :
wait_for '^Rome (Caecina)> *$'
msg_line | grep -q '^type a command: Enter runs, .*help lists them$' ||
    fail "the prompt's hint: $(msg_line)"
keys Escape

# A shot: the log shows the roll with its dice.
type_line 'shoot vel1 wb2'
wait_for 'Shooting: vel1 shoots wb2: 2D6.*rolls \[[1-6] [1-6]\]'
if screen | grep -q 'What happened'; then
	keys Enter	# an empty line: Enter closes what happened
	wait_gone 'What happened'
fi

# Enter closed the prompt: a page the line opened closes to the map,
# where E is the key that ends the phase, not a letter of a line.
type_line 'help'
wait_for '─ Help'
keys Enter
wait_gone '─ Help'
keys E
wait_for 'E again or Enter ends the shooting phase'
keys E
wait_for '^ Rome (Caecina)  Turn 1/6  Combat  BP'
expect_not '^Rome (Caecina)> E$' "E in the prompt's line"

# Saving under the game's own name: saved, not "a copy".
save=$(ls "$XDG_STATE_HOME"/ancients/autosave-*.save)
name=$(basename "$save" .save)
keys :
type_line "save $name"
wait_for "^Saved as $save\$"
expect_not 'Saved a copy' "a copy of the save onto itself"
keys Escape

# L: the whole log over the map, at its newest line (the log shows five
# lines at 80 x 24: a playtester paged back three at a time).
keys :
for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22; do
	type_line "say note $i"
done
wait_for '^> [^:]*: note 22$'
keys Escape
keys L
wait_for '─ The log '
wait_for '│ > [^:]*: note 22 '
wait_for '[0-9]*-[0-9]* of [0-9]*: PgUp/PgDn'
expect_not '│ > [^:]*: note 1 ' "the log window opened at its oldest lines"
keys PPage
wait_for '│ > [^:]*: note 1 '
keys Escape
wait_gone '─ The log '

# q asks, and says the game is saved either way; y quits and says where.
keys q
wait_for 'Quit? The game is saved either way'
keys y
wait_exit 0
wait_joined "Saved as $XDG_STATE_HOME/ancients/autosave-.*\\.save; resume with ancients --resume\$"
echo "PASS: screen at 80 x 24"
