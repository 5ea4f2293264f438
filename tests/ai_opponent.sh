#!/bin/sh
# An opponent program for the computer player in batch mode, as the
# programs that will play ours are: it sees only what commands.md
# promises (the `dump` lines, `ai:` lines, `error:` lines) and plays the
# other side through a pipe, line by line.
#
#   ai_opponent.sh BINARY SCENARIO AI-SIDE LEVEL SEED TRANSCRIPT
#
# The opponent plays at random, legal or not: moves, pivots, charges,
# pushes, transfers, shots and attacks at hexes and units picked from the
# dump, some commands that are always refused (unknown verbs and units,
# the computer's units, bad hexes, wrong phases), `odds` and `say`
# (which change nothing), `first`/`second` at the
# start of its turns and `advance`/`hold` when a decision is pending.
# After each command it sends `dump` and reads up to its `end`; reads
# block, and a watchdog kills the game if a reply does not come, so a
# reply that is not flushed, or a computer that waits for a line it does
# not need, fails.  It checks that:
#  - the computer has played before the first line when its side starts;
#  - after every reply the opponent is to act, or the game is over;
#  - no `error:` line follows an `ai:` line in a reply (the computer
#    never plays a refused command), and each `ai:` line is a command;
#  - the game ends within the scenario's turns; afterwards a game
#    command is refused and `dump` still answers;
#  - at the end of input the program exits at once, with status 1 (some
#    of the opponent's commands were refused, commands.md).
# Writes the whole exchange to TRANSCRIPT ("> " before each line sent).
# Exits 0 when every check passes, 1 with a FAIL line on standard error.

bin=$1
scen=$2
aiside=$3
level=$4
seed=$5
log=$6
limit=${AI_OPPONENT_LIMIT:-300} # seconds for the whole game

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ai_opponent.XXXXXX") || exit 1
pid=
dog=
cleanup() {
	exec 3>&- 4<&- 2>/dev/null
	[ -n "$dog" ] && kill "$dog" 2>/dev/null
	[ -n "$pid" ] && kill "$pid" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
trap '' PIPE

fail() {
	echo "FAIL: $(basename "$scen") --ai $aiside --ai-level $level" \
	    "--seed $seed: $*" >&2
	exit 1
}

: > "$log"
mkfifo "$tmp/in" "$tmp/out" || fail "mkfifo"
"$bin" --batch --ai "$aiside" --ai-level "$level" --seed "$seed" "$scen" \
    < "$tmp/in" > "$tmp/out" 2> "$tmp/err" &
pid=$!
# The watchdog: a game that stalls is killed, and the read below ends.
# Killed itself at the end, it takes its sleep with it.
(
	trap 'kill "$nap" 2>/dev/null; exit 0' TERM
	sleep "$limit" &
	nap=$!
	wait "$nap" && kill "$pid" 2>/dev/null
) &
dog=$!
exec 3> "$tmp/in" 4< "$tmp/out"

send() {
	printf '> %s\n' "$1" >> "$log"
	printf '%s\n' "$1" >&3 || fail "the game is gone (writing \"$1\")"
}

# Reads the reply to the lines sent, up to the end of the next dump.
# Sets `game` (the dump's game line), `dump` (file of the dump) and
# `refused` (1 if the reply's first line is the opponent's error).
reply() {
	seen_ai=0
	first=1
	refused=0
	indump=0
	: > "$tmp/dump"
	while :; do
		if ! IFS= read -r line <&4; then
			fail "no reply to \"$1\" (the game stalled or died;" \
			    "stderr: $(cat "$tmp/err"))"
		fi
		printf '%s\n' "$line" >> "$log"
		case $line in
		"ai: "*)
			seen_ai=1
			set -- "$1" ${line#ai: }
			case $2 in
			move|pivot|charge|push|general|shoot|attack|advance|hold|first|second|end) ;;
			*) fail "an ai: line that is no command: $line" ;;
			esac
			;;
		"error: "*)
			[ $seen_ai -eq 1 ] &&
			    fail "the computer played a refused command: $line"
			[ $first -eq 1 ] && refused=1
			;;
		"game "*)
			indump=1
			game=$line
			;;
		esac
		first=0
		[ $indump -eq 1 ] && printf '%s\n' "$line" >> "$tmp/dump"
		[ $indump -eq 1 ] && [ "$line" = end ] && break
	done
}

# Sets turn, player and phase from the game line (no subshell: this
# runs after every reply).
fields() {
	for w in $game; do
		case $w in
		turn=*) turn=${w#turn=} ;;
		player=*) player=${w#player=} ;;
		phase=*) phase=${w#phase=} ;;
		esac
	done
	state="$turn $player $phase"
}

# The opponent's side: the one that is not the computer's.
send dump
reply dump
me=$(awk -v ai="$aiside" '$1 == "army" && $2 != ai { print $2 }' \
    "$tmp/dump")
[ -n "$me" ] || fail "no side for the opponent in: $(cat "$tmp/dump")"
turns=$(sed -n 's/^turns *[=:] *\([0-9]*\).*/\1/p' "$scen" | head -n 1)

check_turn() {
	fields
	case $game in
	*" over=yes"*) return 0 ;;
	esac
	[ "$player" = "$me" ] ||
	    fail "after \"$1\" the computer still acts: $game"
	[ "$turn" -le "$turns" ] || fail "turn $turn of $turns: $game"
}
check_turn "the start"

