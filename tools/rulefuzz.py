#!/usr/bin/env python3
"""
An independent check of the rules engine, written from spec/rules.md and
commands.md alone (not from src/core): random small battles, each played
by `ancients --batch`, against this file's own reading of the rules.

    python3 tools/rulefuzz.py KIND [TRIALS] [FIRST-SEED]

KIND is los (R8.2, R14.1), charge (R5.6, R14.3, R14.4, R4.4, R6.2, R5.9,
R14.8, R5.10 and `charge` without HEX), move (R4.2, R4.3, R5.2-R5.4, R5.8,
R5.9, R6, R14.5), retreat (R10.3, R14.14), dice (R9.2, R8.3, R6, R6.1,
R14.11) or morale (R10.1-R10.6, R11.2, R14.14: several attacks, then every
check, retreat, push and advance offer in order).  ANCIENTS names the
program (default _build/ancients).  Each disagreement prints its seed and
keeps its scenario in the work directory (under TMPDIR); the last line
counts the trials.  Not part of `make check`: it takes minutes, and a
disagreement needs a reading of the spec to settle.
"""
import os, random, re, shutil, subprocess, sys, tempfile

BIN = os.environ.get('ANCIENTS', '_build/ancients')
TMP = tempfile.mkdtemp(prefix='rulefuzz.')

def nb(h, d):
    c, r = int(h[:2]), int(h[2:])
    odd = {1:(0,-1),3:(1,0),5:(0,1),7:(-1,1),9:(-1,0),11:(-1,-1)}
    even = {1:(1,-1),3:(1,0),5:(1,1),7:(0,1),9:(-1,0),11:(0,-1)}
    dc, dr = (odd if r % 2 else even)[d]
    return "%02d%02d" % (c+dc, r+dr)
def dist(a, b):
    # Cube distance (R1.4): a breadth-first walk over names broke on hexes
    # beside the map's edge, whose neighbours have column or row 00 or -1.
    A, B = to_cube(a), to_cube(b)
    return max(abs(A[i] - B[i]) for i in range(3))
FAC = {'N':12,'NE':2,'SE':4,'S':6,'SW':8,'NW':10}
def m12(x):
    x %= 12
    return 12 if x == 0 else x
def faces(h, f):
    f = FAC[f]
    return dict(front=[nb(h, m12(f-1)), nb(h, m12(f+1))], lflank=nb(h, m12(f-3)), rflank=nb(h, m12(f+3)), rear=[nb(h, m12(f-5)), nb(h, m12(f+5))])

def to_cube(h):
    c, r = int(h[:2]) - 1, int(h[2:]) - 1
    # 1-based even rows shifted right == 0-based odd rows shifted right (odd-r)
    x = c - (r - (r & 1)) // 2
    z = r
    return (x, -x - z, z)

def from_cube(q):
    x, y, z = q
    r = z
    c = x + (r - (r & 1)) // 2
    return "%02d%02d" % (c + 1, r + 1)

def cround(f):
    x, y, z = f
    rx, ry, rz = round(x), round(y), round(z)
    dx, dy, dz = abs(rx - x), abs(ry - y), abs(rz - z)
    if dx > dy and dx > dz: rx = -ry - rz
    elif dy > dz: ry = -rx - rz
    else: rz = -rx - ry
    return (rx, ry, rz)

def line(a, b):
    A, B = to_cube(a), to_cube(b)
    n = max(abs(A[i] - B[i]) for i in range(3))
    eps = (1e-6, 2e-6, -3e-6)
    out = []
    for i in range(1, n):
        t = i / n
        p = [A[k] + (B[k] - A[k]) * t for k in range(3)]
        h1 = from_cube(cround([p[k] + eps[k] for k in range(3)]))
        h2 = from_cube(cround([p[k] - eps[k] for k in range(3)]))
        out.append((h1, h2))
    return out

def blocks(h, W, H, units, terr, elev, a, b):
    c, r = int(h[:2]), int(h[2:])
    if not (1 <= c <= W and 1 <= r <= H):
        return False
    if h in units: return True
    if terr.get(h) in ('w', 'v'): return True
    if elev.get(h, 0) > elev.get(a, 0) and elev.get(h, 0) > elev.get(b, 0): return True
    return False

def clear(a, b, W, H, units, terr, elev):
    for h1, h2 in line(a, b):
        if h1 == h2:
            if blocks(h1, W, H, units, terr, elev, a, b): return False
        else:
            if blocks(h1, W, H, units, terr, elev, a, b) and blocks(h2, W, H, units, terr, elev, a, b): return False
    return True

def arc(h, f, rng):
    F = FAC[f]; out = {}
    for A in range(rng + 1):
        for B in range(rng + 1 - A):
            if A + B == 0: continue
            x = h
            for i in range(A): x = nb(x, m12(F - 1))
            for i in range(B): x = nb(x, m12(F + 1))
            out[x] = A + B
    return out

