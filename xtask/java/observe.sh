#!/bin/sh
# Records Java 17's readUTF/writeUTF behaviour for crates/codec-cesu8 (see
# Mutf8Observe.java). Needs a JDK 17 on PATH; `cargo test` never runs it.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
out="$root/crates/codec-cesu8/tests/data/java17-readutf.txt"
mkdir -p "$(dirname "$out")"
java "$root/xtask/java/Mutf8Observe.java" > "$out.tmp"
mv "$out.tmp" "$out"
echo "wrote $out"
