#!/bin/sh
# The attacks of issue 30, each replayed by real Unix accounts against
# the game installed as the Debian package installs it (set-group-ID
# games; the shared directory root:games 0770, docs/security.md).  Each
# test is named after the protection it proves, and passes only if the
# attack fails.  The accounts are also given the old documented set-up
# (a group of players, a 2770 directory, ANCIENTS_SHARED_DIR in their
# environment), so a binary that predates the protections, run through
# this suite (ANCIENTS_BIN=...), is attacked the way it was attacked then.
#
# Needs root (it creates three accounts and a group, removed at the end):
# prints SKIP and exits 77 otherwise.  Environment: TOP_BUILDDIR (the
# ancients binary), ANCIENTS_BIN (another binary to attack instead),
# SHARED_GAMES_DIR (the directory compiled into it; default
# /usr/local/var/games/ancients).
set -u

say() {
	echo "hostile_accounts: $*"
}

if [ "$(id -u)" -ne 0 ]; then
	say "SKIP: not root (it creates Unix accounts)"
	exit 77
fi
for tool in useradd userdel groupadd groupdel su timeout flock; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		say "SKIP: no $tool"
		exit 77
	fi
done
if ! getent group games >/dev/null; then
	say "SKIP: no group games"
	exit 77
fi

src=${ANCIENTS_BIN:-${TOP_BUILDDIR:-.}/ancients}
# LeakSanitizer cannot run in a set-group-ID process (it dies at exit), so
# the sanitizer build's binary is not installed set-group-ID here.
if grep -q __asan_init "$src" 2>/dev/null; then
	echo "SKIP: a sanitizer build cannot run set-group-ID (LeakSanitizer)"
	exit 77
fi
sysdir=${SHARED_GAMES_DIR:-/usr/local/var/games/ancients}
[ -x "$src" ] || {
	say "FAIL: no program at $src"
	exit 1
}

tag=h$$
alice=anc${tag}a bob=anc${tag}b mallory=anc${tag}m players=anc${tag}p
tmp=$(mktemp -d /tmp/ancients-hostile.XXXXXX) || exit 1
chmod 755 "$tmp"
pids=""

