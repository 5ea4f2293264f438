#!/bin/sh
# Shared games from the command line (docs/shared-games.md): game names
# are checked, a name is taken once, --side is checked, --games lists who
# holds each side, a player waits for the other side in batch mode, a
# damaged journal line stops a player with FILE:LINE and leaves the file
# as it was, --resume NAME takes a seat again and --replay NAME shows the
# game; a FIFO in a lock's place does not hang --games; an account that
# may not read the directory is told so; a finished game refuses a say
# in words that fit; --games fits 80 columns.
#
# Environment: TOP_BUILDDIR (the ancients binary).
set -u

bin=${TOP_BUILDDIR:-.}/ancients
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-shcli.XXXXXX") || exit 1
trap 'kill $waiter 2>/dev/null; rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
waiter=
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
ANCIENTS_SHARED_DIR=$tmp/shared
export XDG_STATE_HOME HOME ANCIENTS_SHARED_DIR
dir=$ANCIENTS_SHARED_DIR
# The player's name (docs/server.md: a launcher's --player), never
# LOGNAME: every run is "tester".
[ -x "$bin" ] && printf '#!/bin/sh\nexec "%s" --player tester "$@"\n' "$bin" \
    >"$tmp/ancients" && chmod +x "$tmp/ancients" && bin=$tmp/ancients

fail() {
	echo "shared_cli: FAIL: $*" >&2
	exit 1
}

# expect_err WHAT REGEX COMMAND...: the command fails, saying REGEX.
expect_err() {
	what=$1 re=$2
	shift 2
	if "$@" </dev/null >"$tmp/out" 2>"$tmp/err"; then
		fail "$what: succeeded"
	fi
	grep -q -e "$re" "$tmp/err" || fail "$what: said $(cat "$tmp/err")"
}

[ -x "$bin" ] || fail "no program at $bin"

expect_err "a name with a space" "letters, digits, - and _ only" \
    "$bin" --batch --host --name 'a b' tutorial
expect_err "a name of 33 characters" "at most 32 characters" \
    "$bin" --batch --host --name 123456789012345678901234567890123 tutorial
expect_err "a name with a slash" "letters, digits" \
    "$bin" --batch --join ../x
expect_err "a side that is not there" 'no side "gauls"' \
    "$bin" --batch --host --name g1 --side gauls tutorial
[ -e "$dir/g1.journal" ] && fail "a refused host left a journal"
expect_err "--watch in batch mode" "a shared game takes" \
    "$bin" --batch --watch g1
expect_err "no such game" "no shared game called nope" \
    "$bin" --batch --join nope

# A host with the default name; the same name again is refused.
echo 'say hi' | "$bin" --batch --host --seed 3 tutorial >"$tmp/out" \
    2>"$tmp/err" || fail "host: $(cat "$tmp/err")"
grep -q 'ancients --join tutorial-1' "$tmp/err" ||
    fail "the host is not told how to join: $(cat "$tmp/err")"
grep -qx '> tester (rome): hi' "$tmp/out" || fail "say printed $(cat "$tmp/out")"
expect_err "a name taken" "there is a game called tutorial-1 already" \
    "$bin" --batch --host --name tutorial-1 tutorial

# Chatti waits for its turn; --games shows who holds what meanwhile.
mkfifo "$tmp/in"
"$bin" --batch --join tutorial-1 --side chatti <"$tmp/in" \
    >"$tmp/chatti.out" 2>&1 &
waiter=$!
exec 3>"$tmp/in"
echo 'end' >&3
i=0
until "$bin" --games | grep -q 'tutorial-1 .*rome=free chatti=tester'; do
	i=$((i + 1))
	[ $i -lt 100 ] || fail "--games: $("$bin" --games)"
	sleep 0.1
done
expect_err "a side taken" "Chatti in tutorial-1 is taken (by tester)" \
    "$bin" --batch --join tutorial-1 --side chatti
# A host who takes a name in use hears so, not that the side he would
# play there is taken.
expect_err "a name in use, its side held" \
    "there is a game called tutorial-1 already" \
    "$bin" --batch --host --name tutorial-1 --side chatti tutorial
printf 'dice 6\nend\nend\nend\n' | "$bin" --batch --join tutorial-1 \
    >"$tmp/rome.out" 2>&1
grep -q '^error: dice is for batch mode only, never in a shared game' "$tmp/rome.out" ||
    fail "dice in a shared game: $(cat "$tmp/rome.out")"
exec 3>&-
wait $waiter
waiter=
grep -q '^Phase: movement' "$tmp/chatti.out" ||
    fail "chatti did not see rome's turn: $(cat "$tmp/chatti.out")"
grep -q '^Phase: shooting' "$tmp/chatti.out" ||
    fail "chatti's end was not played: $(cat "$tmp/chatti.out")"

# A FIFO planted under a side's lock name (the directory may be the
# group's) is no lock, and --games does not hang on it.
mkfifo "$dir/tutorial-1.rome.lock.fifo" &&
    mv "$dir/tutorial-1.rome.lock.fifo" "$dir/tutorial-1.rome.lock" ||
    fail "mkfifo"
timeout 20 "$bin" --games >"$tmp/out" 2>&1 ||
    fail "--games with a FIFO for a lock: $(cat "$tmp/out")"
grep -q 'tutorial-1 .*rome=free' "$tmp/out" ||
    fail "--games with a FIFO for a lock: $(cat "$tmp/out")"
rm -f "$dir/tutorial-1.rome.lock"

