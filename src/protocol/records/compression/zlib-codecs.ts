// gzip (id 1) and zstd (id 4) through Bun's built-in zlib/zstd bindings.
//
// Compression uses Bun.gzipSync / Bun.zstdCompressSync (gzip level 6 and zstd level 3, the defaults
// Kafka's Java client uses). Decompression uses node:zlib's gunzipSync / zstdDecompressSync with
// `maxOutputLength`, which Bun enforces while inflating: a 1 GB bomb with a 1 MB limit stops after
// ~1 MB of output (measured: ~1.5 ms, RSS unchanged), so the limit bounds memory, not just the result.
// Concatenated gzip members and multiple zstd frames are decoded as one stream, as Java does.
// node:zlib is loaded on the first decompression, not at start-up: importing it costs ~3 ms of the
// compiled binary's start (measured with bench/startup.ts), and most brokers never see gzip or zstd.
import type * as NodeZlib from "node:zlib";
import { DecompressionError } from "../errors.ts";
import type { CompressionCodec } from "./codec.ts";

let zlibModule: typeof NodeZlib | null = null;
function zlib(): typeof NodeZlib {
  zlibModule ??= process.getBuiltinModule("node:zlib");
  return zlibModule;
}

type ZstdZlib = { zstdDecompressSync(input: Uint8Array, options: { maxOutputLength: number }): Uint8Array };

function run(codec: string, maxOutputBytes: number, fn: () => Uint8Array): Uint8Array {
  if (!(maxOutputBytes >= 0)) throw new RangeError(`maxOutputBytes must be >= 0, got ${maxOutputBytes}`);
  let out: Uint8Array;
  try {
    out = fn();
  } catch (e) {
    const err = e as { code?: string; message?: string };
    if (err.code === "ERR_BUFFER_TOO_LARGE" || /larger than/i.test(err.message ?? "")) {
      throw new DecompressionError(codec, "limit", `output exceeds the limit of ${maxOutputBytes} bytes`, maxOutputBytes);
    }
    throw new DecompressionError(codec, "corrupt", err.message ?? String(e), maxOutputBytes);
  }
  // maxOutputLength must be >= 1 for node:zlib, so a limit of 0 is re-checked here.
  if (out.length > maxOutputBytes) {
    throw new DecompressionError(codec, "limit", `output exceeds the limit of ${maxOutputBytes} bytes`, maxOutputBytes);
  }
  return out;
}

function asUint8(b: Uint8Array): Uint8Array {
  // node:zlib returns Buffers; hand out plain Uint8Array views of the same memory.
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

export const gzipCodec: CompressionCodec = {
  id: 1,
  name: "gzip",
  compress: (input) => Bun.gzipSync(input as Uint8Array<ArrayBuffer>),
  decompress: (input, maxOutputBytes) =>
    run("gzip", maxOutputBytes, () =>
      asUint8(zlib().gunzipSync(input, { maxOutputLength: Math.max(1, maxOutputBytes) })),
    ),
};

export const zstdCodec: CompressionCodec = {
  id: 4,
  name: "zstd",
  compress: (input) => Bun.zstdCompressSync(input as Uint8Array<ArrayBuffer>, { level: 3 }),
  decompress: (input, maxOutputBytes) =>
    run("zstd", maxOutputBytes, () =>
      asUint8((zlib() as unknown as ZstdZlib).zstdDecompressSync(input, { maxOutputLength: Math.max(1, maxOutputBytes) })),
    ),
};
