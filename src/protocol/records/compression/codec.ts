// The one interface every compression codec implements, keyed by Kafka's compression id.
//
//   CompressionCodec.compress(input)                  -> compressed bytes (a fresh buffer)
//   CompressionCodec.decompress(input, maxOutputBytes) -> decompressed bytes; throws DecompressionError
//       with reason "limit" before producing more than maxOutputBytes (no allocation larger than the
//       limit is ever made), or reason "corrupt" on malformed input. With a DecompressScratch, lz4 and
//       xerial snappy decode into scratch.buf (replacing it with a larger one when it is too small) and
//       return a subarray of it, valid until the scratch is used again: no allocation per batch on the
//       produce path. gzip, zstd and raw snappy ignore the scratch.
import type { DecompressionError } from "../errors.ts";

export interface CompressionCodec {
  /** Kafka's compression id: 1 gzip, 2 snappy, 3 lz4, 4 zstd (0 none has no codec). */
  readonly id: number;
  readonly name: "gzip" | "snappy" | "lz4" | "zstd";
  compress(input: Uint8Array): Uint8Array;
  decompress(input: Uint8Array, maxOutputBytes: number, scratch?: DecompressScratch): Uint8Array;
}

/** A reusable output buffer for decompression (one per synchronous user: never shared across awaits). */
export interface DecompressScratch {
  buf: Uint8Array;
}

export type { DecompressionError };
