#!/bin/sh
# Random battles are fair (docs/army-lists.md), measured small: 150
# battles of 60 points, armies drawn, two level-1 computers, 2 games
# each (tools/fairness.sh, seed 1).  The first and the second side must
# each score 40-60%, and each army 35-65% against the others (about 120
# games apiece: the wider range is the smaller sample's).  Every game
# is seeded from the seed and its index alone, so the figures are the
# same on every machine: a change to the lists, the generator or the
# rules that moves one out of its range fails here; measure it again at
# full size with tools/fairness.sh and update docs/army-lists.md.
#
# Exits 0, 1 on a failure, 77 when the binary is not built.

top_src=${TOP_SRCDIR:-$(dirname "$0")/..}
top_build=${TOP_BUILDDIR:-.}

if [ ! -x "$top_build/ancients" ]; then
	echo "SKIP: $top_build/ancients is not built" >&2
	exit 77
fi
unset ANCIENTS_ARMY_DIR
out=$(sh "$top_src/tools/fairness.sh" -b "$top_build" -n 150 -g 2 -s 1 -j 2) ||
    { echo "FAIL: tools/fairness.sh failed" >&2; printf '%s\n' "$out" >&2; exit 1; }
printf '%s\n' "$out"
printf '%s\n' "$out" | awk -F '|' '
/^[|] (first|second) / { lo = 40; hi = 60 }
/^[|] [a-z-]+ [|] [0-9]+ [|] [0-9.]+% / { lo = 35; hi = 65 }
/^[|] [a-z( )-]+ [|] [0-9]+ [|] [0-9.]+% / {
	v = $4; sub(/%.*/, "", v); v += 0; name = $2; gsub(/ /, "", name)
	n++
	if (v < lo || v > hi) {
		printf "FAIL: %s scores %.1f%%, outside %d-%d%%\n", name, v, lo, hi
		bad = 1
	}
}
END {
	if (n < 7) { printf "FAIL: the tables have %d rows, not 7\n", n; bad = 1 }
	exit bad
}' >&2