# --resume NAME sits down again.
echo 'say back' | "$bin" --batch --resume tutorial-1 >"$tmp/out" 2>&1 ||
    fail "--resume tutorial-1: $(cat "$tmp/out")"
grep -qx '> tester (rome): back' "$tmp/out" || fail "--resume: $(cat "$tmp/out")"

# --replay NAME shows the shared game, as FILES says; a name that is no
# game says where it looked.
"$bin" --replay tutorial-1 </dev/null >"$tmp/out" 2>"$tmp/err" ||
    fail "--replay tutorial-1: $(cat "$tmp/err")"
grep -qx '  > tester (rome): back' "$tmp/out" ||
    fail "--replay tutorial-1 showed $(cat "$tmp/out")"
expect_err "--replay of no game" "nor a shared game of that name" \
    "$bin" --replay nope

# An account that may not read the shared directory is told so, not
# that there is no game of that name: as root, nobody (with a copy of the
# program it may run); else the directory closed for the test.
real=${TOP_BUILDDIR:-.}/ancients
if [ "$(id -u)" -eq 0 ]; then
	if command -v setpriv >/dev/null 2>&1; then
		pub=$(mktemp -d "${TMPDIR:-/tmp}/ancients-shpub.XXXXXX") ||
		    fail "mktemp"
		chmod 755 "$pub"
		cp "$real" "$pub/ancients"
		setpriv --reuid=65534 --regid=65534 --clear-groups \
		    env ANCIENTS_SHARED_DIR="$dir" XDG_STATE_HOME="$pub/state" \
		    HOME="$pub" "$pub/ancients" --batch --resume tutorial-1 \
		    </dev/null >"$tmp/out" 2>&1
		status=$?
		rm -rf "$pub"
	else
		status=skip
	fi
else
	chmod 000 "$dir"
	"$bin" --batch --resume tutorial-1 </dev/null >"$tmp/out" 2>&1
	status=$?
	chmod 700 "$dir"
fi
if [ "$status" != skip ]; then
	[ "$status" -ne 0 ] || fail "a closed directory's game was resumed"
	grep -q 'may not read the shared games.* directory' "$tmp/out" ||
	    fail "a closed directory: $(cat "$tmp/out")"
	grep -q 'no such file\|nor a shared game' "$tmp/out" &&
	    fail "a closed directory: $(cat "$tmp/out")"
fi

# A damaged line: FILE:LINE, and the file stays as it is.
printf 'move leg1 0405\t0000000000000000\t0000000000000000\n' \
    >>"$dir/tutorial-1.journal"
lines=$(wc -l <"$dir/tutorial-1.journal")
cp "$dir/tutorial-1.journal" "$tmp/before"
echo 'end' | "$bin" --batch --join tutorial-1 --side chatti \
    >"$tmp/out" 2>"$tmp/err" && fail "a damaged journal was played on"
grep -q "tutorial-1.journal:$lines: " "$tmp/err" ||
    fail "no FILE:$lines: message: $(cat "$tmp/err")"
cmp -s "$tmp/before" "$dir/tutorial-1.journal" ||
    fail "the damaged journal was changed"
# A finished game: --games says who won.  One turn, each side ends its
# phases; a's unit stands on a's victory hex at the end.
cat >"$tmp/fin.ini" <<'EOF2'
[scenario]
title = One turn
turns = 1
initiative = a
[map]
width = 4
height = 1
[side a]
name = Side A
[side b]
name = Side B
[unit a1]
side = a
type = auxilia
hex = 0101
facing = N
[unit b1]
side = b
type = auxilia
hex = 0401
facing = N
[victory]
a = 0101
EOF2
printf 'end\nend\nend\n' | timeout 20 "$bin" --batch --host --name fin --side a \
    "$tmp/fin.ini" >/dev/null 2>"$tmp/err" || fail "host fin: $(cat "$tmp/err")"
printf 'end\nend\nend\n' | timeout 20 "$bin" --batch --join fin --side b \
    >"$tmp/out" 2>&1 ||
    fail "join fin: $(cat "$tmp/out")"
"$bin" --games >"$tmp/out" 2>&1
grep -A1 '^fin  a=free b=free$' "$tmp/out" |
    grep -q '^  One turn: over, a won; last active ' ||
    fail "--games of a finished game: $(cat "$tmp/out")"

# A say after the end: refused, saying so in words that fit a shared
# game (whose players are never offered dice).
echo 'say good game' | timeout 20 "$bin" --batch --join fin --side a \
    >"$tmp/out" 2>&1 && fail "a say after the end was taken"
grep -q '^error: the game is over: its journal takes nothing more, not even a say' \
    "$tmp/out" || fail "say after the end: $(cat "$tmp/out")"
grep -q 'dice' "$tmp/out" && fail "say after the end: $(cat "$tmp/out")"

# --games fits 80 columns, for the longest battle's title and side keys
# with a watcher, a long name and long logins.
printf 'say hi\n' | timeout 20 "$bin" --batch --host --name teutoburg-forest-12 \
    --side germans teutoburg >/dev/null 2>"$tmp/err" ||
    fail "host teutoburg: $(cat "$tmp/err")"
"$bin" --games >"$tmp/out" 2>&1
grep -q '^teutoburg-forest-12  ' "$tmp/out" || fail "--games: $(cat "$tmp/out")"
awk 'length($0) > 80 { bad = 1; print "too wide: " $0 } END { exit bad }' \
    "$tmp/out" >&2 || fail "--games wider than 80 columns"

echo "shared_cli: names, seats, --games, waiting, --resume, --replay and" \
    "a damaged line all as documented"
