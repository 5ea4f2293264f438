#!/bin/sh
# The computer in batch mode (commands.md, `ai` and --ai), driven line by
# line through FIFOs as another program would drive it: each command is
# written only after the reply to the one before has been read, so the
# test also proves that output is flushed after every input line.
#
#  1. `ai` plays the side to act: its output starts with `ai: COMMAND`
#     lines, and afterwards the other side must act.
#  2. `--batch --ai SIDE` plays SIDE before the first line is read when
#     SIDE moves first, and whenever SIDE must act after that; a whole
#     game played against `ai` through the pipe ends with no refusal.
#  3. The simulator's counts add up and do not depend on --jobs.
#  4. A saved solo game journals concrete commands and resumes.
#  5. On every shipped scenario, for both sides, an opponent program
#     (ai_opponent.sh) plays the other side through the pipe at random,
#     refused commands included, and checks each reply: flushed at once,
#     the computer never waits for a line it does not need nor plays a
#     refused command, the game ends, and the exit status at the end of
#     input is 1 (the opponent's refusals).
#
# Exits 0, 1 on a failure, 77 when the binary is not built.

top_src=${TOP_SRCDIR:-$(dirname "$0")/..}
top_build=${TOP_BUILDDIR:-.}
bin=$top_build/ancients
scen=$top_src/scenarios/tutorial.ini

if [ ! -x "$bin" ]; then
	echo "SKIP: $bin is not built" >&2
	exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ai_batch.XXXXXX") || exit 1
pid=
cleanup() {
	exec 3>&- 2>/dev/null
	if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

fail() {
	echo "FAIL: $*" >&2
	exit 1
}

# Lines of the game line of the last dump in $1.
last_game_line() {
	grep '^game ' "$1" | tail -n 1
}

# Waits (up to 60 s) until file $1 holds at least $2 lines that are
# exactly `end` (one per dump).
wait_dumps() {
	i=0
	while [ "$(grep -c '^end$' "$1")" -lt "$2" ]; do
		i=$((i + 1))
		[ $i -gt 600 ] && fail "no reply within 60 s in $1"
		sleep 0.1
	done
}

# 1. `ai` through a plain pipe.
printf 'dump\nai\ndump\n' | "$bin" --batch --seed 7 "$scen" > "$tmp/one" 2>&1 ||
    fail "ai in batch mode exited non-zero: $(cat "$tmp/one")"
first=$(sed -n 's/^game .* player=\([a-z]*\) .*/\1/p' "$tmp/one" | head -n 1)
after=$(sed -n 's/^game .* player=\([a-z]*\) .*/\1/p' "$tmp/one" | tail -n 1)
[ -n "$first" ] || fail "no dump in: $(cat "$tmp/one")"
[ "$first" != "$after" ] ||
    fail "after ai, $first still has to act"
sed -n '/^end$/,$p' "$tmp/one" | sed -n 2p | grep -q '^ai: ' ||
    fail "the first line after ai is not an ai: line"
grep '^ai: ' "$tmp/one" | sed 's/^ai: //' | while read -r verb rest; do
	case $verb in
	move|pivot|charge|push|general|shoot|attack|advance|hold|first|second|end) ;;
	*) echo "FAIL: ai: line with no command: $verb $rest" >&2; exit 1 ;;
	esac
done || exit 1

# 2. --batch --ai for the side that moves first, driven through FIFOs.
mkfifo "$tmp/in" || fail "mkfifo"
"$bin" --batch --ai "$first" --seed 7 "$scen" < "$tmp/in" > "$tmp/out" 2>&1 &
pid=$!
exec 3> "$tmp/in"
# Nothing written yet: the computer must already have played.
i=0
while ! grep -q '^ai: ' "$tmp/out"; do
	i=$((i + 1))
	[ $i -gt 600 ] && fail "--ai $first played nothing before the first line"
	sleep 0.1
done
n=1
echo dump >&3
wait_dumps "$tmp/out" $n
game=$(last_game_line "$tmp/out")
case $game in
*over=yes*) ;;
*" player=$first "*) fail "after --ai's turn $first still acts: $game" ;;
esac
while :; do
	case $(last_game_line "$tmp/out") in *over=yes*) break ;; esac
	[ $n -gt 200 ] && fail "the game did not end in 200 rounds"
	n=$((n + 1))
	printf 'ai\ndump\n' >&3
	wait_dumps "$tmp/out" $n