TYPES = {  # class, MA, traits
    'legionaries': ('formed', 2, {'armored'}), 'auxilia': ('formed', 2, set()),
    'warband': ('formed', 2, {'woods'}), 'sagittarii': ('nimble', 2, {'light'}),
    'velites': ('nimble', 3, {'light', 'woods'}), 'equites': ('nimble', 3, {'mounted'}),
    'equites-auxiliares': ('nimble', 4, {'mounted'}), 'bigaux': ('formed', 4, set()),
    'bigvel': ('nimble', 5, {'light', 'woods'}),
}
HOURS = {v: k for k, v in FAC.items()}
W = H = 10
def onmap(h):
    c, r = int(h[:2]), int(h[2:]); return 1 <= c <= W and 1 <= r <= H and len(h) == 4
def enter(ty, code):
    tr = TYPES[ty][2]
    if code == 'w': return 'woods' in tr
    if code == 'r': return 'mounted' not in tr
    if code in ('s', '~'): return False
    return True
def nbrs(h): return [nb(h, d) for d in (1, 3, 5, 7, 9, 11)]
def clock_of(a, b):
    for d in (1, 3, 5, 7, 9, 11):
        if nb(a, d) == b: return d
def front(h, f): return {nb(h, m12(f - 1)), nb(h, m12(f + 1))}

