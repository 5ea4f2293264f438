#!/bin/sh
# One size limit for scenarios and saves (core/readfile.h): a scenario of
# more than 8 MB is refused when it loads, before any game starts; one
# just under it plays, saves and resumes (its save, scenario and journal,
# stays under the 16 MB a save may be).  It used to be that an 18 MB
# scenario loaded and its saves could never be resumed.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients

[ -x "$bin" ] || { echo "size_limit: no program at $bin" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-size.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
export XDG_STATE_HOME HOME
failures=0

fail() {
	echo "size_limit: FAIL: $*" >&2
	failures=$((failures + 1))
}

# padded BYTES OUT: the tutorial followed by comment lines up to BYTES.
padded() {
	cp "$top_src/scenarios/tutorial.ini" "$2"
	have=$(wc -c <"$2")
	# 100-byte comment lines
	line=$(printf '; %097d' 0)
	n=$((($1 - have) / 100))
	yes "$line" | head -n "$n" >>"$2"
}

mb=1048576
padded $((8 * mb + 4096)) "$tmp/big.ini"
"$bin" --check "$tmp/big.ini" >"$tmp/out" 2>&1 && fail "--check took a scenario over 8 MB"
grep -q 'file too large (more than 8 MB)' "$tmp/out" ||
    fail "no size message: $(cat "$tmp/out")"
printf 'end\n' | "$bin" --batch --seed 1 --save "$tmp/big.save" \
    "$tmp/big.ini" >"$tmp/out" 2>&1 && fail "a game started on a scenario over 8 MB"
[ ! -e "$tmp/big.save" ] || fail "a save was made of a scenario over 8 MB"

padded $((8 * mb - 8192)) "$tmp/fits.ini"
"$bin" --check "$tmp/fits.ini" >"$tmp/out" 2>&1 ||
    fail "--check refused a scenario under 8 MB: $(head -3 "$tmp/out")"
printf 'move leg1 0405\n' | "$bin" --batch --seed 1 --save "$tmp/fits.save" \
    "$tmp/fits.ini" >"$tmp/out" 2>&1 ||
    fail "--batch --save on a scenario under 8 MB: $(head -3 "$tmp/out")"
printf 'dump\n' | "$bin" --batch --resume "$tmp/fits.save" >"$tmp/out" 2>&1 ||
    fail "its save does not resume: $(head -3 "$tmp/out")"

if [ "$failures" -gt 0 ]; then
	echo "size_limit: $failures failure(s)" >&2
	exit 1
fi
echo "size_limit: PASS"
