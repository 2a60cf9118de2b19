// CRC32C: known vectors, and every implementation (TS, gcc-built, TinyCC-built) checked explicitly
// against the TS reference on random data at random lengths and offsets.
import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { crc32cUpdateTs } from "../../../src/protocol/records/crc32c.ts";
import { loadNative, loadNativeCrc32c, loadNativeCrc32cAsync, loadNativeInBackground, type NativeCrc32c } from "../../../src/protocol/records/crc32c-native.ts";
import { crc32c } from "../../../src/protocol/records/index.ts";

const te = new TextEncoder();
// Vectors: RFC 3720 (iSCSI) B.4 and the common check value.
const VECTORS: [Uint8Array, number][] = [
  [te.encode("123456789"), 0xe3069283],
  [new Uint8Array(0), 0],
  [new Uint8Array(32), 0x8a9136aa],
  [new Uint8Array(32).fill(0xff), 0x62a8ab43],
  [Uint8Array.from({ length: 32 }, (_, i) => i), 0x46dd794e],
  [Uint8Array.from({ length: 32 }, (_, i) => 31 - i), 0x113fdb5c],
];

// A fixed-seed generator keeps failures reproducible.
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s;
  };
}

function checkAgainstTs(name: string, fn: (b: Uint8Array, s?: number, e?: number) => number): void {
  const next = rng(12345);
  const big = new Uint8Array(70_000);
  for (let i = 0; i < big.length; i++) big[i] = next() & 0xff;
  // 600 random (offset, length) windows, lengths skewed small to hit every tail/alignment case.
  for (let k = 0; k < 600; k++) {
    const len = k % 3 === 0 ? next() % 70 : k % 3 === 1 ? next() % 2000 : next() % 60_000;
    const start = next() % (big.length - len);
    const got = fn(big, start, start + len);
    const want = crc32cUpdateTs(0, big, start, start + len);
    if (got !== want) throw new Error(`${name}: [${start}, ${start + len}) got ${got} want ${want}`);
    // A subarray with a non-zero byteOffset must give the same answer.
    expect(fn(big.subarray(start, start + len))).toBe(want);
  }
}

describe("TypeScript slicing-by-8", () => {
  test("known vectors", () => {
    for (const [input, crc] of VECTORS) expect(crc32cUpdateTs(0, input)).toBe(crc);
  });
  test("chaining equals one pass", () => {
    const b = te.encode("The quick brown fox jumps over the lazy dog");
    expect(crc32cUpdateTs(crc32cUpdateTs(0, b, 0, 10), b, 10)).toBe(crc32cUpdateTs(0, b));
  });
});

for (const source of ["prebuilt", "cache", "tcc"] as const) {
  describe(`native (${source})`, () => {
    let n: NativeCrc32c | null = null;
    const failures: string[] = [];
    test("loads", () => {
      if (source === "prebuilt") {
        const r = Bun.spawnSync(["make", "-s", "-C", `${import.meta.dir}/../../../native`], { stderr: "pipe" });
        expect(r.exitCode).toBe(0);
      }
      // The cache source must really build: point it at an empty cache dir.
      const saved = process.env.STRAND_CACHE_DIR;
      if (source === "cache") process.env.STRAND_CACHE_DIR = mkdtempSync(join(tmpdir(), "strand-cache-"));
      n = loadNativeCrc32c(source, failures);
      process.env.STRAND_CACHE_DIR = saved;
      if (saved === undefined) delete process.env.STRAND_CACHE_DIR;
      expect(failures).toEqual([]);
      expect(n).not.toBeNull();
      // This machine has SSE4.2; TinyCC's hand-encoded path must be the hardware one too.
      const sse42 = (require("node:fs").readFileSync("/proc/cpuinfo", "utf8") as string).includes("sse4_2");
      expect(n!.hardware).toBe(sse42);
    });
    test("known vectors", () => {
      for (const [input, crc] of VECTORS) expect(n!.crc32c(input)).toBe(crc);
    });
    test("equals TS on random windows", () => {
      checkAgainstTs(source, n!.crc32c);
    });
    test("rejects a range outside the buffer", () => {
      expect(() => n!.crc32c(new Uint8Array(4), 0, 5)).toThrow(RangeError);
    });
  });
}

test("loadNative installs one implementation and the exported crc32c agrees", () => {
  const r = loadNative();
  expect(["prebuilt", "cache", "tcc", "ts"]).toContain(r.implementation);
  console.log(`crc32c implementation: ${r.implementation} (hardware ${r.hardware})`);
  expect(loadNative()).toBe(r); // decided once
  for (const [input, crc] of VECTORS) expect(crc32c(input)).toBe(crc);
  checkAgainstTs("installed", crc32c);
});

describe("loadNativeCrc32cAsync (the broker's start-up path)", () => {
  test("builds a missing cache library with an asynchronous gcc, and the result agrees with TS", async () => {
    const saved = process.env.STRAND_CACHE_DIR;
    process.env.STRAND_CACHE_DIR = mkdtempSync(join(tmpdir(), "strand-cache-"));
    const failures: string[] = [];
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1); // the event loop keeps turning while gcc runs
    let n: NativeCrc32c | null;
    try {
      n = await loadNativeCrc32cAsync("cache", failures);
    } finally {
      clearInterval(timer);
      process.env.STRAND_CACHE_DIR = saved;
      if (saved === undefined) delete process.env.STRAND_CACHE_DIR;
    }
    expect(failures).toEqual([]);
    expect(n!.source).toBe("cache");
    expect(ticks).toBeGreaterThan(0);
    for (const [input, crc] of VECTORS) expect(n!.crc32c(input)).toBe(crc);
    checkAgainstTs("cache (async build)", n!.crc32c);
    n!.close();
  });

  test("a gcc failure is reported as a failure, not thrown", async () => {
    const failures: string[] = [];
    const saved = process.env.STRAND_CACHE_DIR;
    process.env.STRAND_CACHE_DIR = "/proc/strand-cannot-create-this"; // mkdir fails
    try {
      expect(await loadNativeCrc32cAsync("cache", failures)).toBeNull();
    } finally {
      process.env.STRAND_CACHE_DIR = saved;
      if (saved === undefined) delete process.env.STRAND_CACHE_DIR;
    }
    expect(failures.length).toBe(1);
    expect(failures[0]).toStartWith("cache: ");
  });

  test("loadNativeInBackground decides once, with loadNative, and the exported crc32c agrees meanwhile", async () => {
    const p = loadNativeInBackground();
    for (const [input, crc] of VECTORS) expect(crc32c(input)).toBe(crc); // TS or native: same answers
    const r = await p;
    expect(r).toBe(loadNative());
    expect(await loadNativeInBackground()).toBe(r);
    checkAgainstTs("installed (background)", crc32c);
  });
});

test("in a fresh process, loadNativeInBackground honours prefer=ts and STRAND_CRC32C=ts", () => {
  const mod = join(import.meta.dir, "../../../src/protocol/records/crc32c-native.ts");
  const script = `import { loadNativeInBackground } from ${JSON.stringify(mod)};
const r = await loadNativeInBackground(process.env.STRAND_CRC32C ? {} : { prefer: "ts" });
console.log(r.implementation, r.failures.length);`;
  for (const env of [{}, { STRAND_CRC32C: "ts" }]) {
    const r = Bun.spawnSync([process.execPath, "-e", script], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
    expect(r.stderr.toString()).toBe("");
    expect(r.stdout.toString().trim()).toBe("ts 0");
  }
});
