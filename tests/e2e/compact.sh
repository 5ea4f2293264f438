#!/bin/sh
# End to end at 80 x 24: the compact map shows the whole battlefield of
# every shipped scenario at once (the largest is 16 x 12): every column
# label along the top, every row label down the left, and every unit as
# its letter, facing and SP, in Unicode and in ASCII.  z switches to the
# detailed map and back.
. "$(dirname "$0")/lib.sh"

# check_scenario FILE FACINGS: the compact map of FILE at 80 x 24.
check_scenario() {
	file=$1 facings=$2
	name=$(basename "$file" .ini)
	w=$(sed -n 's/^width *= *//p' "$file" | head -n 1)
	h=$(sed -n 's/^height *= *//p' "$file" | head -n 1)
	units=$(grep -c '^\[unit ' "$file")
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	wait_for '^ *01 '
	top=$(screen | sed -n 2p)
	c=1
	while [ "$c" -le "$w" ]; do
		label=$(printf '%02d' "$c")
		echo "$top" | grep -q " $label\\( \\|\$\\)" ||
		    fail "$name: no column label $label in: $top"
		c=$((c + 1))
	done
	r=1
	while [ "$r" -le "$h" ]; do
		label=$(printf '%02d' "$r")
		screen | sed -n "$((r + 2))p" | grep -q "^$label " ||
		    fail "$name: no row label $label on line $((r + 2))"
		r=$((r + 1))
	done
	shown=$(screen | sed -n "3,$((h + 2))p" |
	    LC_ALL=$UTF8 grep -o "[A-Za-z]$facings[1-9]" | wc -l | tr -d ' ')
	[ "$shown" -eq "$units" ] ||
	    fail "$name: $shown of $units units on the compact map"
	echo "PASS: $name ${w}x$h, $units units, all on the compact map"
}

for file in "$TOP_SRCDIR"/scenarios/*.ini; do
	start 80 24 xterm-256color "$UTF8" --seed 1 "$file"
	check_scenario "$file" '[↑↗↘↓↙↖]'
	$TMUX_CMD kill-server >/dev/null 2>&1 || true
done

# ASCII and monochrome: one column for the facing, still every unit.
GAME_ENV="NO_COLOR=1"
start 80 24 vt100 C --ascii --seed 1 "$TOP_SRCDIR/scenarios/mons-graupius.ini"
check_scenario "$TOP_SRCDIR/scenarios/mons-graupius.ini" '[/>v<\\^]'
GAME_ENV=

# z: the detailed map (the status line keeps its place), z: back.
keys z
wait_for 'The detailed map; z for the whole battlefield'
wait_for '^ *+--\|┌'
keys z
wait_for 'The whole battlefield, compact; z for the detailed map'
expect '^12 ' "the last row after z z"
echo "PASS: z switches between the compact and the detailed map"

# The detailed map scrolls only when the cursor leaves it, by one column:
# 16 columns of watling-street, 8 in view at 80 x 24.
$TMUX_CMD kill-server >/dev/null 2>&1 || true
start 80 24 xterm-256color "$UTF8" --seed 1 "$TOP_SRCDIR/scenarios/watling-street.ini"
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
keys z
wait_for 'The detailed map'
keys :
type_line 'goto 0101'
wait_for '0101 rough'
keys Escape
first() { screen | sed -n 2p | cut -c1-52 | awk '{ print $1 }'; }
last=$(screen | sed -n 2p | cut -c1-52 | awk '{ print $NF + 0 }')
[ "$(first)" = 01 ] || fail "the detailed map does not start at column 01"
c=1
while [ "$c" -lt "$last" ]; do
	keys l
	c=$((c + 1))
	wait_for "$(printf '%02d01 ' "$c")"
	[ "$(first)" = 01 ] || fail "the view moved with column $c in view"
done
keys l
wait_for "$(printf '%02d01 ' $((last + 1)))"
[ "$(first)" = 02 ] || fail "the view moved to column $(first), not 02"
echo "PASS: the detailed map scrolls by one column when the cursor leaves it"

# The selected unit's whole card at 80 x 24 on both maps (issue 31: on
# the 16-column battles the strip showed two lines of it, ending in an
# ellipsis, and the detailed panel stopped at the traits): Boudica's
# chariot to its general, under the compact map and beside the detailed.
$TMUX_CMD kill-server >/dev/null 2>&1 || true
start 80 24 xterm-256color "$UTF8" --seed 1 \
    "$TOP_SRCDIR/scenarios/watling-street.ini"
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
keys Tab
wait_for '^selected: ch2 Chariots'
wait_for 'combat 3D6 MA 4 push 3+; traits: mounted; general: Boudica *$'
expect_not '…' "the compact map's card"
keys z
wait_for 'The detailed map'
for line in 'ch2 Chariots' 'Britons, nimble mounted' 'combat 3D6 MA 4 push 3+' \
    'traits: mounted' 'general: Boudica'; do
	expect " $line *\$" "the detailed map's card"
done
expect_not '…' "the detailed map's card"
echo "PASS: the selected unit's whole card shows at 80 x 24 on both maps"

# So does the hex's line when it is cut (a playtest: Watling Street's
# victory hex 0908 with a legion on it lost the legion after a comma;
# on the detailed map a woods hex said "only units with the" and
# stopped).
$TMUX_CMD kill-server >/dev/null 2>&1 || true
start 80 24 xterm-256color "$UTF8" --seed 1 \
    "$TOP_SRCDIR/scenarios/watling-street.ini"
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
keys :
type_line 'goto 0908'
keys Escape
wait_for '^0908 clear, hill'
screen | sed -n 15p | grep -q '…$' ||
    fail "the strip's cut hex line does not end in an ellipsis"
keys z
wait_for 'The detailed map'
keys :
type_line 'goto 0107'
keys Escape
wait_for '0107 woods'
expect 'only units with the *…$' "the detailed panel's cut terrain line"
echo "PASS: a hex's line cut short ends in an ellipsis"

# Two targets side by side share the column between them: one cell
# cannot hold "][", and "[W↓9[W↓9]" left the first without its end (a
# playtest).  The archers may shoot both; on both maps, and in ASCII
# (where the second side's letters are lower case).
# two_targets TERM LOCALE [ARGS...]: the archers selected in the shooting
# phase of the two-warband battle.
two_targets() {
	$TMUX_CMD kill-server >/dev/null 2>&1 || true
	start 80 24 "$@" --seed 1 \
	    "$TOP_SRCDIR/tests/data/targets-side-by-side.ini"
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	run end
	keys Escape
	wait_for 'Shooting'
	keys Tab
}
two_targets xterm-256color "$UTF8"
# This small battlefield fits the detailed map at 80 x 24.
wait_for '^03 .*\[W↓9  ¦W↓9  \]'
keys z
wait_for '^03  *\[W↓9¦W↓9\]'
two_targets vt100 C --ascii
keys z
wait_for '^03  *\[wv9|wv9\]'
echo "PASS: neighbouring targets share one bracket column"
