#!/bin/sh
# The save directory (src/session/savedir.c): the temporary
# files of saves killed half-way (.NAME.XXXXXX) are removed when it is
# opened once they are stale, fresh ones and other files are left; a
# directory that belongs to someone else is refused with a clear message
# (checked only when run as root, which can give it away); a symlink
# planted at a save's path is never written through, nor is a FIFO,
# and one never hangs a load.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients

[ -x "$bin" ] || { echo "savedir_safety: no program at $bin" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-savedir.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
export XDG_STATE_HOME HOME
dir=$XDG_STATE_HOME/ancients
failures=0

fail() {
	echo "savedir_safety: FAIL: $*" >&2
	failures=$((failures + 1))
}

# A save to resume.
printf 'move leg1 0405\n' >"$tmp/in"
"$bin" --batch --seed 1 --save "$tmp/a.save" \
    "$top_src/scenarios/tutorial.ini" <"$tmp/in" >/dev/null 2>&1 ||
    fail "could not make a save"
cp "$tmp/a.save" "$tmp/b.save"

# Stale temporary files go; a fresh one, a dotfile and saves stay.
mkdir -p "$dir"
for f in .autosave-20260101-120000-42.save.AbC123 .mine.save.x9Y8z7; do
	printf 'half a save' >"$dir/$f"
	touch -d '2 hours ago' "$dir/$f" 2>/dev/null ||
	    touch -t 202001010000 "$dir/$f"
done
printf 'half a save' >"$dir/.fresh.save.QwErTy"
printf 'keep' >"$dir/.keep"
cp "$tmp/a.save" "$dir/mine.save"
"$bin" --saves >"$tmp/out" 2>&1 || fail "--saves: $(cat "$tmp/out")"
[ ! -e "$dir/.autosave-20260101-120000-42.save.AbC123" ] ||
    fail "a stale autosave temp file was left"
[ ! -e "$dir/.mine.save.x9Y8z7" ] || fail "a stale temp file was left"
[ -e "$dir/.fresh.save.QwErTy" ] ||
    fail "a fresh temp file (a save in progress) was removed"
[ -e "$dir/.keep" ] || fail "a dotfile that is no temp file was removed"
[ -e "$dir/mine.save" ] || fail "a save was removed"

# A symlink planted at a save's path: never written through (O_NOFOLLOW),
# with a message that says why; the file it points to is untouched.
cp "$tmp/b.save" "$tmp/victim.save"
ln -s "$tmp/victim.save" "$dir/planted.save"
printf 'move leg2 0605\n' | "$bin" --batch --resume "$dir/planted.save" \
    >"$tmp/out" 2>&1
cmp -s "$tmp/victim.save" "$tmp/b.save" ||
    fail "a save was written through a symlink to another file"
grep -q 'is a symbolic link' "$tmp/out" ||
    fail "no message for a symlinked save: $(cat "$tmp/out")"

# A FIFO at a save's path, or at a scenario's: never a hang.  With no
# writer it reads as an empty file; with one, the save loads, but no
# command is ever written into it (no reader: open() would block).
mkfifo "$tmp/fifo.save" || fail "mkfifo"
echo dump | timeout 20 "$bin" --batch --resume "$tmp/fifo.save" \
    >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "--resume of a FIFO: status $status"
grep -q "fifo.save:1: the file is empty: not a save" "$tmp/err" ||
    fail "--resume of a FIFO: $(cat "$tmp/err")"
timeout 20 "$bin" --replay "$tmp/fifo.save" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "--replay of a FIFO: status $status"
timeout 20 "$bin" --check "$tmp/fifo.save" >"$tmp/out" 2>&1
status=$?
[ "$status" -eq 1 ] || fail "--check of a FIFO: status $status"
grep -q "file is empty" "$tmp/out" || fail "--check of a FIFO: $(cat "$tmp/out")"
# (Until the writer's open() is under way the FIFO reads as empty: then
# the program is run again.)
tries=0
while :; do
	cat "$tmp/b.save" >"$tmp/fifo.save" &
	writer=$!
	printf 'move leg2 0605\ndump\n' | timeout 20 "$bin" --batch --resume \
	    "$tmp/fifo.save" >"$tmp/out" 2>"$tmp/err"
	status=$?
	kill "$writer" 2>/dev/null
	wait "$writer" 2>/dev/null
	tries=$((tries + 1))
	grep -q "the file is empty" "$tmp/err" && [ "$tries" -lt 10 ] ||
	    break
	sleep 1
done
[ "$status" -eq 1 ] || fail "a command saved to a FIFO: status $status"
grep -q "^error: the command was not played: .*fifo.save is not a regular file" \
    "$tmp/out" || fail "a command saved to a FIFO: $(cat "$tmp/out")"

# Someone else's directory: refused, clearly.
if [ "$(id -u)" -eq 0 ]; then
	chown 65534 "$dir"
	"$bin" --saves >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 1 ] || fail "--saves in another user's directory: status $status"
	grep -q "belongs to another user" "$tmp/err" ||
	    fail "no clear message for another user's directory: $(cat "$tmp/err")"
	chown 0 "$dir"
else
	echo "savedir_safety: not root: the other-owner check is not run"
fi

if [ "$failures" -gt 0 ]; then
	echo "savedir_safety: $failures failure(s)" >&2
	exit 1
fi
echo "savedir_safety: PASS"
