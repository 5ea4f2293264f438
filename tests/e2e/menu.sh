#!/bin/sh
# End to end: `ancients` with no arguments opens the start menu, which
# fits 80x24.  Each entry is reachable with j/k and Enter and starts the
# game its command line would (tutorial, a battle, a battle against the
# computer, a saved game); the briefing beside a battle scrolls; Esc and
# q go back, and q on the first screen leaves.
. "$(dirname "$0")/lib.sh"

# menu: a fresh game with no arguments at 80x24, on the first screen.
menu() {
	start 80 24 xterm-256color "$UTF8"
	wait_for '^ 3D6 Ancients *$'
	wait_for 'q/Esc back'
}

# choose LABEL: moves down (j) until LABEL is the chosen entry, then
# presses Enter.
choose() {
	i=0
	while ! screen | grep -q "^ >$1"; do
		[ "$i" -lt 30 ] || fail "no entry \"$1\" on the menu"
		keys j
		sleep 0.1
		i=$((i + 1))
	done
	keys Enter
}

# leave: closes the briefing and quits a game in which nothing was played.
leave() {
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	keys q
	wait_exit 0
}

# --- Every entry of the first screen; q leaves ---
menu
for e in 'Tutorial: learn to play' 'Battles' 'Play against the computer' \
    'Resume a saved game' 'Quit'; do
	expect "^  *>\{0,1\}$e" "the entry $e"
done
expect_not 'Continue:' "a Continue entry with no save"
keys q
wait_exit 0

# --- The tutorial ---
menu
choose 'Tutorial: learn to play'
wait_for '^ Rome (Caecina) .*Turn 1/6'
leave

# --- A battle, its briefing scrolled; Esc goes back a screen ---
menu
choose 'Battles'
wait_for '^ 3D6 Ancients: Battles'
keys Escape
wait_for '^ 3D6 Ancients *$'
choose 'Battles'
wait_for '^ 3D6 Ancients: Battles'
i=0
while ! screen | grep -q '^ >The Medway'; do
	[ "$i" -lt 30 ] || fail "no Medway among the battles"
	keys j
	sleep 0.1
	i=$((i + 1))
done
wait_for '\[1-[0-9]* of [0-9]*: PgUp/PgDn\]'
keys NPage
wait_gone '\[1-[0-9]* of '
expect ' of [0-9]*: PgUp/PgDn\]' "the briefing scrolled"
keys Enter
wait_for 'Medway'
wait_for 'Briefing'
expect_not 'your turn' "a two-player game"
leave

# --- Against the computer: battle, side, level ---
menu
choose 'Play against the computer'
choose 'Tutorial'
wait_for 'You lead Rome (Caecina)'
choose 'You lead Rome (Caecina)'
choose 'Level 1: quick'
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
wait_for '^ Rome (Caecina) .*your turn.*Turn 1/6'
keys :
type_line 'end'
wait_for 'Phase: shooting'
keys Escape
keys q
wait_exit 0

# --- The saved game: first as Continue, then under Resume ---
menu
expect '^ >Continue: Tutorial, turn 1/6' "the unfinished game offered first"
choose 'Resume a saved game'
wait_for '^ 3D6 Ancients: Resume a saved game'
expect 'Tutorial 1/6' "the save listed"
keys Enter
wait_for 'Resumed: turn 1, shooting phase'
wait_for '  your turn  Turn 1/6'
keys q
wait_exit 0
echo "PASS: menu"
