#!/bin/sh
# End to end under each terminal type the game supports, with Unicode and
# colour where the locale and terminal allow, ASCII under --ascii, a
# non-UTF-8 locale, a terminal that cannot show UTF-8 (vt100) or whose
# fonts lack the glyphs (the Linux console), and monochrome under
# NO_COLOR: the map draws, a key works, and quitting restores the
# terminal.  A dumb or unknown terminal is refused with a hint.
. "$(dirname "$0")/lib.sh"

# Colour shows as SGR 41-47 (backgrounds) in tmux's capture with -e.
coloured() {
	$TMUX_CMD capture-pane -p -e -t game | grep -q "$(printf '\033')\[4[1-7]m"
}

for term in xterm-256color screen-256color tmux-256color linux vt100; do
	start 80 24 "$term" "$UTF8" --seed 5
	wait_for 'Briefing'
	keys Enter
	wait_gone 'Briefing'
	keys z # the detailed map
	wait_for 'The detailed map'
	if [ "$term" = vt100 ]; then
		coloured && fail "vt100: colour on a terminal without it"
	else
		coloured || fail "$term: no colour"
	fi
	if [ "$term" = vt100 ] || [ "$term" = linux ]; then
		# A vt100 cannot show UTF-8, whatever the locale, and the
		# Linux console's fonts lack the map's symbols: ASCII.
		expect '+-----+' "$term: ASCII lines"
		expect '^06 .*LN 9\*' "$term: ASCII units"
		screen | LC_ALL=C grep -q '[^ -~]' &&
		    fail "$term: a non-ASCII character"
	else
		expect '┌─────┬' "$term: the map's box lines"
		expect '^06 .*L↑9★' "$term: leg1 with its arrow"
	fi
	keys Tab
	wait_for 'leg2 Legionaries'
	keys q y
	wait_exit 0
done

# --ascii: no Unicode at all, on the map and on the help page.
start 80 24 xterm-256color "$UTF8" --ascii --seed 5
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
keys z # the detailed map
wait_for 'The detailed map'
expect '+-----+' "--ascii: ASCII lines"
expect '^06 .*LN 9\*' "--ascii: leg1 with N and its general"
screen | LC_ALL=C grep -q '[^ -~]' && fail "--ascii: a non-ASCII character"
# The help page wraps its long lines whole, and its legend gives each
# map symbol its own character: no letter of a unit, no bracket.
keys '?'
wait_for '+- Help '
# A page at a time until the map's part shows (the pages above it
# grow), then a line at a time until the legend's line shows.
scroll_until NPage 'The panel names the hex under the cursor' 10 \
    "'The panel names the hex' in the help"
scroll_until Down '#@# fortified settlement' 30 "fortified settlement on the help page"
expect '~ river, f ford, b bridge,' "--ascii: ford and bridge"
expect '#@# fortified settlement; \^ hill, % high hill, = road\.' \
    "--ascii: the fortified settlement and the high hill"
screen | LC_ALL=C grep -q '[^ -~]' && fail "--ascii: a non-ASCII character"
keys q
wait_gone '+- Help '
keys q y
wait_exit 0

# A locale that is not UTF-8 gets ASCII as well.
start 80 24 vt100 C --seed 5
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
keys z # the detailed map
wait_for 'The detailed map'
expect '^06 .*LN 9\*' "C locale: ASCII units"
keys q y
wait_exit 0

# NO_COLOR: monochrome, the second side in lower case.
GAME_ENV=NO_COLOR=1 start 80 24 xterm-256color "$UTF8" --seed 5
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
expect '^02 .*w↓9' "NO_COLOR: the Chatti in lower case"
coloured && fail "NO_COLOR: colour"
keys q y
wait_exit 0
# Without colour a general's unit on the compact map is bold and
# underlined: the second side's units are underlined already, so
# underline alone would not tell Arpus's wb2 (0503) from wb1 (0302).
E2E_HOLD=1 start 80 24 vt100 C --seed 1
$TMUX_CMD pipe-pane -t game -O "cat >>'$WORK/raw'" ||
    fail "tmux could not pipe the pane"
touch "$WORK/go"
wait_for 'Briefing'
keys Enter
wait_gone 'Briefing'
wait_for '^03 .*wv9'
LC_ALL=C grep -qF "$(printf '\033[0;1;4m\017wv9')" "$WORK/raw" ||
    fail "vt100: wb2, with a general, not bold and underlined"
LC_ALL=C grep -qF "$(printf '\033[0;4m\017wv9')" "$WORK/raw" ||
    fail "vt100: wb1, without one, not underlined alone"
keys q y
wait_exit 0

# Terminals the game cannot drive are refused with a way out, not drawn
# on one line (dumb) nor left without a hint (a type terminfo lacks).
for term in dumb no-such-terminal; do
	start 80 24 "$term" "$UTF8" --seed 5
	wait_status 1
	grep -q 'try TERM=xterm-256color' "$WORK/stderr" ||
	    fail "TERM=$term: no hint: $(cat "$WORK/stderr")"
	grep -q -- '--batch' "$WORK/stderr" ||
	    fail "TERM=$term: --batch not named: $(cat "$WORK/stderr")"
done
grep -q 'TERM=no-such-terminal is not in the terminal database' \
    "$WORK/stderr" || fail "unknown TERM: $(cat "$WORK/stderr")"
# The start menu too.
start 80 24 dumb "$UTF8"
wait_status 1
grep -q 'TERM=dumb cannot move the cursor' "$WORK/stderr" ||
    fail "menu on TERM=dumb: $(cat "$WORK/stderr")"
echo "PASS: terminal types, ASCII and monochrome"
