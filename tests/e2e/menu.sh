#!/bin/sh
# End to end: `ancients` with no arguments opens the start menu, which
# fits 80x24.  Each entry is reachable with j/k and Enter and starts the
# game its command line would (tutorial, a battle, a battle against the
# computer, a saved game); the briefing beside a battle scrolls; Esc and
# q go back, and q on the first screen leaves.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/menu_lib.sh"

# leave: closes the briefing and quits a game in which nothing was played.
leave() {
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	quit_game
}

# --- Every entry of the first screen; q leaves ---
menu
for e in 'Tutorial: learn to play' 'Battles' 'Play against the computer' \
    'Resume a saved game' 'Play a friend on this machine' 'Quit'; do
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
# Every entry that starts something shows the command it runs (the level
# screen showed none: a playtest); the level screen opens on the default
# level, so that Enter plays it (it opened on level 1: a playtest).
wait_for '^ >Level 2: the default'
wait_for 'ancients --ai chatti --ai-level 2 tutorial'
keys Up
wait_for 'ancients --ai chatti --ai-level 1 tutorial'
choose 'Level 1: quick'
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
wait_for '^ Rome (Caecina) .*your turn.*Turn 1/6'
keys :
type_line 'end'
wait_for 'Phase: shooting'
keys Escape
quit_game

# --- The saved game: first as Continue, then under Resume ---
menu
expect '^ >Continue: Tutorial, turn 1/6' "the unfinished game offered first"
# The save's path wraps after a '/', never inside the file's name (a
# playtest saw "autosave-2026120" / "4-232738-28624.save").
expect 'autosave-[0-9]\{8\}-[0-9]\{6\}-[0-9]*\.save' "the save's whole name on a line"
choose 'Resume a saved game'
wait_for '^ 3D6 Ancients: Resume a saved game'
expect 'Tutorial 1/6' "the save listed"
wait_for 'ancients --resume'
keys Enter
wait_for 'Resumed: turn 1, shooting phase'
wait_for 'your turn.*Turn 1/6'
quit_game

# --- A finished game saved since: Continue is still the unfinished one ---
yes ai | head -n 60 | "$ANCIENTS" --batch --seed 3 --save "$WORK/over.save" \
    tutorial >"$WORK/over.out" 2>&1
grep -q 'game is over' "$WORK/over.out" || fail "the batch game did not end"
cp "$WORK/over.save" "$XDG_STATE_HOME/ancients/autosave-20990101-000000-1.save"
cp "$WORK/over.save" "$XDG_STATE_HOME/ancients/mybattle.save"
menu
expect '^ >Continue: Tutorial, turn 1/6' "the unfinished game, not the newer finished one"
# A save the player named is listed by its name (a playtest found only
# dates and titles), and its detail says the name and when.
choose 'Resume a saved game'
wait_for '^ >mybattle Tutorial .*over'
wait_for 'Saved as mybattle, last played'
keys Escape
wait_for '^ >Resume a saved game'
keys q
wait_exit 0
# --- A shared game: hosted from the menu, joined from another's menu ---
menu
choose 'Play a friend on this machine'
choose 'Host a new game'
choose 'Tutorial'
choose 'You lead Rome (Caecina)'
wait_for 'ancients --join tutorial'
printf '%s\n' "#!/bin/sh" \
    "TERM=xterm-256color LANG='$UTF8' LC_ALL='$UTF8' \
XDG_STATE_HOME='$XDG_STATE_HOME' ANCIENTS_SHARED_DIR='$ANCIENTS_SHARED_DIR' \
\"$ANCIENTS\" --player bob 2>\"$WORK/guest.err\"" \
    "echo \$? >\"$WORK/guest.status\"" \
    "exec cat >/dev/null" >"$WORK/guest.sh"
chmod +x "$WORK/guest.sh"
$TMUX_CMD new-session -d -s guest -x 80 -y 24 "$WORK/guest.sh" ||
    fail "tmux could not start the guest"
guest() {
	$TMUX_CMD capture-pane -p -t guest 2>/dev/null
}
on_guest() {
	i=0
	while ! guest | grep -q -e "$1"; do
		[ "$i" -lt "$E2E_TIMEOUT" ] || {
			guest >&2
			fail "timed out waiting for /$1/ on the guest's screen"
		}
		sleep 0.1
		i=$((i + 1))
	done
}
on_guest 'Play a friend on this machine'
i=0
while ! guest | grep -q '^ >Play a friend'; do
	[ "$i" -lt 30 ] || fail "the guest cannot reach Play a friend"
	$TMUX_CMD send-keys -t guest j
	sleep 0.1
	i=$((i + 1))
done
$TMUX_CMD send-keys -t guest Enter
on_guest '^  tutorial[-_0-9a-z]*: Tutorial, turn 1'
$TMUX_CMD send-keys -t guest j Enter
on_guest '^ >Join: take the free side'
$TMUX_CMD send-keys -t guest Enter
on_guest 'Chatti'
wait_for '[^ ]*/bob$'
keys q
$TMUX_CMD send-keys -t guest q
echo "PASS: menu"
