#!/bin/sh
# Usage: sh tools/fresh-debian.sh [MIRROR]            (as root)
#
# Proves the README's two commands on a fresh Debian 12 system:
#  1. debootstrap makes a throw-away bookworm root (minbase: no compiler,
#     no git, no locales) from MIRROR (default http://deb.debian.org/debian);
#  2. this repository's current branch, as committed, is cloned into it
#     (git clone on the host: the root holds only the clone);
#  3. in the root, as root: sh tools/setup.sh (the first command, which
#     installs the build's packages with apt-get and builds; the game is
#     then run with --list and a batch game, as a terminal is not there
#     to play it), then sh tools/test.sh (the second command).
# The root is under /var/tmp; it is removed at the end unless KEEP=1.
# Needs the network's Debian mirror and some minutes; not part of CI.
# Prints the test command's last line ("N passed, N failed") and the
# time taken; exits with the test command's status.
set -eu

cd "$(dirname "$0")/.."
top=$(pwd)
mirror=${1:-http://deb.debian.org/debian}

say() {
	echo "fresh-debian: $*"
}

if [ "$(id -u)" -ne 0 ]; then
	say "run as root (debootstrap, mount and chroot need it)" >&2
	exit 1
fi
for tool in debootstrap git chroot mount; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		say "$tool is not installed (apt-get install debootstrap git)" >&2
		exit 1
	fi
done

branch=$(git rev-parse --abbrev-ref HEAD)
commit=$(git rev-parse --short HEAD)
root=$(mktemp -d /var/tmp/ancients-fresh.XXXXXX)
mounted=""
start=$(date +%s)

# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	for m in $mounted; do
		umount "$root/$m" 2>/dev/null || umount -l "$root/$m" || true
	done
	# Never remove a root that still has the host's /dev or /proc in it.
	for m in dev/pts dev proc; do
		if mountpoint -q "$root/$m" 2>/dev/null; then
			say "$root/$m is still mounted: the root is left there" >&2
			return
		fi
	done
	if [ "${KEEP:-0}" = 1 ]; then
		say "kept: $root"
	else
		rm -rf "$root"
	fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

say "debootstrap bookworm into $root (from $mirror)"
debootstrap --variant=minbase bookworm "$root" "$mirror" \
    >"$root.debootstrap.log" 2>&1 || {
	tail -n 20 "$root.debootstrap.log"
	say "debootstrap failed (is $mirror reachable?)"
	exit 1
}
rm -f "$root.debootstrap.log"

say "git clone --branch $branch ($commit) into the root"
git clone -q --branch "$branch" "file://$top" "$root/root/ancients"

cp /etc/resolv.conf "$root/etc/resolv.conf"
mount -t proc proc "$root/proc" && mounted="proc $mounted"
mount --bind /dev "$root/dev" && mounted="dev $mounted"
mount --bind /dev/pts "$root/dev/pts" && mounted="dev/pts $mounted"

say "in the root: sh tools/setup.sh && ./_build/ancients --list; sh tools/test.sh"
status=0
chroot "$root" /usr/bin/env -i HOME=/root TERM=xterm \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    sh -c 'cd /root/ancients &&
	sh tools/setup.sh &&
	./_build/ancients --list &&
	printf "end\nend\ndump\n" | ./_build/ancients --batch medway |
	    tail -n 1 &&
	sh tools/test.sh' >"$root.log" 2>&1 || status=$?
tail -n 30 "$root.log"
mv "$root.log" /var/tmp/ancients-fresh-debian.log
end=$(date +%s)
say "full log: /var/tmp/ancients-fresh-debian.log"
say "$(tail -n 1 /var/tmp/ancients-fresh-debian.log); status $status;" \
    "$((end - start)) s in all (branch $branch, $commit)"
exit $status
