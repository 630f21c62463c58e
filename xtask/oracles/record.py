"""Python's half of xtask/oracles/record.sh, and the driver.

Builds the inputs (every single byte; for the multi-byte encodings every
lead byte 80..FF before each byte of TRAILS; a seeded list of damaged
inputs), has decode.js decode them with Node's TextDecoder, decodes them
with Python's codecs, and writes one file per encoding into
crates/codec-encoding-standard/tests/data/oracles/. Run it through
record.sh; `cargo test` never runs it.
"""

import codecs
import datetime
import json
import os
import platform
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "crates", "codec-encoding-standard", "tests", "data", "oracles")

# The crate's encodings (its table.rs, in that order) and the Python codec
# that corresponds to each, or None where Python has none. Python's
# `big5` is plain Big5 and its `euc_kr` and `shift_jis` lack the Windows
# extensions the Standard has, so the closer codecs are taken: big5hkscs,
# cp949 (Unified Hangul Code) and cp932 (Windows-31J).
ENCODINGS = [
    ("ibm866", "cp866"),
    ("iso-8859-2", "iso8859_2"),
    ("iso-8859-3", "iso8859_3"),
    ("iso-8859-4", "iso8859_4"),
    ("iso-8859-5", "iso8859_5"),
    ("iso-8859-6", "iso8859_6"),
    ("iso-8859-7", "iso8859_7"),
    ("iso-8859-8", "iso8859_8"),
    ("iso-8859-8-i", "iso8859_8"),
    ("iso-8859-10", "iso8859_10"),
    ("iso-8859-13", "iso8859_13"),
    ("iso-8859-14", "iso8859_14"),
    ("iso-8859-15", "iso8859_15"),
    ("iso-8859-16", "iso8859_16"),
    ("koi8-r", "koi8_r"),
    ("koi8-u", "koi8_u"),
    ("macintosh", "mac_roman"),
    ("windows-874", "cp874"),
    ("windows-1250", "cp1250"),
    ("windows-1251", "cp1251"),
    ("windows-1252", "cp1252"),
    ("windows-1253", "cp1253"),
    ("windows-1254", "cp1254"),
    ("windows-1255", "cp1255"),
    ("windows-1256", "cp1256"),
    ("windows-1257", "cp1257"),
    ("windows-1258", "cp1258"),
    ("x-mac-cyrillic", "mac_cyrillic"),
    ("x-user-defined", None),
    ("gbk", "gbk"),
    ("gb18030", "gb18030"),
    ("big5", "big5hkscs"),
    ("euc-jp", "euc_jp"),
    ("shift_jis", "cp932"),
    ("euc-kr", "cp949"),
    # The encodings with state between characters: iso-2022-jp (Python's
    # iso2022_jp is RFC 1468's, which has no half-width katakana set), and
    # the 2014 draft's hz-gb-2312 by utfx's name for it, which Node's
    # TextDecoder does not know (its label hz-gb-2312 is replacement today);
    # Python's `hz` is RFC 1843's.
    ("iso-2022-jp", "iso2022_jp"),
    ("hz-gb-2312-2014", "hz"),
]

MULTI_BYTE = {"gbk", "gb18030", "big5", "euc-jp", "shift_jis", "euc-kr"}

STATEFUL = {"iso-2022-jp", "hz-gb-2312-2014"}

# What the damaged inputs of the stateful encodings are made of: their
# shift sequences (valid, cut and broken ones), bytes of each set, and
# bytes that are errors everywhere; pairs come from PAIR_LEADS.
TOKENS = {
    "iso-2022-jp": [b"\x1b(B", b"\x1b(J", b"\x1b(I", b"\x1b$B", b"\x1b$@", b"\x1b$(D", b"\x1b(", b"\x1b$", b"\x1b",
                    b"\x1b(Z", b"a", b"\\", b"~", b"\n", b"1", b"\x0e", b"\x0f", b"\x80", b"\xff", b" "],
    "hz-gb-2312-2014": [b"~{", b"~}", b"~~", b"~\n", b"~x", b"~", b"a", b"\n", b" ", b"\x7f", b"\x80", b"\xff",
                        b"{", b"}"],
}

