#!/bin/sh
# The computer's ladder at small N (docs/ai.md, "The ladder"): each rung
# must still beat the one below it on three shipped battles, sides
# swapped.  Game i is seeded from the seed and i alone, so the figures are
# the same on every machine and for any --jobs: a deterministic guard
# against a change that breaks a level, not a measurement (the ladder's
# figures, with their intervals, come from tools/balance.sh-sized runs).
# A change that moves a figure below its floor: measure the ladder again
# with --simulate at full size before lowering a floor.
#
# Exits 0, 1 on a failure, 77 when the binary is not built.

top_src=${TOP_SRCDIR:-$(dirname "$0")/..}
top_build=${TOP_BUILDDIR:-.}
bin=$top_build/ancients

if [ ! -x "$bin" ]; then
	echo "SKIP: $bin is not built" >&2
	exit 77
fi

battles="$top_src/scenarios/tutorial.ini $top_src/scenarios/teutoburg.ini
$top_src/scenarios/watling-street.ini"

# rung PLAYERS GAMES FLOOR: player 1's pooled score must reach FLOOR.
rung() {
	# shellcheck disable=SC2086
	"$bin" --simulate "$2" --players "$1" --swap --seed 1 --jobs 2 \
		--format tsv $battles 2>/dev/null | awk -F '\t' -v floor="$3" \
		-v players="$1" '
		NR == 1 { next }
		{ games += $2; score += $10 * $2; refused += $20 }
		END {
			if (games == 0) {
				printf "FAIL: %s: the simulator printed nothing\n",
				    players
				exit 1
			}
			if (refused > 0) {
				printf "FAIL: %s: %d refused commands\n", players,
				    refused
				exit 1
			}
			if (score / games < floor) {
				printf "FAIL: %s: %.3f of %d games, below %s\n",
				    players, score / games, games, floor
				exit 1
			}
			printf "ok: %s: %.3f of %d games (floor %s)\n", players,
			    score / games, games, floor
		}' >&2
}

status=0
rung ai2,greedy 2 0.70 || status=1
rung ai3,ai1 2 0.50 || status=1
rung ai3,ai2 2 0.45 || status=1
exit $status
