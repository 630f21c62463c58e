// Node's half of xtask/oracles/record.sh: reads {"encoding": ["hex", ...]}
// as JSON on stdin and writes {"encoding": [[code point, ...], ...] or null}
// on stdout, each input decoded on its own by
// `new TextDecoder(encoding, {ignoreBOM: true})` in replace mode (`fatal`
// false); null where this Node's TextDecoder does not know the encoding.
"use strict";
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const jobs = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  const out = {};
  for (const [encoding, inputs] of Object.entries(jobs)) {
    let decoder;
    try {
      decoder = new TextDecoder(encoding, { ignoreBOM: true });
    } catch (e) {
      out[encoding] = null;
      continue;
    }
    out[encoding] = inputs.map((hex) => {
      const text = decoder.decode(Buffer.from(hex, "hex"));
      return Array.from(text, (c) => c.codePointAt(0));
    });
  }
  process.stdout.write(JSON.stringify(out));
});
