#!/bin/sh
# Records what Node's TextDecoder and Python's codecs decode, in replace
# mode, for every encoding of crates/codec-encoding-standard: every single
# byte, every lead byte before a fixed set of trail bytes, and a seeded
# list of damaged inputs (record.py says which). Writes
# crates/codec-encoding-standard/tests/data/oracles/*.txt, which
# tests/oracles.rs reads; `cargo test` never runs this. Then what CPython's
# utf-32 codecs and glibc's iconv answer for UTF-32 (utf32.py), into
# crates/codec-utf32/tests/data/oracles.txt (decision 0041).
#
# Run from anywhere: sh xtask/oracles/record.sh (or cargo xtask oracles)
# Needs node (20, with its full ICU), python3 and iconv on PATH. The README.md
# beside the data files names the versions last recorded with.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python3 "$here/record.py"
python3 "$here/utf32.py"
