#!/usr/bin/env python3
"""Two builds of ancients play each other through batch mode, for
measuring a change to the computer player against the player before it.

    python3 tools/duel.py NEW OLD LEVEL SEEDS SCENARIO.ini...

SEEDS is a count N (seeds 1 to N) or a range FIRST-LAST.

NEW and OLD are two `ancients` binaries.  For every scenario, every seed
of SEEDS and both ways round, each binary runs `--batch --ai SIDE --ai-level
LEVEL --seed S` for one side, and each side's `ai:` commands are fed to
the other as its opponent's lines.  With the same seed both games roll
the same dice and stay the same game.  Prints NEW's score (wins and half
the draws) per scenario and in all.  A developer's tool (needs python3),
not a test: the figures go in docs/ai.md.
"""
import re
import subprocess
import sys


def start(binary, side, seed, scenario, level):
    return subprocess.Popen(
        [binary, '--batch', '--ai', side, '--ai-level', str(level),
         '--seed', str(seed), scenario],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def sync(p):
    """Sends dump; returns the ai commands printed before it and the
    dump's first line."""
    p.stdin.write('dump\n')
    p.stdin.flush()
    cmds, first, in_dump = [], None, False
    while True:
        line = p.stdout.readline()
        if line == '':
            raise RuntimeError('the game ended its output early')
        line = line.rstrip('\n')
        if line.startswith('ai: '):
            cmds.append(line[4:])
        elif line.startswith('game '):
            in_dump, first = True, line
        elif in_dump and line == 'end':
            return cmds, first


def play(binaries, sides, seed, scenario, level):
    ps = [start(binaries[i], sides[i], seed, scenario, level)
          for i in range(2)]
    pending = [sync(p)[0] for p in ps]
    while pending[0] or pending[1]:
        for i in range(2):
            if pending[i]:
                for c in pending[i]:
                    ps[1 - i].stdin.write(c + '\n')
                pending[i] = []
                pending[1 - i] += sync(ps[1 - i])[0]
    first = sync(ps[0])[1]
    for p in ps:
        p.stdin.close()
        p.wait()
    m = re.search(r'winner=(\S+)', first)
    return m.group(1) if m else None


def main():
    if len(sys.argv) < 6:
        sys.exit('usage: duel.py NEW OLD LEVEL SEEDS SCENARIO.ini...')
    new, old = sys.argv[1], sys.argv[2]
    level = int(sys.argv[3])
    first, _, last = sys.argv[4].partition('-')
    seeds = range(int(first), int(last) + 1) if last else \
        range(1, int(first) + 1)
    total = games = 0
    for scenario in sys.argv[5:]:
        with open(scenario) as f:
            keys = re.findall(r'^\[side (\S+)\]', f.read(), re.M)
        score = 0
        for seed in seeds:
            for swap in (0, 1):
                sides = [keys[swap], keys[1 - swap]]
                winner = play([new, old], sides, seed, scenario, level)
                score += (1 if winner == sides[0] else
                          0.5 if winner in ('draw', None) else 0)
        total += score
        games += 2 * len(seeds)
        print(f'{scenario}: NEW {score}/{2 * len(seeds)}', flush=True)
    print(f'all: NEW {total}/{games} = {100 * total / games:.1f}%')


main()
