#!/bin/sh
# Finding the scenarios (src/app/catalog.c): the game run from its build
# tree lists and opens the source tree's scenarios, as the installed game
# lists the installed ones; $ANCIENTS_SCENARIO_DIR overrides both; a
# --list that finds none is an error (status 1, a message on stderr).
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients
unset ANCIENTS_SCENARIO_DIR

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-catalog.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
failures=0

fail() {
	echo "catalog_cli: FAIL: $*" >&2
	failures=$((failures + 1))
}

# The names --list printed on stdout ($tmp/out), one a line.
listed() {
	awk '{ print $1 }' "$tmp/out"
}

# The build-tree game lists exactly the source tree's scenarios.
for f in "$top_src"/scenarios/*.ini; do
	basename "$f" .ini
done | LC_ALL=C sort >"$tmp/want"
"$bin" --list >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 0 ] || fail "--list from the build tree: status $status"
[ -s "$tmp/err" ] && fail "--list from the build tree wrote: $(cat "$tmp/err")"
listed >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" ||
    fail "--list from the build tree shows $(tr '\n' ' ' <"$tmp/got")," \
	"not the source scenarios $(tr '\n' ' ' <"$tmp/want")"

# ... and opens them by short name.
"$bin" --batch medway </dev/null >"$tmp/out" 2>"$tmp/err" ||
    fail "--batch medway from the build tree: $(cat "$tmp/err")"

# The environment overrides the build tree's scenarios.
mkdir "$tmp/one" "$tmp/none"
cp "$top_src/scenarios/tapae.ini" "$tmp/one/"
ANCIENTS_SCENARIO_DIR=$tmp/one "$bin" --list >"$tmp/out" 2>"$tmp/err" ||
    fail "--list of a directory of one: status $?"
[ "$(listed)" = tapae ] ||
    fail "--list of a directory of one shows: $(listed)"

# None found: an error, with where the game looked.
ANCIENTS_SCENARIO_DIR=$tmp/none "$bin" --list >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "--list with no scenarios: status $status, not 1"
[ -s "$tmp/out" ] && fail "--list with no scenarios printed: $(cat "$tmp/out")"
grep -q "^ancients: no scenarios are installed in $tmp/none\$" "$tmp/err" ||
    fail "--list with no scenarios said: $(cat "$tmp/err")"

ANCIENTS_SCENARIO_DIR=$tmp/missing "$bin" --list >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] ||
    fail "--list of a missing directory: status $status, not 1"
grep -q "^ancients: cannot read the scenario directory $tmp/missing: " \
    "$tmp/err" || fail "--list of a missing directory said: $(cat "$tmp/err")"

# A file of the current directory with another suffix than .ini and no
# '/' opens when no installed scenario has its name; an installed name
# still wins, and a name that is neither says which ones are installed.
cp "$top_src/scenarios/tapae.ini" "$tmp/case1.scn"
(cd "$tmp" && "$bin" --batch --seed 3 case1.scn) </dev/null \
    >"$tmp/out" 2>"$tmp/err" ||
    fail "--batch case1.scn in its directory: $(cat "$tmp/err")"
head -n 1 "$tmp/out" | grep -q . &&
    fail "--batch case1.scn printed: $(head -n 1 "$tmp/out")"
printf 'dump\n' | (cd "$tmp" && "$bin" --batch --seed 3 case1.scn) \
    >"$tmp/out" 2>"$tmp/err"
grep -q '^unit aux1 ' "$tmp/out" ||
    fail "--batch case1.scn did not play Tapae: $(head -n 3 "$tmp/out")"
(cd "$tmp" && "$bin" --batch --seed 3 nosuch.scn) </dev/null \
    >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "--batch nosuch.scn: status $status, not 1"
grep -q '^ancients: no scenario "nosuch.scn" in .*; installed:' "$tmp/err" ||
    fail "--batch nosuch.scn said: $(cat "$tmp/err")"

# A copy of the game with a marker beside it naming another directory
# plays that one: the marker, not the program's name, makes it the
# build-tree game.
mkdir "$tmp/bin"
cp "$bin" "$tmp/bin/ancients"
echo "$tmp/one" >"$tmp/bin/ancients-build-scenarios"
"$tmp/bin/ancients" --list >"$tmp/out" 2>"$tmp/err" ||
    fail "--list of a copy with a marker: status $?"
[ "$(listed)" = tapae ] ||
    fail "--list of a copy with a marker shows: $(listed)"

if [ "$failures" -gt 0 ]; then
	echo "catalog_cli: $failures failure(s)"
	exit 1
fi
echo "catalog_cli: all checks passed"
