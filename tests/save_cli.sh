#!/bin/sh
# The save options of the command line (main.c): --batch --save,
# --batch --resume [SAVE], --resume, --replay and --saves, with their
# messages and exit statuses.  Saves are made in a temporary directory;
# XDG_STATE_HOME and HOME point inside it.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients
data=$top_src/tests/data/saves

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-cli.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
export XDG_STATE_HOME HOME
dir=$XDG_STATE_HOME/ancients
failures=0

fail() {
	echo "save_cli: FAIL: $*" >&2
	failures=$((failures + 1))
}

# expect STATUS STDERR-TEXT COMMAND...: runs COMMAND with no input and
# checks its exit status and its whole standard error.
expect() {
	want_status=$1
	want_err=$2
	shift 2
	"$@" </dev/null >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq "$want_status" ] ||
	    fail "$*: exit status $status, not $want_status"
	printf '%s\n' "$want_err" >"$tmp/want"
	if [ -z "$want_err" ]; then
		[ ! -s "$tmp/err" ] || fail "$*: stderr: $(cat "$tmp/err")"
	else
		cmp -s "$tmp/err" "$tmp/want" ||
		    fail "$*: stderr: $(cat "$tmp/err")"
	fi
}

[ -x "$bin" ] || { echo "save_cli: no program at $bin" >&2; exit 1; }

# Usage errors.
expect 64 "ancients: --seed and --resume do not go together: a save keeps its own seed" \
    "$bin" --batch --seed 1 --resume x
expect 64 "ancients: --save starts a new batch game: use it with --batch and without --resume" \
    "$bin" --save x.save "$data/battle.ini"
expect 64 "ancients: --save starts a new batch game: use it with --batch and without --resume" \
    "$bin" --batch --resume --save x.save
expect 64 "ancients: one save at a time (got 2)" "$bin" --batch --resume a b
"$bin" --saves extra </dev/null >/dev/null 2>&1
[ $? -eq 64 ] || fail "--saves extra: not a usage error"
"$bin" --replay a b </dev/null >/dev/null 2>&1
[ $? -eq 64 ] || fail "--replay a b: not a usage error"

# Nothing to resume or list yet.
expect 1 "ancients: no unfinished game to resume in $dir (ancients --saves lists them all)" \
    "$bin" --batch --resume
expect 1 "ancients: no unfinished game to resume in $dir (ancients --saves lists them all)" \
    "$bin" --resume
expect 1 "ancients: no save \"nosuch\": no such file here or in $dir" \
    "$bin" --batch --resume nosuch
expect 1 "ancients: no save \"nosuch\": no such file here or in $dir, nor a shared game of that name (ancients --games lists them)" \
    "$bin" --replay nosuch
expect 0 "" "$bin" --saves
[ "$(cat "$tmp/out")" = "no saves in $dir" ] || fail "--saves: $(cat "$tmp/out")"
[ ! -e "$tmp/state" ] || fail "--saves created the save directory"

# A new batch game saved to a file: "seed N" first, the seed in the save.
printf 'move leg1 0405\n' >"$tmp/in"
"$bin" --batch --save "$tmp/a.save" "$data/battle.ini" <"$tmp/in" \
    >"$tmp/out" 2>"$tmp/err" || fail "--batch --save: $(cat "$tmp/err")"
seed=$(sed -n '1s/^seed \([0-9][0-9]*\)$/\1/p' "$tmp/out")
[ -n "$seed" ] || fail "--batch --save without --seed printed no seed"
grep -qx "seed $seed" "$tmp/a.save" || fail "the save does not hold seed $seed"
grep -q "^move leg1 0405	" "$tmp/a.save" || fail "the move was not saved"
expect 1 "ancients: $tmp/a.save exists: continue it with --batch --resume $tmp/a.save" \
    "$bin" --batch --save "$tmp/a.save" "$data/battle.ini"
expect 1 "ancients: cannot create a file in $tmp/nodir: No such file or directory" \
    "$bin" --batch --seed 3 --save "$tmp/nodir/a.save" "$data/battle.ini"
[ ! -s "$tmp/out" ] || fail "a failed --save printed: $(cat "$tmp/out")"
# --save of no name, or of a directory or FIFO: said so, not "continue
# it" nor "cannot replace : ...".
expect 64 'ancients: --save needs a file name, not ""' \
    "$bin" --batch --seed 3 --save "" "$data/battle.ini"
mkdir "$tmp/adir"
expect 1 "ancients: $tmp/adir exists and is no file: --save writes a new file" \
    "$bin" --batch --seed 3 --save "$tmp/adir" "$data/battle.ini"
