#!/bin/sh
# Usage: sh tests/fuzz/run.sh DIR [RUNS [SEED]]
#
# Runs each libFuzzer target built in DIR (configure CC=clang
# --enable-fuzzing) over its seed corpus in tests/fuzz/corpus/, with the
# dictionary, for RUNS inputs (default 20000; fuzz_save a fifth): a quick check that the
# targets build, load their corpus and find nothing in a short run.  New
# inputs go to a temporary directory, never into the tree.  Exits non-zero
# if a target fails; a crash leaves its input in the temporary directory,
# whose name is printed.  Every target runs with the fixed -seed=SEED
# (default 1), so a CI run mutates the same inputs each time and a failure
# reproduces with the same command; a long campaign (tests/fuzz/README.md)
# leaves out -seed= and stays random.
set -u

dir=$(cd "${1:?usage: run.sh DIR [RUNS]}" && pwd) || exit 1
runs=${2:-20000}
seed=${3:-1}
case $seed in
'' | *[!0-9]*)
	echo "fuzz: the seed must be a decimal number, not \"$seed\"" >&2
	exit 1
	;;
esac
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/ancients-fuzz.XXXXXX") || exit 1
status=0

for name in scenario commands save; do
	target=$dir/fuzz_$name
	if [ ! -x "$target" ]; then
		echo "fuzz: $target is not built" >&2
		status=1
		continue
	fi
	mkdir -p "$work/$name"
	n=$runs
	# a save goes through a file and replays its journal: slower
	[ "$name" = save ] && n=$((runs / 5))
	echo "fuzz: fuzz_$name, $n runs, seed $seed," \
	    "over tests/fuzz/corpus/$name"
	if ! (cd "$work" && "$target" -runs="$n" -seed="$seed" -max_len=16384 \
	    -dict="$here/ancients.dict" -print_final_stats=1 \
	    -artifact_prefix="$work/$name-" \
	    "$work/$name" "$here/corpus/$name") >"$work/$name.log" 2>&1; then
		tail -n 60 "$work/$name.log"
		echo "fuzz: FAIL fuzz_$name (inputs and log in $work)" >&2
		status=1
		continue
	fi
	grep -E '^#[0-9]+[[:space:]]+DONE|^stat::number_of_executed_units' \
	    "$work/$name.log"
	echo "fuzz: PASS fuzz_$name"
done
[ "$status" -eq 0 ] && rm -rf "$work"
exit "$status"
