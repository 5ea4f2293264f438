#!/bin/sh
# Measure the fairness of random battles (docs/army-lists.md): generate
# battles with equal points, armies drawn at random, and let two level-1
# computers play each of them; print Markdown tables of the first side's
# and the second side's score, and of each army's score against the
# others, with 95% Wilson intervals.  A score is wins plus half the draws.
#
#   sh tools/fairness.sh [-b BUILD] [-n BATTLES] [-g GAMES] [-s SEED]
#                        [-p POINTS] [-j JOBS] [-k DIR [-R]]
#
# Defaults: _build, 200 battles (seeds SEED to SEED+BATTLES-1), 2 games
# each, seed 1, 60 points, 2 jobs.  -k keeps the generated files and the
# simulator's TSV in DIR; -R only prints the tables of such a DIR again.
# The figures depend only on the arguments, not on JOBS.  Exits 1 if the
# simulator reports a refused command.
set -eu

build=_build
battles=200
games=2
seed=1
points=60
jobs=2
keep=
report_only=
while getopts b:n:g:s:p:j:k:R opt; do
	case $opt in
	b) build=$OPTARG ;;
	n) battles=$OPTARG ;;
	g) games=$OPTARG ;;
	s) seed=$OPTARG ;;
	p) points=$OPTARG ;;
	j) jobs=$OPTARG ;;
	k) keep=$OPTARG ;;
	R) report_only=1 ;;
	*) exit 2 ;;
	esac
done
prog=$(cd "$build" 2>/dev/null && pwd)/ancients
[ -x "$prog" ] || { echo "fairness.sh: no $build/ancients: build first" >&2; exit 1; }
if [ -n "$keep" ]; then
	dir=$keep
	mkdir -p "$dir"
else
	dir=$(mktemp -d)
	trap 'rm -rf "$dir"' EXIT
fi

[ -z "$report_only" ] || [ -n "$keep" ] || { echo "fairness.sh: -R needs -k" >&2; exit 2; }
i=0
[ -z "$report_only" ] || i=$battles
while [ "$i" -lt "$battles" ]; do
	s=$((seed + i))
	"$prog" --generate --points "$points" --seed "$s" > "$dir/b$s.ini"
	i=$((i + 1))
done
# One simulator run over every file: each row is one battle.
if [ -z "$report_only" ]; then
	(cd "$dir" && ls b*.ini | sort -t b -k 2 -n) > "$dir/files"
	(cd "$dir" && "$prog" --simulate "$games" --players ai1,ai1 \
		--jobs "$jobs" --seed "$seed" --format tsv $(cat files) \
		2>/dev/null) > "$dir/sim.tsv" || true
fi

awk -F '\t' -v points="$points" -v battles="$battles" -v games="$games" '
function wilson(s, n,   p, z, d, c, w) {
	if (n == 0) { lo = 0; hi = 1; return }
	z = 1.96; p = s / n; d = 1 + z * z / n
	c = (p + z * z / (2 * n)) / d
	w = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
	lo = c - w; hi = c + w
}
function army(key) { sub(/-[12]$/, "", key); return key }
NR == 1 { next }
{
	n = $2; s1 = $7 + $9 / 2; s2 = $8 + $9 / 2
	games_all += n; first += s1; refused += $20
	a = army($5); b = army($6)
	armies[a] = 1; armies[b] = 1
	if (a == b) { same += n; next }
	ag[a] += n; as[a] += s1; ag[b] += n; as[b] += s2
	pg[a, b] += n; ps[a, b] += s1; pg[b, a] += n; ps[b, a] += s2
}
END {
	printf "%d battles of %d points, %d games each (level 1 against level 1)\n\n", battles, points, games
	print "| side | games | score (95% CI) |"
	print "|---|---:|---|"
	wilson(first, games_all)
	printf "| first (south) | %d | %.1f%% (%.1f-%.1f) |\n", games_all, 100 * first / games_all, 100 * lo, 100 * hi
	wilson(games_all - first, games_all)
	printf "| second (north) | %d | %.1f%% (%.1f-%.1f) |\n\n", games_all, 100 * (games_all - first) / games_all, 100 * lo, 100 * hi
	print "| army | games | score against the others (95% CI) |"
	print "|---|---:|---|"
	for (a in armies) names[++k] = a
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
		if (names[j] < names[i]) { t = names[i]; names[i] = names[j]; names[j] = t }
	for (i = 1; i <= k; i++) {
		a = names[i]
		wilson(as[a], ag[a])
		printf "| %s | %d | %.1f%% (%.1f-%.1f) |\n", a, ag[a], ag[a] ? 100 * as[a] / ag[a] : 0, 100 * lo, 100 * hi
	}
	printf "\nGames between two armies of one list (not counted above): %d\n\n", same
	printf "| row against column |"
	for (j = 1; j <= k; j++) printf " %s |", names[j]
	printf "\n|---|"
	for (j = 1; j <= k; j++) printf "---:|"
	printf "\n"
	for (i = 1; i <= k; i++) {
		printf "| %s |", names[i]
		for (j = 1; j <= k; j++)
			if (i == j || pg[names[i], names[j]] == 0) printf " - |"
			else printf " %.0f%% (%d) |", 100 * ps[names[i], names[j]] / pg[names[i], names[j]], pg[names[i], names[j]]
		printf "\n"
	}
	if (refused > 0) { printf "\nrefused commands in %d games (a bug)\n", refused; exit 1 }
}' "$dir/sim.tsv"
