// Native CRC32C, loaded once through bun:ffi.
//
//   loadNative(options?) -> NativeLoadResult   pick the fastest working CRC32C and install it with
//                                               setCrc32cImplementation; idempotent (first call decides).
//                                               Synchronous: may run gcc or TinyCC (tests, bench tools).
//   loadNativeInBackground(options?) -> Promise<NativeLoadResult>   the same choice for the broker's
//                                               start-up: a library already built is opened at once; a
//                                               missing cache library is built by a gcc child process
//                                               while the TypeScript CRC32C serves, then swapped in.
//                                               Never blocks on gcc (TinyCC only when gcc fails).
//   loadNativeCrc32c(source) -> NativeCrc32c | null   load one specific source (tests, bench).
//   loadNativeCrc32cAsync(source) -> Promise<NativeCrc32c | null>   the same, building "cache" with an
//                                               asynchronous gcc.
//   NATIVE_MIN_BYTES                              per source: below this length the TypeScript path is
//                                               used even when native is active (FFI call overhead).
//
// Sources, tried in order by loadNative():
//   "prebuilt": native/build/libstrand.so, built by `make -C native` (gcc, SSE4.2 crc32 instructions);
//   "cache":    the same C source built with gcc into ~/.cache/strand/native/ (keyed by a source hash);
//   "tcc":      the C source compiled in-process by bun:ffi cc() (TinyCC; hand-encoded crc32q bytes);
//   "ts":       the slicing-by-8 TypeScript in crc32c.ts.
// STRAND_CRC32C=ts|prebuilt|cache|tcc forces one source (failing back to "ts" if it cannot load).
import { FFIType } from "bun:ffi";
import C_SOURCE from "../../../native/crc32c.c" with { type: "text" };
import { crc32cUpdateTs, setCrc32cImplementation } from "./crc32c.ts";
import { loadNativeSource, loadNativeSourceAsync, NativeChoice, type NativeLibrary, type NativeSource } from "./native-build.ts";

export type { NativeSource };
export type CrcImplementation = NativeSource | "ts";

export interface NativeCrc32c {
  readonly source: NativeSource;
  /** True when the CPU's CRC instruction is used (false: the C table path). */
  readonly hardware: boolean;
  /** CRC32C of buf[start, end), computed natively whatever the length. */
  crc32c(buf: Uint8Array, start?: number, end?: number): number;
  /** Continue a running CRC32C (a previous result, 0 to start) over buf[start, end), natively. */
  crc32cUpdate(crc: number, buf: Uint8Array, start?: number, end?: number): number;
  close(): void;
}

export interface NativeLoadResult {
  readonly implementation: CrcImplementation;
  readonly hardware: boolean;
  /** Why each native source tried before the chosen one failed. */
  readonly failures: readonly string[];
}

/**
 * Below this many bytes the TypeScript table is used even when native is loaded. Measured here
 * (bench/records.ts, 2 cores, Bun 1.4.5): a gcc-built library answers 16 bytes in ~10 ns against
 * ~15 ns for the TS table, 64 bytes in ~9 ns against ~44 ns; a TinyCC build costs ~30-70 ns a call
 * (64 bytes: ~77 ns) and only wins from ~128-256 bytes.
 */
export const NATIVE_MIN_BYTES: Readonly<Record<NativeSource, number>> = { prebuilt: 16, cache: 16, tcc: 256 };


const SYMBOLS = {
  strand_crc32c: { args: [FFIType.ptr, FFIType.u32, FFIType.u32], returns: FFIType.u32 },
  // The running CRC goes as i32 (its bits, `crc | 0`): with the TinyCC build a u32 argument above 2^31
  // arrived wrong (measured on Bun 1.4.5: the chained self-check failed), an i32 carries the same bits.
  strand_crc32c_update: { args: [FFIType.i32, FFIType.ptr, FFIType.u32, FFIType.u32], returns: FFIType.u32 },
  strand_crc32c_kind: { args: [], returns: FFIType.i32 },
} as const;

type Lib = {
  symbols: { strand_crc32c: (...a: unknown[]) => unknown; strand_crc32c_update: (...a: unknown[]) => unknown; strand_crc32c_kind: () => unknown };
  close(): void;
};

