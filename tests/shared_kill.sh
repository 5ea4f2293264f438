#!/bin/sh
# A shared game's player killed with SIGKILL at random moments
# (ancients --batch --join, docs/shared-games.md).  Alice keeps saying
# numbered lines while bob, in the other seat, plays his turn; alice is
# killed, rejoins at once (her side is free: a dead process holds no lock)
# and goes on from the line after the last one her output showed.  After
# every kill the journal must replay, and hold every line alice's output
# showed, in order, once, and at most one more (the line in flight).
#
# Environment: TOP_BUILDDIR (the ancients binary), KILLS (default 25).
set -u

bin=${TOP_BUILDDIR:-.}/ancients
kills=${KILLS:-25}
scen=tutorial

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-skill.XXXXXX") || exit 1
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
ANCIENTS_SHARED_DIR=$tmp/shared
export XDG_STATE_HOME HOME ANCIENTS_SHARED_DIR
journal=$ANCIENTS_SHARED_DIR/kill.journal

fail() {
	echo "shared_kill: FAIL: $*" >&2
	exit 1
}

[ -x "$bin" ] || fail "no program at $bin"

# Bob hosts (side 0) and keeps his seat, saying a line now and then.
mkfifo "$tmp/bob.in" || fail "mkfifo"
"$bin" --player bob --batch --host --name kill --seed 7 $scen \
    <"$tmp/bob.in" >"$tmp/bob.out" 2>"$tmp/bob.err" &
pid_bob=$!
exec 3>"$tmp/bob.in"
i=0
while [ ! -f "$journal" ]; do
	i=$((i + 1))
	[ $i -lt 300 ] || fail "the host made no journal"
	sleep 0.1
done

said() {
	sed -n '/^journal /,$p' "$journal" | sed 1d | cut -f1 |
	    sed -n 's/^say alice ([a-z]*): A-//p'
}

next=1
for k in $(seq 1 "$kills"); do
	seq "$next" $((next + 400)) | sed 's/^/say A-/' >"$tmp/alice.in"
	"$bin" --player alice --batch --join kill \
	    <"$tmp/alice.in" >"$tmp/alice.out" 2>"$tmp/alice.err" &
	pid=$!
	echo "say bob-$k" >&3
	# A random moment: 0 to 0.4 s.
	sleep "0.$(awk -v s="$k$$" 'BEGIN { srand(s); printf "%03d", rand() * 400 }')"
	kill -KILL $pid 2>/dev/null
	wait $pid 2>/dev/null
	shown=$(sed -n 's/^> alice ([a-z]*): A-//p' "$tmp/alice.out" | tail -n 1)
	"$bin" --replay "$journal" >/dev/null 2>"$tmp/replay.err" ||
	    fail "kill $k: the journal does not replay: $(cat "$tmp/replay.err")"
	said >"$tmp/said"
	last=$(tail -n 1 "$tmp/said")
	last=${last:-0}
	[ "$last" -eq 0 ] || seq 1 "$last" | cmp -s - "$tmp/said" ||
	    fail "kill $k: alice's lines are not 1..N once each, in order"
	[ -z "$shown" ] || [ "$last" -ge "$shown" ] ||
	    fail "kill $k: line $shown was shown but is not in the journal"
	[ -z "$shown" ] || [ "$last" -le $((shown + 1)) ] ||
	    fail "kill $k: $last lines in the journal, $shown shown"
	next=$((last + 1))
done
exec 3>&-
wait $pid_bob
grep -q '^error:' "$tmp/bob.out" && fail "bob: $(grep '^error:' "$tmp/bob.out")"
# The game goes on: a torn last line (the bytes a write cut short left,
# made sure of here) is cut off by the next line.
printf 'say alice (x): torn\t00' >>"$journal"
echo "say after the kills" | "$bin" --player alice --batch --join kill \
    >/dev/null 2>&1 || fail "alice cannot rejoin after the last kill"
"$bin" --replay "$journal" >/dev/null 2>"$tmp/replay.err" ||
    fail "the journal does not replay after the last line"
[ -s "$tmp/replay.err" ] && fail "the torn line was not cut: $(cat "$tmp/replay.err")"
tail -n 1 "$journal" | grep -q '^say alice ([a-z]*): after the kills	' ||
    fail "the line after the torn one is not the journal's last"
echo "shared_kill: $kills kills, $(said | wc -l) lines kept; the journal" \
    "replayed every time"