done
exec 3>&-
wait "$pid"
status=$?
pid=
! grep -q '^error:' "$tmp/out" || fail "refusals: $(grep '^error:' "$tmp/out")"
[ "$status" -eq 0 ] || fail "--batch --ai exited $status"
grep -q '^ai: ' "$tmp/out" || fail "no ai: lines"

# 3. The simulator.
"$bin" --simulate 3 --players ai1,random --swap --format tsv --jobs 1 \
    --seed 5 "$scen" > "$tmp/s1" || fail "--simulate failed"
"$bin" --simulate 3 --players ai1,random --swap --format tsv --jobs 2 \
    --seed 5 "$scen" > "$tmp/s2" || fail "--simulate --jobs 2 failed"
cmp -s "$tmp/s1" "$tmp/s2" || fail "--jobs changed the totals"
# Bad arguments: status 64, as the man page's EXIT STATUS says (it was 2).
for args in "0 $scen" "1 --jobs 0 $scen" "1 --players ai1 $scen" "1"; do
	"$bin" --simulate $args >/dev/null 2>&1
	status=$?
	[ "$status" -eq 64 ] || fail "--simulate $args: status $status, not 64"
done
awk -F '\t' 'NR == 2 {
	if ($7 + $8 + $9 != $2 || $2 != 6) exit 1
	if ($17 + $18 + $19 != $2) exit 1
	if ($20 != 0) exit 1
}' "$tmp/s1" || fail "counts do not add up: $(cat "$tmp/s1")"
# 4. A saved solo game records the concrete commands, never `ai`, and
#    resumes to the same state.
printf 'ai\nai\ndump\n' | "$bin" --batch --seed 3 --save "$tmp/solo.save" \
    --ai "$first" "$scen" > "$tmp/solo.out" 2>&1 || fail "--save --ai failed"
n=$(grep -c '^ai: ' "$tmp/solo.out")
# The journal's lines: each command, then a tab and its checks.
sed -n '/^journal /,$p' "$tmp/solo.save" | sed 1d | cut -f1 > "$tmp/journal"
grep '^ai: ' "$tmp/solo.out" | sed 's/^ai: //' > "$tmp/chosen"
cmp -s "$tmp/journal" "$tmp/chosen" ||
    fail "the journal does not hold the $n commands the computer chose"
! grep -qx 'ai' "$tmp/journal" || fail "the journal holds ai"
sed -n '/^game /,/^end$/p' "$tmp/solo.out" > "$tmp/d1"
echo dump | "$bin" --batch --resume "$tmp/solo.save" > "$tmp/d2" 2>&1
cmp -s "$tmp/d1" "$tmp/d2" || fail "the resumed game differs"
# A side that does not exist is a usage error before anything else: no
# seed line, no save left behind to be resumed by mistake.
"$bin" --batch --save "$tmp/wrong.save" --ai nosuch "$scen" < /dev/null \
    > "$tmp/wrong.out" 2> "$tmp/wrong.err"
status=$?
[ "$status" -eq 64 ] || fail "--ai nosuch exited $status, not 64"
[ ! -s "$tmp/wrong.out" ] || fail "--ai nosuch printed: $(cat "$tmp/wrong.out")"
[ ! -e "$tmp/wrong.save" ] || fail "--ai nosuch left a save behind"
grep -q 'no such side' "$tmp/wrong.err" || fail "--ai nosuch said: $(cat "$tmp/wrong.err")"

# 5. Every shipped scenario, both sides, against a random opponent
#    program; the levels take turns so that each is played.
level=1
for s in "$top_src"/scenarios/*.ini; do
	for side in $(sed -n 's/^\[side \([a-z0-9-]*\)\]$/\1/p' "$s"); do
		sh "$top_src/tests/ai_opponent.sh" "$bin" "$s" "$side" $level \
		    11 "$tmp/opponent.log" ||
		    fail "the opponent game above (transcript: $(tail -n 30 \
		        "$tmp/opponent.log"))"
		level=$((level % 3 + 1))
	done
done
echo "PASS: ai, --batch --ai through a pipe, saves, --simulate, opponents"
exit 0
