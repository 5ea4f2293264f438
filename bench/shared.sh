#!/bin/sh
# Usage: sh bench/shared.sh [ANCIENTS] [GAMES]
#
# GAMES (default 200) shared games at once, two batch players each
# (ancients --batch --host / --join, 2 x GAMES processes): each side
# plays its part of a game of the tutorial cut to one turn (the `end`s a
# one-terminal game of the same seed plays: a shared game's dice come
# from the system, so no later turn's order is known) with 20 `say`
# lines, then
# waits for the end.  Prints the wall time, the CPU time and the peak
# memory (max RSS) per player and per game, from /usr/bin/time, and
# checks that every journal replays to the state both its players ended
# with.  Figures, not a pass or fail (docs/shared-games.md).
set -u

bin=${1:-_build/ancients}
games=${2:-200}
says=20
seed=4242

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-bench-shared.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
scen=$tmp/tutorial1.ini
sed 's/^turns = .*/turns = 1/' "$(dirname "$0")/../scenarios/tutorial.ini" \
    >"$scen"
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
ANCIENTS_SHARED_DIR=$tmp/shared
export XDG_STATE_HOME HOME ANCIENTS_SHARED_DIR

# The game's commands, side by side (as tests/shared_race.sh).
: >"$tmp/seq"
while :; do
	state=$({ cut -d' ' -f2 "$tmp/seq"; echo dump; } |
	    "$bin" --batch --seed $seed $scen | grep '^game ' | tail -n 1)
	case $state in *over=yes*) break ;; esac
	player=$(echo "$state" | sed 's/.* player=\([^ ]*\) .*/\1/')
	cmd=end
	if { cut -d' ' -f2 "$tmp/seq"; echo end; } |
	    "$bin" --batch --seed $seed $scen | tail -n 1 | grep -q '^error:'
	then
		cmd=first
	fi
	echo "$player $cmd" >>"$tmp/seq"
done
set -- $(cut -d' ' -f1 "$tmp/seq" | sort -u)
side_a=$1 side_b=$2
script() {
	awk -v side="$1" -v says="$says" '
	$1 == side { cmds[n++] = $2 }
	END {
		for (i = 0; i < n; i++) {
			if (i < says) print "say line " i
			print cmds[i]
		}
		print "end"
		print "dump"
	}' "$tmp/seq"
}
script "$side_a" >"$tmp/a.in"
script "$side_b" >"$tmp/b.in"

# CPU of waited-for children, in seconds, from `times` run by this shell
# (not in a subshell: its children are not ours) into file $1.
child_cpu() {
	sed -n 2p "$1" | awk '{
		for (i = 1; i <= 2; i++) {
			split($i, t, "m"); sub("s", "", t[2]); s += t[1] * 60 + t[2]
		}
		printf "%.3f\n", s
	}'
}
times >"$tmp/times0"
start=$(date +%s.%N)
g=1
while [ $g -le "$games" ]; do
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/a$g.time" "$bin" --batch \
	    --host --name "g$g" --seed $seed --side "$side_a" $scen \
	    <"$tmp/a.in" >"$tmp/a$g.out" 2>/dev/null &
	g=$((g + 1))
done
g=1
while [ $g -le "$games" ]; do
	while [ ! -f "$ANCIENTS_SHARED_DIR/g$g.journal" ]; do sleep 0.05; done
	/usr/bin/time -f '%e %U %S %M' -o "$tmp/b$g.time" "$bin" --batch \
	    --join "g$g" --side "$side_b" \
	    <"$tmp/b.in" >"$tmp/b$g.out" 2>/dev/null &
	g=$((g + 1))
done
wait
end=$(date +%s.%N)
times >"$tmp/times1"
cpu0=$(child_cpu "$tmp/times0")
cpu1=$(child_cpu "$tmp/times1")

# Every journal replays to both players' final state.
final() {
	awk '/^game /{ d = "" } { d = d $0 "\n" } END { printf "%s", d }' "$1"
}
bad=0
g=1
while [ $g -le "$games" ]; do
	"$bin" --replay "$ANCIENTS_SHARED_DIR/g$g.journal" >"$tmp/r.out" \
	    2>/dev/null || bad=$((bad + 1))
	final "$tmp/r.out" >"$tmp/r.dump"
	for w in a b; do
		final "$tmp/$w$g.out" | cmp -s - "$tmp/r.dump" ||
		    bad=$((bad + 1))
	done
	g=$((g + 1))
done
lines=$(sed -n '/^journal /,$p' "$ANCIENTS_SHARED_DIR/g1.journal" | sed 1d |
    wc -l)
cat "$tmp"/a*.time "$tmp"/b*.time | awk -v games="$games" \
    -v wall="$(echo "$end - $start" | bc)" -v lines="$lines" -v bad="$bad" \
    -v cpu="$(echo "$cpu1 - $cpu0" | bc)" '
NF == 4 && $1 ~ /^[0-9.]+$/ { rss += $4; if ($4 > max) max = $4; n++ }
END {
	printf "%d games, %d players, %d journal lines a game: %.1f s wall\n",
	    games, n, lines, wall
	printf "CPU (user + system, players and /usr/bin/time): %.1f s in all, " \
	    "%.1f ms a game, %.2f ms a journal line\n",
	    cpu, 1000 * cpu / games, 1000 * cpu / (games * lines)
	printf "memory: max RSS %.1f MB a player on average, %.1f MB at most\n",
	    rss / n / 1024, max / 1024
	printf "journals that do not replay to both players'"'"' states: %d\n", bad
}'