mkfifo "$tmp/fifo" || fail "mkfifo"
expect 1 "ancients: $tmp/fifo exists and is no file: --save writes a new file" \
    "$bin" --batch --seed 3 --save "$tmp/fifo" "$data/battle.ini"

# Resuming: a refused command changes nothing and makes the status 1.
cp "$tmp/a.save" "$tmp/before"
printf 'attack leg1 wb1\n' | "$bin" --batch --resume "$tmp/a.save" \
    >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "a refused command did not give status 1"
grep -q '^error: attack is for the combat phase' "$tmp/out" ||
    fail "refused: $(cat "$tmp/out")"
cmp -s "$tmp/a.save" "$tmp/before" || fail "a refused command changed the save"

# A damaged save: FILE:LINE: message, status 1, the file untouched.
cp "$data/truncated.save" "$tmp/t.save"
expect 1 "ancients: $tmp/t.save:91: the save is truncated: the journal ends after 8 of 20 commands" \
    "$bin" --batch --resume "$tmp/t.save"
cmp -s "$tmp/t.save" "$data/truncated.save" || fail "a failed load changed the file"
expect 1 "ancients: $tmp/t.save:91: the save is truncated: the journal ends after 8 of 20 commands" \
    "$bin" --replay "$tmp/t.save"
expect 1 "ancients: $tmp/t.save:91: the save is truncated: the journal ends after 8 of 20 commands" \
    "$bin" --resume "$tmp/t.save"

# Names in the save directory, and the latest autosave.
mkdir -p "$dir" || exit 1
cp "$data/good.save" "$dir/named.save"
cp "$data/good.save" "$dir/autosave-20000101-000000-1.save"
touch -d '2000-01-01 00:00:00' "$dir/autosave-20000101-000000-1.save"
cp "$tmp/a.save" "$dir/autosave-20000102-000000-1.save"
touch -d '2000-01-02 00:00:00' "$dir/autosave-20000102-000000-1.save"
echo dump | "$bin" --batch --resume named >"$tmp/out" 2>"$tmp/err" ||
    fail "--batch --resume named: $(cat "$tmp/err")"
grep -qx 'game turn=2 player=rome phase=combat initiative=rome over=no' \
    "$tmp/out" || fail "resume named: $(head -n 1 "$tmp/out")"
echo dump | "$bin" --batch --resume >"$tmp/out" 2>"$tmp/err" ||
    fail "--batch --resume: $(cat "$tmp/err")"
grep -q '^unit leg1 side=rome type=legionaries hex=0405 ' "$tmp/out" ||
    fail "--batch --resume did not take the latest autosave"
# A save that loads, without a terminal to play it on.
expect 1 "ancients: the game needs a terminal; use --batch to play from a file" \
    "$bin" --resume named

# The listing: most recent first, damaged ones on stderr.
cp "$data/wrong-version.save" "$dir/broken.save"
touch -d '1999-01-01 00:00:00' "$dir/broken.save"
touch -d '2000-01-03 00:00:00' "$dir/named.save"
expect 1 "ancients: $dir/broken.save:1: save format version 4 is not supported: this program reads version 1, 2 or 3" \
    "$bin" --saves
sed 's/^[-0-9]* [0-9:]*  //' "$tmp/out" >"$tmp/list"
cat >"$tmp/want" <<EOF
MODIFIED          TURN   TO PLAY  SCENARIO          FILE
2/6    rome     Save test battle  $dir/named.save
1/6    rome     Save test battle  $dir/autosave-20000102-000000-1.save
2/6    rome     Save test battle  $dir/autosave-20000101-000000-1.save
-      -        (damaged)         $dir/broken.save
EOF
cmp -s "$tmp/list" "$tmp/want" || fail "--saves listed: $(cat "$tmp/out")"

# The text replay ends with the state the save holds.
"$bin" --replay named >"$tmp/out" 2>"$tmp/err" || fail "--replay: $(cat "$tmp/err")"
[ "$(head -n 1 "$tmp/out")" = "Replay of $dir/named.save: Save test battle, 20 commands" ] ||
    fail "--replay heading: $(head -n 1 "$tmp/out")"
echo dump | "$bin" --batch --resume named >"$tmp/dump"
tail -n "$(wc -l <"$tmp/dump")" "$tmp/out" | cmp -s - "$tmp/dump" ||
    fail "--replay does not end with the saved state"

[ "$failures" -eq 0 ] || exit 1
echo "save_cli: all checks passed"
