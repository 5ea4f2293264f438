#!/bin/sh
# Text from files is shown safely (docs/safe-text.md): a scenario whose
# title, briefing and names carry terminal escapes, a save of it under a
# name with escapes, and batch commands with escapes go through --check,
# --list, --batch, --saves and --replay, and no raw ESC, BEL or C1 CSI
# byte reaches the output; the escapes show as \e and \xNN instead.
#
# Environment: TOP_BUILDDIR (the ancients binary), TOP_SRCDIR (the data).
set -u

top_build=${TOP_BUILDDIR:-.}
top_src=${TOP_SRCDIR:-.}
bin=$top_build/ancients

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ancients-hostile.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP
XDG_STATE_HOME=$tmp/state
HOME=$tmp/home
ANCIENTS_SCENARIO_DIR=$tmp/scenarios
export XDG_STATE_HOME HOME ANCIENTS_SCENARIO_DIR
dir=$XDG_STATE_HOME/ancients
failures=0

fail() {
	echo "hostile_text: FAIL: $*" >&2
	failures=$((failures + 1))
}

[ -x "$bin" ] || { echo "hostile_text: no program at $bin" >&2; exit 1; }

esc=$(printf '\033')
bel=$(printf '\007')
csi=$(printf '\302\233')	# U+009B, the C1 CSI
# The title of the issue, a unit name with a C1 CSI and a bare 0x9b, a
# briefing line that clears the screen.
sed -e "s/^title = .*/title = Tu${esc}]2;pwned${bel}${esc}[31mtorial/" \
    -e "s/^name = Legio I, first cohorts/name = Legio${csi}2J$(printf '\233')31m/" \
    -e "s/^  the first player) against/  the first ${esc}[2J player) against/" \
    "$top_src/scenarios/tutorial.ini" >"$tmp/hostile.ini"
grep -q "pwned" "$tmp/hostile.ini" || { echo "hostile_text: sed failed" >&2; exit 1; }
mkdir -p "$ANCIENTS_SCENARIO_DIR" "$dir"
cp "$tmp/hostile.ini" "$ANCIENTS_SCENARIO_DIR/hostile.ini"
cp "$tmp/hostile.ini" "$ANCIENTS_SCENARIO_DIR/evil${esc}[31m.ini"

# clean FILE WHAT: FILE holds no ESC, BEL or 0x9b byte.
clean() {
	n=$(wc -c <"$1")
	m=$(LC_ALL=C tr -d '\033\007\233' <"$1" | wc -c)
	[ "$n" -eq "$m" ] || fail "$2 printed raw control bytes: $(od -c "$1" | head -5)"
}

# --check: the scenario is valid; what it prints is clean.
"$bin" --check "$tmp/hostile.ini" >"$tmp/out" 2>&1 ||
    fail "--check refused the scenario: $(cat "$tmp/out")"
clean "$tmp/out" "--check"

# --list: the title and the file name made visible.
"$bin" --list >"$tmp/out" 2>&1
clean "$tmp/out" "--list"
grep -qF 'Tu\e]2;pwned\x07\e[31mtorial' "$tmp/out" ||
    fail "--list does not show the title made visible: $(cat "$tmp/out")"
grep -qF 'evil\e[31m' "$tmp/out" ||
    fail "--list does not show the file name made visible: $(cat "$tmp/out")"

# --batch: a dump, and refusals quoting words with escapes.
printf 'move %s[2J 0405\nmove leg1 0405 %s]2;x%s\ndump\n' "$esc" "$esc" "$bel" \
    >"$tmp/cmds"
"$bin" --batch --seed 5 --save "$dir/evil${esc}]2;pwned${bel}.save" \
    "$tmp/hostile.ini" <"$tmp/cmds" >"$tmp/out" 2>&1
clean "$tmp/out" "--batch"
grep -qF 'error: there is no unit "\e[2J"' "$tmp/out" ||
    fail "--batch does not quote the bad word made visible: $(cat "$tmp/out")"

# --saves: the save's scenario title and its file name made visible.
"$bin" --saves >"$tmp/out" 2>&1
clean "$tmp/out" "--saves"
grep -qF 'Tu\e]2;pwned\x07\e[31mtorial' "$tmp/out" ||
    fail "--saves does not show the title made visible: $(cat "$tmp/out")"
grep -qF 'evil\e]2;pwned\x07.save' "$tmp/out" ||
    fail "--saves does not show the name made visible: $(cat "$tmp/out")"

# --replay: the header's name and title.
"$bin" --replay "$dir/evil${esc}]2;pwned${bel}.save" >"$tmp/out" 2>&1 ||
    fail "--replay failed: $(cat "$tmp/out")"
clean "$tmp/out" "--replay"
grep -qF 'Tu\e]2;pwned\x07\e[31mtorial' "$tmp/out" ||
    fail "--replay does not show the title made visible: $(head -2 "$tmp/out")"

if [ "$failures" -gt 0 ]; then
	echo "hostile_text: $failures failure(s)" >&2
	exit 1
fi
echo "hostile_text: PASS"