def options(units, terr, c, t):
    """contact hex -> (pivots, pathlen, final facing hour)"""
    cs, cty, ch, cf = units[c]
    ts, tty, th, tf = units[t]
    occ = {u[2]: n for n, u in units.items()}
    enemies = [u[2] for n, u in units.items() if u[0] != cs]
    if any(dist(ch, e) == 1 for e in enemies): return {}
    cls, ma, tr = TYPES[cty]
    maxp = ma - 1
    def transit_ok(h):
        if not onmap(h) or not enter(cty, terr.get(h, '.')): return False
        if any(dist(h, e) == 1 for e in enemies): return False
        if h in occ:
            o = units[occ[h]]
            if o[0] != cs: return False
            return 'light' in tr and 'light' in TYPES[o[1]][2]
        return True
    def contact_ok(h):
        if not onmap(h) or not enter(cty, terr.get(h, '.')) or h in occ: return False
        if dist(h, th) != 1: return False
        # R4.4 on the target
        fr = [nb(th, m12(tf - 1)), nb(th, m12(tf + 1))]
        rr = [nb(th, m12(tf - 5)), nb(th, m12(tf + 5))]
        for face in (fr, rr):
            if h in face:
                for x in face:
                    if x != h and x in occ and units[occ[x]][0] == cs: return False
        return True
    res = {}
    pivots = [0] if cls == 'nimble' else [0, -2, 2]
    for p in pivots:
        F = m12(cf + p)
        dirs = (1, 3, 5, 7, 9, 11) if cls == 'nimble' else (m12(F - 1), m12(F + 1))
        # BFS over transit hexes
        dd = {ch: 0}; fr_ = [ch]; cand = {}
        while fr_:
            nx = []
            for h in fr_:
                for d in dirs:
                    x = nb(h, d)
                    if not onmap(x): continue
                    if dd[h] + 1 <= maxp and contact_ok(x):
                        if x not in cand or cand[x] > dd[h] + 1: cand[x] = dd[h] + 1
                    if x not in dd and dd[h] + 1 < maxp and transit_ok(x):
                        dd[x] = dd[h] + 1; nx.append(x)
            fr_ = nx
        for x, L in cand.items():
            k = clock_of(x, th)
            if cls == 'nimble':
                opts = [m12(k - 1), m12(k + 1)]
                def cd(a, b):
                    d = abs(a - b) % 12; return min(d, 12 - d)
                opts.sort(key=lambda f: cd(f, cf))
                assert cd(opts[0], cf) != cd(opts[1], cf)
                fin = opts[0]
            else:
                if th not in front(x, F): continue
                fin = F
            key = (abs(p) // 2, L)
            if x not in res or key < res[x][:2]:
                res[x] = (abs(p) // 2, L, fin)
    return res

def random_terrain(R, cuts):
    """Each hex's code, drawn column by column: cuts is a list of
    (limit, code), the last code taking the rest."""
    terr = {}
    for c in range(1, W + 1):
        for r in range(1, H + 1):
            x = R.random(); h = "%02d%02d" % (c, r)
            terr[h] = next((code for lim, code in cuts if x < lim), 'f')
    return terr
FIELD = [(0.7, '.'), (0.8, 'w'), (0.87, 'r'), (0.92, 's'), (0.96, '~')]
def placer(R, terr, units):
    """place(name, side, type, near, radius): a unit on a free hex it may
    enter, within radius of near (any hex without near); False if none
    is found in 200 tries."""
    def place(n, side, ty, near, rad):
        for _ in range(200):
            h = "%02d%02d" % (R.randint(1, W), R.randint(1, H))
            if near and not (1 <= dist(h, near) <= rad): continue
            if any(u[2] == h for u in units.values()): continue
            if not enter(ty, terr[h]): continue
            units[n] = (side, ty, h, R.choice([12, 2, 4, 6, 8, 10])); return True
        return False
    return place
def map_lines(title, terr):
    """A scenario's head and its W x H map of terrain codes."""
    L = ['[scenario]', 'title = ' + title, 'turns = 2', 'initiative = a', '', '[map]', 'width = %d' % W, 'height = %d' % H, 'terrain =']
    for r in range(1, H + 1):
        L.append('  ' + ' '.join(terr["%02d%02d" % (c, r)] for c in range(1, W + 1)))
    return L
def road_lines(rl):
    """The roads key for the sorted hexes rl (none: no key)."""
    L = ['roads ='] if rl else []
    for k in range(0, len(rl), 20): L.append('  ' + ' '.join(rl[k:k + 20]))
    return L
def sides_and_units(units):
    """The two sides, the two faster types and the units, name -> (side,
    type, hex, facing hour)."""
    L = ['', '[side a]', 'name = A', '', '[side b]', 'name = B', '',
         '[type bigaux]', 'base = auxilia', 'move = 4', '', '[type bigvel]', 'base = velites', 'move = 5']
    for n, (sd, ty, h, f) in units.items():
        L += ['', '[unit %s]' % n, 'side = ' + sd, 'type = ' + ty, 'hex = ' + h, 'facing = ' + HOURS[f]]
    return L
def charge_trial(seed):
    R = random.Random(seed)
    terr = random_terrain(R, FIELD)
    units = {}
    place = placer(R, terr, units)
    th = "%02d%02d" % (R.randint(3, 8), R.randint(3, 8))
    terr[th] = R.choice('..wr')
    tty = 'velites' if terr[th] == 'w' else R.choice(['auxilia', 'legionaries', 'sagittarii'])
    units['t'] = ('b', tty, th, R.choice([12, 2, 4, 6, 8, 10]))
    cty = R.choice(list(TYPES))
    if not place('c', 'a', cty, th, TYPES[cty][1]): return None
    for i in range(R.randint(0, 7)):
        place('o%d' % i, R.choice('ab'), R.choice(['auxilia', 'velites', 'sagittarii', 'equites']), th, 3)
    L = map_lines('ch', terr)
    # roads everywhere around, which a charge ignores (R14.5)
    rl = sorted("%02d%02d" % (c, r) for c in range(1, W + 1) for r in range(1, H + 1) if R.random() < 0.4)
    L += road_lines(rl)
    L += sides_and_units(units)
    open(TMP + '/ch.ini', 'w').write('\n'.join(L) + '\n')
    want = options(units, terr, 'c', 't')
    bad = []
    def run(cmd):
        p = subprocess.run([BIN, '--batch', '--seed', '1', TMP + '/ch.ini'], input=cmd + '\n', capture_output=True, text=True)
        if p.stderr: print('STDERR', seed, p.stderr[:300]); return 'x'
        m = re.search(r'^Charge: c charges t, \d{4} -> (\d{4}) \((\d+) hex(?:es)?\), facing (\w+)', p.stdout, re.M)
        if m: return (m.group(1), int(m.group(2)), FAC[m.group(3)])
        return None
    for x in nbrs(th):
        if not onmap(x): continue
        g = run('charge c t ' + x)
        w = want.get(x)
        wv = (x, w[1], w[2]) if w else None
        if g != wv: bad.append(('hex', x, 'program', g, 'mine', wv))
    g = run('charge c t')
    if want:
        best = min(want, key=lambda x: (want[x][1], x))
        wv = (best, want[best][1], want[best][2])
    else: wv = None
    if g != wv: bad.append(('nohex', 'program', g, 'mine', wv))
    if bad:
        print('MISMATCH seed', seed, units, bad)
        shutil.copy(TMP + '/ch.ini', TMP + '/ch-%d.ini' % seed)
    return bool(want)

def los_trial(seed):
    R = random.Random(seed)
    W = H = 16
    allh = ["%02d%02d" % (c, r) for c in range(1, W + 1) for r in range(1, H + 1)]
    s = "%02d%02d" % (R.randint(5, 12), R.randint(5, 12))
    f = R.choice(list(FAC))
    ar = {h: d for h, d in arc(s, f, 6).items() if h in allh and d >= 2}
    t = R.choice(sorted(ar))
    terr, elev, units = {}, {}, {}
    for h in allh:
        x = R.random()
        if h in (s, t): pass
        elif x < 0.08: terr[h] = 'w'
        elif x < 0.12: terr[h] = 'v'
        y = R.random()
        if y < 0.10: elev[h] = 1
        elif y < 0.15: elev[h] = 2
    free = [h for h in allh if h not in (s, t) and terr.get(h) != 'w']
    for i, h in enumerate(R.sample(free, R.randint(0, 12))):
        units[h] = 'x%d' % i
    lines = ['[scenario]', 'title = los', 'turns = 2', 'initiative = a', '', '[map]', 'width = %d' % W, 'height = %d' % H, 'terrain =']
    for r in range(1, H + 1):
        lines.append('  ' + ' '.join(terr.get("%02d%02d" % (c, r), '.') for c in range(1, W + 1)))
    h1 = [h for h in allh if elev.get(h) == 1]; h2 = [h for h in allh if elev.get(h) == 2]
    for key, hl in (('hills', h1), ('high-hills', h2)):
        if hl:
            lines.append(key + ' =')
            for i in range(0, len(hl), 20): lines.append('  ' + ' '.join(hl[i:i+20]))
    lines += ['', '[side a]', 'name = A', '', '[side b]', 'name = B', '', '[type archer]', 'base = sagittarii', 'missile-range = 6', '',
              '[unit s]', 'side = a', 'type = archer', 'hex = ' + s, 'facing = ' + f, '', '[unit t]', 'side = b', 'type = auxilia', 'hex = ' + t, 'facing = N']
    for h, n in units.items():
        lines += ['', '[unit %s]' % n, 'side = a', 'type = auxilia', 'hex = ' + h, 'facing = N']
    open(TMP + '/los.ini', 'w').write('\n'.join(lines) + '\n')
    p = subprocess.run([BIN, '--batch', '--seed', '1', TMP + '/los.ini'], input='end\nshoot s t\n', capture_output=True, text=True)
    got = 'Shooting:' in p.stdout
    want = clear(s, t, W, H, set(units), terr, elev)
    if got != want:
        print('MISMATCH seed', seed, s, f, t, 'program', got, 'mine', want, p.stdout.strip()[-120:], p.stderr[:200])
        return "MISMATCH"
    return want

def reach(units, terr, roads, c):
    cs, cty, ch, cf = units[c]
    occ = {u[2]: n for n, u in units.items()}
    enemies = [u[2] for n, u in units.items() if u[0] != cs]
    if any(dist(ch, e) == 1 for e in enemies): return {}
    cls, ma, tr = TYPES[cty]
    dirs = (1, 3, 5, 7, 9, 11) if cls == 'nimble' else (m12(cf - 1), m12(cf + 1))
    def ok(h):
        if not onmap(h) or not enter(cty, terr[h]): return False
        if any(dist(h, e) == 1 for e in enemies): return False
        if h in occ:
            o = units[occ[h]]
            return o[0] == cs and 'light' in tr and 'light' in TYPES[o[1]][2]
        return True
    dd = {ch: 0}; fr = [ch]
    while fr:
        nx = []
        for h in fr:
            for d in dirs:
                x = nb(h, d)
                if x not in dd and ok(x) and dd[h] + 1 <= ma + 1:
                    dd[x] = dd[h] + 1; nx.append(x)
        fr = nx
    res = {}
    for h, L in dd.items():
        if h == ch or h in occ: continue
        lim = ma + (1 if ch in roads and h in roads else 0)
        if L <= lim: res[h] = L
    return res
def move_trial(seed):
    R = random.Random(seed)
    terr = random_terrain(R, FIELD)
    roads = set("%02d%02d" % (c, r) for c in range(1, W + 1) for r in range(1, H + 1) if R.random() < 0.3)
    units = {}
    place = placer(R, terr, units)
    cty = R.choice(list(TYPES))
    ch = "%02d%02d" % (R.randint(2, 9), R.randint(2, 9))
    terr[ch] = '.'
    units['c'] = ('a', cty, ch, R.choice([12, 2, 4, 6, 8, 10]))
    for i in range(R.randint(0, 8)):
        place('o%d' % i, R.choice('ab'), R.choice(['auxilia', 'velites', 'sagittarii', 'equites']), ch, 4)
    if not any(u[0] == 'b' for u in units.values()):
        place('fb', 'b', 'auxilia', None, 0)
    L = map_lines('mv', terr)
    L += road_lines(sorted(roads))
    L += sides_and_units(units)
    open(TMP + '/mv.ini', 'w').write('\n'.join(L) + '\n')
    want = reach(units, terr, roads, 'c')
    bad = []
    cands = ["%02d%02d" % (c, r) for c in range(1, W + 1) for r in range(1, H + 1) if 1 <= dist(ch, "%02d%02d" % (c, r)) <= TYPES[cty][1] + 2]
    for x in cands:
        p = subprocess.run([BIN, '--batch', '--seed', '1', TMP + '/mv.ini'], input='move c %s\n' % x, capture_output=True, text=True)
        m = re.search(r'^Move: c \d{4} -> (\d{4}) \((\d+) hex', p.stdout, re.M)
        g = int(m.group(2)) if m else None
        if p.stderr: print('STDERR', seed, p.stderr[:200]); return 'E'
        if g != want.get(x): bad.append((x, 'program', g, 'mine', want.get(x)))
    if bad:
        print('MISMATCH seed', seed, cty, ch, bad[:5])
        shutil.copy(TMP + '/mv.ini', TMP + '/mv-%d.ini' % seed)
        return 'M'
    return len(want)

def retreat_trial(seed):
    R = random.Random(seed)
    terr = random_terrain(R, [(0.65, '.'), (0.75, 'w'), (0.83, 'r'), (0.9, 's'), (0.95, '~')])
    th = "%02d%02d" % (R.choice([1, 2, 5, 9, 10]), R.choice([1, 2, 5, 9, 10]))
    terr[th] = '.'
    tf = R.choice([12, 2, 4, 6, 8, 10])
    units = {'t': ('b', 'auxilia', th, tf, R.randint(0, 7))}
    # attacker in one of t's front hexes, facing so that t is in its front
    fr = [x for x in (nb(th, m12(tf - 1)), nb(th, m12(tf + 1))) if onmap(x)]
    fr += [x for x in nbrs(th) if onmap(x)]
    ah = R.choice(fr)
    terr[ah] = '.'
    fs = [f for f in (12, 2, 4, 6, 8, 10) if th in front(ah, f)]
    units['a1'] = ('a', 'auxilia', ah, R.choice(fs), 0)
    def free(h): return onmap(h) and all(u[2] != h for u in units.values())
    for i in range(R.randint(0, 14)):
        near = [x for x in (nbrs(th) + [y for z in nbrs(th) if onmap(z) for y in nbrs(z)]) if free(x)]
        if not near: break
        h = R.choice(near)
        side = R.choice('abb')
        ty = R.choice(['auxilia', 'velites', 'equites', 'auxilia'])
        if not enter(ty, terr[h]): continue
        if side == 'a':
            bs = {u[2] for u in units.values() if u[0] == 'b'}
            fs = [f for f in (12, 2, 4, 6, 8, 10) if not (front(h, f) & bs)]
            if not fs: continue
            # later b units could land in its front: avoid by placing b units only where no a unit has them in front
            units['o%d' % i] = (side, ty, h, R.choice(fs), 0)
        else:
            if any(u[0] == 'a' and n != 'a1' and h in front(u[2], u[3]) for n, u in units.items()): continue
            if h in front(ah, units['a1'][3]): continue
            units['o%d' % i] = (side, ty, h, R.choice([12, 2, 4, 6, 8, 10]), 0)
    L = map_lines('rt', terr)
    L += ['', '[side a]', 'name = A', '', '[side b]', 'name = B']
    for n, (sd, ty, h, f, hits) in units.items():
        L += ['', '[unit %s]' % n, 'side = ' + sd, 'type = ' + ty, 'hex = ' + h, 'facing = ' + HOURS[f], 'hits = %d' % hits]
    open(TMP + '/rt.ini', 'w').write('\n'.join(L) + '\n')
    # my expectation
    occ = {u[2]: n for n, u in units.items()}
    hits = units['t'][4] + 1
    enemies = [u[2] for n, u in units.items() if u[0] == 'a']
    def near(h): return min(dist(h, e) for e in enemies)
    opts = []
    for d in (m12(tf - 5), m12(tf + 5)):
        x = nb(th, d)
        if not onmap(x): opts.append(('BLOCKED', d, x, None)); continue
        if x in occ and units[occ[x]][0] == 'a': opts.append(('ENEMY', d, x, None)); continue
        if not enter('auxilia', terr[x]): opts.append(('BLOCKED', d, x, None)); continue
        if x not in occ: opts.append(('EMPTY', d, x, None)); continue
        fn = occ[x]; y = nb(x, d)
        if not onmap(y) or not enter(units[fn][1], terr[y]) or y in occ: opts.append(('BLOCKED', d, x, None)); continue
        opts.append(('FRIEND', d, x, (fn, y)))
    pos = {n: u[2] for n, u in units.items()}
    if all(o[0] == 'ENEMY' for o in opts):
        pos['t'] = '-'; thits = hits
    else:
        good = [o for o in opts if o[0] in ('EMPTY', 'FRIEND')]
        if not good:
            thits = min(9, hits + 1); 
            if thits == 9: pos['t'] = '-'
        else:
            good.sort(key=lambda o: (o[0] != 'EMPTY', -near(o[2]), o[1]))
            o = good[0]; thits = hits
            pos['t'] = o[2]
            if o[3]: pos[o[3][0]] = o[3][1]
    nd = 3
    if ah in (nb(th, m12(tf - 3)), nb(th, m12(tf + 3))): nd += 1
    if ah in (nb(th, m12(tf - 5)), nb(th, m12(tf + 5))): nd += 2
    dice = ' '.join(['4'] + ['3'] * (nd - 1))
    p = subprocess.run([BIN, '--batch', '--seed', '1', TMP + '/rt.ini'], input='end\nend\ndice %s\nattack a1 t\ndice 1\nend\nhold a1\ndump\n' % dice, capture_output=True, text=True)
    got = {}
    for m in re.finditer(r'^unit (\S+) side=\S+ type=\S+ hex=(\S+) facing=\S+ hits=(\d+)', p.stdout, re.M):
        got[m.group(1)] = (m.group(2), int(m.group(3)))
    want = {n: (pos[n], u[4] if n != 't' else thits) for n, u in units.items()}
    if got != want or p.stderr:
        print('MISMATCH seed', seed, 'opts', opts, '\n got ', got, '\n want', want, p.stderr[:200])
        shutil.copy(TMP + '/rt.ini', TMP + '/rt-%d.ini' % seed)
        return 'M'
    return good[0][0] if not all(o[0] == 'ENEMY' for o in opts) and good else 'stay/destroyed'

CT = {'legionaries': (4, set(['armored'])), 'auxilia': (3, set()), 'warband': (3, {'ignores-armor', 'woods'}),
      'velites': (2, {'woods'}), 'equites': (3, {'mounted'}), 'sagittarii': (2, set())}
def enter_ct(ty, code):
    tr = CT[ty][1]
    if code == 'w': return 'woods' in tr
    if code == 'r': return 'mounted' not in tr
    return code not in ('s', '~')
def dice_trial(seed):
    R = random.Random(seed)
    shoot = R.random() < 0.4
    th = "%02d%02d" % (R.randint(3, 6), R.randint(3, 6))
    tf = R.choice([12, 2, 4, 6, 8, 10])
    if shoot:
        aty = R.choice(['sagittarii', 'velites'])
        af = R.choice([12, 2, 4, 6, 8, 10])
        # shooter somewhere with t in its arc at range 2..3
        cands = []
        for c in range(1, W + 1):
            for r in range(1, H + 1):
                h = "%02d%02d" % (c, r)
                if h != th and 2 <= dist(h, th) and th in arc(h, HOURS[af], 3 if aty == "sagittarii" else 2): cands.append(h)
        if not cands: return None
        ah = R.choice(cands)
    else:
        aty = R.choice(list(CT))
        ah = nb(th, R.choice([1, 3, 5, 7, 9, 11]))
        af = R.choice([f for f in (12, 2, 4, 6, 8, 10) if th in front(ah, f)])
    tty = R.choice(list(CT))
    codes = '.....wrfbv'
    tcode = R.choice([c for c in codes if enter_ct(tty, c)])
    acode = R.choice([c for c in codes if enter_ct(aty, c)])
    terr = {th: tcode, ah: acode}
    fort = tcode == 'v' and R.random() < 0.5
    elev = {th: R.choice([0, 0, 1, 2]), ah: R.choice([0, 0, 1, 2])}
    gen = R.random() < 0.3
    L = ['[scenario]', 'title = d', 'turns = 2', 'initiative = a', '', '[map]', 'width = %d' % W, 'height = %d' % H, 'terrain =']
    for r in range(1, H + 1):
        L.append('  ' + ' '.join(terr.get("%02d%02d" % (c, r), '.') for c in range(1, W + 1)))
    h1 = [h for h in elev if elev[h] == 1]; h2 = [h for h in elev if elev[h] == 2]
    if h1: L.append('hills = ' + ' '.join(h1))
    if h2: L.append('high-hills = ' + ' '.join(h2))
    if fort: L.append('fortified = ' + th)
    L += ['', '[side a]', 'name = A', '', '[side b]', 'name = B',
          '', '[unit a1]', 'side = a', 'type = ' + aty, 'hex = ' + ah, 'facing = ' + HOURS[af],
          '', '[unit t]', 'side = b', 'type = ' + tty, 'hex = ' + th, 'facing = ' + HOURS[tf]]
    if gen: L += ['', '[general g]', 'side = a', 'unit = a1']
    open(TMP + '/d.ini', 'w').write('\n'.join(L) + '\n')
    if shoot:
        n = 2
        if 'armored' in CT[tty][1]: n -= 1
    else:
        n = CT[aty][0]
        if gen: n += 1
        if ah in (nb(th, m12(tf - 3)), nb(th, m12(tf + 3))): n += 1
        if ah in (nb(th, m12(tf - 5)), nb(th, m12(tf + 5))): n += 2
        if 'armored' in CT[tty][1] and 'ignores-armor' not in CT[aty][1]: n -= 1
    if tcode in ('w', 'r'): n -= 1
    if tcode in ('f', 'b') or acode in ('f', 'b'): n -= 1
    if fort: n -= 1
    if elev[th] > elev[ah]: n -= 1
    n = max(1, n)
    if shoot and not clear(ah, th, W, H, set(), terr, elev): return None
    cmd = 'end\nshoot a1 t\n' if shoot else 'end\nend\nattack a1 t\n'
    p = subprocess.run([BIN, '--batch', '--seed', '1', TMP + '/d.ini'], input=cmd, capture_output=True, text=True)
    m = re.search(r'= (\d+)D6, rolls', p.stdout)
    got = int(m.group(1)) if m else None
    if got != n or p.stderr:
        print('MISMATCH', seed, 'shoot' if shoot else 'attack', aty, acode, elev[ah], tty, tcode, elev[th], 'fort', fort, 'gen', gen, 'got', got, 'want', n, p.stdout.strip()[-200:], p.stderr[:200])
        shutil.copy(TMP + '/d.ini', TMP + '/d-%d.ini' % seed)
        return 'M'
    return 'ok'


# Phase 4 with several units (R10.1-R10.6, R11.2, R14.14): auxilia and
# velites, no generals, no routs in the checks' dice.
def ent_foot(ty, code):
    if code == 'w': return ty == 'velites'
    return code not in ('s', '~')
def m4_trial(seed):
    R = random.Random(seed)
    W = H = 10
    terr = {}
    allh = ["%02d%02d" % (c, r) for c in range(1, W + 1) for r in range(1, H + 1)]
    for h in allh:
        x = R.random()
        terr[h] = '.' if x < 0.75 else 'w' if x < 0.82 else 'r' if x < 0.88 else 's' if x < 0.94 else 'f'
    units = {}  # name -> [side, type, hex, facing, hits]
    occ = {}
    def put(n, sd, ty, h, f, hits):
        units[n] = [sd, ty, h, f, hits]; occ[h] = n
    # b targets in a cluster, a attackers in front of some of them
    nb_ = R.randint(2, 7)
    centre = "%02d%02d" % (R.randint(4, 7), R.randint(4, 7))
    area = [h for h in allh if dist(h, centre) <= 3]
    i = 0
    for h in R.sample(area, len(area)):
        if i >= nb_: break
        ty = R.choice(['auxilia', 'auxilia', 'velites'])
        if not ent_foot(ty, terr[h]) or h in occ: continue
        put('b%d' % i, 'b', ty, h, R.choice([12, 2, 4, 6, 8, 10]), R.randint(0, 4)); i += 1
    bs = [n for n in units]
    attacks = []
    for n in bs:
        if R.random() < 0.25: continue
        th = units[n][2]
        spots = [x for x in nbrs(th) if onmap(x) and x not in occ and terr[x] in '.rf']
        R.shuffle(spots)
        for s in spots:
            fs = [f for f in (12, 2, 4, 6, 8, 10) if th in front(s, f)]
            f = R.choice(fs)
            # its front must hold no other b unit (one target each)
            others = [occ[x] for x in front(s, f) if x in occ and units[occ[x]][0] == 'b' and occ[x] != n]
            if others: continue
            an = 'a%d' % len(attacks)
            put(an, 'a', 'auxilia', s, f, 0)
            attacks.append((an, n)); break
    # later b units must not sit in another attacker's front: check
    for an, tn in attacks:
        s, f = units[an][2], units[an][3]
        for x in front(s, f):
            if x in occ and units[occ[x]][0] == 'b' and occ[x] != tn: return None
    for j in range(R.randint(0, 4)):  # bystanders of b, to push or block
        h = R.choice(area)
        if h in occ or not ent_foot('auxilia', terr[h]): continue
        # must not be in an attacker's front
        if any(h in front(units[an][2], units[an][3]) for an, _ in attacks): continue
        put('f%d' % j, 'b', 'auxilia', h, R.choice([12, 2, 4, 6, 8, 10]), 0)
    if not attacks: return None
    if not any(u[0] == 'a' for u in units.values()): return None
    L = ['[scenario]', 'title = m4', 'turns = 2', 'initiative = a', '', '[map]', 'width = %d' % W, 'height = %d' % H, 'terrain =']
    for r in range(1, H + 1):
        L.append('  ' + ' '.join(terr["%02d%02d" % (c, r)] for c in range(1, W + 1)))
    L += ['', '[side a]', 'name = A', '', '[side b]', 'name = B']
    order = list(units)
    for n in order:
        sd, ty, h, f, hits = units[n]
        L += ['', '[unit %s]' % n, 'side = ' + sd, 'type = ' + ty, 'hex = ' + h, 'facing = ' + HOURS[f], 'hits = %d' % hits]
    open(TMP + '/m4.ini', 'w').write('\n'.join(L) + '\n')
    start = {'a': 2 * sum(1 for u in units.values() if u[0] == 'a'), 'b': 2 * sum(1 for u in units.values() if u[0] == 'b')}
    # combat
    cmds = ['end', 'end']
    lost = set(); routed_in_combat = set()
    for an, tn in attacks:
        s, f = units[an][2], units[an][3]
        th, tf = units[tn][2], units[tn][3]
        n = 3
        if s in (nb(th, m12(tf - 3)), nb(th, m12(tf + 3))): n += 1
        if s in (nb(th, m12(tf - 5)), nb(th, m12(tf + 5))): n += 2
        if terr[th] in ('w', 'r'): n -= 1
        if terr[th] == 'f' or terr[s] == 'f': n -= 1
        n = max(1, n)
        dice = [R.randint(2, 6) for _ in range(n)]
        hits = sum(1 for d in dice if d >= 4)
        units[tn][4] = min(9, units[tn][4] + hits)
        if hits: lost.add(tn)
        if units[tn][4] >= 9: routed_in_combat.add(tn)
        cmds += ['dice ' + ' '.join(map(str, dice)), 'attack %s %s' % (an, tn)]
    # morale, in hex-name order fixed now
    chk = sorted([n for n in lost], key=lambda n: units[n][2])
    mdice = []
    failed, routed, vac = set(), set(routed_in_combat), []
    onm = {n: n not in routed_in_combat for n in units}
    def enemies_of(sd): return [u[2] for n, u in units.items() if onm[n] and u[0] != sd]
    for n in chk:
        if not onm[n]: continue
        u = units[n]
        need = 2 if u[4] <= 4 else 3
        d = R.randint(1, 6); mdice.append(d)
        if d >= need: continue
        failed.add(n)
        opts = []
        occ = {uu[2]: nn for nn, uu in units.items() if onm[nn]}
        for dr in (m12(u[3] - 5), m12(u[3] + 5)):
            x = nb(u[2], dr)
            if not onmap(x): opts.append(('B', dr, x, None)); continue
            if x in occ and units[occ[x]][0] != u[0]: opts.append(('E', dr, x, None)); continue
            if not ent_foot(u[1], terr[x]): opts.append(('B', dr, x, None)); continue
            if x not in occ: opts.append(('M', dr, x, None)); continue
            fn = occ[x]; y = nb(x, dr)
            if not onmap(y) or not ent_foot(units[fn][1], terr[y]) or y in occ: opts.append(('B', dr, x, None)); continue
            opts.append(('F', dr, x, (fn, y)))
        if all(o[0] == 'E' for o in opts):
            onm[n] = False; routed.add(n); continue
        good = [o for o in opts if o[0] in 'MF']
        if not good:
            u[4] = min(9, u[4] + 1)
            if u[4] == 9: onm[n] = False; routed.add(n)
            continue
        en = enemies_of(u[0])
        near = lambda h: min(dist(h, e) for e in en) if en else 0
        good.sort(key=lambda o: (o[0] != 'M', -near(o[2]), o[1]))
        o = good[0]
        if o[3]: units[o[3][0]][2] = o[3][1]
        vac.append((n, u[2])); u[2] = o[2]
    # advance offers
    occ = {uu[2]: nn for nn, uu in units.items() if onm[nn]}
    offers = []
    for n, h in vac:
        if h in occ: continue
        for an, tn in attacks:
            if tn == n and onm[an] and ent_foot('auxilia', terr[h]): offers.append((an, h))
    cmds += ['dice ' + ' '.join(map(str, mdice))] if mdice else []
    cmds += ['end']
    for an, h in offers:
        cmds.append('advance ' + an)
        units[an][2] = h
    cmds.append('dump')
    p = subprocess.run([BIN, '--batch', '--seed', '1', TMP + '/m4.ini'], input='\n'.join(cmds) + '\n', capture_output=True, text=True)
    got = {}
    for m in re.finditer(r'^unit (\S+) side=\S+ type=\S+ hex=(\S+) facing=\S+ hits=(\d+)', p.stdout, re.M):
        got[m.group(1)] = (m.group(2), int(m.group(3)))
    want = {n: (u[2] if onm[n] else '-', u[4]) for n, u in units.items()}
    bpb = start['b'] - sum(1 for n in failed if onm[n] and n not in routed) - 2 * len(routed)
    gb = re.search(r'^army b bp=(-?\d+)', p.stdout, re.M)
    gotoffers = re.findall(r'^Advance\? (\S+) may advance into (\d{4})', p.stdout, re.M)
    errs = len(re.findall(r'^error:', p.stdout, re.M))
    if got != want or (gb and int(gb.group(1)) != bpb) or sorted(gotoffers) != sorted(offers) or errs or p.stderr:
        print('MISMATCH seed', seed, '\n got ', got, '\n want', want, 'bp', gb and gb.group(1), bpb, 'offers', gotoffers, offers, 'errs', errs, p.stderr[:200])
        print([l for l in p.stdout.splitlines() if l.startswith('error')][:3])
        shutil.copy(TMP + '/m4.ini', TMP + '/m4-%d.ini' % seed); open(TMP + '/m4-%d.cmds' % seed, 'w').write('\n'.join(cmds) + '\n')
        return 'M'
    return len(chk)

KINDS = {'los': los_trial, 'charge': charge_trial, 'move': move_trial,
         'retreat': retreat_trial, 'dice': dice_trial,
         'morale': m4_trial}

def main():
    if len(sys.argv) < 2 or sys.argv[1] not in KINDS:
        sys.exit('usage: rulefuzz.py los|charge|move|retreat|dice|morale [TRIALS] [FIRST-SEED]')
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    first = int(sys.argv[3]) if len(sys.argv) > 3 else 0
    counts = {}
    for seed in range(first, first + n):
        r = KINDS[sys.argv[1]](seed)
        r = 'disagree' if r in ('M', 'MISMATCH', 'E') else 'agree'
        counts[r] = counts.get(r, 0) + 1
    print(sys.argv[1], n, 'trials:', ', '.join('%s %d' % kv for kv in sorted(counts.items())), '(work files in %s)' % TMP)
    if 'disagree' not in counts:
        shutil.rmtree(TMP, ignore_errors=True)
    sys.exit(1 if 'disagree' in counts else 0)

if __name__ == '__main__':
    main()