# The trail bytes of the lead sweep: the edges of every trail range of the
# six multi-byte encodings (gb18030's 30..39 and 40..7E, 80..FE; big5's
# 40..7E, A1..FE; euc-jp's A1..FE and 8E's A1..DF; shift_jis's 40..7E,
# 80..FC; euc-kr's 41..FE), a few control and ASCII bytes, and every
# fourth byte from 40 up.
TRAILS = sorted(
    set([0x00, 0x0A, 0x1F, 0x20, 0x2F, 0x30, 0x31, 0x35, 0x39, 0x3A, 0x3F, 0x40, 0x41, 0x5A, 0x5B, 0x5C, 0x60,
         0x61, 0x62, 0x7E, 0x7F, 0x80, 0x81, 0x8E, 0x8F, 0x9F, 0xA0, 0xA1, 0xA2, 0xDF, 0xE0, 0xFC, 0xFD, 0xFE,
         0xFF])
    | set(range(0x40, 0x100, 4))
)

# Per multi-byte encoding, for the damaged inputs: the lead and trail
# ranges of its two-byte sequences (the Standard's decoders).
SHAPES = {
    "gbk": ([(0x81, 0xFE)], [(0x40, 0x7E), (0x80, 0xFE)]),
    "gb18030": ([(0x81, 0xFE)], [(0x40, 0x7E), (0x80, 0xFE)]),
    "big5": ([(0x81, 0xFE)], [(0x40, 0x7E), (0xA1, 0xFE)]),
    "euc-jp": ([(0xA1, 0xFE)], [(0xA1, 0xFE)]),
    "shift_jis": ([(0x81, 0x9F), (0xE0, 0xFC)], [(0x40, 0x7E), (0x80, 0xFC)]),
    "euc-kr": ([(0x81, 0xFE)], [(0x41, 0xFE)]),
}

SEED = 0x27_0026_0A5E_ED11
DAMAGED_MULTI = 200
DAMAGED_SINGLE = 40
DAMAGED_STATEFUL = 400


