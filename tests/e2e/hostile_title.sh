#!/bin/sh
# End to end: a scenario whose title and briefing carry terminal escapes
# (set the window title, turn text red, clear the screen) is shown with
# them made visible (docs/safe-text.md): the pane's title stays as it
# was, the briefing and the map show the escapes as \e and \xNN, and no
# text is drawn red by the file.
. "$(dirname "$0")/lib.sh"

esc=$(printf '\033')
bel=$(printf '\007')
top_src=${TOP_SRCDIR:-$(dirname "$0")/../..}
sed -e "s/^title = .*/title = Tu${esc}]2;pwned${bel}${esc}[31mtorial/" \
    -e "s/^  the first player) against/  the first ${esc}[2J player) against/" \
    "$top_src/scenarios/tutorial.ini" >"$WORK/hostile.ini"

start 80 24 xterm-256color "$UTF8" --seed 1 "$WORK/hostile.ini"
wait_for 'Briefing'
before=$($TMUX_CMD display -p -t game '#{pane_title}')
expect 'Tu\\e\]2;pwned\\x07\\e\[31mtorial' "the title made visible"
expect 'the first \\e\[2J player' "the briefing's escape made visible"
keys Enter
wait_gone 'Briefing'
title=$($TMUX_CMD display -p -t game '#{pane_title}')
case "$title" in
*pwned*) fail "the scenario set the window title: $title" ;;
esac
[ "$title" = "$before" ] || fail "the pane title changed: $before -> $title"
# The map is still drawn (no clear screen took it away).
expect '^ *01  *02  *03' "the column ruler"
keys q y
wait_exit 0
echo "PASS"
