// Record-layer benchmark (not a test): `node_modules/.bin/bun bench/records.ts`
//
// Prints CRC32C GB/s for each implementation (native gcc, native TinyCC, TypeScript) on a 1 MiB
// buffer and on 1 KiB slices, and each codec's compress / decompress MB/s (of uncompressed bytes) on
// the records of a 1 MiB batch of 1 KB records. Every figure is the median of several timed runs.
import { buildRecordBatch, RecordBatchView } from "../src/protocol/records/index.ts";
import { CODECS_BY_ID } from "../src/protocol/records/compression/registry.ts";
import { crc32cUpdateTs } from "../src/protocol/records/crc32c.ts";
import { loadNative, loadNativeCrc32c } from "../src/protocol/records/crc32c-native.ts";
import { lz4Codec, setLz4BlockDecoder } from "../src/protocol/records/compression/lz4.ts";
import { loadNativeLz4 } from "../src/protocol/records/compression/lz4-native.ts";

const RUNS = 9;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Median seconds per call of fn; each run repeats fn in groups of `inner` until >= minMs has passed. */
function time(fn: () => unknown, minMs = 60, inner = 1): number {
  const results: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    let n = 0;
    const t0 = performance.now();
    let t = t0;
    // Bounded by minMs of wall time per run.
    while (t - t0 < minMs) {
      for (let i = 0; i < inner; i++) fn();
      n += inner;
      t = performance.now();
    }
    results.push((t - t0) / 1000 / n);
  }
  return median(results);
}

// A 1 MiB batch of ~1 KB records: JSON-like text, so codecs see realistic redundancy.
function makeRecords(): { value: Uint8Array; key: Uint8Array; timestamp: number }[] {
  const te = new TextEncoder();
  const records = [];
  let seed = 42;
  const rand = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0);
  for (let i = 0; i < 1024; i++) {
    let s = "";
    while (s.length < 1000) {
      s += `{"id":${rand() % 1000000},"user":"user-${rand() % 5000}","event":"${["click", "view", "buy", "scroll"][rand() % 4]}","ts":${1700000000000 + (rand() % 100000)}},`;
    }
    records.push({ key: te.encode(`key-${i}`), value: te.encode(s.slice(0, 1000)), timestamp: 1700000000000 + i });
  }
  return records;
}

const records = makeRecords();
const plainBatch = buildRecordBatch({ records });
const plain = new RecordBatchView(plainBatch).recordsBytes();
console.log(`batch: ${records.length} records, ${plainBatch.length} bytes uncompressed\n`);

console.log("CRC32C");
const big = crypto.getRandomValues(new Uint8Array(1 << 16));
const mib = new Uint8Array(1 << 20);
for (let o = 0; o < mib.length; o += big.length) mib.set(big, o);
const crcImpls: [string, (b: Uint8Array, s?: number, e?: number) => number][] = [["typescript", (b, s, e) => crc32cUpdateTs(0, b, s, e)]];
for (const src of ["prebuilt", "tcc"] as const) {
  const n = loadNativeCrc32c(src);
  if (n) crcImpls.push([`native-${src === "prebuilt" ? "gcc" : "tcc"}${n.hardware ? " (sse4.2)" : ""}`, n.crc32c]);
  else console.log(`  native ${src}: not available`);
}
for (const [name, fn] of crcImpls) {
  const s1 = time(() => fn(mib));
  const s2 = time(() => fn(mib, 4096, 5120), 60, 100);
  const s3 = time(() => fn(mib, 100, 164), 60, 1000);
  console.log(
    `  ${name.padEnd(22)} 1 MiB: ${(mib.length / s1 / 1e9).toFixed(2)} GB/s   1 KiB: ${(1024 / s2 / 1e9).toFixed(2)} GB/s   64 B: ${(s3 * 1e9).toFixed(0)} ns/call`,
  );
}

console.log("\ncodecs (MB/s of uncompressed bytes; ratio = compressed / uncompressed)");
for (const codec of CODECS_BY_ID) {
  if (!codec) continue;
  const z = codec.compress(plain);
  const c = time(() => codec.compress(plain), 150);
  const d = time(() => codec.decompress(z, plain.length), 150);
  console.log(
    `  ${codec.name.padEnd(7)} compress ${(plain.length / c / 1e6).toFixed(0).padStart(5)} MB/s   decompress ${(plain.length / d / 1e6).toFixed(0).padStart(5)} MB/s   ratio ${(z.length / plain.length).toFixed(3)}`,
  );
}

console.log("\nlz4 decompress by block decoder (MB/s of uncompressed bytes, 1 MiB of records and 1 KB records)");
{
  const z = lz4Codec.compress(plain);
  const small = plain.subarray(0, 1024);
  const zSmall = lz4Codec.compress(small);
  const decoders: [string, Parameters<typeof setLz4BlockDecoder>[0]][] = [["typescript", null]];
  for (const src of ["prebuilt", "cache", "tcc"] as const) {
    const n = loadNativeLz4(src);
    if (n) decoders.push([`native-${src === "tcc" ? "tcc" : `gcc (${src})`}`, n.decodeBlock]);
    else console.log(`  native ${src}: not available`);
  }
  for (const [name, dec] of decoders) {
    setLz4BlockDecoder(dec);
    const d = time(() => lz4Codec.decompress(z, plain.length), 150);
    const d1 = time(() => lz4Codec.decompress(zSmall, small.length), 60, 100);
    console.log(`  ${name.padEnd(22)} 1 MiB: ${(plain.length / d / 1e6).toFixed(0).padStart(5)} MB/s   1 KB: ${(d1 * 1e9).toFixed(0)} ns/call`);
  }
  setLz4BlockDecoder(null);
}

console.log("\nbatch");
console.log(`  crc32c installed by loadNative(): ${loadNative().implementation}`);
const b = buildRecordBatch({ records, compression: 3 });
const v = new RecordBatchView(b);
console.log(`  validate (lz4 batch, CRC only)      ${(time(() => v.validate()) * 1e6).toFixed(1)} us`);
console.log(`  iterate 1024 records (uncompressed) ${(time(() => { let n = 0; for (const _ of new RecordBatchView(plainBatch).records()) n++; return n; }) * 1e6).toFixed(1)} us`);
console.log(`  build 1024 records (none)           ${(time(() => buildRecordBatch({ records })) * 1e6).toFixed(1)} us`);
