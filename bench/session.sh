#!/bin/sh
# Usage: sh bench/session.sh [ANCIENTS] [RUNS]
#
# What saving costs per command: plays tests/data/saves/battle.cmds in
# batch mode with --save (every accepted command saved) and without, and
# prints
#  - the bytes written to files (not stdout/stderr) per command, first and
#    last command and mean, and the sync and rename calls, from strace;
#  - the time per command that saving adds: the median over RUNS runs of
#    (time with --save - time without) / commands.
# Figures, not a pass or fail (docs/save-format.md keeps the last ones).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
bin=${1:-$top/_build/ancients}
runs=${2:-15}
data=$top/tests/data/saves
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

ncmd=$(grep -cv '^[[:space:]]*$' "$data/battle.cmds")

# Bytes and calls, traced.
strace -f -qq -e trace=write,pwrite64,fsync,fdatasync,rename,renameat,renameat2 \
    -o "$tmp/trace" "$bin" --batch --seed 3 --save "$tmp/t.save" \
    "$data/battle.ini" <"$data/battle.cmds" >/dev/null 2>&1
awk -v n="$ncmd" '
	/write(64)?\([0-9]+,/ {
		fd = $0; sub(/.*write(64)?\(/, "", fd); sub(/,.*/, "", fd)
		r = $NF
		if (fd + 0 >= 3 && r + 0 > 0) { bytes += r; w++; last = r
			if (first == "") first = r }
	}
	/fsync\(|fdatasync\(/ { syncs++ }
	/rename/ { renames++ }
	END {
		printf "commands          %d\n", n
		printf "file writes       %d (%.2f per command)\n", w, w / n
		printf "bytes written     %d (%.1f per command; first %d, last %d)\n", \
		    bytes, bytes / n, first, last
		printf "syncs             %d (%.2f per command)\n", syncs, syncs / n
		printf "renames           %d\n", renames + 0
	}' "$tmp/trace"

# Time: with and without saving, the median difference.
now() { date +%s%N; }
i=0
: >"$tmp/times"
while [ "$i" -lt "$runs" ]; do
	rm -f "$tmp/t.save"
	a=$(now)
	"$bin" --batch --seed 3 --save "$tmp/t.save" "$data/battle.ini" \
	    <"$data/battle.cmds" >/dev/null 2>&1
	b=$(now)
	"$bin" --batch --seed 3 "$data/battle.ini" <"$data/battle.cmds" \
	    >/dev/null 2>&1
	c=$(now)
	echo "$(( (b - a) - (c - b) ))" >>"$tmp/times"
	i=$((i + 1))
done
sort -n "$tmp/times" | awk -v n="$ncmd" '
	{ v[NR] = $1 }
	END { m = v[int((NR + 1) / 2)]
	      printf "saving time       %.3f ms per command (median of %d runs;" \
	          " min %.3f, max %.3f)\n", m / n / 1e6, NR, v[1] / n / 1e6, \
	          v[NR] / n / 1e6 }'