# Writes the opponent's candidate commands for the state in $tmp/dump.
choose() {
	awk -v me="$me" -v seed="$1" -v garbage="$2" '
	function cube(h, c) {
		c[1] = substr(h, 1, 2) - 1; c[3] = substr(h, 3, 2) - 1
		c[1] -= (c[3] - c[3] % 2) / 2
		c[2] = -c[1] - c[3]
	}
	function dist(a, b,   x, y, d1, d2, d3) {
		cube(a, x); cube(b, y)
		d1 = x[1] - y[1]; d2 = x[2] - y[2]; d3 = x[3] - y[3]
		if (d1 < 0) d1 = -d1
		if (d2 < 0) d2 = -d2
		if (d3 < 0) d3 = -d3
		return d1 > d2 ? (d1 > d3 ? d1 : d3) : (d2 > d3 ? d2 : d3)
	}
	function near(h, r,   c, q) {
		c = substr(h, 1, 2) + int(rand() * (2 * r + 1)) - r
		q = substr(h, 3, 2) + int(rand() * (2 * r + 1)) - r
		if (c < 1) c = 1
		if (q < 1) q = 1
		return sprintf("%02d%02d", c, q)
	}
	function kv(s,   i) {
		i = index(s, "=")
		return substr(s, i + 1)
	}
	BEGIN { srand(seed); split("N NE SE S SW NW", fac, " ") }
	$1 == "game" { phase = kv($4) }
	$1 == "unit" && kv($5) != "-" {
		if (kv($3) == me) { n++; id[n] = $2; hx[n] = kv($5) }
		else { m++; eid[m] = $2; ehx[m] = kv($5) }
	}
	$1 == "general" && kv($3) == me { ng++; gen[ng] = $2 }
	END {
		if (garbage) {
			print "fly " id[1]
			print "move nosuch 0101"
			if (m > 0) print "pivot " eid[1] " N"
			print "move " id[1] " 101"
			print "dice 7"
			# Commands that change no state (commands.md 0.2).
			if (m > 0) print "odds " id[1] " " eid[1]
			print "say a line from the opponent"
		}
		for (i = 1; i <= n; i++) {
			u = id[i]; h = hx[i]
			e = 0; best = 999
			for (j = 1; j <= m; j++) {
				d = dist(h, ehx[j])
				if (d < best || (d == best && rand() < 0.5)) {
					best = d; e = j
				}
			}
			if (phase == "movement") {
				r = rand()
				if (e > 0 && best <= 5 && r < 0.4)
					print "charge " u " " eid[e]
				else if (r < 0.8)
					print "move " u " " near(h, 3) \
					    (rand() < 0.3 ? " " fac[int(rand() * 6) + 1] : "")
				else
					print "pivot " u " " fac[int(rand() * 6) + 1]
				if (rand() < 0.3)
					print "push " u " pivot " fac[int(rand() * 6) + 1]
				if (ng > 0 && rand() < 0.1)
					print "general " gen[int(rand() * ng) + 1] " " u
			} else if (phase == "shooting") {
				if (e > 0 && best <= 3)
					print "shoot " u " " eid[e]
			} else if (phase == "combat") {
				for (j = 1; j <= m; j++)
					if (dist(h, ehx[j]) == 1)
						print "attack " u " " eid[j]
			} else if (phase == "morale") {
				print (rand() < 0.5 ? "advance " : "hold ") u
			}
		}
	}' "$tmp/dump"
}

round=0
stuck=0
while :; do
	case $game in
	*" over=yes"*) break ;;
	esac
	round=$((round + 1))
	[ $round -le 5000 ] || fail "no end after 5000 rounds"
	now=$state
	if [ "$phase" = movement ] && [ "$now" != "$began" ]; then
		# A seized initiative looks like any movement phase in the
		# dump: try the choice first (refused when none is due).
		began=$now
		if [ $((round % 2)) -eq 0 ]; then send first; else send second; fi
		send dump
		reply first
		check_turn first
		continue
	fi
	choose "$seed$round" $((round % 7 == 1)) > "$tmp/cmds"
	changed=0
	while IFS= read -r cmd; do
		send "$cmd"
		send dump
		reply "$cmd"
		check_turn "$cmd"
		case $game in *" over=yes"*) changed=1 ;; esac
		[ "$state" != "$now" ] && changed=1
		[ $changed -eq 1 ] && break
	done < "$tmp/cmds"
	[ $changed -eq 1 ] && continue
	send end
	send dump
	reply end
	check_turn end
	if [ "$state" = "$now" ] && [ $refused -eq 1 ]; then
		stuck=$((stuck + 1))
		[ $stuck -le 20 ] ||
		    fail "the opponent cannot end $now: $(tail -n 20 "$log")"
	else
		stuck=0
	fi
done

# After the end: a game command is refused, dump answers, EOF ends it.
send "end"
send dump
reply end
[ $refused -eq 1 ] || fail "end after the game was not refused"
exec 3>&-
while IFS= read -r line <&4; do
	printf '%s\n' "$line" >> "$log"
done
wait "$pid"
status=$?
pid=
[ "$status" -eq 1 ] ||
    fail "exit status $status at the end of input, not 1 (stderr: $(cat "$tmp/err"))"
[ -s "$tmp/err" ] && fail "standard error: $(cat "$tmp/err")"
grep -q '^ai: ' "$log" || fail "the computer played nothing"
exit 0