# shellcheck disable=SC2317 # run by the EXIT trap
cleanup() {
	for p in $pids; do
		kill "$p" 2>/dev/null
	done
	for u in $alice $bob $mallory; do
		pkill -KILL -u "$u" 2>/dev/null
		userdel "$u" 2>/dev/null
	done
	groupdel "$players" 2>/dev/null
	rm -f "$sysdir"/"$tag"-* 2>/dev/null
	[ -n "${KEEP:-}" ] || rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

groupadd "$players" || exit 1
for u in $alice $bob $mallory; do
	useradd -M -N -d /nonexistent -s /usr/sbin/nologin -G "$players" \
	    "$u" || exit 1
done

# The game as the package installs it.
mkdir "$tmp/bin"
cp "$src" "$tmp/bin/ancients"
chgrp games "$tmp/bin/ancients" && chmod 2755 "$tmp/bin/ancients" || exit 1
bin=$tmp/bin/ancients
if [ ! -d "$sysdir" ]; then
	mkdir -p "$sysdir" && chown root:games "$sysdir" &&
	    chmod 0770 "$sysdir" || exit 1
fi
# The old set-up: a group directory and a variable in the environment.
grp=$tmp/grp
mkdir "$grp" && chown "root:$players" "$grp" && chmod 2770 "$grp" || exit 1
mkdir "$tmp/out" && chmod 777 "$tmp/out"

# as USER [VAR=VALUE...] -- ARGS...: runs the game as USER through su
# with no login shell, the old set-up's variable set, in a clean
# environment; the arguments must be plain words.
as() {
	user=$1
	shift
	vars="ANCIENTS_SHARED_DIR=$grp"
	while [ "$1" != -- ]; do
		vars="$vars $1"
		shift
	done
	shift
	su -s /bin/sh "$user" -c "cd /tmp && exec env -i PATH=/usr/bin:/bin \
	    TERM=dumb $vars $bin $*"
}

# The directories a game's files may be in, old or new.
journal_of() {
	for d in "$grp" "$sysdir"; do
		[ -e "$d/$1.journal" ] && echo "$d/$1.journal" && return
	done
	echo "$grp/$1.journal"
}

passed=0 failed=0
result() {
	if [ "$2" = ok ]; then
		passed=$((passed + 1))
		say "PASS: $1"
	else
		failed=$((failed + 1))
		say "FAIL: $1: $2"
	fi
}

# host NAME: alice hosts game NAME (rome), says hi and leaves.
host() {
	echo 'say hi' | as "$alice" -- --batch --host --name "$1" \
	    >"$tmp/host.out" 2>&1
}

# rome_state NAME: where leg1 stands, as alice's own seat sees it.
rome_state() {
	echo dump | as "$alice" -- --batch --join "$1" --side rome 2>&1 |
	    sed -n 's/^unit leg1 .*hex=\([0-9]*\).*/\1/p'
}

# --- 1. Only the binary writes: a forged line for the other side.
t_forged_line_for_the_other_side_is_impossible() {
	g=$tag-forge
	host "$g" || { result "$0" "host: $(cat "$tmp/host.out")"; return; }
	# bob makes a valid line with the game on a copy, then appends it.
	as "$bob" -- --version >/dev/null
	su -s /bin/sh "$bob" -c "cp '$(journal_of "$g")' $tmp/out/copy.save \
	    && printf 'move leg1 0405\n' | env -i PATH=/usr/bin:/bin \
	    HOME=/tmp XDG_STATE_HOME=$tmp/out $bin --batch --resume \
	    $tmp/out/copy.save >/dev/null 2>&1 &&
	    tail -n 1 $tmp/out/copy.save >>'$(journal_of "$g")'" \
	    >/dev/null 2>&1
	rm -f "$tmp/out/copy.save"
	hex=$(rome_state "$g")
	if [ "$hex" = 0406 ]; then
		result forged_line_for_the_other_side "ok"
	else
		result forged_line_for_the_other_side \
		    "bob moved alice's leg1 to $hex"
	fi
}

# --- 2. History cannot be rewritten or removed.
t_history_cannot_be_truncated_or_deleted() {
	g=$tag-trunc
	host "$g" || { result history_truncate "host: $(cat "$tmp/host.out")"; return; }
	echo 'say second' | as "$alice" -- --batch --join "$g" --side rome \
	    >/dev/null 2>&1
	su -s /bin/sh "$mallory" -c "truncate -s -20 '$(journal_of "$g")'" \
	    >/dev/null 2>&1
	as "$alice" -- --replay "$g" </dev/null >"$tmp/replay" 2>&1
	if grep -q 'second' "$tmp/replay"; then
		result history_cannot_be_truncated ok
	else
		result history_cannot_be_truncated \
		    "mallory cut the journal: $(tail -n 2 "$tmp/replay")"
	fi
	su -s /bin/sh "$mallory" -c "rm -f '$(journal_of "$g")'" \
	    >/dev/null 2>&1
	if as "$alice" -- --replay "$g" </dev/null >/dev/null 2>&1; then
		result history_cannot_be_deleted ok
	else
		result history_cannot_be_deleted "mallory removed the game"
	fi
}

# --- 3. A seat belongs to who took it: removing the lock gives nothing.
t_held_seat_cannot_be_taken() {
	g=$tag-seat
	mkfifo "$tmp/alice.in" && chmod 666 "$tmp/alice.in"
	as "$alice" -- --batch --host --name "$g" <"$tmp/alice.in" \
	    >"$tmp/alice.out" 2>&1 &
	pids="$pids $!"
	exec 4>"$tmp/alice.in"
	echo 'say here' >&4
	i=0
	until [ -e "$(journal_of "$g")" ] && grep -q here "$tmp/alice.out"; do
		i=$((i + 1))
		[ $i -lt 100 ] || break
		sleep 0.1
	done
	lock=$(dirname "$(journal_of "$g")")/$g.rome.lock
	su -s /bin/sh "$mallory" -c "rm -f '$lock'" >/dev/null 2>&1
	echo 'say mallory-was-here' | as "$mallory" -- --batch --join "$g" \
	    --side rome >"$tmp/m.out" 2>&1
	exec 4>&-
	wait
	if grep -q 'mallory-was-here' "$tmp/m.out"; then
		result held_seat_cannot_be_taken \
		    "mallory took rome while alice held it"
		return
	fi
	# alice has left: her seat is still hers, not mallory's.
	echo 'say mine-now' | as "$mallory" -- --batch --join "$g" \
	    --side rome >"$tmp/m.out" 2>&1
	if grep -q 'mine-now' "$tmp/m.out"; then
		result held_seat_cannot_be_taken \
		    "mallory took alice's seat once she left"
	else
		result held_seat_cannot_be_taken ok
	fi
}

# --- 4. No roll can be foreseen: a dry run on what a player can read.
# Two units in contact; side a's attack rolls 4 dice, which mallory
# tries to know before they are rolled.
t_rolls_cannot_be_foreseen() {
	g=$tag-dice
	cat >"$tmp/out/contact.ini" <<'EOF2'
[scenario]
title = Contact
turns = 3
initiative = a
[map]
width = 3
height = 3
[side a]
name = Side A
[side b]
name = Side B
[unit a1]
side = a
type = legionaries
hex = 0202
facing = N
[unit b1]
side = b
type = warband
hex = 0201
facing = S
EOF2
	chmod 644 "$tmp/out/contact.ini"
	echo 'say hi' | as "$alice" -- --batch --host --name "$g" --side a \
	    "$tmp/out/contact.ini" >"$tmp/host.out" 2>&1 || {
		result rolls_cannot_be_foreseen "host: $(cat "$tmp/host.out")"
		return
	}
	cmds='end
end
attack a1 b1'
	# mallory dry-runs the game from what he can read: the journal if
	# he can copy it, else the seed the game shows him.
	as "$mallory" -- --replay "$g" </dev/null >"$tmp/out/replay" 2>&1
	seed=$(sed -n 's/^seed \([0-9][0-9]*\)$/\1/p; s/.*[, ]seed \([0-9][0-9]*\).*/\1/p' \
	    "$tmp/out/replay" | head -n 1)
	su -s /bin/sh "$mallory" -c "cp '$(journal_of "$g")' \
	    $tmp/out/copy.save" >/dev/null 2>&1
	if [ -s "$tmp/out/copy.save" ]; then
		echo "$cmds" | as "$mallory" XDG_STATE_HOME=$tmp/out HOME=/tmp \
		    -- --batch --resume "$tmp/out/copy.save" >"$tmp/predicted" 2>&1
	elif [ -n "$seed" ]; then
		echo "$cmds" | as "$mallory" -- --batch --seed "$seed" \
		    "$tmp/out/contact.ini" >"$tmp/predicted" 2>&1
	else
		: >"$tmp/predicted"
	fi
	rm -f "$tmp/out/copy.save"
	echo "$cmds" | as "$alice" -- --batch --join "$g" --side a \
	    >"$tmp/alice.out" 2>&1
	grep '^Combat:' "$tmp/predicted" >"$tmp/p"
	grep '^Combat:' "$tmp/alice.out" >"$tmp/r"
	if [ ! -s "$tmp/r" ]; then
		result rolls_cannot_be_foreseen "no attack was made: $(tail -n 3 "$tmp/alice.out")"
	elif [ -s "$tmp/p" ] && cmp -s "$tmp/p" "$tmp/r"; then
		result rolls_cannot_be_foreseen \
		    "mallory foresaw the attack's dice: $(cat "$tmp/r")"
	else
		result rolls_cannot_be_foreseen ok
	fi
}

# --- 5. A symlink at a predictable lock path.
t_symlink_is_never_followed() {
	g=$tag-link
	echo precious >"$tmp/out/alice-file"
	chown "$alice" "$tmp/out/alice-file" && chmod 600 "$tmp/out/alice-file"
	for d in "$grp" "$sysdir"; do
		su -s /bin/sh "$mallory" -c \
		    "ln -s $tmp/out/alice-file '$d/$g.rome.lock'" \
		    >/dev/null 2>&1
	done
	host "$g"
	if [ "$(cat "$tmp/out/alice-file")" = precious ] &&
	    [ "$(stat -c %a "$tmp/out/alice-file")" = 600 ]; then
		result symlink_is_never_followed ok
	else
		result symlink_is_never_followed \
		    "alice's file became $(stat -c %a "$tmp/out/alice-file"): $(cat "$tmp/out/alice-file")"
	fi
}

# --- 6. A FIFO in a file's place never blocks anyone.
t_fifo_never_blocks() {
	g=$tag-fifo
	host "$g"
	for d in "$grp" "$sysdir"; do
		su -s /bin/sh "$mallory" -c \
		    "mkfifo '$d/$g.chatti.lock' '$d/$g.chatti.seat'" \
		    >/dev/null 2>&1
	done
	if echo 'say x' | timeout 20 su -s /bin/sh "$bob" -c \
	    "exec env -i PATH=/usr/bin:/bin ANCIENTS_SHARED_DIR=$grp $bin \
	    --batch --join $g" >"$tmp/b.out" 2>&1 &&
	    timeout 20 su -s /bin/sh "$bob" -c \
	    "exec env -i ANCIENTS_SHARED_DIR=$grp $bin --games" \
	    >/dev/null 2>&1 || [ $? -ne 124 ]; then
		result fifo_never_blocks ok
	else
		result fifo_never_blocks "a FIFO hung bob's game"
	fi
}

# --- 7. The journal's lock held from outside freezes nobody.
t_outside_lock_freezes_nobody() {
	g=$tag-flock
	host "$g"
	j=$(journal_of "$g")
	su -s /bin/sh "$bob" -c "exec flock -x '$j' sleep 30" \
	    >/dev/null 2>&1 &
	f=$!
	pids="$pids $f"
	sleep 1
	start=$(date +%s)
	echo 'say still-here' | timeout 20 su -s /bin/sh "$alice" -c \
	    "exec env -i PATH=/usr/bin:/bin ANCIENTS_SHARED_DIR=$grp $bin \
	    --batch --join $g --side rome" >"$tmp/a.out" 2>&1
	took=$(($(date +%s) - start))
	kill $f 2>/dev/null
	if grep -q still-here "$tmp/a.out" && [ "$took" -lt 10 ]; then
		result outside_lock_freezes_nobody ok
	else
		result outside_lock_freezes_nobody \
		    "alice waited ${took}s on bob's lock"
	fi
}

# --- 8. Escape sequences in a lock file never reach a terminal.
t_lock_file_text_is_made_safe() {
	g=$tag-esc
	mkfifo "$tmp/esc.in" && chmod 666 "$tmp/esc.in"
	as "$alice" -- --batch --host --name "$g" <"$tmp/esc.in" \
	    >/dev/null 2>&1 &
	pids="$pids $!"
	exec 5>"$tmp/esc.in"
	i=0
	until [ -e "$(journal_of "$g")" ]; do
		i=$((i + 1))
		[ $i -lt 100 ] || break
		sleep 0.1
	done
	sleep 0.3
	lock=$(dirname "$(journal_of "$g")")/$g.rome.lock
	su -s /bin/sh "$mallory" -c \
	    "printf '\033]2;pwned\007\033[2J 1\n' >'$lock'" >/dev/null 2>&1
	as "$bob" -- --games >"$tmp/games" 2>&1
	exec 5>&-
	if grep -q "$(printf '\033')" "$tmp/games"; then
		result lock_file_text_is_made_safe \
		    "--games printed mallory's escape sequence"
	else
		result lock_file_text_is_made_safe ok
	fi
}

# --- 9. Nobody appears under another's login.
t_logname_is_not_trusted() {
	g=$tag-name
	host "$g"
	echo 'say i-am-alice' | as "$bob" LOGNAME="$alice" USER="$alice" -- \
	    --batch --join "$g" >/dev/null 2>&1
	as "$alice" -- --replay "$g" </dev/null >"$tmp/replay" 2>&1
	if grep -q "$alice ([a-z]*): i-am-alice" "$tmp/replay"; then
		result logname_is_not_trusted "bob spoke as $alice"
	elif grep -q 'i-am-alice' "$tmp/replay"; then
		result logname_is_not_trusted ok
	else
		result logname_is_not_trusted "bob could not speak at all: $(tail -n 3 "$tmp/replay")"
	fi
}

# --- 10. No set-up: two accounts find each other over su, no login shell.
t_no_setup_is_needed() {
	g=$tag-plain
	echo 'say hello' | su -s /bin/sh "$alice" -c \
	    "cd /tmp && exec env -i PATH=/usr/bin:/bin $bin --batch --host \
	    --name $g" >"$tmp/a.out" 2>&1
	echo 'say hi-back' | su -s /bin/sh "$bob" -c \
	    "cd /tmp && exec env -i PATH=/usr/bin:/bin $bin --batch --join \
	    $g" >"$tmp/b.out" 2>&1
	if grep -q hi-back "$tmp/b.out"; then
		result no_setup_is_needed ok
	else
		result no_setup_is_needed "bob cannot find alice's game: $(head -n 2 "$tmp/b.out")"
	fi
}

# --- 11. Nobody fills the directory: a limit per account on open games.
t_open_games_are_limited() {
	k=1
	while [ $k -le 6 ]; do
		echo 'say x' | as "$mallory" -- --batch --host \
		    --name "$tag-fill$k" >"$tmp/m.out" 2>&1 || break
		k=$((k + 1))
	done
	if [ $k -le 6 ] && grep -qi 'at most' "$tmp/m.out"; then
		result open_games_are_limited ok
	else
		result open_games_are_limited \
		    "mallory opened $((k - 1)) games: $(cat "$tmp/m.out")"
	fi
}

# Arguments: the tests to run (t_... names); default all.
if [ $# -gt 0 ]; then
	for t in "$@"; do
		"$t"
		rm -f "$sysdir/$tag"-* "$grp/$tag"-*
	done
else
	for t in t_forged_line_for_the_other_side_is_impossible \
	    t_history_cannot_be_truncated_or_deleted \
	    t_held_seat_cannot_be_taken t_rolls_cannot_be_foreseen \
	    t_symlink_is_never_followed t_fifo_never_blocks \
	    t_outside_lock_freezes_nobody t_lock_file_text_is_made_safe \
	    t_logname_is_not_trusted t_no_setup_is_needed \
	    t_open_games_are_limited; do
		"$t"
		# Each test's games go, so that the suite itself does not
		# reach the limit on games a player sits in.
		rm -f "$sysdir/$tag"-* "$grp/$tag"-*
	done
fi
say "$passed passed, $failed failed (attacking $src)"
[ "$failed" -eq 0 ]
