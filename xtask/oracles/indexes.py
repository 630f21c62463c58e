"""Decides the oracles' divergences by the Encoding Standard's indexes.

    python3 xtask/oracles/indexes.py DIR

DIR holds the Standard's index files (index-big5.txt, index-jis0208.txt,
..., as the WHATWG encoding repository has them; not shipped here). For
every input recorded in crates/codec-encoding-standard/tests/data/oracles/
this applies the Standard's decoders of today (single-byte §9, gb18030
§10.1, big5 §11.1, euc-jp §12.1, shift_jis §12.3, euc-kr §13.1,
x-user-defined §14.5) to the index files, and prints, per encoding and
oracle, how many answers agree with the Standard and the first inputs
that do not. Decision 0026 records what it found. `cargo test` never
runs it; tests/oracles.rs compares utfx with the recorded answers.
"""

import collections
import os
import sys

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "crates", "codec-encoding-standard",
                    "tests", "data", "oracles")
IDX = None
FFFD = 0xFFFD
_cache = {}


def idx(name):
    """The index code point for each pointer of index-NAME.txt (§5)."""
    if name not in _cache:
        table = {}
        with open(os.path.join(IDX, "index-%s.txt" % name)) as f:
            for line in f:
                if line.strip() and not line.startswith("#"):
                    p, c = line.split("\t")[:2] if "\t" in line else line.split()[:2]
                    table[int(p)] = int(c, 16)
        _cache[name] = table
    return _cache[name]


def ranges_cp(pointer):
    """The index gb18030 ranges code point for pointer."""
    if (39419 < pointer < 189000) or pointer > 1237575:
        return None
    if pointer == 7457:
        return 0xE7C7
    if pointer >= 189000:
        return 0x10000 + pointer - 189000
    off, cpoff = 0, 0
    for p, c in sorted(idx("gb18030-ranges").items()):
        if p > pointer:
            break
        off, cpoff = p, c
    return cpoff + pointer - off


def run(handler, data):
    """The Standard's "run" of a decoder over a queue, in replace mode."""
    q, out, st = list(data), [], {}
    while True:
        b = q.pop(0) if q else None
        r = handler(st, b, q)
        if r == "finished":
            return out
        if r is not None:
            out.extend(r)
def single(name):
    t = idx(name)
    def h(st, b, q):
        if b is None: return "finished"
        if b < 0x80: return [b]
        c = t.get(b - 0x80)
        return [c] if c is not None else [FFFD]
    return h

def xud(st, b, q):
    if b is None: return "finished"
    return [b] if b < 0x80 else [0xF780 + b - 0x80]

def gb18030(st, b, q):
    f, s, t = st.get("f", 0), st.get("s", 0), st.get("t", 0)
    if b is None:
        if f or s or t:
            st.update(f=0, s=0, t=0); return [FFFD]
        return "finished"
    if t:
        if not (0x30 <= b <= 0x39):
            q[0:0] = [s, t, b]; st.update(f=0, s=0, t=0); return [FFFD]
        cp = ranges_cp((f - 0x81) * 12600 + (s - 0x30) * 1260 + (t - 0x81) * 10 + b - 0x30)
        st.update(f=0, s=0, t=0)
        return [FFFD] if cp is None else [cp]
    if s:
        if 0x81 <= b <= 0xFE: st["t"] = b; return None
        q[0:0] = [s, b]; st.update(f=0, s=0); return [FFFD]
    if f:
        if 0x30 <= b <= 0x39: st["s"] = b; return None
        lead = f; st["f"] = 0; ptr = None
        off = 0x40 if b < 0x7F else 0x41
        if 0x40 <= b <= 0x7E or 0x80 <= b <= 0xFE: ptr = (lead - 0x81) * 190 + b - off
        cp = None if ptr is None else idx("gb18030").get(ptr)
        if cp is not None: return [cp]
        if b < 0x80: q.insert(0, b)
        return [FFFD]
    if b < 0x80: return [b]
    if b == 0x80: return [0x20AC]
    if 0x81 <= b <= 0xFE: st["f"] = b; return None
    return [FFFD]

def big5(st, b, q):
    lead = st.get("l", 0)
    if b is None:
        if lead: st["l"] = 0; return [FFFD]
        return "finished"
    if lead:
        st["l"] = 0; ptr = None
        off = 0x40 if b < 0x7F else 0x62
        if 0x40 <= b <= 0x7E or 0xA1 <= b <= 0xFE: ptr = (lead - 0x81) * 157 + b - off
        special = {1133: [0xCA, 0x304], 1135: [0xCA, 0x30C], 1164: [0xEA, 0x304], 1166: [0xEA, 0x30C]}
        if ptr in special: return special[ptr]
        cp = None if ptr is None else idx("big5").get(ptr)
        if cp is not None: return [cp]
        if b < 0x80: q.insert(0, b)
        return [FFFD]
    if b < 0x80: return [b]
    if 0x81 <= b <= 0xFE: st["l"] = b; return None
    return [FFFD]

