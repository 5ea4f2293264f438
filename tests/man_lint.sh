#!/bin/sh
# The manual pages pass mandoc -Tlint at every level (style included).
#
# The source pages are linted, whether or not the game is installed:
# - mandoc resolves a cross-reference (.Xr) only among the pages installed
#   on the machine, so "referenced manual not found" is accepted for
#   exactly the pages this project ships (man/NAME.SECTION exists in the
#   source tree);
# - "outdated mandoc.db ..." is a note about the machine's own database
#   (say, the game installed after makewhatis last ran), not about the
#   page, and is ignored.
# Any other message fails.  A page with a planted error must fail too, so
# that the filter cannot pass everything.  Skipped without mandoc.
set -u

: "${TOP_SRCDIR:?TOP_SRCDIR is not set: run the tests with make check}"

if ! command -v mandoc >/dev/null 2>&1; then
	echo "SKIP: mandoc is not installed"
	exit 77
fi

# mandoc's messages on page $1 that are faults of the page, one a line.
page_faults() {
	mandoc -Tlint -W all "$1" 2>&1 | while IFS= read -r line; do
		[ -n "$line" ] || continue
		case "$line" in
		"mandoc: outdated mandoc.db "*) continue ;;
		esac
		xr=$(printf '%s\n' "$line" |
		    sed -n 's/.*referenced manual not found: Xr \([^ ]*\) \([^ ]*\).*/\1.\2/p')
		if [ -n "$xr" ] && [ -f "$TOP_SRCDIR/man/$xr" ]; then
			continue
		fi
		printf '%s\n' "$line"
	done
}

status=0
for page in "$TOP_SRCDIR"/man/ancients.6 "$TOP_SRCDIR"/man/ancients-scenario.5 \
    "$TOP_SRCDIR"/man/ancients-armies.5
do
	bad=$(page_faults "$page")
	if [ -n "$bad" ]; then
		echo "FAIL: mandoc -Tlint on ${page#"$TOP_SRCDIR"/}:"
		printf '%s\n' "$bad"
		status=1
	else
		echo "ok: ${page#"$TOP_SRCDIR"/} is lint-clean"
	fi
done

# The planted error: a macro mandoc does not know.
tmp=$(mktemp -d "${TMPDIR:-/tmp}/man_lint.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
{ cat "$TOP_SRCDIR/man/ancients.6"; echo ".Zz planted"; } >"$tmp/ancients.6"
if [ -z "$(page_faults "$tmp/ancients.6")" ]; then
	echo "FAIL: a page with an unknown macro passes the lint filter"
	status=1
else
	echo "ok: a page with an unknown macro fails"
fi
exit $status
