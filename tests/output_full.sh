#!/bin/sh
# Output that cannot be written is an error (src/app/closeout.c):
# --batch, --list, --saves, --replay, --help and --version with standard
# output on /dev/full exit 1 and say so on standard error; --check, which
# writes nothing to standard output, still exits 0 for a good file; a
# closed standard output is an error only when something was written.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients

if [ ! -c /dev/full ]; then
	echo "SKIP: no /dev/full"
	exit 77
fi
[ -x "$bin" ] || { echo "output_full: no program at $bin" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-full.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
ANCIENTS_SCENARIO_DIR=$top_src/scenarios
export XDG_STATE_HOME HOME ANCIENTS_SCENARIO_DIR
failures=0

fail() {
	echo "output_full: FAIL: $*" >&2
	failures=$((failures + 1))
}

# full WHAT COMMAND...: with stdout on /dev/full, exit 1 and a message.
full() {
	what=$1
	shift
	"$@" >/dev/full 2>"$tmp/err" <"$tmp/in"
	status=$?
	[ "$status" -eq 1 ] || fail "$what: exit status $status, not 1"
	grep -q '^ancients: cannot write standard output' "$tmp/err" ||
	    fail "$what: no message: $(cat "$tmp/err")"
}

printf 'move leg1 0405\ndump\n' >"$tmp/in"
"$bin" --batch --seed 1 --save "$tmp/a.save" \
    "$top_src/scenarios/tutorial.ini" <"$tmp/in" >/dev/null 2>&1 ||
    fail "could not make a save"

full "--batch" "$bin" --batch --seed 1 "$top_src/scenarios/tutorial.ini"
printf 'dump\n' >"$tmp/in"	# accepted: only the output can fail
full "--batch --resume" "$bin" --batch --resume "$tmp/a.save"
full "--list" "$bin" --list
full "--saves" "$bin" --saves
full "--replay" "$bin" --replay "$tmp/a.save"
full "--help" "$bin" --help
full "--version" "$bin" --version

"$bin" --check "$top_src/scenarios/tutorial.ini" >/dev/full 2>"$tmp/err" ||
    fail "--check of a good file: $(cat "$tmp/err")"
"$bin" --check "$top_src/scenarios/tutorial.ini" >&- 2>"$tmp/err" ||
    fail "--check with stdout closed: $(cat "$tmp/err")"
"$bin" --list >&- 2>"$tmp/err"
[ $? -eq 1 ] || fail "--list with stdout closed exited 0"

if [ "$failures" -gt 0 ]; then
	echo "output_full: $failures failure(s)" >&2
	exit 1
fi
echo "output_full: PASS"
