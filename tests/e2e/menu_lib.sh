# Shared by the end-to-end tests of the start menu (sourced after lib.sh,
# not run): a fresh game on the first screen, choosing an entry, quitting.
#
# The menu lists the shared games too: each test gets a shared directory
# of its own, never the machine's.
ANCIENTS_SHARED_DIR=$WORK/shared
export ANCIENTS_SHARED_DIR
GAME_ENV="ANCIENTS_SHARED_DIR='$ANCIENTS_SHARED_DIR'"

# menu: a fresh game with no arguments at 80x24, on the first screen.
menu() {
	start 80 24 xterm-256color "$UTF8"
	wait_for '^ 3D6 Ancients *$'
	wait_for 'q/Esc back'
}

# choose LABEL: moves down (j) until LABEL is the chosen entry, then
# presses Enter.
choose() {
	# the menu that holds LABEL is drawn before any key goes to it
	wait_for "^ .$1"
	i=0
	while ! screen | grep -q "^ >$1"; do
		[ "$i" -lt 30 ] || fail "no entry \"$1\" on the menu"
		before=$(screen)
		keys j
		# one step at a time, however slow the machine: wait for it
		k=0
		while [ "$(screen)" = "$before" ] && [ "$k" -lt 30 ]; do
			sleep 0.1
			k=$((k + 1))
		done
		i=$((i + 1))
	done
	keys Enter
}

# quit_game: q, and y if the game asks.
quit_game() {
	keys q
	i=0
	while [ ! -f "$WORK/status" ]; do
		if screen | grep -q 'y quits'; then
			keys y
		fi
		[ "$i" -lt "$E2E_TIMEOUT" ] || fail "the game did not quit"
		sleep 0.1
		i=$((i + 1))
	done
	wait_exit 0
}
