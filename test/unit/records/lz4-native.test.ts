// Native LZ4 block decoding (native/lz4.c through bun:ffi) against the TypeScript decoder: the same
// bytes on Java's fixtures and on varied inputs, the same failures on corrupt blocks, and never a
// byte written past the output bound (guard bytes after it stay untouched).
import { afterEach, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { lz4BlockCompressInto, lz4BlockDecompressInto, lz4BlockMaxCompressedLength } from "../../../src/protocol/records/compression/lz4-block.ts";
import { lz4Codec, setLz4BlockDecoder } from "../../../src/protocol/records/compression/lz4.ts";
import { installNativeLz4, installNativeLz4InBackground, loadNativeLz4, loadNativeLz4Async } from "../../../src/protocol/records/compression/lz4-native.ts";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import type { NativeLz4 } from "../../../src/protocol/records/compression/lz4-native.ts";
import { DecompressionError } from "../../../src/protocol/records/errors.ts";

const FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "records");
/** A magic-2 batch's records section starts after its 61-byte header. */
const RECORDS_OFFSET = 61;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0);
}

function textLike(n: number, seed: number): Uint8Array {
  const next = rng(seed);
  const words = ["kafka", "strand", "record", "batch", "offset", "aaaaaaaaaaaaaaaaaaaa", "{\"id\":", "\n"];
  const out = new Uint8Array(n);
  let p = 0;
  while (p < n) {
    const w = new TextEncoder().encode(words[next() % words.length]! + (next() % 100) + " ");
    out.set(w.subarray(0, Math.min(w.length, n - p)), p);
    p += w.length;
  }
  return out;
}

const failures: string[] = [];
const natives: NativeLz4[] = (["prebuilt", "cache", "tcc"] as const).map((s) => loadNativeLz4(s, failures)).filter((n) => n !== null);

afterEach(() => setLz4BlockDecoder(null), 120_000);

test("at least the gcc-built native decoder loads on this machine", () => {
  // gcc is part of the machine's toolchain; the cache build needs nothing else.
  expect(natives.map((n) => n.source)).toContain("cache");
  if (failures.length > 0) console.log(`[lz4-native] sources that did not load: ${failures.join("; ")}`);
});

test("installNativeLz4 picks a native source unless told ts", () => {
  const r = installNativeLz4();
  expect(["prebuilt", "cache", "tcc"]).toContain(r.implementation);
});

test("installNativeLz4InBackground returns the same decision as installNativeLz4", async () => {
  expect(await installNativeLz4InBackground()).toBe(installNativeLz4());
});

test("loadNativeLz4Async builds a missing cache library with an asynchronous gcc; it decodes as TypeScript does", async () => {
  const saved = process.env.STRAND_CACHE_DIR;
  process.env.STRAND_CACHE_DIR = mkdtempSync(join(tmpdir(), "strand-cache-"));
  const fails: string[] = [];
  let ticks = 0;
  const timer = setInterval(() => ticks++, 1); // the event loop keeps turning while gcc runs
  let n: NativeLz4 | null;
  try {
    n = await loadNativeLz4Async("cache", fails);
  } finally {
    clearInterval(timer);
    process.env.STRAND_CACHE_DIR = saved;
    if (saved === undefined) delete process.env.STRAND_CACHE_DIR;
  }
  expect(fails).toEqual([]);
  expect(n!.source).toBe("cache");
  expect(ticks).toBeGreaterThan(0);
  const input = textLike(50_000, 9);
  const z = lz4Codec.compress(input);
  setLz4BlockDecoder(n!.decodeBlock);
  expect(Buffer.from(lz4Codec.decompress(z, input.length)).equals(Buffer.from(input))).toBe(true);
});

