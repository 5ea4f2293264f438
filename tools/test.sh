#!/bin/sh
# Usage: sh tools/test.sh
#
# Sets up and builds as tools/setup.sh does, with warnings as errors, then
# runs the whole test suite three ways:
#  1. make check in _build/;
#  2. make check in _build-san/, built with ASan and UBSan;
#  3. make distcheck (the tarball builds and passes its tests out of tree);
#  4. when the Debian tools are installed (dpkg-buildpackage, debhelper),
#     tools/debcheck.sh: the .deb builds, lintian is clean and the
#     installed game runs; without them it prints SKIP;
#  5. when clang with libFuzzer is installed, make fuzz in _build-fuzz/
#     (configure CC=clang --enable-fuzzing): each fuzz target for a short
#     fixed number of runs over its seed corpus; otherwise says SKIP.
# Every test that Makefile.am lists in TESTS runs each way.  The logs of
# failing suites are printed, and the last line is "N passed, N failed",
# totalled over the test-suite.log of each run (a failed step that leaves
# no test result counts as one failure).  Exits non-zero on any failure.
set -u

cd "$(dirname "$0")/.." || exit 1
failed_steps=""

say() {
	echo "test: $*"
}

# Whether file $1 was modified after file $2 (POSIX find, not test -nt).
newer() {
	[ -n "$(find "$1" -prune -newer "$2" 2>/dev/null)" ]
}

step_failed() {
	failed_steps="$failed_steps [$1]"
	say "FAILED: $1"
}

# Prints "pass fail skip" from one automake test-suite.log.
counts() {
	awk '
	/^# (PASS|XFAIL):/ { p += $3 }
	/^# (FAIL|XPASS|ERROR):/ { f += $3 }
	/^# SKIP:/ { s += $3 }
	END { printf "%d %d %d\n", p, f, s }' "$1"
}

show_failures() {
	log=$1
	[ -f "$log" ] || return 0
	# shellcheck disable=SC2046 # three numbers
	set -- $(counts "$log")
	if [ "$2" -gt 0 ]; then
		echo "---------- $log ----------"
		cat "$log"
		echo "---------- end of $log ----------"
	fi
}

# Prints each cmocka program's own closing lines, to show what ran.
show_suites() {
	find "$1" -name '*.trs' | sort | while read -r trs; do
		log=${trs%.trs}.log
		res=$(sed -n 's/^:test-result: //p' "$trs")
		sum=$(grep -E '^\[  (PASSED|FAILED)  \] [0-9]+ test' "$log" \
		    2>/dev/null | tr -s ' ' | tr '\n' ' ')
		echo "  $res ${trs#"$1"/} $sum"
	done
}

if ! sh tools/setup.sh --enable-werror; then
	step_failed "build"
fi

run_check() {	# directory, label
	if [ ! -f "$1/Makefile" ]; then
		step_failed "$2"
		return
	fi
	# no stale results: a suite that fails to build must not look passed
	find "$1" -name '*.trs' | while read -r trs; do
		rm -f "$trs" "${trs%.trs}.log"
	done
	rm -f "$1/test-suite.log"
	say "make check in $1/"
	if ! (cd "$1" && make -j2 check); then
		step_failed "$2"
	fi
	show_suites "$1"
	show_failures "$1/test-suite.log"
}

if [ -z "$failed_steps" ]; then
	run_check _build "make check"

	mkdir -p _build-san
	flags="--enable-sanitizers --enable-werror"
	if [ ! -f _build-san/Makefile ] || [ ! -f _build-san/.setup-flags ] ||
	    [ "$(cat _build-san/.setup-flags)" != "$flags" ] ||
	    newer configure _build-san/Makefile; then
		say "configure $flags (in _build-san/)"
		# shellcheck disable=SC2086 # two words
		if (cd _build-san && ../configure $flags); then
			echo "$flags" >_build-san/.setup-flags
		else
			rm -f _build-san/Makefile
		fi
	fi
	ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
	export ASAN_OPTIONS UBSAN_OPTIONS
	if [ -f _build-san/Makefile ] && ! (cd _build-san && make -j2); then
		step_failed "sanitizer build"
	else
		run_check _build-san "sanitizer make check"
	fi

	say "make distcheck in _build/"
	if ! (cd _build && make -j2 distcheck); then
		step_failed "make distcheck"
		find _build -path '*/_build/sub/test-suite.log' 2>/dev/null |
		    while read -r log; do
			show_suites "$(dirname "$log")"
			show_failures "$log"
		done
	fi

	if command -v dpkg-buildpackage >/dev/null 2>&1 &&
	    command -v dh >/dev/null 2>&1; then
		say "the Debian package (tools/debcheck.sh)"
		if ! sh tools/debcheck.sh; then
			step_failed "Debian package"
		fi
	else
		say "SKIP: the Debian package check needs dpkg-buildpackage" \
		    "and debhelper (apt-get install dpkg-dev debhelper" \
		    "lintian)"
	fi
fi

# Whether clang can link a libFuzzer target.
have_libfuzzer() {
	command -v clang >/dev/null 2>&1 || return 1
	t=$(mktemp -d "${TMPDIR:-/tmp}/ancients-fz.XXXXXX") || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
	    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
	    '{ (void)d; (void)n; return 0; }' >"$t/t.c"
	clang -fsanitize=fuzzer "$t/t.c" -o "$t/t" >/dev/null 2>&1
	r=$?
	rm -rf "$t"
	return $r
}

if [ -z "$failed_steps" ]; then
	if have_libfuzzer; then
		mkdir -p _build-fuzz
		flags="CC=clang --enable-fuzzing --enable-werror"
		if [ ! -f _build-fuzz/Makefile ] ||
		    [ ! -f _build-fuzz/.setup-flags ] ||
		    [ "$(cat _build-fuzz/.setup-flags)" != "$flags" ] ||
		    newer configure _build-fuzz/Makefile; then
			say "configure $flags (in _build-fuzz/)"
			# shellcheck disable=SC2086 # three words
			if (cd _build-fuzz && ../configure $flags); then
				echo "$flags" >_build-fuzz/.setup-flags
			else
				rm -f _build-fuzz/Makefile
			fi
		fi
		say "make fuzz in _build-fuzz/"
		if [ ! -f _build-fuzz/Makefile ] ||
		    ! (cd _build-fuzz && make -j2 fuzz); then
			step_failed "make fuzz"
		fi
	else
		say "SKIP make fuzz: no clang with libFuzzer" \
		    "(apt-get install clang to run the fuzz targets)"
	fi
fi

pass=0
fail=0
skip=0
for log in _build/test-suite.log _build-san/test-suite.log; do
	[ -f "$log" ] || continue
	# shellcheck disable=SC2046 # three numbers
	set -- $(counts "$log")
	pass=$((pass + $1))
	fail=$((fail + $2))
	skip=$((skip + $3))
done
# The last lines of each failing suite's log once more, at the very end,
# where a reader of a long CI run's tail finds them.
for dir in _build _build-san; do
	[ -d "$dir" ] || continue
	find "$dir" -name '*.trs' | sort | while read -r trs; do
		grep -q '^:test-result: \(FAIL\|ERROR\|XPASS\)' "$trs" ||
		    continue
		say "the end of ${trs%.trs}.log:"
		tail -n 40 "${trs%.trs}.log" 2>/dev/null | sed 's/^/  | /'
	done
done

if [ -n "$failed_steps" ]; then
	say "failed steps:$failed_steps"
	[ "$fail" -gt 0 ] || fail=1
fi
if [ "$skip" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
