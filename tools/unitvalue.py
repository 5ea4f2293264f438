#!/usr/bin/env python3
"""What each unit type is worth in play, for pricing the army lists.

Reads a directory kept by tools/fairness.sh -k (the generated battles and
the simulator's TSV) and fits, by least squares, the first side's score
to the differences between the two sides' counts of each unit type
(veterans apart) and of generals:

    score - 1/2 = sum over t of  w_t * (count_t(first) - count_t(second))

w_t is what one more unit of type t is worth in score; divided by the
cost the lists give it, it says which types win more than their cost
says.  Prints a Markdown table.  Standard library only.

    python3 tools/unitvalue.py DIR [ARMYDIR]
"""
import configparser
import glob
import os
import re
import sys


def read_battle(path):
    sides, units, gens = [], {}, {}
    section = None
    cur = {}
    for raw in open(path, encoding="utf-8"):
        line = raw.rstrip("\n")
        m = re.match(r"^\[(\w+)(?: (\S+))?\]", line)
        if m:
            if section == "unit":
                units[cur["id"]] = cur
            section = m.group(1)
            cur = {"id": m.group(2)}
            if section == "side":
                sides.append(m.group(2))
            if section == "general":
                gens[m.group(2)] = cur
            continue
        m = re.match(r"^([a-z-]+) = (.*)$", line)
        if m and section in ("unit", "general"):
            cur[m.group(1)] = m.group(2)
    if section == "unit":
        units[cur["id"]] = cur
    counts = [{}, {}]
    for u in units.values():
        key = u["type"] + ("+veteran" if u.get("veteran") == "yes" else "")
        s = sides.index(u["side"])
        counts[s][key] = counts[s].get(key, 0) + 1
    for g in gens.values():
        s = sides.index(g["side"])
        counts[s]["general"] = counts[s].get("general", 0) + 1
    return counts


def costs(armydir):
    out = {}
    for path in sorted(glob.glob(os.path.join(armydir, "*.ini"))):
        cp = configparser.ConfigParser(inline_comment_prefixes=(";",))
        cp.read(path, encoding="utf-8")
        for sec in cp.sections():
            if sec.startswith("unit "):
                key = cp[sec]["type"] + (
                    "+veteran" if cp[sec].get("veteran", "no") == "yes" else "")
                out.setdefault(key, set()).add(int(cp[sec]["cost"]))
            if sec.startswith("general ") and int(cp[sec]["cost"]) > 0:
                out.setdefault("general", set()).add(int(cp[sec]["cost"]))
    return out


def solve(a, b):
    """Least squares: (A^T A) w = A^T b by Gaussian elimination."""
    n = len(a[0])
    m = [[sum(r[i] * r[j] for r in a) for j in range(n)] +
         [sum(r[i] * y for r, y in zip(a, b))] for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def main():
    d = sys.argv[1]
    armydir = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "armies")
    rows, ys = [], []
    lines = open(os.path.join(d, "sim.tsv"), encoding="utf-8").read().splitlines()
    data = []
    for line in lines[1:]:
        f = line.split("\t")
        games, w1, dr = int(f[1]), int(f[6]), int(f[8])
        data.append((read_battle(os.path.join(d, f[0])), (w1 + dr / 2) / games))
    types = sorted({k for c, _ in data for s in c for k in s})
    for c, y in data:
        rows.append([c[0].get(t, 0) - c[1].get(t, 0) for t in types])
        ys.append(y - 0.5)
    w = solve(rows, ys)
    n = len(rows)
    price = costs(armydir)
    print("%d battles; score per unit more than the enemy\n" % n)
    print("| type | worth (score) | cost | worth per point |")
    print("|---|---:|---:|---:|")
    for t, wi in zip(types, w):
        c = sorted(price.get(t, []))
        cost = c[0] if c else 0
        per = "%.3f" % (wi / cost) if cost else "-"
        print("| %s | %+.3f | %s | %s |" % (t, wi, "/".join(map(str, c)) or "-", per))


if __name__ == "__main__":
    main()
