#!/bin/sh
# Usage: sh tools/debcheck.sh
#
# Builds the Debian package from a scratch copy of the source tree
# (dpkg-buildpackage -us -uc -b, its tests skipped: the test command runs
# them), then checks what it installs:
#  1. lintian reports no error or warning (when lintian is installed);
#  2. it depends on what the game links and nothing else;
#  3. extracted into a scratch root (dpkg-deb -x), it holds the game,
#     the eight scenarios, both manual pages, the copyright,
#     /var/games/ancients, and a postinst that makes the game set-group-ID
#     games and that directory 0770 (dpkg-statoverride);
#  4. the installed game, run from there, looks for its scenarios in
#     /usr/share/games/ancients/scenarios, lists them (--list), checks
#     every one (--check) and plays a short batch game whose transcript
#     matches tests/batch/skirmish.out.
# Prints "debcheck: ok" or what failed; exits 77 (skipped) without
# dpkg-buildpackage or debhelper, 1 on a failure.
set -u

cd "$(dirname "$0")/.." || exit 1

say() {
	echo "debcheck: $*"
}

for tool in dpkg-buildpackage dpkg-deb dh; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		say "SKIP: $tool is not installed (apt-get install dpkg-dev debhelper)"
		exit 77
	fi
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ancients-deb.XXXXXX") || exit 1
trap 'rm -rf "$scratch"' EXIT
trap 'exit 1' INT TERM HUP
failures=0

fail() {
	say "FAIL: $*" >&2
	failures=$((failures + 1))
}

# The sources as the clone has them (tracked files and new ones, nothing
# ignored: no build directories, no generated configure).
mkdir "$scratch/src"
if [ -d .git ] || [ -f .git ]; then
	git ls-files -co --exclude-standard | while IFS= read -r f; do
		[ -e "$f" ] && printf '%s\n' "$f"	# not deleted
	done | tar -cf - -T - | tar -xf - -C "$scratch/src"
else
	tar -cf - --exclude='./_build*' --exclude=./.git . |
	    tar -xf - -C "$scratch/src"
fi

cp -R "$scratch/src" "$scratch/pristine"

say "dpkg-buildpackage -us -uc -b (log: its last lines on failure)"
if ! (cd "$scratch/src" &&
    DEB_BUILD_OPTIONS="nocheck parallel=2" \
    dpkg-buildpackage -us -uc -b) >"$scratch/build.log" 2>&1; then
	tail -n 40 "$scratch/build.log"
	say "FAIL: the package does not build"
	exit 1
fi
# shellcheck disable=SC2012 # one file, a plain name
deb=$(ls "$scratch"/ancients_*.deb 2>/dev/null | head -n 1)
# shellcheck disable=SC2012 # one file, a plain name
changes=$(ls "$scratch"/ancients_*.changes 2>/dev/null | head -n 1)
if [ -z "$deb" ]; then
	say "FAIL: dpkg-buildpackage made no ancients_*.deb"
	exit 1
fi
say "built $(basename "$deb")"

# The build happens in debian/build: no object outside it, and the
# package's clean gives back the sources as they went in.
objs=$(cd "$scratch/src" && find . -path ./debian -prune -o -name '*.o' -print)
[ -z "$objs" ] || fail "objects built in the source tree: $objs"
if ! (cd "$scratch/src" && debian/rules clean) >>"$scratch/build.log" 2>&1
then
	fail "debian/rules clean fails"
elif ! diff -r "$scratch/pristine" "$scratch/src" >"$scratch/diff" 2>&1; then
	head -n 20 "$scratch/diff"
	fail "debian/rules clean leaves the source tree changed"
fi

if command -v lintian >/dev/null 2>&1; then
	lintian --fail-on error,warning "$changes" >"$scratch/lintian" 2>&1
	status=$?
	if grep -q '^[EW]: ' "$scratch/lintian" || [ "$status" -ne 0 ]; then
		cat "$scratch/lintian"
		fail "lintian reports errors or warnings"
	else
		say "lintian: no errors or warnings"
	fi
else
	say "lintian is not installed: not run"
