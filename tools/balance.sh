#!/bin/sh
# Measure the balance of the shipped scenarios with the simulator and print
# the figures of docs/scenario-decisions.md as Markdown table rows.
#
#   sh tools/balance.sh [-b BUILD] [-l LEVEL] [-n GAMES] [-s SEED] [-j JOBS]
#                       [SCENARIO...]
#
# Defaults: _build, level 2 (the default level), 400 games, seed 1, 2 jobs,
# every scenario in scenarios/.  The tutorial is always played by two
# level-1 computers: the learner meets the computer at level 1, and the
# learner's stand-in plays as well as that computer (see
# docs/scenario-decisions.md); the others by two level-LEVEL players.
# Game i
# is seeded from SEED and i, so each game has its own dice and players'
# seeds, and the totals do not depend on JOBS.  --swap is not used: with
# the same player on both sides, a swapped game is the same game.
# The raw TSV lines go to standard error.
set -eu

build=_build
level=2
games=400
seed=1
jobs=2
while getopts b:l:n:s:j: opt; do
	case $opt in
	b) build=$OPTARG ;;
	l) level=$OPTARG ;;
	n) games=$OPTARG ;;
	s) seed=$OPTARG ;;
	j) jobs=$OPTARG ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))
top=$(cd "$(dirname "$0")/.." && pwd)
[ $# -gt 0 ] || set -- "$top"/scenarios/*.ini
prog=$build/ancients
[ -x "$prog" ] || { echo "balance.sh: no $prog: build first" >&2; exit 1; }

echo "| scenario | players | games | side 1 score (95% CI) | side 2 score (95% CI) | avg turns | breakpoint | turn limit | victory hexes |"
echo "|---|---|---|---|---|---|---|---|---|"
for f in "$@"; do
	case $(basename "$f") in
	tutorial.ini) players=ai1,ai1 ;;
	*) players=ai$level,ai$level ;;
	esac
	cmd="ancients --simulate $games --players $players --jobs $jobs --seed $seed --format tsv $(basename "$f")"
	echo "$cmd" >&2
	"$prog" --simulate "$games" --players "$players" --jobs "$jobs" \
		--seed "$seed" --format tsv "$f" 2>/dev/null | tail -n 1 |
		tee /dev/stderr |
		awk -F '\t' -v name="$(basename "$f" .ini)" '{
			printf "| %s | %s v %s | %d | %s %.1f%% (%.1f-%.1f) | %s %.1f%% (%.1f-%.1f) | %.1f | %d%% | %d%% | %d%% |\n",
			    name, $3, $4, $2,
			    $5, 100 * $10, 100 * $11, 100 * $12,
			    $6, 100 * $13, 100 * $14, 100 * $15, $16,
			    100 * $17 / $2 + 0.5, 100 * $18 / $2 + 0.5,
			    100 * $19 / $2 + 0.5
		}'
done
