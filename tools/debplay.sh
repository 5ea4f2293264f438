#!/bin/sh
# Usage: sh tools/debplay.sh            (as root, on a Debian system)
#
# Builds the Debian package (dpkg-buildpackage -us -uc -b, tests
# skipped), installs it on this machine with dpkg -i, and checks what
# issue 30 asks of it with two fresh Unix accounts that have no set-up
# of their own (no group, no variable, no login shell):
#  1. /usr/games/ancients is set-group-ID games and /var/games/ancients
#     is root:games 0770 (the postinst's dpkg-statoverride);
#  2. one account hosts a game with `su -s /bin/sh USER -c 'ancients
#     --batch --host ...'` and the other joins it the same way; they play
#     a turn each and say a line each, the second after the first's;
#  3. neither account can list or read the shared directory;
#  4. --replay shows each command with the uid and name that gave it.
# The accounts are removed at the end; the package stays installed
# (dpkg --purge ancients removes it, and its shared games).  Prints
# "debplay: ok" or what failed.
set -u

cd "$(dirname "$0")/.." || exit 1

say() {
	echo "debplay: $*"
}
fail() {
	say "FAIL: $*" >&2
	failures=$((failures + 1))
}
failures=0

if [ "$(id -u)" -ne 0 ]; then
	say "run as root (it installs a package and makes accounts)" >&2
	exit 1
fi
for tool in dpkg-buildpackage dh useradd su; do
	command -v "$tool" >/dev/null 2>&1 || {
		say "$tool is not installed (apt-get install dpkg-dev debhelper)" >&2
		exit 1
	}
done

scratch=$(mktemp -d "${TMPDIR:-/tmp}/ancients-debplay.XXXXXX") || exit 1
alice=ancdp$$a bob=ancdp$$b
# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	for u in $alice $bob; do
		userdel "$u" 2>/dev/null
	done
	rm -rf "$scratch"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

mkdir "$scratch/src"
git ls-files -co --exclude-standard | while IFS= read -r f; do
	[ -e "$f" ] && printf '%s\n' "$f"
done | tar -cf - -T - | tar -xf - -C "$scratch/src"
say "dpkg-buildpackage -us -uc -b"
if ! (cd "$scratch/src" && DEB_BUILD_OPTIONS="nocheck parallel=2" \
    dpkg-buildpackage -us -uc -b) >"$scratch/build.log" 2>&1; then
	tail -n 30 "$scratch/build.log"
	say "FAIL: the package does not build"
	exit 1
fi
deb=$(ls "$scratch"/ancients_*.deb)
say "dpkg -i $(basename "$deb")"
dpkg -i "$deb" >"$scratch/install.log" 2>&1 || {
	cat "$scratch/install.log"
	say "FAIL: dpkg -i"
	exit 1
}

perm=$(stat -c '%a %U:%G' /usr/games/ancients)
[ "$perm" = "2755 root:games" ] || fail "/usr/games/ancients is $perm"
perm=$(stat -c '%a %U:%G' /var/games/ancients)
[ "$perm" = "770 root:games" ] || fail "/var/games/ancients is $perm"

for u in $alice $bob; do
	useradd -M -N -d /nonexistent -s /usr/sbin/nologin "$u" || exit 1
done
chmod 755 "$scratch"

# run USER ARGS...: the installed game as USER, no login shell, no
# variables of ours.
run() {
	user=$1
	shift
	su -s /bin/sh "$user" -c "cd / && exec env -i PATH=/usr/games:/usr/bin:/bin \
	    ancients $*"
}

g=debplay-$$
mkfifo "$scratch/alice.in" && chmod 666 "$scratch/alice.in"
run "$alice" --batch --host --name "$g" <"$scratch/alice.in" \
    >"$scratch/alice.out" 2>&1 &
host=$!
exec 3>"$scratch/alice.in"
printf 'say ave\nend\nend\nend\n' >&3
printf 'say salve\nend\nend\nend\ndump\n' |
    timeout 60 su -s /bin/sh "$bob" -c "cd / && exec env -i \
    PATH=/usr/games:/usr/bin:/bin ancients --batch --join $g" \
    >"$scratch/bob.out" 2>&1 || fail "bob's join: $(tail -n 3 "$scratch/bob.out")"
exec 3>&-
wait $host || fail "alice's host: $(tail -n 3 "$scratch/alice.out")"
grep -q '^game turn=2 ' "$scratch/bob.out" ||
    fail "the turn was not played: $(grep '^game' "$scratch/bob.out")"
say "$alice hosted $g and $bob joined it over su, no set-up"

for u in $alice $bob; do
	if su -s /bin/sh "$u" -c "ls /var/games/ancients" >/dev/null 2>&1; then
		fail "$u can list /var/games/ancients"
	fi
	if su -s /bin/sh "$u" -c "cat /var/games/ancients/$g.journal" \
	    >/dev/null 2>&1; then
		fail "$u can read the journal"
	fi
done

run "$bob" --replay "$g" </dev/null >"$scratch/replay" 2>&1 ||
    fail "--replay: $(cat "$scratch/replay")"
# Each one's say and commands, with the uid and name that gave them.
uid_a=$(id -u "$alice") uid_b=$(id -u "$bob")
grep -q "say $alice (rome): ave  (uid $uid_a $alice)" "$scratch/replay" ||
    fail "--replay lacks $alice's say: $(head -n 8 "$scratch/replay")"
grep -q "say $bob (chatti): salve  (uid $uid_b $bob)" "$scratch/replay" ||
    fail "--replay lacks $bob's say: $(head -n 12 "$scratch/replay")"
grep -q "chatti: end  (uid $uid_b $bob)" "$scratch/replay" ||
    fail "--replay lacks $bob's commands: $(head -n 12 "$scratch/replay")"
run "$alice" --games >"$scratch/games" 2>&1
grep -q "^$g " "$scratch/games" || fail "--games: $(cat "$scratch/games")"

if [ "$failures" -gt 0 ]; then
	say "$failures failure(s)"
	exit 1
fi
say "ok"
