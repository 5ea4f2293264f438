#!/bin/sh
# Crash safety of saves (docs/save-format.md): plays the fixture game
# (tests/data/saves/battle.ini, seed 3, battle.cmds) through
# `ancients --batch --resume FILE`, a few commands a run, fed slowly or
# at once, and kills the program with SIGKILL at many points.  After every
# kill the save must load, and its state (`dump`) must be the state after
# exactly the commands its journal holds, a prefix of the command list
# at least as long as before; the next run feeds the rest.  The expected
# state after every prefix comes from a plain batch run, which must write
# no file at all.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients
data=$top_src/tests/data/saves
scen=$data/battle.ini
cmds=$data/battle.cmds
seed=3
max_runs=400		# bounds the time if kills come too early to progress

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-kill.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
# Nothing may be written outside $tmp.
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
export XDG_STATE_HOME HOME

fail() {
	echo "save_kill: FAIL: $*" >&2
	exit 1
}

[ -x "$bin" ] || fail "no program at $bin"
n=$(wc -l <"$cmds")

# 1. The state after every prefix, from a batch run with no save.
mkdir "$tmp/ref" || exit 1
{
	echo dump
	while IFS= read -r line; do
		printf '%s\ndump\n' "$line"
	done <"$cmds"
} | (cd "$tmp/ref" && "$bin" --batch --seed "$seed" "$scen") \
    >"$tmp/ref.out" || fail "the reference batch run refused a command"
[ -z "$(ls -A "$tmp/ref")" ] || fail "batch mode without --resume wrote files"
[ ! -e "$tmp/state" ] && [ ! -e "$tmp/home" ] ||
    fail "batch mode without --resume wrote into the save directory"
awk -v dir="$tmp" '
	/^game / { f = dir "/expect." k++; p = 1 }
	p { print > f }
	p && /^end$/ { p = 0; close(f) }
	END { print k > (dir "/expect.count") }' "$tmp/ref.out"
[ "$(cat "$tmp/expect.count")" -eq $((n + 1)) ] ||
    fail "expected $((n + 1)) dumps from the reference run"

# 2. The new game's save, with no command yet.
"$bin" --batch --seed "$seed" --save "$tmp/g.save" "$scen" </dev/null \
    >/dev/null || fail "--batch --save could not start the game"

# Number of commands in the save's journal (format 2: the whole lines
# after "journal CHECK"; a torn last line has no newline and is dropped
# on load, so it is not counted).
journal_len() {
	grep -q '^journal [0-9a-f]\{16\}$' "$tmp/g.save" || return 0
	echo $(($(sed -n '/^journal [0-9a-f]\{16\}$/,$p' "$tmp/g.save" |
	    wc -l) - 1))
}

# Checks the save after a run: it loads, holds a prefix no shorter than
# the last one, and its dump is that prefix's.  Sets done.
check_save() {
	k=$(journal_len)
	[ -n "$k" ] || fail "run $run: the save has no journal line"
	echo dump | "$bin" --batch --resume "$tmp/g.save" >"$tmp/dump.out" \
	    2>"$tmp/err" || fail "run $run: cannot resume: $(cat "$tmp/err")"
	[ "$k" -ge "$done" ] ||
	    fail "run $run: the save went back from $done to $k commands"
	[ "$k" -le "$n" ] || fail "run $run: $k commands, more than $n"
	cmp -s "$tmp/dump.out" "$tmp/expect.$k" ||
	    fail "run $run: the state after $k commands is not the expected one"
	done=$k
}

# 3. Feed a few commands, kill, check; again until the whole game is
# saved.  The program reads a fresh FIFO that it also holds open for
# writing, so it never sees the end of its input and is always killed;
# the feeder opens it the same way, so neither open can block.
done=0
run=0
while [ "$done" -lt "$n" ] && [ "$run" -lt "$max_runs" ]; do
	run=$((run + 1))
	rm -f "$tmp/fifo"
	mkfifo "$tmp/fifo" || fail "mkfifo"
	chunk=$((1 + (run * 7) % 8))
	# Odd runs feed a line every 10 ms and are killed after 5-95 ms;
	# even runs write the chunk at once and are killed after 0-9 ms,
	# in the middle of its writes.
	if [ $((run % 2)) -eq 1 ]; then
		ms=$(((run * 7919) % 10 * 10 + 5))
		pause=0.01
	else
		ms=$(((run * 7919) % 10))
		pause=0
	fi
	delay=$(awk -v ms="$ms" 'BEGIN { printf "%.3f", ms / 1000 }')
	"$bin" --batch --resume "$tmp/g.save" 0<>"$tmp/fifo" >/dev/null 2>&1 &
	pid=$!
	tail -n "+$((done + 1))" "$cmds" | head -n "$chunk" |
	    while IFS= read -r line; do
		printf '%s\n' "$line"
		[ "$pause" = 0 ] || sleep "$pause"
	done 1<>"$tmp/fifo" &
	sleep "$delay"
	kill -KILL "$pid" 2>/dev/null ||
	    fail "run $run: the program ended before it was killed"
	wait 2>/dev/null
	check_save
done
[ "$done" -eq "$n" ] || fail "only $done of $n commands saved in $run runs"
[ "$run" -ge 20 ] || fail "only $run runs: too few kills to count"
# The finished game, once more from scratch: the replay agrees.
"$bin" --replay "$tmp/g.save" | tail -n "$(wc -l <"$tmp/expect.$n")" |
    cmp -s - "$tmp/expect.$n" || fail "the replay of the finished save differs"
echo "save_kill: $run runs, each killed; all $n commands saved"
