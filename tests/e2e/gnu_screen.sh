#!/bin/sh
# Under GNU screen a single Esc acts at once: it closes the briefing and
# drops the selection.  Screen holds a lone Esc while its window reports
# the mouse (it waits for the rest of a mouse sequence), so the game asks
# for no mouse there (issue 31: Esc did nothing until the next key).
# Skipped where screen is not installed.
. "$(dirname "$0")/lib.sh"

# lib.sh's screen() reads the pane, and command -v names a function too:
# only a path is the program.
case $(unset -f screen; command -v screen) in
/*) ;;
*)
	echo "SKIP: GNU screen is not installed"
	exit 77
	;;
esac

# The game in screen in the test's pane: screen's sockets in the test's
# own directory, no user's .screenrc, and no outer screen's $STY.
mkdir -m 700 "$WORK/screens"
printf '%s\n' '#!/bin/sh' "unset STY" \
    "SCREENDIR='$WORK/screens' exec screen -c /dev/null -S anc-e2e \
'$TOP_BUILDDIR/ancients' \"\$@\"" >"$WORK/in-screen.sh"
chmod +x "$WORK/in-screen.sh"
ANCIENTS=$WORK/in-screen.sh

start 80 25 xterm-256color "$UTF8" --seed 1
wait_for 'Briefing'
keys Escape
wait_gone 'Briefing'

# Enter on the selected unit says so; Esc drops it and the message.
keys Tab
keys Enter
wait_for 'is selected; Esc drops it'
keys Escape
wait_gone 'is selected; Esc drops it'

keys q y
wait_status 0
