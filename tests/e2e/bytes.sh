#!/bin/sh
# End to end: what a key press costs over a slow link.  The pane's output
# (every byte the game writes to the terminal) is piped to a file; each
# action's bytes are the file's growth until it settles.  Only what
# changed may be redrawn: a cursor move must cost a small fraction of a
# full repaint, and each action has a ceiling.  With BYTES_REPORT=FILE
# the figures go there as a Markdown table (docs/ssh-bytes.md is made
# from it); BYTES_TERM and BYTES_ARGS (e.g. vt100 and --ascii) measure
# another terminal.
. "$(dirname "$0")/lib.sh"

OUT=$WORK/out
: >"$OUT"

size() {
	wc -c <"$OUT" | tr -d ' '
}

# settle: until the output file stops growing (0.3 s without a byte).
settle() {
	steady size >/dev/null
}

# cost KEYS...: bytes written in answer to the keys.
cost() {
	settle
	b=$(size)
	keys "$@"
	settle
	echo $(($(size) - b))
}

# average N KEYS...: mean bytes of N presses of the keys.
average() {
	n=$1
	shift
	total=0 k=0
	while [ "$k" -lt "$n" ]; do
		total=$((total + $(cost "$@")))
		k=$((k + 1))
	done
	echo $((total / n))
}

report() {
	printf '| %s | %s |\n' "$1" "$2" >>"$WORK/report"
}

term=${BYTES_TERM:-xterm-256color}
E2E_HOLD=1 start 80 24 "$term" "$UTF8" --seed 1 ${BYTES_ARGS:-}
$TMUX_CMD pipe-pane -t game -O "cat >>'$OUT'" ||
    fail "tmux could not pipe the pane"
touch "$WORK/go"
wait_for 'Briefing'
settle
first=$(size)
: >"$WORK/report"
report "start: the briefing page, whole screen" "$first"
map=$(cost Enter)
wait_for 'Movement'
report "close the briefing: the map, panel and log drawn" "$map"
# From leg1 at 0406 to 0306 and back: the view does not scroll.
moves=0 k=0
while [ "$k" -lt 4 ]; do
	moves=$((moves + $(cost h) + $(cost l)))
	k=$((k + 1))
done
move=$((moves / 8))
report "cursor move, left or right (mean of 8)" "$move"
# Onto leg2 at 0606, not selected: the panel names it in a line, and
# off it again (the selected leg1's card stays).
keys l
settle
onto=$(cost l)
report "cursor move onto another unit (0506 to leg2 at 0606)" "$onto"
off=$(cost h)
report "cursor move off it again" "$off"
keys h
settle
up=$(cost k)
report "cursor move up the column" "$up"
down=$(cost j)
report "cursor move down the column" "$down"
# Right to 0806: the fourth step scrolls the map a column.
keys l l l
settle
report "cursor move that scrolls the map" "$(cost l)"
keys h h h h
settle
tab=$(cost Tab)
report "Tab: the next unit selected, its marks drawn" "$tab"
mkey=$(cost k m)
report "m: a move by key (unit, marks, panel, log)" "$mkey"
report ": then one character typed at the prompt" \
    "$(($(cost :) / 2 + $(average 4 x) / 2))"
keys C-u
settle
keys -l "end"
report "Enter: the command \`end\` run from the prompt" "$(cost Enter)"
keys Escape
report "?: the help page over the map" "$(cost '?')"
report "any key: back from the help page" "$(cost Escape)"
full=$(cost C-l)
report "^L: a full repaint, for comparison" "$full"

# Ceilings about twice the figures of docs/ssh-bytes.md (issue 13): the
# map's cursor is the terminal's, the panel's card stays put on a step,
# the selection's marks are a coloured glyph (one colour change each
# way) and two cards line up row for row.
[ "$move" -gt 0 ] || fail "a cursor move wrote nothing"
[ "$move" -lt 80 ] || fail "a cursor move wrote $move bytes"
for b in "$up" "$down" "$off"; do
	[ "$b" -lt 130 ] ||
	    fail "a cursor move up, down or off a unit wrote $b bytes"
done
[ "$onto" -lt 250 ] || fail "a cursor move onto a unit wrote $onto bytes"
[ $((move * 10)) -lt "$full" ] ||
    fail "a cursor move ($move bytes) is not a tenth of a repaint ($full)"
[ "$tab" -lt 700 ] || fail "Tab wrote $tab bytes"
[ "$mkey" -lt 1000 ] || fail "a move by key wrote $mkey bytes"
[ "$full" -lt 2600 ] || fail "a full repaint wrote $full bytes"

keys q y
wait_exit 0
{
	echo "| action at 80 x 24 (TERM=$term ${BYTES_ARGS:-UTF-8}) | bytes |"
	echo "|---|---:|"
	cat "$WORK/report"
} >"$WORK/table"
cat "$WORK/table"
if [ -n "${BYTES_REPORT:-}" ]; then
	cp "$WORK/table" "$BYTES_REPORT"
fi
echo "PASS: a cursor move costs $move bytes, a repaint $full"
