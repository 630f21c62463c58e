"""The UTF-32 half of xtask/oracles/record.sh: what CPython's utf-32-le,
utf-32-be and utf-32 codecs and glibc's iconv answer, recorded into
crates/codec-utf32/tests/data/oracles.txt, which tests/oracles.rs reads;
`cargo test` never runs this (decision 0041).

Inputs: for decoding, a unit of each class between two ASCII units in each
byte order, cut units at the end, byte order marks in their places, and a
seeded list of damaged inputs (splitmix64, as record.py's, with a seed of
its own); for encoding, each class of code point between two ASCII ones,
and seeded sequences. Each answer is what the oracle gives, written as
read:

* a decoded text: its code points in hex, space-separated (nothing for an
  empty text);
* a CPython error: `error START END REASON`, the exception's fields;
* iconv's answer: the code points it wrote before it stopped, then ` | `
  and how it stopped (`illegal N`: "illegal input sequence at position N";
  `incomplete`: "incomplete character or shift sequence at end of buffer";
  `exit N`: no message, exit status N, as `iconv -c` ends after dropping
  some input), nothing after the code points when it converted all;
* an encoded text: its bytes in hex, space-separated.
"""

import datetime
import os
import platform
import re
import subprocess
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "crates", "codec-utf32", "tests", "data", "oracles.txt")

SEED = 0x41_0032_0A5E_ED11
DAMAGED = 400
ENCODED = 200

# The code units of the sweep: every boundary of D90's classes, byte order
# marks, values that only UCS-4 reads (above 10FFFF, up to 7FFFFFFF), and
# values no byte order makes a code point.
UNITS = [0x0, 0x41, 0x7F, 0x80, 0xFF, 0x100, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDC80, 0xDFFF,
         0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x1F4A9, 0x10FFFF, 0x110000, 0x10FFFF + 0x10000,
         0x1000000, 0x7FFFFFFF, 0x80000000, 0xFFFE0000, 0xFFFF0000, 0xFFFFFFFF, 0x0000FFFE, 0x41000000]

# The code points of the encoding sweep (Python's str holds U+0000..U+10FFFF).
POINTS = [0x0, 0x41, 0x7F, 0x80, 0xE9, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDC80, 0xDFFF, 0xE000,
          0xFEFF, 0xFFFD, 0xFFFF, 0x10000, 0x1F4A9, 0x10FFFF]

DECODE_COLUMNS = [
    "py:utf-32-le:strict", "py:utf-32-le:replace", "py:utf-32-le:ignore", "py:utf-32-le:surrogatepass",
    "py:utf-32-be:strict", "py:utf-32-be:replace", "py:utf-32-be:ignore", "py:utf-32-be:surrogatepass",
    "py:utf-32:strict", "py:utf-32:replace",
    "iconv:UTF-32LE", "iconv:UTF-32LE:-c", "iconv:UTF-32BE", "iconv:UTF-32BE:-c", "iconv:UTF-32", "iconv:UTF-32:-c",
    "iconv:UCS-4LE", "iconv:UCS-4BE", "iconv:UCS-4",
]

ENCODE_COLUMNS = [
    "py:utf-32-le:strict", "py:utf-32-le:replace", "py:utf-32-le:ignore", "py:utf-32-le:surrogatepass",
    "py:utf-32-le:xmlcharrefreplace",
    "py:utf-32-be:strict", "py:utf-32-be:replace", "py:utf-32-be:ignore", "py:utf-32-be:surrogatepass",
    "py:utf-32-be:xmlcharrefreplace",
    "py:utf-32:strict",
]


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


def unit(value, big):
    return value.to_bytes(4, "big" if big else "little")


def units(values, big):
    return b"".join(unit(v, big) for v in values)


def decode_inputs(rng):
    """(kind, bytes) pairs."""
    out = []
    for big in (False, True):
        for v in UNITS:
            out.append(("unit", units([0x41, v, 0x42], big)))
        for v in (0x41, 0xD800, 0x10FFFF, 0x110000, 0xFFFFFFFF, 0xFEFF):
            for k in (1, 2, 3):
                out.append(("cut", units([0x41], big) + unit(v, big)[:k]))
    text = [0x68, 0xE9, 0x1F4A9]
    boms = [
        b"\xff\xfe\x00\x00" + units(text, False),
        b"\x00\x00\xfe\xff" + units(text, True),
        units(text, False),
        units(text, True),
        b"\xff\xfe\x00\x00" + b"\xff\xfe\x00\x00" + units(text, False),
        b"\x00\x00\xfe\xff" + b"\x00\x00\xfe\xff",
        b"\xff\xfe\x00\x00",
        b"\x00\x00\xfe\xff",
        b"\xff\xfe\x00\x00" + units(text, True),
        b"\x00\x00\xfe\xff" + units(text, False),
        b"\xff\xfe" + units(text, False),
        b"\xff\xfe\x00",
        units([0x41], False) + b"\xff\xfe\x00\x00",
        b"\xef\xbb\xbf" + units(text, False),
        b"",
    ]
    out += [("bom", b) for b in boms]
    for _ in range(DAMAGED):
        out.append(("damaged", damaged(rng)))
    return out