class Rng:
    """splitmix64, so that the inputs do not depend on Python's `random`."""

    def __init__(self, seed):
        self.state = seed & (2**64 - 1)

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & (2**64 - 1)
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & (2**64 - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & (2**64 - 1)
        return z ^ (z >> 31)

    def below(self, n):
        return self.next() % n

    def byte_in(self, ranges):
        lo, hi = ranges[self.below(len(ranges))]
        return lo + self.below(hi - lo + 1)


def damaged_multi(name, rng):
    """Pieces (valid-shaped pairs, lone leads, ASCII, random bytes, the
    three- and four-byte shapes), then one in three cut short."""
    leads, trails = SHAPES[name]
    out = bytearray()
    for _ in range(1 + rng.below(8)):
        k = rng.below(10)
        if k < 4:
            out += bytes([rng.byte_in(leads), rng.byte_in(trails)])
        elif k == 4:
            out.append(rng.byte_in(leads))
        elif k == 5:
            out.append(0x20 + rng.below(0x5F))
        elif k == 6:
            out.append(rng.below(256))
        elif k == 7 and name in ("gb18030", "gbk"):
            out += bytes([0x81 + rng.below(0x7E), 0x30 + rng.below(10), 0x81 + rng.below(0x7E), 0x30 + rng.below(10)])
        elif k == 7 and name == "euc-jp":
            out += bytes([0x8F, 0xA1 + rng.below(0x5E), 0xA1 + rng.below(0x5E)])
        elif k == 7 and name == "big5":
            out += bytes([0x88, [0x62, 0x64, 0xA3, 0xA5][rng.below(4)]])
        elif k == 8 and name == "euc-jp":
            out += bytes([0x8E, 0xA1 + rng.below(0x3F)])
        else:
            out += bytes([rng.byte_in(leads), rng.below(256)])
    if rng.below(3) == 0 and len(out) > 1:
        del out[1 + rng.below(len(out) - 1):]
    return bytes(out)


def damaged_single(rng):
    return bytes(rng.below(256) for _ in range(1 + rng.below(12)))


def damaged_stateful(name, rng):
    """Tokens of the encoding and two-byte pairs of bytes 21..7E (the
    leads of JIS X 0208's and GB2312's rows, now and then 20 or 7F), one in
    three cut short."""
    out = bytearray()
    for _ in range(1 + rng.below(10)):
        if rng.below(3) == 0:
            out += bytes([0x21 + rng.below(0x5E), 0x21 + rng.below(0x5E)])
        elif rng.below(12) == 0:
            out += bytes([[0x20, 0x7F][rng.below(2)], 0x21 + rng.below(0x5E)])
        else:
            tokens = TOKENS[name]
            out += tokens[rng.below(len(tokens))]
    if rng.below(3) == 0 and len(out) > 1:
        del out[1 + rng.below(len(out) - 1):]
    return bytes(out)


def inputs_for(name, rng):
    """(kind, input) pairs: "byte" for the sweep of one byte, "lead" for
    the lead sweep (the trail bytes are TRAILS), "damaged"."""
    out = [("byte", bytes([b])) for b in range(256)]
    if name in STATEFUL:
        out += [("damaged", damaged_stateful(name, rng)) for _ in range(DAMAGED_STATEFUL)]
    elif name in MULTI_BYTE:
        out += [("lead", bytes([lead, t])) for lead in range(0x80, 0x100) for t in TRAILS]
        out += [("damaged", damaged_multi(name, rng)) for _ in range(DAMAGED_MULTI)]
    else:
        out += [("damaged", damaged_single(rng)) for _ in range(DAMAGED_SINGLE)]
    return out


def python_decode(codec, data):
    if codec is None:
        return None
    return [ord(c) for c in data.decode(codec, "replace")]


def fmt(points):
    if points is None:
        return "-"
    return " ".join("%04X" % p for p in points)


def main():
    rng = Rng(SEED)
    jobs = {name: inputs_for(name, rng) for name, _ in ENCODINGS}
    node = subprocess.run(
        ["node", os.path.join(os.path.dirname(__file__), "decode.js")],
        input=json.dumps({n: [i.hex() for _, i in v] for n, v in jobs.items()}).encode(),
        capture_output=True,
        check=True,
    )
    node_out = json.loads(node.stdout)
    node_version = subprocess.run(["node", "--version"], capture_output=True, text=True, check=True).stdout.strip()
    icu = subprocess.run(["node", "-p", "process.versions.icu"], capture_output=True, text=True, check=True).stdout.strip()
    os.makedirs(OUT, exist_ok=True)
    for name, codec in ENCODINGS:
        if codec is not None:
            codecs.lookup(codec)
        answers = node_out[name]
        lines = [
            "# DO NOT EDIT. Generated by xtask/oracles/record.sh",
            "# encoding %s; node: new TextDecoder(%r, {ignoreBOM: true}).decode (Node %s, ICU %s)%s;"
            % (name, name, node_version, icu, "" if answers is not None else ", which Node does not know"),
            "# python: bytes.decode(%s, 'replace') (Python %s)"
            % (repr(codec) if codec else "none: Python has no such codec", platform.python_version()),
            "# each line: kind, input (hex), node's code points, python's ('-': no such decoder);",
            "# a `lead` line holds the answers for the lead before each byte of `trails`, comma-separated",
        ]
        if name in MULTI_BYTE:
            lines.append("trails\t" + " ".join("%02X" % t for t in TRAILS))
        rows = jobs[name]
        at = 0
        while at < len(rows):
            kind, data = rows[at]
            if kind == "lead":
                group = rows[at:at + len(TRAILS)]
                nodes = ",".join(fmt(None if answers is None else answers[at + k]) for k in range(len(group)))
                pys = ",".join(fmt(python_decode(codec, d)) for _, d in group)
                lines.append("lead\t%02X\t%s\t%s" % (data[0], nodes, pys))
                at += len(group)
            else:
                lines.append("%s\t%s\t%s\t%s" % (kind, data.hex().upper(), fmt(None if answers is None else answers[at]),
                                                 fmt(python_decode(codec, data))))
                at += 1
        with open(os.path.join(OUT, name + ".txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
    print("wrote %d files to %s (node %s, ICU %s; python %s; %s)"
          % (len(ENCODINGS), OUT, node_version, icu, platform.python_version(), datetime.date.today()))


if __name__ == "__main__":
    sys.exit(main())
