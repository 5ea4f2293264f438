#!/bin/sh
# One row of the computer's ladder (docs/ai.md): player P against player
# Q on every shipped battle, sides swapped, N games a side per battle;
# prints P's score per battle and pooled (wins and half the draws) with
# the pooled Wilson 95% interval, as a Markdown table row.
#
#   sh tools/ladder.sh [-b BUILD] [-n GAMES] [-s SEED] [-j JOBS] P,Q [SCENARIO...]
#
# Defaults: _build, 10 games a side, seed 1, 2 jobs, scenarios/*.ini.
# The figures depend only on the arguments, not on JOBS.  A developer's
# tool: the figures go in docs/ai.md.  Exits 1 on a refused command.
set -eu

build=_build
games=10
seed=1
jobs=2
while getopts b:n:s:j: opt; do
	case $opt in
	b) build=$OPTARG ;;
	n) games=$OPTARG ;;
	s) seed=$OPTARG ;;
	j) jobs=$OPTARG ;;
	*) echo "usage: $0 [-b BUILD] [-n GAMES] [-s SEED] [-j JOBS] P,Q [SCENARIO...]" >&2
	   exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "$0: which players? e.g. ai3,ai2" >&2; exit 2; }
players=$1
shift
[ $# -ge 1 ] || set -- scenarios/*.ini

"$build/ancients" --simulate "$games" --players "$players" --swap \
	--seed "$seed" --jobs "$jobs" --format tsv "$@" | awk -F '\t' \
	-v players="$players" -v seed="$seed" -v games="$games" '
	function wilson(p, n,   z, d, c, h) {
		z = 1.96; d = 1 + z * z / n
		c = (p + z * z / (2 * n)) / d
		h = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
		return sprintf("%.1f-%.1f", 100 * (c - h), 100 * (c + h))
	}
	NR == 1 { next }
	{
		name = $1; sub(/.*\//, "", name); sub(/\.ini$/, "", name)
		head = head " | " name
		row = row sprintf(" | %.1f%%", 100 * $10)
		n += $2; score += $10 * $2; refused += $20
	}
	END {
		if (n == 0) { print "ladder: the simulator printed nothing" > "/dev/stderr"; exit 1 }
		printf "| players (seed, games a battle)%s | pooled |\n", head
		printf "| %s (%s, %d)%s | **%.1f%%** (%s, %d games) |\n", players,
		    seed, 2 * games, row, 100 * score / n, wilson(score / n, n), n
		if (refused > 0) { printf "ladder: %d refused commands\n", refused > "/dev/stderr"; exit 1 }
	}'
