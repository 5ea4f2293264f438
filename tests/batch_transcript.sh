#!/bin/sh
# Batch-mode transcripts (commands.md): plays every tests/batch/NAME.ini
# with NAME.cmds on standard input and seed 7, and compares the output line
# for line with NAME.out, and the exit status with the one batch mode owes
# (1 if any command was refused, that is if NAME.out holds an "error:"
# line; else 0).  Each stored transcript was checked by hand against
# rules.md before it was stored.  Then, without --seed, the first line
# is "seed N" and --seed N plays the same game (the computer's) again.
#
# Finds the binary through TOP_BUILDDIR and the data through TOP_SRCDIR
# (make check sets both).  Exits 0 when every transcript matches, 1 on any
# difference, 77 (skipped) when the ancients binary is not built yet.

top_src=${TOP_SRCDIR:-$(dirname "$0")/..}
top_build=${TOP_BUILDDIR:-.}
bin=$top_build/ancients
dir=$top_src/tests/batch

if [ ! -x "$bin" ]; then
	echo "SKIP: $bin is not built" >&2
	exit 77
fi

tmp=$(mktemp "${TMPDIR:-/tmp}/batch_transcript.XXXXXX") || exit 1
trap 'rm -f "$tmp" "$tmp.in" "$tmp.again"' EXIT

status=0
count=0
for cmds in "$dir"/*.cmds; do
	name=${cmds%.cmds}
	if [ ! -f "$name.ini" ] || [ ! -f "$name.out" ]; then
		echo "FAIL: $cmds lacks its .ini or .out" >&2
		status=1
		continue
	fi
	count=$((count + 1))
	"$bin" --batch --seed 7 "$name.ini" < "$cmds" > "$tmp" 2>&1
	got=$?
	want=0
	if grep -q '^error:' "$name.out"; then
		want=1
	fi
	if ! diff -u "$name.out" "$tmp"; then
		echo "FAIL: $(basename "$name"): the transcript differs" >&2
		status=1
	elif [ "$got" -ne "$want" ]; then
		echo "FAIL: $(basename "$name"): status $got, not $want" >&2
		status=1
	else
		echo "PASS: $(basename "$name")"
	fi
done
# Without --seed the first line is "seed N" (commands.md), before the
# computer's first command too, and --seed N plays the same game again.
scen=$top_src/scenarios/tutorial.ini
i=0
while [ $i -lt 60 ]; do echo ai; i=$((i + 1)); done > "$tmp.in"
echo dump >> "$tmp.in"
side=$(sed -n 's/^initiative *= *//p' "$scen")
"$bin" --batch --ai "$side" "$scen" < "$tmp.in" > "$tmp" 2>&1
seed=$(sed -n '1s/^seed \([0-9][0-9]*\)$/\1/p' "$tmp")
if [ -z "$seed" ]; then
	echo "FAIL: the first line without --seed: $(head -n 1 "$tmp")" >&2
	status=1
else
	"$bin" --batch --ai "$side" --seed "$seed" "$scen" < "$tmp.in" \
	    > "$tmp.again" 2>&1
	if ! sed 1d "$tmp" | cmp -s - "$tmp.again"; then
		echo "FAIL: --seed $seed did not play the same game again" >&2
		status=1
	elif ! sed -n 2p "$tmp" | grep -q '^ai: '; then
		echo "FAIL: the computer did not play right after the seed" >&2
		status=1
	else
		echo "PASS: seed line, and --seed $seed plays it again"
	fi
fi
rm -f "$tmp.in" "$tmp.again"
if [ "$count" -eq 0 ]; then
	echo "FAIL: no transcripts in $dir" >&2
	exit 1
fi
exit $status