fi

depends=$(dpkg-deb -f "$deb" Depends)
say "Depends: $depends"
for lib in libc6 libinih1 libncursesw6 libtinfo6; do
	case ", $depends," in
	*", $lib "* | *", $lib,"*) ;;
	*) fail "Depends lacks $lib" ;;
	esac
done
extra=$(printf '%s\n' "$depends" | tr ',' '\n' | sed 's/^ *//; s/ .*//' |
    grep -vxE 'libc6|libinih1|libncursesw6|libtinfo6')
[ -z "$extra" ] || fail "Depends has more than the game links: $extra"

root=$scratch/root
dpkg-deb -x "$deb" "$root"
game=$root/usr/games/ancients
scen=$root/usr/share/games/ancients/scenarios
for f in "$game" "$root/usr/share/man/man6/ancients.6.gz" \
    "$root/usr/share/man/man5/ancients-scenario.5.gz" \
    "$root/usr/share/doc/ancients/copyright" \
    "$root/usr/share/doc/ancients/README.md.gz"; do
	[ -f "$f" ] || fail "the package lacks ${f#"$root"}"
done
# Shared games (docs/security.md): the directory is shipped, and the
# postinst makes the game set-group-ID games and the directory 0770.
[ -d "$root/var/games/ancients" ] || fail "the package lacks /var/games/ancients"
dpkg-deb -e "$deb" "$scratch/control"
for want in 'root games 2755 /usr/games/ancients' \
    'root games 0770 /var/games/ancients'; do
	tr '\\\n\t' '   ' <"$scratch/control/postinst" | tr -s ' ' |
	    grep -q "dpkg-statoverride --update --add $want" ||
	    fail "the postinst does not set $want"
done
n=$(find "$scen" -name '*.ini' | wc -l)
[ "$n" -eq "$(find scenarios -name '*.ini' | wc -l)" ] ||
    fail "the package has $n scenarios, not those of scenarios/"
if [ ! -x "$game" ]; then
	say "FAIL: no game to run"
	exit 1
fi

# Unless the package is installed for real, the compiled-in directory is
# missing here: the game must say it looked there.
ANCIENTS_SCENARIO_DIR='' "$game" --list >/dev/null 2>"$scratch/err"
if [ ! -d /usr/share/games/ancients/scenarios ] &&
    ! grep -q ' /usr/share/games/ancients/scenarios: ' "$scratch/err"; then
	fail "the game looks for scenarios elsewhere: $(cat "$scratch/err")"
fi

ANCIENTS_SCENARIO_DIR=$scen
export ANCIENTS_SCENARIO_DIR
if "$game" --list >"$scratch/list" 2>"$scratch/err"; then
	awk '{ print $1 }' "$scratch/list" >"$scratch/names"
	for f in scenarios/*.ini; do
		basename "$f" .ini
	done | LC_ALL=C sort >"$scratch/want"
	cmp -s "$scratch/names" "$scratch/want" ||
	    fail "--list shows $(tr '\n' ' ' <"$scratch/names")"
	say "--list: $(wc -l <"$scratch/list") scenarios"
else
	fail "--list: $(cat "$scratch/err")"
fi
if "$game" --check "$scen"/*.ini 2>"$scratch/err"; then
	say "--check: every installed scenario is good"
else
	fail "--check: $(cat "$scratch/err")"
fi
"$game" --batch --seed 7 tests/batch/skirmish.ini \
    <tests/batch/skirmish.cmds >"$scratch/batch" 2>&1
if diff -u tests/batch/skirmish.out "$scratch/batch" >"$scratch/diff"; then
	say "--batch: the skirmish transcript matches"
else
	head -n 20 "$scratch/diff"
	fail "--batch: the skirmish transcript differs"
fi
if "$game" --batch --seed 3 medway </dev/null >/dev/null 2>"$scratch/err"
then
	say "--batch medway: opens the installed scenario by name"
else
	fail "--batch medway: $(cat "$scratch/err")"
fi

if [ "$failures" -gt 0 ]; then
	say "$failures failure(s)"
	exit 1
fi
say "ok"