test("in a fresh process, installNativeLz4InBackground honours prefer=ts and STRAND_LZ4=ts, and a failed build is a failure", () => {
  const mod = join(import.meta.dir, "../../../src/protocol/records/compression/lz4-native.ts");
  const script = `import { installNativeLz4InBackground } from ${JSON.stringify(mod)};
const r = await installNativeLz4InBackground(process.env.STRAND_LZ4 ? {} : { prefer: process.argv[1] });
console.log(r.implementation, r.failures.length);`;
  const run = (env: Record<string, string>, prefer: string) => {
    const r = Bun.spawnSync([process.execPath, "-e", script, prefer], { env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
    expect(r.stderr.toString()).toBe("");
    return r.stdout.toString().trim();
  };
  expect(run({}, "ts")).toBe("ts 0");
  expect(run({ STRAND_LZ4: "ts" }, "")).toBe("ts 0");
  // Only "cache", in a directory that cannot be created: TypeScript, with the reason recorded.
  expect(run({ STRAND_CACHE_DIR: "/proc/strand-cannot-create-this" }, "cache")).toBe("ts 1");
});

/** Decodes a block with `dec` into a buffer with guard bytes after outEnd; checks the guards. */
function decodeGuarded(dec: typeof lz4BlockDecompressInto, z: Uint8Array, room: number): { n: number; out: Uint8Array } | { error: unknown } {
  const GUARD = 64;
  const out = new Uint8Array(8 + room + GUARD).fill(0xa5);
  let result: { n: number; out: Uint8Array } | { error: unknown };
  try {
    const n = dec(z, 0, z.length, out, 8, 8 + room, room);
    result = { n, out: out.slice(8, 8 + n) };
  } catch (e) {
    result = { error: e };
  }
  for (let i = 0; i < 8; i++) if (out[i] !== 0xa5) throw new Error(`byte ${i} before the output start was written`);
  for (let i = 8 + room; i < out.length; i++) if (out[i] !== 0xa5) throw new Error(`byte ${i - 8 - room} past the output bound was written`);
  return result;
}

describe.each(natives.map((n) => [n.source, n] as const))("native %s", (_source, native) => {
  test.each(["lz4.bin", "lz4-multiblock.bin", "lz4-checksums.bin"])("Java fixture %s decodes to the same bytes as TypeScript", (file) => {
    const batch = readFileSync(join(FIXTURES, file));
    const z = new Uint8Array(batch.subarray(RECORDS_OFFSET));
    const ts = lz4Codec.decompress(z, 8 << 20);
    setLz4BlockDecoder(native.decodeBlock);
    const nat = lz4Codec.decompress(z, 8 << 20);
    expect(nat.length).toBeGreaterThan(0);
    expect(Buffer.from(nat).equals(Buffer.from(ts))).toBe(true);
  });

  test("round trips of varied inputs (block and frame) match", () => {
    const inputs = [new Uint8Array(0), new Uint8Array([7]), new Uint8Array(70_000), textLike(300_000, 1),
      Uint8Array.from({ length: 50_000 }, (_, i) => i % 3), Uint8Array.from({ length: 9_000 }, rng(5)).map((x) => x & 0xff)];
    for (const input of inputs) {
      const z = lz4Codec.compress(input);
      setLz4BlockDecoder(native.decodeBlock);
      const back = lz4Codec.decompress(z, input.length);
      setLz4BlockDecoder(null);
      expect(Buffer.from(back).equals(Buffer.from(input))).toBe(true);
    }
  });

  test("the output limit is exact and a bomb stops with reason limit", () => {
    setLz4BlockDecoder(native.decodeBlock);
    const input = textLike(100_000, 3);
    const z = lz4Codec.compress(input);
    expect(lz4Codec.decompress(z, input.length).length).toBe(input.length);
    expect(() => lz4Codec.decompress(z, input.length - 1)).toThrow(DecompressionError);
    let err: unknown;
    try {
      lz4Codec.decompress(lz4Codec.compress(new Uint8Array(16 << 20)), 1 << 20);
    } catch (e) {
      err = e;
    }
    expect((err as DecompressionError).reason).toBe("limit");
  });

  test("corrupt blocks: same outcome as TypeScript, nothing written out of bounds", () => {
    const input = textLike(20_000, 4);
    const block = new Uint8Array(lz4BlockMaxCompressedLength(input.length));
    const zLen = lz4BlockCompressInto(input, 0, input.length, block, 0);
    const z = block.subarray(0, zLen);
    const next = rng(77);
    // 2,000 mutations: truncations, flipped bits, random bytes, and tight output bounds.
    for (let k = 0; k < 2_000; k++) {
      let bad: Uint8Array;
      if (k % 4 === 0) bad = z.slice(0, next() % z.length);
      else if (k % 4 === 3) bad = Uint8Array.from({ length: 1 + (next() % 200) }, next).map((x) => x & 0xff);
      else {
        bad = z.slice();
        for (let f = 0; f < 1 + (k % 3); f++) bad[next() % bad.length] ^= 1 << (next() % 8);
      }
      const room = k % 5 === 0 ? next() % input.length : input.length + 100;
      const ts = decodeGuarded(lz4BlockDecompressInto, bad, room);
      const nat = decodeGuarded(native.decodeBlock, bad, room);
      if ("error" in ts) {
        expect("error" in nat).toBe(true);
        expect((nat as { error: unknown }).error).toBeInstanceOf(DecompressionError);
        // Both name the output bound when that is the reason (lz4.ts turns it into reason "limit").
        expect(/output bound/.test(((nat as { error: Error }).error).message)).toBe(/output bound/.test((ts.error as Error).message));
      } else {
        expect("n" in nat).toBe(true);
        const ok = nat as { n: number; out: Uint8Array };
        expect(ok.n).toBe(ts.n);
        expect(Buffer.from(ok.out).equals(Buffer.from(ts.out))).toBe(true);
      }
    }
  });

  test("ranges outside the buffers are refused before the C code runs", () => {
    const out = new Uint8Array(10);
    expect(() => native.decodeBlock(new Uint8Array(4), 0, 5, out, 0, 10, 10)).toThrow(RangeError);
    expect(() => native.decodeBlock(new Uint8Array(4), 0, 4, out, 0, 11, 11)).toThrow(RangeError);
    expect(() => native.decodeBlock(new Uint8Array(4), 3, 2, out, 0, 10, 10)).toThrow(RangeError);
  });
});