def eucjp(st, b, q):
    lead = st.get("l", 0)
    if b is None:
        if lead: st["l"] = 0; return [FFFD]
        return "finished"
    if lead == 0x8E and 0xA1 <= b <= 0xDF:
        st["l"] = 0; return [0xFF61 - 0xA1 + b]
    if lead == 0x8F and 0xA1 <= b <= 0xFE:
        st["j"] = True; st["l"] = b; return None
    if lead:
        st["l"] = 0; cp = None
        if 0xA1 <= lead <= 0xFE and 0xA1 <= b <= 0xFE:
            cp = idx("jis0212" if st.get("j") else "jis0208").get((lead - 0xA1) * 94 + b - 0xA1)
        st["j"] = False
        if cp is not None: return [cp]
        if b < 0x80: q.insert(0, b)
        return [FFFD]
    if b < 0x80: return [b]
    if b in (0x8E, 0x8F) or 0xA1 <= b <= 0xFE: st["l"] = b; return None
    return [FFFD]

def sjis(st, b, q):
    lead = st.get("l", 0)
    if b is None:
        if lead: st["l"] = 0; return [FFFD]
        return "finished"
    if lead:
        st["l"] = 0; ptr = None
        off = 0x40 if b < 0x7F else 0x41
        loff = 0x81 if lead < 0xA0 else 0xC1
        if 0x40 <= b <= 0x7E or 0x80 <= b <= 0xFC: ptr = (lead - loff) * 188 + b - off
        if ptr is not None and 8836 <= ptr <= 10715: return [0xE000 - 8836 + ptr]
        cp = None if ptr is None else idx("jis0208").get(ptr)
        if cp is not None: return [cp]
        if b < 0x80: q.insert(0, b)
        return [FFFD]
    if b <= 0x80: return [b]
    if 0xA1 <= b <= 0xDF: return [0xFF61 - 0xA1 + b]
    if 0x81 <= b <= 0x9F or 0xE0 <= b <= 0xFC: st["l"] = b; return None
    return [FFFD]

def euckr(st, b, q):
    lead = st.get("l", 0)
    if b is None:
        if lead: st["l"] = 0; return [FFFD]
        return "finished"
    if lead:
        st["l"] = 0; ptr = None
        if 0x41 <= b <= 0xFE: ptr = (lead - 0x81) * 190 + b - 0x41
        cp = None if ptr is None else idx("euc-kr").get(ptr)
        if cp is not None: return [cp]
        if b < 0x80: q.insert(0, b)
        return [FFFD]
    if b < 0x80: return [b]
    if 0x81 <= b <= 0xFE: st["l"] = b; return None
    return [FFFD]

def decoder(name):
    multi = {"gbk": gb18030, "gb18030": gb18030, "big5": big5, "euc-jp": eucjp, "shift_jis": sjis, "euc-kr": euckr, "x-user-defined": xud}
    if name in multi: return multi[name]
    return single("iso-8859-8" if name == "iso-8859-8-i" else name)

def decode(name, data):
    return run(decoder(name), data)


def rows(name):
    """(kind, input, node, python) for each recorded input."""
    def pts(s):
        return None if s == "-" else [int(x, 16) for x in s.split()]
    trails = None
    with open(os.path.join(DATA, name + ".txt")) as f:
        for line in f:
            line = line.rstrip("\n")
            if line.startswith("#"):
                continue
            fields = line.split("\t")
            if fields[0] == "trails":
                trails = [int(x, 16) for x in fields[1].split()]
            elif fields[0] == "lead":
                for t, n, p in zip(trails, fields[2].split(","), fields[3].split(",")):
                    yield "lead", bytes([int(fields[1], 16), t]), pts(n), pts(p)
            else:
                yield fields[0], bytes.fromhex(fields[1]), pts(fields[2]), pts(fields[3])


def main():
    global IDX
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    IDX = sys.argv[1]
    hexes = lambda v: " ".join("%04X" % c for c in v)
    for name in sorted(f[:-4] for f in os.listdir(DATA) if f.endswith(".txt")):
        agree, differ = collections.Counter(), collections.defaultdict(list)
        for kind, data, node, python in rows(name):
            std = decode(name, data)
            for oracle, answer in (("node", node), ("python", python)):
                if answer is None:
                    continue
                if answer == std:
                    agree[oracle] += 1
                else:
                    differ[oracle].append("%s %s: standard %s, %s %s" % (kind, data.hex(" "), hexes(std), oracle,
                                                                           hexes(answer)))
        for oracle in ("node", "python"):
            print("%s %s: %d agree, %d differ" % (name, oracle, agree[oracle], len(differ[oracle])))
            for line in differ[oracle][:5]:
                print("    " + line)


if __name__ == "__main__":
    main()
