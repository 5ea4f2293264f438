#!/bin/sh
# Two batch players hammer one shared game (ancients --batch --host and
# --join): each side's commands come in the order a one-terminal game of
# the same seed plays them, with SAYS `say` lines per side sent as fast as
# they go, most of them while the other side is playing.  The battle is
# the tutorial cut to one turn: a shared game's dice come from the
# system (docs/security.md), so only a turn no roll can reorder is known
# in advance.  Then:
#  - every say line the game took and every game command is in the journal
#    exactly once, each side's in its own order (none lost, doubled or
#    interleaved); a say is refused only while the other side must choose
#    after seizing the initiative (commands.md: only the decision, dump and
#    dice are accepted then);
#  - the journal replays (every line's check and digest hold) to the
#    state each player dumped at the end.
#
# Environment: TOP_BUILDDIR (the ancients binary), SAYS (default 1000).
set -u

bin=${TOP_BUILDDIR:-.}/ancients
says=${SAYS:-1000}
seed=4242

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-race.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
scen=$tmp/tutorial1.ini
sed 's/^turns = .*/turns = 1/' "${TOP_SRCDIR:-.}/scenarios/tutorial.ini" \
    >"$scen"
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
ANCIENTS_SHARED_DIR=$tmp/shared
export XDG_STATE_HOME HOME ANCIENTS_SHARED_DIR

fail() {
	echo "shared_race: FAIL: $*" >&2
	exit 1
}

[ -x "$bin" ] || fail "no program at $bin"

# 1. The game's commands, side by side: `end` each phase, `first` when a
#    seized initiative waits for a choice, until the game is over.
: >"$tmp/seq"
steps=0
while :; do
	state=$({ cut -d' ' -f2 "$tmp/seq"; echo dump; } |
	    "$bin" --batch --seed $seed $scen | grep '^game ' | tail -n 1)
	case $state in
	*over=yes*) break ;;
	'') fail "no dump from the one-terminal game" ;;
	esac
	player=$(echo "$state" | sed 's/.* player=\([^ ]*\) .*/\1/')
	cmd=end
	if { cut -d' ' -f2 "$tmp/seq"; echo end; } |
	    "$bin" --batch --seed $seed $scen | tail -n 1 |
	    grep -q '^error:'; then
		cmd=first
	fi
	echo "$player $cmd" >>"$tmp/seq"
	steps=$((steps + 1))
	[ $steps -lt 400 ] || fail "the game does not end"
done
sides=$(cut -d' ' -f1 "$tmp/seq" | sort -u | tr '\n' ' ')
set -- $sides
[ $# -eq 2 ] || fail "expected two sides in the sequence, got: $sides"
side_a=$1
side_b=$2

# 2. Each side's script: its says spread among its commands, then an
#    `end` that waits for the game's end (and is refused), then a dump.
script() {
	awk -v side="$1" -v tag="$2" -v says="$says" '
	$1 == side { cmds[n++] = $2 }
	END {
		k = 0
		for (i = 0; i < n; i++) {
			per = int(says / n) + (i < says % n)
			for (j = 0; j < per; j++)
				print "say " tag "-" ++k
			print cmds[i]
		}
		print "end"
		print "dump"
	}' "$tmp/seq"
}
script "$side_a" A >"$tmp/a.in"
script "$side_b" B >"$tmp/b.in"

# 3. Both at once.
timeout 600 "$bin" --player alice --batch --host --name race --seed $seed \
    --side "$side_a" $scen <"$tmp/a.in" >"$tmp/a.out" 2>"$tmp/a.err" &
pid_a=$!
i=0
while [ ! -f "$ANCIENTS_SHARED_DIR/race.journal" ]; do
	i=$((i + 1))
	[ $i -lt 300 ] || fail "the host made no journal"
	sleep 0.1
done
# Bob notices new lines by polling (the fallback where there is no
# inotify), alice with inotify.
ANCIENTS_SHARED_POLL=1 timeout 600 "$bin" --player bob --batch --join race \
    --side "$side_b" \
    <"$tmp/b.in" >"$tmp/b.out" 2>"$tmp/b.err" &
pid_b=$!
wait $pid_a
status_a=$?
wait $pid_b
status_b=$?
for who in a b; do
	errors=$(grep '^error:' "$tmp/$who.out" |
	    grep -v 'has seized the initiative and must first choose')
	[ "$errors" = "error: the game is over: its journal takes nothing more, not even a say; dump shows how it ended" ] ||
	    fail "player $who: unexpected refusals: $errors $(cat "$tmp/$who.err")"
done
[ $status_a -eq 1 ] && [ $status_b -eq 1 ] ||
    fail "exit statuses $status_a $status_b (1 each: the last end refused)"

# 4. The journal: every line once, each side's in order.
journal=$ANCIENTS_SHARED_DIR/race.journal
sed -n '/^journal /,$p' "$journal" | sed 1d | cut -f1 >"$tmp/lines"
grep '^say alice ([a-z]*): ' "$tmp/lines" |
    sed 's/^say alice ([a-z]*): //' >"$tmp/a.said"
grep '^say bob ([a-z]*): ' "$tmp/lines" |
    sed 's/^say bob ([a-z]*): //' >"$tmp/b.said"
# The says each player's game took, in the order sent; with the refused
# ones, all of them.
took=0
for who in alice:a:A bob:b:B; do
	login=${who%%:*} f=${who#*:} tag=${who##*:}
	f=${f%:*}
	sed -n "s/^> $login ([a-z]*): //p" "$tmp/$f.out" >"$tmp/$f.took"
	refused=$(grep -c 'has seized the initiative and must first choose' \
	    "$tmp/$f.out")
	[ $(($(wc -l <"$tmp/$f.took") + refused)) -eq "$says" ] ||
	    fail "$login: $(wc -l <"$tmp/$f.took") says taken and $refused refused of $says"
	grep -v "^$tag-[0-9]*\$" "$tmp/$f.took" >/dev/null &&
	    fail "$login's game echoed another's say as his own"
	sort -t- -k2n -c "$tmp/$f.took" 2>/dev/null ||
	    fail "$login's says were taken out of order"
	cmp -s "$tmp/$f.took" "$tmp/$f.said" ||
	    fail "$login's say lines are not all there once, in order"
	took=$((took + $(wc -l <"$tmp/$f.took")))
done
grep -v '^say ' "$tmp/lines" >"$tmp/played"
cut -d' ' -f2 "$tmp/seq" | cmp -s - "$tmp/played" ||
    fail "the journal's game commands are not the game's"
total=$(wc -l <"$tmp/lines")
[ "$total" -eq $((took + steps)) ] ||
    fail "the journal has $total lines, not $((took + steps))"

# 5. It replays to the state each player ended with.
"$bin" --replay "$journal" >"$tmp/replay" 2>"$tmp/replay.err" ||
    fail "the journal does not replay: $(cat "$tmp/replay.err")"

final() {
	awk '/^game /{ d = "" } { d = d $0 "\n" } END { printf "%s", d }' "$1" |
	    sed -n '/^game /,/^end$/p'
}
final "$tmp/replay" >"$tmp/replay.dump"
[ -s "$tmp/replay.dump" ] || fail "the replay shows no final state"
for who in a b; do
	final "$tmp/$who.out" | cmp -s - "$tmp/replay.dump" ||
	    fail "player $who's final state is not the journal's"
done
echo "shared_race: $total journal lines ($took say, $steps game" \
    "commands), none lost, doubled or interleaved"