function wrap(source: NativeSource, lib: Lib): NativeCrc32c {
  const fn = lib.symbols.strand_crc32c as (buf: Uint8Array, start: number, len: number) => number;
  const hardware = (lib.symbols.strand_crc32c_kind() as number) === 1;
  const crc32c = (buf: Uint8Array, start = 0, end = buf.length): number => {
    if (start < 0 || end > buf.length || start > end) {
      throw new RangeError(`crc32c range [${start}, ${end}) outside buffer of ${buf.length} bytes`);
    }
    if (end === start) return 0;
    return fn(buf, start, end - start) >>> 0;
  };
  const updateFn = lib.symbols.strand_crc32c_update as (crc: number, buf: Uint8Array, start: number, len: number) => number;
  const crc32cUpdate = (crc: number, buf: Uint8Array, start = 0, end = buf.length): number => {
    if (start < 0 || end > buf.length || start > end) {
      throw new RangeError(`crc32c range [${start}, ${end}) outside buffer of ${buf.length} bytes`);
    }
    if (end === start) return crc >>> 0;
    return updateFn(crc | 0, buf, start, end - start) >>> 0;
  };
  // Self-check on a known vector before anyone relies on it, whole and in two running pieces.
  const vector = new TextEncoder().encode("123456789");
  const check = crc32c(vector);
  const chained = crc32cUpdate(crc32cUpdate(0, vector, 0, 4), vector, 4);
  if (check !== 0xe3069283 || chained !== check) {
    lib.close();
    throw new Error(`native crc32c (${source}) self-check failed: got 0x${check.toString(16)}, chained 0x${chained.toString(16)}`);
  }
  return { source, hardware, crc32c, crc32cUpdate, close: () => lib.close() };
}

const CRC32C_LIBRARY: NativeLibrary<NativeCrc32c> = {
  cSource: C_SOURCE,
  sourcePrefix: "strand-crc32c",
  cachePrefix: "libstrand",
  symbols: SYMBOLS,
  wrap: (source, lib) => wrap(source, lib as unknown as Lib),
};

/** Load one native source, or null with the reason in `failures`. */
export function loadNativeCrc32c(source: NativeSource, failures: string[] = []): NativeCrc32c | null {
  return loadNativeSource(CRC32C_LIBRARY, source, failures);
}

/**
 * Like loadNativeCrc32c, but "cache" builds a missing library with an asynchronous gcc (the event loop
 * keeps running). "prebuilt" and an already built "cache" load at once (before the first await).
 */
export function loadNativeCrc32cAsync(source: NativeSource, failures: string[] = []): Promise<NativeCrc32c | null> {
  return loadNativeSourceAsync(CRC32C_LIBRARY, source, failures);
}

function install(n: NativeCrc32c): void {
  const nativeFn = n.crc32c;
  const nativeUpdate = n.crc32cUpdate;
  const minBytes = NATIVE_MIN_BYTES[n.source];
  setCrc32cImplementation(
    (buf, start = 0, end = buf.length) => (end - start < minBytes ? crc32cUpdateTs(0, buf, start, end) : nativeFn(buf, start, end)),
    (crc, buf, start = 0, end = buf.length) => (end - start < minBytes ? crc32cUpdateTs(crc, buf, start, end) : nativeUpdate(crc, buf, start, end)),
  );
}

const choice = new NativeChoice<NativeCrc32c, NativeLoadResult>(
  CRC32C_LIBRARY,
  install,
  (implementation, n, failures) => ({ implementation, hardware: n?.hardware ?? false, failures }),
  (n) => n.close(),
);

/**
 * Choose the CRC32C implementation once and install it. Later calls return the first result.
 * Buffers shorter than NATIVE_MIN_BYTES[source] always take the TypeScript path.
 */
export function loadNative(options: { prefer?: CrcImplementation } = {}): NativeLoadResult {
  return choice.choose(options.prefer ?? process.env.STRAND_CRC32C);
}

/**
 * The broker's start-up choice: the same order and result as loadNative(), but gcc runs as a child
 * process while the TypeScript CRC32C keeps serving; the native one is installed when it has loaded.
 * Idempotent (the first call, of either function, decides).
 */
export function loadNativeInBackground(options: { prefer?: CrcImplementation } = {}): Promise<NativeLoadResult> {
  return choice.chooseInBackground(options.prefer ?? process.env.STRAND_CRC32C);
}