def damaged(rng):
    """Units of every class in one byte order (a BOM first now and then),
    a random byte now and then, one in three cut short."""
    big = rng.below(2) == 1
    data = bytearray()
    if rng.below(6) == 0:
        data += unit(0xFEFF, big ^ (rng.below(4) == 0))
    for _ in range(1 + rng.below(8)):
        k = rng.below(10)
        if k < 3:
            data += unit(0x20 + rng.below(0x5F), big)
        elif k < 5:
            data += unit(0x80 + rng.below(0x10FF80 - 0x80), big)
        elif k == 5:
            data += unit(0xD800 + rng.below(0x800), big)
        elif k == 6:
            data += unit(0x110000 + rng.below(0x7FFFFFFF - 0x110000), big)
        elif k == 7:
            data += unit(rng.next() & 0xFFFFFFFF, big)
        elif k == 8:
            data.append(rng.below(256))
        else:
            data += unit(UNITS[rng.below(len(UNITS))], big)
    if rng.below(3) == 0 and len(data) > 1:
        del data[1 + rng.below(len(data) - 1):]
    return bytes(data)


def encode_inputs(rng):
    """(kind, code points) pairs."""
    out = [("point", [0x61, p, 0x62]) for p in POINTS]
    out += [("pair", [0x61, a, b, 0x62]) for a, b in ((0xD800, 0xDC00), (0xDBFF, 0xDFFF), (0xDC00, 0xD800))]
    out.append(("point", []))
    for _ in range(ENCODED):
        seq = []
        for _ in range(rng.below(9)):
            k = rng.below(6)
            if k < 2:
                seq.append(0x20 + rng.below(0x5F))
            elif k < 4:
                seq.append(0x80 + rng.below(0x10FF80 - 0x80))
            elif k == 4:
                seq.append(0xD800 + rng.below(0x800))
            else:
                seq.append(POINTS[rng.below(len(POINTS))])
        out.append(("random", seq))
    return out


def fmt_points(text):
    return " ".join("%04X" % ord(c) for c in text)


def fmt_bytes(data):
    return " ".join("%02X" % b for b in data)


def py_decode(data, codec, handler):
    try:
        return fmt_points(data.decode(codec, handler))
    except UnicodeDecodeError as e:
        return "error %d %d %s" % (e.start, e.end, e.reason)


def py_encode(points, codec, handler):
    text = "".join(chr(p) for p in points)
    try:
        return fmt_bytes(text.encode(codec, handler))
    except UnicodeEncodeError as e:
        return "error %d %d %s" % (e.start, e.end, e.reason)


def utf8_values(data):
    """The values of glibc's UTF-8 output, which writes up to 7FFFFFFF in
    RFC 2279's five- and six-byte forms (what iconv's UCS-4 reads)."""
    out, i = [], 0
    while i < len(data):
        b = data[i]
        n = 1 if b < 0x80 else 2 if b < 0xE0 else 3 if b < 0xF0 else 4 if b < 0xF8 else 5 if b < 0xFC else 6
        value = b if n == 1 else b & (0x7F >> n)
        for c in data[i + 1:i + n]:
            assert c & 0xC0 == 0x80, data
            value = value << 6 | c & 0x3F
        out.append(value)
        i += n
    return out


def iconv(data, label, drop):
    """iconv [-c] -f LABEL -t UTF-8, as a user runs it: the code points it
    wrote, and how it stopped."""
    args = ["iconv"] + (["-c"] if drop else []) + ["-f", label, "-t", "UTF-8"]
    p = subprocess.run(args, input=data, capture_output=True)
    points = " ".join("%04X" % v for v in utf8_values(p.stdout))
    if p.returncode == 0:
        return points
    message = p.stderr.decode()
    m = re.search(r"illegal input sequence at position (\d+)", message)
    if m:
        how = "illegal " + m.group(1)
    elif "incomplete character or shift sequence at end of buffer" in message:
        how = "incomplete"
    elif not message:
        how = "exit %d" % p.returncode
    else:
        raise RuntimeError("iconv %s: %r" % (label, message))
    return (points + " | " + how).strip()


def decode_answers(data):
    out = []
    for column in DECODE_COLUMNS:
        oracle, label, how = (column.split(":") + [""])[:3]
        if oracle == "py":
            out.append(py_decode(data, label, how))
        else:
            out.append(iconv(data, label, how == "-c"))
    return out


def main():
    rng = Rng(SEED)
    iconv_version = subprocess.run(["iconv", "--version"], capture_output=True, text=True, check=True)
    iconv_version = iconv_version.stdout.splitlines()[0]
    lines = [
        "# DO NOT EDIT. Generated by xtask/oracles/record.sh (xtask/oracles/utf32.py)",
        "# python: bytes.decode(codec, handler) and str.encode(codec, handler) (Python %s, sys.byteorder %s)"
        % (platform.python_version(), sys.byteorder),
        "# iconv: iconv [-c] -f LABEL -t UTF-8 (%s), its output read as RFC 2279 UTF-8" % iconv_version,
        "# each line: direction, kind, input (hex bytes to decode, code points to encode), then one answer per",
        "# column of that direction's `columns` line, tab-separated (the answers' forms: xtask/oracles/utf32.py)",
        "columns\tdecode\t" + "\t".join(DECODE_COLUMNS),
        "columns\tencode\t" + "\t".join(ENCODE_COLUMNS),
    ]
    for kind, data in decode_inputs(rng):
        lines.append("\t".join(["decode", kind, fmt_bytes(data)] + decode_answers(data)))
    for kind, points in encode_inputs(rng):
        answers = []
        for column in ENCODE_COLUMNS:
            _, codec, handler = column.split(":")
            answers.append(py_encode(points, codec, handler))
        lines.append("\t".join(["encode", kind, " ".join("%04X" % p for p in points)] + answers))
    with open(OUT, "w") as f:
        f.write("\n".join(lines) + "\n")
    print("wrote %s: %d lines (python %s, %s; %s)"
          % (OUT, len(lines), platform.python_version(), iconv_version, datetime.date.today()))


if __name__ == "__main__":
    sys.exit(main())
