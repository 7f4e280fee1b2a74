// The newest ZXing-cpp as a peer reader in `seneschal bench vision` (zxing_wasm_peer.hpp).
//
// Debian 12 ships ZXing-cpp 1.4; npm's zxing-wasm is upstream ZXing-cpp compiled to WebAssembly,
// so the bench can hold our readers against the current upstream on the same frames in the same
// run. package.json pins zxing-wasm 3.1.4, which wraps ZXing-cpp commit 0b2d9a8 (3.1.x, after
// v3.1.1; zxing-wasm 2.x wrapped ZXing-cpp 2.3.x, 3.x wraps ZXing-cpp 3.x). The C++ side installs
// it with `npm ci` into a cache folder on first use and runs this as
//
//   node read.mjs INSTALL_DIR
//
// Protocol, one frame at a time: stdin gets "<width> <height>\n" and width*height bytes of 8-bit
// grey; stdout answers one JSON line, {"ms": ..., "reads": [{"text", "corners": [[x, y] x 4]}]},
// corners as ZXing reports them (the code's own top-left, top-right, bottom-right, bottom-left),
// and ms the time spent inside readBarcodes alone, so the pipe is not part of the peer's figure.
// Before the first frame it says {"ready": true, ...} with the versions. Errors go to stderr
// with a non-zero exit; the C++ side names them.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const installDir = process.argv[2];
if (!installDir) {
  process.stderr.write("read.mjs: usage: node read.mjs INSTALL_DIR (the folder npm ci installed zxing-wasm into)\n");
  process.exit(2);
}

// The bench must never depend on a CDN at run time: zxing-wasm fetches its .wasm from jsDelivr
// unless told otherwise, so any fetch is an error that names itself rather than a silent download.
globalThis.fetch = async (what) => {
  throw new Error(`read.mjs: zxing-wasm tried to fetch ${what}; the .wasm must come from ${installDir}`);
};

// Resolved from the install folder, not from beside this script: node_modules lives in the cache.
const require = createRequire(join(installDir, "package.json"));
const zxing = require("zxing-wasm/reader");
const wasmPath = require.resolve("zxing-wasm/reader/zxing_reader.wasm");
const wasm = readFileSync(wasmPath);
const sha256 = createHash("sha256").update(wasm).digest("hex");
if (sha256 !== zxing.ZXING_WASM_SHA256) {
  process.stderr.write(`read.mjs: ${wasmPath} is not the .wasm of zxing-wasm ${zxing.ZXING_WASM_VERSION} ` +
                       `(sha256 ${sha256}, expected ${zxing.ZXING_WASM_SHA256}); delete ${installDir} to reinstall\n`);
  process.exit(1);
}
await zxing.prepareZXingModule({
  overrides: {
    wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength),
    // "overrides is atomic" (zxing-wasm's README): without this the default one points at the CDN.
    locateFile: (path) => join(installDir, "node_modules/zxing-wasm/dist/reader", path),
  },
  fireImmediately: true,
});

// What a user of ZXing-cpp gets by default (tryHarder, tryRotate, tryInvert, tryDownscale, local
// average binarizer), limited to QR codes as our readers are; 255 symbols is its default maximum.
// The one change is how the text is written out, not how it is read: the default text mode (HRI)
// puts GS1 codes in "(01)..." form and control characters as "<SOH>", which the corpus's expected
// texts and our readers' payloads (the plain bytes as text) never do; counted as misreads, two
// right reads of the corpus were.
const options = { formats: ["QRCode"], maxNumberOfSymbols: 255, textMode: "Plain" };

// stdin as a queue of chunks: a header line, then exactly width*height bytes.
class Input {
  constructor(stream) {
    this.chunks = stream[Symbol.asyncIterator]();
    this.queue = [];
    this.length = 0;
  }
  async more() {
    const { value, done } = await this.chunks.next();
    if (done) return false;
    this.queue.push(value);
    this.length += value.length;
    return true;
  }
  take(n) {
    const all = this.queue.length === 1 ? this.queue[0] : Buffer.concat(this.queue, this.length);
    this.queue = n < all.length ? [all.subarray(n)] : [];
    this.length = all.length - n;
    return all.subarray(0, n);
  }
  // The next line without its "\n", or null at the end of input between frames.
  async line() {
    for (;;) {
      let seen = 0;
      for (const chunk of this.queue) {
        const at = chunk.indexOf(10);
        if (at >= 0) return this.take(seen + at + 1).subarray(0, seen + at).toString("latin1");
        seen += chunk.length;
      }
      if (seen > 64) throw new Error(`read.mjs: a header line longer than 64 bytes: "${this.take(seen).toString("latin1").slice(0, 64)}..."`);
      if (!(await this.more())) {
        if (this.length > 0) throw new Error("read.mjs: input ended inside a header line");
        return null;
      }
    }
  }
  async bytes(n) {
    while (this.length < n) {
      if (!(await this.more())) throw new Error(`read.mjs: input ended after ${this.length} of ${n} pixel bytes`);
    }
    return this.take(n);
  }
}

const out = (value) => process.stdout.write(JSON.stringify(value) + "\n");
out({ ready: true, zxing_wasm: zxing.ZXING_WASM_VERSION, zxing_cpp: zxing.ZXING_CPP_COMMIT, node: process.version });

// One frame at a time until stdin ends. An expected failure (a bad header, a cut frame) is said in
// one line; anything else with its stack, as it is a bug here or in zxing-wasm.
const input = new Input(process.stdin);
try {
  for (let frame = 0; ; ++frame) {
    const header = await input.line();
    if (header === null) break;
    const match = /^(\d{1,5}) (\d{1,5})$/.exec(header);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new Error(`read.mjs: frame ${frame}: header "${header}" is not "<width> <height>"`);
    }
    const width = Number(match[1]);
    const height = Number(match[2]);
    const grey = await input.bytes(width * height);
    // zxing-wasm takes RGBA ImageData (duck-typed in node); R = G = B = grey turns back into the
    // same grey inside readBarcodes. Built outside the timed call: the frame reaches us grey.
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0, j = 0; i < grey.length; ++i, j += 4) {
      data[j] = data[j + 1] = data[j + 2] = grey[i];
      data[j + 3] = 255;
    }
    const t0 = performance.now();
    const results = await zxing.readBarcodes({ data, width, height }, options);
    const ms = performance.now() - t0;
    const reads = results.filter((r) => r.isValid).map((r) => {
      const p = r.position;
      return { text: r.text, corners: [p.topLeft, p.topRight, p.bottomRight, p.bottomLeft].map((c) => [c.x, c.y]) };
    });
    out({ ms, reads });
  }
} catch (error) {
  process.stderr.write(`${String(error.message).startsWith("read.mjs:") ? error.message : error.stack}\n`);
  process.exit(1);  // now: stdin, still open, would keep node waiting
}
