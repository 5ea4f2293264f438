#!/bin/sh
# End to end: the start menu's Random battle.  The player chooses the two
# armies (or has them drawn), the points and the opponent; the battle is
# made with a fresh seed, kept as battle-SEED.ini in the save directory,
# and played like any scenario: against the computer, then resumed from
# the menu (the save holds the scenario); and at one keyboard.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/menu_lib.sh"

# --- Rome against the Germans, 40 points, the computer at level 1 ---
menu
expect '^  *>\{0,1\}Random battle' "the Random battle entry"
choose 'Random battle'
wait_for '^ 3D6 Ancients: Random battle'
expect '^  *>\{0,1\}Your army: drawn at random' "an army drawn at random"
choose 'Your army: Early Imperial Roman'
choose 'The enemy: German'
wait_for '^ >60 points: the usual'
keys k
wait_for '^ >40 points: a small battle'
keys Enter
wait_for '^ >Computer, level 2: the default'
expect_not 'random-battle' "the menu's own options shown as a command"
keys k
wait_for '^ >Computer, level 1: quick'
keys Enter
wait_for 'Briefing'
expect 'Rome against Germans' "the battle's title"
keys Enter
wait_gone 'Briefing'
# The seed is fresh: the computer moves first if it drew the initiative,
# and its moves are then recapped.
wait_for '^ Rome .*your turn.*Turn 1/'
if screen | grep -q 'Enter: play'; then
	keys Enter
	wait_gone 'Enter: play'
fi
keys :
type_line 'end'
wait_for 'Phase: shooting'
keys Escape
quit_game
set -- "$XDG_STATE_HOME"/ancients/battle-*.ini
[ -f "$1" ] || fail "no battle file kept in the save directory"
"$ANCIENTS" --check "$1" || fail "the battle kept does not pass --check"
grep -q '^\[side romans\]' "$1" || fail "the battle kept has no Roman side"
grep -q '^\[side germans\]' "$1" || fail "the battle kept has no German side"
grep -q 'points a side' "$1" || fail "the battle kept has no summary"

# --- Resumed from the menu: the save holds the generated battle ---
mv "$1" "$WORK/moved.ini"
menu
expect '^ >Continue: Rome against Germans' "the random battle to continue"
keys Enter
wait_for '^ Rome .*Turn 1/'
expect 'BP romans.* germans' "the generated sides, resumed"
quit_game

# --- Both armies drawn, 60 points, two players at one keyboard ---
menu
choose 'Random battle'
choose 'Your army: drawn at random'
wait_for '^ 3D6 Ancients: Your army: drawn at random'
choose 'The enemy: drawn at random'
choose '60 points: the usual'
choose 'A friend at this keyboard'
wait_for 'Briefing'
expect ' against ' "a generated battle"
keys Enter
wait_gone 'Briefing'
wait_for 'Turn 1/'
expect_not 'your turn' "a two-player game"
quit_game
n=$(ls "$XDG_STATE_HOME"/ancients/battle-*.ini | wc -l)
[ "$n" -eq 1 ] || fail "$n battle files after the second battle, not 1"
echo "PASS: random_battle"
