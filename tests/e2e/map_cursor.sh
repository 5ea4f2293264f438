#!/bin/sh
# End to end at 80 x 24: the map's cursor is the terminal's own cursor,
# shown on the hex (a step costs the cursor's move, not two hexes
# redrawn); while a command is typed the cursor is in the prompt's line
# and the hex is drawn in reverse video instead.
. "$(dirname "$0")/lib.sh"

cursor() {
	$TMUX_CMD display -p -t game '#{cursor_flag} #{cursor_x},#{cursor_y}'
}

# wait_cursor "FLAG X,Y" WHAT: until the terminal's cursor is there.
wait_cursor() {
	i=0
	while [ "$(cursor)" != "$1" ]; do
		[ "$i" -lt "$E2E_TIMEOUT" ] ||
		    fail "$2: the cursor is at $(cursor), not $1"
		sleep 0.1
		i=$((i + 1))
	done
}

start 80 24 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
wait_for '^     01  02'
# The compact map: 0406 (leg1) is on screen line 7, its letter in
# column 18; 0306 four columns left.
wait_cursor "1 18,7" "on leg1 at 0406"
keys h
wait_for '0306 clear'
wait_cursor "1 14,7" "on 0306 after h"
# No hex is in reverse video while the terminal's cursor marks it.
$TMUX_CMD capture-pane -e -p -t game | sed -n 8p | grep -qE '\[([0-9]+;)*7(;[0-9]+)*m' &&
    fail "a hex of line 06 is in reverse video with the cursor on the map"
keys :
wait_gone '> press : to type a command'
$TMUX_CMD capture-pane -e -p -t game | sed -n 8p | grep -qE '\[([0-9]+;)*7(;[0-9]+)*m' ||
    fail "the cursor's hex is not in reverse video while typing"
[ "$(cursor | cut -d' ' -f2 | cut -d, -f2)" = 23 ] ||
    fail "the cursor is not in the prompt's line while typing: $(cursor)"
keys Escape
wait_cursor "1 14,7" "back on 0306 after Esc"
echo "PASS: the map's cursor is the terminal's, and reverse video at the prompt"
keys q y
wait_exit 0
