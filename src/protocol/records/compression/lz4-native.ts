// Native LZ4 block decoding (native/lz4.c) through bun:ffi, installed into lz4.ts at start-up.
//
//   loadNativeLz4(source) -> NativeLz4 | null     load one source (tests, bench); null with the reason
//                                                 pushed to `failures`
//   installNativeLz4(options?) -> Lz4LoadResult   pick the first working source and install it with
//                                                 setLz4BlockDecoder; idempotent (the first call decides).
//                                                 Synchronous: may run gcc or TinyCC (tests, bench tools)
//   installNativeLz4InBackground(options?) -> Promise<Lz4LoadResult>   the broker's start-up choice:
//                                                 the same order, but a missing cache library is built
//                                                 by a gcc child process while the TypeScript decoder
//                                                 serves, then swapped in (TinyCC only when gcc fails)
//   loadNativeLz4Async(source) -> Promise<NativeLz4 | null>   loadNativeLz4 with an asynchronous gcc
//
// Sources, tried in order (as for CRC32C, see ../crc32c-native.ts):
//   "prebuilt": native/build/libstrand.so (`make -C native`);
//   "cache":    native/lz4.c built with gcc into ~/.cache/strand/native/ (keyed by a source hash);
//   "tcc":      native/lz4.c compiled in-process by bun:ffi cc() (TinyCC);
//   "ts":       lz4-block.ts.
// STRAND_LZ4=ts|prebuilt|cache|tcc forces one source (failing back to "ts" if it cannot load).
// The frame (header, block sizes, checksums, output limit) stays in lz4.ts for every source; the
// native decoder gets the same [o, outEnd) bound as the TypeScript one and returns an error code
// instead of writing past it.
import { FFIType } from "bun:ffi";
import C_SOURCE from "../../../../native/lz4.c" with { type: "text" };
import { DecompressionError } from "../errors.ts";
import { lz4Codec, setLz4BlockDecoder } from "./lz4.ts";
import type { Lz4BlockDecoder } from "./lz4.ts";
import { loadNativeSource, loadNativeSourceAsync, NativeChoice, type NativeLibrary, type NativeSource } from "../native-build.ts";

export type Lz4NativeSource = NativeSource;
export type Lz4Implementation = Lz4NativeSource | "ts";

export interface NativeLz4 {
  readonly source: Lz4NativeSource;
  readonly decodeBlock: Lz4BlockDecoder;
  close(): void;
}

export interface Lz4LoadResult {
  readonly implementation: Lz4Implementation;
  readonly failures: readonly string[];
}


const SYMBOLS = {
  strand_lz4_block: {
    args: [FFIType.ptr, FFIType.u32, FFIType.u32, FFIType.ptr, FFIType.u32, FFIType.u32],
    returns: FFIType.i32,
  },
} as const;

type Lib = { symbols: { strand_lz4_block: (...a: unknown[]) => unknown }; close(): void };
type RawBlockFn = (src: Uint8Array, srcStart: number, srcLen: number, dst: Uint8Array, dstStart: number, dstCap: number) => number;

const ERROR_TEXT: Record<number, string> = {
  [-1]: "truncated or corrupt block (native)",
  [-2]: "sequence past the output bound (native)",
  [-3]: "match offset outside the output (native)",
};

function wrap(source: Lz4NativeSource, lib: Lib): NativeLz4 {
  const fn = lib.symbols.strand_lz4_block as RawBlockFn;
  const decodeBlock: Lz4BlockDecoder = (src, pos, end, out, o, outEnd, maxForErrors) => {
    // The C code trusts these ranges: check them here, at the boundary.
    if (!(pos >= 0 && pos <= end && end <= src.length && o >= 0 && o <= outEnd && outEnd <= out.length)) {
      throw new RangeError(`lz4 native: bad ranges src [${pos}, ${end}) of ${src.length}, out [${o}, ${outEnd}) of ${out.length}`);
    }
    if (end === pos) return 0;
    const n = fn(src, pos, end - pos, out, o, outEnd - o);
    if (n < 0) throw new DecompressionError("lz4", "corrupt", ERROR_TEXT[n] ?? `native error ${n}`, maxForErrors);
    return n;
  };
  // Self-check: a frame written by our TS encoder must come back unchanged before anyone relies on it.
  const sample = new TextEncoder().encode("strand lz4 self-check ".repeat(64) + "0123456789abcdef");
  const frame = lz4Codec.compress(sample);
  setLz4BlockDecoder(decodeBlock);
  let ok = false;
  try {
    const back = lz4Codec.decompress(frame, sample.length);
    ok = back.length === sample.length && back.every((b, i) => b === sample[i]);
  } finally {
    setLz4BlockDecoder(null);
  }
  if (!ok) {
    lib.close();
    throw new Error(`native lz4 (${source}) self-check failed`);
  }
  return { source, decodeBlock, close: () => lib.close() };
}

const LZ4_LIBRARY: NativeLibrary<NativeLz4> = {
  cSource: C_SOURCE,
  sourcePrefix: "strand-lz4",
  cachePrefix: "libstrand-lz4",
  symbols: SYMBOLS,
  wrap: (source, lib) => wrap(source, lib as unknown as Lib),
};

export function loadNativeLz4(source: Lz4NativeSource, failures: string[] = []): NativeLz4 | null {
  return loadNativeSource(LZ4_LIBRARY, source, failures);
}

/** loadNativeLz4, building a missing "cache" library with an asynchronous gcc. */
export function loadNativeLz4Async(source: Lz4NativeSource, failures: string[] = []): Promise<NativeLz4 | null> {
  return loadNativeSourceAsync(LZ4_LIBRARY, source, failures);
}

const choice = new NativeChoice<NativeLz4, Lz4LoadResult>(
  LZ4_LIBRARY,
  (n) => setLz4BlockDecoder(n.decodeBlock),
  (implementation, _n, failures) => ({ implementation, failures }),
  (n) => n.close(),
);

/** Chooses the LZ4 block decoder once and installs it; later calls return the first result. */
export function installNativeLz4(options: { prefer?: Lz4Implementation } = {}): Lz4LoadResult {
  return choice.choose(options.prefer ?? process.env.STRAND_LZ4);
}

/**
 * The broker's start-up choice: installNativeLz4's order and result, but gcc runs as a child process
 * while the TypeScript decoder keeps serving. Idempotent (the first call, of either function, decides).
 */
export function installNativeLz4InBackground(options: { prefer?: Lz4Implementation } = {}): Promise<Lz4LoadResult> {
  return choice.chooseInBackground(options.prefer ?? process.env.STRAND_LZ4);
}
