#!/bin/sh
# Usage: sh tools/setup.sh [CONFIGURE-ARGS...]
#
# Makes a fresh Debian clone buildable and builds it in _build/:
#  1. installs whichever of the needed Debian packages are missing
#     (apt-get, non-interactive; through sudo only when not root);
#  2. runs autoreconf -fi if configure is missing or older than
#     configure.ac, Makefile.am or tests/fixtures.am;
#  3. configures _build/ (again whenever CONFIGURE-ARGS change) and runs
#     make -j2 there.
# The game is then ./_build/ancients.  Exits non-zero on the first failure.
set -eu

cd "$(dirname "$0")/.."

packages="autoconf automake pkg-config make gcc libncurses-dev libinih-dev
libcmocka-dev tmux mandoc strace"

say() {
	echo "setup: $*"
}

# Whether file $1 was modified after file $2 (POSIX find, not test -nt).
newer() {
	[ -n "$(find "$1" -prune -newer "$2" 2>/dev/null)" ]
}

if command -v dpkg-query >/dev/null 2>&1; then
	missing=""
	for p in $packages; do
		status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
		case "$status" in
		*"install ok installed"*) ;;
		*) missing="$missing $p" ;;
		esac
	done
	if [ -n "$missing" ]; then
		if [ "$(id -u)" -eq 0 ]; then
			as_root=""
		elif command -v sudo >/dev/null 2>&1; then
			as_root="sudo"
		else
			say "not root and no sudo: install these first:$missing" >&2
			exit 1
		fi
		say "installing:$missing"
		$as_root env DEBIAN_FRONTEND=noninteractive apt-get update -q
		# shellcheck disable=SC2086 # one word per package
		$as_root env DEBIAN_FRONTEND=noninteractive \
		    apt-get install -y -q --no-install-recommends $missing \
		    </dev/null
	else
		say "all packages present"
	fi
else
	say "no dpkg-query: not Debian; make sure these are installed:" >&2
	say "  $packages" >&2
fi

if [ ! -x configure ] || newer configure.ac configure ||
    newer Makefile.am configure || newer tests/fixtures.am configure; then
	say "autoreconf -fi"
	autoreconf -fi
fi

mkdir -p _build
cd _build
flags="$*"
if [ ! -f Makefile ] || [ ! -f .setup-flags ] ||
    [ "$(cat .setup-flags)" != "$flags" ] || newer ../configure Makefile
then
	say "configure $flags (in _build/)"
	../configure "$@"
	printf '%s\n' "$flags" >.setup-flags
fi
say "make -j2 (in _build/)"
make -j2
say "built: ./_build/ancients"
