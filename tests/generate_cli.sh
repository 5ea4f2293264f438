#!/bin/sh
# Random battles on the command line (src/app/generate.c): --list-armies
# lists the source tree's army lists from the build tree; --generate
# writes a scenario that --check accepts, the same bytes for the same
# seed, other bytes for another; --armies names one or both armies and
# refuses an unknown one (status 64); --points out of range is refused;
# an army list with errors is reported as FILE:LINE: message (status 1),
# and $ANCIENTS_ARMY_DIR names another directory; the simulator plays
# generated battles to their end with no refused command.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients
unset ANCIENTS_ARMY_DIR

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-generate.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
failures=0

fail() {
	echo "generate_cli: FAIL: $*" >&2
	failures=$((failures + 1))
}

# --list-armies shows exactly the source tree's lists.
for f in "$top_src"/armies/*.ini; do
	basename "$f" .ini
done | LC_ALL=C sort >"$tmp/want"
"$bin" --list-armies >"$tmp/out" 2>"$tmp/err" ||
    fail "--list-armies: status $?"
[ -s "$tmp/err" ] && fail "--list-armies wrote: $(cat "$tmp/err")"
awk '{ print $1 }' "$tmp/out" >"$tmp/got"
cmp -s "$tmp/want" "$tmp/got" ||
    fail "--list-armies shows $(tr '\n' ' ' <"$tmp/got")"
grep -q '^romans  *Early Imperial Roman ' "$tmp/out" ||
    fail "--list-armies has no line for the Romans"

# The same seed, the same bytes; --check accepts them.
for seed in 1 2 3 17 99 12345; do
	"$bin" --generate --seed "$seed" >"$tmp/a.ini" ||
	    fail "--generate --seed $seed: status $?"
	"$bin" --generate --seed "$seed" >"$tmp/b.ini"
	cmp -s "$tmp/a.ini" "$tmp/b.ini" ||
	    fail "--generate --seed $seed twice gave different files"
	"$bin" --check "$tmp/a.ini" || fail "--check refuses seed $seed"
	cp "$tmp/a.ini" "$tmp/seed$seed.ini"
done
cmp -s "$tmp/seed1.ini" "$tmp/seed2.ini" && fail "seeds 1 and 2 gave one file"

# The first line says how to make the file again, and does.
"$bin" --generate --armies dacians --points 90 --seed 7 >"$tmp/c.ini"
line=$(head -n 1 "$tmp/c.ini")
case $line in
"; A random battle: ancients --generate --armies dacians,"*" --points 90 --seed 7") ;;
*) fail "the first line is $line" ;;
esac
again=${line#*ancients }
# shellcheck disable=SC2086
"$bin" $again >"$tmp/d.ini"
cmp -s "$tmp/c.ini" "$tmp/d.ini" || fail "the first line's command made another file"
grep -q '^\[side dacians\]' "$tmp/c.ini" || fail "--armies dacians: no Dacian side"

# Both armies named; the same army on both sides gets two side keys.
"$bin" --generate --armies germans,germans --seed 3 >"$tmp/e.ini"
grep -q '^\[side germans-1\]' "$tmp/e.ini" &&
    grep -q '^\[side germans-2\]' "$tmp/e.ini" ||
    fail "germans against germans: side keys $(grep '^\[side' "$tmp/e.ini" | tr '\n' ' ')"
"$bin" --check "$tmp/e.ini" || fail "--check refuses germans against germans"

# Bad arguments: status 64 and a message.
for args in "--armies vandals" "--armies romans,vandals" "--armies a,b,c" \
    "--points 10" "--points 201" "--points x" "--seed -1" "--bogus"; do
	# shellcheck disable=SC2086
	"$bin" --generate $args >"$tmp/out" 2>"$tmp/err"
	status=$?
	[ "$status" -eq 64 ] || fail "--generate $args: status $status, not 64"
	[ -s "$tmp/out" ] && fail "--generate $args wrote a battle"
	[ -s "$tmp/err" ] || fail "--generate $args said nothing"
done
"$bin" --list-armies romans >"$tmp/out" 2>&1
[ $? -eq 64 ] || fail "--list-armies with an argument: not status 64"
"$bin" --generate --armies vandals 2>&1 | grep -q 'romans' ||
    fail "an unknown army does not list the known ones"

# Another directory, with a broken list: FILE:LINE: message, status 1.
mkdir "$tmp/armies"
cp "$top_src/armies/romans.ini" "$top_src/armies/germans.ini" "$tmp/armies/"
printf '[army]\nname = Broken\nside = B\n\n[unit wb]\ntype = warbnd\ncost = 4\n\n[general g]\nname = G\ncost = 0\n' \
    >"$tmp/armies/broken.ini"
ANCIENTS_ARMY_DIR=$tmp/armies "$bin" --generate --seed 1 >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" -eq 1 ] || fail "a broken list: status $status, not 1"
grep -q "^$tmp/armies/broken.ini:6: unknown unit type \"warbnd\"" "$tmp/err" ||
    fail "a broken list: $(cat "$tmp/err")"
ANCIENTS_ARMY_DIR=$tmp/armies "$bin" --list-armies >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] || fail "--list-armies with a broken list: not status 1"
grep -q '^broken  *(has errors)' "$tmp/out" || fail "--list-armies: $(cat "$tmp/out")"
rm "$tmp/armies/broken.ini"
ANCIENTS_ARMY_DIR=$tmp/armies "$bin" --generate --seed 1 >"$tmp/f.ini" ||
    fail "ANCIENTS_ARMY_DIR with two good lists: status $?"
grep -q '^\[side romans\]' "$tmp/f.ini" && grep -q '^\[side germans\]' "$tmp/f.ini" ||
    fail "ANCIENTS_ARMY_DIR: not its two armies"

# Generated battles are normal scenarios: the simulator plays them.
"$bin" --simulate 2 --players ai1,random --jobs 1 --seed 1 --format tsv \
    "$tmp"/seed*.ini >"$tmp/sim" 2>/dev/null || fail "--simulate: status $?"
awk -F '\t' 'NR > 1 && $20 != 0 { bad = 1 } END { exit bad }' "$tmp/sim" ||
    fail "--simulate refused commands"

if [ "$failures" -gt 0 ]; then
	echo "generate_cli: $failures failures" >&2
	exit 1
fi
echo "generate_cli: ok"
