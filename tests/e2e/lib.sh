# Shared by the end-to-end tests (sourced, not run): a private tmux
# server per test, the game started in a pane of a given size, bounded
# polling of what the pane shows, and checks that the terminal was
# restored.  Every wait is a poll of at most E2E_TIMEOUT tenths of a
# second; nothing sleeps blindly.
#
# Needs TOP_BUILDDIR (set by make check); uses the ancients binary there.
# Every game saves into $XDG_STATE_HOME, a directory of the test's own
# ($WORK/state), never into the real home's.

set -u

: "${TOP_BUILDDIR:?TOP_BUILDDIR is not set: run the tests with make check}"
ANCIENTS=$TOP_BUILDDIR/ancients
E2E_TIMEOUT=${E2E_TIMEOUT:-150}		# tenths of a second per wait
WORK=$(mktemp -d "${TMPDIR:-/tmp}/anc-e2e.XXXXXX")
RUNS=0					# games started; each gets its own server
TMUX_CMD="tmux -u -f /dev/null -L anc-$$-0"
unset TMUX				# a test run inside tmux is fine
XDG_STATE_HOME=$WORK/state		# where the games save
export XDG_STATE_HOME

cleanup() {
	i=0
	while [ "$i" -le "$RUNS" ]; do
		tmux -f /dev/null -L "anc-$$-$i" kill-server >/dev/null 2>&1 ||
		    true
		# tmux leaves the socket file behind: remove ours.
		rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/anc-$$-$i"
		i=$((i + 1))
	done
	rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

if ! command -v tmux >/dev/null 2>&1; then
	echo "SKIP: tmux is not installed"
	exit 77
fi
if [ ! -x "$ANCIENTS" ]; then
	echo "FAIL: no program at $ANCIENTS" >&2
	exit 1
fi

# Sanitizer builds: on TERM=linux, ncurses' mousemask() loads libgpm with
# dlopen(), which leaks 10 bytes that LeakSanitizer can only see after the
# library is gone.  Not the game's memory: suppressed for that frame only
# (full stacks are needed to see the frame).
printf 'leak:mousemask\n' >"$WORK/lsan.supp"
LSAN_OPTIONS="suppressions=$WORK/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
ASAN_OPTIONS="fast_unwind_on_malloc=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS ASAN_OPTIONS

# A UTF-8 locale if the system has one (C.UTF-8 on Debian).
UTF8=C.UTF-8
if ! locale -a 2>/dev/null | grep -qi '^c\.utf-\?8$'; then
	UTF8=$(locale -a 2>/dev/null | grep -i 'utf-\?8' | head -n 1)
fi
# tmux and the tools reading its panes run in it too: a bare root (no
# LANG, no locales package) has C.UTF-8 and nothing else.
if [ -n "$UTF8" ]; then
	LC_ALL=$UTF8
	export LC_ALL
fi

screen() {
	$TMUX_CMD capture-pane -p -t game 2>/dev/null
}

# The screen with the lines the terminal wrapped joined again: for what
# the program printed after it gave the terminal back.
screen_joined() {
	$TMUX_CMD capture-pane -p -J -t game 2>/dev/null
}

# wait_joined REGEX: until a joined line of the screen matches.
wait_joined() {
	i=0
	while [ "$i" -lt "$E2E_TIMEOUT" ]; do
		if screen_joined | grep -q -e "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	fail "timed out waiting for /$1/ (lines joined)"
}

fail() {
	echo "FAIL: $*" >&2
	echo "--- the screen ($(pane_size)) ---" >&2
	screen >&2 || true
	if [ -s "$WORK/stderr" ]; then
		echo "--- the game's stderr ---" >&2
		cat "$WORK/stderr" >&2
	fi
	exit 1
}

pane_size() {
	$TMUX_CMD display -p -t game '#{pane_width}x#{pane_height}' \
	    2>/dev/null || echo "no pane"
}

# width STRING: its length in characters.
width() {
	printf '%s' "$1" | LC_ALL=$UTF8 wc -m | tr -d ' '
}

# start COLS LINES TERM LOCALE [ancients arguments...]: runs the game in
# a fresh pane on a fresh tmux server (the last one is stopped), with the
# environment assignments in $GAME_ENV if any; when it exits, its status
# goes to $WORK/status and the tty's settings to $WORK/stty.
start() {
	cols=$1 lines=$2 term=$3 loc=$4
	shift 4
	$TMUX_CMD kill-server >/dev/null 2>&1 || true
	RUNS=$((RUNS + 1))
	TMUX_CMD="tmux -u -f /dev/null -L anc-$$-$RUNS"
	rm -f "$WORK/status" "$WORK/stty" "$WORK/stderr" "$WORK/pid"
	# The wrapper shell outlives a ^C aimed at the game (trap, not
	# ignore: the game must get SIGINT with its default disposition).
	# With E2E_HOLD set, the game waits (at most 10 s) for $WORK/go, so
	# that a test can start watching the pane's output first.
	hold=:
	if [ -n "${E2E_HOLD:-}" ]; then
		hold="i=0; while [ ! -f '$WORK/go' ] && [ \$i -lt 200 ]; do \
sleep 0.05; i=\$((i + 1)); done"
	fi
	printf '%s\n' "#!/bin/sh" "trap : INT" "$hold" \
	    "TERM='$term' LANG='$loc' LC_ALL='$loc' \
XDG_STATE_HOME='$XDG_STATE_HOME' ${GAME_ENV:-} \
sh -c 'echo \$\$ >\"$WORK/pid\"; exec \"\$0\" \"\$@\"' \
\"$ANCIENTS\" $* 2>\"$WORK/stderr\"" \
	    "echo \$? >\"$WORK/status.tmp\"" \
	    "stty -a >\"$WORK/stty\" 2>&1" \
	    "mv \"$WORK/status.tmp\" \"$WORK/status\"" \
	    "exec cat >/dev/null" >"$WORK/run.sh"
	chmod +x "$WORK/run.sh"
	$TMUX_CMD new-session -d -s game -x "$cols" -y "$lines" \
	    "$WORK/run.sh" || fail "tmux could not start a session"
	$TMUX_CMD set-option -t game status off >/dev/null
}

# wait_for REGEX [TENTHS]: until a line of the screen matches.
wait_for() {
	i=0
	while [ "$i" -lt "${2:-$E2E_TIMEOUT}" ]; do
		if screen | grep -q -e "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	fail "timed out waiting for /$1/"
}

# wait_gone REGEX: until no line of the screen matches.
wait_gone() {
	i=0
	while [ "$i" -lt "$E2E_TIMEOUT" ]; do
		if ! screen | grep -q -e "$1"; then
			return 0
		fi
		sleep 0.1
		i=$((i + 1))
	done
	fail "timed out waiting for /$1/ to go"
}

# expect REGEX WHAT: the screen shows it now.
expect() {
	screen | grep -q -e "$1" || fail "$2: no /$1/ on the screen"
}

# expect_not REGEX WHAT: the screen does not show it.
expect_not() {
	if screen | grep -q -e "$1"; then
		fail "$2: /$1/ is on the screen"
	fi
}

keys() {
	$TMUX_CMD send-keys -t game "$@"
}

# type_line TEXT: types a line literally (no key names) and Enter.
type_line() {
	$TMUX_CMD send-keys -t game -l "$1"
	$TMUX_CMD send-keys -t game Enter
}

# prompt_line: the screen's last line, where the prompt is.
prompt_line() {
	screen | tail -n 1
}

# to_prompt: opens the prompt if the keys are on the map (the prompt
# line says so).
to_prompt() {
	if prompt_line | grep -q '> press : to type a command'; then
		keys :
		wait_gone '> press : to type a command'
	fi
}

# steady CMD: runs CMD every 0.1 s until it prints the same three times
# running (0.3 s without a change); prints that.
steady() {
	steady_last= steady_same=0 steady_i=0
	while [ "$steady_same" -lt 3 ]; do
		steady_now=$($1)
		if [ "$steady_i" -gt 0 ] && [ "$steady_now" = "$steady_last" ]; then
			steady_same=$((steady_same + 1))
		else
			steady_same=0
		fi
		steady_last=$steady_now
		[ "$steady_i" -lt "$E2E_TIMEOUT" ] || fail "$1 never settled"
		sleep 0.1
		steady_i=$((steady_i + 1))
	done
	echo "$steady_now"
}

# wait_change CMD BEFORE WHAT: until CMD prints something else than
# BEFORE; fails with "WHAT" after the timeout.
wait_change() {
	i=0
	while [ "$($1)" = "$2" ]; do
		[ "$i" -lt "$E2E_TIMEOUT" ] || fail "$3"
		sleep 0.1
		i=$((i + 1))
	done
}

# scroll_until KEY REGEX MAX WHAT: presses KEY until a line of the
# screen matches, at most MAX times, each press changing the screen.
# Its counter is its own: wait_change's "i" would reset a shared one.
scroll_until() {
	scroll_i=0
	until screen | grep -q -e "$2"; do
		[ "$scroll_i" -lt "$3" ] || fail "no $4 after $3 presses of $1"
		scroll_before=$(screen)
		keys "$1"
		wait_change screen "$scroll_before" "$1 did not scroll to $4"
		scroll_i=$((scroll_i + 1))
	done
}

# settled: the screen stays the same for 0.2 s.
settled() {
	before_settle=$(screen)
	sleep 0.2
	[ "$before_settle" = "$(screen)" ]
}

# run LINE: types LINE at the prompt and waits until it is accepted (the
# prompt empties and the screen stays still), closing any page of news it
# opens and opening the prompt again when a page went back to the map.
# An empty prompt alone is not enough: on a slow machine (sanitizers,
# load) the prompt empties before the page that ends a player-turn is
# drawn, and keys typed then would go to that page.
run() {
	to_prompt
	$TMUX_CMD send-keys -t game -l "$1"
	wait_for "> $1\$"
	keys Enter
	i=0
	while ! { prompt_line | grep -q '> *$' && settled; }; do
		if screen | grep -q '─ What happened\|─ The end'; then
			keys Enter
		fi
		if prompt_line | grep -q '> press : to type a command'; then
			keys :
		fi
		[ "$i" -lt "$E2E_TIMEOUT" ] || fail "\"$1\" was not accepted"
		sleep 0.1
		i=$((i + 1))
	done
}

# wait_status STATUS: the game ends with this exit status; its terminal
# is not looked at.
wait_status() {
	i=0
	while [ ! -f "$WORK/status" ]; do
		[ "$i" -lt "$E2E_TIMEOUT" ] || fail "the game did not exit"
		sleep 0.1
		i=$((i + 1))
	done
	got=$(cat "$WORK/status")
	[ "$got" = "$1" ] || fail "exit status $got, wanted $1"
}

# wait_exit STATUS: the game ends with this exit status, the terminal
# restored: normal screen, cursor shown, keypad and mouse modes off, and
# the tty back in canonical mode with echo.
wait_exit() {
	wait_status "$1"
	flags=$($TMUX_CMD display -p -t game \
	    '#{alternate_on} #{cursor_flag} #{keypad_flag} #{mouse_any_flag}')
	[ "$flags" = "0 1 0 0" ] || fail "terminal not restored: \
alternate screen, cursor, keypad, mouse = $flags (wanted 0 1 0 0)"
	grep -q -e '[^-]icanon' "$WORK/stty" || fail "tty left without icanon"
	grep -q -e '[^-]echo ' "$WORK/stty" || fail "tty left without echo"
	if grep -q -e 'Sanitizer\|runtime error' "$WORK/stderr"; then
		fail "the sanitizers found a fault"
	fi
}

# The game's process id (written by the wrapper just before the exec).
game_pid() {
	cat "$WORK/pid" 2>/dev/null
}
