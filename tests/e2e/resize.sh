#!/bin/sh
# End to end: the layout at 120 x 40 uses the room (a wider panel, a log
# across the screen), a resize redraws at once, a screen below 80 x 24
# says what it needs instead of drawing, and growing back plays on.
. "$(dirname "$0")/lib.sh"

start 120 40 tmux-256color "$UTF8" --seed 3
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
# All ten columns and eight rows of the tutorial show at this size.
expect '^ *01  *02 .* 10 ' "all ten columns"
expect '^08 ' "row 8"
# The status line has room for "to play"; the panel for a whole line.
expect '^ Rome (Caecina) to play ' "the side to play"
expect 'general: caecina (A. Caecina Severus)$' "the panel unwrapped"
expect '^── Log ─*$' "the log's rule across the screen"
[ "$(width "$(screen | grep '^── Log')")" = 120 ] ||
    fail "the log is not 120 columns wide"

$TMUX_CMD resize-window -t game -x 80 -y 24
wait_for '^ Rome (Caecina)  Turn'
expect '^── Log ─*$' "the log after the resize"
[ "$(width "$(screen | grep '^── Log')")" = 80 ] ||
    fail "the log is not 80 columns wide after the resize"
# At 80 x 24 the detailed map no longer shows whole: the compact one
# comes instead, all eight rows; z goes back to the detailed one.
expect '^08 ' "row 8 on the compact map at 80 x 24"
keys z
wait_for 'The detailed map'
expect_not '^08 ' "row 8 (the detailed map scrolls at 80 x 24)"
# The cursor keeps the view: down to row 8 scrolls it into sight.
keys j j
wait_for '^08 '
wait_for '0408 clear'

$TMUX_CMD resize-window -t game -x 70 -y 20
wait_for 'needs a terminal of at least 80 x 24; this one is 70 x 20'
expect_not 'Log' "the log in a terminal too small"
$TMUX_CMD resize-window -t game -x 100 -y 30
wait_for '── Log'
expect '0408 clear' "the cursor where it was"
keys q y
wait_exit 0
echo "PASS: layouts and resizing"
