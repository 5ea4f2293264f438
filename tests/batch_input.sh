#!/bin/sh
# Batch input that is no plain list of short lines (commands.md): a line
# of 300 MB with no newline is refused with an error, read in bounded
# memory (it was read whole, and input with no newline at all, such as
# /dev/zero, took all memory), and the commands after it are played; a
# last line with no newline is played; standard input that cannot be
# read (a directory, a closed descriptor) is said, with status 1, where
# it used to end the game silently with status 0.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients
scen=$top_src/scenarios/tutorial.ini

[ -x "$bin" ] || { echo "batch_input: no program at $bin" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-input.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
failures=0

fail() {
	echo "batch_input: FAIL: $*" >&2
	failures=$((failures + 1))
}

# A line of 300 MB between two commands, the last with no newline.
{
	printf 'move leg1 0405\n'
	head -c 300000000 /dev/zero | tr '\0' a
	printf '\nend'
} >"$tmp/in"
if [ -x /usr/bin/time ]; then
	/usr/bin/time -f '%M' -o "$tmp/rss" "$bin" --batch --seed 1 "$scen" \
	    <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
	status=$?
	rss=$(tail -n 1 "$tmp/rss")
	# Kilobytes; a sanitizer build takes some tens of MB of its own.
	[ "$rss" -lt 150000 ] || fail "the long line took $rss KB"
else
	"$bin" --batch --seed 1 "$scen" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
	status=$?
	echo "batch_input: no /usr/bin/time: memory not measured"
fi
[ "$status" -eq 1 ] || fail "a long line: status $status, not 1"
cat >"$tmp/want" <<'OUT'
Move: leg1 0406 -> 0405 (1 hex), facing N
error: the line is too long (more than 65535 bytes)
Phase: shooting
OUT
cmp -s "$tmp/out" "$tmp/want" || fail "a long line: $(head -c 300 "$tmp/out")"
[ ! -s "$tmp/err" ] || fail "a long line: stderr: $(head -c 300 "$tmp/err")"

# Standard input that cannot be read.
"$bin" --batch --seed 1 "$scen" <"$tmp" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "a directory as input: status $status, not 1"
grep -qx "ancients: cannot read the commands: Is a directory" "$tmp/err" ||
    fail "a directory as input: $(cat "$tmp/err")"
"$bin" --batch --seed 1 "$scen" <&- >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "a closed input: status $status, not 1"
grep -q "^ancients: cannot read the commands: " "$tmp/err" ||
    fail "a closed input: $(cat "$tmp/err")"

if [ "$failures" -gt 0 ]; then
	echo "batch_input: $failures failure(s)" >&2
	exit 1
fi
echo "batch_input: PASS"
